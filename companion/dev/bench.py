"""Benchmark: prints figures, asserts nothing (``python -m companion.dev.bench`` or ``companion bench``).

Each measurement is a function in ``MEASUREMENTS``: it receives the ``Options``
and yields ``(label, value)`` lines, printed aligned as they come. To add one
(e.g. the cold start of the app to its first screen), write such a function and
append it to the list.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.cards import Card, standard_deck

if TYPE_CHECKING:  # the measurements import what they time themselves
    from companion.games.base import Setup
    from companion.games.cribbage.ops import Op
    from companion.games.le31.deck import Le31Card

Line = tuple[str, str]
REPO_ROOT = Path(__file__).resolve().parents[2]
LABEL_WIDTH = 40


@dataclass(frozen=True)
class Options:
    sample: int = 200_000  # random (hand, starter) pairs timed by the scoring measurements
    seed: int = 2026
    repeats: int = 3  # best of
    cold_runs: int = 21  # median of (the starts take turns: see _median_runs)
    strength: float = 0.0  # self-play: the share of STRENGTH's games played (0: none)
    ui_block: float = 0.0  # seconds of virtual play per game and level for the UI-block measurement (0: none)


Measurement = Callable[[Options], Iterator[Line]]


def random_shows(n: int, seed: int) -> list[tuple[tuple[Card, ...], Card]]:
    rng = random.Random(seed)
    deck = standard_deck()
    shows = []
    for _ in range(n):
        cards = rng.sample(deck, 5)
        shows.append((tuple(cards[:4]), cards[4]))
    return shows


def _best_rate(score: Callable[[tuple[Card, ...], Card], object], shows: Sequence[tuple[tuple[Card, ...], Card]],
               repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for hand, starter in shows:
            score(hand, starter)
        best = min(best, time.perf_counter() - start)
    return len(shows) / best


_SHOWS: dict[tuple[int, int], list[tuple[tuple[Card, ...], Card]]] = {}


def _shows(options: Options) -> list[tuple[tuple[Card, ...], Card]]:
    key = (options.sample, options.seed)
    if key not in _SHOWS:
        _SHOWS[key] = random_shows(*key)
    return _SHOWS[key]


def measure_hand_score(options: Options) -> Iterator[Line]:
    from companion.games.cribbage.scoring import hand_score

    rate = _best_rate(hand_score, _shows(options), options.repeats)
    yield "hand_score", (f"{rate:,.0f} counts/s (1 core, {options.sample:,} random hands, "
                         f"best of {options.repeats})")


def measure_count_hand(options: Options) -> Iterator[Line]:
    from companion.games.cribbage.scoring import count_hand

    rate = _best_rate(count_hand, _shows(options), options.repeats)
    yield "count_hand (itemized)", (f"{rate:,.0f} counts/s (1 core, {options.sample:,} random hands, "
                                    f"best of {options.repeats})")


def measure_exact_distribution(options: Options) -> Iterator[Line]:
    from companion.games.cribbage import scoring
    from companion.games.cribbage.distribution import exact_distribution, published_distribution

    reference = published_distribution()
    for column, crib in (("hand", False), ("crib", True)):
        scoring._TEMPLATES.clear()
        scoring._BASE.clear()
        start = time.perf_counter()
        counts = exact_distribution(crib=crib)
        elapsed = time.perf_counter() - start
        verdict = "equals the published table: " + ("yes" if counts == reference[column] else "NO")
        yield f"exact distribution, {column}", f"{elapsed:.3f} s from a cold memo, {verdict}"


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    # Started as on a player's machine: Python keeps the compiled modules it wrote on the first run (a sandbox
    # that forbids it would have every start compile the package's changed modules again).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(REPO_ROOT), env.get("PYTHONPATH"))))
    env.pop("COMPANION_LANG", None)
    return env


Run = tuple[Sequence[str], "dict[str, str] | None"]  # a command and its environment (None: the bench's own)


def _median_runs(runs: Sequence[Run], times: int) -> list[float]:
    """The median wall time of each command over ``times`` starts. The commands take turns (one start of each,
    then again), so a machine that gets busier or quieter meanwhile weighs on all of them alike; a first start of
    each, not counted, writes its compiled modules and brings its files into the page cache."""
    taken: list[list[float]] = [[] for _ in runs]
    for turn in range(times + 1):
        for (command, env), kept in zip(runs, taken):
            start = time.perf_counter()
            subprocess.run(command, env=_child_env() if env is None else env, check=True, stdout=subprocess.DEVNULL)
            if turn:
                kept.append(time.perf_counter() - start)
    return [statistics.median(kept) for kept in taken]


COUNT_ARGS = ("cribbage", "count", "5H", "5D", "5C", "JS", "--starter", "5S")


CLI_START_RATIO = 2.0  # a scoring command starts within twice bare Python
STDLIB_FLOOR = ("argparse", "dataclasses", "typing", "enum", "re")  # a command's options; rules as dataclasses
APP_START_RATIO = 1.2  # the app reaches its first screen within 1.2× a minimal Textual app


def measure_cli_cold_start(options: Options) -> Iterator[Line]:
    # What any such command pays before a line of its own: the standard modules it cannot do without.
    cli, bare, floor = _median_runs([([sys.executable, "-m", "companion.cli.main", *COUNT_ARGS], None),
                                     ([sys.executable, "-c", "pass"], None),
                                     ([sys.executable, "-c", f"import {', '.join(STDLIB_FLOOR)}"], None)],
                                    options.cold_runs)
    ratio = cli / bare
    verdict = "within" if ratio <= CLI_START_RATIO else "OVER"
    yield "cold start: companion cribbage count", (f"{cli * 1000:.0f} ms (median of {options.cold_runs}; "
                                                   f"python alone {bare * 1000:.0f} ms: {ratio:.2f}×, {verdict} "
                                                   f"the {CLI_START_RATIO:g}× target)")
    yield "cold start: its standard modules alone", (f"{floor * 1000:.0f} ms ({', '.join(STDLIB_FLOOR)}): "
                                                     f"{floor / bare:.2f}× python alone")


_IMPORT_CHECK = """
import contextlib, io, sys
import companion.cli.main, companion.games.cribbage.cli
with contextlib.redirect_stdout(io.StringIO()):
    companion.cli.main.main({args!r})
print(" ".join(name for name in ("textual", "sqlite3") if name in sys.modules))
"""


def check_cli_imports(options: Options) -> Iterator[Line]:
    code = _IMPORT_CHECK.format(args=list(COUNT_ARGS))
    result = subprocess.run([sys.executable, "-c", code], env=_child_env(), check=True,
                            capture_output=True, text=True)
    loaded = result.stdout.split()
    for name in ("textual", "sqlite3"):
        yield f"{name} imported", "yes" if name in loaded else "no"


# The app started as ``companion`` starts it (store opened with open_or_recover at $COMPANION_HOME),
# headless; the auto pilot exits as soon as the home screen is mounted.
_APP_FIRST_SCREEN = """
import asyncio
from companion.store.settings import Settings
from companion.store.recovery import open_or_recover
from companion.tui.app import CompanionApp
from companion.tui.screens.home import HomeScreen

async def auto_pilot(pilot):
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while not (isinstance(pilot.app.screen, HomeScreen) and pilot.app.screen.is_mounted):
        if loop.time() > deadline:
            pilot.app.exit(return_code=1)
            return
        await asyncio.sleep(0.001)
    pilot.app.exit()

store, notice = open_or_recover()
with store:
    app = CompanionApp(store, settings=Settings(lang="en"), notice=notice)
    app.run(headless=True, size=(80, 24), auto_pilot=auto_pilot)
raise SystemExit(app.return_code or 0)
"""
APP_START_TARGET_S = 1.0

# The floor any Textual app pays: one Static on a screen, the same headless start and the same auto pilot.
_MINIMAL_FIRST_SCREEN = """
import asyncio
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("companion")

async def auto_pilot(pilot):
    while not pilot.app.screen.is_mounted:
        await asyncio.sleep(0.001)
    pilot.app.exit()

Minimal().run(headless=True, size=(80, 24), auto_pilot=auto_pilot)
"""
# The same with a menu of as many keys as the home screen's (12), drawn as the home draws them (one Textual
# OptionList): what such a first screen costs before a line of companion.
HOME_KEYS = 12
_MINIMAL_WITH_KEYS = _MINIMAL_FIRST_SCREEN.replace(
    "from textual.widgets import Static", "from textual.widgets import OptionList, Static").replace(
    '        yield Static("companion")', '        yield Static("companion")\n'
    f'        yield OptionList(*(f"key {{i}}" for i in range({HOME_KEYS})))')


def measure_app_cold_start(options: Options) -> Iterator[Line]:
    import tempfile

    from companion.store.database import Store

    with tempfile.TemporaryDirectory(prefix="companion-bench-") as home:
        env = _child_env()
        env["COMPANION_HOME"] = home
        Store.open(Path(home) / "companion.sqlite3").close()  # an existing (empty) store, as on a usual start
        app, minimal, keys, bare = _median_runs([([sys.executable, "-c", _APP_FIRST_SCREEN], env),
                                                 ([sys.executable, "-c", _MINIMAL_FIRST_SCREEN], None),
                                                 ([sys.executable, "-c", _MINIMAL_WITH_KEYS], None),
                                                 ([sys.executable, "-c", "pass"], None)], options.cold_runs)
    verdict = "under" if app < APP_START_TARGET_S else "OVER"
    yield "cold start: app to first screen", (f"{app * 1000:.0f} ms (median of {options.cold_runs}, headless; "
                                               f"python alone {bare * 1000:.0f} ms; {verdict} the "
                                               f"{APP_START_TARGET_S:g} s target)")
    ratio = app / minimal
    yield "cold start: a minimal Textual app", (f"{minimal * 1000:.0f} ms: the app takes {ratio:.2f}× "
                                                f"({'within' if ratio <= APP_START_RATIO else 'OVER'} the "
                                                f"{APP_START_RATIO:g}× target)")
    yield f"cold start: the same with {HOME_KEYS} keys", (f"{keys * 1000:.0f} ms: {keys / minimal:.2f}× the minimal "
                                                          f"app, before a line of companion (a menu as home's)")


SAVE_ENTRIES = 50


def _table_entries(seed: int) -> tuple[Setup, list[Op]]:
    """A table-mode setup and the operations its screen would save: a virtual match's starters, cards,
    goes, hands and cribs, each starter preceded by the table-mode deal."""
    from companion.games.cribbage.engine import CribbageMatch, Setup
    from companion.games.cribbage.ops import Crib, Cut, Go, Play, Show
    from companion.games.cribbage.players import play_turn
    from companion.games.cribbage.rules import CribbageRules

    rules = CribbageRules(players=2, target=121)
    virtual = CribbageMatch(Setup(("Marie", "Paul"), rules, 0, "virtual", seed))
    while virtual.phase != "match_over":
        play_turn(virtual)
    ops: list[Op] = []
    for op in virtual.log:
        if isinstance(op, (Cut, Play, Go, Show, Crib)):  # a cut starts a table-mode deal
            ops.append(op)
    return Setup(("Marie", "Paul"), rules, 0, "table"), ops


def measure_save_entry(options: Options) -> Iterator[Line]:
    import tempfile

    from companion.store.database import Store
    from companion.store.session import MatchSession

    setup, ops = _table_entries(options.seed)
    ops = ops[:SAVE_ENTRIES]
    times = []
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as home:
        with Store.open(Path(home) / "companion.sqlite3") as store:
            session = MatchSession.create(store, setup)
            for op in ops:
                start = time.perf_counter()
                session.apply(op)  # check, append + commit (WAL, synchronous=FULL), then the state
                times.append(time.perf_counter() - start)
    times.sort()
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    yield "save one entry (append, fsync)", (f"{statistics.median(times) * 1000:.2f} ms median, "
                                             f"{p90 * 1000:.2f} ms p90, {times[-1] * 1000:.2f} ms max "
                                             f"({len(times)} entries of a table-mode match, "
                                             f"MatchSession.apply on a temp store, WAL + synchronous=FULL)")


ADVISOR_HANDS = 200


def measure_discard_advisor(options: Options) -> Iterator[Line]:
    """The exact analysis of whole 6-card hands (15 discards, every starter, every opponent pair)."""
    from companion.core.cards import standard_deck
    from companion.games.cribbage.advisor import analyse

    rng = random.Random(options.seed)
    hands = [rng.sample(standard_deck(), 6) for _ in range(ADVISOR_HANDS)]
    analyse(hands[0], True)  # the first call fills the rank tables
    times = []
    for hand in hands:
        start = time.perf_counter()
        analyse(hand, rng.random() < 0.5)
        times.append(time.perf_counter() - start)
    verdict = "under" if statistics.median(times) < 0.050 else "OVER"
    yield "discard advisor: one 6-card hand", (f"{statistics.median(times) * 1000:.1f} ms median, "
                                               f"{max(times) * 1000:.1f} ms max ({ADVISOR_HANDS} random hands, "
                                               f"exact; {verdict} the 50 ms target)")


def measure_le31_plays(options: Options) -> Iterator[Line]:
    """Le 31's legal plays on the most crowded tables the deck allows: every numbered card but the hand lies
    loose on the table (the old enumeration of subsets took over a minute at 16 cards)."""
    from companion.games.base import Setup
    from companion.games.le31.deck import DEFAULT_DECK
    from companion.games.le31.engine import Le31Match
    from companion.games.le31.ops import Deal
    from companion.games.le31.plays import continuations, extendable, groupable, readings
    from companion.games.le31.rules import Le31Rules

    rng = random.Random(options.seed)
    numbered = [c for c in DEFAULT_DECK.pack() if not c.is_illustrated]
    worst_read = worst_tap = 0.0
    most = 0
    for _ in range(8):
        rng.shuffle(numbered)
        hand, table = numbered[:4], numbered[4:]
        match = Le31Match(Setup(("A", "B"), Le31Rules(), 0, "virtual", 1))
        match.apply(Deal(deck=tuple(DEFAULT_DECK.pack())))
        match.r.loose, match.r.builds, match.r.turn = list(table), [], 1
        match.r.hands = [[], list(hand)]
        for card in hand:
            groupable.cache_clear()
            extendable.cache_clear()
            start = time.perf_counter()
            plays = readings(match, 1, card)
            worst_read = max(worst_read, time.perf_counter() - start)
            most = max(most, len(plays))
            chosen: list[Le31Card] = []
            while True:  # tap by tap: each tap asks which table cards are still lit
                start = time.perf_counter()
                lit, _ = continuations(match, 1, card, chosen)
                worst_tap = max(worst_tap, time.perf_counter() - start)
                if not lit:
                    break
                chosen.append(match.r.loose[lit[0]])
    verdict = "under" if max(worst_read, worst_tap) < 0.050 else "OVER"
    yield "le31: readings of a card, worst table", (
        f"{worst_read * 1000:.1f} ms max ({len(numbered) - 4} loose cards, up to {most} plays; {verdict} the "
        f"50 ms target)")
    yield "le31: one tap of a play, worst table", f"{worst_tap * 1000:.2f} ms max (cards still lit after each tap)"


# module, players, games per level
DECISION_GAMES = {"cribbage": (2, 6), "rummy2500": (3, 1), "le31": (2, 1), "trente_et_un": (2, 2), "banker": (4, 1)}
# (game, level): the median and the longest decision it must stay under, in seconds (issue 29); any other: a
# median under 300 ms.
DECISION_TARGETS = {("cribbage", "hard"): (0.100, 0.300)}


def measure_decisions(options: Options) -> Iterator[Line]:
    """How long a computer player takes to decide, per game and level, over whole games against normal players."""
    from companion.games.selfplay import play_game

    for game, (players, games) in DECISION_GAMES.items():
        for level in ("easy", "normal", "hard"):
            times: list[float] = []
            for i in range(games):
                levels = (level,) + ("normal",) * (players - 1)
                times += play_game(game, levels, options.seed + i, i % players).decisions
            times.sort()
            median = statistics.median(times)
            p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
            most = DECISION_TARGETS.get((game, level))
            if most is None:
                verdict = f"{'under' if median < 0.300 else 'OVER'} the 300 ms target"
            else:
                under = median < most[0] and times[-1] < most[1]
                verdict = (f"{'under' if under else 'OVER'} the targets: median under {most[0] * 1000:.0f} ms, "
                           f"never over {most[1] * 1000:.0f} ms")
            yield f"{game} {level} player: a decision", (
                f"{median * 1000:.1f} ms median, {p90 * 1000:.1f} ms p90, "
                f"{times[-1] * 1000:.1f} ms max ({len(times)} decisions in {games} game(s) of {players}; "
                f"{verdict})")


def measure_chances(options: Options) -> Iterator[Line]:
    """How long a chance to win takes (issue 40: shown within 50 ms of the move): ``calibration.chance_times``."""
    from companion.dev.calibration import chance_times

    yield from chance_times(options.seed)


# The computer players' strength, as docs/strength.md reports it: game, level A, level B, players, games, seed.
STRENGTH = (("cribbage", "normal", "easy", 2, 400, 1), ("cribbage", "hard", "normal", 2, 400, 1),
            ("le31", "normal", "easy", 2, 200, 1), ("le31", "hard", "normal", 2, 100, 1),
            ("trente-et-un", "normal", "easy", 2, 300, 1), ("trente-et-un", "hard", "normal", 2, 300, 1001),
            ("banker", "normal", "easy", 4, 300, 1), ("banker", "hard", "normal", 4, 200, 1),
            ("2500", "normal", "easy", 3, 200, 1), ("2500", "hard", "normal", 3, 300, 1))


def measure_review(options: Options) -> Iterator[Line]:
    """The review of a long cribbage match (three games won, a hard player against an easy one, so that many
    decisions are costly), as ``companion review`` and the review screen make it, on the match replayed."""
    from companion.games import registry
    from companion.games.cribbage.engine import CribbageMatch, Setup
    from companion.games.cribbage.players import play_out
    from companion.games.cribbage.rules import CribbageRules
    from companion.records.review import review_match

    game = registry.get("cribbage")
    match = play_out(CribbageMatch(Setup(("Ann", "Bob"), CribbageRules(games_to_win=3), 0, "virtual", options.seed)),
                     levels=("hard", "easy"))
    replayed = game.match.replay(match.setup, [op.to_json() for op in match.log])
    started = time.perf_counter()
    reviewed = review_match(game, replayed)
    took = time.perf_counter() - started
    yield "review of a long cribbage match", (
        f"{took:.2f} s ({len(match.games)} games, {match.deal_number} deals, {len(match.log)} entries; "
        f"{len(reviewed.decisions)} decisions named; {'under' if took < 2 else 'OVER'} the 2 s target)")
    yield from _other_reviews(options)


# Each other game's longest usual match for its review: the game, its players (a normal one against easy ones, so
# that some decisions are costly).
LONG_MATCHES = (("le31", 2), ("trente-et-un", 6), ("banker", 8), ("2500", 4))


def _other_reviews(options: Options) -> Iterator[Line]:
    """The review of each other game's long match, played out by computers, as the review screen makes it."""
    import importlib

    from companion.games import registry
    from companion.games.base import Setup
    from companion.games.selfplay import play_out
    from companion.records.review import review_match

    for name, players in LONG_MATCHES:
        game = registry.resolve(name)
        assert game.players is not None
        levels = ("normal",) + ("easy",) * (players - 1)
        names = tuple(f"P{i + 1}" for i in range(players))
        match = play_out(importlib.import_module(game.players).next_op,
                         game.match(Setup(names, game.rules(), 0, "virtual", options.seed)), levels)
        replayed = game.match.replay(match.setup, [op.to_json() for op in match.log])
        started = time.perf_counter()
        reviewed = review_match(game, replayed)
        took = time.perf_counter() - started
        yield f"review of a long {name} match", (
            f"{took:.2f} s ({players} players, {len(match.log)} entries; {len(reviewed.decisions)} decisions named; "
            f"{'under' if took < 2 else 'OVER'} the 2 s target)")


def measure_strength(options: Options) -> Iterator[Line]:
    """Self-play win rates with their 95% intervals (``--strength``: long, an hour or more on two cores)."""
    from companion.games.selfplay import run

    for game, a, b, players, games, seed in STRENGTH:
        games = max(1, round(games * options.strength))
        result = run(game, a, b, games, seed, players)
        low, high = result["ci95"]
        verdict = "better" if result["a_better"] else "NOT shown better"
        yield f"{game} {a} against {b}", (
            f"{result['win_rate']:.1%} of {games} games at {players} (95% CI {low:.1%}–{high:.1%}, even share "
            f"{result['even']:.1%}): {verdict}; seed {seed}, {result['seconds']:.0f} s")


def measure_ui_block(options: Options) -> Iterator[Line]:
    """The longest time the app's event loop is blocked (nothing redrawn, no tap taken) while computer players
    play a virtual game of each game at each level, instant pace, for ``options.ui_block`` seconds each."""
    import asyncio
    import gc
    import tempfile

    from companion.games import registry
    from companion.games.base import LEVELS, Setup
    from companion.store.database import Store
    from companion.store.session import MatchSession
    from companion.store.settings import Settings
    from companion.tui.app import CompanionApp
    from companion.tui.game_ui import ui_for
    from companion.tui.widgets.plain import Button

    async def one(game_id: str, level: str, home: Path) -> tuple[float, float, int]:
        game = registry.get(game_id)
        n = 2 if game.max_players < 5 else 3  # a size every game takes (Le 31: 2 or two teams)
        setup = Setup(("A", "B", "C")[:n], game.make_rules(n, {}), 0, "virtual", options.seed, (level,) * n)
        store = Store.open(home / f"{game_id}-{level}.sqlite3")
        session = MatchSession.create(store, setup, game_id)
        app = CompanionApp(store, settings=Settings(lang="en", pace=0.0))
        worst = ending = 0.0
        async with app.run_test(size=(80, 24)):
            loop = asyncio.get_running_loop()
            app.push_screen(ui_for(game_id).match_screen(session))
            end, last = time.monotonic() + options.ui_block, loop.time()
            while time.monotonic() < end and not session.match.is_over:
                await asyncio.sleep(0.005)  # a tick every 5 ms: any lateness is time the loop was blocked
                now = loop.time()
                if session.match.is_over:  # the tick that saw the last move also drew the match's end screen
                    ending = now - last - 0.005
                else:
                    worst = max(worst, now - last - 0.005)
                last = now
                if type(app.screen).__name__ in ("RoundReport", "MatchEndScreen"):  # tapped away at once
                    for button in app.screen.query("#next, #go-on").results(Button):
                        button.press()
        moves = len(session.match.log)
        store.close()
        return worst, ending, moves

    with tempfile.TemporaryDirectory() as tmp:
        for game in registry.available():
            if not game.virtual_play:
                continue
            for level in LEVELS:
                gc.collect()  # each run starts from a clean heap, as a new app does, not the previous run's garbage
                worst, ending, moves = asyncio.run(one(game.id, level, Path(tmp)))
                end = f"; the match's end screen {ending * 1000:.0f} ms" if ending else ""
                yield f"UI loop blocked, {game.id} {level}", f"{worst * 1000:.0f} ms longest over {moves} entries{end}"


MEASUREMENTS: list[Measurement] = [
    measure_hand_score,
    measure_count_hand,
    measure_discard_advisor,
    measure_le31_plays,
    measure_decisions,
    measure_chances,
    measure_review,
    measure_exact_distribution,
    measure_cli_cold_start,
    check_cli_imports,
    measure_app_cold_start,
    measure_save_entry,
]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.dev.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=Options.sample, metavar="N",
                        help="random hands for the scoring measurements (default %(default)s)")
    parser.add_argument("--strength", nargs="?", type=float, const=1.0, default=0.0, metavar="SHARE",
                        help="also play the self-play matches of docs/strength.md (an hour or more on two cores), "
                             "or SHARE of their games")
    parser.add_argument("--ui-block", nargs="?", type=float, const=15.0, default=0.0, metavar="SECONDS",
                        help="also measure the longest block of the app's event loop while computers play each game "
                             "at each level (SECONDS each, default 15)")
    parser.add_argument("--start", action="store_true", help="only the start-up lines (the app and a command)")
    parser.add_argument("--review", action="store_true", help="only the review of a long match of each game")
    parser.add_argument("--cold-runs", type=int, default=Options.cold_runs, metavar="N",
                        help="starts timed for each start-up line, their median kept (default %(default)s)")
    args = parser.parse_args(argv)
    options = Options(sample=max(1, args.sample), strength=max(0.0, args.strength), ui_block=max(0.0, args.ui_block),
                      cold_runs=max(1, args.cold_runs))
    print(f"companion bench: python {sys.version.split()[0]}, {os.cpu_count()} cpu(s) seen", flush=True)
    extra = ([measure_strength] if options.strength else []) + ([measure_ui_block] if options.ui_block else [])
    measurements = [measure_cli_cold_start, check_cli_imports, measure_app_cold_start] if args.start else MEASUREMENTS
    measurements = [measure_review] if args.review else measurements
    for measure in measurements + extra:
        for label, value in measure(options):
            print(f"{label + ':':<{LABEL_WIDTH}} {value}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
