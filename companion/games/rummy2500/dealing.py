"""The deal of a brasse played turn by turn (SPEC §4.d): for each player from the dealer's left, then the dealer, a
card is turned; its rank sets that player's hand size (A 14, K 13, Q 12, J 11, 10 … 3) and it stays in his hand;
the dealer's card sets the frime. Then the top card of the stock starts the pige (the discard pile, kept spread).

Two ways in: ``DealBrasse`` deals a shuffled pack whose every card is known (virtual play); ``OpenBrasse`` starts
a brasse dealt at a real table from what everyone sees, the turned cards and the first card of the pige (the cards
nobody has seen are kept as ``None``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from companion.core.cards import Card, Rank, rank_text
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.core.i18n import Msg
from companion.games.base import Event, Operation
from companion.games.rummy2500.ops import DealBrasse, OpenBrasse
from companion.games.rummy2500.state import (
    BRASSE_OVER,
    COPIES,
    NO_BRASSE,
    PLAYING,
    BrassePlay,
    Rummy2500State,
    Slot,
    hand_size,
)

M = Msg
TURNED = M("one turned card per player ({n}), without 2s", "une carte retournée par joueur ({n}), sans 2")
D_DEAL = M("Brasse dealt: the frime is {rank}; hands {sizes}", "Brasse brassée : la frime est {rank} ; mains {sizes}")
D_OPEN = M("Brasse started at the table: the frime is {rank}; hands {sizes}",
           "Brasse commencée à la table : la frime est {rank} ; mains {sizes}")


def table_opening(deal: DealBrasse, dealer: int, players: int, indicator_in_hand: bool) -> OpenBrasse:
    """The entry a real table makes for a deal: the card turned for each player (the dealer's left first, the dealer
    last, as ``_apply_deal_brasse`` takes them from the pack) and the pige's first card, turned once the hands are
    dealt."""
    order = [(dealer + 1 + i) % players for i in range(players)]
    turned = {seat: deal.deck[n] for n, seat in enumerate(order)}
    dealt = sum(hand_size(card) for card in turned.values()) - (players if indicator_in_hand else players - 1)
    return OpenBrasse(tuple(turned[seat] for seat in range(players)), deal.deck[players + dealt])


class Dealing(Rummy2500State):
    """The deal: ``DealBrasse`` (virtual play) and ``OpenBrasse`` (a real table)."""

    def _check_new_brasse(self) -> None:
        if self.winner is not None or self.playing():
            raise IllegalMoveError(BRASSE_OVER if self.winner is not None else PLAYING)

    def _verify_deal_brasse(self, op: DealBrasse) -> None:
        self._check_new_brasse()
        if Counter(op.deck) != Counter(self.pack()):
            raise IllegalMoveError(NO_BRASSE)

    def _start(self, turned: list[Card], hidden: Iterable[Slot]) -> BrassePlay:
        """Hands from the turned cards (seat order), the rest dealt from ``hidden`` (the dealer's left first)."""
        players, dealer = self.players, self.dealer
        order = [(dealer + 1 + i) % players for i in range(players)]  # the dealer last
        source = iter(hidden)
        sizes = [hand_size(c) for c in turned]
        hands: list[list[Slot]] = [[c] for c in turned]
        indicator = None
        if not self.rules.dealer_indicator_in_hand:
            indicator = hands[dealer].pop()
        shown = [[c for c in h if c is not None] for h in hands]  # the turned cards are face up: everyone knows whose
        for seat in order:
            while len(hands[seat]) < sizes[seat]:
                hands[seat].append(next(source))
        return BrassePlay(turned[dealer].rank, [], [], hands, sizes, [[] for _ in range(players)],
                          [[] for _ in range(players)], [False] * players, order[0], indicator=indicator,
                          shown=shown)

    def _deal_text(self, op: Operation, text: Msg) -> Event:
        bp = self.live
        rank = Msg(rank_text(bp.frime, "en"), rank_text(bp.frime, "fr"))
        return Event(op, text(rank=rank, sizes="–".join(map(str, bp.sizes))))

    def _apply_deal_brasse(self, op: DealBrasse) -> Event:
        players, dealer = self.players, self.dealer
        order = [(dealer + 1 + i) % players for i in range(players)]
        deck = list(op.deck)
        turned: dict[int, Card] = {seat: deck.pop(0) for seat in order}
        rest = iter(deck)
        self.bp = bp = self._start([turned[s] for s in range(players)], rest)
        bp.pige = [next(rest)]
        bp.stock = list(rest)
        bp.key = op.key
        return self._deal_text(op, D_DEAL)

    def _verify_open_brasse(self, op: OpenBrasse) -> None:
        self._check_new_brasse()
        players = self.players
        if len(op.turned) != players or any(c.rank == Rank.TWO for c in (*op.turned, op.pige)):
            raise IllegalMoveError(TURNED(n=players))
        packs = self.packs
        for card, n in Counter((*op.turned, op.pige)).items():
            if n > packs:
                raise InconsistencyError(COPIES(card=card, n=n, packs=packs))

    def _apply_open_brasse(self, op: OpenBrasse) -> Event:
        self.bp = bp = self._start(list(op.turned), iter(lambda: None, 0))
        bp.pige = [op.pige]
        dealt = sum(map(len, bp.hands)) + 1 + (1 if bp.indicator else 0)
        bp.stock = [None] * (len(self.pack()) - dealt)
        return self._deal_text(op, D_OPEN)
