"""The engine worker's Python (Pyodide): ``handle`` in front of the game host, and the few calls with which
the worker's script (``assets/engine-worker.mjs``) lends it helper workers.

The page's engine client (:mod:`pyapp.page.client`) sends each intent as JSON text
(:func:`pyapp.shared.protocol.message`) and gets the host's answer back as JSON
text (:class:`pyapp.shared.protocol.Answer`).  Nothing else crosses to the
page.  When an Expert seat thinks in several parts
(:mod:`pyapp.host.thinking`), ``handle`` answers ``{"think": [jobs]}``
instead; the script runs the first job here (:func:`think`) and the others on
its helpers, and :func:`resume` answers the intent.  Once idle after an answer the
script asks :func:`foresee` for the next computer decision's jobs and has them
thought before the page asks for that decision.  This module is part of
the engine's zip and of its memory snapshot.
"""

import json

from pyapp.host.game import Host
from pyapp.host.thinking import ThinkFirst
from pyapp.workers import thinker

host = Host()
waiting: list = []  # the intent whose thinking the workers are doing, and its jobs
foreseen: list = []  # the moment the next decision was last foreseen at (foresee's key), and the jobs found


def handle(message: str) -> str:
    """Answer one intent of the page, or ask for its thinking first: ``{"think": [jobs]}``."""
    try:
        return host.handle(message)
    except ThinkFirst as thinking:
        waiting[:] = [message, thinking.jobs]
        return json.dumps({"think": thinking.jobs})


def resume(answers: str) -> str:
    """Answer the intent that asked for thinking, with its jobs' answers (a JSON list of texts, in order)."""
    message, jobs = waiting
    host.pool.take(jobs, json.loads(answers))
    return handle(message)


def think(job: str) -> str:
    """Think one part here (the first of each decision's, or a failed helper's)."""
    return thinker.handle(job)


def decision_due() -> bool:
    """Whether a computer decision is due now (else, if any comes next, it comes after a person's)."""
    return host.table is not None and bool(host.table.bots_to_act)


def foresee(parts: int, here: bool) -> str:
    """The jobs (a JSON list; empty: nothing to foresee) of the next computer decision thought in ``parts``
    parts, one of them on this worker when ``here`` (else all on the helpers), to think before the page
    asks for it: the decision due now, else the one after the card the person to play is likely to play
    (:meth:`pyapp.host.table.Table.foreseen_jobs`).  Worked out again only when the table (its history,
    its computers' generators, what the computer finishes) or the parts have changed: an answer that
    changed nothing (a hint, a friend's greeting) costs nothing more."""
    table = host.table
    if table is None:
        return "[]"
    set_parts(parts, here)
    generators = tuple(bot.rng.getstate() for bot in table.bots if bot is not None)  # (an undo keeps them)
    moment = (table, tuple(table.match.history), generators, tuple(table.finishing), parts, here, table.think_ms)
    if not foreseen or foreseen[0] != moment:
        foreseen[:] = [moment, json.dumps(table.foreseen_jobs())]
    return foreseen[1]


def set_parts(parts: int, here: bool = True) -> None:
    """How many parts a decision is thought in, and whether this worker thinks one (else the helpers all)."""
    host.pool.parts, host.pool.here = parts, here


def helpers_wanted() -> bool:
    """Whether the game has a seat that thinks in parts (the helper workers start only then)."""
    return host.wants_helpers
