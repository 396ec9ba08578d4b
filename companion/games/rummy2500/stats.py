"""2500 figures per seat, from each brasse as the engine scores it: the brasse's points, the best brasse, and
how many brasses ended below zero."""

from __future__ import annotations

from companion.core.i18n import Msg
from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.ops import Brasse

REPORT = {
    "brasse_average": ("ratio", "points", "brasses"),
    "best_brasse": ("max", "best"),
    "negative_brasses": ("sum", "negative"),
}
#: How each reported figure is named on the statistics screen and by ``companion stats``.
LABELS = {
    "brasse_average": Msg("average brasse", "brasse moyenne"), "best_brasse": Msg("best brasse", "meilleure brasse"),
    "negative_brasses": Msg("brasses below zero", "brasses négatives"),
}


def seat_figures(match: Rummy2500Match) -> list[dict[str, float]]:
    replay = type(match)(match.setup)
    players = len(match.names)
    out: list[dict[str, float]] = [{"points": 0.0, "brasses": 0.0, "best": float("-inf"), "negative": 0.0}
                                   for _ in range(players)]
    for op in match.log:
        if isinstance(op, Brasse):
            for seat, score in enumerate(replay.score(op)):
                out[seat]["points"] += score.total
                out[seat]["brasses"] += 1
                out[seat]["best"] = max(out[seat]["best"], score.total)
                out[seat]["negative"] += score.total < 0
        replay.apply(op)
    for figures in out:
        if figures["brasses"] == 0:
            figures["best"] = 0.0
    return out
