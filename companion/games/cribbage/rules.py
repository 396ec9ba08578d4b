"""Cribbage house rules (SPEC §5.d): one frozen dataclass, saved with each match.

Each house rule is described once (label, help, choices in both languages); the
setup form is built from these descriptions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from companion.core.errors import SetupError
from companion.core.i18n import Msg
from companion.games.base import BAD_RULES, Rules, rule

FlushRule = Literal["acc", "booklet"]
MatchScoring = Literal["casual", "acc_tournament"]
FourPlayerMode = Literal["teams", "individual"]


def _four_players(values: dict[str, Any], players: int) -> bool:
    return players == 4


@dataclass(frozen=True)
class CribbageRules(Rules):
    """Defaults are the ACC rules; every field is a house-rule toggle."""

    players: int = 2  # set from the number of names at setup
    four_player_mode: FourPlayerMode = rule(
        "teams", Msg("Four players", "Quatre joueurs"),
        choices=(("teams", Msg("Partners (1 & 3 vs 2 & 4)", "Équipes (1 et 3 contre 2 et 4)")),
                 ("individual", Msg("Each for himself", "Chacun pour soi"))),
        visible=_four_players)
    target: int = rule(121, Msg("Game to", "Partie en"), choices=((121, Msg("121", "121")), (61, Msg("61", "61"))))
    flush_rule: FlushRule = rule(
        "acc", Msg("Flush", "Couleur"),
        Msg("ACC: 4 in hand (5 with the starter), 5 in the crib. Booklet: any four of a suit score 4.",
            "ACC : 4 en main (5 avec la coupe), 5 au crib. Livret : quatre cartes d'une couleur font 4."),
        choices=(("acc", Msg("ACC (standard)", "ACC (standard)")),
                 ("booklet", Msg("French booklet: any 4 = 4", "Livret français : 4 cartes = 4"))))
    nobs: bool = rule(True, Msg("His nobs", "Nobs"),
                      Msg("The jack of the starter's suit in a hand or the crib scores 1.",
                          "Le valet de la couleur de la coupe, en main ou au crib, vaut 1."))
    his_heels: int = rule(2, Msg("His heels", "Valet coupé"),
                          choices=((2, Msg("2 for the dealer", "2 pour le donneur")),
                                   (0, Msg("nothing", "rien"))))
    four_of_a_kind: int = 12  # double pair royal, in the show and in pegging
    pegging_pair_royal: bool = True  # False: each card pairing the previous one scores 2
    match_scoring: MatchScoring = rule(
        "casual", Msg("Match scoring", "Pointage du match"),
        choices=(("casual", Msg("Casual: win 1, skunk 2, double 4", "Amical : victoire 1, skunk 2, double 4")),
                 ("acc_tournament", Msg("Club: win 2, skunk 3, loss 0", "Club : victoire 2, skunk 3, défaite 0"))))
    games_to_win: int = rule(1, Msg("Games to win", "Parties à gagner"),
                             choices=tuple((n, Msg(str(n), str(n))) for n in (1, 2, 3, 4, 5, 7)))
    manual_counting: bool = rule(False, Msg("Count own hands", "Chacun compte"),
                                 Msg("Players count their own hands; the app checks each claim.",
                                     "Les joueurs comptent leurs mains ; l'app vérifie chaque annonce."))
    muggins: bool = rule(False, Msg("Muggins", "Muggins"),
                         Msg("Points a player misses in his own count go to the opponents.",
                             "Les points oubliés par un joueur vont aux adversaires."))
    skunk_line: int = 91  # loser below this line is skunked
    double_skunk_line: int = 61  # 0: no double skunk (games to 61)

    def __post_init__(self) -> None:
        if self.target == 61 and (self.skunk_line, self.double_skunk_line) == (91, 61):
            # A game to 61 keeps its skunk line 30 points short of the game and has no double skunk.
            object.__setattr__(self, "skunk_line", 31)
            object.__setattr__(self, "double_skunk_line", 0)
        super().__post_init__()

    def problems(self) -> list[str]:
        problems = []
        if self.players not in (2, 3, 4) or type(self.players) is not int:
            problems.append(f"players={self.players!r}")
        for name in ("four_of_a_kind", "skunk_line", "double_skunk_line"):
            if type(getattr(self, name)) is not int:
                problems.append(name)
        if type(self.pegging_pair_royal) is not bool:
            problems.append("pegging_pair_royal")
        if not problems and not 0 <= self.double_skunk_line <= self.skunk_line <= self.target:
            problems.append("skunk lines")
        return problems

    @classmethod
    def profile(cls, name: str, **overrides: Any) -> CribbageRules:
        """``acc`` (default) or ``booklet``: the French booklet's flush rule and no nobs."""
        if name == "acc":
            return cls(**overrides)
        if name == "booklet":
            return cls(**{"flush_rule": "booklet", "nobs": False, **overrides})
        raise SetupError(BAD_RULES(why=f"profile {name!r} (acc, booklet)"))

    @property
    def sides(self) -> int:
        """Number of scoring sides (pegs tracks): partnerships share one."""
        return 2 if self.players == 4 and self.four_player_mode == "teams" else self.players

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    @property
    def hand_size(self) -> int:
        return 6 if self.players == 2 else 5

    @property
    def win_points(self) -> int:
        """Game points for a plain win."""
        return 2 if self.match_scoring == "acc_tournament" else 1

    @property
    def match_points(self) -> int:
        """Game points that win the match."""
        return self.games_to_win * self.win_points

    def game_points(self, skunk: int) -> int:
        """Game points of a win: 0 plain, 1 skunk, 2 double skunk."""
        return ((2, 3, 3) if self.match_scoring == "acc_tournament" else (1, 2, 4))[skunk]


DEFAULT_RULES = CribbageRules()
