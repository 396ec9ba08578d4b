"""What a Trente-et-un seat sees and may do (``companion.games.seats``), both games: a mixin on the match's state.

A seat sees its own three cards (virtual play only; the dealer not before his blind swap, which he makes without
looking), and what the whole table sees: the tokens or lives and the corbeille, whose turn it is, the discard pile
or the three face-up cards, the cards each player took from them and kept, the stock's size, who knocked or said
« Je tiens », how many cards each holds.

The choices are what the virtual screen offers, one ``Choice`` a key:

- draw and knock: *Stock* (``draw``), *Take* the discard's top (``take``), *Knock* (``knock``), then the card to
  throw (``throw``);
- exchanges (the banker game, the widow): a card of yours and a face-up card to swap (``exchange``), *All three*
  (``exchange_all``), *Pass* (``pass``), and « Je tiens » (« J'arrête » in the widow: ``hold``); the dealer first
  takes the face-up cards blind (``blind``) or keeps his hand (``keep``).

« Je tiens » is a toggle on the screen that the turn's exchange reads. It is a choice of its own, ``hold``, offered
while it may still be said: answered as the exchange it goes with (no card: a pass; the three and the three: all
three; in the widow also one and one), it makes that exchange with « Je tiens ». So its words are its own (a page
names its toggle with them), it is offered exactly when the screen's toggle is enabled, and every legal exchange is
listed once, by ``pass``, ``exchange``, ``exchange_all`` or ``hold``. (Two options of the exchange choices would need
a yes or no in the answer, which a page could not name.)

Against the computer the app knows every hand and lays a 31 down by itself, turns new face-up cards and shows the
hands: nobody's choice. At a real table nobody's cards are known: a seat's choices are his own moves with any card
the table has not seen elsewhere (a card thrown, the three cards given for the face-up ones), his 31 shown (straight
from the deal, or at the end of his own turn: ``thirty_one``), his « Je tiens »; the dealer turns the first cards
(``start``), makes his blind swap and turns new face-up cards after a circuit of passes (``refresh``). The hands
shown at the end are entered by whoever keeps the score: nobody's choice, as is a token given to a mort (a penalty
the table agrees on, not a move of the game).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.cards import Card
from companion.core.i18n import Msg
from companion.games.base import Operation
from companion.games.seats import Choice, Row, codes
from companion.games.trente_et_un.ops import BlindSwap, Claim31, Discard, Draw, Exchange, Knock, Refresh, Start
from companion.games.trente_et_un.state import DealPlay, TrenteState

R_PILE = Msg("Discard pile · stock: {n}", "Défausse · talon : {n}")
R_FACE_UP = Msg("Face-up cards · stock: {n}", "Cartes visibles · talon : {n}")
R_KNOCKED = Msg("{name} knocked", "{name} a cogné")
R_HOLDS = Msg("{name} said « Je tiens »", "{name} a dit « Je tiens »")
R_TOOK = Msg("{name} took", "{name} a pris")
R_CORBEILLE = Msg("Corbeille: {n}", "Corbeille : {n}")
C_DRAW = Msg("Draw from the stock", "Prendre au talon")
C_TAKE = Msg("Take {card}", "Prendre {card}")
C_KNOCK = Msg("Knock", "Cogner")
C_THROW = Msg("Throw a card", "Jeter une carte")
C_SWAP = Msg("Swap a card of yours for a face-up card", "Échanger une de vos cartes contre une carte visible")
C_ALL = Msg("Take all three", "Prendre les trois")
C_PASS = Msg("Pass", "Passer")
C_HOLD = Msg("« Je tiens »", "« Je tiens »")
C_STOP = Msg("« J'arrête »", "« J'arrête »")
C_BLIND = Msg("Take the face-up cards blind", "Prendre les cartes visibles sans regarder")
C_KEEP = Msg("Keep my hand", "Garder ma main")
C_START_ONE = Msg("Turn up the first card of the discard pile", "Retourner la première carte de la défausse")
C_START_THREE = Msg("Turn up the three face-up cards", "Retourner les trois cartes visibles")
C_31 = Msg("Show 31", "Montrer 31")
C_REFRESH = Msg("Turn three new face-up cards", "Retourner trois nouvelles cartes visibles")
C_SHORT = Msg("Everyone passed and the stock is too short: show the hands",
              "Tout le monde a passé et le talon est trop court : on abat les jeux")


def _action(name: str, label: Msg, seat: int, op: Operation, cards: tuple[Card, ...] = ()) -> Choice:
    """A named action that makes ``op``, nothing more to say."""
    return Choice("action", name, label, seat, (type(op),), lambda a: op, cards=cards, listing=lambda: [op])


class SeatAnswers(TrenteState):
    """The view of a seat and its choices, in virtual play and at a real table."""

    def seat_hand(self, seat: int) -> tuple[Card, ...] | None:
        play = self.play
        if play is None or play.hands is None or play.void or seat not in play.order:
            return None
        if seat == self.dealer and not play.blind_done and not play.ended:
            return None  # the dealer chooses his blind swap before looking at his cards
        return tuple(play.hands[seat])

    def public_table(self) -> dict[str, Any]:
        play = self.play
        table: dict[str, Any] = {"game": "banker" if self.banker else "knock", "widow": self._exchanges and not self.banker,
                                 "unit": self.unit, "tokens": list(self.tokens), "out": list(self.out), "pot": self.pot,
                                 "showdowns": self.showdowns, "deal": None}
        if play is None:
            return table
        held = [0] * self.players
        for seat in play.order:
            held[seat] = 3 + (1 if seat == play.turn and play.has_drawn else 0)
        table["deal"] = {
            "order": list(play.order), "turn": None if play.ended else play.turn, "has_drawn": play.has_drawn,
            "knocker": play.knocker, "ended": play.ended, "void": play.void, "dealt_31": play.dealt_31,
            "claimer": play.claimer, "stock": play.stock, "held": held,
            "pile": [] if self._exchanges else codes(play.public),  # top last
            # A 31 served ends the deal before anyone exchanges: at a real table the face-up cards were not even
            # entered, and the dealer's own three, when the turned cards are his 31, are not shown.
            "face_up": codes(play.public) if self._exchanges and not play.dealt_31 else [],
            "blind_done": play.blind_done, "passes": play.passes,
            "taken": {str(seat): codes(cards) for seat, cards in sorted(play.taken.items()) if cards},
        }
        return table

    def table_rows(self) -> list[Row]:
        """The discard pile's top (or the face-up three) and the stock, who knocked or holds, the cards each player
        was seen to take and keep, and the corbeille."""
        rows: list[Row] = [Row(R_CORBEILLE(n=self.pot))] if self.banker else []
        play = self.play
        if play is None:
            return rows
        if self._exchanges:
            rows.append(Row(R_FACE_UP(n=play.stock), () if play.dealt_31 else tuple(play.public)))
        else:
            rows.append(Row(R_PILE(n=play.stock), tuple(play.public[-1:])))
        if play.knocker is not None:
            rows.append(Row((R_HOLDS if self._exchanges else R_KNOCKED)(name=self.names[play.knocker])))
        rows += [Row(R_TOOK(name=self.names[seat]), tuple(cards)) for seat, cards in sorted(play.taken.items()) if cards]
        return rows

    # ------------------------------------------------------------ choices
    def choices(self, seat: int) -> list[Choice]:
        if self.winner is not None or not 0 <= seat < self.players or self.out[seat]:
            return []
        if self.setup.mode == "virtual":
            if seat not in self.awaiting():
                return []
            play = self._dealt
            hand = tuple(play.hands[seat]) if play.hands is not None else ()
            if self._exchanges:
                return self._exchange(seat, play, hand) if play.blind_done else self._blind(seat, play, None)
            if play.has_drawn:
                return [self._throw(seat, tuple(c for c in hand if c != play.drawn))]
            return self._draw(seat, play)
        found = self._table_turn(seat) if seat == self.to_act else []
        if seat in self.may_show_31():
            found.append(_action("thirty_one", C_31, seat, Claim31(seat)))
        return found

    def _table_turn(self, seat: int) -> list[Choice]:
        """At a real table, the choices of the seat to act: the dealer's between deals, for his blind swap and for
        new face-up cards; else the turn of the player whose it is."""
        play = self.play
        if play is None or play.void:
            return [self._start(seat)]
        if self._exchanges and not play.blind_done:
            return self._blind(seat, play, self._unseen(play))
        if self.refresh_open:
            return [self._refresh(seat, play)]
        if self._exchanges:
            return self._exchange(seat, play, self._unseen(play, seat))
        if play.has_drawn:
            return [self._throw(seat, tuple(c for c in self._unseen(play, seat) if c != play.drawn))]
        return self._draw(seat, play)

    def _unseen(self, play: DealPlay, holder: int | None = None) -> tuple[Card, ...]:
        """At a real table, the cards not seen elsewhere: not face up, not taken from the table by another player
        than ``holder`` (his own are his). A card a player throws or gives, or the dealer turns, is one of these."""
        seen = set(play.public)
        for seat, cards in play.taken.items():
            if seat != holder:
                seen.update(cards)
        return tuple(card for card in self.deck() if card not in seen)

    def _draw(self, seat: int, play: DealPlay) -> list[Choice]:
        found = [_action("draw", C_DRAW, seat, Draw(seat))]
        if play.public:
            top = play.public[-1]
            found.append(_action("take", C_TAKE(card=top), seat, Draw(seat, top), cards=(top,)))
        if self.can(knock := Knock(seat)):
            found.append(_action("knock", C_KNOCK, seat, knock))
        return found

    def _throw(self, seat: int, cards: tuple[Card, ...]) -> Choice:
        return Choice("pick", "throw", C_THROW, seat, (Discard,), lambda a: Discard(seat, _one(a.cards)), cards=cards,
                      low=1, high=1, listing=lambda: [Discard(seat, card) for card in cards])

    def _blind(self, seat: int, play: DealPlay, unseen: tuple[Card, ...] | None) -> list[Choice]:
        """The dealer's choice before he looks: in virtual play the app puts his cards face up; at a real table they
        are entered as they go face up (``unseen``: the cards they may be)."""
        keep = _action("keep", C_KEEP, seat, BlindSwap(False))
        if unseen is not None:
            return [Choice("pick", "blind", C_BLIND, seat, (BlindSwap,), lambda a: BlindSwap(True, a.cards),
                           cards=unseen, low=3, high=3), keep]
        take = BlindSwap(True, tuple(play.hands[seat]) if play.hands is not None else ())
        return [_action("blind", C_BLIND, seat, take), keep] if self.can(take) else [keep]

    def _exchange(self, seat: int, play: DealPlay, cards: tuple[Card, ...]) -> list[Choice]:
        """A turn with the face-up cards: ``cards`` are the seat's hand in virtual play, at a real table every card
        it may hold (only then are the cards given not listed: three of them could be any)."""
        public = tuple(play.public)
        virtual = play.hands is not None

        def legal(ops: Sequence[Exchange]) -> list[Operation]:
            return [op for op in ops if self.can(op)]

        def swaps(hold: bool) -> list[Exchange]:
            return [Exchange(seat, (give,), (take,), hold) for give in cards for take in public]

        found = [Choice("card_table", "exchange", C_SWAP, seat, (Exchange,), lambda a: Exchange(seat, a.cards, a.table),
                        cards=cards, low=1, high=1, table=public, listing=lambda: legal(swaps(False)))]
        whole = Exchange(seat, cards, public)
        if virtual and self.can(whole):
            found.append(_action("exchange_all", C_ALL, seat, whole))
        elif not virtual and (self.banker or not (play.widow_taken or play.limit is not None)):
            found.append(Choice("pick", "exchange_all", C_ALL, seat, (Exchange,),
                                lambda a: Exchange(seat, a.cards, public), cards=cards, low=3, high=3))
        found.append(_action("pass", C_PASS, seat, Exchange(seat)))
        if play.knocker is None:  # « Je tiens » once a deal; « J'arrête » ends the widow's deal at once
            listing = (lambda: legal([Exchange(seat, hold=True), Exchange(seat, cards, public, True), *swaps(True)])) \
                if virtual else None
            found.append(Choice("card_table", "hold", C_STOP if not self.banker else C_HOLD, seat, (Exchange,),
                                lambda a: Exchange(seat, a.cards, a.table, True), cards=cards, low=0, high=3,
                                table=public, listing=listing))
        return found

    def _start(self, seat: int) -> Choice:
        n = 3 if self._exchanges else 1
        deck = tuple(self.deck())
        return Choice("pick", "start", C_START_THREE if n == 3 else C_START_ONE, seat, (Start,),
                      lambda a: Start(a.cards), cards=deck, low=n, high=n,
                      listing=(lambda: [Start((card,)) for card in deck]) if n == 1 else None)

    def _refresh(self, seat: int, play: DealPlay) -> Choice:
        if play.stock < 3:
            return _action("refresh", C_SHORT, seat, Refresh(()))
        return Choice("pick", "refresh", C_REFRESH, seat, (Refresh,), lambda a: Refresh(a.cards),
                      cards=self._unseen(play), low=3, high=3)


def _one(cards: tuple[Any, ...]) -> Card:
    (card,) = cards
    assert isinstance(card, Card)
    return card

