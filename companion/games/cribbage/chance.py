"""Cribbage: each player's chance to win the game from here, and the match (issue 40). Two players only: with three
or four the deal's points are not the two-player deal's, and no table is shipped (the chance is not shown).

The chance comes from the recursion of ``endgame.py`` on the points each side still needs, worked out for the whole
board (``data/chance.json``: ``v[x][y]``, the pone's chance at the start of a deal needing ``x`` against the dealer's
``y``, written by ``python -m companion.dev.chance_tables``), and from the phase of the deal:

- between deals, before the starter: V of the scores, who deals;
- during the play, ``r`` of the eight cards still to peg: ``r·V + (1 − r)·G`` (the rest of the pegging counted as
  that share of a whole play);
- after the play G, after the pone's hand H, before the crib the crib alone (as in ``endgame``, the next deal's V
  with the roles swapped then answers);
- a seat that knows its own four cards and the starter (its phone in virtual play) counts its own show exactly in
  G and H instead of the table's odds; the table (``seat`` None) reads the public scores and phase only.

The match (several games): each later game counted even (its first deal alternates), skunks not counted
(``chance.match_from_games``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from companion.games import chance as shared
from companion.games.cribbage import endgame
from companion.games.cribbage.ops import CRIB
from companion.games.cribbage.scoring import hand_score

if TYPE_CHECKING:
    from companion.games.cribbage.engine import CribbageMatch

PACKAGE = "companion.games.cribbage"
PLAY_CARDS = 8  # cards pegged in a two-player deal
Dist = tuple[float, ...]  # P(points) by points


@lru_cache(maxsize=1)
def _v() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in shared.read_table(PACKAGE, "chance.json")["v"])


def v(x: int, y: int) -> float:
    """The pone's chance at the start of a deal, needing ``x`` points against the dealer's ``y`` (the whole
    board: 1 ≤ x, y ≤ 121)."""
    if x <= 0:
        return 1.0
    if y <= 0:
        return 0.0
    return _v()[min(x, endgame.SIZE) - 1][min(y, endgame.SIZE) - 1] / endgame.SCALE


def _dist(counts: Sequence[float]) -> Dist:
    total = sum(counts)
    return tuple(n / total for n in counts)


@lru_cache(maxsize=1)
def shows() -> tuple[Dist, Dist, Dist]:
    """The pone's show, the dealer's show (hand and crib) and the crib alone, each P(points)."""
    data = endgame.data()
    return _dist(data["pone_show"]), _dist(data["dealer_show"]), _dist(shared.read_table(PACKAGE, "chance.json")["crib"])


def h(x: int, y: int, dealer_show: Dist) -> float:
    """The pone's chance after his own show, the dealer's points still to come (``dealer_show``)."""
    return sum(w * (0.0 if d >= y else 1.0 - v(y - d, x)) for d, w in enumerate(dealer_show) if w)


def g(x: int, y: int, pone_show: Dist, dealer_show: Dist) -> float:
    """The pone's chance after the play: his show, then the dealer's."""
    return sum(w * (1.0 if p >= x else h(x - p, y, dealer_show)) for p, w in enumerate(pone_show) if w)


def _point(points: int) -> Dist:
    return tuple(1.0 if i == points else 0.0 for i in range(points + 1))


def _plus(points: int, dist: Dist) -> Dist:
    return (0.0,) * points + dist


def _own(match: CribbageMatch, seat: int | None) -> int | None:
    """The seat's own show once the starter is cut, when its four cards are known to it (virtual play)."""
    if seat is None or match.starter is None:
        return None
    kept = match.kept(seat)
    return None if kept is None else hand_score(kept, match.starter, False, match.rules)


def pone_chance(match: CribbageMatch, seat: int | None) -> float:
    """The pone's chance to win this game (two players, the game under way)."""
    dealer = match.dealer
    pone = 1 - dealer
    x, y = (match.rules.target - match.scores[s] for s in (pone, dealer))
    phase = match.phase
    d = match.d
    if phase in ("deal", "discard", "cut") or d is None:
        return v(x, y)
    pone_show, dealer_show, crib = shows()
    own = _own(match, seat)
    if own is not None:
        if seat == pone:
            pone_show = _point(own)
        else:
            dealer_show = _plus(own, crib)
    if phase == "play":
        left = sum(match.cards_left(s) for s in range(2)) / PLAY_CARDS
        return left * v(x, y) + (1 - left) * g(x, y, pone_show, dealer_show)
    order = match.show_order
    counting = order[d.show_index] if d.show_index < len(order) else None
    if counting == pone:
        return g(x, y, pone_show, dealer_show)
    if counting == dealer:
        return h(x, y, dealer_show)
    if counting == CRIB:
        return h(x, y, crib)
    return 1.0 - v(y, x)  # the deal counted: the next one, the pone dealing


def chances(match: CribbageMatch, seat: int | None = None) -> shared.Chances | None:
    """Each player's chance to win the game (two players), as ``seat`` may know it."""
    if match.sides != 2 or match.players != 2:
        return None
    if match.phase in ("game_over", "match_over"):
        winner = match.games[-1].winner
        return tuple(1.0 if side == winner else 0.0 for side in range(2))
    pone = 1 - match.dealer
    p = shared.unsure(pone_chance(match, seat))
    return (p, 1 - p) if pone == 0 else (1 - p, p)


def match_chances(match: CribbageMatch, seat: int | None = None) -> shared.Chances | None:
    """Each player's chance to win the match, when it is more than one game."""
    rules = match.rules
    if rules.games_to_win <= 1:
        return None
    game = chances(match, seat)
    if game is None:
        return None
    if match.phase == "match_over":
        return game
    # Plain wins still needed by each side (a skunk's extra game points are not counted ahead).
    need = [-(-(rules.match_points - match.game_points[s]) // rules.win_points) for s in range(2)]
    if match.phase == "game_over":
        a = shared.match_needing(need[0], need[1])  # between games: the next one even
        return (a, 1 - a)
    a = shared.match_from_games(game[0], need[0], need[1])
    return (a, 1 - a)
