"""Both Trente-et-un games as matches kept at the table, showdown by showdown, or played turn by turn: the match
composed from its parts.

- ``state``: the match's state and the reads every part shares (who plays, the tokens, the dealer, the deal
  played turn by turn, whose turn it is and who the match waits for);
- ``showdown``: the showdown, valued and scored (SPEC §2.d, §3.d), and a token given to a mort;
- ``turns``: a deal's start (entered, or dealt by the app) and the draw-and-knock turns, a 31 shown;
- ``exchanges``: the exchanges with the three face-up cards (the banker game, the widow variant);
- ``seat``: what each seat sees and may do (``companion.games.seats``).

The names this module always held are exported from here still.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.cards import Card
from companion.core.errors import SetupError
from companion.core.i18n import Msg
from companion.games import base
from companion.games.trente_et_un.exchanges import (
    BLIND_CARDS,
    BLIND_FIRST,
    HELD,
    HOLD_ONLY,
    KEEP_CARDS,
    NO_REFRESH,
    NO_REFRESH_RULE,
    NOT_FACE_UP,
    NOT_STOCK,
    REFRESH_CARDS,
    SWAP_SIZE,
    WIDOW_WHOLE,
    Exchanges,
)
from companion.games.trente_et_un.ops import Showdown
from companion.games.trente_et_un.rules import BankerRules, KnockRules
from companion.games.trente_et_un.seat import SeatAnswers
from companion.games.trente_et_un.showdown import (
    BAD_KNOCKER,
    CLAIM_SHOWN,
    D_DEALT,
    D_DEALT_POT,
    D_GIVE,
    D_HAND,
    D_HELD,
    D_KNOCKED,
    D_LOSER,
    D_LOSERS_TIED,
    D_MORT,
    D_NOBODY,
    D_OUT,
    D_POT,
    D_POT_TIED,
    D_SHOWDOWN,
    D_SWIM,
    D_THIRTY_ONE,
    D_WINNER,
    D_WINNERS,
    DEALS,
    GIVE,
    GIVE_KNOCK,
    HANDS,
    NO_31,
    NOT_SHOWN,
    OUT_HAND,
    SHOWN_MISSING,
    STILL_PLAYING,
    VOID,
    Showdowns,
)
from companion.games.trente_et_un.state import (
    BAD_PLAYERS,
    LIVES,
    MATCH_OVER,
    NEED_SHOWDOWN,
    NOT_DURING,
    NOT_HELD,
    NOT_PLAYING,
    PUBLIC,
    TOKENS,
    TURN,
    WINS,
    WINS_POT,
    DealPlay,
    turned_up,
)
from companion.games.trente_et_un.turns import (
    ALREADY_KNOCKED,
    ALREADY_PLAYING,
    DISCARD_FIRST,
    DRAW_FIRST,
    DRAWN,
    EMPTY_PILE,
    FIRST_TURN,
    KNOCK_AFTER_DRAW,
    NO_REDISCARD,
    NOT_31,
    NOT_A_PLAYER,
    NOT_TOP,
    START_CARDS,
    TABLE_ONLY,
    TURNED_31,
    VIRTUAL_ONLY,
    WHOLE_PACK,
    DealTurns,
)

M = Msg


class TrenteMatch(SeatAnswers, Exchanges, DealTurns, Showdowns):
    """A Trente-et-un match of either game, kept showdown by showdown (each deal optionally played turn by turn)."""


class KnockMatch(TrenteMatch):
    rules: KnockRules
    banker = False
    low, high = 2, 10
    title = Msg("Le Trente-et-un", "Le Trente-et-un")


class BankerMatch(TrenteMatch):
    rules: BankerRules
    banker = True
    low, high = 2, 16
    title = Msg("Trente-et-un with a banker", "Trente-et-un avec banquier")

    def __init__(self, setup: base.Setup) -> None:
        super().__init__(setup)
        if self.rules.deck == 32 and self.players > 9:
            raise SetupError(BAD_PLAYERS(game=self.title, low=2, high=9))


def showdown_of(hands: Sequence[Sequence[Card]], knocker: int | None = None, dealt_31: bool = False) -> Showdown:
    return Showdown(tuple(tuple(h) for h in hands), knocker, dealt_31)


__all__ = [
    "ALREADY_KNOCKED", "ALREADY_PLAYING", "BAD_KNOCKER", "BAD_PLAYERS", "BLIND_CARDS", "BLIND_FIRST", "CLAIM_SHOWN",
    "DEALS", "DISCARD_FIRST", "DRAWN", "DRAW_FIRST", "D_DEALT", "D_DEALT_POT", "D_GIVE", "D_HAND", "D_HELD",
    "D_KNOCKED", "D_LOSER", "D_LOSERS_TIED", "D_MORT", "D_NOBODY", "D_OUT", "D_POT", "D_POT_TIED", "D_SHOWDOWN",
    "D_SWIM", "D_THIRTY_ONE", "D_WINNER", "D_WINNERS", "EMPTY_PILE", "FIRST_TURN", "GIVE", "GIVE_KNOCK", "HANDS",
    "HELD", "HOLD_ONLY", "KEEP_CARDS", "KNOCK_AFTER_DRAW", "LIVES", "M", "MATCH_OVER", "NEED_SHOWDOWN", "NOT_31",
    "NOT_A_PLAYER", "NOT_DURING", "NOT_FACE_UP", "NOT_HELD", "NOT_PLAYING", "NOT_SHOWN", "NOT_STOCK", "NOT_TOP",
    "NO_31", "NO_REDISCARD", "NO_REFRESH", "NO_REFRESH_RULE", "OUT_HAND", "PUBLIC", "REFRESH_CARDS", "SHOWN_MISSING",
    "START_CARDS", "STILL_PLAYING", "SWAP_SIZE", "TABLE_ONLY", "TOKENS", "TURN", "TURNED_31", "VIRTUAL_ONLY", "VOID",
    "WHOLE_PACK", "WIDOW_WHOLE", "WINS", "WINS_POT", "BankerMatch", "DealPlay", "KnockMatch", "TrenteMatch",
    "showdown_of", "turned_up",
]
