"""The entries a keeper makes beside the moves: points pegged without cards (« +Pts »), a deal ended at a real
table before all its cards were entered, and the next game of the match."""

from __future__ import annotations

from companion.core.errors import IllegalMoveError
from companion.core.i18n import Msg
from companion.games.base import Event, Score
from companion.games.cribbage.ops import EndDeal, NewGame, Points
from companion.games.cribbage.state import BAD_SIDE, VIRTUAL_ONLY, CribbageState
from companion.games.cribbage.words import D_END_DEAL, D_NEW_GAME, D_POINTS, PEGS

BAD_POINTS = Msg("points must be between 1 and {max}", "les points doivent être entre 1 et {max}")


class KeeperEntries(CribbageState):
    """Points pegged by hand, a deal ended early, the next game."""

    def _verify_points(self, op: Points) -> None:
        if self.phase in ("game_over", "match_over"):
            self._need("deal", action="points")
        if not 0 <= op.side < self.rules.sides:
            raise IllegalMoveError(BAD_SIDE)
        if not 1 <= op.points <= self.rules.target:
            raise IllegalMoveError(BAD_POINTS(max=self.rules.target))

    def _apply_points(self, op: Points) -> Event:
        scores: list[Score] = []
        reason = Msg(op.note, op.note) if op.note else Msg("points", "points")
        self._peg(op.side, op.points, reason, scores)
        return Event(op, D_POINTS(name=self.side_name(op.side), n=op.points, pegs=self.side_agreed(op.side, PEGS)),
                     tuple(scores))

    def _verify_end_deal(self, op: EndDeal) -> None:
        self._need("deal", "cut", "play", "show", action="end_deal")
        if self.setup.mode != "table":
            raise IllegalMoveError(VIRTUAL_ONLY)

    def _apply_end_deal(self, op: EndDeal) -> Event:
        if self.phase == "deal":
            self._start_deal(None)  # a deal skipped before its starter was entered
        self._finish_deal()
        return Event(op, D_END_DEAL)

    def _verify_new_game(self, op: NewGame) -> None:
        self._need("game_over", action="new_game")

    def _apply_new_game(self, op: NewGame) -> Event:
        self.next_dealer = self._loser_deals(self.scores, self.dealer)
        n = self.rules.sides
        self.scores = [0] * n
        self.pegs = [(0, 0)] * n
        self.game_number += 1
        self.d = None
        self.phase = "deal"
        return Event(op, D_NEW_GAME(n=self.game_number, name=self.names[self.next_dealer]))
