"""Turn-by-turn entry of a Trente-et-un deal (optional: a table may enter only its showdowns).

In table mode the hands are hidden, so the engine checks what the table can see: the order of turns, the
public cards (the discard pile; the banker game's three face-up cards), a card taken from the discard pile
not thrown straight back, the knock or « Je tiens » and the one last turn of every other player, a 31 that
ends the deal at once, the banker game's « all pass » guard. At the showdown that follows, the hands shown
must hold the public cards their players took, and none of the cards still public.

Draw and knock (SPEC §2.d): ``Start(cards=(upcard,))``; each turn ``Draw`` then ``Discard``, or ``Knock``;
``Claim31`` ends the deal. With a banker (§3.d): ``Start(cards=(3 face-up))``; the dealer's ``BlindSwap``; each
turn an ``Exchange`` of all three, one, or none, with ``hold`` for « Je tiens »; ``Refresh`` replaces the face-up
cards after a circuit where everyone passed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from companion.core.cards import Card, CardList
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.core.i18n import Msg, Of
from companion.games.base import Event, Operation
from companion.games.trente_et_un.values import hand_value
from companion.games.trente_et_un.words import (  # noqa: F401 (the table's words)
    D_31,
    D_BLIND,
    D_DEAL,
    D_DEALT_31,
    D_DISCARD,
    D_DRAW_PILE,
    D_DRAW_STOCK,
    D_HOLD,
    D_KEEP,
    D_KNOCK,
    D_NO_REFRESH,
    D_PASS,
    D_REFRESH,
    D_RESHUFFLE,
    D_START,
    D_STOP,
    D_SWAP,
    D_VOID,
)

M = Msg


@dataclass(frozen=True)
class Start(Operation):
    """A deal played turn by turn: the upcard starting the discard pile, or the banker's three face-up cards."""

    name: ClassVar[str] = "start"
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Draw(Operation):
    """Draw and knock: take the top of the stock (``card`` None, unseen) or of the discard pile."""

    name: ClassVar[str] = "draw"
    seat: int
    card: Card | None = None


@dataclass(frozen=True)
class Discard(Operation):
    name: ClassVar[str] = "discard"
    seat: int
    card: Card


@dataclass(frozen=True)
class Knock(Operation):
    """Draw and knock: instead of drawing; every other player has one more turn."""

    name: ClassVar[str] = "knock"
    seat: int


@dataclass(frozen=True)
class Claim31(Operation):
    """A 31 (or a tierce majeure) shown: the deal ends at once, straight to the showdown."""

    name: ClassVar[str] = "claim_31"
    seat: int


@dataclass(frozen=True)
class BlindSwap(Operation):
    """With a banker: the dealer, before looking, takes the three face-up cards (his own go face up)."""

    name: ClassVar[str] = "blind_swap"
    take: bool
    cards: tuple[Card, ...] = ()  # when he takes them: his own three, now face up in their place


@dataclass(frozen=True)
class Exchange(Operation):
    """With a banker: give cards to the face-up set and take as many: all three, one, or none (a pass).
    In table mode the cards given were hidden: they are entered as they go face up. ``hold``: « Je tiens »."""

    name: ClassVar[str] = "exchange"
    seat: int
    give: tuple[Card, ...] = ()
    take: tuple[Card, ...] = ()
    hold: bool = False


@dataclass(frozen=True)
class Refresh(Operation):
    """With a banker, after a full circuit of passes: the face-up cards are replaced from the stock."""

    name: ClassVar[str] = "refresh"
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class DealPack(Operation):
    """Virtual play: the app's shuffled pack. The engine deals it as the table would (three cards each, one at a
    time from the dealer's neighbour, then the upcard or the three face-up cards) and knows every hand."""

    name: ClassVar[str] = "deal_pack"
    pack: tuple[Card, ...]


TURN_OPS = (DealPack, Start, Draw, Discard, Knock, Claim31, BlindSwap, Exchange, Refresh)

NOT_DURING = M("not during a deal played turn by turn: {why}", "pas pendant une donne jouée tour par tour : {why}")
NOT_PLAYING = M("no deal is being played turn by turn", "aucune donne n'est jouée tour par tour")
TURN = M("it is {name} turn", "c'est au tour {name}")  # name: Of(...)
START_CARDS = M("a deal starts with {n} card(s) turned up", "une donne commence avec {n} carte(s) retournée(s)")
DRAW_FIRST = M("draw a card first (or knock)", "prenez d'abord une carte (ou cognez)")
DRAWN = M("{name} has already drawn: now a discard", "{name} a déjà pris : maintenant la défausse")
NOT_TOP = M("{card} is not the top of the discard pile ({top})", "{card} n'est pas le dessus de la défausse ({top})")
EMPTY_PILE = M("the discard pile is empty", "la défausse est vide")
NO_REDISCARD = M("{card} was just taken from the discard pile: it cannot go straight back",
                 "{card} vient d'être pris à la défausse : il ne peut pas y retourner aussitôt")
PUBLIC = M("{card} is face up: it cannot be in a hand", "{card} est visible : il ne peut pas être dans une main")
KNOCK_AFTER_DRAW = M("a player knocks instead of drawing", "on cogne au lieu de prendre une carte")
ALREADY_KNOCKED = M("{name} has already knocked", "{name} a déjà cogné")
FIRST_TURN = M("no knock on the first turn (house rule)", "pas de cogne au premier tour (règle maison)")
SWAP_SIZE = M("swap all three cards, one, or none — not {n}", "échangez les trois cartes, une seule, ou aucune — pas {n}")
NOT_FACE_UP = M("{card} is not among the face-up cards", "{card} n'est pas parmi les cartes visibles")
HOLD_ONLY = M("« Je tiens » only after swapping all three or none", "« Je tiens » seulement après avoir tout échangé ou rien")
HELD = M("« Je tiens » was already said this deal", "« Je tiens » a déjà été dit dans cette donne")
BLIND_FIRST = M("the dealer's blind swap comes first", "l'échange à l'aveugle du donneur vient d'abord")
NO_REFRESH = M("the face-up cards are replaced only after a circuit where everyone passed",
               "les cartes visibles ne sont remplacées qu'après un tour où tout le monde a passé")
SHOWN_MISSING = M("{name} took {card}: it must be in the hand shown",
                  "{name} a pris {card} : elle doit être dans la main montrée")
NEED_SHOWDOWN = M("the deal is over: enter the hands", "la donne est finie : entrez les mains")

NO_REFRESH_RULE = M("new face-up cards are not a rule of this match",
                    "de nouvelles cartes visibles ne sont pas une règle de ce match")
WIDOW_WHOLE = M("the whole hand is exchanged only while nobody has taken from the widow",
                "on n'échange toute la main que tant que personne n'a pris dans la main du mort")
VIRTUAL_ONLY = M("in a virtual game the app deals", "dans une partie virtuelle, l'app donne")
TABLE_ONLY = M("the app deals only in a virtual game", "l'app ne donne que dans une partie virtuelle")
WHOLE_PACK = M("a virtual deal starts from the whole pack, shuffled", "une donne virtuelle part du jeu entier, mélangé")
NOT_HELD = M("{card} is not in {name} hand", "{card} n'est pas dans la main {name}")  # name: Of(...)
NOT_31 = M("{name} does not hold 31", "{name} n'a pas 31")
NOT_A_PLAYER = M("seat {seat} is not a player of this deal", "la place {seat} n'est pas un joueur de cette donne")
DISCARD_FIRST = M("discard first: a 31 is shown at the end of one's turn",
                  "défaussez d'abord : on montre 31 à la fin de son tour")
CLAIM_SHOWN = M("{name} showed 31, but the hand entered for {name} makes {said}",
                "{name} a montré 31, mais la main entrée pour {name} fait {said}")
TURNED_31 = M("the three cards turned make 31: the dealer takes them and the deal ends",
              "les trois cartes retournées font 31 : le donneur les prend et la donne s'arrête")
NOT_STOCK = M("the new face-up cards come from the stock", "les nouvelles cartes visibles viennent du talon")
NOT_SHOWN = M("{name} hand is {cards}", "la main {name} est {cards}")  # name: Of(...)


@dataclass
class DealPlay:
    """A deal being played turn by turn."""

    public: list[Card]  # knock: the discard pile (top last); banker: the three face-up cards
    turn: int
    order: list[int]  # seats in turn order, from the first to play
    drawn: Card | None = None  # knock: the card taken from the pile this turn
    has_drawn: bool = False
    knocker: int | None = None  # or who said « Je tiens »
    last_turns: list[int] = field(default_factory=list)  # who still plays once after a knock
    passes: int = 0  # banker: turns in a row with no exchange and no « Je tiens »
    taken: dict[int, list[Card]] = field(default_factory=dict)  # public cards each player took and kept
    turns: int = 0
    blind_done: bool = False
    ended: bool = False
    widow_taken: bool = False  # widow: someone has exchanged with the face-up cards
    limit: int | None = None  # widow after a blind swap: one circuit of single-card exchanges
    stock: int = 0  # knock: cards left in the stock
    void: bool = False  # the stock ran out and the deal is void (house rule)
    hands: list[list[Card]] | None = None  # virtual: every hand, known to the engine
    stock_cards: list[Card] | None = None  # virtual: the stock, top first
    dealt_31: bool = False  # banker game: a 31 served (or the dealer's turned cards) ended the deal at once
    claimer: int | None = None  # who showed 31 (or a tierce majeure): his hand shown must make it


class TurnPlay:
    """Turn-by-turn play, mixed into the Trente-et-un match (which provides players, banker, names…)."""

    play: DealPlay | None

    # ------------------------------------------------------------ helpers
    @property
    def _exchanges(self) -> bool:
        """Three face-up cards to exchange with: the banker game, or the knock game's widow variant."""
        return self.banker or self.rules.mode == "widow"  # type: ignore[attr-defined]

    def _order_from_dealer(self) -> list[int]:
        step = -1 if self.to_the_right else 1  # type: ignore[attr-defined]
        seats = [(self.dealer + step * (i + 1)) % self.players for i in range(self.players)]  # type: ignore[attr-defined]
        return [s for s in seats if not self.out[s]]  # type: ignore[attr-defined]

    def _playing(self, seat: int | None = None) -> DealPlay:
        play = self.play
        if play is None or play.ended:
            raise IllegalMoveError(NEED_SHOWDOWN if play is not None else NOT_PLAYING)
        if seat is not None and seat != play.turn:
            raise IllegalMoveError(TURN(name=Of(self.names[play.turn])))  # type: ignore[attr-defined]
        return play

    def _next_turn(self, play: DealPlay) -> None:
        play.turns += 1
        play.has_drawn, play.drawn = False, None
        if play.limit is not None and play.turns >= play.limit:
            play.ended = True  # widow after a blind swap: the one circuit is over
            return
        if play.knocker is not None:
            if play.turn in play.last_turns:
                play.last_turns.remove(play.turn)
            if not play.last_turns:
                play.ended = True  # back to the knocker: showdown
                return
        index = play.order.index(play.turn)
        play.turn = play.order[(index + 1) % len(play.order)]

    def _name(self, seat: int) -> str:
        return self.names[seat]  # type: ignore[attr-defined]

    # ------------------------------------------------------------ start
    def _verify_start(self, op: Start) -> None:
        if self.winner is not None or (self.play is not None and not self.play.ended):  # type: ignore[attr-defined]
            raise IllegalMoveError(NOT_DURING(why=NOT_PLAYING))
        if self.setup.mode == "virtual":  # type: ignore[attr-defined]
            raise IllegalMoveError(VIRTUAL_ONLY)
        n = 3 if self._exchanges else 1
        if len(op.cards) != n or len(set(op.cards)) != n:
            raise IllegalMoveError(START_CARDS(n=n))
        if self.banker and self.rules.deck == 32:  # type: ignore[attr-defined]
            from companion.games.trente_et_un.values import OUTSIDE, PIQUET

            for card in op.cards:
                if card not in PIQUET:
                    raise IllegalMoveError(OUTSIDE(card=card))

    def _apply_start(self, op: Start) -> Event:
        self._pass_void()
        play = self._begin(list(op.cards))
        text = D_START(cards=CardList(op.cards))
        if self.banker and hand_value(op.cards, self.rules.values()).value >= 31:  # type: ignore[attr-defined]
            # French text 002: the dealer's three turned cards making 31 are his, and he wins as one dealt 31.
            play.taken[self.dealer] = list(op.cards)  # type: ignore[attr-defined]
            play.public = []  # his own three would go face up: the table did not enter them
            play.ended = play.dealt_31 = True
            text = M("{a}{b}", "{a}{b}")(a=text, b=D_DEALT_31(name=self._name(self.dealer)))  # type: ignore[attr-defined]
        return Event(op, text)

    def _pass_void(self) -> None:
        if self.play is not None and self.play.void:  # a void deal passes the deal on like any other
            self.dealer = self._next_dealer(self.dealer)  # type: ignore[attr-defined, has-type]
            self.play = None

    def _begin(self, public: list[Card]) -> DealPlay:
        order = self._order_from_dealer()
        self.play = DealPlay(public, order[0], order, blind_done=not self._exchanges)
        self.play.stock = len(self.deck()) - 3 * len(order) - len(public)  # type: ignore[attr-defined]
        if self._exchanges:
            self.play.turn = self.dealer  # type: ignore[attr-defined]
        return self.play

    # ------------------------------------------------------------ a virtual deal
    def _verify_deal_pack(self, op: DealPack) -> None:
        if self.winner is not None or (self.play is not None and not self.play.ended):  # type: ignore[attr-defined]
            raise IllegalMoveError(NOT_DURING(why=NOT_PLAYING))
        if self.setup.mode != "virtual":  # type: ignore[attr-defined]
            raise IllegalMoveError(TABLE_ONLY)
        if sorted(op.pack) != sorted(self.deck()) or len(set(op.pack)) != len(op.pack):  # type: ignore[attr-defined]
            raise IllegalMoveError(WHOLE_PACK)

    def _apply_deal_pack(self, op: DealPack) -> Event:
        pack = list(op.pack)
        self._pass_void()
        order = self._order_from_dealer()
        hands: list[list[Card]] = [[] for _ in range(self.players)]  # type: ignore[attr-defined]
        for _ in range(3):
            for seat in order:
                hands[seat].append(pack.pop(0))
        public = [pack.pop(0) for _ in range(3 if self._exchanges else 1)]
        play = self._begin(public)
        play.hands, play.stock_cards, play.stock = hands, pack, len(pack)
        text = M("{a} · {b}", "{a} · {b}")(a=D_DEAL(name=self._name(self.dealer)),  # type: ignore[attr-defined]
                                           b=D_START(cards=CardList(public)))
        if self.banker:  # type: ignore[attr-defined]
            holder = self._dealt_31(play)
            if holder is not None:
                play.ended = play.dealt_31 = True
                text = M("{a}{b}", "{a}{b}")(a=text, b=D_DEALT_31(name=self._name(holder)))
        return Event(op, text)

    def _dealt_31(self, play: DealPlay) -> int | None:
        """Banker game: a player dealt 31; the dealer's turned cards making 31 are his (he takes them)."""
        values = self.rules.values()  # type: ignore[attr-defined]
        if hand_value(play.public, values).value >= 31:
            dealer = self.dealer  # type: ignore[attr-defined]
            play.hands[dealer], play.public = list(play.public), play.hands[dealer]  # type: ignore[index]
            return dealer
        return next((s for s in play.order if hand_value(play.hands[s], values).value >= 31), None)  # type: ignore[index]

    def _held(self, play: DealPlay, seat: int, cards) -> None:
        if play.hands is None:
            return
        for card in cards:
            if card not in play.hands[seat]:
                raise IllegalMoveError(NOT_HELD(card=card, name=Of(self._name(seat))))

    def hand_of(self, seat: int) -> list[Card] | None:
        """Virtual: the cards ``seat`` holds in the deal being played."""
        play = self.play
        return list(play.hands[seat]) if play is not None and play.hands is not None else None

    # ------------------------------------------------------------ draw and knock
    def _verify_draw(self, op: Draw) -> None:
        play = self._playing(op.seat)
        if self._exchanges:
            raise IllegalMoveError(NOT_DURING(why=D_DRAW_STOCK(name=self._name(op.seat))))
        if play.has_drawn:
            raise IllegalMoveError(DRAWN(name=self._name(op.seat)))
        if op.card is not None:
            if not play.public:
                raise IllegalMoveError(EMPTY_PILE)
            if op.card != play.public[-1]:
                raise IllegalMoveError(NOT_TOP(card=op.card, top=play.public[-1]))

    def _apply_draw(self, op: Draw) -> Event:
        play = self.play
        play.has_drawn = True
        if op.card is None:
            text = D_DRAW_STOCK(name=self._name(op.seat))
            if play.stock <= 0:
                if self.rules.stock_exhausted == "void_deal":  # type: ignore[attr-defined]
                    play.ended = play.void = True
                    return Event(op, D_VOID)
                play.stock = len(play.public) - 1  # the discards but the top make a new stock
                if play.stock_cards is not None:
                    import random

                    play.stock_cards = play.public[:-1]
                    random.Random(f"{self.setup.seed}:{self.showdowns}:{play.turns}").shuffle(  # type: ignore[attr-defined]
                        play.stock_cards)
                play.public = play.public[-1:]
                text = M("{a}{b}", "{a}{b}")(a=D_RESHUFFLE, b=text)
            play.stock -= 1
            if play.stock_cards is not None and play.hands is not None:
                play.hands[op.seat].append(play.stock_cards.pop(0))
            return Event(op, text)
        play.public.pop()
        if play.hands is not None:
            play.hands[op.seat].append(op.card)
        play.drawn = op.card
        play.taken.setdefault(op.seat, []).append(op.card)
        return Event(op, D_DRAW_PILE(name=self._name(op.seat), card=op.card))

    def _verify_discard(self, op: Discard) -> None:
        play = self._playing(op.seat)
        if not play.has_drawn:
            raise IllegalMoveError(DRAW_FIRST)
        if op.card == play.drawn:
            raise IllegalMoveError(NO_REDISCARD(card=op.card))
        if op.card in play.public:
            raise InconsistencyError(PUBLIC(card=op.card))
        self._held(play, op.seat, [op.card])

    def _apply_discard(self, op: Discard) -> Event:
        play = self.play
        play.public.append(op.card)
        if play.hands is not None:
            play.hands[op.seat].remove(op.card)
        kept = play.taken.get(op.seat, [])
        if op.card in kept:
            kept.remove(op.card)
        self._next_turn(play)
        return Event(op, D_DISCARD(name=self._name(op.seat), card=op.card))

    def _verify_knock(self, op: Knock) -> None:
        play = self._playing(op.seat)
        if self._exchanges:
            raise IllegalMoveError(NOT_DURING(why=D_KNOCK(name=self._name(op.seat))))
        if play.has_drawn:
            raise IllegalMoveError(KNOCK_AFTER_DRAW)
        if play.knocker is not None:
            raise IllegalMoveError(ALREADY_KNOCKED(name=self._name(play.knocker)))
        if not self.rules.allow_first_turn_knock and play.turns < len(play.order):  # type: ignore[attr-defined]
            raise IllegalMoveError(FIRST_TURN)

    def _apply_knock(self, op: Knock) -> Event:
        play = self.play
        play.knocker = op.seat
        play.last_turns = [s for s in play.order if s != op.seat]
        self._next_turn(play)
        return Event(op, D_KNOCK(name=self._name(op.seat)))

    def _verify_claim_31(self, op: Claim31) -> None:
        play = self._playing()
        if type(op.seat) is not int or op.seat not in play.order:
            raise IllegalMoveError(NOT_A_PLAYER(seat=str(op.seat)[:6]))
        if play.has_drawn and op.seat == play.turn:
            raise IllegalMoveError(DISCARD_FIRST)  # a 31 is shown at the end of one's turn, after the discard
        if play.hands is not None:
            if hand_value(play.hands[op.seat], self.rules.values()).value < 31:  # type: ignore[attr-defined]
                raise IllegalMoveError(NOT_31(name=self._name(op.seat)))

    def _apply_claim_31(self, op: Claim31) -> Event:
        self.play.ended = True
        self.play.claimer = op.seat
        return Event(op, D_31(name=self._name(op.seat)))

    def last_to_play(self) -> int | None:
        """The player who has just finished a turn (who may show 31 now), or None before the first turn."""
        play = self.play
        if play is None or play.turns == 0:
            return None
        index = play.order.index(play.turn) if play.turn in play.order else 0
        return play.order[index - 1]

    # ------------------------------------------------------------ with a banker
    def _verify_blind_swap(self, op: BlindSwap) -> None:
        play = self._playing()
        if not self._exchanges or play.blind_done:
            raise IllegalMoveError(NOT_DURING(why=BLIND_FIRST))
        if op.take and (len(op.cards) != 3 or len(set(op.cards)) != 3):
            raise IllegalMoveError(START_CARDS(n=3))
        if not op.take and op.cards:
            raise IllegalMoveError(START_CARDS(n=0))
        for card in op.cards:
            if card in play.public:
                raise InconsistencyError(PUBLIC(card=card))
        if play.hands is not None and op.take and sorted(op.cards) != sorted(play.hands[self.dealer]):  # type: ignore[attr-defined]
            raise IllegalMoveError(NOT_HELD(card=CardList(op.cards), name=Of(self._name(self.dealer))))  # type: ignore[attr-defined]

    def _apply_blind_swap(self, op: BlindSwap) -> Event:
        play = self.play
        play.blind_done = True
        if op.take:
            play.taken[self.dealer] = list(play.public)  # type: ignore[attr-defined]
            if play.hands is not None:
                play.hands[self.dealer] = list(play.public)  # type: ignore[attr-defined]
            play.public = list(op.cards)  # his own hand goes face up in their place
            if not self.banker:  # type: ignore[attr-defined]
                play.widow_taken = True
                play.limit = len(play.order)  # widow: one circuit of single-card exchanges, then the showdown
        play.turn = play.order[0]
        text = D_BLIND if op.take else D_KEEP
        return Event(op, text(name=self._name(self.dealer)))  # type: ignore[attr-defined]

    def _verify_exchange(self, op: Exchange) -> None:
        play = self._playing(op.seat)
        if not self._exchanges:
            raise IllegalMoveError(NOT_DURING(why=D_PASS(name=self._name(op.seat))))
        if not play.blind_done:
            raise IllegalMoveError(BLIND_FIRST)
        if len(op.give) != len(op.take) or len(op.give) not in (0, 1, 3):
            raise IllegalMoveError(SWAP_SIZE(n=max(len(op.give), len(op.take))))
        face_up = list(play.public)
        for card in op.take:
            if card not in face_up:
                raise IllegalMoveError(NOT_FACE_UP(card=card))
            face_up.remove(card)
        for card in op.give:
            if card in play.public:
                raise InconsistencyError(PUBLIC(card=card))
        self._held(play, op.seat, op.give)
        widow = not self.banker  # type: ignore[attr-defined]
        if widow and len(op.give) == 3 and (play.widow_taken or play.limit is not None):
            raise IllegalMoveError(WIDOW_WHOLE)
        if op.hold and len(op.give) == 1 and not widow:
            raise IllegalMoveError(HOLD_ONLY)
        if op.hold and play.knocker is not None:
            raise IllegalMoveError(HELD)

    def _apply_exchange(self, op: Exchange) -> Event:
        play = self.play
        for card in op.take:
            play.public.remove(card)
            play.taken.setdefault(op.seat, []).append(card)
            if play.hands is not None:
                play.hands[op.seat].append(card)
        for card in op.give:
            play.public.append(card)
            if play.hands is not None:
                play.hands[op.seat].remove(card)
            if card in play.taken.get(op.seat, []):
                play.taken[op.seat].remove(card)
        if op.give:
            text = D_SWAP(name=self._name(op.seat), give=CardList(op.give), take=CardList(op.take))
            play.passes = 0
        else:
            text = D_PASS(name=self._name(op.seat))
            play.passes = 0 if op.hold else play.passes + 1
        if op.give and not self.banker:  # type: ignore[attr-defined]
            play.widow_taken = True
        if op.hold and not self.banker:  # type: ignore[attr-defined]
            play.ended = True  # widow: « J'arrête » shows the hands at once
            return Event(op, M("{a}{b}", "{a}{b}")(a=text, b=D_STOP))
        if op.hold:
            play.knocker = op.seat
            play.last_turns = [s for s in play.order if s != op.seat]
            text = M("{a}{b}", "{a}{b}")(a=text, b=D_HOLD)
        self._next_turn(play)
        return Event(op, text)

    def _verify_refresh(self, op: Refresh) -> None:
        play = self._playing()
        if self.banker and not self.rules.all_pass_refresh:  # type: ignore[attr-defined]
            raise IllegalMoveError(NO_REFRESH_RULE)
        if not self._exchanges or play.passes < len(play.order):
            raise IllegalMoveError(NO_REFRESH)
        if not op.cards and play.stock < 3:
            return  # the stock cannot supply three cards: showdown
        if len(op.cards) != 3 or len(set(op.cards)) != 3:
            raise IllegalMoveError(START_CARDS(n=3))
        if play.stock_cards is not None and list(op.cards) != play.stock_cards[:3]:
            raise IllegalMoveError(NOT_STOCK)

    def _apply_refresh(self, op: Refresh) -> Event:
        play = self.play
        if not op.cards:
            play.ended = True
            return Event(op, D_NO_REFRESH)
        play.public = list(op.cards)
        play.passes = 0
        play.stock -= 3
        if play.stock_cards is not None:
            del play.stock_cards[:3]
        return Event(op, D_REFRESH(cards=CardList(op.cards)))

    # ------------------------------------------------------------ the showdown after turn play
    def check_shown(self, hands) -> None:
        """The hands shown hold the public cards their players took, and no card still face up."""
        play = self.play
        if play is None:
            return
        if play.claimer is not None and hands[play.claimer]:
            value = hand_value(hands[play.claimer], self.rules.values())  # type: ignore[attr-defined]
            if value.value < 31:
                raise InconsistencyError(CLAIM_SHOWN(name=self._name(play.claimer), said=value.said()))
        for seat, hand in enumerate(hands):
            if play.hands is not None and sorted(hand) != sorted(play.hands[seat]):
                raise InconsistencyError(NOT_SHOWN(name=Of(self._name(seat)), cards=CardList(play.hands[seat])))
            for card in hand:
                if card in play.public:
                    raise InconsistencyError(PUBLIC(card=card))
            for card in play.taken.get(seat, []):
                if card not in hand:
                    raise InconsistencyError(SHOWN_MISSING(name=self._name(seat), card=card))
