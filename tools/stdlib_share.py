"""Run inside Pyodide by ``tools/stdlib.mjs`` at build time: the engine's share of Python's standard library.

Pyodide's own ``python_stdlib.zip`` holds every module's source, which Python compiles again on every first
boot (most of a bare boot's time), and modules the engine never imports.  This writes a zip of only the
top-level modules and packages the booted engine has imported (a whole package when any of its modules
was), each compiled to bytecode that is never checked against a source (so it is used as it is), stored
uncompressed (the host's gzip then compresses across files).  A module the share lacks is fetched with the
whole library when first imported (``pyapp/workers/stdlib_fallback.py``).

Set by the caller: ``IMPORTS`` (the modules to import, as the workers do), ``SOURCE`` (Pyodide's zip) and
``TARGET`` (the zip to write).
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
                code = compile(data, name, "exec", dont_inherit=True)
                data = importlib._bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(data), False)
                name += "c"
            out.writestr(zipfile.ZipInfo(name, date_time=FIXED_DATE), bytes(data))
            written += 1
    return written


def run(imports: list[str], source: str, target: str) -> int:
    """Import ``imports`` (and what formatting a traceback needs), then write the share."""
    for name in imports:
        importlib.import_module(name)
    try:
        raise RuntimeError("a fault's report")
    except RuntimeError:
        traceback.format_exc()  # (what a worker's fault report imports)
    return share(source, target, imported_tops(source))


if __name__ == "__main__":  # (run by tools/stdlib.mjs, which sets the three names)
    COUNT = run(IMPORTS, SOURCE, TARGET)  # noqa: F821
