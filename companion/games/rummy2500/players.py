"""2500 computer players at three levels, one operation at a time (the turn's draw, its trios and lay-offs,
then its discard), each from what its seat may see: its own hand, the pige, every trio on the table, how many
cards each player holds, and the cards the others threw.

- **easy**: a beginner. Draws from the stock, never the pige; lays every trio it holds (a frime with a pair too)
  and, once open, lays off what goes on a trio; throws a card at random, but never a frime (it is wild). Weak,
  not absurd: a table of easy players goes out and reaches 2500.
- **normal**: what a club player does. Takes the pige when a natural pair makes a trio of the chosen card (or,
  once open, a free top card that is a frime or goes on a trio); lays every trio, with a frime on a pair when
  it has one; lays off naturals on any trio and frimes on its own; keeps its frimes and pairs and throws the
  highest card that nobody can use from the table.
- **hard**: lays like normal, and draws and discards as normal does unless a search over the unseen cards finds
  a clearly better move (determinized Monte Carlo): it deals the others' hidden cards and the stock from the
  unseen cards several times (the cards the table saw go into a hand, a turned card or a pige series, stay
  there), plays the brasse out from each candidate with the normal policy for everyone, and compares each
  candidate's (brasse score − the others' mean) with the club player's move on the same deals: it deviates only
  when the gain is larger than its standard error.

Every level weighs the options of its seat's choices (``match.choices``: its draw, its pige takes, its trios,
lay-offs and discards); the brasses the hard search plays out by thousands take the same options without the
choices' words (``match.legal``). The samples come from a generator seeded by the match's seed and the position,
so a seeded game replays.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Sequence

from companion.core.cards import Card, Rank
from companion.games.base import Operation
from companion.games.rummy2500.dealing import table_opening
from companion.games.rummy2500.engine import BrassePlay, Rummy2500Match, trio_rank
from companion.games.rummy2500.ops import Brasse, DealBrasse, LayOff, Meld, TakePige, Throw
from companion.games.rummy2500.scoring import card_value
from companion.games.search import by_rollouts

HARD_SAMPLES = 32  # deals of the unseen cards, shared by every candidate
HARD_CANDIDATES = 4  # discards searched: the ones normal would consider first


def position_rng(match: Rummy2500Match, seat: int) -> random.Random:
    return random.Random(f"{match.setup.seed}:{len(match.brasses)}:{seat}:{len(match.log)}")


def deal_op(match: Rummy2500Match) -> DealBrasse:
    """The next brasse's shuffled pack and its key for later shuffles, drawn from the match's seed (a replay deals
    the same)."""
    pack = match.pack()
    rng = random.Random(f"{match.setup.seed}:deal:{len(match.brasses)}:{len(match.log)}")
    rng.shuffle(pack)
    return DealBrasse(tuple(pack), rng.getrandbits(48))


def _known(hand: Sequence[Card | None]) -> list[Card]:
    return [c for c in hand if c is not None]


def _table_ranks(bp: BrassePlay) -> set[Rank]:
    return {trio_rank(g, bp.frime) for groups in bp.laid for g in groups}


# ---------------------------------------------------------------- the candidates: the seat's choices

Options = Callable[[str], list[Operation]]  # a choice's name -> its options (its legal operations) now


def offered(match: Rummy2500Match, seat: int) -> Options:
    """The options of the seat's choices now, by name (``draw``, ``take``, ``meld``, ``lay_off``, ``throw``): a
    computer player's candidates."""
    choices = {choice.name: choice for choice in match.choices(seat)}
    return lambda name: (choices[name].options() or []) if name in choices else []


def listed(match: Rummy2500Match, seat: int) -> Options:
    """The same options without the choices' words (``legal``), for the turns a search plays out by thousands."""
    return lambda name: match.legal(seat, name)


# ---------------------------------------------------------------- the draw

def _series_value(match: Rummy2500Match, op: TakePige) -> float:
    """Points a pige series lays at once, minus what the cards that come with it may cost in hand."""
    bp = match.live
    scale = match.rules.scoring
    taken = bp.pige[op.index:]
    laid = sum(card_value(c, bp.frime, scale) for c in (taken[0], *op.pair))
    hand = Counter(c.rank for c in _known(bp.hands[op.seat]))
    table = _table_ranks(bp)
    extra = 0.0
    for card in taken[1:]:
        useful = card.rank == bp.frime or card.rank in table or hand[card.rank] >= 1
        extra += card_value(card, bp.frime, scale) * (0.5 if useful else -0.6)
    return laid + extra


def _free_top_useful(match: Rummy2500Match, seat: int) -> bool:
    bp = match.live
    top = bp.pige[-1]
    hand = Counter(c.rank for c in _known(bp.hands[seat]))
    return top.rank == bp.frime or top.rank in _table_ranks(bp) or hand[top.rank] >= 2


def choose_draw(match: Rummy2500Match, seat: int, level: str, rng: random.Random | None = None,
                options: Options | None = None) -> Operation:
    """From the seat's draw and pige takes: easy draws from the stock; normal takes a pige series its natural pair
    makes a trio of, else a free top card that helps; hard searches those."""
    options = offered(match, seat) if options is None else options
    (draw,) = options("draw")
    if level == "easy":
        return draw
    takes = [op for op in options("take") if isinstance(op, TakePige)]
    series = [op for op in takes if op.pair]  # the first pair of each pige card's rank in the hand comes first
    free = next((op for op in takes if not op.pair), None)  # an open player's top card
    normal = _normal_draw(match, seat, draw, series, free)
    if level == "hard":  # the club player's draw unless the search finds a clearly better one
        candidates: list[Operation] = [draw]
        if series:
            candidates.append(max(series, key=lambda op: _series_value(match, op)))
        if free is not None:
            candidates.append(free)
        return search(match, seat, candidates, rng or position_rng(match, seat), normal)
    return normal


def _normal_draw(match: Rummy2500Match, seat: int, draw: Operation, series: list[TakePige],
                 free: TakePige | None) -> Operation:
    """A pige series when a natural pair makes a trio of its card (the top one first: nothing else comes), else
    a free top card that helps, else the stock."""
    if series:
        top = len(match.live.pige) - 1
        return max(series, key=lambda op: op.index == top)
    if free is not None and _free_top_useful(match, seat):
        return free
    return draw


# ---------------------------------------------------------------- trios and lay-offs

def choose_lay(match: Rummy2500Match, seat: int, options: Options | None = None) -> Operation | None:
    """A trio or a lay-off to make now, or None (every level lays what it holds): three naturals of the rank it
    holds most of first, then a natural pair with a frime, then three frimes; then, once open, a lay-off, the cards
    in the hand's order, on its own trios first."""
    options = offered(match, seat) if options is None else options
    candidates = [*options("meld"), *options("lay_off")]
    if not candidates:
        return None
    bp = match.live
    hand = _known(bp.hands[seat])
    count = Counter(c.rank for c in hand if c.rank != bp.frime)
    first = {c: i for i, c in reversed(list(enumerate(hand)))}  # each card's first place in the hand
    ranks = sorted(count, key=lambda r: (-count[r], min(first[c] for c in hand if c.rank == r)))
    order = {rank: n for n, rank in enumerate(ranks)}

    def preference(item: tuple[int, Operation]) -> tuple[int, ...]:
        n, op = item
        if isinstance(op, Meld):
            naturals = [c for c in op.cards if c.rank != bp.frime]
            if not naturals:
                return (2, n)
            return (0 if len(naturals) == 3 else 1, order[naturals[0].rank], n)
        assert isinstance(op, LayOff)
        return (3, first[op.card], op.owner != seat, op.owner, op.group)

    return min(enumerate(candidates), key=preference)[1]


# ---------------------------------------------------------------- the discard

def _keep_scores(match: Rummy2500Match, seat: int) -> Callable[[Card], float]:
    """How much each card is worth keeping (normal): frimes and pairs kept, cards others can use not thrown."""
    bp = match.live
    hand = Counter(c.rank for c in _known(bp.hands[seat]))
    table = _table_ranks(bp)
    scale = match.rules.scoring

    def keep(card: Card) -> float:
        if card.rank == bp.frime:
            return 1000.0
        score = 0.0
        if hand[card.rank] >= 2:
            score += 60
        if card.rank in table:
            score += 40  # the next open player would take it and lay it off
        return score - card_value(card, bp.frime, scale) * 0.3  # a high card costs more in hand

    return keep


def _unseen(match: Rummy2500Match, seat: int) -> list[Card]:
    """The cards ``seat`` cannot place: not in his hand, the pige, the table, or seen going into another hand."""
    bp = match.live
    seen = Counter(_known(bp.hands[seat])) + Counter(bp.pige) + Counter(c for gs in bp.laid for g in gs for c in g)
    seen += Counter(c for other, cards in enumerate(bp.shown) if other != seat for c in cards)
    if bp.indicator is not None:
        seen[bp.indicator] += 1
    return list((Counter(match.pack()) - seen).elements())


def _determinized(match: Rummy2500Match, seat: int, rng: random.Random) -> Rummy2500Match:
    """A copy of the match in which the cards ``seat`` cannot see are dealt again from the unseen ones (the
    cards seen going into another hand stay there)."""
    bp = match.live
    unseen = _unseen(match, seat)
    rng.shuffle(unseen)
    play = copy.copy(bp)
    play.laid = [[list(g) for g in gs] for gs in bp.laid]
    play.credit = [list(c) for c in bp.credit]
    play.opened = list(bp.opened)
    play.pige = list(bp.pige)
    play.shown = [list(c) for c in bp.shown]
    play.laid_off = dict(bp.laid_off)
    hands: list[list[Card | None]] = []  # None: a card unknown (never here: every slot is dealt again)
    for other, hand in enumerate(bp.hands):
        if other == seat:
            hands.append(list(hand))
        else:
            known = bp.shown[other]
            hands.append([*known, *(unseen.pop() for _ in range(len(hand) - len(known)))])
    play.hands = hands
    play.stock = [*unseen[:len(bp.stock)]]
    return match.fork(bp=play)


def _rollout_value(world: Rummy2500Match, seat: int, first: Operation, limit: int = 400) -> float:
    """Apply ``first``, play the brasse out with the normal policy for everyone; seat's score minus the others'
    mean."""
    world.apply(first)
    normal = ["normal"] * world.players
    bp = world.live
    for _ in range(limit):
        if bp.over:
            break
        op = _next(world, normal, listed)
        if op is None:
            break
        world.apply(op)
    scale = world.rules.scoring
    scores = [sum(card_value(c, bp.frime, scale) for c in bp.credit[s]) -
              sum(card_value(c, bp.frime, scale) for c in bp.hands[s] if c is not None) for s in range(world.players)]
    others = [v for s, v in enumerate(scores) if s != seat]
    return scores[seat] - sum(others) / len(others)


def search(match: Rummy2500Match, seat: int, candidates: list[Operation], rng: random.Random,
           default: Operation | None = None) -> Operation:
    """The candidate with the best rollouts over the same deals of the unseen cards (or the club player's
    ``default`` unless one is clearly better)."""
    seeds = [rng.random() for _ in range(HARD_SAMPLES)]
    return by_rollouts(candidates, lambda op, seed: _rollout_value(_determinized(match, seat, random.Random(seed)),
                                                                    seat, op), seeds, default)


def choose_throw(match: Rummy2500Match, seat: int, level: str, rng: random.Random | None = None,
                 options: Options | None = None) -> Throw:
    """From the seat's discards: easy throws any card but a frime; normal the one least worth keeping; hard
    searches the few normal would consider first."""
    options = offered(match, seat) if options is None else options
    bp = match.live
    legal = [op.card for op in options("throw") if isinstance(op, Throw)]
    if level == "easy":
        plain = [c for c in legal if c.rank != bp.frime]
        return Throw(seat, (rng or position_rng(match, seat)).choice(plain or legal))
    keep = _keep_scores(match, seat)
    ranked = sorted(legal, key=lambda c: (keep(c), c.index))
    if level == "hard":
        by_rank = list({c.rank: c for c in reversed(ranked)}.values())[::-1]  # one card per rank, best first
        op = search(match, seat, [Throw(seat, c) for c in by_rank[:HARD_CANDIDATES]], rng or position_rng(match, seat),
                    Throw(seat, ranked[0]))
        assert isinstance(op, Throw)
        return op
    return Throw(seat, ranked[0])


# ---------------------------------------------------------------- one operation at a time

def next_op(match: Rummy2500Match, kinds: Sequence[str]) -> Operation | None:
    """The next operation nobody at the screen has to choose: a deal, the end-of-brasse count, or a computer
    player's move, one of its choices' options. None: a human must act, or the match is over."""
    return _next(match, kinds, offered)


def _next(match: Rummy2500Match, kinds: Sequence[str], source: Callable[[Rummy2500Match, int], Options]) \
        -> Operation | None:
    if match.winner is not None:
        return None
    bp = match.bp
    if bp is None:
        return deal_op(match)
    if bp.over:
        return match.brasse_entry()
    seat = bp.turn
    level = kinds[seat]
    if level == "human":
        return None
    options = source(match, seat)
    if not bp.drawn:
        return choose_draw(match, seat, level, options=options)
    lay = choose_lay(match, seat, options)
    if lay is not None:
        return lay
    return choose_throw(match, seat, level, options=options)


# ---------------------------------------------------------------- the same match at a real table

def table_entries(virtual: Rummy2500Match) -> list[Operation]:
    """What players would enter at a real table for a virtual match: each brasse opened from the cards the table
    sees turned (no hidden card: nobody tells the app a hand), every play, and each brasse's count at its end."""
    entries: list[Operation] = []
    dealer = virtual.setup.first_dealer % virtual.players
    for op in virtual.log:
        if isinstance(op, DealBrasse):
            entries.append(table_opening(op, dealer, virtual.players, virtual.rules.dealer_indicator_in_hand))
        else:
            entries.append(op)
        if isinstance(op, Brasse):  # the deal passes to the left (the match is over after the one that wins it)
            dealer = (dealer + 1) % virtual.players
    return entries
