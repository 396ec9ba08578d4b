"""Le 31 engine: positions worked out by hand for every move kind and every refusal of SPEC §1.d, team play,
rounds with leftovers and ties, the match to 31; and whole random rounds checked against the 11 points."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import IllegalMoveError, InconsistencyError, SetupError
from companion.games.base import Setup
from companion.games.le31.deck import DEFAULT_DECK
from companion.games.le31.engine import Le31Match, deal_virtual, partition
from companion.games.le31.ops import Build, Capture, Deal, Raise, Trail
from companion.games.le31.rules import Le31Rules

D = DEFAULT_DECK


def c(code: str):
    return D.parse(code)


def cs(text: str):
    return tuple(D.parse_many(text))


def table_match(table: str = "2B 3G 5Y 9R", players: int = 2, **rules) -> Le31Match:
    """A table-mode match, Ann dealing: Bob (seat 1) plays first."""
    names = ("Ann", "Bob", "Cy", "Di")[:players]
    m = Le31Match(Setup(names, Le31Rules(**rules), 0))
    m.apply(Deal(table=cs(table)))
    return m


def refused(m: Le31Match, op, words: str) -> None:
    with pytest.raises(IllegalMoveError) as info:
        m.apply(op)
    assert words in info.value.text("en"), info.value.text("en")
    assert info.value.text("fr") != info.value.text("en")


# ------------------------------------------------------------------ partition
def test_groups_that_add_up():
    assert [sorted(g, key=str) for g in partition(list(cs("2B 3G 1Y")), 6)] == [sorted(cs("2B 3G 1Y"), key=str)]
    assert partition(list(cs("7R 3G 4Y")), 7) is not None  # 7 and 3+4
    assert partition(list(cs("2B 3G")), 6) is None  # they make 5
    assert partition(list(cs("ER")), 6) is None


# ------------------------------------------------------------------ the deal
def test_the_first_deal_puts_four_cards_on_the_table_and_the_sixth_is_the_last():
    m = Le31Match(Setup(("Ann", "Bob"), Le31Rules(), 0))
    refused(m, Deal(table=cs("2B 3G 5Y")), "4 cards on the table, not 3")
    m.apply(Deal(table=cs("2B 3G 5Y 9R")))
    assert m.phase == "play" and m.r.turn == 1 and m.r.deals == 6
    refused(m, Trail(0, c("4R")), "it is Bob's turn")
    refused(m, Trail(1, c("2B")), "already on the table")


# ------------------------------------------------------------------ trail and capture
def test_trail_and_captures_of_equal_cards_and_of_sums():
    m = table_match("2B 3G 1Y 9R")
    m.apply(Capture(1, c("6R"), cs("2B 3G 1Y")))  # Bob's 6 takes 2 + 3 + 1
    assert m.r.piles[1] == list(cs("6R 2B 3G 1Y")) and m.r.loose == [c("9R")]
    m.apply(Capture(0, c("9B"), cs("9R")))  # Ann's 9 takes the 9: the table is empty, a récolte
    assert m.r.recoltes == [1, 0] and m.r.trail_only
    refused(m, Capture(1, c("4R"), ()), "may only lay a card down")
    m.apply(Trail(1, c("4R")))
    assert not m.r.trail_only and m.r.loose == [c("4R")]


def test_a_sum_that_does_not_make_the_card_is_refused():
    m = table_match("2B 3G 1Y 9R")
    refused(m, Capture(1, c("6R"), cs("2B 3G")), "a 6R cannot take 2B 3G: they do not make groups of 6")
    refused(m, Capture(1, c("6R"), cs("4R")), "not loose on the table")
    refused(m, Capture(1, c("6R"), ()), "at least one card or build")


def test_several_groups_at_once_or_one_at_a_time_by_house_rule():
    m = table_match("7B 3G 4Y 9R")
    m.apply(Capture(1, c("7R"), cs("7B 3G 4Y")))  # the 7 and 3 + 4
    assert len(m.r.piles[1]) == 4
    strict = table_match("7B 3G 4Y 9R", numeral_capture_multi=False)
    refused(strict, Capture(1, c("7R"), cs("7B 3G 4Y")), "one target at a time")
    strict.apply(Capture(1, c("7R"), cs("3G 4Y")))


def test_illustrated_cards_take_only_one_card_of_their_illustration():
    m = table_match("EB EG HR 9R")
    refused(m, Capture(1, c("ER"), cs("EB EG")), "exactly one card of the same illustration")
    refused(m, Capture(1, c("ER"), cs("HR")), "exactly one card of the same illustration")
    refused(m, Build(1, c("ER"), cs("9R"), 10), "never enters a build")
    m.apply(Capture(1, c("ER"), cs("EG")))
    assert m.r.piles[1] == list(cs("ER EG"))


# ------------------------------------------------------------------ builds, control, commitment, bluffs
def test_a_build_its_owner_must_take_it_next_turn_and_cannot_trail():
    m = table_match("5B 2G 9Y 9R")
    m.apply(Build(1, c("3R"), cs("5B"), 8))  # Bob: 3 on 5, « pour 8 »
    assert [(b.value, b.owner) for b in m.r.builds] == [(8, 1)]
    m.apply(Trail(0, c("4Y")))
    refused(m, Trail(1, c("6R")), "Bob built 8: Bob must take it this turn")
    refused(m, Capture(1, c("2R"), cs("2G")), "Bob built 8: Bob must take it this turn")
    m.apply(Capture(1, c("8G"), (), True))
    assert not m.r.builds and sorted(x.code for x in m.r.piles[1]) == ["3R", "5B", "8G"]


def test_without_the_commitment_an_owner_still_may_not_trail():
    m = table_match("5B 2G 9Y 9R", owner_must_capture_next_turn=False)
    m.apply(Build(1, c("3R"), cs("5B"), 8))
    m.apply(Trail(0, c("4Y")))
    refused(m, Trail(1, c("6R")), "you own the build of 8")
    m.apply(Capture(1, c("2R"), cs("2G")))  # another capture is fine without the commitment
    relaxed = table_match("5B 2G 9Y 9R", owner_must_capture_next_turn=False, trail_while_controlling_build=True)
    relaxed.apply(Build(1, c("3R"), cs("5B"), 8))
    relaxed.apply(Trail(0, c("4Y")))
    relaxed.apply(Trail(1, c("6R")))


def test_a_claim_backed_by_the_card_played_later_is_not_flagged():
    m = table_match("5B 2G 9Y 9R")
    m.apply(Build(1, c("3R"), cs("5B"), 8))  # Bob says « pour 8 »
    m.apply(Trail(0, c("4Y")))
    m.apply(Capture(1, c("8G"), (), True))  # he had the 8
    for seat, code in ((0, "4R"), (1, "6R"), (0, "4B"), (1, "7R")):
        m.apply(Trail(seat, c(code)))
    assert all(not e.warnings for e in m.events)


def test_a_bluff_in_table_mode_is_flagged_when_the_hand_is_revealed():
    m = table_match("5B 1G 1Y 2B", owner_must_capture_next_turn=False)
    m.apply(Build(1, c("3R"), cs("5B"), 8))  # Bob says « pour 8 »…
    m.apply(Trail(0, c("4Y")))
    m.apply(Capture(1, c("1R"), cs("1G")))  # he may not trail while he owns the build: he captures
    m.apply(Trail(0, c("4R")))
    m.apply(Capture(1, c("2R"), cs("2B")))
    m.apply(Trail(0, c("4B")))
    m.apply(Capture(1, c("4G"), cs("4Y")))  # his fourth card: his hand was 3R 1R 2R 4G, no 8
    [warning] = m.events[-1].warnings
    assert warning.text("en") == "Bob built 8 but held no 8"
    assert warning.text("fr") == "Bob a construit 8 sans tenir de 8"


def test_in_virtual_mode_a_bluff_is_refused_at_once():
    pack = list(DEFAULT_DECK.pack())
    first = cs("5B 2G 9Y 9R") + cs("3R 1R 2R 4G") + cs("4Y 4R 4B 3Y")  # table, Bob's hand, Ann's hand
    rest = [x for x in pack if x not in first]
    m = Le31Match(Setup(("Ann", "Bob"), Le31Rules(), 0, "virtual", 1))
    m.apply(Deal(deck=tuple(first) + tuple(rest)))
    assert sorted(x.code for x in m.hand(1)) == ["1R", "2R", "3R", "4G"]
    refused(m, Build(1, c("3R"), cs("5B"), 8), "must hold a card of 8 to build 8")
    m.apply(Build(1, c("2R"), cs("2G"), 4))  # he holds the green 4: « pour 4 » is honest
    assert m.r.builds[0].value == 4


def test_raise_another_players_single_build():
    m = table_match("5B 2G 9Y 9R")
    m.apply(Build(1, c("3R"), cs("5B"), 8))  # Bob « pour 8 »
    m.apply(Raise(0, c("2R"), 8))  # Ann adds her 2: « pour 10 », hers now
    assert [(b.value, b.owner) for b in m.r.builds] == [(10, 0)]
    refused(m, Raise(1, c("1R"), 10), "goes past 10")
    m.apply(Capture(1, c("2B"), cs("2G")))
    refused(m, Raise(0, c("1B"), 10), "you cannot raise your own build")


def test_a_raise_is_refused_on_ones_own_build_a_multiple_build_or_a_taken_value():
    m = table_match("5B 2G 3Y 9R", owner_must_capture_next_turn=False)
    m.apply(Build(1, c("3R"), cs("5B"), 8))
    m.apply(Trail(0, c("4Y")))
    refused(m, Raise(1, c("1R"), 8), "you cannot raise your own build")
    m2 = table_match("5B 3G 6Y 2R")
    m2.apply(Build(1, c("3R"), cs("5B 6Y 2R"), 8))  # 3+5 and 6+2: « multiple pour 8 »
    assert m2.r.builds[0].multiple
    refused(m2, Raise(0, c("1R"), 8), "a multiple build cannot be raised")
    m3 = table_match("5B 2G 9Y 1R")
    m3.apply(Build(1, c("3R"), cs("5B"), 8))
    m3.apply(Build(0, c("7R"), cs("2G"), 9))
    refused(table_match("5B 2G 9Y 1R"), Raise(1, c("1B"), 8), "no build of 8")
    assert len(m3.r.builds) == 2


def test_table_cards_join_a_raise_only_by_house_rule():
    m = table_match("5B 1G 9Y 9R")
    m.apply(Build(1, c("3R"), cs("5B"), 8))
    refused(m, Raise(0, c("1R"), 8, cs("1G")), "one card from the hand only")
    ok = table_match("5B 1G 9Y 9R", raise_may_absorb_table=True)
    ok.apply(Build(1, c("3R"), cs("5B"), 8))
    ok.apply(Raise(0, c("1R"), 8, cs("1G")))
    assert ok.r.builds[0].value == 10


# ------------------------------------------------------------------ team play
def test_partners_reinforce_pour_mon_partenaire_or_pour_moi():
    m = table_match("5B 2G 6Y 1R", players=4)  # Ann deals: Bob (1), Cy (2), Di (3), Ann (0)
    m.apply(Build(1, c("3R"), cs("5B"), 8))  # Bob « pour 8 »
    m.apply(Trail(2, c("4Y")))
    m.apply(Build(3, c("2R"), cs("6Y"), 8, for_partner=True))  # Di, Bob's partner: « pour mon partenaire »
    build = m.r.builds[0]
    assert build.multiple and build.owner == 1
    m.apply(Trail(0, c("4B")))
    m.apply(Capture(1, c("8G"), (), True))
    assert sorted(x.code for x in m.r.piles[1]) == ["2R", "3R", "5B", "6Y", "8G"]
    m2 = table_match("5B 2G 6Y 1R", players=4)
    m2.apply(Build(1, c("3R"), cs("5B"), 8))
    m2.apply(Trail(2, c("4Y")))
    m2.apply(Build(3, c("2R"), cs("6Y"), 8))  # « pour moi »: Di takes ownership
    assert m2.r.builds[0].owner == 3
    refused(table_match("5B 2G 6Y 1R"), Build(1, c("2R"), cs("6Y"), 8, True), "a build of your partner")


def test_a_build_needs_a_table_card_and_groups_that_add_up():
    m = table_match("5B 2G 6Y 1R")
    refused(m, Build(1, c("8R"), (), 8), "at least one table card")
    refused(m, Build(1, c("3R"), cs("2G"), 8), "do not make groups of 8")
    refused(m, Build(1, c("3R"), cs("5B"), 11), "2 to 10")


# ------------------------------------------------------------------ a whole round and the match
def _play_round_virtually(m: Le31Match, rng: random.Random) -> None:
    while m.phase in ("deal", "play"):
        if m.phase == "deal":
            m.apply(deal_virtual(m, m.setup.seed))
            continue
        seat = m.r.turn
        options = [op for card in m.hand(seat) for op in m.readings(seat, card)]
        assert options, "a player always has a legal play"
        m.apply(rng.choice(options))
        if m.r.deal == 0 and m.phase == "deal":
            return


def _round_over(m: Le31Match, before: int) -> bool:
    return len(m.rounds) > before


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 4]))
def test_random_virtual_rounds_keep_every_card_and_the_eleven_points(seed, players):
    names = ("Ann", "Bob", "Cy", "Di")[:players]
    m = Le31Match(Setup(names, Le31Rules(), 0, "virtual", seed))
    rng = random.Random(seed)
    m.apply(deal_virtual(m, seed))
    while not m.rounds and m.phase != "match_over":
        if m.phase == "deal":
            m.apply(deal_virtual(m, seed))
            continue
        seat = m.r.turn
        r = m.r
        on_table = len(r.loose) + sum(len(b.cards) for b in r.builds)
        in_hands = sum(len(h) for h in r.hands)
        assert on_table + in_hands + len(r.stock) + sum(len(p) for p in r.piles) == DEFAULT_DECK.size
        options = [op for card in m.hand(seat) for op in m.readings(seat, card)]
        assert options
        m.apply(rng.choice(options))
    result = m.rounds[0]
    ties = 3 * (result[0].cards == result[1].cards) + (result[0].red == result[1].red)
    recoltes = sum(1 for side in result for item in side.items if item.kind == "recolte")
    assert result[0].points + result[1].points == 11 - ties + recoltes
    assert result[0].cards + result[1].cards == 52


def test_two_sides_past_31_in_one_round_the_higher_wins_and_an_exact_tie_plays_on():
    m = Le31Match(Setup(("Ann", "Bob"), Le31Rules(), 0))
    m.points = [28, 29]
    m.r.piles = [list(DEFAULT_DECK.pack()[:27]), list(DEFAULT_DECK.pack()[27:])]
    m.phase = "play"
    m.r.deal = m.r.deals
    extra, _, _ = m._end_round()
    result = m.rounds[-1]
    assert (m.points[0], m.points[1]) == (28 + result[0].points, 29 + result[1].points)
    assert m.phase == "match_over" and m.outcome.winners == ((0,) if m.points[0] > m.points[1] else (1,))
    tie = Le31Match(Setup(("Ann", "Bob"), Le31Rules(), 0))
    # Sides end on 33-33: another round.
    first = list(DEFAULT_DECK.pack()[:27])
    second = list(DEFAULT_DECK.pack()[27:])
    from companion.games.le31.scoring import tally
    points = [s.points for s in tally(DEFAULT_DECK, [first, second])]
    tie.points = [33 - points[0], 33 - points[1]]
    tie.r.piles = [first, second]
    tie.r.deal = tie.r.deals
    tie._end_round()
    assert tie.points == [33, 33] and tie.phase == "deal" and tie.outcome is None and tie.r.number == 2


def test_a_setup_for_three_players_is_refused():
    with pytest.raises(SetupError):
        Le31Match(Setup(("Ann", "Bob", "Cy"), Le31Rules(), 0))


def test_a_card_seen_this_round_cannot_come_again():
    m = table_match("2B 3G 5Y 9R")
    m.apply(Trail(1, c("4R")))
    with pytest.raises(InconsistencyError):
        m.apply(Trail(0, c("4R")))


def test_quick_tally_keeps_a_match_from_the_counts_of_each_round():
    from companion.games.le31.ops import QuickRound

    m = Le31Match(Setup(("Ann", "Bob"), Le31Rules(), 0))
    # Ann: 27 cards, all 13 red, two 1s, the red 2 and the green 10, one récolte: 3 + 1 + 1 + 2 + 2 + 1 = 10.
    m.apply(QuickRound((27, 25), (13, 0), (2, 2), 0, 0, (1, 0)))
    assert m.points == [10, 2] and m.r.number == 2 and m.r.dealer == 1
    refused_sum = QuickRound((27, 24), (13, 0), (2, 2), 0, 0)
    with pytest.raises(InconsistencyError) as info:
        m.apply(refused_sum)
    assert "add up to 52" in info.value.text("en")
    with pytest.raises(InconsistencyError):
        m.apply(QuickRound((26, 26), (13, 0), (2, 2), None, 0))  # the red 2 is somewhere
    m.apply(QuickRound((26, 26), (7, 6), (4, 0), 0, 0, (3, 0)))  # a tie on cards: Ann 1 + 1 + 2 + 4 + 3 = 11
    assert m.points == [21, 2]
    m.apply(QuickRound((30, 22), (10, 3), (3, 1), 0, 1, (0, 0)))  # Ann 3 + 1 + 1 + 3 = 8, Bob 2 + 1 = 3
    assert m.points == [29, 5] and m.phase == "deal"
    m.apply(QuickRound((30, 22), (10, 3), (3, 1), 0, 1, (0, 0)))
    assert m.points == [37, 8] and m.phase == "match_over" and m.outcome.winners == (0,)


def test_quick_tally_refuses_piles_no_deck_can_make():
    from companion.games.le31.ops import QuickRound

    # The default deck: 4 colours × 1..10 and 3 illustrations × 4 colours = 52 cards; 13 red (one of them a 1
    # and one the red 2); four 1s.
    m = Le31Match(Setup(("Ann", "Bob"), Le31Rules(), 0))
    impossible = [
        QuickRound((2, 50), (10, 3), (4, 0), 0, 0),  # 2 cards cannot hold 10 red cards (the probe's 8–3 round)
        QuickRound((5, 47), (1, 12), (4, 0), 0, 0),  # 4 ones + the red 2 + the green 10 = 6 cards, not 5
        QuickRound((20, 32), (0, 13), (0, 4), 0, None),  # the red 2 in a pile without a red card
        QuickRound((20, 32), (13, 0), (0, 4), 0, 0),  # all 13 red without the red 1: the red 1 is a 1
        QuickRound((3, 49), (1, 12), (1, 3), 0, 0, (2, 0)),  # 2 récoltes take 4 cards at least
    ]
    for op in impossible:
        with pytest.raises(InconsistencyError) as info:
            m.apply(op)
        assert info.value.text("fr") != info.value.text("en")
    assert "cannot hold 10 red cards" in _said(m, impossible[0])
    assert m.points == [0, 0] and not m.log
    m.apply(QuickRound((6, 46), (2, 11), (4, 0), 0, 0))  # 1R, 2R, 1G, 1B, 1Y, 10G: possible
    assert m.points == [1 + 2 + 4, 3 + 1]


def _said(m, op) -> str:
    try:
        m.apply(op)
    except InconsistencyError as error:
        return error.text("en")
    return ""


def test_counting_out_wins_with_enough_secured_points_and_a_wrong_claim_loses():
    from companion.games.le31.ops import CountOut

    m = table_match("2R 10G 9Y 5B", count_out=True)
    m.points = [29, 20]
    m.apply(Capture(1, c("2B"), cs("2R")))  # Bob takes the red 2
    refused(table_match(), CountOut(1), "not a rule of this match")
    m.apply(Capture(0, c("10R"), cs("10G")))  # Ann takes the green 10: 2 secured
    assert m.secured(0) == 2 and m.secured(1) == 1
    m.apply(CountOut(0))  # 29 + 2 = 31
    assert m.phase == "match_over" and m.outcome.winners == (0,) and m.points[0] == 31
    wrong = table_match("2R 10G 9Y 5B", count_out=True)
    wrong.points = [29, 20]
    wrong.apply(Capture(1, c("2B"), cs("2R")))
    wrong.apply(CountOut(1))  # Bob: 20 + 1 = 21, short of 31: he loses the match
    assert wrong.outcome.winners == (0,)
    assert "the claim loses the match" in wrong.events[-1].text.text("en")


def test_a_build_is_said_in_each_players_language():
    """A player found « pour 8 » in the English log: the play dialog says « for 8 », and so does the log now."""
    m = table_match("5B 2G 9Y 9R")
    m.apply(Build(1, c("3R"), cs("5B"), 8))
    event = m.events[-1]
    assert event.text.text("en").endswith("« for 8 »") and event.text.text("fr").endswith("« pour 8 »")


def test_an_illustrations_name_on_a_key_is_cut_with_a_dot():
    from companion.games.le31.deck import key_name

    faces = [face.label.text("en") for face in D.spec().ranks]
    assert faces[-3:] == ["Estr.", "Hort.", "Orqu."] and faces[:10] == [str(n) for n in range(1, 11)]
    assert key_name("Rosa") == "Rosa"
