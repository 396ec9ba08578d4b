"""Cribbage's review of a match: each discard against the exact advisor, each pegging card against the hard
player's search, the costly ones kept, costliest first.

**A discard** (virtual play, where the six — or five — cards dealt are known): the advisor's exact mean of the
kept hand over every starter, plus (own crib) or minus (the opponent's) the mean crib over every completion
(``advisor.analyse``, its uniform crib model). Its cost is the best discard's mean less the one made: an exact
expected value, no sampling. At a real table nobody tells the app the six cards dealt, so no discard is reviewed.

**A pegging card**, where the player had a choice of ranks: the search the hard player makes from that seat's view
(``hard.search_play``: the unseen cards dealt again consistently with what was played and the goes, every
candidate played out with the club player's policy), drawn from the same generator as the hard player's, so a card
the hard player would have played costs nothing. Mid-game its cost is in points of pegging margin to the end of the
play; near the end of a two-player game (``hard.near_end``) in chance to win the game. In virtual play the seat's
cards are dealt; at a real table they are known once its hand is shown (the four it kept; a deal ended without its
show is not reviewed).
"""

from __future__ import annotations

from companion.core.cards import Card, CardList
from companion.core.i18n import Decimal, Msg
from companion.games.cribbage.advisor import analyse
from companion.games.cribbage.engine import CribbageMatch
from companion.games.cribbage.hard import Budget
from companion.games.cribbage.ops import Discard, Play, Show
from companion.games.cribbage.players import position_rng
from companion.games.cribbage.sight import table_view, view_of
from companion.games.review import Decision, costliest

#: What a decision must cost to be named: points of the advisor's exact mean (below, two discards are close enough
#: to say nothing) and of the mean pegging margin (the search settles a difference to a few hundredths).
THRESHOLDS = {"discard": 0.5, "peg": 0.5}
PEG_CHANCE = 0.03  # chance to win the game, near the end
# The search's budgets for the review: it needs to know a cost to well within its threshold, not to the hard
# player's few hundredths (its race stops once every difference left is known to within ``close``).
SEARCH_POINTS = Budget(first=32, step=32, most=256, z=2.0, close=0.1)
SEARCH_WIN = Budget(first=32, step=32, most=256, z=2.0, close=0.01)

DISCARD = Msg("{name} laid away {away} ({net} on average: hand {hand}, crib {sign}{crib}); {best} would have "
              "averaged {more} more (hand {best_hand}, crib {sign}{best_crib}), over every starter and crib",
              "{name} a jeté {away} ({net} en moyenne : main {hand}, crib {sign}{crib}) ; {best} aurait rapporté "
              "{more} de plus en moyenne (main {best_hand}, crib {sign}{best_crib}), sur toute coupée et tout crib")
PEG = Msg("{name} played {card} at {count}: {best} would have pegged {more} more to the end of the play, on "
          "average over {n} deals of the cards {name} could not see",
          "{name} a joué {card} à {count} : {best} aurait marqué {more} de plus jusqu'à la fin du jeu, en moyenne "
          "sur {n} donnes des cartes cachées à {name}")
PEG_WIN = Msg("{name} played {card} at {count}: {best} would have won the game {more} points of percentage more "
              "often ({chance} % against {chance_made} %), over {n} deals of the cards {name} could not see",
              "{name} a joué {card} à {count} : {best} aurait gagné la partie {more} points de pourcentage plus "
              "souvent ({chance} % contre {chance_made} %), sur {n} donnes des cartes cachées à {name}")


def _shown_hands(match: CribbageMatch) -> dict[int, dict[int, tuple[Card, ...]]]:
    """At a real table, the four cards each seat kept, from its show: deal number -> seat -> cards."""
    shown: dict[int, dict[int, tuple[Card, ...]]] = {}
    replay = CribbageMatch(match.setup)
    for op in match.log:
        replay.apply(op)  # a table's deal begins with its cut: its number is known once the op is applied
        if isinstance(op, Show):
            shown.setdefault(replay.deal_number, {})[op.seat] = tuple(op.cards)
    return shown


def review(match: CribbageMatch) -> list[Decision]:
    """The costly discards and pegging cards of the match, costliest first."""
    return costliest(decisions(match), THRESHOLDS, PEG_CHANCE)


#: What the statistics follow from match to match (exact and quick: no search), and how a player's trend says it.
ROUND = Msg("Deal {n}", "Donne {n}")
TREND = {"discard": Msg("discards cost {cost} points a deal", "ses écarts coûtent {cost} points par donne")}


def trend(match: CribbageMatch) -> list[Decision]:
    """Every discard of the match, costly or not: the statistics' trend (one per deal and player)."""
    replay = CribbageMatch(match.setup)
    found = []
    for index, op in enumerate(match.log):
        if isinstance(op, Discard):
            found.append(_discard(replay, op, index))
        replay.apply(op)
    return found


def decisions(match: CribbageMatch) -> list[Decision]:
    """Every measured decision of the match, costly or not, in the order they were made."""
    shown = _shown_hands(match) if match.setup.mode != "virtual" else {}
    replay = CribbageMatch(match.setup)
    found: list[Decision] = []
    for index, op in enumerate(match.log):
        if isinstance(op, Discard):
            found.append(_discard(replay, op, index))
        elif isinstance(op, Play):
            decision = _peg(replay, op, index, shown.get(replay.deal_number, {}).get(op.seat))
            if decision is not None:
                found.append(decision)
        replay.apply(op)
    return found


def _discard(match: CribbageMatch, op: Discard, index: int) -> Decision:
    assert match.d is not None and match.d.hands is not None
    hand = match.d.hands[op.seat]
    own_crib = match.side_of(op.seat) == match.side_of(match.d.dealer)
    options = analyse(hand, own_crib, match.rules)
    made = next(o for o in options if set(o.discard) == set(op.cards))
    best = options[0]
    words = DISCARD(name=match.names[op.seat], away=CardList(made.discard), net=Decimal(made.net),
                    hand=Decimal(made.hand), crib=Decimal(made.crib), sign="+" if own_crib else "-",
                    best=CardList(best.discard), more=Decimal(best.net - made.net), best_hand=Decimal(best.hand),
                    best_crib=Decimal(best.crib))
    return Decision(op.seat, match.deal_number, "discard", tuple(c.code for c in made.discard),
                    tuple(c.code for c in best.discard), max(0.0, best.net - made.net), None, words, index)


def _peg(match: CribbageMatch, op: Play, index: int, kept: tuple[Card, ...] | None) -> Decision | None:
    """The card played against the search from the seat's view; None where the seat's cards are not known or it
    had no choice of rank."""
    from companion.games.cribbage.hard import near_end, search_play

    assert match.d is not None
    if match.d.hands is not None:
        view = view_of(match, op.seat)
    elif kept is not None and set(match.d.played[op.seat]) <= set(kept) and op.card in kept:
        view = table_view(match, op.seat, [c for c in kept if c not in match.d.played[op.seat]])
    else:
        return None
    end = near_end(view.scores, view.target, view.players) and view.starter is not None
    search = search_play(view, position_rng(match, op.seat), SEARCH_WIN if end else SEARCH_POINTS)
    if len(search.ranked) < 2 or not search.deals:
        return None
    best, value = search.ranked[0]
    made = next((v for c, v in search.ranked if c.rank == op.card.rank), value)
    lost = max(0.0, value - made)
    name, count = match.names[op.seat], view.count
    if search.win:
        words = PEG_WIN(name=name, card=op.card, count=count, best=best, more=Decimal(100 * lost, 0),
                        chance=Decimal(100 * value, 0), chance_made=Decimal(100 * made, 0), n=search.deals)
        return Decision(op.seat, match.deal_number, "peg", (op.card.code,), (best.code,), None, lost, words, index)
    words = PEG(name=name, card=op.card, count=count, best=best, more=Decimal(lost, 1), n=search.deals)
    return Decision(op.seat, match.deal_number, "peg", (op.card.code,), (best.code,), lost, None, words, index)
