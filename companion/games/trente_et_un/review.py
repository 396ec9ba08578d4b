"""Trente-et-un's review of a match, both games (draw and knock; with a banker, and the widow variant's exchanges):
the draws and exchanges that left a worse hand than the seat's choices offered, and the knocks (« Je tiens ») on a
hand a club player would not close on. Virtual play only: at a real table nobody enters the hands during a deal.

**A draw** (draw and knock): the hand after the top of the discard pile is sure (the best three of the four cards,
the card taken kept: it may not be thrown back); after a draw from the stock it is a mean, exact, over every card
the seat could not see (the stock and the others' hidden cards, each equally likely to be the top of the stock):
the best three of the four. The cost of the draw made is the other's value less its own, in points of the hand.

**An exchange** (the face-up cards, all known): the hand each exchange offered leaves, sure; the cost is the best
one's value less the one made.

**A knock**, or « Je tiens »: the closing total of the club player (``players.threshold``: the total the normal
computer player knocks on, higher with more players to beat, lower as the deal drags on; it closes on it in
self-play, ``docs/strength.md``) less the hand's value: how far short of a total that usually holds the knock was.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.cards import Card, CardList
from companion.core.i18n import Decimal, Msg
from companion.games.review import Decision, costliest
from companion.games.trente_et_un.engine import DealPlay, TrenteMatch
from companion.games.trente_et_un.ops import Draw, Exchange, Knock
from companion.games.trente_et_un.players import hidden_pool, offered, threshold
from companion.games.trente_et_un.scoring import ranked

#: What a decision must cost to be named, in points of the hand: two points of hand (a draw, an exchange), three
#: short of the club player's closing total (a knock: a point or two is the house's taste, not a mistake).
ROUND = Msg("Deal {n}", "Donne {n}")
THRESHOLDS = {"draw": 2.0, "exchange": 2.0, "knock": 3.0}

STOCK = Msg("{name} drew from the stock ({mean} on average over the {n} cards {name} could not see): {top} from "
            "the discard pile made {sure} for sure, {more} more",
            "{name} a pris au talon ({mean} en moyenne sur les {n} cartes cachées à {name}) : {top} de la "
            "défausse faisait {sure} à coup sûr, {more} de plus")
TOOK_TOP = Msg("{name} took {top} from the discard pile ({sure}): the stock made {mean} on average over the {n} "
               "cards {name} could not see, {more} more",
               "{name} a pris {top} à la défausse ({sure}) : le talon faisait {mean} en moyenne sur les {n} cartes "
               "cachées à {name}, {more} de plus")
SWAPPED = Msg("{name} gave {give} for {take}, for {made}; giving {best_give} for {best_take} made {best}, {more} "
              "more", "{name} a donné {give} pour {take}, pour {made} ; donner {best_give} pour {best_take} "
              "faisait {best}, {more} de plus")
KNOCKED = Msg("{name} knocked on {value}: a club player knocks from {total} at this table this far into the deal, "
              "{more} more", "{name} a cogné à {value} : un joueur de club cogne à partir de {total} à cette table à ce "
              "moment de la donne, {more} de plus")
HELD = Msg("{name} said « Je tiens » on {value}: a club player holds from {total} at this table this far into the "
           "deal, {more} more", "{name} a dit « Je tiens » à {value} : un joueur de club tient à partir de {total} à "
           "cette table à ce moment de la donne, {more} de plus")
NOTHING = Msg("nothing", "rien")


def review(match: TrenteMatch) -> list[Decision]:
    """The costly draws, exchanges and knocks of the match, costliest first."""
    return costliest(decisions(match), THRESHOLDS)


def decisions(match: TrenteMatch) -> list[Decision]:
    """Every measured draw, exchange and knock of the match, in the order they were made."""
    replay = type(match)(match.setup)
    found: list[Decision] = []
    for index, op in enumerate(match.log):
        play = replay.play
        if play is not None and play.hands is not None and not play.ended:
            decision = None
            if isinstance(op, Draw):
                decision = _draw(replay, play, op, index)
            elif isinstance(op, Knock):
                decision = _closed(replay, play, op.seat, play.hands[op.seat], KNOCKED, index)
            elif isinstance(op, Exchange):
                decision = _exchange(replay, play, op, index)
            if decision is not None:
                found.append(decision)
        replay.apply(op)
    return found


def value(match: TrenteMatch, cards: Sequence[Card]) -> float:
    return ranked(tuple(sorted(cards)), match.hand_rules)[1]


def best_of_four(match: TrenteMatch, cards: Sequence[Card], keep: Card | None = None) -> float:
    """The best hand of three from four cards (``keep`` may not be thrown)."""
    return max(value(match, [c for c in cards if c != thrown]) for thrown in cards if thrown != keep)


def stock_mean(match: TrenteMatch, hand: Sequence[Card], unseen: Sequence[Card]) -> float:
    """The mean of the best three after a draw from the stock, over every card the seat could not see."""
    return sum(best_of_four(match, [*hand, card]) for card in unseen) / len(unseen)


def _said(points: float) -> Decimal:
    """A hand's value as the table says it: whole (27), or with its half (a brelan's 30½ as 30.5)."""
    return Decimal(points, 0 if float(points).is_integer() else 1)


def _round(match: TrenteMatch) -> int:
    return match.showdowns + 1


def _draw(match: TrenteMatch, play: DealPlay, op: Draw, index: int) -> Decision | None:
    """A draw against the other draw offered; None where the top of the pile could not be taken, or the stock is
    empty (the discards would be shuffled into a new one)."""
    seat = op.seat
    if "take" not in offered(match, seat) or play.stock <= 0 or not play.public:
        return None
    hand, top = play.hands[seat] if play.hands else [], play.public[-1]
    unseen = hidden_pool(match, seat)
    sure, mean = best_of_four(match, [*hand, top], keep=top), stock_mean(match, hand, unseen)
    name, round_ = match.names[seat], _round(match)
    if op.card is None:
        words = STOCK(name=name, mean=Decimal(mean), n=len(unseen), top=top, sure=_said(sure),
                      more=Decimal(sure - mean))
        return Decision(seat, round_, "draw", ("stock",), (top.code,), max(0.0, sure - mean), None, words, index)
    words = TOOK_TOP(name=name, top=top, sure=_said(sure), mean=Decimal(mean), n=len(unseen),
                     more=Decimal(mean - sure))
    return Decision(seat, round_, "draw", (top.code,), ("stock",), max(0.0, mean - sure), None, words, index)


def _after(hand: Sequence[Card], op: Exchange) -> list[Card]:
    return [c for c in hand if c not in op.give] + list(op.take)


def _cards(cards: Sequence[Card]) -> CardList | Msg:
    return CardList(cards) if cards else NOTHING


def _exchange(match: TrenteMatch, play: DealPlay, op: Exchange, index: int) -> Decision | None:
    """An exchange against the best one offered (and its « Je tiens » against the club player's total)."""
    seat = op.seat
    hand = play.hands[seat] if play.hands else []
    options = [o for choice in offered(match, seat).values() for o in choice.options() or ()
               if isinstance(o, Exchange)]
    if not options:
        return None
    made = value(match, _after(hand, op))
    best = max(options, key=lambda o: value(match, _after(hand, o)))
    top = value(match, _after(hand, best))
    if op.hold and top - made < THRESHOLDS["exchange"]:
        return _closed(match, play, seat, _after(hand, op), HELD, index)
    words = SWAPPED(name=match.names[seat], give=_cards(op.give), take=_cards(op.take), made=_said(made),
                    best_give=_cards(best.give), best_take=_cards(best.take), best=_said(top),
                    more=_said(top - made))
    return Decision(seat, _round(match), "exchange", tuple(c.code for c in op.take),
                    tuple(c.code for c in best.take), max(0.0, top - made), None, words, index)


def _closed(match: TrenteMatch, play: DealPlay, seat: int, hand: Sequence[Card], said: Msg,
            index: int) -> Decision:
    """A knock (or « Je tiens ») against the club player's closing total."""
    held, total = value(match, hand), threshold(match, play)
    words = said(name=match.names[seat], value=_said(held), total=_said(total),
                  more=_said(total - held))
    return Decision(seat, _round(match), "knock", tuple(c.code for c in hand), (), max(0.0, total - held), None,
                    words, index)
