"""The page's code stays in small parts: no module over 300 lines (but the word catalogues), no class with more
than 20 methods, no class made of mixins, and no name from the markup looked up with ``getattr``."""

import ast
from pathlib import Path

PAGE = Path(__file__).resolve().parents[1] / "pyapp" / "page"
MOST_LINES = 300
MOST_METHODS = 20
CATALOGUES = "text_"  # the word catalogues: a line a sentence, as long as the language needs


def page_modules() -> list[Path]:
    """Every module of the page's main thread."""
    return sorted(PAGE.rglob("*.py"))


def classes() -> list[tuple[str, ast.ClassDef]]:
    """Every class of the page: (where, its definition)."""
    found = []
    for path in page_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found.append((f"{path.relative_to(PAGE)}:{node.name}", node))
    return found


def test_no_page_module_is_over_300_lines_but_the_word_catalogues():
    long = {}
    for path in page_modules():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MOST_LINES and not path.name.startswith(CATALOGUES):
            long[str(path.relative_to(PAGE))] = lines
    assert long == {}


def test_no_page_class_has_more_than_20_methods_nor_more_than_one_base():
    for where, node in classes():
        methods = [item for item in node.body if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)]
        assert len(methods) <= MOST_METHODS, f"{where} has {len(methods)} methods"
        assert len(node.bases) <= 1, f"{where} is made of {len(node.bases)} classes"


def test_the_way_from_a_click_to_its_handler_looks_nothing_up_by_name():
    for name in ("controller.py", "input.py"):
        tree = ast.parse((PAGE / "parts" / name).read_text(encoding="utf-8"))
        calls = [node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and hasattr(node.func, "id")]
        assert "getattr" not in calls, name
