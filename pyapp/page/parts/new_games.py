"""New games: from the form, a shared deal, the deal of the day, a hand again, the lesson; result links.

Plain Python for MicroPython and CPython.
"""

import json

from ...shared import protocol
from .. import daily_board, lesson
from ..names import DEFAULT_LEVEL
from ..player_stats import preset_of
from ..storage import stored_hands
from ..views.form_view import FRIEND, MOON_OPTION, PERSON, moon_labels, most_players, seat_place
from ..waiting_game import forget_waiting, keep_waiting
from ..words.i18n import t
from ..words.refusals import refusal_text

LINK_NOTICE_SECONDS = 12


def game_options(settings: dict, catalog: dict, link=None, from_form: bool = False) -> dict:
    """The new game's options: a shared deal's, the form's just sent (``from_form``), or those of the last
    form the engine accepted (classic with Medium players before any)."""
    form = (settings.get("form") if from_form else settings.get("played") or settings.get("form")) or {}
    source = {"rules": link.rules, "levels": link.levels} if link is not None else form
    rules = source.get("rules") or catalog["presets"][0]["rules"]
    default = next(option["default"] for option in catalog["options"] if option["name"] == "players")
    players = int(rules.get("players", default))
    levels = list(source.get("levels") or [])
    names = [] if link else list(form.get("names") or [])
    # This device the table (not for a link's deal): it plays no seat, every person plays on their own device.
    screen = link is None and form.get("table") is True
    seats = [{"name": settings.get("name") or "", "bot": None, "friend": screen}]  # unnamed: "You", in words
    for seat in range(1, players):
        level = levels[seat - 1] if seat - 1 < len(levels) else DEFAULT_LEVEL
        name = names[seat - 1] if seat - 1 < len(names) else ""
        person = level in (PERSON, FRIEND)
        friend = level == FRIEND or (person and screen)
        seats.append({"name": name, "bot": None if person else level, "friend": friend})
    options = {"rules": rules, "seats": seats}
    if link is not None and link.seed is not None:
        options["seed"] = link.seed
    return options


class NewGames:
    """Deals new games (the new-game form's, a link's, the day's, a hand again, the lesson) and checks a
    friend's result link."""

    def __init__(self, page, guard, answers):
        self.page = page
        self.guard = guard
        self.answers = answers
        answers.listen(shown=self.shown)

    def shown(self, before, view, fresh: bool) -> None:
        """A view shown: a deal of the day just finished keeps its result."""
        if view.daily is not None and view.step == protocol.STEP_OVER:
            self.guard.spawn(self.keep_daily_result())

    async def new_game(self, link=None, from_form: bool = False) -> None:
        """Deal a new game: a shared deal, the new-game form's (``from_form``), or with the last accepted options.

        A form the engine refuses comes back with the reason; later deals keep the last accepted options.
        """
        page = self.page
        settings = page.session.settings
        options = game_options(settings, page.catalog, link, from_form)
        page.session.panel = ""
        answer = await self.answers.send(
            protocol.START, fresh=True, dealt=True, options=options, stored_hands=stored_hands(page.storage)
        )
        if answer.ok and from_form:
            form = settings["form"]
            settings["played"] = {key: form[key] for key in ("rules", "levels", "names", "preset", "table")}
            page.store_settings()
        elif not answer.ok and from_form:
            settings["form"]["error"] = refusal_text(answer.refusal)
            page.session.panel = "new"
            page.render()
        elif not answer.ok:
            page.notify(refusal_text(answer.refusal))

    async def read_link(self, query: str):
        """A shared deal's rules, number and levels, or None with a message when the link is bad."""
        answer = await self.answers.send(protocol.READ_LINK, query=query)
        if answer.ok:
            return answer.link
        self.page.notify(t("link.bad", error=refusal_text(answer.refusal)), LINK_NOTICE_SECONDS)
        return None

    async def check_result(self, query: str) -> None:
        """A friend's result link: checked by replaying it (the dialog says so meanwhile), then shown, and
        kept on the board when it is verified."""
        page, session = self.page, self.page.session
        session.verdict = {"checking": True, "verdict": None}
        session.panel = "verdict"
        page.render()
        answer = await page.client.send(protocol.VERIFY, query=query)
        verdict = answer.verdict if answer.ok else None
        session.verdict = {"checking": False, "verdict": verdict}
        if verdict is not None and verdict.verified:
            entry = daily_board.entry_of(verdict, answer.query)  # (the link as the engine writes it)
            if daily_board.add_friend(session.daily, verdict.date, entry):
                self.save_daily()
        page.render()

    async def keep_daily_result(self) -> None:
        """A deal of the day just finished here: its result (and link) kept on the board, if it is the
        first of that day."""
        page = self.page
        view = page.session.view
        if view is None or view.daily is None or daily_board.mine_on(page.session.daily, view.daily):
            return
        answer = await page.client.send(protocol.SHARE)
        if answer.ok and answer.verdict is not None:
            entry = daily_board.entry_of(answer.verdict, answer.query)
            if daily_board.add_mine(page.session.daily, view.daily, entry):
                self.save_daily()
                page.render()

    def save_daily(self) -> None:
        """Store the board of the deal of the day."""
        daily_board.save(self.page.storage, self.page.session.daily)
        self.page.report_storage()

    async def on_play_link(self, action: str, data: dict) -> None:
        """A shared deal played."""
        session = self.page.session
        if self.page.client.ready and session.link:
            link, session.link = session.link, None
            await self.new_game(link)

    async def on_daily(self, action: str, data: dict) -> None:
        """The deal of the day played: today's (or, from a friend's result, that day's); a game in progress
        is not given up without asking."""
        page = self.page
        if not page.client.ready:
            page.notify(t("notice.starting"))
            return
        day = data.get("date") or page.actuator.today()
        if not self.may_end_the_game("daily", day, data):
            return
        page.session.panel = ""
        answer = await self.answers.send(
            protocol.DAILY,
            fresh=True,
            dealt=True,
            date=day,
            name=page.session.settings.get("name") or "",
            stored_hands=stored_hands(page.storage),
        )
        if not answer.ok:
            page.notify(refusal_text(answer.refusal))

    async def on_replay(self, action: str, data: dict) -> None:
        """A finished hand played again, as a game of its own; the game in progress waits meanwhile
        (:mod:`pyapp.page.waiting_game`: the end of the hand offers it again), unless another game waits
        already (then the person is asked whether this one may end)."""
        page, session = self.page, self.page.session
        view = session.view
        if not page.client.ready:
            return
        going_on = view is not None and view.phase != protocol.PHASE_OVER and not view.winners
        kept = going_on and not session.game_waiting and keep_waiting(page.storage)
        if going_on and not kept and not self.may_end_the_game("replay", data["hand"], data):
            return
        session.panel = ""
        answer = await self.answers.send(
            protocol.REPLAY, fresh=True, dealt=True, hand=data["hand"], stored_hands=stored_hands(page.storage)
        )
        if answer.ok:
            session.game_waiting = session.game_waiting or kept
            page.render()
        else:
            if kept:
                forget_waiting(page.storage)  # (the game in progress goes on as it was)
            page.notify(refusal_text(answer.refusal))

    def may_end_the_game(self, action: str, value, data: dict) -> bool:
        """Whether a new game (``action`` with ``value``: a day's deal, a hand again) may start now: when no
        game is in progress, or the person has said it may end (else they are asked)."""
        session = self.page.session
        view = session.view
        if view is None or view.phase == protocol.PHASE_OVER or view.winners or data.get("confirmed"):
            return True
        session.asked, session.panel = [action, value], "ends"
        self.page.render()
        return False

    async def on_again(self, action: str, data: dict) -> None:
        """Another game like the last: at once, or (pressed before the engine is up) as soon as it is up."""
        if self.page.client.ready:
            await self.new_game()
        else:
            self.page.session.starting = "again"
            self.page.render()

    async def on_start(self, action: str, data: dict) -> None:
        """A new game from the form: at once, or (pressed before the engine is up) as soon as it is up,
        the form saying meanwhile that the game is starting."""
        self.remember_form(data)
        if self.page.client.ready:
            await self.new_game(from_form=True)
        else:
            self.page.session.starting = "form"
            self.page.render()

    async def on_preset(self, action: str, data: dict) -> None:
        """The new-game form follows its preset ("custom" keeps the rules as they are)."""
        self.remember_form(data)
        preset = next((p for p in self.page.catalog["presets"] if p["name"] == data["preset"]), None)
        if preset is not None:
            self.page.session.settings["form"]["rules"] = dict(preset["rules"])
        self.page.render()

    async def on_form_change(self, action: str, data: dict) -> None:
        """A field of the new-game form changed: its preset field follows the rules (the preset they are, or
        custom), an option of one variant shows with it, and the seats follow the number of players."""
        name, actuator = data["name"], self.page.actuator
        if "rules" in data:
            actuator.form.show_preset(preset_of(data["rules"], self.page.catalog["presets"]))
        if name == "variant":
            actuator.form.show_variant_options(data["value"])
            actuator.form.show_labels(MOON_OPTION, moon_labels(data["rules"], self.page.catalog))
        if name == "players" and str(data["value"]).isdigit():
            players = int(data["value"])
            places = [seat_place(seat, players) for seat in range(most_players(self.page.catalog))]
            actuator.form.show_seats(players, places)

    def remember_form(self, data: dict) -> None:
        """Keep what the new-game form says (the engine checks it when the game starts)."""
        settings = self.page.session.settings
        form = settings.get("form") or {}
        form.update(rules=data["rules"], levels=data["levels"], names=data["names"], preset=data["preset"], error="")
        form["table"] = data.get("table") is True  # (this device the table)
        settings["form"] = form
        settings["name"] = data["name"]
        self.page.store_settings()

    async def on_lesson(self, action: str, data: dict) -> None:
        """Learn by playing: the lesson dealt (``lesson``), skipped (``lesson-skip``: the hand goes on as an
        ordinary game, still not counted) or over, for a real game (``lesson-done``)."""
        page, session = self.page, self.page.session
        if action == "lesson-skip" and lesson.speaking(session):
            session.lesson["on"] = False
            page.storage.set(lesson.LESSON_KEY, json.dumps(session.lesson))
            page.notify(t("coach.skipped"))
            page.render()
        elif not page.client.ready:
            page.notify(t("notice.starting"))
        elif action == "lesson-done":
            session.lesson["on"] = False
            await self.new_game()
        elif action == "lesson":
            session.offer_lesson = False
            session.lesson = lesson.starting()
            session.panel = ""
            options = lesson.lesson_options(page.catalog, session.settings.get("name") or "")
            answer = await self.answers.send(
                protocol.START, fresh=True, dealt=True, options=options, stored_hands=stored_hands(page.storage)
            )
            if not answer.ok:
                session.lesson = None
                page.notify(refusal_text(answer.refusal))
