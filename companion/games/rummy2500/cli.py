"""``companion 2500 score``: one player's brasse, laid minus hand (no UI, no store)."""

from __future__ import annotations

import argparse
import json

from companion.core.commands import add_lang_option, in_lang, input_lang, lang_of
from companion.core.i18n import Msg

TOTAL = Msg("total {total} = laid {laid} − hand {hand}", "total {total} = posé {laid} − main {hand}")
GROUP = Msg("  {cards}: {points}", "  {cards} : {points}")
LAYOFF = Msg(" (lay-off)", " (ajout)")
HAND = Msg("  in hand {cards}: −{points}", "  en main {cards} : −{points}")


def _score_command(args: argparse.Namespace) -> int:
    from companion.core.cards import format_cards, parse_cards
    from companion.games.rummy2500.scoring import parse_frime, parse_groups, score_brasse

    read, lang = input_lang(args), lang_of(args)
    frime = parse_frime(args.frime, read)
    laid = parse_groups(args.laid, read)
    hand = parse_cards(args.hand, read)
    score = score_brasse(laid, hand, frime)
    if args.json:
        print(json.dumps(score.to_json()))
        return 0
    for group, points in score.groups:
        print(GROUP(cards=format_cards(group.cards, "symbol", lang) + (LAYOFF.text(lang) if group.layoff else ""),
                    points=points).text(lang))
    if hand:
        print(HAND(cards=format_cards(hand, "symbol", lang), points=score.hand).text(lang))
    print(TOTAL(total=score.total, laid=score.laid, hand=score.hand).text(lang))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    main = subparsers.add_parser("2500", help=in_lang("2500: score a brasse", "2500 : compter une brasse"),
                                 description=in_lang("2500 tools: laid cards count plus, cards in hand count minus.",
                                                     "Outils du 2500 : les cartes posées comptent en plus, les cartes en main "
                                                     "en moins."))
    commands = main.add_subparsers(dest="rummy_command", metavar="COMMAND", required=True)
    score = commands.add_parser(
        "score", help=in_lang("one player's brasse: laid minus hand", "la brasse d'un joueur : cartes posées moins cartes en "
                                                                      "main"),
        description=in_lang("Each laid group (separated by commas) is checked as a set: at least three cards, the natural "
                            "cards of one rank and at least two of them, any number of frimes; or three frime-rank cards. "
                            "A lay-off on another player's trio is a group written +7H, and needs a trio of the player's own "
                            "(lay-offs come once open). A card appears at most three times (three packs). Whether another "
                            "player's trio takes a lay-off needs the whole brasse: the app checks it.",
                            "Chaque groupe posé (les groupes sont séparés par des virgules) est vérifié comme un trio : au "
                            "moins trois cartes, les cartes naturelles d'un même rang et au moins deux d'entre elles, autant "
                            "de frimes qu'on veut ; ou trois cartes du rang de la frime. Un ajout au trio d'un autre joueur "
                            "est un groupe écrit +7H (+7C avec --lang fr), et demande un trio à soi (on ne peut ajouter "
                            "qu'après avoir ouvert). Une carte apparaît au plus trois fois (trois paquets). Savoir si le trio "
                            "d'un autre accepte un ajout demande toute la brasse : l'app le vérifie."),
        epilog=in_lang('example: companion 2500 score --frime 8 --laid "JS JH JD, 6C 6S 8H" --hand "7H KD 10S 8C" --json',
                       'exemple (notation anglaise) : companion 2500 score --frime 8 --laid "JS JH JD, 6C 6S 8H" --hand "7H KD '
                       '10S 8C" --json'))
    score.add_argument("--frime", required=True, metavar="RANK", help=in_lang("the frime's rank: 3 to 10, J, Q, K or A",
                                                                              "le rang de la frime : 3 à 10, J, Q, K ou A (V, "
                                                                              "D, R avec --lang fr)"))
    score.add_argument("--laid", default="", metavar="GROUPS", help='"JS JH JD, 6C 6S 8H, +7H"')
    score.add_argument("--hand", default="", metavar="CARDS", help=in_lang("the cards left in hand",
                                                                           "les cartes restées en main"))
    score.add_argument("--json", action="store_true", help='{"total": 15, "laid": 140, "hand": 125, "groups": [...]}')
    add_lang_option(score)
    score.set_defaults(func=_score_command)
