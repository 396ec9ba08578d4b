"""Regenerates the two tables the hard cribbage player reads, from many dealt hands (a developer's command, never
run by the app; nothing is downloaded)::

    python -m companion.dev.cribbage_tables --deals 40000 --seed 29

Both are written in ``companion/games/cribbage/data/``. Each deal is two players' six cards and a starter from a
seeded shuffle (deal ``i`` from ``Random(f"{seed}:{i}")``, so any number of processes gives the same files):

- ``throws.json`` (the advisor's ``players`` crib model, ``throws.py``): for the dealer and for the pone, how
  many times each pair of ranks was laid away by the normal player (``players.normal_discard``) and by the exact
  advisor with the uniform model (the hard player's discard before the crib model existed), both counted.
- ``endgame.json`` (``endgame.py``): with both players laying away by the exact advisor and pegging with the
  normal policy, how many times each pair of pegging points (pone, dealer with his heels), each pone's show and each
  dealer's show (hand and crib) came up; and the table of the chance to win worked out from them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from companion.core.cards import Card, standard_deck
from companion.games.cribbage import endgame
from companion.games.cribbage.rules import DEFAULT_RULES
from companion.games.cribbage.scoring import hand_score

DATA = Path(__file__).resolve().parents[1] / "games" / "cribbage" / "data"  # beside the rules that read them
# The counts of some deals: "throws" (per role, 13 × 13 pairs of ranks laid away), and Counters keyed by points
# ("pegging", "pone_first": pairs; "pone_show", "dealer_show": one figure); added up over the workers' chunks.
Figures = dict[str, Any]


def _away_of(hand: Sequence[Card], away: Sequence[Card]) -> list[Card]:
    return [c for c in hand if c not in away]


def deal_figures(seed: int, first: int, count: int) -> Figures:
    """The counts of deals ``first`` to ``first + count - 1``."""
    from companion.games.cribbage.advisor import analyse
    from companion.games.cribbage.hard import normal_card, pair_points, peg_out
    from companion.games.cribbage.players import normal_discard

    rules = DEFAULT_RULES
    pairs = pair_points(rules)
    throws = {"dealer": [[0] * 13 for _ in range(13)], "pone": [[0] * 13 for _ in range(13)]}
    pegging: Counter[tuple[int, int]] = Counter()
    pone_first: Counter[tuple[int, int]] = Counter()
    pone_show: Counter[int] = Counter()
    dealer_show: Counter[int] = Counter()
    for i in range(first, first + count):
        deck = standard_deck()
        random.Random(f"{seed}:{i}").shuffle(deck)
        hands = {"pone": deck[:6], "dealer": deck[6:12]}
        starter = deck[12]
        chosen = {}
        for role, hand in hands.items():
            own = role == "dealer"
            exact = analyse(hand, own, rules)[0].discard
            for away in (normal_discard(hand, own, rules), exact):
                a, b = sorted(int(c.rank) for c in away)
                throws[role][a - 1][b - 1] += 1
            chosen[role] = exact
        kept = {role: _away_of(hands[role], chosen[role]) for role in hands}
        seats = [[c.index for c in kept["pone"]], [c.index for c in kept["dealer"]]]  # the pone is seat 0
        points = [0, 0]
        heels = rules.his_heels if starter.rank == 11 else 0
        trace = [(1, heels)] if heels else []
        peg_out(seats, (0, 1), [], 0, 0, -1, 0, normal_card(seats[0], [], 0, pairs), pairs, points, trace=trace)
        pegging[(points[0], points[1] + heels)] += 1
        pone_first.update(_pone_first(trace))
        pone_show[hand_score(kept["pone"], starter, False, rules)] += 1
        crib = (*chosen["pone"], *chosen["dealer"])
        dealer_show[hand_score(kept["dealer"], starter, False, rules) + hand_score(crib, starter, True, rules)] += 1
    return {"throws": throws, "pegging": pegging, "pone_first": pone_first, "pone_show": pone_show,
            "dealer_show": dealer_show}


def _pone_first(trace: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every (x, y) such that the pone (side 0) reached x points in this play before the dealer reached y, both
    reaching them."""
    reached: list[list[int]] = [[], []]  # per side, the step at which each point (1, 2, ...) was reached
    for step, (side, points) in enumerate(trace):
        reached[side] += [step] * points
    return [(x, y) for x, tx in enumerate(reached[0], 1) for y, ty in enumerate(reached[1], 1) if tx < ty]


def _chunk(args: tuple[int, int, int]) -> Figures:
    return deal_figures(*args)


def gather(deals: int, seed: int, jobs: int) -> Figures:
    size = max(1, deals // (jobs * 8))
    tasks = [(seed, start, min(size, deals - start)) for start in range(0, deals, size)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_chunk, tasks))
    else:
        parts = [_chunk(t) for t in tasks]
    total: Figures = {"throws": {"dealer": [[0] * 13 for _ in range(13)], "pone": [[0] * 13 for _ in range(13)]},
                   "pegging": Counter(), "pone_first": Counter(), "pone_show": Counter(), "dealer_show": Counter()}
    for part in parts:
        for role in ("dealer", "pone"):
            for a in range(13):
                for b in range(13):
                    total["throws"][role][a][b] += part["throws"][role][a][b]
        for key in ("pegging", "pone_first", "pone_show", "dealer_show"):
            total[key].update(part[key])
    return total


def _rows(name: str, rows: Sequence[Sequence[int]]) -> str:
    return f' "{name}": [\n' + ",\n".join("  " + json.dumps(list(row), separators=(",", ":")) for row in rows) + "\n ]"


def write(figures: Figures, deals: int, seed: int) -> None:
    command = f"python -m companion.dev.cribbage_tables --deals {deals} --seed {seed}"
    head = {"description": "How many times each pair of ranks was laid away (row rank <= column rank, ace = 0), "
                           "by the normal player and by the exact advisor (uniform crib model), each counted, "
                           "in each role: the dealer to his own crib, the pone to the dealer's.",
            "regenerate": command, "deals": deals, "seed": seed}
    text = json.dumps(head, indent=1)[:-2] + ",\n" + _rows("dealer", figures["throws"]["dealer"]) + ",\n" \
        + _rows("pone", figures["throws"]["pone"]) + "\n}\n"
    (DATA / "throws.json").write_text(text, encoding="utf-8")

    pegging = sorted([p, q, n] for (p, q), n in figures["pegging"].items())
    pone_first = sorted([x, y, n] for (x, y), n in figures["pone_first"].items())
    pone_show = [figures["pone_show"].get(k, 0) for k in range(max(figures["pone_show"]) + 1)]
    dealer_show = [figures["dealer_show"].get(k, 0) for k in range(max(figures["dealer_show"]) + 1)]
    table = endgame.pone_wins_table(pegging, pone_first, pone_show, dealer_show)
    reach, size, scale = endgame.REACH, endgame.SIZE, endgame.SCALE
    near_pone = [[round(table[x][y] * scale) for y in range(1, size + 1)] for x in range(1, reach + 1)]
    near_dealer = [[round(table[x][y] * scale) for x in range(reach + 1, size + 1)] for y in range(1, reach + 1)]
    head = {"description": "Two players who lay away by the exact advisor and peg with the normal policy: how many "
                           "times each (pone's pegging, dealer's pegging with his heels) came up, how many times "
                           "the pone reached x points of the play before the dealer reached y (pone_first: x, y, "
                           "times), each pone's show and each dealer's show (hand and crib), by points; and the "
                           "pone's chance to win at the "
                           f"start of a deal in ten-thousandths: near_pone[x - 1][y - 1] when the pone needs x <= "
                           f"{reach} and the dealer y; near_dealer[y - 1][x - {reach + 1}] when the dealer needs "
                           f"y <= {reach} and the pone x > {reach}.",
            "regenerate": command, "deals": deals, "seed": seed, "reach": reach, "size": size, "scale": scale}
    compact = {name: json.dumps(values, separators=(",", ":")) for name, values in
               (("pone_show", pone_show), ("dealer_show", dealer_show))}
    text = json.dumps(head, indent=1)[:-2] + f',\n "pone_show": {compact["pone_show"]},\n "dealer_show": ' \
        f'{compact["dealer_show"]},\n' + _rows("pegging", pegging) + ",\n" + _rows("pone_first", pone_first) + ",\n" \
        + _rows("near_pone", near_pone) + ",\n" + _rows("near_dealer", near_dealer) + "\n}\n"
    (DATA / "endgame.json").write_text(text, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.dev.cribbage_tables",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    write(gather(args.deals, args.seed, max(1, args.jobs)), args.deals, args.seed)
    print(f"wrote {DATA / 'throws.json'} and {DATA / 'endgame.json'} from {args.deals} deals (seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
