"""Layout pieces for small screens: a row of buttons that wraps, and a match screen's scrolling body.

Textual's horizontal layout never wraps: the buttons past the right edge are cut off and cannot be tapped
(at 45 columns Le 31's Menu, cribbage's last five keys). A ``Bar`` lays its buttons out side by side while
they fit, and as an even grid of as few rows as it takes when they do not.
"""

from __future__ import annotations

import math

from textual import events
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.widget import Widget


class Bar(Horizontal):
    DEFAULT_CSS = """
    Bar { height: auto; }
    Bar.-wrapped { layout: grid; grid-rows: auto; grid-gutter: 0; }
    """

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width)

    def on_mount(self) -> None:
        self.call_after_refresh(lambda: self.fit(self.size.width))

    def fit(self, width: int) -> None:
        """Wrap the buttons into rows when their natural widths add up to more than ``width``."""
        shown = [child for child in self.children if child.display]
        if not shown or width <= 0:
            return
        widths = [_natural_width(child) for child in shown]
        wrapped = sum(widths) > width
        if wrapped:
            widest = max(widths)
            per_row = max(1, width // widest)
            rows = math.ceil(len(shown) / per_row)
            self.styles.grid_size_columns = math.ceil(len(shown) / rows)  # rows as even as they can be
        for child in self.children:
            child.styles.width = "1fr" if wrapped else None  # None: the screen's own CSS again
        self.set_class(wrapped, "-wrapped")


def _natural_width(widget: Widget) -> int:
    """Columns a widget takes in a row: its content (a button's label) with its padding, border and margin."""
    styles = widget.styles
    if styles.width is not None and styles.width.is_cells:
        content = int(styles.width.value)
        outer = content if styles.box_sizing == "border-box" else content + styles.gutter.width
    else:
        outer = widget.get_content_width(Size(0, 0), Size(0, 0)) + styles.gutter.width
    return max(outer, int(styles.min_width.value) if styles.min_width and styles.min_width.is_cells else 0) \
        + styles.margin.width


class Body(VerticalScroll, can_focus=False):
    """What a match screen shows above its keys: it scrolls by swipe and wheel when the screen is short (a phone
    held sideways), and never takes the focus from the entry line (a tap on the table keeps typing there)."""

    # No scrollbar column: one that came and went would change the width the board is drawn in, and with it the
    # board's height, and with that whether a scrollbar is needed (a layout that never settles). Swipe and wheel
    # scroll it all the same.
    DEFAULT_CSS = "Body { height: 1fr; scrollbar-size-vertical: 0; }"


class Controls(Vertical):
    """A match screen's keys and entry line, under its ``Body``: always in reach, however short the screen."""

    DEFAULT_CSS = "Controls { height: auto; }"
