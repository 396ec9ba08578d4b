"""Le 31 self-play: one match between computer players (2, or two teams of 2), with each side's points,
récoltes, green 10s and red 2s per round, and the time of seat 0's decisions."""

from __future__ import annotations

from companion.core.i18n import Msg
from companion.games.chance import course
from companion.games.le31.chance import chances
from companion.games.le31.engine import Le31Match
from companion.games.le31.players import next_op
from companion.games.le31.stats import seat_figures
from companion.games.selfplay import GameRecord, computer_moves

FIGURES = (("points", Msg("points per round", "points par manche")), ("recoltes", Msg("récoltes", "récoltes")),
           ("green_10", Msg("green 10s", "10 verts")), ("red_2", Msg("red 2s", "2 rouges")))


def play_match(match: Le31Match, levels: tuple[str, ...]) -> GameRecord:
    players = len(levels)
    decisions = [seconds for op, seconds in computer_moves(next_op, match, levels) if match.chooser(op) == 0]
    # The statistics' own figures (from the engine's tallies), per round.
    totals = [{"points": t["points"], "recoltes": t["recoltes"], "green_10": t["green_10s"], "red_2": t["red_2s"]}
              for t in seat_figures(match)]
    counts = [{name: len(match.rounds) for name, _ in FIGURES} for _ in range(players)]
    outcome = match.outcome
    winners = tuple(s for s in range(players) if outcome is not None and match.side_of(s) in outcome.winners)
    return GameRecord(winners, totals, counts, decisions, course(chances, match))
