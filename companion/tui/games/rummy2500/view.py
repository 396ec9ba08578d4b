"""What both 2500 screens (at the table, against the computer) show alike: the score sheet of the brasses and,
during a brasse, the table (each player's trios, the pige, the stock)."""

from __future__ import annotations

from typing import cast

from textual.app import ComposeResult

from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.words import BRASSE, BRASSES_NEXT
from companion.tui.games.rummy2500.turns import table_lines
from companion.tui.screens.mixin import MatchScreenMixin
from companion.tui.widgets.plain import Static
from companion.tui.widgets.standings import ScoreSheet


def sheet_rows(height: int) -> int:
    """How many brasses the score sheet lists (the total row always shows): fewer on a small screen."""
    return 2 if height < 30 else 8



class Rummy2500View(MatchScreenMixin):
    """Mixed into both 2500 screens (each a ``MatchScreenBase``)."""

    @property
    def match(self) -> Rummy2500Match:
        return cast(Rummy2500Match, self.session.match)

    def table_view(self) -> ComposeResult:
        """What both screens show first: the score sheet and the table's trios."""
        yield ScoreSheet(id="sheet")
        yield Static("", id="table")

    def draw_sheet_and_table(self) -> None:
        m, lang = self.match, self.app.lang
        self.query_one("#sheet", ScoreSheet).show(
            m.names, m.brasses, target=m.rules.target, next_dealer=None if m.is_over else m.dealer, lang=lang,
            last=sheet_rows(self.app.size.height), round_word=BRASSE, deals_next=BRASSES_NEXT)
        table = self.query_one("#table", Static)
        table.display = m.bp is not None
        if m.bp is not None:
            table.update("\n".join(table_lines(m, self.tr, lang)))
