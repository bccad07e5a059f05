import json
import re
import shutil
import zipfile

import pytest

from tools.build import (
    PACK,
    PRELOADED,
    PYSCRIPT_DIR,
    ROOT,
    engine_zip,
    precompress,
    preloads,
    python_configs,
    service_worker,
    without_pyscript_package,
)
from tools.page_pack import files_of, pack


def written_files(site):
    return json.loads(re.search(r"const FILES = (\{.*?\});", (site / "sw.js").read_text(), re.S).group(1))


def fake_site(root):
    for path in ("index.html", "assets/style.css", "runtime/pyscript/core.js", "runtime/pyscript/xterm-abc.js"):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(path)
    return root


class TestServiceWorkerBuild:
    def test_precaches_the_site_but_not_itself_nor_unused_pyscript_parts(self, tmp_path):
        site = fake_site(tmp_path)
        service_worker(site)
        assert sorted(written_files(site)) == ["assets/style.css", "index.html", "runtime/pyscript/core.js"]
        assert "self.addEventListener" in (site / "sw.js").read_text()

    def test_the_gzip_copies_are_not_precached_nor_change_the_version(self, tmp_path):
        site = fake_site(tmp_path)
        (site / "assets" / "style.css").write_text("body { color: red }\n" * 50)
        version = service_worker(site)
        assert precompress(site) == 2  # the stylesheet's copy and the service worker's
        assert (site / "assets" / "style.css.gz").exists() and (site / "sw.js.gz").exists()
        assert service_worker(site) == version  # (the browser asks for the file: the host picks the copy)
        assert "assets/style.css.gz" not in written_files(site)

    def test_the_version_follows_the_content(self, tmp_path):
        site = fake_site(tmp_path)
        first = service_worker(site)
        assert service_worker(site) == first
        (site / "assets" / "style.css").write_text("body { color: red }")
        second = service_worker(site)
        assert second != first
        assert f'const VERSION = "{second}";' in (site / "sw.js").read_text()


def test_the_engine_zip_is_the_same_for_the_same_sources(tmp_path):
    for name in ("a", "b"):
        (tmp_path / name / "app").mkdir(parents=True)
        engine_zip(tmp_path / name)
    first, second = ((tmp_path / name / "app" / "engine.zip").read_bytes() for name in ("a", "b"))
    assert first == second
    names = zipfile.ZipFile(tmp_path / "a" / "app" / "engine.zip").namelist()
    assert "pyapp/engine/match.py" in names and "pyapp/host/table.py" in names
    assert "pyapp/shared/protocol.py" in names and "pyapp/workers/engine_worker.py" in names
    assert not any(name.startswith(("pyapp/cli/", "pyapp/page/")) for name in names)


def main_thread_files(site) -> set[str]:
    """Every file the page's MicroPython gets as it starts: those its config names and those in the pack."""
    files = set(json.loads((site / "app" / "main.json").read_text())["files"].values())
    assert files == {"./" + PACK}
    return files | {"./" + name for name, _ in files_of((site / "app" / PACK).read_bytes())}


def test_the_main_thread_gets_the_page_and_the_shared_folders_and_nothing_of_the_engine(tmp_path):
    (tmp_path / "app").mkdir()
    python_configs(tmp_path)
    files = main_thread_files(tmp_path)
    assert "./pyapp/page/views/view.mpy" in files and "./pyapp/shared/protocol.mpy" in files
    assert "./pyapp/shared/deal.mpy" in files  # (the page deals a first hand before the engine is up)
    assert "./pyapp/page/catalog.json" in files
    assert not any(path.startswith(("./pyapp/engine/", "./pyapp/host/", "./pyapp/workers/")) for path in files)
    assert not (tmp_path / "app" / "page" / "views" / "view.mpy").exists()  # (on the site in the pack only)


def test_the_pack_gives_back_what_was_packed_and_refuses_one_cut_short():
    files = [("pyapp/page/a.mpy", b"\x4d\x06"), ("pyapp/page/views/b.mpy", bytes(70_000)), ("c.json", b"{}")]
    data = pack(files)
    assert files_of(data) == files
    with pytest.raises(ValueError, match="cut short"):
        files_of(data[:-1])


def test_the_main_thread_starts_with_english_only_and_the_other_languages_wait_on_the_site(tmp_path):
    (tmp_path / "app").mkdir()
    python_configs(tmp_path)
    files = main_thread_files(tmp_path)
    assert sorted(path for path in files if "/text_" in path) == ["./pyapp/page/words/text_en.mpy"]
    # fetched by pyapp/page/main.py when used (and precached by the service worker, being on the site)
    assert all((tmp_path / "app" / "page" / "words" / f"text_{code}.mpy").exists() for code in ("cs", "sk", "lt"))


def test_the_first_words_are_every_languages_words_from_the_catalogues(tmp_path):
    from pyapp.page.words import i18n
    from tools.build import FIRST_WORDS_KEYS, first_words

    (tmp_path / "assets").mkdir()
    first_words(tmp_path)
    script = (tmp_path / "assets" / "first-words.js").read_text()
    words = json.loads(re.match(r"const WORDS = (\{.*\});\n", script).group(1))
    assert sorted(words) == sorted(i18n.ORDER)
    for code, texts in words.items():
        assert texts == {key: i18n.catalogue(code).TEXT[key] for key in FIRST_WORDS_KEYS}
    assert words["cs"]["status.shuffling"] != words["en"]["status.shuffling"]
    assert "navigator.languages" in script and "document.documentElement.lang = code" in script


def test_the_page_asks_at_once_for_what_its_first_cards_wait_for(tmp_path):
    shutil.copy2(ROOT / "index.html", tmp_path / "index.html")
    (tmp_path / "app").mkdir()
    python_configs(tmp_path)
    for _, pattern in PRELOADED:  # the runtime's files, as the build copies them
        path = tmp_path / pattern.replace("*", "Ab12")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    preloads(tmp_path)
    head = (tmp_path / "index.html").read_text().split('<link rel="stylesheet"')[0]
    assert '<link rel="modulepreload" href="./runtime/pyscript/core-Ab12.js">' in head
    assert '<link rel="preload" href="./app/page/main.py" as="fetch" crossorigin>' in head
    files = json.loads((tmp_path / "app" / "main.json").read_text())["files"]
    for name in files:  # every file of the main thread's config, where PyScript will fetch it (under app/)
        assert f'<link rel="preload" href="./app/{name.removeprefix("./")}" as="fetch" crossorigin>' in head
        assert (tmp_path / "app" / name).exists()
    assert head.count("preload") == len(PRELOADED) + len(files)
    # (e2e/test_offline.py checks that the page's own requests take the preloaded answers: each file once.)


def test_the_workers_python_is_compiled_the_same_each_build(tmp_path):
    from tools.build import ENGINE_STDLIB, worker_python

    built = []
    for name in ("a", "b"):
        (tmp_path / name / "app").mkdir(parents=True)
        engine_zip(tmp_path / name)
        said = worker_python(tmp_path / name)
        built.append([(tmp_path / name / "app" / file).read_bytes() for file in (ENGINE_STDLIB, "engine.zip")])
    assert built[0] == built[1]  # (the build's version stays for the same engine)
    counts = re.fullmatch(r"(\d+) files of the standard library, (\d+) of the engine compiled", said)

    with zipfile.ZipFile(tmp_path / "a" / "app" / ENGINE_STDLIB) as share:
        names = share.namelist()
        assert {info.compress_type for info in share.infolist()} == {zipfile.ZIP_STORED}  # the host compresses
    assert len(names) == int(counts[1])
    assert {"json/__init__.pyc", "json/decoder.pyc", "random.pyc", "traceback.pyc"} <= set(names)
    assert not [name for name in names if name.endswith(".py")]  # every module compiled
    assert not {"statistics.pyc", "pdb.pyc", "tkinter/__init__.pyc"} & set(names)  # what the engine never imports

    with zipfile.ZipFile(tmp_path / "a" / "app" / "engine.zip") as archive:
        engine = archive.namelist()
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}  # (imported in place)
    sources = [name for name in engine if name.endswith(".py")]
    assert "pyapp/engine/match.py" in sources  # (the sources stay, for tracebacks)
    compiled = [name for name in engine if name.endswith(".pyc")]
    assert len(compiled) == len(sources) == int(counts[2])
    assert set(compiled) == {name + "c" for name in sources}  # each beside its source, where zipimport looks


def test_the_pinned_pyscript_gives_the_page_s_micropython_no_package_of_its_own():
    (bundle,) = PYSCRIPT_DIR.glob("core-*.js")
    source = bundle.read_text()
    patched = without_pyscript_package(source)
    assert len(patched) < len(source) and '"mpy"===' in patched  # (its other scripts keep the package)
    assert "from pyscript" not in (ROOT / "pyapp" / "page" / "main.py").read_text()  # (nor does the page need it)


def test_a_pyscript_that_changed_stops_the_build():
    with pytest.raises(SystemExit, match="PyScript has changed"):
        without_pyscript_package('const library = type === "mpy" ? stdlib : stdlib;')
