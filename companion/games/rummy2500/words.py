"""2500's table words, in one place, as Québec players say them (French text 003): la brasse and le brasseur
(the deal and the dealer), la frime (the wild rank), la pige (the discard series; piger, to draw), le paquet
(the stock), un trio, sortir (to go out), la partie (the match)."""

from __future__ import annotations

from functools import cache

from companion.core.cards import Card, CardList, Rank, rank_text
from companion.core.i18n import Msg, Of, Plural

_NAMES = {Rank.ACE: ("aces", "d'as"), Rank.KING: ("kings", "de rois"), Rank.QUEEN: ("queens", "de dames"),
          Rank.JACK: ("jacks", "de valets")}


def rank_plural(rank: Rank) -> Msg:
    """"of jacks" / « de valets », "of 7s" / « de 7 », as a trio is named at the table."""
    en, fr = _NAMES.get(rank, (f"{int(rank)}s", f"de {int(rank)}"))
    return Msg(f"of {en}", fr)


def rank_said(rank: Rank) -> Msg:
    """A rank alone, with the letters each language writes (J / V, Q / D, K / R)."""
    return Msg(rank_text(rank, "en"), rank_text(rank, "fr"))


BRASSE = Msg("Brasse", "Brasse")  # a round, on the score sheet
BRASSES_NEXT = Msg("deals next", "brasse ensuite")  # the next brasseur's mark


def cards_of(n: int) -> Plural:
    """A count of cards, agreed: "1 card", « 2 cartes »."""
    return Plural(n, ("card", "cards"), ("carte", "cartes"))


TRIO_OF = Msg("{name} trio {n}: {cards}", "Trio {n} {name} : {cards}")  # name: Of(...); n from 1
SERIES = Msg("{card} and the {cards} above it", "{card} et {cards} au-dessus")  # a pige card and what comes with it
CARD = Msg("{card}", "{card}")


@cache  # the same few words at every turn (a computer player's search asks for them thousands of times)
def trio_named(owner: str, n: int, cards: tuple[Card, ...]) -> Msg:
    """A trio on the table as a player names it: « Trio 2 de Marie : 7♥ 7♠ 8♦ » (``n`` from 0)."""
    return TRIO_OF(name=Of(owner), n=n + 1, cards=CardList(cards))


@cache
def pige_card_named(card: Card, above: int) -> Msg:
    """A card of the pige as a player names it: the card, and how many come with it from above."""
    return SERIES(card=card, cards=cards_of(above)) if above else CARD(card=card)
