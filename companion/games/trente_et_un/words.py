"""Trente-et-un's table words, in one place, in the words of the French text (talon, défausse, cogner,
« Je tiens », « J'arrête », brelan, tierce majeure, jeton): how a hand is named and how a deal is told."""

from __future__ import annotations

from companion.core.cards import Rank, Suit
from companion.core.i18n import Msg

M = Msg

# ---------------------------------------------------------------- a hand, as the table names it
NAMES = {
    "tierce_majeure": Msg("a tierce majeure (A-K-Q of {suit})", "une tierce majeure (A-R-D à {suit})"),
    "trente_et_un": Msg("thirty-one in {suit}", "trente-et-un à {suit}"),
    "brelan": Msg("a brelan {rank}, 30½", "un brelan {rank}, 30½"),
    "points": Msg("{value} in {suit}", "{value} à {suit}"),
    "sequence": Msg("a tierce in {suit} ({value})", "une tierce à {suit} ({value})"),
    "any_suit": Msg("{value} in all", "{value} en tout"),
}
# A brelan as the table says it: « un brelan de valets », "a brelan of jacks".
RANK_PLURALS: dict[Rank, Msg] = {Rank.ACE: Msg("of aces", "d'as"), Rank.KING: Msg("of kings", "de rois"),
                Rank.QUEEN: Msg("of queens", "de dames"), Rank.JACK: Msg("of jacks", "de valets"),
                **{r: Msg(f"of {int(r)}s", f"de {int(r)}") for r in Rank
                   if r not in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)}}
SUIT_WORDS = {Suit.SPADES: Msg("spades", "pique"), Suit.HEARTS: Msg("hearts", "cœur"),
              Suit.DIAMONDS: Msg("diamonds", "carreau"), Suit.CLUBS: Msg("clubs", "trèfle")}

# ---------------------------------------------------------------- a deal, as the history tells it
D_START = M("Deal: {cards} {turned}", "Donne : {cards} {turned}")  # turned: engine.turned_up(how many)
D_DRAW_STOCK = M("{name} draws from the stock", "{name} prend au talon")
D_DRAW_PILE = M("{name} takes {card}", "{name} prend {card}")
D_DISCARD = M("{name} discards {card}", "{name} défausse {card}")
D_KNOCK = M("{name} knocks: one more turn for everyone else", "{name} cogne : un dernier tour pour les autres")
D_31 = M("{name} shows 31: the deal ends", "{name} montre 31 : la donne s'arrête")
D_BLIND = M("{name} takes the face-up cards blind", "{name} prend les cartes visibles sans regarder")
D_KEEP = M("{name} keeps his hand", "{name} garde sa main")
D_SWAP = M("{name} gives {give}, takes {take}", "{name} donne {give}, prend {take}")
D_PASS = M("{name} passes", "{name} passe")
D_HOLD = M(" — « Je tiens »", " — « Je tiens »")
D_VOID = M("The stock is gone: the deal is void", "Le talon est épuisé : la donne est nulle")
D_RESHUFFLE = M("The discards are shuffled into a new stock. ", "La défausse est remélangée en nouveau talon. ")
D_STOP = M(" — « J'arrête »: showdown", " — « J'arrête » : abattage")
D_NO_REFRESH = M("Everyone passed and the stock is too short: showdown",
                 "Tout le monde a passé et le talon est trop court : abattage")
D_DEAL = M("{name} deals", "{name} donne")
D_DEALT_31 = M(" — {name} is dealt 31", " — {name} a 31 servi")
D_REFRESH = M("Everyone passed: new face-up cards {cards}", "Tout le monde a passé : nouvelles cartes visibles {cards}")
