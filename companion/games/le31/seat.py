"""What a Le 31 seat sees and may do (``companion.games.seats``): the public table, and the plays of the moment.

A play is one card of the hand, then the table cards (and the build) it acts on, then what the player says of them:
each reading is a ``card_table`` choice of its own, with the same cards and the same table, so a page offers « tap a
card, then the table cards, then the play among those offered » as the app's table screen does:

- ``trail``   lay the card down (« poser »): no table card;
- ``capture`` take the loose cards tapped and, tapped too, the build of the card's value (« ramasser »);
- ``build``   « pour N »: the card on the loose cards tapped, N the number answered (or the build tapped, which the
              new groups join); with partners, « N pour moi » or « N pour mon partenaire » is the target answered;
- ``raise``   the card on another player's build, tapped (and loose cards, where the house rule lets a raise take
              them): the build's new value is the sum.

A build on the table is answered as a :class:`BuildKey` among the table's items (its code ``[8]``, as the entry line
writes it). Against the computer (virtual play) a seat plays from its own hand, and each reading lists its legal plays
(``plays.readings``: one per combination of values, the red cards taken first; the computer players' candidates). At
a real table nobody's hand is known: the seat whose turn it is may play any card not seen yet this round, and its
plays are not listed (any copy of a value may be taken); the same readings say which of its cards each reading fits.
The counting out (house rule) is the seat to play's claim at a real table. The deal (the four table cards the keeper
enters at a real table) and the quick tally of a round are the keeper's entries, nobody's choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import IllegalMoveError
from companion.core.i18n import Msg, Plural, cards
from companion.games.base import Operation
from companion.games.le31.deck import DEAL_SIZE, Le31Card
from companion.games.le31.ops import Build, Capture, CountOut, Play, Raise, Trail
from companion.games.le31.plays import readings
from companion.games.le31.state import Le31State
from companion.games.seats import Answer, Choice, Face, Row, codes

R_TABLE = Msg("Table", "Table")
R_BUILD = Msg("Build for {value}: {name}", "Combinaison pour {value} : {name}")
R_PILE = Msg("{side}: {n}, {recoltes}", "{side} : {n}, {recoltes}")
RECOLTES = (("récolte", "récoltes"), ("récolte", "récoltes"))
C_TRAIL = Msg("Lay the card down", "Poser la carte")
C_CAPTURE = Msg("Take", "Ramasser")
C_BUILD = Msg("Build « for N »", "Combiner « pour N »")
C_RAISE = Msg("Raise another player's build", "Augmenter la combinaison d'un autre")
C_COUNT_OUT = Msg("Count out: claim the match", "Sortir en comptant : réclamer le match")
FOR_ME = Msg("« for me »", "« pour moi »")
FOR_PARTNER = Msg("« for my partner »", "« pour mon partenaire »")
ONE_CARD = Msg("play one card of the hand", "jouez une carte de la main")
LAID_ALONE = Msg("a card laid down takes no table card", "une carte posée ne prend aucune carte de la table")
ITS_BUILD = Msg("a {card} takes only the build of {value}", "un {card} ne prend que la combinaison de {value}")
SAY_VALUE = Msg("say the build's value: « for N »", "annoncez la valeur de la combinaison : « pour N »")
JOINS_ITS_VALUE = Msg("a build « for {value} » joins only the build of {value}",
                      "une combinaison « pour {value} » ne rejoint que celle de {value}")
RAISE_WHICH = Msg("tap the one build to raise", "touchez la combinaison à augmenter, une seule")

BUILD_VALUES = (2, 10)  # no build is worth less than 2 (a card and another) or more than 10 (no card is worth more)


@dataclass(frozen=True)
class BuildKey:
    """A build on the table, as a table item a play names: by its value (one build per value, SPEC §1.c)."""

    value: int

    @property
    def code(self) -> str:
        return f"[{self.value}]"

    def display(self, lang: str = "en") -> str:
        return self.code


class Seating(Le31State):
    """What each seat sees and may do."""

    def seat_hand(self, seat: int) -> tuple[Le31Card, ...] | None:
        return self.hand(seat) if 0 <= seat < self.players else None

    def public_table(self) -> dict[str, Any]:
        """What every seat sees: the loose cards and the builds (value, cards, owner), each side's pile size and
        récoltes, the builds their owners must take at their turn (« tu t'engages à ramasser »), whose turn it is,
        how many cards each hand and the stock hold."""
        r = self.r
        playing = self.phase == "play"
        dealt = DEAL_SIZE + r.deal * DEAL_SIZE * self.players if r.deal else 0
        return {"phase": self.phase, "round": r.number, "deal": r.deal, "deals": r.deals, "last_deal": self.last_deal,
                "target": self.rules.target, "turn": r.turn if playing else None,
                "loose": codes(r.loose),
                "builds": [{"value": b.value, "cards": codes(b.cards), "groups": [codes(g) for g in b.groups],
                            "owner": b.owner, "multiple": b.multiple} for b in r.builds],
                "piles": [len(pile) for pile in r.piles], "recoltes": list(r.recoltes),
                "trail_only": r.trail_only,
                "must_take": [{"seat": seat, "value": value} for seat in range(self.players)
                              if (value := self._committed(seat)) is not None],
                "hands": [DEAL_SIZE - played if r.deal else 0 for played in r.played],
                "stock": self.deck.size - dealt, "carried": dict(self.carry)}

    def table_rows(self) -> list[Row]:
        """The loose cards, each build (its value, its owner, its cards as they were put together), and each side's
        pile and récoltes."""
        r = self.r
        rows = [Row(R_TABLE, tuple(r.loose))]
        rows += [Row(R_BUILD(value=b.value, name=self.names[b.owner]), groups=tuple(tuple(g) for g in b.groups),
                     key=BuildKey(b.value).code) for b in r.builds]
        rows += [Row(R_PILE(side=self.side_name(side), n=cards(len(pile)), recoltes=Plural(r.recoltes[side], *RECOLTES)))
                 for side, pile in enumerate(r.piles)]
        return rows

    def faces(self) -> dict[str, Face]:
        """The match's own deck: each card's code in the language, its words (« 7 rouge », « une Estrelizia
        bleue »), and red or not."""
        deck = self.deck
        return {card.code: Face(Msg(deck.label(card, "en"), deck.label(card, "fr")),
                                Msg(deck.describe(card, "en"), deck.describe(card, "fr")), deck.is_red(card))
                for card in deck.copies}

    def choices(self, seat: int) -> list[Choice]:
        if self.phase != "play" or seat != self.r.turn:
            return []  # the deal and the tally are the app's, or the keeper's at a real table
        virtual = self.setup.mode == "virtual"
        hand = self.hand(seat)
        plays = _Plays(self, seat, hand if virtual and hand is not None else self.unseen())
        table = (*self.r.loose, *(BuildKey(b.value) for b in self.r.builds))
        listed = virtual  # at a real table any copy of a value may be taken: the plays are not listed
        found = [choice for choice in (
            plays.choice("trail", C_TRAIL, Trail, table, listed, lambda a: Trail(seat, _trail(a))),
            plays.choice("capture", C_CAPTURE, Capture, table, listed, lambda a: _capture(seat, a)),
            plays.choice("build", C_BUILD, Build, table, listed, lambda a: _build(seat, a),
                         numbers=BUILD_VALUES, targets=(FOR_ME, FOR_PARTNER) if self.players == 4 else ()),
            plays.choice("raise", C_RAISE, Raise, table, listed, lambda a: _raise(seat, a)),
        ) if choice is not None]
        if not virtual and self.rules.count_out:
            side = self.side_of(seat)
            found.append(Choice("action", "count_out", C_COUNT_OUT, seat, (CountOut,), lambda a: CountOut(side),
                                listing=lambda: [CountOut(side)]))
        return found


class _Plays:
    """The legal plays of a seat's cards now, one per combination of values (``plays.readings``), found once and
    shared out between the readings: in the order the hand holds the cards."""

    def __init__(self, match: Le31State, seat: int, cards: Sequence[Le31Card]) -> None:
        self.seat = seat
        self.found = [op for card in dict.fromkeys(cards) for op in readings(match, seat, card)]

    def choice(self, name: str, label: Msg, kind: type[Play], table: tuple[Any, ...], listed: bool,
               build: Callable[[Answer], Operation], numbers: tuple[int, int] | None = None,
               targets: tuple[Msg, ...] = ()) -> Choice | None:
        """The reading ``name`` of the cards that have a play of that kind, or None when none has."""
        ops = [op for op in self.found if isinstance(op, kind)]
        if not ops:
            return None
        cards = tuple(dict.fromkeys(op.card for op in ops))
        return Choice("card_table", name, label, self.seat, (kind,), build, cards=cards, low=1, high=1, table=table,
                      numbers=numbers, targets=targets, listing=(lambda: list(ops)) if listed else None)


# ---------------------------------------------------------------- an answer, as the play it makes
def _card(answer: Answer) -> Le31Card:
    if len(answer.cards) != 1 or not isinstance(answer.cards[0], Le31Card):
        raise IllegalMoveError(ONE_CARD)
    return answer.cards[0]


def _table(answer: Answer) -> tuple[tuple[Le31Card, ...], list[int]]:
    """The loose cards tapped, and the values of the builds tapped."""
    return (tuple(item for item in answer.table if not isinstance(item, BuildKey)),
            [item.value for item in answer.table if isinstance(item, BuildKey)])


def _trail(answer: Answer) -> Le31Card:
    if answer.table:
        raise IllegalMoveError(LAID_ALONE)
    return _card(answer)


def _capture(seat: int, answer: Answer) -> Capture:
    card = _card(answer)
    loose, builds = _table(answer)
    if any(value != card.value for value in builds) or len(builds) > 1:
        raise IllegalMoveError(ITS_BUILD(card=card, value=card.value))
    return Capture(seat, card, loose, bool(builds))


def _build(seat: int, answer: Answer) -> Build:
    card = _card(answer)
    loose, builds = _table(answer)
    value = answer.number if answer.number is not None else builds[0] if builds else None
    if value is None:
        raise IllegalMoveError(SAY_VALUE)
    if any(other != value for other in builds):
        raise IllegalMoveError(JOINS_ITS_VALUE(value=value))
    return Build(seat, card, loose, value, answer.target == 1)


def _raise(seat: int, answer: Answer) -> Raise:
    card = _card(answer)
    loose, builds = _table(answer)
    if len(builds) != 1:
        raise IllegalMoveError(RAISE_WHICH)
    return Raise(seat, card, builds[0], loose)
