"""The engine worker (Pyodide): one exported function, ``handle``, in front of the game host.

The page's engine client (:mod:`web.client`) sends each intent as JSON text
(:func:`pyapp.web.protocol.message`) and gets the host's answer back as JSON
text (:class:`pyapp.web.protocol.Answer`).  Nothing else crosses.
"""

from pyapp.host.game import Host

host = Host()


def handle(message: str) -> str:
    """Answer one intent of the page."""
    return host.handle(message)


__export__ = ["handle"]
