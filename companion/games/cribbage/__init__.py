"""Cribbage: scoring, pegging and the deal state machine (SPEC §5)."""

from companion.core.i18n import Msg
from companion.games.listing import Listing

LISTINGS = (Listing("cribbage", Msg("Cribbage", "Cribbage"),
                     about=Msg("pegging and the show, to 121", "le jeu et le décompte, en 121"), place=10,
                     round_noun=Msg("deal", "donne")),)
