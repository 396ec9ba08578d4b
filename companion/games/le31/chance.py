"""Le 31: each side's chance to win the match from the points (issue 40), read from a self-play table
(``data/chance.json``, ``python -m companion.dev.chance_tables --only le31``): how often a side that needed so many
points against so many, dealing or not, went on to win, between normal players. The round under way is not read:
the chance is the round's start's (the points move at a round's end). Keyed by the points still needed, so a match
to 21 or 11 reads the cells of a match to 31 that needed as much.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games import chance as shared

if TYPE_CHECKING:
    from companion.games.le31.engine import Le31Match

PACKAGE = "companion.games.le31"


def round_mark(match: Le31Match) -> object:
    """What changes when a round starts (the self-play table's sample points)."""
    return len(match.rounds), tuple(match.points)


def keys(match: Le31Match, seat: int) -> list[str]:
    """The side of ``seat``'s keys, finest first: the players, each side's points still needed, whether it deals."""
    side = match.side_of(seat)
    mine, theirs = (max(0, match.rules.target - match.points[s]) for s in (side, 1 - side))
    deals = int(match.side_of(match.dealer) == side)
    n = match.players
    return [f"{n}p {mine}-{theirs} d{deals}", f"{n}p {mine // 3}-{theirs // 3}/3",
            f"{n}p {mine // 6}-{theirs // 6}/6", f"{n}p diff {max(-12, min(12, theirs - mine))}"]


def chances(match: Le31Match, seat: int | None = None) -> shared.Chances | None:
    """Each side's chance to win the match, from the points alone (the same for every seat)."""
    done = shared.decided(match)
    if done is not None:
        return done
    seats = [next(s for s in range(match.players) if match.side_of(s) == side) for side in range(2)]
    return shared.from_table(PACKAGE, "chance.json", [keys(match, s) for s in seats])
