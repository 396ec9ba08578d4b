"""Le 31 as a state machine (SPEC §1.d): deals, captures, builds, raises, récoltes, rounds and the match.

The match is composed of its parts, each a mixin on the shared state (``state.py``): the deal (``deal.py``), the
plays (``play.py``), the round's end and tally (``round_end.py``), and what each seat sees and may do (``seat.py``).
This module gives the names the rest of the app imports.
"""

from __future__ import annotations

from companion.games.le31.deal import Dealing, deal_virtual
from companion.games.le31.play import Playing
from companion.games.le31.plays import partition, readings, splits
from companion.games.le31.seat import Seating
from companion.games.le31.state import MATCH_OVER, NEED_DEAL, RoundState, TableBuild

__all__ = ["MATCH_OVER", "NEED_DEAL", "Le31Match", "RoundState", "TableBuild", "deal_virtual", "partition",
           "readings", "splits"]


class Le31Match(Seating, Playing, Dealing):
    """A Le 31 match: two players, or two teams of two, to the target (31 by default)."""
