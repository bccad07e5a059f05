"""The engine worker's Python (Pyodide): ``handle`` in front of the game host, and the few calls with which
the worker's script (``assets/engine-worker.mjs``) lends it helper workers.

The page's engine client (:mod:`pyapp.page.client`) sends each intent as JSON text
(:func:`pyapp.shared.protocol.message`) and gets the host's answer back as JSON
text (:class:`pyapp.shared.protocol.Answer`).  Nothing else crosses to the
page.  When an Expert seat thinks in several parts
(:mod:`pyapp.host.thinking`), ``handle`` answers ``{"think": [jobs]}``
instead; the script runs the first job here (:func:`think`) and the others on
its helpers, and :func:`resume` answers the intent.  This module is part of
the engine's zip and of its memory snapshot.
"""

import json

from pyapp.host.game import Host
from pyapp.host.thinking import ThinkFirst
from pyapp.workers import thinker

host = Host()
waiting: list = []  # the intent whose thinking the workers are doing, and its jobs


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


def set_parts(parts: int) -> None:
    """How many parts a decision is thought in: this worker and the helpers that are ready."""
    host.pool.parts = parts


def helpers_wanted() -> bool:
    """Whether the game has a seat that thinks in parts (the helper workers start only then)."""
    return host.wants_helpers
