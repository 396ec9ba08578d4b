"""Trente-et-un figures per seat (both games), from the match's log replayed through the engine: deals played
and won, knocks (or « Je tiens ») and how many paid, deals won holding 31, and the tokens or lives lost.

A deal is *won* by shedding a token (tokens game), or by losing no life or token while still in (lives mode,
banker game). A knock *paid* when the knocker won the deal it closed."""

from __future__ import annotations

from companion.core.i18n import Msg
from companion.games.trente_et_un.engine import TrenteMatch
from companion.games.trente_et_un.ops import Showdown
from companion.games.trente_et_un.scoring import hand_value

REPORT = {
    "deals": ("sum", "deals"),
    "deals_won": ("sum", "won"),
    "knocks": ("sum", "knocks"),
    "knocks_paid": ("sum", "paid"),
    "won_with_31": ("sum", "thirty_one"),
    "lost": ("sum", "lost"),
}
#: How each reported figure is named on the statistics screen and by ``companion stats``.
LABELS = {
    "deals": Msg("deals", "donnes"), "deals_won": Msg("deals won", "donnes gagnées"),
    "knocks": Msg("knocks", "cognes"), "knocks_paid": Msg("knocks that paid", "cognes payantes"),
    "won_with_31": Msg("deals won with 31", "donnes gagnées à 31"),
    "lost": Msg("lives or tokens lost", "vies ou jetons perdus"),
}


def seat_figures(match: TrenteMatch) -> list[dict[str, float]]:
    replay = type(match)(match.setup)
    out = [{"deals": 0.0, "won": 0.0, "knocks": 0.0, "paid": 0.0, "thirty_one": 0.0, "lost": 0.0}
           for _ in range(match.players)]
    values = match.rules.values()
    for op in match.log:
        play = replay.play
        before = list(replay.tokens)
        playing = [not gone for gone in replay.out]
        replay.apply(op)
        if not isinstance(op, Showdown):
            continue
        knocker = op.knocker if op.knocker is not None else play.knocker if play is not None else None
        keeps = replay.lives_mode or replay.banker  # a deal is won by losing nothing
        won = {}
        for seat in range(match.players):
            if not playing[seat]:
                continue
            delta = replay.tokens[seat] - before[seat]
            won[seat] = (delta >= 0 and not replay.out[seat]) if keeps else delta < 0
            out[seat]["deals"] += 1
            out[seat]["won"] += won[seat]
            out[seat]["lost"] += max(0, -delta) if keeps else 0
            hand = op.hands[seat] if seat < len(op.hands) else ()
            out[seat]["thirty_one"] += won[seat] and len(hand) == 3 and hand_value(hand, values).value >= 31
        if knocker is not None and knocker in won:
            out[knocker]["knocks"] += 1
            out[knocker]["paid"] += won[knocker]
    return out
