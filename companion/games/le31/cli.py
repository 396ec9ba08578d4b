"""``companion le31 deck|tally``: the deck as data and the tally of a round (no UI, no store)."""

from __future__ import annotations

import argparse
import json
from collections import Counter

from companion.cli_support import add_lang_option, input_lang, lang_of
from companion.entry import parse_number
from companion.errors import NotationError
from companion.i18n import Msg
from companion.i18n import points as points_of

SIDE = Msg("side {n}: {points}", "camp {n} : {points}")
ITEM = Msg("{what}{card} +{n}", "{what}{card} +{n}")
CHECK = Msg("check: {total} in all, as the deck gives ({expected})",
            "vérification : {total} en tout, comme le jeu le veut ({expected})")
BAD_RECOLTES = Msg("--recoltes takes two counts like 2,0", "--recoltes prend deux nombres comme 2,0")
SIDES = Msg("give the two piles with --side twice", "donnez les deux tas avec deux --side")


def _deck(args: argparse.Namespace):
    from companion.games.le31.deck import load_deck

    return load_deck(args.deck)


def _deck_command(args: argparse.Namespace) -> int:
    deck = _deck(args)
    lang = lang_of(args)
    if args.json:
        print(json.dumps(deck.to_json(), ensure_ascii=False))
        return 0
    counts = Counter(deck.pack())
    for card in sorted(counts, key=lambda c: c.sort_key):
        copies = f" ×{counts[card]}" if counts[card] > 1 else ""
        print(f"{deck.label(card, lang):<4} {deck.describe(card, lang)}{copies}")
    print(Msg("{n} cards", "{n} cartes")(n=deck.size).text(lang))
    return 0


def _recoltes(text: str) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2:
        raise NotationError(BAD_RECOLTES)
    return parse_number(parts[0]), parse_number(parts[1])


def _tally_command(args: argparse.Namespace) -> int:
    from companion.games.le31.tally import KINDS, expected_total, tally

    deck = _deck(args)
    lang = lang_of(args)
    if not args.side or len(args.side) != 2:
        raise NotationError(SIDES)
    piles = [deck.parse_many(pile, input_lang(args)) for pile in args.side]
    recoltes = _recoltes(args.recoltes)
    result = tally(deck, piles, recoltes)
    if args.json:
        print(json.dumps({"sides": [side.to_json() for side in result]}))
        return 0
    for n, side in enumerate(result, 1):
        said = ", ".join(ITEM(what=KINDS[i.kind], card=f" ({deck.label(i.card, lang)})" if i.card else "",
                              n=i.points).text(lang) for i in side.items)
        print(f"{SIDE(n=n, points=points_of(side.points)).text(lang)}" + (f" — {said}" if said else ""))
    total = sum(side.points for side in result)
    print(CHECK(total=total, expected=expected_total(deck, result, recoltes)).text(lang))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    le31 = subparsers.add_parser(
        "le31", help="Le 31: the deck, the tally of a round",
        description="Le 31 tools. Cards are written like 2R (red 2), 10G (green 10), ER (Estrelizia, red); "
                    "with --lang fr, French colour letters (10V, vert). --deck FILE reads your own deck "
                    "(see docs/le31-deck.md).")
    commands = le31.add_subparsers(dest="le31_command", metavar="COMMAND", required=True)
    deck = commands.add_parser("deck", help="list the deck's cards")
    deck.add_argument("--deck", metavar="FILE", help="your own deck description (JSON)")
    deck.add_argument("--json", action="store_true", help="one object per card: code, colour, value, illustration")
    add_lang_option(deck)
    deck.set_defaults(func=_deck_command)
    tally = commands.add_parser(
        "tally", help="count a round from the two sides' piles",
        description="The two piles must hold the whole deck (the leftovers already given to the last "
                    "capturer). Most cards 3, most red 1, the red 2 1, the green 10 2, each 1 one point, "
                    "each récolte one point; a tie for most cards or most red scores for nobody.")
    tally.add_argument("--side", action="append", metavar="CARDS", help="one side's pile, e.g. \"2R 10G ER\"")
    tally.add_argument("--recoltes", default="0,0", metavar="A,B", help="récoltes of each side (default 0,0)")
    tally.add_argument("--deck", metavar="FILE", help="your own deck description (JSON)")
    tally.add_argument("--json", action="store_true", help='{"sides": [{"points", "items": [...]}, ...]}')
    add_lang_option(tally)
    tally.set_defaults(func=_tally_command)
