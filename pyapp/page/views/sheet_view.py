"""The score sheet beside the table, with its legend.

Only reads state and returns markup (:mod:`pyapp.page.views.view` puts the page together); every text
that comes from outside is escaped.  Plain Python for MicroPython and CPython.
"""

from ..words.i18n import seat_shown_name, t
from .chart import render_chart
from .markup import (
    escape,
    seat_name,
)


def sheet_names(session) -> tuple:
    """The seat names the score sheet shows (with the results, what it is drawn from)."""
    view = session.view
    return tuple(seat_shown_name(view, seat) for seat in range(len(view.seats))) if view is not None else ()


def drawn_from(session) -> tuple:
    """What the score sheet is drawn from (it is drawn again only when this changes): the hands read, the
    seats' names, and the hands with a review to open (one may come after its hand's row is drawn)."""
    return (len(session.read_results), session.view is None, sheet_names(session), tuple(sorted(session.reviews)))


def render_sheet(session) -> str:
    """The score sheet, hand by hand like the paper one: running totals with each hand's points."""
    if session.view is None:
        return ""
    view = session.view
    players = len(view.seats)
    head = "".join(f'<th scope="col">{seat_name(view, seat)}</th>' for seat in range(players))
    rows = []
    results = session.read_results
    for number, result in enumerate(results):
        cells = []
        for seat in range(players):
            moon = " ☾" if result.shooter == seat else ""
            cells.append(f"<td>{result.totals[seat]}<small> {signed(result.added[seat])}{moon}</small></td>")
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
