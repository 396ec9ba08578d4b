"""A Trente-et-un deal played turn by turn, its start and the draw-and-knock game's turns: a mixin on the match's
state (the exchanges with the face-up cards are ``exchanges``).

Turn-by-turn entry is optional at a real table (a table may enter only its showdowns). There the hands are hidden,
so the engine checks what the table can see: the order of turns, the public cards, a card taken from the discard
pile not thrown straight back, the knock and the one last turn of every other player, a 31 that ends the deal at
once. In virtual play the app deals a shuffled pack (``DealPack``) and knows every hand.

Draw and knock (SPEC §2.d): ``Start(cards=(upcard,))``; each turn ``Draw`` then ``Discard``, or ``Knock``;
``Claim31`` ends the deal. With a banker (§3.d): ``Start(cards=(3 face-up))``, then the exchanges.
"""

from __future__ import annotations

import random

from companion.core.cards import Card, CardList
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.core.i18n import Msg
from companion.core.i18n import cards as cards_of
from companion.games.base import Event
from companion.games.trente_et_un.ops import Claim31, DealPack, Discard, Draw, Knock, Start
from companion.games.trente_et_un.scoring import OUTSIDE, PIQUET, hand_value
from companion.games.trente_et_un.state import MATCH_OVER, NOT_DURING, NOT_PLAYING, PUBLIC, DealPlay, TrenteState, turned_up
from companion.games.trente_et_un.words import (
    D_31,
    D_DEAL,
    D_DEALT_31,
    D_DISCARD,
    D_DRAW_PILE,
    D_DRAW_STOCK,
    D_KNOCK,
    D_RESHUFFLE,
    D_START,
    D_VOID,
)

M = Msg

ALREADY_PLAYING = M("a deal is already being played turn by turn: play it to its showdown first",
                    "une donne se joue déjà tour par tour : jouez-la jusqu'à l'abattage d'abord")
START_CARDS = M("a deal starts with {n} turned up", "une donne commence avec {n} {turned}")  # n: cards_of(n)
DRAW_FIRST = M("draw a card first (or knock)", "prenez d'abord une carte (ou cognez)")
DRAWN = M("{name} has already drawn: now a discard", "{name} a déjà pris : maintenant la défausse")
NOT_TOP = M("{card} is not the top of the discard pile ({top})", "{card} n'est pas le dessus de la défausse ({top})")
EMPTY_PILE = M("the discard pile is empty", "la défausse est vide")
NO_REDISCARD = M("{card} was just taken from the discard pile: it cannot go straight back",
                 "{card} vient d'être pris à la défausse : il ne peut pas y retourner aussitôt")
KNOCK_AFTER_DRAW = M("a player knocks instead of drawing", "on cogne au lieu de prendre une carte")
ALREADY_KNOCKED = M("{name} has already knocked", "{name} a déjà cogné")
FIRST_TURN = M("no knock on the first turn (house rule)", "pas de cogne au premier tour (règle maison)")
VIRTUAL_ONLY = M("in a virtual game the app deals", "dans une partie virtuelle, l'app donne")
TABLE_ONLY = M("the app deals only in a virtual game", "l'app ne donne que dans une partie virtuelle")
WHOLE_PACK = M("a virtual deal starts from the whole pack, shuffled", "une donne virtuelle part du jeu entier, mélangé")
NOT_31 = M("{name} does not hold 31", "{name} n'a pas 31")
NOT_A_PLAYER = M("seat {seat} is not a player of this deal", "la place {seat} n'est pas un joueur de cette donne")
DISCARD_FIRST = M("discard first: a 31 is shown at the end of one's turn",
                  "défaussez d'abord : on montre 31 à la fin de son tour")
TURNED_31 = M("the three cards turned make 31: the dealer takes them and the deal ends",
              "les trois cartes retournées font 31 : le donneur les prend et la donne s'arrête")


class DealTurns(TrenteState):
    """The start of a deal (entered, or dealt by the app), and the draw-and-knock turns: draw, discard, knock, 31."""

    # ------------------------------------------------------------ start
    def _verify_start(self, op: Start) -> None:
        self._verify_new_deal()
        if self.setup.mode == "virtual":
            raise IllegalMoveError(VIRTUAL_ONLY)
        n = 3 if self._exchanges else 1
        if len(op.cards) != n or len(set(op.cards)) != n:
            raise IllegalMoveError(START_CARDS(n=cards_of(n), turned=turned_up(n)))
        if self.banker and self.rules.deck == 32:
            for card in op.cards:
                if card not in PIQUET:
                    raise IllegalMoveError(OUTSIDE(card=card))

    def _apply_start(self, op: Start) -> Event:
        self._pass_void()
        play = self._begin(list(op.cards))
        text = D_START(cards=CardList(op.cards), turned=turned_up(len(op.cards)))
        if self.banker and hand_value(op.cards, self.rules.values()).value >= 31:
            # French text 002: the dealer's three turned cards making 31 are his, and he wins as one dealt 31.
            play.taken[self.dealer] = list(op.cards)
            play.public = []  # his own three would go face up: the table did not enter them
            play.ended = play.dealt_31 = True
            text = M("{a}{b}", "{a}{b}")(a=text, b=D_DEALT_31(name=self._name(self.dealer)))
        return Event(op, text)

    def _verify_new_deal(self) -> None:
        if self.winner is not None:
            raise IllegalMoveError(MATCH_OVER)
        if self.play is not None and not self.play.ended:
            raise IllegalMoveError(ALREADY_PLAYING)

    def _pass_void(self) -> None:
        if self.play is not None and self.play.void:  # a void deal passes the deal on like any other
            self.dealer = self._next_dealer(self.dealer)
            self.play = None

    def _begin(self, public: list[Card]) -> DealPlay:
        order = self._order_from_dealer()
        self.play = play = DealPlay(public, order[0], order, blind_done=not self._exchanges)
        play.stock = len(self.deck()) - 3 * len(order) - len(public)
        if self._exchanges:
            play.turn = self.dealer
        return play

    # ------------------------------------------------------------ a virtual deal
    def _verify_deal_pack(self, op: DealPack) -> None:
        self._verify_new_deal()
        if self.setup.mode != "virtual":
            raise IllegalMoveError(TABLE_ONLY)
        if sorted(op.pack) != sorted(self.deck()) or len(set(op.pack)) != len(op.pack):
            raise IllegalMoveError(WHOLE_PACK)

    def _apply_deal_pack(self, op: DealPack) -> Event:
        pack = list(op.pack)
        self._pass_void()
        order = self._order_from_dealer()
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        for _ in range(3):
            for seat in order:
                hands[seat].append(pack.pop(0))
        public = [pack.pop(0) for _ in range(3 if self._exchanges else 1)]
        play = self._begin(public)
        play.hands, play.stock_cards, play.stock = hands, pack, len(pack)
        play.key = op.key
        text = M("{a} · {b}", "{a} · {b}")(a=D_DEAL(name=self._name(self.dealer)),
                                           b=D_START(cards=CardList(public), turned=turned_up(len(public))))
        if self.banker:
            holder = self._dealt_31(play, hands)
            if holder is not None:
                play.ended = play.dealt_31 = True
                text = M("{a}{b}", "{a}{b}")(a=text, b=D_DEALT_31(name=self._name(holder)))
        return Event(op, text)

    def _dealt_31(self, play: DealPlay, hands: list[list[Card]]) -> int | None:
        """Banker game: a player dealt 31; the dealer's turned cards making 31 are his (he takes them)."""
        values = self.rules.values()
        if hand_value(play.public, values).value >= 31:
            dealer = self.dealer
            hands[dealer], play.public = list(play.public), hands[dealer]
            return dealer
        return next((s for s in play.order if hand_value(hands[s], values).value >= 31), None)

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
        play = self._dealt
        play.has_drawn = True
        if op.card is None:
            text = D_DRAW_STOCK(name=self._name(op.seat))
            if play.stock <= 0:
                if self.rules.stock_exhausted == "void_deal":
                    play.ended = play.void = True
                    return Event(op, D_VOID)
                play.stock = len(play.public) - 1  # the discards but the top make a new stock
                if play.stock_cards is not None:
                    play.stock_cards = play.public[:-1]
                    key = f"{self.setup.seed}:{self.showdowns}" if play.key is None else play.key
                    random.Random(f"{key}:{play.turns}").shuffle(play.stock_cards)
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
        play = self._dealt
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
        if not self.rules.allow_first_turn_knock and play.turns < len(play.order):
            raise IllegalMoveError(FIRST_TURN)

    def _apply_knock(self, op: Knock) -> Event:
        play = self._dealt
        play.knocker = op.seat
        play.last_turns = [s for s in play.order if s != op.seat]
        self._next_turn(play)
        return Event(op, D_KNOCK(name=self._name(op.seat)))

    # ------------------------------------------------------------ a 31 shown
    def _verify_claim_31(self, op: Claim31) -> None:
        if self.between_deals:  # a 31 shown right after the deal, before anything else of it was entered
            self._verify_new_deal()
            if self.setup.mode == "virtual":
                raise IllegalMoveError(NOT_PLAYING)
            if type(op.seat) is not int or op.seat not in self.in_play:
                raise IllegalMoveError(NOT_A_PLAYER(seat=str(op.seat)[:6]))
            return
        play = self._playing()
        if type(op.seat) is not int or op.seat not in play.order:
            raise IllegalMoveError(NOT_A_PLAYER(seat=str(op.seat)[:6]))
        if play.has_drawn and op.seat == play.turn:
            raise IllegalMoveError(DISCARD_FIRST)  # a 31 is shown at the end of one's turn, after the discard
        if play.hands is not None:
            if hand_value(play.hands[op.seat], self.rules.values()).value < 31:
                raise IllegalMoveError(NOT_31(name=self._name(op.seat)))

    def _apply_claim_31(self, op: Claim31) -> Event:
        if self.between_deals:
            # SPEC §2.d: a 31 may be shown right after the deal, and it ends the deal: the face-up cards were not
            # entered. With a banker a 31 held from the deal is a 31 served (French text 002, SPEC §3.d).
            self._pass_void()
            play = self._begin([])
            play.ended, play.dealt_31 = True, self.banker
        self._dealt.ended = True
        self._dealt.claimer = op.seat
        return Event(op, D_31(name=self._name(op.seat)))
