"""The base of a mixin for match screens (a game's view, 2500's turn entry): a ``MatchScreenBase`` for mypy, so
its reads of the screen (``session``, ``query_one``, ``tr``) are checked where they are written; ``object`` at run
time, where the screen class that mixes it in brings its own base."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.tui.screens.match_base import MatchScreenBase as MatchScreenMixin
else:
    MatchScreenMixin = object

__all__ = ["MatchScreenMixin"]
