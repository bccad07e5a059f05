"""The page's main thread (MicroPython): input, storage and rendering around the engine worker.

A click travels input → engine worker → new view → renderer, and nothing
else redraws the page.  The engine (Pyodide) runs in the ``engine`` worker,
so the page never freezes while it starts or while the computer thinks.  A
saved game is drawn from storage before the engine is ready.
"""

import asyncio
import json

from pyscript import document, window, workers
from pyscript.ffi import create_proxy
from web import player_stats, view
from web.announce import announcement, sound_of
from web.i18n import card_name, pick_language, set_language, t
from web.names import DEFAULT_LEVEL
from web.player_stats import STATS_KEY
from web.session import Session
from web.storage import BROKEN_KEY, SAVE_KEY, SETTINGS_KEY, Storage

COLLECT_DELAY = 1.2
COLLECT_SLIDE = 0.3
NOTICE_SECONDS = 4
LINK_NOTICE_SECONDS = 12


def browser_storage() -> Storage:
    """localStorage when the browser allows it, memory otherwise."""
    try:
        return Storage(window.localStorage)
    except Exception:
        storage = Storage()
        storage.problem = "storage.unavailable"
        return storage


def parse_json(text):
    """Parsed JSON, or None when the text is missing or not JSON."""
    if not isinstance(text, str):
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


class App:
    """Wires the session, the storage, the engine worker and the page's elements together."""

    def __init__(self):
        self.storage = browser_storage()
        self.session = Session(parse_json(self.storage.get(SETTINGS_KEY)))
        self.session.stats = player_stats.load(self.storage.get(STATS_KEY))
        self.engine = None
        self.catalog = None
        self.advancing = False
        self.notice_serial = 0
        self.notice_task = None
        self.click_task = None
        regions = ("table", "hand", "sheet", "dialog", "notice", "announce")
        self.reduced_motion = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.regions = {name: document.getElementById(name) for name in regions}
        self.use_language()
        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("keydown", create_proxy(self.on_key))
        document.addEventListener("change", create_proxy(self.on_change))
        document.addEventListener("input", create_proxy(self.on_change))  # the seats follow the count as it is typed

    # Rendering -------------------------------------------------------------

    def use_language(self):
        """Speak the chosen language (or the browser's) and label the page's fixed parts in it."""
        code = set_language(self.session.settings.get("language") or pick_language(list(window.navigator.languages)))
        document.documentElement.lang = code
        document.title = t("app.name") + " · " + t("app.local")
        document.getElementById("title").innerHTML = view.render_title()
        document.getElementById("nav").innerHTML = view.render_nav()
        document.getElementById("nav").setAttribute("aria-label", t("nav.label"))
        document.querySelector("#update span").textContent = t("update.text")
        document.querySelector("#update button").textContent = t("update.reload")
        for name in ("table", "hand", "sheet"):
            self.regions[name].setAttribute("aria-label", t("region." + name))

    def render(self):
        """Draw everything from state (the only way the page changes)."""
        focused = document.activeElement
        focus_card = focused.getAttribute("data-card") if focused and focused.closest("#hand") else None
        self.regions["table"].innerHTML = view.render_table(self.session)
        self.regions["hand"].innerHTML = view.render_hand(self.session)
        self.regions["sheet"].innerHTML = view.render_sheet(self.session)
        dialog = view.render_dialog(self.session, self.catalog)
        opened = dialog and not self.regions["dialog"].innerHTML
        self.regions["dialog"].innerHTML = dialog
        self.regions["dialog"].hidden = not dialog
        self.regions["table"].setAttribute("data-ready", "true")
        self.session.arrivals = []  # each card flies in once
        self.session.dealing = False
        if opened:
            first = self.regions["dialog"].querySelector("button.primary, select, input, button")
            if first:
                first.focus()
        elif focus_card:
            card = self.regions["hand"].querySelector(f'[data-card="{focus_card}"]')
            if card:
                card.focus()

    def notify(self, text, seconds=NOTICE_SECONDS):
        """Show a short message (read out by screen readers) for a few seconds; always as text, never markup."""
        self.notice_serial += 1
        serial = self.notice_serial
        self.regions["notice"].textContent = text
        self.regions["notice"].hidden = False

        async def clear():
            await asyncio.sleep(seconds)
            if serial == self.notice_serial:
                self.regions["notice"].hidden = True

        self.notice_task = asyncio.create_task(clear())

    # Storage ---------------------------------------------------------------

    def save(self):
        """Save the game and settings after every change; tell the player once if storage fails."""
        if self.session.view is not None and "save" in self.session.view:
            self.storage.set(SAVE_KEY, self.session.save_record())
        self.storage.set(SETTINGS_KEY, json.dumps(self.session.settings))
        if self.storage.problem:
            self.notify(t(self.storage.problem))
            self.storage.problem = ""

    def saved_record(self):
        """The saved game record (it may be broken), and its raw text."""
        raw = self.storage.get(SAVE_KEY)
        return parse_json(raw), raw

    # Engine ----------------------------------------------------------------

    async def call(self, name, *args):
        """Call an exported engine function; its JSON answer as data."""
        answer = await getattr(self.engine, name)(*args)
        return json.loads(answer)

    def accept(self, answer, fresh=False):
        """Take the engine's answer: a new view, or a message when it refused."""
        if not answer.get("ok"):
            self.notify(answer.get("error") or t("notice.error"))
            return False
        before = self.session.view if self.session.ready else None
        self.session.show(answer["view"], fresh)
        self.save()
        spoken = announcement(before, answer["view"])
        if spoken:
            self.regions["announce"].textContent = spoken
        effect = sound_of(before, answer["view"])
        if effect and self.session.settings.get("sound") != "off" and window.heartsSound:
            window.heartsSound(effect)
        if player_stats.record(self.session.stats, answer["view"], self.catalog["presets"]):
            self.storage.set(STATS_KEY, json.dumps(self.session.stats))
        return True

    async def configure(self):
        """Tell the engine the settings it uses (the Hard players' thinking time)."""
        await self.call("configure", json.dumps({"think_ms": int(self.session.settings["think_ms"])}))

    async def boot(self):
        """Draw the saved game at once, start the engine, then resume, offer a shared deal, or deal a new game."""
        query = self.take_link_query()
        record, raw = self.saved_record()
        if record and isinstance(record.get("view"), dict) and isinstance(record.get("save"), dict):
            try:
                self.session.show(record["view"], fresh=True, ready=False)
                self.session.restore_page_state(record)
            except (KeyError, TypeError, ValueError):
                self.session.view = None
        self.render()
        if self.session.settings.get("sound") != "off" and window.heartsSoundWarm:
            window.heartsSoundWarm()  # while the engine loads, not in the middle of the first hand
        self.engine = await workers["engine"]
        self.catalog = json.loads(await self.engine.catalog())
        # Both interpreters are up: the service worker may now fetch what the page has not (assets/boot.js).
        window.dispatchEvent(window.Event.new("hearts:started"))
        link = await self.read_link(query) if query else None
        resumed = raw is not None and await self.resume(record, raw)
        if link and resumed and self.session.next_step() != "over":
            self.session.link = link
            self.session.panel = "link"  # the game in progress is not given up without asking
            await self.advance()
        elif link:
            await self.new_game(link)
        elif resumed:
            await self.advance()
        else:
            await self.new_game()

    async def resume(self, record, raw):
        """Load the saved game into the engine; a broken save is set aside with a message."""
        answer = await self.call("load_game", json.dumps(record.get("save")) if isinstance(record, dict) else raw)
        if answer.get("ok"):
            self.accept(answer, fresh=True)
            self.session.restore_page_state(record)
            await self.configure()
            return True
        self.storage.set(BROKEN_KEY, raw)
        self.storage.remove(SAVE_KEY)
        self.session.view = None
        self.notify(t("notice.broken_save", error=answer.get("error")))
        return False

    def take_link_query(self):
        """The page address's query (a shared deal), removed from the address so a reload does not repeat it."""
        query = str(window.location.search or "")
        if query:
            window.history.replaceState(window.history.state, "", window.location.pathname + window.location.hash)
        return query

    async def read_link(self, query):
        """A shared deal's rules, number and levels, or None with a message when the link is bad."""
        answer = await self.call("read_link", query)
        if answer.get("ok"):
            return answer["link"]
        self.notify(t("link.bad", error=answer.get("error")), LINK_NOTICE_SECONDS)
        return None

    def game_options(self, link=None):
        """The new-game options: a shared deal's, or the remembered form's (classic with Medium players)."""
        form = self.session.settings.get("form") or {}
        rules = (link or form).get("rules") or self.catalog["presets"][0]["rules"]
        players = self.rules_players(rules)
        levels = list((link or form).get("levels") or [])
        names = [] if link else list(form.get("names") or [])
        seats = [{"name": self.session.settings.get("name") or t("you"), "bot": None}]
        for seat in range(1, players):
            level = levels[seat - 1] if seat - 1 < len(levels) else DEFAULT_LEVEL
            name = names[seat - 1] if seat - 1 < len(names) else ""
            seats.append({"name": name, "bot": None if level == view.PERSON else level})
        options = {"rules": rules, "seats": seats}
        if link and link.get("seed") is not None:
            options["seed"] = link["seed"]
        return options

    def rules_players(self, rules):
        """The player count of (possibly partial) rules: missing options take their defaults."""
        default = next(option["default"] for option in self.catalog["options"] if option["name"] == "players")
        return int(rules.get("players", default))

    async def share(self):
        """Open the share panel: a link to this copy of the game, and one to the deal in progress."""
        address = str(window.location.origin) + str(window.location.pathname)
        deal = ""
        if self.engine is not None and self.session.view is not None:
            answer = await self.call("share_query")
            if answer.get("ok"):
                deal = address + "?" + answer["query"]
        self.session.share = {
            "game": address,
            "deal": deal,
            "native": bool(window.Reflect.has(window.navigator, "share")),
        }
        self.session.panel = "share"
        self.render()

    async def copy(self, target):
        """Copy a link from the share panel (or share it with the system's share sheet)."""
        field = document.getElementById(target.getAttribute("data-target"))
        text = field.value
        try:
            if target.getAttribute("data-native"):
                await window.navigator.share(window.Object.fromEntries([["title", document.title], ["url", text]]))
                return
            await window.navigator.clipboard.writeText(text)
            self.notify(t("share.copied"))
        except Exception:
            field.focus()
            field.select()
            self.notify(t("share.copy_by_hand"))

    async def new_game(self, link=None):
        """Deal a new match: a shared deal, or with the remembered options."""
        answer = await self.call("new_game", json.dumps(self.game_options(link)))
        if self.accept(answer, fresh=True):
            self.session.panel = ""
            await self.configure()
        else:
            form = self.session.settings.get("form") or {}
            form["error"] = answer.get("error")
            self.session.settings["form"] = form
            self.session.panel = "new"
        await self.advance()

    async def act(self, action):
        """Send a person's decision; the engine checks it."""
        self.accept(await self.call("act", json.dumps(action)))
        await self.advance()

    async def collect(self):
        """Take the finished trick off the table: its cards slide to the winner first (unless motion is off)."""
        trick = self.regions["table"].querySelector(".trick")
        if trick and not self.reduced_motion and self.session.settings["speed"] != "instant":
            trick.classList.add("collecting")
            await asyncio.sleep(COLLECT_SLIDE)
        self.session.collect()
        self.save()

    async def table_change(self, name, fresh=False):
        """Undo, claim or finish: the engine changes the game and the computers carry on."""
        self.accept(await self.call(name), fresh)
        await self.advance()

    async def advance(self):
        """Run the computer seats and timed steps until the person has something to do."""
        if self.advancing:
            return
        self.advancing = True
        try:
            while True:
                self.render()
                step = self.session.next_step()
                if step == "bot":
                    await asyncio.sleep(self.session.bot_delay_ms() / 1000)
                    self.accept(await self.call("bot_step"))
                elif self.session.autoplay_card():
                    await asyncio.sleep(self.session.bot_delay_ms() / 1000)
                    card = self.session.autoplay_card()
                    if card:
                        seat = self.session.view["observation"]["seat"]
                        self.accept(await self.call("act", json.dumps({"seat": seat, "play": card})))
                elif step == "collect" and self.session.settings["collect"] == "timer":
                    await asyncio.sleep(COLLECT_DELAY)
                    await self.collect()
                else:
                    return
        finally:
            self.advancing = False

    # Input -----------------------------------------------------------------

    def on_click(self, event):
        """Route a click on a card or a control."""
        target = event.target.closest("[data-action], #hand .card")
        if target:
            self.click_task = asyncio.create_task(self.handle(target))

    async def handle(self, target):
        """What a click means at this step."""
        session = self.session
        action = target.getAttribute("data-action")
        card = target.getAttribute("data-card")
        step = session.next_step()
        seat = session.view["observation"]["seat"] if session.view else 0
        if card and not action:
            if self.engine is None:
                self.notify(t("notice.starting"))
            elif step == "pass":
                session.toggle(card)
                self.render()
            elif step == "play" and card in session.view["observation"]["legal"]:
                await self.act({"seat": seat, "play": card})
            else:
                self.notify(view.reason(session.view, card) if step == "play" else t("notice.wait"))
        elif action == "pass" and session.ready_to_pass:
            await self.act({"seat": seat, "pass": list(session.selected)})
        elif action == "collect" and step == "collect":
            await self.collect()
            await self.advance()
        elif action == "next" and step == "summary":
            session.summary_read()
            self.save()
            await self.advance()
        elif action == "moon" and step == "moon":
            await self.act({"seat": seat, "moon": target.getAttribute("data-choice")})
        elif action == "open":
            session.panel = target.getAttribute("data-panel")
            self.render()
        elif action == "close":
            session.panel = ""
            session.confirm_reset = False
            self.render()
        elif action == "handoff" and step == "handoff":
            session.take_device()
            self.render()
            await self.advance()
        elif action == "ask-reset-stats":
            session.confirm_reset = True
            self.render()
        elif action == "reset-stats":
            session.stats = player_stats.empty()
            session.confirm_reset = False
            self.storage.set(STATS_KEY, json.dumps(session.stats))
            self.render()
        elif action == "share":
            await self.share()
        elif action == "copy":
            await self.copy(target)
        elif action == "play-link" and self.engine is not None and session.link:
            link, session.link = session.link, None
            await self.new_game(link)
        elif action == "again" and self.engine is not None:
            await self.new_game()
        elif action == "start" and self.engine is not None:
            self.read_new_game_form()
            await self.new_game()
        elif action == "save-settings":
            for name in ("speed", "collect", "think_ms", "language", "undo", "autoplay", "sound"):
                session.settings[name] = document.getElementById("opt-" + name).value
            session.panel = ""
            self.use_language()
            self.save()
            if self.engine is not None:
                await self.configure()
            await self.advance()
        elif action == "undo" and step in view.UNDO_STEPS and session.settings.get("undo") != "off":
            await self.table_change("undo", fresh=True)
        elif action in ("claim", "finish") and step == "play":
            await self.table_change(action)
        elif action == "hint" and step == "play":
            self.notify(t("notice.thinking"))
            answer = await self.call("hint")
            if answer.get("ok") and session.next_step() == "play":
                session.hint = answer["hint"]
                self.notify(t("notice.hint", card=card_name(answer["hint"]["best"])))
                self.render()
            elif not answer.get("ok"):
                self.notify(answer.get("error"))

    def read_new_game_form(self):
        """Remember what the new-game form says (the engine checks it when the game starts)."""
        form = self.session.settings.get("form") or {}
        rules = {}
        for option in self.catalog["options"]:
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
            levels.append(element.value if element else self.catalog["levels"][0])
            name = document.getElementById(f"opt-seatname-{seat}")
            names.append(name.value if name else "")
        preset = document.getElementById("opt-preset").value
        form.update(rules=rules, levels=levels, names=names, preset=preset, error="")
        self.session.settings["form"] = form
        self.session.settings["name"] = document.getElementById("opt-name").value

    def on_change(self, event):
        """The new-game form follows its preset (redrawn) and its player count (seats shown or hidden)."""
        name = event.target.getAttribute("name")
        if self.session.panel != "new":
            return
        if name == "preset" and event.type == "change":
            self.read_new_game_form()
            preset = next(p for p in self.catalog["presets"] if p["name"] == event.target.value)
            self.session.settings["form"]["rules"] = dict(preset["rules"])
            self.render()
        elif name == "players":
            try:
                players = int(event.target.value)
            except ValueError:
                return
            rows = self.regions["dialog"].querySelectorAll(".seat-row")
            for index in range(rows.length):
                row = rows.item(index)
                row.hidden = int(row.getAttribute("data-seat")) >= players

    def on_key(self, event):
        """Arrow keys move along the hand; Escape closes a panel."""
        key = event.key
        if key == "Escape" and self.session.panel:
            self.session.panel = ""
            self.render()
            return
        if key in ("z", "Z") and (event.ctrlKey or event.metaKey):
            undo = document.querySelector("[data-action=undo]")
            if undo:
                event.preventDefault()
                undo.click()
            return
        card = event.target.closest("#hand .card") if event.target.closest else None
        if card and key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            cards = self.regions["hand"].querySelectorAll(".card")
            index = int(card.getAttribute("data-index"))
            last = cards.length - 1
            target = {"ArrowLeft": max(index - 1, 0), "ArrowRight": min(index + 1, last), "Home": 0, "End": last}[key]
            cards.item(target).focus()
            event.preventDefault()


app = App()
await app.boot()  # noqa: F704 - PyScript runs this module with top-level await
