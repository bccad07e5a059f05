"""The browser layer: the page's Python, on top of the pure engine.

``main.py`` runs on the page's main thread under MicroPython and imports
``pyscript``; ``worker.py`` runs the engine in a Pyodide worker.  ``view``,
``session``, ``storage`` and ``names`` are plain Python that both MicroPython
and CPython run (no ``typing``, ``dataclasses`` or ``enum``), so the tests
check them on CPython.
"""
