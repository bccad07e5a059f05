"""The statistics panel, per preset.

Only reads state and returns markup (:mod:`pyapp.page.views.view` puts the page together); every text
that comes from outside is escaped.  Plain Python for MicroPython and CPython.
"""

from .. import player_stats
from ..words.i18n import t
from .markup import (
    close_button,
    dialog,
    escape,
)

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
