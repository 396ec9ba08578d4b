"""Le 31 as the app sees it: registered with ``companion.games.registry``."""

from __future__ import annotations

from typing import Any

from companion.games.info import GameInfo
from companion.games.le31 import LISTINGS, stats
from companion.games.le31.engine import Le31Match
from companion.games.le31.rules import Le31Rules
from companion.games.registry import register


def summary(match: Le31Match) -> dict[str, Any]:
    return {"rounds": len(match.rounds), "target": match.rules.target, "phase": match.phase}


GAME = register(GameInfo(
    **LISTINGS[0].fields(),
    min_players=2,
    max_players=4,
    player_counts=(2, 4),  # two players, or two teams of two
    rules=Le31Rules,
    match=Le31Match,
    summary=summary,
    virtual_play=True,
    seat_figures=stats.seat_figures,
    report=stats.REPORT, labels=stats.LABELS,
    selfplay="companion.games.le31.selfplay",
    players="companion.games.le31.players",
    chance="companion.games.le31.chance",
    review="companion.games.le31.review",
))
