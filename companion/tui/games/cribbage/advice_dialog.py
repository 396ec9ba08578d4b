"""At a real table, advice on demand: tap the cards you were dealt (six, or five with three or four players)
to see every discard with its exact means; during the play, tap the cards you still hold to see the card the
hard player would play, with its reason. Nothing here is entered in the match."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from companion.core.cards import Card, CardList, parse_card
from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.core.i18n import cards as cards_of
from companion.games.cribbage import advice
from companion.games.cribbage.engine import CribbageMatch
from companion.tui.dialogs.base import BaseModal
from companion.tui.widgets.fields import Input, Select
from companion.tui.widgets.keypad import CardKeypad, Key
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static

TITLE_DISCARD = Msg("Discard advice: tap the {n} cards you were dealt", "Conseil d'écart : touchez vos {n} cartes")
TITLE_PLAY = Msg("Pegging hint for {name}: tap the cards you still hold",
                 "Conseil de jeu pour {name} : touchez les cartes qui vous restent")
WHO = Msg("I am", "Je suis")
YOURS = Msg("Your cards: {cards}", "Vos cartes : {cards}")
MORE = Msg("{n} to go", "encore {n}")  # n: cards_of(n)
NOTHING = Msg("No card of these fits: go", "Aucune de ces cartes ne passe : go")
CLEAR = Msg("Clear", "Effacer")
CLOSE = Msg("Close", "Fermer")
PRIVATE = Msg("Advice only: nothing is entered in the match.", "Conseil seulement : rien n'est entré dans le match.")
ENTRY = Msg("or type them (5h 10d js) and Enter", "ou tapez-les (5c 10k vp) puis Entrée")


class AdviceDialog(BaseModal[None]):
    BINDINGS = [("escape", "close", "Close")]
    DEFAULT_CSS = """
    AdviceDialog #who { height: auto; }
    AdviceDialog #who Static { width: auto; padding: 0 1; }
    AdviceDialog #who Select { width: 24; }
    AdviceDialog #cards, AdviceDialog #advice, AdviceDialog #error { height: auto; padding: 0 1; }
    AdviceDialog #error { color: $error; display: none; }
    AdviceDialog #entry { margin: 0 1; }
    """

    def __init__(self, match: CribbageMatch) -> None:
        super().__init__()
        self.match = match
        self.cards: list[Card] = []
        self.playing = match.phase == "play"

    def compose(self) -> ComposeResult:
        m = self.match
        with Vertical():
            if self.playing:
                yield Static(self.tr(TITLE_PLAY, name=m.names[m.live.turn]), classes="title")
            else:
                yield Static(self.tr(TITLE_DISCARD, n=m.rules.hand_size), classes="title")
                with Horizontal(id="who"):
                    yield Static(self.tr(WHO))
                    yield Select([(name, s) for s, name in enumerate(m.names)], value=0, allow_blank=False,
                                 id="seat", compact=True)
            yield Static("", id="cards")
            yield Static("", id="advice")
            yield CardKeypad(self.app.lang, id="keypad")
            yield Input(placeholder=self.tr(ENTRY), id="entry", compact=True)
            yield Static("", id="error")
            yield Static(self.tr(PRIVATE), classes="message")
            with Bar(classes="bar"):
                yield Key(self.tr(CLEAR), id="clear")
                yield Key(self.tr(CLOSE), id="close", variant="primary")

    def on_mount(self) -> None:
        self.refresh_advice()
        self.query_one("#entry", Input).focus()  # typed cards go here, never into the « I am » list

    @property
    def wanted(self) -> int:
        return self.match.cards_left(self.match.live.turn) if self.playing else self.match.rules.hand_size

    def refresh_advice(self) -> None:
        m = self.match
        self.query_one("#cards", Static).update(self.tr(YOURS, cards=CardList(self.cards) if self.cards else "—"))
        keypad = self.query_one("#keypad", CardKeypad)
        keypad.set_unavailable(set(self.cards) | (m.seen_cards() if self.playing else set()))
        text = ""
        if len(self.cards) < self.wanted:
            text = self.tr(MORE, n=cards_of(self.wanted - len(self.cards)))
        else:
            try:
                if self.playing:
                    hint = advice.play_hint(m, m.live.turn, self.cards)
                    text = self.tr(hint) if hint is not None else self.tr(NOTHING)
                else:
                    seat = int(str(self.query_one("#seat", Select).value))
                    own = m.side_of(seat) == m.side_of(m.dealer)
                    text = self.tr(advice.best_discards(self.cards, own, m.rules, top=5))
            except CompanionError as error:
                text = error.text(self.app.lang)
        self.query_one("#advice", Static).update(text)

    def add(self, card: Card) -> None:
        if len(self.cards) < self.wanted and card not in self.cards:
            self.cards.append(card)

    def say(self, why: str) -> None:
        """Why a typed line was not taken, on a line of its own shown only then."""
        error = self.query_one("#error", Static)
        error.update(why)
        error.display = bool(why)

    @on(CardKeypad.Picked)
    def picked(self, event: CardKeypad.Picked) -> None:
        self.add(event.card_as(Card))
        self.say("")
        self.refresh_advice()

    @on(Input.Submitted, "#entry")
    def typed(self, event: Input.Submitted) -> None:
        """Cards typed as on the match screen; a word that is not a card is said, and nothing of the line taken."""
        try:
            typed = [parse_card(word, self.app.lang) for word in event.value.replace(",", " ").split()]
        except CompanionError as error:
            self.say(error.text(self.app.lang))
            return
        event.input.value = ""
        self.say("")
        for card in typed:
            self.add(card)
        self.refresh_advice()

    @on(Select.Changed, "#seat")
    def seat_changed(self) -> None:
        self.refresh_advice()
        self.query_one("#entry", Input).focus()  # who I am is chosen: typing goes on into the cards

    @on(Button.Pressed, "#clear")
    def clear(self) -> None:
        self.cards = []
        self.refresh_advice()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)
