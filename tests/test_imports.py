"""No circle of imports: between pyapp's packages, nor between its modules (type-only imports counted too).

The graph is read from the source (every ``import`` and ``from … import``,
relative ones resolved, those under ``if TYPE_CHECKING`` included): a module
imports another of pyapp's when it names it, or a name from it.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pyapp"


def module_name(path: Path) -> str:
    """``pyapp/host/game.py`` → ``pyapp.host.game`` (a package's ``__init__.py``: the package)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, modules: set[str]) -> set[str]:
    """The modules of pyapp that the module at ``path`` imports."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            source = ".".join([*base, node.module] if node.module else base)
            for alias in node.names:  # a module of the package, or a name from the module
                found.add(source + "." + alias.name if source + "." + alias.name in modules else source)
    return {module for module in found if module in modules and module != name}


def import_graph() -> dict[str, set[str]]:
    """Each module of pyapp → the modules of pyapp it imports."""
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    return {name: imported(path, set(paths)) for name, path in paths.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one node (Tarjan's algorithm, without
    recursion): each is a circle of imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Each of pyapp's packages (``pyapp.host``; its folders folded in) → the others its modules import."""
    packages: dict[str, set[str]] = {}
    for module, targets in graph.items():
        package = ".".join(module.split(".")[:2])
        packages.setdefault(package, set())
        packages[package] |= {".".join(target.split(".")[:2]) for target in targets} - {package}
    return packages


def test_the_graph_is_read_whole():
    graph = import_graph()
    assert "pyapp.host.table" in graph["pyapp.host.game"] | graph["pyapp.host.host_state"]
    assert "pyapp.page.parts.answers" in graph["pyapp.page.parts.controller"]  # (a relative import)
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_of_pyapp_is_in_a_circle_of_imports():
    assert circles(import_graph()) == []


def test_no_package_of_pyapp_is_in_a_circle_of_imports():
    assert circles(package_graph(import_graph())) == []
