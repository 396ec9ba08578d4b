"""Every game's rules say what each seat sees and may do (``companion.games.seats``; issue 38): at every step of
seeded matches, virtual and at a real table, each move a seat makes is among its choices, every option offered is
legal, and a seat's view names no card hidden from it (``tests/helpers/seat_checks.py``; its volume run prints the
figures)."""

from __future__ import annotations

import json

import pytest

from companion.games import registry
from companion.games.base import Match
from tests.helpers.seat_checks import SeatChecker, Tally, play_table, play_virtual, virtual_match

# Every game the app deals whose rules answer what a seat may do.
ANSWERING = [g.id for g in registry.available() if g.virtual_play and g.match.choices is not Match.choices]
MATCHES = 4  # seeded matches per game and mode (the volume run: python -m tests.helpers.seat_checks --matches N)


@pytest.mark.parametrize("game_id", ANSWERING)
def test_every_move_of_a_virtual_match_is_among_the_choices_and_no_view_names_a_hidden_card(game_id):
    tally = Tally()
    for seed in range(1, MATCHES + 1):
        play_virtual(registry.get(game_id), seed, tally, level="normal" if seed % 2 else "easy")
    assert tally.failures == [] and tally.matches == MATCHES
    assert tally.choices > 0 and tally.options > 0 and tally.cards > 0


@pytest.mark.parametrize("game_id", ANSWERING)
def test_every_entry_at_a_real_table_is_among_the_choices(game_id):
    tally = Tally()
    for seed in range(1, MATCHES + 1):
        assert play_table(registry.get(game_id), seed, tally)
    assert tally.failures == [] and tally.matches == MATCHES and tally.choices > 0


def test_a_view_that_shows_another_seats_hand_is_caught():
    """The check can fail: a view leaking the next seat's hand is flagged."""
    game = registry.get("cribbage")
    match = virtual_match(game, 3)
    import importlib

    next_op = importlib.import_module(game.players).next_op
    match.apply(next_op(match, ["easy", "easy"]))  # the deal
    leaky = type(match).seat_hand
    try:
        type(match).seat_hand = lambda self, seat: leaky(self, (seat + 1) % self.players)  # type: ignore[method-assign]
        tally = Tally()
        SeatChecker(match, tally, "leaky").check_views(range(match.players))
        table = type(match).public_table
        type(match).seat_hand = leaky  # type: ignore[method-assign]
        type(match).public_table = lambda self: {**table(self), "peek": [c.code for c in self.hand(1)]}  # type: ignore[method-assign]
        SeatChecker(match, tally, "leaky table").check_views(range(match.players))
    finally:
        type(match).seat_hand = leaky  # type: ignore[method-assign]
        type(match).public_table = table  # type: ignore[method-assign]
    assert any("leaky table" in f for f in tally.failures)


def test_a_view_and_the_choices_are_plain_data():
    game = registry.get("cribbage")
    match = virtual_match(game, 5)
    import importlib

    match.apply(importlib.import_module(game.players).next_op(match, ["easy", "easy"]))
    view = json.loads(json.dumps(match.view(0).to_json()))
    assert len(view["hand"]) == 6 and view["awaiting"] == [0, 1]
    (choice,) = [json.loads(json.dumps(c.to_json())) for c in match.choices(0)]
    assert choice["kind"] == "pick" and choice["low"] == choice["high"] == 2 and sorted(choice["cards"]) == sorted(
        view["hand"])
    assert choice["label"] == {"en": "Lay away two to the crib", "fr": "Mettre deux au crib"}
