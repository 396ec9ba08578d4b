"""What a cribbage seat sees and may do (``companion.games.seats``): the public table, and the choices of the moment.

Against the computer (virtual play) a seat lays away from its own hand, then pegs one of the cards that fit; the app
says its go and counts its shows. At a real table nobody's hand is known: the seat whose turn it is pegs any card not
seen yet that fits, says go once no card can fit, the dealer enters the starter, and each hand (the crib by the
dealer) is counted from the cards the table sees.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from companion.core.cards import Card, standard_deck
from companion.core.i18n import Msg
from companion.games.cribbage.ops import CRIB, Crib, Cut, Discard, Go, Play, Show
from companion.games.cribbage.pegging import MAX_COUNT
from companion.games.cribbage.scoring import pip
from companion.games.seats import Answer, Choice, codes

if TYPE_CHECKING:
    from companion.games.cribbage.engine import CribbageMatch

C_DISCARD = Msg("Lay away {n} to the crib", "Mettre {n} au crib")
C_PLAY = Msg("Play a card", "Jouer une carte")
C_GO = Msg("Go", "Go")
C_STARTER = Msg("The starter", "La coupe")
C_SHOW = Msg("Count the hand", "Compter la main")
C_CRIB = Msg("Count the crib", "Compter le crib")
ONE, TWO = Msg("one", "une"), Msg("two", "deux")


def public_table(match: CribbageMatch) -> dict[str, Any]:
    """What every seat sees: the phase, the count and the cards pegged, the starter once cut, the hands shown,
    each side's pegs and game points."""
    d = match.d
    starter = match.starter if match.phase not in ("deal", "discard") else None
    return {"phase": match.phase, "game": match.game_number, "deal": match.deal_number, "target": match.rules.target,
            "count": match.count, "current": codes([card for _, card in match.current]),
            "played": [codes(match.played(s)) for s in range(match.players)],
            "cards_left": [match.cards_left(s) for s in range(match.players)],
            "starter": starter.code if starter is not None else None,
            "shown": {("crib" if who == CRIB else str(who)): codes(cards) for who, cards in (d.shown.items() if d else ())},
            "pegs": [list(pegs) for pegs in match.pegs], "game_points": list(match.game_points)}


def choices(match: CribbageMatch, seat: int) -> list[Choice]:
    if match.is_over or match.awaiting_continue or not 0 <= seat < match.players:
        return []
    virtual = match.setup.mode == "virtual"
    phase = match.phase
    if phase == "discard" and seat in match.awaiting():
        return [_discard(match, seat)]
    if phase == "play" and seat == match.turn:
        return _play(match, seat, virtual)
    if virtual:
        return []  # the deal, the cut, the go that nobody can avoid and the shows are the app's
    if phase == "deal" and seat == match.dealer:  # at a real table the starter turned opens the deal
        unseen = _unseen(match)
        return [Choice("pick", "starter", C_STARTER, seat, (Cut,), lambda a: Cut(_one(a)), cards=unseen, low=1, high=1,
                       listing=lambda: [Cut(card) for card in unseen])]
    if phase == "show" and match.to_act == seat:
        return [_show(match, seat)]
    return []


def _discard(match: CribbageMatch, seat: int) -> Choice:
    hand = match.hand(seat) or ()
    n = match.discard_count()
    return Choice("pick", "discard", C_DISCARD(n=TWO if n == 2 else ONE), seat, (Discard,), lambda a: Discard(seat, a.cards),
                  cards=hand, low=n, high=n, listing=lambda: [Discard(seat, c) for c in combinations(hand, n)])


def _play(match: CribbageMatch, seat: int, virtual: bool) -> list[Choice]:
    if virtual:
        fits = match.playable(seat)
        if not fits:
            return []  # the app says the go
    else:
        fits = [card for card in _unseen(match) if match.count + pip(card) <= MAX_COUNT]
    found = [Choice("pick", "play", C_PLAY, seat, (Play,), lambda a: Play(seat, _one(a)), cards=tuple(fits), low=1, high=1,
                    listing=lambda: [Play(seat, card) for card in fits])]
    if not virtual and match.count + 10 > MAX_COUNT:  # at a table: go, once not every card fits
        found.append(Choice("action", "go", C_GO, seat, (Go,), lambda a: Go(seat), listing=lambda: [Go(seat)]))
    return found


def _show(match: CribbageMatch, seat: int) -> Choice:
    """A hand counted at a real table: the cards its player pegged and the others the table sees now (none of them
    seen before), and the count the player says when players count their own hands."""
    crib = match.next_to_show == CRIB
    pegged = () if crib else tuple(match.played(match.next_to_show or 0))
    cards = (*pegged, *_unseen(match))

    def build(answer: Answer) -> Show | Crib:
        if crib:
            return Crib(answer.cards, answer.number)
        return Show(seat, answer.cards, answer.number)

    return Choice("pick", "crib" if crib else "show", C_CRIB if crib else C_SHOW, seat, (Crib if crib else Show,),
                  build, cards=cards, low=4,
                  high=4, numbers=(0, 29) if match.rules.manual_counting else None)


def _unseen(match: CribbageMatch) -> tuple[Card, ...]:
    seen = match.seen_cards()
    return tuple(card for card in standard_deck() if card not in seen)


def _one(answer: Answer) -> Card:
    (card,) = answer.cards
    return card
