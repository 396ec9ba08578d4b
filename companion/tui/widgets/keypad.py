"""Tap-to-enter keypads: cards (rank, then suit) and numbers.

On a tablet the soft keyboard is unreliable, so every entry can be tapped.
Cards already on the table are greyed out, so a card cannot be entered twice.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button

from companion.cards import Card, Rank, Suit, rank_text


class Key(Button):
    """A button that takes every tap: no 0.2 s "pressed" pause, so quick taps (5♥ then 5♣) all count.
    A double tap cannot enter a card twice: the engine refuses it and the key is greyed out.
    Keys never take the keyboard focus, so typing goes on into the entry line after a tap."""

    can_focus = False

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.active_effect_duration = 0
        self.styles.line_pad = 0  # narrow keys keep their whole label ("Compter", "10")


_SUIT_CLASS = {Suit.SPADES: "black", Suit.CLUBS: "black", Suit.HEARTS: "red", Suit.DIAMONDS: "red"}


class CardKeypad(Widget):
    """Thirteen rank keys and four suit keys: tap a rank, then a suit."""

    DEFAULT_CSS = """
    CardKeypad { height: auto; }
    CardKeypad .ranks { layout: grid; grid-size: 13 1; grid-columns: 1fr; grid-rows: 3; grid-gutter: 0 1; height: auto; }
    CardKeypad .suits { layout: grid; grid-size: 4 1; grid-columns: 1fr; grid-rows: 3; grid-gutter: 0 1; height: auto; }
    CardKeypad Button.-style-flat {
        min-width: 3; width: 100%; height: 3; margin: 0; border: none;
        background: #f2eee3; color: #1a1a1a; text-style: bold;
    }
    CardKeypad Button.-style-flat:hover { background: #fffbe8; border: none; }
    CardKeypad Button.-style-flat:disabled { background: #4a4740; border: none; color: #8a877f; }
    CardKeypad Button.-style-flat.-picked { background: $accent; border: none; color: $text; }
    CardKeypad .suits Button.-style-flat.red { color: #c81e1e; }
    CardKeypad .suits { margin: 1 0 0 0; }
    .-small CardKeypad Button.-style-flat { height: 1; border: none; }
    .-small CardKeypad .ranks, .-small CardKeypad .suits { grid-rows: 1; margin: 0; }
    .-small CardKeypad .suits { margin: 0; }
    """

    class Picked(Message):
        def __init__(self, keypad: CardKeypad, card: Card) -> None:
            super().__init__()
            self.keypad = keypad
            self.card = card

    def __init__(self, lang: str = "en", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lang = lang
        self.rank: Rank | None = None
        self.unavailable: set[Card] = set()

    def compose(self) -> ComposeResult:
        with Horizontal(classes="ranks"):
            for rank in Rank:
                yield Key(rank_text(rank, self.lang), id=f"rank-{int(rank)}", flat=True)
        with Horizontal(classes="suits"):
            for suit in Suit:
                yield Key(suit.symbol, id=f"suit-{int(suit)}", classes=_SUIT_CLASS[suit], flat=True)

    def set_unavailable(self, cards: Iterable[Card]) -> None:
        self.unavailable = set(cards)
        self._refresh_keys()

    def reset(self) -> None:
        self.rank = None
        self._refresh_keys()

    def _refresh_keys(self) -> None:
        for rank in Rank:
            button = self.query_one(f"#rank-{int(rank)}", Button)
            button.set_class(rank == self.rank, "-picked")
            button.disabled = all(Card.of(rank, s) in self.unavailable for s in Suit)
        for suit in Suit:
            button = self.query_one(f"#suit-{int(suit)}", Button)
            button.disabled = self.rank is None or Card.of(self.rank, suit) in self.unavailable

    def on_mount(self) -> None:
        self._refresh_keys()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        kind, _, value = (event.button.id or "").partition("-")
        if kind == "rank":
            self.rank = Rank(int(value))
            self._refresh_keys()
        elif kind == "suit" and self.rank is not None:
            card = Card.of(self.rank, Suit(int(value)))
            self.rank = None
            self._refresh_keys()
            self.post_message(self.Picked(self, card))


class NumberPad(Widget):
    """Digits, erase and OK, for points and claimed counts."""

    DEFAULT_CSS = """
    NumberPad { height: auto; }
    NumberPad Horizontal { layout: grid; grid-size: 12 1; grid-columns: 1fr; grid-rows: 3; grid-gutter: 0 1; height: auto; }
    NumberPad Button.-style-flat { min-width: 3; width: 100%; height: 3; margin: 0; border: none;
                                   text-style: bold; }
    NumberPad Button.-style-flat:hover { border: none; }
    .-small NumberPad Button.-style-flat { height: 1; border: none; }
    .-small NumberPad Horizontal { grid-rows: 1; }
    """

    class Entered(Message):
        def __init__(self, pad: NumberPad, value: int) -> None:
            super().__init__()
            self.pad = pad
            self.value = value

    class Changed(Message):
        def __init__(self, pad: NumberPad, text: str) -> None:
            super().__init__()
            self.pad = pad
            self.text = text

    def __init__(self, ok_label: str = "OK", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.ok_label = ok_label
        self.text = ""

    def compose(self) -> ComposeResult:
        with Horizontal():
            for digit in "1234567890":
                yield Key(digit, id=f"digit-{digit}", flat=True)
            yield Key("⌫", id="digit-erase", flat=True)
            yield Key(self.ok_label, id="digit-ok", variant="primary", flat=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        key = (event.button.id or "").removeprefix("digit-")
        if key == "erase":
            self.text = self.text[:-1]
        elif key == "ok":
            if self.text:
                self.post_message(self.Entered(self, int(self.text)))
            return
        elif len(self.text) < 3:
            self.text += key
        self.post_message(self.Changed(self, self.text))
