"""What a computer player's seat may see during the play (``View``), as its search reads it: its own cards and the
ones it laid away, the cards played, the starter, who said go at which count, the scores and who deals.

Built from the match for virtual play (``view_of``), or at a real table from what the player tells the app
(``table_view``: the advice's hint). The players (``players``), the hard player's search (``hard``) and the previous
hard player (``previous``) all read it, and it imports none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.core.cards import Card
from companion.games.cribbage.ops import Deal, Discard, NewGame
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.scoring import pip
from companion.games.cribbage.state import CribbageState


@dataclass(frozen=True)
class View:
    """What one seat may see during the play."""

    seat: int
    players: int
    hand: tuple[Card, ...]  # the cards it still holds
    current: tuple[tuple[int, Card], ...]  # this count, in order
    go_said: frozenset[int]
    last_player: int | None
    played: tuple[tuple[Card, ...], ...]  # per seat, this deal
    go_claims: tuple[tuple[int, int, int], ...]  # (seat, count, cards it had played before)
    starter: Card | None
    known_out: frozenset[Card]  # cards this seat knows are in no other hand: its own, its discards, the starter
    rules: CribbageRules
    discards: tuple[Card, ...] = ()  # the cards it laid away to the crib (at a real table: if it said them)
    scores: tuple[int, ...] = ()  # per side
    dealer: int = 0
    target: int = 121

    @property
    def count(self) -> int:
        return sum(pip(c) for _, c in self.current)

    def side(self, seat: int) -> int:
        return self.rules.side_of(seat)


def own_discards(match: CribbageState, seat: int) -> tuple[Card, ...]:
    """Virtual play: the cards ``seat`` laid away this deal (the log's discard of this deal)."""
    for op in reversed(match.log):
        if isinstance(op, Discard) and op.seat == seat:
            return tuple(op.cards)
        if isinstance(op, (Deal, NewGame)):
            break
    return ()


def view_of(match: CribbageState, seat: int) -> View:
    """Virtual play: the seat's view, from the cards the engine knows it holds and the ones it laid away."""
    assert match.d is not None and match.d.hands is not None
    return table_view(match, seat, match.d.hands[seat], own_discards(match, seat))


def table_view(match: CribbageState, seat: int, hand: Sequence[Card], discards: Sequence[Card] = ()) -> View:
    """The view of a player holding ``hand`` who laid ``discards`` away: what the engine deals (virtual play), or
    at a real table what the player tells the app. Known not to be in another hand: the hand, the discards, the
    cards it played, the starter (the cards others played are in ``played``)."""
    d = match.d
    assert d is not None
    known = set(hand) | set(discards) | set(d.played[seat]) | ({d.starter} if d.starter else set())
    return View(seat, match.players, tuple(hand), tuple(d.current), frozenset(d.go_said), d.last_player,
                tuple(tuple(p) for p in d.played), tuple((s, c, n) for s, c, n, _ in d.go_claims), d.starter,
                frozenset(known), match.rules, tuple(discards), tuple(match.scores), match.dealer, match.rules.target)
