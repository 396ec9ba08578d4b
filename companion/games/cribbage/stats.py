"""Cribbage statistics per player, read from the matches' own logs (nothing is stored twice).

Each match is replayed by the engine; its events say who pegged what and why. A hand's value is its
true count (scored again from the cards shown and the starter), so a hand cut short by the end of a
game still counts what it held.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.core.cards import Card
from companion.core.i18n import Msg
from companion.games.cribbage.engine import CribbageMatch
from companion.games.cribbage.ops import Crib, Cut, Go, Muggins, Play, Show
from companion.games.cribbage.scoring import count_hand


@dataclass
class PlayerStats:
    name: str
    matches: int = 0
    matches_won: int = 0
    games: int = 0
    games_won: int = 0
    skunks_given: int = 0
    skunks_taken: int = 0
    deals: int = 0  # deals this player took part in (with a starter)
    hand_points: int = 0
    hands: int = 0
    crib_points: int = 0
    cribs: int = 0
    pegging_points: int = 0
    hand_counts: Counter[int] = field(default_factory=Counter)  # true count of each hand shown -> how many
    best_hand: tuple[int, tuple[Card, ...], Card | None] | None = None
    big_hands: list[tuple[int, tuple[Card, ...], Card]] = field(default_factory=list)  # every 28 and 29

    @property
    def matches_lost(self) -> int:
        return self.matches - self.matches_won

    @property
    def games_lost(self) -> int:
        return self.games - self.games_won

    def per_deal(self, points: int) -> float:
        return points / self.deals if self.deals else 0.0

    @property
    def average_hand(self) -> float:
        return self.hand_points / self.hands if self.hands else 0.0

    @property
    def average_crib(self) -> float:
        return self.crib_points / self.cribs if self.cribs else 0.0

    @property
    def pegging_per_deal(self) -> float:
        return self.per_deal(self.pegging_points)


def _key(name: str) -> str:
    return name.strip().casefold()


def deal_points(match: CribbageMatch) -> list[list[int]]:
    """Points per side for each deal of the match, in order (for the points-per-deal chart)."""
    replay = CribbageMatch(match.setup)
    deals: list[list[int]] = []
    seen = (0, 0)
    for op in match.log:
        replay.apply(op)
        now = (replay.game_number, replay.deal_number)
        if now != seen or not deals:
            seen = now
            deals.append([0] * match.sides)
        for score in replay.events[-1].scores:
            deals[-1][score.side] += score.points
    return deals


def player_stats(matches: Iterable[CribbageMatch]) -> dict[str, PlayerStats]:
    """Figures per player (names compared without case), over every match given."""
    stats: dict[str, PlayerStats] = {}

    def of(seat_name: str) -> PlayerStats:
        return stats.setdefault(_key(seat_name), PlayerStats(seat_name.strip()))

    for match in matches:
        names = match.names
        for seat, name in enumerate(names):
            player = of(name)
            player.matches += 1
            if match.match_winner is not None and match.side_of(seat) == match.match_winner:
                player.matches_won += 1
            for game in match.games:
                player.games += 1
                won = match.side_of(seat) == game.winner
                player.games_won += won
                if game.skunk:
                    if won:
                        player.skunks_given += 1
                    else:
                        player.skunks_taken += 1
        starter: Card | None = None
        last_player: int | None = None
        replay = CribbageMatch(match.setup)
        for op in match.log:
            replay.apply(op)
            event = replay.events[-1]
            dealer = replay.d.dealer if replay.d is not None else replay.dealer
            if isinstance(op, Cut):
                starter = op.card
                for name in names:
                    of(name).deals += 1  # his heels (a jack turned) are not pegging: the play has not begun
            elif isinstance(op, Play):
                last_player = op.seat
                of(names[op.seat]).pegging_points += sum(s.points for s in event.scores)
            elif isinstance(op, Go):
                if last_player is not None:
                    of(names[last_player]).pegging_points += sum(s.points for s in event.scores)
            elif isinstance(op, Show) and starter is not None:
                player = of(names[op.seat])
                total = count_hand(op.cards, starter, False, match.rules).total
                player.hands += 1
                player.hand_points += total
                player.hand_counts[total] += 1
                if player.best_hand is None or total > player.best_hand[0]:
                    player.best_hand = (total, op.cards, starter)
                if total >= 28:
                    player.big_hands.append((total, op.cards, starter))
            elif isinstance(op, Crib) and starter is not None:
                player = of(names[dealer])
                player.cribs += 1
                player.crib_points += count_hand(op.cards, starter, True, match.rules).total
    return stats


# ---------------------------------------------------------------- the figures ``companion stats`` reports

#: Each reported figure from the per-seat totals of ``seat_figures`` summed over matches: a ratio of two
#: totals, a sum, or the best (max) of one match's value.
REPORT = {
    "hand_average": ("ratio", "hand_points", "hands"),
    "crib_average": ("ratio", "crib_points", "cribs"),
    "pegging_per_deal": ("ratio", "pegging_points", "deals"),
    "best_hand": ("max", "best_hand"),
    "hands_28": ("sum", "hands_28"),
    "hands_29": ("sum", "hands_29"),
    "skunks_given": ("sum", "skunks_given"),
    "skunks_taken": ("sum", "skunks_taken"),
    "muggins_points": ("sum", "muggins_points"),
}
#: How each reported figure is named on the statistics screen and by ``companion stats``.
LABELS = {
    "hand_average": Msg("average hand", "main moyenne"),
    "crib_average": Msg("average crib", "crib moyen"),
    "pegging_per_deal": Msg("pegging per deal", "points au jeu par donne"),
    "best_hand": Msg("best hand", "meilleure main"),
    "hands_28": Msg("28s", "28"), "hands_29": Msg("29s", "29"),
    "skunks_given": Msg("skunks given", "skunks donnés"), "skunks_taken": Msg("skunks taken", "skunks reçus"),
    "muggins_points": Msg("points taken by muggins", "points pris au muggins"),
}


def seat_figures(match: CribbageMatch) -> list[dict[str, float]]:
    """Per seat, this match's totals (from the replay above, and the muggins the seat's side took)."""
    stats = player_stats([match])
    out: list[dict[str, float]] = []
    for name in match.names:
        player = stats[_key(name)]
        out.append({"hand_points": player.hand_points, "hands": player.hands, "crib_points": player.crib_points,
                    "cribs": player.cribs, "pegging_points": player.pegging_points, "deals": player.deals,
                    "best_hand": player.best_hand[0] if player.best_hand else 0,
                    "hands_28": sum(1 for h in player.big_hands if h[0] == 28),
                    "hands_29": sum(1 for h in player.big_hands if h[0] == 29),
                    "skunks_given": player.skunks_given, "skunks_taken": player.skunks_taken, "muggins_points": 0})
    for op, event in zip(match.log, match.events):
        if isinstance(op, Muggins) and op.side is not None:
            for seat in range(len(match.names)):
                if match.side_of(seat) == op.side:
                    out[seat]["muggins_points"] += sum(s.points for s in event.scores)
    return out
