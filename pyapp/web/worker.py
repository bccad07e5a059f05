"""The engine worker's Python (Pyodide): one function, ``handle``, in front of the game host.

The page's engine client (:mod:`web.client`) sends each intent as JSON text
(:func:`pyapp.web.protocol.message`) and gets the host's answer back as JSON
text (:class:`pyapp.web.protocol.Answer`).  Nothing else crosses.  The worker's
script, ``assets/engine-worker.mjs``, imports this module and calls ``handle``
for each message; it is part of the engine's zip and of its memory snapshot.
"""

from pyapp.host.game import Host

host = Host()


def handle(message: str) -> str:
    """Answer one intent of the page."""
    return host.handle(message)
