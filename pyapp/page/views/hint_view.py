"""The hint on screen: the cards it suggests lifted in the hand with a badge, and its words just above the hand.

While passing, the hint is the three cards to pass with the reasons for them
(:class:`pyapp.shared.protocol.PassHint`, whose codes each have a text here);
while playing, the one card to play (marked in the hand), and when the
person asks why (``session.figures``): what it does (the reason the review
and the coach word alike), the cards about as good as it, and the estimate
on every card with what it means.  The words sit in the page's flow, above the cards, so they
never cover a button.
Plain Python for MicroPython and CPython.
"""

from ...shared import protocol
from ..session import positions
from ..words.i18n import card_name, decimal, t
from ..words.play_reasons import pass_reason_text, why_text
from .review_view import coloured


def hint_of(session):
    """The hint on screen for the decision in view: the pass's or the play's (None: none)."""
    step = session.step
    if step == protocol.STEP_PASS:
        return session.pass_hint
    return session.hint if step == protocol.STEP_PLAY else None


def marked(session) -> list:
    """The indices in the hand of the cards the hint suggests (of two identical cards, the first)."""
    step, hand = session.step, session.view.hand if session.view is not None else []
    if step == protocol.STEP_PASS and session.pass_hint is not None:
        wanted = list(session.pass_hint.cards)
    elif step == protocol.STEP_PLAY and session.hint is not None:
        wanted = [session.hint.best]
    else:
        return []
    return positions(hand, wanted)


def card_hint(session, index: int, card: str) -> tuple:
    """What the hint adds to a card of the hand: (its class, its attributes, its spoken name or "")."""
    classes, attributes, label = "", "", ""
    if index in marked(session):
        classes, attributes = "hinted", f' data-badge="{t("hint.badge")}"'
        label = t("hint.card", card=card_name(card))
    hint = session.hint if session.step == protocol.STEP_PLAY else None
    if hint is not None and session.figures and card in hint.points:
        points = decimal(hint.points[card])  # one decimal: an estimate, not a count
        attributes += f' data-hint="{points}"'
        label = t("hand.estimate_best" if card == hint.best else "hand.estimate", card=card_name(card), points=points)
    return classes, attributes, label


def sentences(session, write) -> list:
    """The hint's words, its cards written by ``write`` (a list of card texts → text)."""
    hint = hint_of(session)
    if hint is None:
        return []
    if session.step == protocol.STEP_PASS:
        reasons = [pass_reason_text(code, write(cards)) for code, cards in hint.reasons]
        return [t("hint.pass", cards=write(hint.cards))] + [reason for reason in reasons if reason]
    words = [t("hint.play", card=write([hint.best]))]
    words += [sentence for sentence in [why_text(hint.why, write)] if sentence]
    if hint.close:
        words.append(t("hint.as_good", cards=write(hint.close)))
    if session.figures:
        words.append(t("hint.figures", card=write([hint.best]), points=decimal(hint.points[hint.best])))
    return words


def spoken(session) -> str:
    """The hint's words for screen readers (cards by their names)."""
    return " ".join(sentences(session, lambda cards: ", ".join(card_name(card) for card in cards)))


def render_hint(session) -> str:
    """The hint's words above the hand: while it thinks, that it does; the pass's three and why; a play's
    why, the cards about as good and what its figures mean, once the person asks for them (the card itself
    is marked in the hand: on a small screen the words take the felt's room only on demand)."""
    if session.hinting and session.step in (protocol.STEP_PASS, protocol.STEP_PLAY):
        return f'<div class="hint-box"><p>{t("hint.thinking")}</p></div>'
    words = sentences(session, coloured)
    if not words:
        return ""
    if session.step == protocol.STEP_PLAY:  # the card is marked; why, the others as good and the figures on demand
        if not session.figures:
            return ""
        return '<div class="hint-box">' + "".join(f"<p>{sentence}</p>" for sentence in words[1:]) + "</div>"
    body = f"<p>{words[0]}</p>"
    if len(words) > 1:  # the pass's reasons
        body += "<ul>" + "".join(f"<li>{reason}</li>" for reason in words[1:]) + "</ul>"
    return f'<div class="hint-box">{body}</div>'


def figures_toggle(session) -> str:
    """The button that shows or hides the play hint's figures (in the Hint button's place once the hint is in)."""
    shown = "true" if session.figures else "false"
    label = t("hint.figures_hide" if session.figures else "hint.figures_show")
    return f'<button type="button" class="hint-button" data-action="figures" aria-pressed="{shown}">{label}</button>'
