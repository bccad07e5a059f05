"""Draw the page from state: the heading, the menu, and the one dialog on show (the panel open, else the
step's own, else the game's result; a fault above all).

One render path (the 2048 actuator's idea): every change ends in the
renderers, which only read state and return markup, each beside the screen
it draws (the table: :mod:`.table_view`, the hand: :mod:`.hand_view`, the
score sheet: :mod:`.sheet_view`, and the dialogs' modules named in
:data:`PANELS` and :data:`STEP_DIALOGS`).  Every text that comes from
outside (names) is escaped.  Plain Python for MicroPython and CPython.
"""

from ...shared import protocol
from ..lesson import finished as lesson_finished
from ..words.i18n import t
from .coach_view import render_lesson_end
from .daily_view import render_daily_board, render_verdict
from .fault_view import render_fault
from .form_view import render_new_game, render_settings
from .friends_view import render_invitations, render_join
from .hand_end_view import render_game_over, render_handoff, render_leave, render_moon_choice, render_summary
from .how_to_play import render_how_to_play
from .review_view import render_review
from .share_view import render_game_ends, render_link_offer, render_share
from .stats_view import render_stats
from .table_view import render_last_trick


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
