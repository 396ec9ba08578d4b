"""Every operation of a 2500 match and their codec: a brasse counted at its end (``Brasse``), and a brasse
played turn by turn (the deal, draws, the pige, trios, lay-offs, the discard)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.core.cards import Card
from companion.games.base import OpCodec, Operation, added


@dataclass(frozen=True)
class Brasse(Operation):
    """One brasse as the table counts it: the frime's rank, and for each player (in seat order) the groups
    laid, the lay-offs on other players' trios, and the cards left in hand."""

    name: ClassVar[str] = "brasse"
    frime: int
    laid: tuple[tuple[tuple[Card, ...], ...], ...]
    layoffs: tuple[tuple[tuple[Card, ...], ...], ...]
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class DealBrasse(Operation):
    """Virtual mode: the brasse's shuffled pack, and the key of the shuffles made later in the brasse (the pige
    turned into a new stock), so a brasse replays from its own entries, never from the match's seed (which also
    makes the brasses still to come, and so never leaves the app with an unfinished match). None: a brasse saved
    before the key, reshuffled from the match's seed."""

    name: ClassVar[str] = "deal_brasse"
    deck: tuple[Card, ...]
    key: int | None = added()


@dataclass(frozen=True)
class OpenBrasse(Operation):
    """Table mode: each player's turned card (in seat order; the dealer's sets the frime) and the pige's first."""

    name: ClassVar[str] = "open_brasse"
    turned: tuple[Card, ...]
    pige: Card


@dataclass(frozen=True)
class DrawStock(Operation):
    name: ClassVar[str] = "draw_stock"
    seat: int


@dataclass(frozen=True)
class TakePige(Operation):
    """Take the pige from ``index`` (0 is the oldest card) to the top; ``pair`` makes a trio with the chosen card."""

    name: ClassVar[str] = "take_pige"
    seat: int
    index: int
    pair: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Meld(Operation):
    """A new trio from the hand."""

    name: ClassVar[str] = "meld"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class LayOff(Operation):
    """Lay one card off on trio ``group`` of player ``owner``."""

    name: ClassVar[str] = "lay_off"
    seat: int
    card: Card
    owner: int
    group: int


@dataclass(frozen=True)
class Throw(Operation):
    """The discard that ends a turn."""

    name: ClassVar[str] = "throw"
    seat: int
    card: Card


PLAY_OPS = (DealBrasse, OpenBrasse, DrawStock, TakePige, Meld, LayOff, Throw)
CODEC = OpCodec((Brasse, *PLAY_OPS))
