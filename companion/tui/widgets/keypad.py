"""Tap-to-enter keypads: cards (rank, then suit) and numbers.

On a tablet the soft keyboard is unreliable, so every entry can be tapped.
Cards already on the table are greyed out, so a card cannot be entered twice.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterable
from typing import Any, TypeVar

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from companion.core.decks import STANDARD_52, DeckSpec
from companion.core.i18n import Msg
from companion.tui.widgets.plain import Button

C = TypeVar("C", bound=Hashable)
RANK_FIRST = Msg("Tap the card's value first, then its suit", "Touchez d'abord la valeur de la carte, puis sa couleur")


class Key(Button):
    """A button that takes every tap: no 0.2 s "pressed" pause, so quick taps (5♥ then 5♣) all count.
    A double tap cannot enter a card twice: the engine refuses it and the key is greyed out.
    Keys never take the keyboard focus, so typing goes on into the entry line after a tap."""

    can_focus = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.active_effect_duration = 0
        self.styles.line_pad = 0  # narrow keys keep their whole label ("Compter", "10")

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The label's own width: no room kept for a padding the key does not draw (a row of keys fits)."""
        label = self.label if isinstance(self.label, str) else self.label.plain
        return max((cell_len(line) for line in label.splitlines()), default=0) + 2 * int(
            self.styles.line_pad)


class CardKey(Key):
    """A rank or suit key of a :class:`CardKeypad`: its tap goes straight into the keypad's one queue. Taps that
    reach the app together (a busy tablet's burst) are then taken in their order: through each key's own queue a
    later tap could overtake an earlier one (10 ♦ 5 ♣ taken as 5 10 ♦ ♣: the 5♣ lost, or a 10♣ entered)."""

    def post_message(self, message: Message) -> bool:
        if not isinstance(message, events.Click):
            return super().post_message(message)
        if not self.check_message_enabled(message):  # a disabled rank (no copy of it left) takes no tap
            return False
        return self.query_ancestor(CardKeypad).post_message(CardKeypad.Tapped(self))


def wrap_keys(row: Widget, width: int) -> None:
    """Lay a grid row of keys out on one row when each key gets its whole label, else on as few even rows as
    it takes (13 rank keys on a phone held upright: two rows of 7)."""
    keys = list(row.children)
    if not keys or width <= 0:
        return
    need = max(max(3, cell_len(str(key.label))) for key in keys if isinstance(key, Button)) + 1  # + a gutter
    rows = math.ceil(len(keys) / max(1, (width + 1) // need))
    row.styles.grid_size_columns = math.ceil(len(keys) / rows)
    row.styles.grid_size_rows = rows


class CardKeypad(Widget):
    """A row of rank keys and a row of suit keys, built from a deck description: tap a rank, then a suit.

    ``set_accounted`` takes how many copies of each card are already on the table, shown or
    taken; a card is greyed out only when every copy of it is accounted for.
    """

    DEFAULT_CSS = """
    CardKeypad { height: auto; }
    CardKeypad .ranks { layout: grid; grid-size: 13 1; grid-columns: 1fr; grid-rows: 3; grid-gutter: 1 1; height: auto; }
    CardKeypad .suits { layout: grid; grid-size: 4 1; grid-columns: 1fr; grid-rows: 3; grid-gutter: 0 1; height: auto; }
    CardKeypad Button.-style-flat {
        min-width: 3; width: 100%; height: 3; margin: 0; border: none;
        background: #f2eee3; color: #1a1a1a; text-style: bold;
    }
    CardKeypad Button.-style-flat:hover { background: #fffbe8; border: none; }
    CardKeypad Button.-style-flat:disabled { background: #4a4740; border: none; color: #8a877f; }
    CardKeypad Button.-style-flat.-off, CardKeypad Button.-style-flat.-off:hover {
        background: #4a4740; border: none; color: #8a877f;
    }
    CardKeypad Button.-style-flat.-picked { background: $accent; border: none; color: $text; }
    CardKeypad .suits Button.-style-flat.red { color: #c81e1e; }
    CardKeypad .suits Button.-style-flat.green { color: #1e8a2e; }
    CardKeypad .suits Button.-style-flat.blue { color: #1e4ec8; }
    CardKeypad .suits Button.-style-flat.yellow { color: #9a7a00; }
    CardKeypad .suits { margin: 1 0 0 0; }
    .-small CardKeypad Button.-style-flat { height: 1; border: none; }
    .-small CardKeypad .ranks, .-small CardKeypad .suits { grid-rows: 1; margin: 0; }
    .-small CardKeypad .suits { margin: 0; }
    """

    class Tapped(Message):
        """A key of the keypad tapped (``CardKey``), in the order the taps came."""

        def __init__(self, key: CardKey) -> None:
            super().__init__()
            self.key = key

    class Picked(Message):
        def __init__(self, keypad: CardKeypad, card: Hashable) -> None:
            super().__init__()
            self.keypad = keypad
            self.card = card

        def card_as(self, kind: type[C]) -> C:
            """The card tapped, as the game's own card type (a keypad offers only its deck's cards)."""
            if not isinstance(self.card, kind):
                raise TypeError(f"a {type(self.card).__name__} from a keypad of {kind.__name__}")
            return self.card

    def __init__(self, lang: str = "en", *, deck: DeckSpec = STANDARD_52, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lang = lang
        self.deck = deck
        self.rank: str | None = None
        self.accounted: Counter[Hashable] = Counter()

    def compose(self) -> ComposeResult:
        with Horizontal(classes="ranks"):
            for face in self.deck.ranks:
                yield CardKey(face.label.text(self.lang), id=f"rank-{face.key}", flat=True)
        with Horizontal(classes="suits"):
            for face in self.deck.suits:
                yield CardKey(face.label.text(self.lang), id=f"suit-{face.key}", classes=face.css, flat=True)

    def set_unavailable(self, cards: Iterable[Hashable]) -> None:
        """Cards already seen, one copy each (cribbage's one pack)."""
        self.set_accounted(Counter(set(cards)))

    def set_accounted(self, accounted: Counter[C]) -> None:
        self.accounted = Counter(accounted)
        self._refresh_keys()

    def reset(self) -> None:
        self.rank = None
        self._refresh_keys()

    def _left(self, card: Hashable | None) -> bool:
        return card is not None and self.deck.left(card, self.accounted) > 0

    def _refresh_keys(self) -> None:
        for face in self.deck.ranks:
            button = self.query_one(f"#rank-{face.key}", Button)
            button.set_class(face.key == self.rank, "-picked")
            button.disabled = not any(self._left(c) for c in self.deck.cards_of_rank(face.key))
        # A suit is greyed out, not disabled: a tablet's taps can reach the app together, the suit's before the
        # rank's has been taken, and a disabled key drops its tap; whether it counts is judged when it is taken.
        for face in self.deck.suits:
            self.query_one(f"#suit-{face.key}", Button).set_class(not self._takes(face.key), "-off")

    def _takes(self, suit: str) -> bool:
        """The suit's key makes a card now: a rank is picked and a copy of that card is left."""
        return self.rank is not None and self._left(self.deck.card_at(self.rank, suit))

    def on_mount(self) -> None:
        self._refresh_keys()

    def on_resize(self, event: events.Resize) -> None:
        for row in self.query(".ranks, .suits"):
            wrap_keys(row, event.size.width)

    def on_card_keypad_tapped(self, event: Tapped) -> None:
        kind, _, value = (event.key.id or "").partition("-")
        if kind == "rank":
            self.rank = value
            self._refresh_keys()
        elif self.rank is None:
            self.app.notify(RANK_FIRST.text(self.lang), markup=False)
        elif self._takes(value):  # a greyed suit (every copy of that card on the table) takes no tap
            card = self.deck.card_at(self.rank, value)
            self.rank = None
            self._refresh_keys()
            if card is not None:
                self.post_message(self.Picked(self, card))


class NumberPad(Widget):
    """Digits, a sign (when negative numbers make sense: a 2500 brasse), erase and OK.

    The pad holds the text being typed; a dialog forwards typed keys to ``press``, so the
    keyboard and the taps share one path.
    """

    DIGITS = 4  # 2500 totals pass 999
    DEFAULT_CSS = """
    NumberPad { height: auto; }
    NumberPad Horizontal { layout: grid; grid-size: 13 1; grid-columns: 1fr; grid-rows: 3; grid-gutter: 1 1; height: auto; }
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

    def __init__(self, ok_label: str | None = "OK", *, signed: bool = False, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.ok_label = ok_label
        self.signed = signed
        self.text = ""

    def on_resize(self, event: events.Resize) -> None:
        wrap_keys(self.query_one(Horizontal), event.size.width)

    def compose(self) -> ComposeResult:
        with Horizontal():
            for digit in "1234567890":
                yield Key(digit, id=f"digit-{digit}", flat=True)
            if self.signed:
                yield Key("±", id="digit-sign", flat=True)
            yield Key("⌫", id="digit-erase", flat=True)
            if self.ok_label is not None:  # without: a form's fields take the digits (its own button confirms)
                yield Key(self.ok_label, id="digit-ok", variant="primary", flat=True)

    @property
    def value(self) -> int | None:
        digits = self.text.removeprefix("-")
        return None if not digits else int(digits) * (-1 if self.text.startswith("-") else 1)

    def press(self, key: str) -> bool:
        """Apply one key: a digit, ``sign``, ``erase`` or ``ok``. False if it does nothing here."""
        if key == "ok":
            if self.value is None:
                return False
            self.post_message(self.Entered(self, self.value))
            return True
        if key == "erase":
            if not self.text:
                return False
            self.text = self.text[:-1]
        elif key == "sign":
            if not self.signed:
                return False
            self.text = self.text[1:] if self.text.startswith("-") else "-" + self.text
        elif len(key) == 1 and key in "0123456789":
            if len(self.text.removeprefix("-")) >= self.DIGITS:
                return False
            self.text += key
        else:
            return False
        self.post_message(self.Changed(self, self.text))
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.press((event.button.id or "").removeprefix("digit-"))
