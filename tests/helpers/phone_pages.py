"""What a player's phone is sent (``companion serve``'s seat page), scanned for the cards hidden from his seat.

A card is named in any of its spellings: its code (``data-hand="9S"``), its label in either language (« 9♠ »,
« R♥ », « 7R ») or the words a screen reader says (« nine of spades », « roi de cœur »). A card hidden from a seat
is one of the pack that the log has not said, its own hand aside (``seat_checks.SeatChecker.unsaid``): no byte
sent to that seat may name one.

- ``check_served_deal``: a seeded deal of humans to its first round's end through the real server in this process
  (aiohttp's test server on the ``GuardedServer`` of ``companion serve``), every seat on its phone: each seat's
  page (``GET /``) at every step, every event its stream pushes (``/seat/events``), the JSON answer to each move it
  posts (a wrong one first, refused with its reason), once in the deal every other route of the server (the
  shipped files, the language, Continue, an undo's answer, the app's routes a phone is refused), and at the end an
  undo asked on one phone and agreed on the others;
- ``check_deal``: the same deal's pages drawn straight from each seat's view and choices at every step (what the
  server sends, without the server): fast, for many deals.

    python -m tests.helpers.phone_pages [--deals 600] [--served 60]   # the volume run: one line of figures
"""

from __future__ import annotations

import asyncio
import importlib
import json
import random
import re
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from html import unescape
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.games import registry
from companion.games.base import Match, Operation, Setup
from companion.games.info import GameInfo
from companion.games.seats import Choice, Face, same_move
from tests.helpers.seat_checks import SeatChecker, Tally, op_cards

if TYPE_CHECKING:
    from aiohttp.test_utils import TestClient, TestServer

    from companion.serving.seats import Seats
    from companion.serving.server import Tokens

SUITS = "♠♥♦♣"
LANGS = ("en", "fr")


class CardNames:
    """Finds the cards a text names, in any spelling, for one game's pack (its faces)."""

    def __init__(self, faces: dict[str, Face]) -> None:
        self.code_of: dict[str, str] = {}
        for code, face in faces.items():
            for spelling in (code, *(face.label.text(lang) for lang in LANGS), *(face.spoken.text(lang) for lang in LANGS)):
                self.code_of.setdefault(spelling, code)
        edge = rf"[\w{SUITS}]"
        self.pattern = re.compile(rf"(?<!{edge})({_trie(list(self.code_of))})(?!{edge})")

    def named(self, text: str) -> set[str]:
        """The codes of the cards ``text`` names."""
        return {self.code_of[found] for found in self.pattern.findall(text)}


def _trie(words: list[str]) -> str:
    """A pattern that matches any of ``words``, the longest first, factored by their common beginnings (one
    alternation of hundreds of spellings tried at every character is ten times slower)."""
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def pattern(node: dict[str, Any]) -> str:
        ends = "" in node
        branches = [re.escape(char) + pattern(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        inner = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{inner})?" if ends else inner

    return pattern(tree)


@dataclass
class Scan:
    """What a run scanned: each text by its kind (``drawn``: a page drawn without the server; through the server:
    ``pages``, stream ``events``, ``answers`` to moves posted, ``routes``: every other request)."""

    deals: int = 0
    served: int = 0  # of them, through the server
    steps: int = 0
    bytes: int = 0
    texts: Counter[str] = field(default_factory=Counter)
    named: int = 0  # cards the texts named, each checked to be said or the seat's own
    hidden: int = 0  # cards hidden from the seat, each looked for in every text sent to it
    resources: set[str] = field(default_factory=set)  # the server's routes asked for
    failures: list[str] = field(default_factory=list)

    def check(self, names: CardNames, text: str, hidden: set[str], kind: str, what: str) -> None:
        self.texts[kind] += 1
        self.bytes += len(text.encode())
        named = names.named(text + "\n" + unescape(text) if "&" in text else text)  # « &#x27; » read as « ' »
        self.named += len(named)
        self.hidden += len(hidden)
        leaked = named & hidden
        if leaked and len(self.failures) < 20:
            self.failures.append(f"{what} names {sorted(leaked)}, hidden from it:\n{text[:3000]}")

    def figure(self, games: int, seconds: float) -> str:
        """The run in one line."""
        t = self.texts
        return (f"{self.deals:,} deals of {games} games ({self.served:,} through the server), {self.steps:,} steps: "
                f"{self.bytes / 1e6:,.1f} MB scanned ({t['drawn']:,} pages drawn; served: {t['pages']:,} pages, "
                f"{t['events']:,} stream events, {t['answers']:,} answers to posts, {t['routes']:,} other requests "
                f"on {len(self.resources)} routes); {self.hidden:,} hidden cards looked for, {self.named:,} cards "
                f"named, leaks {len(self.failures)} ({seconds:.0f} s)")


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
    # An action's page sends no card (taking the discard names its card); a pick's cards; a card and the table's,
    # or the cards with the table's.
    picks: list[list[Any]] = [[]] if choice.kind == "action" else [cards]
    if choice.kind == "card_table":
        picks += [[card] for card in dict.fromkeys(cards)]
    if choice.kind == "card_table":  # the table items the move names: its loose cards, any build
        named = {card.code for card in op_cards(op)}
        items = [item for item in choice.table if item.code in named or item.code.startswith("[")]
        tables = [list(t) for n in range(len(items) + 1) for t in combinations(items, n)]
    else:
        tables = [[]]
    targets: list[int | None] = [*range(len(choice.targets)), None]  # a button per target where the page draws them
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
    """A seeded deal, each seat's page drawn at every step (``seat_page``; with an undo question, as the server
    draws it while one waits), in the seed's language."""
    from companion.serving.seat_page import page

    match = new_match(game, seed)
    lang = LANGS[seed % 2]
    names = CardNames(match.faces())
    checker = SeatChecker(match, Tally(), f"{game.id} seed {seed}", public_entries(game))
    faces = match.faces()

    def draw_all() -> None:
        for seat in range(match.players):
            view, offered, hidden = match.view(seat), match.choices(seat), checker.unsaid(seat)
            asked = match.names[(seat + 1) % match.players] if len(match.log) % 2 else None
            scan.check(names, page(game.title, view, offered, faces, lang, asked=asked), hidden, "drawn",
                       f"{game.id} seed {seed}, step {len(match.log)}: seat {seat}'s page")

    for _ in first_round(match):
        draw_all()
        scan.steps += 1
    draw_all()
    scan.deals += 1


# ---------------------------------------------------------------- the same through the real server
ACTIONS = ("answer", "lang", "undo", "undo-answer", "continue", "start", "nothing")  # tried for ``/seat/{action}``


@asynccontextmanager
async def seat_server(path: Path, lang: str = "en") -> AsyncIterator[tuple[Tokens, TestServer, Seats]]:
    """``companion serve``'s own server (``GuardedServer``) on the store at ``path``, in this process (aiohttp's
    test server): its play secret, the running server and its phones' rooms. Its rooms look at the store at once
    after each change, and a stream's heartbeat comes soon, so a phone that left is seen to have gone."""
    from aiohttp.test_utils import TestServer

    from companion.serving import phones as phones_module
    from companion.serving import seats as seats_module
    from companion.serving.seats import Seats
    from companion.serving.server import GuardedServer, Tokens

    watch, beat = seats_module.WATCH_S, phones_module.HEARTBEAT_S
    seats_module.WATCH_S, phones_module.HEARTBEAT_S = 0.002, 0.05
    tokens = Tokens()
    server = GuardedServer(tokens, "127.0.0.1", 8000, "http://127.0.0.1:8000", lang, Seats(path, pace=0.0))
    assert server.phones is not None
    try:
        async with TestServer(await server._make_app()) as test_server:  # noqa: SLF001 (the app companion serve runs)
            yield tokens, test_server, server.phones.seats
    finally:
        seats_module.WATCH_S, phones_module.HEARTBEAT_S = watch, beat
        server.phones.close()


class SeatPhone:
    """One seat's phone on the server in this process: its own cookies, every byte it is sent scanned for the
    cards hidden from its seat at the states it may have been drawn at."""

    def __init__(self, client: TestClient, seat: int, names: CardNames, scan: Scan, label: str) -> None:
        self.client, self.seat, self.names, self.scan, self.label = client, seat, names, scan, label
        self.stream: Any = None
        self.since = 0  # the first state (an index of ``hidden``) the stream's next event may have been drawn at

    @classmethod
    async def open(cls, test_server: TestServer, token: str, seat: int, lang: str, names: CardNames, scan: Scan,
                   label: str) -> SeatPhone:
        """The phone scans its seat's code (the cookie is set), then listens to its stream."""
        import aiohttp
        from aiohttp.test_utils import TestClient

        client = TestClient(test_server, cookie_jar=aiohttp.CookieJar(unsafe=True), headers={"Accept-Language": lang})
        phone = cls(client, seat, names, scan, label)
        async with client.get(f"/?token={token}") as first:
            assert first.status == 200, first.status
        phone.stream = await client.get("/seat/events")
        return phone

    async def close(self) -> None:
        """Its stream and its connections closed (the server, shared with the other phones, stays up)."""
        if self.stream is not None:
            self.stream.close()
        await self.client.session.close()

    def check(self, text: str, hidden: set[str], kind: str, what: str) -> None:
        self.scan.check(self.names, text, hidden, kind, f"{self.label}: seat {self.seat}'s {what}")

    async def event(self) -> tuple[str, str]:
        """The next event its stream sends (heartbeats among its bytes): its name and its data; every byte of it
        returned whole (to be scanned)."""
        raw: list[str] = []
        name, data = "", []
        while True:
            line = (await asyncio.wait_for(self.stream.content.readline(), 10)).decode()
            assert line, f"{self.label}: seat {self.seat}'s stream ended"
            raw.append(line)
            line = line.rstrip("\n")
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data.append(line[6:])
            elif not line and name:
                return "".join(raw), "\n".join(data)

    async def catch_up(self, expected: str, hidden: list[dict[int, set[str]]]) -> None:
        """Read its stream until it pushes ``expected`` (its panel at the newest state): each event scanned for the
        cards hidden from it at every state it may have been drawn at."""
        while True:
            raw, data = await self.event()
            now = data == expected
            window = hidden[-1:] if now else hidden[self.since:]
            self.check(raw, set.intersection(*(state[self.seat] for state in window)), "events", "pushed event")
            if now:
                self.since = len(hidden) - 1
                return

    async def get(self, path: str, hidden: set[str], kind: str = "routes") -> int:
        async with self.client.get(path) as response:
            self.check(await response.text(), hidden, kind, f"GET {path} ({response.status})")
            return response.status

    async def post(self, action: str, fields: list[tuple[str, str]], hidden: set[str] | None,
                   kind: str = "routes") -> dict[str, Any]:
        """What it posts, and the answer: scanned (``hidden`` None: by the caller, who knows the state after)."""
        async with self.client.post(f"/seat/{action}", data=fields) as response:
            text = await response.text()
        said: dict[str, Any] = json.loads(text) if response.status == 200 else {"status": response.status, "text": text}
        if hidden is not None:
            self.check(json.dumps(said, ensure_ascii=False), hidden, kind, f"POST /seat/{action}")
        return said

    async def every_route(self, app: Any, hidden: set[str]) -> None:
        """Every route of the server, as this phone (its cookie) asks for it, its answer scanned: a new route is
        asked for without a word here. What changes the match (an answer, an undo) is left to the deal."""
        for resource in app.router.resources():
            info = resource.get_info()
            if "directory" in info:  # shipped files: each of them, and one that is not there
                names = [p.name for p in Path(info["directory"]).iterdir() if p.is_file()] + ["nothing.js"]
                paths = [f"{info['prefix']}/{name}" for name in names]
            else:
                template = info.get("formatter") or info.get("path", "/")
                paths = sorted({re.sub(r"\{action\}", a, template) for a in ACTIONS})
                paths = [re.sub(r"\{[^}]+\}", "x", p) for p in paths]
            for route in resource:
                for path in paths:
                    if route.method == "GET" and path == "/seat/events":
                        async with self.client.get(path) as response:  # a second stream: its first event
                            line = await asyncio.wait_for(response.content.readuntil(b"\n\n"), 10)
                            self.check(line.decode(), hidden, "routes", "second stream")
                    elif route.method == "GET":
                        await self.get(path, hidden)
                    elif route.method == "POST" and path not in ("/seat/answer", "/seat/undo"):
                        fields = [("lang", "fr" if self.client.session.headers.get("Accept-Language") == "en"
                                   else "en")] if path == "/seat/lang" else []
                        await self.post(path.removeprefix("/seat/"), fields, hidden)
                        if path == "/seat/lang":  # and back to its own language
                            self.client.session.cookie_jar.clear(lambda c: c.key.endswith("_lang"))
                    self.scan.resources.add(resource.canonical)


async def check_served_deal(game: GameInfo[Any], seed: int, scan: Scan, home: Path) -> None:
    """A seeded deal of humans, every seat on its phone through the server in this process, to the first round's
    end: the table's device (this test) deals; each human's move is posted as his phone posts it, after a wrong one;
    every phone's page read at each step, every event its stream pushes, every answer, and once in the deal every
    other route the server has; at the end, a player takes his last move back (asking those who moved since, who
    agree on their phones). Every byte scanned for the cards hidden from that seat."""
    from companion.serving.tablets import seat_token
    from companion.store.database import Store
    from companion.store.devices import drive
    from companion.store.session import MatchSession

    match = new_match(game, seed, kinds="human")  # the test's own copy, moved as the store's is
    lang = LANGS[seed % 2]
    names = CardNames(match.faces())
    rng = random.Random(seed)
    label = f"{game.id} seed {seed}"
    checker = SeatChecker(match, Tally(), label, public_entries(game))
    players = range(match.players)
    hidden: list[dict[int, set[str]]] = []  # the cards hidden from each seat at each state so far

    path = home / "companion.sqlite3"
    with Store.open(path) as store:
        session = MatchSession.create(store, match.setup, game)
        match_id = session.match_id
        bindings = {seat: store.bind_seat(match_id, seat) for seat in players}
        drive(store, match_id, "tests-table", table=True, now=time.time() + 1e6)  # the table's device deals
        async with seat_server(path, lang) as (tokens, test_server, seats):
            phones = {seat: await SeatPhone.open(test_server, seat_token(tokens.play, match_id, seat, binding), seat,
                                                 lang, names, scan, label) for seat, binding in bindings.items()}

            async def every_phone_shows() -> None:
                for seat, phone in phones.items():
                    await phone.catch_up(seats.draw(match_id, seat, lang, session=session), hidden)
                    await phone.get("/", hidden[-1][seat], "pages")

            try:
                probe = rng.randrange(4)  # the step at which every other route is asked for
                last = None  # the seat that moved last
                for step in range(5000):
                    hidden.append({seat: checker.unsaid(seat) for seat in players})
                    await every_phone_shows()
                    if step == probe:
                        for seat, phone in phones.items():
                            await phone.every_route(test_server.app, hidden[-1][seat])
                    op = computer_op(match)
                    if op is None or (match.events and match.closes_round(match.events[-1])):
                        break
                    chosen = phone_answer(match, op)
                    if chosen is None:
                        session.apply(op)  # the table's device: a deal, a cut, a show
                    else:
                        last, answer = chosen
                        phone = phones[last]
                        if (wrong := wrong_answer(match, last, rng)) is not None:
                            said = await phone.post("answer", wrong.form(), hidden[-1][last], "answers")
                            assert said["message"], f"{label}: {wrong} was not refused"
                        said = await phone.post("answer", answer.form(), None)
                        assert not said["message"], f"{label}: {op} refused: {said['message']}"
                        session.reload()
                        assert len(session.match.log) == len(match.log) + 1, f"{label}: {op} never reached the store"
                    match.apply(op)
                    if chosen is not None:
                        phone.check(json.dumps(said, ensure_ascii=False), checker.unsaid(last), "answers",
                                    "answer")
                    scan.steps += 1
                else:
                    raise AssertionError(f"{label}: no round's end after 5000 moves")
                if last is not None:
                    await take_back(phones, last, session, hidden, game, label)
                    await every_phone_shows()
            finally:
                for phone in phones.values():
                    await phone.close()
    scan.deals += 1
    scan.served += 1


async def take_back(phones: dict[int, SeatPhone], seat: int, session: Any, hidden: list[dict[int, set[str]]],
                    game: GameInfo[Any], label: str) -> None:
    """``seat``'s phone takes his last move back: those who moved since are asked on their phones and agree; the
    answers scanned for what is hidden at the state they were drawn at, the state the undo leads to added."""
    from companion.store.devices import undo_request

    def now_hidden() -> dict[int, set[str]]:
        session.reload()
        checker = SeatChecker(session.match, Tally(), label, public_entries(game))
        return {s: checker.unsaid(s) for s in phones}

    said = await phones[seat].post("undo", [], None)
    hidden.append(now_hidden())
    phones[seat].check(json.dumps(said, ensure_ascii=False), hidden[-1][seat], "answers", "undo's answer")
    request = undo_request(session.store, session.match_id)
    if request is None:
        return
    for other in request.seats:  # each asked agrees on his phone; the last one's yes makes the undo
        said = await phones[other].post("undo-answer", [("agree", "yes")], None)
        phones[other].check(json.dumps(said, ensure_ascii=False), hidden[-1][other], "answers", "undo agreed")
    for _ in range(5000):  # the server makes the undo at its next look
        if len(session.store.ops(session.match_id)) == request.back:
            break
        await asyncio.sleep(0.002)
    else:
        raise AssertionError(f"{label}: the undo agreed by all was never made")
    hidden.append(now_hidden())


def run_served(game: GameInfo[Any], seed: int, scan: Scan) -> None:
    with tempfile.TemporaryDirectory(prefix="companion-pages-") as folder:
        asyncio.run(check_served_deal(game, seed, scan, Path(folder)))


def dealt_games() -> list[GameInfo[Any]]:
    """The games whose rules answer what a seat sees and may do, and which the app deals (a new game of the
    registry is checked without a word here)."""
    return [game for game in registry.available() if game.virtual_play and game.match.choices is not Match.choices]


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600, help="seeded deals per game, every page drawn")
    parser.add_argument("--served", type=int, default=60, help="of them, deals per game through the server")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    scan, started = Scan(), time.monotonic()
    games = dealt_games()
    for game in games:
        for seed in range(args.seed, args.seed + args.deals):
            if seed - args.seed < args.served:
                run_served(game, seed, scan)
            else:
                check_deal(game, seed, scan)
    print(scan.figure(len(games), time.monotonic() - started))
    for failure in scan.failures:
        print("   ", failure)
    raise SystemExit(1 if scan.failures else 0)


if __name__ == "__main__":
    main()
