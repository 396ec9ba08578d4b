"""The base of every game's match screen, at a real table and in virtual play: ``MatchScreenBase`` gathers the
layers (``match_core.py``: entries, layout, other devices, the end; ``match_undo.py``: undo and redo; ``autoplay.py``:
virtual play). A game's screen subclasses it, composes its view and implements ``refresh_view``; it calls
``apply_ops`` for every entry. The words every match screen says alike are in ``match_words.py``."""

from __future__ import annotations

from typing import Any

from companion.games import chance
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
from companion.tui.widgets.plain import Static


class MatchScreenBase(AutoPlay):
    """Every game's match screen."""

    CHANCE_ON_VIEW = False  # the game's view shows the game's chance itself (cribbage's board): the line only a match's

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's ``refresh_view`` also shows the chance line: one place for every game, none in a game."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("refresh_view")
        if own is not None:
            def refresh_view(self: MatchScreenBase) -> None:
                own(self)
                self.show_chance()

            cls.refresh_view = refresh_view  # type: ignore[method-assign,assignment]

    def chances(self) -> chance.Chances | None:
        """Each side's chance to win the game, as the table knows it (the device at the table: public cards only)."""
        return chance.chances(self.session.game, self.match, None)

    def show_chance(self) -> None:
        """The line under the header: « Chance to win: Anne 71% · Bob 29% » (the match's, where it is several
        games); hidden when the game cannot say."""
        match = self.match
        whole = chance.match_chances(self.session.game, match, None)
        found = whole if whole is not None or self.CHANCE_ON_VIEW else self.chances()
        for line in self.query("#chance").results(Static):
            line.display = found is not None and not match.is_over
            if found is not None:
                line.update(self.tr(chance.said(match, found, whole is not None)))
