"""Trente-et-un self-play (draw and knock, and the banker game through ``banker_selfplay``): one match between
computer players, with each seat's deals won and lost, its knocks (or « Je tiens ») and whether they paid,
its 31s, and the time of seat 0's decisions."""

from __future__ import annotations

import time

from companion.games.base import Setup
from companion.games.trente_et_un.engine import KnockMatch, Showdown, TrenteMatch
from companion.games.trente_et_un.players import next_op
from companion.games.trente_et_un.rules import KnockRules
from companion.games.trente_et_un.turns import Claim31, DealPack, Exchange, Knock
from companion.i18n import Msg
from companion.selfplay import GameRecord

FIGURES = (("won", Msg("deals won", "donnes gagnées")), ("lost", Msg("tokens or lives lost", "jetons ou vies perdus")),
           ("knocks", Msg("knocks or « Je tiens »", "cognes ou « Je tiens »")),
           ("paid", Msg("of them paid", "dont payants")), ("thirty_one", Msg("31s shown", "31 montrés")))


def play_match(match: TrenteMatch, levels: tuple[str, ...]) -> GameRecord:
    players = len(levels)
    totals = [{name: 0.0 for name, _ in FIGURES} for _ in range(players)]
    decisions: list[float] = []
    deals = 0
    for _ in range(200_000):
        play = match.play
        acting = play.turn if play is not None and not play.ended and play.blind_done else None
        started = time.perf_counter()
        op = next_op(match, levels)
        if op is None:
            break
        if acting == 0 and not isinstance(op, (DealPack, Showdown, Claim31)):
            decisions.append(time.perf_counter() - started)
        if isinstance(op, (Knock, Exchange)) and getattr(op, "hold", True):
            totals[op.seat]["knocks"] += 1
        if isinstance(op, Claim31):
            totals[op.seat]["thirty_one"] += 1
        before, knocker = list(match.tokens), play.knocker if play is not None else None
        match.apply(op)
        if isinstance(op, Showdown):
            deals += 1
            for seat in range(players):
                delta = match.tokens[seat] - before[seat]
                gained = -delta if not match.banker and not match.lives_mode else 0
                totals[seat]["won"] += gained > 0 or (match.lives_mode and delta == 0 and not match.out[seat])
                totals[seat]["lost"] += max(0, -delta) if match.lives_mode else 0
            if knocker is not None:
                delta = match.tokens[knocker] - before[knocker]
                totals[knocker]["paid"] += (delta < 0) if not match.lives_mode else (delta == 0)
    counts = [{name: deals for name, _ in FIGURES} for _ in range(players)]
    for seat in range(players):
        counts[seat]["paid"] = max(1, int(totals[seat]["knocks"]))
    winners = match.winner if match.winner is not None else ()
    return GameRecord(tuple(winners), totals, counts, decisions)


def play_game(levels: tuple[str, ...], seed: int, first_dealer: int) -> GameRecord:
    names = tuple(f"P{i}" for i in range(len(levels)))
    return play_match(KnockMatch(Setup(names, KnockRules(), first_dealer, "virtual", seed)), levels)
