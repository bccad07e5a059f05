"""The whole standard library is fetched once, for a standard module the share lacks, and only then."""

import sys

import pytest

from pyapp.workers.stdlib_fallback import WholeLibrary, install


@pytest.fixture
def finder(tmp_path):
    fetched = []
    path = tmp_path / "whole"
    path.mkdir()
    finder = WholeLibrary(lambda: fetched.append(True), str(path))
    finder.fetches = fetched
    yield finder
    while str(path) in sys.path:
        sys.path.remove(str(path))


def test_a_standard_module_no_finder_found_fetches_the_whole_library_once(finder, capsys):
    spec = finder.find_spec("statistics")
    assert spec is not None and spec.name == "statistics"
    assert finder.fetches == [True] and sys.path[-1] == finder.path
    assert "statistics is not in the engine's share" in capsys.readouterr().out
    assert finder.find_spec("fractions") is None  # (once fetched, the path finder finds the rest)
    assert finder.fetches == [True]


def test_a_module_outside_the_standard_library_fetches_nothing(finder):
    assert finder.find_spec("numpy") is None
    assert finder.find_spec("pyapp_not_a_module") is None
    assert finder.fetches == []


def test_installed_last_on_the_meta_path(tmp_path):
    finder = install(lambda: None, str(tmp_path))
    try:
        assert sys.meta_path[-1] is finder
    finally:
        sys.meta_path.remove(finder)
