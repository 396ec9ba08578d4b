"""The layering of the package, checked from the source (every import, at the top of a module or inside a function;
imports under ``if TYPE_CHECKING:`` are for the type checker only and never run):

- the shared vocabulary (``core``) imports nothing else of the project;
- the rules (``games``) import no UI, store, records, command line, server, club or developer tool (a game's own
  ``cli.py`` takes the command line's words from ``core.commands``);
- the store imports no UI, command line, server, records or developer tool; the records no UI, command line or server;
- nothing imports the developer tools (``dev``) but the ``bench`` command, which hands over to them;
- no import circle, not even through imports for the type checker only;
- no module over 600 lines, no class over 450.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "companion"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.Module, runtime: bool = True) -> list[str]:
    """Every module a file imports: when it runs (``if TYPE_CHECKING:`` blocks left out), or also for the type
    checker only (``runtime`` False)."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if runtime and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.extend(f"{node.module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _graph(runtime: bool = True) -> dict[str, set[str]]:
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}

    def owner(name: str) -> str | None:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        targets = (owner(name) for name in _imports(ast.parse(path.read_text(encoding="utf-8")), runtime)
                   if name.startswith("companion"))
        graph[module] = {t for t in targets if t and t != module}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each set of modules that import one another round (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in graph:
        if module not in index:
            strong(module)
    return circles


GRAPH = _graph()


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _breaks(source: str, forbidden: tuple[str, ...], allowed: tuple[str, ...] = ()) -> list[str]:
    return sorted(f"{module} -> {target}" for module, targets in GRAPH.items() if _within(module, source)
                  for target in targets
                  if any(_within(target, f) for f in forbidden) and not any(_within(target, a) for a in allowed))


def test_the_vocabulary_imports_nothing_else_of_the_project():
    outside = [f"{m} -> {t}" for m, targets in GRAPH.items() if _within(m, "companion.core")
               for t in targets if not _within(t, "companion.core") and t != "companion"]
    assert outside == []


def test_the_rules_import_no_ui_store_records_command_line_server_club_or_tool():
    forbidden = ("companion.tui", "companion.store", "companion.records", "companion.cli", "companion.serving",
                 "companion.club", "companion.dev")
    assert _breaks("companion.games", forbidden) == []  # a game's own commands too: their words are core's


def test_the_store_and_the_records_import_no_ui_command_line_or_server():
    assert _breaks("companion.store", ("companion.tui", "companion.cli", "companion.serving", "companion.records",
                                       "companion.dev")) == []
    assert _breaks("companion.records", ("companion.tui", "companion.cli", "companion.serving", "companion.dev")) == []


def test_only_the_bench_command_reaches_the_developer_tools():
    users = sorted(f"{m} -> {t}" for m, targets in GRAPH.items() if not _within(m, "companion.dev")
                   for t in targets if _within(t, "companion.dev"))
    assert users == ["companion.cli.main -> companion.dev.bench"]


def test_no_import_circle():
    assert _circles(GRAPH) == []


def test_no_import_circle_even_through_imports_for_the_type_checker_only():
    """Issue 38: four circles were closed only by imports under ``if TYPE_CHECKING:`` (the shell through the per-game
    folder's face, cribbage's count and its words, its players and its hard player, Le 31's engine and its plays)."""
    assert _circles(_graph(runtime=False)) == []


def test_no_module_over_600_lines_and_no_class_over_450():
    """Issue 38: small modules whose names say what they hold (the engines were 641 to 898 lines)."""
    over = []
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > 600:
            over.append(f"{path.relative_to(PACKAGE)}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None and node.end_lineno - node.lineno >= 450:
                over.append(f"{path.relative_to(PACKAGE)}: class {node.name}, {node.end_lineno - node.lineno + 1} lines")
    assert over == []
