"""Quick tally: a whole Le 31 round from what the table counts at the end (each side's cards, red cards
and 1s, who has the red 2 and the green 10, the récoltes); the app gives the points."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, Of, Plural
from companion.core.typed import parse_number
from companion.games.le31.engine import Le31Match
from companion.games.le31.ops import QuickRound
from companion.games.le31.words import RED_CARDS_WORD, RED_WORD, cards_of, ones_of
from companion.tui.dialogs.entry import EntryDialog
from companion.tui.widgets.fields import Input, Select
from companion.tui.widgets.keypad import NumberPad
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Label, Static

TITLE = Msg("Quick tally of round {n}", "Décompte rapide de la manche {n}")
CARDS = Msg("{name} cards", "Cartes {name}")  # name: Of(...)
RED = Msg("{name} red cards", "Cartes rouges {name}")
ONES = Msg("{name} 1s", "Les 1 {name}")
RECOLTES = Msg("{name} récoltes", "Récoltes {name}")
RED_TWO = Msg("The red 2", "Le 2 rouge")
GREEN_TEN = Msg("The green 10", "Le 10 vert")
REST = Msg("the other side: {cards}, {red}, {ones}", "l'autre camp : {cards}, {red}, {ones}")
# More typed than the pack holds (« 210 » for 21): said so, rather than a negative count for the other side.
OVER = Msg("{typed}: the pack has only {total}", "{typed} : le jeu n'en a que {total}")
OK = Msg("Count it", "Compter")
CANCEL = Msg("Cancel", "Annuler")


class QuickTallyDialog(EntryDialog[QuickRound]):
    """Dismisses with a QuickRound, or None."""

    DEFAULT_CSS = """
    QuickTallyDialog .row { height: auto; }
    QuickTallyDialog .row Label { width: 26; }
    QuickTallyDialog .row Input { width: 10; }
    QuickTallyDialog .row Select { width: 30; }
    QuickTallyDialog.-narrow .row Label { width: 14; }
    QuickTallyDialog.-narrow .row Select { width: 1fr; }
    """

    def __init__(self, match: Le31Match) -> None:
        super().__init__()
        self.match = match
        self.target: Input | None = None  # the field the digit keys write into: the one last tapped

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, Input):
            self.target = event.widget
            pad = self.query_one("#digits", NumberPad)
            pad.text = "" if event.widget.value == "0" else event.widget.value  # a tapped 3 replaces the 0

    @on(NumberPad.Changed)
    def digits(self, event: NumberPad.Changed) -> None:
        if self.target is not None:
            self.target.value = event.text[: self.target.max_length or None]

    def compose(self) -> ComposeResult:
        m = self.match
        a, b = m.side_name(0), m.side_name(1)
        sides = [(a, 0), (b, 1)]
        with Vertical():
            yield Static(self.tr(TITLE, n=m.r.number), classes="title")
            for key, label in (("cards", CARDS), ("red", RED), ("ones", ONES)):
                with Horizontal(classes="row"):
                    yield Label(self.tr(label, name=Of(a)))
                    yield Input(id=key, compact=True, type="integer", max_length=3)
            for key, label in (("red_two", RED_TWO), ("green_ten", GREEN_TEN)):
                with Horizontal(classes="row"):
                    yield Label(self.tr(label))
                    yield Select(sides, value=0, allow_blank=False, id=key, compact=True)
            for key, name in (("rec_a", a), ("rec_b", b)):
                with Horizontal(classes="row"):
                    yield Label(self.tr(RECOLTES, name=name))
                    yield Input("0", id=key, compact=True, type="integer", max_length=2)
            yield NumberPad(None, id="digits")  # the tapped field takes the digits: no keyboard needed
            yield Static("", id="rest", classes="prompt")
            yield Static("", id="error", classes="error")
            with Bar(classes="bar"):
                yield Button(self.tr(OK), id="ok", variant="primary")
                yield Button(self.tr(CANCEL), id="cancel")

    def _number(self, key: str) -> int:
        return parse_number(self.query_one(f"#{key}", Input).value or "0")

    def _ones(self) -> int:
        """How many 1s the pack holds."""
        return sum(n for card, n in self.match.deck.copies.items() if card.value == 1)

    @on(Input.Changed)
    def changed(self) -> None:
        """What the other side holds, from what is typed for this one (or what was typed beyond the pack)."""
        deck = self.match.deck
        try:
            cards, red, ones = self._number("cards"), self._number("red"), self._number("ones")
        except CompanionError:
            return
        over = [self.tr(OVER, typed=typed, total=total) for n, total, typed in (
            (cards, deck.size, cards_of(cards)), (red, deck.red_cards, Plural(red, *RED_CARDS_WORD)),
            (ones, self._ones(), ones_of(ones))) if n > total]
        self.query_one("#rest", Static).update(" · ".join(over) or self.tr(
            REST, cards=cards_of(deck.size - cards), red=Plural(deck.red_cards - red, *RED_WORD),
            ones=ones_of(self._ones() - ones)))

    @on(Button.Pressed, "#ok")
    def submit(self) -> None:
        self.offer(self.tally, self.match.verify)

    def tally(self) -> QuickRound:
        deck, ones = self.match.deck, self._ones()
        cards, red, mine = self._number("cards"), self._number("red"), self._number("ones")
        return QuickRound((cards, deck.size - cards), (red, deck.red_cards - red), (mine, ones - mine),
                          self.query_one("#red_two", Select).value if deck.red_two else None,  # type: ignore[arg-type]
                          self.query_one("#green_ten", Select).value if deck.green_ten else None,  # type: ignore[arg-type]
                          (self._number("rec_a"), self._number("rec_b")))
