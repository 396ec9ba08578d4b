"""Le 31: the Madeiran capture game with its own deck (SPEC §1)."""

from companion.core.i18n import Msg
from companion.games.listing import Listing

LISTINGS = (Listing("le31", Msg("Le 31", "Le 31"), about=Msg("captures, its own deck", "prises, son propre paquet"), place=20),)
