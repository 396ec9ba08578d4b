"""2500 as the app sees it."""

from __future__ import annotations

from companion.games.info import GameInfo
from companion.games.registry import register
from companion.games.rummy2500 import LISTINGS, stats
from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.rules import Rummy2500Rules

GAME = register(GameInfo(
    **LISTINGS[0].fields(), min_players=2, max_players=10, rules=Rummy2500Rules,
    match=Rummy2500Match, summary=lambda m: {"brasses": len(m.brasses)},
    virtual_play=True, seat_figures=stats.seat_figures, report=stats.REPORT, labels=stats.LABELS,
    selfplay="companion.games.rummy2500.selfplay",
    players="companion.games.rummy2500.players",
    chance="companion.games.rummy2500.chance",
    review="companion.games.rummy2500.review",
))
