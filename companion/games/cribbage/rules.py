"""Cribbage house rules (SPEC §5.d): one frozen dataclass, saved with each match."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from companion.errors import IllegalMoveError
from companion.i18n import Msg

FlushRule = Literal["acc", "booklet"]
MatchScoring = Literal["casual", "acc_tournament"]
FourPlayerMode = Literal["teams", "individual"]

BAD_RULES = Msg("invalid house rules: {why}", "règles maison invalides : {why}")


@dataclass(frozen=True)
class CribbageRules:
    """Defaults are the ACC rules; every field is a house-rule toggle."""

    flush_rule: FlushRule = "acc"  # "booklet": any 4+ of one suit = 4, hand or crib
    nobs: bool = True  # jack of the starter's suit in hand or crib = 1
    his_heels: int = 2  # dealer's points when the starter is a jack
    four_of_a_kind: int = 12  # double pair royal, in the show and in pegging
    pegging_pair_royal: bool = True  # False: each card pairing the previous one scores 2
    players: int = 2
    four_player_mode: FourPlayerMode = "teams"
    target: int = 121
    muggins: bool = False
    manual_counting: bool = False
    skunk_line: int = 91  # loser below this line is skunked
    double_skunk_line: int = 61  # 0: no double skunk (games to 61)
    match_scoring: MatchScoring = "casual"
    games_to_win: int = 1  # match = first side to this many game points

    def __post_init__(self) -> None:
        if self.target == 61 and (self.skunk_line, self.double_skunk_line) == (91, 61):
            # A game to 61 keeps its skunk line 30 points short of the game and has no double skunk.
            object.__setattr__(self, "skunk_line", 31)
            object.__setattr__(self, "double_skunk_line", 0)
        problems = []
        if self.flush_rule not in ("acc", "booklet"):
            problems.append(f"flush_rule={self.flush_rule!r}")
        if self.players not in (2, 3, 4):
            problems.append(f"players={self.players}")
        if self.four_player_mode not in ("teams", "individual"):
            problems.append(f"four_player_mode={self.four_player_mode!r}")
        if self.target not in (61, 121):
            problems.append(f"target={self.target}")
        if self.match_scoring not in ("casual", "acc_tournament"):
            problems.append(f"match_scoring={self.match_scoring!r}")
        if self.games_to_win < 1:
            problems.append(f"games_to_win={self.games_to_win}")
        if not 0 <= self.double_skunk_line <= self.skunk_line <= self.target:
            problems.append("skunk lines")
        if problems:
            raise IllegalMoveError(BAD_RULES(why=", ".join(problems)))

    @classmethod
    def profile(cls, name: str, **overrides: Any) -> CribbageRules:
        """``acc`` (default) or ``booklet``: the French booklet's flush rule and no nobs."""
        if name == "acc":
            return cls(**overrides)
        if name == "booklet":
            return cls(**{"flush_rule": "booklet", "nobs": False, **overrides})
        raise IllegalMoveError(BAD_RULES(why=f"profile {name!r} (acc, booklet)"))

    @property
    def sides(self) -> int:
        """Number of scoring sides (pegs tracks): partnerships share one."""
        return 2 if self.players == 4 and self.four_player_mode == "teams" else self.players

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    @property
    def hand_size(self) -> int:
        return 6 if self.players == 2 else 5

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CribbageRules:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def with_(self, **changes: Any) -> CribbageRules:
        return replace(self, **changes)


DEFAULT_RULES = CribbageRules()
