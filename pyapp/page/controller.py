"""The page's controller: the person's intents in, the engine's answers out to storage and the screen.

The input manager hands it what the person wants; it sends the engine the
matching intent through the engine client, carries out the storage writes
of the answer, takes the new view into the session, counts a finished game
in the statistics, redraws, and sends CONTINUE when the view says a timed
step is due.  It decides nothing about the game: the engine's view says
whose turn it is and what happens next.  Plain Python (the browser's
objects come in through the actuator), so the tests run it on CPython.
"""

import asyncio
import json

from ..shared import protocol
from . import coach, daily_board, player_stats
from .announce import announcement, sound_of
from .coach_view import held_back
from .faults import MOST_RESTARTS, EngineFault, EngineLost, Halted, details, fault_record
from .first_deal import can_deal_ahead, first_view
from .friends import invitation_link, read_reply
from .friends_view import friend_seats
from .hint_view import hint_of, spoken
from .i18n import DEFAULT as DEFAULT_LANGUAGE
from .i18n import pick_language, set_language, shown_name, t
from .names import DEFAULT_LEVEL
from .player_stats import STATS_KEY
from .session import AHEAD_STEPS
from .storage import (
    PENDING_KEY,
    SETTINGS_KEY,
    VIEW_KEY,
    apply_writes,
    game_keys,
    parse_json,
    read_pending,
    read_saved_game,
    saved_results,
    set_aside,
    stored_hands,
)
from .view import FRIEND, PERSON, UNDO_STEPS, reason, refusal_text

LINK_NOTICE_SECONDS = 12
AWAY_TICK_SECONDS = 1  # how often the countdown to the computer playing for a friend who left is redrawn
ASIDE_NOTICE_SECONDS = 15  # what was set aside: a sentence or two to read (it covers part of a phone's hand)


def is_result_query(query: str) -> bool:
    """Whether a page address's query is a result link's (pyapp.daily.result), not a deal link's."""
    return ("&" + query.lstrip("?")).find("&result=") >= 0


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
    seats = [{"name": settings.get("name") or "", "bot": None}]  # unnamed: "You" in the language of the moment
    for seat in range(1, players):
        level = levels[seat - 1] if seat - 1 < len(levels) else DEFAULT_LEVEL
        name = names[seat - 1] if seat - 1 < len(names) else ""
        person = level in (PERSON, FRIEND)
        seats.append({"name": name, "bot": None if person else level, "friend": level == FRIEND})
    options = {"rules": rules, "seats": seats}
    if link is not None and link.seed is not None:
        options["seed"] = link.seed
    return options


class Controller:
    """Runs the page: boot, the person's intents, the engine's answers."""

    def __init__(self, client, actuator, storage, session, catalog, fetch_language, thinker=None):
        """``fetch_language(code)`` (awaitable) makes a language's catalogue importable (see main.py);
        ``thinker`` (a :class:`pyapp.page.client.ThinkerClient`, or None: no reviews) computes hand reviews."""
        self.client = client
        self.thinker = thinker
        self.fetch_language = fetch_language
        self.actuator = actuator
        self.storage = storage
        self.session = session
        self.catalog = catalog
        self.session.stats = player_stats.load(storage)
        self.session.lesson = coach.load(storage)
        self.session.daily = daily_board.load(storage)
        # The connections to friends' devices (main.py's FriendsLink; tests bring their own): invite(seat,
        # stun) gives an offer's code, accept(seat, code) takes a reply's, send(seat, text), qr(text) an SVG.
        self.friends = None
        self.inviting = set()  # seats whose invitation is being prepared
        self.restarts = 0  # engines started again on this visit (pyapp.page.faults.MOST_RESTARTS)
        self.restarting = False  # one is being started: the other calls that found the old one gone wait for it

    # Boot -----------------------------------------------------------------------

    async def boot(self, worker, query: str = "", deal: dict | None = None) -> None:
        """:meth:`start_up`, its faults told (:meth:`guarded`)."""
        await self.guarded(self.start_up(worker, query, deal))

    async def start_up(self, worker, query: str = "", deal: dict | None = None) -> None:
        """Show the game at once, start the engine, then catch up: resume, offer a shared deal, or deal.

        Before the engine is up the page draws the saved game (or, on a first
        visit, deals a new game's first hand itself from ``deal``: its secret
        ``seed`` and random ``name``, made by the browser) and lets the
        person make the decision it shows; that decision is kept in storage
        and goes to the engine as soon as the engine is up.
        """
        await self.use_language()
        saved = read_saved_game(self.storage)
        # A first visit (nothing stored, a shared deal's too) is told the game's goal until the person closes it.
        self.session.welcome = saved is None and self.storage.get(SETTINGS_KEY) is None
        pending = self.pending(saved, query, deal or {})
        if "start" in pending:
            self.session.offer_lesson = self.session.welcome  # a first visit (not a new game of a player's)
            view = protocol.View(first_view(pending["start"], self.catalog))
            self.session.show(view, 0, [], ready=False, fresh=True, dealt=True)
        else:
            self.draw_saved(saved)
        self.session.ahead = self.session.view is not None and self.session.view.step in AHEAD_STEPS
        if self.session.ahead and pending.get("ahead"):
            self.session.decide_ahead(pending["ahead"])
        self.render()
        self.report_storage()  # what could not be read of the settings, statistics and the page's copies
        self.actuator.warm_sound(self.session.settings)
        try:
            # The person is told when an answer passes its time limit (pyapp.page.client.LIMITS).
            await self.client.connect(worker, lambda: self.notify(t("notice.engine_silent"), 24 * 3600))
        except Exception as error:  # the engine's worker could not start; what is on screen (and stored) stays
            self.notify(t("notice.engine_failed", reason=str(error)), 24 * 3600)
            return
        await self.send(protocol.CONFIGURE, settings=self.session.engine_settings())
        self.actuator.started()
        if self.session.starting:  # Start or Play again was pressed while the engine started: that game only
            self.storage.remove(PENDING_KEY)
            await self.start_early()
            return
        result = query if is_result_query(query) else ""
        link = await self.read_link(query) if query and not result else None
        if "start" in pending:
            # The same deal as on screen: the engine's view takes over from the page's without a new deal.
            answer = await self.send(protocol.START, options=pending["start"], stored_hands=stored_hands(self.storage))
            resumed = answer.ok
        else:
            resumed = saved is not None and await self.resume(saved)
        ahead = read_pending(self.storage).get("ahead")  # made meanwhile, too
        if resumed and isinstance(ahead, dict):
            await self.catch_up(ahead)
        self.storage.remove(PENDING_KEY)
        if link and resumed and self.session.step != protocol.STEP_OVER:
            self.session.link = link
            self.session.panel = "link"  # the game in progress is not given up without asking
            self.render()
        elif link:
            await self.new_game(link)
        elif not resumed:
            await self.new_game()
        if result:
            await self.check_result(result)

    def pending(self, saved, query: str, deal: dict) -> dict:
        """What waits for the engine: a first visit's new game (dealt here from ``deal``) and a decision
        made ahead."""
        pending = read_pending(self.storage)
        start = pending.get("start")
        if saved is not None or not isinstance(start, dict) or not can_deal_ahead(start, self.catalog):
            pending.pop("start", None)  # the engine has the game already (or the record is not ours)
        if saved is None and "start" not in pending and not query:
            options = game_options(self.session.settings, self.catalog)
            options.update(deal)
            if can_deal_ahead(options, self.catalog):
                pending = {"start": options}
                self.storage.set(PENDING_KEY, json.dumps(pending))
        if not isinstance(pending.get("ahead"), dict):
            pending.pop("ahead", None)
        return pending

    async def catch_up(self, ahead: dict) -> None:
        """Send the decision the person made before the engine was up, if the game still asks for it."""
        view = self.session.view
        if "pass" in ahead and view.step == protocol.STEP_PASS:
            answer = await self.send(protocol.PASS, seat=view.seat, cards=ahead["pass"])
        elif "play" in ahead and view.step == protocol.STEP_PLAY and ahead["play"] in view.hand:
            answer = await self.send(protocol.PLAY, seat=view.seat, card=ahead["play"])
        else:
            return  # the game has moved on (the decision was taken already)
        if not answer.ok:
            self.notify(t("notice.ahead_refused", reason=refusal_text(answer.refusal)))

    def decide_ahead(self, decision: dict, index: int = None) -> None:
        """Keep a decision made before the engine is up (it survives a reload) until the engine takes it
        (``index``: where the card played is in the hand)."""
        pending = read_pending(self.storage)
        pending["ahead"] = decision
        self.storage.set(PENDING_KEY, json.dumps(pending))
        self.report_storage()
        self.session.decide_ahead(decision, index)
        self.render()

    def draw_saved(self, saved) -> None:
        """The page's copy of the last view, drawn while the engine starts."""
        text = self.storage.get(VIEW_KEY)
        if saved is None or text is None:
            return
        try:
            results = saved_results(saved)
            view = protocol.View(parse_json(text))
            if view.party:
                view.step = protocol.STEP_HANDOFF  # several people here: no cards show until one takes the device
            self.session.show(view, len(results), results, ready=False, fresh=True)
        except (KeyError, TypeError, ValueError, AttributeError):
            self.session.view = None
            set_aside(self.storage, [VIEW_KEY], "aside.view")  # the engine draws the table again

    async def resume(self, saved) -> bool:
        """Load the stored game into the engine; a game it refuses is set aside with a message."""
        answer = await self.send(protocol.LOAD, fresh=True, saved=saved)
        if answer.ok:
            return True
        set_aside(self.storage, game_keys(self.storage), "notice.broken_save", error=refusal_text(answer.refusal))
        self.session.view = None
        self.session.results = []
        self.report_storage()
        return False

    async def read_link(self, query: str):
        """A shared deal's rules, number and levels, or None with a message when the link is bad."""
        answer = await self.send(protocol.READ_LINK, query=query)
        if answer.ok:
            return answer.link
        self.notify(t("link.bad", error=refusal_text(answer.refusal)), LINK_NOTICE_SECONDS)
        return None

    async def check_result(self, query: str) -> None:
        """A friend's result link: checked by replaying it (the dialog says so meanwhile), then shown, and
        kept on the board when it is verified."""
        session = self.session
        session.verdict = {"checking": True, "verdict": None}
        session.panel = "verdict"
        self.render()
        answer = await self.client.send(protocol.VERIFY, query=query)
        verdict = answer.verdict if answer.ok else None
        session.verdict = {"checking": False, "verdict": verdict}
        if verdict is not None and verdict.verified:
            entry = daily_board.entry_of(verdict, answer.query)  # (the link as the engine writes it)
            if daily_board.add_friend(session.daily, verdict.date, entry):
                self.save_daily()
        self.render()

    async def play_daily(self, day: str) -> None:
        """A new game: the deal of the day ``day``."""
        session = self.session
        session.panel = ""
        answer = await self.send(
            protocol.DAILY,
            fresh=True,
            dealt=True,
            date=day,
            name=session.settings.get("name") or "",
            stored_hands=stored_hands(self.storage),
        )
        if not answer.ok:
            self.notify(refusal_text(answer.refusal))

    async def keep_daily_result(self) -> None:
        """A deal of the day just finished here: its result (and link) kept on the board, if it is the
        first of that day."""
        view = self.session.view
        if view is None or view.daily is None or daily_board.day_of(self.session.daily, view.daily)["mine"]:
            return
        answer = await self.client.send(protocol.SHARE)
        if answer.ok and answer.verdict is not None:
            entry = daily_board.entry_of(answer.verdict, answer.query)
            if daily_board.add_mine(self.session.daily, view.daily, entry):
                self.save_daily()
                self.render()

    def save_daily(self) -> None:
        """Store the board of the deal of the day."""
        daily_board.save(self.storage, self.session.daily)
        self.report_storage()

    async def new_game(self, link=None, from_form: bool = False) -> None:
        """Deal a new game: a shared deal, the new-game form's (``from_form``), or with the last accepted options.

        A form the engine refuses comes back with the reason; later deals keep the last accepted options.
        """
        settings = self.session.settings
        options = game_options(settings, self.catalog, link, from_form)
        self.session.panel = ""
        answer = await self.send(
            protocol.START, fresh=True, dealt=True, options=options, stored_hands=stored_hands(self.storage)
        )
        if answer.ok and from_form:
            form = settings["form"]
            settings["played"] = {key: form[key] for key in ("rules", "levels", "names", "preset")}
            self.save_settings_only()
        elif not answer.ok and from_form:
            settings["form"]["error"] = refusal_text(answer.refusal)
            self.session.panel = "new"
            self.render()
        elif not answer.ok:
            self.notify(refusal_text(answer.refusal))

    # The engine's answers -------------------------------------------------------------

    async def send(self, intent: str, fresh: bool = False, dealt: bool = False, **arguments):
        """Send an intent and take the answer (storage, view, statistics, screen, the next timed step)."""
        answer = await self.client.send(intent, **arguments)
        self.take(answer, fresh, dealt)
        return answer

    async def act(self, intent: str, fresh: bool = False, **arguments):
        """A decision of the person's: sent to the engine, which may refuse it (the page then says why)."""
        answer = await self.send(intent, fresh, **arguments)
        if not answer.ok:
            view = self.session.view
            self.notify(refusal_text(answer.refusal, view.rules if view is not None else None))
        return answer

    def take(self, answer, fresh: bool = False, dealt: bool = False) -> None:
        """Carry out an answer: its storage writes, its reviews (new ones and those to compute), its view
        (with what it announces) and the next timer."""
        self.carry_out(answer)
        session = self.session
        if session.take_reviews(answer.reviews, answer.reviews_reset):
            hand, seat = session.review_wanted
            session.review_wanted = None
            if not session.panel:  # asked for, and nothing else opened since: it opens now
                self.spawn(self.open_review(hand, seat))
        if self.thinker is not None:
            for job in answer.jobs:
                self.spawn(self.review(job))
        if answer.view is None:
            if answer.reviews:
                self.render()
            return
        before = session.view if session.ready and not fresh else None
        session.show(answer.view, answer.results_count, answer.new_results, fresh=fresh, dealt=dealt)
        if fresh and self.friends is not None:  # another game: the last one's connections and invitations go
            self.friends.close_all()
            session.invites = {}
        if answer.view.friends and answer.view.friends.get("secret") and self.friends is not None:
            self.keep_invitations(before, answer.view, fresh)
        self.storage.set(VIEW_KEY, json.dumps(answer.raw_view))
        self.actuator.announce(announcement(before, answer.view))
        self.actuator.sound(sound_of(before, answer.view, answer.new_results), session.settings)
        self.follow_lesson(answer.view)
        # A lesson's game is never counted (even when it was skipped), nor one of so many hands (the deal of
        # the day, on its board; a hand played again).
        counted = session.lesson is None and not answer.view.rules.get("hands")
        if counted and player_stats.record(session.stats, answer.view, session.results, self.catalog["presets"]):
            self.storage.set(STATS_KEY, json.dumps(session.stats))
        if answer.view.daily is not None and answer.view.step == protocol.STEP_OVER:
            self.spawn(self.keep_daily_result())
        self.render()
        if answer.view.after_ms is not None:
            self.spawn(self.later(answer.view.turn, answer.view.after_ms))
        if any(ms > 0 for _, ms in (answer.view.friends or {}).get("away", [])):
            self.spawn(self.tick_away(answer.view.turn))

    def carry_out(self, answer) -> None:
        """An answer's storage writes, and its messages to the friends' devices (each their own view)."""
        apply_writes(self.storage, answer.writes)
        self.report_storage()
        if self.friends is not None:
            for seat, text in answer.outbox:
                self.friends.send(seat, text)

    async def tick_away(self, turn: int) -> None:
        """Count down, second by second, to the computer playing for a friend who left (the view of ``turn``
        said how long), until another view comes or its last second (the computer's move ends it)."""
        session = self.session
        longest = max(ms for _, ms in session.view.friends["away"])
        while session.away_passed_ms + 1000 < longest:
            await asyncio.sleep(AWAY_TICK_SECONDS)
            if session.view is None or session.view.turn != turn:
                return  # a newer view counts down on its own
            session.away_passed_ms += 1000
            self.render()

    async def later(self, turn: int, after_ms: int) -> None:
        """Send CONTINUE once the timed step of ``turn`` is due, unless the person has acted meanwhile."""
        await asyncio.sleep(after_ms / 1000)
        if self.session.view is None or self.session.view.turn != turn:
            return
        if self.session.step == protocol.STEP_COLLECT:
            await self.actuator.slide_trick(self.session.settings)
        await self.send(protocol.CONTINUE, turn=turn)

    def follow_lesson(self, view) -> None:
        """Keep the lesson's record up to date with a new view (pyapp.page.coach): stored when it changes,
        dropped when another game has begun."""
        record, changed = coach.follow(self.session.lesson, view)
        self.session.lesson = record
        if changed and record is None:
            self.storage.remove(coach.LESSON_KEY)
        elif changed:
            self.storage.set(coach.LESSON_KEY, json.dumps(record))

    async def review(self, job: str) -> None:
        """Have the thinker worker review a finished hand, and give the engine its answer (which it
        refuses when the hand has been undone or the game replaced meanwhile)."""
        try:
            text = await self.thinker.run(job)
            failed = "error" in json.loads(text)
        except Exception:  # the thinker could not start or failed: the game goes on without reviews
            failed = True
        if failed:
            self.session.reviews_failed = True
            self.render()
        else:
            await self.send(protocol.REVIEWED, review=text)

    async def open_review(self, hand: int, seat: int = None) -> None:
        """Open a finished hand's review (once it is computed: until then, say so and open it when it is);
        ``seat``: whose, in party mode (else the viewer's)."""
        whose = {} if seat is None else {"seat": seat}
        answer = await self.send(protocol.REVIEW, hand=hand, **whose)
        session = self.session
        seat = session.view.seat if seat is None else seat
        if answer.ok:
            session.review, session.review_page, session.panel = answer.review, 0, "review"
            session.review_seat = seat
            self.render()
        elif answer.refusal.code == "review_pending" and not session.reviews_failed:
            session.review_wanted = [hand, seat]
            self.notify(t("review.pending"))
        else:
            self.notify(t("review.unavailable") if session.reviews_failed else refusal_text(answer.refusal))

    # Friends at their own devices --------------------------------------------------------

    async def from_friend(self, seat: int, text: str) -> None:
        """A message that came on the connection of the friend in ``seat``: the engine reads it (strictly)."""
        await self.guarded(self.send(protocol.FRIEND, seat=seat, text=text))

    async def friend_gone(self, seat: int) -> None:
        """The connection of the friend in ``seat`` closed (a new invitation is made for them)."""
        await self.guarded(self.send(protocol.FRIEND_GONE, seat=seat))

    def keep_invitations(self, before, view, fresh: bool) -> None:
        """An invitation ready for every friend who is not here (each made once), and a word when one comes
        or goes; a friends' game started or reloaded opens the invitations."""
        here = view.friends["here"]
        was = before.friends["here"] if before is not None and before.friends else here
        seats = friend_seats(view)
        for seat in seats:
            if seat in here:
                self.session.invites.pop(seat, None)
            elif seat not in self.session.invites and seat not in self.inviting:
                self.spawn(self.invite(seat, view.friends["secret"]))
            if seat in here and seat not in was:
                self.notify(t("friends.arrived", name=shown_name(view.seats[seat].name)))
            elif seat in was and seat not in here:
                self.notify(t("friends.left", name=shown_name(view.seats[seat].name)))
        missing = [seat for seat in seats if seat not in here]
        if fresh and missing:
            self.session.panel = "friends"
        elif self.session.panel == "friends" and not missing and set(here) != set(was):
            self.session.panel = ""  # the last friend has come: to the table

    async def invite(self, seat: int, secret: str) -> None:
        """Prepare the invitation of ``seat``'s friend: a new connection's offer in a link, and its QR code."""
        self.inviting.add(seat)
        try:
            if self.session.camera is None:
                self.session.camera = await self.friends.can_scan()
            offer = await self.friends.invite(seat, self.session.settings.get("stun") or "")
            link = invitation_link(self.page_address(), seat, secret, str(offer))
            self.session.invites[seat] = {"link": link, "qr": str(await self.friends.qr(link))}
        except Exception:  # the browser could not make the connection (a STUN address it does not take)
            self.session.invites[seat] = {"failed": True}  # made again when the settings change
        finally:
            self.inviting.discard(seat)
        self.render()

    async def accept_reply(self, seat: int, text: str) -> None:
        """The reply code the host pasted for ``seat``'s friend: their connection is made with it."""
        reply = read_reply(text)
        name = shown_name(self.session.view.seats[seat].name)  # (a notice is text, not markup)
        if reply is None or reply[0] != seat:
            self.notify(t("friends.bad_reply", name=name))
            return
        try:
            await self.friends.accept(seat, reply[1])
        except Exception:
            self.notify(t("friends.bad_reply", name=name))

    async def scan_reply(self, seat: int) -> None:
        """Scan ``seat``'s friend's reply (its QR code) with the camera, and connect with it."""
        name = shown_name(self.session.view.seats[seat].name)
        try:
            text = await self.friends.scan(f"{seat}.", t("friends.scanning", name=name), t("friends.stop_scan"))
        except Exception:  # no camera, or the person did not allow it
            self.notify(t("friends.no_camera"))
            return
        if text:
            await self.accept_reply(seat, text)

    def page_address(self) -> str:
        """This copy of the game's address (what links to it start with)."""
        location = self.actuator.window.location
        return str(location.origin) + str(location.pathname)

    # The person's intents ----------------------------------------------------------------

    async def perform(self, action: str, data: dict) -> None:
        """Do what the person asked for (an intent of the input manager), its faults told (:meth:`guarded`)."""
        await self.guarded(self.do(action, data))

    async def do(self, action: str, data: dict) -> None:
        """Do what the person asked for: :data:`ACTIONS` names the method that does each, when the page's
        state allows it."""
        if action == "menu":
            self.actuator.show_menu(not self.actuator.menu_shown())
            return
        if self.actuator.menu_shown():
            self.actuator.show_menu(False)  # whatever else the person does folds the menu
            if action == "close":
                return
        name = ACTIONS.get(action)
        if name is not None:
            await getattr(self, name)(action, data)

    def step_now(self, action: str) -> str:
        """The step an action is taken in: before the engine is up only the decision the view asks for may
        be made (ahead), nothing else."""
        session = self.session
        return session.step if session.ready or action in ("card", "pass") else protocol.LOADING

    @property
    def seat(self) -> int:
        """The seat whose eyes the page is."""
        return self.session.view.seat if self.session.view is not None else 0

    async def on_card(self, action: str, data: dict) -> None:
        """A card clicked (:meth:`choose_card`)."""
        await self.choose_card(data["card"], data.get("index"))

    async def on_pass(self, action: str, data: dict) -> None:
        """The pass sent (or kept for the engine, before it is up)."""
        session = self.session
        if self.step_now(action) == protocol.STEP_PASS and session.ready_to_pass:
            if session.ready:
                await self.act(protocol.PASS, seat=self.seat, cards=session.picked)
            else:
                self.decide_ahead({"pass": session.picked})

    async def on_collect(self, action: str, data: dict) -> None:
        """The finished trick taken off the table."""
        if self.step_now(action) == protocol.STEP_COLLECT:
            await self.actuator.slide_trick(self.session.settings)
            await self.act(protocol.COLLECT)

    async def on_step_intent(self, action: str, data: dict) -> None:
        """An action the engine hears of as one intent, in the one step it belongs to (:data:`STEP_INTENTS`)."""
        step, intent = STEP_INTENTS[action]
        if self.step_now(action) == step:
            await self.act(intent)

    async def on_moon(self, action: str, data: dict) -> None:
        """The moon's score chosen."""
        if self.step_now(action) == protocol.STEP_MOON:
            await self.act(protocol.MOON, seat=self.seat, choice=data["choice"])

    async def on_undo(self, action: str, data: dict) -> None:
        """The person's last decision taken back (unless undo is turned off)."""
        if self.step_now(action) in UNDO_STEPS and self.session.settings.get("undo") != "off":
            await self.act(protocol.UNDO, fresh=True)

    async def on_hint(self, action: str, data: dict) -> None:
        """A hint asked for on the person's turn to pass or play (once a decision: it stays on screen)."""
        step = self.step_now(action)
        if self.session.hinting:
            return  # already asked
        if step in (protocol.STEP_PASS, protocol.STEP_PLAY) and hint_of(self.session) is None:
            await self.hint(step)
        elif hint_of(self.session) is not None:
            self.actuator.reveal_hint()  # asked again: the words already there, brought into view

    async def on_figures(self, action: str, data: dict) -> None:
        """The play hint's figures shown on every card, or hidden again."""
        if hint_of(self.session) is not None and self.session.step == protocol.STEP_PLAY:
            self.session.figures = not self.session.figures
            self.actuator.announce(spoken(self.session))
            self.render()
            self.actuator.reveal_hint()

    async def on_review(self, action: str, data: dict) -> None:
        """A finished hand's review opened."""
        if self.session.ready:
            await self.open_review(data["hand"], data.get("seat"))

    async def on_review_page(self, action: str, data: dict) -> None:
        """Another page of the review."""
        if self.session.panel == "review":
            self.session.review_page = data["page"]
            self.render()

    async def on_panel(self, action: str, data: dict) -> None:
        """A panel opened or closed (:meth:`change_panel`)."""
        self.change_panel(action, data)

    async def on_welcome_close(self, action: str, data: dict) -> None:
        """The first visit's welcome closed: stored settings say the page has been visited."""
        self.session.welcome = False
        self.save_settings_only()
        self.render()

    async def on_accept_reply(self, action: str, data: dict) -> None:
        """A friend's reply code pasted."""
        if self.friends is not None and self.session.view is not None:
            await self.accept_reply(data["seat"], data["code"])

    async def on_scan(self, action: str, data: dict) -> None:
        """A friend's reply scanned with the camera."""
        if self.friends is not None and self.session.view is not None:
            await self.scan_reply(data["seat"])

    async def on_stand_in(self, action: str, data: dict) -> None:
        """The host lets the computer play for a friend, or gives the seat back."""
        if self.friends is not None and self.session.ready:
            await self.act(protocol.STAND_IN, seat=data["seat"], on=data["on"])

    async def on_back(self, action: str, data: dict) -> None:
        """A friend is back at their seat."""
        if self.session.may(protocol.BACK) and self.session.ready:
            await self.act(protocol.BACK)

    async def on_leave(self, action: str, data: dict) -> None:
        """A friend's page leaves the host's table for a game of its own."""
        if not self.session.may(protocol.START):  # a friend's page: to a game of its own
            self.actuator.window.location.assign(self.page_address())

    async def on_share(self, action: str, data: dict) -> None:
        """The share panel."""
        await self.share()

    async def on_copy(self, action: str, data: dict) -> None:
        """A link copied (or shared by the device)."""
        await self.copy(data["field"], data["native"], data.get("said") or "share.copied")

    async def on_play_link(self, action: str, data: dict) -> None:
        """A shared deal played."""
        if self.client.ready and self.session.link:
            link, self.session.link = self.session.link, None
            await self.new_game(link)

    async def on_daily(self, action: str, data: dict) -> None:
        """The deal of the day played: today's (or, from a friend's result, that day's); a game in progress
        is not given up without asking."""
        if not self.client.ready:
            self.notify(t("notice.starting"))
            return
        day = data.get("date") or self.actuator.today()
        if not self.may_end_the_game("daily", day, data):
            return
        await self.play_daily(day)

    async def on_replay(self, action: str, data: dict) -> None:
        """A finished hand played again, as a game of its own (the game in progress ends when the person
        says so)."""
        if not self.client.ready or not self.may_end_the_game("replay", data["hand"], data):
            return
        self.session.panel = ""
        answer = await self.send(
            protocol.REPLAY, fresh=True, dealt=True, hand=data["hand"], stored_hands=stored_hands(self.storage)
        )
        if not answer.ok:
            self.notify(refusal_text(answer.refusal))

    def may_end_the_game(self, action: str, value, data: dict) -> bool:
        """Whether a new game (``action`` with ``value``: a day's deal, a hand again) may start now: when no
        game is in progress, or the person has said it may end (else they are asked)."""
        session = self.session
        view = session.view
        if view is None or view.phase == "over" or view.winners or data.get("confirmed"):
            return True
        session.asked, session.panel = [action, value], "ends"
        self.render()
        return False

    async def on_again(self, action: str, data: dict) -> None:
        """Another game like the last: at once, or (pressed before the engine is up) as soon as it is up."""
        if self.client.ready:
            await self.new_game()
        else:
            self.session.starting = "again"
            self.render()

    async def on_start(self, action: str, data: dict) -> None:
        """A new game from the form: at once, or (pressed before the engine is up) as soon as it is up,
        the form saying meanwhile that the game is starting."""
        self.remember_form(data)
        if self.client.ready:
            await self.new_game(from_form=True)
        else:
            self.session.starting = "form"
            self.render()

    async def start_early(self) -> None:
        """The game asked for before the engine was up: the form's (the one its Start kept) or another like
        the last (Play again)."""
        from_form, self.session.starting = self.session.starting == "form", ""
        await self.new_game(from_form=from_form)

    async def on_lesson(self, action: str, data: dict) -> None:
        """Learn by playing: the lesson dealt (``lesson``), skipped (``lesson-skip``: the hand goes on as an
        ordinary game, still not counted) or over, for a real game (``lesson-done``)."""
        session = self.session
        if action == "lesson-skip" and coach.speaking(session):
            session.lesson["on"] = False
            self.storage.set(coach.LESSON_KEY, json.dumps(session.lesson))
            self.notify(t("coach.skipped"))
            self.render()
        elif not self.client.ready:
            self.notify(t("notice.starting"))
        elif action == "lesson-done":
            session.lesson["on"] = False
            await self.new_game()
        elif action == "lesson":
            session.offer_lesson = False
            session.lesson = coach.starting()
            session.panel = ""
            options = coach.lesson_options(self.catalog, session.settings.get("name") or "")
            answer = await self.send(
                protocol.START, fresh=True, dealt=True, options=options, stored_hands=stored_hands(self.storage)
            )
            if not answer.ok:
                session.lesson = None
                self.notify(refusal_text(answer.refusal))

    async def on_save_settings(self, action: str, data: dict) -> None:
        """The settings saved."""
        await self.save_settings(data["settings"])

    async def choose_card(self, card: str, index: int = None) -> None:
        """A card of the hand clicked (``index``: where in the hand; two decks have equal cards): picked
        for the pass, played, or why it cannot be."""
        session = self.session
        step = session.step
        hand = session.view.hand if session.view is not None else []
        if index is None or not 0 <= index < len(hand) or hand[index] != card:
            index = hand.index(card) if card in hand else None
        if card in held_back(session):  # the lesson's coach offers only the sensible cards at first
            self.notify(coach.advise(session).why)
        elif step == protocol.STEP_PASS:
            if index is not None:
                session.toggle(index)
            self.render()
        elif step == protocol.STEP_PLAY and card in session.view.legal:
            if session.ready:
                await self.act(protocol.PLAY, seat=session.view.seat, card=card)
            else:
                self.decide_ahead({"play": card}, index)
        elif step == protocol.STEP_PLAY:
            self.notify(reason(session.view, card))
        elif step == protocol.LOADING:
            self.notify(t("notice.starting"))
        else:
            self.notify(t("notice.wait"))

    async def hint(self, step: str) -> None:
        """The hint for the decision of ``step``: the cards to pass and why, or the card to play (and the
        Hard player's estimate on each), shown above the hand and read out."""
        session = self.session
        session.hinting = True
        self.render()
        answer = await self.client.send(protocol.HINT)
        session.hinting = False
        if not answer.ok:
            self.notify(refusal_text(answer.refusal))
        elif session.step == step:
            session.hint, session.pass_hint = answer.hint, answer.pass_hint
            self.actuator.announce(spoken(session))
        self.render()
        self.actuator.reveal_hint()

    def change_panel(self, action: str, data: dict) -> None:
        """Open or close a panel (or the game's result), ask to reset the statistics or reset them, follow the form's preset."""
        session = self.session
        if action == "open":
            session.panel = data["panel"]
            if session.panel == "daily":  # (its links start with this copy's address)
                session.address = self.page_address()
        elif action == "close":
            form = session.settings.get("form")
            if session.panel == "new" and form and form.get("error"):
                # A refused form, closed: it shows the options played next time, without the error.
                session.settings["form"] = dict(session.settings.get("played") or form, error="")
                self.save_settings_only()
            if not session.panel and session.step == protocol.STEP_OVER:
                session.result_closed = True  # the game-over dialog, closed: the final table stays
            session.panel = ""
            session.review = None
            session.confirm_reset = False
            session.starting = ""  # closed before the engine was up: its Start or Play again no longer stands
        elif action == "result":
            session.result_closed = False
        elif action == "ask-reset-stats":
            session.confirm_reset = True
        elif action == "reset-stats":
            session.stats = player_stats.empty()
            session.confirm_reset = False
            self.storage.set(STATS_KEY, json.dumps(session.stats))
        elif action == "preset":
            self.remember_form(data)
            preset = next((p for p in self.catalog["presets"] if p["name"] == data["preset"]), None)
            if preset is not None:  # "custom" keeps the rules as they are
                session.settings["form"]["rules"] = dict(preset["rules"])
        self.render()

    def remember_form(self, data: dict) -> None:
        """Keep what the new-game form says (the engine checks it when the game starts)."""
        form = self.session.settings.get("form") or {}
        form.update(rules=data["rules"], levels=data["levels"], names=data["names"], preset=data["preset"], error="")
        self.session.settings["form"] = form
        self.session.settings["name"] = data["name"]
        self.save_settings_only()

    async def save_settings(self, values: dict) -> None:
        """The settings form's values: kept, the language switched, the engine told."""
        if "stun" in values:
            values["stun"] = "".join(str(values["stun"]).split())[:200]  # an address: no spaces
            failed = [seat for seat, invite in self.session.invites.items() if invite.get("failed")]
            for seat in failed:
                del self.session.invites[seat]
        self.session.settings.update(values)
        self.session.panel = ""
        await self.use_language()
        self.render()  # in the new language at once, not only when the engine has answered
        self.save_settings_only()
        if self.client.ready:
            await self.send(protocol.CONFIGURE, settings=self.session.engine_settings())
        self.render()

    def save_settings_only(self) -> None:
        """Store the settings (they change only when the person changes them)."""
        self.storage.set(SETTINGS_KEY, json.dumps(self.session.settings))
        self.report_storage()

    async def share(self) -> None:
        """Open the share panel: a link to this copy of the game, and one to the deal in progress."""
        window = self.actuator.window
        address = self.page_address()
        deal = result = ""
        if self.client.ready and self.session.view is not None:
            answer = await self.client.send(protocol.SHARE)
            if answer.ok and answer.verdict is not None:
                result = address + "?" + answer.query  # a finished deal of the day's result
            elif answer.ok:
                deal = address + "?" + answer.query
        native = bool(window.Reflect.has(window.navigator, "share"))
        self.session.share = {"game": address, "deal": deal, "result": result, "native": native}
        self.session.panel = "share"
        self.render()

    async def copy(self, field, native: bool, said: str = "share.copied") -> None:
        """Copy a link from the share panel (or share it with the system's share sheet), or a fault's details;
        ``said``: the catalogue key of what the person is told once it is copied."""
        window = self.actuator.window
        text = field.value
        try:
            if native:
                entries = [["title", self.actuator.document.title], ["url", text]]
                await window.navigator.share(window.Object.fromEntries(entries))
                return
            await window.navigator.clipboard.writeText(text)
            self.notify(t(said))
        except Exception:
            field.focus()
            field.select()
            self.notify(t("share.copy_by_hand"))

    # Faults ------------------------------------------------------------------------------

    async def guarded(self, work) -> None:
        """Await ``work`` (a coroutine): a fault it meets is told (:meth:`show_fault`), never retried; an
        engine that failed or stopped is started again (:meth:`engine_lost`)."""
        try:
            await work
        except Halted:
            pass  # a fault is on screen already: nothing more goes to the engine
        except EngineLost as lost:
            await self.engine_lost(lost)
        except Exception as error:
            self.show_fault(error)

    def spawn(self, work) -> None:
        """Run ``work`` (a coroutine) in the background, its faults told (:meth:`guarded`)."""
        self.actuator.keep(asyncio.create_task(self.guarded(work)))

    def show_fault(self, error) -> None:
        """Tell the person of a fault (the engine's, or the page's own), log it whole, and send the engine
        nothing more: the game is saved up to the last move it took, and Reload takes it up again."""
        if isinstance(error, EngineFault):
            self.carry_out(error.answer)  # the save up to what the table took; the friends told
        fault = fault_record(error)
        fault["details"] = details(fault, self.actuator.build())
        self.client.halted = True
        self.session.fault = fault
        self.actuator.log(fault["details"])
        self.render()

    async def engine_lost(self, lost) -> None:
        """The engine's worker failed or stopped: another is started and takes the game up from its save
        (the decision in flight is lost, and the person told so); a fault when that too fails, or after
        :data:`MOST_RESTARTS` engines on this visit."""
        if lost.worker is not self.client.worker or self.restarting:
            return  # another engine has been, or is being, started
        if self.restarts >= MOST_RESTARTS:
            self.show_fault(lost)
            return
        self.restarts += 1
        self.restarting = True
        self.actuator.log("The engine stopped (" + str(lost) + "): another one starts")
        self.notify(t("fault.restarting"), 60)
        try:
            await self.client.restart()
            await self.send(protocol.CONFIGURE, settings=self.session.engine_settings())
            saved = read_saved_game(self.storage)
            if saved is None or not await self.resume(saved):
                await self.new_game()
        except Exception as error:  # (told, whatever it is: this engine is not started again)
            self.show_fault(error)
            return
        finally:
            self.restarting = False
        self.notify(t("fault.restarted"), 12)

    def engine_stopped(self) -> None:
        """The engine's worker failed or stopped while nobody was asking it: another is started now."""
        if self.client.worker is not None:
            self.spawn(self.engine_lost(EngineLost(self.client.worker, "the engine worker stopped")))

    async def on_reload(self, action: str, data: dict) -> None:
        """Reload the page (after a fault: the game is taken up from its save)."""
        self.actuator.window.location.reload()

    # Screen ------------------------------------------------------------------------------

    async def use_language(self) -> None:
        """Speak the chosen language (or the browser's) and label the page's fixed parts in it.

        Only English comes with the page; another language's catalogue is fetched when it is first
        used (English if it cannot be, say offline before the service worker has it).
        """
        chosen = self.session.settings.get("language")
        code = set_language(chosen or pick_language(list(self.actuator.window.navigator.languages)))
        if code != DEFAULT_LANGUAGE:
            try:
                await self.fetch_language(code)
            except Exception:
                code = set_language(DEFAULT_LANGUAGE)
        self.actuator.label_page(code)

    def render(self) -> None:
        """Draw the page from the session (as of today: the page may stay open past midnight)."""
        self.session.today = self.actuator.today()
        self.actuator.render(self.session, self.catalog)

    def notify(self, text: str, seconds: float = None) -> None:
        """A short message for the person."""
        if seconds is None:
            self.actuator.notify(text)
        else:
            self.actuator.notify(text, seconds)

    def report_storage(self) -> None:
        """Tell the person what was set aside on this visit (all of it again when there is more: a notice
        replaces the last one), and once when the browser's storage failed."""
        storage = self.storage
        texts = []
        aside = len(storage.aside) > storage.told
        if aside:
            storage.told = len(storage.aside)
            for key, values in storage.aside:
                words = {
                    name: ", ".join(t(item) for item in value) if isinstance(value, list) else value
                    for name, value in values.items()
                }
                texts.append(t(key, **words))
        if storage.problem:
            texts.append(t(storage.problem))
            storage.problem = ""
        if texts:
            self.notify(" ".join(texts), ASIDE_NOTICE_SECONDS if aside else None)


# The person's actions (from the input manager) → the controller's method that does each.
ACTIONS = {
    "card": "on_card",
    "pass": "on_pass",
    "collect": "on_collect",
    "next": "on_step_intent",
    "handoff": "on_step_intent",
    "claim": "on_step_intent",
    "finish": "on_step_intent",
    "moon": "on_moon",
    "undo": "on_undo",
    "hint": "on_hint",
    "figures": "on_figures",
    "review": "on_review",
    "review-page": "on_review_page",
    "open": "on_panel",
    "close": "on_panel",
    "result": "on_panel",
    "ask-reset-stats": "on_panel",
    "reset-stats": "on_panel",
    "preset": "on_panel",
    "welcome-close": "on_welcome_close",
    "accept-reply": "on_accept_reply",
    "scan": "on_scan",
    "stand-in": "on_stand_in",
    "back": "on_back",
    "leave": "on_leave",
    "share": "on_share",
    "copy": "on_copy",
    "play-link": "on_play_link",
    "again": "on_again",
    "daily": "on_daily",
    "replay": "on_replay",
    "start": "on_start",
    "save-settings": "on_save_settings",
    "lesson": "on_lesson",
    "lesson-skip": "on_lesson",
    "lesson-done": "on_lesson",
    "reload": "on_reload",
}
# The actions the engine hears of as one intent in one step: action → (its step, the intent).
STEP_INTENTS = {
    "next": (protocol.STEP_SUMMARY, protocol.READ_ON),
    "handoff": (protocol.STEP_HANDOFF, protocol.TAKE_DEVICE),
    "claim": (protocol.STEP_PLAY, protocol.CLAIM),
    "finish": (protocol.STEP_PLAY, protocol.FINISH),
}
