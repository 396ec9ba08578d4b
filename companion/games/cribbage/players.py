"""Computer players at three levels, and a driver that plays a whole virtual match.

None of them looks at a hidden card: each decides from what its seat may see (``sight.View``: its own cards and
the ones it laid away, the cards played, the starter, who said go at which count, the scores and who deals). Each
takes its candidates from its seat's choices (``match.choices``): the ways to lay away its discard choice lists, the
cards its play choice offers, in their order.

- **easy**: legal and simple. Lays away at random; plays a card that pegs now if it has any (one of them at
  random), else a random card. Never looks at the score.
- **normal**: what a club player does. Keeps the four with the best mean show over every starter, nudged by half
  a rough value of what the laid-away cards give the crib (pairs, fifteens, fives, near runs: a bonus in one's own
  crib, a cost in the other's). In the play: the most points now; then a count other than 5 or 21 (a ten-card
  would make 15 or 31); then, to lead, a card below 5; then the higher card. Never looks at the score.
- **hard**: searches (``hard.py``). Two players, mid-game: lays away by the exact advisor's mean hand ± mean
  crib with the crib model of how players throw (``advisor.analyse``, ``throws.py``) plus the mean pegging margin
  of the kept four, simulated; three or four players: the exact advisor, uniform model. Plays by determinized
  Monte Carlo: deals the cards it has not seen to the others again and again (never its own discards or a card
  shown; with two players the opponent's hand as a club player keeps one), consistently with every go they said,
  plays each card out with the normal policy for everyone, and races the cards, spending more deals where the
  choice is close (at most 512). Mid-game it keeps the best mean margin of pegging points; near the end of a
  two-player game (a side within ``endgame.REACH`` points of the target) its discard and its play maximise the
  chance to win the game, with the show order (the pone counts first, then the dealer, then the crib) and the
  chance to win from the scores that follow (``endgame.py``). The deals come from a generator seeded by the
  position, so a seeded game replays exactly.

``hard-previous`` (``previous.py``) is the hard player as it was before issue 29, kept for self-play only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from companion.core.cards import Card, standard_deck
from companion.games.base import LEVELS
from companion.games.cribbage.engine import CribbageMatch
from companion.games.cribbage.ops import CRIB, Crib, Cut, Discard, Go, Muggins, NewGame, Op, Play, Show
from companion.games.cribbage.pegging import MAX_COUNT, peg_points
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.scoring import hand_score, pip
from companion.games.cribbage.sight import View as View  # the seat's view, still read from here by the tests
from companion.games.cribbage.sight import view_of as view_of
from companion.games.seats import Choice

PREVIOUS = "hard-previous"  # the hard player before issue 29 (previous.py), for self-play only
HARD_CRIB_MODEL = "players"  # the hard player's crib model with two players (the advisor's option)

SELFPLAY_LEVELS = (*LEVELS, PREVIOUS)  # and the previous hard player, for self-play only


# ---------------------------------------------------------------- the candidates: the seat's choices

def _choice(match: CribbageMatch, seat: int, name: str) -> Choice | None:
    return next((choice for choice in match.choices(seat) if choice.name == name), None)


def discard_choice(match: CribbageMatch, seat: int) -> Choice:
    """The seat's discard choice: the cards it may lay away from, how many, and every way to lay them away."""
    choice = _choice(match, seat, "discard")
    assert choice is not None, "no discard to make"
    return choice


def ways_to_lay_away(choice: Choice) -> list[tuple[Card, ...]]:
    """Every way to lay away that a discard choice lists, in its order."""
    return [op.cards for op in choice.options() or () if isinstance(op, Discard)]


def play_options(match: CribbageMatch, seat: int) -> list[Card]:
    """The cards ``seat`` may play now, in the order its play choice offers them (the order of its hand); none:
    it goes."""
    choice = _choice(match, seat, "play")
    return [op.card for op in (choice.options() or ()) if isinstance(op, Play)] if choice is not None else []


# ---------------------------------------------------------------- the discard

def crib_guess(cards: Sequence[Card]) -> float:
    """A club player's rough value of cards laid away: pairs, fifteens, fives and near runs."""
    value = 0.0
    for a, b in combinations(cards, 2):
        if a.rank == b.rank:
            value += 2
        if pip(a) + pip(b) == 15:
            value += 2
        if abs(a.rank - b.rank) == 1:
            value += 1
    value += sum(1.0 for c in cards if pip(c) == 5)
    return value


def normal_discard(hand: Sequence[Card], own_crib: bool, rules: CribbageRules,
                   aways: Sequence[tuple[Card, ...]] | None = None) -> tuple[Card, ...]:
    """The club player's discard among ``aways`` (the ways to lay away its choice lists; every one by default):
    the best mean show of the kept four over every starter, plus or minus half ``crib_guess`` of the cards laid
    away. The first best of the fours kept in the order of ``combinations``: the ways to lay away are listed in
    that order, and the fours they keep in the reverse one."""
    n_away = len(hand) - 4
    unseen = [c for c in standard_deck() if c not in hand]
    best: tuple[float, tuple[Card, ...]] | None = None
    for away in reversed(list(combinations(hand, n_away)) if aways is None else aways):
        keep = tuple(c for c in hand if c not in away)
        expected = sum(hand_score(keep, s, False, rules) for s in unseen) / len(unseen)
        expected += crib_guess(away) * (1 if own_crib else -1) * 0.5
        if best is None or expected > best[0]:
            best = (expected, away)
    assert best is not None
    return best[1]


def hard_discard(match: CribbageMatch, seat: int, rng: random.Random,
                 aways: Sequence[tuple[Card, ...]]) -> tuple[Card, ...]:
    """Among ``aways`` (the ways to lay away its choice lists): near the end of a two-player game, the discard with
    the best chance to win (``hard.search_discard``); else the exact advisor's best, with the players' crib model for
    two players."""
    from companion.games.cribbage.advisor import analyse
    from companion.games.cribbage.hard import near_end, search_discard, search_discard_points

    hand = match.hand(seat)
    assert hand is not None
    if near_end(match.scores, match.rules.target, match.players):
        return search_discard(hand, seat, match.dealer, match.scores, match.rules, rng, aways=aways).ranked[0][0]
    if match.players == 2:  # mid-game: the pegging margin counts in the discard
        return search_discard_points(hand, seat, match.dealer, match.rules, rng, HARD_CRIB_MODEL,
                                     aways=aways).ranked[0][0]
    own_crib = match.side_of(seat) == match.side_of(match.dealer)
    offered = {frozenset(away) for away in aways}  # five-card hands: the exact, uniform crib
    return next(o.discard for o in analyse(hand, own_crib, match.rules) if frozenset(o.discard) in offered)


def choose_discard(match: CribbageMatch, seat: int, level: str = "normal",
                   rng: random.Random | None = None) -> tuple[Card, ...]:
    """The cards ``seat`` lays away at ``level``, from its discard choice."""
    choice = discard_choice(match, seat)
    if level == "easy":  # any of the ways to lay away, alike: the choice's cards picked at random
        return tuple((rng or random.Random(0)).sample(choice.cards, choice.low))
    if level == PREVIOUS:
        from companion.games.cribbage import previous

        return previous.choose_discard(match, seat)
    aways = ways_to_lay_away(choice)
    if level == "hard":
        return hard_discard(match, seat, rng or position_rng(match, seat), aways)
    own_crib = match.side_of(seat) == match.side_of(match.dealer)
    return normal_discard(choice.cards, own_crib, match.rules, aways)


# ---------------------------------------------------------------- the play

def _playable(hand: Sequence[Card], count: int) -> list[Card]:
    return [c for c in hand if count + pip(c) <= MAX_COUNT]


def normal_pick(fits: Sequence[Card], current: Sequence[Card], rules: CribbageRules) -> Card | None:
    """The club player's card among ``fits`` (cards that fit the count): the most points now; then a count other
    than 5 or 21 (a ten-card would make 15 or 31); then, to lead, a card below 5; then the higher card (the first of
    equals in their order). None: nothing fits."""
    if not fits:
        return None
    count = sum(pip(c) for c in current)

    def value(card: Card) -> tuple[int, int, bool, int]:
        now = peg_points([*current, card], rules).points
        after = count + pip(card)
        danger = after in (5, 21)  # a ten-card makes 15 or 31
        lead = not current and pip(card) < 5
        return (now, -danger, lead, pip(card))

    return max(fits, key=value)


def normal_play(hand: Sequence[Card], current: Sequence[Card], rules: CribbageRules) -> Card | None:
    """The club player's card from ``hand`` (``normal_pick`` among its cards that fit), or None for go."""
    return normal_pick(_playable(hand, sum(pip(c) for c in current)), current, rules)


def easy_pick(fits: Sequence[Card], current: Sequence[Card], rules: CribbageRules, rng: random.Random) -> Card | None:
    """A card among ``fits`` at random, one that pegs now if any does."""
    if not fits:
        return None
    scoring = [c for c in fits if peg_points([*current, c], rules).points]
    return rng.choice(scoring or list(fits))


def hard_play(view: View, rng: random.Random, fits: Sequence[Card]) -> Card | None:
    """The hard player's search (``hard.search_play``) among ``fits``: the best rank found, or None for go."""
    from companion.games.cribbage.hard import search_play

    ranked = search_play(view, rng, fits=fits).ranked
    return ranked[0][0] if ranked else None


def choose_play(match: CribbageMatch, seat: int, level: str = "normal", rng: random.Random | None = None) -> Card | None:
    """The card to play among those the seat's play choice offers, or None for go."""
    fits = play_options(match, seat)
    view = view_of(match, seat)
    current = [c for _, c in view.current]
    rng = rng or position_rng(match, seat)
    if level == "easy":
        return easy_pick(fits, current, match.rules, rng)
    if level == "hard":
        return hard_play(view, rng, fits)
    if level == PREVIOUS:
        from companion.games.cribbage import previous

        return previous.choose_play(view, rng)
    return normal_pick(fits, current, match.rules)


def position_rng(match: CribbageMatch, seat: int) -> random.Random:
    """A generator fixed by the match's seed and the position, so a replayed game decides the same."""
    return random.Random(f"{match.setup.seed}:{match.game_number}:{match.deal_number}:{seat}:{len(match.log)}")


# ---------------------------------------------------------------- whole matches

def next_op(match: CribbageMatch, kinds: Sequence[str]) -> Op | None:
    """The next operation of a virtual match that nobody at the screen has to choose: a deal, a cut, a show,
    a computer player's move, a human's go when no card of theirs fits. None: a human must act (or the game is
    over). ``kinds``: "human" or a level, per seat."""
    phase = match.phase
    if phase == "deal":
        return match.make_deal() if match.setup.mode == "virtual" else None
    if phase == "discard":
        for seat in range(match.players):
            if seat not in match.live.discarded and kinds[seat] != "human":
                return Discard(seat, choose_discard(match, seat, kinds[seat], position_rng(match, seat)))
        return None
    if phase == "cut":
        return match.make_cut()
    if phase == "play":
        seat = match.live.turn
        if kinds[seat] == "human":
            return Go(seat) if not match.playable(seat) else None
        card = choose_play(match, seat, kinds[seat])
        return Go(seat) if card is None else Play(seat, card)
    if phase == "show":
        who = match.showing
        return Crib(tuple(match.live.crib)) if who == CRIB else Show(who, match.kept(who) or ())
    if phase == "muggins":
        return Muggins(None)
    return None


def play_turn(match: CribbageMatch, rng: random.Random | None = None, levels: Sequence[str] | None = None) -> None:
    """Apply the next move of a virtual match for whoever must act: random legal moves with ``rng``, else
    each seat at its level (``levels``, normal by default)."""
    phase = match.phase

    def level(seat: int) -> str:
        return levels[seat] if levels else "normal"

    if phase == "deal":
        match.apply(match.make_deal())
    elif phase == "discard":
        for seat in range(match.players):
            if seat in match.live.discarded:
                continue
            if rng is not None:
                choice = discard_choice(match, seat)
                match.apply(Discard(seat, tuple(rng.sample(choice.cards, choice.low))))
            else:
                match.apply(Discard(seat, tuple(choose_discard(match, seat, level(seat), position_rng(match, seat)))))
            return
    elif phase == "cut":
        match.apply(match.make_cut())
    elif phase == "play":
        seat = match.live.turn
        if rng is not None:
            options = play_options(match, seat)
            card = rng.choice(options) if options else None
        else:
            card = choose_play(match, seat, level(seat))
        match.apply(Go(seat)) if card is None else match.apply(Play(seat, card))
    elif phase == "show":
        who = match.showing
        match.apply(Crib(tuple(match.live.crib))) if who == CRIB else match.apply(Show(who, tuple(match.kept(who) or ())))
    elif phase == "muggins":
        match.apply(Muggins(None))
    elif phase == "game_over":
        match.apply(NewGame())
    else:
        raise ValueError(f"nothing to play in phase {phase}")


def play_out(match: CribbageMatch, rng: random.Random | None = None, max_moves: int = 100_000,
             levels: Sequence[str] | None = None) -> CribbageMatch:
    """Play a virtual match to its end."""
    for _ in range(max_moves):
        if match.phase == "match_over":
            return match
        play_turn(match, rng, levels)
    raise RuntimeError("match did not end")


def table_entries(virtual: CribbageMatch) -> list[Op]:
    """What players would enter at a real table for a virtual match: starters, cards, goes,
    hands, cribs and new games (no deals or discards: nobody tells the app hidden cards)."""
    return [op for op in virtual.log if isinstance(op, (Cut, Play, Go, Show, Crib, NewGame))]
