"""Faults told and survived (pyapp.page.faults): the dialog, a lost engine started again.

Plain Python for MicroPython and CPython.
"""

import asyncio

from ...shared import protocol
from ..faults import MOST_RESTARTS, EngineFault, EngineLost, details, fault_record
from ..storage import read_saved_game
from ..words.i18n import t

# The person's decisions that go again to an engine started instead of one lost while it had them in flight
# (a timer's CONTINUE is not: the game taken up from its save times its next step anew).
RESENT = (
    protocol.PASS,
    protocol.PLAY,
    protocol.MOON,
    protocol.COLLECT,
    protocol.READ_ON,
    protocol.TAKE_DEVICE,
    protocol.CLAIM,
    protocol.FINISH,
    protocol.UNDO,
    protocol.STAND_IN,
    protocol.BECOME_TABLE,
)


class FaultHandling:
    """Tells the person of a fault, and starts a lost engine again (it tells the guard it is here)."""

    def __init__(self, page, guard, answers, startup, games):
        self.page = page
        self.guard = guard
        self.answers = answers
        self.startup = startup
        self.games = games
        self.restarts = 0  # engines started again on this visit (pyapp.page.faults.MOST_RESTARTS)
        self.restarting = False  # one is being started: the other calls that found the old one gone wait for it
        self.started = asyncio.Event()  # the engine being started again is up (or could not be)
        self.started.set()
        guard.faults = self

    def show_fault(self, error, host: bool = False) -> None:
        """Tell the person of a fault (the engine's, or the page's own; ``host``: the host's engine, on a
        friend's page), log it whole, and send the engine nothing more: the game is saved up to the last
        move it took, and Reload takes it up again."""
        page = self.page
        if isinstance(error, EngineFault):
            self.answers.carry_out(error.answer)  # the save up to what the table took; the friends told
        fault = fault_record(error)
        fault["host"] = host
        fault["details"] = details(fault, page.actuator.build())
        page.client.halted = True
        page.session.fault = fault
        page.actuator.log(fault["details"])
        page.render()

    async def engine_lost(self, lost) -> None:
        """The engine's worker failed or stopped: another is started and takes the game up from its save,
        and the person's decision that was in flight (:data:`RESENT`) goes to it again; a fault when that
        too fails, or after :data:`MOST_RESTARTS` engines on this visit.  Every intent that found the old
        engine gone waits for the new one."""
        page = self.page
        if lost.worker is page.client.worker and not self.restarting:
            if not await self.start_again(lost):
                return
        else:
            await self.started.wait()  # (set already when that engine has been started again)
        if lost.intent in RESENT:
            fresh = lost.intent == protocol.UNDO
            answer = await self.answers.act(lost.intent, fresh, **lost.arguments)
            if not answer.ok:
                page.notify(t("fault.restarted"), 12)  # (its refusal was said: the person makes it again)

    async def start_again(self, lost) -> bool:
        """Start another engine instead of the lost one and take the game up from its save; whether it did
        (else the fault is on screen)."""
        page = self.page
        if self.restarts >= MOST_RESTARTS:
            self.show_fault(lost)
            return False
        self.restarts += 1
        self.restarting = True
        self.started = asyncio.Event()
        page.actuator.log("The engine stopped (" + str(lost) + "): another one starts")
        page.notify(t("fault.restarting"), 60)
        try:
            await page.client.restart()
            await self.answers.send(protocol.CONFIGURE, settings=page.session.engine_settings())
            saved = read_saved_game(page.storage)
            if saved is None or not await self.startup.resume(saved):
                await self.games.new_game()
        except Exception as error:  # (told, whatever it is: this engine is not started again)
            self.show_fault(error)
            return False
        finally:
            self.restarting = False
            self.started.set()
        page.notify(t("fault.recovered"), 12)
        return True

    def engine_stopped(self) -> None:
        """The engine's worker failed or stopped while nobody was asking it: another is started now."""
        worker = self.page.client.worker
        if worker is not None:
            self.guard.spawn(self.engine_lost(EngineLost(worker, "the engine worker stopped")))

    async def on_reload(self, action: str, data: dict) -> None:
        """Reload the page (after a fault: the game is taken up from its save)."""
        self.page.actuator.window.location.reload()
