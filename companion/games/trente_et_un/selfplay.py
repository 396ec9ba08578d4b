"""Trente-et-un self-play (draw and knock, and the banker game): one match between
computer players, with each seat's deals won and lost, its knocks (or « Je tiens ») and whether they paid,
its 31s, and the time of seat 0's decisions."""

from __future__ import annotations

from companion.core.i18n import Msg
from companion.games.chance import course
from companion.games.selfplay import GameRecord, computer_moves
from companion.games.trente_et_un.chance import chances
from companion.games.trente_et_un.engine import TrenteMatch
from companion.games.trente_et_un.players import next_op
from companion.games.trente_et_un.stats import seat_figures

FIGURES = (("won", Msg("deals won", "donnes gagnées")), ("lost", Msg("tokens or lives lost", "jetons ou vies perdus")),
           ("knocks", Msg("knocks or « Je tiens »", "cognes ou « Je tiens »")),
           ("paid", Msg("of them paid", "dont payants")), ("thirty_one", Msg("deals won with 31", "donnes gagnées à 31")))


def play_match(match: TrenteMatch, levels: tuple[str, ...]) -> GameRecord:
    decisions = [seconds for op, seconds in computer_moves(next_op, match, levels) if match.chooser(op) == 0]
    # The figures are the statistics' own (replayed from the log): per deal played, and paid per knock.
    totals = seat_figures(match)
    counts = [{name: max(1, int(t["deals"])) for name, _ in FIGURES} for t in totals]
    for seat, t in enumerate(totals):
        counts[seat]["paid"] = max(1, int(t["knocks"]))
    winners = match.winner if match.winner is not None else ()
    return GameRecord(tuple(winners), totals, counts, decisions, course(chances, match))

