"""How players lay away to the crib: the crib model ``players`` of the advisor (issue 29).

The uniform model (the advisor's exact default) has the opponent lay away any two unseen cards alike. Players do
not: a dealer gives his own crib fives, pairs and fifteens; a pone keeps them from the dealer's. ``data/throws.json``
counts, for each role, how often each pair of ranks was laid away by the normal and the hard players over many
dealt hands (``python -m companion.dev.cribbage_tables`` regenerates it). ``weights(role)`` turns the counts into
how much likelier than two cards at random each pair of ranks is: an opponent's two cards are then weighted by it.
Ranks only: the suits of the cards laid away are taken as they come.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files
from typing import Any, Literal

Role = Literal["dealer", "pone"]  # the dealer lays away to his own crib, the pone to the dealer's
SMOOTHING = 5.0  # throws added to both the count and the at-random count of every pair: a rare pair stays near 1


@lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    text = files("companion.games.cribbage").joinpath("data", "throws.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def at_random(r1: int, r2: int) -> float:
    """The chance that two cards at random from a full pack are of ranks ``r1`` and ``r2`` (in either order)."""
    return 4 * 3 / (52 * 51) if r1 == r2 else 2 * 4 * 4 / (52 * 51)


@lru_cache(maxsize=2)
def weights(role: Role) -> tuple[tuple[float, ...], ...]:
    """``w[r1][r2]`` (ranks 1 to 13, symmetric): how much likelier than at random a player in ``role`` lays away
    a pair of these ranks, from the counted throws (``counts[a][b]``, ranks a + 1 ≤ b + 1), smoothed."""
    counts = data()[role]
    total = sum(counts[a][b] for a in range(13) for b in range(a, 13))
    table = [[1.0] * 14 for _ in range(14)]
    for a in range(13):
        for b in range(a, 13):
            expected = total * at_random(a + 1, b + 1)
            w = (counts[a][b] + SMOOTHING) / (expected + SMOOTHING)
            table[a + 1][b + 1] = table[b + 1][a + 1] = w
    return tuple(tuple(row) for row in table)
