"""The input manager: the page's DOM events turned into the person's intents (the 2048 input manager's idea).

A click on a card or a control, a key, or a change in the new-game form
becomes one call of the controller's ``perform(action, data)`` with what
the event means (the card, the panel, the form's values); nothing here
knows the rules or talks to the engine.
"""

import asyncio

from .player_stats import preset_of
from .view import seat_place

FORM_SETTINGS = ("speed", "collect", "think_ms", "language", "undo", "autoplay", "sound", "stun")


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
        """A click on a card or a control."""
        target = event.target.closest("[data-action], #hand .card")
        if not target:
            return
        action = target.getAttribute("data-action")
        if not action:
            index = target.getAttribute("data-index")  # two decks: which of two equal cards
            self.emit("card", {"card": target.getAttribute("data-card"), "index": int(index) if index else None})
        elif action == "open":
            self.emit("open", {"panel": target.getAttribute("data-panel")})
        elif action == "moon":
            self.emit("moon", {"choice": target.getAttribute("data-choice")})
        elif action == "review":
            seat = target.getAttribute("data-seat")  # party mode: whose review
            self.emit("review", {"hand": int(target.getAttribute("data-hand")), "seat": int(seat) if seat else None})
        elif action == "review-page":
            self.emit("review-page", {"page": int(target.getAttribute("data-page"))})
        elif action == "accept-reply":
            seat = int(target.getAttribute("data-seat"))
            self.emit("accept-reply", {"seat": seat, "code": self.document.getElementById(f"reply-{seat}").value})
        elif action == "scan":
            self.emit("scan", {"seat": int(target.getAttribute("data-seat"))})
        elif action == "stand-in":
            self.emit(
                "stand-in", {"seat": int(target.getAttribute("data-seat")), "on": bool(target.getAttribute("data-on"))}
            )
        elif action == "copy":
            field = self.document.getElementById(target.getAttribute("data-target"))
            native, said = bool(target.getAttribute("data-native")), target.getAttribute("data-said")
            self.emit("copy", {"field": field, "native": native, "said": said})
        elif action == "save-settings":
            values = {name: self.document.getElementById("opt-" + name).value for name in FORM_SETTINGS}
            self.emit("save-settings", {"settings": values})
        elif action == "start":
            self.emit("start", self.read_new_game_form())
        elif action == "daily":
            confirmed = bool(target.getAttribute("data-confirmed"))  # (the game in progress may end)
            self.emit("daily", {"date": target.getAttribute("data-date") or "", "confirmed": confirmed})
        elif action == "replay":
            confirmed = bool(target.getAttribute("data-confirmed"))
            self.emit("replay", {"hand": int(target.getAttribute("data-hand")), "confirmed": confirmed})
        else:
            self.emit(action)

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
