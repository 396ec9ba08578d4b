"""What the Le 31 screen shows and does alike in both modes (at a real table, against the computer): the header, the
score sheet and the public table, the words both say, and a card's plays offered tap by tap. Each mode adds its own
entry: the keypad (``table_entry.py``), or the hand (``hand_entry.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from rich.text import Text
from textual.app import ComposeResult

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games.le31.deck import Le31Card
from companion.games.le31.engine import Le31Match
from companion.games.le31.ops import Play, Trail
from companion.tui.games.le31.offers import Offer
from companion.tui.games.le31.play_dialog import PlayDialog
from companion.tui.screens.match_words import NOT_NOW
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
    """Mixed into the Le 31 screen (a ``MatchScreenBase``): draws what the whole table sees, and offers a card's
    plays in both modes."""

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

    def offer_card(self, seat: int, card: Le31Card, offer: Offer, play: Callable[[Play], object]) -> None:
        """The card tapped: when no table card can join it, its one play is made (laying it down); else the table's
        cards are offered tap by tap (``PlayDialog``), with only what leads to a play lit, and ``play`` makes the
        play chosen."""
        def chosen(op: Play | None) -> None:
            if op is not None:
                play(op)

        lit, builds = offer.lit((), None)
        if lit or builds:
            self.app.push_screen(PlayDialog(self.match, card, offer), chosen)
            return
        plays = offer.plays((), None)
        if plays:
            play(plays[0])
        else:
            self.why_not(seat, card)

    def why_not(self, seat: int, card: Le31Card) -> None:
        """A card with no play now: the rules' reason why it cannot even be laid down (it must take its build…)."""
        try:
            self.match.verify(Trail(seat, card))
        except CompanionError as error:
            self.refuse(error.msg)
        else:
            self.refuse(NOT_NOW)
