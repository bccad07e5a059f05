"""The engine's answers carried out: storage, the view, the statistics, the screen and the next timer.

A part of the page's controller (:class:`pyapp.page.controller.Controller`, whose state it shares).
Plain Python for MicroPython and CPython.
"""

import asyncio
import json

from ..shared import protocol
from . import coach, player_stats
from .announce import announcement, sound_of
from .player_stats import STATS_KEY
from .refusals import refusal_text
from .storage import VIEW_KEY, apply_writes

AWAY_TICK_SECONDS = 1  # how often the countdown to the computer playing for a friend who left is redrawn


class Answers:
    """The engine's answers carried out."""

    async def send(self, intent: str, fresh: bool = False, dealt: bool = False, **arguments):
        """Send an intent and take the answer (storage, view, statistics, screen, the next timed step)."""
        answer = await self.client.send(intent, **arguments)
        self.take(answer, fresh, dealt)
        if coach.wants_pass_advice(self.session):  # the lesson's pass: the coach offers what the hint says
            await self.hint(protocol.STEP_PASS)
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
            session.invites, session.quiet = {}, set()
        if answer.view.friends and answer.view.friends.get("secret") and self.friends is not None:
            self.keep_invitations(before, answer.view, fresh)
        kept = answer.raw_view
        if answer.view.party:  # (drawn after a reload as the hand-over: nobody's cards are kept in storage)
            kept = dict(kept, hand=[], legal=[], received=[], reasons={})
        self.storage.set(VIEW_KEY, json.dumps(kept))
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
