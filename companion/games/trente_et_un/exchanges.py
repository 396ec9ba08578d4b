"""Exchanges with the three face-up cards (the banker game, and the knock game's widow variant): a mixin on the
match's state.

With a banker (SPEC §3.d): the dealer's ``BlindSwap`` before he looks; each turn an ``Exchange`` of all three, one,
or none, with ``hold`` for « Je tiens » (only after swapping all three or none; one per deal: every other player
then plays once more); ``Refresh`` replaces the face-up cards after a circuit where everyone passed. The widow
(SPEC §2.d, variant 1): the whole hand is exchanged only while nobody has taken from the widow, « J'arrête »
(``hold``) shows the hands at once, and after the dealer's blind swap there is one circuit of single-card
exchanges.
"""

from __future__ import annotations

from companion.core.cards import CardList
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.core.i18n import Msg, Of
from companion.games.base import Event
from companion.games.trente_et_un.ops import BlindSwap, Exchange, Refresh
from companion.games.trente_et_un.state import NOT_DURING, NOT_HELD, PUBLIC, TrenteState
from companion.games.trente_et_un.words import D_BLIND, D_HOLD, D_KEEP, D_NO_REFRESH, D_PASS, D_REFRESH, D_STOP, D_SWAP

M = Msg

BLIND_CARDS = M("a blind swap puts the dealer's own three cards face up: enter them",
                "à l'aveugle, le donneur met ses trois cartes à la place des cartes visibles : entrez-les")
KEEP_CARDS = M("the dealer keeps his hand: no card goes face up", "le donneur garde sa main : aucune carte ne se retourne")
REFRESH_CARDS = M("new face-up cards come three at a time", "les nouvelles cartes visibles viennent par trois")
SWAP_SIZE = M("swap all three cards, one, or none — not {n}", "échangez les trois cartes, une seule, ou aucune — pas {n}")
NOT_FACE_UP = M("{card} is not among the face-up cards", "{card} n'est pas parmi les cartes visibles")
HOLD_ONLY = M("« Je tiens » only after swapping all three or none", "« Je tiens » seulement après avoir tout échangé ou rien")
HELD = M("« Je tiens » was already said this deal", "« Je tiens » a déjà été dit dans cette donne")
BLIND_FIRST = M("the dealer's blind swap comes first", "l'échange à l'aveugle du donneur vient d'abord")
NO_REFRESH = M("the face-up cards are replaced only after a circuit where everyone passed",
               "les cartes visibles ne sont remplacées qu'après un tour où tout le monde a passé")
NO_REFRESH_RULE = M("new face-up cards are not a rule of this match",
                    "de nouvelles cartes visibles ne sont pas une règle de ce match")
WIDOW_WHOLE = M("the whole hand is exchanged only while nobody has taken from the widow",
                "on n'échange toute la main que tant que personne n'a pris dans la main du mort")
NOT_STOCK = M("the new face-up cards come from the stock", "les nouvelles cartes visibles viennent du talon")


class Exchanges(TrenteState):
    """The dealer's blind swap, each turn's exchange (with « Je tiens » or « J'arrête »), new face-up cards."""

    def _verify_blind_swap(self, op: BlindSwap) -> None:
        play = self._playing()
        if not self._exchanges or play.blind_done:
            raise IllegalMoveError(NOT_DURING(why=BLIND_FIRST))
        if op.take and (len(op.cards) != 3 or len(set(op.cards)) != 3):
            raise IllegalMoveError(BLIND_CARDS)
        if not op.take and op.cards:
            raise IllegalMoveError(KEEP_CARDS)
        for card in op.cards:
            if card in play.public:
                raise InconsistencyError(PUBLIC(card=card))
        if play.hands is not None and op.take and sorted(op.cards) != sorted(play.hands[self.dealer]):
            raise IllegalMoveError(NOT_HELD(card=CardList(op.cards), name=Of(self._name(self.dealer))))

    def _apply_blind_swap(self, op: BlindSwap) -> Event:
        play = self._dealt
        play.blind_done = True
        if op.take:
            play.taken[self.dealer] = list(play.public)
            if play.hands is not None:
                play.hands[self.dealer] = list(play.public)
            play.public = list(op.cards)  # his own hand goes face up in their place
            if not self.banker:
                play.widow_taken = True
                play.limit = len(play.order)  # widow: one circuit of single-card exchanges, then the showdown
        play.turn = play.order[0]
        text = D_BLIND if op.take else D_KEEP
        return Event(op, text(name=self._name(self.dealer)))

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
        widow = not self.banker
        if widow and len(op.give) == 3 and (play.widow_taken or play.limit is not None):
            raise IllegalMoveError(WIDOW_WHOLE)
        if op.hold and len(op.give) == 1 and not widow:
            raise IllegalMoveError(HOLD_ONLY)
        if op.hold and play.knocker is not None:
            raise IllegalMoveError(HELD)

    def _apply_exchange(self, op: Exchange) -> Event:
        play = self._dealt
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
        if op.give and not self.banker:
            play.widow_taken = True
        if op.hold and not self.banker:
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
        if self.banker and not self.rules.all_pass_refresh:
            raise IllegalMoveError(NO_REFRESH_RULE)
        if not self._exchanges or play.passes < len(play.order):
            raise IllegalMoveError(NO_REFRESH)
        if not op.cards and play.stock < 3:
            return  # the stock cannot supply three cards: showdown
        if len(op.cards) != 3 or len(set(op.cards)) != 3:
            raise IllegalMoveError(REFRESH_CARDS)
        if play.stock_cards is not None and list(op.cards) != play.stock_cards[:3]:
            raise IllegalMoveError(NOT_STOCK)

    def _apply_refresh(self, op: Refresh) -> Event:
        play = self._dealt
        if not op.cards:
            play.ended = True
            return Event(op, D_NO_REFRESH)
        play.public = list(op.cards)
        play.passes = 0
        play.stock -= 3
        if play.stock_cards is not None:
            del play.stock_cards[:3]
        return Event(op, D_REFRESH(cards=CardList(op.cards)))
