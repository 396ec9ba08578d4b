"""Trente-et-un (both games): each player's chance to win the match from the tokens or lives (issue 40), read from
self-play tables (``data/chance.json`` for draw and knock, tokens and lives; ``data/banker_chance.json`` with a
banker; ``python -m companion.dev.chance_tables --only trente_et_un`` / ``--only banker``): how often a player with
so many tokens (or lives), against the others still in, went on to win, between normal players. The deal under way
is not read (the tokens move at its showdown). A count of players or of tokens self-play never met falls back on
coarser keys, then says nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games import chance as shared

if TYPE_CHECKING:
    from companion.games.trente_et_un.engine import TrenteMatch

PACKAGE = "companion.games.trente_et_un"


def round_mark(match: TrenteMatch) -> object:
    return match.showdowns, tuple(match.tokens), tuple(match.out)


def keys(match: TrenteMatch, seat: int) -> list[str]:
    """A seat's keys, finest first: the scoring, the players still in, its tokens and the others'."""
    mode = "banker" if match.banker else match.unit
    alive = match.in_play
    others = sorted(match.tokens[s] for s in alive if s != seat)
    mine = match.tokens[seat]
    n = len(alive)
    low = min(others) if others else 0
    return [f"{mode} {n}in {mine}:{','.join(map(str, others))}", f"{mode} {n}in {mine}:min{low}",
            f"{mode} {n}in diff {max(-3, min(3, mine - low))}"]


def chances(match: TrenteMatch, seat: int | None = None) -> shared.Chances | None:
    """Each player's chance to win the match, from the tokens or lives alone (the same for every seat)."""
    done = shared.decided(match)
    if done is not None:
        return done
    name = "banker_chance.json" if match.banker else "chance.json"
    return shared.from_table(PACKAGE, name, [[] if match.out[s] else keys(match, s) for s in range(match.players)])
