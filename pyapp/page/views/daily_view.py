"""The deal of the day on screen: its board (today's deal, your result and your friends', your streak and
history) and a friend's result link checked (verified or not, hand by hand beside yours, trick by trick).

Everything from outside (a friend's name, what a link says) is escaped.
Plain Python for MicroPython and CPython.
"""

from ...shared import protocol
from ...shared.seat_names import clean_names
from .. import daily_board
from ..words.i18n import t, t_about
from ..words.refusals import refusal_text
from .markup import close_button, dialog, escape, short_card, trick_figures

FRIEND_ROW = ' class="friend"'  # who played the result (beside the computer players of the same names)
SHOWN_DAYS = 10  # the history's latest days on the board


def short_date(day: str) -> str:
    """``2026-12-02`` as the language writes a day and month (``2 Dec``)."""
    return t("daily.date", day=int(day[8:]), month=t("month." + str(int(day[5:7]))))


def daily_names(name: str) -> list:
    """The names of a daily game's seats: who played it (``name``, else "your friend") and the computer's."""
    computers = clean_names([name, "", "", ""])[1:]  # (none named as who played it)
    return [escape(name) if name else t("daily.friend")] + [escape(computer) for computer in computers]


def place_of(scores: list, seat: int = 0) -> int:
    """The place of ``seat`` by its final score (the lowest first; equal scores share a place)."""
    return 1 + sum(1 for score in scores if score < scores[seat])


def cards_text(cards: list) -> str:
    """Cards written short, or a dash for none."""
    return " ".join(short_card(card) for card in cards) or "–"


def render_daily_board(session, catalog=None) -> str:
    """The board: what the deal of the day is, today's result (its link to share) or the button to play it,
    the streak, today's friends' results beside yours, and the history of your results."""
    board, today = session.daily or daily_board.empty(), session.today
    record = daily_board.day_of(board, today)
    mine = record["mine"]
    parts = [f"<p>{t('daily.about')}</p>"]
    if mine is not None:
        parts.append(f'<p class="daily-mine">{result_line(mine)}</p>')
        link = session.address + "?" + mine["link"]
        parts.append(
            f'<div class="form"><label for="share-daily">{t("daily.your_link")}</label><div class="share-row">'
            f'<input id="share-daily" readonly value="{escape(link)}">'
            f'<button type="button" data-action="copy" data-target="share-daily">{t("share.copy")}</button></div></div>'
        )
    count = daily_board.streak(board, today, daily_board.previous_day(today))
    if count:
        parts.append(f'<p class="streak">{t("daily.streak", count=count)}</p>')
    if record["friends"]:
        parts.append(f"<h3>{t('daily.friends_today')}</h3>{friends_table(record)}")
    played = daily_board.played(board)
    if played:
        parts.append(f"<h3>{t('daily.history')}</h3>{history_table(board, played[:SHOWN_DAYS])}")
    label = t("daily.play_again" if mine is not None else "daily.play")
    play = f'<button type="button" class="{"" if mine else "primary"}" data-action="daily" data-date="{today}">{label}</button>'
    title = t("daily.title") + " · " + short_date(today)
    return dialog(title, f'<div class="daily">{"".join(parts)}</div>', play + close_button())


def result_line(entry: dict) -> str:
    """The person's own result in a line: points and place."""
    scores = entry["scores"]
    return t("daily.you_took", count=scores[0], place=place_of(scores), players=len(scores))


def friends_table(record: dict) -> str:
    """Friends' results of one day, each with its points and place, yours first when you have played."""
    rows = []
    if record["mine"] is not None:
        rows.append(_row(t("you"), record["mine"]["scores"], True))
    for entry in record["friends"]:
        rows.append(_row(escape(entry["name"]) if entry["name"] else t("daily.friend"), entry["scores"], False))
    head = f'<tr><th scope="col">{t("over.player")}</th><th scope="col">{t("over.points")}</th><th scope="col">{t("over.place")}</th></tr>'
    return f'<table class="placing"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def _row(name: str, scores: list, mine: bool) -> str:
    marked = ' class="me"' if mine else ""
    return f'<tr{marked}><th scope="row">{name}</th><td>{scores[0]}</td><td>{place_of(scores)}</td></tr>'


def history_table(board: dict, days: list) -> str:
    """The person's results, latest first: the day, points, place and how many friends' results came."""
    records = [(day, board["days"][day]) for day in days]
    rows = "".join(
        f'<tr><th scope="row">{short_date(day)}</th><td>{record["mine"]["scores"][0]}</td>'
        f"<td>{place_of(record['mine']['scores'])}</td><td>{len(record['friends'])}</td></tr>"
        for day, record in records
    )
    keys = ("daily.day", "over.points", "over.place", "daily.friends")
    head = "".join(f'<th scope="col">{t(key)}</th>' for key in keys)
    return f'<table class="placing"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'


def render_verdict(session, catalog=None) -> str:
    """A friend's result link: being checked; not verified, and why; or verified, with the final scores,
    hand by hand the friend's result beside yours, and every trick of the friend's game."""
    state = session.verdict or {}
    verdict = state.get("verdict")
    if state.get("checking"):
        body = f'<p class="checking" role="status">{t("verdict.checking")}</p>'
        return dialog(t("verdict.title"), body, close_button())
    if verdict is None or not verdict.verified:
        why = refusal_text(verdict.refusal) if verdict is not None and verdict.refusal else t("notice.error")
        body = f'<p class="not-verified" role="alert">✗ {t("verdict.not_verified")}</p><p>{escape(why)}</p><p>{t("verdict.not_shown")}</p>'
        return dialog(t("verdict.title"), body, todays_deal(session) + close_button())
    names = daily_names(verdict.name)
    mine = daily_board.mine_on(session.daily, verdict.date)
    date = short_date(verdict.date)
    headline = (
        t_about("verdict.verified", names[0], date=date) if verdict.name else t("verdict.verified_unnamed", date=date)
    )
    parts = [f'<p class="verified" role="alert">✓ {headline}</p>', scores_table(verdict, names, mine)]
    hands = "".join(hand_line(verdict, hand, number, names, mine) for number, hand in enumerate(verdict.hands))
    how = f'<ul class="daily-hands">{hands}</ul><h3>{t("verdict.replay")}</h3>{replay(verdict, names)}'
    if mine is None:  # not played here yet: the passes and tricks would give the deal away, so they wait, folded
        how = f'<details class="spoiler"><summary>{t("verdict.spoiler")}</summary>{how}</details>'
    parts.append(how)
    buttons = close_button()
    if mine is None and verdict.date <= session.today:
        play = f'<button type="button" class="primary" data-action="daily" data-date="{verdict.date}">{t("verdict.play")}</button>'
        buttons = play + buttons
    return dialog(t("verdict.title"), f'<div class="daily">{"".join(parts)}</div>', buttons)


def todays_deal(session) -> str:
    """What a result that did not check out offers instead: today's deal, to play (or its board, once
    played)."""
    if not session.today or not session.may(protocol.START):
        return ""
    if daily_board.mine_on(session.daily, session.today) is None:
        return f'<button type="button" class="primary" data-action="daily" data-date="{session.today}">{t("daily.play")}</button>'
    return f'<button type="button" data-action="open" data-panel="daily">{t("nav.daily")}</button>'


def scores_table(verdict, names: list, mine) -> str:
    """The friend's game's final scores, by place, with yours of that day below when you have played it."""
    order = sorted(range(len(verdict.scores)), key=lambda seat: (verdict.scores[seat], seat))
    rows = "".join(
        f"<tr{FRIEND_ROW if seat == 0 else ''}><td>{place_of(verdict.scores, seat)}</td>"
        f'<th scope="row">{names[seat]}</th><td>{verdict.scores[seat]}</td></tr>'
        for seat in order
    )
    if mine is not None:
        rows += f'<tr class="me"><td>{place_of(mine["scores"])}</td><th scope="row">{t("you")}</th><td>{mine["scores"][0]}</td></tr>'
    head = "".join(f'<th scope="col">{t(key)}</th>' for key in ("over.place", "over.player", "over.points"))
    return f'<table class="placing"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'


def hand_line(verdict, hand, number: int, names: list, mine) -> str:
    """One hand in words: what the friend passed and took (Q♠, a moon), and beside it what you did."""
    theirs = t_about("verdict.their_hand", names[0], passed=cards_text(hand.passed), points=hand.taken[0])
    if hand.direction == "hold":
        theirs = t_about("verdict.their_hold", names[0], points=hand.taken[0])
    extra = _took_what(hand.queen, hand.shooter)
    line = f"<b>{t('verdict.hand', number=number + 1, direction=t('passing.' + hand.direction))}</b> {theirs}{extra}"
    if mine is not None and number < len(mine["hands"]):
        own = mine["hands"][number]
        yours = t("verdict.your_hand", passed=cards_text(own["passed"]), points=own["taken"][0])
        if hand.direction == "hold":
            yours = t("verdict.your_hold", points=own["taken"][0])
        line += f"; {yours}{_took_what(own.get('queen'), own.get('shooter'))}"
    return f"<li>{line}</li>"


def _took_what(queen, shooter) -> str:
    if shooter == 0:
        return " " + t("verdict.moon")
    return " " + t("verdict.queen") if queen == 0 else ""


def replay(verdict, names: list) -> str:
    """Every trick of the friend's game, hand by hand (each hand folded): the cards in the order played,
    each with its player, the trick's taker marked."""
    hands = []
    for number, hand in enumerate(verdict.hands):
        tricks = "".join(
            f'<li><div class="trick-row">{trick_figures(trick, names)}</div></li>' for trick in hand.tricks
        )
        summary = t("verdict.hand", number=number + 1, direction=t("passing." + hand.direction))
        hands.append(f'<details><summary>{summary}</summary><ol class="tricks">{tricks}</ol></details>')
    return "".join(hands)
