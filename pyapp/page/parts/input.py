"""The input manager: the page's DOM events turned into the person's intents (the 2048 input manager's idea).

A click on a card or a control, a key, or a change in the new-game form
becomes one call of the controller's ``perform(action, data)`` with what
the event means (the card, the panel, the form's values: plain data);
nothing here knows the rules, talks to the engine or draws (the actuator
moves the focus).  Every listener runs inside the controller's guard.
"""

import asyncio

FORM_SETTINGS = ("speed", "collect", "think_ms", "language", "undo", "autoplay", "sound", "vibrate", "away", "stun")


# The data-* attributes read as whole numbers, and as flags (present and not empty); any other is text.
NUMBERS = ("index", "hand", "seat", "page")
FLAGS = ("confirmed", "native", "on")
HAND_KEYS = ("ArrowLeft", "ArrowRight", "Home", "End")  # move the focus along the hand


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
        # The actions that send more than their control's attributes: what the form or field they send says.
        self.readers = {
            "accept-reply": self.read_reply,
            "save-settings": self.read_settings,
            "start": self.read_new_game_form,
        }
        guard = controller.guard
        for kind, listener in (("click", self.on_click), ("keydown", self.on_key), ("change", self.on_change)):
            document.addEventListener(kind, create_proxy(lambda event, listener=listener: guard.call(listener, event)))
        # The seats follow the count as it is typed.
        document.addEventListener("input", create_proxy(lambda event: guard.call(self.on_change, event)))

    def emit(self, action: str, data: dict = None) -> None:
        """Hand an intent to the controller (it runs in the background; clicks never wait)."""
        task = asyncio.create_task(self.controller.perform(action, data or {}))
        self.tasks = [other for other in self.tasks if not other.done()] + [task]

    def on_click(self, event) -> None:
        """A click on a card or a control: its action (``data-action``; a card of the hand: ``card``) with
        what its ``data-*`` attributes carry (:func:`carried`) and, for a few, what the form or field they
        send says (:attr:`readers`)."""
        target = event.target.closest("[data-action], #hand .card")
        if not target:
            return
        action = target.getAttribute("data-action") or "card"
        data = carried(target)
        reader = self.readers.get(action)
        if reader is not None:
            data.update(reader(target))
        self.emit(action, data)

    def read_reply(self, target) -> dict:
        """The reply code pasted for a friend's seat."""
        return {"code": self.document.getElementById("reply-" + target.getAttribute("data-seat")).value}

    def read_settings(self, target) -> dict:
        """The settings form's values."""
        return {"settings": {name: self.document.getElementById("opt-" + name).value for name in FORM_SETTINGS}}

    def read_new_game_form(self, target=None) -> dict:
        """What the new-game form says: rules, levels and names of the other seats, preset, the player's name,
        and whether this device is the table."""
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
            "table": bool(document.getElementById("opt-table").checked),
        }

    def on_change(self, event) -> None:
        """A field of the new-game form changed: its preset chosen (``preset``, with the whole form), or
        another field (``form-change``: its name and value, and the rules for an option of the rules)."""
        if self.controller.session.panel != "new":
            return
        name = event.target.getAttribute("name")
        if name == "preset" and event.type == "change":
            form = self.read_new_game_form()
            form["preset"] = event.target.value
            self.emit("preset", form)
            return
        data = {"name": name, "value": event.target.value}
        if any(option["name"] == name for option in self.controller.catalog["options"]):
            data["rules"] = self.read_new_game_form()["rules"]
        self.emit("form-change", data)

    def on_key(self, event) -> None:
        """Arrow keys move along the hand; Escape closes a panel (or the game's result); Tab stays in a dialog;
        Ctrl+Z undoes."""
        key = event.key
        session = self.controller.session
        actuator = self.controller.actuator
        if key == "Escape" and (actuator.menu_shown() or session.panel or session.result_shown):
            self.emit("close")
            return
        if key == "Tab" and not self.document.getElementById("dialog").hidden:
            if actuator.focus.round_dialog(bool(event.shiftKey)):
                event.preventDefault()
            return
        if key in ("z", "Z") and (event.ctrlKey or event.metaKey):
            if self.document.querySelector("[data-action=undo]"):
                event.preventDefault()
                self.emit("undo")
            return
        card = event.target.closest("#hand .card") if event.target.closest else None
        if card and key in HAND_KEYS:
            actuator.focus.along_hand(int(card.getAttribute("data-index")), key)
            event.preventDefault()
