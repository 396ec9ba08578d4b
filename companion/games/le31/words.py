"""Le 31's table words, in one place: what the engine says and what the screens show, in the words of the French
text (récolte, combinaison, « pour N », « pour mon partenaire », manche, donneur, dernière donne)."""

from __future__ import annotations

from companion.core.i18n import Msg

# ---------------------------------------------------------------- a play, as a button says it
P_TRAIL = Msg("Lay {card} down", "Poser {card}")
P_CAPTURE = Msg("{card} takes {cards}", "{card} prend {cards}")
P_CAPTURE_BUILD = Msg("{card} takes {cards} [{value}]", "{card} prend {cards} [{value}]")
P_BUILD = Msg("{card}: « for {value} »", "{card} : « pour {value} »")
P_BUILD_PARTNER = Msg("{card}: « {value} for my partner »", "{card} : « {value} pour mon partenaire »")
P_RAISE = Msg("{card} raises {old} to {value}", "{card} augmente {old} à {value}")
D_PLAY_TITLE = Msg("Play {card}", "Jouer {card}")
D_PICK_TABLE = Msg("Tap the table cards it takes or builds with (only what can lead to a play is lit), then the play.",
                   "Touchez les cartes de la table qu'elle prend ou avec lesquelles elle combine (seules celles qui "
                   "mènent à un coup sont allumées), puis le coup.")
B_CLEAR = Msg("Clear the choice", "Effacer le choix")
