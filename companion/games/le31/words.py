"""Le 31's table words, in one place: what the engine says and what the screens show, in the words of the French
text (récolte, combinaison, « pour N », « pour mon partenaire », manche, donneur, dernière donne)."""

from __future__ import annotations

from companion.core.i18n import Msg, Plural, number_words

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

# ---------------------------------------------------------------- counts, agreed with their noun
CARDS_WORD = (("card", "cards"), ("carte", "cartes"))
RED_WORD = (("red", "red"), ("rouge", "rouges"))
RED_CARDS_WORD = (("red card", "red cards"), ("rouge", "rouges"))


def cards_of(n: int) -> Plural:
    return Plural(n, *CARDS_WORD)


def ones_of(n: int) -> Msg:
    """A count of 1s (the cards of value 1), said aloud: "no 1", "one 1", "two 1s" / « aucun 1 », « un 1 »,
    « deux 1 » (« 1 1s » read as a typo)."""
    if n == 0:
        return Msg("no 1", "aucun 1")
    en = number_words(n, "en")
    return Msg(f"{en} 1" if n == 1 else f"{en} 1s", f"{number_words(n, 'fr')} 1")
