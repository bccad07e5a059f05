"""The workers' Python starts with the engine's share of the standard library, compiled at build time
(``tools/worker_python.py``), and fetches the whole library only when a module the share lacks is imported."""

from __future__ import annotations

from table import open_game, take_turn, wait_for_person
from test_injected_faults import engine_of, living_workers, run_python

WHOLE = "is not in the engine's share of the standard library; the whole is fetched"


def test_the_engine_runs_on_its_compiled_share_and_a_module_beyond_it_still_imports(page, server_url):
    workers = living_workers(page)
    said: list[str] = []
    page.on("worker", lambda worker: worker.on("console", lambda message: said.append(message.text)))
    open_game(page, server_url)
    engine = engine_of(page, workers)
    assert run_python(engine, "import json; json.__file__").endswith(".zip/json/__init__.pyc")  # compiled
    assert not [line for line in said if WHOLE in line]  # (the game so far needed nothing beyond the share)

    assert run_python(engine, "import statistics; float(statistics.mean([1, 2, 6]))") == 3.0
    assert run_python(engine, "statistics.__file__").endswith("python_stdlib_whole.zip/statistics.py")
    for _ in range(100):  # (Playwright hands the worker's console over a moment later)
        if any(WHOLE in line for line in said):
            break
        page.wait_for_timeout(100)
    assert [line for line in said if WHOLE in line] == [f"Engine: statistics {WHOLE}"]
    assert run_python(engine, "import fractions; str(fractions.Fraction(1, 3))") == "1/3"  # (fetched once)
    assert [line for line in said if WHOLE in line] == [f"Engine: statistics {WHOLE}"]
    take_turn(page)  # and the game goes on
    wait_for_person(page)
    assert page.errors == []
