"""Cribbage's table words, in one place: how the app tells a deal (the history, the reports, the end of a game)
in the words players use at the table (« crib », « valet retourné », « go », « muggins », « skunk »). How a
count is said, fifteen by fifteen, is in ``spoken.py``."""

from __future__ import annotations

from companion.core.i18n import Msg

M = Msg

# ---------------------------------------------------------------- a deal, as the history tells it
D_DEAL = M("Deal {n}: {name} deals", "Donne {n} : {name} donne")
D_DISCARD = M("{name} lays away to the crib", "{name} écarte au crib")
D_CUT = M("Starter {card}", "Carte coupée {card}")
D_AND = M("{said}, {more}", "{said}, {more}")
D_FOR = M("{what} for {n}", "{what} pour {n}")
D_DEAL_CUT = M("{deal} · {cut}", "{deal} · {cut}")
D_HEELS = M("his heels", "valet retourné")
D_PLAY = M("{name}: {card}, {said}", "{name} : {card}, {said}")
D_GO = M("{name}: go", "{name} : go")
D_GO_PEGS = M("{name} says go and pegs {n} for the go", "{name} dit go et marque {n} pour le go")
D_GO_FOR = M("{name} says go: {scorer} pegs {n} for the go", "{name} dit go : {scorer} marque {n} pour le go")
D_GO_POINT = M("go", "go")
D_LAST = M("last card", "dernière carte")
D_SHOW = M("{name} shows {cards}: {spoken}", "{name} montre {cards} : {spoken}")
D_CRIB = M("{name} crib {cards}: {spoken}", "Crib {name} {cards} : {spoken}")
D_CLAIM = M("claimed {claimed}: the true count, {total}, is pegged",
            "annoncé {claimed} : le compte exact, {total}, est marqué")
D_MISSED = M("claimed {claimed} of {total}: {missed} missed", "annoncé {claimed} sur {total} : il manque {missed}")
D_MUGGINS = M("muggins: {name} {takes} {n}", "muggins : {name} {takes} {n}")  # takes: side_agreed(TAKES)
D_NO_MUGGINS = M("muggins not called", "pas de muggins")
D_POINTS = M("{name} {pegs} {n}", "{name} {pegs} {n}")  # pegs: side_agreed(PEGS)
D_REPORT_PEGGED = M("Pegged: {scores}", "Points de jeu : {scores}")
D_REPORT_STARTER = M("Starter {card}", "Coupe {card}")
D_REPORT_HEELS = M("His heels: {name} +{n}", "Valet retourné : {name} +{n}")
D_SIDE_POINTS = M("{name} {n}", "{name} {n}")
D_END_DEAL = M("Deal ended", "Donne terminée")
D_NEW_GAME = M("Game {n}: {name} deals first", "Partie {n} : {name} donne en premier")
D_WIN = M("{name} {wins} the game {a}–{b}", "{name} {wins} la partie {a}–{b}")
CRIB_IS = M("the crib is {cards}", "le crib est {cards}")
MATCH_WON = M("{name} {wins} the match", "{name} {wins} le match")
SKUNKS = {1: M("Skunk!", "Skunk !"), 2: M("Double skunk!", "Double skunk !")}
SKUNK_WORDS = {0: "", 1: M(" · skunk", " · skunk"), 2: M(" · double skunk", " · double skunk")}
END_GAME_WON = M("{name} {wins} the game!", "{name} {wins} la partie !")
END_MATCH_WON = M("{name} {wins} the match!", "{name} {wins} le match !")
# The verbs said of a side, agreed with its players (``CribbageMatch.side_agreed``, with ``i18n.WINS``):
# « Ben & Dan marquent ».
PEGS = ("pegs", "peg"), ("marque", "marquent")
TAKES = ("takes", "take"), ("prend", "prennent")
MISSED = ("missed", "missed"), ("a oublié", "ont oublié")
MATCH_TOTAL = M("Game points: {points} (the match goes to the first to {need})",
                "Points de match : {points} (le match va au premier à {need})")
REMATCH_LOSER_DEALS = M("Rematch (loser deals)", "Revanche (le perdant donne)")
GAME_LINE = M("Game {n}: {scores} — {name}, {points}{skunk}", "Partie {n} : {scores} — {name}, {points}{skunk}")
GAME_POINTS = ("game point", "game points"), ("point de match", "points de match")
