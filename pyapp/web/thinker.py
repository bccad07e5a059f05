"""The thinker worker's Python (Pyodide): one function, ``handle``, that runs a job away from the engine.

A finished hand's review (:mod:`pyapp.host.reviews`) takes seconds of
playouts; the page hands each job the engine gives it to this second
worker, which ``assets/boot.js`` starts only when the first job comes, so
the engine's worker goes on answering the table at once.  The same script
as the engine's worker runs it (``assets/engine-worker.mjs``, by the
worker's name), from the same memory snapshot.
"""

from pyapp.host.reviews import run_job


def handle(job: str) -> str:
    """Run one job (JSON text) and answer with its result (JSON text)."""
    return run_job(job)
