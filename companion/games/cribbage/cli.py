"""``companion cribbage count``, ``companion cribbage peg`` and ``companion cribbage discard``.

``register(subparsers)`` adds the ``cribbage`` command to the top-level parser;
each command's handler returns the exit status. Errors are raised as the typed
errors of ``companion.core.errors``; ``companion.cli.main`` turns them into one line on
stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from companion.core.cards import Card, format_card, format_cards, parse_card
from companion.core.commands import add_lang_option, in_lang, input_lang, lang_of
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.core.i18n import Msg
from companion.core.i18n import points as points_of
from companion.games.cribbage.counted import ScoreItem
from companion.games.cribbage.pegging import PegItem, peg_points, verify_play
from companion.games.cribbage.rules import DEFAULT_RULES, CribbageRules
from companion.games.cribbage.scoring import DUPLICATE, count_hand, pip

# ---------------------------------------------------------------- words

_KINDS = {
    "fifteen": Msg("fifteen", "quinze"),
    "run": Msg("run", "suite"),
    "flush": Msg("flush", "couleur"),
    "nobs": Msg("his nobs", "valet (nobs)"),
}
_PAIR_KINDS = {
    2: Msg("pair", "paire"),
    3: Msg("pair royal", "brelan"),
    4: Msg("double pair royal", "carré"),
}
HAND = Msg("hand", "main")
CRIB = Msg("crib", "crib")
STARTER = Msg("starter", "coupée")
RULES = {"acc": Msg("ACC rules", "règles ACC"), "booklet": Msg("booklet rules", "règles du livret")}
TOTAL = Msg("total {points}", "total {points}")
PEG_TOTAL = Msg("total {points}", "total {points}")
PLAYER_TOTAL = Msg("player {n}: {points}", "joueur {n} : {points}")
GO = Msg("go", "go")
PASS_WORDS = ("pass", "passe")  # a player's own go in the middle of a count: the next player plays on
PASSES = Msg("says go", "dit go")
PASS_NOTHING_PLAYED = Msg("'pass' before any card", "« passe » avant toute carte")
EVERYONE_PASSED = Msg("every player has said go: type 'go' (the last card scores 1)",
                      "tous les joueurs ont dit go : tapez « go » (la dernière carte marque 1)")
GO_FOR = Msg("go for {points}", "go pour {points}")
GO_AFTER_31 = Msg("go: 31 already scored", "go : 31 déjà compté")
NEW_COUNT = Msg("-- new count --", "-- nouveau compte --")
GO_NOTHING_PLAYED = Msg(
    "'go' with no card played in this count",
    "« go » alors qu'aucune carte n'a été jouée dans ce compte",
)


def item_label(item: ScoreItem, lang: str) -> str:
    if item.kind == "pair":
        return _PAIR_KINDS.get(len(item.cards), _PAIR_KINDS[4]).text(lang)
    return _KINDS[item.kind].text(lang)


# ---------------------------------------------------------------- count

def _read_cards(tokens: Sequence[str], lang: str) -> list[Card]:
    return [parse_card(token, lang) for token in tokens]


def count_lines(hand: Sequence[Card], starter: Card, crib: bool, rules_name: str, lang: str) -> list[str]:
    rules = DEFAULT_RULES if rules_name == "acc" else CribbageRules.profile(rules_name)
    count = count_hand(hand, starter, crib, rules)
    header = (f"{(CRIB if crib else HAND).text(lang)} {format_cards(hand, 'symbol', lang)} · "
              f"{STARTER.text(lang)} {format_card(starter, 'symbol', lang)} · {RULES[rules_name].text(lang)}")
    lines = [header]
    labels = [item_label(item, lang) for item in count.items]
    cards = [format_cards(item.cards, "symbol", lang) for item in count.items]
    label_width = max(map(len, labels), default=0)
    cards_width = max(map(len, cards), default=0)
    for label, shown, item in zip(labels, cards, count.items):
        lines.append(f"  {label:<{label_width}}  {shown:<{cards_width}}  {item.points:>2}")
    lines.append(count.spoken(lang))
    lines.append(TOTAL(points=count.total).text(lang))
    return lines


def _count_command(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    hand = _read_cards(args.cards, input_lang(args))
    starter = parse_card(args.starter, input_lang(args))
    if args.json:
        rules = DEFAULT_RULES if args.rules == "acc" else CribbageRules.profile(args.rules)
        print(json.dumps(count_hand(hand, starter, args.crib, rules).to_json()))
    else:
        print("\n".join(count_lines(hand, starter, args.crib, args.rules, lang)))
    return 0


# ---------------------------------------------------------------- peg

def _item_json(item: PegItem) -> dict[str, Any]:
    return {"kind": item.kind, "points": item.points}


def peg_sequence(tokens: Sequence[str], lang: str,
                 rules: CribbageRules = DEFAULT_RULES, players: int = 2, out_lang: str | None = None) -> list[dict[str, Any]]:
    """Play ``tokens`` (cards, or ``go``) in order as one pegging sequence.

    Returns one record per token: ``card`` (its code, or ``go``), ``count``,
    ``points``, ``items`` (kind and points), ``announce`` (said at the table) and ``player``
    (0-based: the cards are taken in turn, player 1 first; a go scores for the last card's player).
    A player who passes is skipped until the count starts again, after exactly 31 and after a go;
    the player to the left of the last card's player then leads. ``lang`` reads the cards,
    ``out_lang`` (default ``lang``) words the announcements.
    """
    out_lang = out_lang or lang
    turn = 0
    last_player = 0
    passed: set[int] = set()  # who said go in this count: the turn goes round them until the count starts again

    def after(player: int) -> int:
        return next(p for p in ((player + step) % players for step in range(1, players + 1)) if p not in passed)

    def new_count() -> int:
        passed.clear()
        return (last_player + 1) % players
    records: list[dict[str, Any]] = []
    current: list[Card] = []
    seen: set[Card] = set()
    after_31 = False  # the last reset was a 31: a go right after it scores nothing
    for token in tokens:
        if token.strip().casefold() in PASS_WORDS:  # this player says go; the others play on in this count
            if not current and not records:
                raise IllegalMoveError(PASS_NOTHING_PLAYED)
            records.append({"card": "pass", "count": sum(pip(c) for c in current), "points": 0, "items": [],
                            "announce": PASSES.text(out_lang), "reset": False, "player": turn})
            passed.add(turn)
            if len(passed) == players:
                raise IllegalMoveError(EVERYONE_PASSED)
            turn = after(turn)
            continue
        if token.strip().lower() == "go":
            if current:
                count = sum(pip(c) for c in current)
                item = PegItem("go", 1)
                records.append({"card": "go", "count": count, "points": 1, "items": [_item_json(item)],
                                "announce": GO_FOR(points=1).text(out_lang), "reset": True, "player": last_player})
            elif after_31:
                records.append({"card": "go", "count": 31, "points": 0, "items": [],
                                "announce": GO_AFTER_31.text(out_lang), "reset": False, "player": last_player})
            else:
                raise IllegalMoveError(GO_NOTHING_PLAYED)
            current = []
            after_31 = False
            turn = new_count()
            continue
        card = parse_card(token, lang)
        if card in seen:
            raise InconsistencyError(DUPLICATE(card=card))
        seen.add(card)
        verify_play(card, sum(pip(c) for c in current))
        current.append(card)
        result = peg_points(current, rules)
        records.append({"card": card.code, "count": result.count, "points": result.points,
                        "items": [_item_json(i) for i in result.items],
                        "announce": result.announce(out_lang), "reset": result.count == 31, "player": turn})
        last_player = turn
        turn = after(turn)
        after_31 = False
        if result.count == 31:
            current = []
            after_31 = True
            turn = new_count()
    return records


def peg_lines(records: Sequence[dict[str, Any]], lang: str) -> list[str]:
    lines = []
    for index, record in enumerate(records):
        if record["card"] == "go":
            shown = GO.text(lang)
        elif record["card"] == "pass":
            shown = PASS_WORDS[lang == "fr"]
        else:
            shown = format_card(parse_card(record["card"]), "symbol", lang)
        points = f"+{record['points']}" if record["points"] else ""
        lines.append(f"{shown:<4} {record['count']:>2}  {points:>3}  {record['announce']}".rstrip())
        if record["reset"] and index < len(records) - 1:
            lines.append(NEW_COUNT.text(lang))
    players = max((r["player"] for r in records), default=0) + 1
    for player in range(players):
        earned = sum(r["points"] for r in records if r["player"] == player)
        lines.append(PLAYER_TOTAL(n=player + 1, points=points_of(earned)).text(lang))
    lines.append(PEG_TOTAL(points=points_of(sum(r["points"] for r in records))).text(lang))
    return lines


def _peg_command(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    rules = DEFAULT_RULES if args.pair_royal else CribbageRules(pegging_pair_royal=False)
    records = peg_sequence(args.cards, input_lang(args), rules, args.players, lang)
    if args.json:
        keys = ("card", "count", "points", "items")  # the contract's keys, and the player each record counts for
        print(json.dumps([{**{k: r[k] for k in keys}, "player": r["player"] + 1} for r in records]))
    else:
        print("\n".join(peg_lines(records, lang)))
    return 0


# ---------------------------------------------------------------- discard

ADVICE_HEAD = Msg("{role} · {n} ways to discard · mean hand over every starter, mean crib over every completion",
                  "{role} · {n} façons de jeter · main moyenne sur toute coupée, crib moyen sur tout complément")
ROLE = {True: Msg("dealer (your crib)", "donneur (votre crib)"), False: Msg("pone (their crib)", "adversaire (son crib)")}
ADVICE_COLUMNS = Msg("discard    keep              hand   crib    net", "jeter      garder            main   crib    net")
BEST = Msg("best", "meilleur")
MODEL_PLAYERS = Msg("crib model: the opponent's two cards weighted by how players throw in that role",
                    "modèle du crib : les deux cartes de l'adversaire pondérées selon ce que les joueurs jettent à sa place")


def _discard_command(args: argparse.Namespace) -> int:
    from companion.games.cribbage.advisor import analyse, crib_model_used

    lang = lang_of(args)
    hand = _read_cards(args.cards, input_lang(args))
    rules = DEFAULT_RULES if args.rules == "acc" else CribbageRules.profile(args.rules)
    options = analyse(hand, args.dealer, rules, crib_model=args.crib_model)
    model = crib_model_used(len(hand), args.crib_model)  # a five-card hand is advised with the uniform model
    if args.json:
        print(json.dumps({"dealer": args.dealer, "crib_model": model,
                          "options": [o.to_json() for o in options]}))
        return 0
    print(ADVICE_HEAD(role=ROLE[args.dealer], n=len(options)).text(lang))
    if model == "players":
        print(MODEL_PLAYERS.text(lang))
    print(ADVICE_COLUMNS.text(lang))
    for i, o in enumerate(options):
        mark = f"  ← {BEST.text(lang)}" if i == 0 else ""
        print(f"{format_cards(o.discard, 'symbol', lang):<10} {format_cards(o.keep, 'symbol', lang):<16} "
              f"{o.hand:6.2f} {o.crib:6.2f} {o.net:6.2f}{mark}")
    return 0


# ---------------------------------------------------------------- wiring

def _rules_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", choices=("acc", "booklet"), default="acc",
                        help=in_lang("acc (default) or booklet: the French booklet's flush rule, no nobs",
                                     "acc (par défaut) ou booklet : la règle de couleur du livret français, sans le point du "
                                     "valet (nobs)"))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cribbage = subparsers.add_parser(
        "cribbage", help=in_lang("cribbage: count a hand, check a pegging sequence, advise a discard",
                                 "cribbage : compter une main, vérifier un jeu de la carte, conseiller un écart"),
        description=in_lang("Cribbage tools (ACC rules by default). The rules, with the house rules marked, are in "
                            "the app: companion, then Rules: Cribbage. Cards are read in English notation (5H, 10D, QS) "
                            "unless --lang fr is given; the output follows --lang, COMPANION_LANG or LANG.",
                            "Outils pour le cribbage (règles ACC par défaut). Les règles, avec les règles maison indiquées, "
                            "sont dans l'app : companion, puis Règles : Cribbage. Les cartes se saisissent en notation "
                            "anglaise (5H, 10D, QS) sauf avec --lang fr (5C, 10K, DP) ; la sortie suit --lang, COMPANION_LANG "
                            "ou LANG."),
    )
    add_lang_option(cribbage)
    commands = cribbage.add_subparsers(dest="cribbage_command", metavar="COMMAND", required=True)

    count = commands.add_parser(
        "count", help=in_lang("count a hand or crib at the show", "compter une main ou le crib au décompte"),
        description=in_lang("Count four cards and the starter, item by item, as players say it.",
                            "Compte quatre cartes et la carte coupée, combinaison par combinaison, comme les joueurs "
                            "l'annoncent."),
        epilog=in_lang("example: companion cribbage count 5H 5D 5C JS --starter 5S",
                       "exemple (notation anglaise) : companion cribbage count 5H 5D 5C JS --starter 5S"),
    )
    count.add_argument("cards", nargs="+", metavar="CARD", help=in_lang("the four cards of the hand (or crib)",
                                                                        "les quatre cartes de la main (ou du crib)"))
    count.add_argument("--starter", required=True, metavar="CARD", help=in_lang("the starter (cut card)", "la carte coupée"))
    count.add_argument("--crib", action="store_true", help=in_lang("count as the crib (only a 5-card flush counts)",
                                                                   "compter comme le crib (seule une couleur de 5 cartes "
                                                                   "compte)"))
    _rules_option(count)
    count.add_argument("--json", action="store_true", help=in_lang("print the count as JSON", "afficher le compte en JSON"))
    add_lang_option(count)
    count.set_defaults(func=_count_command)

    peg = commands.add_parser(
        "peg", help=in_lang("score a pegging sequence card by card", "compter un jeu de la carte, carte par carte"),
        description=in_lang("Play the cards in order as one pegging sequence. The count starts again "
                            "after 31. Type 'pass' when the player whose turn it is says go and the others play on, "
                            "'go' when nobody can play: the last card played scores 1 "
                            "(nothing more after a 31) and the count starts again; end with 'go' to "
                            "score the last card.",
                            "Joue les cartes dans l'ordre comme un seul jeu de la carte. Le compte repart à zéro après 31. "
                            "Tapez « pass » quand le joueur dont c'est le tour dit « go » et que les autres continuent, « go » "
                            "quand personne ne peut jouer : la dernière carte jouée marque 1 (rien de plus après un 31) et le "
                            "compte repart à zéro ; finissez par « go » pour marquer la dernière carte."),
        epilog=in_lang("example: companion cribbage peg 7H 8D 9S 7C go 5H",
                       "exemple (notation anglaise) : companion cribbage peg 7H 8D 9S 7C go 5H"),
    )
    peg.add_argument("cards", nargs="+", metavar="CARD", help=in_lang("cards in play order, or 'go'",
                                                                      "les cartes dans l'ordre du jeu, ou « go »"))
    peg.add_argument("--no-pair-royal", dest="pair_royal", action="store_false",
                     help=in_lang("house rule: each card pairing the previous one scores 2 (no 6 or 12)",
                                  "règle maison : chaque carte qui fait paire avec la précédente marque 2 (pas de 6 ni de 12)"))
    peg.add_argument("--players", type=int, choices=(2, 3, 4), default=2,
                     help=in_lang("players taking the cards in turn, player 1 first (default 2): each one's points "
                                  "are totalled",
                                  "nombre de joueurs, qui posent leurs cartes à tour de rôle, joueur 1 d'abord (par défaut : "
                                  "2) : les points de chacun sont totalisés"))
    peg.add_argument("--json", action="store_true", help=in_lang("print the sequence as JSON", "afficher le jeu en JSON"))
    add_lang_option(peg)
    peg.set_defaults(func=_peg_command)

    discard = commands.add_parser(
        "discard", help=in_lang("the exact discard advisor: every way to lay cards away, best first",
                                "le conseiller d'écart exact : chaque façon d'écarter, la meilleure d'abord"),
        description=in_lang("For a 6-card hand (2 players) or a 5-card hand (3 or 4 players): for each discard, the "
                            "mean show of the kept four over every possible starter, the mean crib over every possible "
                            "opponent discard and starter (each weighted equally), and the net (hand + crib for the "
                            "dealer, hand - crib for the pone). Exact, not sampled.",
                            "Pour une main de 6 cartes (2 joueurs) ou de 5 cartes (3 ou 4 joueurs) : pour chaque écart, le "
                            "compte moyen des quatre cartes gardées sur toutes les cartes coupées possibles, le crib moyen sur "
                            "tous les écarts adverses et toutes les coupes possibles (tous à poids égal), et le solde net "
                            "(main + crib pour le donneur, main - crib pour l'adversaire). Calcul exact, sans échantillonnage."),
        epilog=in_lang("example: companion cribbage discard 5H 5D JS QC 4S 6D --dealer --json",
                       "exemple (notation anglaise) : companion cribbage discard 5H 5D JS QC 4S 6D --dealer --json"),
    )
    discard.add_argument("cards", nargs="+", metavar="CARD", help=in_lang("the 6 (or 5) cards dealt",
                                                                          "les 6 (ou 5) cartes distribuées"))
    role = discard.add_mutually_exclusive_group(required=True)
    role.add_argument("--dealer", dest="dealer", action="store_true", default=None, help=in_lang("the crib is yours",
                                                                                                 "le crib est à vous"))
    role.add_argument("--pone", dest="dealer", action="store_false", help=in_lang("the crib is the dealer's",
                                                                                  "le crib est au donneur"))
    discard.add_argument("--crib-model", choices=("uniform", "players"), default="uniform",
                         help=in_lang("how opponent discards are weighted: uniform (every pair equally; exact; the default) "
                                      "or players (each pair of ranks as often as the normal and hard players lay it away "
                                      "in the opponent's role, counted over many deals; 6-card hands only, a 5-card hand "
                                      "keeps uniform)",
                                      "le poids des écarts adverses : uniform (toutes les paires à poids égal ; exact ; par "
                                      "défaut) ou players (chaque paire de rangs aussi souvent que les joueurs normal et "
                                      "difficile l'écartent dans le rôle de l'adversaire, mesuré sur de nombreuses donnes ; "
                                      "mains de 6 cartes seulement, une main de 5 cartes reste en uniform)"))
    _rules_option(discard)
    discard.add_argument("--json", action="store_true", help=in_lang("print the options as JSON", "afficher les écarts "
                                                                                                  "possibles en JSON"))
    add_lang_option(discard)
    discard.set_defaults(func=_discard_command)
