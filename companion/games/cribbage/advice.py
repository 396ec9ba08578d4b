"""What the app tells a player who asks: the best discard and how a discard compared with it, and the card
the hard player would peg, with its reason. Messages in both languages; the figures come from the exact
advisor (its default, uniform crib model) and from the hard player's own search (``hard.search_play``)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.cards import Card, CardList
from companion.core.i18n import Decimal, Joined, Msg
from companion.games.cribbage.advisor import Option, analyse
from companion.games.cribbage.engine import CribbageMatch
from companion.games.cribbage.pegging import peg_points
from companion.games.cribbage.players import position_rng
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.scoring import pip
from companion.games.cribbage.sight import table_view, view_of

OPTION = Msg("{away}: hand {hand}, crib {sign}{crib} = {net}", "{away} : main {hand}, crib {sign}{crib} = {net}")
BEST_THROW = Msg("Best to lay away (mean over every starter and crib):\n  {options}",
                 "Mieux vaut jeter (moyenne sur toute coupée et tout crib) :\n  {options}")
THREW_BEST = Msg("You laid away {away}: the best discard ({net} on average).",
                 "Vous avez jeté {away} : le meilleur écart ({net} en moyenne).")
THREW_LESS = Msg("You laid away {away}; {best} would have averaged {more} more.",
                 "Vous avez jeté {away} ; {best} aurait rapporté {more} de plus en moyenne.")
HINT = Msg("Hint: {card} — {why}", "Conseil : {card} — {why}")
HINT_POINTS = Msg("it pegs {items}", "il marque {items}")
HINT_SEARCH = Msg("{margin} points on average to the end of the play, over {n} deals of the unseen cards",
                  "{margin} points en moyenne jusqu'à la fin du jeu, sur {n} donnes des cartes cachées")
HINT_WIN = Msg("{chance}% chance to win the game, over {n} deals of the unseen cards",
               "{chance} % de chances de gagner la partie, sur {n} donnes des cartes cachées")
HINT_ONLY = Msg("the only card that fits", "la seule carte qui passe")
HINT_ONE_RANK = Msg("the only rank that fits", "le seul rang qui passe")
HINT_NO_DEAL = Msg("no deal of the unseen cards fits the cards played: the usual choice",
                   "aucune donne des cartes cachées ne concorde avec les cartes jouées : le choix habituel")
ITEM = {"fifteen": Msg("fifteen for 2", "quinze pour 2"), "thirty_one": Msg("31 for 2", "31 pour 2"),
        "pair": Msg("a pair for {n}", "une paire pour {n}"), "run": Msg("a run for {n}", "une suite pour {n}")}


def option_line(option: Option) -> Msg:
    return OPTION(away=CardList(option.discard), hand=Decimal(option.hand), sign="+" if option.dealer else "−",
                  crib=Decimal(option.crib), net=Decimal(option.net))


def best_discards(hand: Sequence[Card], dealer: bool, rules: CribbageRules, top: int = 3) -> Msg:
    options = analyse(hand, dealer, rules)[:top]
    return BEST_THROW(options=Joined(tuple(option_line(o) for o in options), "\n  "))


def discard_review(hand: Sequence[Card], away: Sequence[Card], dealer: bool, rules: CribbageRules) -> Msg:
    """How a discard compares with the best one, on the advisor's exact means."""
    options = analyse(hand, dealer, rules)
    chosen = next(o for o in options if set(o.discard) == set(away))
    best = options[0]
    if chosen.net >= best.net - 1e-9:
        return THREW_BEST(away=CardList(chosen.discard), net=Decimal(chosen.net))
    return THREW_LESS(away=CardList(chosen.discard), best=CardList(best.discard),
                      more=Decimal(best.net - chosen.net))


def play_hint(match: CribbageMatch, seat: int, hand: Sequence[Card] | None = None,
              discards: Sequence[Card] = ()) -> Msg | None:
    """The card the hard player would play now, and why; None when the seat has nothing to play. At a real
    table ``hand`` is the cards the player says they still hold (and ``discards`` the ones they laid away, if
    they said them)."""
    from companion.games.cribbage.hard import search_play

    view = view_of(match, seat) if hand is None else table_view(match, seat, hand, discards)
    search = search_play(view, position_rng(match, seat))
    if not search.ranked:
        return None
    card, margin = search.ranked[0]
    current = [c for _, c in view.current]
    playable = [c for c in view.hand if view.count + pip(c) <= 31]
    items = peg_points([*current, card], match.rules).items
    if len(playable) == 1:
        why = HINT_ONLY
    elif items:
        said = tuple(ITEM[i.kind](n=i.points) if i.kind in ITEM else Msg(i.kind, i.kind) for i in items)
        why = HINT_POINTS(items=Joined(said, ", "))
    elif len({c.rank for c in playable}) == 1:
        why = HINT_ONE_RANK
    elif not search.deals:  # a table's slip: what the others played fits no deal, so no search was made
        why = HINT_NO_DEAL
    elif search.win:
        why = HINT_WIN(chance=Decimal(100 * margin, 0), n=search.deals)
    else:
        why = HINT_SEARCH(margin=Decimal(margin, 1, sign=True), n=search.deals)
    return HINT(card=card, why=why)
