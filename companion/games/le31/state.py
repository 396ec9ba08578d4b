"""A Le 31 match's state and the reads every part of it shares (SPEC §1.d): the round under way (the table's loose
cards and builds, each side's pile, the hands in virtual play), the match's points, and the checks every play makes.

The table is public, so it is tracked exactly in both modes. In *table* mode the hands are unknown: what a player
claims by building (« pour 8 »: he holds an 8) is checked when his hand of the deal is revealed by the cards he plays,
and flagged if it was a bluff. In *virtual* mode the match deals from the round's shuffled pack and checks every claim
at once.

Sides: with 2 players each is a side; with 4, partners sit opposite (seats 0 and 2, 1 and 3).

The match is composed in ``engine.py`` from this state and one mixin per part: the deal (``deal.py``), the plays
(``play.py``), the round's end and tally (``tally.py``) and what each seat sees and may do (``seat.py``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from companion.core.errors import IllegalMoveError, InconsistencyError, SetupError
from companion.core.i18n import Msg, Of
from companion.games import base
from companion.games.base import Outcome, Standing
from companion.games.le31.deck import DEFAULT_DECK, Le31Card, Le31Deck
from companion.games.le31.ops import CODEC, Build, Capture, Deal, Raise, Trail
from companion.games.le31.rules import Le31Rules
from companion.games.le31.scoring import SideTally

M = Msg
NOT_NOW = M("not now: {what}", "pas maintenant : {what}")
NEED_DEAL = M("the cards must be dealt first", "il faut d'abord donner les cartes")
MATCH_OVER = M("the match is over", "le match est fini")
TURN = M("it is {name} turn", "c'est au tour {name}")
NOT_IN_DECK = M("{card} is not a card of this deck", "{card} n'est pas une carte de ce jeu")
SEEN = M("{card} is already {where}", "{card} est déjà {where}")
WHERE_TABLE = M("on the table", "sur la table")
WHERE_TAKEN = M("taken", "ramassée")
WHERE_PLAYED = M("played", "jouée")
NOT_IN_HAND = M("{card} is not in {name} hand", "{card} n'est pas dans la main {name}")
NOT_ON_TABLE = M("{card} is not loose on the table", "{card} n'est pas libre sur la table")
TWICE = M("{card} is named twice", "{card} est nommée deux fois")
# The player is named twice rather than given a pronoun: the app does not know who is « il » or « elle ».
MUST_CAPTURE = M("{name} built {value}: {name} must take it this turn",
                 "{name} a construit {value} : {name} doit la ramasser ce tour-ci")
KEEP_VALUE = M("you own the build of {value}: keep a card of {value} to take it",
               "vous avez la combinaison de {value} : gardez une carte de {value} pour la ramasser")
BAD_SEAT = M("no such player", "ce joueur n'existe pas")
BAD_PLAYERS = M("Le 31 is played by 2 players or by two teams of 2", "Le 31 se joue à 2 ou en deux équipes de 2")
WINS = M("{name} wins the match", "{name} gagne le match")
WINS_TITLE = M("{name} wins the match!", "{name} gagne le match !")
ROUND_LINE = M("Round {n}: {scores}", "Manche {n} : {scores}")
MATCH_LINE = M("Match: {a}–{b} (to {target})", "Match : {a}–{b} (en {target})")
TWO_LINES = M("{a}\n{b}", "{a}\n{b}")
JOINED = M("{a}{b}", "{a}{b}")


class CardList(tuple[Le31Card, ...]):
    """Cards as a message argument, in the reader's language (``10V`` for the green 10 in French)."""

    def display(self, lang: str = "en") -> str:
        return " ".join(c.display(lang) for c in self) or "—"


def card_list(cards: Iterable[Le31Card]) -> CardList:
    return CardList(cards)


@dataclass
class TableBuild:
    value: int
    groups: list[list[Le31Card]]
    owner: int

    @property
    def multiple(self) -> bool:
        return len(self.groups) > 1

    @property
    def cards(self) -> list[Le31Card]:
        return [c for g in self.groups for c in g]


@dataclass
class RoundState:
    number: int
    dealer: int
    deals: int  # deals in a round
    deal: int = 0  # deals done so far
    stock: list[Le31Card] | None = None  # virtual: what is left of the pack
    hands: list[list[Le31Card]] | None = None  # virtual: the cards each player holds
    played: list[int] = field(default_factory=list)  # cards played by each player this deal
    played_cards: list[list[Le31Card]] = field(default_factory=list)  # this deal, per seat (table mode checks)
    loose: list[Le31Card] = field(default_factory=list)
    builds: list[TableBuild] = field(default_factory=list)
    piles: list[list[Le31Card]] = field(default_factory=list)  # per side
    recoltes: list[int] = field(default_factory=list)  # per side
    last_capturer: int | None = None
    turn: int = 0
    trail_only: bool = False
    pending: dict[int, int] = field(default_factory=dict)  # seat -> value it must take on its next turn
    claims: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, value, cards played before)
    seen: Counter[Le31Card] = field(default_factory=Counter)  # cards met this round (table, played)

    def build(self, value: int) -> TableBuild | None:
        return next((b for b in self.builds if b.value == value), None)


class Le31State(base.Match):
    """The match's state, its reads and the checks every play shares; the parts of the match build on it."""

    codec = CODEC
    CHOICES = (Trail, Capture, Build, Raise)
    CHANCE = (Deal,)
    rules: Le31Rules

    def __init__(self, setup: base.Setup) -> None:
        super().__init__(setup)
        if self.players not in (2, 4):
            raise SetupError(BAD_PLAYERS)
        self.deck: Le31Deck = DEFAULT_DECK if not self.rules.deck else Le31Deck(json.loads(self.rules.deck), "match")
        self.deals_per_round = self.deck.deals_per_round(self.players)
        self.points = [0, 0]
        self.rounds: list[list[SideTally]] = []
        self.carry: dict[str, int] = {}  # a tied majority carried to the next round (house rule)
        self.claimed_winner: int | None = None  # decided by counting out (house rule)
        self.r = self._new_round(1, setup.first_dealer % self.players)
        self.phase = "deal"

    # ------------------------------------------------------------ basics
    @property
    def sides(self) -> int:
        return 2

    def side_of(self, seat: int) -> int:
        return seat % 2

    @property
    def dealer(self) -> int:
        return self.r.dealer

    @property
    def to_act(self) -> int | None:
        if self.phase == "play":
            return self.r.turn
        if self.phase == "deal":
            return self.r.dealer
        return None

    def awaiting(self) -> tuple[int, ...]:
        return (self.r.turn,) if self.phase == "play" else ()

    @property
    def last_deal(self) -> bool:
        return self.r.deal == self.r.deals

    def hand(self, seat: int) -> tuple[Le31Card, ...] | None:
        return tuple(self.r.hands[seat]) if self.r.hands is not None else None

    def standings(self) -> list[Standing]:
        return [Standing(side, self.side_name(side), self.points[side]) for side in range(2)]

    def accounted_cards(self) -> Counter[Le31Card]:
        return Counter(self.r.seen)

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != "match_over":
            return None
        winner = self.claimed_winner if self.claimed_winner is not None else 0 if self.points[0] > self.points[1] else 1
        return Outcome((winner,), WINS(name=self.side_name(winner)))

    def end_title(self) -> Msg:
        outcome = self.outcome
        return WINS_TITLE(name=self.side_name(outcome.winners[0])) if outcome else super().end_title()

    def result_lines(self) -> list[Msg]:
        lines = []
        for n, result in enumerate(self.rounds, 1):
            lines.append(ROUND_LINE(n=n, scores="–".join(str(s.points) for s in result)))
        lines.append(MATCH_LINE(a=self.points[0], b=self.points[1], target=self.rules.target))
        return lines

    def rematch_setup(self) -> base.Setup:
        return base.Setup(self.setup.names, self.setup.rules, (self.r.dealer + 1) % self.players, self.setup.mode,
                          seats=self.setup.seats)

    def _new_round(self, number: int, dealer: int) -> RoundState:
        return RoundState(number, dealer, self.deals_per_round, played=[0] * self.players,
                          played_cards=[[] for _ in range(self.players)], piles=[[], []], recoltes=[0, 0])

    # ------------------------------------------------------------ checks shared by every play
    def check_new(self, cards: Sequence[Le31Card]) -> None:
        """Cards entered for the first time this round: of this deck, and not more copies than it has (the table's
        screen checks each card of the first deal as it is tapped, not only once the four are in)."""
        counts = Counter(cards)
        for card, n in counts.items():
            if card not in self.deck.copies:
                raise IllegalMoveError(NOT_IN_DECK(card=card))
            if self.r.seen[card] + n > self.deck.copies[card]:
                # Not yet seen this round but twice among the cards: they are the table's four, being laid.
                where = self._where(card) if self.r.seen[card] else WHERE_TABLE
                raise InconsistencyError(SEEN(card=card, where=where))

    def unseen(self) -> list[Le31Card]:
        """The cards of the deck not met this round (at a real table, what a player may still hold), in deck order."""
        return [card for card, n in self.deck.copies.items() if self.r.seen[card] < n]

    def _where(self, card: Le31Card) -> Msg:
        r = self.r
        if card in r.loose or any(card in b.cards for b in r.builds):
            return WHERE_TABLE
        if any(card in pile for pile in r.piles):
            return WHERE_TAKEN
        return WHERE_PLAYED

    def _verify_turn(self, seat: int, card: Le31Card) -> None:
        if self.phase == "match_over":
            raise IllegalMoveError(MATCH_OVER)
        if self.phase != "play":
            raise IllegalMoveError(NEED_DEAL)
        if not (type(seat) is int and 0 <= seat < self.players):
            raise IllegalMoveError(BAD_SEAT)
        if seat != self.r.turn:
            raise IllegalMoveError(TURN(name=Of(self.names[self.r.turn])))
        r = self.r
        if r.hands is not None:
            if card not in r.hands[seat]:
                raise IllegalMoveError(NOT_IN_HAND(card=card, name=Of(self.names[seat])))
        else:
            self.check_new([card])

    def _check_loose(self, loose: Sequence[Le31Card]) -> None:
        counts, there = Counter(loose), Counter(self.r.loose)
        for card, n in counts.items():
            if n > there[card]:
                raise IllegalMoveError(NOT_ON_TABLE(card=card) if not there[card] else TWICE(card=card))

    def _committed(self, seat: int) -> int | None:
        """The value of the build this player must take this turn, if any."""
        if not self.rules.owner_must_capture_next_turn:
            return None
        value = self.r.pending.get(seat)
        build = self.r.build(value) if value is not None else None
        return value if build is not None and build.owner == seat else None

    def _owned(self, seat: int) -> list[TableBuild]:
        return [b for b in self.r.builds if b.owner == seat]

    def _keeps_value(self, seat: int, card: Le31Card, value: int) -> bool:
        """Virtual mode: after playing ``card`` the player still holds a card of ``value``."""
        hand = list(self.r.hands[seat]) if self.r.hands is not None else []
        if card in hand:
            hand.remove(card)
        return any(c.value == value for c in hand)

    def _check_control(self, seat: int, card: Le31Card, taken_value: int | None) -> None:
        """An owner must keep a card of each of his builds' values (virtual mode, where the hand is known)."""
        if self.r.hands is None:
            return
        for build in self._owned(seat):
            if build.value != taken_value and not self._keeps_value(seat, card, build.value):
                raise IllegalMoveError(KEEP_VALUE(value=build.value))

    def _holds(self, seat: int, card: Le31Card, value: int) -> bool:
        return self.r.hands is None or self._keeps_value(seat, card, value)
