"""Text widgets that never read markup: what players and files supply is shown as typed.

Textual parses a string given to ``Static``, ``Label``, a ``Button``'s label or a select's options as
content markup, so a name like ``Ann [/]`` would crash a screen and ``[@click=app.quit]Jo`` would be a click
action. Nothing in this app is written as markup, so every screen takes these widgets instead of Textual's
(ruff's banned-api rule in ``pyproject.toml`` keeps it that way).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.content import Content, ContentText

# The one place Textual's own text widgets are imported: they are wrapped here.
from textual.widgets import Button as _Button  # noqa: TID251
from textual.widgets import DataTable as _DataTable  # noqa: TID251
from textual.widgets import Input as _Input  # noqa: TID251
from textual.widgets import Label as _Label  # noqa: TID251
from textual.widgets import Select as _Select  # noqa: TID251
from textual.widgets import Static as _Static  # noqa: TID251

from companion.tui.widgets.layout import SMALL_HEIGHT


def plain(text: Any) -> Any:
    """A string as plain content; anything else (Content, a Rich ``Text``, a renderable) unchanged."""
    return Content(text) if isinstance(text, str) else text


class Static(_Static):
    def __init__(self, content: Any = "", *, markup: bool = False, **kwargs: Any) -> None:
        super().__init__(content, markup=markup, **kwargs)


class Label(_Label):
    def __init__(self, content: Any = "", *, markup: bool = False, **kwargs: Any) -> None:
        super().__init__(content, markup=markup, **kwargs)


class Button(_Button):
    def __init__(self, label: Any = None, *args: Any, **kwargs: Any) -> None:
        super().__init__(plain(label), *args, **kwargs)

    def validate_label(self, label: ContentText) -> Content:
        return Content(label) if isinstance(label, str) else Content.from_text(label)


class Input(_Input):
    """A text field whose cursor stands still: a blinking one redraws the screen twice a second, which on a served
    tablet or phone is two frames a second sent and drawn for nothing (half of an idle app's CPU)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor_blink = False


class Select(_Select):
    """A select whose options' words are plain text (a player's name is an option of "First dealer")."""

    def __init__(self, options: Any = (), **kwargs: Any) -> None:
        super().__init__([(plain(prompt), value) for prompt, value in options], **kwargs)

    def set_options(self, options: Any) -> None:
        super().set_options([(plain(prompt), value) for prompt, value in options])


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

    def update_cell(self, row_key: Any, column_key: Any, value: Any, **kwargs: Any) -> None:
        super().update_cell(row_key, column_key, _cell(value), **kwargs)

    def update_cell_at(self, coordinate: Any, value: Any, **kwargs: Any) -> None:
        super().update_cell_at(coordinate, _cell(value), **kwargs)
