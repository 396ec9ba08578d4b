"""What one seat sees and may do: the rules' two answers, for any seat at any moment, as plain data.

- :class:`View` (``Match.view(seat)``): all that seat may know, and nothing more (as OpenSpiel's observations):
  the names and scores, whose turn it is, its own hand, the public table, the moves of the round so far and the
  round's report. ``seat`` None is the table itself (a spectator, the table's device): no hand.
- :class:`Choice` (``Match.choices(seat)``): what it may do now (as OpenSpiel's legal actions), in a small
  vocabulary every game shares, each with its words in both languages; an answer becomes the operation that
  ``verify`` checks (``Choice.answer``), and where they can be listed, ``Choice.options()`` gives every legal
  operation of the choice (the computer players' candidates).

Both are JSON-able (``to_json``): a screen, a computer player, a fuzzer and a phone's page read the same answers,
and a page built from a seat's view cannot show what it was never given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal

from companion.core.i18n import Msg

if TYPE_CHECKING:
    from companion.games.operation import Operation

# The kinds of choice every game's moves are made of.
#   pick        pick ``low`` to ``high`` of ``cards`` (a discard, a card to play, a trio to lay)
#   card_table  a card of ``cards``, then table cards of ``table`` (a Le 31 capture or build, a banker's exchange)
#   action      a named action, nothing more to say (go, draw from the stock, knock, « Je tiens », pass)
#   target      one of ``targets`` (the trio a card is laid off on)
#   number      a number from ``low`` to ``high`` (a bid, a count)
# A pick may also carry a number, from ``numbers``: a hand shown with the count its player says for it.
Kind = Literal["pick", "card_table", "action", "target", "number"]
KINDS: tuple[Kind, ...] = ("pick", "card_table", "action", "target", "number")
TAKES_CARDS: tuple[Kind, ...] = ("pick", "card_table")  # the kinds whose cards a player picks (an action's are named)


def codes(cards: Sequence[Any]) -> list[str]:
    """Cards as their canonical codes (``5H``, ``10D``; a Le 31 card's own code)."""
    return [card.code for card in cards]


def words(msg: Msg) -> dict[str, str]:
    return {"en": msg.text("en"), "fr": msg.text("fr")}


def same_move(a: Operation, b: Operation) -> bool:
    """The same move: the same operation, whatever the order its cards were picked in."""
    if type(a) is not type(b):
        return False
    for f in fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x != y and not (isinstance(x, tuple) and isinstance(y, tuple) and (picked := _picked(x)) is not None
                           and picked == _picked(y)):
            return False
    return True


def _picked(cards: tuple[Any, ...]) -> Counter[str] | None:
    return Counter(c.code for c in cards) if all(hasattr(c, "code") for c in cards) else None


@dataclass(frozen=True)
class Answer:
    """What a player answered to a choice: the cards he picked, the table cards, the target or the number."""

    cards: tuple[Any, ...] = ()
    table: tuple[Any, ...] = ()
    target: int | None = None
    number: int | None = None


@dataclass(frozen=True)
class Choice:
    """One kind of move ``seat`` may make now.

    ``build`` turns an :class:`Answer` into the operation (``verify`` then says whether it is legal, and why not);
    ``listing`` lists every legal operation of the choice where they can be listed (at a real table a hand shown
    may be any four cards not seen yet: not listed, None)."""

    kind: Kind
    name: str  # the same in every game where the move is the same: "play", "discard", "go", "draw", "knock"…
    label: Msg
    seat: int
    makes: tuple[type[Operation], ...]  # the operations an answer becomes
    build: Callable[[Answer], Operation] = field(compare=False, repr=False)
    cards: tuple[Any, ...] = ()
    low: int = 0
    high: int = 0
    table: tuple[Any, ...] = ()
    targets: tuple[Msg, ...] = ()
    numbers: tuple[int, int] | None = None
    listing: Callable[[], list[Operation]] | None = field(default=None, compare=False, repr=False)

    def answer(self, cards: Sequence[Any] = (), table: Sequence[Any] = (), target: int | None = None,
               number: int | None = None) -> Operation:
        """The operation this answer makes (not yet verified)."""
        return self.build(Answer(tuple(cards), tuple(table), target, number))

    def options(self) -> list[Operation] | None:
        """Every legal operation of this choice, or None where they are not listed."""
        return self.listing() if self.listing is not None else None

    def admits(self, op: Operation) -> bool:
        """``op`` answers this choice: one of its options where they are listed, else an operation it makes, of
        its seat, with cards it offers."""
        listed = self.options()
        if listed is not None:
            return any(same_move(op, option) for option in listed)
        card = getattr(op, "card", None)
        cards = getattr(op, "cards", None) or (() if card is None else (card,))
        return (isinstance(op, self.makes) and getattr(op, "seat", self.seat) == self.seat
                and all(card in self.cards for card in cards))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "label": words(self.label), "seat": self.seat,
                "cards": codes(self.cards), "low": self.low, "high": self.high, "table": codes(self.table),
                "targets": [words(t) for t in self.targets],
                "numbers": None if self.numbers is None else list(self.numbers)}


@dataclass(frozen=True)
class Row:
    """A line of the public table as any page shows it: what it is (« Count 21 », « Ann's trios »), its cards, and
    its groups of cards (a trio, a build), each shown together."""

    label: Msg
    cards: tuple[Any, ...] = ()
    groups: tuple[tuple[Any, ...], ...] = ()
    key: str | None = None  # the table item a choice names for the whole row (a Le 31 build: « [8] »)

    def to_json(self) -> dict[str, Any]:
        return {"label": words(self.label), "cards": codes(self.cards), "groups": [codes(g) for g in self.groups],
                "key": self.key}


@dataclass(frozen=True)
class Face:
    """How a card is drawn and said: its label (« 7♥ », « R♥ »), the words a screen reader says (« sept de cœur »),
    and whether it is red (never the only sign: the label says its suit or colour too)."""

    label: Msg
    spoken: Msg
    red: bool

    def to_json(self) -> dict[str, Any]:
        return {"label": words(self.label), "spoken": words(self.spoken), "red": self.red}


@dataclass(frozen=True)
class View:
    """All that ``seat`` may know now (``seat`` None: the table, which sees no hand).

    ``table`` is the game's public table as plain data (card codes, counts, numbers: the count and the cards played,
    Le 31's loose cards and builds, the discard pile or the face-up three, 2500's trios and pige)."""

    seat: int | None
    names: tuple[str, ...]
    sides: tuple[str, ...]  # each scoring side's name (partners share one)
    scores: tuple[float, ...]  # each side's points, tokens or lives
    awaiting: tuple[int, ...]  # the seats whose choice the match waits for
    dealer: int | None
    hand: tuple[Any, ...] | None  # the seat's own cards (None: no hand to show, or the table)
    table: dict[str, Any]
    moves: tuple[Msg, ...]  # the round's moves so far, as the log says them
    report: tuple[Msg, ...] = ()  # the last round's report, once it is over
    over: bool = False
    rows: tuple[Row, ...] = ()  # the public table as a page shows it (``Match.table_rows``)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "names": list(self.names), "sides": list(self.sides),
                "scores": list(self.scores), "awaiting": list(self.awaiting), "dealer": self.dealer,
                "hand": None if self.hand is None else codes(self.hand), "table": self.table,
                "moves": [words(m) for m in self.moves], "report": [words(m) for m in self.report],
                "over": self.over, "rows": [row.to_json() for row in self.rows]}
