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
    register_check(commands)


# ---------------------------------------------------------------- check
PLAY_SYNTAX = Msg("a play is CARD, then - (lay it down), x CARDS (take them; [N] takes the build of N), "
                  "> N CARDS (build N) or ^ N (raise the build of N)",
                  "un coup est CARTE, puis - (poser), x CARTES (les prendre ; [N] prend la combinaison de N), "
                  "> N CARTES (construire N) ou ^ N (augmenter la combinaison de N)")
BAD_TABLE = Msg("cannot read the table near {token!r}: builds are written [8: 5R 3Y] ([8*: …] for your own)",
                "table illisible vers {token!r} : les combinaisons s'écrivent [8: 5R 3Y] ([8*: …] pour la vôtre)")
LEGAL = Msg("legal: {play}", "permis : {play}")
ILLEGAL = Msg("not legal: {why}", "pas permis : {why}")
AMBIGUOUS = Msg("{card} can be played several ways; say which: {readings}",
                "{card} se joue de plusieurs façons ; dites laquelle : {readings}")
NO_READING = Msg("{card} has no legal play here", "{card} n'a aucun coup permis ici")


def describe_play(op, deck, lang: str) -> str:
    """A play in the command's own notation: ``6R x 2B 3G``, ``3R > 8 5B``, ``2R ^ 8``, ``4R -``."""
    from companion.games.le31.ops import Build, Capture, Raise

    card = deck.label(op.card, lang)
    if isinstance(op, Capture):
        taken = [deck.label(c, lang) for c in op.loose] + ([f"[{op.card.value}]"] if op.build else [])
        return f"{card} x {' '.join(taken)}"
    if isinstance(op, Build):
        partner = " (partner)" if op.for_partner else ""
        return f"{card} > {op.value} {' '.join(deck.label(c, lang) for c in op.loose)}{partner}"
    if isinstance(op, Raise):
        return f"{card} ^ {op.value}"
    return f"{card} -"


def _read_table(text: str, deck, lang: str):
    """Loose cards and builds ``[8: 5R 3Y]`` (an opponent's) or ``[8*: 5R 3Y]`` (the player's own)."""
    import re

    from companion.games.le31.engine import TableBuild, partition

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


def _read_play(text: str, deck, lang: str, seat: int):
    from companion.games.le31.ops import Build, Capture, Raise, Trail

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
        return card, Build(seat, card, tuple(deck.parse(a, lang) for a in args[1:]), value)
    raise NotationError(PLAY_SYNTAX)


def _check_command(args: argparse.Namespace) -> int:
    from companion.errors import IllegalMoveError
    from companion.games.base import Setup
    from companion.games.le31.engine import Le31Match
    from companion.games.le31.rules import Le31Rules

    deck = _deck(args)
    lang, read = lang_of(args), input_lang(args)
    loose, builds = _read_table(args.table or "", deck, read)
    hand = deck.parse_many(args.hand or "", read)
    card, op = _read_play(args.play, deck, read, 1)
    if card not in hand:
        hand.append(card)
    rules = Le31Rules(deck=json.dumps(deck.description)) if args.deck else Le31Rules()
    match = Le31Match(Setup(("Them", "You"), rules, 0, "virtual", 0))
    match.phase = "play"
    r = match.r
    r.deal, r.turn, r.hands = 1, 1, [[], list(hand)]
    r.loose, r.builds = loose, builds
    own = [b.value for b in builds if b.owner == 1]
    r.pending = {1: own[0]} if args.committed and own else {}
    r.seen.update(loose + [c for b in builds for c in b.cards] + hand)
    readings = match.readings(1, card)
    result: dict = {"legal": False, "reason": None, "readings": [describe_play(o, deck, lang) for o in readings]}
    if op is None:
        if len(readings) == 1:
            op = readings[0]
        elif readings:
            result["reason"] = AMBIGUOUS(card=deck.label(card, lang), readings="; ".join(result["readings"])).text(lang)
        else:
            result["reason"] = NO_READING(card=deck.label(card, lang)).text(lang)
    if op is not None:
        try:
            match.verify(op)
            result["legal"], result["play"] = True, describe_play(op, deck, lang)
        except IllegalMoveError as error:
            result["reason"] = error.text(lang)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    elif result["legal"]:
        print(LEGAL(play=result["play"]).text(lang))
    elif op is None:
        print(result["reason"])  # ambiguous, or no legal play at all
    else:
        print(ILLEGAL(why=result["reason"]).text(lang))
    return 0 if result["legal"] else 1


def register_check(commands) -> None:
    check = commands.add_parser(
        "check", help="is a play legal against a table?",
        description="Say whether a play is legal against a table and, if not, why; a play named by its card "
                    "alone lists its legal readings when there are several. Exit 0: legal, 1: not legal, "
                    "2: unreadable.",
        epilog='example: companion le31 check --table "2B 3G 1Y [8: 5R 3Y]" --hand "6R 8G" --play "6R x 2B 3G 1Y"')
    check.add_argument("--table", default="", metavar="CARDS", help="loose cards, and builds like [8: 5R 3Y]")
    check.add_argument("--hand", default="", metavar="CARDS", help="the player's hand (the card played included)")
    check.add_argument("--play", required=True, metavar="PLAY", help="CARD, CARD -, CARD x CARDS, CARD > N CARDS, CARD ^ N")
    check.add_argument("--committed", action="store_true", help="the player built his own builds last turn")
    check.add_argument("--deck", metavar="FILE", help="your own deck description (JSON)")
    check.add_argument("--json", action="store_true", help='{"legal": true|false, "reason", "readings"}')
    add_lang_option(check)
    check.set_defaults(func=_check_command)
