"""What a cribbage seat sees and may do (``companion.games.seats``): the public table, and the choices of the moment.

Against the computer (virtual play) a seat lays away from its own hand, then pegs one of the cards that fit; the app
says its go and counts its shows. At a real table nobody's hand is known: the seat whose turn it is pegs any card not
seen yet that fits, says go once no card can fit, the dealer enters the starter, and each hand (the crib by the
dealer) is counted from the cards the table sees.

Nobody's choice, in either mode: the deal, virtual play's cut, the shows the app counts, the next game. Nor the
keeper's corrections: muggins (the points a player missed, taken by another side or left) and « +Pts » (points pegged
without cards) are entered by whoever keeps the score for the table, as is a deal ended before its cards were all
entered; they are never offered to a seat.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from companion.core.cards import Card, standard_deck
from companion.core.i18n import Msg
from companion.games.cribbage.ops import CRIB, Crib, Cut, Discard, Go, Play, Show
from companion.games.cribbage.pegging import MAX_COUNT
from companion.games.cribbage.scoring import pip
from companion.games.cribbage.state import CribbageState
from companion.games.seats import Answer, Choice, Row, codes

C_DISCARD = Msg("Lay away {n} to the crib", "Mettre {n} au crib")
C_PLAY = Msg("Play a card", "Jouer une carte")
C_GO = Msg("Go", "Go")
C_STARTER = Msg("The starter", "La coupe")
C_SHOW = Msg("Count the hand", "Compter la main")
C_CRIB = Msg("Count the crib", "Compter le crib")
R_STARTER = Msg("Starter", "Coupe")
R_COUNT = Msg("Count {count}", "Compte {count}")
R_PLAYED = Msg("{name} played", "{name} a joué")
R_SHOWN = Msg("{name}'s hand", "Main de {name}")
R_CRIB = Msg("{name}'s crib", "Crib de {name}")
ONE, TWO = Msg("one", "une"), Msg("two", "deux")


class SeatAnswers(CribbageState):
    """Each seat's hand, the public table and each seat's choices."""

    def seat_hand(self, seat: int) -> tuple[Card, ...] | None:
        return self.hand(seat)

    def public_table(self) -> dict[str, Any]:
        """What every seat sees: the phase, the count and the cards pegged, who said go in this count, the starter
        once cut, the hands shown and whose count is next, each side's pegs and game points."""
        d = self.d
        starter = self.starter if self.phase not in ("deal", "discard") else None
        showing = self.next_to_show
        return {"phase": self.phase, "game": self.game_number, "deal": self.deal_number, "target": self.rules.target,
                "count": self.count, "current": codes([card for _, card in self.current]),
                "go": sorted(d.go_said) if d is not None and self.phase == "play" else [],
                "played": [codes(self.played(s)) for s in range(self.players)],
                "cards_left": [self.cards_left(s) for s in range(self.players)],
                "starter": starter.code if starter is not None else None,
                "shown": {_who(who): codes(cards) for who, cards in (d.shown.items() if d else ())},
                "showing": None if showing is None else _who(showing),
                "pegs": [list(pegs) for pegs in self.pegs], "game_points": list(self.game_points)}

    def table_rows(self) -> list[Row]:
        """The starter once cut, the count and its cards, each player's cards pegged, and at the show each hand
        shown and the crib."""
        rows: list[Row] = []
        starter = self.starter if self.phase not in ("deal", "discard") else None
        if starter is not None:
            rows.append(Row(R_STARTER, (starter,)))
        if self.phase == "play":
            rows.append(Row(R_COUNT(count=self.count), tuple(card for _, card in self.current)))
        d = self.d
        for who, cards in (d.shown.items() if d else ()):
            name = self.names[self.dealer if who == CRIB else who]
            rows.append(Row((R_CRIB if who == CRIB else R_SHOWN)(name=name), tuple(cards)))
        if self.phase == "play":
            rows += [Row(R_PLAYED(name=self.names[s]), tuple(self.played(s))) for s in range(self.players) if self.played(s)]
        return rows

    def choices(self, seat: int) -> list[Choice]:
        if self.is_over or self.awaiting_continue or not 0 <= seat < self.players:
            return []
        virtual = self.setup.mode == "virtual"
        phase = self.phase
        if phase == "discard" and seat in self.awaiting():
            return [self._discard_choice(seat)]
        if phase == "play" and seat == self.turn:
            return self._play_choices(seat, virtual)
        if virtual:
            return []  # the deal, the cut, the go that nobody can avoid and the shows are the app's
        if phase == "deal" and seat == self.dealer:  # at a real table the starter turned opens the deal
            unseen = self._unseen()
            return [Choice("pick", "starter", C_STARTER, seat, (Cut,), lambda a: Cut(_one(a)), cards=unseen, low=1,
                           high=1, listing=lambda: [Cut(card) for card in unseen])]
        if phase == "show" and self.to_act == seat:
            return [self._show_choice(seat)]
        return []

    def _discard_choice(self, seat: int) -> Choice:
        """Lay away: every way to pick the cards, in the order of ``combinations`` (the computer players' order)."""
        hand = self.hand(seat) or ()
        n = self.discard_count()
        return Choice("pick", "discard", C_DISCARD(n=TWO if n == 2 else ONE), seat, (Discard,),
                      lambda a: Discard(seat, a.cards), cards=hand, low=n, high=n,
                      listing=lambda: [Discard(seat, c) for c in combinations(hand, n)])

    def _play_choices(self, seat: int, virtual: bool) -> list[Choice]:
        """Play a card that fits (virtual play: from the hand, in its order); at a real table also go, once a card
        may not fit."""
        if virtual:
            fits = self.playable(seat)
            if not fits:
                return []  # the app says the go
        else:
            fits = [card for card in self._unseen() if self.count + pip(card) <= MAX_COUNT]
        found = [Choice("pick", "play", C_PLAY, seat, (Play,), lambda a: Play(seat, _one(a)), cards=tuple(fits), low=1,
                        high=1, listing=lambda: [Play(seat, card) for card in fits])]
        if not virtual and self.count + 10 > MAX_COUNT:  # at a table: go, once not every card fits
            found.append(Choice("action", "go", C_GO, seat, (Go,), lambda a: Go(seat), listing=lambda: [Go(seat)]))
        return found

    def _show_choice(self, seat: int) -> Choice:
        """A hand counted at a real table: the cards its player pegged and the others the table sees now (none of
        them seen before), and the count the player says when players count their own hands."""
        crib = self.next_to_show == CRIB
        pegged = () if crib else tuple(self.played(self.next_to_show or 0))
        cards = (*pegged, *self._unseen())

        def build(answer: Answer) -> Show | Crib:
            if crib:
                return Crib(answer.cards, answer.number)
            return Show(seat, answer.cards, answer.number)

        return Choice("pick", "crib" if crib else "show", C_CRIB if crib else C_SHOW, seat, (Crib if crib else Show,),
                      build, cards=cards, low=4, high=4, numbers=(0, 29) if self.rules.manual_counting else None)

    def _unseen(self) -> tuple[Card, ...]:
        seen = self.seen_cards()
        return tuple(card for card in standard_deck() if card not in seen)


def _who(who: int) -> str:
    """A seat, or the crib, as the public table names whose count it is."""
    return "crib" if who == CRIB else str(who)


def _one(answer: Answer) -> Card:
    card: Card
    (card,) = answer.cards
    return card
