"""The input manager: the page's DOM events turned into the person's intents (the 2048 input manager's idea).

A click on a card or a control, a key, or a change in the new-game form
becomes one call of the controller's ``perform(action, data)`` with what
the event means (the card, the panel, the form's values); nothing here
knows the rules or talks to the engine.
"""

import asyncio

from .form_view import seat_place
from .player_stats import preset_of

FORM_SETTINGS = ("speed", "collect", "think_ms", "language", "undo", "autoplay", "sound", "stun")


# The data-* attributes read as whole numbers, and as flags (present and not empty); any other is text.
NUMBERS = ("index", "hand", "seat", "page")
FLAGS = ("confirmed", "native", "on")
# The actions that send more than their control's attributes: the method of InputManager that reads it.
READERS = {
    "accept-reply": "read_reply",
    "copy": "read_field",
    "save-settings": "read_settings",
    "start": "read_form",
}


def carried(target) -> dict:
    """What a control's ``data-*`` attributes carry (but its action), by name without ``data-``."""
    data = {}
    names = target.getAttributeNames()
    for position in range(names.length):
        attribute = str(names[position])
        if not attribute.startswith("data-") or attribute == "data-action":
            continue
        name, value = attribute[5:], target.getAttribute(attribute)
        if name in NUMBERS:
            data[name] = int(value) if value else None
        elif name in FLAGS:
            data[name] = bool(value)
        else:
            data[name] = value
    return data


class InputManager:
    """Listens to the page and tells the controller what the person wants."""

    def __init__(self, document, create_proxy, controller):
        self.document = document
        self.controller = controller
        self.tasks = []
        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("keydown", create_proxy(self.on_key))
        document.addEventListener("change", create_proxy(self.on_change))
        document.addEventListener("input", create_proxy(self.on_change))  # the seats follow the count as typed

    def emit(self, action: str, data: dict = None) -> None:
        """Hand an intent to the controller (it runs in the background; clicks never wait)."""
        task = asyncio.create_task(self.controller.perform(action, data or {}))
        self.tasks = [other for other in self.tasks if not other.done()] + [task]

    def on_click(self, event) -> None:
        """A click on a card or a control: its action (``data-action``; a card of the hand: ``card``) with
        what its ``data-*`` attributes carry (:func:`carried`) and, for a few, what the form or field they
        send says (:data:`READERS`)."""
        target = event.target.closest("[data-action], #hand .card")
        if not target:
            return
        action = target.getAttribute("data-action") or "card"
        data = carried(target)
        reader = READERS.get(action)
        if reader is not None:
            data.update(getattr(self, reader)(target))
        self.emit(action, data)

    def read_reply(self, target) -> dict:
        """The reply code pasted for a friend's seat."""
        return {"code": self.document.getElementById("reply-" + target.getAttribute("data-seat")).value}

    def read_field(self, target) -> dict:
        """The field a Copy button copies (``data-target``)."""
        return {"field": self.document.getElementById(target.getAttribute("data-target"))}

    def read_settings(self, target) -> dict:
        """The settings form's values."""
        return {"settings": {name: self.document.getElementById("opt-" + name).value for name in FORM_SETTINGS}}

    def read_form(self, target) -> dict:
        """The new-game form (:meth:`read_new_game_form`)."""
        return self.read_new_game_form()

    def read_new_game_form(self) -> dict:
        """What the new-game form says: rules, levels and names of the other seats, preset, the player's name."""
        catalog = self.controller.catalog
        document = self.document
        rules = {}
        for option in catalog["options"]:
            element = document.getElementById("opt-" + option["name"])
            if option["type"] == "bool":
                rules[option["name"]] = bool(element.checked)
            elif option["type"] == "int":
                try:
                    rules[option["name"]] = int(element.value)
                except ValueError:
                    rules[option["name"]] = option["default"]
            else:
                rules[option["name"]] = element.value
        levels, names = [], []
        for seat in range(1, max(rules["players"], 1)):
            element = document.getElementById(f"opt-level-{seat}")
            levels.append(element.value if element else catalog["levels"][0])
            name = document.getElementById(f"opt-seatname-{seat}")
            names.append(name.value if name else "")
        return {
            "rules": rules,
            "levels": levels,
            "names": names,
            "preset": document.getElementById("opt-preset").value,
            "name": document.getElementById("opt-name").value,
        }

    def on_change(self, event) -> None:
        """The new-game form follows its preset (redrawn), its preset field the rules (the preset they
        are, or custom), and its player count (seats shown or hidden)."""
        if self.controller.session.panel != "new":
            return
        name = event.target.getAttribute("name")
        if name == "preset" and event.type == "change":
            form = self.read_new_game_form()
            form["preset"] = event.target.value
            self.emit("preset", form)
            return
        catalog = self.controller.catalog
        if any(option["name"] == name for option in catalog["options"]):
            rules = self.read_new_game_form()["rules"]
            self.document.getElementById("opt-preset").value = preset_of(rules, catalog["presets"])
        if name == "variant":  # an option of one variant only (the Omnibus card) shows with it
            rows = self.document.querySelectorAll("#dialog .option-row")
            for index in range(rows.length):
                row = rows.item(index)
                row.hidden = row.getAttribute("data-variant") != event.target.value
        if name == "players":
            try:
                players = int(event.target.value)
            except ValueError:
                return
            rows = self.document.querySelectorAll("#dialog .seat-row")
            for index in range(rows.length):
                row = rows.item(index)
                seat = int(row.getAttribute("data-seat"))
                row.hidden = seat >= players
                place, name_label = seat_place(seat, players)  # where the seat is, at this many players
                row.querySelector("label").textContent = place
                row.querySelector("input").setAttribute("aria-label", name_label)

    def keep_focus_in_dialog(self, event) -> None:
        """Tab and Shift+Tab go round the open dialog's controls, never behind it."""
        found = self.document.querySelectorAll(
            "#dialog button:not([disabled]), #dialog select, #dialog input, #dialog textarea, #dialog a[href]"
        )
        controls = [found.item(i) for i in range(found.length) if not found.item(i).closest("[hidden]")]
        if not controls:
            return
        first, last = controls[0], controls[-1]
        focused = self.document.activeElement
        inside = focused is not None and focused.closest and focused.closest("#dialog")
        if not inside or (event.shiftKey and focused == first) or (not event.shiftKey and focused == last):
            event.preventDefault()
            (last if event.shiftKey else first).focus()

    def on_key(self, event) -> None:
        """Arrow keys move along the hand; Escape closes a panel (or the game's result); Tab stays in a dialog;
        Ctrl+Z undoes."""
        key = event.key
        session = self.controller.session
        menu = self.controller.actuator.menu_shown()
        if key == "Escape" and (menu or session.panel or session.result_shown):
            self.emit("close")
            return
        if key == "Tab" and not self.document.getElementById("dialog").hidden:
            self.keep_focus_in_dialog(event)
            return
        if key in ("z", "Z") and (event.ctrlKey or event.metaKey):
            undo = self.document.querySelector("[data-action=undo]")
            if undo:
                event.preventDefault()
                undo.click()
            return
        card = event.target.closest("#hand .card") if event.target.closest else None
        if card and key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            cards = self.document.querySelectorAll("#hand .card")
            index = int(card.getAttribute("data-index"))
            last = cards.length - 1
            target = {"ArrowLeft": max(index - 1, 0), "ArrowRight": min(index + 1, last), "Home": 0, "End": last}[key]
            cards.item(target).focus()
            event.preventDefault()
