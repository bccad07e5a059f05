"""The page's own state beside the engine's view, and what the page should do next.

Plain Python that MicroPython and CPython both run.  The engine's view says
what the match is; this says what the person has seen and chosen on screen:
the cards picked to pass, the finished trick already collected, the hand
summaries already read, the open panel and the settings.
"""

import json

from . import player_stats
from .announce import new_plays
from .names import SPEED_DELAYS

# language "": the browser's choice; name "": "You" in the language in use.
DEFAULT_SETTINGS = {
    "speed": "normal",
    "collect": "click",
    "name": "",
    "think_ms": "300",
    "form": None,
    "language": "",
    "undo": "on",
    "autoplay": "off",
    "sound": "on",
}
PASS_COUNT = 3


class Session:
    """What the person has seen and chosen; saved with the game so a reload resumes it."""

    def __init__(self, settings: dict = None):
        self.view = None
        self.ready = False  # the engine has answered: until then a saved game is only drawn
        self.selected = []
        self.hint = None
        self.collected = ""
        self.summaries_seen = 0
        self.panel = ""
        self.notice = ""
        self.link = None  # a shared deal waiting for the person's answer
        self.stats = player_stats.empty()
        self.shown_to = None  # party mode: the person who has taken the device and may see the cards
        self.arrivals = []  # plays new since the last view: they fly in
        self.dealing = False  # a new hand's first drawing: its cards are dealt in
        self.confirm_reset = False
        self.share = None  # the links the share panel shows
        self.settings = dict(DEFAULT_SETTINGS)
        if settings:
            for key in DEFAULT_SETTINGS:
                if key in settings:
                    self.settings[key] = settings[key]

    def show(self, view: dict, fresh: bool = False, ready: bool = True) -> None:
        """Take a new view; ``fresh`` for a new or loaded game (nothing left to collect); ``ready``
        unless it is a saved view drawn before the engine has started."""
        observation = view["observation"]
        before = self.view["observation"] if self.view is not None else None
        self.dealing = ready and (before is None or before["hand_index"] != observation["hand_index"])
        self.arrivals = [] if before is None else new_plays(before, observation)[1]
        if (
            observation["phase"] != "pass"
            or self.view is None
            or self.view["observation"]["seat"] != observation["seat"]
        ):
            self.selected = []  # nothing to pick, or (party mode) someone else's cards are coming
        self.view = view
        self.ready = ready
        self.hint = None
        if fresh:
            self.collected = observation["last_trick_key"]
            self.summaries_seen = len(observation["results"])

    def next_step(self) -> str:
        """What happens next: loading, collect, summary, over, pass, play, moon, bot or wait."""
        if self.view is None or not self.ready:
            return "loading"
        if self.handoff_pending:
            return "handoff"
        observation = self.view["observation"]
        if observation["last_trick"] and observation["last_trick_key"] != self.collected:
            return "collect"
        if len(observation["results"]) > self.summaries_seen:
            return "summary"
        if observation["phase"] == "over":
            return "over"
        if self.view["people_to_act"]:
            return observation["phase"]
        if self.view["bots_to_act"]:
            return "bot"
        return "wait"

    @property
    def party(self) -> bool:
        """Whether several people share this device."""
        return self.view is not None and player_stats.is_party(self.view)

    @property
    def handoff_pending(self) -> bool:
        """Party mode: the cards on screen belong to someone who has not yet taken the device."""
        return self.party and self.view["observation"]["seat"] != self.shown_to

    def take_device(self) -> None:
        """The person whose cards are on screen has taken the device."""
        if self.view is not None:
            self.shown_to = self.view["observation"]["seat"]

    def toggle(self, card: str) -> None:
        """Pick or unpick a card to pass (at most three)."""
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < PASS_COUNT:
            self.selected.append(card)

    @property
    def ready_to_pass(self) -> bool:
        """Whether exactly the cards to pass have been picked."""
        return len(self.selected) == PASS_COUNT

    def collect(self) -> None:
        """The finished trick on the table has been taken away."""
        if self.view is not None:
            self.collected = self.view["observation"]["last_trick_key"]

    def summary_read(self) -> None:
        """The person has read the end-of-hand summary."""
        if self.view is not None:
            self.summaries_seen = len(self.view["observation"]["results"])

    def autoplay_card(self):
        """The card to play by itself: the only legal one, when the setting asks for it (else None)."""
        if self.settings.get("autoplay") != "on" or self.next_step() != "play":
            return None
        legal = self.view["observation"]["legal"]
        return legal[0] if len(legal) == 1 else None

    def bot_delay_ms(self) -> int:
        """How long a computer seat takes to play, by the speed setting."""
        return SPEED_DELAYS.get(self.settings["speed"], SPEED_DELAYS["normal"])

    def save_record(self) -> str:
        """The game as saved to storage: the engine's document, the last view and this state."""
        view = dict(self.view)
        document = view.pop("save")
        record = {
            "save": document,
            "view": view,
            "page": {"collected": self.collected, "summaries_seen": self.summaries_seen},
        }
        return json.dumps(record)

    def restore_page_state(self, record: dict) -> None:
        """Take back what had been collected and read, from a saved record."""
        page = record.get("page") or {}
        if isinstance(page.get("collected"), str):
            self.collected = page["collected"]
        if isinstance(page.get("summaries_seen"), int):
            self.summaries_seen = page["summaries_seen"]
