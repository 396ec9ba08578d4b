"""Regenerates the tables of the chance to win that the games ship (issue 40; a developer's command, never run by
the app; nothing is downloaded)::

    python -m companion.dev.chance_tables                 # every table
    python -m companion.dev.chance_tables --only cribbage # one of: cribbage, le31, rummy2500, trente_et_un, banker

- cribbage (``games/cribbage/data/chance.json``): the whole board of ``endgame.pone_wins_table`` (0.6 s of work, so
  shipped rather than worked out when a screen first asks), from the deal figures of ``data/endgame.json``; and the
  crib's own points (every crib and starter, ``distribution.exact_distribution``), for the last count of a deal.
- the others (``games/<game>/data/chance.json``): self-play between normal players (game ``i`` from seed
  ``SEED + i``, the first dealer turning), each seat's key at the start of every round (``chance.py`` of the game
  says which keys) tallied with whether that seat's side won: ``{key: [wins, games]}``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from companion.games.chance import MIN_GAMES

GAMES = Path(__file__).resolve().parents[1] / "games"
SEED = 400_000  # far from the seeds the calibration plays (1 onwards)
# game: its registered id, the package holding its chance, the table's file, and per (players, rules): games
SELFPLAY: dict[str, tuple[str, str, str, dict[tuple[int, str], int]]] = {
    "le31": ("le31", "le31", "chance.json", {(2, ""): 8_000, (4, ""): 2_000}),
    "rummy2500": ("2500", "rummy2500", "chance.json", {(2, ""): 8_000, (3, ""): 2_000, (4, ""): 1_500}),
    "trente_et_un": ("trente-et-un", "trente_et_un", "chance.json",
                     {(2, ""): 12_000, (3, ""): 4_000, (4, ""): 4_000, (2, "lives"): 12_000, (3, "lives"): 4_000,
                      (4, "lives"): 4_000}),
    "banker": ("banker", "trente_et_un", "banker_chance.json", {(2, ""): 12_000, (3, ""): 4_000, (4, ""): 4_000}),
}
RULES = {"lives": {"scoring_mode": "lives"}}  # the rules a table is also played with, besides the defaults


def cribbage() -> Path:
    from companion.games.cribbage import endgame
    from companion.games.cribbage.distribution import exact_distribution

    d = endgame.data()
    size, scale = endgame.SIZE, endgame.SCALE
    table = endgame.pone_wins_table(d["pegging"], d["pone_first"], d["pone_show"], d["dealer_show"], reach=size)
    crib = exact_distribution(crib=True)
    words = ("The pone's chance to win at the start of a deal in ten-thousandths, v[x - 1][y - 1] when "
             "the pone needs x points and the dealer y (endgame.pone_wins_table over the whole board, "
             "from endgame.json's deal figures); crib: how many (crib, starter) pairs score each number of points.")
    out = {"description": words, "regenerate": "python -m companion.dev.chance_tables --only cribbage", "scale": scale,
           "crib": [crib.get(k, 0) for k in range(max(crib) + 1)]}
    path = GAMES / "cribbage" / "data" / "chance.json"
    rows = [[round(table[x][y] * scale) for y in range(1, size + 1)] for x in range(1, size + 1)]
    text = json.dumps(out, indent=1)[:-2]
    text += ',\n "v": [\n' + ",\n".join("  " + json.dumps(row, separators=(",", ":")) for row in rows) + "\n ]\n}\n"
    path.write_text(text, encoding="utf-8")
    return path


def _tally_one(args: tuple[str, str, int, str, int, int]) -> dict[str, list[float]]:
    """The keys of one self-play game: every seat's keys at each round's start, with its side's share of the win."""
    from companion.games import registry
    from companion.games.base import Setup
    from companion.games.selfplay import play_out

    game_id, package, players, rules, seed, first = args
    info = registry.resolve(game_id)
    module = importlib.import_module(f"companion.games.{package}.chance")
    players_module = importlib.import_module(info.players or "")
    names = tuple(f"P{i}" for i in range(players))
    match = info.new_match(Setup(names, info.make_rules(players, RULES.get(rules, {})), first, "virtual", seed))
    seen: list[tuple[int, tuple[str, ...]]] = []
    fresh = info.match(match.setup)
    play_out(players_module.next_op, match, ("normal",) * players)
    last = None
    for op in [*match.log, None]:
        if fresh.outcome is not None:
            break
        mark = module.round_mark(fresh)
        if mark != last:
            last = mark
            for seat in range(players):
                seen.append((seat, tuple(module.keys(fresh, seat))))
        if op is None:
            break
        fresh.apply(op)
    outcome = match.outcome
    winners = outcome.winners if outcome is not None else ()
    tally: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    for seat, keys in seen:
        side = match.side_of(seat)
        won = 1.0 / len(winners) if side in winners else 0.0
        for key in keys:
            tally[key][0] += won
            tally[key][1] += 1
    return dict(tally)


def selfplay_table(game: str, jobs: int, scale: float = 1.0) -> Path:
    game_id, package, name, counts = SELFPLAY[game]
    total: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    played = {}
    for (players, rules), games in counts.items():
        games = max(1, int(games * scale))
        played[f"{players}{' ' + rules if rules else ''}"] = games
        tasks = [(game_id, package, players, rules, SEED + i, i % players) for i in range(games)]
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as pool:
                parts = list(pool.map(_tally_one, tasks, chunksize=max(1, games // (jobs * 8))))
        else:
            parts = [_tally_one(t) for t in tasks]
        for part in parts:
            for key, (wins, n) in part.items():
                total[key][0] += wins
                total[key][1] += n
    path = GAMES / package / "data" / name
    path.parent.mkdir(exist_ok=True)
    head = {"description": "Self-play between normal players: for each key (chance.py: keys), each time a seat "
                           "was at that key at a round's start, [its side's wins (a shared win counts its share), "
                           "times seen].",
            "regenerate": f"python -m companion.dev.chance_tables --only {game}", "seed": SEED,
            "games": played}
    # Only the keys seen often enough to answer (chance.MIN_GAMES): the file stays small.
    rows = ",\n".join(f"  {json.dumps(k)}: [{round(w, 2):g},{n}]" for k, (w, n) in sorted(total.items())
                      if n >= MIN_GAMES)
    path.write_text(json.dumps(head, indent=1)[:-2] + ',\n "table": {\n' + rows + "\n }\n}\n", encoding="utf-8")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.dev.chance_tables", description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("cribbage", *SELFPLAY), default=None)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="a share of the usual number of games (a quick try)")
    args = parser.parse_args(argv)
    for game in ("cribbage", *SELFPLAY):
        if args.only in (None, game):
            path = cribbage() if game == "cribbage" else selfplay_table(game, max(1, args.jobs), args.scale)
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
