"""A 2500 match's state and the reads every part of it shares: the running totals, the dealer, and the brasse
being played turn by turn (``BrassePlay``), with the checks a draw, a trio, a lay-off and a discard all make.

The operations themselves are applied by one mixin per phase, each on this state: the deal (``dealing.py``), the
turns (``turns.py``), the count at the end of a brasse (``counting.py``); what each seat sees and may do is
``seat.py``; ``engine.py`` composes the match.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.core.cards import Card, Rank, pack_2500
from companion.core.errors import IllegalMoveError, InconsistencyError, SetupError
from companion.core.i18n import Joined, Msg, Of
from companion.games import base
from companion.games.base import Event, Operation, Outcome, Standing
from companion.games.rummy2500.ops import CODEC, DealBrasse, DrawStock, LayOff, Meld, TakePige, Throw
from companion.games.rummy2500.rules import Rummy2500Rules
from companion.games.rummy2500.scoring import NO_TWOS

M = Msg
PLAYERS = M("2500 is played by 2 to 10 players", "le 2500 se joue de 2 à 10 joueurs")
WINS = M("{name} wins the match", "{name} gagne la partie")
WINS_TITLE = M("{name} wins the match!", "{name} gagne la partie !")
NOT_YOURS = M("it is {name} turn", "c'est au tour {name}")  # name: Of(...)
NO_BRASSE = M("no brasse is being played", "aucune brasse ne se joue")
BRASSE_OVER = M("the brasse is over", "la brasse est finie")
PLAYING = M("a brasse is being played turn by turn: finish it, or undo its start",
            "une brasse se joue tour par tour : finissez-la, ou annulez son début")
COPIES = M("{card} would be seen {n} times: there are only {packs} packs",
           "{card} serait vue {n} fois : il n'y a que {packs} jeux")
NOT_HELD = M("{card} is not in the hand", "{card} n'est pas dans la main")
KEEP_ONE = M("keep a card: one goes out by a discard (house rule)",
             "gardez une carte : on sort en jetant (règle maison)")
LAID_DEALT = M("to go out, lay at least as many cards as were dealt to you ({n}) (house rule)",
               "pour sortir, posez au moins autant de cartes que vous en avez reçu ({n}) (règle maison)")
D_OUT = M("{name} goes out: the brasse ends", "{name} sort : la brasse est finie")
D_LAST = M("the others play once more", "les autres jouent une dernière fois")
D_OUT_LAST = M("{name} goes out: {then}", "{name} sort : {then}")

SIZE = {Rank.ACE: 14, Rank.KING: 13, Rank.QUEEN: 12, Rank.JACK: 11}

Slot = Card | None  # None: a card nobody has seen (table mode)


@dataclass
class BrassePlay:
    frime: Rank
    stock: list[Slot]
    pige: list[Card]
    hands: list[list[Slot]]
    sizes: list[int]
    laid: list[list[list[Card]]]  # per player: his trios (with the cards laid off on them by anyone)
    credit: list[list[Card]] = field(default_factory=list)  # per player: every card he laid (scored for him)
    opened: list[bool] = field(default_factory=list)
    turn: int = 0
    drawn: bool = False
    over: bool = False
    indicator: Card | None = None  # the dealer's turned card, when it stays on the table out of his hand
    last: int | None = None  # mort douce / until the dealer: the seat whose turn closes the brasse
    reshuffles: int = 0
    key: int | None = None  # virtual play: the deal's key for the reshuffles (``DealBrasse.key``)
    # per player: the cards the table saw go into his hand (his turned card, what he took from the pige), still there
    shown: list[list[Card]] = field(default_factory=list)
    # (owner, trio, place in it) -> the seat that laid that card off on another player's trio (the others: the owner)
    laid_off: dict[tuple[int, int, int], int] = field(default_factory=dict)

    @property
    def table_mode(self) -> bool:
        return any(c is None for c in self.stock) or any(c is None for h in self.hands for c in h)

    def seen(self) -> Counter[Card]:
        """Every card anyone can see: laid, in the pige, set aside, or known in a hand."""
        cards = [c for groups in self.laid for g in groups for c in g] + self.pige
        cards += [c for h in self.hands for c in h if c is not None] + [c for c in self.stock if c is not None]
        return Counter(cards + ([self.indicator] if self.indicator else []))

    def laid_by(self, owner: int, trio: int, place: int) -> int:
        """Who laid the card at ``place`` in ``owner``'s trio ``trio``."""
        return self.laid_off.get((owner, trio, place), owner)


def hand_size(card: Card) -> int:
    return SIZE.get(card.rank, int(card.rank))


def is_trio(cards: list[Card], frime: Rank) -> bool:
    if len(cards) != 3:
        return False
    naturals = [c for c in cards if c.rank != frime]
    return not naturals or (len(naturals) >= 2 and len({c.rank for c in naturals}) == 1)


def trio_rank(group: list[Card], frime: Rank) -> Rank:
    naturals = [c.rank for c in group[:3] if c.rank != frime]
    return naturals[0] if naturals else frime


def take(bp: BrassePlay, seat: int, card: Card) -> None:
    """Remove a card from a hand: the card itself if it is known there, else one unseen card."""
    hand = bp.hands[seat]
    hand.remove(card if card in hand else None)
    if card in bp.shown[seat]:
        bp.shown[seat].remove(card)


class Rummy2500State(base.Match):
    codec = CODEC
    CHOICES = (DrawStock, TakePige, Meld, LayOff, Throw)
    CHANCE = (DealBrasse,)
    rules: Rummy2500Rules

    def __init__(self, setup: base.Setup) -> None:
        super().__init__(setup)
        if not 2 <= self.players <= 10:  # SPEC §4.d: 3 packs hold 10 hands of 14 and the pige (141 ≤ 144)
            raise SetupError(PLAYERS)
        self.packs = 2 if self.players <= 4 else 3
        self.totals = [0] * self.players
        self.brasses: list[list[int]] = []
        self.dealer = setup.first_dealer % self.players
        self.winner: int | None = None
        self.bp: BrassePlay | None = None  # a brasse played turn by turn (virtual mode)

    def pack(self) -> list[Card]:
        return pack_2500(self.packs)

    def standings(self) -> list[Standing]:
        return [Standing(s, self.names[s], self.totals[s]) for s in range(self.players)]

    @property
    def to_act(self) -> int | None:
        if self.winner is not None:
            return None
        return self.bp.turn if self.bp is not None and self.playing() else self.dealer

    def awaiting(self) -> tuple[int, ...]:
        return (self.bp.turn,) if self.winner is None and self.bp is not None and self.playing() else ()

    @property
    def outcome(self) -> Outcome | None:
        return None if self.winner is None else Outcome((self.winner,), WINS(name=self.names[self.winner]))

    def end_title(self) -> Msg:
        return WINS_TITLE(name=self.names[self.winner]) if self.winner is not None else super().end_title()

    def result_lines(self) -> list[Msg]:
        return [M("{name}: {total}", "{name} : {total}")(name=self.names[s], total=self.totals[s])
                for s in range(self.players)]

    def rematch_setup(self) -> base.Setup:
        return base.Setup(self.setup.names, self.setup.rules, (self.dealer + 1) % self.players, self.setup.mode,
                          seats=self.setup.seats)

    # ============================================================ a brasse played turn by turn
    def _bp(self, seat: int | None = None) -> BrassePlay:
        bp = self.bp
        if bp is None:
            raise IllegalMoveError(NO_BRASSE)
        if bp.over:
            raise IllegalMoveError(BRASSE_OVER)
        if seat is not None and seat != bp.turn:
            raise IllegalMoveError(NOT_YOURS(name=Of(self.names[bp.turn])))
        return bp

    @property
    def live(self) -> BrassePlay:
        """The brasse played turn by turn (an operation is applied only once its check found one)."""
        if self.bp is None:
            raise IllegalMoveError(NO_BRASSE)
        return self.bp

    def playing(self) -> bool:
        """A brasse is under way turn by turn."""
        return self.bp is not None and not self.bp.over

    # ------------------------------------------------------------ what every play checks
    def _holds(self, bp: BrassePlay, seat: int, cards: Iterable[Card]) -> None:
        """Every card is in the hand: known there, or one of its unseen cards (no more copies than the packs)."""
        hand = list(bp.hands[seat])
        seen: Counter[Card] | None = None  # counted only for a card not known in the hand (table mode)
        packs = self.packs
        for card in cards:
            if card.rank == Rank.TWO:  # else a 2 laid or thrown turn by turn left a brasse that cannot be counted
                raise IllegalMoveError(NO_TWOS(card=card))
            if card in hand:
                hand.remove(card)
            elif None in hand:
                seen = bp.seen() if seen is None else seen
                seen[card] += 1
                if seen[card] > packs:
                    raise InconsistencyError(COPIES(card=card, n=seen[card], packs=packs))
                hand.remove(None)
            else:
                raise IllegalMoveError(NOT_HELD(card=card))

    def _may_leave(self, bp: BrassePlay, seat: int, left: int, laying: int) -> None:
        """House rules on going out, checked before a play leaves ``left`` cards in the hand."""
        rules = self.rules
        if left == 0 and laying and rules.must_discard_to_go_out:
            raise IllegalMoveError(KEEP_ONE)
        if rules.require_laid_ge_dealt_to_go_out and left <= (1 if laying else 0):
            if len(bp.credit[seat]) + laying < bp.sizes[seat]:
                raise IllegalMoveError(LAID_DEALT(n=bp.sizes[seat]))

    # ------------------------------------------------------------ the end of a turn and of the brasse
    def _after_laying(self, op: Operation, seat: int, text: Msg) -> Event:
        """A hand just emptied goes out: the brasse ends at once (mort subite) or after the others' last turns."""
        bp = self.live
        if bp.hands[seat]:
            return Event(op, text)
        notes = [text, D_OUT(name=self.names[seat])]
        mode, dealer = self.rules.end_mode, self.dealer
        if mode == "mort_subite" or (mode == "until_dealer" and seat == dealer):
            bp.over = True
        elif bp.last is None:
            bp.last = (seat - 1) % len(bp.hands) if mode == "mort_douce" else dealer
            notes[-1] = D_OUT_LAST(name=self.names[seat], then=D_LAST)
        if not bp.over:
            self._end_turn(seat)
        return Event(op, self._joined(notes))

    def _end_turn(self, seat: int) -> None:
        bp = self.live
        if bp.last == seat:
            bp.over = True
            return
        players = len(bp.hands)
        nxt = (seat + 1) % players
        while not bp.hands[nxt] and nxt != seat:  # those who went out play no more
            if bp.last == nxt:
                bp.over = True
                return
            nxt = (nxt + 1) % players
        bp.turn, bp.drawn = nxt, False

    @staticmethod
    def _joined(parts: list[Msg]) -> Msg:
        return M("{a}", "{a}")(a=Joined(tuple(parts), " — "))
