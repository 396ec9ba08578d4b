"""``companion trente-et-un value|showdown``: hand values and showdowns of both games (no UI, no store)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from companion.core.cards import parse_cards
from companion.core.commands import add_lang_option, in_lang, input_lang, lang_of
from companion.core.i18n import Agreed, Msg

if TYPE_CHECKING:
    from companion.games.trente_et_un.scoring import ValueRules

WHO = Msg("{side}: {hands} {who}", "{side} : {hands} {who}")  # « gagnant : main 1 », « perdants : mains 2, 5 »
SIDES = {"winners": (("winner", "winners"), ("gagnant", "gagnants")),
         "losers": (("loser", "losers"), ("perdant", "perdants"))}
HANDS = ("hand", "hands"), ("main", "mains")
NOBODY = {"winners": Msg("no winner", "aucun gagnant"), "losers": Msg("no loser", "aucun perdant")}
HAND = Msg("hand {n}: {cards} — {said}", "main {n} : {cards} — {said}")
GAME_HELP = "knock: draw-and-knock (52 cards, brelan 30½, tierce majeure); banker: with a banker (32 cards, no brelan)"
GAME_HELP_FR = ("knock : tirer et cogner (52 cartes, brelan 30½, tierce majeure) ; "
                "banker : avec un banquier (32 cartes, pas de brelan)")


def _rules(game: str) -> ValueRules:
    from companion.games.trente_et_un.scoring import BANKER, KNOCK

    return KNOCK if game == "knock" else BANKER


def _value_command(args: argparse.Namespace) -> int:
    from companion.core.cards import format_cards
    from companion.games.trente_et_un.scoring import check_hand, hand_value

    cards = parse_cards(args.cards, input_lang(args))
    check_hand(cards, args.game, args.deck == 52)
    value = hand_value(cards, _rules(args.game))
    lang = lang_of(args)
    if args.json:
        print(json.dumps(value.to_json()))
    else:
        print(f"{format_cards(cards, 'symbol', lang)}: {value.to_json()['value']} — {value.said().text(lang)}")
    return 0


def _showdown_command(args: argparse.Namespace) -> int:
    from companion.core.cards import format_cards
    from companion.games.trente_et_un.scoring import check_distinct, check_hand, hand_value, losers, winners

    read = input_lang(args)
    hands = [parse_cards(text, read) for text in args.hands]
    for hand in hands:
        check_hand(hand, args.game, args.deck == 52)
    check_distinct(hands)
    rules = _rules(args.game)
    key, who = ("winners", winners(hands, rules)) if args.game == "knock" else ("losers", losers(hands, rules))
    if args.json:
        print(json.dumps({key: who}))
        return 0
    lang = lang_of(args)
    # People count hands from 1, as they were typed; the JSON keeps its indices from 0 (a contract).
    for n, hand in enumerate(hands, 1):
        value = hand_value(hand, rules)
        print(HAND(n=n, cards=format_cards(hand, "symbol", lang), said=value.said()).text(lang))
    said = WHO(side=Agreed(len(who), *SIDES[key]), hands=Agreed(len(who), *HANDS),
               who=", ".join(str(i + 1) for i in who)) if who else NOBODY[key]
    print(said.text(lang))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    main = subparsers.add_parser(
        "trente-et-un", help=in_lang("Trente-et-un: hand values and showdowns (draw and knock, or with a banker)",
                                     "Trente-et-un : valeur des mains et abattages (tirer et cogner, ou avec un banquier)"),
        description=in_lang("Trente-et-un tools. Cards are written AH, KH, QH, 10D (English notation unless --lang fr). "
                            "A hand's value is its best same-suit total (A 11, K Q J 10 = 10); a tierce majeure (A-K-Q "
                            "of a suit) and a trente-et-un count 31, a brelan 30½ in the draw-and-knock game.",
                            "Outils pour le Trente-et-un. Les cartes se saisissent AH, KH, QH, 10D (notation anglaise, sauf "
                            "avec --lang fr : AC, RC, DC, 10K). La valeur d'une main est son meilleur total dans une couleur "
                            "(A 11, R D V 10 = 10) ; une tierce majeure (A-R-D d'une couleur) et un trente-et-un valent 31, et "
                            "un brelan vaut 30½ dans la variante « tirer et cogner »."))
    commands = main.add_subparsers(dest="trente_command", metavar="COMMAND", required=True)
    value = commands.add_parser("value", help=in_lang("the value of a three-card hand", "la valeur d'une main de trois cartes"))
    value.add_argument("cards", nargs="+", metavar="CARD",
                       help=in_lang("three cards, e.g. AH KH QH", "trois cartes, p. ex. AH KH QH (AC RC DC avec --lang fr)"))
    value.add_argument("--game", choices=("knock", "banker"), default="knock", help=in_lang(GAME_HELP, GAME_HELP_FR))
    value.add_argument("--deck", type=int, choices=(32, 52), default=32, help=in_lang("banker game: 32 cards, or 52",
                                                                                      "paquet de la variante avec banquier : "
                                                                                      "32 ou 52 cartes"))
    value.add_argument("--json", action="store_true", help='{"value": 31, "combination": "tierce_majeure"}')
    add_lang_option(value)
    value.set_defaults(func=_value_command)
    showdown = commands.add_parser(
        "showdown", help=in_lang("who wins (draw and knock) or who loses (with a banker) a showdown",
                                 "qui gagne l'abattage (tirer et cogner) ou qui le perd (avec banquier)"),
        epilog=in_lang('example: companion trente-et-un showdown --game knock "AH KH QH" "7S 7D 7C" --json',
                       'exemple (notation anglaise) : companion trente-et-un showdown --game knock "AH KH QH" "7S 7D 7C" '
                       "--json"))
    showdown.add_argument("hands", nargs="+", metavar="HAND", help=in_lang('a hand of three cards, e.g. "AH KH QH"',
                                                                           'une main de trois cartes, p. ex. "AH KH QH" '
                                                                           '(notation anglaise ; "AC RC DC" avec --lang fr)'))
    showdown.add_argument("--game", choices=("knock", "banker"), default="knock", help=in_lang(GAME_HELP, GAME_HELP_FR))
    showdown.add_argument("--deck", type=int, choices=(32, 52), default=32, help=in_lang("banker game: 32 cards, or 52",
                                                                                         "paquet de la variante avec banquier "
                                                                                         ": 32 ou 52 cartes"))
    showdown.add_argument("--json", action="store_true", help=in_lang('{"winners": [0]} or {"losers": [2, 4]}',
                                                                      '{"winners": [0]} ou {"losers": [2, 4]}'))
    add_lang_option(showdown)
    showdown.set_defaults(func=_showdown_command)
