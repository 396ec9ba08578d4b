"""Every operation of a Trente-et-un match, both games, and their codec: a showdown entered at its end
(``Showdown``), a token given (``GiveToken``), and a deal played turn by turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.core.cards import Card
from companion.games.base import OpCodec, Operation, added


@dataclass(frozen=True)
class Showdown(Operation):
    """Every player's three cards at the showdown, in seat order (an empty hand for a player who is out).
    ``knocker``: who knocked (or said « Je tiens »); ``dealt_31``: the deal ended on a 31 served."""

    name: ClassVar[str] = "showdown"
    hands: tuple[tuple[Card, ...], ...]
    knocker: int | None = None
    dealt_31: bool = False


@dataclass(frozen=True)
class GiveToken(Operation):
    """With a banker: a vivant who spoke to a mort gives him a token, which revives him."""

    name: ClassVar[str] = "give_token"
    giver: int
    receiver: int


@dataclass(frozen=True)
class Start(Operation):
    """A deal played turn by turn: the upcard starting the discard pile, or the banker's three face-up cards."""

    name: ClassVar[str] = "start"
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Draw(Operation):
    """Draw and knock: take the top of the stock (``card`` None, unseen) or of the discard pile."""

    name: ClassVar[str] = "draw"
    seat: int
    card: Card | None = None


@dataclass(frozen=True)
class Discard(Operation):
    name: ClassVar[str] = "discard"
    seat: int
    card: Card


@dataclass(frozen=True)
class Knock(Operation):
    """Draw and knock: instead of drawing; every other player has one more turn."""

    name: ClassVar[str] = "knock"
    seat: int


@dataclass(frozen=True)
class Claim31(Operation):
    """A 31 (or a tierce majeure) shown: the deal ends at once, straight to the showdown."""

    name: ClassVar[str] = "claim_31"
    seat: int


@dataclass(frozen=True)
class BlindSwap(Operation):
    """With a banker: the dealer, before looking, takes the three face-up cards (his own go face up)."""

    name: ClassVar[str] = "blind_swap"
    take: bool
    cards: tuple[Card, ...] = ()  # when he takes them: his own three, now face up in their place


@dataclass(frozen=True)
class Exchange(Operation):
    """With a banker: give cards to the face-up set and take as many: all three, one, or none (a pass).
    In table mode the cards given were hidden: they are entered as they go face up. ``hold``: « Je tiens »."""

    name: ClassVar[str] = "exchange"
    seat: int
    give: tuple[Card, ...] = ()
    take: tuple[Card, ...] = ()
    hold: bool = False


@dataclass(frozen=True)
class Refresh(Operation):
    """With a banker, after a full circuit of passes: the face-up cards are replaced from the stock."""

    name: ClassVar[str] = "refresh"
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class DealPack(Operation):
    """Virtual play: the app's shuffled pack. The engine deals it as the table would (three cards each, one at a
    time from the dealer's neighbour, then the upcard or the three face-up cards) and knows every hand. ``key``
    shuffles the discards into a new stock when the stock runs out, so a deal replays from its own entries, never
    from the match's seed (which also makes the deals still to come). None: a deal saved before the key, whose
    reshuffle came from the match's seed."""

    name: ClassVar[str] = "deal_pack"
    pack: tuple[Card, ...]
    key: int | None = added()


TURN_OPS = (DealPack, Start, Draw, Discard, Knock, Claim31, BlindSwap, Exchange, Refresh)
CODEC = OpCodec((Showdown, GiveToken, *TURN_OPS))
