"""The Le 31 match screen, one for both modes: the score sheet and the public table (``view.py``), then the entry
the mode calls for: at a real table the card keypad and the keeper's keys (``table_entry.py``), in virtual play the
hand on screen and the round's moves (``hand_entry.py``). The base lays it out and routes every key."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult

from companion.games.le31.deck import Le31Card
from companion.store.session import MatchSession
from companion.tui.games.le31 import hand_entry, table_entry
from companion.tui.games.le31.hand_entry import Le31HandEntry
from companion.tui.games.le31.table_entry import Le31TableEntry
from companion.tui.screens.match_base import B_RULES, MatchScreenBase
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.keypad import CardKeypad
from companion.tui.widgets.plain import Static


class Le31Screen(Le31TableEntry, Le31HandEntry, MatchScreenBase):
    DEFAULT_CSS = """
    Le31Screen #header { height: 1; background: $primary 30%; }
    Le31Screen #sheet { height: auto; max-height: 12; }
    Le31Screen #table { height: auto; padding: 0 1; color: $text; background: #1d5c35; }
    Le31Screen #prompt, Le31Screen #message { height: auto; padding: 0 1; }
    Le31Screen.-at-table #actions { height: auto; margin: 1 0 0 0; }
    Le31Screen.-at-table.-small #actions { margin: 0; }
    Le31Screen #hand { height: auto; padding: 0 1; }
    Le31Screen #hand Static { width: auto; padding: 0 1 0 0; }
    Le31Screen #hand Button.-style-flat { width: 7; min-width: 5; height: 1; border: none; margin: 0 1 0 0;
                                          background: #f2eee3; color: #1a1a1a; text-style: bold; }
    Le31Screen #hand Button.-style-flat.red { color: #c81e1e; }
    Le31Screen #moves { height: 1fr; min-height: 2; }
    """

    def __init__(self, session: MatchSession) -> None:
        super().__init__(session)
        self.pending_table = []  # at a real table, the first deal's table cards tapped so far
        self.set_class(not self.virtual, "-at-table")

    def compose(self) -> ComposeResult:
        if self.virtual:
            yield from self.frame(self.hand_view(), hand_entry.ENTRY, last=(("rules", B_RULES),))
        else:
            yield from self.frame(self.table_view(), table_entry.ENTRY, self.keypad(), table_entry.KEYS,
                                  last=(("rules", B_RULES),))

    def refresh_view(self) -> None:
        self.draw_table()
        if self.virtual:
            self.refresh_hand()
            return
        self.query_one("#prompt", Static).update(self.table_prompt())
        self.show_message()
        self.refresh_keypad()
        self.show_steps()

    @on(CardKeypad.Picked)
    def picked(self, event: CardKeypad.Picked) -> None:
        self.enter_card(event.card_as(Le31Card))

    @on(HandRow.Tapped)
    def tapped(self, event: HandRow.Tapped) -> None:
        self.play_card(event.card)

    def run_command(self, command: str) -> None:
        if self.virtual or not self.table_command(command):
            super().run_command(command)

    def enter_line(self, text: str) -> None:
        if self.virtual:
            self.enter_hand_line(text)
        else:
            self.enter_table_line(text)
