"""Stateful fuzzing of a match session over the real store (Hypothesis ``RuleBasedStateMachine``).

Legal and illegal entries, undo, redo, corrections, close and reopen, against a shadow model of the
log. After every step: the stored log equals the shadow, replaying it gives the session's state, and
the stored summary agrees. Any exception other than a ``CompanionError`` is a crash.

Used by ``tests/unit/test_fuzz.py`` (bounded, every run) and by ``python -m tests.helpers.fuzz_volume`` (volume).
"""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.core.cards import Card, standard_deck
from companion.core.errors import CompanionError
from companion.games.cribbage.engine import CRIB, Setup
from companion.games.cribbage.ops import Crib, Cut, EndDeal, Go, Muggins, NewGame, Play, Points, Show
from companion.games.cribbage.rules import CribbageRules
from companion.games.cribbage.scoring import pip
from companion.store.database import Store
from companion.store.session import MatchSession

DECK = standard_deck()
STATS: Counter[str] = Counter()  # what the machines did, for the volume run's report


class SessionMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="companion-fuzz-"))
        self.path = self.dir / "companion.sqlite3"
        self.store = Store.open(self.path)
        self.shadow: list[dict] = []
        self.redo_stack: list[dict] = []

    def teardown(self) -> None:
        self.store.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    @initialize(players=st.sampled_from([2, 3, 4]), manual=st.booleans(), muggins=st.booleans(),
                to=st.sampled_from([61, 121]))
    def start(self, players, manual, muggins, to):
        rules = CribbageRules(players=players, manual_counting=manual, muggins=muggins, target=to)
        names = ("Ann", "Bob", "Cy", "Di")[:players]
        self.session = MatchSession.create(self.store, Setup(names, rules, 0), "cribbage")

    # ------------------------------------------------------------ entries
    def _unseen(self, data) -> list[Card]:
        seen = self.session.match.seen_cards()
        return [c for c in DECK if c not in seen]

    def _candidate(self, data):
        m = self.session.match
        unseen = self._unseen(data)
        phase = m.phase
        if phase in ("deal", "cut"):
            return Cut(data.draw(st.sampled_from(unseen)))
        if phase == "play":
            fitting = [c for c in unseen if m.count + pip(c) <= 31]
            if fitting and data.draw(st.integers(0, 9)) > 0:
                return Play(m.turn, data.draw(st.sampled_from(fitting)))
            return Go(m.turn)
        if phase == "show":
            who = m.next_to_show
            if who == CRIB:
                cards = data.draw(st.lists(st.sampled_from(unseen), min_size=4, max_size=4, unique=True))
                claim = data.draw(st.none() | st.integers(0, 29)) if m.rules.manual_counting else None
                return Crib(tuple(cards), claim)
            held = m.played(who)
            extra = data.draw(st.lists(st.sampled_from(unseen), min_size=4 - len(held), max_size=4 - len(held),
                                       unique=True))
            claim = data.draw(st.none() | st.integers(0, 29)) if m.rules.manual_counting else None
            return Show(who, tuple(held) + tuple(extra), claim)
        if phase == "muggins":
            return Muggins(data.draw(st.none() | st.integers(0, m.rules.sides - 1)))
        if phase == "game_over":
            return NewGame()
        return Points(0, 1)

    def _apply(self, op) -> None:
        before = self.store.ops(self.session.match_id)
        try:
            self.session.apply(op)
        except CompanionError:
            STATS["refused"] += 1
            assert self.store.ops(self.session.match_id) == before  # a refused entry changes nothing
            return
        STATS["applied"] += 1
        self.shadow.append(op.to_json())
        self.redo_stack = []

    @rule(data=st.data())
    def legal_entry(self, data):
        self._apply(self._candidate(data))

    @rule(data=st.data())
    def chosen_entry(self, data):
        """A move the rules offer (``Match.choices``): one of a choice's listed options, or an answer of the cards it
        offers (a hand shown at a real table), made for the seat the match waits for."""
        m = self.session.match
        offered = [c for seat in range(m.players) for c in m.choices(seat)]
        if not offered:
            self._apply(self._candidate(data))
            return
        choice = data.draw(st.sampled_from(offered))
        listed = choice.options()
        if listed:
            self._apply(data.draw(st.sampled_from(listed)))
            return
        cards = data.draw(st.lists(st.sampled_from(choice.cards), min_size=choice.low, max_size=choice.high,
                                   unique=True)) if choice.cards else []
        number = data.draw(st.none() | st.integers(*choice.numbers)) if choice.numbers else None
        self._apply(choice.answer(cards, number=number))

    @rule(seat=st.integers(-1, 4), card=st.sampled_from(DECK), points=st.integers(-5, 200),
          kind=st.sampled_from(["play", "go", "cut", "points", "end", "show", "crib", "new", "muggins"]))
    def any_entry(self, seat, card, points, kind):
        """Entries made at random, most of them illegal: they are refused with a reason or applied."""
        op = {"play": Play(seat, card), "go": Go(seat), "cut": Cut(card), "points": Points(seat, points),
              "end": EndDeal(), "show": Show(seat, (card,) * 4), "crib": Crib((card,)), "new": NewGame(),
              "muggins": Muggins(seat)}[kind]
        self._apply(op)

    @precondition(lambda self: bool(self.shadow))
    @rule()
    def undo(self):
        self.session.undo()
        STATS["undo"] += 1
        self.redo_stack.append(self.shadow.pop())

    @precondition(lambda self: bool(self.redo_stack))
    @rule()
    def redo(self):
        self.session.redo()
        STATS["redo"] += 1
        self.shadow.append(self.redo_stack.pop())

    @precondition(lambda self: bool(self.shadow))
    @rule(data=st.data())
    def correct(self, data):
        log = self.session.match.log
        seq = data.draw(st.integers(1, len(log)))
        old = log[seq - 1]
        if isinstance(old, Play):
            op = Play(old.seat, data.draw(st.sampled_from(DECK)))
        elif isinstance(old, Cut):
            op = Cut(data.draw(st.sampled_from(DECK)))
        elif isinstance(old, Points):
            op = Points(old.side, data.draw(st.integers(1, 30)))
        else:
            return
        try:
            self.session.correct(seq, op)
        except CompanionError:
            STATS["refused"] += 1
            assert self.store.ops(self.session.match_id) == self.shadow
            return
        STATS["correct"] += 1
        stored = self.store.ops(self.session.match_id)
        assert stored[: seq - 1] == self.shadow[: seq - 1] and stored[seq - 1] == op.to_json()
        self.shadow = stored
        self.redo_stack = []

    @rule()
    def reopen(self):
        STATS["reopen"] += 1
        match_id = self.session.match_id
        self.store.close()
        self.store = Store.open(self.path)
        self.session = MatchSession(self.store, match_id)

    @invariant()
    def stored_log_is_the_shadow_and_replays_to_the_same_state(self):
        if not hasattr(self, "session"):
            return
        STATS["checks"] += 1
        record, ops = self.store.load(self.session.match_id)
        assert ops == self.shadow
        assert [op.to_json() for op in self.session.match.log] == self.shadow
        assert record.head == len(self.shadow) and record.redo == len(self.redo_stack)
        replayed = MatchSession(self.store, self.session.match_id).match
        m = self.session.match
        assert (replayed.scores, replayed.phase, replayed.game_points) == (m.scores, m.phase, m.game_points)
        assert record.summary["scores"] == list(m.scores)
        assert record.finished == m.is_over
