"""Pure layout of a cribbage board: tracks, leapfrog pegging, and where every hole sits.

No Textual and no Rich here: ``board.py`` draws what this module computes, and tests
check the geometry without a terminal.

The board
---------
A classic continuous board has, for each track, ``target - 1`` holes in three
*streets* (120 holes in streets of 40 for a game of 121; 60 in streets of 20 for 61),
laid out as a serpentine::

    start ○○  street 0:   1 →  40        (left to right)
              street 1:  80 ← 41         (right to left)
              street 2:  81 → 120  ◉ 121 (left to right, then the game hole)

Holes come in groups of five with a gap between groups, as on a wooden board.
The single *game hole* at the end of the last street is shared by every track.

On a phone held upright the same board is *folded*: the 120 holes of a game of 121 in
six streets of 20 (``FOLDED_STREETS``), still a serpentine; the last street then runs
right to left, and the game hole sits at its left end.

Peg positions
-------------
A peg position is an ``int``:

* ``START_BACK`` (-1): the outer start hole (the one farther from hole 1);
* ``START_FRONT`` (0): the inner start hole, next to hole 1; a score of 0;
* ``1 .. target - 1``: the holes of the streets;
* ``target``: the game hole.

At the start of a game the front peg is in the inner start hole (0) and the back peg
in the outer one (-1). ``Track(front=0, back=0)`` ("both at 0") is accepted too and
drawn the same way: two pegs never share a start hole. Once the first points are
pegged, the back peg stands at 0 (the inner start hole) and the front peg on the board.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

START_BACK = -1
START_FRONT = 0

STREETS = 3
FOLDED_STREETS = 6  # a game of 121 on a phone held upright: streets of 20 holes
GROUP = 5  # holes per group; a gap separates groups
START_STREET = -1  # hole_position() street of the two start holes
GAME_STREET = -2  # hole_position() street of the game hole


@dataclass(frozen=True)
class Track:
    """One track of the board: a player, or a partnership sharing one pair of pegs.

    ``front`` is the current score, ``back`` the previous one (see the module doc for
    the start holes). The gap between the two pegs is the last score pegged.
    """

    name: str
    colour: str  # a CSS colour, e.g. "#d03030"
    front: int = START_FRONT
    back: int = START_BACK
    chance: float | None = None  # the chance to win the game, shown after the score (issue 40); None: not shown

    def __post_init__(self) -> None:
        at_start = self.front == START_FRONT and self.back in (START_BACK, START_FRONT)
        if not at_start and not START_FRONT <= self.back < self.front:
            raise ValueError(f"bad pegs for {self.name!r}: front={self.front}, back={self.back}")

    @property
    def last_points(self) -> int:
        """The points pegged last: the gap between the two pegs (0 before any score)."""
        return self.front - max(self.back, START_FRONT)


def peg_moved(track: Track, points: int, target: int = 121) -> Track:
    """Leapfrog: the back peg jumps ``points`` holes ahead of the front peg.

    The new front is ``front + points`` (capped at ``target``) and the new back is the
    old front. 0 points, or a track already in the game hole, changes nothing.
    """
    if points < 0:
        raise ValueError(f"cannot peg {points} points: pegs only move forward")
    if points == 0 or track.front >= target:
        return track
    return replace(track, front=min(track.front + points, target), back=track.front)


def points_to_go(track: Track, target: int) -> int:
    return max(target - track.front, 0)


def holes_per_street(target: int, streets: int = STREETS) -> int:
    """40 for a game of 121, 20 for a game of 61 (on three streets)."""
    holes, rest = divmod(target - 1, streets)
    if rest or holes < 1:
        raise ValueError(f"target {target} does not make {streets} equal streets (use 121 or 61)")
    return holes


def runs_left_to_right(street: int) -> bool:
    """Streets 0 and 2 run left to right, street 1 right to left (the serpentine)."""
    return street % 2 == 0


class HolePosition(NamedTuple):
    street: int  # 0..streets-1; START_STREET for the start holes; GAME_STREET for the game hole
    column: int  # column index from the left within the street (0 .. holes_per_street - 1)


def hole_position(score: int, target: int, streets: int = STREETS) -> HolePosition:
    """Where the hole for ``score`` is: its street and its index counted from the left.

    ``-1`` and ``0`` are the two start holes (``START_STREET``, index 0 outer and 1 inner);
    ``target`` is the game hole (``GAME_STREET``, index 0).
    """
    holes = holes_per_street(target, streets)
    if score in (START_BACK, START_FRONT):
        return HolePosition(START_STREET, score - START_BACK)
    if score == target:
        return HolePosition(GAME_STREET, 0)
    if not 1 <= score < target:
        raise ValueError(f"no hole {score} on a board to {target}")
    street, offset = divmod(score - 1, holes)
    index = offset if runs_left_to_right(street) else holes - 1 - offset
    return HolePosition(street, index)


def peg_holes(track: Track, target: int, streets: int = STREETS) -> tuple[HolePosition, HolePosition]:
    """The holes of the (front, back) pegs; at the start, one peg in each start hole."""
    if track.front > target:
        raise ValueError(f"{track.name!r} has {track.front}, more than the target {target}")
    back = START_BACK if track.front == START_FRONT else track.back
    return hole_position(track.front, target, streets), hole_position(back, target, streets)


def rule_boundary(line: int, target: int, streets: int = STREETS) -> tuple[int, int] | None:
    """Where a line "between holes line-1 and line" crosses the board.

    Returns ``(street, boundary)``: the boundary ``b`` lies between indexes ``b-1`` and
    ``b`` of that street (0 = before the leftmost hole, ``holes`` = after the rightmost).
    A line that cannot be drawn (``line <= 1`` or ``line >= target``) gives ``None``.
    """
    if line <= 1 or line >= target:
        return None
    street, index = hole_position(line, target, streets)
    return street, (index if runs_left_to_right(street) else index + 1)


@dataclass(frozen=True)
class StreetColumns:
    """Columns of the holes of a street; the three streets share them, so holes line up.

    Column 0 and column ``width - 1`` are free margins where a rule at boundary 0 or
    ``holes`` is drawn; hole ``i`` sits at ``columns[i]``.
    """

    holes: int
    step: int  # 1: one character per hole (compact); 2: a space between holes (wide)
    gap: int  # blank columns between two groups of five (beyond the step)
    columns: tuple[int, ...]

    @property
    def width(self) -> int:
        return self.columns[-1] + 2

    def boundary_column(self, boundary: int) -> int:
        """The blank column where a rule at ``boundary`` is drawn."""
        if boundary <= 0:
            return 0
        if boundary >= self.holes:
            return self.width - 1
        return (self.columns[boundary - 1] + self.columns[boundary]) // 2


def street_columns(holes: int, step: int, gap: int, breaks: frozenset[int] = frozenset()) -> StreetColumns:
    """Lay out ``holes`` holes ``step`` apart, ``gap`` more between groups of five.

    ``breaks`` are boundaries that need a blank column for a rule although they are
    not between two groups (a skunk line not at 5k+1 on a compact board).
    """
    columns = []
    column = 1
    for index in range(holes):
        if index:
            column += step
            if index % GROUP == 0:
                column += gap
            elif index in breaks and step == 1:
                column += 1
        columns.append(column)
    return StreetColumns(holes, step, gap, tuple(columns))
