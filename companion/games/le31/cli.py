"""``companion le31 deck|tally``: the deck as data and the tally of a round (no UI, no store)."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import TYPE_CHECKING, Any

from companion.core.commands import add_lang_option, in_lang, input_lang, lang_of
from companion.core.errors import NotationError
from companion.core.i18n import Msg
from companion.core.i18n import points as points_of
from companion.core.typed import parse_number

if TYPE_CHECKING:
    from companion.games.le31.deck import Le31Deck

SIDE = Msg("side {n}: {points}", "camp {n} : {points}")
ITEM = Msg("{what}{card} +{n}", "{what}{card} +{n}")
CHECK = Msg("check: {total} in all, as the deck gives ({expected})",
            "vérification : {total} en tout, comme le jeu le veut ({expected})")
BAD_RECOLTES = Msg("--recoltes takes two counts like 2,0", "--recoltes prend deux nombres comme 2,0")
SIDES = Msg("give the two piles with --side twice", "donnez les deux tas avec deux --side")


def _deck(args: argparse.Namespace) -> Le31Deck:
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
    from companion.games.le31.scoring import KINDS, expected_total, tally

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


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    le31 = subparsers.add_parser(
        "le31", help=in_lang("Le 31: the deck, the tally of a round", "Le 31 : le paquet, le compte d'une manche"),
        description=in_lang("Le 31 tools. Cards are written like 2R (red 2), 10G (green 10), ER (Estrelizia, red); "
                            "with --lang fr, French colour letters (10V, vert). --deck FILE reads your own deck "
                            "(its format is at the end of Le 31's rules in the app).",
                            "Outils pour Le 31. Les cartes s'écrivent par exemple 2R (2 rouge), 10G (10 vert), ER (Estrelizia, "
                            "rouge) ; avec --lang fr, on utilise les initiales françaises (10V pour 10 vert). --deck FILE lit "
                            "votre propre paquet (son format est à la fin des règles de Le 31 dans l'app)."))
    commands = le31.add_subparsers(dest="le31_command", metavar="COMMAND", required=True)
    deck = commands.add_parser("deck", help=in_lang("list the deck's cards", "lister les cartes du paquet"))
    deck.add_argument("--deck", metavar="FILE", help=in_lang("your own deck description (JSON)",
                                                             "la description de votre propre paquet (JSON)"))
    deck.add_argument("--json", action="store_true", help=in_lang("one object per card: code, colour, value, illustration",
                                                                  "un objet par carte : code, couleur, valeur, illustration"))
    add_lang_option(deck)
    deck.set_defaults(func=_deck_command)
    tally = commands.add_parser(
        "tally", help=in_lang("count a round from the two sides' piles", "compter une manche à partir des piles des deux camps"),
        description=in_lang("The two piles must hold the whole deck (the leftovers already given to the last "
                            "capturer). Most cards 3, most red 1, the red 2 1, the green 10 2, each 1 one point, "
                            "each récolte one point; a tie for most cards or most red scores for nobody.",
                            "Les deux piles doivent contenir tout le paquet (les restes déjà donnés au dernier joueur à avoir "
                            "pris). Le plus de cartes : 3 points ; le plus de rouges : 1 ; le 2 rouge : 1 ; le 10 vert : 2 ; "
                            "chaque 1 : 1 ; chaque récolte : 1 ; une égalité au plus de cartes ou au plus de rouges ne "
                            "rapporte à personne."))
    tally.add_argument("--side", action="append", metavar="CARDS", help=in_lang(
        "one side's pile, e.g. \"2R 10G ER\"", "la pile d'un camp, p. ex. \"2R 10G ER\" (\"2R 10V ER\" avec --lang fr)"))
    tally.add_argument("--recoltes", default="0,0", metavar="A,B", help=in_lang("récoltes of each side (default 0,0)",
                                                                                "récoltes de chaque camp, A,B (par défaut : "
                                                                                "0,0, soit aucune)"))
    tally.add_argument("--deck", metavar="FILE", help=in_lang("your own deck description (JSON)",
                                                              "la description de votre propre paquet (JSON)"))
    tally.add_argument("--json", action="store_true", help='{"sides": [{"points", "items": [...]}, ...]}')
    add_lang_option(tally)
    tally.set_defaults(func=_tally_command)
    register_check(commands)


# ---------------------------------------------------------------- check
LEGAL = Msg("legal: {play}", "permis : {play}")
ILLEGAL = Msg("not legal: {why}", "pas permis : {why}")
AMBIGUOUS = Msg("{card} can be played several ways; say which: {readings}",
                "{card} se joue de plusieurs façons ; dites laquelle : {readings}")
NO_READING = Msg("{card} has no legal play here", "{card} n'a aucun coup permis ici")


def _check_command(args: argparse.Namespace) -> int:
    from companion.core.errors import IllegalMoveError
    from companion.games.base import Setup
    from companion.games.le31.engine import Le31Match
    from companion.games.le31.rules import Le31Rules

    deck = _deck(args)
    lang, read = lang_of(args), input_lang(args)
    from companion.games.le31.notation import describe_play, read_play, read_table

    loose, builds = read_table(args.table or "", deck, read)
    hand = deck.parse_many(args.hand or "", read)
    card, op = read_play(args.play, deck, read, 1)
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
    result: dict[str, Any] = {"legal": False, "reason": None, "readings": [describe_play(o, deck, lang) for o in readings]}
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


def register_check(commands: argparse._SubParsersAction[Any]) -> None:
    check = commands.add_parser(
        "check", help=in_lang("is a play legal against a table?", "un coup est-il permis avec les cartes de la table ?"),
        description=in_lang("Say whether a play is legal against a table and, if not, why; a play named by its card "
                            "alone lists its legal readings when there are several. Exit 0: legal, 1: not legal, "
                            "2: unreadable.",
                            "Dit si un coup est permis avec les cartes de la table et, sinon, pourquoi ; un coup nommé par sa "
                            "seule carte donne ses interprétations permises quand il y en a plusieurs. Code de sortie : 0 = "
                            "permis, 1 = interdit, 2 = illisible."),
        epilog=in_lang('example: companion le31 check --table "2B 3G 1Y [8: 5R 3Y]" --hand "6R 8G" --play "6R x 2B 3G 1Y"',
                       'exemple (notation anglaise) : companion le31 check --table "2B 3G 1Y [8: 5R 3Y]" --hand "6R 8G" --play '
                       '"6R x 2B 3G 1Y"'))
    check.add_argument("--table", default="", metavar="CARDS", help=in_lang("loose cards, and builds like [8: 5R 3Y]",
                                                                            "les cartes libres, et les constructions comme [8: "
                                                                            "5R 3Y]"))
    check.add_argument("--hand", default="", metavar="CARDS", help=in_lang("the player's hand (the card played included)",
                                                                           "la main du joueur (la carte jouée comprise)"))
    check.add_argument("--play", required=True, metavar="PLAY", help=in_lang("CARD, CARD -, CARD x CARDS, CARD > N CARDS, CARD "
                                                                             "^ N",
                                                                             "CARTE, CARTE -, CARTE x CARTES, CARTE > N "
                                                                             "CARTES, CARTE ^ N"))
    check.add_argument("--committed", action="store_true", help=in_lang("the player built his own builds last turn",
                                                                        "le joueur a fait ses propres constructions au tour "
                                                                        "précédent"))
    check.add_argument("--deck", metavar="FILE", help=in_lang("your own deck description (JSON)",
                                                              "la description de votre propre paquet (JSON)"))
    check.add_argument("--json", action="store_true", help='{"legal": true|false, "reason", "readings"}')
    add_lang_option(check)
    check.set_defaults(func=_check_command)
