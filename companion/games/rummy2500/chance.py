"""2500: each player's chance to win the match from the totals (issue 40), read from a self-play table
(``data/chance.json``, ``python -m companion.dev.chance_tables --only rummy2500``): how often a player who needed so
many points, against the nearest other's need, went on to win, between normal players of the same number. The
brasse under way is not read (the totals move at its end). Keyed by the points still needed, so a match to 1500 or
1000 reads the cells of a match to 2500 that needed as much.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games import chance as shared

if TYPE_CHECKING:
    from companion.games.rummy2500.engine import Rummy2500Match

PACKAGE = "companion.games.rummy2500"


def round_mark(match: Rummy2500Match) -> object:
    return len(match.brasses), tuple(match.totals)


def keys(match: Rummy2500Match, seat: int) -> list[str]:
    """A seat's keys, finest first: the players, its points still needed and the nearest other's (in bands)."""
    target = match.rules.target
    mine = target - match.totals[seat]
    best = min(target - t for s, t in enumerate(match.totals) if s != seat)
    n = match.players
    return [f"{n}p {shared.bucket(mine, 100)}-{shared.bucket(best, 100)}/100",
            f"{n}p {shared.bucket(mine, 250)}-{shared.bucket(best, 250)}/250",
            f"{n}p diff {shared.bucket(max(-2000, min(2000, best - mine)), 100)}/100"]


def chances(match: Rummy2500Match, seat: int | None = None) -> shared.Chances | None:
    """Each player's chance to win the match, from the totals alone (the same for every seat)."""
    done = shared.decided(match)
    if done is not None:
        return done
    return shared.from_table(PACKAGE, "chance.json", [keys(match, s) for s in range(match.players)])
