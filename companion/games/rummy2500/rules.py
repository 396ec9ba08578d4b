"""2500 house rules (SPEC §4.d): one frozen dataclass, saved with each match."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import Rules, rule
from companion.i18n import Msg


@dataclass(frozen=True)
class Rummy2500Rules(Rules):
    target: int = rule(2500, Msg("Match to", "Match en"),
                       choices=((2500, Msg("2500", "2500")), (1500, Msg("1500", "1500")), (1000, Msg("1000", "1000"))))
    scoring: str = rule(
        "table", Msg("Card values", "Valeur des cartes"),
        choices=(("table", Msg("French text: A 100/200, 8–K 10, 3–7 5, frime 100", "Texte français : A 100/200, 8–R 10, "
                                                                                     "3–7 5, frime 100")),
                 ("lemagloisirs", Msg("Low scale: A 50, 10–K 10, 3–9 5, frime 50", "Petite échelle : A 50, 10–R 10, "
                                                                                     "3–9 5, frime 50"))))
    frime_trio_allowed: bool = rule(True, Msg("A trio of three frimes", "Un trio de trois frimes"))
    wilds_le_naturals: bool = rule(False, Msg("No more frimes than naturals", "Pas plus de frimes que de naturelles"))
