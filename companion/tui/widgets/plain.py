"""Text widgets that never read markup: what players and files supply is shown as typed.

Textual parses a string given to ``Static``, ``Label``, a ``Button``'s label or a select's options as
content markup, so a name like ``Ann [/]`` would crash a screen and ``[@click=app.quit]Jo`` would be a click
action. Nothing in this app is written as markup, so every screen takes these widgets instead of Textual's
(ruff's banned-api rule in ``pyproject.toml`` keeps it that way).
"""

from __future__ import annotations

from typing import Any

from textual.content import Content, ContentText

# The one place Textual's own text widgets are imported: they are wrapped here (the form's fields in ``fields.py``,
# the table in ``table.py``: the first screen has neither, and each widget class costs the start its share).
from textual.widgets import Button as _Button  # noqa: TID251
from textual.widgets import Label as _Label  # noqa: TID251
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
