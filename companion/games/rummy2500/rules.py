"""2500 house rules (SPEC §4.d): one frozen dataclass, saved with each match. The first four shape every
brasse; the others matter when a brasse is played or entered turn by turn."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.i18n import Msg
from companion.games.base import Rules, rule

M = Msg


@dataclass(frozen=True)
class Rummy2500Rules(Rules):
    target: int = rule(2500, M("Match to", "Partie en"),
                       choices=((2500, M("2500", "2500")), (1500, M("1500", "1500")), (1000, M("1000", "1000"))))
    scoring: str = rule(
        "table", M("Card values", "Valeur des cartes"),
        choices=(("table", M("French text: A 100/200, 8–K 10, 3–7 5, frime 100", "Texte français : A 100/200, 8–R 10, "
                                                                                  "3–7 5, frime 100")),
                 ("lemagloisirs", M("Low scale: A 50, 10–K 10, 3–9 5, frime 50", "Petite échelle : A 50, 10–R 10, "
                                                                                  "3–9 5, frime 50"))))
    frime_trio_allowed: bool = rule(True, M("A trio of three frimes", "Un trio de trois frimes"))
    wilds_le_naturals: bool = rule(False, M("No more frimes than naturals", "Pas plus de frimes que de naturelles"))
    end_mode: str = rule(
        "mort_subite", M("End of a brasse", "Fin de la brasse"),
        choices=(("mort_subite", M("Sudden death: at once", "Mort subite : aussitôt")),
                 ("mort_douce", M("Soft death: the others play once more", "Mort douce : les autres jouent une fois")),
                 ("until_dealer", M("Play on to the dealer's turn", "Jusqu'au tour du donneur"))))
    stock_exhausted: str = rule(
        "end", M("Empty stock", "Paquet vide"),
        choices=(("end", M("The brasse ends", "La brasse finit")),
                 ("reshuffle_pige", M("Shuffle the pige into a stock", "Remêler la pige en paquet"))))
    frime_trio_can_open: bool = rule(True, M("Three frimes may open", "Trois frimes peuvent ouvrir"))
    frime_layoff_anywhere_after_frime_trio: bool = rule(
        False, M("After a trio of frimes, frimes go on any trio", "Après un trio de frimes, les frimes vont partout"))
    open_player_free_top_discard: bool = rule(
        True, M("Open players take the pige's top freely", "Ouvert : le dessus de la pige se prend librement"))
    unopened_may_take_series: bool = rule(
        False, M("Unopened players may take a series", "Non ouvert : peut prendre une série"))
    must_discard_to_go_out: bool = rule(False, M("Go out by a discard only", "Sortir seulement en jetant"))
    require_laid_ge_dealt_to_go_out: bool = rule(
        False, M("Go out only with as many cards laid as dealt", "Sortir avec au moins autant de cartes posées que reçues"))
    dealer_indicator_in_hand: bool = rule(
        True, M("The dealer's turned card is in the dealer's hand", "La carte retournée du brasseur est dans sa main"))
