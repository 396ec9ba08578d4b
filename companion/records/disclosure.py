"""What of a stored match may leave the app now: an export, a share, a download, anything written for a device or
a file. A card still hidden from someone at the table never does.

The rules say where the hidden part begins (``Match.disclosed``): at a real table every entry was made in the
table's sight; in virtual play the round under way began with the shuffled pack (every hand, the crib, the stock),
so its entries are withheld until it is over, and the seed that deals the rounds to come until the match is over.
What leaves replays by itself: a finished match exactly, an unfinished one up to the end of its last round over.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games.base import Match
from companion.games.info import GameInfo

NOT_ALONE = Msg("begun by an earlier release, its rounds over replay only with the seed of the rounds to come: it "
                "can leave the app once it is over",
                "commencé avec une version précédente, ses manches finies ne se rejouent qu'avec la graine des manches "
                "à venir : il pourra sortir de l'app une fois fini")


class NotDisclosable(CompanionError):
    """The part of a match that may leave the app does not replay by itself."""


@dataclass(frozen=True)
class Disclosed:
    """A stored match as it may leave the app now."""

    setup: dict[str, Any]  # as stored, but the seed of the rounds to come while the match goes on
    ops: list[dict[str, Any]]  # the log, up to the end of the last round over
    withheld: int  # the entries of the round under way, left out
    match: Match  # the match replayed from the whole stored log (its standings, its outcome)


def disclose(game: GameInfo[Any], setup_json: dict[str, Any], ops: list[dict[str, Any]]) -> Disclosed:
    """What of a stored match may leave the app now. A log that does not replay raises its CompanionError (the
    match is damaged); so does a disclosed part that would not replay by itself (``NotDisclosable``)."""
    setup = game.read_setup(setup_json)
    match = game.match.replay(setup, ops)
    if not match.keeps_secrets:
        return Disclosed(setup_json, list(ops), 0, match)
    shown = match.disclosed()
    try:  # what leaves must replay without the seed it leaves behind
        game.match.replay(replace(setup, seed=None), ops[:shown])
    except CompanionError as error:
        raise NotDisclosable(NOT_ALONE) from error
    return Disclosed({**setup_json, "seed": None}, list(ops[:shown]), len(ops) - shown, match)
