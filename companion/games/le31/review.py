"""Le 31's review of a match: each capture, and each card laid down, against the biggest capture the seat's cards
offered at that moment, by what it takes at the tally.

**The measure**: what a capture takes from the table, counted as the tally counts it, card by card
(``players.weight``: the green 10 counts 2, the red 2 and each 1 count 1, and every card its share of the most
cards, 3 points, and of the most red cards, 1 point), plus 1 for a récolte (a capture that leaves the table empty).
A card laid down takes nothing. The card played is not counted, so captures made with different cards compare by
what each takes from the table. The cost of a play is the best capture offered less what the play took: a sure
figure, known when the player chose (no guess of the cards to come). In virtual play every card of the seat's hand
is weighed; at a real table, where the hand is not entered, only the card played (the player surely held it: a
trail that card could have turned into a capture, or a smaller capture than the same card could make).

Not reviewed: builds and raises (what they take comes later, or is taken by the other side), and what a play
leaves for the next player (a loose card for a récolte): the hard player's search weighs those, a review needs a
figure it can justify simply.
"""

from __future__ import annotations

from companion.core.i18n import Decimal, Msg
from companion.games.le31.deck import DEAL_SIZE, Le31Card
from companion.games.le31.engine import Le31Match
from companion.games.le31.ops import Capture, Trail
from companion.games.le31.players import RECOLTE, legal_plays, weight
from companion.games.le31.plays import readings
from companion.games.le31.state import card_list
from companion.games.review import Decision, costliest

#: What a play must leave at the tally to be named: a point (a 1, the red 2, a récolte missed; a few plain cards
#: are a tenth of a point each and are not worth a line).
THRESHOLDS = {"capture": 1.0}

TOOK = Msg("{name} took {taken} with {card} ({worth} at the tally); {best_card} could take {best} ({best_worth}): "
           "{more} more",
           "{name} a ramassé {taken} avec {card} ({worth} au décompte) ; {best_card} pouvait ramasser {best} "
           "({best_worth}) : {more} de plus")
LAID = Msg("{name} laid down {card}; {best_card} could take {best} ({best_worth} at the tally)",
           "{name} a posé {card} ; {best_card} pouvait ramasser {best} ({best_worth} au décompte)")
RECOLTE_WORDS = Msg("{cards}, a récolte", "{cards}, une récolte")


def review(match: Le31Match) -> list[Decision]:
    """The costly captures and cards laid down of the match, costliest first."""
    return costliest(decisions(match), THRESHOLDS)


def decisions(match: Le31Match) -> list[Decision]:
    """Every capture and card laid down of the match, measured, in the order they were played."""
    replay = Le31Match(match.setup)
    found: list[Decision] = []
    for index, op in enumerate(match.log):
        if isinstance(op, Trail | Capture) and replay.phase == "play":
            found.append(_play(replay, op, index))
        replay.apply(op)
    return found


def taken(match: Le31Match, op: Capture) -> list[Le31Card]:
    """The cards a capture takes: the card played, the loose cards, and the build of its value."""
    build = match.r.build(op.card.value or 0) if op.build else None
    return [op.card, *op.loose, *(build.cards if build is not None else ())]


def sweeps(match: Le31Match, op: Capture) -> bool:
    """Whether the capture is a récolte: it leaves the table empty (on the round's last card, by the house rule)."""
    r = match.r
    loose = [c for c in r.loose if c not in op.loose]
    final = match.last_deal and sum(r.played) + 1 == DEAL_SIZE * match.players
    empty = not loose and len(r.builds) == (1 if op.build else 0)
    return empty and (not final or match.rules.sweep_on_final_play)


def worth(match: Le31Match, op: Trail | Capture) -> float:
    """What the play takes from the table, at the tally (a card laid down takes nothing)."""
    if isinstance(op, Trail):
        return 0.0
    return sum(weight(match, c) for c in taken(match, op)[1:]) + (RECOLTE if sweeps(match, op) else 0.0)


def _play(match: Le31Match, op: Trail | Capture, index: int) -> Decision:
    seat = op.seat
    if match.r.hands is not None:
        offered = [p for p in legal_plays(match, seat) if isinstance(p, Capture)]
    else:  # a real table: the card played is the only one known
        offered = [p for p in readings(match, seat, op.card) if isinstance(p, Capture)]
    made = worth(match, op)
    best = max(offered, key=lambda p: worth(match, p), default=None)
    best_worth = worth(match, best) if best is not None else made
    cost = max(0.0, best_worth - made)
    move = (op.card.code, *(c.code for c in taken(match, op)[1:])) if isinstance(op, Capture) else (op.card.code,)
    if best is None or cost <= 0:
        return Decision(seat, match.r.number, "capture", move, move, 0.0, None, Msg("", ""), index)
    best_cards = taken(match, best)
    said = card_list(best_cards[1:])
    best_words = RECOLTE_WORDS(cards=said) if sweeps(match, best) else said
    name = match.names[seat]
    if isinstance(op, Capture):
        mine = card_list(taken(match, op)[1:])
        words = TOOK(name=name, taken=RECOLTE_WORDS(cards=mine) if sweeps(match, op) else mine, card=op.card,
                     worth=Decimal(made), best_card=best.card, best=best_words, best_worth=Decimal(best_worth),
                     more=Decimal(cost))
    else:
        words = LAID(name=name, card=op.card, best_card=best.card, best=best_words, best_worth=Decimal(best_worth))
    return Decision(seat, match.r.number, "capture", move, tuple(c.code for c in best_cards), cost, None, words, index)
