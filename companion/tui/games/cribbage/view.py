"""What the cribbage screen shows alike in both modes (at a real table, against the computer): the header and the
board. Each mode adds its own entry: the keypad (``table_entry.py``), or the hand (``hand_entry.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from companion.core.i18n import Msg
from companion.games.cribbage.engine import CribbageMatch
from companion.tui.games.cribbage.board import CribbageBoard
from companion.tui.games.cribbage.board_layout import Track
from companion.tui.screens.mixin import MatchScreenMixin
from companion.tui.widgets.plain import Static

HEADER = Msg("Cribbage · game {game} · deal {deal} · {dealer} deals · to {target}",
             "Cribbage · partie {game} · donne {deal} · {dealer} donne · en {target}")
MATCH_POINTS = Msg(" · match {points}", " · match {points}")
STARTER = Msg("starter {card}", "coupe {card}")
PEG_COLOURS = ("#e8453c", "#4da3ff", "#5fd068", "#f2c230")


def tracks_of(match: CribbageMatch, chances: Sequence[float] | None = None) -> list[Track]:
    """Each side's track, with its chance to win the game when given (issue 40)."""
    return [Track(match.side_name(side), PEG_COLOURS[side % len(PEG_COLOURS)], front, back,
                  chances[side] if chances is not None else None)
            for side, (front, back) in enumerate(match.pegs)]


class CribbageView(MatchScreenMixin):
    """Mixed into the cribbage screen (a ``MatchScreenBase``), and into each mode's entry: the header and the board."""

    @property
    def match(self) -> CribbageMatch:
        return cast(CribbageMatch, self.session.match)

    def board(self) -> CribbageBoard:
        """The board, to compose (its pegs follow the match at each ``draw_board``)."""
        rules = self.match.rules
        return CribbageBoard(tracks_of(self.match), rules.target, rules.skunk_line, rules.double_skunk_line,
                             lang=self.app.lang, id="board")

    def draw_board(self) -> None:
        """The header (game, deal, dealer, target, match points, the starter once it is cut) and the pegs."""
        match = self.match
        rules = match.rules
        deal = match.deal_number + 1 if match.phase == "deal" else max(match.deal_number, 1)
        header = self.tr(HEADER, game=match.game_number, deal=deal, dealer=match.names[match.dealer],
                         target=rules.target)
        if rules.games_to_win > 1 or match.games:
            header += self.tr(MATCH_POINTS, points="–".join(map(str, match.game_points)))
        if match.starter and match.phase not in ("deal", "discard"):
            header += " · " + self.tr(STARTER, card=match.starter)
        self.query_one("#header", Static).update(header)
        board = self.query_one("#board", CribbageBoard)
        board.lang = self.app.lang
        board.update_tracks(tracks_of(match, self.chances()))
