"""A table whose headers and cells are plain text (``plain.py`` says why); a module of its own so that the
screens without a table (the first one among them) do not load Textual's DataTable."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.coordinate import Coordinate
from textual.widgets import DataTable as _DataTable  # noqa: TID251

from companion.tui.widgets.sizes import SMALL_HEIGHT


def _cell(value: Any) -> Any:
    return Text(value) if isinstance(value, str) else value


class DataTable(_DataTable[object]):
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
        tapped row already lit and chooses it. Lit at the tapped cell: Textual compares the cell, not the row (lit
        in the first column, a row tapped in its third took a second tap)."""
        meta = event.style.meta
        row, column = meta.get("row"), meta.get("column")
        if self.cursor_type == "row" and isinstance(row, int) and row >= 0 and isinstance(column, int) and column >= 0:
            self.cursor_coordinate = Coordinate(row, column)

    def fill_fitted(self, labels: Sequence[str], rows: Sequence[tuple[Sequence[str], str | None]],
                    room: int | None) -> None:
        """The table anew: columns ``labels``, ``rows`` as (cells, key). With ``room`` (cells across), every column
        within it, its texts wrapping, each row as tall as its tallest cell and a blank line, at least three lines
        (a finger's height); without, each column as wide as its texts, in rows of the usual height."""
        self.clear(columns=True)
        self.header_height = max((len(label.splitlines()) for label in labels), default=1)
        columns = [[label, *(cells[i] for cells, _ in rows)] for i, label in enumerate(labels)]
        # Widths given, even as wide as the texts: Textual measures a column's texts later, once idle, and a table
        # drawn anew before that kept its columns as narrow as their headers.
        widths = self.fitted_widths(columns, room if room else sys.maxsize)
        for label, width in zip(labels, widths, strict=True):
            self.add_column(label, width=width)
        for cells, key in rows:
            if room:
                lines = max(_lines(self, cell, width) for cell, width in zip(cells, widths, strict=True))
                self.add_row(*cells, key=key, height=max(3, lines + 1))  # a blank line between two rows
            else:
                self.add_row(*cells, key=key)

    def fitted_widths(self, columns: Sequence[Sequence[str]], room: int) -> list[int]:
        """Widths for columns of these texts (each column's header first) that fit ``room`` cells with the cells'
        padding, each text wrapping within its column: as they are when they fit; else the widest are narrowed
        alike, never under their longest word, so that no column is cut at the screen's edge (a finger cannot
        scroll a table sideways)."""
        natural = [max(cell_len(line) for text in column for line in text.splitlines() or [""]) for column in columns]
        words = [min(width, max((cell_len(word) for text in column for word in text.split()), default=0))
                 for width, column in zip(natural, columns, strict=True)]
        budget = room - 2 * self.cell_padding * len(columns)
        for cap in range(max(natural, default=0), 0, -1):
            widths = [max(word, min(width, cap)) for width, word in zip(natural, words, strict=True)]
            if sum(widths) <= budget:
                return widths
        return words

    def update_cell(self, row_key: Any, column_key: Any, value: Any, **kwargs: Any) -> None:
        super().update_cell(row_key, column_key, _cell(value), **kwargs)

    def update_cell_at(self, coordinate: Any, value: Any, **kwargs: Any) -> None:
        super().update_cell_at(coordinate, _cell(value), **kwargs)


def _lines(table: DataTable, text: str, width: int) -> int:
    """How many lines ``text`` takes wrapped within ``width`` cells."""
    return len(Text(text).wrap(table.app.console, width))
