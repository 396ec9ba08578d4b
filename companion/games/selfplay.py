"""Self-play: computer players against each other, to measure their strength (``companion selfplay``, in
``companion/cli/selfplay.py``).

Each game plays N seeded games (game ``i`` uses seed ``S + i``) with the first dealer alternating, level A in
seat 0 against level B in every other seat, and prints A's win rate with its 95% confidence interval (Wilson
score interval), whether A is better at that confidence (the interval's low end above an even share), each
level's figures per deal, and how long one decision takes. Games run on every core; the result depends only on
the seed.

A game plugs in through its ``GameInfo.selfplay``: the name of a module holding ``play_match(match, levels) ->
GameRecord`` (the match dealt here, by ``new_match``, under the default rules or the house rules asked for) and
``FIGURES`` (the figure names it reports, in order, with their labels). The game is named as on every command line
(its id, dashed, or an alias: ``registry.resolve``).
"""

from __future__ import annotations

import math
import os
import time
import types
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from companion.core.i18n import Msg

# LEVELS: a game's selfplay module may name more (cribbage: its previous hard player).
from companion.games.base import LEVELS, Match, Operation, Rules, Setup, rule_fields

M = TypeVar("M", bound=Match)
NextOp = Callable[[M, Sequence[str]], "Operation | None"]
MAX_OPS = 200_000  # a match that takes more has a loop in a player: an error, not a hang

Z95 = 1.959963984540054


@dataclass
class GameRecord:
    """One game: the winning seats, and per seat each figure's total and how many times it was counted (its
    figure per deal is the total over the count: hand points per hand, crib points per crib of its own…)."""

    winners: tuple[int, ...]
    totals: list[dict[str, float]]
    counts: list[dict[str, int]]
    decisions: list[float] = field(default_factory=list)  # seconds per decision of seat 0
    chances: list[float] = field(default_factory=list)  # each chance to win the table showed for seat 0 (issue 40)


def computer_moves(next_op: NextOp[M], match: M, levels: Sequence[str]) -> Iterator[tuple[Operation, float]]:
    """Every step of a match whose seats are all computers (``next_op`` is the game's ``players.next_op``), each
    with the seconds it took to choose: yielded before it is applied, so that the match is still as it was when
    chosen (``match.chooser(op)`` says whose choice it was)."""
    for _ in range(MAX_OPS):
        started = time.perf_counter()
        op = next_op(match, levels)
        if op is None:
            return
        yield op, time.perf_counter() - started
        match.apply(op)
    raise RuntimeError("match did not end")


def play_out(next_op: NextOp[M], match: M, levels: Sequence[str]) -> M:
    """The match played to its end by computer players, for tests and tools."""
    for _ in computer_moves(next_op, match, levels):
        pass
    return match


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: honest near 0 and 1 and for small n."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_module(game: str) -> types.ModuleType:
    from companion.core.errors import SetupError
    from companion.games import registry

    module = registry.part(registry.resolve(game), "selfplay")
    if module is None:
        raise SetupError(NO_SELFPLAY(game=game))
    return module


BAD_PLAYERS = Msg("{n} players: a table has 2 to 16", "{n} joueurs : une table en a de 2 à 16")
MAX_GAMES, MAX_JOBS = 1_000_000, 256
BAD_COUNT = Msg(f"--games is 1 to {MAX_GAMES:,} and --jobs 1 to {MAX_JOBS}",
                f"--games vaut de 1 à {MAX_GAMES:,} et --jobs de 1 à {MAX_JOBS}".replace(",", "\u202f"))
BAD_LEVEL = Msg("no level {level} for {game}: {levels}", "pas de niveau {level} pour {game} : {levels}")
NO_SELFPLAY = Msg("no computer players for {game} yet", "pas encore de joueurs ordinateur pour {game}")
BAD_RULE = Msg("--rule {rule}: NAME=VALUE, the NAME one of {game}'s rules: {known}",
               "--rule {rule} : NOM=VALEUR, le NOM parmi les règles de {game} : {known}")
YES, NO = ("yes", "true", "oui", "on"), ("no", "false", "non", "off")


def read_rules(game: str, given: Sequence[str], players: int) -> Rules:
    """The house rules ``NAME=VALUE`` given (``scoring_mode=lives``, ``tokens=5``, ``muggins=yes``), over the
    game's defaults for so many players; an unknown rule or a value it cannot take is refused in a line."""
    from companion.core.errors import SetupError
    from companion.games import registry

    info = registry.resolve(game)
    known = {f.name: f.default for f, _ in rule_fields(info.rules)}  # each checked by the rules (players: --players)
    values: dict[str, Any] = {}
    for text in given:
        name, value = (part.strip() for part in text.partition("=")[::2])
        if name not in known or not value:
            raise SetupError(BAD_RULE(rule=text, game=game, known=", ".join(sorted(known))))
        default = known[name]
        if isinstance(default, bool):  # a wrong word is left as a string: the rules refuse it, naming it
            values[name] = True if value.lower() in YES else False if value.lower() in NO else value
        elif isinstance(default, int) and value.lstrip("-").isdigit():
            values[name] = int(value)
        else:
            values[name] = value
    return info.make_rules(players, values)


def new_match(game: str, levels: Sequence[str], seed: int, first_dealer: int, rules: Rules | None = None) -> Match:
    """A virtual match between computers (seats named P0, P1…), dealt from ``seed``; the default rules unless
    ``rules``."""
    from companion.games import registry

    info = registry.resolve(game)
    rules = rules if rules is not None else info.make_rules(len(levels), {})
    match: Match = info.new_match(Setup(tuple(f"P{i}" for i in range(len(levels))), rules, first_dealer, "virtual",
                                        seed))
    return match


def play_game(game: str, levels: tuple[str, ...], seed: int, first_dealer: int, rules: Rules | None = None
              ) -> GameRecord:
    """One whole match between computers of these levels (seat by seat), and its record."""
    record: GameRecord = game_module(game).play_match(new_match(game, levels, seed, first_dealer, rules), levels)
    return record


def _one(args: tuple[str, tuple[str, ...], int, int, Rules | None]) -> GameRecord:
    return play_game(*args)


def run(game: str, a: str, b: str, games: int, seed: int, players: int = 2, jobs: int | None = None,
        rules: Rules | None = None) -> dict[str, Any]:
    """``rules``: the house rules played (``read_rules``); the game's defaults when None."""
    from companion.core.errors import SetupError
    from companion.games import registry

    module = game_module(game)
    levels_known = getattr(module, "LEVELS", LEVELS)
    for level in (a, b):
        if level not in levels_known:
            raise SetupError(BAD_LEVEL(level=level, game=game, levels=", ".join(levels_known)))
    if not 2 <= players <= 16:
        raise SetupError(BAD_PLAYERS(n=players))
    if not 1 <= games <= MAX_GAMES or (jobs is not None and not 1 <= jobs <= MAX_JOBS):
        raise SetupError(BAD_COUNT)
    levels = (a,) + (b,) * (players - 1)
    default = registry.resolve(game).make_rules(players, {}).to_dict()
    house = {k: v for k, v in (rules.to_dict() if rules is not None else {}).items() if v != default[k]}
    tasks = [(game, levels, seed + i, i % players, rules) for i in range(games)]
    started = time.perf_counter()
    jobs = jobs or os.cpu_count() or 1
    records = [_one(tasks[0])]  # here, first: a setup the game refuses is said at once, in this process
    if jobs > 1 and games > 2:
        with ProcessPoolExecutor(jobs) as pool:
            records += list(pool.map(_one, tasks[1:], chunksize=max(1, games // (jobs * 8))))
    else:
        records += [_one(t) for t in tasks[1:]]
    seconds = time.perf_counter() - started
    # A shared win (a tie at the top) counts as a fraction: A's share of the wins.
    a_wins = sum(1 / len(r.winners) for r in records if 0 in r.winners)
    low, high = wilson(a_wins, games)
    even = 1 / players
    figures: dict[str, dict[str, float]] = {}
    for label, seats in (("a", [0]), ("b", list(range(1, players)))):
        figures[label] = {}
        for name, _ in module.FIGURES:
            count = sum(r.counts[s].get(name, 0) for r in records for s in seats)
            total = sum(r.totals[s].get(name, 0.0) for r in records for s in seats)
            figures[label][name] = round(total / max(count, 1), 3)
    decisions = sorted(d for r in records for d in r.decisions)
    median = decisions[len(decisions) // 2] * 1000 if decisions else 0.0
    return {"game": game, "a": a, "b": b, "players": players, "games": games, "seed": seed,
            "a_wins": round(a_wins, 3), "win_rate": round(a_wins / games, 4) if games else 0.0,
            "ci95": [round(low, 4), round(high, 4)], "even": round(even, 4), "a_better": low > even,
            "figures": figures, "a_decision_ms_median": round(median, 2), "seconds": round(seconds, 1),
            # Each chance shown for A (the table's view, to the percent) with A's share of that game's win.
            "chances": [[c, round(1 / len(r.winners), 3) if 0 in r.winners else 0] for r in records for c in r.chances],
            "rules": house}  # the house rules played other than the defaults (``--rule``)
