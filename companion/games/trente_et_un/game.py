"""Both Trente-et-un games as the app sees them: two registered games, one package."""

from __future__ import annotations

from typing import Any

from companion.core.i18n import Msg
from companion.games.base import GameInfo
from companion.games.registry import register
from companion.games.trente_et_un import stats
from companion.games.trente_et_un.engine import BankerMatch, KnockMatch, TrenteMatch
from companion.games.trente_et_un.rules import BankerRules, KnockRules


def summary(match: TrenteMatch) -> dict[str, Any]:
    return {"showdowns": match.showdowns, "pot": match.pot, "out": list(match.out), "unit": match.unit}


KNOCK = register(GameInfo(
    id="trente_et_un", title=Msg("Le Trente-et-un", "Le Trente-et-un"), min_players=2, max_players=10,
    rules=KnockRules, match=KnockMatch, summary=summary, help_name="trente_et_un",  # type: ignore[arg-type]
    virtual_play=True, seat_figures=stats.seat_figures, report=stats.REPORT, labels=stats.LABELS,  # type: ignore[arg-type]
    selfplay="companion.games.trente_et_un.selfplay",
    players="companion.games.trente_et_un.players",
))
BANKER = register(GameInfo(
    id="trente_et_un_banker", title=Msg("Trente-et-un, banker", "Trente-et-un, banquier"), min_players=2,
    max_players=16, rules=BankerRules, match=BankerMatch, summary=summary,  # type: ignore[arg-type]
    help_name="trente_et_un", virtual_play=True, seat_figures=stats.seat_figures,  # type: ignore[arg-type]
    report=stats.REPORT, labels=stats.LABELS, aliases=("banker",), selfplay="companion.games.trente_et_un.banker_selfplay",
    players="companion.games.trente_et_un.players",
))
