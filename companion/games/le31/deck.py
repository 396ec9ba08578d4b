"""The Le 31 deck as data: colours, numbered cards and illustrated cards, read from a JSON file.

The default deck ships as ``data/deck.json`` (SPEC §1.1); a table whose deck differs describes it in a
file of the same shape. Everything the rules need is derived from it: the cards and their copies, the
red cards, the red 2, the green 10, the 1s, how many deals a round takes, and the round's points.

Card codes (one per card, the same on every command): a number or an illustration's letter, then a
colour letter: ``2R`` (red 2), ``10G`` (green 10), ``ER`` (Estrelizia, red). In French the colour
letters are the French ones (``10V``, vert), read and shown when the language is French.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from pathlib import Path
from typing import Any

from companion.core.decks import DeckSpec, Face
from companion.core.errors import NotationError, SetupError, unreadable_json
from companion.core.i18n import Msg
from companion.core.typed import short

BAD_DECK = Msg("the deck file {path} is not usable: {why}", "le fichier de jeu {path} est inutilisable : {why}")
BAD_CODE = Msg("unknown card {code!r} (cards are like 2R, 10G, ER)", "carte inconnue {code!r} (cartes comme 2R, 10V, ER)")
DEAL_SIZE = 4  # cards to each player per deal, and to the table on the first deal
# Why a deck file is refused, in the player's language (each goes into BAD_DECK).
NOT_AN_OBJECT = Msg("the file must hold a JSON object", "le fichier doit contenir un objet JSON")
COLOUR_KEY = Msg("a colour key must be one letter, not {key!r}", "une couleur se note d'une seule lettre, pas {key!r}")
COLOUR_KEYS = Msg("the colours need distinct keys", "les couleurs demandent des lettres distinctes")
NUMBERS = Msg("numbers go from 1 to at most 10", "les nombres vont de 1 à 10 au plus")
PICTURE = Msg("illustration {entry}: a one-letter key not used by a colour, and copies ≥ 1",
              "illustration {entry} : une lettre qu'aucune couleur n'utilise, et copies ≥ 1")
PICTURE_KEYS = Msg("the illustrations need distinct keys", "les illustrations demandent des lettres distinctes")
FIELD = Msg("the field {what} is missing or of the wrong kind", "le champ {what} manque ou n'est pas du bon type")
SAME_CODE = Msg("two cards have the code {code}", "deux cartes ont le code {code}")
NOT_DEALT = Msg("{n} cards cannot be dealt 4 by 4 to {players} players after 4 to the table",
                "{n} cartes ne se donnent pas 4 par 4 à {players} joueurs après 4 à la table")
UNREADABLE = Msg("it cannot be read ({why})", "il ne peut pas être lu ({why})")


class _Unusable(ValueError):
    """A deck description refused for a reason said in both languages."""

    def __init__(self, why: Msg) -> None:
        super().__init__(why.en)
        self.why = why


@dataclass(frozen=True)
class Le31Card:
    """One card of the Le 31 deck. ``value`` is 1..10 for a numbered card, None for an illustrated one."""

    colour: str  # the colour's key (English letter): R, G, B, Y …
    value: int | None
    illustration: str | None  # the illustration's key (E …) or None
    code: str  # canonical (English) code: 2R, 10G, ER

    @property
    def sort_key(self) -> tuple[str, int, str]:
        """Colour, then numbers before illustrations."""
        return (self.colour, self.value if self.value is not None else 99, self.illustration or "")

    @property
    def is_illustrated(self) -> bool:
        return self.illustration is not None

    def display(self, lang: str = "en") -> str:
        return DEFAULT_DECK.label(self, lang) if self in DEFAULT_DECK.copies else self.code

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True)
class Colour:
    key: str
    en: str
    fr: str
    fr_key: str
    red: bool
    fr_f: str = ""  # the French name agreed with a feminine noun (« bleue »); empty: derived

    @property
    def fr_feminine(self) -> str:
        if self.fr_f:
            return self.fr_f
        return self.fr if self.fr.endswith("e") else self.fr + "e"  # rouge, jaune; vert → verte, bleu → bleue


@dataclass(frozen=True)
class Illustration:
    key: str
    name: str
    copies: int


class Le31Deck:
    """A deck read from a description (see ``data/deck.json``)."""

    def __init__(self, data: Any, source: str = "deck.json") -> None:
        self.source = source
        self.description = data  # as read: saved with a match that uses this deck
        try:
            self.colours, self.numbers, self.illustrations = _read(data)
        except _Unusable as exc:
            raise SetupError(BAD_DECK(path=source, why=exc.why)) from exc
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError, RecursionError) as exc:
            raise SetupError(BAD_DECK(path=source, why=FIELD(what=short(str(exc), 40)))) from exc
        self.copies: Counter[Le31Card] = Counter()
        self.by_code: dict[str, Le31Card] = {}
        for colour in self.colours:
            for value in self.numbers:
                self._add(Le31Card(colour.key, value, None, f"{value}{colour.key}"), 1)
            for picture in self.illustrations:
                self._add(Le31Card(colour.key, None, picture.key, f"{picture.key}{colour.key}"), picture.copies)
        self._fr_codes = {self._code(card, "fr").upper(): card for card in self.copies}

    def _add(self, card: Le31Card, copies: int) -> None:
        if card.code in self.by_code:
            raise SetupError(BAD_DECK(path=self.source, why=SAME_CODE(code=card.code)))
        self.by_code[card.code] = card
        self.copies[card] = copies

    # ---------------------------------------------------------------- reading and showing cards
    def _colour(self, key: str) -> Colour:
        return next(c for c in self.colours if c.key == key)

    def _code(self, card: Le31Card, lang: str) -> str:
        colour = self._colour(card.colour)
        letter = colour.fr_key if lang == "fr" else colour.key
        return f"{card.value if card.value is not None else card.illustration}{letter}"

    def parse(self, token: str, lang: str = "en") -> Le31Card:
        text = token.strip().upper()
        card = (self._fr_codes if lang == "fr" else self.by_code).get(text)
        if card is None and lang == "fr":
            card = self.by_code.get(text)  # the canonical (English) codes are read in French too
        if card is None:
            raise NotationError(BAD_CODE(code=short(token, 12)))
        return card

    def parse_many(self, text: str, lang: str = "en") -> list[Le31Card]:
        return [self.parse(t, lang) for t in text.replace(",", " ").split()]

    def label(self, card: Le31Card, lang: str = "en") -> str:
        """As a player reads it: ``2 rouge``-style codes are short, so the code in the language."""
        return self._code(card, lang)

    def describe(self, card: Le31Card, lang: str = "en") -> str:
        colour = self._colour(card.colour)
        if card.illustration is not None:  # the illustrations are flowers: « une Estrelizia bleue »
            return f"{self.illustration(card).name} {colour.fr_feminine if lang == 'fr' else colour.en}"
        return f"{card.value} {colour.fr if lang == 'fr' else colour.en}"

    def colour_of(self, card: Le31Card) -> Colour:
        return self._colour(card.colour)

    def illustration(self, card: Le31Card) -> Illustration:
        return next(p for p in self.illustrations if p.key == card.illustration)

    # ---------------------------------------------------------------- what the rules need
    @property
    def size(self) -> int:
        return sum(self.copies.values())

    def pack(self) -> list[Le31Card]:
        return [card for card, n in self.copies.items() for _ in range(n)]

    def is_red(self, card: Le31Card) -> bool:
        return self._colour(card.colour).red

    @cached_property
    def red_two(self) -> Le31Card | None:
        return next((c for c in self.copies if c.value == 2 and self.is_red(c)), None)

    @cached_property
    def green_ten(self) -> Le31Card | None:
        green = next((c.key for c in self.colours if c.en == "green"), None)
        return next((c for c in self.copies if c.value == 10 and c.colour == green), None)

    @cached_property
    def red_cards(self) -> int:
        return sum(n for c, n in self.copies.items() if self.is_red(c))

    def round_points(self) -> int:
        """Points of a round without récoltes: most cards 3, most red 1, red 2, green 10, each 1 (11 by default)."""
        ones = sum(n for c, n in self.copies.items() if c.value == 1)
        return 3 + 1 + (1 if self.red_two else 0) + (2 if self.green_ten else 0) + ones

    def deals_per_round(self, players: int) -> int:
        """4 to the table on the first deal, then 4 to each player per deal until the stock is gone."""
        dealt = self.size - DEAL_SIZE
        per_deal = DEAL_SIZE * players
        if dealt <= 0 or dealt % per_deal:
            raise SetupError(BAD_DECK(path=self.source, why=NOT_DEALT(n=self.size, players=players)))
        return dealt // per_deal

    def spec(self) -> DeckSpec:
        """The keypad's description: numbers and illustrations, then colours."""
        ranks = tuple(Face(str(v), Msg(str(v), str(v))) for v in self.numbers)
        ranks += tuple(Face(p.key, Msg(key_name(p.name), key_name(p.name))) for p in self.illustrations)
        suits = tuple(Face(c.key, Msg(c.en, c.fr), c.en) for c in self.colours)
        cards = {((str(c.value) if c.value is not None else c.illustration), c.colour): c for c in self.copies}
        return DeckSpec("le31", ranks, suits, cards, Counter(self.copies))  # type: ignore[arg-type]

    def to_json(self) -> list[dict[str, Any]]:
        """One entry per physical card: code, colour (English, lower case), value (None for an illustration),
        illustration (its name, or None)."""
        out = []
        for card in self.pack():
            colour = self._colour(card.colour)
            out.append({"code": card.code, "colour": colour.en.lower(), "value": card.value,
                        "illustration": self.illustration(card).name if card.illustration else None})
        return out


def _read(data: Any) -> tuple[tuple[Colour, ...], tuple[int, ...], tuple[Illustration, ...]]:
    if not isinstance(data, dict):
        raise _Unusable(NOT_AN_OBJECT)
    colours = []
    for entry in data["colours"]:
        key = str(entry["key"]).upper()
        if not (len(key) == 1 and key.isascii() and key.isalpha()):
            raise _Unusable(COLOUR_KEY(key=key))
        fr_key = str(entry.get("fr_key", key)).upper()
        colours.append(Colour(key, str(entry["en"]), str(entry.get("fr", entry["en"])), fr_key,
                              bool(entry.get("red", entry["en"].lower() == "red")), str(entry.get("fr_f", ""))))
    if not colours or len({c.key for c in colours}) != len(colours) or len({c.fr_key for c in colours}) != len(colours):
        raise _Unusable(COLOUR_KEYS)
    numbers = data.get("numbers", {"from": 1, "to": 10})
    low, high = int(numbers["from"]), int(numbers["to"])
    if not 1 <= low <= high <= 10:
        raise _Unusable(NUMBERS)
    pictures = []
    for entry in data.get("illustrations", []):
        key = str(entry["key"]).upper()
        copies = int(entry.get("copies", 1))
        if not (len(key) == 1 and key.isalpha()) or copies < 1 or key in {c.key for c in colours}:
            raise _Unusable(PICTURE(entry=short(repr(entry), 60)))
        pictures.append(Illustration(key, str(entry["name"]), copies))
    if len({p.key for p in pictures}) != len(pictures):
        raise _Unusable(PICTURE_KEYS)
    return tuple(colours), tuple(range(low, high + 1)), tuple(pictures)


def load_deck(path: str | Path | None = None) -> Le31Deck:
    """The default deck, or the one described in ``path``; SetupError with the reason if it is not usable."""
    if path is None:
        text = files("companion.games.le31").joinpath("data", "deck.json").read_text(encoding="utf-8")
        return Le31Deck(json.loads(text), "deck.json")
    source = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise SetupError(BAD_DECK(path=source[-60:], why=UNREADABLE(why=exc.strerror or type(exc).__name__))) from exc
    except (ValueError, RecursionError) as exc:
        raise SetupError(BAD_DECK(path=source[-60:], why=unreadable_json(exc))) from exc
    return Le31Deck(data, source[-60:])


DEFAULT_DECK = load_deck()


def key_name(name: str, width: int = 5) -> str:
    """An illustration's name on a key of ``width`` cells: whole when it fits, else cut with a dot that says so
    (« Estr. », not « Estre »: players read the cut name as a misspelling)."""
    return name if len(name) <= width else name[:width - 1] + "."
