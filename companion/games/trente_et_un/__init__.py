"""Le Trente-et-un (draw and knock, French text 001) and Trente-et-un with a banker (text 002): SPEC §2, §3."""

from companion.core.i18n import Msg
from companion.games.listing import Listing

DEAL = Msg("deal", "donne")
KNOCK = Listing("trente_et_un", Msg("Le Trente-et-un", "Le Trente-et-un"), help_name="trente_et_un",
                about=Msg("draw and knock", "tirer et cogner"), place=40, round_noun=DEAL)
BANKER = Listing("trente_et_un_banker", Msg("Trente-et-un, banker", "Trente-et-un, banquier"), aliases=("banker",),
                 help_name="trente_et_un", about=Msg("swap with the table, « Je tiens »", "échanges, « Je tiens »"), place=41,
                 round_noun=DEAL)
LISTINGS = (KNOCK, BANKER)
