"""The base of every game's match screen, at a real table and in virtual play: ``MatchScreenBase`` gathers the
layers (``match_core.py``: entries, layout, other devices, the end; ``match_undo.py``: undo and redo; ``autoplay.py``:
virtual play). A game's screen subclasses it, composes its view and implements ``refresh_view``; it calls
``apply_ops`` for every entry. The words every match screen says alike are in ``match_words.py``."""

from __future__ import annotations

from companion.tui.screens.autoplay import AutoPlay
from companion.tui.screens.match_words import B_HOME as B_HOME
from companion.tui.screens.match_words import B_LOG as B_LOG
from companion.tui.screens.match_words import B_PACE as B_PACE
from companion.tui.screens.match_words import B_PHONES as B_PHONES
from companion.tui.screens.match_words import B_REDO as B_REDO
from companion.tui.screens.match_words import B_RULES as B_RULES
from companion.tui.screens.match_words import B_UNDO as B_UNDO
from companion.tui.screens.match_words import ERASE_WORDS as ERASE_WORDS
from companion.tui.screens.match_words import SHARED_WORDS as SHARED_WORDS
from companion.tui.screens.match_words import UPDATED as UPDATED


class MatchScreenBase(AutoPlay):
    """Every game's match screen."""
