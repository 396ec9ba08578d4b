"""Scoring a brasse of 2500 (SPEC §4.a and §4.d): laid cards count plus, cards in hand count minus.

| card | value | of the frime's rank |
|---|---|---|
| ace | 100 | 200 |
| 8, 9, 10, J, Q, K | 10 | 100 |
| 3 to 7 | 5 | 100 |

A card of the frime's rank is worth its frime value whether it was used as a wild card or not, laid or in
hand. There are no 2s (the packs are played without them).

Laid groups are checked as sets at the end of a brasse: at least three cards; the natural cards all of one rank
and at least two of them, with any number of frimes; or a trio of frime-rank cards. A lay-off on another
player's trio is entered as a group written ``+7H`` (natural cards of one rank, or frime-rank cards on a trio
of frimes): it scores for the player who laid it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.cards import Card, Rank, format_cards, parse_card
from companion.core.errors import IllegalMoveError, NotationError
from companion.core.i18n import Msg

TOO_FEW = Msg("{cards}: a group has at least three cards", "{cards} : un groupe a au moins trois cartes")
MIXED = Msg("{cards}: the natural cards of a group are all of one rank",
            "{cards} : les cartes naturelles d'un groupe sont d'un même rang")
ONE_NATURAL = Msg("{cards}: a trio needs two natural cards (or three frimes)",
                  "{cards} : un trio demande deux cartes naturelles (ou trois frimes)")
NO_TWOS = Msg("{card}: 2500 is played without the 2s", "{card} : le 2500 se joue sans les 2")
LAYOFF = Msg("{cards}: a lay-off is natural cards of one rank (or frimes on a trio of frimes)",
             "{cards} : un ajout est fait de cartes naturelles d'un même rang (ou de frimes sur un trio de frimes)")
TOO_WILD = Msg("{cards}: no more frimes than natural cards (house rule)",
               "{cards} : pas plus de frimes que de cartes naturelles (règle maison)")
LAYOFF_UNOPENED = Msg("a lay-off comes once open: {cards} needs a trio of one's own laid",
                      "un ajout vient une fois ouvert : {cards} demande un trio posé par soi")
COPIES = Msg("{card} appears {n} times: {packs} packs hold {packs}", "{card} paraît {n} fois : {packs} jeux en ont {packs}")
MOST_PACKS = 3  # the most packs a table uses (5 players and more)
BAD_FRIME = Msg("the frime is a rank from 3 to ace, not {rank!r}", "la frime est un rang de 3 à l'as, pas {rank!r}")


def card_value(card: Card, frime: Rank, scale: str = "table") -> int:
    """The French text's table by default; ``lemagloisirs`` (a lower-confidence source): 3–9 5, 10–K 10,
    A 50, a frime 50."""
    if scale == "lemagloisirs":
        if card.rank == frime or card.rank == Rank.ACE:
            return 50
        return 10 if card.rank >= Rank.TEN else 5
    if card.rank == frime:
        return 200 if frime == Rank.ACE else 100
    if card.rank == Rank.ACE:
        return 100
    return 10 if card.rank >= Rank.EIGHT else 5


def parse_frime(text: str, lang: str = "en") -> Rank:
    """A rank alone (``8``, ``A``, ``K``; French ``R``, ``D``, ``V``): the frime's rank."""
    try:
        rank = parse_card(text.strip() + ("S" if lang != "fr" else "P"), lang).rank
    except NotationError as exc:
        raise NotationError(BAD_FRIME(rank=text[:8])) from exc
    if rank == Rank.TWO:
        raise NotationError(BAD_FRIME(rank=text[:8]))
    return rank


@dataclass(frozen=True)
class Group:
    cards: tuple[Card, ...]
    layoff: bool = False

    def points(self, frime: Rank, scale: str = "table") -> int:
        return sum(card_value(c, frime, scale) for c in self.cards)


def check_group(group: Group, frime: Rank, wilds_le_naturals: bool = False) -> None:
    """A laid group as it must stand at the end of a brasse; IllegalMoveError with the reason otherwise."""
    shown = format_cards(group.cards)
    for card in group.cards:
        if card.rank == Rank.TWO:
            raise IllegalMoveError(NO_TWOS(card=card))
    naturals = [c for c in group.cards if c.rank != frime]
    if group.layoff:
        if not group.cards or len({c.rank for c in naturals}) > 1 or (naturals and len(naturals) != len(group.cards)):
            raise IllegalMoveError(LAYOFF(cards=shown))
        return
    if len(group.cards) < 3:
        raise IllegalMoveError(TOO_FEW(cards=shown))
    if not naturals:
        return  # a trio of frime-rank cards: natural cards of the frime's rank
    if len({c.rank for c in naturals}) > 1:
        raise IllegalMoveError(MIXED(cards=shown))
    if len(naturals) < 2:
        raise IllegalMoveError(ONE_NATURAL(cards=shown))
    if wilds_le_naturals and len(group.cards) - len(naturals) > len(naturals):
        raise IllegalMoveError(TOO_WILD(cards=shown))


def parse_groups(text: str, lang: str = "en") -> list[Group]:
    """Groups separated by commas: ``"JS JH JD, 6C 6S 8H, +7H"`` (``+``: a lay-off on another player's trio)."""
    groups = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        layoff = part.startswith("+")
        tokens = part.lstrip("+").split()
        groups.append(Group(tuple(parse_card(t, lang) for t in tokens), layoff))
    return groups


@dataclass(frozen=True)
class BrasseScore:
    laid: int
    hand: int
    groups: tuple[tuple[Group, int], ...]

    @property
    def total(self) -> int:
        return self.laid - self.hand

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "laid": self.laid, "hand": self.hand,
                "groups": [{"cards": [c.code for c in g.cards], "layoff": g.layoff, "points": p}
                           for g, p in self.groups]}


def check_player(laid: Sequence[Group], hand: Sequence[Card], packs: int = MOST_PACKS) -> None:
    """What one player's entry alone shows: no card more often than the packs hold it, and no lay-off without a
    trio of his own (lay-offs come once open). Whether another player's trio takes a lay-off needs the whole
    brasse: the match checks it."""
    from collections import Counter

    for card, n in Counter([c for g in laid for c in g.cards] + list(hand)).items():
        if n > packs:
            raise IllegalMoveError(COPIES(card=card, n=n, packs=packs))
    layoffs = [g for g in laid if g.layoff]
    if layoffs and len(layoffs) == len(laid):
        raise IllegalMoveError(LAYOFF_UNOPENED(cards=format_cards(layoffs[0].cards)))


def score_brasse(laid: Sequence[Group], hand: Sequence[Card], frime: Rank, scale: str = "table",
                 wilds_le_naturals: bool = False, packs: int = MOST_PACKS) -> BrasseScore:
    """One player's brasse: every laid group checked, then laid minus hand."""
    for group in laid:
        check_group(group, frime, wilds_le_naturals)
    check_player(laid, hand, packs)
    for card in hand:
        if card.rank == Rank.TWO:
            raise IllegalMoveError(NO_TWOS(card=card))
    groups = tuple((g, g.points(frime, scale)) for g in laid)
    return BrasseScore(sum(p for _, p in groups), sum(card_value(c, frime, scale) for c in hand), groups)
