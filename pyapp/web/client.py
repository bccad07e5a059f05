"""The engine client: the only code on the page that talks to the engine worker (and the thinker's).

It encodes each intent (:func:`web.protocol.message`), sends one at a time
(the engine answers in order, so a timer and a click never interleave), and
decodes the answer into a :class:`web.protocol.Answer`.  Plain Python for
MicroPython and CPython: the worker is anything with an awaitable
``handle(text)``, so the tests drive the real engine in-process.
"""

import asyncio

from . import protocol


class EngineClient:
    """Sends intents to the engine worker and returns its answers."""

    def __init__(self):
        self.worker = None
        self.lock = asyncio.Lock()

    @property
    def ready(self) -> bool:
        """Whether the engine is up and answering."""
        return self.worker is not None

    async def connect(self, worker) -> None:
        """Wait for the worker (an awaitable that gives it) and use it from now on."""
        self.worker = await worker

    async def send(self, intent: str, **arguments):
        """The engine's answer to ``intent`` with ``arguments``."""
        text = protocol.message(intent, **arguments)
        async with self.lock:
            answer = await self.worker.handle(text)
        return protocol.read_answer(str(answer))


class ThinkerClient:
    """Hands jobs (hand reviews, JSON text from :class:`web.protocol.Answer`) to the thinker worker, one
    at a time, and returns its answers as text for the engine (REVIEWED)."""

    def __init__(self, worker):
        """``worker``: anything with an awaitable ``handle(text)`` (``window.heartsThinker`` on the page)."""
        self.worker = worker
        self.lock = asyncio.Lock()

    async def run(self, job: str) -> str:
        """The thinker's answer to ``job``."""
        async with self.lock:
            return str(await self.worker.handle(job))
