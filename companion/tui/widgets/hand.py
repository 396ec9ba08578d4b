"""A player's hand as a row of card keys, for every game's virtual screen.

Its slots are made once and relabelled (a hand never remounts its buttons: a tap never lands on a button being
replaced); a tap posts :class:`HandRow.Tapped` with the card. The buttons keep the ids ``slot-0``… that the tests
and the gallery tap."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message

from companion.tui.widgets.keypad import Key
from companion.tui.widgets.plain import Button, Static


class HandRow(Horizontal):
    """``slots`` card keys (with ``named``, the player's name first, in ``#hand-name``)."""

    @dataclass
    class Tapped(Message):
        card: Any
        picked: bool  # the key tapped was highlighted (a second tap on a picked card puts it back)

    def __init__(self, slots: int, *, named: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.slots = slots
        self.named = named
        self.cards: list[Any] = [None] * slots  # the card each key shows

    def compose(self) -> ComposeResult:
        if self.named:
            yield Static("", id="hand-name")
        for i in range(self.slots):
            yield Key("", id=f"slot-{i}", flat=True)

    def show(self, cards: Sequence[Any], label: Callable[[Any], str], *, red: Callable[[Any], bool],
             picked: Sequence[Any] = (), playable: Collection[Any] | None = None,
             marks: Mapping[str, Callable[[Any], bool]] | None = None) -> None:
        """Show ``cards`` (the rest of the slots hidden): red suits in red, ``picked`` highlighted (a card held
        twice is picked once per copy listed), cards outside ``playable`` greyed out, and each class of ``marks``
        on the cards its test picks (2500's frimes)."""
        self.cards = [cards[i] if i < len(cards) else None for i in range(self.slots)]
        left = list(picked)
        for i, card in enumerate(self.cards):
            button = self.query_one(f"#slot-{i}", Button)
            button.display = card is not None
            if card is None:
                continue
            button.label = label(card)
            button.set_class(red(card), "red")
            chosen = card in left
            if chosen:
                left.remove(card)
            button.set_class(chosen, "-picked")
            button.disabled = playable is not None and card not in playable
            for name, test in (marks or {}).items():
                button.set_class(test(card), name)

    def slot_of(self, card: Any) -> str:
        """The selector of the key showing ``card``."""
        return f"#slot-{self.cards.index(card)}"

    @on(Button.Pressed)
    def _tapped(self, event: Button.Pressed) -> None:
        event.stop()
        card = self.cards[int((event.button.id or "slot-0").removeprefix("slot-"))]
        if card is not None:
            self.post_message(self.Tapped(card, event.button.has_class("-picked")))
