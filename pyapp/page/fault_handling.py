"""Faults told and survived (pyapp.page.faults): the dialog, a lost engine started again.

A part of the page's controller (:class:`pyapp.page.controller.Controller`, whose state it shares).
Plain Python for MicroPython and CPython.
"""

import asyncio

from ..shared import protocol
from .faults import MOST_RESTARTS, EngineFault, EngineLost, Halted, details, fault_record
from .i18n import t
from .storage import read_saved_game


class FaultHandling:
    """Faults told and survived (pyapp.page.faults)."""

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

    def show_fault(self, error, host: bool = False) -> None:
        """Tell the person of a fault (the engine's, or the page's own; ``host``: the host's engine, on a
        friend's page), log it whole, and send the engine nothing more: the game is saved up to the last
        move it took, and Reload takes it up again."""
        if isinstance(error, EngineFault):
            self.carry_out(error.answer)  # the save up to what the table took; the friends told
        fault = fault_record(error)
        fault["host"] = host
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
