"""The actuator: puts the rendered state on the page (the 2048 actuator's idea).

Every change of the page goes through :meth:`Actuator.render`, which draws
the table, the hand, the score sheet and the dialog from the session (the
markup comes from :mod:`pyapp.page.views.view`) and keeps the focus where the person had
it.  It also shows short notices, reads out what happened, plays sounds and
slides a collected trick away.  ``document`` and ``window`` are the page's.
"""

import asyncio

from ..words.i18n import t
from . import hand_view, sheet_view, table_view
from .focus import Focus
from .form_fields import FormFields
from .view import render_dialog, render_nav, render_title

NOTICE_SECONDS = 4
COLLECT_SLIDE = 0.3  # seconds a collected trick takes to slide to its winner


def page_helper(window, name: str):
    """The page's own JavaScript function ``name`` (from assets/sound.js, awake.js or morph.js), or None while
    its script is missing: one that failed to load, or is still on the way when Python starts on a busy
    machine, costs its effect, never the game.  (MicroPython raises on a name a JavaScript object lacks, so
    the name is looked up first.)"""
    return getattr(window, name) if window.Reflect.has(window, name) else None


class Actuator:
    """Draws the session onto the page's regions."""

    def __init__(self, document, window):
        self.document = document
        self.window = window
        names = ("table", "hand", "sheet", "dialog", "notice", "announce")
        self.regions = {name: document.getElementById(name) for name in names}
        self.reduced_motion = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.notice_serial = 0
        self.sheet_drawn = None  # what the score sheet was drawn from: it is redrawn only when that changes
        # The markup now on the page of the regions drawn whole (None: to be drawn whatever it is).
        self.drawn = {"table": None, "hand": "", "dialog": ""}
        self.awake = False  # whether the screen is asked to stay on
        self.tasks = []
        self.focus = Focus(document, window)  # where the keyboard's focus goes
        self.form = FormFields(document)  # the open form's fields

    def label_page(self, code: str) -> None:
        """Label the page's fixed parts in the language ``code`` now in use."""
        document = self.document
        document.documentElement.lang = code
        document.title = t("app.name") + " · " + t("app.local")
        document.getElementById("title").innerHTML = render_title()
        nav = document.getElementById("nav")
        nav.innerHTML = render_nav()
        nav.setAttribute("aria-label", t("nav.label"))
        document.getElementById("menu").textContent = "☰ " + t("nav.menu")
        document.querySelector("#update span").textContent = t("update.text")
        document.querySelector("#update button").textContent = t("update.reload")
        for name in ("table", "hand", "sheet"):
            self.regions[name].setAttribute("aria-label", t("region." + name))
        self.sheet_drawn = None

    def today(self) -> str:
        """The player's local date, ``YYYY-MM-DD`` (the deal of the day's)."""
        clock = self.window.Date.new()
        return f"{int(clock.getFullYear()):04d}-{int(clock.getMonth()) + 1:02d}-{int(clock.getDate()):02d}"

    def render(self, session, catalog, focus: bool = True) -> None:
        """Draw everything from state (the only way the page changes); ``focus``: put the focus where the
        drawing wants it now (else :meth:`place_focus` does, later: moving it lays the page out at once)."""
        focused = self.document.activeElement
        focus_card = focused.getAttribute("data-card") if focused and focused.closest("#hand") else None
        # The focus ring stays where the keyboard had it; a click or the page's first focus shows none.
        ring = bool(focused and focused != self.document.body and focused.matches(":focus-visible"))
        # A dialog's button with the focus (the review's Next): the same button has it when redrawn.
        in_dialog = focused and focused.closest("#dialog") and focused.getAttribute("data-action")
        same = f'button[data-action="{focused.getAttribute("data-action")}"]' if in_dialog else ""
        if same and focused.classList.contains("primary"):
            same += ".primary"
        self.draw("table", table_view.render_table(session))
        # The hand's cards are changed in place, but for a new deal's (they fly in).
        self.draw("hand", hand_view.render_hand(session), in_place=not session.dealing)
        drawn = sheet_view.drawn_from(session)
        if drawn != self.sheet_drawn:
            self.regions["sheet"].innerHTML = sheet_view.render_sheet(session)
            self.sheet_drawn = drawn
        dialog = render_dialog(session, catalog)
        opened = dialog and not self.drawn["dialog"]
        self.draw("dialog", dialog)  # (an unchanged dialog keeps its focus too)
        self.regions["dialog"].hidden = not dialog
        self.regions["table"].setAttribute("data-ready", "true" if session.ready else "false")
        # The table's own screen is laid out for a room to read (assets/style.css: body.table-screen).
        self.document.body.classList.toggle("table-screen", session.table_screen)
        self.stay_awake(session.shared_table)
        session.arrivals = []  # each card flies in once
        session.dealing = False
        if focus:
            self.place_focus(opened, same, focus_card, ring)

    def place_focus(
        self, opened: bool = False, same: str = "", focus_card: str | None = None, ring: bool = False
    ) -> None:
        """Put the focus where the drawing wants it: in a dialog that ``opened`` or lost it (on the button
        ``same`` selects, if any), else back on the hand's card ``focus_card`` (``ring``: with its focus ring),
        or in the hand if it fell to the page.  By default: where the first drawing wants it."""
        dialog = self.drawn["dialog"]
        if opened or (dialog and self.focus.lost()):  # a dialog opened, or redrawn under the focus
            enabled = "button.primary:not([disabled]), select, input, button:not([disabled])"
            first = same and self.regions["dialog"].querySelector(same + ":not([disabled])")
            first = first or self.regions["dialog"].querySelector(enabled)  # a disabled button cannot take it
            if first:
                first.focus()
            # Read from its start (a long dialog on a phone: the button focused may be far down).
            self.regions["dialog"].firstElementChild.scrollTop = 0
        elif not dialog:
            hand = self.regions["hand"]
            card = hand.querySelector(f'[data-card="{focus_card}"]') if focus_card else None
            if card and not hand.querySelector("[data-action=collect]"):
                card.focus(self.focus.options(ring))  # redrawn where it was: no jump
            elif card or self.focus.lost():
                self.focus.hand(ring)  # a finished trick takes the focus from the cards: Enter collects it

    def draw(self, name: str, markup: str, in_place: bool = False) -> None:
        """Show ``markup`` in region ``name`` unless it shows it already: an unchanged region keeps its elements
        (one being pressed stays to be released, and clicked); ``in_place``: the elements that stay are
        changed, not replaced (assets/morph.js), so that a redraw between press and release loses no click."""
        if markup == self.drawn[name]:
            return
        region = self.regions[name]
        morph = page_helper(self.window, "heartsMorph") if in_place else None
        if morph:
            morph(region, markup)
        else:
            region.innerHTML = markup
        self.drawn[name] = markup

    def reveal_hint(self) -> None:
        """Scroll the hint's words and the hand (its cards and buttons) into view: below a table that fills
        a small screen, they may be out of sight; when they do not fit together, the words come first."""
        hand = self.regions["hand"]
        words = hand.querySelector(".hint-box")
        if words:
            height = hand.getBoundingClientRect().height  # (0: a layout that lays the hand's parts out apart)
            fits = 0 < height <= self.window.innerHeight
            where = self.window.JSON.parse('{"block": "end"}' if fits else '{"block": "start"}')
            (hand if fits else words).scrollIntoView(where)

    def show_menu(self, shown: bool) -> None:
        """Open or fold the top bar's menu (a narrow screen shows the game's buttons only on demand)."""
        self.document.querySelector(".topbar").classList.toggle("open", shown)
        self.document.getElementById("menu").setAttribute("aria-expanded", "true" if shown else "false")

    def menu_shown(self) -> bool:
        """Whether the top bar's menu is open."""
        return self.document.getElementById("menu").getAttribute("aria-expanded") == "true"

    def notify(self, text: str, seconds: float = NOTICE_SECONDS) -> None:
        """Show a short message (read out by screen readers) for a few seconds; always as text, never markup."""
        self.notice_serial += 1
        serial = self.notice_serial
        notice = self.regions["notice"]
        notice.textContent = text
        notice.hidden = False

        async def clear():
            await asyncio.sleep(seconds)
            if serial == self.notice_serial:
                notice.hidden = True

        self.keep(asyncio.create_task(clear()))

    def keep(self, task) -> None:
        """Hold a background task until it is done (so it is not collected half-way)."""
        self.tasks = [other for other in self.tasks if not other.done()] + [task]

    def announce(self, text: str) -> None:
        """Read ``text`` out to screen readers (the live region)."""
        if text:
            self.regions["announce"].textContent = text

    def sound(self, effect: str, settings: dict) -> None:
        """Play a sound effect unless sound is off."""
        play = page_helper(self.window, "heartsSound") if effect and settings.get("sound") != "off" else None
        if play:
            play(effect)

    def buzz(self, settings: dict) -> None:
        """Buzz the phone (its person's turn has come) unless buzzing is off (assets/awake.js)."""
        buzz = page_helper(self.window, "heartsBuzz") if settings.get("vibrate") != "off" else None
        if buzz:
            buzz()

    def stay_awake(self, on: bool) -> None:
        """Keep the screen on while a game at a table of several devices is played (assets/awake.js asks for
        the Screen Wake Lock again whenever the page comes back to the front), or let it sleep again."""
        awake = page_helper(self.window, "heartsAwake") if on != self.awake else None
        if awake:
            awake(on)
        self.awake = on

    def warm_sound(self, settings: dict) -> None:
        """Start the browser's audio early (while the engine loads, not in the middle of the first hand)."""
        warm = page_helper(self.window, "heartsSoundWarm") if settings.get("sound") != "off" else None
        if warm:
            warm()

    async def slide_trick(self, settings: dict) -> None:
        """Slide the finished trick to its winner before it is collected (unless motion is off)."""
        trick = self.regions["table"].querySelector(".trick")
        if trick and not self.reduced_motion and settings.get("speed") != "instant":
            trick.classList.add("collecting")
            self.drawn["table"] = None  # (slid away here, not in the markup: the next drawing puts it back if it stays)
            await asyncio.sleep(COLLECT_SLIDE)

    def log(self, text: str) -> None:
        """Write ``text`` to the browser's console as an error (a fault's whole traceback)."""
        self.window.console.error(text)

    def build(self) -> str:
        """Which build of the game this is, for a fault's details: the engine's hash (written by the build)
        and the page's address."""
        engine = self.document.documentElement.getAttribute("data-engine") or "?"
        return "engine " + str(engine) + " at " + str(self.window.location.href)

    def started(self) -> None:
        """Tell the page's boot script that both interpreters are up (assets/boot.js then precaches)."""
        self.window.dispatchEvent(self.window.Event.new("hearts:started"))
