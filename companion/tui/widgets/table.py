"""A table whose headers and cells are plain text (``plain.py`` says why); a module of its own so that the
screens without a table (the first one among them) do not load Textual's DataTable."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.coordinate import Coordinate
from textual.widgets import DataTable as _DataTable  # noqa: TID251

from companion.tui.widgets.sizes import SMALL_HEIGHT


def _cell(value: Any) -> Any:
    return Text(value) if isinstance(value, str) else value


class DataTable(_DataTable):
    """A table whose headers and cells are plain text."""

    def add_column(self, label: Any, **kwargs: Any) -> Any:
        return super().add_column(_cell(label), **kwargs)

    def add_row(self, *cells: Any, label: Any = None, **kwargs: Any) -> Any:
        if self.cursor_type == "row" and "height" not in kwargs:  # a row is chosen by a tap: 3 rows on a tablet
            kwargs["height"] = 1 if self.app.size.height < SMALL_HEIGHT else 3
        return super().add_row(*map(_cell, cells), label=_cell(label), **kwargs)

    async def _on_click(self, event: events.Click) -> None:
        """A tap on a row chooses it at once: Textual's table lights a row on the first tap and chooses it on a
        second, and a finger on a tablet expects one tap to open a match, as a key does. Textual calls this
        before the table's own handler (each class's handler runs, the subclass's first), which then finds the
        tapped row already lit and chooses it."""
        meta = event.style.meta
        row = meta.get("row")
        if self.cursor_type == "row" and isinstance(row, int) and row >= 0:
            self.cursor_coordinate = Coordinate(row, self.cursor_column)

    def update_cell(self, row_key: Any, column_key: Any, value: Any, **kwargs: Any) -> None:
        super().update_cell(row_key, column_key, _cell(value), **kwargs)

    def update_cell_at(self, coordinate: Any, value: Any, **kwargs: Any) -> None:
        super().update_cell_at(coordinate, _cell(value), **kwargs)
