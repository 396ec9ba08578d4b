"""The cribbage match screen, one for both modes: the header and the board (``view.py``), then the entry the mode
calls for: at a real table the card keypad and the keeper's keys, with the match's log beside them on a tablet
(``table_entry.py``); in virtual play the hand on screen, read from the rules' choices, and the deal's moves
(``hand_entry.py``). The base lays it out (``frame``) and routes every key of its rows to ``run_command``.

The screen never computes a rule: it asks the engine what is legal (the seat's choices in virtual play), hands every
entry to the session (which saves it before anything is shown), and redraws from the engine's state.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import events, on
from textual.app import ComposeResult

from companion.core.cards import Card
from companion.core.i18n import Msg
from companion.games.base import Event
from companion.store.session import MatchSession
from companion.tui.games.cribbage import hand_entry
from companion.tui.games.cribbage.hand_entry import CribbageHandEntry
from companion.tui.games.cribbage.table_entry import CribbageTableEntry
from companion.tui.screens.match_base import MatchScreenBase
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.keypad import CardKeypad


class CribbageScreen(CribbageTableEntry, CribbageHandEntry, MatchScreenBase):
    BINDINGS = [("f1", "rules", "Rules")]
    CHANCE_ON_VIEW = True  # each player's chance to win the game on the board, beside his score

    DEFAULT_CSS = """
    CribbageScreen #header { height: 1; background: $primary 30%; }
    CribbageScreen #prompt, CribbageScreen #message { height: auto; }

    CribbageScreen #main { height: 1fr; }
    CribbageScreen.-at-table #message { min-height: 1; max-height: 4; }
    CribbageScreen.-at-table.-small #message { max-height: 2; }
    CribbageScreen.-at-table #entry { margin: 0; }
    CribbageScreen.-at-table #actions { margin: 1 0 0 0; height: auto; }
    CribbageScreen #actions Button.-style-flat { width: auto; padding: 0; }  /* each word whole, in both languages */
    CribbageScreen.-at-table.-small #actions { margin: 0; grid-rows: 1; }
    CribbageScreen #actions Button.-style-flat { min-width: 3; height: 3; margin: 0 1 0 0; border: none;
                                                 background: $panel; }
    CribbageScreen #actions Button.-style-flat.-primary { background: $primary; color: $text; }
    CribbageScreen #actions Button.-style-flat:hover { border: none; }
    CribbageScreen.-small #actions Button.-style-flat { height: 1; border: none; }
    CribbageScreen #history-scroll { width: 36; display: none; border-left: solid $primary; padding: 0 1; }
    CribbageScreen.-wide #history-scroll { display: block; }
    CribbageScreen #too-small { display: none; height: 1fr; content-align: center middle; color: $warning; }
    CribbageScreen.-too-small #too-small { display: block; }
    CribbageScreen.-too-small #main { display: none; }

    CribbageScreen #table, CribbageScreen #advice { height: auto; padding: 0 1; }
    CribbageScreen #hand-row { height: auto; padding: 0 1; }
    CribbageScreen #hand-name { width: auto; max-width: 24; padding: 1 1 0 0; }
    CribbageScreen #hand { height: auto; width: 1fr; }
    CribbageScreen #hand Button.-style-flat { width: 7; min-width: 5; height: 3; margin: 0 1 0 0; border: none;
                                              background: #f2eee3; color: #1a1a1a; text-style: bold; }
    CribbageScreen #hand Button.-style-flat.red { color: #c81e1e; }
    CribbageScreen #hand Button.-style-flat.-picked { background: #f2c230; }
    CribbageScreen #hand Button.-style-flat:disabled { background: #6b665c; color: #2a2a2a; }
    CribbageScreen.-small #hand Button.-style-flat { height: 1; }
    CribbageScreen.-small #hand-name { padding: 0 1 0 0; }
    CribbageScreen #moves { height: 1fr; min-height: 2; }
    """

    def __init__(self, session: MatchSession) -> None:
        super().__init__(session)
        self.set_class(not self.virtual, "-at-table")
        self.pending: list[Card] = []  # at a real table, the hand or crib being entered at the show
        self._refusals: list[Msg] = []
        self.picked: list[Card] = []  # in virtual play, the cards picked to lay away
        self.review: Msg | None = None
        self._hints_of: tuple[tuple[int, int, str], list[Msg]] | None = None

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        if self.virtual:
            yield from self.frame(self.hand_view(), hand_entry.ENTRY, first=hand_entry.KEYS)
        else:
            yield from self.table_frame()

    def action_bar(self, first: Sequence[tuple[str, Msg]] = (), last: Sequence[tuple[str, Msg]] = ()) -> ComposeResult:
        return super().action_bar(first, last) if self.virtual else self.table_keys(first, last)

    def on_mount(self) -> None:
        if not self.virtual:
            self.table_mounted()

    def on_resize(self, event: events.Resize) -> None:
        if not self.virtual:
            self.fit_window(event.size.width, event.size.height)

    def on_screen_resume(self) -> None:
        if not self.virtual:
            self.table_resumed()

    def refresh_view(self) -> None:
        if self.virtual:
            self.refresh_hand()
        else:
            self.refresh_table()

    # ------------------------------------------------------------ what the screen keeps between entries
    def after(self, event: Event) -> None:
        if self.virtual:
            self.hand_after(event)
        else:
            self.table_after(event)
        super().after(event)  # the end of a game or of the match (in virtual play, a deal's report first)

    def after_step(self) -> None:
        if self.virtual:
            self.hand_after_step()
        else:
            self.table_after_step()

    # ------------------------------------------------------------ input
    @on(CardKeypad.Picked)
    def picked_on_keypad(self, event: CardKeypad.Picked) -> None:
        self.keypad_picked(event.card_as(Card))

    @on(HandRow.Tapped)
    def hand_tapped(self, event: HandRow.Tapped) -> None:
        self.tap(event.card)

    def run_command(self, command: str) -> None:
        if not (self.hand_command(command) if self.virtual else self.table_command(command)):
            super().run_command(command)  # undo, redo, the log, the rules, phones, pace, home

    def enter_line(self, text: str) -> None:
        if self.virtual:
            self.enter_hand_line(text)
        else:
            self.enter_table_line(text)

    def action_rules(self) -> None:
        self.run_command("rules")
