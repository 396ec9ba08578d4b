"""A small game that exists only in the tests: two players each turn a card, the higher rank wins
the round. It plugs into the app through the game seam alone (rules, match, registry, UI object, self-play, a
command-line alias, statistics), which is how the tests prove that the shell knows no game by name.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Static

from companion.core.cards import Card, parse_card
from companion.core.errors import CompanionError, IllegalMoveError
from companion.core.i18n import Msg
from companion.games import registry
from companion.games.base import Event, GameInfo, Match, OpCodec, Operation, Outcome, Rules, Score, Setup, Standing, rule
from companion.games.selfplay import GameRecord
from companion.tui.game_ui import GameUI, register_ui, unregister_ui
from companion.tui.screens.match_base import MatchScreenBase
from companion.tui.widgets.keypad import CardKeypad, Key
from companion.tui.widgets.standings import ScoreSheet

GAME_ID = "high_card"


@dataclass(frozen=True)
class HighCardRules(Rules):
    aces_high: bool = rule(True, Msg("Aces high", "As forts"))
    target: int = rule(5, Msg("Rounds to win", "Manches à gagner"),
                       choices=((3, Msg("3", "3")), (5, Msg("5", "5"))))


@dataclass(frozen=True)
class Reveal(Operation):
    name: ClassVar[str] = "reveal"
    seat: int
    card: Card


WRONG_TURN = Msg("it is {name}'s turn", "c'est au tour de {name}")
TWICE = Msg("{card} was already turned this round", "{card} a déjà été retournée dans cette manche")
OVER = Msg("the match is over", "le match est fini")
D_REVEAL = Msg("{name} turns {card}", "{name} retourne {card}")
WINS = Msg("{name} wins the match", "{name} gagne le match")


class HighCardMatch(Match):
    codec = OpCodec((Reveal,))

    def __init__(self, setup) -> None:
        super().__init__(setup)
        self.points = [0, 0]
        self.round: list[Card] = []
        self.rounds: list[list[int]] = []

    def _rank(self, card: Card) -> int:
        return 14 if card.rank == 1 and self.rules.aces_high else int(card.rank)

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else len(self.round)

    def _verify_reveal(self, op: Reveal) -> None:
        if self.is_over:
            raise IllegalMoveError(OVER)
        if op.seat != len(self.round):
            raise IllegalMoveError(WRONG_TURN(name=self.names[len(self.round)]))
        if op.card in self.round:
            raise IllegalMoveError(TWICE(card=op.card.symbol))

    def _apply_reveal(self, op: Reveal) -> Event:
        self.round.append(op.card)
        scores: tuple[Score, ...] = ()
        if len(self.round) == 2:
            a, b = (self._rank(c) for c in self.round)
            result = [int(a > b), int(b > a)]
            self.rounds.append(result)
            for side, won in enumerate(result):
                self.points[side] += won
            scores = tuple(Score(side, 1, Msg("high card", "carte haute")) for side, won in enumerate(result) if won)
            self.round = []
        return Event(op, D_REVEAL(name=self.names[op.seat], card=op.card.symbol), scores)

    def standings(self) -> list[Standing]:
        return [Standing(side, self.names[side], self.points[side]) for side in range(2)]

    def accounted_cards(self) -> Counter:
        return Counter(self.round)

    @property
    def outcome(self) -> Outcome | None:
        for side in range(2):
            if self.points[side] >= self.rules.target:
                return Outcome((side,), WINS(name=self.names[side]))
        return None


def seat_figures(match: HighCardMatch) -> list[dict[str, float]]:
    """Statistics: the rounds each seat won, and the rounds played."""
    return [{"won": float(sum(result[seat] for result in match.rounds)), "rounds": float(len(match.rounds))}
            for seat in range(2)]


REPORT = {"round_share": ("ratio", "won", "rounds")}
LABELS = {"round_share": Msg("share of rounds won", "part des manches gagnées")}

# Self-play (``companion selfplay --game hc``): each level looks at that many cards of the deck and turns the best.
LOOKS = {"easy": 1, "normal": 2, "hard": 4}
DECK = [Card(rank, suit) for rank in range(1, 14) for suit in range(4)]
FIGURES = (("won", Msg("rounds won", "manches gagnées")),)


def play_game(levels: tuple[str, ...], seed: int, first_dealer: int) -> GameRecord:
    rng = random.Random(seed)
    match = HighCardMatch(Setup(("A", "B"), HighCardRules(), first_dealer, "virtual", seed))
    decisions: list[float] = []
    while not match.is_over and len(match.rounds) < 1_000:
        seat = match.to_act
        assert seat is not None
        started = time.perf_counter()
        seen = rng.sample([c for c in DECK if c not in match.round], LOOKS[levels[seat]])
        match.apply(Reveal(seat, max(seen, key=match._rank)))
        if seat == 0:
            decisions.append(time.perf_counter() - started)
    figures = seat_figures(match)
    outcome = match.outcome
    return GameRecord(outcome.winners if outcome else (), [{"won": f["won"]} for f in figures],
                      [{"won": int(f["rounds"])} for f in figures], decisions)


GAME = GameInfo(id=GAME_ID, title=Msg("High card", "Carte haute"), min_players=2, max_players=2,
                rules=HighCardRules, match=HighCardMatch, aliases=("hc",), selfplay="tests.helpers.high_card",
                seat_figures=seat_figures, report=REPORT, labels=LABELS)

PROMPT = Msg("{name} turns a card", "{name} retourne une carte")


class HighCardScreen(MatchScreenBase):
    def compose(self) -> ComposeResult:
        yield ScoreSheet(id="sheet")
        yield Static("", id="prompt")
        yield Static("", id="message")
        yield CardKeypad(self.app.lang, id="keypad")
        with Horizontal(classes="bar"):
            yield Key(self.tr(Msg("Undo", "Annuler")), id="undo")
            yield Key(self.tr(Msg("Redo", "Refaire")), id="redo")
            yield Key(self.tr(Msg("Log", "Journal")), id="log")
        yield Input(id="entry", compact=True)

    def refresh_view(self) -> None:
        match = self.match
        self.query_one("#sheet", ScoreSheet).show(match.names, match.rounds, target=match.rules.target,
                                                  lang=self.app.lang)
        seat = match.to_act
        self.query_one("#prompt", Static).update(self.tr(PROMPT, name=match.names[seat]) if seat is not None else "")
        message = self.message[0] if self.message else (match.last_event.text if match.last_event else None)
        self.query_one("#message", Static).update(self.tr(message) if message else "")
        self.query_one("#keypad", CardKeypad).set_accounted(match.accounted_cards())

    def enter(self, card: Card) -> None:
        if self.match.to_act is not None:
            self.apply_ops(Reveal(self.match.to_act, card))

    @on(CardKeypad.Picked)
    def picked(self, event: CardKeypad.Picked) -> None:
        self.enter(event.card)

    @on(Input.Submitted, "#entry")
    def typed(self, event: Input.Submitted) -> None:
        text, event.input.value = event.value, ""
        try:
            self.enter(parse_card(text, self.app.lang))
        except CompanionError as error:
            self.message = (error.msg, "error")
            self.refresh_view()

    @on(Key.Pressed, "#undo")
    def undo_pressed(self) -> None:
        self.undo()

    @on(Key.Pressed, "#redo")
    def redo_pressed(self) -> None:
        self.redo()

    @on(Key.Pressed, "#log")
    def log_pressed(self) -> None:
        self.open_history()


class HighCardUI(GameUI):
    game_id = GAME_ID

    def match_screen(self, session):
        return HighCardScreen(session)

    def correct(self, screen, seq: int, op: Operation) -> bool:
        from companion.tui.dialogs.card import CardDialog

        if not isinstance(op, Reveal):
            return False
        screen.app.push_screen(CardDialog(f"#{seq}"), lambda card: card and screen.correct(seq, Reveal(op.seat, card)))
        return True

    def past_notes(self, summary, lang: str) -> str:
        return "♠"


def install() -> None:
    registry.register(GAME)
    register_ui(HighCardUI())


def uninstall() -> None:
    registry.unregister(GAME_ID)
    unregister_ui(GAME_ID)
