"""Both Trente-et-un games from the home screen to the end of a match, by taps: at the table (each showdown's
hands tapped on the keypad) and against the computer. Hands are valued here by hand (the best same-suit total,
A 11, figures 10; A-K-Q of one suit a tierce majeure; three of a kind 30½ in the knock game), not by the
engine."""

from __future__ import annotations

from collections import defaultdict

from companion.core.cards import Card, Rank, parse_cards
from companion.games.trente_et_un.ops import BlindSwap, Discard, Draw, Exchange, Knock
from tests.helpers.journeys import journey, read_report, start, tap, tap_at, turns

FIGURES = (Rank.KING, Rank.QUEEN, Rank.JACK)


def by_hand(cards: list[Card], brelan: bool = True, tierce: bool = True) -> float:
    """A hand's value worked out as a player does, for the showdowns below."""
    suits: dict = defaultdict(list)
    for card in cards:
        suits[card.suit].append(card)
    best = 0.0
    for held in suits.values():
        if tierce and len(held) == 3 and {c.rank for c in held} == {Rank.ACE, Rank.KING, Rank.QUEEN}:
            return 31.5  # the tierce majeure beats everything (31 and more)
        total = sum(11 if c.rank == Rank.ACE else 10 if c.rank in FIGURES else int(c.rank) for c in held)
        best = max(best, total)
    if brelan and len({c.rank for c in cards}) == 1:
        best = max(best, 30.5)
    return best


async def tap_card(pilot, card: Card) -> None:
    await tap(pilot, f"#keypad #rank-{int(card.rank)}")
    await tap(pilot, f"#keypad #suit-{int(card.suit)}")


async def table_showdown(pilot, hands: list[str]) -> None:
    """Tap each player's three cards, in the order the screen asks (from the dealer's side), then Show."""
    screen = pilot.app.screen
    for seat in screen._order():  # noqa: SLF001 (the order the prompt follows)
        for card in parse_cards(hands[seat]):
            await tap_card(pilot, card)
    await tap(pilot, "#show")


async def play_virtual(pilot, game_id: str) -> list[str]:
    """The human (seat 0) plays as a normal computer would, by taps; every showdown's report is read and its
    loser or winner checked by hand. Returns the reports."""
    from companion.games.trente_et_un.players import next_op

    app = pilot.app
    screen = app.screen
    reports: list[str] = []
    for _ in turns(app):
        name = type(app.screen).__name__
        if name == "MatchEndScreen":
            return reports
        await pilot.pause()
        if name == "RoundReport":
            hands_at_showdown = screen.match.events[-1].op.hands
            text = await read_report(pilot)
            reports.append(text)
            check_report(screen.match, hands_at_showdown, text, game_id)
            continue
        if app.screen is not screen or not screen.waiting or screen.acting_human() != 0:
            continue
        op = next_op(screen.match, ["normal"] * screen.match.players)
        await do_by_taps(pilot, screen, op)


async def do_by_taps(pilot, screen, op) -> None:
    """A move of the human in seat 0, made with the screen's own buttons and card keys."""
    async def card_key(card: Card, prefix: str, cards: list) -> None:
        await tap_at(pilot, screen.query_one(f"#{prefix}-{cards.index(card)}"))
        await pilot.pause()

    if isinstance(op, BlindSwap):
        await tap(pilot, "#blind" if op.take else "#keep")
    elif isinstance(op, Draw):
        await tap(pilot, "#take" if op.card is not None else "#stock")
    elif isinstance(op, Knock):
        await tap(pilot, "#knock")
    elif isinstance(op, Discard):
        await card_key(op.card, "slot", screen.slot_cards)
    elif isinstance(op, Exchange):
        if op.hold != screen.hold:
            await tap(pilot, "#hold")
        if not op.give:
            await tap(pilot, "#pass")
        elif len(op.give) == 3:
            await tap(pilot, "#all")
        else:
            await card_key(op.give[0], "slot", screen.slot_cards)
            await card_key(op.take[0], "face", screen.face_cards)
    await pilot.pause()


def check_report(match, hands, text: str, game_id: str) -> None:
    """The report's verdict worked out by hand from the hands shown: the best hand wins (knock, tokens), or
    every hand of the lowest total loses (banker)."""
    values = {s: by_hand(list(h), brelan=game_id == "trente_et_un", tierce=game_id == "trente_et_un")
              for s, h in enumerate(hands) if h}
    names = match.names
    if game_id == "trente_et_un":
        top = max(values.values())
        winners = sorted(s for s, v in values.items() if v == top)
        if len(winners) == 1:  # a tie of totals is broken by ranks: not worked out here
            assert f"{names[winners[0]]}" in [line.split(":")[0].strip() for line in text.splitlines()
                                              if "jeton" in line or "token" in line], text
    else:
        if any(v >= 31 for v in values.values()):
            return  # a 31 ends the deal: nobody else is compared
        low = min(values.values())
        losers = [names[s] for s, v in values.items() if v == low]
        line = next(line for line in text.splitlines() if "corbeille" in line)
        assert all(n in line for n in losers) and all(names[s] not in line for s in values if names[s] not in losers), (
            text, losers)


@journey("trente_et_un", size=(100, 34))
async def knock(pilot, mode: str, lang: str) -> None:
    app = pilot.app
    if mode == "table":
        # 3 players, 1 token each: the winner of the first showdown sheds his token and wins the match.
        await start(pilot, mode="table", players=3, rules={"tokens": 1}, dealer=0)
        # Player 2 knocked. Worked by hand: P1 A♥ K♥ Q♥ = tierce majeure; P2 A♠ K♠ J♠ = 31; P3 7♣ 7♦ 7♠ = 30½.
        await table_showdown(pilot, ["AH KH QH", "AS KS JS", "7C 7D 7S"])
        assert type(app.screen).__name__ == "MatchEndScreen"
        match = app.screen.session.match
        assert match.tokens == [0, 1, 1] and match.outcome.winners == (0,)
        return
    await start(pilot, mode="virtual", players=3, seats=("human", "normal", "normal"), rules={"tokens": 1}, dealer=0)
    reports = await play_virtual(pilot, "trente_et_un")
    match = app.screen.session.match
    assert len(reports) == match.showdowns >= 1 and min(match.tokens) == 0


@journey("trente_et_un_banker", size=(100, 34))
async def banker(pilot, mode: str, lang: str) -> None:
    app = pilot.app
    if mode == "table":
        # 3 players, 1 token each. Worked by hand: P1 A♠ K♠ Q♠ = 31; P2 7♥ 8♦ 9♣ = 9; P3 9♠ 8♥ 7♦ = 9: the two
        # 9s tie for lowest and both lose (French text 002), so P1 is the last vivant and takes the corbeille.
        await start(pilot, mode="table", players=3, rules={"lives": 1, "stake": 1}, dealer=0)
        await table_showdown(pilot, ["AS KS QS", "7H 8D 9C", "9S 8H 7D"])
        assert type(app.screen).__name__ == "MatchEndScreen"
        match = app.screen.session.match
        assert match.tokens == [1, 0, 0] and match.out == [False, True, True] and match.pot == 5
        assert match.outcome.winners == (0,)
        return
    await start(pilot, mode="virtual", players=4, seats=("human", "normal", "normal", "normal"), rules={"lives": 1},
                dealer=0)
    reports = await play_virtual(pilot, "trente_et_un_banker")
    match = app.screen.session.match
    assert len(reports) == match.showdowns >= 1
    vivants = [s for s in range(match.players) if not match.out[s]]
    if vivants:  # the last vivant takes the corbeille
        assert vivants == list(match.outcome.winners) and len(vivants) == 1
    else:  # every vivant tied lowest at once: those who went out together share it (the engine's choice)
        last = match.events[-1].op.hands
        assert match.outcome.winners == tuple(s for s, hand in enumerate(last) if hand) and all(match.out)
