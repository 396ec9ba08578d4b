"""2500 self-play: one match to 2500 between computer players, with each seat's points per brasse (laid, left
in hand, and the total) and the time of seat 0's decisions."""

from __future__ import annotations

from companion.core.i18n import Msg
from companion.games.chance import course
from companion.games.rummy2500.chance import chances
from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.ops import Brasse
from companion.games.rummy2500.players import next_op
from companion.games.selfplay import GameRecord, computer_moves

FIGURES = (("brasse", Msg("points per brasse", "points par brasse")), ("laid", Msg("laid", "posé")),
           ("hand", Msg("left in hand", "resté en main")), ("out", Msg("went out", "sorti")))


def play_match(match: Rummy2500Match, levels: tuple[str, ...]) -> GameRecord:
    players = len(levels)
    totals = [{"brasse": 0.0, "laid": 0.0, "hand": 0.0, "out": 0.0} for _ in range(players)]
    decisions: list[float] = []
    for op, seconds in computer_moves(next_op, match, levels):
        if match.chooser(op) == 0:
            decisions.append(seconds)
        if isinstance(op, Brasse):
            for s, score in enumerate(match.score(op)):
                totals[s]["brasse"] += score.total
                totals[s]["laid"] += score.laid
                totals[s]["hand"] += score.hand
                totals[s]["out"] += not op.hands[s]
    brasses = len(match.brasses)
    counts = [{name: brasses for name in totals[0]} for _ in range(players)]
    top = max(match.totals)
    winners = (match.winner,) if match.winner is not None else tuple(
        s for s in range(players) if match.totals[s] == top)
    return GameRecord(winners, totals, counts, decisions, course(chances, match))
