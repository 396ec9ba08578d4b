"""Cribbage as the app sees it: registered with ``companion.games.registry``."""

from __future__ import annotations

from typing import Any

from companion.games.base import GameInfo
from companion.games.cribbage.engine import CribbageMatch
from companion.games.cribbage.rules import CribbageRules
from companion.games.registry import register
from companion.i18n import Msg


def summary(match: CribbageMatch) -> dict[str, Any]:  # type: ignore[override]
    """Cribbage's extra keys for the lists of matches: game points, every game with its skunk, the target."""
    return {
        "game_points": list(match.game_points),
        "games": [{"winner": g.winner, "scores": list(g.scores), "skunk": g.skunk} for g in match.games],
        "phase": match.phase,
        "target": match.rules.target,
    }


GAME = register(GameInfo(
    id="cribbage",
    title=Msg("Cribbage", "Cribbage"),
    min_players=2,
    max_players=4,
    rules=CribbageRules,
    match=CribbageMatch,
    summary=summary,  # type: ignore[arg-type]
    teams=lambda players, values: players == 4 and values.get("four_player_mode", "teams") == "teams",
    modes=("table",),
))
