"""The coach of "Learn by playing": one prepared hand that teaches the rules as they first matter.

The coach decides from the view (what the person's seat may see) what to
say and which cards to offer; the controller and the view only ask it.
Every sentence is derived from the state on the table, never from a script
of expected cards, so it stays right whatever the computer players do.
The cards it offers are the hint's (the judge's verdict, which the review
gives too): the pass's three, and in the first tricks the best card and
those about as good, with the hint's reason in the same words.  Once the
choice is the person's, it warns before a lead that gives Q♠ away.
Which rules were explained where is the lesson's record (:mod:`.lesson`).
Plain Python for MicroPython and CPython.
"""

from ..shared import protocol
from .lesson import NARROW_TRICKS, TOPICS, led_suit, my_turn, speaking, suit_of, table_plays, trick_key
from .views.markup import seat_name, short_card
from .words.i18n import t
from .words.play_reasons import why_text

QUEEN = "QS"
ABOVE_QUEEN = ("KS", "AS")
TURN_TOPICS = ("follow", "discard", "lead_free", "free")  # what the person is to do on their turn


class Coaching:
    """What the coach says now (escaped markup, one sentence a line) and which cards it offers (None: every
    legal one), and why a card it does not offer is not."""

    def __init__(self, lines: list, enabled=None, why: str = "") -> None:
        self.lines = lines
        self.enabled = enabled
        self.why = why


def symbol(suit: str) -> str:
    """A suit's symbol (the words for suits decline differently in each language: the symbol does not)."""
    return short_card("2" + suit)[1:]


def advise(session) -> Coaching:
    """What the coach says and offers in the session's view."""
    view = session.view
    seen = session.lesson["seen"]
    key = trick_key(view)
    now = [topic for topic in TOPICS if seen.get(topic) == key and shown(topic, view)]
    lines = []
    enabled, why = None, ""
    if view.step == protocol.STEP_COLLECT:
        lines += taken_lines(view)
    for topic in now:
        lines += EXPLAIN[topic](view)
    if view.step == protocol.STEP_PASS:
        enabled, line = pass_advice(session)
        lines.append(line)
        why = t("coach.pass_why")
    elif narrowed(view):
        enabled, line = play_advice(session)
        lines.append(line)
        why = t("coach.play_why")
    elif my_turn(view) and warning(session):
        lines.append(warning(session))
    elif my_turn(view) and not now:
        lines.append(t("coach.your_turn"))
    elif view.step == protocol.STEP_BOT and not lines:
        lines.append(t("coach.watch", name=seat_name(view, view.to_act[0])))
    return Coaching(lines, enabled, why)


def shown(topic: str, view) -> bool:
    """Whether a rule explained in this trick is still said in this view: what the person is to do only on
    their turn, who led 2♣ until the trick is taken, what happened on the table all through the trick."""
    if topic in TURN_TOPICS:
        return my_turn(view)
    return topic != "lead" or view.step != protocol.STEP_COLLECT


def narrowed(view) -> bool:
    """Whether the coach offers only some cards now: the person's turn, with a choice, in the first tricks."""
    return my_turn(view) and view.tricks_played < NARROW_TRICKS and len(view.legal) > 1


def pass_advice(session) -> tuple:
    """The cards the coach offers to pass and what it says: the hint's pass (the engine's advice, asked
    for as the pass begins: :func:`wants_advice`), none while it comes, and Pass once they are picked."""
    advice = session.pass_hint
    if advice is None:
        return [], t("coach.looking")
    cards = list(advice.cards)
    if sorted(session.view.hand[index] for index in session.selected) == sorted(cards):
        return cards, t("coach.pass_now")
    return cards, t("coach.pass_pick", cards=short_cards(cards))


def play_advice(session) -> tuple:
    """The cards the coach offers on the person's turn in the first tricks and what it says: the hint's card
    and those about as good (asked for as the turn begins), and the hint's reason for its card; none while
    it comes."""
    hint = session.hint
    if hint is None:
        return [], t("coach.looking")
    cards = list(hint.close)
    cards.insert(0, hint.best)  # (MicroPython compiles no starred list)
    why = why_text(hint.why, short_cards)
    return cards, t("coach.play_pick", cards=short_cards(cards)) + (" " + why if why else "")


def wants_advice(session) -> bool:
    """Whether the coach is to ask the engine for the hint now (the Hint button's): as the pass begins,
    and on each of the person's turns while it offers only some cards."""
    if not (speaking(session) and session.ready and not session.hinting):
        return False
    if session.step == protocol.STEP_PASS:
        return session.pass_hint is None
    return session.step == protocol.STEP_PLAY and narrowed(session.view) and session.hint is None


def warning(session) -> str:
    """Before the person's own lead: why leading Q♠, or a spade above her while she is out, gives her away
    (the review's words for that mistake); "" when no such card may be led."""
    view = session.view
    if view.trick:
        return ""
    if QUEEN in view.legal:
        return t("coach.careful", why=why_text(["lead_queen", [QUEEN]], short_cards))
    over = [card for card in view.legal if card in ABOVE_QUEEN]
    if over and QUEEN not in view.hand and "queen" not in session.lesson["seen"]:  # (seen: she has been played)
        return t("coach.careful", why=why_text(["lead_over_queen", over[-1:]], short_cards))
    return ""


def short_cards(cards) -> str:
    """Cards written short, with commas."""
    return ", ".join(short_card(card) for card in cards)


def taken_lines(view) -> list:
    """After a trick: who takes it and why, and what it is worth."""
    last = view.last_trick
    if last is None or last.winner is None:
        return []
    cards = [card for _, card in last.plays]
    card = next(card for seat, card in last.plays if seat == last.winner)
    led = symbol(suit_of(cards[0]))
    if last.winner == view.seat:
        lines = [t("coach.you_take", card=short_card(card), suit=led)]
    else:
        lines = [t("coach.takes", name=seat_name(view, last.winner), card=short_card(card), suit=led)]
    if last.points is not None:  # (None: a page's copy of a view from before the engine said it)
        lines.append(t("coach.points", count=last.points) if last.points else t("coach.no_points"))
    return lines


def explain_pass(view) -> list:
    """The game's aim and the pass."""
    direction = t("direction." + view.pass_direction)
    return [t("coach.aim"), t("coach.pass", direction=direction, name=seat_name(view, view.pass_to))]


def explain_lead(view) -> list:
    """Who starts the first trick, and the cards the person was passed."""
    plays = table_plays(view)
    leader = plays[0][0] if plays else view.to_act[0] if view.to_act else view.seat
    lines = [t("coach.lead_you") if leader == view.seat else t("coach.lead", name=seat_name(view, leader))]
    if view.received and view.step != protocol.STEP_COLLECT:  # the cards passed to the person, marked in the hand
        lines.append(t("coach.received", cards=short_cards(view.received), mark=t("hand.received")))
    return lines


def explain_follow(view) -> list:
    """Following suit."""
    return [t("coach.follow", suit=symbol(led_suit(view)))]


def explain_discard(view) -> list:
    """Having none of the suit led."""
    return [t("coach.discard", suit=symbol(led_suit(view)))]


def explain_lead_free(view) -> list:
    """Leading a later trick."""
    return [t("coach.lead_free" if view.hearts_broken else "coach.lead_free_hearts")]


def explain_broken(view) -> list:
    """Hearts broken."""
    return [t("coach.broken")]


def explain_queen(view) -> list:
    """Q♠ on the table, or taken."""
    if view.step != protocol.STEP_COLLECT:
        return [t("coach.queen")]
    winner = view.last_trick.winner
    if winner == view.seat and list(view.last_trick.plays[0]) == [view.seat, QUEEN]:  # she was led: the mistake
        return [t("coach.queen_led_you")]
    if winner == view.seat:
        return [t("coach.queen_you")]
    return [t("coach.queen_taken", name=seat_name(view, winner))]


def explain_free(view) -> list:
    """The narrowing ends."""
    return [t("coach.free")]


EXPLAIN = {
    "pass": explain_pass,
    "lead": explain_lead,
    "follow": explain_follow,
    "discard": explain_discard,
    "lead_free": explain_lead_free,
    "broken": explain_broken,
    "queen": explain_queen,
    "free": explain_free,
}


def end_lines(session) -> list:
    """The lesson's last word: what the person took and from which tricks, what the others took, what the
    score means, and what a real game is."""
    view = session.view
    result = session.results[0]
    mine = result.added[view.seat]
    others = ", ".join(
        seat_name(view, seat) + " " + str(result.added[seat]) for seat in range(len(view.seats)) if seat != view.seat
    )
    lines = [t("coach.end_you", count=mine)]
    lines.extend(look_back(session))  # (MicroPython compiles no starred list)
    lines.append(t("coach.end_others", others=others))
    lines.append(t("coach.end_meaning", target=view.rules["target"]))
    return lines


def look_back(session) -> list:
    """Where the person's points in the lesson came from: the tricks they took with points in them (and what
    Q♠ among them teaches), or that they took none."""
    taken = session.lesson.get("taken") or {}
    if not taken:
        return [t("coach.end_clean")]
    tricks = [
        t("coach.end_trick", number=number, cards=short_cards(taken[number])) for number in sorted(taken, key=int)
    ]
    lines = [t("coach.end_from", tricks=", ".join(tricks))]
    if any(QUEEN in cards for cards in taken.values()):
        lines.append(t("coach.end_queen"))
    return lines
