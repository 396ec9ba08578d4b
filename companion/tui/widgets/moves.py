"""The moves of the deal in progress, newest last, so every computer move stays readable."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import VerticalScroll

from companion.tui.widgets.plain import Static


class MoveList(VerticalScroll):
    """A scrolling list of lines; ``show(lines)`` replaces them and scrolls to the newest."""

    DEFAULT_CSS = """
    MoveList { height: 4; padding: 0 1; scrollbar-size-vertical: 1; }
    MoveList > Static { color: $text-muted; }
    """

    can_focus = False

    def compose(self) -> ComposeResult:
        yield Static("", id="move-lines")

    def show(self, lines: Sequence[str]) -> None:
        text = "\n".join(lines)
        self.query_one("#move-lines", Static).update(text)
        self.call_after_refresh(self.scroll_end, animate=False)
