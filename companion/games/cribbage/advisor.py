"""The exact discard advisor: for each way to lay two cards away (one from a five-card hand of three or four
players), the mean show of the kept four over every possible starter, and the mean crib over every possible
opponent discard and starter, each weighted equally.

Exact and fast, by linearity of expectation. A show is fifteens, pairs and runs (which depend only on the five
ranks) plus flush and nobs (which depend on suits). The unseen cards are the same whatever is discarded, so the
rank part of the crib is one weighted sum over (opponent rank, opponent rank, starter rank) triples whose weights
count the unseen cards of each rank; the flush and nobs parts are probabilities counted from the unseen cards of
each suit. No sampling anywhere: the figures are exact rationals, rounded to two decimals at the end.

With three or four players the crib is completed by the other players' discards (one card each, with three the
crib also holds one card from the deck); every unseen card is equally likely in each place, so the same
enumeration over two unseen cards and a starter applies.

That is the *uniform* crib model, the default: the opponent's two cards are any two unseen cards alike. The
``players`` model (``crib_model="players"``, two players only: a five-card hand keeps the uniform one) weights
each pair of unseen cards by how much likelier than at random players lay away that pair of ranks in the
opponent's role (``throws.weights``: a dealer throws to his own crib, a pone to the dealer's). The same sums are
then taken with those weights: still exact for that model, and no sampling.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from companion.core.cards import Card, Rank, standard_deck
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.core.i18n import Msg
from companion.games.cribbage.rules import DEFAULT_RULES, CribbageRules
from companion.games.cribbage.scoring import DUPLICATE, rank_points

HAND_SIZE = Msg("the advisor takes a hand of 6 cards (2 players) or 5 (3 or 4 players), not {n}",
                "le conseiller prend une main de 6 cartes (2 joueurs) ou de 5 (3 ou 4 joueurs), pas {n}")

RANKS = range(1, 14)
SUITS = range(4)
CRIB_MODELS = ("uniform", "players")


def _bit(rank: int) -> int:
    return 1 << (3 * (rank - 1))  # the rank-multiset key of companion.games.cribbage.scoring


@dataclass(frozen=True)
class Option:
    """One way to discard: the cards laid away, the kept four, and their exact means."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand: float  # mean show of the kept four over every starter
    crib: float  # mean crib (dealer's or opponent's) over every completion and starter
    dealer: bool

    @property
    def net(self) -> float:
        return self.hand + self.crib if self.dealer else self.hand - self.crib

    def to_json(self) -> dict[str, Any]:
        return {"discard": [c.code for c in self.discard], "keep": [c.code for c in self.keep],
                "hand": round(self.hand, 2), "crib": round(self.crib, 2), "net": round(self.net, 2)}


class _Unseen:
    """The cards not in the hand, counted by rank and by suit, and the crib's rank-triple weights."""

    def __init__(self, hand: Sequence[Card]) -> None:
        cards = [c for c in standard_deck() if c not in hand]
        self.cards = cards
        self.n = len(cards)
        self.by_rank = Counter(int(c.rank) for c in cards)
        self.by_suit = Counter(int(c.suit) for c in cards)
        # Ordered (c, d, s): two cards completing the crib, then the starter, all distinct unseen cards.
        self.crib_total = self.n * (self.n - 1) * (self.n - 2)
        n = self.by_rank
        triples: dict[int, int] = {}
        for rc in RANKS:
            for rd in RANKS:
                w_cd = n[rc] * (n[rd] - (rd == rc))
                if not w_cd:
                    continue
                for rs in RANKS:
                    w = w_cd * (n[rs] - (rs == rc) - (rs == rd))
                    if w:
                        key = _bit(rc) + _bit(rd) + _bit(rs)
                        triples[key] = triples.get(key, 0) + w
        self.triples = list(triples.items())
        self._quads: list[tuple[int, int]] | None = None

    def quads(self) -> list[tuple[int, int]]:
        """Three unseen cards (unordered) and a starter, by rank key, with how many card choices give each."""
        if self._quads is None:
            n = self.by_rank
            quads: dict[int, int] = {}
            for ra in RANKS:
                for rb in range(ra, 14):
                    for rc in range(rb, 14):
                        picks = Counter([ra, rb, rc])
                        w_abc = 1
                        for rank, k in picks.items():
                            w_abc *= _comb(n[rank], k)
                        if not w_abc:
                            continue
                        for rs in RANKS:
                            w = w_abc * (n[rs] - picks[rs])
                            if w:
                                key = _bit(ra) + _bit(rb) + _bit(rc) + _bit(rs)
                                quads[key] = quads.get(key, 0) + w
            self._quads = list(quads.items())
        return self._quads


class _Thrown:
    """The opponent's two cards under a weighted crib model: ``f[r1][r2]`` weights each ordered pair of distinct
    unseen cards by its ranks; the starter is then any other unseen card."""

    def __init__(self, unseen: _Unseen, f: Sequence[Sequence[float]]) -> None:
        n = unseen.by_rank
        triples: dict[int, float] = {}
        pairs = 0.0
        for rc in RANKS:
            for rd in RANKS:
                w_cd = n[rc] * (n[rd] - (rd == rc)) * f[rc][rd]
                if not w_cd:
                    continue
                pairs += w_cd
                for rs in RANKS:
                    w = w_cd * (n[rs] - (rs == rc) - (rs == rd))
                    if w:
                        key = _bit(rc) + _bit(rd) + _bit(rs)
                        triples[key] = triples.get(key, 0.0) + w
        self.triples = list(triples.items())
        self.pairs = pairs  # the weight of every ordered pair
        self.total = pairs * (unseen.n - 2)  # ... and of every (pair, starter)
        suits = [[0.0] * 4 for _ in SUITS]  # the weight of the ordered pairs by their suits
        for c in unseen.cards:
            for d in unseen.cards:
                if c is not d:
                    suits[int(c.suit)][int(d.suit)] += f[int(c.rank)][int(d.rank)]
        self.suits = suits
        u = self.unseen_suit = unseen.by_suit
        # A starter of each suit: any unseen card but the two laid away.
        self.starter_suit = [sum(suits[x][y] * (u[z] - (x == z) - (y == z)) for x in SUITS for y in SUITS)
                             / self.total for z in SUITS]
        # An unseen jack among the two, with a starter of its suit.
        jacks = 0.0
        for j in unseen.cards:
            if j.rank == Rank.JACK:
                sj = int(j.suit)
                jacks += 2 * sum(f[int(Rank.JACK)][int(d.rank)] * (u[sj] - 1 - (int(d.suit) == sj))
                                 for d in unseen.cards if d is not j)
        self.jacks = jacks / self.total


def _check(hand: Sequence[Card]) -> None:
    if len(hand) not in (5, 6):
        raise IllegalMoveError(HAND_SIZE(n=len(hand)))
    for card, count in Counter(hand).items():
        if count > 1:
            raise InconsistencyError(DUPLICATE(card=card))


def _hand_mean(keep: Sequence[Card], unseen: _Unseen, rules: CribbageRules) -> float:
    key = sum(_bit(int(c.rank)) for c in keep)
    total = sum(count * rank_points(key + _bit(rank)) for rank, count in unseen.by_rank.items())
    mean = total / unseen.n
    suits = Counter(int(c.suit) for c in keep)
    if rules.flush_rule == "booklet":  # any four of the five cards of one suit: 4
        suit, held = suits.most_common(1)[0]
        mean += 4 if held == 4 else (4 * unseen.by_suit[suit] / unseen.n if held == 3 else 0)
    elif len(suits) == 1:
        suit = next(iter(suits))
        mean += 4 + unseen.by_suit[suit] / unseen.n  # 4, or 5 with a starter of the suit
    if rules.nobs:
        mean += sum(unseen.by_suit[int(c.suit)] for c in keep if c.rank == Rank.JACK) / unseen.n
    return mean


def _crib_mean(away: Sequence[Card], unseen: _Unseen, rules: CribbageRules) -> float:
    base = sum(_bit(int(c.rank)) for c in away)
    total = sum(w * rank_points(base + key) for key, w in unseen.triples)
    mean = total / unseen.crib_total
    mean += _crib_flush(away, unseen, rules)
    if rules.nobs:
        n, by_suit = unseen.n, unseen.by_suit
        # Our jack: the starter is of its suit (any unseen card of it, the other two from the rest).
        mean += sum(by_suit[int(c.suit)] for c in away if c.rank == Rank.JACK) / n
        # An unseen jack in the crib, with a starter of its suit: P = 2 places × (suit − 1) starters / (n(n−1)).
        jacks = [c for c in unseen.cards if c.rank == Rank.JACK]
        mean += sum(2 * (by_suit[int(j.suit)] - 1) * (n - 2) for j in jacks) / unseen.crib_total
    return mean


def _crib_mean_thrown(away: Sequence[Card], thrown: _Thrown, rules: CribbageRules) -> float:
    """The crib's mean under a weighted crib model: the same three parts, each pair weighted."""
    base = sum(_bit(int(c.rank)) for c in away)
    mean = sum(w * rank_points(base + key) for key, w in thrown.triples) / thrown.total
    total = 0.0
    for x in SUITS:
        for y in SUITS:
            for z in SUITS:
                suits = Counter([int(away[0].suit), int(away[1].suit), x, y, z])
                best = max(suits.values())
                points = (4 if best >= 4 else 0) if rules.flush_rule == "booklet" else (5 if best == 5 else 0)
                if points:
                    starters = thrown.unseen_suit[z] - (x == z) - (y == z)
                    total += thrown.suits[x][y] * starters * points
    mean += total / thrown.total
    if rules.nobs:
        mean += sum(thrown.starter_suit[int(c.suit)] for c in away if c.rank == Rank.JACK)
        mean += thrown.jacks
    return mean


def _crib_flush(away: Sequence[Card], unseen: _Unseen, rules: CribbageRules) -> float:
    """The crib's flush: ACC only five of a suit (5); the booklet any four of the five (4)."""
    u = unseen.by_suit
    total = 0
    for x in SUITS:
        for y in SUITS:
            w_xy = u[x] * (u[y] - (y == x))
            if not w_xy:
                continue
            for z in SUITS:
                w = w_xy * (u[z] - (z == x) - (z == y))
                if not w:
                    continue
                suits = Counter([int(away[0].suit), int(away[1].suit), x, y, z])
                best = max(suits.values())
                if rules.flush_rule == "booklet":
                    total += w * (4 if best >= 4 else 0)
                else:
                    total += w * (5 if best == 5 else 0)
    return total / unseen.crib_total


def crib_model_used(hand_size: int, crib_model: str) -> str:
    """The model a hand of this size is advised with: ``players`` applies to two players' six-card hands."""
    if crib_model not in CRIB_MODELS:
        raise ValueError(f"crib model {crib_model!r}")
    return crib_model if hand_size == 6 else "uniform"


def analyse(hand: Sequence[Card], dealer: bool, rules: CribbageRules = DEFAULT_RULES,
            crib_model: str = "uniform") -> list[Option]:
    """Every discard of a 6-card hand (two away) or a 5-card hand (one away), best net first. ``crib_model``:
    ``uniform`` (exact, the default) or ``players`` (how players throw; six-card hands only)."""
    _check(hand)
    unseen = _Unseen(hand)
    n_away = len(hand) - 4
    thrown = None
    if crib_model_used(len(hand), crib_model) == "players":
        from companion.games.cribbage.throws import weights

        thrown = _Thrown(unseen, weights("pone" if dealer else "dealer"))  # the opponent's role
    options = []
    for away in combinations(hand, n_away):
        keep = tuple(c for c in hand if c not in away)
        if thrown is not None:
            crib = _crib_mean_thrown(away, thrown, rules)
        elif n_away == 2:
            crib = _crib_mean(away, unseen, rules)
        else:
            crib = _crib_mean_one(away[0], unseen, rules)
        options.append(Option(away, keep, _hand_mean(keep, unseen, rules), crib, dealer))
    options.sort(key=lambda o: (-o.net, -o.hand, [c.index for c in o.discard]))
    return options


def _crib_mean_one(card: Card, unseen: _Unseen, rules: CribbageRules) -> float:
    """One card laid away (3 or 4 players): the crib's other three cards and the starter are unseen. Exact
    enumeration over the unseen cards' ranks, by the same counting."""
    total = sum(w * rank_points(_bit(int(card.rank)) + key) for key, w in unseen.quads())
    count = sum(w for _, w in unseen.quads())
    mean = total / count
    u, m = unseen.by_suit, unseen.n
    # Flush: the other four cards all of the card's suit (ACC 5) / booklet: four of five in one suit.
    s = int(card.suit)
    if rules.flush_rule == "booklet":
        flush = 0.0
        for suit in SUITS:
            k = u[suit]
            need_all = _comb(k, 3) * (k - 3) / (_comb(m, 3) * (m - 3))  # the four unseen cards of one suit
            if suit == s:
                three_and_other = 4 * _comb(k, 3) * (m - k) / (_comb(m, 3) * (m - 3))  # three of four, plus ours
                flush += 4 * (need_all + three_and_other)
            else:
                flush += 4 * need_all
        mean += flush
    else:
        mean += 5 * _comb(u[s], 3) * (u[s] - 3) / (_comb(m, 3) * (m - 3))
    if rules.nobs:
        mean += (u[s] / m if card.rank == Rank.JACK else 0)
        jacks = [c for c in unseen.cards if c.rank == Rank.JACK]
        mean += sum(3 * (u[int(j.suit)] - 1) / (m * (m - 1)) for j in jacks)  # a jack among 3 of m, starter suit
    return mean


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if n >= k >= 0 else 0
