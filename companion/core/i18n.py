"""Bilingual text: every word a player reads exists in English and French.

A ``Msg`` holds both languages side by side, so a message is written (and
reviewed) in one place. Formatting arguments are filled in at display time.

The value types here are named tuples, not dataclasses: every command and the first screen load this module,
and a frozen dataclass costs about a millisecond to create at import (it compiles its methods), a named tuple a
tenth of that.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Literal, NamedTuple

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """``COMPANION_LANG`` (en or fr) if set, else French when ``LANG`` starts with ``fr``, else English."""
    env = os.environ if environ is None else environ
    chosen = env.get("COMPANION_LANG", "").strip().lower()
    if chosen in LANGS:
        return chosen
    return "fr" if env.get("LANG", "").lower().startswith("fr") else "en"


def check_lang(lang: str) -> Lang:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (use en or fr) / langue inconnue {lang!r} (en ou fr)")
    return lang  # type: ignore[return-value,unused-ignore]


_NO_ARGS: Mapping[str, Any] = MappingProxyType({})


class Msg(NamedTuple):
    """A message in English and French; ``args`` fill ``{name}`` fields in both."""

    en: str
    fr: str
    args: Mapping[str, Any] = _NO_ARGS

    def __eq__(self, other: object) -> bool:
        # Two messages are equal only with the same arguments ("5♥ is entered twice" is not "6♠ is ...").
        if not isinstance(other, Msg):
            return NotImplemented
        return (self.en, self.fr, dict(self.args)) == (other.en, other.fr, dict(other.args))

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.en, self.fr))

    def __call__(self, **args: Any) -> Msg:
        """Return the same message with its fields bound."""
        return Msg(self.en, self.fr, {**self.args, **args})

    def text(self, lang: str = "en") -> str:
        template = self.fr if lang == "fr" else self.en
        return template.format(**{k: shown(v, lang) for k, v in self.args.items()})

    def __str__(self) -> str:
        return self.text("en")


def shown(value: Any, lang: str) -> Any:
    """An argument as the player reads it: messages, cards ("D♦" in French) and plurals follow the language."""
    if isinstance(value, Msg):
        return value.text(lang)
    display = getattr(value, "display", None)
    if callable(display):
        return display(lang)
    return value


_VOWELS = set("aeiouyhàâäéèêëîïôöùûüÿœæAEIOUYHÀÂÄÉÈÊËÎÏÔÖÙÛÜŸŒÆ")


class Of(NamedTuple):
    """Whose: "Ann's" in English, "d'Ann" / "de Paul" in French (elision before a vowel or a mute h)."""

    name: str

    def display(self, lang: str) -> str:
        if lang == "fr":
            return f"d'{self.name}" if self.name[:1] in _VOWELS else f"de {self.name}"
        return f"{self.name}'" if self.name.endswith("s") else f"{self.name}'s"


MATCHES = (("match", "matches"), ("partie", "parties"))  # the noun a count of matches takes, for Plural
WINS = (("wins", "win"), ("gagne", "gagnent"))  # the verb said of a winner or of a side, for Agreed


class Plural(NamedTuple):
    """A count with its noun, agreed in each language: "1 point", "2 points"; French "0 point", "1,5"…"""

    n: int
    en: tuple[str, str]
    fr: tuple[str, str] | None = None

    def display(self, lang: str) -> str:
        one, many = (self.fr or self.en) if lang == "fr" else self.en
        singular = abs(self.n) < 2 if lang == "fr" else abs(self.n) == 1
        return f"{self.n} {one if singular else many}"


class Agreed(NamedTuple):
    """A word that agrees with how many it speaks of, said without the count: "Ann wins" / "Ann & Bob win",
    « Ann gagne » / « Ann & Bob gagnent »; « retournée » / « retournées »."""

    n: int
    en: tuple[str, str]
    fr: tuple[str, str] | None = None

    def display(self, lang: str) -> str:
        one, many = (self.fr or self.en) if lang == "fr" else self.en
        return one if self.n == 1 else many


def figure(value: object, lang: str) -> str:
    """A statistic as a player reads it: a whole number as it is, a fraction with two decimals in the
    language's way (9.44 / 9,44)."""
    if isinstance(value, float) and not value.is_integer():
        return Decimal(value).display(lang)
    if isinstance(value, float):
        return str(int(value))
    return str(value)


class Decimal(NamedTuple):
    """A number with a fixed count of decimals, written the way each language does: 12.65 / 12,65."""

    value: float
    digits: int = 2
    sign: bool = False  # "+0.4" / "−0.4"

    def display(self, lang: str) -> str:
        text = f"{self.value:{'+' if self.sign else ''}.{self.digits}f}"
        return text.replace(".", ",") if lang == "fr" else text


class Joined(NamedTuple):
    """Several message parts said as one: "31 for 2, a pair for 2"."""

    parts: tuple[Any, ...]
    sep: str = ", "

    def display(self, lang: str) -> str:
        return self.sep.join(str(shown(p, lang)) for p in self.parts)


def points(n: int) -> Plural:
    return Plural(n, ("point", "points"))


def entries(n: int) -> Plural:
    return Plural(n, ("entry", "entries"), ("entrée", "entrées"))


def cards(n: int) -> Plural:
    return Plural(n, ("card", "cards"), ("carte", "cartes"))


_EN_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_EN_TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty"}
_FR_UNITS = (
    "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize "
    "dix-sept dix-huit dix-neuf"
).split()
_FR_TENS = {20: "vingt", 30: "trente", 40: "quarante", 50: "cinquante", 60: "soixante"}


def number_words(n: int, lang: str = "en") -> str:
    """Spell 0..69 the way a score is said aloud ("twenty-four", "vingt-quatre")."""
    if not 0 <= n < 70:
        return str(n)
    units, tens = (_FR_UNITS, _FR_TENS) if lang == "fr" else (_EN_UNITS, _EN_TENS)
    if n < 20:
        return units[n]
    ten, unit = divmod(n, 10)
    word = tens[ten * 10]
    if unit == 0:
        return word
    if lang == "fr":
        return f"{word} et un" if unit == 1 else f"{word}-{units[unit]}"
    return f"{word}-{units[unit]}"


def french_spaces(text: str) -> str:
    """French typography's spaces before « : ; ? ! % » and inside « », made non-breaking: a line wrapped at spaces
    (argparse's help, a phone's page) never starts with « : », and a number keeps its %."""
    return _FRENCH_SPACE.sub("\u00a0", text)


_FRENCH_SPACE = re.compile(r" (?=[:;?!»%])|(?<=«) ")
