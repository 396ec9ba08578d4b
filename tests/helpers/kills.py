"""Kill the app at random points while the computers play a virtual match of every game, and check that
every entry shown was saved (used by ``tests/app/test_kills.py`` and ``python -m tests.helpers.fuzz_volume --only kill``)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("kill_driver.py")


def _env() -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("COMPANION_LANG", None)
    return env


def kill_run(home: Path, game_id: str, seed: int, kills: int) -> tuple[Counter[str], list[str]]:
    """``kills`` SIGKILLs of the app playing one match of ``game_id``; returns tallies and violations."""
    from companion.games import registry
    from companion.store.database import Store
    from companion.store.session import MatchSession
    from tests.helpers.kill_driver import digest

    rng = random.Random(seed)
    home.mkdir(parents=True, exist_ok=True)
    done: Counter[str] = Counter()
    problems: list[str] = []
    registry.get(game_id)
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, str(DRIVER), str(home), game_id, str(seed)], env=_env(),
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        last: dict = {}
        wanted = rng.randint(0, 6)  # lines to read before the kill (then up to 0.2 s more, at random)
        finished = False
        assert child.stdout is not None
        for _ in range(wanted):
            line = child.stdout.readline()
            if not line:
                break
            data = json.loads(line)
            if data.get("done"):
                finished = True
                break
            last = data
        if not finished:
            time.sleep(rng.random() * 0.2)
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        done["kills"] += 1
        if finished:
            done["matches finished"] += 1
        if not last:  # killed before the first screen: nothing was shown
            continue
        with Store.open(home / "companion.sqlite3") as store:
            ops = store.ops(last["match"])
            MatchSession(store, last["match"])  # still replays
        done["entries shown"] += last["shown"]
        if len(ops) < last["shown"] or digest(ops[: last["shown"]]) != last["digest"]:
            problems.append(f"{game_id}: {last['shown']} entries shown, {len(ops)} stored or different")
            done["entries lost"] += max(0, last["shown"] - len(ops))
    return done, problems
