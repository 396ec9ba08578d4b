"""Statistics on a big store, measured: ``python -m companion.dev.stats_bench [--matches 10000] [--distinct 40]``.

It fills a fresh store with ``--matches`` whole matches across the five games, made by self-play (``--distinct``
different matches per game, each stored again under other players' names until the count is reached; the
statistics cache is filled the same way, as a first ``companion stats`` would fill it). Then it prints:

- the replay time of one match, cold (no cache), per game: what a first ``companion stats`` costs per match;
- ``companion stats --json`` on the whole store, as a fresh process (interpreter start included), warm;
- the statistics screen's first paint on it (the app started headless, the screen opened and drawn).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.games import registry
from companion.games.base import Match, Setup
from companion.games.selfplay import play_out

NAMES = ["Marie", "Paul", "Léa", "Jean", "Zoé", "Luc", "Hugo", "Anne", "Éric", "Nadia", "Yves", "Chloé", "Rémi",
         "Sofia", "Théo", "Inès"]


def _played(game: str, seed: int) -> Match:
    """One whole match between computer players (the levels that finish a match fastest)."""
    info = registry.get(game)
    players = {"cribbage": 2, "le31": 2, "rummy2500": 3, "trente_et_un": 3, "trente_et_un_banker": 4}[game]
    level = "normal" if game == "rummy2500" else "easy"
    match: Match = info.match(Setup(tuple("ABCD"[:players]), info.rules(), seed % players, "virtual", seed))
    return play_out(importlib.import_module(info.players or "").next_op, match, [level] * players)


def build(path: Path, total: int, distinct: int) -> dict[str, float]:
    """The store, with its statistics cache filled; returns the cold replay time per match, per game."""
    from companion.records.stats import cached_facts
    from companion.store.database import Store

    games = [g.id for g in registry.available()]
    rng = random.Random(1)
    cold: dict[str, float] = {}
    with Store.open(path) as store:
        per_game = total // len(games)
        for game in games:
            info = registry.get(game)
            made = [_played(game, seed) for seed in range(1, distinct + 1)]
            started = time.perf_counter()
            facts = []
            for match in made:  # what a first ``companion stats`` does for each match: replay, then figures
                replayed = info.match.replay(match.setup, [op.to_json() for op in match.log])
                facts.append(cached_facts(info, replayed))
            cold[game] = (time.perf_counter() - started) / len(made)
            rows, cache = [], []
            for n in range(per_game):
                match, fact = made[n % len(made)], facts[n % len(made)]
                names = rng.sample(NAMES, len(match.names))
                setup = info.setup_json(match.setup)
                setup["names"] = names
                summary = info.summarize(match)
                summary["names"] = names
                summary["sides"] = names if match.sides == len(names) else summary.get("sides")
                day = f"2026-{1 + n % 11:02d}-{1 + n % 27:02d}T20:{n % 60:02d}:00+00:00"
                rows.append({"game": game, "setup": setup, "ops": [op.to_json() for op in match.log],
                             "summary": summary, "finished": match.is_over, "created": day, "updated": day})
                cache.append({**fact, "names": names})
            ids = store.add_matches(rows)
            with store.writing() as conn:
                conn.executemany("INSERT INTO match_stats (match_id, rev, data) VALUES (?, 0, ?)",
                                 [(i, json.dumps(c)) for i, c in zip(ids, cache)])
    return cold


async def _first_paint(path: Path) -> tuple[float, int]:
    from companion.store.database import Store
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp
    from companion.tui.screens.statistics import StatisticsScreen
    from companion.tui.widgets.table import DataTable

    with Store.open(path) as store:
        app = CompanionApp(store, settings=Settings(lang="en"))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            started = time.perf_counter()
            app.push_screen(StatisticsScreen())
            await pilot.pause()
            seconds = time.perf_counter() - started
            rows = app.screen.query_one("#table", DataTable).row_count
    return seconds, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--distinct", type=int, default=40)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as home:
        path = Path(home) / "companion.sqlite3"
        started = time.perf_counter()
        cold = build(path, args.matches, args.distinct)
        print(f"store: {args.matches} matches ({args.distinct} distinct self-play matches per game), "
              f"built in {time.perf_counter() - started:.0f} s")
        for game, seconds in cold.items():
            print(f"  replay and figures of one {game} match, cold: {seconds * 1000:.1f} ms")
        env = dict(os.environ, COMPANION_HOME=home)
        times = []
        for _ in range(3):
            began = time.perf_counter()
            out = subprocess.run([sys.executable, "-m", "companion.cli.main", "stats", "--json"], env=env,
                                 capture_output=True, text=True, check=True)
            times.append(time.perf_counter() - began)
        data = json.loads(out.stdout)
        print(f"companion stats --json: {min(times):.2f} s (best of 3, a fresh process each), "
              f"{len(data['players'])} player lines, {len(data['head_to_head'])} head-to-head lines")
        paint, rows = asyncio.run(_first_paint(path))
        print(f"statistics screen, first paint: {paint:.2f} s ({rows} players shown)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
