"""Both Trente-et-un games kept showdown by showdown: tokens, lives, the corbeille, morts and vivants,
worked out by hand; whole random matches keep every token; and a showdown entered by taps in the app."""

from __future__ import annotations

import random

import pytest

from companion.core.cards import parse_cards, piquet_deck, standard_deck
from companion.core.errors import IllegalMoveError, SetupError
from companion.games.base import Setup
from companion.games.trente_et_un.engine import BankerMatch, KnockMatch, showdown_of
from companion.games.trente_et_un.ops import GiveToken
from companion.games.trente_et_un.rules import BankerRules, KnockRules
from companion.store.session import MatchSession
from tests.helpers.scripted import make_app

H = parse_cards


def hands(*texts):
    return [H(t) if t else [] for t in texts]


def test_tokens_the_winner_sheds_one_and_tied_winners_both_do():
    m = KnockMatch(Setup(("Ann", "Bob", "Cy"), KnockRules(tokens=2), 0))
    m.apply(showdown_of(hands("AH KH JH", "7S 7D 7C", "QS 9S 2D")))  # Ann's 31 wins
    assert m.tokens == [1, 2, 2] and m.dealer == 1
    m.apply(showdown_of(hands("KS 5S 4D", "KH 5H 3C", "9C 2C 3D")))  # 15 and 15: Ann and Bob share
    assert m.tokens == [0, 1, 2] and m.outcome.winners == (0,)  # Ann is rid of her tokens: she wins
    with pytest.raises(IllegalMoveError):
        m.apply(showdown_of(hands("AH KH JH", "7S 7D 7C", "QS 9S 2D")))


def test_lives_the_lowest_loses_a_knocker_two_and_a_31_costs_everyone_else_one():
    m = KnockMatch(Setup(("Ann", "Bob", "Cy"), KnockRules(scoring_mode="lives", tokens=3), 0))
    m.apply(showdown_of(hands("AH 9H 2C", "KS 5S 4D", "QC 3D 2S"), knocker=2))  # Cy knocked and is lowest (10)
    assert m.tokens == [3, 3, 1]
    m.apply(showdown_of(hands("AS KS JS", "7H 8H 2D", "9C 8C 3D")))  # Ann's 31: Bob and Cy lose one
    assert m.tokens == [3, 2, 0] and m.out == [False, False, True]
    m.apply(showdown_of(hands("AD 2D 3C", "KD QD 4H", "")))  # Cy is out; Bob 20 beats Ann 14: Ann loses
    assert m.tokens == [2, 2, 0] and m.outcome is None
    with pytest.raises(IllegalMoveError):
        m.apply(showdown_of(hands("AC 2C 3D", "KC QC 4S", "5H 6H 7H")))  # Cy is out: no hand


def test_banker_lowest_hands_pay_the_corbeille_and_the_last_vivant_takes_it():
    m = BankerMatch(Setup(("Ann", "Bob", "Cy"), BankerRules(lives=1, stake=1), 0))
    assert m.pot == 3
    m.apply(showdown_of(hands("AH KH QH", "7S 8D 9C", "9S 8H 7D")))  # 9 and 9: Bob and Cy both lose
    assert m.tokens == [1, 0, 0] and m.pot == 5 and m.out == [False, True, True]
    assert m.outcome.winners == (0,) and "corbeille (5)" in m.outcome.reason.text("en")


def test_banker_hands_of_the_same_lowest_total_all_pay_whatever_their_ranks():
    m = BankerMatch(Setup(("Ann", "Bob", "Cy"), BankerRules(lives=2, stake=0), 0))
    m.apply(showdown_of(hands("KH 7S 8D", "10C 7H 8S", "AD 9D 7C")))  # 10 and 10: Ann and Bob both lose
    assert m.tokens == [1, 1, 2] and m.pot == 2


def test_a_31_never_loses_and_a_dealt_31_costs_every_other_player_a_token():
    m = BankerMatch(Setup(("Ann", "Bob", "Cy", "Di"), BankerRules(), 0))
    m.apply(showdown_of(hands("AH KH QH", "AS KS JS", "7C 8C 9D", "10D 8H 7S"), dealt_31=True))
    assert m.tokens == [3, 2, 2, 2] and m.pot == 3  # Ann's 31 served; Bob's 31 too but only one holder is named
    m2 = BankerMatch(Setup(("Ann", "Bob", "Cy"), BankerRules(dealt_31_wins_pot=True, stake=2), 0))
    m2.apply(showdown_of(hands("7H 8H 9C", "AS KS JS", "7C 8C 9D"), dealt_31=True))
    assert m2.outcome.winners == (1,)
    with pytest.raises(IllegalMoveError):
        BankerMatch(Setup(("Ann", "Bob"), BankerRules(), 0)).apply(
            showdown_of(hands("7H 8H 9C", "7C 8C 9D"), dealt_31=True))  # no 31 on the table


def test_a_vivant_gives_a_token_to_a_mort_who_comes_back():
    m = BankerMatch(Setup(("Ann", "Bob", "Cy"), BankerRules(lives=2), 0))
    m.apply(showdown_of(hands("AH KH QH", "7S 8D 9C", "KC QC JC")))
    m.apply(showdown_of(hands("AS KS QS", "7H 8H 9D", "KD QD JD")))
    assert m.out == [False, True, False] and m.tokens == [2, 0, 2]
    m.apply(GiveToken(0, 1))  # Ann spoke to Bob, a mort
    assert m.out == [False, False, False] and m.tokens == [1, 1, 2]
    with pytest.raises(IllegalMoveError):
        m.apply(GiveToken(0, 2))  # Cy is not a mort
    with pytest.raises(IllegalMoveError):
        KnockMatch(Setup(("Ann", "Bob"), KnockRules(), 0)).apply(GiveToken(0, 1))


def test_swimming_gives_one_more_chance():
    m = BankerMatch(Setup(("Ann", "Bob", "Cy"), BankerRules(lives=1, swim=True), 0))
    m.apply(showdown_of(hands("AH KH QH", "7S 8D 9C", "KC QC JC")))
    assert m.tokens[1] == 0 and not m.out[1] and m.swimming[1]
    m.apply(showdown_of(hands("AS KS QS", "7H 8H 9D", "KD QD JD")))
    assert m.out[1]


def test_setups_and_hands_that_are_refused():
    with pytest.raises(SetupError):
        BankerMatch(Setup(tuple(f"P{i}" for i in range(10)), BankerRules(), 0))  # 32 cards: 9 players at most
    BankerMatch(Setup(tuple(f"P{i}" for i in range(16)), BankerRules(deck=52), 0))
    m = BankerMatch(Setup(("Ann", "Bob"), BankerRules(), 0))
    for bad in (hands("AH KH", "7S 8D 9C"), hands("AH KH QH", "AH 8D 9C"), hands("2H 3H 4H", "7S 8D 9C")):
        with pytest.raises(IllegalMoveError):
            m.apply(showdown_of(bad))


@pytest.mark.parametrize("players", [3, 6, 9])
@pytest.mark.parametrize("game", ["knock", "knock-lives", "banker"])
def test_random_matches_keep_every_token_and_end(players, game):
    rng = random.Random(players * 31 + len(game))
    names = tuple(f"P{i}" for i in range(players))
    if game == "banker":
        m = BankerMatch(Setup(names, BankerRules(stake=1), 0))
        deck = piquet_deck()
    else:
        m = KnockMatch(Setup(names, KnockRules(scoring_mode="lives" if game == "knock-lives" else "tokens"), 0))
        deck = standard_deck()
    total = sum(m.tokens) + m.pot
    for _ in range(500):
        if m.outcome is not None:
            break
        rng.shuffle(deck)
        cards = iter(deck)
        hs = [[] if m.out[s] else [next(cards) for _ in range(3)] for s in range(players)]
        m.apply(showdown_of(hs, knocker=rng.choice(m.in_play)))
        if game == "banker":
            assert sum(m.tokens) + m.pot == total  # tokens go to the corbeille, never vanish
        assert all(t >= 0 for t in m.tokens)
    assert m.outcome is not None


async def tap(pilot, card) -> None:
    await pilot.click(f"#keypad #rank-{int(card.rank)}")
    await pilot.click(f"#keypad #suit-{int(card.suit)}")


@pytest.mark.parametrize("game", ["trente_et_un", "trente_et_un_banker"])
async def test_a_showdown_entered_by_taps(tmp_path, game):
    from companion.tui.game_ui import ui_for

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        rules = KnockRules() if game == "trente_et_un" else BankerRules()
        session = MatchSession.create(app.store, Setup(("Ann", "Bob", "Cy"), rules, 0), game)
        app.push_screen(ui_for(game).match_screen(session))
        await pilot.pause()
        screen = app.screen
        # Entered from the dealer's side: Bob, Cy, Ann in the knock game; Cy, Bob, Ann with a banker.
        order = ["Bob", "Cy", "Ann"] if game == "trente_et_un" else ["Cy", "Bob", "Ann"]
        cards = {"Ann": "AH KH JH", "Bob": "7S 8D 9C", "Cy": "10S JS 7H"}
        for name in order:
            for card in H(cards[name]):
                await tap(pilot, card)
        await pilot.pause()
        assert not screen.query_one("#show").disabled
        await pilot.click("#show")
        await pilot.pause()
        match = session.match
        if game == "trente_et_un":
            assert match.tokens == [2, 3, 3]  # Ann's 31 wins: she sheds a token
        else:
            assert match.tokens == [3, 2, 3] and match.pot == 1  # Bob's 9 is lowest
        assert "thirty-one" in str(screen.query_one("#message").render())


async def test_a_knock_deal_typed_turn_by_turn_then_its_showdown(tmp_path):
    from companion.tui.game_ui import ui_for

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        session = MatchSession.create(app.store, Setup(("Ann", "Bob", "Cy"), KnockRules(), 0), "trente_et_un")
        app.push_screen(ui_for("trente_et_un").match_screen(session))
        await pilot.pause()
        screen = app.screen
        for line in ("start 5h", "stock", "discard 9c", "take", "discard 9c"):
            screen.interpret(line)
            await pilot.pause()
        assert "cannot go straight back" in str(screen.query_one("#message").render())
        for line in ("discard 2d", "knock", "stock", "discard 3s", "take", "discard kd"):
            screen.interpret(line)
            await pilot.pause()
        assert session.match.play.ended
        for line in ("7s 8s 9s", "9c 3s qc", "ah kh jh"):  # Bob, Cy, Ann
            screen.interpret(line)
            await pilot.pause()
        screen.interpret("show")
        await pilot.pause()
        assert session.match.tokens == [2, 3, 3] and session.match.play is None


def test_tied_winners_of_the_match_take_the_plural():
    """« Ann & Bob gagne le match »: two names that share the win take the plural, in both languages."""
    m = KnockMatch(Setup(("Ann", "Bob", "Cy"), KnockRules(tokens=1), 0))
    m.apply(showdown_of(hands("KS 5S 4D", "KH 5H 3C", "9C 2C 3D")))  # 15 and 15, K and 5 each: Ann and Bob share
    assert m.outcome.winners == (0, 1)
    assert m.end_title().text("en") == "Ann & Bob win the match"
    assert m.end_title().text("fr") == "Ann & Bob gagnent le match"
    one = KnockMatch(Setup(("Ann", "Bob", "Cy"), KnockRules(tokens=1), 0))
    one.apply(showdown_of(hands("AH KH JH", "7S 7D 7C", "QS 9S 2D")))
    assert one.end_title().text("fr") == "Ann gagne le match"
    lives = KnockMatch(Setup(("Ann", "Bob", "Cy"), KnockRules(scoring_mode="lives", tokens=3), 0))
    lives.apply(showdown_of(hands("AS KS JS", "AH KH QH", "9C 8C 3D")))  # two 31s: Cy loses a life
    said = lives.events[-1].text
    assert "Ann & Bob have 31: every other player loses a life" in said.text("en")
    assert "Ann & Bob ont 31 : chaque autre joueur perd une vie" in said.text("fr")


def test_a_deal_turned_up_agrees_with_its_cards():
    from companion.games.trente_et_un.ops import Start

    m = KnockMatch(Setup(("Ann", "Bob", "Cy"), KnockRules(), 0))
    m.apply(Start(tuple(H("5H"))))
    assert m.events[-1].text.text("fr") == "Donne : 5♥ retournée"
    b = BankerMatch(Setup(("Ann", "Bob", "Cy"), BankerRules(), 0))
    with pytest.raises(IllegalMoveError) as err:
        b.apply(Start(tuple(H("7H 8H"))))
    assert err.value.text("en") == "a deal starts with 3 cards turned up"
    assert err.value.text("fr") == "une donne commence avec 3 cartes retournées"
    b.apply(Start(tuple(H("7H 8H 9H"))))
    assert b.events[-1].text.text("fr") == "Donne : 7♥ 8♥ 9♥ retournées"
