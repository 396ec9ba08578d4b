"""Choosing a move by playing each candidate out over the same deals of the unseen cards (determinized Monte
Carlo), shared by the games' hard players. Each game supplies how one candidate plays out from one deal."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

SURE = 1.0  # standard errors by which a searched move must beat the club player's to be chosen instead


def by_rollouts(candidates: Sequence[T], value: Callable[[T, float], float], seeds: Sequence[float],
                default: T | None = None, sure: float = SURE) -> T:
    """The candidate whose play-outs (``value(candidate, seed)`` for each seed) are best on average. With a
    ``default`` (what a club player would do), another candidate is chosen only when it beats the default
    clearly, by more than ``sure`` standard errors of the paired differences: a few noisy
    play-outs would otherwise trade a sound move for a lucky one."""
    candidates = list(dict.fromkeys(candidates))
    if default is not None and default not in candidates:
        candidates.insert(0, default)
    if len(candidates) == 1:
        return candidates[0]
    results = {op: [value(op, seed) for seed in seeds] for op in candidates}
    if default is None:
        best_total, chosen = sum(results[candidates[0]]), candidates[0]
        for op in candidates[1:]:
            total = sum(results[op])
            if total > best_total + 1e-9:  # a tie within rounding goes to the earlier candidate
                best_total, chosen = total, op
        return chosen
    best, best_gain = default, 0.0
    n = len(seeds)
    for op in candidates:
        diffs = [a - b for a, b in zip(results[op], results[default])]
        gain = sum(diffs) / n
        error = math.sqrt(sum((d - gain) ** 2 for d in diffs) / max(1, n - 1) / n)
        if gain > best_gain and gain > sure * error:
            best, best_gain = op, gain
    return best
