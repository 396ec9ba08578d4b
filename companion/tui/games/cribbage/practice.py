"""Solo practice: "count this hand" (the app deals four cards and a starter, you say the count, it answers with
the count as players say it) and "which two would you throw" (the app deals six, says whose crib it is, and
scores your discard against the exact advisor). Each drill keeps a running score; nothing is saved."""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from companion.core.cards import Card, CardList, parse_card, standard_deck
from companion.core.errors import CompanionError
from companion.core.i18n import Decimal, Msg
from companion.core.typed import check_length, is_number, parse_number
from companion.games.cribbage.advice import discard_review
from companion.games.cribbage.advisor import analyse
from companion.games.cribbage.rules import DEFAULT_RULES
from companion.games.cribbage.scoring import count_hand
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.fields import Input
from companion.tui.widgets.keypad import Key, NumberPad
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static

TITLE = Msg("Cribbage practice", "Entraînement au cribbage")
B_COUNT = Msg("Count this hand", "Compter cette main")
B_THROW = Msg("Which two would you throw?", "Lesquelles jetteriez-vous ?")
B_NEXT = Msg("Next", "Suivante")
B_LAY = Msg("Lay away", "Jeter")
B_BACK = Msg("Back", "Retour")
COUNT_ASK = Msg("Hand {cards} · starter {starter}: how many points?",
                "Main {cards} · coupée {starter} : combien de points ?")
CRIB_ASK = Msg("Crib {cards} · starter {starter}: how many points?",
               "Crib {cards} · coupée {starter} : combien de points ?")
RIGHT = Msg("Right: {spoken}.", "Exact : {spoken}.")
WRONG = Msg("Not {claimed}: {spoken}.", "Pas {claimed} : {spoken}.")
THROW_ASK = Msg("{whose}: tap two cards to lay away, then Lay away", "{whose} : touchez deux cartes à jeter, puis Jeter")
OWN = Msg("Your crib", "Votre crib")
THEIRS = Msg("Your opponent's crib", "Le crib de l'adversaire")
SCORE_COUNT = Msg("Counts right: {right} of {asked}", "Comptes exacts : {right} sur {asked}")
SCORE_THROW = Msg("Discards: {best} best of {asked} · {lost} points lost on average",
                  "Écarts : {best} meilleurs sur {asked} · {lost} points perdus en moyenne")
PICK_TWO = Msg("tap two cards first", "touchez d'abord deux cartes")
ENTRY = Msg("type the count (12) or two cards to throw (5h js), next", "tapez le compte (12) ou deux cartes (5c vp), suivante")
NOT_DEALT = Msg("{card} is not one of the six", "{card} n'est pas parmi les six")


class PracticeScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]
    DEFAULT_CSS = """
    PracticeScreen #body { padding: 0 1; height: 1fr; }
    PracticeScreen #question, PracticeScreen #answer, PracticeScreen #score { height: auto; }
    PracticeScreen #cards { height: auto; }
    PracticeScreen #cards Button.-style-flat { width: 7; min-width: 5; height: 3; margin: 0 1 0 0; border: none;
                                               background: #f2eee3; color: #1a1a1a; text-style: bold; }
    PracticeScreen #cards Button.-style-flat.red { color: #c81e1e; }
    PracticeScreen #cards Button.-style-flat.-picked { background: #f2c230; }
    PracticeScreen.-small #cards Button.-style-flat { height: 1; }
    PracticeScreen .bar Button { margin: 0 1 0 0; }
    """

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.drill = "count"
        self.hand: list[Card] = []
        self.starter: Card | None = None
        self.crib = False
        self.dealer = False
        self.picked: list[Card] = []
        self.answered = False
        self.count_score = [0, 0]  # right, asked
        self.throw_score = [0, 0, 0.0]  # best, asked, points lost

    def compose(self) -> ComposeResult:
        yield Static(self.tr(TITLE), classes="title")
        with Vertical(id="body"):
            with Bar(classes="bar"):
                yield Key(self.tr(B_COUNT), id="drill-count", compact=True)
                yield Key(self.tr(B_THROW), id="drill-throw", compact=True)
            yield Static("", id="question", classes="prompt")
            with Horizontal(id="cards"):
                for i in range(6):
                    yield Key("", id=f"card-{i}", flat=True)
            yield NumberPad(self.tr(Msg("OK", "OK")), id="pad")
            yield Static("", id="answer", classes="message")
            yield Static("", id="score")
            with Bar(classes="bar"):
                yield Key(self.tr(B_LAY), id="lay", variant="primary", compact=True)
                yield Key(self.tr(B_NEXT), id="next", compact=True)
                yield Key(self.tr(B_BACK), id="back", compact=True)
            yield Input(placeholder=self.tr(ENTRY), id="entry", compact=True)

    def on_mount(self) -> None:
        self.deal()
        self.query_one("#entry", Input).focus()

    # ------------------------------------------------------------ dealing
    def deal(self) -> None:
        deck = standard_deck()
        self.rng.shuffle(deck)
        self.answered = False
        self.picked = []
        self.query_one("#answer", Static).update("")
        if self.drill == "count":
            self.hand, self.starter = deck[:4], deck[4]
            self.crib = self.rng.random() < 0.25
        else:
            self.hand, self.starter = deck[:6], None
            self.dealer = self.rng.random() < 0.5
        self.refresh_view()

    def refresh_view(self) -> None:
        lang = self.app.lang
        if self.drill == "count":
            ask = CRIB_ASK if self.crib else COUNT_ASK
            question = self.tr(ask, cards=CardList(self.hand), starter=self.starter)
            score = self.tr(SCORE_COUNT, right=self.count_score[0], asked=self.count_score[1])
        else:
            question = self.tr(THROW_ASK, whose=OWN if self.dealer else THEIRS)
            best, asked, lost = self.throw_score
            score = self.tr(SCORE_THROW, best=best, asked=asked, lost=Decimal(lost / asked if asked else 0.0))
        self.query_one("#question", Static).update(question)
        self.query_one("#score", Static).update(score)
        throw = self.drill == "throw"
        self.query_one("#drill-count", Button).variant = "default" if throw else "primary"
        self.query_one("#drill-throw", Button).variant = "primary" if throw else "default"
        self.query_one("#pad").display = not throw
        self.query_one("#cards").display = throw
        self.query_one("#lay").display = throw
        for i in range(6):
            button = self.query_one(f"#card-{i}", Button)
            card = self.hand[i] if throw and i < len(self.hand) else None
            button.display = card is not None
            if card is not None:
                button.label = card.display(lang)
                button.set_class(card.is_red, "red")
                button.set_class(card in self.picked, "-picked")

    # ------------------------------------------------------------ answers
    def answer_count(self, claimed: int) -> None:
        if self.drill != "count" or self.answered or self.starter is None:
            return
        count = count_hand(self.hand, self.starter, self.crib, DEFAULT_RULES)
        spoken = count.spoken(self.app.lang)
        right = claimed == count.total
        self.answered = True
        self.count_score[0] += right
        self.count_score[1] += 1
        self.query_one("#answer", Static).update(self.tr(RIGHT if right else WRONG, claimed=claimed, spoken=spoken))
        self.refresh_view()

    def tap(self, card: Card) -> None:
        if self.drill != "throw" or self.answered:
            return
        if card not in self.hand:
            self.query_one("#answer", Static).update(self.tr(NOT_DEALT, card=card))
            return
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked = (self.picked + [card])[-2:]
        self.refresh_view()

    def lay_away(self) -> None:
        if self.drill != "throw" or self.answered:
            return
        if len(self.picked) != 2:
            self.query_one("#answer", Static).update(self.tr(PICK_TWO))
            return
        options = analyse(self.hand, self.dealer)
        chosen = next(o for o in options if set(o.discard) == set(self.picked))
        lost = options[0].net - chosen.net
        self.answered = True
        self.throw_score[0] += lost < 1e-9
        self.throw_score[1] += 1
        self.throw_score[2] += lost
        self.query_one("#answer", Static).update(self.tr(discard_review(self.hand, self.picked, self.dealer,
                                                                        DEFAULT_RULES)))
        self.refresh_view()

    # ------------------------------------------------------------ input
    @on(NumberPad.Entered)
    def entered(self, event: NumberPad.Entered) -> None:
        self.answer_count(event.value)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        key = event.button.id or ""
        if key.startswith("card-"):
            index = int(key.removeprefix("card-"))
            if index < len(self.hand):
                self.tap(self.hand[index])
        elif key in ("drill-count", "drill-throw"):
            self.drill = key.removeprefix("drill-")
            self.deal()
        elif key == "lay":
            self.lay_away()
        elif key == "next":
            self.deal()
        elif key == "back":
            self.action_back()

    @on(Input.Submitted, "#entry")
    def typed(self, event: Input.Submitted) -> None:
        text, event.input.value = event.value.strip(), ""
        if not text:
            return
        try:
            text = check_length(text)
            if text.casefold() in ("next", "suivante", "n", "s"):
                self.deal()
            elif is_number(text):
                self.answer_count(parse_number(text))
            else:
                for token in text.replace(",", " ").split():
                    self.tap(parse_card(token, self.app.lang))
                if len(self.picked) == 2:
                    self.lay_away()
        except CompanionError as error:
            self.query_one("#answer", Static).update(error.text(self.app.lang))

    def action_back(self) -> None:
        self.app.pop_screen()
