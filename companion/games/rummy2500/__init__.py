"""2500: the Québec rummy of sets with a wild rank, la frime (SPEC §4)."""

from companion.core.i18n import Msg
from companion.games.listing import Listing

COMMAND = "2500"  # its command line's name (a package name cannot start with a digit); an alias of the game too
LISTINGS = (Listing("rummy2500", Msg("2500", "2500"), aliases=(COMMAND,),
                     about=Msg("rummy of sets, a wild rank", "rami de brelans, la frime"), place=30,
                     round_noun=Msg("brasse", "brasse")),)
