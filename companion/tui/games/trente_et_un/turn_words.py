"""The words of a turn as players type them (both languages, both games), read once for both modes: at a real table
a line becomes the operation entered (``turn_entry``: ``start 5h``, ``stock``, ``discard 9c``, ``31 Ann``…); in
virtual play the same reading (``read_turn``) is answered to the seat's choice."""

from __future__ import annotations

from typing import NamedTuple

from companion.core.cards import Card, parse_card
from companion.core.errors import NotationError
from companion.core.i18n import Msg
from companion.games.base import Operation
from companion.games.trente_et_un.engine import TrenteMatch
from companion.games.trente_et_un.ops import BlindSwap, Claim31, Discard, Draw, Exchange, Knock, Refresh, Start

NO_SUCH_PLAYER = Msg("no player is called {name}", "aucun joueur ne s'appelle {name}")
WHOSE_31 = Msg("who has 31? type 31 and the name ({example})", "qui a 31 ? tapez 31 et son nom ({example})")
TURN_WORDS = {"start": "start", "début": "start", "debut": "start", "stock": "stock", "talon": "stock",
              "take": "take", "prendre": "take", "discard": "discard", "défausse": "discard", "defausse": "discard",
              "knock": "knock", "cogne": "knock", "cogner": "knock", "31": "31", "blind": "blind", "aveugle": "blind",
              "keep": "keep", "garde": "keep", "pass": "pass", "passe": "pass", "hold": "hold", "tiens": "hold",
              "swap": "swap", "échange": "swap", "echange": "swap", "all": "all", "tout": "all",
              "refresh": "refresh", "renouveler": "refresh",
              # the verbs as players also say them (a player typed « garder »)
              "garder": "keep", "passer": "pass", "tenir": "hold", "échanger": "swap", "echanger": "swap",
              "défausser": "discard", "defausser": "discard", "piger": "stock", "pige": "stock"}


class Said(NamedTuple):
    """A turn as typed: its verb (``TURN_WORDS``' values), the cards after it, whether « hold » (« tiens ») ends
    it, and the words after « 31 » (a name)."""

    verb: str
    cards: tuple[Card, ...] = ()
    hold: bool = False
    named: tuple[str, ...] = ()


def read_turn(text: str, lang: str) -> Said | None:
    """The turn a line says, or None when it starts with no turn word (NotationError: a card it cannot read)."""
    words = text.split()
    verb = TURN_WORDS.get(words[0].casefold()) if words else None
    if verb is None:
        return None
    if verb == "31":
        return Said(verb, named=tuple(words[1:]))
    hold = len(words) > 1 and TURN_WORDS.get(words[-1].casefold()) == "hold"
    if hold:
        words = words[:-1]  # « Je tiens » with a swap of all three (or a pass)
    return Said(verb, tuple(parse_card(t, lang) for t in words[1:]), hold)


def turn_entry(match: TrenteMatch, text: str, lang: str) -> Operation | None:
    """A deal entered turn by turn, by words (both languages): ``start 5h``, ``stock``, ``take``,
    ``discard 9c``, ``knock``, ``31``; with a banker ``start 7h 8h 9h``, ``blind``/``keep``, ``pass``,
    ``hold``, ``swap 5h 7h`` (give, take), ``all ks qs js`` (give the three, take the face-up ones),
    ``refresh 7c 8c 9c``. None when the line is not one of these."""
    said = read_turn(text, lang)
    if said is None:
        return None
    verb, cards, hold = said.verb, said.cards, said.hold
    play = match.play
    seat = play.turn if play is not None else match.dealer
    if verb == "31":  # « 31 » said by the player who made it: named, or the one who has just played
        named = _seat_named(match, list(said.named))
        if named is None and match.between_deals:  # shown straight from the deal: by whom?
            raise NotationError(WHOSE_31(example=f"31 {match.names[match.in_play[0]]}"))
        claimer = match.last_to_play()
        return Claim31(named if named is not None else claimer if claimer is not None else seat)
    if verb == "start":
        return Start(cards)
    if verb == "refresh":
        return Refresh(cards)
    if verb == "stock":
        return Draw(seat)
    if verb == "take":
        return Draw(seat, play.public[-1] if play is not None and play.public else None)
    if verb == "discard":
        return Discard(seat, cards[0]) if cards else None
    if verb == "knock":
        return Knock(seat)
    if verb in ("blind", "keep"):
        return BlindSwap(verb == "blind", cards)  # blind: the dealer's own three, now face up
    if verb == "pass":
        return Exchange(seat, hold=hold)
    if verb == "hold":
        return Exchange(seat, hold=True)
    if verb == "swap" and len(cards) == 2:
        return Exchange(seat, (cards[0],), (cards[1],), hold=hold)
    if verb == "all":
        return Exchange(seat, cards, tuple(play.public) if play is not None else (), hold=hold)
    return None


def _seat_named(match: TrenteMatch, words: list[str]) -> int | None:
    """The player a few words name (« 31 Ann »), or None; NotationError if they name nobody."""
    if not words:
        return None
    said = " ".join(words).casefold()
    for seat, name in enumerate(match.names):
        if name.casefold() == said:
            return seat
    raise NotationError(NO_SUCH_PLAYER(name=said[:40]))
