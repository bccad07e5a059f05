"""The whole standard library, fetched when a module is missing from the engine's share.

The workers' Python starts with only the engine's share of the standard library (``tools/worker_python.py``:
what the engine imports, compiled at build time).  Should anything import a standard module the share
lacks, :class:`WholeLibrary` fetches Pyodide's whole library once (synchronously: an import cannot wait),
puts it on ``sys.path`` and the import goes on.  It is said on the console: the share should then be
widened.  This module imports nothing of the engine: the workers load it before the engine.
"""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Callable


class WholeLibrary:
    """A last finder on ``sys.meta_path``: for a standard module no other finder found, the whole library."""

    def __init__(self, fetch_whole: Callable[[], None], path: str) -> None:
        """``fetch_whole()`` writes the whole library's zip at ``path``."""
        self.fetch_whole = fetch_whole
        self.path = path
        self.fetched = False

    def find_spec(self, name: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        """The spec of standard module ``name`` from the whole library (fetched now), or None."""
        if self.fetched or name.partition(".")[0] not in sys.stdlib_module_names:
            return None
        self.fetched = True
        print(f"Engine: {name} is not in the engine's share of the standard library; the whole is fetched")
        self.fetch_whole()
        sys.path.append(self.path)
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(name, path)


def install(fetch_whole: Callable[[], None], path: str) -> WholeLibrary:
    """Put a :class:`WholeLibrary` last on ``sys.meta_path``."""
    finder = WholeLibrary(fetch_whole, path)
    sys.meta_path.append(finder)
    return finder
