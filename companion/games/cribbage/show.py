"""The show: each hand counted in its order, then the crib, and muggins when a player counted short."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.cards import Card, CardList
from companion.core.errors import IllegalMoveError, InconsistencyError
from companion.core.i18n import Joined, Msg, Of
from companion.core.i18n import points as points_of
from companion.games.base import Event, Score
from companion.games.cribbage.ops import CRIB, Crib, Cut, Go, Muggins, Play, Show
from companion.games.cribbage.pegging import MAX_COUNT
from companion.games.cribbage.scoring import ShowCount, count_hand, pip
from companion.games.cribbage.state import ACTIONS, BAD_SIDE, NEED_STARTER, PHASES, WRONG_PHASE, CribbageState
from companion.games.cribbage.words import (
    CRIB_IS,
    D_AND,
    D_CLAIM,
    D_CRIB,
    D_DEAL,
    D_MISSED,
    D_MUGGINS,
    D_NO_MUGGINS,
    D_REPORT_HEELS,
    D_REPORT_PEGGED,
    D_REPORT_STARTER,
    D_SHOW,
    D_SIDE_POINTS,
    TAKES,
)

SHOW_ORDER = Msg("{name} counts now", "c'est à {name} de compter")
HAND_CARDS = Msg("a hand has 4 cards, not {n}", "une main a 4 cartes, pas {n}")
CRIB_CARDS = Msg("the crib has 4 cards, not {n}", "le crib a 4 cartes, pas {n}")
MISSING_PEGGED = Msg("{name} pegged {card}: it must be in the hand shown",
                     "{name} a joué {card} : elle doit être dans la main montrée")
WRONG_HAND = Msg("{name} hand is {cards}", "la main {name} est {cards}")
FALSE_GO = Msg("{name} said go at {count} while holding {card}", "{name} a dit go à {count} en ayant {card}")
BAD_CLAIM = Msg("a claimed count is between 0 and 29", "un compte annoncé est entre 0 et 29")
NO_MUGGINS_SELF = Msg("a player cannot take his own missed points", "on ne peut pas prendre ses propres points oubliés")


class ShowPhase(CribbageState):
    """The show in its order (the hands from the dealer's left, the dealer's, the crib), and muggins."""

    def false_go_index(self, seat: int, cards: Sequence[Card]) -> int | None:
        """Where in the log the first go said while ``cards`` held a card that fitted is (0-based), for
        "fix it": rewinding to just before it."""
        d = self.live
        if not d:
            return None
        for go_seat, count, played_before, index in d.go_claims:
            if go_seat == seat:
                held = [c for c in cards if c not in d.played[seat][:played_before]]
                if any(count + pip(c) <= MAX_COUNT for c in held):
                    return index
        return None

    def show_warnings(self, seat: int, cards: Sequence[Card]) -> list[Msg]:
        """What the shown hand reveals: each go said while holding a card that fitted."""
        d = self.d
        warnings: list[Msg] = []
        if not d:
            return warnings
        for go_seat, count, played_before, _ in d.go_claims:
            if go_seat != seat:
                continue
            held = [c for c in cards if c not in d.played[seat][:played_before]]
            fitting = [c for c in held if count + pip(c) <= MAX_COUNT]
            if fitting:
                warnings.append(FALSE_GO(name=self.names[seat], count=count, card=fitting[0]))
        return warnings

    def _verify_claim(self, claimed: int | None) -> None:
        if claimed is not None and not 0 <= claimed <= 29:
            raise IllegalMoveError(BAD_CLAIM)

    def _verify_show(self, op: Show) -> None:
        self._need("show", action="show")
        self._check_seat(op.seat)
        expected = self.next_to_show
        if op.seat != expected:
            raise IllegalMoveError(SHOW_ORDER(name=self._who(expected)))
        if len(op.cards) != 4:
            raise IllegalMoveError(HAND_CARDS(n=len(op.cards)))
        name = self.names[op.seat]
        if self.live.kept is not None and set(op.cards) != set(self.live.kept[op.seat]):
            raise InconsistencyError(WRONG_HAND(name=Of(name), cards=CardList(self.live.kept[op.seat])))
        self._check_new_cards(op.cards, allowed=self.live.played[op.seat])
        for card in self.live.played[op.seat]:
            if card not in op.cards:
                raise InconsistencyError(MISSING_PEGGED(name=name, card=card))
        self._verify_claim(op.claimed)

    def _who(self, who: int | None) -> Msg | str:
        if who == CRIB:
            return Msg("the crib", "le crib")
        return self.names[who] if who is not None else "?"

    def _count_and_peg(self, side: int, cards: Sequence[Card], crib: bool, claimed: int | None,
                       scores: list[Score]) -> tuple[ShowCount, Msg | None]:
        starter = self.live.starter
        if starter is None:  # the show follows the cut: never met, but the count needs the starter
            raise IllegalMoveError(NEED_STARTER)
        count = count_hand(cards, starter, crib, self.rules)
        points = count.total
        note = None
        if self.rules.manual_counting and claimed is not None and claimed != count.total:
            if claimed < count.total and self.rules.muggins:
                points = claimed
                self.pending_muggins = (side, count.total - claimed)
                note = D_MISSED(claimed=claimed, total=count.total, missed=points_of(count.total - claimed))
            else:  # an over-claim is always corrected; without muggins a short count is too
                note = D_CLAIM(claimed=claimed, total=count.total)
        reason = Msg("crib", "crib") if crib else Msg("hand", "main")
        self._peg(side, points, reason, scores)
        if self.pending_muggins and self.phase == "show":
            self.phase = "muggins"
        elif self.pending_muggins:
            self.pending_muggins = None
        return count, note

    def _apply_show(self, op: Show) -> Event:
        d = self.live
        warnings = tuple(self.show_warnings(op.seat, op.cards))
        d.shown[op.seat] = op.cards
        scores: list[Score] = []
        count, note = self._count_and_peg(self.side_of(op.seat), op.cards, False, op.claimed, scores)
        d.show_index += 1
        spoken = Msg(count.spoken("en"), count.spoken("fr"))
        text = D_SHOW(name=self.names[op.seat], cards=CardList(op.cards), spoken=spoken)
        if note is not None:  # the log line keeps what was claimed and what was missed
            text = D_AND(said=text, more=note)
        return Event(op, text, tuple(scores), warnings)

    def _verify_crib(self, op: Crib) -> None:
        self._need("show", action="crib")
        if self.next_to_show != CRIB:
            raise IllegalMoveError(SHOW_ORDER(name=self._who(self.next_to_show)))
        if len(op.cards) != 4:
            raise IllegalMoveError(CRIB_CARDS(n=len(op.cards)))
        if self.live.deck is not None and set(op.cards) != set(self.live.crib):
            raise InconsistencyError(CRIB_IS(cards=CardList(self.live.crib)))
        self._check_new_cards(op.cards)
        self._verify_claim(op.claimed)

    def _apply_crib(self, op: Crib) -> Event:
        d = self.live
        d.shown[CRIB] = op.cards
        scores: list[Score] = []
        count, note = self._count_and_peg(self.side_of(d.dealer), op.cards, True, op.claimed, scores)
        d.show_index += 1
        if self.phase == "show":
            self._finish_deal()
        spoken = Msg(count.spoken("en"), count.spoken("fr"))
        text = D_CRIB(name=Of(self.names[d.dealer]), cards=CardList(op.cards), spoken=spoken)
        if note is not None:
            text = D_AND(said=text, more=note)
        report = self._deal_report(text, scores) if self.phase == "deal" else ()
        return Event(op, text, tuple(scores), report=report)

    def _deal_report(self, crib: Msg, crib_scores: list[Score]) -> tuple[Msg, ...]:
        """The deal as the table went through it: the points pegged by each side (his heels apart), each hand
        counted as it was said, the crib, and the scores now."""
        d = self.live
        pegged = [0] * self.rules.sides
        heels = [0] * self.rules.sides
        shows: list[Msg] = []
        for event in reversed(self.events):
            if isinstance(event.op, Cut):
                for score in event.scores:
                    heels[score.side] += score.points
                break
            if isinstance(event.op, (Play, Go)):
                for score in event.scores:
                    pegged[score.side] += score.points
            elif isinstance(event.op, (Show, Muggins)):
                shows.insert(0, event.text)
        sides = range(self.rules.sides)
        lines = [D_REPORT_PEGGED(scores=Joined(tuple(D_SIDE_POINTS(name=self.side_name(s), n=pegged[s])
                                                     for s in sides), " · "))]
        if any(heels):
            lines.append(D_REPORT_HEELS(name=self.side_name(heels.index(max(heels))), n=max(heels)))
        return (D_DEAL(n=d.number, name=self.names[d.dealer]), D_REPORT_STARTER(card=d.starter), *lines, *shows,
                crib)

    def _verify_muggins(self, op: Muggins) -> None:
        self._need("muggins", action="muggins")
        if op.side is not None:
            if not 0 <= op.side < self.rules.sides:
                raise IllegalMoveError(BAD_SIDE)
            if op.side == self.missed[0]:
                raise IllegalMoveError(NO_MUGGINS_SELF)

    @property
    def missed(self) -> tuple[int, int]:
        """In the muggins phase: the side that counted short, and the points it missed."""
        if self.pending_muggins is None:
            raise IllegalMoveError(WRONG_PHASE(action=ACTIONS["muggins"], phase=PHASES[self.phase]))
        return self.pending_muggins

    def _apply_muggins(self, op: Muggins) -> Event:
        _, points = self.missed
        self.pending_muggins = None
        self.phase = "show"
        scores: list[Score] = []
        if op.side is not None:
            self._peg(op.side, points, Msg("muggins", "muggins"), scores)
            text = D_MUGGINS(name=self.side_name(op.side), n=points, takes=self.side_agreed(op.side, TAKES))
        else:
            text = D_NO_MUGGINS
        if self.phase == "show" and self.live.show_index == len(self.show_order):
            self._finish_deal()
        return Event(op, text, tuple(scores))
