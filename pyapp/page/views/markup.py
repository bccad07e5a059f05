"""The markup every part of the page draws with: escaped text, cards, seat names, dialogs and buttons.

Plain Python for MicroPython and CPython.
"""

from ...shared.deal import card_face
from ..words.i18n import card_name, seat_shown_name, t

SUIT_CLASS = {"C": "black", "S": "black", "D": "red", "H": "red"}
COURTS = ("J", "Q", "K")


def escape(text) -> str:
    """Text made safe to put inside HTML and attribute values."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def card_markup(text: str, tag: str = "button", classes: str = "", attributes: str = "", label: str = "") -> str:
    """A card drawn in HTML: a court's figure in its frame (else its suit, large), rank and suit in two corners.

    Its name for screen readers is the card's name in words: a button says it
    in hidden text (so the name is the button's own content), a picture in
    its label.  How it looks is ``assets/cards.css``'s (a figure is that
    sheet's picture of the card named by ``data-card``).
    """
    rank, suit = card_face(text)
    rank = escape(rank)
    name = label or card_name(text)
    if tag == "button":
        opening, spoken = ' type="button"', f'<span class="visually-hidden">{name}</span>'
    else:
        opening, spoken = f' role="img" aria-label="{name}"', ""
    index = f"{rank}<i>{suit}</i>"  # the suit under the rank
    # The middle comes first, so that the corners are drawn over a figure's frame.
    if rank in COURTS:
        middle = '<span class="figure" aria-hidden="true"></span>'
    else:
        kind = "pip ace" if rank == "A" else "pip"
        middle = f'<span class="{kind}" aria-hidden="true">{suit}</span>'
    return (
        f'<{tag}{opening} class="card {SUIT_CLASS[text[1]]} {classes}" data-card="{escape(text)}"{attributes}>{spoken}'
        f"{middle}"
        f'<span class="corner" aria-hidden="true">{index}</span>'
        f'<span class="corner end" aria-hidden="true">{index}</span></{tag}>'
    )


def card_back_markup(classes: str = "", attributes: str = "") -> str:
    """A card face down (its look is ``assets/cards.css``'s ``.card.back``), sized like any card by ``--card-w``.

    It says nothing to screen readers: whoever draws backs names how many there are.
    """
    return f'<div class="card back{" " + classes if classes else ""}" aria-hidden="true"{attributes}></div>'


def short_card(text: str) -> str:
    """A card written short, escaped: ``"TH"`` → ``10♥``."""
    return escape("".join(card_face(text)))


def addressed(view, seat: int) -> bool:
    """Whether the page speaks to ``seat`` as "you": the viewer's seat, but not on a device several people
    share (party mode) nor on the table's own screen, where "you" would be nobody in particular."""
    return seat == view.seat and not view.party and view.table_screen is not True


def seat_name(view, seat: int) -> str:
    """The escaped name of a seat."""
    return escape(seat_shown_name(view, seat))


def seat_names(view) -> list:
    """The escaped names of every seat of ``view``."""
    return [seat_name(view, seat) for seat in range(len(view.seats))]


def trick_figures(trick, names: list) -> str:
    """A finished trick's cards in a row, each with its player's name (``names``: escaped, by seat), the
    winner's marked."""
    return "".join(
        f"<figure>{card_markup(card, 'div', 'small' + (' winner' if seat == trick.winner else ''))}"
        f"<figcaption>{names[seat]}</figcaption></figure>"
        for seat, card in trick.plays
    )


def dialog(title: str, body: str, buttons: str) -> str:
    """A modal dialog: its title, body and row of buttons (the first dialog on the page names itself by the title)."""
    return (
        f'<div class="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title">'
        f'<h2 id="dialog-title">{title}</h2>{body}<div class="buttons">{buttons}</div></div>'
    )


def close_button(label_key: str = "close") -> str:
    """The button that closes a panel."""
    return f'<button type="button" data-action="close">{t(label_key)}</button>'
