"""The cribbage match engine held to the rules (SPEC §5) with deals worked out by hand.

Every expected number below is worked out in the comments next to it, from the
rules, never by running the engine. Table mode unless a test says otherwise.
Seats: in a 2-player match seat 0 is Alice, seat 1 is Bob; with first_dealer=0
Alice deals and Bob (the pone, on her left) leads and counts first.
"""

from __future__ import annotations

import random

import pytest

from companion.core.cards import Card, parse_card, parse_cards, standard_deck
from companion.core.errors import IllegalMoveError, InconsistencyError, SetupError
from companion.games.cribbage.engine import CRIB, CribbageMatch, GameResult, Setup
from companion.games.cribbage.ops import Crib, Cut, Deal, Discard, EndDeal, Go, Muggins, NewGame, Play, Points, Show
from companion.games.cribbage.players import play_out, play_turn
from companion.games.cribbage.rules import CribbageRules

NAMES = {2: ("Alice", "Bob"), 3: ("Ann", "Ben", "Cat"), 4: ("North", "East", "South", "West")}


def C(code: str) -> Card:
    return parse_card(code)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def table(players: int = 2, first_dealer: int = 0, **rules) -> CribbageMatch:
    rules.setdefault("games_to_win", 3)  # so that a won game is "game_over", not yet "match_over"
    return CribbageMatch(Setup(NAMES[players], CribbageRules(players=players, **rules), first_dealer, "table"))


def virtual(players: int = 2, seed: int = 1, first_dealer: int = 0, **rules) -> CribbageMatch:
    return CribbageMatch(Setup(NAMES[players], CribbageRules(players=players, **rules), first_dealer, "virtual", seed))


def move(match: CribbageMatch, seat: int, what: str) -> None:
    if what == "go":
        match.apply(Go(seat))
    else:
        match.apply(Play(seat, C(what)))


def peg_log(match: CribbageMatch) -> list[tuple[int, int, str]]:
    """(side, points, reason) pegged by the last operation."""
    return [(s.side, s.points, s.reason.text("en")) for s in match.events[-1].scores]


def state(match: CribbageMatch) -> tuple:
    """What a player sees of a match: enough to tell two states apart."""
    return (
        tuple(match.scores), tuple(match.pegs), match.phase, match.dealer, tuple(match.game_points),
        match.game_number, match.deal_number, match.turn, match.count, tuple(match.current), match.next_to_show,
        match.pending_muggins, match.starter, tuple(tuple(match.played(s)) for s in range(match.players)),
        tuple(match.hand(s) for s in range(match.players)), tuple(match.games), tuple(match.log),
        tuple((e.op, e.scores, e.warnings) for e in match.events),
    )


# --------------------------------------------------------------------------- a complete deal
# Alice deals; Bob leads. Starter 5♠.
# Bob holds 7♣ 6♦ Q♠ 9♣, Alice holds 8♥ 10♣ Q♥ K♦, the crib is 4♥ 4♣ 6♠ J♠.
STARTER = "5S"
BOB_HAND = "7C 6D QS 9C"
ALICE_HAND = "8H TC QH KD"
CRIB_CARDS = "4H 4C 6S JS"
# (seat, card or go, count after, Alice's pegs (front, back), Bob's pegs, whose turn after)
FULL_PEGGING = [
    (1, "7C", 7, (0, 0), (0, 0), 0),  # 7: nothing
    (0, "8H", 15, (2, 0), (0, 0), 1),  # 7 + 8 = 15: fifteen two for Alice
    (1, "6D", 21, (2, 0), (3, 0), 0),  # 15 + 6 = 21; 7, 8, 6 played out of order are a run of 3: Bob 3
    (0, "TC", 0, (4, 2), (3, 0), 1),  # 21 + 10 = 31 for 2 (8, 6, 10 is no run): Alice 2 + 2 = 4, front 4 back 2;
    #                                    the count starts again, led by Bob, on the left of Alice who played last
    (1, "QS", 10, (4, 2), (3, 0), 0),  # 10
    (0, "QH", 20, (6, 4), (3, 0), 1),  # a pair of queens: Alice 4 + 2 = 6
    (1, "9C", 29, (6, 4), (3, 0), 0),  # 29, Bob has no card left: Alice's turn
    (0, "go", 0, (6, 4), (4, 3), 0),  # K♦ would make 39: go. Bob played last: 1 for the go, Bob 3 + 1 = 4;
    #                                    Alice (left of Bob) leads the next count
    (0, "KD", 0, (7, 6), (4, 3), None),  # 10, nobody holds a card: last card 1, Alice 6 + 1 = 7; the show
]


def play_full_deal_pegging(match: CribbageMatch) -> None:
    match.apply(match.make_deal())
    match.apply(Cut(C(STARTER)))
    for seat, what, *_ in FULL_PEGGING:
        move(match, seat, what)


def test_a_complete_two_player_deal_entered_card_by_card():
    m = table()
    m.apply(m.make_deal())
    assert (m.phase, m.dealer) == ("cut", 0)
    m.apply(Cut(C(STARTER)))
    assert (m.phase, m.turn, m.scores) == ("play", 1, [0, 0])  # no jack: nothing; the pone leads
    for seat, what, count, alice, bob, turn in FULL_PEGGING:
        move(m, seat, what)
        assert m.count == count, (seat, what)
        assert m.pegs == [alice, bob], (seat, what)
        assert m.scores == [alice[0], bob[0]], (seat, what)
        assert m.turn == turn, (seat, what)
    # the reasons pegged, in order, as the history shows them
    reasons = [(s.side, s.points, s.reason.text("en")) for e in m.events for s in e.scores]
    assert reasons == [(0, 2, "fifteen"), (1, 3, "a run of 3"), (0, 2, "thirty-one"), (0, 2, "a pair"),
                       (1, 1, "go"), (0, 1, "last card")]
    assert m.phase == "show" and m.next_to_show == 1

    # The show, pone first. Nobody else may count before Bob; the crib comes last.
    with pytest.raises(IllegalMoveError) as err:
        m.apply(Show(0, tuple(cards(ALICE_HAND))))
    assert "Bob" in err.value.text("en") and "Bob" in err.value.text("fr")
    with pytest.raises(IllegalMoveError):
        m.apply(Crib(tuple(cards(CRIB_CARDS))))

    # Bob: 7♣ 6♦ Q♠ 9♣ + 5♠. Fifteens 6+9 and Q+5 (no 3-card sum is 15: 7+6+... 18 at least with the 5
    # and 6+9+5 = 20): 4. Run 5-6-7: 3. No pair, no flush, no jack. 4 + 3 = 7 -> 4 + 7 = 11.
    m.apply(Show(1, tuple(cards(BOB_HAND))))
    assert m.scores == [7, 11] and m.pegs[1] == (11, 4)
    assert peg_log(m) == [(1, 7, "hand")]
    assert m.next_to_show == 0
    # Alice: 8♥ 10♣ Q♥ K♦ + 5♠. Fifteens 10+5, Q+5, K+5: 6. 8 10 Q K has no run (no 9, no J). 6 -> 13.
    m.apply(Show(0, tuple(cards(ALICE_HAND))))
    assert m.scores == [13, 11] and m.pegs[0] == (13, 7)
    assert m.next_to_show == CRIB
    # Crib: 4♥ 4♣ 6♠ J♠ + 5♠. Fifteens: J+5, 4♥+6+5, 4♣+6+5 = 6; pair of 4s = 2; double run 4-5-6 = 6;
    # no crib flush (needs all five); J♠ is the jack of the starter's suit: nobs 1. 6 + 2 + 6 + 1 = 15.
    m.apply(Crib(tuple(cards(CRIB_CARDS))))
    assert m.scores == [28, 11] and m.pegs == [(28, 13), (11, 4)]
    assert peg_log(m) == [(0, 15, "crib")]

    # The deal is over; Bob deals the next one and Alice leads it.
    assert (m.phase, m.dealer) == ("deal", 1)
    m.apply(m.make_deal())
    assert m.dealer == 1 and m.deal_number == 2
    m.apply(Cut(C("2H")))
    assert m.turn == 0
    assert m.played(0) == [] and m.played(1) == [] and m.starter == C("2H")


# --------------------------------------------------------------------------- his heels
@pytest.mark.parametrize("dealer", [0, 1])
def test_a_jack_starter_gives_the_dealer_two_at_once(dealer):
    m = table(first_dealer=dealer)
    m.apply(m.make_deal())
    m.apply(Cut(C("JH")))
    expected = [0, 0]
    expected[dealer] = 2
    assert m.scores == expected
    assert m.pegs[dealer] == (2, 0)
    assert peg_log(m) == [(dealer, 2, "his heels")]
    assert m.phase == "play"


def test_a_table_cut_needs_the_card_turned_at_the_table():
    m = table()
    with pytest.raises(IllegalMoveError):
        m.apply(m.make_cut())  # before the deal
    m.apply(m.make_deal())
    assert m.can(Cut(C("5S")))
    with pytest.raises(IllegalMoveError) as err:
        m.apply(m.make_cut())  # no card: the app cannot cut a real pack
    assert err.value.text("fr") == "entrez la carte coupée"
    assert m.phase == "cut" and m.log == [Deal(None)]


def test_no_heels_for_another_starter_or_when_the_house_rule_is_off():
    m = table()
    m.apply(m.make_deal())
    m.apply(Cut(C("QH")))
    assert m.scores == [0, 0]
    m = table(his_heels=0)
    m.apply(m.make_deal())
    m.apply(Cut(C("JH")))
    assert m.scores == [0, 0]


@pytest.mark.parametrize(("before", "back"), [(119, 119), (120, 120)])
def test_his_heels_can_win_the_game_on_the_spot(before, back):
    m = table()
    m.apply(Points(0, before))
    m.apply(Points(1, 100))
    m.apply(m.make_deal())
    m.apply(Cut(C("JD")))
    # 119 + 2 = 121; 120 + 2 = 122, capped at 121 (only 1 more hole is pegged)
    assert m.scores == [121, 100]
    assert m.pegs[0] == (121, back)
    assert peg_log(m) == [(0, 121 - before, "his heels")]
    assert m.phase == "game_over" and m.winner == 0
    with pytest.raises(IllegalMoveError):
        m.apply(Play(1, C("5C")))


# --------------------------------------------------------------------------- instant win
def test_reaching_121_in_the_middle_of_the_play_ends_the_game_at_once():
    m = table()
    m.apply(Points(0, 120))
    m.apply(Points(1, 100))
    m.apply(m.make_deal())
    m.apply(Cut(C("2S")))
    m.apply(Play(1, C("7C")))
    m.apply(Play(0, C("8H")))  # 15 for 2: 120 + 2 = 122, capped at 121
    assert m.scores == [121, 100]
    assert m.pegs[0] == (121, 120)
    assert peg_log(m) == [(0, 1, "fifteen")]
    assert m.phase == "game_over" and m.winner == 0
    assert m.games == [GameResult(0, (121, 100), 0, 1)]  # 100 >= 91: no skunk, 1 game
    for seat, card in ((1, "6D"), (0, "6C")):
        with pytest.raises(IllegalMoveError):
            m.apply(Play(seat, C(card)))
    with pytest.raises(IllegalMoveError):
        m.apply(Go(1))
    with pytest.raises(IllegalMoveError):
        m.apply(Show(1, tuple(cards(BOB_HAND))))
    assert m.scores == [121, 100]


def test_during_the_show_the_pone_counts_first_and_wins_even_if_the_dealer_holds_more():
    # Alice (dealer) holds 5♥ 5♦ 5♣ J♠ and the starter is 5♠: a 29 hand she will never count.
    # Bob holds K♥ 9♣ 10♦ Q♣.
    m = table()
    m.apply(Points(1, 111))
    m.apply(Points(0, 100))
    m.apply(m.make_deal())
    m.apply(Cut(C("5S")))
    steps = [
        (1, "KH"),  # 10
        (0, "JS"),  # 20: J after K is no pair
        (1, "9C"),  # 29: K, J, 9 no run
        (0, "go"),  # a 5 would make 34
        (1, "go"),  # 10 or Q would make 39: Bob played last, 1 for the go -> Bob 112; Alice leads
        (0, "5H"),  # 5
        (1, "TD"),  # 15 for 2 -> Bob 114
        (0, "5D"),  # 20: no pair (the card before is the 10)
        (1, "QC"),  # 30; Bob has no card left
        (0, "go"),  # 5♣ would make 35: 1 for the go to Bob -> 115; Alice leads
        (0, "5C"),  # 5, last card: Alice 101
    ]
    for seat, what in steps:
        move(m, seat, what)
    assert m.scores == [101, 115] and m.phase == "show"
    # Bob: K♥ 9♣ 10♦ Q♣ + 5♠: fifteens K+5, 10+5, Q+5 = 6; 9-10 and Q-K are no runs of 3. 115 + 6 = 121.
    m.apply(Show(1, tuple(cards("KH 9C TD QC"))))
    assert m.scores == [101, 121] and m.pegs[1] == (121, 115)
    assert m.phase == "game_over" and m.winner == 1
    assert m.games == [GameResult(1, (101, 121), 0, 1)]
    with pytest.raises(IllegalMoveError):
        m.apply(Show(0, tuple(cards("5H 5D 5C JS"))))  # 29 would have made 130, but it is never counted
    assert m.scores == [101, 121]


# --------------------------------------------------------------------------- skunks and game points
@pytest.mark.parametrize(
    ("loser", "scoring", "skunk", "game_points"),
    [
        (91, "casual", 0, 1),  # 91 is not below the skunk line (91)
        (90, "casual", 1, 2),  # below 91: skunk, 2 games
        (61, "casual", 1, 2),  # 61 is not below the double skunk line (61)
        (60, "casual", 2, 4),  # below 61: double skunk, 4 games
        (0, "casual", 2, 4),
        (91, "acc_tournament", 0, 2),  # ACC: win 2
        (90, "acc_tournament", 1, 3),  # skunk 3
        (60, "acc_tournament", 2, 3),  # double skunk counts as a skunk: 3
    ],
)
def test_skunk_and_game_points(loser, scoring, skunk, game_points):
    m = table(match_scoring=scoring, games_to_win=5)
    if loser:
        m.apply(Points(1, loser))
    m.apply(Points(0, 121))
    assert m.phase == "game_over"
    assert m.games == [GameResult(0, (121, loser), skunk, game_points)]
    assert m.game_points == [game_points, 0]


def test_the_match_ends_when_games_to_win_is_reached_and_the_loser_deals_first():
    m = table(games_to_win=2)  # casual: a win is 1 game point, need 2
    assert m.dealer == 0
    m.apply(Points(1, 100))
    m.apply(Points(0, 121))
    assert m.phase == "game_over" and m.game_points == [1, 0]
    assert not m.can(m.make_deal()) and m.can(NewGame())
    m.apply(NewGame())
    assert m.game_number == 2 and m.scores == [0, 0] and m.pegs == [(0, 0), (0, 0)]
    assert m.phase == "deal" and m.dealer == 1  # Bob lost: Bob deals first
    m.apply(m.make_deal())
    assert m.dealer == 1
    m.apply(EndDeal())
    m.apply(Points(1, 121))  # Bob wins game 2: 0 for Alice, a double skunk: 4 game points for Bob
    assert m.phase == "match_over" and m.game_points == [1, 4]
    assert m.match_winner == 1 and m.winner == 1
    for check in (lambda: m.verify(NewGame()), lambda: m.verify(Points(0, 1)), lambda: m.verify(m.make_deal())):
        with pytest.raises(IllegalMoveError):
            check()
    assert not m.can(NewGame())


def test_the_dealer_who_loses_deals_again():
    m = table(games_to_win=3, first_dealer=0)
    m.apply(Points(0, 100))
    m.apply(Points(1, 121))  # Bob beats Alice, who was to deal: Alice, the loser, deals the next game
    m.apply(NewGame())
    assert m.dealer == 0
    m.apply(m.make_deal())
    m.apply(Points(1, 100))
    m.apply(Points(0, 121))  # now Alice, the dealer, wins: Bob deals
    m.apply(NewGame())
    assert m.dealer == 1


@pytest.mark.parametrize(("scoring", "games_to_win", "wins", "over_after"), [
    ("casual", 2, [100, 100], 2),  # 1 + 1 = 2
    ("casual", 2, [80, 0], 1),  # a skunk is 2 game points at once
    ("acc_tournament", 2, [100, 100], 2),  # 2 + 2 = 4 = 2 x 2
    ("acc_tournament", 2, [100, 80], 2),  # 2 + 3 = 5 >= 4
    ("acc_tournament", 3, [100, 100, 100], 3),  # 2 + 2 + 2 = 6
    ("acc_tournament", 3, [80, 100, 100], 3),  # skunk 3, then 3 + 2 = 5 < 6, then 7 >= 6
])
def test_match_over_exactly_at_games_to_win_times_points_per_win(scoring, games_to_win, wins, over_after):
    m = table(match_scoring=scoring, games_to_win=games_to_win)
    for number, loser in enumerate(wins, start=1):
        if loser:
            m.apply(Points(1, loser))
        m.apply(Points(0, 121))
        if number == over_after:
            assert m.phase == "match_over"
            break
        assert m.phase == "game_over"
        m.apply(NewGame())
    else:
        pytest.fail("the match should be over")


# --------------------------------------------------------------------------- go rules
def run_steps(m: CribbageMatch, steps) -> None:
    for seat, what, count, scores, turn in steps:
        move(m, seat, what)
        assert (m.count, m.scores, m.turn) == (count, scores, turn), (seat, what)


def test_go_in_two_players():
    # Alice deals; Bob holds 10♠ 9♠ A♠ 8♣, Alice 10♥ 7♣ 9♣ 6♣.
    m = table()
    m.apply(m.make_deal())
    m.apply(Cut(C("KS")))
    run_steps(m, [
        (1, "TS", 10, [0, 0], 0),
        (0, "TH", 20, [2, 0], 1),  # a pair of tens
        (1, "9S", 29, [2, 0], 0),
        (0, "go", 29, [2, 0], 1),  # 7, 9, 6 all pass 31
    ])
    with pytest.raises(IllegalMoveError) as err:  # Alice said go: she is skipped for this count
        m.apply(Play(0, C("7C")))
    assert err.value.text("en") == "it is Bob's turn, not Alice's"
    assert err.value.text("fr") == "c'est au tour de Bob, pas d'Alice"
    run_steps(m, [
        (1, "AS", 30, [2, 0], 1),  # Bob plays on as long as he can: still Bob
        (1, "go", 0, [2, 1], 0),  # 8 would make 38: Bob played last, 1 for the go; Alice (his left) leads
        (0, "7C", 7, [2, 1], 1),
        (1, "8C", 15, [2, 3], 0),  # fifteen 2; Bob has no card left
        (0, "9C", 24, [5, 3], 0),  # 7 8 9: a run of 3; Bob holds nothing, Alice plays again
        (0, "6C", 0, [10, 3], None),  # 30: 7 8 9 6 a run of 4 (5 + 4 = 9), and the last card: 10
    ])
    # One peg move for the whole entry, as at the table: 4 for the run and 1 for the last card, together.
    assert peg_log(m) == [(0, 5, "a run of 4, last card")]
    assert m.phase == "show"


def test_go_in_three_players_skips_players_who_said_go_or_have_no_cards():
    # Ann deals (seat 0), Ben (1) leads, then Cat (2).
    # Ann holds 9♠ 6♦ 5♠ 8♣; Ben 10♠ 8♦ 5♦ 4♣; Cat K♠ 7♦ Q♥ 9♥.
    m = table(players=3)
    m.apply(m.make_deal())
    m.apply(Cut(C("2H")))
    assert m.turn == 1
    run_steps(m, [
        (1, "TS", 10, [0, 0, 0], 2),
        (2, "KS", 20, [0, 0, 0], 0),
        (0, "9S", 29, [0, 0, 0], 1),  # 10, K, 9: no run
        (1, "go", 29, [0, 0, 0], 2),
        (2, "go", 29, [0, 0, 0], 0),
        (0, "go", 0, [1, 0, 0], 1),  # everybody said go: 1 to Ann, who played last; Ben (her left) leads
        (1, "8D", 8, [1, 0, 0], 2),
        (2, "7D", 15, [1, 0, 2], 0),  # fifteen 2 for Cat
        (0, "6D", 21, [4, 0, 2], 1),  # 8 7 6: run of 3 for Ann, 1 + 3 = 4
        (1, "5D", 26, [4, 4, 2], 2),  # 8 7 6 5: run of 4 for Ben
        (2, "go", 26, [4, 4, 2], 0),  # Q or 9 would pass 31
        (0, "5S", 0, [8, 4, 2], 1),  # 31 for 2 and a pair of 5s for 2: 4 + 4 = 8, nothing for the go;
        #                              Ben (left of Ann) leads
        (1, "4C", 4, [8, 4, 2], 2),  # Ben's last card
        (2, "QH", 14, [8, 4, 2], 0),
        (0, "8C", 22, [8, 4, 2], 2),  # Ann's last card; Ben has none: Cat
        (2, "9H", 0, [8, 4, 4], None),  # 31 for 2 with the last card: nothing more
    ])
    assert peg_log(m) == [(2, 2, "thirty-one")]
    assert m.phase == "show" and m.next_to_show == 1


def test_go_in_four_players_partners_share_a_score():
    # North deals (seat 0); East (1) leads. Sides: North and South (0), East and West (1).
    # North 5♦ 5♣ 6♠ 9♠; East K♣ 10♦ 3♥ 7♠; South Q♣ 5♥ 4♥ 8♠; West 9♣ A♣ 5♠ 2♥.
    m = table(players=4)
    assert m.rules.sides == 2
    m.apply(m.make_deal())
    m.apply(Cut(C("JD")))  # his heels: 2 for North's side
    assert m.scores == [2, 0] and m.turn == 1
    run_steps(m, [
        (1, "KC", 10, [2, 0], 2),
        (2, "QC", 20, [2, 0], 3),  # K and Q are no pair
        (3, "9C", 29, [2, 0], 0),
        (0, "go", 29, [2, 0], 1),  # North holds nothing below 3
        (1, "go", 29, [2, 0], 2),
        (2, "go", 29, [2, 0], 3),
        (3, "AC", 30, [2, 0], 3),  # West plays on alone
        (3, "go", 0, [2, 1], 0),  # 1 for the go to West's side; North (left of West) leads
        (0, "5D", 5, [2, 1], 1),
        (1, "TD", 15, [2, 3], 2),  # fifteen 2
        (2, "5H", 20, [2, 3], 3),  # no pair: the 10 came between
        (3, "5S", 25, [2, 5], 0),  # a pair: 2
        (0, "5C", 30, [8, 5], 1),  # three 5s in a row: pair royal 6
        (1, "go", 30, [8, 5], 2),
        (2, "go", 30, [8, 5], 3),
        (3, "go", 30, [8, 5], 0),
        (0, "go", 0, [9, 5], 1),  # 1 for the go to North, who played last; East leads
        (1, "3H", 3, [9, 5], 2),
        (2, "4H", 7, [9, 5], 3),
        (3, "2H", 9, [9, 8], 0),  # 3 4 2: run of 3; West has no card left
        (0, "6S", 15, [11, 8], 1),  # fifteen 2 (4 2 6 and 3 4 2 6 are no runs)
        (1, "7S", 22, [11, 8], 2),  # East's last card; no run (2 6 7)
        (2, "8S", 30, [14, 8], 0),  # 6 7 8: run of 3; South is out, West is out: North
        (0, "go", 0, [15, 8], 0),  # 9 would make 39: 1 for the go to South's side; left of South is West,
        #                            who has nothing: North leads
        (0, "9S", 0, [16, 8], None),  # last card
    ])
    assert m.phase == "show"
    assert m.show_order == [1, 2, 3, 0, CRIB]


def test_individual_four_player_game_has_four_sides():
    m = table(players=4, four_player_mode="individual")
    assert m.rules.sides == 4 and m.scores == [0, 0, 0, 0]
    m.apply(m.make_deal())
    m.apply(Cut(C("2C")))
    m.apply(Play(1, C("7H")))
    m.apply(Play(2, C("8H")))  # 7 + 8 = 15 for 2, to South alone: every seat is its own side
    assert m.scores == [0, 0, 2, 0]


# --------------------------------------------------------------------------- table-mode checks
def test_a_card_played_twice_is_an_inconsistency():
    m = table()
    m.apply(m.make_deal())
    m.apply(Cut(C("2S")))
    m.apply(Play(1, C("7C")))
    with pytest.raises(InconsistencyError) as err:
        m.apply(Play(0, C("7C")))
    assert err.value.text("en") == "7♣ was already played by Bob"
    assert err.value.text("fr") == "7♣ a déjà été jouée par Bob"
    assert not m.can(Play(0, C("7C"))) and m.can(Play(0, C("7D")))


def test_playing_the_starter_is_an_inconsistency():
    m = table()
    m.apply(m.make_deal())
    m.apply(Cut(C("2S")))
    with pytest.raises(InconsistencyError) as err:
        m.apply(Play(1, C("2S")))
    assert err.value.text("en") == "2♠ was already cut as the starter"
    assert err.value.text("fr") == "2♠ a déjà été coupée comme carte de départ"


def test_a_shown_hand_holding_another_players_card_is_an_inconsistency():
    m = table()
    play_full_deal_pegging(m)
    # Bob shows Alice's 8♥ instead of his 9♣
    with pytest.raises(InconsistencyError) as err:
        m.apply(Show(1, tuple(cards("7C 6D QS 8H"))))
    assert err.value.text("en") == "8♥ was already played by Alice"
    assert err.value.text("fr") == "8♥ a déjà été jouée par Alice"
    with pytest.raises(InconsistencyError):
        m.apply(Show(1, tuple(cards("7C 6D QS 5S"))))  # the starter
    m.apply(Show(1, tuple(cards(BOB_HAND))))
    m.apply(Show(0, tuple(cards(ALICE_HAND))))
    with pytest.raises(InconsistencyError) as err:
        m.apply(Crib(tuple(cards("4H 4C 6S 7C"))))  # 7♣ is Bob's
    assert "7♣" in err.value.text("en") and "7♣" in err.value.text("fr")
    with pytest.raises(InconsistencyError):
        m.apply(Crib(tuple(cards("4H 4H 6S JS"))))  # a card twice in the crib
    assert m.phase == "show" and m.scores == [13, 11]


def test_a_shown_hand_missing_a_pegged_card_is_an_inconsistency():
    m = table()
    play_full_deal_pegging(m)
    with pytest.raises(InconsistencyError) as err:
        m.apply(Show(1, tuple(cards("7C 6D QS 2D"))))  # Bob pegged 9♣
    assert err.value.text("en") == "Bob pegged 9♣: it must be in the hand shown"
    assert err.value.text("fr") == "Bob a joué 9♣ : elle doit être dans la main montrée"
    with pytest.raises(IllegalMoveError):
        m.apply(Show(1, tuple(cards("7C 6D QS"))))  # three cards
    assert m.scores == [7, 4] and m.next_to_show == 1


def test_the_count_cannot_pass_31():
    m = table()
    m.apply(m.make_deal())
    m.apply(Cut(C("2S")))
    for seat, card in ((1, "KC"), (0, "QC"), (1, "9C")):  # 29
        m.apply(Play(seat, C(card)))
    with pytest.raises(IllegalMoveError) as err:
        m.apply(Play(0, C("3D")))  # 29 + 3 = 32
    assert not isinstance(err.value, InconsistencyError)
    assert "32" in err.value.text("en") and "32" in err.value.text("fr")
    assert m.count == 29 and m.turn == 0
    m.apply(Play(0, C("2D")))  # 31 is fine
    assert m.scores == [2, 0]


def test_playing_out_of_turn_names_whose_turn_it_is():
    m = table()
    m.apply(m.make_deal())
    m.apply(Cut(C("2S")))
    with pytest.raises(IllegalMoveError) as err:
        m.apply(Play(0, C("5C")))
    assert err.value.text("en") == "it is Bob's turn, not Alice's"
    assert err.value.text("fr") == "c'est au tour de Bob, pas d'Alice"
    with pytest.raises(IllegalMoveError):
        m.apply(Go(0))
    with pytest.raises(IllegalMoveError):
        m.apply(Play(2, C("5C")))  # no such seat


def test_a_false_go_is_flagged_when_the_hand_is_shown():
    # Bob holds 10♠ 5♠ 6♠ 9♠; Alice holds K♥ 4♣ 2♣ 3♣ and says go at 25 though 4♣ (or 2♣, 3♣) fits.
    m = table()
    m.apply(m.make_deal())
    m.apply(Cut(C("7H")))
    for seat, what in [(1, "TS"), (0, "KH"), (1, "5S"), (0, "go"), (1, "6S"),  # 31 for 2 to Bob
                       (0, "4C"), (1, "9S"), (0, "2C"), (0, "3C")]:  # 4 13 15 (Alice 2) 18 last card (Alice 1)
        move(m, seat, what)
    assert m.phase == "show" and m.scores == [3, 2]
    assert m.show_warnings(1, cards("TS 5S 6S 9S")) == []  # Bob never said go
    warnings = m.show_warnings(0, cards("KH 4C 2C 3C"))
    assert len(warnings) == 1
    assert warnings[0].text("en").startswith("Alice said go at 25 while holding ")
    assert warnings[0].text("fr").startswith("Alice a dit go à 25 en ayant ")
    m.apply(Show(1, tuple(cards("TS 5S 6S 9S"))))
    assert m.events[-1].warnings == ()
    # Bob: 10♠ 5♠ 6♠ 9♠ + 7♥. Fifteens 10+5, 6+9 (three cards make 18 at least): 4; run 5-6-7: 3;
    # four spades in the hand, starter a heart: flush 4. 4 + 3 + 4 = 11 -> 2 + 11 = 13.
    assert m.scores == [3, 13]
    # Alice: K♥ 4♣ 2♣ 3♣ + 7♥. Fifteens: K+2+3 only (K+4 = 14, 7+4+3 = 14, 7+4+2 = 13, 7+3+2 = 12,
    # 7+4+3+2 = 16, K+... with two small cards: 10+2+3 = 15, 10+4+... > 15): 2; run 2-3-4: 3;
    # three clubs and a heart: no flush. 5 -> 3 + 5 = 8.
    m.apply(Show(0, tuple(cards("KH 4C 2C 3C"))))
    assert m.scores == [8, 13]  # the show is accepted
    assert [w.text("en") for w in m.events[-1].warnings] == [warnings[0].text("en")]


def test_a_true_go_is_not_flagged():
    m = table()
    play_full_deal_pegging(m)  # Alice said go at 29 holding K♦: true
    m.apply(Show(1, tuple(cards(BOB_HAND))))
    m.apply(Show(0, tuple(cards(ALICE_HAND))))
    assert m.events[-1].warnings == ()


# --------------------------------------------------------------------------- virtual mode
def dealt_deck(*hands: str, dealer: int = 0, players: int = 2, pack: str = "") -> tuple[Card, ...]:
    """A deck that deals ``hands`` (listed in seat order) one card at a time from the dealer's left."""
    per_seat = [list(cards(h)) for h in hands]
    order = [(dealer + 1 + i) % players for i in range(players)]
    deck: list[Card] = []
    for i in range(len(per_seat[0]) * players):
        deck.append(per_seat[order[i % players]][i // players])
    deck += list(cards(pack))
    deck += [c for c in standard_deck() if c not in deck]
    assert len(set(deck)) == 52
    return tuple(deck)


def test_the_same_seed_deals_the_same_cards():
    a, b = virtual(seed=42), virtual(seed=42)
    for _ in range(3):
        a.apply(a.make_deal())
        b.apply(b.make_deal())
        assert [a.hand(s) for s in range(2)] == [b.hand(s) for s in range(2)]
        assert a.log[-1] == b.log[-1]
        for m in (a, b):
            m.apply(Discard(0, tuple(m.hand(0)[:2])))
            m.apply(Discard(1, tuple(m.hand(1)[:2])))
            m.apply(m.make_cut())
        assert a.starter == b.starter
        for m in (a, b):
            while m.phase != "deal":
                play_turn(m)
    assert state(a) == state(b)
    c = virtual(seed=43)
    c.apply(c.make_deal())
    assert c.log[-1] != a.log[0]


def test_a_replayed_virtual_match_goes_on_with_the_same_deals():
    original = virtual(seed=7)
    for _ in range(60):
        play_turn(original, random.Random(3))
    replayed = CribbageMatch.replay(original.setup, [op.to_json() for op in original.log])
    assert state(replayed) == state(original)
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(80):  # through at least one new deal and cut
        play_turn(original, rng_a)
        play_turn(replayed, rng_b)
    assert original.deal_number > 2
    assert state(replayed) == state(original)


def test_virtual_go_is_refused_while_a_card_fits():
    m = virtual()
    m.apply(m.make_deal())
    for seat in (1, 0):
        m.apply(Discard(seat, tuple(m.hand(seat)[:2])))
    m.apply(m.make_cut())
    with pytest.raises(IllegalMoveError) as err:
        m.apply(Go(1))
    assert "no go while a card fits" in err.value.text("en")
    assert "pas de go" in err.value.text("fr")
    assert not m.can(Go(1))
    assert m.playable(1) == list(m.hand(1))  # at 0 every card fits


def test_virtual_go_is_accepted_when_nothing_fits():
    # Bob (pone) keeps the four tens, Alice the four kings.
    deck = dealt_deck("KS KH KD KC 2D 3D", "TS TH TD TC 2C 3C")
    m = virtual()
    m.apply(Deal(deck))
    assert m.hand(0) == cards("KS KH KD KC 2D 3D") and m.hand(1) == cards("TS TH TD TC 2C 3C")
    m.apply(Discard(0, tuple(cards("2D 3D"))))
    m.apply(Discard(1, tuple(cards("2C 3C"))))
    with pytest.raises(InconsistencyError):
        m.apply(Cut(C("KS")))  # a dealt card cannot be the starter
    m.apply(Cut(C("AS")))
    m.apply(Play(1, C("TS")))
    m.apply(Play(0, C("KS")))
    m.apply(Play(1, C("TH")))  # 30
    assert m.playable(0) == [] and m.can(Go(0))
    m.apply(Go(0))
    assert m.turn == 1 and not m.can(Play(1, C("TD")))
    m.apply(Go(1))  # Bob played last: 1 for the go
    assert m.scores == [0, 1] and m.turn == 0
    with pytest.raises(IllegalMoveError):
        m.apply(Play(0, C("TD")))  # not in Alice's hand
    with pytest.raises(IllegalMoveError):
        m.apply(Go(1))


def test_virtual_discard_validation():
    m = virtual(seed=5)
    m.apply(m.make_deal())
    hand = m.hand(1)
    assert len(hand) == 6 and len(m.hand(0)) == 6
    with pytest.raises(IllegalMoveError) as err:
        m.apply(Discard(1, tuple(hand[:1])))
    assert err.value.text("en") == "Bob lays away 2 cards to the crib, not 1"  # a count agreed, not « card(s) »
    assert err.value.text("fr") == "Bob met 2 cartes au crib, pas 1"
    with pytest.raises(IllegalMoveError):
        m.apply(Discard(1, tuple(hand[:3])))
    stranger = next(c for c in standard_deck() if c not in hand)
    with pytest.raises(IllegalMoveError) as err:
        m.apply(Discard(1, tuple((hand[0], stranger))))
    assert err.value.text("en") == f"{stranger.symbol} is not in Bob's hand"
    with pytest.raises(InconsistencyError):
        m.apply(Discard(1, tuple((hand[0], hand[0]))))
    with pytest.raises(IllegalMoveError):
        m.apply(m.make_cut())  # not before everybody has discarded
    m.apply(Discard(1, tuple(hand[:2])))
    assert m.hand(1) == hand[2:]
    with pytest.raises(IllegalMoveError):
        m.apply(Discard(1, tuple(hand[2:4])))  # already done
    with pytest.raises(IllegalMoveError):
        m.apply(Discard(7, tuple(hand[2:4])))
    assert m.phase == "discard"
    alice = m.hand(0)
    m.apply(Discard(0, tuple(alice[-2:])))
    assert m.phase == "cut"
    assert sorted(m.d.crib) == sorted(hand[:2] + alice[-2:])
    assert m.kept(1) == hand[2:] and m.kept(0) == alice[:4]


def test_discard_is_only_for_virtual_deals():
    m = table()
    m.apply(m.make_deal())
    assert m.phase == "cut"
    with pytest.raises(IllegalMoveError):
        m.apply(Discard(1, tuple(cards("2C 3C"))))
    with pytest.raises(IllegalMoveError):
        m.apply(Deal(tuple(standard_deck())))  # a table deal carries no deck
    with pytest.raises(IllegalMoveError):
        virtual().apply(Deal(None))


def test_three_players_get_five_cards_and_one_card_from_the_pack_goes_to_the_crib():
    hands = ("2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 6H")  # Ann, Ben, Cat
    deck = dealt_deck(*hands, players=3, pack="KS")  # card 16 (index 15) goes to the crib
    m = virtual(players=3)
    m.apply(Deal(deck))
    assert [m.hand(s) for s in range(3)] == [cards(h) for h in hands]
    assert m.d.crib == [C("KS")]
    with pytest.raises(IllegalMoveError):
        m.apply(Discard(1, tuple(cards("2D 3D"))))  # one card each, not two
    m.apply(Discard(1, tuple(cards("2D"))))
    m.apply(Discard(2, tuple(cards("2H"))))
    m.apply(Discard(0, tuple(cards("2C"))))
    assert m.phase == "cut"
    assert sorted(m.d.crib) == sorted(cards("KS 2D 2H 2C"))
    assert [m.kept(s) for s in range(3)] == [cards("3C 4C 5C 6C"), cards("3D 4D 5D 6D"), cards("3H 4H 5H 6H")]
    m.apply(Cut(C("AS")))
    assert m.turn == 1  # left of the dealer


def test_four_players_in_teams_share_a_score_in_a_virtual_game():
    m = virtual(players=4, seed=11)
    assert m.rules.sides == 2 and [m.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert m.side_name(0) == "North & South"
    m.apply(m.make_deal())
    assert all(len(m.hand(s)) == 5 for s in range(4))
    for seat in range(4):
        m.apply(Discard(seat, tuple(m.hand(seat)[:1])))
    assert len(m.d.crib) == 4
    m.apply(Points(0, 3, "test"))
    assert m.scores == [3, 0]
    play_out(m, random.Random(2))
    assert len(m.scores) == 2 and 121 in m.scores


# --------------------------------------------------------------------------- manual counting and muggins
def manual(muggins: bool = True) -> CribbageMatch:
    m = table(manual_counting=True, muggins=muggins)
    play_full_deal_pegging(m)  # Alice 7, Bob 4; Bob's hand is worth 7, Alice's 6, the crib 15
    return m


def test_an_under_claim_with_muggins_lets_an_opponent_take_the_shortfall():
    m = manual()
    m.apply(Show(1, tuple(cards(BOB_HAND)), 5))  # true count 7: Bob pegs his 5, 2 are left on the table
    assert m.scores == [7, 9] and m.phase == "muggins"
    assert m.pending_muggins == (1, 2)
    assert m.events[-1].warnings == ()  # a claim is not a question: the log line records it
    assert m.events[-1].text.text("en").endswith("claimed 5 of 7: 2 points missed")
    assert m.events[-1].text.text("fr").endswith("annoncé 5 sur 7 : il manque 2 points")
    with pytest.raises(IllegalMoveError):
        m.apply(Muggins(1))  # not his own points
    with pytest.raises(IllegalMoveError):
        m.apply(Show(0, tuple(cards(ALICE_HAND))))  # muggins first
    with pytest.raises(IllegalMoveError):
        m.apply(Muggins(2))
    m.apply(Muggins(0))
    assert m.scores == [9, 9] and m.phase == "show" and m.next_to_show == 0
    assert peg_log(m) == [(0, 2, "muggins")]
    with pytest.raises(IllegalMoveError):
        m.apply(Muggins(0))  # only once


def test_muggins_not_called():
    m = manual()
    m.apply(Show(1, tuple(cards(BOB_HAND)), 0))
    assert m.scores == [7, 4] and m.phase == "muggins" and m.pending_muggins == (1, 7)
    m.apply(Muggins(None))
    assert m.scores == [7, 4] and m.phase == "show" and m.pending_muggins is None


def test_muggins_on_the_crib_then_the_deal_ends():
    m = manual()
    m.apply(Show(1, tuple(cards(BOB_HAND)), 7))
    m.apply(Show(0, tuple(cards(ALICE_HAND)), 6))
    assert m.scores == [13, 11] and m.phase == "show"
    m.apply(Crib(tuple(cards(CRIB_CARDS)), 14))  # forgot his nobs: 13 + 14 = 27
    assert m.scores == [27, 11] and m.phase == "muggins"
    m.apply(Muggins(1))
    assert m.scores == [27, 12]
    assert m.phase == "deal" and m.dealer == 1


def test_an_over_claim_is_corrected_to_the_true_count():
    m = manual()
    m.apply(Show(1, tuple(cards(BOB_HAND)), 9))
    assert m.scores == [7, 11] and m.phase == "show" and m.pending_muggins is None
    assert m.events[-1].text.text("en").endswith("claimed 9: the true count, 7, is pegged")
    with pytest.raises(IllegalMoveError):
        m.apply(Show(0, tuple(cards(ALICE_HAND)), 30))  # no count is above 29


def test_without_muggins_the_true_count_is_pegged():
    m = manual(muggins=False)
    m.apply(Show(1, tuple(cards(BOB_HAND)), 5))
    assert m.scores == [7, 11] and m.phase == "show"
    with pytest.raises(IllegalMoveError):
        m.apply(Muggins(0))


def test_an_under_claim_that_wins_leaves_no_muggins():
    m = table(manual_counting=True, muggins=True)
    m.apply(Points(0, 100))
    m.apply(Points(1, 112))
    play_full_deal_pegging(m)  # Alice 100 + 7 = 107, Bob 112 + 4 = 116
    m.apply(Show(1, tuple(cards(BOB_HAND)), 5))  # 116 + 5 = 121
    assert m.scores == [107, 121] and m.phase == "game_over" and m.pending_muggins is None


# --------------------------------------------------------------------------- quick entry
def test_quick_entry_pegs_points_and_can_win():
    m = table()
    m.apply(Points(0, 7))
    m.apply(Points(0, 5))
    assert m.scores == [12, 0] and m.pegs[0] == (12, 7)
    m.apply(Points(1, 30, "forgotten crib"))
    assert peg_log(m) == [(1, 30, "forgotten crib")]
    for side, n in ((0, 0), (0, 122), (2, 3), (-1, 3)):
        assert not m.can(Points(side, n))
        with pytest.raises(IllegalMoveError):
            m.apply(Points(side, n))
    m.apply(Points(1, 100))  # 130 capped at 121
    assert m.scores == [12, 121] and m.pegs[1] == (121, 30)
    # 12 < 61: a double skunk, 4 game points, more than the 3 needed: the match is over
    assert m.phase == "match_over" and m.games[0].skunk == 2 and m.game_points == [0, 4]


def test_end_deal_moves_to_the_next_dealer():
    m = table(players=3)
    assert m.can(EndDeal())  # table mode: a deal can be skipped before its starter is entered
    m.apply(m.make_deal())
    m.apply(Points(2, 9))
    m.apply(EndDeal())  # from the cut
    assert m.phase == "deal" and m.dealer == 1
    m.apply(m.make_deal())
    m.apply(Cut(C("3C")))
    m.apply(Play(2, C("4C")))
    m.apply(EndDeal())  # from the play
    assert m.phase == "deal" and m.dealer == 2 and m.scores == [0, 0, 9]
    m.apply(m.make_deal())
    assert m.dealer == 2
    v = virtual()
    v.apply(v.make_deal())
    with pytest.raises(IllegalMoveError):
        v.apply(EndDeal())


def test_thirty_one_with_a_pair_is_one_peg_move_of_four():
    m = table()
    m.apply(Cut(C("2C")))
    for seat, code in ((1, "KS"), (0, "6H"), (1, "5S"), (0, "5D")):  # 10, 16, 21, 26 (5-5: a pair)
        m.apply(Play(seat, C(code)))
    front, back = m.pegs[0]
    m.apply(Play(1, C("5C")))  # 31 and a pair royal: 2 + 6 = 8, in one move
    assert m.events[-1].scores[0].points == 8 and m.pegs[1] == (8, 0)  # the rear peg jumped from 0 to 8
    assert "31 for 8" in m.events[-1].text.text("en")


def test_in_table_mode_the_starter_entered_starts_the_deal():
    m = table(players=2)
    m.apply(Cut(C("JC")))  # no Deal entry: turning the starter is the first thing the table enters
    assert m.phase == "play" and m.deal_number == 1 and m.scores == [2, 0] and [o.name for o in m.log] == ["cut"]
    m.apply(EndDeal())
    m.apply(EndDeal())  # a whole deal skipped, starter never entered
    assert m.phase == "deal" and m.deal_number == 2 and m.dealer == 0
    v = virtual()
    with pytest.raises(IllegalMoveError):
        v.apply(Cut(C("JC")))


# --------------------------------------------------------------------------- undo
def test_undone_is_the_replay_without_the_last_operation():
    m = table()
    play_full_deal_pegging(m)
    while m.log:
        before = CribbageMatch.replay(m.setup, m.log[:-1])
        undone = m.undone()
        assert state(undone) == state(before)
        m = undone
    assert state(m) == state(table())


def test_undo_past_a_dealer_change():
    m = table()
    play_full_deal_pegging(m)
    m.apply(Show(1, tuple(cards(BOB_HAND))))
    m.apply(Show(0, tuple(cards(ALICE_HAND))))
    m.apply(Crib(tuple(cards(CRIB_CARDS))))
    assert (m.phase, m.dealer, m.scores) == ("deal", 1, [28, 11])
    u = m.undone()
    assert (u.phase, u.dealer, u.next_to_show, u.scores) == ("show", 0, CRIB, [13, 11])
    assert u.pegs == [(13, 7), (11, 4)]
    u.apply(Crib(tuple(cards(CRIB_CARDS))))
    assert state(u) == state(m)


def test_undo_past_the_end_of_a_game():
    m = table(games_to_win=2)
    m.apply(Points(1, 50))
    m.apply(m.make_deal())
    m.apply(Cut(C("5C")))
    m.apply(Points(0, 119))
    m.apply(Points(0, 5))  # 124 capped: 121, double skunk (50 < 61): 4 game points, match over
    assert m.phase == "match_over" and m.game_points == [4, 0]
    u = m.undone()
    assert u.phase == "play" and u.scores == [119, 50] and u.game_points == [0, 0] and u.games == []
    assert u.pegs == [(119, 0), (50, 0)]
    m = table(games_to_win=3)
    m.apply(Points(1, 100))
    m.apply(Points(0, 121))
    m.apply(NewGame())
    assert m.scores == [0, 0] and m.dealer == 1
    u = m.undone()
    assert u.phase == "game_over" and u.scores == [121, 100] and u.game_points == [1, 0]
    assert u.dealer == 0 and u.game_number == 1


# --------------------------------------------------------------------------- verify(op) and can(op) agree
def raises(check) -> bool:
    try:
        check()
    except IllegalMoveError:
        return True
    return False


def candidate_checks(m: CribbageMatch):
    """(verify, can) pairs for many moves, legal or not, in the current state."""
    some = cards("5C 7C 9S KD JS 2H")
    pairs = [
        (lambda: m.verify(m.make_deal()), lambda: m.can(m.make_deal())),
        (lambda: m.verify(EndDeal()), lambda: m.can(EndDeal())),
        (lambda: m.verify(NewGame()), lambda: m.can(NewGame())),
    ]
    for card in some:
        pairs.append((lambda c=card: m.verify(Cut(c)), lambda c=card: m.can(Cut(c))))
        for seat in range(m.players + 1):
            pairs.append((lambda s=seat, c=card: m.verify(Play(s, c)), lambda s=seat, c=card: m.can(Play(s, c))))
    for seat in range(m.players + 1):
        pairs.append((lambda s=seat: m.verify(Go(s)), lambda s=seat: m.can(Go(s))))
        hands = [cards(BOB_HAND), cards(ALICE_HAND), cards("7C 6D QS")]
        if m.hand(seat % m.players) is not None:
            hands.append(m.kept(seat % m.players) or m.hand(seat % m.players)[:4])
            pairs.append((lambda s=seat: m.verify(Discard(s, tuple(m.hand(s % m.players)[:2]))),
                          lambda s=seat: m.can(Discard(s, tuple(m.hand(s % m.players)[:2])))))
        for hand in hands:
            pairs.append((lambda s=seat, h=hand: m.verify(Show(s, tuple(h))), lambda s=seat, h=hand: m.can(Show(s, tuple(h)))))
    for crib in (cards(CRIB_CARDS), cards("4H 4C 6S 7C")):
        pairs.append((lambda c=crib: m.verify(Crib(tuple(c))), lambda c=crib: m.can(Crib(tuple(c)))))
    for side in (None, 0, 1, 2):
        pairs.append((lambda s=side: m.verify(Muggins(s)), lambda s=side: m.can(Muggins(s))))
    for side, n in ((0, 1), (1, 121), (0, 0), (2, 5)):
        pairs.append((lambda s=side, n=n: m.verify(Points(s, n)), lambda s=side, n=n: m.can(Points(s, n))))
    return pairs


def states_to_check():
    m = table(manual_counting=True, muggins=True)
    yield m  # before the deal
    m.apply(m.make_deal())
    yield m  # cut
    m.apply(Cut(C(STARTER)))
    yield m  # play, Bob to lead
    for seat, what, *_ in FULL_PEGGING[:7]:
        move(m, seat, what)
    yield m  # play, Alice must go
    for seat, what, *_ in FULL_PEGGING[7:]:
        move(m, seat, what)
    yield m  # show
    m.apply(Show(1, tuple(cards(BOB_HAND)), 3))
    yield m  # muggins
    m.apply(Muggins(0))
    m.apply(Points(0, 121))
    yield m  # game over
    v = virtual(seed=3)
    yield v
    v.apply(v.make_deal())
    yield v  # discard
    play_turn(v, random.Random(1))
    yield v  # one seat discarded
    play_turn(v, random.Random(1))
    yield v  # virtual cut
    v.apply(v.make_cut())
    yield v  # virtual play


def test_every_verify_raises_exactly_when_can_is_false():
    for m in states_to_check():
        before = state(m)
        for verify, can in candidate_checks(m):
            assert raises(verify) == (not can()), (m.phase, verify)
        assert state(m) == before  # checking never changes anything


def test_setup_needs_one_name_per_player():
    with pytest.raises(SetupError):
        Setup(("Alice",), CribbageRules())
    with pytest.raises(SetupError):
        Setup(NAMES[3], CribbageRules(players=4))
    with pytest.raises(SetupError):
        Setup(("Alice", "alice"), CribbageRules())  # two players with one name


def test_house_rules_out_of_their_choices_are_setup_errors_not_illegal_moves():
    for bad in ({"target": 100}, {"flush_rule": "x"}, {"muggins": "yes"}, {"players": 5}, {"games_to_win": 6}):
        with pytest.raises(SetupError) as info:
            CribbageRules(**bad)
        assert not isinstance(info.value, IllegalMoveError)
        assert info.value.text("en") != info.value.text("fr")


def test_ops_applied_through_apply_score_as_at_the_table():
    m = table()
    for op in (Deal(None), Cut(C("5S")), Play(1, C("7C")), Play(0, C("8H")), Play(1, C("6D"))):
        m.apply(op)
    assert m.scores == [2, 3]  # as in the complete deal: fifteen 2 for Alice, a run of 3 for Bob
    assert not m.can(Go(1))  # Alice's turn
    assert not m.can(Discard(0, cards("2C 3C"))) and not m.can(Muggins(None)) and not m.can(NewGame())
    assert m.can(Points(0, 5)) and m.can(EndDeal()) and not m.can(Show(0, cards(ALICE_HAND)))
    assert not m.can(Crib(cards(CRIB_CARDS)))


def test_table_go_at_21_or_less_is_refused_because_every_card_fits():
    # No card is worth more than 10: at a count of 21 or less any card a player holds fits (21 + 10 = 31).
    m = table()
    m.apply(m.make_deal())
    m.apply(Cut(parse_card("2C")))
    for seat, code in ((1, "KS"), (0, "AH")):  # count 11
        m.apply(Play(seat, parse_card(code)))
    with pytest.raises(IllegalMoveError) as err:
        m.apply(Go(1))
    assert "cannot say go at 11" in err.value.text("en")
    assert "ne peut pas dire go à 11" in err.value.text("fr")
    m.apply(Play(1, parse_card("QH")))  # 21: still every card fits
    assert not m.can(Go(0))
    m.apply(Play(0, parse_card("JH")))  # 31 for 2: a new count
    m.apply(Play(1, parse_card("9S")))
    m.apply(Play(0, parse_card("8S")))
    m.apply(Play(1, parse_card("5D")))  # 22: from here a go may be true
    assert m.can(Go(0))


# --------------------------------------------------------------------------- words, as players read them
def test_a_go_that_pegs_for_the_other_player_says_who_said_go_and_who_pegs():
    """« Alice: go, go for 1 +1 Bob » read as if Alice had scored: she said go, and Bob, who played last, pegs 1."""
    m = table()
    m.apply(m.make_deal())
    m.apply(Cut(C(STARTER)))
    for seat, what, *_ in FULL_PEGGING[:-1]:
        move(m, seat, what)
    said = m.events[-1].text
    assert said.text("en") == "Alice says go: Bob pegs 1 for the go"
    assert said.text("fr") == "Alice dit go : Bob marque 1 pour le go"
    b = table()  # Alice says go at 30, then Bob, who played last, says go too: his own point
    b.apply(b.make_deal())
    b.apply(Cut(C("5S")))
    for seat, what in ((1, "KC"), (0, "KD"), (1, "QC"), (0, "go")):
        move(b, seat, what)
    assert b.events[-1].text.text("en") == "Alice: go"
    move(b, 1, "go")
    assert b.events[-1].text.text("en") == "Bob says go and pegs 1 for the go"
    assert b.events[-1].text.text("fr") == "Bob dit go et marque 1 pour le go"


def test_a_card_already_played_says_by_whom():
    m = table()
    m.apply(m.make_deal())
    m.apply(Cut(C("2S")))
    m.apply(Play(1, C("QH")))
    with pytest.raises(InconsistencyError) as err:
        m.apply(Play(0, C("QH")))
    assert err.value.text("en") == "Q♥ was already played by Bob"
    assert err.value.text("fr") == "D♥ a déjà été jouée par Bob"


def test_a_team_wins_in_the_plural():
    """« Ben & Dan gagne le match ! »: a side of two names takes the plural, in both languages."""
    m = table(4, games_to_win=1)
    m.apply(Points(1, 121))  # East & West
    assert m.end_title().text("en") == "East & West win the match!"
    assert m.end_title().text("fr") == "East & West gagnent le match !"
    assert m.outcome.reason.text("fr") == "East & West gagnent le match"
    g = table(4)
    g.apply(Points(1, 100))  # no skunk: one game point of three
    assert g.events[-1].text.text("en") == "East & West peg 100"  # every verb said of a side agrees with it
    assert g.events[-1].text.text("fr") == "East & West marquent 100"
    g.apply(Points(0, 121))
    assert g.end_title().text("en") == "North & South win the game!"
    assert g.end_title().text("fr") == "North & South gagnent la partie !"
    one = table(2, games_to_win=1)
    one.apply(Points(1, 121))
    assert one.end_title().text("en") == "Bob wins the match!"
    assert one.end_title().text("fr") == "Bob gagne le match !"


def test_the_home_list_says_the_play_and_the_show_as_the_booklet_does():
    from companion.games.cribbage import LISTINGS

    assert LISTINGS[0].about.text("fr") == "le jeu et le décompte, en 121"
    assert LISTINGS[0].about.text("en") == "pegging and the show, to 121"
