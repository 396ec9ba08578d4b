"""Trente-et-un with a banker, self-play: the same figures as draw and knock (``selfplay``)."""

from __future__ import annotations

from companion.games.base import Setup
from companion.games.selfplay import GameRecord
from companion.games.trente_et_un.engine import BankerMatch
from companion.games.trente_et_un.rules import BankerRules
from companion.games.trente_et_un.selfplay import FIGURES, play_match

__all__ = ["FIGURES", "play_game"]


def play_game(levels: tuple[str, ...], seed: int, first_dealer: int) -> GameRecord:
    names = tuple(f"P{i}" for i in range(len(levels)))
    return play_match(BankerMatch(Setup(names, BankerRules(), first_dealer, "virtual", seed)), levels)
