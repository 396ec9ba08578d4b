"""What a 2500 seat sees and may do (``companion.games.seats``): the public table, and the choices of the moment.

Only the seat whose turn it is in a brasse played turn by turn chooses. First its draw: from the stock (``draw``),
or from the pige (``take``: the natural pair it lays with the card it chooses, then that card, the answer's
``target``, its place in the pige from the oldest; no pair for the top card an open player takes freely). Then its
trios (``meld``: three cards), once open its lay-offs (``lay_off``: a card, then the trio it goes on, the answer's
``target``, its place among every trio on the table as ``public_table()["trios"]`` lists them, each player's in
seat order) and its discard (``throw``). A phone page asks « Sur quel trio ? » after the card is tapped, with the
targets that take it (``fitting``), and the pige card a pair takes the same way.

In virtual play a seat picks from its own hand, and every choice lists its options (the computer players'
candidates). At a real table nobody's hand is known: a seat picks among the cards it may hold (those the table saw
go into its hand and, while it holds cards nobody saw, every card not all of whose copies are seen); its draw, its
lay-offs and its discard are listed, its pige takes with a pair and its trios are not (any pair or trio of the
cards not seen yet). The deal (by the app, or the cards turned at a real table: ``OpenBrasse``) and the count of a
brasse (``Brasse``: the app's, or the entry of the table's keeper) are nobody's choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from companion.core.cards import Card, Rank, pack_2500
from companion.core.i18n import Msg
from companion.games.base import Operation
from companion.games.rummy2500.ops import DrawStock, LayOff, Meld, TakePige, Throw
from companion.games.rummy2500.state import Rummy2500State, trio_rank
from companion.games.rummy2500.words import pige_card_named, rank_said, trio_named
from companion.games.seats import Answer, Choice, Kind, Row, codes

C_DRAW = Msg("Draw from the stock", "Piger au paquet")
C_TAKE = Msg("Take from the pige", "Prendre à la pige")
C_MELD = Msg("Lay a trio", "Poser un trio")
C_LAY_OFF = Msg("Lay a card off on a trio", "Ajouter une carte à un trio")
C_THROW = Msg("Discard a card", "Jeter une carte")

FACES = tuple(dict.fromkeys(pack_2500()))  # every card of the 2500 pack once (no 2s), in order


def fitting(match: Rummy2500State, choice: Choice, cards: Sequence[Card]) -> list[int]:
    """The targets of ``choice`` that take ``cards`` now: the trios a card tapped may go on, the pige cards a pair
    tapped may take (« Sur quel trio ? » offers these)."""
    return [target for target in range(len(choice.targets)) if match.can(choice.answer(cards, target=target))]


def _combos(cards: Sequence[Card], n: int) -> Iterator[tuple[Card, ...]]:
    """Every way to pick ``n`` of ``cards``, in their order, each once (two copies of a card make one pick)."""
    picked: set[int] = set()
    for combo in combinations(cards, n):
        key = sum(1 << 2 * card.index for card in combo)  # the cards picked, whatever their order (3 copies at most)
        if key not in picked:
            picked.add(key)
            yield combo


def _one(answer: Answer) -> Card:
    cards: tuple[Card, ...] = answer.cards
    (card,) = cards  # the choice picks exactly one
    return card


class Holding(NamedTuple):
    """The cards a seat may hold (``SeatAnswers.holding``): as a hand (``held``, two copies twice), each once
    (``cards``), and by rank."""

    held: list[Card]
    cards: tuple[Card, ...]
    by_rank: dict[Rank, list[Card]]


R_FRIME = Msg("Frime: {rank} · stock: {n}", "Frime : {rank} · paquet : {n}")
R_PIGE = Msg("Pige", "Pige")
R_TRIOS = Msg("{name}'s trios", "Trios de {name}")
R_HANDS = Msg("Cards in hand: {hands}", "Cartes en main : {hands}")


class SeatAnswers(Rummy2500State):
    """A seat's view (its hand, the public table) and its choices."""

    def seat_hand(self, seat: int) -> tuple[Card, ...] | None:
        """Virtual play: the seat's cards, as dealt and drawn; at a real table (or no brasse dealt) None."""
        bp = self.bp
        if bp is None or self.setup.mode != "virtual" or not 0 <= seat < self.players:
            return None
        hand = bp.hands[seat]
        return None if None in hand else tuple(card for card in hand if card is not None)

    def public_table(self) -> dict[str, Any]:
        """What everyone sees: the brasse under way (or the next), the frime (its rank: 1 for the ace), the pige
        (every card, oldest first), the stock's size, each hand's size and how many it was dealt, the cards the
        table saw go into each hand (``seen``: a turned card, a pige series), who is open, each player's trios with
        who laid each card (``by``), whose turn it is, whether he has drawn, the dealer's turned card when it stays
        on the table (``indicator``), and the seat whose turn closes a brasse someone went out of (``last``)."""
        table: dict[str, Any] = {"brasse": len(self.brasses) + 1, "target": self.rules.target}
        bp = self.bp
        if bp is None:
            return {**table, "playing": False}
        trios = [[{"cards": codes(trio), "by": [bp.laid_by(owner, index, place) for place in range(len(trio))]}
                  for index, trio in enumerate(groups)] for owner, groups in enumerate(bp.laid)]
        return {**table, "playing": not bp.over, "frime": int(bp.frime), "turn": bp.turn, "drawn": bp.drawn,
                "stock": len(bp.stock), "pige": codes(bp.pige), "hands": [len(hand) for hand in bp.hands],
                "dealt": list(bp.sizes), "seen": [codes(cards) for cards in bp.shown], "open": list(bp.opened),
                "trios": trios, "indicator": None if bp.indicator is None else bp.indicator.code, "last": bp.last}

    def table_rows(self) -> list[Row]:
        """The frime and the stock, the pige (oldest first), each player's trios, and how many cards each holds."""
        bp = self.bp
        if bp is None:
            return []
        rows = [Row(R_FRIME(rank=rank_said(bp.frime), n=len(bp.stock))), Row(R_PIGE, tuple(bp.pige))]
        rows += [Row(R_TRIOS(name=self.names[owner]), groups=tuple(tuple(trio) for trio in groups))
                 for owner, groups in enumerate(bp.laid) if groups]
        sizes = " · ".join(f"{self.names[seat]} {len(hand)}" for seat, hand in enumerate(bp.hands))
        return [*rows, Row(R_HANDS(hands=sizes))]

    def choices(self, seat: int) -> list[Choice]:
        if not self._chooses(seat):
            return []
        holding = self.holding(seat)
        if not self.live.drawn:
            return [Choice("action", "draw", C_DRAW, seat, (DrawStock,), lambda a: DrawStock(seat),
                           listing=lambda: [DrawStock(seat)]), *self._take(seat, holding)]
        return [*self._meld(seat, holding), *self._lay_off(seat, holding), *self._throw(seat, holding)]

    def legal(self, seat: int, name: str) -> list[Operation]:
        """The options of ``seat``'s choice ``name`` now, as ``Choice.options()`` lists them, without the choice's
        words: a computer player's search asks for them at every turn it plays out (virtual play: at a real table
        its pige takes with a pair and its trios would be every pair and trio of the cards not seen yet)."""
        if not self._chooses(seat):
            return []
        return [op for op in self._candidates(seat, name, self.holding(seat)) if self.can(op)]

    def _chooses(self, seat: int) -> bool:
        bp = self.bp
        return self.winner is None and bp is not None and not bp.over and seat == bp.turn

    # ------------------------------------------------------------ each choice: its candidates, then its words
    def _candidates(self, seat: int, name: str, holding: Holding) -> Iterator[Operation]:
        """The operations the choice ``name`` may make, a superset of the legal ones, in the order it lists them."""
        bp = self.live
        if name == "draw":
            yield DrawStock(seat)
        elif name == "take":
            pige, top = bp.pige, len(bp.pige) - 1
            for index in self._pige_reach(seat):
                if pige[index].rank != bp.frime:
                    for pair in _combos(holding.by_rank.get(pige[index].rank, ()), 2):
                        yield TakePige(seat, index, pair)
            if self._free_top(seat):
                yield TakePige(seat, top)
        elif name == "meld":
            frimes = holding.by_rank.get(bp.frime, [])
            for rank, naturals in holding.by_rank.items():
                if rank != bp.frime and len(naturals) >= 2:
                    yield from (Meld(seat, trio) for trio in _combos(naturals, 3))
                    for pair in _combos(naturals, 2) if frimes else ():
                        yield from (Meld(seat, (*pair, wild)) for wild in dict.fromkeys(frimes))
            yield from (Meld(seat, trio) for trio in _combos(frimes, 3))
        elif name == "lay_off" and bp.opened[seat]:
            trios = self._trios()
            for card in holding.cards:
                for (owner, index), rank in trios:
                    if card.rank == bp.frime or card.rank == rank:
                        yield LayOff(seat, card, owner, index)
        elif name == "throw":
            yield from (Throw(seat, card) for card in holding.cards)

    def _offer(self, kind: Kind, name: str, label: Msg, seat: int, makes: type[Operation],
               build: Callable[[Answer], Operation], holding: Holding, listed: bool, **shown: Any) -> list[Choice]:
        """The choice, when one of its candidates is legal now. Where ``listed``, its options are the legal
        candidates, found once, when first asked for (a computer player asks only for the ones it weighs)."""
        rest = self._candidates(seat, name, holding)
        first = next((op for op in rest if self.can(op)), None)
        if first is None:
            return []
        found: list[Operation] = []

        def listing() -> list[Operation]:
            if not found:
                found.extend([first, *(op for op in rest if self.can(op))])
            return list(found)

        return [Choice(kind, name, label, seat, (makes,), build, listing=listing if listed else None, **shown)]

    def _take(self, seat: int, holding: Holding) -> list[Choice]:
        bp = self.live
        pige, top = bp.pige, len(bp.pige) - 1
        ranks = {pige[index].rank for index in self._pige_reach(seat)} - {bp.frime}  # what a natural pair may take
        cards = tuple(card for card in holding.held if card.rank in ranks)  # copies too: a pair of 6♦ 6♦ takes a 6
        free = self._free_top(seat)

        def build(answer: Answer) -> Operation:
            return TakePige(seat, top if answer.target is None else answer.target, answer.cards)

        return self._offer("pick", "take", C_TAKE, seat, TakePige, build, holding, self._known(seat), cards=cards,
                           low=0 if free else 2, high=2 if cards else 0, table=tuple(pige),
                           targets=tuple(pige_card_named(card, top - index) for index, card in enumerate(pige)))

    def _meld(self, seat: int, holding: Holding) -> list[Choice]:
        return self._offer("pick", "meld", C_MELD, seat, Meld, lambda a: Meld(seat, a.cards), holding,
                           self._known(seat), cards=tuple(holding.held), low=3, high=3)  # copies: 6♦ 6♦ 5♠

    def _lay_off(self, seat: int, holding: Holding) -> list[Choice]:
        bp = self.live
        trios = self._trios()
        ranks = {rank for _, rank in trios}
        cards = tuple(card for card in holding.cards if card.rank == bp.frime or card.rank in ranks)

        def build(answer: Answer) -> Operation:
            owner, index = trios[answer.target][0] if answer.target is not None and 0 <= answer.target < len(trios) \
                else (seat, len(bp.laid[seat]))  # no such trio: refused by the engine
            return LayOff(seat, _one(answer), owner, index)

        return self._offer("pick", "lay_off", C_LAY_OFF, seat, LayOff, build, holding, True, cards=cards, low=1,
                           high=1, targets=tuple(trio_named(self.names[owner], index, tuple(bp.laid[owner][index]))
                                                 for (owner, index), _ in trios))

    def _throw(self, seat: int, holding: Holding) -> list[Choice]:
        return self._offer("pick", "throw", C_THROW, seat, Throw, lambda a: Throw(seat, _one(a)), holding, True,
                           cards=holding.cards, low=1, high=1)

    # ------------------------------------------------------------ what the choices read
    def _pige_reach(self, seat: int) -> range:
        """The places in the pige a natural pair may take from: the top only for an unopened player (house rule)."""
        bp = self.live
        top = len(bp.pige) - 1
        deep = bp.opened[seat] or self.rules.unopened_may_take_series
        return range(top + 1) if deep else range(max(top, 0), top + 1)

    def _free_top(self, seat: int) -> bool:
        """An open player may take the pige's top card alone (house rule)."""
        bp = self.live
        return bool(bp.pige) and bp.opened[seat] and self.rules.open_player_free_top_discard

    def _trios(self) -> list[tuple[tuple[int, int], Rank]]:
        """Every trio on the table (its owner, its place among his) and its rank, in the public table's order."""
        bp = self.live
        return [((owner, index), trio_rank(trio, bp.frime)) for owner, groups in enumerate(bp.laid)
                for index, trio in enumerate(groups)]

    def _known(self, seat: int) -> bool:
        """Every card of the seat's hand is known (virtual play)."""
        return None not in self.live.hands[seat]

    def holding(self, seat: int) -> Holding:
        """The cards ``seat`` may hold: its own in virtual play; at a real table those the table saw go into its
        hand, and as many copies of each card not all seen yet as its hidden cards may be."""
        bp = self.live
        hand = bp.hands[seat]
        held = [card for card in hand if card is not None]
        hidden = len(hand) - len(held)
        if hidden:
            seen = bp.seen()
            held = sorted([*held, *(card for card in FACES for _ in range(min(hidden, self.packs - seen[card])))],
                          key=lambda card: card.index)
        by_rank: dict[Rank, list[Card]] = {}
        for card in held:
            by_rank.setdefault(card.rank, []).append(card)
        return Holding(held, tuple(dict.fromkeys(held)), by_rank)
