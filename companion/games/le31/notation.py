"""How plays are written, on the command line and in the app's entry line (both languages read the same
symbols): ``6R -`` lays the card down, ``6R x 2B 3G`` takes them (``[8]`` takes the build of 8),
``3R > 8 5B`` builds 8, ``2R ^ 8`` raises the build of 8. A table is loose cards and builds ``[8: 5R 3Y]``.
"""

from __future__ import annotations

import re

from companion.core.errors import NotationError
from companion.core.i18n import Msg
from companion.core.typed import parse_number
from companion.games.le31.deck import Le31Card, Le31Deck
from companion.games.le31.ops import Build, Capture, Play, Raise, Trail
from companion.games.le31.plays import partition
from companion.games.le31.state import TableBuild

PLAY_SYNTAX = Msg("a play is CARD, then - (lay it down), x CARDS (take them; [N] takes the build of N), "
                  "> N CARDS (build N; add « partner » for your partner) or ^ N (raise the build of N)",
                  "un coup est CARTE, puis - (poser), x CARTES (les prendre ; [N] prend la combinaison de N), "
                  "> N CARTES (construire N ; ajoutez « partenaire » pour le partenaire) ou ^ N (augmenter la "
                  "combinaison de N)")
BAD_TABLE = Msg("cannot read the table near {token!r}: builds are written [8: 5R 3Y] ([8*: …] for your own)",
                "table illisible vers {token!r} : les combinaisons s'écrivent [8: 5R 3Y] ([8*: …] pour la vôtre)")


PARTNER_WORD = ("partner", "partenaire")  # « pour mon partenaire »: the last word of a build, in either language


def describe_play(op: Play, deck: Le31Deck, lang: str) -> str:
    """A play in the command's own notation: ``6R x 2B 3G``, ``3R > 8 5B``, ``2R ^ 8``, ``4R -``."""
    card = deck.label(op.card, lang)
    if isinstance(op, Capture):
        taken = [deck.label(c, lang) for c in op.loose] + ([f"[{op.card.value}]"] if op.build else [])
        return f"{card} x {' '.join(taken)}"
    if isinstance(op, Build):
        partner = f" {PARTNER_WORD[lang == 'fr']}" if op.for_partner else ""
        return f"{card} > {op.value} {' '.join(deck.label(c, lang) for c in op.loose)}{partner}"
    if isinstance(op, Raise):
        return f"{card} ^ {op.value}"
    return f"{card} -"


def read_table(text: str, deck: Le31Deck, lang: str) -> tuple[list[Le31Card], list[TableBuild]]:
    """Loose cards and builds ``[8: 5R 3Y]`` (an opponent's) or ``[8*: 5R 3Y]`` (the player's own)."""
    loose, builds = [], []
    for match in re.finditer(r"\[([^\]]*)\]|([^\s\[\]]+)", text):
        if match.group(2):
            loose.append(deck.parse(match.group(2), lang))
            continue
        head, _, body = match.group(1).partition(":")
        mine = head.strip().endswith("*")
        try:
            value = parse_number(head.strip().rstrip("*"))
        except NotationError as exc:
            raise NotationError(BAD_TABLE(token=match.group(0)[:16])) from exc
        cards = deck.parse_many(body, lang)
        groups = partition(cards, value) if 2 <= value <= 10 else None
        if not cards or groups is None:
            raise NotationError(BAD_TABLE(token=match.group(0)[:16]))
        builds.append(TableBuild(value, groups, 1 if mine else 0))
    return loose, builds


def read_play(text: str, deck: Le31Deck, lang: str, seat: int) -> tuple[Le31Card, Play | None]:
    """The card a play names, and the play itself (None when the card is named alone)."""
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise NotationError(PLAY_SYNTAX)
    card = deck.parse(tokens[0], lang)
    rest = tokens[1:]
    if not rest:
        return card, None
    kind, args = rest[0], rest[1:]
    if kind == "-" and not args:
        return card, Trail(seat, card)
    if kind in ("x", "X"):
        build = any(a.startswith("[") for a in args)
        loose = tuple(deck.parse(a, lang) for a in args if not a.startswith("["))
        return card, Capture(seat, card, loose, build)
    if kind in (">", "^") and args:
        value = parse_number(args[0])
        if kind == "^":
            return card, Raise(seat, card, value, tuple(deck.parse(a, lang) for a in args[1:]))
        partner = args[-1].casefold() in PARTNER_WORD
        cards = args[1:-1] if partner else args[1:]
        return card, Build(seat, card, tuple(deck.parse(a, lang) for a in cards), value, partner)
    raise NotationError(PLAY_SYNTAX)


