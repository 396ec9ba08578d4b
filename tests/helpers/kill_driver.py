"""Child process for the kill test of every game (a script, not a test module).

    python tests/helpers/kill_driver.py HOME GAME SEED

Runs the real ``CompanionApp`` headless on ``HOME/companion.sqlite3`` and opens the unfinished virtual match of
``GAME`` stored there (computer players only), or creates one from ``SEED``. The computers play at once; after
each entry the screen shows, it prints one flushed line ``{"match": ID, "shown": N, "digest": D}``: the number
of entries in the log the screen was drawn from and a digest of that log; ``{"done": true}`` once the match is
over. The parent SIGKILLs it at random points and checks that every entry shown was saved.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make ``companion`` and ``tests`` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def digest(ops: list[dict]) -> str:
    import hashlib

    return hashlib.sha256(json.dumps(ops, sort_keys=True).encode()).hexdigest()[:16]


def computer_setup(game_id: str, seed: int):
    from companion.games import registry
    from companion.games.base import Setup

    game = registry.get(game_id)
    players = max(min(game.counts()), 2)  # the fewest the game is played by, as its GameInfo says
    return Setup(("Ordi", "Robot", "Puce")[:players], game.make_rules(players, {}), seed % players, "virtual", seed,
                 ("normal",) * players)


async def main(home: Path, game_id: str, seed: int) -> int:
    from companion.store.recovery import open_or_recover
    from companion.store.session import MatchSession
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp
    from companion.tui.game_ui import ui_for

    store, _ = open_or_recover(home / "companion.sqlite3")
    unfinished = store.list_matches(finished=False)  # the match the last run was playing, else a new one
    session = (MatchSession(store, unfinished[0].id) if unfinished
               else MatchSession.create(store, computer_setup(game_id, seed + len(store.list_matches())), game_id))
    # A little pace: each computer move is its own entry on screen (and its round report is tapped away).
    app = CompanionApp(store, settings=Settings(lang="en", pace=0.002))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ui_for(game_id).match_screen(session)
        app.push_screen(screen)
        shown = -1
        for _ in range(200_000):
            await pilot.pause()
            log = screen.match.log
            if len(log) != shown:
                shown = len(log)
                print(json.dumps({"match": session.match_id, "shown": shown,
                                  "digest": digest([op.to_json() for op in log])}), flush=True)
            if screen.match.is_over:
                print(json.dumps({"done": True}), flush=True)
                break
            if screen.match.awaiting_continue and hasattr(screen, "next_game"):
                screen.next_game()
            on_top = type(app.screen).__name__
            if on_top == "MatchEndScreen" and app.screen.query("#next"):
                app.screen.query_one("#next").press()
            elif on_top == "RoundReport":
                app.screen.query_one("#go-on").press()
    store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]))))
