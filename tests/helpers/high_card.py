"""A small game that exists only in the tests: two players each turn a card, the higher rank wins the round. It
plugs into the app through the game seam alone (rules, match, registry, UI object, self-play, a command-line alias,
statistics), which is how the tests prove that the shell knows no game by name; and it is the worked example of
``docs/architecture.md``'s « Adding a game », in both modes:

- at a real table the players turn real cards and the keeper taps each one on the keypad;
- against the computer (virtual play) the app deals each player five cards from a shuffled pack (a chance step), a
  human taps a card of his hand, the computer turns one of its own (``next_op``), and the hands are dealt again
  when they are empty;
- the rules say what each seat sees (``seat_hand``, ``public_table``) and may do (``choices``), and the one screen
  draws its view and offers those choices: the keypad at a table, the hand in virtual play.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult

from companion.core.cards import Card, parse_card
from companion.core.errors import IllegalMoveError
from companion.core.i18n import Msg
from companion.games import registry
from companion.games.base import Event, Match, OpCodec, Operation, Outcome, Rules, Score, Standing, rule
from companion.games.info import GameInfo
from companion.games.seats import Choice
from companion.games.selfplay import GameRecord
from companion.tui.game_ui import GameUI, register_ui, unregister_ui
from companion.tui.screens.match_base import MatchScreenBase
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.keypad import CardKeypad
from companion.tui.widgets.plain import Static
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


@dataclass(frozen=True)
class Deal(Operation):
    """Virtual play: the shuffled pack, five cards to each player from its top."""

    name: ClassVar[str] = "deal"
    deck: tuple[Card, ...]


HAND = 5


WRONG_TURN = Msg("it is {name}'s turn", "c'est au tour de {name}")
TWICE = Msg("{card} was already turned this round", "{card} a déjà été retournée dans cette manche")
OVER = Msg("the match is over", "le match est fini")
NOT_HELD = Msg("{card} is not in {name}'s hand", "{card} n'est pas dans la main de {name}")
NO_DEAL = Msg("the hands are dealt by the app, in virtual play, once they are empty",
              "l'app donne les mains, en virtuel, quand elles sont vides")
D_DEAL = Msg("The app deals {n} cards to each player", "L'app donne {n} cartes à chacun")
C_TURN = Msg("Turn a card", "Retourner une carte")
D_REVEAL = Msg("{name} turns {card}", "{name} retourne {card}")
WINS = Msg("{name} wins the match", "{name} gagne le match")


class HighCardMatch(Match):
    codec = OpCodec((Reveal, Deal))
    CHOICES = (Reveal,)
    CHANCE = (Deal,)

    def __init__(self, setup) -> None:
        super().__init__(setup)
        self.points = [0, 0]
        self.round: list[Card] = []
        self.rounds: list[list[int]] = []
        self.hands: list[list[Card]] | None = [[], []] if setup.mode == "virtual" else None  # the app knows them

    def _rank(self, card: Card) -> int:
        return 14 if card.rank == 1 and self.rules.aces_high else int(card.rank)

    @property
    def to_act(self) -> int | None:
        return None if self.is_over or self.needs_deal else len(self.round)

    @property
    def needs_deal(self) -> bool:
        """Virtual play: the hands are empty, the app deals."""
        return self.hands is not None and not any(self.hands)

    def awaiting(self) -> tuple[int, ...]:
        return () if self.to_act is None else (self.to_act,)

    # ------------------------------------------------------------ what a seat sees and may do
    def seat_hand(self, seat: int) -> tuple[Card, ...] | None:
        return None if self.hands is None else tuple(self.hands[seat])

    def public_table(self) -> dict:
        return {"round": [card.code for card in self.round], "points": list(self.points), "rounds": len(self.rounds)}

    def choices(self, seat: int) -> list[Choice]:
        if seat != self.to_act:
            return []
        cards = tuple(self.hands[seat]) if self.hands is not None else tuple(c for c in DECK if c not in self.round)
        return [Choice("pick", "turn", C_TURN, seat, (Reveal,), lambda answer: Reveal(seat, answer.cards[0]),
                       cards=cards, low=1, high=1, listing=lambda: [Reveal(seat, card) for card in cards])]

    # ------------------------------------------------------------ operations
    def _verify_deal(self, op: Deal) -> None:
        if self.is_over or not self.needs_deal:
            raise IllegalMoveError(NO_DEAL)
        if sorted(op.deck) != sorted(DECK):
            raise IllegalMoveError(NO_DEAL)

    def _apply_deal(self, op: Deal) -> Event:
        assert self.hands is not None
        self.hands = [list(op.deck[:HAND]), list(op.deck[HAND:2 * HAND])]
        return Event(op, D_DEAL(n=HAND))

    def _verify_reveal(self, op: Reveal) -> None:
        if self.is_over:
            raise IllegalMoveError(OVER)
        if self.to_act is None:
            raise IllegalMoveError(NO_DEAL)
        if op.seat != len(self.round):
            raise IllegalMoveError(WRONG_TURN(name=self.names[len(self.round)]))
        if op.card in self.round:
            raise IllegalMoveError(TWICE(card=op.card.symbol))
        if self.hands is not None and op.card not in self.hands[op.seat]:
            raise IllegalMoveError(NOT_HELD(card=op.card.symbol, name=self.names[op.seat]))

    def _apply_reveal(self, op: Reveal) -> Event:
        if self.hands is not None:
            self.hands[op.seat].remove(op.card)
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


def next_op(match: HighCardMatch, kinds) -> Operation | None:
    """The next operation nobody at the screen chooses: the deal, or a computer's card (each level looks at that
    many of the cards its choice offers, and turns the best); None when a human must act or the match is over."""
    if match.is_over:
        return None
    rng = random.Random(f"{match.setup.seed}:{len(match.log)}")
    if match.needs_deal:
        deck = list(DECK)
        rng.shuffle(deck)
        return Deal(tuple(deck))
    seat = match.to_act
    if seat is None or kinds[seat] == "human":
        return None
    options = match.options(seat)
    seen = rng.sample(options, min(LOOKS[kinds[seat]], len(options)))
    return max(seen, key=lambda op: match._rank(op.card))


def play_match(match: HighCardMatch, levels: tuple[str, ...]) -> GameRecord:
    decisions: list[float] = []
    while not match.is_over and len(match.rounds) < 1_000:
        started = time.perf_counter()
        op = next_op(match, levels)
        assert op is not None
        match.apply(op)
        if match.chooser(op) == 0:
            decisions.append(time.perf_counter() - started)
    figures = seat_figures(match)
    outcome = match.outcome
    return GameRecord(outcome.winners if outcome else (), [{"won": f["won"]} for f in figures],
                      [{"won": int(f["rounds"])} for f in figures], decisions)


GAME = GameInfo(id=GAME_ID, title=Msg("High card", "Carte haute"), min_players=2, max_players=2,
                rules=HighCardRules, match=HighCardMatch, aliases=("hc",), selfplay="tests.helpers.high_card",
                seat_figures=seat_figures, report=REPORT, labels=LABELS, virtual_play=True,
                players="tests.helpers.high_card")

PROMPT = Msg("{name} turns a card", "{name} retourne une carte")
HINT = Msg("type a card (5h), undo, log", "tapez une carte (5c), annuler, journal")


class HighCardScreen(MatchScreenBase):
    """One screen for both modes: the base lays it out (``frame``: the header, this game's view, then the prompt,
    the keys and the entry line) and routes every key; the game draws its view and says what an entry builds. The
    entry part is chosen by the mode: the keypad at a real table, the hand in virtual play; both answer the rules'
    choice (``answer("turn", …)``), and so does a card typed in the entry line."""

    def compose(self) -> ComposeResult:
        yield from self.frame(self.view(), HINT, keys=[self.hand_or_keypad()])

    def view(self) -> ComposeResult:
        yield ScoreSheet(id="sheet")
        yield Static("", id="round")

    def hand_or_keypad(self) -> HandRow | CardKeypad:
        return HandRow(HAND, id="hand") if self.virtual else CardKeypad(self.app.lang, id="keypad")

    def refresh_view(self) -> None:
        match = self.match
        self.show_header(self.tr(self.session.game.title))
        self.query_one("#sheet", ScoreSheet).show(match.names, match.rounds, target=match.rules.target,
                                                  lang=self.app.lang)
        self.query_one("#round", Static).update(" ".join(card.symbol for card in match.round))
        offered = {card for choice in self.offered() for card in choice.cards}
        if self.virtual:
            seat = self.shown_seat
            hand = match.seat_hand(seat) or () if seat is not None else ()
            self.query_one("#hand", HandRow).show(list(hand), lambda card: card.symbol, red=lambda card: card.is_red,
                                                  playable=offered)
        else:
            self.query_one("#keypad", CardKeypad).set_accounted(match.accounted_cards())
        seat = match.to_act
        prompt = self.tr(PROMPT, name=match.names[seat]) if seat is not None else ""
        self.query_one("#prompt", Static).update(prompt)
        self.show_message()
        self.show_steps()

    @on(CardKeypad.Picked)
    def picked(self, event: CardKeypad.Picked) -> None:
        self.answer("turn", [event.card])

    @on(HandRow.Tapped)
    def tapped(self, event: HandRow.Tapped) -> None:
        self.answer("turn", [event.card])

    def enter_line(self, text: str) -> None:
        if not self.said_shared(text.casefold()):
            self.answer("turn", [parse_card(text, self.app.lang)])


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
