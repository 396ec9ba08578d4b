"""``companion review MATCH``: the decisions that cost the most in a saved match (``companion.records.review``)."""

from __future__ import annotations

import argparse
from typing import Any

from companion.cli.support import match_id_type, print_json
from companion.cli.support import opened_store as _store
from companion.core.commands import in_lang, lang_of
from companion.core.i18n import Msg
from companion.core.names import escaped

TITLE = Msg("Review of match #{n} ({game}): the costliest decisions first",
            "Analyse du match n° {n} ({game}) : les décisions les plus coûteuses d'abord")


def review(args: argparse.Namespace) -> int:
    from companion.records.review import NONE, WITHHELD, review_stored

    lang = lang_of(args)
    with _store(matches=False) as store:
        reviewed = review_stored(store, args.match)
    if args.json:
        print_json(reviewed.to_json(args.match))
        return 0
    print(TITLE(n=args.match, game=reviewed.game.title).text(lang))
    for n, d in enumerate(reviewed.decisions, 1):
        print(reviewed.head(n, d, escaped(reviewed.match.names[d.seat])).text(lang))
        print("   " + escaped(d.words.text(lang)))
    if not reviewed.decisions:
        print(NONE.text(lang))
    if reviewed.withheld:
        print(WITHHELD(round=reviewed.game.round_noun).text(lang))
    return 0


def register(commands: argparse._SubParsersAction[Any]) -> None:
    out = commands.add_parser("review", help=in_lang("the costliest decisions of a saved match",
                                                     "les décisions les plus coûteuses d'une partie enregistrée"),
                              description=in_lang("Each decision a player made where the cards he knew are known "
                                                  "(virtual play; at a real table, what was entered), measured against "
                                                  "the game's best: the costly ones, costliest first, with the better "
                                                  "move and why.",
                                                  "Chaque décision d'un joueur dont on connaît les cartes qu'il voyait "
                                                  "(partie virtuelle ; à une vraie table, ce qui a été entré), mesurée "
                                                  "au mieux du jeu : les coûteuses, les plus coûteuses d'abord, avec le "
                                                  "meilleur coup et pourquoi."))
    out.add_argument("match", type=match_id_type, metavar="MATCH",
                     help=in_lang("the match's number (see the past matches)",
                                  "le numéro de la partie (voir les parties passées)"))
    out.add_argument("--json", action="store_true", help=in_lang("the JSON document (keys listed in the README)",
                                                                 "le document JSON (clés décrites dans le README)"))
    out.set_defaults(func=review)
