"""A menu: keys as the rows of one list, chosen by a tap, a click or Enter.

Home is the first screen a player sees, and each widget on it costs its share of the start (a message pump,
styles, a layout): twelve Textual buttons cost more than a minimal Textual app spends drawing its whole first
screen, three times what one list of twelve costs. One list draws every key. Textual's ``OptionList`` already
does what a menu needs (a tap chooses, ↑↓ and Enter at a keyboard, a swipe scrolls); this subclass gives it
plain-text words, keys a finger can hit on a tablet and a way to find a key on screen by its id.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from textual.content import Content
from textual.geometry import Region
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from companion.tui.widgets.sizes import SMALL_HEIGHT


class MenuKey(NamedTuple):
    """A key of a menu: its id, its words and their style (``bold``, ``$text-warning``: Textual's style words),
    and a note in a quieter style (what a game is). In a list of keys, None between two keys draws a line that
    groups them."""

    id: str
    words: str
    style: str = ""
    note: str = ""


class Menu(OptionList):
    """A key chosen posts ``OptionList.OptionSelected`` with the key's id (``event.option_id``).

    From 30 rows up (a tablet) a key is three rows tall (about 54 CSS px in the served page, over the 44 px a
    finger needs); below (80×24) one row, so that every key is in view."""

    DEFAULT_CSS = """
    Menu { height: auto; max-height: 100%; border: none; padding: 0; background: $surface;
           scrollbar-size-vertical: 1; }
    Menu:focus { border: none; }
    Menu > .option-list--option { padding: 0 2; }
    """

    def __init__(self, keys: Iterable[MenuKey | None], *, id: str | None = None) -> None:
        self.menu_keys = list(keys)
        self.tall = False
        super().__init__(id=id, markup=False)

    def on_mount(self) -> None:
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Keys three rows tall from 30 rows up, one row below; drawn again only when that changes."""
        tall = self.app.size.height >= SMALL_HEIGHT
        if tall == self.tall and self.option_count:
            return
        self.tall = tall
        lit = self.highlighted
        self.set_options(_options(self.menu_keys, tall))
        self.highlighted = lit

    def action_cursor_up(self) -> None:
        """↑ on the first key stays there: going round to Quit, a player pressed Enter and left the app."""
        if self.highlighted != 0:
            super().action_cursor_up()

    def action_cursor_down(self) -> None:
        if self.highlighted != self.option_count - 1:
            super().action_cursor_down()

    def key_ids(self) -> list[str]:
        return [option.id for option in self.options if option.id is not None]

    def light(self, key_id: str | None) -> None:
        """Light the key ``key_id`` (the first when it is None or gone): Enter then chooses it."""
        ids = self.key_ids()
        self.highlighted = self.get_option_index(key_id if key_id in ids else ids[0]) if ids else None

    def choose(self, key_id: str) -> None:
        """Choose the key ``key_id`` as Enter does on it (the screenshots' way to a screen behind a key)."""
        self.light(key_id)
        self.action_select()

    def scroll_to_key(self, key_id: str) -> None:
        """Scroll the key ``key_id`` into view, as a swipe would (nothing is lit)."""
        index = self.get_option_index(key_id)
        self.scroll_to_region(Region(0, self._index_to_line[index], self.scrollable_content_region.width,
                                     self._heights[index]), animate=False, immediate=True, force=True)

    def key_region(self, key_id: str) -> Region:
        """Where the key ``key_id`` shows on the screen: its rows in view (none when it is scrolled away)."""
        return self._key_rows(key_id).intersection(self.content_region)

    def key_in_view(self, key_id: str) -> bool:
        """The whole key is in view (a finger can tap it)."""
        rows = self._key_rows(key_id)
        return bool(rows) and rows.intersection(self.content_region) == rows

    def _key_rows(self, key_id: str) -> Region:
        index = self.get_option_index(key_id)
        content = self.content_region
        height = self._heights[index] - self.options[index]._divider  # the line under a group is no key
        return Region(content.x, content.y + self._index_to_line[index] - round(self.scroll_y), content.width, height)


def _options(keys: Iterable[MenuKey | None], tall: bool) -> list[Option | None]:
    """Words as plain text (a player's name in a key is never read as markup). A tall key is its words with a
    blank row above and its note (else a blank row) below: OptionList pads an option only at its sides. A key of
    one row says its note after its words."""
    return [None if key is None else Option(_words(key, tall), id=key.id) for key in keys]


def _words(key: MenuKey, tall: bool) -> Content:
    if not key.note:
        pad = "\n" if tall else ""
        return Content.styled(f"{pad}{key.words}{pad}", key.style)
    return Content.assemble("\n" if tall else "", (key.words, key.style), "\n" if tall else " · ",
                            (key.note, "dim"))
