"""Textual runs an event handler (``on_mount``, ``on_resize``, ``on_screen_resume``…) of every class in a screen's
line of bases by itself, the screen's own first: a handler that also calls its base's with ``super()`` runs the
base's twice (a match screen then kept two sync timers and drew itself twice when it opened)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from textual.app import App
from textual.screen import Screen

PACKAGE = Path(__file__).resolve().parents[2] / "companion"
HANDLER = re.compile(r"^_?on_(?!event$)[a-z_]+$")  # on_event is the dispatcher, not a handler: it calls its base


def test_textual_runs_each_base_handler_once_by_itself() -> None:
    """What the app relies on: a base screen's handler runs after the screen's own, without being called."""
    calls: list[str] = []

    class Base(Screen):
        def on_mount(self) -> None:
            calls.append("base")

    class Own(Base):
        def on_mount(self) -> None:
            calls.append("own")

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(Own())

    async def run() -> None:
        async with Host().run_test() as pilot:
            await pilot.pause()

    import asyncio

    asyncio.run(run())
    assert calls == ["own", "base"]


def test_no_handler_calls_its_base() -> None:
    chained = []
    for path in sorted((PACKAGE / "tui").rglob("*.py")):
        for func in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef) and HANDLER.match(func.name)):
                continue
            for node in ast.walk(func):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == func.name
                        and isinstance(node.func.value, ast.Call) and ast.unparse(node.func.value) == "super()"):
                    chained.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {func.name}")
    assert chained == []
