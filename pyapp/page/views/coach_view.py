"""The coach's markup: its words above the hand, the first visit's offer of a lesson, and the lesson's end.

What to say and which cards to offer is the coach's (:mod:`pyapp.page.coach`);
this only draws it.  Plain Python for MicroPython and CPython.
"""

from ...shared import protocol
from .. import coach, lesson
from ..words.i18n import t
from .how_to_play import render_welcome
from .markup import dialog


def render_coach(session) -> str:
    """The coach's box above the hand (with Skip), or on a first visit the welcome (with the offer of a lesson on
    its first deal), or the offer alone once the welcome is closed."""
    if lesson.speaking(session):
        lines = "".join(f"<p>{line}</p>" for line in coach.advise(session).lines)
        return (
            f'<div class="coach" role="note" aria-label="{t("coach.title")}">'
            f'<button type="button" class="coach-skip" data-action="lesson-skip">{t("coach.skip")}</button>{lines}</div>'
        )
    welcome = render_welcome(session, offering(session))
    if welcome:
        return welcome
    if offering(session):
        return (
            f'<div class="lesson-offer"><p>{t("coach.offer")}</p>'
            f'<button type="button" class="primary" data-action="lesson">{t("nav.lesson")}</button></div>'
        )
    return ""


def offering(session) -> bool:
    """Whether the first visit's offer shows: on its first deal, until the person has passed."""
    view = session.view
    return session.offer_lesson and view is not None and view.hand_index == 0 and view.phase == protocol.PHASE_PASS


def held_back(session) -> tuple:
    """The cards of the hand the coach does not offer now (none when it is not coaching)."""
    if not lesson.speaking(session) or session.step not in (protocol.STEP_PASS, protocol.STEP_PLAY):
        return ()
    coaching = coach.advise(session)
    if coaching.enabled is None:
        return ()
    return tuple(card for card in session.view.hand if card not in coaching.enabled and card not in session.picked)


def render_lesson_end(session) -> str:
    """The lesson's last word in place of its hand's summary, with a button to start a real game."""
    body = "".join(f"<p>{line}</p>" for line in coach.end_lines(session))
    button = f'<button type="button" class="primary" data-action="lesson-done">{t("coach.real_game")}</button>'
    return dialog(t("coach.end_title"), f'<div class="lesson-end">{body}</div>', button)
