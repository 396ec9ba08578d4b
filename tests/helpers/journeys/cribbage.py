"""Cribbage from the home screen to the end of a game to 61, by taps: at the table (every starter, card, go, hand
and crib of a whole game tapped) and against the computer. Every count is redone here by a scorer written for
these tests alone (fifteens, pairs, runs, flushes, his nobs, the play's fifteens, pairs, runs, go and last card,
as ACC rules say), and the final score checked against its totals."""

from __future__ import annotations

from itertools import combinations

from companion.core.cards import Card, Rank
from companion.games.cribbage.ops import Crib, Cut, Discard, Go, Play, Show
from tests.helpers.journeys import journey, read_report, start, tap, tap_at, turns
from tests.helpers.scripted import scripted_match

TARGET = 61


async def tap_choice(pilot, screen, op) -> None:
    """A player's choice on a virtual cribbage screen, by taps: the cards he lays away, then « Lay away », or the
    card he plays."""
    if isinstance(op, Discard):
        for card in op.cards:
            await tap_at(pilot, screen.query_one(screen.slot_of(card)))
        await tap(pilot, "#lay")
    elif isinstance(op, Play):
        await tap_at(pilot, screen.query_one(screen.slot_of(op.card)))
    await pilot.pause()


def pips(card: Card) -> int:
    return min(int(card.rank), 10)


def show_points(cards: tuple[Card, ...], starter: Card, crib: bool) -> int:
    """A hand (or crib) with the starter, counted from scratch."""
    five = (*cards, starter)
    points = 2 * sum(1 for n in range(2, 6) for combo in combinations(five, n) if sum(map(pips, combo)) == 15)
    points += 2 * sum(1 for a, b in combinations(five, 2) if a.rank == b.rank)
    for length in (5, 4, 3):  # the longest runs, each counted with its multiplicity
        runs = [combo for combo in combinations(five, length)
                if sorted(int(c.rank) for c in combo) == list(range(min(int(c.rank) for c in combo),
                                                                     min(int(c.rank) for c in combo) + length))]
        if runs:
            points += length * len(runs)
            break
    if len({c.suit for c in cards}) == 1:
        points += 5 if starter.suit == cards[0].suit else (0 if crib else 4)
    points += sum(1 for c in cards if c.rank == Rank.JACK and c.suit == starter.suit)
    return points


def play_points(current: list[Card]) -> int:
    """What the last card played scores in the count so far (without the go or the last card)."""
    total = sum(map(pips, current))
    points = 2 if total in (15, 31) else 0
    same = 1
    while same < len(current) and current[-1 - same].rank == current[-1].rank:
        same += 1
    points += {2: 2, 3: 6, 4: 12}.get(same, 0)
    for length in range(len(current), 2, -1):
        ranks = sorted(int(c.rank) for c in current[-length:])
        if ranks == list(range(ranks[0], ranks[0] + length)):
            points += length
            break
    return points


@journey("cribbage", size=(100, 34))
async def play(pilot, mode: str, lang: str) -> None:
    app = pilot.app
    if mode == "table":
        await start(pilot, mode="table", rules={"target": TARGET}, dealer=0)
        script = scripted_match(players=2, target=TARGET, seed=11, first_dealer=0)
        for entry in script.entries:
            await enter(pilot, entry)
        assert type(app.screen).__name__ == "MatchEndScreen", app.screen
        match = app.screen.session.match
        assert max(match.scores) == TARGET and match.scores == script.final.scores
        assert_recounted(match)
        return
    await start(pilot, mode="virtual", seats=("human", "normal"), rules={"target": TARGET}, dealer=1)
    await play_virtual(pilot)
    match = app.screen.session.match
    assert max(match.scores) == TARGET
    assert_recounted(match)


def assert_recounted(match) -> None:
    """The engine's final scores against the recount, deal by deal (the log cut at each starter; the dealer
    alternates from the first), capped at the target, where the game stops."""
    chunks: list[list] = []
    for op in match.log:
        if isinstance(op, Cut):
            chunks.append([])
        if chunks:
            chunks[-1].append(op)
    scores = [0, 0]
    for i, chunk in enumerate(chunks):
        points = recount_deal(chunk, (match.setup.first_dealer + i) % 2)
        scores = [a + b for a, b in zip(scores, points)]
    assert [min(s, TARGET) for s in scores] == list(match.scores), (scores, match.scores)


def recount_deal(ops: list, dealer: int) -> list[int]:
    """One deal's points per seat, from its entries alone: his heels, the play, the shows and the crib.

    The play is followed card by card with each player's cards of the deal (all known once pegged): a count
    ends at 31, or when nobody left holding a card can play one; then the last card played scores 1 (a go,
    or the last card). Said goes are declarations only: the count's end is worked out from the cards."""
    scores = [0, 0]
    starter = None
    plays = [op for op in ops if isinstance(op, Play)]
    left = {seat: [op.card for op in plays if op.seat == seat] for seat in (0, 1)}
    current: list[Card] = []
    for op in ops:
        if isinstance(op, Cut):
            starter = op.card
            if starter.rank == Rank.JACK:
                scores[dealer] += 2
        elif isinstance(op, Play):
            current.append(op.card)
            left[op.seat].remove(op.card)
            scores[op.seat] += play_points(current)
            count = sum(map(pips, current))
            if count == 31:
                current = []
            elif not any(count + pips(c) <= 31 for cards in left.values() for c in cards):
                scores[op.seat] += 1  # nobody can play on: one for the last card
                current = []
        elif isinstance(op, Show):
            scores[op.seat] += show_points(op.cards, starter, False)
        elif isinstance(op, Crib):
            scores[dealer] += show_points(op.cards, starter, True)
    return scores


async def tap_card(pilot, card: Card) -> None:
    await tap(pilot, f"#keypad #rank-{int(card.rank)}")
    await tap(pilot, f"#keypad #suit-{int(card.suit)}")


async def enter(pilot, entry) -> None:
    """One entry of the table, by taps."""
    if isinstance(entry, (Cut, Play)):
        await tap_card(pilot, entry.card)
    elif isinstance(entry, Go):
        await tap(pilot, "#go")
    elif isinstance(entry, Show):
        await tap(pilot, "#count")  # the hand is already filled in from the cards its player pegged
    elif isinstance(entry, Crib):
        for card in entry.cards:
            await tap_card(pilot, card)
        await tap(pilot, "#count")


async def play_virtual(pilot) -> None:
    """The human (seat 0) lays away and pegs as the normal computer would, by taps on the hand's cards; each
    deal's report is read, its hands recounted."""
    from companion.games.cribbage.players import next_op

    app = pilot.app
    screen = app.screen
    for _ in turns(app, what="the game never ended"):
        name = type(app.screen).__name__
        if name == "MatchEndScreen":
            return
        await pilot.pause()
        if name == "RoundReport":
            match = screen.match
            starter = match.starter
            for event in match.deal_events():
                if isinstance(event.op, (Show, Crib)):
                    said = sum(s.points for s in event.scores)
                    assert said == show_points(event.op.cards, starter, isinstance(event.op, Crib)), event.op
            await read_report(pilot)
            continue
        if app.screen is screen and screen.waiting and screen.acting_human() == 0:
            await tap_choice(pilot, screen, next_op(screen.match, ["normal", "normal"]))
