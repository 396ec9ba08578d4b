"""What a Le 31 seat sees and may do (``companion.games.seats``; issue 38), worked out by hand from the rules (SPEC
§1.d): for given positions, exactly these readings (trail, capture, build, raise) with these plays, legal and
illegal ones named; a seat's view holds its own cards and no other; at a real table no hand is known, the seat to play
may play any card not seen yet, and the deal and the quick tally are the keeper's, nobody's choice."""

from __future__ import annotations

import json

import pytest

from companion.core.errors import IllegalMoveError
from companion.games import registry
from companion.games.base import Setup
from companion.games.le31.deck import DEFAULT_DECK
from companion.games.le31.engine import Le31Match
from companion.games.le31.ops import Build, Capture, CountOut, Deal, QuickRound, Raise, Trail
from companion.games.le31.players import choose, legal_plays, next_op, position_rng, table_entries
from companion.games.le31.rules import Le31Rules
from companion.games.le31.seat import BuildKey
from companion.games.seats import Choice, same_move
from tests.helpers.seat_checks import SeatChecker, Tally, play_virtual, virtual_match

D = DEFAULT_DECK


def c(code: str):
    return D.parse(code)


def cs(text: str) -> tuple:
    return tuple(D.parse_many(text))


def codes(cards) -> list[str]:
    return sorted(card.code for card in cards)


def dealt(*hands: str, players: int = 2, **rules) -> Le31Match:
    """A virtual match, Ann dealing, from a pack that starts with the table's four cards then each hand in the order
    they are dealt (from the dealer's left: Bob, [Cy, Di,] Ann)."""
    names = ("Ann", "Bob", "Cy", "Di")[:players]
    m = Le31Match(Setup(names, Le31Rules(**rules), 0, "virtual", 1))
    first = [card for hand in hands for card in cs(hand)]
    m.apply(Deal(deck=tuple(first + [card for card in D.pack() if card not in first])))
    return m


def at_table(table: str = "2B 3G 5Y 9R", players: int = 2, **rules) -> Le31Match:
    """A real table's match, Ann dealing, the first deal entered: Bob (seat 1) plays first."""
    m = Le31Match(Setup(("Ann", "Bob", "Cy", "Di")[:players], Le31Rules(**rules), 0))
    m.apply(Deal(table=cs(table)))
    return m


def by_name(m: Le31Match, seat: int) -> dict[str, Choice]:
    return {choice.name: choice for choice in m.choices(seat)}


def same(ops, expected) -> bool:
    """The same plays, whatever the order (and the order of their table cards)."""
    ops, expected = list(ops), list(expected)
    return len(ops) == len(expected) and all(any(same_move(a, b) for b in expected) for a in ops) and all(
        any(same_move(a, b) for a in ops) for b in expected)


# ------------------------------------------------------------------ virtual play: a position worked by hand
# The table 2B 3G 5Y 9R; Bob holds 5R 8G EB 1Y, Ann 4R 6Y 7B 10B; Bob plays first.
TABLE, BOB, ANN = "2B 3G 5Y 9R", "5R 8G EB 1Y", "4R 6Y 7B 10B"


def test_the_seat_to_play_is_offered_exactly_its_readings_and_their_plays():
    m = dealt(TABLE, BOB, ANN)
    offered = by_name(m, 1)
    assert list(offered) == ["trail", "capture", "build"]  # no build on the table: nothing to raise
    assert all(choice.kind == "card_table" and codes(choice.table) == codes(cs(TABLE)) for choice in offered.values())
    # Any card may be laid down.
    assert codes(offered["trail"].cards) == codes(cs(BOB))
    assert same(offered["trail"].options(), [Trail(1, card) for card in cs(BOB)])
    # The 5 takes the 5, or 2+3, or both groups at once (Cassino's default); the 8 takes 3+5. The Estrelizia finds
    # no twin, and no 1 lies there.
    assert codes(offered["capture"].cards) == ["5R", "8G"]
    assert same(offered["capture"].options(), [Capture(1, c("5R"), cs("5Y")), Capture(1, c("5R"), cs("2B 3G")),
                                               Capture(1, c("5R"), cs("2B 3G 5Y")), Capture(1, c("8G"), cs("3G 5Y"))])
    # « Pour N » only for a value still held: 5 on 3 « pour 8 » and 1 on 2+5 « pour 8 » (the 8G kept). The 8 builds
    # nothing (no 9 or 10 held) and the 5 cannot build 5 (no other 5 held).
    assert codes(offered["build"].cards) == ["1Y", "5R"]
    assert same(offered["build"].options(), [Build(1, c("5R"), cs("3G"), 8), Build(1, c("1Y"), cs("2B 5Y"), 8)])
    assert offered["build"].numbers == (2, 10) and offered["build"].targets == ()  # no partner at two
    assert m.options(1) and all(m.can(op) for op in m.options(1))


def test_plays_left_out_of_the_readings_are_illegal_and_say_why():
    m = dealt(TABLE, BOB, ANN)
    refusals = {Build(1, c("8G"), cs("2B"), 10): "you must hold a card of 10",  # a bluff
                Capture(1, c("EB"), cs("9R")): "illustrated card takes exactly one card of the same illustration",
                Capture(1, c("5R"), cs("2B")): "do not make groups of 5",
                Raise(1, c("1Y"), 8): "no build of 8",
                Trail(1, c("4R")): "not in Bob's hand"}
    for op, why in refusals.items():
        assert not any(choice.admits(op) for choice in m.choices(1))
        with pytest.raises(IllegalMoveError) as error:
            m.verify(op)
        assert why in error.value.text("en")


def test_nobody_else_is_offered_anything_and_nothing_before_the_deal():
    m = dealt(TABLE, BOB, ANN)
    assert m.awaiting() == (1,) and m.choices(0) == [] and m.choices(5) == []
    fresh = Le31Match(Setup(("Ann", "Bob"), Le31Rules(), 0, "virtual", 1))
    assert fresh.awaiting() == () and all(fresh.choices(seat) == [] for seat in (0, 1))  # the deal is the app's


def test_an_answer_tapped_card_then_table_cards_becomes_the_play():
    m = dealt(TABLE, BOB, ANN)
    offered = by_name(m, 1)
    assert offered["capture"].answer([c("5R")], [c("3G"), c("2B")]) == Capture(1, c("5R"), cs("3G 2B"))
    assert offered["build"].answer([c("5R")], [c("3G")], number=8) == Build(1, c("5R"), cs("3G"), 8)
    assert offered["trail"].answer([c("EB")]) == Trail(1, c("EB"))
    for op in (offered["capture"].answer([c("5R")], [c("3G"), c("2B")]),
               offered["build"].answer([c("5R")], [c("3G")], number=8)):
        m.verify(op)
    bad = {("trail", (c("EB"),), (c("9R"),), None): "a card laid down takes no table card",
           ("build", (c("5R"),), (c("3G"),), None): "say the build's value",
           ("capture", (c("5R"), c("8G")), (c("3G"),), None): "play one card of the hand",
           ("capture", (c("5R"),), (BuildKey(8),), None): "a 5R takes only the build of 5"}
    for (name, cards, table, number), why in bad.items():
        with pytest.raises(IllegalMoveError) as error:
            offered[name].answer(cards, table, number=number)
        assert why in error.value.text("en") and error.value.text("fr") != error.value.text("en")


def test_a_builder_must_take_his_build_next_turn_and_another_player_may_raise_it():
    m = dealt(TABLE, BOB, ANN)
    m.apply(Build(1, c("5R"), cs("3G"), 8))  # Bob: 5 on 3 « pour 8 »
    ann = by_name(m, 0)
    # Ann (4R 6Y 7B 10B) cannot raise Bob's 8: each of her cards takes it past 10. Her 7 takes 2+5; her 4 on the 2
    # is « pour 6 » (she holds the 6); nothing else adds up to a value she holds. She owns no build: she may lay down.
    assert "raise" not in ann and "trail" in ann
    assert same(ann["build"].options(), [Build(0, c("4R"), cs("2B"), 6)])
    assert same(ann["capture"].options(), [Capture(0, c("7B"), cs("2B 5Y"))])
    m.apply(Trail(0, c("10B")))
    bob = by_name(m, 1)
    # « Tu t'engages à ramasser »: Bob's only play is the 8 taking his build (the loose 3 and 5 went into it; 5Y
    # 9R 2B 10B make no other 8).
    assert list(bob) == ["capture"] and codes(bob["capture"].cards) == ["8G"]
    assert same(bob["capture"].options(), [Capture(1, c("8G"), (), True)])
    assert bob["capture"].answer([c("8G")], [BuildKey(8)]) == Capture(1, c("8G"), (), True)
    assert json.loads(json.dumps(bob["capture"].to_json()))["table"] == ["2B", "5Y", "9R", "10B", "[8]"]


def test_after_a_recolte_the_next_player_may_only_lay_a_card_down():
    m = dealt("2B 3G 4Y 1R", "10R 8G EB 1Y", "4R 6Y 7B 10B")
    m.apply(Capture(1, c("10R"), cs("2B 3G 4Y 1R")))  # the whole table: a récolte
    assert m.r.trail_only and list(by_name(m, 0)) == ["trail"]


def test_a_raise_is_offered_on_another_players_single_build():
    m = dealt("2B 3G 9Y 9R", "5R 8G 1B 1Y", "1R 9G 7B 10B")
    m.apply(Build(1, c("5R"), cs("3G"), 8))  # Bob « pour 8 »
    raise_ = by_name(m, 0)["raise"]
    # Ann adds her 1 to Bob's 8 and says « 9 »: she holds a 9. Her 7 or her 10 would take it past 10.
    assert codes(raise_.cards) == ["1R"] and same(raise_.options(), [Raise(0, c("1R"), 8)])
    assert raise_.answer([c("1R")], [BuildKey(8)]) == Raise(0, c("1R"), 8)
    with pytest.raises(IllegalMoveError):
        raise_.answer([c("1R")], [])  # which build?


def test_with_partners_a_build_says_for_me_or_for_my_partner():
    # The French text's example: on 8, 6, 3 Bob lays a 1 on the 6 and the 3, « pour 10 » (he holds a 10); his
    # partner Di, holding a 2 and a 10, may lay the 2 on the 8: « 10 pour mon partenaire » or « 10 pour moi ».
    m = dealt("8B 6G 3Y EB", "1R 10R 4B 4G", "HG HY OY 7B", "2R 10Y 6B 9G", "OR OB HB EY", players=4)
    m.apply(Build(1, c("1R"), cs("6G 3Y"), 10))
    m.apply(Trail(2, c("HG")))
    build = by_name(m, 3)["build"]
    assert [t.text("fr") for t in build.targets] == ["« pour moi »", "« pour mon partenaire »"]
    for_partner = build.answer([c("2R")], [c("8B")], number=10, target=1)
    assert for_partner == Build(3, c("2R"), cs("8B"), 10, True) and m.can(for_partner)
    assert build.answer([c("2R")], [c("8B")], number=10, target=0) == Build(3, c("2R"), cs("8B"), 10)
    assert build.answer([c("2R")], [c("8B"), BuildKey(10)]) == Build(3, c("2R"), cs("8B"), 10)  # tapped: its value
    assert {Build(3, c("2R"), cs("8B"), 10, True), Build(3, c("2R"), cs("8B"), 10)} <= set(build.options())
    assert Capture(3, c("10Y"), (), True) in by_name(m, 3)["capture"].options()


# ------------------------------------------------------------------ views
def test_a_seat_sees_its_own_hand_and_the_table_and_no_other_card():
    m = dealt(TABLE, BOB, ANN)
    m.apply(Build(1, c("5R"), cs("3G"), 8))
    view = json.loads(json.dumps(m.view(1).to_json()))
    assert sorted(view["hand"]) == ["1Y", "8G", "EB"] and view["awaiting"] == [0] and view["dealer"] == 0
    table = view["table"]
    assert table["loose"] == ["2B", "5Y", "9R"]
    assert table["builds"] == [{"value": 8, "cards": ["5R", "3G"], "groups": [["5R", "3G"]], "owner": 1,
                                "multiple": False}]
    assert table["must_take"] == [{"seat": 1, "value": 8}] and table["hands"] == [4, 3] and table["stock"] == 40
    assert table["piles"] == [0, 0] and table["recoltes"] == [0, 0] and table["turn"] == 0
    text = json.dumps(view)
    assert not any(f'"{card.code}"' in text for card in cs(ANN))  # not one of Ann's cards
    assert sorted(m.view(0).to_json()["hand"]) == sorted(ANN.split())
    assert m.view(None).hand is None and m.view(None).table == m.view(1).table


def test_at_a_real_table_no_hand_is_known():
    m = at_table()
    assert m.view(1).hand is None and m.view(None).hand is None
    assert m.view(1).table["loose"] == ["2B", "3G", "5Y", "9R"] and m.view(1).table["stock"] == 40


# ------------------------------------------------------------------ at a real table
def test_at_a_real_table_the_seat_to_play_may_play_any_card_not_seen_yet():
    m = at_table(count_out=True)
    offered = by_name(m, 1)
    assert list(offered) == ["trail", "capture", "build", "count_out"] and m.choices(0) == []
    unseen = [card for card in D.pack() if card not in cs("2B 3G 5Y 9R")]
    assert codes(offered["trail"].cards) == codes(unseen)
    # What takes something: a 2, a 3, a 9 (their twins), a 5 (the 5 or 2+3), a 7 (2+5), an 8 (3+5), a 10 (2+3+5);
    # never a card on the table.
    assert sorted({card.value for card in offered["capture"].cards}) == [2, 3, 5, 7, 8, 9, 10]
    assert len(offered["capture"].cards) == 24 and not set(offered["capture"].cards) & set(cs("2B 3G 5Y 9R"))
    # Any copy of a value may be taken: the plays are not listed, an answer is checked by the rules.
    assert all(choice.options() is None for name, choice in offered.items() if name != "count_out")
    assert offered["capture"].admits(Capture(1, c("5B"), cs("5Y"))) and m.can(Capture(1, c("5B"), cs("5Y")))
    assert offered["count_out"].options() == [CountOut(1)]


def test_at_a_real_table_the_deal_and_the_quick_tally_are_the_keepers():
    m = Le31Match(Setup(("Ann", "Bob"), Le31Rules(count_out=True), 0))
    assert m.to_act == 0 and all(m.choices(seat) == [] for seat in (0, 1))  # the four table cards: the keeper's
    m.apply(QuickRound((30, 22), (7, 6), (3, 1), 0, 1, (1, 0)))  # a whole round counted by the keeper
    assert m.phase == "deal" and all(m.choices(seat) == [] for seat in (0, 1))


# ------------------------------------------------------------------ the computer players
def test_the_computer_players_choose_among_the_choices(monkeypatch):
    m = dealt(TABLE, BOB, ANN)
    assert same(legal_plays(m, 1), m.options(1))
    only_trail = Le31Match.choices

    def trails_only(self, seat):
        return [choice for choice in only_trail(self, seat) if choice.name == "trail"]

    monkeypatch.setattr(Le31Match, "choices", trails_only)
    for level in ("easy", "normal", "hard"):  # each would take something if it were offered
        assert isinstance(choose(m, 1, level, position_rng(m, 1)), Trail)


def test_the_computer_players_weigh_the_plays_card_by_card_as_before():
    """Ties between plays are broken in the order the hand holds the cards, then laid down, taken, built, raised:
    the order the players always used, so a seeded match plays the same."""
    m = dealt(TABLE, BOB, ANN)
    assert legal_plays(m, 1) == [op for card in m.hand(1) for op in m.readings(1, card)]


# ------------------------------------------------------------------ the harness, with Le 31's own cards
def test_a_view_naming_another_seats_card_is_caught_with_le31s_deck(monkeypatch):
    m = dealt(TABLE, BOB, ANN)
    table = Le31Match.public_table
    monkeypatch.setattr(Le31Match, "public_table", lambda self: {**table(self), "peek": [card.code for card in
                                                                                        self.hand(0)]})
    tally = Tally()
    SeatChecker(m, tally, "leaky").check_views(range(2))
    assert any("names 4R" in failure for failure in tally.failures)


def test_four_players_answer_at_every_step_virtual_and_at_a_real_table():
    game = registry.get("le31")
    tally = Tally()
    for seed in (1, 2):
        play_virtual(game, seed, tally, players=4, level="normal")
        virtual = virtual_match(game, seed, players=4)
        while (op := next_op(virtual, list(virtual.setup.seats))) is not None:
            virtual.apply(op)
        table = Le31Match(Setup(virtual.names, virtual.rules, virtual.setup.first_dealer, "table"))
        checker = SeatChecker(table, tally, f"table of 4, seed {seed}")
        for op in table_entries(virtual):
            checker.check_step(op, checker.check_views(range(4)))
            table.apply(op)
    assert tally.failures == [] and tally.steps > 400
