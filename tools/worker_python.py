"""Run inside Pyodide by ``tools/worker_python.mjs`` at build time: the workers' Python, compiled.

- **The engine's share of the standard library.**  Pyodide's own ``python_stdlib.zip`` holds every module's
  source, which Python compiles again on every first boot (most of a bare boot's time), and modules the
  engine never imports.  The share holds only the top-level modules and packages the booted engine has
  imported (a whole package when any of its modules was), stored uncompressed (the host's gzip then
  compresses across files).  A module the share lacks is fetched with the whole library when first
  imported (``pyapp/workers/stdlib_fallback.py``).
- **The engine's bytecode**, beside its sources in its zip (``module.pyc`` beside ``module.py``, where
  ``zipimport`` looks: the workers import the engine from its zip in place), so that importing the engine
  does not compile it.

Every module is compiled to bytecode that is never checked against a source (it is used as it is).
Set by the caller: ``IMPORTS`` (the modules to import, as the workers do), ``SOURCE`` (Pyodide's zip),
``TARGET`` (the share to write) and ``ENGINE`` (the engine's zip, rewritten with its bytecode).
"""

import importlib.util
import sys
import traceback
import zipfile

FIXED_DATE = (2020, 1, 1, 0, 0, 0)  # the same bytes for the same modules: the build's version stays


def imported_tops(source: str) -> set[str]:
    """The first path part of every module imported from the zip at ``source``."""
    tops = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if path.startswith(source + "/"):
            tops.add(path.removeprefix(source + "/").split("/", 1)[0])
    return tops


def share(source: str, target: str, tops: set[str]) -> int:
    """Write the share of the zip at ``source`` to ``target``: the entries under ``tops``; how many."""
    written = 0
    with zipfile.ZipFile(source) as whole, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        for info in sorted(whole.infolist(), key=lambda info: info.filename):
            if info.is_dir() or info.filename.split("/", 1)[0] not in tops:
                continue
            data = whole.read(info)
            name = info.filename
            if name.endswith(".py"):
                data, name = bytecode(data, name), name + "c"
            out.writestr(zipfile.ZipInfo(name, date_time=FIXED_DATE), data)
            written += 1
    return written


def bytecode(source: bytes, name: str) -> bytes:
    """A module's bytecode as a ``.pyc`` that Python uses without checking it against a source."""
    code = compile(source, name, "exec", dont_inherit=True)
    return bytes(importlib._bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def with_bytecode(engine: str) -> int:
    """Rewrite the engine's zip at ``engine`` with each module's bytecode beside it; how many modules."""
    with zipfile.ZipFile(engine) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    compiled = 0
    with zipfile.ZipFile(engine, "w", zipfile.ZIP_STORED) as archive:
        for info, data in entries:
            archive.writestr(info, data)
            if info.filename.endswith(".py"):
                entry = zipfile.ZipInfo(info.filename + "c", date_time=FIXED_DATE)
                archive.writestr(entry, bytecode(data, info.filename))
                compiled += 1
    return compiled


def run(imports: list[str], source: str, target: str, engine: str) -> str:
    """Import ``imports`` (and what formatting a traceback needs), then write the share and compile the
    engine; what was written, in words."""
    for name in imports:
        importlib.import_module(name)
    try:
        raise RuntimeError("a fault's report")
    except RuntimeError:
        traceback.format_exc()  # (what a worker's fault report imports)
    shared = share(source, target, imported_tops(source))
    return f"{shared} files of the standard library, {with_bytecode(engine)} of the engine compiled"


if __name__ == "__main__":  # (run by tools/worker_python.mjs, which sets the four names)
    DONE = run(IMPORTS, SOURCE, TARGET, ENGINE)  # noqa: F821
