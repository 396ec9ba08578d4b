"""What both Trente-et-un screens (at the table, against the computer) show alike: the header and the rack of
tokens or lives (who is out, the corbeille, who deals next)."""

from __future__ import annotations

from typing import cast

from companion.core.i18n import Msg
from companion.games.trente_et_un.engine import TrenteMatch
from companion.tui.screens.mixin import MatchScreenMixin
from companion.tui.widgets.plain import Static
from companion.tui.widgets.standings import TokenRack


class TrenteView(MatchScreenMixin):
    """Mixed into both Trente-et-un screens (each a ``MatchScreenBase``)."""

    @property
    def match(self) -> TrenteMatch:
        return cast(TrenteMatch, self.session.match)

    def draw_rack(self, header: Msg) -> None:
        """The header (``header`` takes the game, the deal's number and the dealer) and the rack."""
        m = self.match
        self.query_one("#header", Static).update(self.tr(header, game=type(m).title, n=m.showdowns + 1,
                                                         dealer=m.names[m.dealer]))
        self.query_one("#rack", TokenRack).show(m.names, m.tokens, unit=m.unit, out=m.out,
                                                pot=m.pot if m.banker else None, next_dealer=m.dealer,
                                                lang=self.app.lang)
