"""A Le 31 deal (SPEC §1.a, 2 and 9): 4 cards to each player, and on the first deal of a round 4 cards face up to the
table. In virtual play the first deal carries the round's shuffled pack; at a real table the keeper enters the
table's four cards, and the later deals say only that the cards are dealt."""

from __future__ import annotations

import random
from collections import Counter

from companion.core.errors import IllegalMoveError
from companion.core.i18n import Msg
from companion.games.base import Event
from companion.games.le31.deck import DEAL_SIZE
from companion.games.le31.ops import Deal
from companion.games.le31.state import JOINED, MATCH_OVER, Le31State, M, card_list

NO_DEAL_NOW = M("the players still hold cards: no new deal yet", "les joueurs ont encore des cartes : pas de nouvelle donne")
TABLE_FOUR = M("the first deal of a round puts 4 cards on the table, not {n}",
               "la première donne d'une manche met 4 cartes sur la table, pas {n}")
NO_TABLE_NOW = M("only the first deal of a round puts cards on the table",
                 "seule la première donne d'une manche met des cartes sur la table")
DECK_NEEDED = M("a virtual round starts from a shuffled pack of the whole deck",
                "une manche virtuelle commence par un paquet mélangé de tout le jeu")
TABLE_ONLY = M("in a virtual game the app deals", "dans une partie virtuelle, l'app donne")
D_DEAL = M("Round {round}, deal {deal} of {deals}: {name} deals{last}",
           "Manche {round}, donne {deal} sur {deals} : {name} donne{last}")
D_LAST = M(" (last deal)", " (dernière donne)")
D_TABLE = M(" · table {cards}", " · table {cards}")


class Dealing(Le31State):
    """The deal's operation."""

    def _verify_deal(self, op: Deal) -> None:
        if self.phase == "match_over":
            raise IllegalMoveError(MATCH_OVER)
        if self.phase != "deal":
            raise IllegalMoveError(NO_DEAL_NOW)
        first = self.r.deal == 0
        virtual = self.setup.mode == "virtual"
        if virtual:
            if op.table:
                raise IllegalMoveError(TABLE_ONLY)
            if first and (op.deck is None or Counter(op.deck) != self.deck.copies):
                raise IllegalMoveError(DECK_NEEDED)
            if not first and op.deck is not None:
                raise IllegalMoveError(DECK_NEEDED)
            return
        if op.deck is not None:
            raise IllegalMoveError(TABLE_ONLY)
        if first and len(op.table) != DEAL_SIZE:
            raise IllegalMoveError(TABLE_FOUR(n=len(op.table)))
        if not first and op.table:
            raise IllegalMoveError(NO_TABLE_NOW)
        self.check_new(op.table)

    def _apply_deal(self, op: Deal) -> Event:
        r = self.r
        text_extra: Msg | str = ""
        if r.deal == 0:
            if op.deck is not None:
                r.stock = list(op.deck)
                r.hands = [[] for _ in range(self.players)]
                table = [r.stock.pop(0) for _ in range(DEAL_SIZE)]
            else:
                table = list(op.table)
            r.loose = table
            r.seen.update(table)
            text_extra = D_TABLE(cards=card_list(table))
        if r.stock is not None and r.hands is not None:
            for seat in self._order_from_left():
                r.hands[seat] += [r.stock.pop(0) for _ in range(DEAL_SIZE)]
        r.deal += 1
        r.played = [0] * self.players
        r.played_cards = [[] for _ in range(self.players)]
        r.turn = (r.dealer + 1) % self.players
        self.phase = "play"
        text = D_DEAL(round=r.number, deal=r.deal, deals=r.deals, name=self.names[r.dealer],
                      last=D_LAST if self.last_deal else "")
        return Event(op, JOINED(a=text, b=text_extra))

    def _order_from_left(self) -> list[int]:
        return [(self.r.dealer + 1 + i) % self.players for i in range(self.players)]


def deal_virtual(match: Le31State, seed: int | str | None) -> Deal:
    """The next deal in virtual mode: the first of a round carries the round's shuffled pack."""
    if match.r.deal == 0:
        pack = match.deck.pack()
        random.Random(f"{seed}:{match.r.number}").shuffle(pack)
        return Deal(deck=tuple(pack))
    return Deal()
