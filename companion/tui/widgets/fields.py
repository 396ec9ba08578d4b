"""A form's fields as plain text (``plain.py`` says why): a text field and a drop-down; a module of their own so
that the first screen, which has no form, does not create their classes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.content import Content
from textual.message import Message
from textual.widgets import Input as _Input  # noqa: TID251
from textual.widgets import Select as _Select  # noqa: TID251
from textual.widgets._select import SelectOverlay
from textual.widgets.option_list import Option

from companion.tui.widgets.plain import plain
from companion.tui.widgets.sizes import SMALL_HEIGHT

ValueT = TypeVar("ValueT")  # what a drop-down's options stand for: a game's id, a count, a seat


class Input(_Input):
    """A text field whose cursor stands still: a blinking one redraws the screen twice a second, which on a served
    tablet or phone is two frames a second sent and drawn for nothing (half of an idle app's CPU). Backspace in an
    empty field says so (``ErasedPastStart``): a match screen then takes back the last card entered."""

    class ErasedPastStart(Message):
        """Backspace was pressed with nothing left to erase."""

        def __init__(self, field: Input) -> None:
            super().__init__()
            self.field = field

        @property
        def control(self) -> Input:  # what ``@on(..., "#id")`` matches
            return self.field

    def __init__(self, *args: Any, clears: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor_blink = False
        self.clears = clears  # an entry line: empty again the moment Enter takes what it holds

    async def _on_key(self, event: events.Key) -> None:
        """Enter takes an entry line's line when the key reaches it, not when its binding comes back round through
        the app: by then the keys typed after it would be in the line too (« 10s10d »)."""
        if self.clears and event.key == "enter":
            event.stop()
            event.prevent_default()
            await self.action_submit()

    async def action_submit(self) -> None:
        """An entry line hands on its line and is empty at once, before the next key: lines typed ahead stay one
        line each, however late the screen reads them."""
        if not self.clears:
            await super().action_submit()
            return
        value, self.value = self.value, ""
        self.post_message(self.Submitted(self, value))

    def action_delete_left(self) -> None:
        if not self.value:
            self.post_message(self.ErasedPastStart(self))
            return
        super().action_delete_left()


class Select(_Select[ValueT]):
    """A select whose options' words are plain text (a player's name is an option of "First dealer").

    Used by finger (a browser's page) on a screen of 30 rows and more, an open drop-down's options are three rows
    tall, as the menu's keys (about 57 CSS px on a tablet; one row, 19 px, was too small for a finger), and the
    open list shows seven of them (it scrolls by swipe for more)."""

    DEFAULT_CSS = """
    Select.-tall-options > SelectOverlay { max-height: 23; }
    """

    def __init__(self, options: Iterable[tuple[RenderableType, ValueT]] = (), **kwargs: Any) -> None:
        self._tall = False
        super().__init__([(plain(prompt), value) for prompt, value in options], **kwargs)

    def _tall_options(self) -> bool:
        app = self.app
        return bool(getattr(app, "served", False) or app.is_web) and app.size.height >= SMALL_HEIGHT

    def _setup_options_renderables(self) -> None:
        super()._setup_options_renderables()
        self._tall = self._tall_options()
        self.set_class(self._tall, "-tall-options")
        if self._tall:  # a blank row above and below the words: Textual pads an option only at its sides
            overlay = self.query_one(SelectOverlay)
            prompts = [option.prompt for option in overlay.options]
            overlay.clear_options()
            overlay.add_options([Option(Content.assemble("\n", _content(prompt), "\n")) for prompt in prompts])

    def _watch_expanded(self, expanded: bool) -> None:
        if expanded and self._tall != self._tall_options():  # the device turned since the list was made
            self._setup_options_renderables()
        super()._watch_expanded(expanded)

    def set_options(self, options: Iterable[tuple[RenderableType, ValueT]]) -> None:
        super().set_options([(plain(prompt), value) for prompt, value in options])


def _content(prompt: Any) -> Content:
    if isinstance(prompt, Content):
        return prompt
    return Content.from_rich_text(prompt) if isinstance(prompt, Text) else Content(str(prompt))
