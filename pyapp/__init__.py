"""Hearts (Pikové dámy): a pure-Python engine, bots and command line.

Nothing in this package's engine imports from the browser; it runs unchanged
on CPython 3.11+ and in Pyodide.  Start with :class:`Match` and :class:`Rules`.
"""

from .engine.actions import Action, ActionKind
from .engine.match import IllegalAction, Match, Phase
from .engine.rules import PRESETS, Rules, RulesError, preset

__all__ = ["PRESETS", "Action", "ActionKind", "IllegalAction", "Match", "Phase", "Rules", "RulesError", "preset"]
