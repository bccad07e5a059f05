"""Why a card is played, in the player's words: the one wording the hint, the coach and the review share.

The engine sends a reason as a code and the cards it speaks of
(:mod:`pyapp.bots.play_reasons`): the card itself, then the card it goes
under; the page words it from ``why.<code>`` in each catalogue, with
``{card}`` and ``{other}``.  Plain Python for MicroPython and CPython.
"""

from .i18n import has_text, t


def pass_reason_text(code: str, cards: str) -> str:
    """One reason of a pass (a code of :mod:`pyapp.bots.pass_advice`, ``hint.why.<code>``) with its cards
    written (codes this page does not know: "")."""
    return t("hint.why." + code, cards=cards) if has_text("hint.why." + code) else ""


def why_text(reason, write) -> str:
    """Reason ``[code, cards]`` as one sentence, its cards written by ``write`` (a list of card texts →
    text); "" for none, or a code this page does not know."""
    code, cards = reason[0], list(reason[1])
    if not code or not has_text("why." + code):
        return ""
    card = write(cards[:1]) if cards else ""
    other = write(cards[1:2]) if len(cards) > 1 else ""
    return t("why." + code, card=card, other=other)
