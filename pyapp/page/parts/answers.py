"""The engine's answers carried out: storage, the view, the statistics, the screen and the next timer.

The other parts hear of what concerns them by listening (:meth:`Answers.listen`):
each answer (reviews), each view shown (friends' invitations, the deal of the
day's result) and each intent sent (the lesson's pass advice).  Plain Python
for MicroPython and CPython.
"""

import asyncio
import json

from ...shared import protocol
from .. import lesson, player_stats
from ..player_stats import STATS_KEY
from ..storage import VIEW_KEY, apply_writes
from ..views.announce import announcement, sound_of, turn_came
from ..words.refusals import refusal_text

AWAY_TICK_SECONDS = 1  # how often the countdown to the computer playing for a friend who left is redrawn


class Answers:
    """Sends the person's intents to the engine and carries out its answers."""

    def __init__(self, page, guard):
        self.page = page
        self.guard = guard
        self.answered = []  # (answer) → None, for every answer: its reviews
        self.shown = []  # (before, view, fresh) → None, for every view shown
        self.sent = []  # () → awaitable, after every intent sent and carried out

    def listen(self, answered=None, shown=None, sent=None) -> None:
        """Be told of every answer (``answered(answer)``), every view shown (``shown(before, view, fresh)``)
        or every intent sent (``sent()``, awaited)."""
        for kind, listener in ((self.answered, answered), (self.shown, shown), (self.sent, sent)):
            if listener is not None:
                kind.append(listener)

    async def send(self, intent: str, fresh: bool = False, dealt: bool = False, **arguments):
        """Send an intent and take the answer (storage, view, statistics, screen, the next timed step)."""
        answer = await self.page.client.send(intent, **arguments)
        self.take(answer, fresh, dealt)
        for listener in self.sent:
            await listener()
        return answer

    async def act(self, intent: str, fresh: bool = False, **arguments):
        """A decision of the person's: sent to the engine, which may refuse it (the page then says why)."""
        answer = await self.send(intent, fresh, **arguments)
        if not answer.ok:
            view = self.page.session.view
            self.page.notify(refusal_text(answer.refusal, view.rules if view is not None else None))
        return answer

    def take(self, answer, fresh: bool = False, dealt: bool = False) -> None:
        """Carry out an answer: its storage writes, its reviews, its view (with what it announces) and the
        next timer."""
        page, session = self.page, self.page.session
        self.carry_out(answer)
        for listener in self.answered:
            listener(answer)
        if answer.view is None:
            if answer.reviews:
                page.render()
            return
        before = session.view if session.ready and not fresh else None
        session.show(answer.view, answer.results_count, answer.new_results, fresh=fresh, dealt=dealt)
        for listener in self.shown:
            listener(before, answer.view, fresh)
        kept = answer.raw_view
        if answer.view.party:  # (drawn after a reload as the hand-over: nobody's cards are kept in storage)
            kept = dict(kept, hand=[], legal=[], received=[], reasons={})
        page.storage.set(VIEW_KEY, json.dumps(kept))
        page.actuator.announce(announcement(before, answer.view))
        page.actuator.sound(sound_of(before, answer.view, answer.new_results), session.settings)
        if session.shared_table and turn_came(before, answer.view):  # (a phone in a pocket while others play)
            page.actuator.buzz(session.settings)
        self.follow_lesson(answer.view)
        # A lesson's game is never counted (even when it was skipped), nor one of so many hands (the deal of
        # the day, on its board; a hand played again).
        counted = session.lesson is None and not answer.view.rules.get("hands")
        if counted and player_stats.record(session.stats, answer.view, session.results, page.catalog["presets"]):
            page.storage.set(STATS_KEY, json.dumps(session.stats))
        page.render()
        if answer.view.after_ms is not None:
            self.guard.spawn(self.later(answer.view.turn, answer.view.after_ms))
        if any(ms > 0 for _, ms in (answer.view.friends or {}).get("away", [])):
            self.guard.spawn(self.tick_away(answer.view.turn))

    def carry_out(self, answer) -> None:
        """An answer's storage writes, and its messages to the friends' devices (each their own view)."""
        apply_writes(self.page.storage, answer.writes)
        self.page.report_storage()
        if self.page.links is not None:
            for seat, text in answer.outbox:
                self.page.links.send(seat, text)

    async def tick_away(self, turn: int) -> None:
        """Count down, second by second, to the computer playing for a friend who left (the view of ``turn``
        said how long), until another view comes or its last second (the computer's move ends it)."""
        session = self.page.session
        longest = max(ms for _, ms in session.view.friends["away"])
        while session.away_passed_ms + 1000 < longest:
            await asyncio.sleep(AWAY_TICK_SECONDS)
            if session.view is None or session.view.turn != turn:
                return  # a newer view counts down on its own
            session.away_passed_ms += 1000
            self.page.render()

    async def later(self, turn: int, after_ms: int) -> None:
        """Send CONTINUE once the timed step of ``turn`` is due, unless the person has acted meanwhile."""
        await asyncio.sleep(after_ms / 1000)
        session = self.page.session
        if session.view is None or session.view.turn != turn:
            return
        if session.step == protocol.STEP_COLLECT:
            await self.page.actuator.slide_trick(session.settings)
        await self.send(protocol.CONTINUE, turn=turn)

    def follow_lesson(self, view) -> None:
        """Keep the lesson's record up to date with a new view (pyapp.page.coach): stored when it changes,
        dropped when another game has begun."""
        session = self.page.session
        record, changed = lesson.follow(session.lesson, view)
        session.lesson = record
        if changed and record is None:
            self.page.storage.remove(lesson.LESSON_KEY)
        elif changed:
            self.page.storage.set(lesson.LESSON_KEY, json.dumps(record))
