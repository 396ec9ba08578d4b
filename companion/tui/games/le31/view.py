"""What both Le 31 screens (at the table, against the computer) show alike: the header, the score sheet and the
public table, and the words they share. Each screen adds its own entry: the keypad, or its hand."""

from __future__ import annotations

from typing import cast

from rich.text import Text
from textual.app import ComposeResult

from companion.core.i18n import Msg
from companion.games.le31.deck import Le31Card
from companion.games.le31.engine import Le31Match
from companion.tui.screens.mixin import MatchScreenMixin
from companion.tui.widgets.plain import Static
from companion.tui.widgets.standings import ScoreSheet

HEADER = Msg("Le 31 · round {round} · deal {deal} of {deals}{last} · {dealer} deals · to {target}",
             "Le 31 · manche {round} · donne {deal} sur {deals}{last} · {dealer} donne · en {target}")
LAST = Msg(" · last deal", " · dernière donne")
TABLE = Msg("Table: {cards}", "Table : {cards}")
EMPTY = Msg("empty", "vide")
BUILD = Msg("[{value}: {cards}] {name}", "[{value} : {cards}] {name}")
P_ONLY_TRAIL = Msg(" · after the récolte: lay a card down", " · après la récolte : poser une carte")



class Le31View(MatchScreenMixin):
    """Mixed into both Le 31 screens (each a ``MatchScreenBase``): draws what the whole table sees."""

    @property
    def match(self) -> Le31Match:
        return cast(Le31Match, self.session.match)

    def table_view(self) -> ComposeResult:
        """What both screens show first: the score sheet and the table."""
        yield ScoreSheet(id="sheet")
        yield Static("", id="table")

    def label(self, card: Le31Card) -> str:
        return self.match.deck.label(card, self.app.lang)

    def draw_table(self) -> None:
        """The header, the score sheet and the table's loose cards and builds."""
        m, tr = self.match, self.tr
        r = m.r
        self.show_header(tr(HEADER, round=r.number, deal=max(r.deal, 1), deals=r.deals, last=LAST if m.last_deal else "",
                            dealer=m.names[r.dealer], target=m.rules.target))
        rounds = [[side.points for side in result] for result in m.rounds]
        self.query_one("#sheet", ScoreSheet).show(
            [m.side_name(s) for s in range(2)], rounds, target=m.rules.target, lang=self.app.lang)
        parts = [self.label(c) for c in r.loose]
        parts += [tr(BUILD, value=b.value, cards=" ".join(self.label(c) for c in b.cards), name=m.names[b.owner])
                  for b in r.builds]
        self.query_one("#table", Static).update(Text(tr(TABLE, cards="  ".join(parts) or tr(EMPTY))))
