"""A 2500 match (SPEC §4), composed of its parts, each a mixin on the match's state (``state.py``):

- ``counting.py``: a brasse counted at its end (``Brasse``): the frime and, for each player, the groups laid
  (lay-offs marked) and the cards left in hand; the running table, the deal passed to the left, the winner;
- ``dealing.py``: a brasse played turn by turn begins: dealt by the app (``DealBrasse``, every card known) or at a
  real table (``OpenBrasse``, from what everyone sees: the turned cards and the pige's first card);
- ``turns.py``: its turns (draw or take from the pige, trios and lay-offs, the discard), checked alike whether the
  hands are known or not;
- ``seat.py``: what each seat sees (its hand, the public table) and may do now (its choices).

The names the rest of the app imports from here (the match, the brasse played turn by turn, the trio helpers, the
words a screen says of a refused play) stay here.
"""

from __future__ import annotations

from companion.games.rummy2500.counting import Counting
from companion.games.rummy2500.dealing import Dealing
from companion.games.rummy2500.seat import SeatAnswers
from companion.games.rummy2500.state import BrassePlay, Slot, hand_size, is_trio, trio_rank
from companion.games.rummy2500.turns import NO_RANK_PIGE, NO_TRIO_FOR, Turns

__all__ = ["NO_RANK_PIGE", "NO_TRIO_FOR", "BrassePlay", "Rummy2500Match", "Slot", "hand_size", "is_trio", "trio_rank"]


class Rummy2500Match(SeatAnswers, Turns, Dealing, Counting):
    """A 2500 match: brasses counted at their end, or played turn by turn (virtual play, or entered at a table)."""
