"""Cribbage as the app sees it: registered with ``companion.games.registry``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.cards import standard_deck
from companion.core.i18n import Joined, Msg
from companion.games.cribbage import LISTINGS, stats
from companion.games.cribbage.engine import CribbageMatch
from companion.games.cribbage.rules import CribbageRules
from companion.games.info import GameInfo
from companion.games.registry import register


def summary(match: CribbageMatch) -> dict[str, Any]:
    """Cribbage's extra keys for the lists of matches: game points, every game with its skunk, the target."""
    return {
        "game_points": list(match.game_points),
        "games": [{"winner": g.winner, "scores": list(g.scores), "skunk": g.skunk} for g in match.games],
        "phase": match.phase,
        "target": match.rules.target,
    }


CUT_FOR_DEAL = Msg("Cut for deal: {cuts} — {name} deals", "Coupe pour la donne : {cuts} — {name} donne")
CUT_LINE = Msg("{name} {card}", "{name} {card}")


def cut_for_deal(names: Sequence[str], rng: random.Random) -> tuple[int, Msg]:
    """Each player cuts a card; the lowest deals (ace low), and players tied for lowest cut again."""
    deck = standard_deck()
    rng.shuffle(deck)
    cuts: list[Msg] = []
    contenders = list(range(len(names)))
    while True:
        drawn = {seat: deck.pop() for seat in contenders}
        cuts += [CUT_LINE(name=names[seat], card=card) for seat, card in drawn.items()]
        low = min(int(c.rank) for c in drawn.values())
        contenders = [seat for seat, card in drawn.items() if int(card.rank) == low]
        if len(contenders) == 1:
            seat = contenders[0]
            return seat, CUT_FOR_DEAL(cuts=Joined(tuple(cuts)), name=names[seat])


GAME = register(GameInfo(
    **LISTINGS[0].fields(),
    min_players=2,
    max_players=4,
    rules=CribbageRules,
    match=CribbageMatch,
    summary=summary,
    draw_dealer=cut_for_deal,
    virtual_play=True,
    seat_figures=stats.seat_figures,
    report=stats.REPORT, labels=stats.LABELS,
    selfplay="companion.games.cribbage.selfplay",
    players="companion.games.cribbage.players",
    chance="companion.games.cribbage.chance",
    review="companion.games.cribbage.review",
))
