"""Virtual Le 31: computer players at three levels make only legal plays (the engine checks each one) and never
look at a hidden card, seeded matches replay, every card is somewhere at every step and every round passes
the 11-point check, and a whole match is played in the app by taps."""

from __future__ import annotations

import random

import pytest

from companion.games.base import Setup
from companion.games.le31.engine import Le31Match
from companion.games.le31.ops import Capture, Deal, Trail
from companion.games.le31.players import next_op, score, weight
from companion.games.le31.rules import Le31Rules
from companion.games.selfplay import play_out
from companion.store.session import MatchSession
from tests.helpers.scripted import make_app
from tests.helpers.scripted import settle_virtual as settle


def virtual(players: int, seed: int, **rules) -> Le31Match:
    return Le31Match(Setup(tuple(f"P{i}" for i in range(players)), Le31Rules(**rules), 0, "virtual", seed))


def test_the_weights_are_the_tally_shared_out_card_by_card():
    m = virtual(2, 1)
    deck = m.deck
    share = 3 / 27  # most cards: 3 points between 52 cards, 27 of them win it
    red_share = 1 / 7.5  # most red: 1 point, 13 red cards
    assert weight(m, deck.parse("10G")) == pytest.approx(share + 2)
    assert weight(m, deck.parse("2R")) == pytest.approx(share + red_share + 1)
    assert weight(m, deck.parse("1B")) == pytest.approx(share + 1)
    assert weight(m, deck.parse("5B")) == pytest.approx(share)


def test_normal_takes_the_green_ten_before_a_plain_card():
    m = virtual(2, 1)
    deck = m.deck
    m.r.loose = [deck.parse("10G"), deck.parse("7B")]
    take_green = Capture(1, deck.parse("10B"), (deck.parse("10G"),))
    take_seven = Capture(1, deck.parse("7Y"), (deck.parse("7B"),))
    assert score(m, take_green) > score(m, take_seven)
    assert score(m, Trail(1, deck.parse("1B"))) < score(m, Trail(1, deck.parse("5B")))  # a 1 is not given away


@pytest.mark.parametrize(("level", "players"), [("easy", 2), ("normal", 2), ("easy", 4), ("normal", 4)])
def test_every_level_plays_a_whole_match_by_the_engine_checks(level, players):
    m = virtual(players, 3, target=11)
    levels = [level] + ["normal"] * (players - 1)
    play_out(next_op, m, levels)
    assert m.phase == "match_over" and max(m.points) >= 11
    again = play_out(next_op, virtual(players, 3, target=11), levels)
    assert [op.to_json() for op in again.log] == [op.to_json() for op in m.log]  # seeded: the same match


@pytest.mark.slow
def test_hard_plays_a_whole_match():
    m = play_out(next_op, virtual(2, 5, target=11), ["hard", "normal"])
    assert m.phase == "match_over"


def test_decisions_do_not_depend_on_the_hidden_cards():
    m = virtual(2, 7)
    kinds = ["hard", "normal"]
    for _ in range(200):  # to a turn of seat 0 with at least two cards in hand
        if m.phase == "play" and m.r.turn == 0 and len(m.r.hands[0]) >= 2 and m.r.loose:
            break
        m.apply(next_op(m, kinds))
    first = next_op(m, kinds)
    r = m.r
    pool = list(r.hands[1]) + list(r.stock)
    random.Random(1).shuffle(pool)
    r.hands[1], r.stock = pool[:len(r.hands[1])], pool[len(r.hands[1]):]
    assert next_op(m, kinds) == first


def _cards_somewhere(m: Le31Match) -> int:
    r = m.r
    return (len(r.stock or []) + sum(map(len, r.hands or [])) + len(r.loose)
            + sum(len(b.cards) for b in r.builds) + sum(map(len, r.piles)))


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_thousands_of_plays_keep_every_card_and_pass_the_eleven_point_check(players):
    rng = random.Random(players)
    plays = seed = 0
    while plays < 3000:
        m = virtual(players, seed, target=rng.choice([11, 21]),
                    numeral_capture_multi=rng.random() < 0.7, raise_may_absorb_table=rng.random() < 0.3)
        levels = [rng.choice(["easy", "normal"]) for _ in range(players)]
        while m.phase != "match_over":
            op = next_op(m, levels)
            rounds = len(m.rounds)
            m.apply(op)
            plays += not isinstance(op, Deal)
            if len(m.rounds) > rounds:  # a round was tallied: 11 points (less tied majorities) plus récoltes
                result = m.rounds[-1]
                ties = 3 * (result[0].cards == result[1].cards) + (result[0].red == result[1].red)
                recoltes = sum(1 for side in result for item in side.items if item.kind == "recolte")
                assert sum(side.points for side in result) - recoltes == m.deck.round_points() - ties
                assert result[0].cards + result[1].cards == m.deck.size
            elif m.r.hands is not None:
                assert _cards_somewhere(m) == m.deck.size
        seed += 1


def test_selfplay_prints_its_figures():
    from companion.games.selfplay import run

    result = run("le31", "normal", "easy", 2, 1, jobs=1)
    assert result["games"] == 2 and set(result["figures"]["a"]) == {"points", "recoltes", "green_10", "red_2"}




async def take_first_play(pilot) -> None:
    """In the play dialog: tap lit table cards (then lit builds) until a play is offered, and tap the first."""
    dialog = pilot.app.screen
    for _ in range(20):
        if dialog.offered:
            await pilot.click("#play-0")
            await pilot.pause()
            return
        lit = [b for b in dialog.query("#table-keys Button") if not b.disabled and not b.has_class("-picked")]
        await pilot.click(f"#{lit[0].id}")
        await pilot.pause()
    raise AssertionError("no play was ever offered")


@pytest.mark.ui
async def test_a_whole_match_against_the_computer_by_taps(tmp_path):
    from companion.tui.game_ui import ui_for
    from companion.tui.games.le31.screen import Le31Screen

    app = make_app(tmp_path)
    app.settings.pace = 0.0
    async with app.run_test(size=(100, 34)) as pilot:
        setup = Setup(("Ann", "Hal"), Le31Rules(target=11), 0, "virtual", 8, ("human", "easy"))
        session = MatchSession.create(app.store, setup, "le31")
        screen = ui_for("le31").match_screen(session)
        assert isinstance(screen, Le31Screen)
        app.push_screen(screen)
        match = session.match
        refused = False
        for _ in range(600):
            await settle(pilot, screen)
            if match.is_over:
                break
            if app.screen is not screen:  # the card has choices: tap table cards until a play is offered
                await take_first_play(pilot)
                continue
            assert screen.acting_human() == 0 and screen.shown_seat == 0
            if not refused:  # a card that is not in the hand, typed: refused with the reason, nothing lost
                refused = True
                other = next(c for c in match.deck.pack() if c not in match.r.hands[0])
                screen.query_one("#entry").value = match.deck.label(other, "en")
                await pilot.press("enter")
                assert "not in your hand" in str(screen.query_one("#message").render())
            before = len(match.log)
            lit = next(key for key in screen.query("#hand Button") if key.display and not key.disabled)
            await pilot.click(f"#{lit.id}")  # a card with a play (the others are greyed)
            await pilot.pause()
            assert len(match.log) > before or app.screen is not screen
        assert match.is_over and app.store.match(session.match_id).finished
        assert any(getattr(op, "seat", None) == 0 for op in match.log)


def _turns(players: int, seed: int, plays: int = 60):
    """The states of a seeded virtual match at each play, the normal computer playing every seat."""
    m = virtual(players, seed)
    levels = ["normal"] * players
    for _ in range(plays):
        if m.is_over:
            return
        if m.phase == "play":
            yield m
        m.apply(next_op(m, levels))


@pytest.mark.parametrize("players", [2, 4])
def test_a_cards_plays_are_offered_tap_by_tap_from_the_choices(players):
    """In virtual play the play dialog reads the seat's choices (``OfferedPlays``): each option of a card is
    reached by tapping its table cards (each lit when tapped, the build last) and is then offered; every play
    offered is legal; and a play answered to its choice (a tap or a typed line) is that play."""
    from companion.games.seats import same_move
    from companion.tui.games.le31.offers import OfferedPlays, answer_of

    checked = 0
    for m in _turns(players, seed=players + 20):
        seat = m.r.turn
        choices = m.choices(seat)
        by_name = {choice.name: choice for choice in choices}
        for card in dict.fromkeys(c for choice in choices for c in choice.cards):
            offer = OfferedPlays(m, choices, card)
            for op in (option for choice in choices for option in choice.options() if option.card == card):
                said = answer_of(op)
                assert same_move(by_name[said.name].answer([card], said.table, said.target, said.number), op)
                loose = list(getattr(op, "loose", ()))
                build = said.table[-1].value if len(said.table) > len(loose) else None
                for k, taken in enumerate(loose):
                    lit, _ = offer.lit(loose[:k], None)
                    assert any(m.r.loose[i] == taken for i in lit), (op, k)
                if build is not None:
                    assert build in offer.lit(loose, None)[1], op
                plays = offer.plays(loose, build)
                assert any(same_move(play, op) for play in plays), (op, plays)
                assert all(m.can(play) for play in plays)
                checked += 1
    assert checked > 100
