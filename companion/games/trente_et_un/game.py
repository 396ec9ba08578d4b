"""Both Trente-et-un games as the app sees them: two registered games, one package."""

from __future__ import annotations

from typing import Any

from companion.games.info import GameInfo
from companion.games.registry import register
from companion.games.trente_et_un import LISTINGS, stats
from companion.games.trente_et_un.engine import BankerMatch, KnockMatch, TrenteMatch
from companion.games.trente_et_un.rules import BankerRules, KnockRules


def summary(match: TrenteMatch) -> dict[str, Any]:
    return {"showdowns": match.showdowns, "pot": match.pot, "out": list(match.out), "unit": match.unit}


KNOCK = register(GameInfo(
    **LISTINGS[0].fields(), min_players=2, max_players=10,
    rules=KnockRules, match=KnockMatch, summary=summary,
    virtual_play=True, seat_figures=stats.seat_figures, report=stats.REPORT, labels=stats.LABELS,
    selfplay="companion.games.trente_et_un.selfplay",
    players="companion.games.trente_et_un.players",
    chance="companion.games.trente_et_un.chance",
    review="companion.games.trente_et_un.review",
))
BANKER = register(GameInfo(
    **LISTINGS[1].fields(), min_players=2,
    max_players=16, rules=BankerRules, match=BankerMatch, summary=summary,
    virtual_play=True, seat_figures=stats.seat_figures,
    report=stats.REPORT, labels=stats.LABELS, selfplay="companion.games.trente_et_un.selfplay",
    players="companion.games.trente_et_un.players",
    chance="companion.games.trente_et_un.chance",
    review="companion.games.trente_et_un.review",
))
