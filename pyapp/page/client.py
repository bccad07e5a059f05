"""The engine client: the only code on the page that talks to the engine worker (and the thinker's).

It encodes each intent (:func:`pyapp.shared.protocol.message`), sends one at a time
(the engine answers in order, so a timer and a click never interleave), and
decodes the answer into a :class:`pyapp.shared.protocol.Answer`.  Plain Python for
MicroPython and CPython: the worker is anything with an awaitable
``handle(text)``, so the tests drive the real engine in-process.

Every call has a time limit.  An engine answer that has not come within its
intent's limit (:data:`LIMITS`) no longer holds the others up: the next
intent may go, the page is told (it asks the person to reload; the game is
stored up to the last answer), and the answer is still taken should it come
(it carries the game's storage writes, and answers come in order).  A hand
review that passes :data:`REVIEW_LIMIT` is given up (the page says the
review could not be computed).
"""

import asyncio

from ..shared import protocol
from .faults import EngineFault, EngineLost, Halted

# How long the page waits for the engine's answer before it tells the person, in seconds; generous, so
# that only an engine that has stopped passes them.  Every intent's answer holds at most one computer's
# decision (an Expert's thinks for the think time, 1.2 s at the longest, on any device), or the computers'
# passes after the person's (nine computers at most), or a replay of the game (UNDO, LOAD: 47 ms for a
# 40-hand game on CPython on this project's machine; Pyodide on a slow phone is some ten times slower).
LIMIT = 60
LIMITS = {
    # The computer plays out the rest of the hand for the person and every computer seat thinks each of
    # its cards: with ten players about 9 × 11 cards × 1.2 s = 2 minutes, on any device.
    protocol.FINISH: 600,
    # A result link replayed: the computer's every decision of a whole daily game (about 4.5 s of CPU on
    # CPython; a slow phone's Pyodide may take ten times as long).
    protocol.VERIFY: 600,
}
REVIEW_LIMIT = 300  # a hand's review: about 3 s on this project's machine (the thinker; at most ten players)


class Call:
    """One text sent to a worker: its answer awaited for a while (:meth:`within`), then for as long as it
    takes (:meth:`result`)."""

    def __init__(self, worker, text: str):
        """Send ``text`` to ``worker`` (anything with an awaitable ``handle(text)``)."""
        self.done = asyncio.Event()  # the worker has answered (or failed)
        self.woken = asyncio.Event()  # it has, or the time allowed has passed
        self.answer = self.error = None
        self.task = asyncio.create_task(self._ask(worker, text))

    async def _ask(self, worker, text: str) -> None:
        try:
            self.answer = await worker.handle(text)
        except Exception as error:  # given to whoever awaits the result
            self.error = error
        self.done.set()
        self.woken.set()

    async def _alarm(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self.woken.set()

    async def within(self, seconds: float) -> bool:
        """Whether the worker answers (or fails) within ``seconds``; the call goes on either way.

        (Not ``asyncio.wait_for``: MicroPython's cancels the task that waits when the answer comes
        first, and the page boots at PyScript's top level, which is no task.)
        """
        alarm = asyncio.create_task(self._alarm(seconds))
        await self.woken.wait()
        alarm.cancel()
        return self.done.is_set()

    async def result(self):
        """The worker's answer, whenever it comes (its error raised)."""
        await self.done.wait()
        if self.error is not None:
            raise self.error
        return self.answer


class EngineClient:
    """Sends intents to the engine worker and returns its answers."""

    def __init__(self, restart=None):
        """``restart()`` starts another engine worker (its awaitable, as :meth:`connect` takes), the old one
        ended (``window.heartsRestartEngine`` on the page)."""
        self.worker = None
        self.starter = restart
        self.lock = asyncio.Lock()
        self.late = None  # called when an answer passes its time limit (the page tells the person)
        self.halted = False  # a fault is on screen: nothing more is sent (pyapp.page.faults)

    @property
    def ready(self) -> bool:
        """Whether the engine is up and answering."""
        return self.worker is not None

    async def connect(self, worker, late=None) -> None:
        """Wait for the worker (an awaitable that gives it) and use it from now on; ``late()`` is called
        whenever an answer passes its time limit."""
        self.worker = await worker
        self.late = late

    async def restart(self) -> None:
        """Another engine worker instead of this one (which failed or stopped), once it is up."""
        if self.starter is None:
            raise RuntimeError("this page cannot start another engine")
        self.worker = await self.starter()

    async def send(self, intent: str, **arguments):
        """The engine's answer to ``intent`` with ``arguments`` (the next intent may go once it passes
        its time limit, :data:`LIMITS`); :class:`EngineFault` when it is a fault, :class:`EngineLost` when
        the worker failed or stopped, :class:`Halted` once a fault is on screen."""
        if self.halted:
            raise Halted()
        text = protocol.message(intent, **arguments)
        async with self.lock:
            worker = self.worker
            call = Call(worker, text)
            if not await call.within(LIMITS.get(intent, LIMIT)) and self.late is not None:
                self.late()
        try:
            text = str(await call.result())
        except Exception as error:  # (a JavaScript error: the worker said it failed, or it stopped)
            raise EngineLost(worker, str(error), intent, arguments) from None
        answer = protocol.read_answer(text)
        if answer.fault is not None:
            raise EngineFault(answer)
        return answer


class ThinkerClient:
    """Hands jobs (hand reviews, JSON text from :class:`pyapp.shared.protocol.Answer`) to the thinker worker, one
    at a time, and returns its answers as text for the engine (REVIEWED)."""

    def __init__(self, worker):
        """``worker``: anything with an awaitable ``handle(text)`` (``window.heartsThinker`` on the page)."""
        self.worker = worker
        self.lock = asyncio.Lock()

    async def run(self, job: str) -> str:
        """The thinker's answer to ``job``; :class:`asyncio.TimeoutError` once it passes
        :data:`REVIEW_LIMIT` (the next job may go)."""
        async with self.lock:
            call = Call(self.worker, job)
            if not await call.within(REVIEW_LIMIT):
                raise asyncio.TimeoutError("the thinker has not answered")
        return str(await call.result())
