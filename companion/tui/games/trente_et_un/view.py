"""What the Trente-et-un screen (both games) shows alike in both modes, at a real table and against the computer:
the header and the rack of tokens or lives (who is out, the corbeille, who deals next). Each mode adds its own
entry: the showdown's keypad (``table_entry.py``), or the hand and the table's cards (``hand_entry.py``)."""

from __future__ import annotations

from typing import cast

from textual.app import ComposeResult

from companion.core.i18n import Msg
from companion.games.trente_et_un.engine import TrenteMatch
from companion.tui.screens.mixin import MatchScreenMixin
from companion.tui.widgets.plain import Static
from companion.tui.widgets.standings import TokenRack


class TrenteView(MatchScreenMixin):
    """Mixed into the Trente-et-un screen (a ``MatchScreenBase``), under both modes' entries."""

    @property
    def match(self) -> TrenteMatch:
        return cast(TrenteMatch, self.session.match)

    def rack(self) -> ComposeResult:
        """What both modes show first: the rack."""
        yield TokenRack(id="rack")

    def draw_rack(self, header: Msg) -> None:
        """The header (``header`` takes the game, the deal's number and the dealer) and the rack."""
        m = self.match
        self.query_one("#header", Static).update(self.tr(header, game=type(m).title, n=m.showdowns + 1,
                                                         dealer=m.names[m.dealer]))
        self.query_one("#rack", TokenRack).show(m.names, m.tokens, unit=m.unit, out=m.out,
                                                pot=m.pot if m.banker else None, next_dealer=m.dealer,
                                                lang=self.app.lang)
