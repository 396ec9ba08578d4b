"""2500's review of a match: the cards a player was caught with at the end of a brasse that his choices had let
him lay on an earlier turn (in a trio, or laid off on a trio on the table), and what keeping them cost.

**The measure**: a card laid counts for its player, a card left in hand against him (the French text's table:
``scoring.card_value``), so a card that could have been laid and was caught in hand cost twice its value. A card
counts as one that could have been laid when, at the end of one of the player's turns of that brasse (before his
throw: whatever else he did that turn, it was still in his hand), his choices offered it in a trio or as a lay-off
(``Match.legal``: the same choices the computer players and the phones read). Every figure is sure: no guess of the
cards to come. One decision per player and brasse: every such card caught, summed.

Virtual play only: at a real table the hands are entered only at the end of the brasse. Not reviewed: a card held
back on purpose that a later turn would have used better (a pair kept for the pige's series), which only a search
of the rest of the brasse could weigh.
"""

from __future__ import annotations

from collections import Counter

from companion.core.cards import Card, CardList
from companion.core.i18n import Msg
from companion.games.review import Decision, costliest
from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.ops import DealBrasse, LayOff, Meld, Throw
from companion.games.rummy2500.scoring import card_value

#: What a brasse's cards caught must cost to be named: the smallest card (5 points) counts 10 caught against laid.
ROUND = Msg("Brasse {n}", "Brasse {n}")
THRESHOLDS = {"keep": 10.0}

CAUGHT = Msg("{name} was caught with {cards} in hand at the end of the brasse ({minus}); they could have been laid "
             "from turn {turn} of the brasse on, for {plus}: {more} points more",
             "{name} a été pris avec {cards} en main à la fin de la brasse ({minus}) ; elles pouvaient être posées "
             "dès son tour {turn} de la brasse, pour {plus} : {more} points de plus")


def review(match: Rummy2500Match) -> list[Decision]:
    """The cards caught in hand that could have been laid, per player and brasse, costliest first."""
    return costliest(decisions(match), THRESHOLDS)


def decisions(match: Rummy2500Match) -> list[Decision]:
    """Per player and brasse played out in virtual play, the cards caught that could have been laid."""
    replay = Rummy2500Match(match.setup)
    found: list[Decision] = []
    offered: dict[int, dict[Card, int]] = {}  # seat -> card -> the first turn of the brasse it could be laid
    turns: Counter[int] = Counter()
    for index, op in enumerate(match.log):
        if isinstance(op, DealBrasse):
            offered, turns = {}, Counter()
        bp = replay.bp
        if isinstance(op, Throw) and bp is not None and not bp.table_mode:
            turns[op.seat] += 1
            mine = offered.setdefault(op.seat, {})
            for name in ("meld", "lay_off"):
                for option in replay.legal(op.seat, name):
                    cards = option.cards if isinstance(option, Meld) else (option.card,) if isinstance(option, LayOff) \
                        else ()
                    for card in cards:
                        mine.setdefault(card, turns[op.seat])
        replay.apply(op)
        bp = replay.bp
        if bp is not None and bp.over and not bp.table_mode and offered:
            found += _caught(replay, offered, index + 1)
            offered = {}
    return found


def _caught(match: Rummy2500Match, offered: dict[int, dict[Card, int]], index: int) -> list[Decision]:
    bp = match.bp
    assert bp is not None
    found = []
    for seat, cards in offered.items():
        caught = [c for c in bp.hands[seat] if c is not None and c in cards]
        if not caught:
            continue
        points = sum(card_value(c, bp.frime, match.rules.scoring) for c in caught)
        words = CAUGHT(name=match.names[seat], cards=CardList(caught), minus=f"−{points}", plus=f"+{points}",
                       turn=min(cards[c] for c in caught), more=2 * points)
        found.append(Decision(seat, len(match.brasses) + 1, "keep", tuple(c.code for c in caught), (), 2.0 * points,
                              None, words, index))
    return found
