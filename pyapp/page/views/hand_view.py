"""The hand under the table: the person's cards, the words above them and the row of buttons.

Only reads state and returns markup (:mod:`pyapp.page.views.view` puts the page together); every text
that comes from outside is escaped.  Plain Python for MicroPython and CPython.
"""

from ...shared import protocol
from .. import lesson
from ..words.i18n import card_name, t
from ..words.refusals import refusal_text
from .coach_view import held_back, render_coach
from .hand_end_view import again_button
from .hint_view import card_hint, figures_toggle, render_hint
from .markup import (
    card_markup,
    escape,
)
from .table_view import benched_here

UNDO_STEPS = (
    protocol.STEP_PLAY,
    protocol.STEP_PASS,
    protocol.STEP_COLLECT,
)  # when the person may take back their last decision


def reason(view, card: str) -> str:
    """Why a card of the hand cannot be played now, and what may be played instead, in the language in use."""
    refusal = view.reasons.get(card)
    return refusal_text(refusal, view.rules) if refusal else ""


def render_hand(session) -> str:
    """The viewer's hand, sorted by suit: playable cards bright, the rest dimmed; the pass button."""
    if session.view is None:
        return ""
    view = session.view
    step = session.step
    if step == protocol.STEP_HANDOFF:
        return f'<p class="hidden-hand">{t("handoff.hidden")}</p>'
    if session.table_screen:  # it holds no cards: only the game's end offers the next game here
        return render_over_tools(session)
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
    if step == protocol.STEP_PLAY and not lesson.speaking(session):  # (a lesson is played by hand: no Finish)
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
    parts.append(render_over_tools(session))
    return "".join(parts)


def render_over_tools(session) -> str:
    """After the game's result was closed: play again, or open the result again."""
    if session.step != protocol.STEP_OVER or not session.result_closed:
        return ""
    return (
        f'<div class="tools">{again_button(session)}'
        f'<button type="button" class="hint-button" data-action="result">{t("over.title")}</button></div>'
    )
