"""A 2500 brasse played turn by turn, with the cards known (virtual mode; SPEC §4.d defaults).

The deal: for each player from the dealer's left, then the dealer, a card is turned; its rank sets that
player's hand size (A 14, K 13, Q 12, J 11, 10 … 3) and it stays in his hand; the dealer's card sets the frime.
Then the top card of the stock starts the pige (the discard pile, kept spread).

A turn: draw the top of the stock, or take from the pige — the chosen card and every card above it — on
condition that the chosen card is laid at once in a trio with a natural pair from the hand (no frime); an open
player may take just the top card freely. Then lay new trios (three naturals, two naturals and a frime, or three
frimes), and, once open, lay off: naturals on any trio of their rank, frimes on one's own trios, and on another
player's trio only if it is a trio of frimes. End with one discard; a player whose hand is empty goes out and the
brasse ends at once (mort subite). A player who must draw from an empty stock ends the brasse as it stands.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import ClassVar

from companion.cards import Card, Rank
from companion.errors import IllegalMoveError
from companion.games.base import Event, Operation
from companion.i18n import Msg

M = Msg


@dataclass(frozen=True)
class DealBrasse(Operation):
    """Virtual mode: the brasse's shuffled pack."""

    name: ClassVar[str] = "deal_brasse"
    deck: tuple[Card, ...]


@dataclass(frozen=True)
class DrawStock(Operation):
    name: ClassVar[str] = "draw_stock"
    seat: int


@dataclass(frozen=True)
class TakePige(Operation):
    """Take the pige from ``index`` (0 is the oldest card) to the top; ``pair`` makes a trio with the chosen card."""

    name: ClassVar[str] = "take_pige"
    seat: int
    index: int
    pair: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Meld(Operation):
    """A new trio from the hand."""

    name: ClassVar[str] = "meld"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class LayOff(Operation):
    """Lay one card off on trio ``group`` of player ``owner``."""

    name: ClassVar[str] = "lay_off"
    seat: int
    card: Card
    owner: int
    group: int


@dataclass(frozen=True)
class Throw(Operation):
    """The discard that ends a turn."""

    name: ClassVar[str] = "throw"
    seat: int
    card: Card


PLAY_OPS = (DealBrasse, DrawStock, TakePige, Meld, LayOff, Throw)
SIZE = {Rank.ACE: 14, Rank.KING: 13, Rank.QUEEN: 12, Rank.JACK: 11}

NOT_YOURS = M("it is {name}'s turn", "c'est au tour de {name}")
NO_BRASSE = M("no brasse is being played", "aucune brasse ne se joue")
DRAW_FIRST = M("draw first: the stock or the pige", "prenez d'abord : le talon ou la pige")
DRAWN = M("already drawn this turn", "déjà pioché ce tour-ci")
NOT_HELD = M("{card} is not in the hand", "{card} n'est pas dans la main")
PIGE_INDEX = M("no such card in the pige", "cette carte n'est pas dans la pige")
PIGE_PAIR = M("the card taken from the pige needs a natural pair of its rank from the hand",
              "la carte prise à la pige demande une paire naturelle de son rang dans la main")
PIGE_SERIES = M("an unopened player takes only the top of the pige", "un joueur non ouvert ne prend que le dessus de la pige")
TRIO = M("a trio is three naturals, two naturals and a frime, or three frimes",
         "un trio, c'est trois naturelles, deux naturelles et une frime, ou trois frimes")
NOT_OPEN = M("lay a trio first: lay-offs come once open", "posez d'abord un trio : les ajouts viennent une fois ouvert")
NO_GROUP = M("there is no such trio", "ce trio n'existe pas")
WRONG_RANK = M("{card} does not go on a trio of {rank}s", "{card} ne va pas sur un trio de {rank}")
FRIME_OTHER = M("a frime goes on another player's trio only if it is a trio of frimes",
                "une frime ne va sur le trio d'un autre joueur que si c'est un trio de frimes")
OVER = M("the brasse is over", "la brasse est finie")

D_DEAL = M("Brasse dealt: the frime is {rank}; hands {sizes}", "Brasse donnée : la frime est {rank} ; mains {sizes}")
D_STOCK = M("{name} draws from the stock", "{name} pioche au talon")
D_PIGE = M("{name} takes {n} card(s) from the pige", "{name} prend {n} carte(s) à la pige")
D_MELD = M("{name} lays {cards}", "{name} pose {cards}")
D_LAYOFF = M("{name} lays {card} off", "{name} ajoute {card}")
D_THROW = M("{name} discards {card}", "{name} jette {card}")
D_OUT = M("{name} goes out: the brasse ends", "{name} sort : la brasse est finie")
D_EMPTY = M("The stock is empty: the brasse ends as it stands", "Le talon est vide : la brasse finit telle quelle")


@dataclass
class BrassePlay:
    frime: Rank
    stock: list[Card]
    pige: list[Card]
    hands: list[list[Card]]
    sizes: list[int]
    laid: list[list[list[Card]]]  # per player: his trios (with the cards laid off on them by anyone)
    credit: list[list[Card]] = field(default_factory=list)  # per player: every card he laid (scored for him)
    opened: list[bool] = field(default_factory=list)
    turn: int = 0
    drawn: bool = False
    over: bool = False


def hand_size(card: Card) -> int:
    return SIZE.get(card.rank, int(card.rank))


def is_trio(cards: list[Card], frime: Rank) -> bool:
    if len(cards) != 3:
        return False
    naturals = [c for c in cards if c.rank != frime]
    return not naturals or (len(naturals) >= 2 and len({c.rank for c in naturals}) == 1)


def trio_rank(group: list[Card], frime: Rank) -> Rank:
    naturals = [c.rank for c in group if c.rank != frime]
    return naturals[0] if naturals else frime


class BrassePlayMixin:
    """Turn-by-turn play of a brasse, mixed into the 2500 match."""

    bp: BrassePlay | None

    def _bp(self, seat: int | None = None) -> BrassePlay:
        bp = self.bp
        if bp is None:
            raise IllegalMoveError(NO_BRASSE)
        if bp.over:
            raise IllegalMoveError(OVER)
        if seat is not None and seat != bp.turn:
            raise IllegalMoveError(NOT_YOURS(name=self.names[bp.turn]))  # type: ignore[attr-defined]
        return bp

    # ------------------------------------------------------------ the deal
    def _verify_deal_brasse(self, op: DealBrasse) -> None:
        if self.winner is not None or (self.bp is not None and not self.bp.over):  # type: ignore[attr-defined]
            raise IllegalMoveError(OVER)
        if Counter(op.deck) != Counter(self.pack()):  # type: ignore[attr-defined]
            raise IllegalMoveError(NO_BRASSE)

    def _apply_deal_brasse(self, op: DealBrasse) -> Event:
        players = self.players  # type: ignore[attr-defined]
        dealer = self.dealer  # type: ignore[attr-defined]
        order = [(dealer + 1 + i) % players for i in range(players)]  # the dealer last
        stock = list(op.deck)
        hands: list[list[Card]] = [[] for _ in range(players)]
        sizes = [0] * players
        for seat in order:
            turned = stock.pop(0)
            hands[seat].append(turned)
            sizes[seat] = hand_size(turned)
        frime = hands[dealer][0].rank
        for seat in order:
            while len(hands[seat]) < sizes[seat]:
                hands[seat].append(stock.pop(0))
        pige = [stock.pop(0)]
        self.bp = BrassePlay(frime, stock, pige, hands, sizes, [[] for _ in range(players)],
                             [[] for _ in range(players)], [False] * players, order[0])
        from companion.cards import rank_text

        rank = Msg(rank_text(frime, "en"), rank_text(frime, "fr"))
        return Event(op, D_DEAL(rank=rank, sizes="–".join(map(str, sizes))))

    # ------------------------------------------------------------ drawing
    def _verify_draw_stock(self, op: DrawStock) -> None:
        bp = self._bp(op.seat)
        if bp.drawn:
            raise IllegalMoveError(DRAWN)

    def _apply_draw_stock(self, op: DrawStock) -> Event:
        bp = self.bp
        if not bp.stock:
            bp.over = True
            return Event(op, D_EMPTY)
        bp.hands[op.seat].append(bp.stock.pop(0))
        bp.drawn = True
        return Event(op, D_STOCK(name=self.names[op.seat]))  # type: ignore[attr-defined]

    def _verify_take_pige(self, op: TakePige) -> None:
        bp = self._bp(op.seat)
        if bp.drawn:
            raise IllegalMoveError(DRAWN)
        if type(op.index) is not int or not 0 <= op.index < len(bp.pige):
            raise IllegalMoveError(PIGE_INDEX)
        top = op.index == len(bp.pige) - 1
        if not bp.opened[op.seat] and not top:
            raise IllegalMoveError(PIGE_SERIES)
        if top and bp.opened[op.seat] and not op.pair:
            return  # an open player takes the top card freely
        chosen = bp.pige[op.index]
        hand = list(bp.hands[op.seat])
        if len(op.pair) != 2 or any(c.rank != chosen.rank or c.rank == bp.frime for c in op.pair):
            raise IllegalMoveError(PIGE_PAIR)
        for card in op.pair:
            if card not in hand:
                raise IllegalMoveError(NOT_HELD(card=card))
            hand.remove(card)

    def _apply_take_pige(self, op: TakePige) -> Event:
        bp = self.bp
        taken = bp.pige[op.index:]
        del bp.pige[op.index:]
        bp.drawn = True
        if op.pair:
            chosen = taken[0]
            for card in op.pair:
                bp.hands[op.seat].remove(card)
            trio = [chosen, *op.pair]
            bp.laid[op.seat].append(trio)
            bp.credit[op.seat] += trio
            bp.opened[op.seat] = True
            taken = taken[1:]
        bp.hands[op.seat] += taken
        return Event(op, D_PIGE(name=self.names[op.seat], n=len(taken) + (1 if op.pair else 0)))  # type: ignore[attr-defined]

    # ------------------------------------------------------------ laying down
    def _holds(self, bp: BrassePlay, seat: int, cards) -> None:
        hand = list(bp.hands[seat])
        for card in cards:
            if card not in hand:
                raise IllegalMoveError(NOT_HELD(card=card))
            hand.remove(card)

    def _verify_meld(self, op: Meld) -> None:
        bp = self._bp(op.seat)
        if not bp.drawn:
            raise IllegalMoveError(DRAW_FIRST)
        self._holds(bp, op.seat, op.cards)
        if not is_trio(list(op.cards), bp.frime):
            raise IllegalMoveError(TRIO)

    def _apply_meld(self, op: Meld) -> Event:
        bp = self.bp
        for card in op.cards:
            bp.hands[op.seat].remove(card)
        bp.laid[op.seat].append(list(op.cards))
        bp.credit[op.seat] += list(op.cards)
        bp.opened[op.seat] = True
        text = D_MELD(name=self.names[op.seat], cards=" ".join(c.symbol for c in op.cards))  # type: ignore[attr-defined]
        return self._maybe_out(op, op.seat, text)

    def _verify_lay_off(self, op: LayOff) -> None:
        bp = self._bp(op.seat)
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
            if op.owner != op.seat and rank != bp.frime:
                raise IllegalMoveError(FRIME_OTHER)
        elif op.card.rank != rank:
            raise IllegalMoveError(WRONG_RANK(card=op.card, rank=int(rank)))

    def _apply_lay_off(self, op: LayOff) -> Event:
        bp = self.bp
        bp.hands[op.seat].remove(op.card)
        bp.laid[op.owner][op.group].append(op.card)
        bp.credit[op.seat].append(op.card)
        return self._maybe_out(op, op.seat, D_LAYOFF(name=self.names[op.seat], card=op.card))  # type: ignore[attr-defined]

    def _verify_throw(self, op: Throw) -> None:
        bp = self._bp(op.seat)
        if not bp.drawn:
            raise IllegalMoveError(DRAW_FIRST)
        self._holds(bp, op.seat, (op.card,))

    def _apply_throw(self, op: Throw) -> Event:
        bp = self.bp
        bp.hands[op.seat].remove(op.card)
        bp.pige.append(op.card)
        text = D_THROW(name=self.names[op.seat], card=op.card)  # type: ignore[attr-defined]
        event = self._maybe_out(op, op.seat, text)
        if not bp.over:
            bp.turn = (bp.turn + 1) % len(bp.hands)
            bp.drawn = False
        return event

    def _maybe_out(self, op: Operation, seat: int, text: Msg) -> Event:
        """Mort subite: the brasse ends the moment a hand is empty."""
        bp = self.bp
        if not bp.hands[seat]:
            bp.over = True
            text = M("{a} — {b}", "{a} — {b}")(a=text, b=D_OUT(name=self.names[seat]))  # type: ignore[attr-defined]
        return Event(op, text)

    def brasse_entry(self):
        """The end-of-brasse entry (the frime, laid groups, lay-offs, hands) of a brasse played out."""
        from companion.games.rummy2500.engine import Brasse

        bp = self.bp
        laid, layoffs = [], []
        for seat in range(len(bp.hands)):
            own = [tuple(g[:3]) for g in bp.laid[seat]]  # his trios as laid (lay-offs are credited to who laid them)
            counted = Counter(c for g in own for c in g)
            extra = list((Counter(bp.credit[seat]) - counted).elements())
            laid.append(tuple(own))
            layoffs.append(tuple((c,) for c in extra))
        return Brasse(int(bp.frime), tuple(laid), tuple(layoffs), tuple(tuple(h) for h in bp.hands))
