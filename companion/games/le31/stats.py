"""Le 31 figures per seat, from the match's own round tallies (the engine's, nothing scored again): points,
récoltes, green 10s and red 2s taken. A side's tally counts for each of its players."""

from __future__ import annotations

from companion.core.i18n import Msg
from companion.games.le31.engine import Le31Match

REPORT = {
    "round_points_average": ("ratio", "points", "rounds"),
    "recoltes": ("sum", "recoltes"),
    "green_10s": ("sum", "green_10s"),
    "red_2s": ("sum", "red_2s"),
}
#: How each reported figure is named on the statistics screen and by ``companion stats``.
LABELS = {
    "round_points_average": Msg("average round points", "points moyens par manche"),
    "recoltes": Msg("récoltes", "récoltes"), "green_10s": Msg("green 10s", "10 verts"), "red_2s": Msg("red 2s", "2 rouges"),
}
_ITEMS = {"recolte": "recoltes", "green_10": "green_10s", "red_2": "red_2s"}


def seat_figures(match: Le31Match) -> list[dict[str, float]]:
    out = [{"points": 0.0, "rounds": len(match.rounds), "recoltes": 0.0, "green_10s": 0.0, "red_2s": 0.0}
           for _ in match.names]
    for result in match.rounds:
        for seat in range(len(match.names)):
            side = result[match.side_of(seat)]
            out[seat]["points"] += side.points
            for item in side.items:
                if item.kind in _ITEMS:
                    out[seat][_ITEMS[item.kind]] += 1
    return out
