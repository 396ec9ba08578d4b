"""Trente-et-un computer players at three levels, for both games, one operation at a time, each from what its
seat may see: its own three cards, the face-up cards (the discard pile, or the banker game's three), the
public cards each other player took and kept, and how many cards the stock holds. Every level takes its
candidates from what its seat may do (``match.choices(seat)``: the stock, the top discard, the knock, the cards to
throw; the swaps, all three, the pass, « Je tiens »; the blind swap) and judges them its own way.

- **easy**: legal and simple. Draw and knock: always draws from the stock, throws the card that leaves the
  best total, knocks on 25 or more. Exchanges: swaps the one card that helps most, says « Je tiens » on 27.
- **normal**: what a club player does. Takes the top discard when it improves the hand, chases one suit (a
  tie goes to the suit already held twice), never throws what the next player needs when it can help it,
  and knocks (or holds) on a total that depends on how many players must still be beaten (≥ 27 at two, one
  point more per two extra players, lower as the deal drags on).
- **hard**: plays the club player's move unless a search over the unseen cards finds a clearly better one
  (determinized Monte Carlo): it deals the others' hidden cards and the stock again from the cards it cannot
  see, plays the deal out from each candidate (the draw from the stock or the discard, the knock, each throw,
  the best exchanges) with the normal policy for everyone, and compares each candidate's showdowns (tokens shed,
  or lives and tokens kept) with the club player's move on the same deals: it deviates only when the gain is
  larger than its standard error. Each other player is dealt a hand that fits his last turn as a club player
  would have played it: in the draw-and-knock game his throw, his draw (a discard taken helped him; a top card
  passed over did not) and his not knocking (he held less than a closing total); in the banker game his last
  exchange (no other swap was better) and his « Je tiens » or its absence. « Je tiens » follows the normal rule.

The samples come from a generator seeded by the match's seed and the position, so a seeded game replays,
and the hidden cards are gathered in sorted order, so a decision cannot depend on where they really are.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.core.cards import Card, Suit
from companion.games.base import Operation
from companion.games.search import by_rollouts
from companion.games.seats import Choice
from companion.games.trente_et_un.engine import DealPlay, TrenteMatch
from companion.games.trente_et_un.ops import (
    BlindSwap,
    Claim31,
    DealPack,
    Discard,
    Draw,
    Exchange,
    Knock,
    Refresh,
    Showdown,
    Start,
)
from companion.games.trente_et_un.scoring import ranked

HARD_SAMPLES = 48  # deals of the unseen cards, shared by every candidate (draw and knock)
EXCHANGE_SAMPLES = 24  # the same for an exchange, whose candidates are more and longer to play out
HARD_CANDIDATES = 4
KNOCK_FLOOR = 21  # hard weighs a knock only from this total on (below it a knock never pays)
DRAG = 8  # circuits of a deal before the closing total starts to fall
ROLLOUT_LIMIT = 80  # operations: a deal that has not ended by then is shown down as it stands

Key = tuple[Any, ...]  # a hand's rank (``HandValue.key``), and what a level adds to it to compare hands


def _live(match: TrenteMatch) -> DealPlay:
    """The deal being played, with the hands the engine dealt."""
    play = match.play
    assert play is not None and play.hands is not None
    return play


def _hands(play: DealPlay) -> list[list[Card]]:
    assert play.hands is not None
    return play.hands


def offered(match: TrenteMatch, seat: int) -> dict[str, Choice]:
    """The choices of ``seat`` now, by name: where every level takes its candidates."""
    return {choice.name: choice for choice in match.choices(seat)}


def listed(choice: Choice) -> list[Operation]:
    return choice.options() or []


def position_rng(match: TrenteMatch, seat: int) -> random.Random:
    return random.Random(f"{match.setup.seed}:{match.showdowns}:{len(match.log)}:{seat}")


def deal_op(match: TrenteMatch) -> DealPack:
    """The next deal's shuffled pack and its key for a reshuffle, drawn from the match's seed (a replay deals the
    same)."""
    pack = sorted(match.deck())
    rng = random.Random(f"{match.setup.seed}:deal:{match.showdowns}:{len(match.log)}")
    rng.shuffle(pack)
    return DealPack(tuple(pack), rng.getrandbits(48))


def _key(match: TrenteMatch, cards: Sequence[Card]) -> Key:
    return ranked(tuple(sorted(cards)), match.hand_rules)[0]


def _value(match: TrenteMatch, cards: Sequence[Card]) -> float:
    return ranked(tuple(sorted(cards)), match.hand_rules)[1]


def _suit_bonus(cards: Sequence[Card]) -> float:
    """Chasing one suit: two cards of a suit are worth keeping beyond what they count today."""
    suits: dict[Suit, int] = {}
    for card in cards:
        suits[card.suit] = suits.get(card.suit, 0) + 1
    return 0.5 * max(suits.values())


def _hand_score(match: TrenteMatch, cards: Sequence[Card]) -> Key:
    return (_key(match, cards), _suit_bonus(cards))


def threshold(match: TrenteMatch, play: DealPlay, turns: int | None = None) -> float:
    """The total a normal player closes on: higher with more opponents, lower once the deal drags on (after
    ``turns`` turns of the deal: by default, the turns played so far)."""
    others = len(play.order) - 1
    circuits = (play.turns if turns is None else turns) // max(1, len(play.order))
    # A deal that drags on is closed sooner and sooner: past DRAG circuits the total asked for drops one point
    # a circuit, so every deal ends (two players who keep exchanging and never hold would otherwise go on
    # for ever, as a self-play measurement found).
    drag = max(0, circuits - DRAG)
    if match.banker:  # only the lowest hand loses: a fair total is safe enough
        return 24 + min(2, others // 3) - min(2, circuits // 2) - drag
    return min(30.0, 26 + (others + 1) // 2 - min(3, circuits // 2)) - drag


# ---------------------------------------------------------------- draw and knock

def _best_discard(match: TrenteMatch, hand: Sequence[Card], throws: Sequence[Discard], level: str,
                  next_needs: set[Suit] | None = None) -> Discard:
    """The throw that leaves the best hand (normal also keeps the suit it chases, and holds back what the next
    player collects)."""

    def kept(op: Discard) -> Key:
        rest = [c for c in hand if c != op.card]
        if level == "easy":
            return (_key(match, rest), -op.card.index)
        gives = 1 if next_needs and op.card.suit in next_needs else 0
        return (_key(match, rest), _suit_bonus(rest), -gives, -op.card.index)

    return max(throws, key=kept)


def _throws(choices: dict[str, Choice]) -> list[Discard]:
    """The cards the seat may throw (every card of its hand but the one it just took from the pile)."""
    return [op for op in listed(choices["throw"]) if isinstance(op, Discard)]


def _option(choices: dict[str, Choice], name: str) -> Operation | None:
    """The operation of an action offered now (None: not offered)."""
    choice = choices.get(name)
    return listed(choice)[0] if choice is not None else None


def _next_needs(match: TrenteMatch, play: DealPlay, seat: int) -> set[Suit]:
    """The suits the next player visibly collects (the public cards he took and kept)."""
    index = play.order.index(seat)
    nxt = play.order[(index + 1) % len(play.order)]
    return {c.suit for c in play.taken.get(nxt, [])}


def knock_turn(match: TrenteMatch, seat: int, level: str, rng: random.Random) -> Operation:
    """Draw and knock: the draw (from the stock, the top discard) or the knock offered, then the throw."""
    play = _live(match)
    hand = _hands(play)[seat]
    choices = offered(match, seat)
    if "throw" in choices:
        return _best_discard(match, hand, _throws(choices), level, _next_needs(match, play, seat))
    draw = listed(choices["draw"])[0]
    take, knock = _option(choices, "take"), _option(choices, "knock")
    if level == "easy":
        if knock is not None and _value(match, hand) >= min(25, threshold(match, play) + 1):
            return knock
        return draw
    top = choices["take"].cards[0] if "take" in choices else None
    normal = _normal_draw(match, hand, draw, knock, take, top)
    if level == "hard":  # the club player's move unless the search finds a clearly better one
        candidates: list[Operation] = [draw]
        if take is not None:
            candidates.append(take)
        if knock is not None and _value(match, hand) >= KNOCK_FLOOR:
            candidates.append(knock)
        return search(match, seat, candidates, rng, normal)
    return normal


def _normal_draw(match: TrenteMatch, hand: Sequence[Card], draw: Operation, knock: Operation | None,
                 take: Operation | None, top: Card | None) -> Operation:
    """Knock on a total that closes, else take the top discard when it helps, else draw from the stock."""
    if knock is not None and _value(match, hand) >= threshold(match, _live(match)):
        return knock
    if take is not None and top is not None and _improves(match, hand, top):
        return take
    return draw


# ---------------------------------------------------------------- exchanges (banker game, widow)

# The order the levels weigh the exchanges in (ties go to the first): a pass, the whole hand, then one card for
# one (each card of the hand for each face-up card), each without « Je tiens » before with it.
_WEIGHED = {0: 0, 3: 1, 1: 2}


def exchange_options(match: TrenteMatch, seat: int) -> list[Exchange]:
    """Every legal exchange offered (``pass``, ``exchange_all``, ``exchange``, ``hold``), in the order weighed."""
    play = _live(match)
    hand = _hands(play)[seat]
    choices = offered(match, seat)
    found = [op for name in ("pass", "exchange_all", "exchange", "hold") if name in choices
             for op in listed(choices[name]) if isinstance(op, Exchange)]
    return sorted(found, key=lambda op: (_WEIGHED[len(op.give)], op.hold, [hand.index(c) for c in op.give],
                                         [play.public.index(c) for c in op.take]))


def _after(hand: Sequence[Card], op: Exchange) -> list[Card]:
    return [c for c in hand if c not in op.give] + list(op.take)


def exchange_turn(match: TrenteMatch, seat: int, level: str, rng: random.Random) -> Operation:
    play = _live(match)
    hand = _hands(play)[seat]
    options = exchange_options(match, seat)
    refresh_off = match.banker and not match.rules.all_pass_refresh
    stalled = refresh_off and play.passes >= len(play.order) - 1  # a pass now would stall the deal

    def score(op: Exchange) -> Key:
        return _hand_score(match, _after(hand, op))

    moves = [op for op in options if not op.hold]
    if level == "easy":  # one card at a time, any that raises the total; never the whole hand
        now = _value(match, hand)
        better = [op for op in moves if len(op.give) == 1 and _value(match, _after(hand, op)) > now]
        if now >= 27 or stalled or now >= threshold(match, play) + 3:
            hold = next((op for op in options if op.hold and not op.give), None)
            if hold is not None:
                return hold
        if better:
            return rng.choice(better)
        return next((op for op in moves if not op.give), moves[0])
    best = max(moves, key=lambda op: (score(op), -len(op.give)))
    if level == "hard":  # the exchange by search; « Je tiens » by the normal rule on the exchange it chose
        ranked = sorted(moves, key=score, reverse=True)[:HARD_CANDIDATES]
        if stalled:
            ranked = [op for op in ranked if op.give] or ranked
        found = search(match, seat, ranked, rng, best, EXCHANGE_SAMPLES)
        assert isinstance(found, Exchange)
        best = found
    after = _after(hand, best)
    hold = next((op for op in options if op.hold and op.give == best.give and op.take == best.take), None)
    if hold is not None and (_value(match, after) >= threshold(match, play) or stalled):
        return hold
    if stalled and not best.give:
        return next((op for op in options if op.hold or op.give), best)
    return best


def blind_swap(match: TrenteMatch, level: str, rng: random.Random) -> Operation:
    """The dealer, before looking at his hand, takes the face-up cards when they beat an average hand."""
    play = _live(match)
    choices = offered(match, match.dealer)
    take, keep = _option(choices, "blind"), listed(choices["keep"])[0]
    if level == "easy":
        return take if rng.random() < 0.5 and take is not None else keep
    good = _value(match, play.public) >= 24
    return take if good and take is not None else keep


# ---------------------------------------------------------------- search over the unseen cards

def hidden_pool(match: TrenteMatch, seat: int) -> list[Card]:
    """The cards ``seat`` cannot see: the others' cards but the public ones they took, and the stock."""
    play = _live(match)
    pool: list[Card] = list(play.stock_cards or [])
    for other in play.order:
        if other != seat:
            known = list(play.taken.get(other, []))
            for card in _hands(play)[other]:
                if card in known:
                    known.remove(card)
                else:
                    pool.append(card)
    return sorted(pool)


@dataclass(frozen=True)
class LastTurn:
    """What the table saw of another player's last turn in this deal."""

    thrown: Card
    took: Card | None  # the discard he took (None: he drew from the stock)
    top: Card | None  # the top of the pile he passed over when he drew from the stock (None: not seen)
    could_knock: bool  # nobody had knocked yet: he chose to draw rather than knock


def last_turns(match: TrenteMatch, seat: int) -> dict[int, LastTurn]:
    """Each other player's last turn in this deal."""
    deal: list[Operation] = []
    for op in reversed(match.log):
        if isinstance(op, DealPack):
            break
        deal.append(op)
    deal.reverse()
    turns: dict[int, LastTurn] = {}
    knocked = False
    top: Card | None = None
    drawn: tuple[Draw, Card | None, bool] | None = None  # the draw, the top it passed over, whether he could knock
    for op in deal:
        if isinstance(op, Knock):
            knocked = True
        elif isinstance(op, Draw):
            drawn = (op, top, not knocked)
        elif isinstance(op, Discard):
            if drawn is not None and drawn[0].seat == op.seat and op.seat != seat:
                draw, passed, could = drawn
                turns[op.seat] = LastTurn(op.card, draw.card, None if draw.card else passed, could)
            top = op.card
    return turns


def _improves(match: TrenteMatch, hand: Sequence[Card], card: Card) -> bool:
    """Whether a club player holding ``hand`` would take ``card`` (normal's draw)."""
    best = max(_hand_score(match, [c for c in [*hand, card] if c != d]) for d in hand)
    return best > _hand_score(match, hand)


def consistent(match: TrenteMatch, hand: Sequence[Card], turn: LastTurn, closing: float) -> bool:
    """Whether a club player now holding ``hand`` would have played his last turn as he did: not knocked on
    the hand he held (a total of ``closing`` or more), taken the discard only if it helped (and passed over the
    top card only if it did not), and thrown ``thrown`` rather than one of these cards."""
    kept = _hand_score(match, hand)
    if not all(_hand_score(match, [x for x in hand if x != card] + [turn.thrown]) <= kept
               for card in hand if card != turn.took):
        return False
    if turn.took is not None:
        befores = [[c for c in hand if c != turn.took] + [turn.thrown]]
    else:  # the card he drew is one of these, or the one he threw
        befores = [list(hand)] + [[c for c in hand if c != x] + [turn.thrown] for x in hand]
    return any((not turn.could_knock or _value(match, before) < closing)
               and (turn.top is None or not _improves(match, before, turn.top)) for before in befores)


def last_exchanges(match: TrenteMatch, seat: int) -> dict[int, tuple[Exchange, list[Card], int, bool]]:
    """Each other player's last exchange since the face-up cards were last turned (banker game), with the
    face-up cards he chose from, the turns played before it, and whether « Je tiens » was still open to him."""
    deal: list[Operation] = []
    for op in reversed(match.log):
        if isinstance(op, (DealPack, Refresh, BlindSwap)):
            break  # before these the face-up cards are not known from the log alone
        deal.append(op)
    play = _live(match)
    public = list(play.public)
    turns = play.turns
    seen: dict[int, tuple[Exchange, list[Card], int]] = {}
    held_at: int | None = None  # turns before the « Je tiens », walking back
    for op in deal:  # newest first
        if not isinstance(op, Exchange):
            continue
        turns -= 1
        for card in op.give:
            public.remove(card)
        public.extend(op.take)
        if op.hold:
            held_at = turns
        if op.seat != seat and op.seat not in seen:
            seen[op.seat] = (op, sorted(public), turns)
    return {other: (op, public_then, turns, held_at is None or held_at >= turns)
            for other, (op, public_then, turns) in seen.items()}


def fits_exchange(match: TrenteMatch, hand: Sequence[Card], op: Exchange, public: Sequence[Card], closing: float,
                  could_hold: bool) -> bool:
    """Whether a club player now holding ``hand`` would have made his last exchange ``op`` from ``public``: no
    other swap would have left him a better hand, and he passed without « Je tiens » only on a total that does
    not close (and said it only on one that does)."""
    before = [c for c in hand if c not in op.take] + list(op.give)

    def score(give: tuple[Card, ...], take: tuple[Card, ...]) -> Key:  # as exchange_turn ranks its moves
        return (_hand_score(match, _after(before, Exchange(op.seat, give, take))), -len(give))

    chosen = score(op.give, op.take)
    if score(tuple(before), tuple(public)) > chosen or score((), ()) > chosen:
        return False
    if any(score((g,), (t,)) > chosen for g in before for t in public):
        return False
    if could_hold and not op.give:
        return (_value(match, hand) >= closing) == op.hold
    return True


TRIES = 40  # hands drawn for a player before one that fits his last turn is found (else the last is kept)


def _belief(match: TrenteMatch, seat: int) -> dict[int, Callable[[list[Card]], bool]]:
    """For each other player whose play says something of his hidden cards, whether a hand fits it."""
    play = _live(match)
    if match.banker or match.rules.mode == "widow":
        return {other: partial(fits_exchange, match, op=op, public=public, closing=threshold(match, play, turns),
                               could_hold=could)
                for other, (op, public, turns, could) in last_exchanges(match, seat).items()}
    closing = threshold(match, play)
    return {other: partial(consistent, match, turn=turn, closing=closing)
            for other, turn in last_turns(match, seat).items()}


def determinized(match: TrenteMatch, seat: int, rng: random.Random) -> TrenteMatch:
    """A copy of the match in which the cards ``seat`` cannot see are dealt again from the unseen ones. Each
    other player is dealt a hand that fits his last turn as a club player would have played it (drawn again up
    to TRIES times): uniform hands would be far weaker than the hands real players have built, and a player who
    passed without closing is seen to hold less than a closing total."""
    play = _live(match)
    pool = hidden_pool(match, seat)
    rng.shuffle(pool)
    new = copy.copy(play)
    new.public, new.order, new.last_turns = list(play.public), list(play.order), list(play.last_turns)
    new.taken = {s: list(c) for s, c in play.taken.items()}
    hands = [list(h) for h in _hands(play)]
    fits = _belief(match, seat)
    for other in play.order:
        if other != seat:
            known = [c for c in play.taken.get(other, []) if c in hands[other]]
            need = len(hands[other]) - len(known)
            dealt = pool[-need:] if need else []
            if other in fits and need:
                for _ in range(TRIES):
                    if fits[other](known + dealt):
                        break
                    dealt = rng.sample(pool, need)
            for card in dealt:
                pool.remove(card)
            hands[other] = known + dealt
    rng.shuffle(pool)
    new.hands = hands
    new.stock_cards = pool
    return match.fork(play=new, tokens=list(match.tokens), out=list(match.out), swimming=list(match.swimming))


def _utility(world: TrenteMatch, seat: int, before: list[int]) -> float:
    """What the deal's showdown did for ``seat``: a token shed is +1 (tokens game), a life or token lost −1,
    and being out of the match −2 more."""
    delta = world.tokens[seat] - before[seat]
    if not world.banker and not world.lives_mode:
        return float(-delta)
    return float(delta) - (2.0 if world.out[seat] else 0.0)


def rollout(world: TrenteMatch, seat: int, first: Operation) -> float:
    before = list(world.tokens)
    world.apply(first)
    normal = ["normal"] * world.players
    for _ in range(ROLLOUT_LIMIT):
        play = world.play
        if play is None or play.void:
            break
        op = next_op(world, normal)
        if op is None:
            break
        world.apply(op)
        if isinstance(op, Showdown):
            break
    else:
        play = world.play
        if play is not None and play.hands is not None and not play.ended and play.has_drawn:
            world.apply(knock_turn(world, play.turn, "normal", random.Random(0)))  # the throw: three cards each
        if play is not None and play.hands is not None:
            play.ended = True  # cut short: shown down as it stands
            showdown = next_op(world, normal)
            assert showdown is not None
            world.apply(showdown)
    if world.play is not None and world.play.void:
        return 0.0
    return _utility(world, seat, before)


def search(match: TrenteMatch, seat: int, candidates: Sequence[Operation], rng: random.Random,
           default: Operation | None = None, samples: int = HARD_SAMPLES) -> Operation:
    """The candidate with the best rollouts over the same deals of the unseen cards (or the club player's
    ``default`` unless one is clearly better)."""
    seeds = [rng.random() for _ in range(samples)]
    return by_rollouts(candidates, lambda op, seed: rollout(determinized(match, seat, random.Random(seed)), seat, op),
                       seeds, default)


# ---------------------------------------------------------------- one operation at a time

def next_op(match: TrenteMatch, kinds: Sequence[str]) -> Operation | None:
    """The next operation nobody at the screen has to choose: a deal, a 31 shown, a refresh of the face-up
    cards, the showdown, or a computer player's move. None: a human must act, or the match is over."""
    if match.winner is not None:
        return None
    play = match.play
    if play is None or play.void:
        return deal_op(match)
    if play.ended:
        hands = tuple(tuple(h) if not match.out[s] else () for s, h in enumerate(play.hands or []))
        return Showdown(hands, None, play.dealt_31)
    due = match.claim_due() or match.refresh_due()
    if due is not None:
        return due
    exchanges = match.banker or match.rules.mode == "widow"
    if exchanges and not play.blind_done:
        level = kinds[match.dealer]
        return None if level == "human" else blind_swap(match, level, position_rng(match, match.dealer))
    seat = play.turn
    level = kinds[seat]
    if level == "human":
        return None
    rng = position_rng(match, seat)
    if exchanges:
        return exchange_turn(match, seat, level, rng)
    if level == "hard" and play.has_drawn:
        throws = _throws(offered(match, seat))
        normal = _best_discard(match, _hands(play)[seat], throws, "normal", _next_needs(match, play, seat))
        return search(match, seat, throws, rng, normal)
    return knock_turn(match, seat, level, rng)



# ---------------------------------------------------------------- the same match at a real table

def table_entries(virtual: TrenteMatch) -> list[Operation]:
    """What a real table enters, turn by turn, for a virtual match: the first cards turned (with a banker, a 31
    served is shown instead), then every move as made (draws, throws, knocks, 31s, blind swaps, exchanges and
    « Je tiens », new face-up cards) and the hands shown. No entry tells the app a card before the table sees it:
    a card drawn from the stock is not said, a card thrown or given is."""
    replay = type(virtual)(virtual.setup)
    entries: list[Operation] = []
    for op in virtual.log:
        replay.apply(op)
        if not isinstance(op, DealPack):
            entries.append(op)
            continue
        play = _live(replay)
        dealt = 3 * len(play.order)
        turned = op.pack[dealt:dealt + (3 if replay.banker or replay.rules.mode == "widow" else 1)]
        hands = _hands(play)
        holder = next((s for s in replay.in_play if _value(replay, hands[s]) >= 31), None)  # as the showdown counts
        if play.dealt_31 and holder is not None and not (holder == replay.dealer and sorted(hands[holder]) == sorted(turned)):
            entries.append(Claim31(holder))  # a 31 served, shown straight from the deal
        else:
            entries.append(Start(turned))  # with a banker, three turned that make 31 are the dealer's
    return entries
