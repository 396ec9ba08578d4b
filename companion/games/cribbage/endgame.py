"""The chance to win a two-player game from the score, for the hard player near the end (issue 29).

``pone_wins(x, y)``: at the start of a deal (before the cut), the chance that the pone, needing ``x`` points, wins
the game against the dealer, needing ``y``. A deal is played in its order: the cut (his heels, counted with the
dealer's pegging), the play, the pone's hand, then the dealer's hand and crib; the first side to reach the target
wins there, and a game still open goes on with the deal passing to the pone. The points of a deal come from
``data/endgame.json``: how many times each (pone's pegging, dealer's pegging and heels) pair, each pone's show and
each dealer's show (hand and crib) came up in many deals between players who lay away by the exact advisor and
peg with the normal policy, and, for the plays where both sides pass given marks, how often the pone passed his
first (``python -m companion.dev.cribbage_tables`` regenerates it). The play and the two shows are taken as
independent.

The table is worked out by ``pone_wins_table`` (a recursion on the points still needed, lowest totals first) and
shipped with the package for the cells the hard player reads: one side needing ``REACH`` points or fewer (a
region no deal leaves, so the recursion never needs a cell outside it).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from importlib.resources import files
from typing import Any

REACH = 31  # a side needs this many points or fewer: the hard player plays for the win
SIZE = 121  # points needed, at most (a game to 121; one to 61 reads the same table)
SCALE = 10_000  # the table's chances are kept in ten-thousandths


def pone_wins_table(pegging: Sequence[Sequence[int]], pone_first: Sequence[Sequence[int]], pone_show: Sequence[int],
                    dealer_show: Sequence[int], size: int = SIZE, reach: int = REACH) -> list[list[float]]:
    """``table[x][y]``: the pone's chance to win needing ``x``, the dealer ``y`` (1 ≤ x, y ≤ size, one of them at
    most ``reach``; other cells 0). ``pegging``: (pone's points, dealer's points, times seen); ``pone_first``:
    (x, y, times the pone reached x points of pegging before the dealer reached y, both reaching them); the shows:
    times seen per number of points.

    With V the chance at the start of a deal, G after the play (before the pone's hand) and H after the pone's
    hand (x, y the points still needed then; the deal then passes, so the next V has the roles swapped)::

        V[x][y] = P(the pone reaches x in the play first) + Σ_{p < x, q < y} P(p, q) · G[x − p][y − q]
        G[x][y] = Σ P1(h) · (1 if h ≥ x else H[x − h][y])
        H[x][y] = Σ P2(h) · (0 if h ≥ y else 1 − V[y − h][x])

    A play always scores (the last card), so V reads only cells of a lower total: the cells are filled by total.
    """
    total = sum(n for _, _, n in pegging)
    peg = [(p, q, n / total) for p, q, n in pegging if n]
    first = {(x, y): n / total for x, y, n in pone_first}
    if any(p + q == 0 for p, q, _ in peg):
        raise ValueError("a play that scores nothing")
    shows1 = [n / sum(pone_show) for n in pone_show]
    shows2 = [n / sum(dealer_show) for n in dealer_show]
    v = [[0.0] * (size + 1) for _ in range(size + 1)]
    g = [[0.0] * (size + 1) for _ in range(size + 1)]
    h = [[0.0] * (size + 1) for _ in range(size + 1)]
    for s in range(2, 2 * size + 1):
        cells = [(x, s - x) for x in range(max(1, s - size), min(size, s - 1) + 1) if min(x, s - x) <= reach]
        for x, y in cells:
            value = first.get((x, y), 0.0)
            for p, q, w in peg:
                if q < y:
                    value += w if p >= x else w * g[x - p][y - q]
            v[x][y] = value
        for x, y in cells:
            value = 0.0
            for points, w in enumerate(shows2[:y]):
                value += w * (1.0 - v[y - points][x])
            h[x][y] = value
        for x, y in cells:
            value = sum(shows1[x:])
            for points, w in enumerate(shows1[:x]):
                value += w * h[x - points][y]
            g[x][y] = value
    return v


def _text() -> str:
    return files("companion.games.cribbage").joinpath("data", "endgame.json").read_text("utf-8")


@lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    """The shipped file: the deal distributions and the table (``near_pone`` rows: pone needs 1..REACH, dealer
    1..SIZE; ``near_dealer`` rows: dealer needs 1..REACH, pone REACH+1..SIZE)."""
    loaded: dict[str, Any] = json.loads(_text())
    return loaded


@lru_cache(maxsize=1)
def _table() -> list[list[int]]:
    d = data()
    table = [[-1] * (SIZE + 1) for _ in range(SIZE + 1)]
    for x, row in enumerate(d["near_pone"], 1):
        for y, chance in enumerate(row, 1):
            table[x][y] = chance
    for y, row in enumerate(d["near_dealer"], 1):
        for x, chance in enumerate(row, REACH + 1):
            table[x][y] = chance
    return table


def pone_wins(x: int, y: int) -> float:
    """The pone's chance to win at the start of a deal, needing ``x`` points against the dealer's ``y``. Outside
    the shipped cells (both sides far from the end) the nearest cell answers."""
    x, y = max(1, min(SIZE, x)), max(1, min(SIZE, y))
    if min(x, y) > REACH:
        x, y = (REACH, y) if x <= y else (x, REACH)
    return _table()[x][y] / SCALE


def win_chance(mine: int, theirs: int, i_deal: bool) -> float:
    """My chance to win at the start of a deal, needing ``mine`` points against ``theirs``, dealing or not."""
    return 1.0 - pone_wins(theirs, mine) if i_deal else pone_wins(mine, theirs)
