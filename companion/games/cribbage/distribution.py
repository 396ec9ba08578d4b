"""The exact distribution of show scores over all 12,994,800 (hand, starter) pairs.

Two ways to the same numbers:

- ``brute_force_distribution`` calls ``hand_score`` on every single pair (about
  ten seconds per column); it is the proof that the public scorer is right.
- ``exact_distribution`` is the fast one (well under a second). By symmetry of
  the suits the starter can be fixed to spades and the counts multiplied by 4.
  Fifteens, pairs and runs depend only on ranks, so each of the 23,491 (starter
  rank, multiset of hand ranks) cases is scored once, through the same memo as
  ``hand_score``; the suit choices are then counted, split by whether they make
  a flush (only possible with four different ranks) and whether they hold the
  jack of spades (nobs).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

from companion.core.cards import Card, Rank, Suit, standard_deck
from companion.games.cribbage.rules import DEFAULT_RULES, CribbageRules
from companion.games.cribbage.scoring import (
    _pair_points,
    _template,
    flush_points,
    hand_score,
)

N_COMBINATIONS = 12_994_800


def brute_force_distribution(crib: bool = False, rules: CribbageRules = DEFAULT_RULES) -> dict[int, int]:
    deck = standard_deck()
    counts = [0] * 30
    score = hand_score
    for hand in combinations(deck, 4):
        for starter in deck:
            if starter not in hand:
                counts[score(hand, starter, crib, rules)] += 1
    return dict(enumerate(counts))


def _base_points(cards: list[Card], rules: CribbageRules) -> int:
    template = _template(cards)
    return (2 * len(template.fifteens) + sum(_pair_points(len(p), rules) for p in template.pairs)
            + sum(len(r) for r in template.runs))


def exact_distribution(crib: bool = False, rules: CribbageRules = DEFAULT_RULES) -> dict[int, int]:
    """Counts of each show total 0..29, for a hand (or a crib with ``crib=True``)."""
    if rules.flush_rule != "acc":
        return brute_force_distribution(crib, rules)
    nobs = 1 if rules.nobs else 0
    counts = [0] * 30
    for starter_rank in Rank:
        starter = Card.of(starter_rank, Suit.SPADES)
        for ranks in combinations_with_replacement(Rank, 4):
            held = Counter(ranks)
            held_starter_rank = held.get(starter_rank, 0)
            if held_starter_rank > 3 or max(held.values()) > 4:
                continue
            ways = prod(comb(4 - (rank == starter_rank), m) for rank, m in held.items())
            hearts = [Card.of(r, Suit.HEARTS) for r in ranks] if len(held) == 4 else None
            base = _base_points([Card.of(r, Suit.CLUBS) for r in ranks] + [starter], rules)
            # Suit choices holding the jack of spades: a share m/4 of all choices of the jacks.
            jacks = held.get(Rank.JACK, 0) if starter_rank != Rank.JACK else 0
            with_nobs = ways * jacks // 4
            five = four = 0
            if hearts is not None:  # four different ranks: a flush is possible
                four = 3  # all hearts, all diamonds or all clubs
                points = base + flush_points(hearts, starter, crib, rules)
                counts[points] += four
                if not held_starter_rank:  # all spades, with the starter
                    five = 1
                    spades = [Card.of(r, Suit.SPADES) for r in ranks]
                    counts[base + flush_points(spades, starter, crib, rules) + (nobs if jacks else 0)] += 1
                    with_nobs -= 1 if jacks else 0
            counts[base + nobs] += with_nobs
            counts[base] += ways - five - four - with_nobs
    return {score: 4 * n for score, n in enumerate(counts)}


def published_distribution() -> dict[str, dict[int, int]]:
    """The published table shipped with the package (``data/published_distribution.json``, sources cited
    inside): ``{"hand": {score: count}, "crib": {score: count}}``."""
    import json
    from importlib.resources import files

    text = files("companion.games.cribbage").joinpath("data", "published_distribution.json").read_text("utf-8")
    data = json.loads(text)
    return {column: {int(score): n for score, n in data[column].items()} for column in ("hand", "crib")}
