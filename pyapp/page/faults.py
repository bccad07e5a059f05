"""What the page did not expect: the faults it tells the person of, and never retries in silence.

A refusal is an answer the engine chose to give (:class:`pyapp.shared.protocol.Refusal`), said in the
person's language where it is asked for.  Everything else is a fault:

* the engine hit a bug answering (:class:`EngineFault`: its answer carries the fault and the writes that
  keep the save up to what the table took);
* a hand's review failed in the thinker worker (:class:`ThinkerFault`: its traceback);
* the engine's worker failed or stopped (:class:`EngineLost`): the page starts another and takes the game
  up from its save, at most :data:`MOST_RESTARTS` times a visit;
* the page's own Python raised where nothing should (any other exception).

The person is told ("Something went wrong. Your game is saved up to your last move.") with Reload and
the details to copy (the traceback and the build); the console gets the whole traceback; and the page
sends the engine nothing more (:class:`Halted`) until it is reloaded.
"""

from ..shared.traces import trace_of

MOST_RESTARTS = 2  # engines started again on one visit; a third that fails is a fault like any other


class EngineFault(Exception):
    """The engine answered with a fault (``answer.fault``) instead of a view."""

    def __init__(self, answer):
        super().__init__("the engine hit a fault")
        self.answer = answer


class EngineLost(Exception):
    """The engine's worker failed or stopped: no answer will come from ``worker`` (why: the message) to the
    ``intent`` in flight, sent with ``arguments`` (None: none was)."""

    def __init__(self, worker, why: str, intent: str = None, arguments: dict = None):
        super().__init__(why)
        self.worker = worker
        self.intent = intent
        self.arguments = arguments or {}


class ThinkerFault(Exception):
    """The thinker worker's review of a hand failed with a bug (``trace``: its traceback)."""

    def __init__(self, trace: str):
        super().__init__("a hand's review failed")
        self.trace = trace


class Halted(Exception):
    """A fault is on screen: nothing more goes to the engine until the page is reloaded."""


def fault_record(error) -> dict:
    """What the fault dialog shows of ``error``: its traceback, and a computer seat that failed with the level
    it plays at from then on (an engine's fault says; the page's own has none)."""
    if isinstance(error, EngineFault):
        fault = error.answer.fault
        return {"trace": fault.trace, "seat": fault.seat, "level": fault.level, "engine": True}
    if isinstance(error, ThinkerFault):
        return {"trace": error.trace, "seat": None, "level": None, "engine": True}
    return {"trace": trace_of(error), "seat": None, "level": None, "engine": False}


def details(fault: dict, build: str) -> str:
    """The text "Copy details" copies: the build, where the fault was, and its traceback."""
    where = "engine" if fault["engine"] else "page"
    return "Hearts " + build + ", a fault in the " + where + ":\n" + (fault["trace"] or "(no traceback)")
