"""Random inputs to the real app, in any game and mode: typed lines (markup tags, control characters, non-ASCII
digits, long strings, each game's own words), keys and clicks on whatever button the screen shows, with player
names that hold markup. The app must never crash, and every stored match must still replay.

Used by ``tests/unit/test_fuzz.py`` (a few hundred inputs, every run) and ``python -m tests.helpers.fuzz_volume``.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from textual.widgets import Button, Input

from companion.games import registry
from companion.games.base import Setup
from companion.games.cribbage.rules import CribbageRules
from companion.store.database import Store
from companion.store.session import MatchSession
from companion.store.settings import Settings
from companion.tui.screens.match_base import MatchScreenBase

# Markup a player could type or be named: closing tags crashed Rich's parser, opening ones were interpreted.
MARKUP = ["[/]", "[/b]", "5h [/i]", "[red]x", "[@click=app.quit]Jo", "[b]", "[link=http://x]y[/link]", "\\[x]",
          "[", "]", "[[/]]", "[bold red on blue]"]
CONTROL = ["\x00", "\x1b[2J", "\t", "\r", "\x7f", "\u202e", "\u200b", "a\nb"]
TYPED = [
    "5h", "10d", "qs", "AC", "kd", "7♥", "5c", "rk", "vt", "go", "count", "compter", "undo", "annuler", "redo",
    "clear", "skip", "log", "menu", "12", "0", "29", "31", "+7 Paul", "+3 2", "+7 ²", "²", "٣", "-3", "+",
    "+999999", "+" + "9" * 5000, "x" * 5000, "é", "♥♥♥", "🂡", " ", "5h 6h 7h", "5h,6d", "+7 " + "Z" * 300,
    "DROP TABLE matches;", "{\"op\": \"play\"}", "knock", "cogne", "pass", "passe", "tiens", "all tiens",
    "pass hold", "31 1", "stock", "pioche", "discard 5h", "take", "7 8 9", "1 2", "b10", "r3 v4", "out", "tally",
    "2 3 4 5", "ah ah ah", "joker",
] + MARKUP + CONTROL
KEYS = ["enter", "escape", "ctrl+z", "ctrl+y", "tab", "backspace", "up", "down", "left", "right", "n", "p", "h",
        "l", "1", "2", "7", "minus", "space", "ctrl+s"]
NEVER_CLICK = {"quit"}  # leaving the app ends the run, it is not a crash
HOSTILE_NAMES = ("Ann [/]", "[red]Léa", "[@click=app.quit]Jo", "Zoé [b]", "Paul [/b]", "\\[x] Max", "Ève [i]",
                 "Luc ]", "[link=x]Bo", "Al [[/]]")


def hostile_setup(game_id: str, mode: str, rng: random.Random) -> Setup:
    """A setup of ``game_id`` whose names all hold markup; in virtual mode seat 1 is the human."""
    from companion.core.errors import SetupError

    game = registry.get(game_id)
    while True:  # a count the game takes (Le 31: 2 or two teams of 2)
        n = rng.randint(game.min_players, min(game.max_players, 5))
        if game_id == "cribbage":
            rules = CribbageRules(players=n, manual_counting=rng.random() < 0.5, muggins=rng.random() < 0.5,
                                  target=61)
        else:
            rules = game.make_rules(n, {})
        seats = ("human",) + tuple(rng.choice(("easy", "normal")) for _ in range(n - 1)) if mode == "virtual" else ()
        setup = Setup(HOSTILE_NAMES[:n], rules, rng.randrange(n), mode, seats=seats)
        try:
            game.new_match(setup)
        except SetupError:
            continue
        return setup


async def fuzz_app(home: Path, seed: int, inputs: int, lang: str = "en", game_id: str = "cribbage",
                   mode: str = "table") -> Counter[str]:
    """Drive a fresh app on one match of ``game_id`` with ``inputs`` random inputs; returns what was done."""
    from companion.tui.app import CompanionApp
    from companion.tui.game_ui import ui_for

    rng = random.Random(seed)
    done: Counter[str] = Counter()
    home.mkdir(parents=True, exist_ok=True)
    store = Store.open(home / "companion.sqlite3")
    session = MatchSession.create(store, hostile_setup(game_id, mode, rng), game_id)
    app = CompanionApp(store, settings=Settings(lang=lang, pace=rng.choice((0.0, 0.0, 0.001))))
    async with app.run_test(size=rng.choice([(80, 24), (120, 40), (60, 20)])) as pilot:
        app.push_screen(ui_for(game_id).match_screen(session))
        await pilot.pause()
        for _ in range(inputs):
            kind = rng.random()
            screen = app.screen
            entries = [w for w in screen.query(Input) if w.display]
            buttons = [b for b in screen.query(Button)
                       if b.display and not b.disabled and (b.id or "") not in NEVER_CLICK]
            offered = screen.offered() if isinstance(screen, MatchScreenBase) else []
            if kind < 0.15 and offered:  # a move the rules offer the seat on screen, as a finger makes it
                listed = [op for choice in offered for op in choice.options() or ()]
                if listed:
                    screen.human_op(rng.choice(listed))
                    done["chosen"] += 1
            elif kind < 0.4 and entries:
                entry = rng.choice(entries)
                entry.value = rng.choice(TYPED) if rng.random() < 0.8 else "".join(
                    chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(1, 12)))
                await entry.action_submit()
                done["typed"] += 1
            elif kind < 0.85 and buttons:
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
    assert app.return_code in (None, 0), f"the app ended with status {app.return_code}"
    # Every stored match still replays through its engine.
    for record in store.list_matches():
        MatchSession(store, record.id)
        done["matches checked"] += 1
    store.close()
    return done
