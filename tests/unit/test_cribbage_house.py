"""Cribbage's package is kept tidy (issue 38): no module over 600 lines, no class over 450, no import circle inside
the package (imports made for the type checker only included), and the engine still exports every name it did
before it was split, so nothing outside the package changed its imports."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.games.cribbage.engine as engine

PACKAGE = Path(engine.__file__).parent
NAME = "companion.games.cribbage"
MODULE_LINES, CLASS_LINES = 600, 450


def _modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.glob("*.py"))}


def test_no_module_is_over_600_lines_and_no_class_over_450():
    too_long = []
    for path in sorted(PACKAGE.glob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MODULE_LINES:
            too_long.append(f"{path.name}: {lines} lines")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > CLASS_LINES:
                too_long.append(f"{path.name}: class {node.name}, {node.end_lineno - node.lineno + 1} lines")
    assert too_long == []


def _imports(tree: ast.Module, modules: set[str]) -> set[str]:
    """The package's modules a module imports, anywhere (at the top, in a function, under ``if TYPE_CHECKING:``)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith(NAME):
            rest = node.module[len(NAME):].lstrip(".")
            if rest:
                found.add(rest.split(".")[0])
            else:  # from companion.games.cribbage import x: a module, or a name of the package's __init__
                found |= {a.name if a.name in modules else "__init__" for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name[len(NAME) + 1:].split(".")[0] for a in node.names if a.name.startswith(NAME + ".")}
    return found


def test_no_import_circle_inside_the_package_not_even_for_the_type_checker():
    modules = _modules()
    graph = {name: _imports(tree, set(modules)) - {name} for name, tree in modules.items()}
    circles = []

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            module = todo.pop()
            if module not in seen and module in graph:
                seen.add(module)
                todo += graph[module]
        return seen

    for name in graph:
        circles += [f"{name} <-> {other}" for other in graph[name] if name in reach(other)]
    assert circles == []


def test_the_engine_exports_every_name_it_did_before_it_was_split():
    before = """ACTIONS BAD_CLAIM BAD_POINTS BAD_SETUP BAD_SIDE CARD_TWICE CRIB CRIB_CARDS CRIB_IS Crib CribbageMatch
    Cut DISCARDED DISCARD_COUNT D_AND D_CLAIM D_CRIB D_CUT D_DEAL D_DEAL_CUT D_DISCARD D_END_DEAL D_FOR
    D_GO D_GO_FOR D_GO_PEGS D_GO_POINT D_HEELS D_LAST D_MISSED D_MUGGINS D_NEW_GAME D_NO_MUGGINS D_PLAY D_POINTS
    D_REPORT_HEELS D_REPORT_PEGGED D_REPORT_STARTER D_SHOW D_SIDE_POINTS D_WIN Deal Discard END_GAME_WON
    END_MATCH_WON EndDeal FALSE_GO GAME_LINE GAME_POINTS GO_TOO_SOON GameResult Go HAND_CARDS MATCH_TOTAL MATCH_WON
    MISSED MISSING_PEGGED MUST_PLAY Mode Muggins NEED_STARTER NOT_IN_HAND NOT_YOUR_TURN NO_CARDS_LEFT
    NO_MUGGINS_SELF NewGame OP_CODEC Op PEGS PHASES Phase Play Points REMATCH_LOSER_DEALS SEEN SHOW_ORDER SKUNKS
    SKUNK_WORDS Setup Show TAKES VIRTUAL_ONLY WHERE WRONG_DECK WRONG_HAND WRONG_PHASE""".split()
    missing = [name for name in before if not hasattr(engine, name)]
    assert missing == []
