"""The deal, the discard to the crib (virtual play) and the cut: the operations before the play begins."""

from __future__ import annotations

import random

from companion.core.cards import standard_deck
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.core.i18n import Msg, Of
from companion.core.i18n import cards as cards_of
from companion.games.base import Event, Score
from companion.games.cribbage.ops import Cut, Deal, Discard
from companion.games.cribbage.state import (
    CARD_TWICE,
    NEED_STARTER,
    NOT_IN_HAND,
    SEEN,
    VIRTUAL_ONLY,
    WHERE,
    CribbageState,
)
from companion.games.cribbage.words import D_AND, D_CUT, D_DEAL, D_DEAL_CUT, D_DISCARD, D_FOR, D_HEELS

DISCARD_COUNT = Msg("{name} lays away {n} to the crib, not {m}", "{name} met {n} au crib, pas {m}")
DISCARDED = Msg("{name} has already laid away to the crib", "{name} a déjà écarté au crib")
WRONG_DECK = Msg("a deck has 52 different cards", "un jeu a 52 cartes différentes")


class DealPhase(CribbageState):
    """The deal (virtual play shuffles, seeded), each seat's discard to the crib, and the starter cut."""

    def _rng_for(self, what: str) -> random.Random:
        """A generator fixed by the seed, the game and the deal: a resumed match deals the same cards."""
        return random.Random(f"{self.setup.seed}:{what}:{self.game_number}:{self.deal_number}")

    def make_deal(self) -> Deal:
        """The next deal's operation: virtual mode shuffles (seeded), table mode deals real cards."""
        if self.setup.mode != "virtual":
            return Deal(None)
        deck = standard_deck()
        self._rng_for("deal").shuffle(deck)
        return Deal(tuple(deck))

    def _verify_deal(self, op: Deal) -> None:
        self._need("deal", action="deal")
        if op.deck is not None and (len(op.deck) != 52 or len(set(op.deck)) != 52):
            raise IllegalMoveError(WRONG_DECK)
        if (op.deck is None) != (self.setup.mode == "table"):
            raise IllegalMoveError(VIRTUAL_ONLY)

    def _apply_deal(self, op: Deal) -> Event:
        d = self._start_deal(op.deck)
        if op.deck is None:
            self.phase = "cut"
        else:
            size = self.rules.hand_size
            n = self.players
            # Dealt one at a time from the dealer's left, like at the table.
            order = [(d.dealer + 1 + i) % n for i in range(n)]
            d.hands = [[] for _ in range(n)]
            for i in range(size * n):
                d.hands[order[i % n]].append(op.deck[i])
            if n == 3:
                d.crib.append(op.deck[size * n])  # one card from the pack to the crib
            self.phase = "discard"
        return Event(op, D_DEAL(n=d.number, name=self.names[d.dealer]))

    def _verify_discard(self, op: Discard) -> None:
        self._need("discard", action="discard")
        self._check_seat(op.seat)
        name = self.names[op.seat]
        if op.seat in self.live.discarded:
            raise IllegalMoveError(DISCARDED(name=name))
        if len(op.cards) != self.discard_count():
            raise IllegalMoveError(DISCARD_COUNT(name=name, n=cards_of(self.discard_count()), m=len(op.cards)))
        if len(set(op.cards)) != len(op.cards):
            raise InconsistencyError(CARD_TWICE(card=op.cards[0]))
        for card in op.cards:
            if card not in self._held[op.seat]:
                raise IllegalMoveError(NOT_IN_HAND(card=card, name=Of(name)))

    def _apply_discard(self, op: Discard) -> Event:
        d, held = self.live, self._held
        for card in op.cards:
            held[op.seat].remove(card)
            d.crib.append(card)
        d.discarded.add(op.seat)
        if len(d.discarded) == self.players:
            d.kept = [tuple(h) for h in held]
            self.phase = "cut"
        return Event(op, D_DISCARD(name=self.names[op.seat]))

    # ------------------------------------------------------------ cut
    def make_cut(self) -> Cut:
        """Virtual mode: cut the seeded pack for the starter."""
        self._need("cut", action="cut")
        if self.live.deck is None:  # table mode: the people at the table turn a real card
            raise IllegalMoveError(NEED_STARTER)
        size = self.rules.hand_size * self.players + (1 if self.players == 3 else 0)
        rest = self.live.deck[size:]
        return Cut(rest[self._rng_for("cut").randrange(len(rest))])

    def _verify_cut(self, op: Cut) -> None:
        if self.phase == "deal" and self.setup.mode == "table":
            return  # at a real table the starter turned is the first thing entered: it starts the deal
        self._need("cut", action="cut")
        if self.live.kept is not None:  # virtual play: the cut cannot turn a card that was dealt
            dealt = {c for h in self.live.kept for c in h} | set(self.live.crib)
            if op.card in dealt:
                raise InconsistencyError(SEEN(card=op.card, where=WHERE["dealt"]))

    def _apply_cut(self, op: Cut) -> Event:
        opened = self.phase == "deal"
        if opened:
            self._start_deal(None)
        d = self.live
        d.starter = op.card
        self.phase = "play"
        d.turn = (d.dealer + 1) % self.players
        scores: list[Score] = []
        text = D_CUT(card=op.card)
        if op.card.rank == 11 and self.rules.his_heels:
            self._peg(self.side_of(d.dealer), self.rules.his_heels, D_HEELS, scores)
            text = D_AND(said=text, more=D_FOR(what=D_HEELS, n=self.rules.his_heels))
        if opened:
            text = D_DEAL_CUT(deal=D_DEAL(n=d.number, name=self.names[d.dealer]), cut=text)
        return Event(op, text, tuple(scores))
