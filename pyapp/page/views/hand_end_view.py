"""The ends of a hand and of a game: the summary, the hand-over, the moon's choice, the game over.

Only reads state and returns markup (:mod:`pyapp.page.views.view` puts the page together); every text
that comes from outside is escaped.  Plain Python for MicroPython and CPython.
"""

from ...shared import protocol
from .. import daily_board, player_stats
from ..words.i18n import t, t_about
from .markup import (
    addressed,
    close_button,
    dialog,
    escape,
    seat_name,
    short_card,
)
from .review_view import lost_line, review_button
from .sheet_view import signed


def render_summary(session) -> str:
    """The end-of-hand summary, with the moon announced."""
    view = session.view
    number = view.summary_hand
    result = session.results[number]
    rows = []
    for seat in range(len(view.seats)):
        total = result.totals[seat]
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
            text = t_about("summary.moon_" + how, seat_name(view, result.shooter), points=escape(view.moon_points))
        moon = f'<p class="moon" role="alert">{text}</p>'
    head = "".join(f"<th>{t(key)}</th>" for key in ("summary.taken", "summary.scored", "summary.total"))
    body = f"{moon}<table><thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    body += takers(view, result)
    body += f'<p class="standing">{t("summary.fewer")} {leaders(view, result.totals)}</p>'
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
    body = f"<p>{t_about('handoff.body', name)}</p>"
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
        f'<p class="winner" role="alert">{TROPHY}{headline}</p>{render_podium(view)}'
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


def render_podium(view) -> str:
    """The first three places on a podium (second, first, third from the left), each with its players' names
    and points; drawn only (the table of places under it says the same to a screen reader)."""
    place = places(view.scores)
    steps = []
    for rank in (2, 1, 3):
        seats = [seat for seat in range(len(view.seats)) if place[seat] == rank]
        if seats:
            names = ", ".join(seat_name(view, seat) for seat in seats)
            steps.append(
                f'<div class="step place-{rank}"><span class="who">{names}</span>'
                f'<span class="points">{escape(view.scores[seats[0]])}</span><span class="block">{rank}</span></div>'
            )
    return f'<div class="podium" aria-hidden="true">{"".join(steps)}</div>'


def daily_offer(session) -> str:
    """At the end of another game: the deal of the day, while today's is still to play on this page."""
    if session.view.daily is not None or not session.may(protocol.START) or not session.today:
        return ""
    if daily_board.mine_on(session.daily, session.today) is not None:
        return ""
    return f'<button type="button" data-action="open" data-panel="daily">{t("nav.daily")}</button>'


def best_line(session, catalog) -> str:
    """The person's best final score and games won in this game's kind, from the statistics (which count
    this game already); nothing in a party game, which they do not count."""
    view = session.view
    presets = (catalog or {}).get("presets") or []
    kind = player_stats.preset_of(view.rules, presets)
    entry = session.stats["presets"].get(kind)
    if view.party or view.table_screen or not entry or entry.get("best") is None:
        return ""
    preset = t("stats.custom" if kind == "custom" else "preset." + kind)
    best = t("over.best", preset=preset, count=entry["best"], wins=entry["wins"], games=entry["games"])
    return f'<p class="best">{best}</p>'


def again_button(session) -> str:
    """What the game's end offers first: the game that waited while a hand of it was played again; else
    play again (this page's engine deals; pressed before the engine is up, "Starting…" until it is), or
    on a friend's page, to leave the host's table (the host deals the next game, with new invitations)."""
    if not session.may(protocol.START):
        return f'<button type="button" class="primary" data-action="leave">{t("friends.leave")}</button>'
    if session.game_waiting:  # (Play again is then in the New game panel)
        return f'<button type="button" class="primary" data-action="resume">{t("over.resume")}</button>'
    if session.starting == "again":
        return f'<button type="button" class="primary" data-action="again" disabled>{t("new.starting_button")}</button>'
    return f'<button type="button" class="primary" data-action="again">{t("over.again")}</button>'


def render_leave(session) -> str:
    """A friend's page's New game: leave the host's table for a game of one's own on this page."""
    buttons = f'<button type="button" class="primary" data-action="leave">{t("friends.leave")}</button>{close_button()}'
    return dialog(t("friends.leave_title"), f"<p>{t('friends.leave_text')}</p>", buttons)
