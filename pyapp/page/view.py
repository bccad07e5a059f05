"""Draw the page from state: the engine's view plus the page's session, as HTML text.

One render path (the 2048 actuator's idea): every change ends in these
functions, which only read state and return markup.  Every text that comes
from outside (names) is escaped.  Plain Python for MicroPython and CPython.
"""

import math

from ..shared import protocol
from . import coach, daily_board, player_stats
from .chart import render_chart
from .coach import finished as lesson_finished
from .coach_view import held_back, render_coach, render_lesson_end
from .daily_view import render_daily_board, render_verdict, short_date
from .fault_view import render_fault
from .friends_view import benched, friends_line, render_invitations, render_join, stood_in
from .hint_view import card_hint, figures_toggle, render_hint
from .how_to_play import render_how_to_play
from .i18n import card_name, has_text, languages, seat_shown_name, t
from .i18n import language as current_language
from .markup import (
    addressed,
    card_back_markup,
    card_markup,
    close_button,
    dialog,
    escape,
    seat_name,
    seat_names,
    short_card,
    trick_figures,
)
from .names import COLLECT, DEFAULT_LEVEL, SPEEDS, THINK_TIMES, TOGGLE
from .refusals import refusal_text
from .review_view import lost_line, render_review, review_button

UNDO_STEPS = (
    protocol.STEP_PLAY,
    protocol.STEP_PASS,
    protocol.STEP_COLLECT,
)  # when the person may take back their last decision
PERSON = "person"  # a seat's "level" when a person at this device plays it (party mode)
FRIEND = "friend"  # a seat's "level" when a friend plays it at their own device
VARIANT_OPTIONS = {"omnibus_card": "omnibus"}  # a rule option that only one game variant has: shown with it


def seat_point(relative: int, players: int, radius_x: float, radius_y: float) -> tuple:
    """Where a seat sits on the table, in percent: the viewer at the bottom, play going clockwise."""
    angle = math.pi / 2 + 2 * math.pi * relative / players
    return round(50 + radius_x * math.cos(angle), 2), round(50 + radius_y * math.sin(angle), 2)


def reason(view, card: str) -> str:
    """Why a card of the hand cannot be played now, and what may be played instead, in the language in use."""
    refusal = view.reasons.get(card)
    return refusal_text(refusal, view.rules) if refusal else ""


def render_title() -> str:
    """The page's heading: the game's name, and beside it another name it goes by in Czech."""
    return f'{t("app.name")} <span lang="cs">· {t("app.local")}</span>'


NAV = (
    ('data-action="open" data-panel="new"', "nav.new"),
    ('data-action="open" data-panel="daily"', "nav.daily"),
    ('data-action="lesson"', "nav.lesson"),
    ('data-action="open" data-panel="last"', "nav.last"),
    ('data-action="open" data-panel="stats"', "nav.stats"),
    ('data-action="share"', "nav.share"),
    ('data-action="open" data-panel="howto"', "nav.howto"),
    ('data-action="open" data-panel="settings"', "nav.settings"),
)


def render_nav() -> str:
    """The top bar's buttons."""
    return "".join(f'<button type="button" {attributes}>{t(key)}</button>' for attributes, key in NAV)


def shown_trick(session) -> tuple:
    """The plays in the middle of the table and the winner to highlight (a finished trick waits there)."""
    view = session.view
    if session.step == protocol.STEP_COLLECT:
        last = view.last_trick
        return last.plays, last.winner
    return view.trick, None


def status_text(session) -> str:
    """One line saying what happens now; with several people at the device, whose decision it is."""
    text = _status(session)
    if session.party and session.step in (protocol.STEP_PASS, protocol.STEP_PLAY, protocol.STEP_MOON):
        return t("status.party", name=seat_name(session.view, session.view.seat), status=text)
    return text


def benched_here(session) -> bool:
    """Whether this is a friend's page whose seat the host let the computer play, while the game is on."""
    view = session.view
    live = session.step not in (protocol.STEP_OVER, protocol.LOADING)
    return view is not None and live and view.seat in benched(view) and session.may(protocol.BACK)


def _status(session) -> str:
    step = session.step
    if session.fault is not None:  # (nobody is thinking any more: the dialog says what happened)
        return t("fault.title")
    if benched_here(session):
        return t("status.benched_you")
    if step == protocol.LOADING:
        if session.waiting:
            return t("status.kept")
        return t("status.starting") if session.view else t("status.shuffling")
    view = session.view
    me = view.seat
    if step == protocol.STEP_PASS:
        target = seat_name(view, view.pass_to)
        return t("status.pass", direction=t("direction." + view.pass_direction), name=target)
    if step == protocol.STEP_PLAY:
        return t("status.lead") if not view.trick else t("status.turn")
    if step == protocol.STEP_BOT:
        return t("status.thinking", name=seat_name(view, view.to_act[0]))
    if step == protocol.STEP_COLLECT:
        winner = view.last_trick.winner
        if winner is None:
            return t("status.cancelled")
        click = "_click" if view.after_ms is None else ""  # (a friends' game's tricks are collected by timer)
        if winner == me:
            return t("status.you_take" + click)
        return t("status.takes" + click, name=seat_name(view, winner))
    if step == protocol.STEP_MOON:
        return t("status.moon")
    if step == protocol.STEP_OVER:
        return t("status.over")
    others = [seat for seat in view.to_act if seat != me]
    if step == protocol.STEP_WAIT and others:  # another person decides: a friend at their own device
        away = {seat: ms for seat, ms in (view.friends or {}).get("away", [])}
        name = seat_name(view, others[0])
        if others[0] in stood_in(view):
            return t("status.stood_in", name=name)
        if others[0] in away:
            left = max(away[others[0]] - session.away_passed_ms, 0)
            return t("status.away", name=name, seconds=(left + 999) // 1000)
        return t("status.waiting", name=name)
    return ""


def render_backs(count: int) -> str:
    """An opponent's cards, face down in a small fan, with their count beside them (a count that is no number:
    the count alone, escaped)."""
    drawn = count if isinstance(count, int) else 0
    backs = "".join(card_back_markup(attributes=f' style="--i:{index}"') for index in range(drawn))
    return (
        f'<div class="backs" style="--n:{drawn}" title="{t("seat.cards")}">{backs}'
        f'<span class="count">{escape(count)}</span></div>'
    )


def render_seat(session, seat: int, computer: list) -> str:
    """One seat's plate: name, computer level, figures; an opponent's cards face down toward the middle."""
    view = session.view
    players = len(view.seats)
    me = view.seat
    x, y = seat_point((seat - me) % players, players, 42, 40)
    acting = seat in view.to_act and session.step in (
        protocol.STEP_PLAY,
        protocol.STEP_BOT,
        protocol.STEP_MOON,
        protocol.STEP_PASS,
    )
    # A plate in the lower half holds its cards above its name: the cards always lie toward the middle.
    classes = "seat" + (" me" if seat == me else "") + (" turn" if acting else "") + (" low" if y > 55 else "")
    score, taken = escape(view.scores[seat]), escape(view.points_taken[seat])
    details = [f'<span class="score" title="{t("seat.total")}">{score}</span>']
    details.append(f'<span class="taken" title="{t("seat.taken")}">♥ {taken}</span>')
    if seat == view.dealer:
        details.append(f'<span class="chip" title="{t("seat.dealer")}">{t("seat.dealer_chip")}</span>')
    if seat in computer:
        details.append(f'<span class="chip" title="{t("seat.stood_in")}">{t("seat.stood_in_chip")}</span>')
    if view.phase == protocol.PHASE_PASS and view.passes_chosen[seat]:
        details.append(f'<span class="chip" title="{t("seat.passed")}">✓</span>')
    bot = view.seats[seat].bot
    level = f'<span class="level">{t("level." + bot)}</span>' if bot and has_text("level." + bot) else ""
    backs = render_backs(view.hand_sizes[seat]) if seat != me else ""
    label = t("seat.label", name=seat_name(view, seat), count=score, taken=taken)
    return (
        f'<div class="{classes}" style="--x:{x}%;--y:{y}%" data-seat="{seat}" role="group" '
        f'aria-label="{label}"><div class="plate"><span class="name">{seat_name(view, seat)}</span>{level}'
        f'<span class="details">{"".join(details)}</span></div>{backs}</div>'
    )


def cancelled_cards(plays: list, rules: dict) -> set:
    """The cards of a trick that cancel out in Cancellation Hearts: pairs of identical cards of the suit led
    (the rule itself is :func:`pyapp.engine.tricks.trick_winner`'s; the page only marks them)."""
    if rules.get("variant") != "cancellation" or not plays:
        return set()
    led = [card for _, card in plays if card[1] == plays[0][1][1]]
    return {card for card in led if led.count(card) > 1}


def render_table(session) -> str:
    """The felt: the seats around it, the trick in the middle, and the status line."""
    if session.view is None:
        return f'<p class="status" role="status">{status_text(session)}</p>'
    view = session.view
    players = len(view.seats)
    me = view.seat
    step = session.step
    computer = stood_in(view)  # the friends' seats the computer plays for now
    parts = [render_seat(session, seat, computer) for seat in range(players)]
    plays, winner = shown_trick(session)
    cancelled = cancelled_cards(plays, view.rules)
    cards = []
    for order, play in enumerate(plays):
        seat, text = play
        relative = (seat - me) % players
        x, y = seat_point(relative, players, 36, 34)  # between the middle and its player
        dx, dy = seat_point(relative, players, 1, 1)  # a unit step towards its player
        # A card just played flies in from its player's side (--dx, --dy: that side, from -1 to 1).
        arrive = " arrive" if [seat, text] in session.arrivals else ""
        badges = ([t("trick.led")] if order == 0 else []) + ([t("trick.cancels")] if text in cancelled else [])
        classes = "played" + (" led" if order == 0 else "") + (" winner" if seat == winner else "") + arrive
        classes += " cancelled" if text in cancelled else ""
        # Lower cards lie on higher ones: a card's index (top left) stays in sight (its badge is outside the ring).
        style = f' style="left:{x}%;top:{y}%;z-index:{int(y) + 1};--dx:{round(dx - 50, 2)};--dy:{round(dy - 50, 2)}"'
        if badges:
            style += f' data-badge="{" · ".join(badges)}"'
        label = t("trick.played", name=seat_name(view, seat), card=card_name(text))
        cards.append(card_markup(text, "div", classes, style, label))
    collect = ""
    if step == protocol.STEP_COLLECT:
        # Collected cards slide to the winner (--wx, --wy), or stay when a cancelled trick waits.
        wx = wy = 0.0
        if winner is not None:
            x, y = seat_point((winner - me) % players, players, 1, 1)  # a unit step towards the winner
            wx, wy = round(x - 50, 2), round(y - 50, 2)
        collect = f' style="--wx:{wx};--wy:{wy}"'
        if session.may(protocol.COLLECT):  # (on a friend's page the host's timer collects it)
            collect = f' data-action="collect" title="{t("trick.collect")}"' + collect
    crowded = " crowded" if players > 6 else ""
    parts.append(f'<div class="trick{crowded}"{collect}>{"".join(cards)}</div>')
    hearts = t("info.broken") if view.hearts_broken else t("info.unbroken")
    info = [
        t("info.hand", number=view.hand_index + 1),
        t("passing." + view.pass_direction),
        f'<span class="{"broken" if view.hearts_broken else "unbroken"}">♥ {hearts}</span>',
        t("info.target", target=escape(view.rules["target"])),
    ]
    if view.daily is not None:  # a game of so many hands: which of them, and that it is the deal of the day
        count = view.rules.get("hands", 0)
        info[0] = t("info.daily", date=short_date(view.daily))
        info[3] = t("info.daily_hand", number=min(view.hand_index + 1, count), count=count)
    elif view.rules.get("hands"):  # a hand played again (its number in the game it was dealt in)
        info[0] = t("info.replay", number=view.rules.get("first_hand", 0) + 1)
        info[3] = t("info.not_counted")
    # Each part kept whole: a narrow screen wraps the line between parts, never inside one.
    parts.append(f'<p class="info">{" · ".join(f"<span>{part}</span>" for part in info)}</p>')
    parts.append(f'<p class="status" role="status">{status_text(session)}</p>')
    parts.append(friends_line(session))
    if not session.ready and session.ahead and not session.waiting:
        parts.append(f'<p class="note">{t("status.getting_ready")}</p>')
    return "".join(parts)


def render_hand(session) -> str:
    """The viewer's hand, sorted by suit: playable cards bright, the rest dimmed; the pass button."""
    if session.view is None:
        return ""
    view = session.view
    step = session.step
    if step == protocol.STEP_HANDOFF:
        return f'<p class="hidden-hand">{t("handoff.hidden")}</p>'
    legal = set(view.legal) if step == protocol.STEP_PLAY else set()
    received = set(view.received) if view.phase == protocol.PHASE_PLAY and not view.tricks_played else set()
    buttons = []
    unoffered = held_back(session)  # the lesson's coach offers only the sensible cards at first
    waiting = session.waiting or {}
    playing = session.waiting_at  # the one card played ahead (two decks: not its twin too)
    if step == protocol.STEP_PLAY and view.after_ms is not None:
        waiting = {"play": view.legal[0]}  # the only legal card, about to play itself (the auto-play setting)
        playing = view.hand.index(view.legal[0])
    for index, text in enumerate(view.hand):
        classes = []
        attributes = f' data-index="{index}"'
        if step == protocol.STEP_PASS or "pass" in waiting:
            chosen = index in session.selected
            classes.append("selected" if chosen else "dim" if text in unoffered else "")
            attributes += f' aria-pressed="{"true" if chosen else "false"}"'
            attributes += ' aria-disabled="true"' if text in unoffered else ""
        elif "play" in waiting and index == playing:
            classes.append("chosen")
            attributes += ' aria-disabled="true"'
        elif text not in legal or text in unoffered:
            classes.append("dim")
            attributes += ' aria-disabled="true"'
            why = reason(view, text) if step == protocol.STEP_PLAY else ""
            attributes += f' title="{escape(why)}"' if why else ""  # (a tooltip, and the screen reader's description)
        if session.dealing:
            classes.append("deal")
            attributes += f' style="--i:{index}"'
        hinted, hint_attributes, label = card_hint(session, index, text)
        if text in received:
            classes.append("received")
            # The name says the card first, then that it is new (the badge drawn before the card is left
            # out of the name: see the style sheet's .received::before).
            badge = t("hand.received")
            if not hinted:  # (one badge: the hint's says more now)
                attributes += f' data-badge="{badge}"'
            label = f"{label or card_name(text)} ({badge})"
        classes.append(hinted)
        attributes += hint_attributes
        buttons.append(card_markup(text, "button", " ".join(c for c in classes if c), attributes, label))
    parts = [
        render_coach(session),
        render_hint(session),
        f'<div class="cards" role="group" aria-label="{t("hand.label")}">{"".join(buttons)}</div>',
    ]
    tools = []
    if benched_here(session):
        tools.append(("back", "friends.play_again"))
    if step == protocol.STEP_COLLECT and session.may(protocol.COLLECT):  # a button too, so that a keyboard can collect
        tools.append(("collect", "trick.collect"))
    if (
        step in (protocol.STEP_PASS, protocol.STEP_PLAY) and view.daily is None
    ):  # (the deal of the day is played without hints)
        tools.append(("hint", "hand.hint"))
    if step in UNDO_STEPS and view.can_undo and session.settings.get("undo") != "off" and not session.party:
        tools.append(("undo", "hand.undo"))
    if step == protocol.STEP_PLAY and view.can_claim:
        tools.append(("claim", "hand.claim"))
    if step == protocol.STEP_PLAY and not coach.speaking(session):  # (a lesson is played by hand: no Finish)
        tools.append(("finish", "hand.finish"))
    row = []  # one row of buttons under the hand: the pass first (the page takes it before the engine is up)
    if step == protocol.STEP_PASS:
        disabled = "" if session.ready_to_pass else " disabled"
        label = t("hand.pass", direction=t("direction." + view.pass_direction))
        row.append(f'<button type="button" class="primary pass" data-action="pass"{disabled}>{label}</button>')
    if session.ready:  # each tool needs the engine: none before it is up
        row += [
            figures_toggle(session)
            if action == "hint" and step == protocol.STEP_PLAY and session.hint is not None
            else f'<button type="button" class="{"primary" if action in ("collect", "back") else "hint-button"}" '
            f'data-action="{action}">{t(key)}</button>'
            for action, key in tools
        ]
    if row:
        parts.append(f'<div class="tools">{"".join(row)}</div>')
    if step == protocol.STEP_OVER and session.result_closed:
        parts.append(
            f'<div class="tools">{again_button(session)}'
            f'<button type="button" class="hint-button" data-action="result">{t("over.title")}</button></div>'
        )
    return "".join(parts)


def sheet_names(session) -> tuple:
    """The seat names the score sheet shows (with the results, what it is drawn from)."""
    view = session.view
    return tuple(seat_shown_name(view, seat) for seat in range(len(view.seats))) if view is not None else ()


def render_sheet(session) -> str:
    """The score sheet, hand by hand like the paper one: running totals with each hand's points."""
    if session.view is None:
        return ""
    view = session.view
    players = len(view.seats)
    head = "".join(f'<th scope="col">{seat_name(view, seat)}</th>' for seat in range(players))
    rows = []
    totals = [0] * players
    results = session.read_results
    for number, result in enumerate(results):
        cells = []
        for seat in range(players):
            totals[seat] += result.added[seat]
            moon = " ☾" if result.shooter == seat else ""
            cells.append(f"<td>{totals[seat]}<small> {signed(result.added[seat])}{moon}</small></td>")
        hand = str(number + 1)
        if number in session.reviews:
            label = t("review.sheet", number=number + 1)
            hand = f'<button type="button" class="review-link" data-action="review" data-hand="{number}" aria-label="{label}" title="{label}">{hand}</button>'
        rows.append(f'<tr><th scope="row">{hand}</th>{"".join(cells)}</tr>')
    if not rows:
        rows.append(f'<tr><td colspan="{players + 1}">{t("sheet.none")}</td></tr>')
    crowded = " crowded" if players > 4 else ""  # narrow columns (see assets/style.css)
    table = (
        f'<table class="sheet-table{crowded}"><caption>{t("sheet.caption")}</caption>'
        f'<thead><tr><th scope="col">{t("sheet.hand")}</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )
    table += render_legend()
    if not results:
        return table
    names = [seat_name(view, seat) for seat in range(players)]
    target = None if view.rules.get("hands") else int(view.rules["target"])  # (a fixed number of hands: none)
    return table + render_chart(names, results, target, t("chart.title"))


def render_legend() -> str:
    """What the figures on a seat mean, drawn as the seats draw them (not only in their tooltips)."""
    items = (
        ('<span class="score">0</span>', "seat.total"),
        ('<span class="taken">♥</span>', "seat.taken"),
        ('<span class="count"></span>', "seat.cards"),
        (f'<span class="chip">{t("seat.dealer_chip")}</span>', "seat.dealer"),
        ('<span class="chip">✓</span>', "seat.passed"),
    )
    return '<ul class="seat-legend">' + "".join(f"<li>{mark} {t(key)}</li>" for mark, key in items) + "</ul>"


def signed(value: int) -> str:
    """A score change with its sign: ``+3``, ``−26``, ``0``."""
    return f"+{escape(value)}" if value > 0 else f"−{escape(-value)}" if value < 0 else "0"


def render_dialog(session, catalog) -> str:
    """The dialog for the open panel (:data:`PANELS`), else for the current step (:data:`STEP_DIALOGS`), else
    the game's result while it is shown, or an empty string; a fault above everything."""
    if session.fault is not None:
        return render_fault(session)
    if session.view is None and session.panel not in WITHOUT_VIEW:
        return ""
    panel = PANELS.get(session.panel)
    html = panel(session, catalog) if panel is not None else ""
    if html:
        return html
    if lesson_finished(session):
        return render_lesson_end(session)
    step = STEP_DIALOGS.get(session.step)
    if step is not None:
        return step(session)
    return render_game_over(session, catalog) if session.result_shown else ""


def render_summary(session) -> str:
    """The end-of-hand summary, with the moon announced."""
    view = session.view
    number = view.summary_hand
    result = session.results[number]
    before = [0] * len(view.seats)
    for earlier in session.results[:number]:
        before = [total + added for total, added in zip(before, earlier.added)]
    rows = []
    for seat in range(len(view.seats)):
        total = before[seat] + result.added[seat]
        rows.append(
            f'<tr><th scope="row">{seat_name(view, seat)}</th><td>{escape(result.taken[seat])}</td>'
            f"<td>{signed(result.added[seat])}</td>"
            f"<td>{total}</td></tr>"
        )
    moon = ""
    if result.shooter is not None:
        how = "subtracted" if result.choice == "subtract_from_self" else "added"
        if addressed(view, result.shooter):
            text = t("summary.moon_you_" + how, points=escape(view.moon_points))
        else:
            text = t("summary.moon_" + how, name=seat_name(view, result.shooter), points=escape(view.moon_points))
        moon = f'<p class="moon" role="alert">{text}</p>'
    head = "".join(f"<th>{t(key)}</th>" for key in ("summary.taken", "summary.scored", "summary.total"))
    body = f"{moon}<table><thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    body += takers(view, result)
    totals = [total + added for total, added in zip(before, result.added)]
    body += f'<p class="standing">{t("summary.fewer")} {leaders(view, totals)}</p>'
    if session.reviewed(number, view.seat) and not session.party:  # party mode: each person's is in their review
        game_lost = sum(lost[view.seat] or 0 for lost in session.reviews.values())
        body += f'<p class="review-lost">{lost_line(session.reviews[number][view.seat], game_lost)}</p>'
    last = number + 1 == len(session.results) and bool(view.winners)
    label = t("summary.result") if last else t("summary.next")
    return dialog(
        t("summary.title", number=number + 1),
        body,
        f'<button type="button" class="primary" data-action="next">{label}</button>{review_button(session, number)}'
        + replay_button(session, number),
    )


def replay_button(session, number: int) -> str:
    """Play finished hand ``number`` again (a game of its own): not on a friend's page, nor in a friends'
    game (whose deal stays secret)."""
    if not session.may(protocol.REPLAY) or session.view.friends:
        return ""
    return f'<button type="button" data-action="replay" data-hand="{number}">{t("replay.play")}</button>'


def takers(view, result) -> str:
    """Who took Q♠ and, in Omnibus Hearts, the Omnibus card (whose −10 the Taken column already counts)."""
    lines = []
    omnibus = view.rules.get("omnibus_card") if view.rules.get("variant") == "omnibus" else None
    for key, seat, card in (("summary.queen", result.queen, "QS"), ("summary.omnibus", result.omnibus, omnibus)):
        if seat is None or card is None:
            continue
        if addressed(view, seat):
            lines.append(t(key + "_you", card=short_card(card)))
        else:
            lines.append(t(key, card=short_card(card), name=seat_name(view, seat)))
    return f'<p class="takers">{" · ".join(lines)}</p>' if lines else ""


def render_handoff(session) -> str:
    """Party mode: pass the device to the next person; their cards stay hidden until they say so."""
    name = seat_name(session.view, session.view.seat)
    body = f"<p>{t('handoff.body', name=name)}</p>"
    button = f'<button type="button" class="primary" data-action="handoff">{t("handoff.ready", name=name)}</button>'
    return dialog(t("handoff.title", name=name), body, button)


def render_moon_choice(session) -> str:
    """The shooter's choice of how the moon scores, with the totals each gives."""
    view = session.view
    outcomes = view.moon_outcomes

    def totals(choice):
        return ", ".join(f"{seat_name(view, s)} {escape(total)}" for s, total in enumerate(outcomes[choice]))

    points = escape(view.moon_points)
    body = f"<p>{t('moon.question')}</p>"
    buttons = (
        f'<button type="button" class="primary" data-action="moon" data-choice="subtract_from_self">'
        f"{t('moon.subtract', points=points)}<small>{totals('subtract_from_self')}</small></button>"
        f'<button type="button" class="primary" data-action="moon" data-choice="add_to_others">'
        f"{t('moon.add', points=points)}<small>{totals('add_to_others')}</small></button>"
    )
    return dialog(t("moon.title"), body, buttons)


def leaders(view, totals: list) -> str:
    """Who leads the game (the lowest total: points are bad), in a sentence."""
    lowest = min(totals)
    seats = [seat for seat, total in enumerate(totals) if total == lowest]
    if len(seats) == 1 and addressed(view, seats[0]):
        return t("summary.you_lead", count=lowest)
    names = t("and").join(seat_name(view, seat) for seat in seats)
    return t("summary.lead_shared" if len(seats) > 1 else "summary.leads", names=names, count=lowest)


def places(scores: list) -> list:
    """Each seat's place by its score, lowest first, tied seats sharing a place: ``[40, 12, 40]`` → ``[2, 1, 2]``."""
    return [1 + sum(1 for other in scores if other < score) for score in scores]


TROPHY = (
    '<svg class="trophy" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" '
    'd="M6 2h12v2h4v3a5 5 0 0 1-5 5h-.3A6 6 0 0 1 13 15.9V19h4v3H7v-3h4v-3.1A6 6 0 0 1 7.3 12H7a5 5 0 0 1-5-5V4h4zm'
    '0 4H4v1a3 3 0 0 0 2 2.8zm12 0v3.8A3 3 0 0 0 20 7V6z"/></svg>'
)  # drawn, not an emoji: every device shows it, with or without an emoji font


def render_game_over(session, catalog=None) -> str:
    """Game over: who wins as the headline, every seat's place and final score, the person's best result
    from the statistics, and Play again."""
    view = session.view
    winners = view.winners
    names = t("and").join(seat_name(view, w) for w in winners)
    if len(winners) == 1 and addressed(view, winners[0]):
        headline = t("over.you_win")
    else:
        headline = t("over.win_shared" if len(winners) > 1 else "over.wins", names=names)
    place = places(view.scores)
    order = sorted(range(len(view.seats)), key=lambda s: (place[s], s))
    mine = ' class="me"'
    rows = "".join(
        f'<tr{mine if addressed(view, s) else ""}><td>{place[s]}</td><th scope="row">{seat_name(view, s)}</th>'
        f"<td>{escape(view.scores[s])}</td></tr>"
        for s in order
    )
    head = "".join(f'<th scope="col">{t(key)}</th>' for key in ("over.place", "over.player", "over.points"))
    body = (
        f'<p class="winner" role="alert">{TROPHY}{headline}</p>'
        f'<table class="placing"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
        f'<p class="standing">{t("over.lowest")}</p>{best_line(session, catalog)}'
    )
    new = f'<button type="button" data-action="open" data-panel="new">{t("over.new")}</button>'
    first = again_button(session)
    if view.daily is not None:  # its result goes to friends by link, and Play again would deal another game
        body += f'<p class="best">{t("over.daily")}</p>'
        first = f'<button type="button" class="primary" data-action="share">{t("over.daily_share")}</button>'
    buttons = first + (new if session.may(protocol.START) else "") + daily_offer(session)
    return dialog(t("over.title"), body, buttons + f'<button type="button" data-action="close">{t("close")}</button>')


def daily_offer(session) -> str:
    """At the end of another game: the deal of the day, while today's is still to play on this page."""
    if session.view.daily is not None or not session.may(protocol.START) or not session.today:
        return ""
    if daily_board.day_of(session.daily or daily_board.empty(), session.today)["mine"] is not None:
        return ""
    return f'<button type="button" data-action="open" data-panel="daily">{t("nav.daily")}</button>'


def best_line(session, catalog) -> str:
    """The person's best final score and games won in this game's kind, from the statistics (which count
    this game already); nothing in a party game, which they do not count."""
    view = session.view
    presets = (catalog or {}).get("presets") or []
    entry = session.stats["presets"].get(player_stats.preset_of(view.rules, presets))
    if view.party or not entry or entry.get("best") is None:
        return ""
    best = t("over.best", count=entry["best"], wins=entry["wins"], games=entry["games"])
    return f'<p class="best">{best}</p>'


def again_button(session) -> str:
    """What the game's end offers: play again (this page's engine deals; pressed before the engine is up,
    "Starting…" until it is), or on a friend's page, to leave the host's table (the host deals the next
    game, with new invitations)."""
    if not session.may(protocol.START):
        return f'<button type="button" class="primary" data-action="leave">{t("friends.leave")}</button>'
    if session.starting == "again":
        return f'<button type="button" class="primary" data-action="again" disabled>{t("new.starting_button")}</button>'
    return f'<button type="button" class="primary" data-action="again">{t("over.again")}</button>'


def render_leave(session) -> str:
    """A friend's page's New game: leave the host's table for a game of one's own on this page."""
    buttons = f'<button type="button" class="primary" data-action="leave">{t("friends.leave")}</button>{close_button()}'
    return dialog(t("friends.leave_title"), f"<p>{t('friends.leave_text')}</p>", buttons)


def render_last_trick(session) -> str:
    """The last finished trick, to look at again."""
    view = session.view
    last = view.last_trick
    if not last:
        body = f"<p>{t('last.none')}</p>"
    else:
        cards = trick_figures(last, seat_names(view))
        if last.winner is None:
            taker = t("last.cancelled")
        else:
            taker = t("last.taken", name=seat_name(view, last.winner))
        body = f'<div class="last-trick">{cards}</div><p>{taker}</p>'
    return dialog(t("last.title"), body, close_button())


def _select(name: str, value, choices, prefix: str) -> str:
    """A select of ``choices`` labelled by the catalogue keys ``prefix + choice``."""
    options = "".join(
        f'<option value="{escape(choice)}"{" selected" if choice == value else ""}>{escape(t(prefix + choice))}</option>'
        for choice in choices
    )
    return f'<select id="opt-{name}" name="{name}">{options}</select>'


def render_settings(session) -> str:
    """Speed of the computer players and how a finished trick is collected."""
    settings = session.settings
    language = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == current_language() else ""}>{name}</option>'
        for code, name in languages()
    )
    fields = [
        f'<label for="opt-language">{t("settings.language")}</label>'
        f'<select id="opt-language" name="language">{language}</select>',
        f'<label for="opt-speed">{t("settings.speed")}</label>{_select("speed", settings["speed"], SPEEDS, "speed.")}',
        f'<label for="opt-collect">{t("settings.collect")}</label>'
        f"{_select('collect', settings['collect'], COLLECT, 'collect.')}",
        f'<label for="opt-think_ms">{t("settings.think")}</label>'
        f"{_select('think_ms', str(settings['think_ms']), THINK_TIMES, 'think.')}",
        f'<label for="opt-undo">{t("settings.undo")}</label>{_select("undo", settings["undo"], TOGGLE, "toggle.")}',
        f'<label for="opt-autoplay">{t("settings.autoplay")}</label>'
        f"{_select('autoplay', settings['autoplay'], TOGGLE, 'toggle.')}",
        f'<label for="opt-sound">{t("settings.sound")}</label>{_select("sound", settings["sound"], TOGGLE, "toggle.")}',
        f'<label for="opt-stun">{t("settings.stun")}</label><input id="opt-stun" name="stun" '
        f'value="{escape(settings.get("stun") or "")}" placeholder="stun.example.org:3478" spellcheck="false" '
        f'aria-describedby="stun-note"><p class="field-note" id="stun-note">{t("settings.stun_note")}</p>',
    ]
    body = f'<form class="form" data-form="settings">{"".join(fields)}</form>'
    buttons = (
        f'<button type="button" class="primary" data-action="save-settings">{t("save")}</button>'
        f"{close_button('cancel')}"
    )
    return dialog(t("settings.title"), body, buttons)


def seat_place(seat: int, players: int) -> tuple:
    """How the new-game form names ``seat`` at a table of ``players`` (a seat beyond them: as if it were the
    last): where it sits as the player (seat 0) sees it, and its name field's label."""
    place = _place(seat, max(players, seat + 1))
    return place, f"{t('new.seat_name')} ({place})"


def _place(seat: int, players: int) -> str:
    """Where ``seat`` sits as seat 0 sees it: on their left (play goes to the left), so many seats to their
    left or right, or across."""
    left, right = seat, players - seat
    if left == right:
        return t("new.place_across")
    if left < right:
        return t("new.place_left") if left == 1 else t("new.place_nth_left", count=left)
    return t("new.place_right") if right == 1 else t("new.place_nth_right", count=right)


def render_new_game(session, catalog) -> str:
    """Every rule option, the presets, the player count, each computer seat's level and the player's name."""
    if not catalog:
        return dialog(t("new.title"), f"<p>{t('new.starting')}</p>", close_button())
    form = session.settings.get("form") or {}
    rules = form.get("rules") or catalog["presets"][0]["rules"]
    preset = player_stats.preset_of(rules, catalog["presets"])  # what the rules are, whatever was picked
    presets = [p["name"] for p in catalog["presets"]] + [player_stats.CUSTOM]
    fields = [f'<label for="opt-preset">{t("new.preset")}</label>{_select("preset", preset, presets, "preset.")}']
    for option in catalog["options"]:
        name = option["name"]
        label = escape(t("option." + name))
        value = rules.get(name, option["default"])
        if option["type"] == "bool":
            checked = " checked" if value else ""
            fields.append(
                f'<label class="check"><input type="checkbox" id="opt-{name}" name="{name}"{checked}> {label}</label>'
            )
        elif name in VARIANT_OPTIONS:  # (the input manager shows it when its variant is chosen)
            variant = VARIANT_OPTIONS[name]
            hidden = "" if rules.get("variant") == variant else " hidden"
            fields.append(
                f'<div class="option-row" data-variant="{variant}"{hidden}><label for="opt-{name}">{label}</label>'
                f"{_select(name, value, option['choices'], 'choice.')}</div>"
            )
        elif option["type"] == "choice":
            fields.append(
                f'<label for="opt-{name}">{label}</label>{_select(name, value, option["choices"], "choice.")}'
            )
        else:
            fields.append(
                f'<label for="opt-{name}">{label}</label><input type="number" id="opt-{name}" name="{name}" '
                f'min="{int(option["min"])}" max="{int(option["max"])}" value="{int(value)}">'
            )
    players = int(rules.get("players", 4))
    levels = form.get("levels") or []
    names = form.get("names") or []
    seats = [
        f'<label for="opt-name">{t("new.name")}</label><input id="opt-name" name="name" maxlength="20" '
        f'value="{escape(session.settings.get("name") or "")}" placeholder="{t("you")}">'
    ]
    most = max(option["max"] for option in catalog["options"] if option["name"] == "players")
    for seat in range(1, most):
        # Every possible seat is drawn and the ones beyond the player count hidden, so changing the
        # count never redraws the form under the pointer.
        level = levels[seat - 1] if seat - 1 < len(levels) else DEFAULT_LEVEL
        name = names[seat - 1] if seat - 1 < len(names) else ""
        hidden = " hidden" if seat >= players else ""
        place, name_label = seat_place(seat, players)
        seats.append(
            f'<div class="seat-row" data-seat="{seat}"{hidden}>'
            f'<label for="opt-level-{seat}">{place}</label>'
            f'<span class="seat-choice">{_select("level-" + str(seat), level, catalog["levels"] + [PERSON, FRIEND], "level.")}'
            f'<input id="opt-seatname-{seat}" maxlength="20" value="{escape(name)}" '
            f'placeholder="{t("new.seat_name")}" aria-label="{name_label}">'
            "</span></div>"
        )
    error = form.get("error")
    message = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    body = (
        f'<form class="form" data-form="new">{message}'
        f"<fieldset><legend>{t('new.rules')}</legend>{''.join(fields)}</fieldset>"
        f"<fieldset><legend>{t('new.players')}</legend>{''.join(seats)}</fieldset></form>"
    )
    if session.starting == "form":  # pressed before the engine was up: the game starts by itself when it is
        body += f'<p class="note" role="status">{t("new.starting_soon")}</p>'
        start = (
            f'<button type="button" class="primary" data-action="start" disabled>{t("new.starting_button")}</button>'
        )
    else:
        start = f'<button type="button" class="primary" data-action="start">{t("start")}</button>'
    return dialog(t("new.title"), body, start + close_button("cancel"))


def _share_row(name: str, label: str, url: str, native: bool) -> str:
    """One link of the share panel: the address to read and buttons to copy or share it."""
    share = (
        f'<button type="button" data-action="copy" data-target="share-{name}" data-native="1">{t("share.native")}</button>'
        if native
        else ""
    )
    return (
        f'<label for="share-{name}">{label}</label><div class="share-row">'
        f'<input id="share-{name}" readonly value="{escape(url)}">'
        f'<button type="button" data-action="copy" data-target="share-{name}">{t("share.copy")}</button>{share}</div>'
    )


def render_share(session) -> str:
    """Links to this copy of the game and to the deal in progress, with copy (and share) buttons."""
    share = session.share or {}
    native = bool(share.get("native"))
    rows = [_share_row("game", t("share.game"), share.get("game", ""), native)]
    if share.get("result"):
        rows.insert(0, _share_row("result", t("share.result"), share["result"], native))
    if share.get("deal"):
        rows.append(_share_row("deal", t("share.deal"), share["deal"], native))
    note = f"<p>{t('share.note')}</p>" if share.get("deal") else ""  # (of the deal link)
    body = f'<div class="form">{"".join(rows)}</div>{note}'
    return dialog(t("share.title"), body, close_button())


# A new game that ends the one in progress: its action → the attribute its value goes in, its title, words
# and button.
ENDING = {
    "daily": ("data-date", "daily.title", "daily.ends", "verdict.play"),
    "replay": ("data-hand", "replay.title", "replay.ends", "replay.play"),
}


def render_game_ends(session) -> str:
    """Asked before a new game (the deal of the day, a hand played again) ends the game in progress."""
    action, value = session.asked
    attribute, title, words, label = ENDING[action]
    play = (
        f'<button type="button" class="primary" data-action="{action}" {attribute}="{escape(value)}" '
        f'data-confirmed="1">{t(label)}</button>'
    )
    return dialog(t(title), f"<p>{t(words)}</p>", play + close_button("link.keep"))


def describe_link(link, catalog) -> str:
    """A shared deal (:class:`pyapp.shared.protocol.Link`) in words: its number, players, game, target, levels (escaped)."""
    defaults = {option["name"]: option["default"] for option in (catalog or {}).get("options", [])}
    rules = dict(defaults, **link.rules)
    parts = []
    if link.seed is not None:
        parts.append(t("link.deal", seed=link.seed))
    parts.append(t("link.players", count=rules.get("players", 4)))
    parts.append(t("choice." + str(rules.get("variant", "classic"))))
    parts.append(t("link.target", target=rules.get("target", 100)))
    if link.levels:
        parts.append(t("link.against", levels=", ".join(t("level." + level) for level in link.levels)))
    return escape(" · ".join(parts))


def render_link_offer(session, catalog) -> str:
    """Someone's shared deal, offered while a game is in progress (which is kept unless the person says so)."""
    description = describe_link(session.link, catalog)
    body = f"<p>{t('link.offer', description=description)}</p><p>{t('link.ends')}</p>"
    buttons = (
        f'<button type="button" class="primary" data-action="play-link">{t("link.play")}</button>'
        f"{close_button('link.keep')}"
    )
    return dialog(t("link.title"), body, buttons)


STATS_COLUMNS = ("stats.games", "stats.wins", "stats.win_rate", "stats.average", "stats.moons", "stats.queens")


def _stats_row(label: str, entry: dict) -> str:
    figures = player_stats.derived(entry)
    rate = "–" if figures["win_rate"] is None else t("stats.percent", value=figures["win_rate"])
    average = "–" if figures["average"] is None else str(figures["average"])
    cells = (entry["games"], entry["wins"], rate, average, entry["moons"], entry["queens"])
    return f'<tr><th scope="row">{escape(label)}</th>{"".join(f"<td>{escape(cell)}</td>" for cell in cells)}</tr>'


def render_stats(session, catalog) -> str:
    """Games played and won, win rate, average score, moons and Q♠ taken: per preset and in all; resettable."""
    stats = session.stats
    played = [name for name in [p["name"] for p in (catalog or {}).get("presets", [])] + ["custom"]]
    rows = [
        _stats_row(t("stats.custom") if name == "custom" else t("preset." + name), stats["presets"][name])
        for name in played
        if name in stats["presets"]
    ]
    if not rows:
        body = f"<p>{t('stats.none')}</p>"
    else:
        head = "".join(f'<th scope="col">{t(key)}</th>' for key in STATS_COLUMNS)
        rows.append(_stats_row(t("stats.all"), player_stats.total(stats)))
        body = (
            f'<div class="scroll"><table class="stats-table"><thead><tr><th scope="col">{t("stats.preset")}</th>'
            f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        )
    if session.confirm_reset:
        reset = f'<button type="button" class="danger" data-action="reset-stats">{t("stats.reset_confirm")}</button>'
    else:
        reset = f'<button type="button" data-action="ask-reset-stats">{t("stats.reset")}</button>' if rows else ""
    return dialog(t("stats.title"), body, close_button() + reset)


WITHOUT_VIEW = (
    "new",
    "settings",
    "share",
    "stats",
    "join",
    "howto",
    "daily",
    "verdict",
)  # panels that open before a game is drawn
# Each panel's dialog (an empty string: the panel has nothing to show now, the step's dialog shows).
PANELS = {
    "new": lambda session, catalog: (
        render_new_game(session, catalog) if session.may(protocol.START) else render_leave(session)
    ),
    "settings": lambda session, catalog: render_settings(session),
    "share": lambda session, catalog: render_share(session),
    "stats": render_stats,
    "link": render_link_offer,
    "last": lambda session, catalog: render_last_trick(session),
    "review": lambda session, catalog: render_review(session) if session.review is not None else "",
    "friends": lambda session, catalog: render_invitations(session) if session.view.friends else "",
    "join": lambda session, catalog: render_join(session),
    "howto": render_how_to_play,
    "daily": render_daily_board,
    "verdict": render_verdict,
    "ends": lambda session, catalog: render_game_ends(session),
}
STEP_DIALOGS = {
    protocol.STEP_SUMMARY: render_summary,
    protocol.STEP_HANDOFF: render_handoff,
    protocol.STEP_MOON: render_moon_choice,
}  # a step's own
