"""Cribbage self-play: one game to 121 between computer players, with each seat's hand, crib and pegging
points and the time of seat 0's decisions."""

from __future__ import annotations

import time

from companion.core.i18n import Msg
from companion.games.base import Event
from companion.games.chance import course
from companion.games.cribbage.chance import chances
from companion.games.cribbage.engine import CribbageMatch
from companion.games.cribbage.ops import Crib, Go, Play, Show
from companion.games.cribbage.players import SELFPLAY_LEVELS, play_turn
from companion.games.selfplay import GameRecord

LEVELS = SELFPLAY_LEVELS  # easy, normal, hard, and the hard player before it played for the win
FIGURES = (("hand", Msg("hand", "main")), ("crib", Msg("crib (per crib of one's own)", "crib (par crib à soi)")),
           ("pegging", Msg("pegging", "jeu")))


def play_match(match: CribbageMatch, levels: tuple[str, ...]) -> GameRecord:
    players = len(levels)
    totals = [{"hand": 0.0, "crib": 0.0, "pegging": 0.0} for _ in range(players)]
    counts = [{"hand": 0, "crib": 0, "pegging": 0} for _ in range(players)]
    decisions: list[float] = []
    while match.phase not in ("match_over", "game_over"):
        acting = match.turn if match.phase == "play" else None
        if match.phase == "discard":
            acting = next(s for s in range(players) if match.d is not None and s not in match.d.discarded)
        deal = match.deal_number
        started = time.perf_counter()
        play_turn(match, levels=levels)
        if acting == 0:
            decisions.append(time.perf_counter() - started)
        if match.deal_number != deal:  # a new deal: one more hand and pegging for everyone, a crib for one
            for seat in range(players):
                counts[seat]["hand"] += 1
                counts[seat]["pegging"] += 1
            counts[match.dealer]["crib"] += 1
        _tally(match.events[-1], match, totals)
    winner = match.games[-1].winner
    winners = tuple(s for s in range(players) if match.side_of(s) == winner)
    return GameRecord(winners, totals, counts, decisions, course(chances, match))


def _tally(event: Event, match: CribbageMatch, totals: list[dict[str, float]]) -> None:
    op = event.op
    kind = "pegging" if isinstance(op, (Play, Go)) else "hand" if isinstance(op, Show) else "crib" if isinstance(
        op, Crib) else None
    if kind is None:
        return
    seat = match.dealer if kind == "crib" else getattr(op, "seat", None)
    for score in event.scores:
        who = seat if kind != "pegging" else _seat_of_side(match, score.side, seat)
        if who is not None:
            totals[who][kind] += score.points


def _seat_of_side(match: CribbageMatch, side: int, seat: int | None) -> int:
    """Pegging points go to a side; with two or three players a side is one seat."""
    seats = [s for s in range(match.players) if match.side_of(s) == side]
    return seat if seat in seats else seats[0]
