"""The engine's memory snapshot (``assets/engine-pyodide.mjs``): used when sound, rebuilt when not.

The worker says on its console what became of the snapshot ("stored",
"restored", or why it was not used); these tests wait for those lines and
look into the origin's private file system, and after every damage the game must still start
and answer.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from table import open_game, take_turn, wait_for_engine, wait_for_person

SNAPSHOT_TIMEOUT = 60_000
# Every stored snapshot (the origin's private file system): site folder/Pyodide's version-engine → size in bytes
# (the SHA-256 that ends each file's name left out: a new boot's memory is not byte for byte the last one's).
ENTRIES = """async () => {
  const out = {};
  const root = await navigator.storage.getDirectory();
  let snapshots;
  try { snapshots = await root.getDirectoryHandle('hearts-snapshots'); } catch { return out; }
  for await (const [site, folder] of snapshots.entries()) {
    for await (const [name, file] of folder.entries()) {
      out[`${site}/${name.replace(/\\.[0-9a-f]{64}$/, '')}`] = (await file.getFile()).size;
    }
  }
  return out;
}"""
# Replace the one stored snapshot by one of another version, a damaged copy (its checksum differs) or
# one Pyodide refuses (its checksum right, its header not); returns its key (as ENTRIES gives it).
REWRITE = """async (how) => {
  const snapshots = await (await navigator.storage.getDirectory()).getDirectoryHandle('hearts-snapshots');
  const [[site, folder]] = await Array.fromAsync(snapshots.entries());
  const [[name, file]] = await Array.fromAsync(folder.entries());
  let bytes = new Uint8Array(await (await file.getFile()).arrayBuffer());
  let [, stem, digest] = name.match(/^(.*)\\.([0-9a-f]{64})$/);
  const hex = async (data) => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', data)),
                                         (b) => b.toString(16).padStart(2, '0')).join('');
  if (how === 'other-version') stem = stem.replace(/[^-]+$/, '0123456789abcdef');
  if (how === 'damaged') bytes[bytes.length >> 1] ^= 0xff;
  if (how === 'refused') { bytes.fill(7, 0, 64); digest = await hex(bytes); }
  await folder.removeEntry(name);
  const writable = await (await folder.getFileHandle(`${stem}.${digest}`, { create: true })).createWritable();
  await writable.write(bytes);
  await writable.close();
  return `${site}/${stem}`;
}"""


class SnapshotLog(list):
    """What the page's workers say about the snapshot; ``heard`` keeps everything the page and its workers
    said, for a failure's message."""

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[str] = []

    def hear(self, text: str) -> None:
        """Keep one line of the page's or a worker's console."""
        self.heard.append(text)
        if "Engine snapshot" in text:
            self.append(text)


def snapshot_log(page) -> SnapshotLog:
    """Collect what the page and its workers say (attached before the page is opened)."""
    lines = SnapshotLog()
    page.on("worker", lambda worker: worker.on("console", lambda message: lines.hear(message.text)))
    page.on("console", lambda message: lines.hear(f"(page) {message.text}"))
    return lines


def wait_for_engine_saying(page, lines: SnapshotLog) -> None:
    """Wait until the engine has answered; if it does not, the failure says what the page and workers said."""
    try:
        wait_for_engine(page)
    except PlaywrightTimeoutError:
        raise AssertionError(f"the engine never answered; the page and its workers said: {lines.heard[-40:]}") from None


def wait_for_line(page, lines: SnapshotLog, text: str, count: int = 1) -> None:
    """Wait until the workers have said that the snapshot was ``text`` ("stored", "restored") ``count`` times
    (the test's own page polls the list)."""
    for _ in range(SNAPSHOT_TIMEOUT // 100):
        if lines.count(f"Engine snapshot: {text}") >= count:
            return
        page.wait_for_timeout(100)  # lets Playwright deliver the worker's console events
    raise AssertionError(f"the worker never said {text!r} {count} times; the workers said: {lines.heard[-40:]}")


def plays(page) -> None:
    """The engine is up and answers a move."""
    wait_for_engine(page)
    wait_for_person(page)
    take_turn(page)
    wait_for_person(page)


def test_a_returning_visit_restores_the_engine_from_its_snapshot(page, server_url):
    lines = snapshot_log(page)
    open_game(page, server_url)
    wait_for_line(page, lines, "stored")
    (size,) = page.evaluate(ENTRIES).values()
    assert size > 1_000_000
    page.reload()
    wait_for_line(page, lines, "restored")
    plays(page)
    assert not [line for line in lines if "not used" in line or "did not start" in line]
    assert page.errors == []


@pytest.mark.parametrize(
    ("how", "said"),
    [("other-version", None), ("damaged", "not used"), ("refused", "did not start")],
)
def test_a_snapshot_of_another_version_or_damaged_is_thrown_away_and_the_game_starts(page, server_url, how, said):
    lines = snapshot_log(page)
    open_game(page, server_url)
    wait_for_line(page, lines, "stored")
    good = list(page.evaluate(ENTRIES))
    bad = page.evaluate(REWRITE, how)
    page.reload()
    wait_for_engine_saying(page, lines)  # booted afresh (on a busy machine the boot may take most of a timeout) ...
    wait_for_line(page, lines, "stored", count=2)  # ... and a sound snapshot stored again once idle
    plays(page)
    assert list(page.evaluate(ENTRIES)) == good  # the sound one, under this version's key, and nothing else
    assert bad not in good or how != "other-version"
    assert "restored" not in " ".join(lines)
    if said:
        assert any(said in line for line in lines), lines
    assert page.errors == []


# Two thinkers started by the test's page (as the page starts one for a hand review), each restored from the
# stored snapshot; nothing is asked of them.
START_TWO_THINKERS = """() => [0, 1].forEach(() =>
  new Worker('./app/engine-worker.mjs', { type: 'module', name: 'thinker' }))"""
# A worker's first draw from Python's random numbers, once its Python is up (null till then).
FIRST_DRAW = """() => self.heartsPython
  ? self.heartsPython.runPython('import random\\nstr(random.getrandbits(128))')
  : null"""


def first_draw(page, worker) -> str:
    """What ``worker`` draws first from Python's ``random``, once its Python is up."""
    for _ in range(SNAPSHOT_TIMEOUT // 100):
        draw = worker.evaluate(FIRST_DRAW)
        if draw is not None:
            return draw
        page.wait_for_timeout(100)
    raise AssertionError("a thinker's Python never came up")


def test_every_restore_of_the_snapshot_draws_its_own_random_numbers(page, server_url):
    lines = snapshot_log(page)
    workers = []
    page.on("worker", lambda worker: workers.append(worker))
    open_game(page, server_url)
    wait_for_line(page, lines, "stored")
    restored = lines.count("Engine snapshot: restored")
    started = len(workers)
    page.evaluate(START_TWO_THINKERS)
    wait_for_line(page, lines, "restored", count=restored + 2)
    thinkers = workers[started:]
    assert len(thinkers) == 2
    first, second = (first_draw(page, thinker) for thinker in thinkers)
    assert first != second  # (the same memory restored twice: only a fresh seed tells them apart)
    assert page.errors == []
