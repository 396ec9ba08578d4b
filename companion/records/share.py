"""A match told in a few lines of plain text: what a match's share QR code holds, so that any phone camera
reads it with no app (players, scores, winner, date)."""

from __future__ import annotations

from typing import Any

from companion.core.i18n import Msg
from companion.games import registry
from companion.store.database import MatchRecord

WINNER = Msg("Winner: {name}", "Gagnant : {name}")
WINNERS = Msg("Winners: {names}", "Gagnants : {names}")
PLAYING = Msg("In progress", "En cours")


def game_title(game: str, lang: str) -> str:
    try:
        return registry.get(game).title.text(lang)
    except registry.UnknownGameError:
        return game


def sides_and_winners(summary: dict[str, Any]) -> tuple[list[str], list[str]]:
    """A stored summary's side names and the names of its winners (an odd value gives none, never a crash)."""
    sides = [str(s) for s in summary.get("sides") or summary.get("names") or []]
    winners = [sides[w] for w in summary.get("winners", []) if isinstance(w, int) and 0 <= w < len(sides)]
    return sides, winners


def summary_text(record: MatchRecord, lang: str) -> str:
    summary = record.summary
    sides, winners = sides_and_winners(summary)
    scores = summary.get("scores") or []
    date = record.created.astimezone().strftime("%Y-%m-%d")
    lines = [f"companion · {game_title(record.game, lang)} · {date}",
             " · ".join(f"{name} {score}" for name, score in zip(sides, scores)) or " · ".join(sides)]
    if summary.get("over") and len(winners) == 1:
        lines.append(WINNER(name=winners[0]).text(lang))
    elif summary.get("over") and winners:
        lines.append(WINNERS(names=", ".join(winners)).text(lang))
    else:
        lines.append(PLAYING.text(lang))
    return "\n".join(lines)
