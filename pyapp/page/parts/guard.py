"""The guard every piece of the page's work runs in: a fault it meets is told, never retried.

Plain Python for MicroPython and CPython.
"""

import asyncio

from ..faults import EngineLost, Halted


class Guard:
    """Runs the page's work (a click, a timer, a friend's message, the boot) so that a fault is told to the
    faults part (:class:`pyapp.page.parts.fault_handling.FaultHandling`, which takes the guard when it is
    made) and a lost engine started again."""

    def __init__(self, actuator):
        self.actuator = actuator
        self.faults = None  # the faults part (it says it is here when it is made)

    async def guarded(self, work) -> None:
        """Await ``work`` (a coroutine): a fault it meets is told, never retried; an engine that failed or
        stopped is started again."""
        try:
            await work
        except Halted:
            pass  # a fault is on screen already: nothing more goes to the engine
        except EngineLost as lost:
            await self.faults.engine_lost(lost)
        except Exception as error:
            self.faults.show_fault(error)

    def spawn(self, work) -> None:
        """Run ``work`` (a coroutine) in the background, its faults told (:meth:`guarded`)."""
        self.actuator.keep(asyncio.create_task(self.guarded(work)))

    def call(self, function, *arguments) -> None:
        """Call ``function`` (a page callback that is not a coroutine) with its faults told."""
        try:
            function(*arguments)
        except Exception as error:
            self.faults.show_fault(error)
