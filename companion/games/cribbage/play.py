"""The play (pegging): a card played, a go said, the turn passing and the count starting again."""

from __future__ import annotations

from companion.core.errors import IllegalMoveError
from companion.core.i18n import Msg, Of
from companion.games.base import Event, Score
from companion.games.cribbage.ops import Go, Play
from companion.games.cribbage.pegging import MAX_COUNT, peg_points
from companion.games.cribbage.pegging import verify_play as verify_count
from companion.games.cribbage.state import NOT_IN_HAND, CribbageState
from companion.games.cribbage.words import D_AND, D_FOR, D_GO, D_GO_FOR, D_GO_PEGS, D_GO_POINT, D_LAST, D_PLAY

NOT_YOUR_TURN = Msg("it is {name} turn, not {other}", "c'est au tour {name}, pas {other}")  # Of(): "d'Ann"
NO_CARDS_LEFT = Msg("{name} has no cards left to play", "{name} n'a plus de cartes à jouer")
MUST_PLAY = Msg("{name} can play {card}: no go while a card fits", "{name} peut jouer {card} : pas de go quand une carte passe")
GO_TOO_SOON = Msg("{name} cannot say go at {count}: every card fits up to 31",
                  "{name} ne peut pas dire go à {count} : toute carte passe jusqu'à 31")


class PlayPhase(CribbageState):
    """The play: whose turn it is, the cards that fit, the go, the last card and 31."""

    def _verify_turn(self, seat: int, action: str) -> None:
        self._need("play", action=action)
        self._check_seat(seat)
        if seat != self.live.turn:
            raise IllegalMoveError(NOT_YOUR_TURN(name=Of(self.names[self.live.turn]), other=Of(self.names[seat])))

    def _verify_play(self, op: Play) -> None:
        self._verify_turn(op.seat, "play")
        name = self.names[op.seat]
        if self.cards_left(op.seat) == 0:
            raise IllegalMoveError(NO_CARDS_LEFT(name=name))
        if self.live.hands is not None and op.card not in self.live.hands[op.seat]:
            raise IllegalMoveError(NOT_IN_HAND(card=op.card, name=Of(name)))
        self._check_new_cards([op.card])
        verify_count(op.card, self.count)

    def _apply_play(self, op: Play) -> Event:
        d = self.live
        d.played[op.seat].append(op.card)
        if d.hands is not None:
            d.hands[op.seat].remove(op.card)
        d.current.append((op.seat, op.card))
        d.last_player = op.seat
        result = peg_points([c for _, c in d.current], self.rules)
        side = self.side_of(op.seat)
        awards = [(side, item.points, item.name()) for item in result.items]
        said: Msg = Msg(result.announce("en"), result.announce("fr"))
        if result.count == MAX_COUNT:
            self._new_count(awards, go_point=False)
        else:
            self._advance(op.seat, awards)
        for _, n, why in awards[len(result.items):]:  # the go or the last card, named
            said = D_AND(said=said, more=D_FOR(what=why, n=n))
        scores: list[Score] = []
        self._peg_awards(awards, scores)
        text = D_PLAY(name=self.names[op.seat], card=op.card, said=said)
        return Event(op, text, tuple(scores))

    def _players_with_cards(self) -> list[int]:
        return [s for s in range(self.players) if self.cards_left(s) > 0]

    def _advance(self, seat: int, awards: list[tuple[int, int, Msg]]) -> None:
        """Pass the turn after ``seat`` acted: skip players out of cards or who said go."""
        d = self.live
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.cards_left(nxt) > 0 and nxt not in d.go_said:
                d.turn = nxt
                return
        # Nobody can play on: go (or last card) to the last player, new count.
        self._new_count(awards, go_point=True)

    def _new_count(self, awards: list[tuple[int, int, Msg]], go_point: bool) -> None:
        d = self.live
        last = d.last_player
        finished = not self._players_with_cards()
        if go_point and last is not None and self.phase == "play":
            awards.append((self.side_of(last), 1, D_LAST if finished else D_GO_POINT))
        d.current = []
        d.go_said = set()
        d.last_player = None
        if self.phase != "play":
            return
        if finished:
            self.phase = "show"
            d.show_index = 0
            return
        start = last if last is not None else d.dealer
        for step in range(1, self.players + 1):
            nxt = (start + step) % self.players
            if self.cards_left(nxt) > 0:
                d.turn = nxt
                return

    def _verify_go(self, op: Go) -> None:
        self._verify_turn(op.seat, "go")
        if self.live.hands is not None:
            playable = self.playable(op.seat)
            if playable:
                raise IllegalMoveError(MUST_PLAY(name=self.names[op.seat], card=playable[0]))
        if self.count + 10 <= MAX_COUNT:  # table mode: the player holds a card, and any card fits
            raise IllegalMoveError(GO_TOO_SOON(name=self.names[op.seat], count=self.count))

    def _apply_go(self, op: Go) -> Event:
        d = self.live
        d.go_said.add(op.seat)
        d.go_claims.append((op.seat, self.count, len(d.played[op.seat]), len(self.log)))
        scorer = d.last_player  # a go that ends the count pegs for the last player to have played
        awards: list[tuple[int, int, Msg]] = []
        self._advance(op.seat, awards)
        text: Msg = D_GO(name=self.names[op.seat])
        if awards and scorer is not None:  # said so that it is clear who said go and who pegs for it
            n = sum(points for _, points, _ in awards)
            text = D_GO_PEGS(name=self.names[op.seat], n=n) if scorer == op.seat else D_GO_FOR(
                name=self.names[op.seat], scorer=self.names[scorer], n=n)
        scores: list[Score] = []
        self._peg_awards(awards, scores)
        return Event(op, text, tuple(scores))
