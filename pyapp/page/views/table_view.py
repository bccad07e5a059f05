"""The table: the seats round it, the trick in the middle, the status line, and the last trick.

Only reads state and returns markup (:mod:`pyapp.page.views.view` puts the page together); every text
that comes from outside is escaped.  Plain Python for MicroPython and CPython.
"""

import math

from ...shared import protocol
from ..words.i18n import card_name, has_text, t, t_about
from .daily_view import short_date
from .friends_view import away_ms, benched, friends_line, stood_in, waited
from .markup import (
    card_back_markup,
    card_markup,
    close_button,
    dialog,
    escape,
    seat_name,
    seat_names,
    trick_figures,
)


def seat_angle(relative: int, players: int) -> float:
    """The angle of the seat ``relative`` steps from the viewer's round the felt's middle (the viewer's below,
    play going clockwise), in radians, y pointing down as on the screen."""
    return math.pi / 2 + 2 * math.pi * relative / players


def seat_point(relative: int, players: int, radius_x: float, radius_y: float) -> tuple:
    """Where a seat sits on the table, in percent: the viewer at the bottom, play going clockwise."""
    angle = seat_angle(relative, players)
    return round(50 + radius_x * math.cos(angle), 2), round(50 + radius_y * math.sin(angle), 2)


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
    me = viewer(view)
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
        if session.table_screen and view.phase == protocol.PHASE_PASS:  # (read across the room: who chooses)
            names = ", ".join(seat_name(view, seat) for seat in others)
            return t("status.table_pass", direction=t("direction." + view.pass_direction), names=names)
        away = away_ms(view)
        name = seat_name(view, others[0])
        if others[0] in stood_in(view):
            return t_about("status.stood_in", name)
        if others[0] in waited(view):
            return t_about("status.waited", name)
        if others[0] in away:
            left = max(away[others[0]] - session.away_passed_ms, 0)
            return t("status.away", name=name, seconds=(left + 999) // 1000)
        if session.table_screen:  # (whose turn it is, in large type)
            return t("status.table_lead" if not view.trick else "status.table_turn", name=name)
        return t_about("status.waiting", name)
    return ""


SEAT_RADII = (42, 40)  # the ellipse of the seats' middles, in percent of the felt's width and height
TURN_STEPS = (protocol.STEP_PLAY, protocol.STEP_BOT, protocol.STEP_MOON, protocol.STEP_PASS)  # a plate lit


def viewer(view):
    """The seat the page speaks to as "you" (None on the table's own screen, which plays no seat)."""
    return None if view.table_screen else view.seat


def render_backs(count: int) -> str:
    """An opponent's cards, face down in a small fan, with their count beside them (a count that is no number:
    the count alone, escaped)."""
    drawn = count if isinstance(count, int) else 0
    backs = "".join(card_back_markup(attributes=f' style="--i:{index}"') for index in range(drawn))
    return (
        f'<div class="backs" style="--n:{drawn}" title="{t("seat.cards")}">{backs}'
        f'<span class="count">{escape(count)}</span></div>'
    )


def render_seat(session, seat: int, computer: list, away: list) -> str:
    """One seat's plate: name, computer level, figures (``computer``: the friends the computer plays for,
    ``away``: those waited for); an opponent's cards face down toward the middle."""
    view = session.view
    players = len(view.seats)
    me = viewer(view)
    x, y = seat_point((seat - view.seat) % players, players, *SEAT_RADII)  # the viewer's seat (or the first) below
    step = session.step
    # A friend's turn at their own device shows too (while they pass, the status line names who chooses).
    waits = step == protocol.STEP_WAIT and view.phase == protocol.PHASE_PLAY
    acting = seat in view.to_act and (waits or step in TURN_STEPS)
    if step == protocol.STEP_PASS:  # lit: the one choosing at this screen (the status line names the others)
        acting = seat == view.seat
    # A plate in the lower half holds its cards above its name (the one at the top, on a phone, beside it): the
    # cards always lie toward the middle.
    classes = "seat" + (" me" if seat == me else "") + (" turn" if acting else "") + (" low" if y > 55 else "")
    classes += " top" if y < 20 else ""
    score, taken = escape(view.scores[seat]), escape(view.points_taken[seat])
    details = [f'<span class="score" title="{t("seat.total")}">{score}</span>']
    details.append(f'<span class="taken" title="{t("seat.taken")}">♥ {taken}</span>')
    if seat == view.dealer:
        details.append(f'<span class="chip" title="{t("seat.dealer")}">{t("seat.dealer_chip")}</span>')
    if seat in computer:
        details.append(f'<span class="chip" title="{t("seat.stood_in")}">{t("seat.stood_in_chip")}</span>')
    elif seat in away:  # a friend's device gone quiet or closed: waited for (on the table, for the whole room)
        details.append(f'<span class="chip away" title="{t("seat.away")}">{t("seat.away_chip")}</span>')
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


def trick_place(relative: int, players: int) -> str:
    """Where the card of the seat ``relative`` steps from the viewer's lies, as CSS custom properties that
    ``assets/style.css`` places it by: on a ring between the middle and its player (--tx, --ty), a lower card on a
    higher one so that an index stays in sight; and round seven to ten seats, right in front of its player's
    plate (--sx, --sy: the plate's middle; --kx, --ky: the slopes of the line from there to the felt's middle,
    each bounded), so that it lies nearer its own player than any other."""
    tx, ty = seat_point(relative, players, 36, 34)
    sx, sy = seat_point(relative, players, *SEAT_RADII)
    angle = seat_angle(relative, players)
    cos, sin = math.cos(angle), math.sin(angle)
    kx = round(max(-99.0, min(99.0, cos / max(abs(sin), 0.01))), 3)
    ky = round(max(-99.0, min(99.0, sin / max(abs(cos), 0.01))), 3)
    return f"--tx:{tx}%;--ty:{ty}%;--sx:{sx}%;--sy:{sy}%;--kx:{kx};--ky:{ky};z-index:{int(ty) + 1}"


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
    bottom = view.seat  # the seat drawn at the bottom: the viewer's (on the table's own screen, the first)
    step = session.step
    computer = stood_in(view)  # the friends' seats the computer plays for now
    away = [seat for seat, ms in away_ms(view).items() if ms > 0] + waited(view)  # and those waited for
    parts = [render_seat(session, seat, computer, away) for seat in range(players)]
    plays, winner = shown_trick(session)
    cancelled = cancelled_cards(plays, view.rules)
    cards = []
    for order, play in enumerate(plays):
        seat, text = play
        relative = (seat - bottom) % players
        dx, dy = seat_point(relative, players, 1, 1)  # a unit step towards its player
        # A card just played flies in from its player's side (--dx, --dy: that side, from -1 to 1).
        arrive = " arrive" if [seat, text] in session.arrivals else ""
        badges = ([t("trick.led")] if order == 0 else []) + ([t("trick.cancels")] if text in cancelled else [])
        classes = "played" + (" led" if order == 0 else "") + (" winner" if seat == winner else "") + arrive
        classes += " cancelled" if text in cancelled else ""
        style = f' data-seat="{seat}" style="{trick_place(relative, players)}'
        style += f';--dx:{round(dx - 50, 2)};--dy:{round(dy - 50, 2)}"'
        if badges:
            style += f' data-badge="{" · ".join(badges)}"'
        label = t("trick.played", name=seat_name(view, seat), card=card_name(text))
        cards.append(card_markup(text, "div", classes, style, label))
    collect = ""
    if step == protocol.STEP_COLLECT:
        # Collected cards slide to the winner (--wx, --wy), or stay when a cancelled trick waits.
        wx = wy = 0.0
        if winner is not None:
            x, y = seat_point((winner - bottom) % players, players, 1, 1)  # a unit step towards the winner
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
