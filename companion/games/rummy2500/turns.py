"""A turn of a brasse played turn by turn (SPEC §4.d): draw the top of the stock, or take from the pige — the chosen
card and every card above it — on condition that the chosen card is laid at once in a trio with a natural pair
from the hand (no frime); an open player may take just the top card freely. Then lay new trios (three naturals,
two naturals and a frime, or three frimes), and, once open, lay off: naturals on any trio of their rank, frimes on
one's own trios, and on another player's trio only if it is a trio of frimes. End with one discard; a player whose
hand is empty goes out and the brasse ends at once (mort subite). A player who must draw from an empty stock ends
the brasse as it stands.

At a real table the hands' unseen cards are ``None``: every draw, pige series, trio and lay-off is still checked,
and a card shown is matched against the unseen ones (never more copies than the packs hold).
"""

from __future__ import annotations

import random

from companion.core.cards import Card, CardList
from companion.core.errors import IllegalMoveError
from companion.core.i18n import Msg, Of
from companion.games.base import Event
from companion.games.rummy2500.ops import DrawStock, LayOff, Meld, TakePige, Throw
from companion.games.rummy2500.state import Rummy2500State, Slot, is_trio, take, trio_rank
from companion.games.rummy2500.words import cards_of, rank_plural

M = Msg
DRAW_FIRST = M("draw first: the stock or the pige", "pigez d'abord : au paquet ou à la pige")
DRAWN = M("already drawn this turn", "déjà pigé ce tour-ci")
PIGE_INDEX = M("no such card in the pige", "cette carte n'est pas dans la pige")
PIGE_PAIR = M("the card taken from the pige needs a natural pair of its rank from the hand",
              "la carte prise à la pige demande une paire naturelle de son rang dans la main")
PIGE_SERIES = M("an unopened player takes only the top of the pige", "un joueur non ouvert ne prend que le dessus de la pige")
TRIO = M("a trio is three naturals, two naturals and a frime, or three frimes",
         "un trio, c'est trois naturelles, deux naturelles et une frime, ou trois frimes")
NOT_OPEN = M("lay a trio first: lay-offs come once open", "posez d'abord un trio : les ajouts viennent une fois ouvert")
NO_GROUP = M("there is no such trio", "ce trio n'existe pas")
WRONG_RANK = M("{card} does not go on {name} trio {rank} ({cards})", "{card} ne va pas sur le trio {rank} {name} ({cards})")
NO_RANK_PIGE = M("the pige holds no {rank} for this pair", "la pige n'a pas de {rank} pour cette paire")
NO_TRIO_FOR = M("no trio on the table takes {card}", "aucun trio sur la table ne prend {card}")
FRIME_OTHER = M("a frime goes on another player's trio only if it is a trio of frimes",
                "une frime ne va sur le trio d'un autre joueur que si c'est un trio de frimes")
NO_FRIME_TRIO = M("a trio of three frimes is not a rule of this match",
                  "un trio de trois frimes n'est pas une règle de cette partie")
FRIME_OPEN = M("three frimes do not open (house rule): open with another trio first",
               "trois frimes n'ouvrent pas (règle maison) : ouvrez d'abord avec un autre trio")
TOO_WILD = M("no more frimes than natural cards on a trio (house rule)",
             "pas plus de frimes que de cartes naturelles sur un trio (règle maison)")
D_STOCK = M("{name} draws from the stock", "{name} pige au paquet")
D_PIGE = M("{name} takes {cards} from the pige", "{name} prend {cards} à la pige")
D_MELD = M("{name} lays {cards}", "{name} pose {cards}")
D_LAYOFF = M("{name} lays {card} off", "{name} ajoute {card}")
D_THROW = M("{name} discards {card}", "{name} jette {card}")
D_RESHUFFLE = M("{name}: the pige is shuffled into a new stock", "{name} : la pige est remêlée en paquet")
D_EMPTY = M("The stock is empty: the brasse ends as it stands", "Le paquet est vide : la brasse finit telle quelle")


class Turns(Rummy2500State):
    """A turn: the draw (``DrawStock``, ``TakePige``), trios and lay-offs (``Meld``, ``LayOff``), the discard
    (``Throw``)."""

    # ------------------------------------------------------------ drawing
    def _verify_draw_stock(self, op: DrawStock) -> None:
        bp = self._bp(op.seat)
        if bp.drawn:
            raise IllegalMoveError(DRAWN)

    def _apply_draw_stock(self, op: DrawStock) -> Event:
        bp = self.live
        notes: list[Msg] = []
        if not bp.stock and self.rules.stock_exhausted == "reshuffle_pige" and len(bp.pige) > 1:
            bp.stock, bp.pige = self._reshuffled(bp.pige[:-1]), bp.pige[-1:]
            bp.reshuffles += 1
            notes.append(D_RESHUFFLE(name=self.names[op.seat]))
        if not bp.stock:
            bp.over = True
            return Event(op, D_EMPTY)
        bp.hands[op.seat].append(bp.stock.pop(0))
        bp.drawn = True
        return Event(op, self._joined([*notes, D_STOCK(name=self.names[op.seat])]))

    def _reshuffled(self, cards: list[Card]) -> list[Slot]:
        bp = self.live
        if bp.table_mode:
            return [None] * len(cards)  # shuffled at the table: their order is unseen
        # Virtual play: a shuffle drawn from the brasse's own key, so a replay of its entries finds the same stock
        # (a brasse saved before the key: from the match's seed).
        rng = random.Random(f"{self.setup.seed}:{len(self.brasses)}:{bp.reshuffles}" if bp.key is None
                            else f"{bp.key}:{bp.reshuffles}")
        out: list[Slot] = list(cards)
        rng.shuffle(out)
        return out

    def _verify_take_pige(self, op: TakePige) -> None:
        bp = self._bp(op.seat)
        rules = self.rules
        if bp.drawn:
            raise IllegalMoveError(DRAWN)
        if type(op.index) is not int or not 0 <= op.index < len(bp.pige):
            raise IllegalMoveError(PIGE_INDEX)
        top = op.index == len(bp.pige) - 1
        if not bp.opened[op.seat] and not top and not rules.unopened_may_take_series:
            raise IllegalMoveError(PIGE_SERIES)
        if top and bp.opened[op.seat] and not op.pair and rules.open_player_free_top_discard:
            return  # an open player takes the top card freely
        chosen = bp.pige[op.index]
        if len(op.pair) != 2 or any(c.rank != chosen.rank or c.rank == bp.frime for c in op.pair):
            raise IllegalMoveError(PIGE_PAIR)
        self._holds(bp, op.seat, op.pair)
        left = len(bp.hands[op.seat]) - 2 + len(bp.pige) - op.index - 1
        self._may_leave(bp, op.seat, left, 3)

    def _apply_take_pige(self, op: TakePige) -> Event:
        bp = self.live
        taken = bp.pige[op.index:]
        del bp.pige[op.index:]
        bp.drawn = True
        if op.pair:
            chosen = taken[0]
            for card in op.pair:
                take(bp, op.seat, card)
            trio = [chosen, *op.pair]
            bp.laid[op.seat].append(trio)
            bp.credit[op.seat] += trio
            bp.opened[op.seat] = True
            taken = taken[1:]
        bp.hands[op.seat] += taken
        bp.shown[op.seat] += taken
        text = D_PIGE(name=self.names[op.seat], cards=cards_of(len(taken) + (1 if op.pair else 0)))
        return self._after_laying(op, op.seat, text)

    # ------------------------------------------------------------ laying down
    def _verify_meld(self, op: Meld) -> None:
        bp = self._bp(op.seat)
        rules = self.rules
        if not bp.drawn:
            raise IllegalMoveError(DRAW_FIRST)
        self._holds(bp, op.seat, op.cards)
        if not is_trio(list(op.cards), bp.frime):
            raise IllegalMoveError(TRIO)
        if all(c.rank == bp.frime for c in op.cards):
            if not rules.frime_trio_allowed:
                raise IllegalMoveError(NO_FRIME_TRIO)
            if not bp.opened[op.seat] and not rules.frime_trio_can_open:
                raise IllegalMoveError(FRIME_OPEN)
        self._may_leave(bp, op.seat, len(bp.hands[op.seat]) - 3, 3)

    def _apply_meld(self, op: Meld) -> Event:
        bp = self.live
        for card in op.cards:
            take(bp, op.seat, card)
        bp.laid[op.seat].append(list(op.cards))
        bp.credit[op.seat] += list(op.cards)
        bp.opened[op.seat] = True
        text = D_MELD(name=self.names[op.seat], cards=CardList(op.cards))
        return self._after_laying(op, op.seat, text)

    def _verify_lay_off(self, op: LayOff) -> None:
        bp = self._bp(op.seat)
        rules = self.rules
        if not bp.drawn:
            raise IllegalMoveError(DRAW_FIRST)
        if not bp.opened[op.seat]:
            raise IllegalMoveError(NOT_OPEN)
        self._holds(bp, op.seat, (op.card,))
        if not (type(op.owner) is int and 0 <= op.owner < len(bp.laid)) or not (
                type(op.group) is int and 0 <= op.group < len(bp.laid[op.owner])):
            raise IllegalMoveError(NO_GROUP)
        group = bp.laid[op.owner][op.group]
        rank = trio_rank(group, bp.frime)
        if op.card.rank == bp.frime:
            frime_trio_laid = any(trio_rank(g, bp.frime) == bp.frime for gs in bp.laid for g in gs)
            anywhere = rules.frime_layoff_anywhere_after_frime_trio and frime_trio_laid
            if op.owner != op.seat and rank != bp.frime and not anywhere:
                raise IllegalMoveError(FRIME_OTHER)
            frimes = sum(c.rank == bp.frime for c in group) + 1
            if rules.wilds_le_naturals and rank != bp.frime and frimes > len(group) + 1 - frimes:
                raise IllegalMoveError(TOO_WILD)
        elif op.card.rank != rank:
            raise IllegalMoveError(WRONG_RANK(card=op.card, rank=rank_plural(rank), cards=CardList(group),
                                              name=Of(self.names[op.owner])))
        self._may_leave(bp, op.seat, len(bp.hands[op.seat]) - 1, 1)

    def _apply_lay_off(self, op: LayOff) -> Event:
        bp = self.live
        take(bp, op.seat, op.card)
        trio = bp.laid[op.owner][op.group]
        if op.owner != op.seat:
            bp.laid_off[(op.owner, op.group, len(trio))] = op.seat
        trio.append(op.card)
        bp.credit[op.seat].append(op.card)
        return self._after_laying(op, op.seat, D_LAYOFF(name=self.names[op.seat], card=op.card))

    def _verify_throw(self, op: Throw) -> None:
        bp = self._bp(op.seat)
        if not bp.drawn:
            raise IllegalMoveError(DRAW_FIRST)
        self._holds(bp, op.seat, (op.card,))
        self._may_leave(bp, op.seat, len(bp.hands[op.seat]) - 1, 0)

    def _apply_throw(self, op: Throw) -> Event:
        bp = self.live
        take(bp, op.seat, op.card)
        bp.pige.append(op.card)
        text = D_THROW(name=self.names[op.seat], card=op.card)
        if bp.hands[op.seat]:
            self._end_turn(op.seat)
            return Event(op, text)
        return self._after_laying(op, op.seat, text)

