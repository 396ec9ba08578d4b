"""How a stored match's summary reads in a list of matches (home, past matches, their dialogs)."""

from __future__ import annotations

from typing import Any


def sides_of(summary: dict[str, Any]) -> list[str]:
    """The side names of a stored summary (an odd value shows as no names, never as a crash)."""
    sides = summary.get("sides", [])
    return [str(s)[:40] for s in sides] if isinstance(sides, list) else []


def score_line(summary: dict[str, Any]) -> str:
    """The standings of a stored summary, e.g. ``121–87`` (game points in brackets over several games)."""
    scores = summary.get("scores", [])
    if not isinstance(scores, list):
        scores = []
    # A dash between scores reads badly beside a negative one (2500): "645 · −155 · 105" then.
    negative = any(isinstance(s, (int, float)) and s < 0 for s in scores)
    line = (" · " if negative else "–").join(str(s)[:8].replace("-", "−") for s in scores)
    points = summary.get("game_points", [])
    games = summary.get("games", [])
    if isinstance(points, list) and any(points) and isinstance(games, list) and len(games) > 1:
        line += f" ({'–'.join(str(p)[:8] for p in points)})"
    return line
