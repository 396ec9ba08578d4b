"""``companion stats`` and ``companion players``: the players as people, and their statistics in every game."""

from __future__ import annotations

import argparse
from typing import Any

from companion.cli.support import match_number, print_json
from companion.cli.support import opened_store as _store
from companion.core.commands import in_lang, lang_of
from companion.core.i18n import MATCHES, Msg, Plural, figure
from companion.core.names import escaped

LINE = Msg("{name}: played {matches}, won {wins} ({rate}%), streak {current} (best {best})",
           "{name} : jouées {matches}, gagnées {wins} ({rate} %), série {current} (meilleure {best})")
VERSUS = Msg("Head to head: {a} {a_wins}–{b_wins} {b}", "Face à face : {a} {a_wins}–{b_wins} {b}")
NOTHING = Msg("No match saved yet.", "Aucune partie enregistrée pour l'instant.")
PLAYER = Msg("{name}: {matches}; also known as {aliases}", "{name} : {matches} ; aussi {aliases}")
PLAYER_ONLY = Msg("{name}: {matches}", "{name} : {matches}")
DONE = Msg("Done: {name}", "Fait : {name}")
TWO_NAMES = Msg("{action} takes two names", "{action} prend deux noms")


def stats(args: argparse.Namespace) -> int:
    from companion.games import registry
    from companion.records.stats import table

    lang = lang_of(args)
    with _store() as store:
        data = table(store, args.game, args.player)
    if args.json:
        print_json(data)
        return 0
    if not data["players"]:
        print(NOTHING.text(lang))
        return 0
    for game in dict.fromkeys(p["game"] for p in data["players"]):
        print(registry.get(game).title.text(lang))
        for p in (p for p in data["players"] if p["game"] == game):
            print("  " + LINE(name=escaped(p["name"]), matches=p["matches"], wins=p["wins"], rate=round(100 * p["win_rate"]),
                              current=p["current_streak"], best=p["best_streak"]).text(lang))
            info = registry.get(game)
            shown = " · ".join(f"{info.label(k).text(lang)} {figure(v, lang)}" for k, v in p["figures"].items())
            if shown:
                print("    " + shown)
        for h in (h for h in data["head_to_head"] if h["game"] == game):
            print("  " + VERSUS(**{**h, "a": escaped(h["a"]), "b": escaped(h["b"])}).text(lang))
    return 0


def players(args: argparse.Namespace) -> int:
    from companion.core.errors import CompanionError
    from companion.records.roster import Roster

    lang = lang_of(args)
    if args.action in ("rename", "merge", "colour") and len(args.names) != 2:
        raise CompanionError(TWO_NAMES(action=args.action))
    with _store(write=args.action in ("rename", "merge", "colour")) as store:
        roster = Roster(store)
        if args.action == "rename":
            print(DONE(name=escaped(roster.rename(args.names[0], args.names[1]).name)).text(lang))
        elif args.action == "merge":
            print(DONE(name=escaped(roster.merge(args.names[0], args.names[1]).name)).text(lang))
        elif args.action == "colour":
            roster.set_colour(args.names[0], args.names[1] if args.names[1] not in ("-", "none") else None)
            print(DONE(name=escaped(args.names[0])).text(lang))
        else:
            everyone = roster.players()
            if args.json:
                print_json([{"name": p.name, "colour": p.colour, "matches": p.matches, "aliases": list(p.aliases)}
                            for p in everyone])
            for p in everyone if not args.json else []:
                others = [escaped(a) for a in p.aliases if a != p.name.casefold()]
                matches = Plural(p.matches, *MATCHES)
                message = PLAYER(aliases=", ".join(others), name=escaped(p.name), matches=matches) if others else \
                    PLAYER_ONLY(name=escaped(p.name), matches=matches)
                print(message.text(lang))
    return 0


def evenings(args: argparse.Namespace) -> int:
    from companion.records.evenings import evenings as found
    from companion.records.evenings import move
    from companion.records.roster import Roster

    lang = lang_of(args)
    if args.move:
        match_id = match_number(args.move[0])
        with _store(write=True) as store:
            move(store, match_id, None if args.move[1] in ("-", "own", "sienne") else args.move[1])
        print(DONE(name=f"#{match_id}").text(lang))
        return 0
    with _store() as store:
        person = Roster(store).namer()
        shown = found(store)
        if args.json:
            print_json([{"evening": e.day.isoformat(), "matches": [f.id for f in e.matches],
                         "standing": [{"name": s.name, "played": s.played, "wins": s.wins, "games": s.games}
                                      for s in e.standing(person)]} for e in shown])
            return 0
        for evening in shown:
            print(evening.summary(lang, lambda name: escaped(person(name))))
            print()
    if not shown:
        print(NOTHING.text(lang))
    return 0


def register(commands: argparse._SubParsersAction[Any]) -> None:
    night = commands.add_parser("evenings", help=in_lang("the matches of each evening, with its standing",
                                                         "les matchs de chaque soirée, avec son classement"),
                                description=in_lang("Matches group by the evening they started in (until 6 in the "
                                                    "morning); --move puts one in another evening, changing no match.",
                                                    "Les matchs sont regroupés selon la soirée où ils ont commencé (jusqu'à 6 "
                                                    "h du matin) ; --move en met un dans une autre soirée, sans changer aucun "
                                                    "match."))
    night.add_argument("--move", nargs=2, metavar=("ID", "DATE"), help=in_lang("move match ID to the evening DATE "
                                                                               "(YYYY-MM-DD), or back to its own with -",
                                                                               "mettre le match ID dans la soirée DATE "
                                                                               "(AAAA-MM-JJ), ou le remettre dans la sienne "
                                                                               "avec « - »"))
    night.add_argument("--json", action="store_true", help=in_lang("print the evenings as JSON",
                                                                   "afficher les soirées en JSON"))
    night.set_defaults(func=evenings)
    out = commands.add_parser("stats", help=in_lang("statistics per player and game, from every saved match",
                                                    "statistiques par joueur et par jeu, de tous les matchs enregistrés"),
                              description=in_lang("Matches, wins, streaks, head-to-head and each game's own figures, all "
                                                  "replayed from the saved logs.",
                                                  "Matchs, victoires, séries, face-à-face et les chiffres propres à chaque "
                                                  "jeu, tous rejoués depuis les journaux enregistrés."))
    out.add_argument("--game", metavar="G", help=in_lang("one game, named as its own command (see companion --help)",
                                                         "un seul jeu, nommé comme sa commande (voir companion --help)"))
    out.add_argument("--player", metavar="NAME", help=in_lang("one player", "un seul joueur"))
    out.add_argument("--json", action="store_true", help=in_lang("the JSON document (keys listed in the README)",
                                                                 "le document JSON (clés décrites dans le README)"))
    out.set_defaults(func=stats)
    roster = commands.add_parser("players", help=in_lang("the roster: list, rename or merge players",
                                                         "la liste des joueurs : lister, renommer ou fusionner"),
                                 description=in_lang("Renaming or merging changes the roster only, never a match.",
                                                     "Renommer ou fusionner ne change que la liste des joueurs, jamais un "
                                                     "match."))
    roster.add_argument("action", nargs="?", choices=("list", "rename", "merge", "colour"), default="list",
                        help=in_lang("what to do (default: list)", "quoi faire (par défaut : list)"))
    roster.add_argument("names", nargs="*", metavar="NAME",
                        help=in_lang("rename OLD NEW, merge KEEP GONE, or colour NAME COLOUR (a CSS colour, - for none)",
                                     "rename ANCIEN NOUVEAU, merge CONSERVÉ ABSORBÉ, ou colour NOM COULEUR (une couleur CSS, « "
                                     "- » pour aucune)"))
    roster.add_argument("--json", action="store_true", help=in_lang("print the players as JSON",
                                                                    "afficher les joueurs en JSON"))
    roster.set_defaults(func=players)
