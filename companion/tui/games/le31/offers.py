"""What a card offers, tap by tap (``PlayDialog``): the table cards and builds that can still join the ones tapped,
and the plays they make. Two sources, one per mode:

- at a real table (``TablePlays``) nobody's hand is known and the plays are not listed: the rules search the table
  (``plays.continuations`` and ``completions``);
- in virtual play (``OfferedPlays``) the seat's choices list every legal play (``Choice.options``): a table card is
  lit when some play of the card takes it with those tapped, and the plays offered are the options that take just
  what was tapped.

A play is answered to its choice as ``answer_of`` says (the choice's name, its table items, its number, its target):
a tap and a typed line make the same answer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import Any, NamedTuple, Protocol

from companion.games.le31.deck import Le31Card
from companion.games.le31.engine import Le31Match
from companion.games.le31.ops import Build, Capture, Play, Raise, Trail
from companion.games.le31.plays import completions, continuations
from companion.games.le31.seat import BuildKey
from companion.games.seats import Choice


class Offer(Protocol):
    """What the play dialog asks of its source, for the table cards ``chosen`` (in the order tapped) and the value
    of the build tapped, if any."""

    def lit(self, chosen: Sequence[Le31Card], build: int | None) -> tuple[list[int], list[int]]:
        """The positions in the table's loose cards, and the values of the builds, that a tap may add."""
        ...

    def plays(self, chosen: Sequence[Le31Card], build: int | None) -> list[Play]:
        """The plays of the card with exactly these table cards."""
        ...


class TablePlays:
    """At a real table: what the rules' search of the table finds for ``card``."""

    def __init__(self, match: Le31Match, seat: int, card: Le31Card) -> None:
        self.match, self.seat, self.card = match, seat, card

    def lit(self, chosen: Sequence[Le31Card], build: int | None) -> tuple[list[int], list[int]]:
        return continuations(self.match, self.seat, self.card, chosen, build)

    def plays(self, chosen: Sequence[Le31Card], build: int | None) -> list[Play]:
        return completions(self.match, self.seat, self.card, chosen, build)


class Answered(NamedTuple):
    """A play as its choice is answered: the choice's name, the table items (loose cards, ``BuildKey``s), the number
    (a build's value) and the target (1: « for my partner »)."""

    name: str
    table: tuple[Any, ...]
    number: int | None
    target: int | None


def answer_of(op: Play) -> Answered:
    """The answer to its choice that makes ``op`` (``companion.games.le31.seat``: a choice is named as its play)."""
    loose: tuple[Le31Card, ...] = getattr(op, "loose", ())
    build = op.card.value if isinstance(op, Capture) and op.build else op.value if isinstance(op, Raise) else None
    return Answered(op.name, (*loose, *(() if build is None else (BuildKey(build),))),
                    op.value if isinstance(op, Build) else None,
                    1 if isinstance(op, Build) and op.for_partner else None)


def _kind(item: Le31Card | BuildKey) -> Hashable:
    """What a table item counts as in a play: a build itself, an illustrated card itself, a numbered card its value
    (the options list one play per combination of values: any card of that value on the table makes the same play,
    and the player takes the one he taps)."""
    if isinstance(item, BuildKey) or item.value is None:
        return item
    return item.value


def _items(table: Sequence[Any]) -> Counter[Hashable]:
    return Counter(_kind(item) for item in table)


class OfferedPlays:
    """In virtual play: the options of the seat's choices (``offered``) that play ``card``."""

    def __init__(self, match: Le31Match, offered: Sequence[Choice], card: Le31Card) -> None:
        self.match = match
        self.options: list[tuple[Play, Counter[Hashable]]] = [
            (op, _items(answer_of(op).table)) for choice in offered for op in choice.options() or ()
            if isinstance(op, Play) and op.card == card]

    @staticmethod
    def _tapped(chosen: Sequence[Le31Card], build: int | None) -> list[Any]:
        return [*chosen, *(() if build is None else (BuildKey(build),))]

    def _lead(self, tapped: Sequence[Any]) -> bool:
        """Some option takes these items, and maybe more."""
        want = _items(tapped)
        return any(want <= items for _, items in self.options)

    def lit(self, chosen: Sequence[Le31Card], build: int | None) -> tuple[list[int], list[int]]:
        tapped = self._tapped(chosen, build)
        left = list(chosen)
        lit = []
        for i, card in enumerate(self.match.r.loose):
            if card in left:  # a copy already tapped
                left.remove(card)
            elif self._lead([*tapped, card]):
                lit.append(i)
        builds = [b.value for b in self.match.r.builds if build is None and self._lead([*tapped, BuildKey(b.value)])]
        return lit, builds

    def plays(self, chosen: Sequence[Le31Card], build: int | None) -> list[Play]:
        """The options that take just what was tapped, made with the very cards tapped (a 5 of the table taken
        rather than the other 5 the option names)."""
        want = _items(self._tapped(chosen, build))
        return [op if isinstance(op, Trail) else replace(op, loose=tuple(chosen))
                for op, items in self.options if items == want]
