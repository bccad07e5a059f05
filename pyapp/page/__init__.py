"""The page's main thread: what runs under MicroPython (PyScript) and draws the table.

``main.py`` wires the page and imports the browser (``js``, ``jsffi``); the rest is plain Python
that both MicroPython and CPython run (no ``typing``, ``dataclasses`` or
``enum``), so the tests check it on CPython.  It talks to the engine only
through the contract in :mod:`pyapp.shared.protocol`; the engine runs in the
workers (:mod:`pyapp.workers`).
"""
