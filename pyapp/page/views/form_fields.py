"""The fields of an open form, as the person changes them: the new-game form follows its rules and its
number of players, and a link's field is read or selected to be copied.  ``document`` is the page's."""


class FormFields:
    """Reads and updates the open form's fields."""

    def __init__(self, document):
        self.document = document

    def show_preset(self, name: str) -> None:
        """The new-game form's preset field says ``name`` (the rules as they now are)."""
        self.document.getElementById("opt-preset").value = name

    def show_variant_options(self, variant: str) -> None:
        """The new-game form shows the options of ``variant`` only (the Omnibus card, say)."""
        rows = self.document.querySelectorAll("#dialog .option-row")
        for index in range(rows.length):
            row = rows.item(index)
            row.hidden = row.getAttribute("data-variant") != variant

    def show_seats(self, players: int, places: list) -> None:
        """The new-game form shows the seats of ``players`` (``places[seat]``: where it sits and its name
        field's label)."""
        rows = self.document.querySelectorAll("#dialog .seat-row")
        for index in range(rows.length):
            row = rows.item(index)
            seat = int(row.getAttribute("data-seat"))
            row.hidden = seat >= players
            place, name_label = places[seat]
            row.querySelector("label").textContent = place
            row.querySelector("input").setAttribute("aria-label", name_label)

    def field_text(self, field: str) -> str:
        """The text in the field of id ``field`` (a link to copy)."""
        return str(self.document.getElementById(field).value)

    def select_field(self, field: str) -> None:
        """Focus and select the field of id ``field`` (to be copied by hand)."""
        element = self.document.getElementById(field)
        element.focus()
        element.select()

    def show_labels(self, name: str, labels: dict) -> None:
        """The select ``name`` of the form labels each of its choices as ``labels`` says (choice → words)."""
        options = self.document.querySelectorAll("#opt-" + name + " option")
        for index in range(options.length):
            option = options.item(index)
            words = labels.get(str(option.value))
            if words is not None:
                option.textContent = words
