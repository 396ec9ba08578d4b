"""2500's rules package stays a tidy house (issue 38): no module over 600 lines, no class over 450, and no import
circle between its modules, the imports under ``if TYPE_CHECKING:`` included."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "companion" / "games" / "rummy2500"
PREFIX = "companion.games.rummy2500"


def modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.glob("*.py"))}


def test_no_module_over_600_lines_and_no_class_over_450():
    long = {path.name: n for path in PACKAGE.glob("*.py") if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600}
    assert long == {}
    classes = {f"{name}.{node.name}": node.end_lineno - node.lineno + 1 for name, tree in modules().items()
               for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and node.end_lineno is not None}
    assert {name: n for name, n in classes.items() if n > 450} == {}


def test_no_import_circle_inside_the_package_even_for_the_type_checker():
    imports: dict[str, set[str]] = {}
    for name, tree in modules().items():
        found = imports.setdefault(name, set())
        for node in ast.walk(tree):  # every import, at the top, in a function or under TYPE_CHECKING
            if isinstance(node, ast.ImportFrom) and node.module == PREFIX:
                found.update(alias.name for alias in node.names if (PACKAGE / f"{alias.name}.py").exists())
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PREFIX + "."):
                found.add((node.module or "").split(".")[3])
            elif isinstance(node, ast.Import):
                found.update(alias.name.split(".")[3] for alias in node.names if alias.name.startswith(PREFIX + "."))
        found.discard(name)

    def circle(start: str) -> list[str] | None:
        path, stack = [start], [iter(sorted(imports.get(start, ())))]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                path.pop()
            elif nxt == start:
                return [*path, start]
            elif nxt not in path:
                path.append(nxt)
                stack.append(iter(sorted(imports.get(nxt, ()))))
        return None

    assert [found for name in imports if (found := circle(name))] == []
