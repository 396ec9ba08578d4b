"""Text widgets that never read markup: what players and files supply is shown as typed.

Textual parses a string given to ``Static``, ``Label``, a ``Button``'s label or a select's options as
content markup, so a name like ``Ann [/]`` would crash a screen and ``[@click=app.quit]Jo`` would be a click
action. Nothing in this app is written as markup, so every screen takes these widgets instead of Textual's
(ruff's banned-api rule in ``pyproject.toml`` keeps it that way).
"""

from __future__ import annotations

from typing import Any

from textual.content import Content, ContentText

# The one place Textual's own text widgets are imported: they are wrapped here (the table in ``table.py``: the
# first screen has none, and Textual's DataTable is a large module).
from textual.widgets import Button as _Button  # noqa: TID251
from textual.widgets import Input as _Input  # noqa: TID251
from textual.widgets import Label as _Label  # noqa: TID251
from textual.widgets import Select as _Select  # noqa: TID251
from textual.widgets import Static as _Static  # noqa: TID251


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
