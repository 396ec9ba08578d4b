"""Cribbage operations as they are saved: JSON round trips, whole-match replays, unreadable entries."""

from __future__ import annotations

import json
import random

import pytest

from companion.core.cards import parse_card, parse_cards, standard_deck
from companion.core.errors import IllegalMoveError, NotationError
from companion.games.cribbage.engine import CribbageMatch, Setup
from companion.games.cribbage.ops import (
    OPS,
    Crib,
    Cut,
    Deal,
    Discard,
    EndDeal,
    Go,
    Muggins,
    NewGame,
    Op,
    Play,
    Points,
    Show,
    op_from_json,
)
from companion.games.cribbage.players import play_out
from companion.games.cribbage.rules import CribbageRules


def cards(text: str):
    return tuple(parse_cards(text))


SAMPLES: list[Op] = [
    Deal(None),
    Deal(tuple(reversed(standard_deck()))),
    Discard(1, cards("5H 10D")),
    Discard(0, cards("QS")),
    Cut(parse_card("JC")),
    Play(2, parse_card("10S")),
    Play(0, parse_card("AH")),
    Go(3),
    Show(1, cards("7C 6D QS 9C")),
    Show(0, cards("8H 10C QH KD"), claimed=7),
    Show(2, cards("AS 2S 3S 4S"), claimed=0),
    Crib(cards("4H 4C 6S JS")),
    Crib(cards("4H 4C 6S JS"), claimed=14),
    Muggins(None),
    Muggins(1),
    Points(0, 5),
    Points(1, 31, "forgotten crib, oublié"),
    EndDeal(),
    NewGame(),
]


@pytest.mark.parametrize("op", SAMPLES, ids=lambda op: f"{op.name}")
def test_every_operation_round_trips_through_json(op):
    data = op.to_json()
    assert data["op"] == op.name
    text = json.dumps(data, ensure_ascii=False)
    back = op_from_json(json.loads(text))
    assert back == op and type(back) is type(op)
    assert back.to_json() == data


def test_the_samples_cover_every_operation_type():
    assert {op.name for op in SAMPLES} == set(OPS)
    assert all(OPS[name].name == name for name in OPS)


def test_cards_are_saved_in_canonical_notation():
    assert Play(1, parse_card("T♦")).to_json() == {"op": "play", "seat": 1, "card": "10D"}
    assert Show(0, cards("AS 2H 3D 4C")).to_json() == {"op": "show", "seat": 0, "cards": ["AS", "2H", "3D", "4C"],
                                                       "claimed": None}
    assert Deal(None).to_json() == {"op": "deal", "deck": None}
    assert EndDeal().to_json() == {"op": "end_deal"}


def test_saved_operations_without_their_defaults_still_read():
    assert op_from_json({"op": "show", "seat": 1, "cards": ["7C", "6D", "QS", "9C"]}) == Show(1, cards("7C 6D QS 9C"))
    assert op_from_json({"op": "points", "side": 0, "points": 3}) == Points(0, 3)
    assert op_from_json({"op": "deal"}) == Deal(None)
    assert op_from_json({"op": "play", "seat": 0, "card": "5h", "extra": 1}) == Play(0, parse_card("5H"))


@pytest.mark.parametrize(("players", "mode", "scoring", "games"), [
    (2, "casual", "casual", 2),
    (3, "individual", "acc_tournament", 1),
    (4, "teams", "casual", 1),
    (4, "individual", "casual", 1),
])
def test_a_whole_logged_match_replays_from_json(players, mode, scoring, games):
    rules = CribbageRules(players=players, four_player_mode="individual" if mode == "individual" else "teams",
                          match_scoring=scoring, games_to_win=games)
    names = ("Ann", "Ben", "Cat", "Dan")[:players]
    setup = Setup(names, rules, first_dealer=1, mode="virtual", seed=2026)
    match = play_out(CribbageMatch(setup), random.Random(players))
    assert match.phase == "match_over"
    saved = json.dumps({"setup": setup.to_json(), "ops": [op.to_json() for op in match.log]}, ensure_ascii=False)
    loaded = json.loads(saved)
    replayed = CribbageMatch.replay(Setup.from_json(loaded["setup"]), loaded["ops"])
    assert replayed.log == match.log
    assert replayed.scores == match.scores and replayed.pegs == match.pegs
    assert replayed.game_points == match.game_points and replayed.games == match.games
    assert replayed.phase == "match_over" and replayed.match_winner == match.match_winner
    assert [e.scores for e in replayed.events] == [e.scores for e in match.events]


def test_a_table_match_replays_from_json():
    setup = Setup(("Alice", "Bob"), CribbageRules(manual_counting=True, muggins=True))
    match = CribbageMatch(setup)
    match.apply(match.make_deal())
    match.apply(Cut(parse_card("5S")))
    for seat, card in [(1, "7C"), (0, "8H"), (1, "6D"), (0, "10C"), (1, "QS"), (0, "QH"), (1, "9C")]:
        match.apply(Play(seat, parse_card(card)))
    match.apply(Go(0))
    match.apply(Play(0, parse_card("KD")))
    match.apply(Show(1, tuple(cards("7C 6D QS 9C")), 5))
    match.apply(Muggins(0))
    match.apply(Show(0, tuple(cards("8H 10C QH KD"))))
    match.apply(Crib(tuple(cards("4H 4C 6S JS"))))
    match.apply(Points(1, 3, "note"))
    text = json.dumps([op.to_json() for op in match.log])
    replayed = CribbageMatch.replay(setup, json.loads(text))
    # pegging 7 / 4 (see test_cribbage_engine), Bob claims 5 of 7, Alice takes 2, hand 6, crib 15, Bob +3
    assert replayed.scores == match.scores == [7 + 2 + 6 + 15, 4 + 5 + 3]
    assert replayed.pegs == match.pegs and replayed.dealer == match.dealer == 1


@pytest.mark.parametrize("data", [
    {},
    {"op": "fly"},
    {"op": None},
    {"seat": 1, "card": "5H"},
    {"op": "play", "seat": 0},  # no card
    {"op": "play", "seat": 0, "card": "5X"},
    {"op": "play", "seat": 0, "card": None},
    {"op": "play", "seat": 0, "card": 5},
    {"op": "play", "seat": "one", "card": "5H"},
    {"op": "play", "seat": None, "card": "5H"},
    {"op": "play", "seat": 1.5, "card": "5H"},
    {"op": "go"},
    {"op": "show", "seat": 0, "cards": 5},
    {"op": "show", "seat": 0, "cards": ["5H", "ZZ"]},
    {"op": "show", "seat": 0, "cards": ["5H"], "claimed": "seven"},
    {"op": "crib", "cards": "4H 4C 6S JS"},
    {"op": "deal", "deck": ["5H", "nope"]},
    {"op": "cut"},
    {"op": "muggins"},
    {"op": "muggins", "side": "Bob"},
    {"op": "points", "side": 0, "points": "7"},
    {"op": "points", "side": 0, "points": 7, "note": 3},
    {"op": "discard", "seat": 0, "cards": None},
    "play 5H",
    None,
    ["play", 0, "5H"],
    42,
])
def test_unreadable_operations_raise_notation_errors(data):
    with pytest.raises(NotationError) as err:
        op_from_json(data)
    assert err.value.text("en").startswith("unreadable operation")
    assert err.value.text("fr").startswith("opération illisible")


def test_a_readable_but_illegal_saved_operation_is_a_rules_error():
    setup = Setup(("Alice", "Bob"))
    with pytest.raises(IllegalMoveError) as err:
        CribbageMatch.replay(setup, [{"op": "deal", "deck": None}, {"op": "play", "seat": 1, "card": "5H"}])
    assert not isinstance(err.value, NotationError)
    with pytest.raises(IllegalMoveError):
        CribbageMatch.replay(setup, [{"op": "deal", "deck": ["5H"] * 52}])
