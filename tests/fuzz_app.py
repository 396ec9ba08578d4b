"""Random inputs to the real app: typed lines (non-ASCII digits, control characters, long strings),
keys and clicks on whatever button the screen shows. The app must never crash, and every stored
match must still replay.

Used by ``tests/test_fuzz.py`` (a few hundred inputs, every run) and ``python -m tests.fuzz_volume``.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from textual.widgets import Button, Input

from companion.games.cribbage.engine import Setup
from companion.games.cribbage.rules import CribbageRules
from companion.session import MatchSession
from companion.settings import Settings
from companion.store import Store

TYPED = [
    "5h", "10d", "qs", "AC", "kd", "7♥", "5c", "rk", "vt", "go", "count", "compter", "undo", "annuler", "redo",
    "clear", "skip", "log", "menu", "12", "0", "29", "+7 Paul", "+7 Marie", "+3 2", "+7 ²", "²", "٣", "-3", "+",
    "+999999", "+" + "9" * 5000, "x" * 5000, "\x00", "\x1b[2J", "\t", "é", "♥♥♥", "🂡", " ", "5h 6h 7h", "5h,6d",
    "+7 " + "Z" * 300, "DROP TABLE matches;", "{\"op\": \"play\"}",
]
KEYS = ["enter", "escape", "ctrl+z", "ctrl+y", "tab", "backspace", "up", "down", "n", "p", "h", "l",
        "1", "2", "7", "minus", "space", "ctrl+s"]
NEVER_CLICK = {"quit"}  # leaving the app ends the run, it is not a crash


async def fuzz_app(home: Path, seed: int, inputs: int, lang: str = "en") -> Counter[str]:
    """Drive a fresh app with ``inputs`` random inputs; returns what was done."""
    from companion.tui.app import CompanionApp
    from companion.tui.games.cribbage.screen import MatchScreen

    rng = random.Random(seed)
    done: Counter[str] = Counter()
    home.mkdir(parents=True, exist_ok=True)
    store = Store.open(home / "companion.sqlite3")
    rules = CribbageRules(players=rng.choice([2, 3, 4]), manual_counting=rng.random() < 0.5,
                          muggins=rng.random() < 0.5, target=61)
    names = ("Marie", "Paul", "Léa", "Jean")[: rules.players]
    session = MatchSession.create(store, Setup(names, rules, 0), "cribbage")
    app = CompanionApp(store, settings=Settings(lang=lang))
    async with app.run_test(size=rng.choice([(80, 24), (120, 40), (60, 20)])) as pilot:
        app.push_screen(MatchScreen(session))
        await pilot.pause()
        for _ in range(inputs):
            kind = rng.random()
            screen = app.screen
            entries = [w for w in screen.query(Input) if w.display]
            buttons = [b for b in screen.query(Button)
                       if b.display and not b.disabled and (b.id or "") not in NEVER_CLICK]
            if kind < 0.45 and entries:
                entry = rng.choice(entries)
                entry.value = rng.choice(TYPED) if rng.random() < 0.8 else "".join(
                    chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(1, 12)))
                await entry.action_submit()
                done["typed"] += 1
            elif kind < 0.8 and buttons:
                button = rng.choice(buttons)
                button.press()
                done["clicked"] += 1
            else:
                await pilot.press(rng.choice(KEYS))
                done["keys"] += 1
            await pilot.pause()
            if not app.is_running:
                break
        done["screens"] = len(app.screen_stack)
    # Every stored match still replays through its engine.
    for record in store.list_matches():
        MatchSession(store, record.id)
        done["matches checked"] += 1
    store.close()
    return done
