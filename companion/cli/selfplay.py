"""``companion selfplay``: the command over the self-play harness (``companion.games.selfplay``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from companion.core.commands import in_lang
from companion.core.i18n import Msg, Plural
from companion.games.selfplay import game_module, read_rules, run

HEAD = Msg("{game}: {a} (seat 1) against {b}, {n}, seed {seed}",
           "{game} : {a} (siège 1) contre {b}, {n}, graine {seed}")
RATE = Msg("{a} wins {rate:.1%} (95% CI {low:.1%}–{high:.1%}; an even share is {even:.1%}): {verdict}",
           "{a} gagne {rate:.1%} (IC 95 % {low:.1%}–{high:.1%} ; part égale {even:.1%}) : {verdict}")
BETTER = Msg("better at 95% confidence", "meilleur avec 95 % de confiance")
NOT_SHOWN = Msg("not shown better at 95% confidence", "pas démontré meilleur à 95 %")
PER_DEAL = Msg("{level} per deal: {figures}", "{level} par donne : {figures}")
HOUSE = Msg("house rules: {rules}", "règles maison : {rules}")
TIMING = Msg("{a}: median decision {ms:.1f} ms · {s:.0f} s in all", "{a} : décision médiane {ms:.1f} ms · {s:.0f} s en tout")


def lines(result: dict[str, Any], lang: str) -> list[str]:
    module = game_module(result["game"])
    low, high = result["ci95"]
    games = Plural(result["games"], ("game", "games"), ("partie", "parties"))
    out = [HEAD(game=result["game"], a=result["a"], b=result["b"], n=games, seed=result["seed"]).text(lang),
           RATE(a=result["a"], rate=result["win_rate"], low=low, high=high, even=result["even"],
                verdict=BETTER if result["a_better"] else NOT_SHOWN).text(lang)]
    if result["rules"]:
        out.insert(1, HOUSE(rules=", ".join(f"{k}={v}" for k, v in result["rules"].items())).text(lang))
    for key in ("a", "b"):
        shown = ", ".join(f"{label.text(lang)} {result['figures'][key][name]:.2f}" for name, label in module.FIGURES)
        out.append(PER_DEAL(level=result[key], figures=shown).text(lang))
    out.append(TIMING(a=result["a"], ms=result["a_decision_ms_median"], s=result["seconds"]).text(lang))
    return out


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "selfplay", help=in_lang("computer players against each other: win rate with its 95%% confidence interval",
                                 "des joueurs ordinateurs les uns contre les autres : taux de victoire avec son intervalle de "
                                 "confiance à 95 %%"),
        description=in_lang("Plays N seeded games, level A in seat 1 against level B in the other seats, the first "
                            "dealer alternating, and prints A's win rate with its 95% confidence interval.",
                            "Joue N parties à graine fixe, le niveau A au siège 1 contre le niveau B aux autres sièges, en "
                            "alternant le premier donneur, et affiche le taux de victoire de A avec son intervalle de "
                            "confiance à 95 %."),
        epilog=in_lang("example: companion selfplay --game cribbage --a hard --b normal --games 400 --seed 1",
                       "exemple : companion selfplay --game cribbage --a hard --b normal --games 400 --seed 1"))
    parser.add_argument("--game", required=True, metavar="GAME",
                        help=in_lang("the game, named as its own command (see companion --help)",
                                     "le jeu, nommé comme sa commande (voir companion --help)"))
    levels = in_lang("easy, normal or hard; cribbage also hard-previous, its hard player before it played for the win "
                     "(to measure the new one against)",
                     "easy, normal ou hard ; au cribbage aussi hard-previous, l'ancien joueur difficile, d'avant la version "
                     "qui joue pour gagner (pour comparer la nouvelle à l'ancienne)")
    parser.add_argument("--a", required=True, metavar="LEVEL", help=in_lang(f"level A: {levels}", f"niveau A : {levels}"))
    parser.add_argument("--b", required=True, metavar="LEVEL", help=in_lang(f"level B: {levels}", f"niveau B : {levels}"))
    parser.add_argument("--games", type=int, default=200, metavar="N",
                        help=in_lang("games to play (default 200)", "parties à jouer (par défaut : 200)"))
    parser.add_argument("--seed", type=int, default=1, metavar="S",
                        help=in_lang("the seed of the first game (default 1): the same seed plays the same games",
                                     "la graine de la première partie (par défaut : 1) : la même graine rejoue les "
                                     "mêmes parties"))
    parser.add_argument("--players", type=int, default=2, metavar="P", help=in_lang("players at the table (default 2)",
                                                                                    "nombre de joueurs à la table (par défaut "
                                                                                    ": 2)"))
    parser.add_argument("--jobs", type=int, default=None, metavar="J", help=in_lang("processes (default: every core)",
                                                                                    "processus (par défaut : un par cœur de "
                                                                                    "processeur)"))
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                        help=in_lang("a house rule instead of its default (again for another), e.g. scoring_mode=lives",
                                     "une règle maison au lieu de sa valeur par défaut (à répéter), p. ex. "
                                     "scoring_mode=lives"))
    parser.add_argument("--json", action="store_true", help=in_lang("print the result as JSON",
                                                                    "afficher le résultat en JSON"))
    parser.set_defaults(func=_command)


def _command(args: argparse.Namespace) -> int:
    from companion.core.commands import lang_of

    if args.games < 1:
        from companion.core.errors import SetupError

        raise SetupError(Msg("--games must be at least 1", "--games doit valoir au moins 1"))
    rules = read_rules(args.game, args.rule, args.players) if args.rule else None
    result = run(args.game, args.a, args.b, args.games, args.seed, args.players, args.jobs, rules)
    if args.json:
        print(json.dumps(result))
    else:
        print("\n".join(lines(result, lang_of(args))))
    return 0
