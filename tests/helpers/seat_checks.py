"""What every game's rules must answer, checked at every step of seeded matches (``companion.games.seats``):

- every move a seat makes is among its ``choices`` (the computer players' choices in a virtual match, the entries
  made at a real table), and nobody else is offered a choice meanwhile;
- every listed option of every choice ``verify``s;
- ``view(seat)`` is plain data (JSON) and names no card hidden from that seat: a card it names, its own hand aside,
  has been said in the log (played, shown, turned up, laid) or named by an entry a real table makes in everyone's
  sight (at a real table every entry; in virtual play the game's ``table_entries`` of the match so far: 2500's log
  says « Ann takes 3 cards from the pige » and a deal's frime, not the pair laid nor the cards turned), the hands
  together hold no card more often than the pack does, and every card a seat later plays from its hand was in the
  hand its view showed.

    python -m tests.helpers.seat_checks [--matches 1000]      # the volume run: figures per game and mode
"""

from __future__ import annotations

import importlib
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from companion.games import registry
from companion.games.base import Match, Operation, Setup
from companion.games.info import GameInfo

MAX_STEPS = 20_000  # a match that takes more has a loop in a player: an error, not a hang
# The operations whose every card comes from the hand of the seat that makes it (a card played or thrown, a discard,
# a trio laid): each must have been in the hand its view showed.
FROM_HAND = {"play", "discard", "throw", "trail", "meld"}
# The operations a seat chooses whose cards go face up in everyone's sight without the log's words naming them (a
# dealer's own hand spread in place of the face-up cards by a blind swap): said once made, as a public entry's.
FACE_UP = {"blind_swap"}
OPTIONS_VERIFIED = 60  # listed options verified per choice (a discard of 6 has 15, a Le 31 table can have more)


@dataclass
class Tally:
    """What a run checked."""

    matches: int = 0
    steps: int = 0
    choices: int = 0
    options: int = 0
    views: int = 0
    cards: int = 0  # cards named by views, each checked
    failures: list[str] = field(default_factory=list)

    def fail(self, what: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(what)


def seats_of(game: GameInfo) -> int:
    """The fewest players the game is played by, two at least (a capture game of two, a rummy of three)."""
    counts = game.counts() if hasattr(game, "counts") else range(game.min_players, game.max_players + 1)
    return max(min(counts), 2)


def virtual_match(game: GameInfo, seed: int, players: int | None = None, level: str = "easy") -> Match:
    players = players or seats_of(game)
    names = tuple(f"P{i + 1}" for i in range(players))
    setup = Setup(names, game.make_rules(players, {}), seed % players, "virtual", seed, (level,) * players)
    return game.new_match(setup)


def card_codes(data: Any) -> list[str]:
    """Every string a view's JSON holds (card codes among them)."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for value in data.values() for s in card_codes(value)]
    if isinstance(data, list):
        return [s for value in data for s in card_codes(value)]
    return []


def op_cards(op: Operation) -> list[Any]:
    """The cards an operation names (its card, its cards, nested groups)."""
    found: list[Any] = []

    def walk(value: Any) -> None:
        if isinstance(value, tuple):
            for item in value:
                walk(item)
        elif hasattr(value, "code") and not isinstance(value, (str, int)):
            found.append(value)

    for f in fields(op):
        walk(getattr(op, f.name))
    return found


class SeatChecker:
    """Checks one match, step by step, as it is played."""

    def __init__(self, match: Match, tally: Tally, label: str,
                 public: Callable[[Match], list[Operation]] | None = None) -> None:
        self.match, self.tally, self.label = match, tally, label
        pack = self._pack()
        self.deck = {card.code: card for card in pack}
        self.copies = Counter(card.code for card in pack)  # 2500's packs hold two or three of each card
        self.said: set[str] = set()  # card codes the log has said so far (either language)
        self.events_read = 0
        self.public, self.public_read = public, 0  # the game's table_entries, and how many were read

    def _pack(self) -> list[Any]:
        for name in ("pack", "deck"):
            made = getattr(self.match, name, None)
            if callable(made):
                return list(made())
            if made is not None and hasattr(made, "cards"):
                return list(made.cards)
            if made is not None and callable(getattr(made, "pack", None)):  # a deck that gives its pack (Le 31's)
                return list(made.pack())
        from companion.core.cards import standard_deck

        return standard_deck()

    def _read_log(self) -> None:
        for event in self.match.events[self.events_read:]:
            texts = [event.text.text("en"), event.text.text("fr"), *(m.text(lang) for m in event.report
                                                                     for lang in ("en", "fr"))]
            for text in texts:
                for token in re.findall(r"[0-9A-Za-z]{1,3}[♠♥♦♣]?", text):
                    self.said.add(token)
            # What a public entry names is said (the codes of a shown hand, the dealer's own cards spread face up by
            # a blind swap), and at a real table every entry is made in everyone's sight (nobody tells the app a
            # hidden card).
            public = self.match.setup.mode == "table" or event.op.name in FACE_UP or (
                self.match.chooser(event.op) is None and not self.match.is_chance(event.op))
            for card in op_cards(event.op) if public else ():
                self.said.add(card.code)
        self.events_read = len(self.match.events)
        if self.public is not None:  # what a real table would have entered by now (entries only grow as play goes)
            entries = self.public(self.match)
            for op in entries[self.public_read:]:
                self.said.update(card.code for card in op_cards(op))
            self.public_read = len(entries)

    def _said(self, code: str) -> bool:
        card = self.deck.get(code)
        if card is None:
            return True  # not a card: a name, a phase, a word
        if code in self.said:
            return True
        shown = {card.display(lang) for lang in ("en", "fr")} if hasattr(card, "display") else set()
        return bool(shown & self.said)

    def unsaid(self, seat: int | None) -> set[str]:
        """The codes of the pack the log has not said, those in ``seat``'s own hand aside: what nothing drawn for
        that seat (None: the table) may name."""
        self._read_log()
        own = {card.code for card in self.match.seat_hand(seat) or ()} if seat is not None else set()
        return {code for code in self.deck if not self._said(code)} - own

    def check_views(self, seats: range) -> dict[int, tuple[Any, ...] | None]:
        self._read_log()
        hands: dict[int, tuple[Any, ...] | None] = {}
        for seat in [None, *seats]:
            view = self.match.view(seat)
            data = json.loads(json.dumps(view.to_json()))
            self.tally.views += 1
            own = Counter(data["hand"] or [])
            named = Counter(c for c in card_codes([data["table"], data["rows"]]) if c in self.deck)
            self.tally.cards += sum(named.values()) + sum(own.values())
            for code in named:
                if not self._said(code) and own[code] == 0:
                    self.tally.fail(f"{self.label}: the view of seat {seat} names {code}, never said in the log")
            if seat is None and data["hand"] is not None:
                self.tally.fail(f"{self.label}: the table's view holds a hand")
            if seat is not None:
                hands[seat] = view.hand
        held = Counter(c.code for hand in hands.values() if hand for c in hand)  # never more copies than the pack's
        twice = [code for code, n in held.items() if n > self.copies.get(code, 1)]
        if twice:
            self.tally.fail(f"{self.label}: {twice} in more hands than the pack has copies")
        return hands

    def check_step(self, op: Operation, hands: dict[int, tuple[Any, ...] | None]) -> None:
        """``op`` is about to be applied: it is among its seat's choices (a player's own choice; at a real table every
        entry but the game's own steps, made for the seat it names, else for the seat to act when a choice of the
        moment makes it: an entry no choice makes, a deal turned up or a round the table's keeper counts, is the
        game's own)."""
        match = self.match
        chooser = match.chooser(op)
        if chooser is None and match.setup.mode == "table" and not match.is_chance(op):
            chooser = getattr(op, "seat", None)
            if chooser is None and any(isinstance(op, choice.makes) for seat in range(match.players)
                                       for choice in match.choices(seat)):
                chooser = match.to_act
        self.tally.steps += 1
        for seat in range(match.players):
            offered = match.choices(seat)
            self.tally.choices += len(offered)
            for choice in offered:
                listed = choice.options() or []
                self.tally.options += len(listed)
                for option in listed[:OPTIONS_VERIFIED]:
                    try:
                        match.verify(option)
                    except Exception as error:  # noqa: BLE001
                        self.tally.fail(f"{self.label}: {choice.name} of seat {seat} offers {option}: {error}")
                        break
            if chooser is not None and seat == chooser and not any(c.admits(op) for c in offered):
                self.tally.fail(f"{self.label}: seat {seat} made {op}, not among its choices "
                                f"{[c.name for c in offered]}")
            if chooser is not None and seat != chooser and offered and seat not in match.awaiting() \
                    and seat != match.to_act:
                self.tally.fail(f"{self.label}: seat {seat} is offered {[c.name for c in offered]} out of turn")
        if chooser is not None and hands.get(chooser) is not None:
            held = Counter(c.code for c in hands[chooser] or ())
            for card in op_cards(op):
                if card.code not in held and card.code in self.deck and op.name in FROM_HAND:
                    self.tally.fail(f"{self.label}: seat {chooser} played {card.code}, not in the hand its view "
                                    f"showed")


def play_virtual(game: GameInfo, seed: int, tally: Tally, players: int | None = None, level: str = "easy") -> None:
    """A seeded virtual match of computers, every step checked."""
    match = virtual_match(game, seed, players, level)
    module = importlib.import_module(game.players)
    next_op = module.next_op
    kinds = list(match.setup.seats)
    checker = SeatChecker(match, tally, f"{game.id} seed {seed}", getattr(module, "table_entries", None))
    seats = range(match.players)
    for _ in range(MAX_STEPS):
        hands = checker.check_views(seats)
        op = next_op(match, kinds)
        if op is None:
            break
        checker.check_step(op, hands)
        match.apply(op)
    else:
        tally.fail(f"{game.id} seed {seed}: no end after {MAX_STEPS} steps")
    checker.check_views(seats)
    tally.matches += 1


def play_table(game: GameInfo, seed: int, tally: Tally) -> bool:
    """The entries of a seeded virtual match as a real table makes them (its game's ``table_entries``), every step
    checked; False when the game says no table entries."""
    module = importlib.import_module(game.players)
    entries = getattr(module, "table_entries", None)
    if entries is None:
        return False
    virtual = virtual_match(game, seed)
    from companion.games.selfplay import play_out

    play_out(module.next_op, virtual, list(virtual.setup.seats))
    setup = Setup(virtual.setup.names, virtual.setup.rules, virtual.setup.first_dealer, "table")
    match = game.new_match(setup)
    checker = SeatChecker(match, tally, f"{game.id} table seed {seed}")
    seats = range(match.players)
    for op in entries(virtual):
        hands = checker.check_views(seats)
        checker.check_step(op, hands)
        match.apply(op)
    checker.check_views(seats)
    tally.matches += 1
    return True


def main() -> None:
    import argparse
    import time

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000, help="seeded matches per game and mode")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    failed = 0
    for game in registry.available():
        if not game.virtual_play or game.match.choices is Match.choices:  # the games whose rules answer
            continue
        for mode in ("virtual", "table"):
            tally, started = Tally(), time.monotonic()
            for seed in range(args.seed, args.seed + args.matches):
                level = random.Random(seed).choice(("easy", "normal"))
                if mode == "virtual":
                    play_virtual(game, seed, tally, level=level)
                elif not play_table(game, seed, tally):
                    break
            print(f"{game.id:22} {mode:7} {tally.matches:5} matches, {tally.steps:8,} steps, {tally.choices:8,} "
                  f"choices, {tally.options:9,} options verified or listed, {tally.views:8,} views, {tally.cards:9,} "
                  f"cards checked, {len(tally.failures)} failures, {time.monotonic() - started:.0f} s")
            for failure in tally.failures:
                print("   ", failure)
            failed += len(tally.failures)
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
