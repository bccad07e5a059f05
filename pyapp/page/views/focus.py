"""Where the keyboard's focus goes on the page: kept in an open dialog, moved along the hand, put back after
a redraw.  ``document`` and ``window`` are the page's."""


class Focus:
    """Moves the focus (never scrolling the page)."""

    def __init__(self, document, window):
        self.document = document
        self.window = window

    def lost(self) -> bool:
        """Whether the focus fell to the page itself (what had it was redrawn away, or a dialog closed)."""
        focused = self.document.activeElement
        return focused is None or focused == self.document.body

    def options(self, ring: bool):
        """How the page moves the focus: never scrolling (no jump on a phone), with a ring only for the keyboard
        (a ring on a card the person did not go to would look like a choice)."""
        return self.window.JSON.parse('{"preventScroll": true, "focusVisible": %s}' % ("true" if ring else "false"))

    def hand(self, ring: bool = False) -> None:
        """Put the focus back in the hand: on what there is to do (collect), a card to choose, any card, a button;
        ``ring``: show the focus ring there (the keyboard had the focus)."""
        hand = self.document.getElementById("hand")
        for selector in ("[data-action=collect]", ".card:not([aria-disabled])", ".card", "button:not([disabled])"):
            target = hand.querySelector(selector)
            if target:
                target.focus(self.options(ring))
                return

    def round_dialog(self, backwards: bool) -> bool:
        """Tab (``backwards``: Shift+Tab) at either end of the open dialog's controls goes round to the other
        end, never behind the dialog; whether it moved the focus (else Tab does what it does)."""
        found = self.document.querySelectorAll(
            "#dialog button:not([disabled]), #dialog select, #dialog input, #dialog textarea, #dialog a[href]"
        )
        controls = [found.item(i) for i in range(found.length) if not found.item(i).closest("[hidden]")]
        if not controls:
            return False
        first, last = controls[0], controls[-1]
        focused = self.document.activeElement
        inside = focused is not None and focused.closest and focused.closest("#dialog")
        if not inside or (backwards and focused == first) or (not backwards and focused == last):
            (last if backwards else first).focus()
            return True
        return False

    def along_hand(self, index: int, key: str) -> None:
        """Move the focus from the hand's card at ``index`` by ``key`` (an arrow, Home or End)."""
        cards = self.document.querySelectorAll("#hand .card")
        last = cards.length - 1
        target = {"ArrowLeft": max(index - 1, 0), "ArrowRight": min(index + 1, last), "Home": 0, "End": last}[key]
        cards.item(target).focus()
