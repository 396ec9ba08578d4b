"""Statistics across every game, per player (as the roster knows them) and game: matches played and won, win
rate, current and best winning streaks, head-to-head, and each game's own figures.

Every figure comes from the stored logs replayed through the game's own engine (``GameInfo.seat_figures``):
no second scoring code. What one match gives is cached in the store beside it, keyed by the rev of its log,
so an edited match is replayed again and an unchanged one never is.

``table()`` is the ``companion stats --json`` contract::

    {"players": [{"name", "game", "matches", "wins", "win_rate", "current_streak", "best_streak", "figures",
                  "review"}],
     "head_to_head": [{"a", "b", "game", "a_wins", "b_wins"}]}

``matches`` counts finished matches (a match stopped before its end is not played to a result); ``figures``
come from every readable match, finished or not (the deals were played). The figure keys per game are each
game's ``REPORT`` (listed in the README). ``review`` is the player's trend: by month (``"2026-10"``, newest first),
for each kind of decision the game's review follows (its ``TREND``: cribbage's discards), its mean cost in points
and how many were measured: ``{"2026-10": {"discard": {"cost": 0.9, "decisions": 40}}}``. It is cached per match
with the figures, so reviewing many matches is paid once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games import registry
from companion.games.base import Match
from companion.games.info import GameInfo
from companion.records.roster import Roster
from companion.store.database import Store, read_time
from companion.store.errors import StoreError
from companion.store.schema import fold

STATS_VERSION = 4  # bump when a game's seat_figures change: every cached match is replayed again



UNKNOWN_FILTER = Msg("no game {game!r} (one of: {games})", "aucun jeu {game!r} (parmi : {games})")


@dataclass(frozen=True)
class Facts:
    """One match as the statistics see it."""

    id: int
    game: str
    created: datetime
    names: tuple[str, ...]
    sides: tuple[int, ...]  # the side of each seat
    winners: tuple[int, ...]  # winning seats (empty until it ends)
    over: bool  # played to its end
    keys: tuple[str, ...]  # the game's totals for this match: their names,
    values: tuple[list[float], ...]  # and per seat their values in that order
    humans: tuple[int, ...] = ()  # the seats people played (a computer player is not in the statistics)
    trend: tuple[dict[str, list[float]], ...] = ()  # per seat, the review's cost of each kind: [points, decisions]

    @property
    def figures(self) -> tuple[dict[str, float], ...]:
        return tuple(dict(zip(self.keys, seat)) for seat in self.values)


def _compute(store: Store, match_id: int) -> tuple[int, dict[str, Any]] | None:
    """Replay one match; None when it cannot be read or replayed (a damaged match is left out, never a crash)."""
    try:
        record, ops = store.load(match_id)
        game = registry.get(record.game)
        match = game.match.replay(game.read_setup(record.setup), ops)
    except Exception:  # noqa: BLE001 (a damaged match is left out of the statistics, never a crash)
        return None
    abandoned = record.summary.get("abandoned") is True and match.outcome is None
    return record.rev, cached_facts(game, match, abandoned)


def cached_facts(game: GameInfo[Any], match: Match, abandoned: bool = False) -> dict[str, Any]:
    """What the statistics keep of one replayed match, as cached beside it. Compact: the figure names once,
    then each seat's values in that order (a big store parses it faster)."""
    outcome = match.outcome
    seats = range(len(match.names))
    figures = game.seat_figures(match) if game.seat_figures is not None else [{} for _ in seats]
    keys = sorted({key for seat in figures for key in seat})
    return {"v": STATS_VERSION, "names": list(match.names), "sides": [match.side_of(s) for s in seats],
            "winners": [s for s in seats if outcome is not None and match.side_of(s) in outcome.winners],
            "over": outcome is not None and not abandoned, "keys": keys,
            "figures": [[seat.get(key, 0) for key in keys] for seat in figures],
            "humans": [s for s in seats if match.setup.seat_kind(s) == "human"], "trend": review_trend(game, match)}


def review_trend(game: GameInfo[Any], match: Match) -> list[dict[str, list[float]]]:
    """Per seat, what its decisions of the kinds the game's review follows (``TREND``) cost in this match, as far
    as the match may be shown now (a round under way stays hidden): {kind: [points, decisions]}."""
    seats: list[dict[str, list[float]]] = [{} for _ in match.names]
    if game.review is None:
        return seats
    from companion.records.review import review_module, shown_part

    module = review_module(game)
    if getattr(module, "trend", None) is None:
        return seats
    for decision in module.trend(shown_part(game, match)):
        total = seats[decision.seat].setdefault(decision.kind, [0.0, 0])
        total[0] += decision.cost or 0.0
        total[1] += 1
    return seats


def facts(store: Store) -> list[Facts]:
    """Every readable match, oldest first, from the cache where it is current, replayed (and cached) where not."""
    with store.reading() as conn:
        rows = conn.execute("SELECT m.id, m.game, m.rev, m.created, s.rev, s.data FROM matches m "
                            "LEFT JOIN match_stats s ON s.match_id = m.id ORDER BY m.created, m.id").fetchall()
    found: list[Facts] = []
    fresh: list[tuple[int, int, str]] = []
    cached = [text if cached_rev == rev and isinstance(text, str) else "null"
              for _, _, rev, _, cached_rev, text in rows]
    try:  # one parse for the whole cache; a damaged row makes it fail (or miscount), then row by row
        parsed = json.loads("[" + ",".join(cached) + "]") if rows else []
        if len(parsed) != len(rows):
            raise ValueError("cache rows")
    except (ValueError, RecursionError):
        parsed = []
        for text in cached:
            try:
                parsed.append(json.loads(text))
            except (ValueError, RecursionError):  # a damaged cache row is computed again
                parsed.append(None)
    for (match_id, game, rev, created, _, _), data in zip(rows, parsed):
        if not isinstance(data, dict) or data.get("v") != STATS_VERSION:
            computed = _compute(store, match_id)
            if computed is None:
                continue
            rev, data = computed
            fresh.append((match_id, rev, json.dumps(data)))
        try:
            when = read_time(created)
            if when is None:
                continue  # a date no table played on: the row is damaged, left out
            found.append(Facts(match_id, game, when, tuple(data["names"]), tuple(data["sides"]),
                               tuple(data["winners"]), bool(data["over"]), tuple(data["keys"]),
                               tuple(data["figures"]), tuple(data["humans"]), tuple(data.get("trend") or ())))
        except (TypeError, ValueError, KeyError):
            continue
    if fresh and not store.read_only:
        try:
            with store.writing() as conn:
                conn.executemany("INSERT OR REPLACE INTO match_stats (match_id, rev, data) VALUES (?, ?, ?)", fresh)
        except StoreError:
            pass  # only the cache is lost: the figures were computed
    return found


# ---------------------------------------------------------------- per player and game

@dataclass
class Line:
    name: str
    game: str
    results: list[bool] = field(default_factory=list)  # each finished match, in order: won?
    dates: list[datetime] = field(default_factory=list)
    totals: dict[str, float] = field(default_factory=dict)
    best: dict[str, float] = field(default_factory=dict)
    months: dict[str, dict[str, list[float]]] = field(default_factory=dict)  # "2026-10" -> kind -> [cost, decisions]

    def trend(self) -> dict[str, dict[str, dict[str, float]]]:
        """By month (newest first), what each kind of decision the review follows cost on average."""
        return {month: {kind: {"cost": round(cost / n, 2) if n else 0.0, "decisions": int(n)}
                        for kind, (cost, n) in sorted(kinds.items())}
                for month, kinds in sorted(self.months.items(), reverse=True)}

    @property
    def matches(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> int:
        return sum(self.results)

    @property
    def win_rate(self) -> float:
        return round(self.wins / self.matches, 3) if self.results else 0.0

    @property
    def best_streak(self) -> int:
        best = run = 0
        for won in self.results:
            run = run + 1 if won else 0
            best = max(best, run)
        return best

    @property
    def current_streak(self) -> int:
        run = 0
        for won in reversed(self.results):
            if not won:
                break
            run += 1
        return run

    def figures(self, report: dict[str, tuple[str, ...]]) -> dict[str, float]:
        out: dict[str, float] = {}
        for key, (how, *names) in report.items():
            if how == "ratio":
                count = self.totals.get(names[1], 0.0)
                value = self.totals.get(names[0], 0.0) / count if count else 0.0
            elif how == "max":
                value = self.best.get(names[0], 0.0)
            else:
                value = self.totals.get(names[0], 0.0)
            out[key] = round(value, 3) if value != int(value) else int(value)
        return out


def resolve_game(name: str | None) -> str | None:
    """A registered game id from an id or a command name (``trente-et-un``, ``banker``, ``2500``)."""
    if name is None:
        return None
    try:
        return registry.resolve(name).id
    except registry.UnknownGameError:
        raise CompanionError(UNKNOWN_FILTER(game=name, games=", ".join(registry.names()))) from None


Tallies = dict[tuple[str, str, str], list[int]]  # head to head: {(game, a, b): [a wins, b wins]}


def lines(found: Iterable[Facts], person: Callable[[str], str]) -> tuple[dict[tuple[str, str], Line], Tallies]:
    """Per (player, game) lines and head-to-head tallies {(game, a, b): [a wins, b wins]} with a < b."""
    table: dict[tuple[str, str], Line] = {}
    versus: dict[tuple[str, str, str], list[int]] = {}
    people: dict[str, str] = {}
    maxed: dict[str, set[str]] = {}  # per game, the totals whose best is reported
    for fact in found:
        if fact.game not in maxed:
            report = registry.get(fact.game).report or {}
            maxed[fact.game] = {names[0] for how, *names in report.values() if how == "max"}
        best_of = maxed[fact.game]
        who = [people.get(name) or people.setdefault(name, person(name)) for name in fact.names]
        for seat, name in enumerate(who):
            if seat not in fact.humans:
                continue  # a computer player: not a person of the statistics
            line = table.get((name, fact.game))
            if line is None:
                line = table[(name, fact.game)] = Line(name, fact.game)
            if fact.over:
                line.results.append(seat in fact.winners)
                line.dates.append(fact.created)
            totals, best = line.totals, line.best
            if seat < len(fact.trend) and fact.trend[seat]:
                month = line.months.setdefault(fact.created.astimezone().strftime("%Y-%m"), {})
                for kind, (cost, n) in fact.trend[seat].items():
                    total = month.setdefault(kind, [0.0, 0])
                    total[0] += cost
                    total[1] += n
            for key, value in zip(fact.keys, fact.values[seat] if seat < len(fact.values) else ()):
                totals[key] = totals.get(key, 0.0) + value
                if key in best_of:
                    best[key] = max(best.get(key, value), value)
        if not fact.over:
            continue
        for i, a in enumerate(who):
            for j in range(i + 1, len(who)):
                b = who[j]
                if a == b or fact.sides[i] == fact.sides[j] or i not in fact.humans or j not in fact.humans:
                    continue
                first, second, ij = (a, b, (i, j)) if a.casefold() <= b.casefold() else (b, a, (j, i))
                tally = versus.setdefault((fact.game, first, second), [0, 0])
                won = (ij[0] in fact.winners, ij[1] in fact.winners)
                if won[0] and not won[1]:
                    tally[0] += 1
                elif won[1] and not won[0]:
                    tally[1] += 1
    return table, versus


def gather(store: Store, game: str | None = None) -> tuple[dict[tuple[str, str], Line], dict[tuple[str, str, str], list[int]]]:
    """Per (player, game) lines and head-to-head tallies, players named as the roster knows them."""
    game = resolve_game(game)
    return lines([f for f in facts(store) if game is None or f.game == game], Roster(store).namer())


def row(line: Line) -> dict[str, Any]:
    """One player's line of the JSON document."""
    report = registry.get(line.game).report or {}
    return {"name": line.name, "game": line.game, "matches": line.matches, "wins": line.wins,
            "win_rate": line.win_rate, "current_streak": line.current_streak, "best_streak": line.best_streak,
            "figures": line.figures(dict(report)), "review": line.trend()}


def table(store: Store, game: str | None = None, player: str | None = None) -> dict[str, Any]:
    """The ``companion stats --json`` document (see the module's docstring)."""
    per, versus = gather(store, game)
    wanted = None
    if player is not None:
        wanted = fold(Roster(store).person(player))
    order = {g.id: n for n, g in enumerate(registry.available())}
    ranked = sorted(per.values(), key=lambda line: (order.get(line.game, 99), -line.matches, line.name.casefold()))
    players = [row(line) for line in ranked if wanted is None or fold(line.name) == wanted]
    head = [{"a": a, "b": b, "game": g, "a_wins": w[0], "b_wins": w[1]}
            for (g, a, b), w in sorted(versus.items(), key=lambda kv: (order.get(kv[0][0], 99), kv[0][1], kv[0][2]))
            if wanted is None or wanted in (fold(a), fold(b))]
    return {"players": players, "head_to_head": head}
