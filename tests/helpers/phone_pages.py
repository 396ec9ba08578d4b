"""What a player's phone is sent (``companion serve``'s seat page), scanned for the cards hidden from his seat.

A card is named in any of its spellings: its code (``data-hand="9S"``), its label in either language (« 9♠ »,
« R♥ », « 7R ») or the words a screen reader says (« nine of spades », « roi de cœur »). A card hidden from a seat
is one of the pack that the log has not said, its own hand aside (``seat_checks.SeatChecker.unsaid``): no byte
drawn for that seat may name one.

- ``check_deal``: a seeded deal of a game played to its first round's end, every seat's page and panel drawn at
  every step from its view and choices (``seat_page``), in both languages: fast, for many deals;
- ``check_served_deal``: the same deal through the real server in this process (aiohttp's test server on the
  ``GuardedServer`` of ``companion serve``): each seat's page (``GET /``), every panel its stream pushes
  (``/seat/events``), and the JSON answer to each move it posts (``/seat/answer``), the right one and, first, a
  wrong one (refused, with its reason).

    python -m tests.helpers.phone_pages [--deals 1000] [--served 20]    # the volume run: figures per game
"""

from __future__ import annotations

import asyncio
import importlib
import json
import random
import re
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from companion.games import registry
from companion.games.base import GameInfo, Match, Operation, Setup
from companion.games.seats import Choice, Face, same_move
from tests.helpers.seat_checks import SeatChecker, Tally, op_cards

SUITS = "♠♥♦♣"
LANGS = ("en", "fr")


class CardNames:
    """Finds the cards a text names, in any spelling, for one game's pack (its faces)."""

    def __init__(self, faces: dict[str, Face]) -> None:
        self.code_of: dict[str, str] = {}
        for code, face in faces.items():
            for spelling in (code, *(face.label.text(lang) for lang in LANGS), *(face.spoken.text(lang) for lang in LANGS)):
                self.code_of.setdefault(spelling, code)
        spellings = sorted(self.code_of, key=len, reverse=True)
        edge = rf"[\w{SUITS}]"
        self.pattern = re.compile(rf"(?<!{edge})(?:" + "|".join(re.escape(s) for s in spellings) + rf")(?!{edge})")

    def named(self, text: str) -> set[str]:
        """The codes of the cards ``text`` names."""
        return {self.code_of[found] for found in self.pattern.findall(text)}


@dataclass
class Scan:
    """What a run scanned."""

    deals: int = 0
    steps: int = 0
    texts: int = 0  # pages, panels and answers scanned
    named: int = 0  # cards they named, each checked to be said or the seat's own
    hidden: int = 0  # cards hidden from the seat, each looked for in every text drawn for it
    answers: int = 0  # moves posted (refused and made)
    failures: list[str] = field(default_factory=list)

    def check(self, names: CardNames, text: str, hidden: set[str], what: str) -> None:
        named = names.named(text)
        self.texts += 1
        self.named += len(named)
        self.hidden += len(hidden)
        leaked = named & hidden
        if leaked and len(self.failures) < 20:
            self.failures.append(f"{what} names {sorted(leaked)}, hidden from it:\n{text[:3000]}")


def new_match(game: GameInfo[Any], seed: int, players: int | None = None, kinds: str = "easy") -> Match:
    """A virtual match of ``players`` (a count the game takes, chosen by the seed when None), every seat ``kinds``."""
    counts = game.counts()
    players = players or random.Random(seed).choice([n for n in counts if 2 <= n <= 5])  # a table's phones
    names = tuple(f"P{i + 1}" for i in range(players))
    setup = Setup(names, game.make_rules(players, {}), seed % players, "virtual", seed, (kinds,) * players)
    return game.new_match(setup)


def computer_op(match: Match) -> Operation | None:
    """The next move of the match as its computers would make it, every seat an easy computer."""
    game = registry.get(match_game(match))
    return importlib.import_module(game.players or "").next_op(match, ["easy"] * match.players)


def match_game(match: Match) -> str:
    return next(game.id for game in registry.available() if type(match.setup.rules) is game.rules)


def public_entries(game: GameInfo[Any]) -> Any:
    return getattr(importlib.import_module(game.players or ""), "table_entries", None)


# ---------------------------------------------------------------- a move as a phone answers it
@dataclass(frozen=True)
class Answer:
    """A move as the page posts it: its choice's name, the cards and table items picked, the target, the number."""

    name: str
    cards: tuple[Any, ...] = ()
    table: tuple[Any, ...] = ()
    target: int | None = None
    number: int | None = None

    def form(self) -> list[tuple[str, str]]:
        fields = [("name", self.name), *(("card", c.code) for c in self.cards), *(("table", t.code) for t in self.table)]
        fields += [(key, str(value)) for key, value in (("target", self.target), ("number", self.number))
                   if value is not None]
        return fields


def answer_for(choice: Choice, op: Operation) -> Answer | None:
    """The answer to ``choice`` that makes ``op`` (what a player taps for it), or None."""
    cards = [card for card in op_cards(op) if card in choice.cards]
    picks: list[list[Any]] = [cards]  # a pick's cards; a card and the table's, or the cards with the table's
    if choice.kind == "card_table":
        picks += [[card] for card in dict.fromkeys(cards)]
    if choice.kind == "card_table":  # the table items the move names: its loose cards, any build
        named = {card.code for card in op_cards(op)}
        items = [item for item in choice.table if item.code in named or item.code.startswith("[")]
        tables = [list(t) for n in range(len(items) + 1) for t in combinations(items, n)]
    else:
        tables = [[]]
    targets: list[int | None] = [None, *range(len(choice.targets))]
    numbers: list[int | None] = [None, *(range(choice.numbers[0], choice.numbers[1] + 1) if choice.numbers else ())]
    for pick in picks:
        for table in tables:
            for target in targets:
                for number in numbers:
                    try:
                        made = choice.answer(pick, table, target, number)
                    except Exception:  # noqa: BLE001 (an answer the choice cannot read: not this one)
                        continue
                    if same_move(made, op):
                        return Answer(choice.name, tuple(pick), tuple(table), target, number)
    return None


def phone_answer(match: Match, op: Operation) -> tuple[int, Answer] | None:
    """The seat that chooses ``op`` and its answer, or None (a step nobody chooses)."""
    seat = match.chooser(op)
    if seat is None:
        return None
    for choice in match.choices(seat):
        if choice.admits(op) and (answer := answer_for(choice, op)) is not None:
            return seat, answer
    raise AssertionError(f"{op} is among no answer of seat {seat}'s choices {[c.name for c in match.choices(seat)]}")


def wrong_answer(match: Match, seat: int, rng: random.Random) -> Answer | None:
    """An answer ``seat`` may post now that the rules refuse: cards of its own, the wrong ones or too many."""
    offered = match.choices(seat)
    hand = list(match.seat_hand(seat) or ())
    for _ in range(8):
        choice = rng.choice(offered)
        cards = rng.sample(hand, min(len(hand), rng.choice([0, choice.high + 1, max(choice.low, 1)])))
        table = rng.sample(list(choice.table), min(len(choice.table), rng.randint(0, 2)))
        target = rng.choice([None, *range(len(choice.targets))])
        try:
            fits = match.can(choice.answer([c for c in cards if c in choice.cards], table, target))
        except Exception:  # noqa: BLE001 (refused as it is read)
            fits = False
        if not fits:
            return Answer(choice.name, tuple(cards), tuple(table), target)
    return None


# ---------------------------------------------------------------- a deal, every page drawn for every seat
def first_round(match: Match) -> Iterator[Operation]:
    """The moves of the match's computers to its first round's end (its report), each yielded before it is made."""
    for _ in range(5000):
        op = computer_op(match)
        if op is None:
            return
        yield op
        match.apply(op)
        if match.closes_round(match.events[-1]):
            return
    raise AssertionError("no round's end after 5000 moves")


def check_deal(game: GameInfo[Any], seed: int, scan: Scan) -> None:
    """A seeded deal, each seat's page and panel drawn at every step (``seat_page``), in the seed's language."""
    from companion.serving.seat_page import page, panel

    match = new_match(game, seed)
    lang = LANGS[seed % 2]
    names = CardNames(match.faces())
    checker = SeatChecker(match, Tally(), f"{game.id} seed {seed}", public_entries(game))
    faces = match.faces()

    def draw_all() -> None:
        for seat in range(match.players):
            view, offered, hidden = match.view(seat), match.choices(seat), checker.unsaid(seat)
            what = f"{game.id} seed {seed}, step {len(match.log)}: seat {seat}'s"
            scan.check(names, page(game.title, view, offered, faces, lang), hidden, f"{what} page")
            scan.check(names, panel(game.title, view, offered, faces, lang, asked=match.names[0]), hidden,
                       f"{what} panel")

    for _ in first_round(match):
        draw_all()
        scan.steps += 1
    draw_all()
    scan.deals += 1


# ---------------------------------------------------------------- the same through the real server
class SeatStream:
    """A seat's stream of panels (``/seat/events``), read as it comes."""

    def __init__(self, response: Any) -> None:
        self.response = response

    async def next(self) -> str:
        """The next panel pushed."""
        event, data = None, []
        while True:
            line = (await self.response.content.readline()).decode()
            if not line:
                raise AssertionError("the seat's stream ended")
            line = line.rstrip("\n")
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                data.append(line[6:])
            elif not line and event == "panel":
                return "\n".join(data)


async def check_served_deal(game: GameInfo[Any], seed: int, scan: Scan, home: Path) -> None:
    """A seeded deal of humans, every seat on its phone through the server in this process: the table's device
    (this test) deals; each human's move is posted as his phone posts it, after a wrong one; every page, pushed
    panel and answer scanned."""
    import aiohttp
    from aiohttp.test_utils import TestClient, TestServer

    from companion.serving import seats as seats_module
    from companion.serving import server as server_module
    from companion.serving.seat_page import panel
    from companion.serving.seats import Seats
    from companion.serving.server import GuardedServer, Tokens
    from companion.serving.tablets import seat_token
    from companion.store.database import Store
    from companion.store.devices import drive
    from companion.store.session import MatchSession

    planned = new_match(game, seed, kinds="human")
    lang = LANGS[seed % 2]
    names, faces = CardNames(planned.faces()), planned.faces()
    rng = random.Random(seed)
    path = home / "companion.sqlite3"
    store = Store.open(path)
    session = MatchSession.create(store, planned.setup, game)
    match_id = session.match_id
    bindings = {seat: store.bind_seat(match_id, seat) for seat in range(planned.players)}
    drive(store, match_id, "tests-table", table=True, now=time.time() + 1e6)  # the table's device deals, not the server
    tokens = Tokens()
    server = GuardedServer(tokens, "127.0.0.1", 8000, "http://127.0.0.1:8000", "en", Seats(path, pace=0.0))
    watch, beat = seats_module.WATCH_S, server_module.HEARTBEAT_S
    seats_module.WATCH_S = 0.002  # the room looks at the store often: a push follows each step at once
    server_module.HEARTBEAT_S = 0.05  # and a stream's handler finds its phone gone soon after the test ends
    match = planned  # the test's own copy of the match, moved as the store's is
    checker = SeatChecker(match, Tally(), f"{game.id} seed {seed}", public_entries(game))
    states: list[tuple[int, dict[int, set[str]]]] = []

    def hidden() -> dict[int, set[str]]:
        return {seat: checker.unsaid(seat) for seat in range(match.players)}

    async def pushed(streams: dict[int, SeatStream], hide: dict[int, set[str]]) -> None:
        """Every seat's stream pushes the panel of the match as it is now (what it pushed before it, drawn at the
        state before, is scanned too)."""
        for seat, stream in streams.items():
            expected = panel(game.title, match.view(seat), match.choices(seat), faces, lang)
            while True:
                text = await asyncio.wait_for(stream.next(), 10)
                before = states[-1][1][seat] if states else set()
                scan.check(names, text, hide[seat] & before if text != expected else hide[seat],
                           f"{game.id} seed {seed}, step {len(match.log)}: seat {seat}'s pushed panel")
                if text == expected:
                    break

    try:
        async with TestServer(await server._make_app()) as test_server:  # noqa: SLF001 (the app companion serve runs)
            clients = {seat: TestClient(test_server, cookie_jar=aiohttp.CookieJar(unsafe=True),
                                        headers={"Accept-Language": lang}) for seat in bindings}
            streams: dict[int, SeatStream] = {}
            try:
                for seat, binding in bindings.items():
                    client = clients[seat]
                    async with client.get(f"/?token={seat_token(tokens.play, match_id, seat, binding)}") as first:
                        assert first.status == 200, first.status
                    streams[seat] = SeatStream(await client.get("/seat/events"))
                for _ in range(5000):
                    hide = hidden()
                    await pushed(streams, hide)
                    for seat, client in clients.items():
                        async with client.get("/") as response:
                            scan.check(names, await response.text(), hide[seat],
                                       f"{game.id} seed {seed}, step {len(match.log)}: seat {seat}'s page")
                    states.append((len(match.log), hide))
                    op = computer_op(match)
                    if op is None or (match.events and match.closes_round(match.events[-1])):
                        break
                    chosen = phone_answer(match, op)
                    if chosen is None:
                        session.apply(op)  # the table's device: a deal, a cut, a show
                        match.apply(op)
                    else:
                        seat, answer = chosen
                        if (wrong := wrong_answer(match, seat, rng)) is not None:
                            said = await _post(clients[seat], wrong)
                            assert said["message"], f"{game.id} seed {seed}: {wrong} was not refused"
                            scan.check(names, json.dumps(said, ensure_ascii=False), hide[seat] - {c.code for c in wrong.cards},
                                       f"{game.id} seed {seed}: seat {seat}'s answer refused")
                        said = await _post(clients[seat], answer)
                        assert not said["message"], f"{game.id} seed {seed}: {op} refused: {said['message']}"
                        scan.answers += 2 if wrong is not None else 1
                        match.apply(op)
                        scan.check(names, json.dumps(said, ensure_ascii=False), hidden()[seat],
                                   f"{game.id} seed {seed}: seat {seat}'s answer")
                        session.reload()
                        assert len(session.match.log) == len(match.log), f"{op} posted never reached the store"
                    scan.steps += 1
                else:
                    raise AssertionError("no round's end after 5000 moves")
            finally:
                for stream in streams.values():
                    stream.response.close()
                for client in clients.values():
                    await client.close()
    finally:
        seats_module.WATCH_S, server_module.HEARTBEAT_S = watch, beat
        server.seats.close() if server.seats is not None else None
        store.close()
    scan.deals += 1


async def _post(client: Any, answer: Answer) -> dict[str, Any]:
    async with client.post("/seat/answer", data=answer.form()) as response:
        assert response.status == 200, response.status
        said: dict[str, Any] = await response.json()
        return said


def run_served(game: GameInfo[Any], seed: int, scan: Scan) -> None:
    with tempfile.TemporaryDirectory(prefix="companion-pages-") as folder:
        asyncio.run(check_served_deal(game, seed, scan, Path(folder)))


def dealt_games() -> list[GameInfo[Any]]:
    """The games whose rules answer what a seat sees and may do, and which the app deals."""
    return [game for game in registry.available() if game.virtual_play and game.match.choices is not Match.choices]


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="seeded deals per game, pages drawn")
    parser.add_argument("--served", type=int, default=20, help="seeded deals per game through the server")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    failed = 0
    for game in dealt_games():
        for how, count, check in (("drawn", args.deals, check_deal), ("served", args.served, run_served)):
            scan, started = Scan(), time.monotonic()
            for seed in range(args.seed, args.seed + count):
                check(game, seed, scan)
            print(f"{game.id:20} {how:6} {scan.deals:5} deals, {scan.steps:7,} steps, {scan.texts:8,} texts, "
                  f"{scan.answers:6,} answers posted, {scan.named:9,} cards named, {scan.hidden:10,} hidden cards "
                  f"looked for, {len(scan.failures)} leaks, {time.monotonic() - started:.1f} s")
            for failure in scan.failures:
                print("   ", failure)
            failed += len(scan.failures)
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
