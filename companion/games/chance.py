"""Each side's chance to win, live (issue 40): what the games share.

A game names the module of its chance in ``GameInfo.chance``; that module holds ``chances(match, seat)``: one chance
per side, in the order of ``match.standings()``, to win the game from here as ``seat`` may know it (``seat`` None:
the table, public cards only; a seat may use its own hand), or None when it cannot say. Where a match is several
games (cribbage), ``match_chances(match, seat)`` gives the chance to win the match too.

Shared here: reading a shipped table (package data, by ``importlib.resources``), the self-play tables of the games
whose chance comes from the scores alone (:func:`from_tally`: the win rate seen in self-play for the finest key with
enough games behind it), the chance of a match from the chance of its games (:func:`match_from_games`), and what the
selfplay harness and the calibration read (:func:`course`: every chance a seat was shown through a match).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from importlib.resources import files
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from companion.core.i18n import Joined, Msg
from companion.games import registry

if TYPE_CHECKING:
    from companion.games.base import Match
    from companion.games.info import GameInfo

Chances = tuple[float, ...]
CHANCE_TO_WIN = Msg("Chance to win: {sides}", "Chances de gagner : {sides}")
CHANCE_MATCH = Msg("Chance to win the match: {sides}", "Chances de gagner le match : {sides}")
YOUR_CHANCE = Msg("Your chance to win: {percent}", "Vos chances de gagner : {percent}")
MIN_GAMES = 150  # a key of a self-play table answers only with this many games behind it (else a coarser key)
UNSURE = 1e-4  # an estimate's bounds while the game is under way: « 100% » or « 0% » only once it is decided


@cache
def read_table(package: str, name: str) -> Any:
    """A table shipped with a game: ``<package>/data/<name>``, read once."""
    return json.loads(files(package).joinpath("data", name).read_text("utf-8"))


def module_of(info: GameInfo[Any]) -> ModuleType | None:
    """The game's chance module, imported on first use; None when the game has none."""
    return registry.part(info, "chance")


def chances(info: GameInfo[Any], match: Match, seat: int | None = None) -> Chances | None:
    """Each side's chance to win the game, as ``seat`` may know it; None when the game cannot say."""
    module = module_of(info)
    return module.chances(match, seat) if module is not None else None


def match_chances(info: GameInfo[Any], match: Match, seat: int | None = None) -> Chances | None:
    """Each side's chance to win the match, where a match is several games (None elsewhere)."""
    module = module_of(info)
    found = getattr(module, "match_chances", None)
    return found(match, seat) if found is not None else None


def side_of(match: Match, seat: int) -> int:
    """The index in ``standings()`` of the side a seat plays for."""
    sides = [s.side for s in match.standings()]
    side = match.side_of(seat)
    return sides.index(side) if side in sides else seat


def decided(match: Match) -> Chances | None:
    """A match that is over: 1 for each winner (shared when several), 0 for the others."""
    outcome = match.outcome
    if outcome is None:
        return None
    sides = [s.side for s in match.standings()]
    won = [side in outcome.winners for side in sides]
    return tuple(1.0 / sum(won) if w else 0.0 for w in won)


class Percent(NamedTuple):
    """A chance as a player reads it: « 71% », « 71 % » in French; never 0 or 100 until the game is decided."""

    value: float

    def display(self, lang: str) -> str:
        n = round(self.value * 100)
        if 0.0 < self.value < 1.0:
            n = max(1, min(99, n))
        return f"{n}\u00a0%" if lang == "fr" else f"{n}%"


def said(match: Match, found: Chances, whole_match: bool = False) -> Msg:
    """« Chance to win: Anne 71% · Bob 29% »: each side by its name in the standings."""
    names = [s.name for s in match.standings()]
    sides = Joined(tuple(Msg("{name} {p}", "{name} {p}")(name=n, p=Percent(c)) for n, c in zip(names, found)), " · ")
    return (CHANCE_MATCH if whole_match else CHANCE_TO_WIN)(sides=sides)


def own_chance(info: GameInfo[Any], match: Match, seat: int) -> Msg | None:
    """« Your chance to win: 71% » for a seat's own page, from what that seat may know (its own hand); None when
    the game cannot say or is over."""
    if match.is_over:
        return None
    found = chances(info, match, seat)
    return None if found is None else YOUR_CHANCE(percent=Percent(found[side_of(match, seat)]))


# ---------------------------------------------------------------- self-play tables


def unsure(p: float) -> float:
    """An estimate of a game under way, never 0 or 1 (a rounded table or a key always won is not a certainty)."""
    return min(1.0 - UNSURE, max(UNSURE, p))


def from_tally(table: dict[str, list[float]], keys: Sequence[str]) -> float | None:
    """The win rate of the first (finest) key with ``MIN_GAMES`` games or more: ``table[key] = [wins, games]``."""
    for key in keys:
        found = table.get(key)
        if found is not None and found[1] >= MIN_GAMES:
            return unsure(found[0] / found[1])
    return None


def from_table(package: str, name: str, keys: Sequence[Sequence[str]]) -> Chances | None:
    """Each side's chance from a shipped self-play table (``keys``: each side's keys, finest first), summing to
    one; None when a side's keys were too seldom seen in self-play (a player count or a rule it never played)."""
    tally = read_table(package, name)["table"]
    return normalised([from_tally(tally, side) if side else 0.0 for side in keys])


def bucket(value: int, size: int) -> int:
    """The band of ``size`` a value falls in (negative values too: floor division)."""
    return value // size


def normalised(values: Sequence[float | None]) -> Chances | None:
    """The sides' chances summing to one (each side's own table answers separately); None if one has none."""
    if any(v is None for v in values):
        return None
    total = sum(v for v in values if v is not None)
    if total <= 0:
        return tuple(1.0 / len(values) for _ in values)
    return tuple((v or 0.0) / total for v in values)


# ---------------------------------------------------------------- a match of several games


@lru_cache(maxsize=4096)
def match_needing(need_a: int, need_b: int, p_next: float = 0.5) -> float:
    """Side A's chance to win a match needing ``need_a`` games against ``need_b``, each game won at ``p_next``."""
    if need_a <= 0:
        return 1.0
    if need_b <= 0:
        return 0.0
    return p_next * match_needing(need_a - 1, need_b, p_next) + (1 - p_next) * match_needing(need_a, need_b - 1, p_next)


def match_from_games(p_now: float, need_a: int, need_b: int, p_next: float = 0.5) -> float:
    """Side A's chance to win the match: this game won at ``p_now`` (A then needs one game fewer), the next ones
    each at ``p_next``."""
    return p_now * match_needing(need_a - 1, need_b, p_next) + (1 - p_now) * match_needing(need_a, need_b - 1, p_next)


# ---------------------------------------------------------------- what a seat was shown through a match


def course(read: Callable[[Any, int | None], Chances | None], match: Match, seat: int = 0) -> list[float]:
    """Every chance the table showed for ``seat``'s side through a finished match (``read``: the game's
    ``chances``), in order: the log replayed, one value each time the shown figure changed (rounded as shown, to the
    percent). For self-play's calibration."""
    return shown_course(read, type(match)(match.setup), match.log, seat)


def shown_course(read: Callable[[Any, int | None], Chances | None], fresh: Match, log: Sequence[Any],
                 seat: int) -> list[float]:
    side = side_of(fresh, seat)
    out: list[float] = []
    last: float | None = None
    for op in log:
        if fresh.outcome is not None:
            break
        found = read(fresh, None)
        if found is not None and max(found) >= 1.0:
            break  # decided (a game pegged out before the log's end): no chance is shown any more
        if found is not None:
            value = round(found[side], 2)
            if value != last:
                out.append(value)
                last = value
        fresh.apply(op)
    return out
