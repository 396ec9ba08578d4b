"""2500 from the home screen to the end of a match to 1000, by taps: at the table (a brasse entered turn by turn:
the turned cards, each draw, trio, lay-off and discard, then the cards left in hand) and against the computer.
Each brasse is counted here by hand with the French text's card values (A 100, or 200 as frime; 8 to K 10;
3 to 7 5; a card of the frime's rank 100), without the engine's scoring."""

from __future__ import annotations

import re

from companion.core.cards import Card, Rank, parse_cards
from companion.games.rummy2500.ops import DrawStock, LayOff, Meld, TakePige, Throw
from companion.games.seats import same_move
from companion.tui.dialogs.choice import ChoiceDialog
from tests.helpers.journeys import journey, read_report, start, tap, turns

TARGET = 1000


def value(card: Card, frime: Rank) -> int:
    if card.rank == frime:
        return 200 if frime == Rank.ACE else 100
    if card.rank == Rank.ACE:
        return 100
    return 10 if card.rank >= Rank.EIGHT else 5


def by_hand(op) -> list[int]:
    """Each player's brasse from its end-of-brasse entry: laid (trios and lay-offs) minus kept."""
    frime = Rank(op.frime)
    return [sum(value(c, frime) for g in (*op.laid[s], *op.layoffs[s]) for c in g)
            - sum(value(c, frime) for c in op.hands[s]) for s in range(len(op.hands))]


async def select(pilot, screen, cards) -> None:
    """Tap each card in the hand (a copy not picked yet)."""
    for card in cards:
        slot = next(i for i, c in enumerate(screen.slot_cards)
                    if c == card and not screen.query_one(f"#slot-{i}").has_class("-picked"))
        await tap(pilot, f"#slot-{slot}")


async def answer(pilot, screen, name: str, cards, op) -> None:
    """A choice (which pige card, which trio) is open: tap the target that answers the choice ``name`` with
    ``cards`` by ``op``."""
    dialog = pilot.app.screen
    if isinstance(dialog, ChoiceDialog):
        choice = next(c for c in screen.offered() if c.name == name)
        index = next(i for i, (_, target) in enumerate(dialog.answers)
                     if target is not None and same_move(choice.answer(cards, target=target), op))
        await tap(pilot, f"#answer-{index}")


async def by_taps(pilot, screen, op) -> None:
    if isinstance(op, DrawStock):
        await tap(pilot, "#stock")
    elif isinstance(op, TakePige):
        await select(pilot, screen, op.pair)
        await tap(pilot, "#pige")
        await answer(pilot, screen, "take", op.pair, op)
    elif isinstance(op, Meld):
        await select(pilot, screen, op.cards)
        await tap(pilot, "#trio")
    elif isinstance(op, LayOff):
        await select(pilot, screen, [op.card])
        await tap(pilot, "#layoff")
        await answer(pilot, screen, "lay_off", [op.card], op)
    elif isinstance(op, Throw):
        await select(pilot, screen, [op.card])
        await tap(pilot, "#throw")
    await pilot.pause()


async def play_virtual(pilot) -> None:
    from companion.games.rummy2500.players import next_op

    app = pilot.app
    screen = app.screen
    for _ in turns(app):
        name = type(app.screen).__name__
        if name == "MatchEndScreen":
            return
        await pilot.pause()
        if name == "RoundReport":
            entry = screen.match.events[-1].op
            text = await read_report(pilot)
            said = [int(m.group(1)) for line in text.replace("−", "-").splitlines()
                    if (m := re.search(r"; brasse (-?\d+)$", line))]
            assert said == by_hand(entry), (text, by_hand(entry))
            continue
        if app.screen is screen and screen.waiting and screen.acting_human() == 0:
            op = next_op(screen.match, ["normal"] * screen.match.players)
            before = len(screen.match.log)
            await by_taps(pilot, screen, op)
            log = screen.match.log  # the computers may have moved on already: the human's play comes first
            assert len(log) > before and log[before] == op, (op, str(screen.query_one("#message").render()))


@journey("rummy2500", size=(100, 40))
async def play(pilot, mode: str, lang: str) -> None:
    app = pilot.app
    if mode == "virtual":
        await start(pilot, mode="virtual", players=2, seats=("human", "normal"), rules={"target": TARGET}, dealer=1)
        await play_virtual(pilot)
        match = app.screen.session.match
        assert match.totals == [sum(b[s] for b in match.brasses) for s in (0, 1)] and max(match.totals) >= TARGET
        return
    await table_brasse(pilot)


async def tap_card(pilot, code: str) -> None:
    card = parse_cards(code)[0]
    await tap(pilot, f"#keypad #rank-{int(card.rank)}")
    await tap(pilot, f"#keypad #suit-{int(card.suit)}")


async def table_brasse(pilot) -> None:
    """One brasse, turn by turn at the table, that ends the match to 1000 (worked by hand below).

    Ann (seat 0) and Bob; Bob deals (dealer 1), so Ann turns first: a K (13 cards). Bob turns an A: 14 cards,
    and aces are the frime (200 each). The pige starts with 9♣.
    1. Ann draws from the paquet, throws 9♦.
    2. Bob draws from the paquet, lays A♠ A♥ A♦ (a trio of frimes, 600), lays off A♣ and A♠ on it (400),
       lays K♠ K♥ K♦ (30) and Q♠ Q♥ Q♦ (30), throws 3♣.
    3. Ann draws, lays J♠ J♥ J♦ (30), throws 4♣.
    4. Bob draws, lays 7♠ 7♥ 7♦ (15), throws 5♣: his hand is empty, he goes out (mort subite).
    Left in hand: Ann K♠ (her turned card) 10♠ 10♥ 8♠ 8♥ 6♠ 6♥ 5♥ 3♥ 3♦ (10·5 + 5·5 = 75); Bob nothing.
    Ann: 30 − 75 = −45. Bob: 600 + 400 + 30 + 30 + 15 = 1075 ≥ 1000: Bob wins the match.
    """
    app = pilot.app
    await start(pilot, mode="table", players=2, rules={"target": TARGET}, dealer=1)
    await tap(pilot, "#turns")
    for code in ("KS", "AC", "9C"):  # Ann's turned card, Bob's, then the pige's first
        await tap_card(pilot, code)
    await tap(pilot, "#ok")
    screen = app.screen

    async def play_cards(codes: str, button: str) -> None:
        for code in codes.split():
            await tap_card(pilot, code)
        await tap(pilot, f"#{button}")
        if isinstance(app.screen, ChoiceDialog):
            await tap(pilot, "#answer-0")  # the first trio offered: Bob's own trio of aces
        assert not screen.message or screen.message[1] != "error", str(screen.query_one("#message").render())

    await tap(pilot, "#stock")
    await play_cards("9D", "throw")
    await tap(pilot, "#stock")
    await play_cards("AS AH AD", "trio")
    await play_cards("AC", "layoff")  # a second A♣: Bob's turned ace is the first
    await play_cards("AS", "layoff")
    await play_cards("KS KH KD", "trio")
    await play_cards("QS QH QD", "trio")
    await play_cards("3C", "throw")
    await tap(pilot, "#stock")
    await play_cards("JS JH JD", "trio")
    await play_cards("4C", "throw")
    await tap(pilot, "#stock")
    await play_cards("7S 7H 7D", "trio")
    await play_cards("5C", "throw")
    await tap(pilot, "#brasse")
    dialog = app.screen
    assert type(dialog).__name__ == "BrasseDialog"
    seen = parse_cards(dialog.query_one("#hand-0").value, app.lang)
    assert seen == parse_cards("KS")  # her turned card, seen by all, is already there
    await tap(pilot, "#hand-0")
    for code in "10S 10H 8S 8H 6S 6H 5H 3H 3D".split():
        await tap_card(pilot, code)
    await tap(pilot, "#ok")
    error = str(dialog.query_one("#error").render()) if dialog.is_attached else ""
    assert type(app.screen).__name__ == "MatchEndScreen", (app.screen, error)
    match = app.screen.session.match
    assert match.brasses == [[-45, 1075]] and match.outcome.winners == (1,)
    assert by_hand(match.log[-1]) == [-45, 1075]
