"""The thinker workers' Python (Pyodide): one function, ``handle``, that runs a job away from the engine.

Two kinds of job come here: a finished hand's review
(:mod:`pyapp.host.reviews`, seconds of playouts, handed over by the page to
the thinker that ``assets/boot.js`` starts with the first review), and a
part of an Expert player's thinking (:mod:`pyapp.host.thinking`, handed by
the engine's worker to its helper workers).  The same script as the
engine's worker runs them (``assets/engine-worker.mjs``, by the worker's
name), from the same memory snapshot.
"""

import json

from pyapp.host import reviews, thinking


def handle(job: str) -> str:
    """Run one job (JSON text) and answer with its result (JSON text)."""
    try:
        data = json.loads(job)
    except ValueError:
        data = None  # not JSON: the review's answer says so
    if isinstance(data, dict) and data.get("job") == thinking.JOB:
        return thinking.run_job(data)
    return reviews.run_job(job if data is None else data)  # read once
