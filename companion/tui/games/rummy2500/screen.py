"""The 2500 match screen, one for both modes: the score sheet and the table (``view.py``), then the entry the mode
calls for: at a real table the keypad, the play keys and the keeper's keys, Brasse and Turn by turn
(``table_entry.py``); in virtual play the hand on screen, the play keys and the brasse's moves (``hand_entry.py``).
The play keys answer the rules' choices alike in both (``turns.py``). The base lays it out and routes every key."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult

from companion.core.cards import Card
from companion.store.session import MatchSession
from companion.tui.games.rummy2500.hand_entry import ENTRY as HAND_ENTRY
from companion.tui.games.rummy2500.hand_entry import Rummy2500HandEntry
from companion.tui.games.rummy2500.table_entry import ENTRY as TABLE_ENTRY
from companion.tui.games.rummy2500.table_entry import KEYS, Rummy2500TableEntry
from companion.tui.games.rummy2500.turns import CHOICE_OF, PLAY_KEYS, TURN_WORDS, TurnEntry, card_words
from companion.tui.screens.match_base import MatchScreenBase
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.keypad import CardKeypad
from companion.tui.widgets.plain import Static


class Rummy2500Screen(Rummy2500TableEntry, Rummy2500HandEntry, TurnEntry, MatchScreenBase):
    DEFAULT_CSS = """
    Rummy2500Screen #header { height: 1; background: $primary 30%; }
    Rummy2500Screen #sheet { height: auto; }
    Rummy2500Screen #table, Rummy2500Screen #selection { height: auto; padding: 0 1; }
    Rummy2500Screen #prompt, Rummy2500Screen #message { height: auto; padding: 0 1; }
    Rummy2500Screen .bar Button { margin: 0 1 0 0; }
    Rummy2500Screen #hand-name { height: 1; padding: 0 1; }
    Rummy2500Screen #hand { layout: grid; grid-size: 12; grid-gutter: 0 1; height: auto; padding: 0 1; grid-rows: 3; }
    Rummy2500Screen.-small #hand { grid-rows: 1; }
    Rummy2500Screen.-narrow #hand { grid-size: 8; }  /* upright, keys wide enough for « 10♠ » */
    Rummy2500Screen #hand Button.-style-flat { width: 100%; min-width: 4; height: 1; border: none;
                                               background: #f2eee3; color: #1a1a1a; text-style: bold; }
    Rummy2500Screen #hand Button.-style-flat.red { color: #c81e1e; }
    Rummy2500Screen #hand Button.-style-flat.frime { background: #cfe6f7; }
    Rummy2500Screen #hand Button.-style-flat.-picked { background: #f2c230; }
    Rummy2500Screen #moves { height: 1fr; min-height: 2; }
    """

    def __init__(self, session: MatchSession) -> None:
        super().__init__(session)
        self.selected: list[Card] = []  # the cards tapped or typed for the next play of a brasse turn by turn
        self.brasse_fields: dict[str, str] = {}  # at a real table, the count of a brasse as last left in its dialog

    def compose(self) -> ComposeResult:
        if self.virtual:
            yield from self.frame(self.view(), HAND_ENTRY, self.key_row("plays", PLAY_KEYS))
        else:
            yield from self.frame(self.view(), TABLE_ENTRY, self.table_keys(), KEYS)

    def view(self) -> ComposeResult:
        yield from self.table_view()
        if self.virtual:
            yield from self.hand_view()
        else:
            yield Static("", id="selection")

    def table_keys(self) -> ComposeResult:
        yield from self.keypad()
        yield from self.key_row("plays", PLAY_KEYS)

    def refresh_view(self) -> None:
        self.draw_sheet_and_table()
        if self.virtual:
            self.refresh_hand()
        else:
            self.refresh_table()
            self.show_steps()
        self.show_play_keys()

    def after_step(self) -> None:
        self.selected = []
        self.brasse_fields = {}

    # ------------------------------------------------------------ entries
    @on(CardKeypad.Picked)
    def picked(self, event: CardKeypad.Picked) -> None:
        self.selected.append(event.card_as(Card))
        self.message = None
        self.refresh_view()

    @on(HandRow.Tapped)
    def tapped(self, event: HandRow.Tapped) -> None:
        self.toggle(event.card, event.picked)

    def run_command(self, command: str) -> None:
        if command in CHOICE_OF or command == "clear":
            self.play(command)
        elif self.virtual or not self.table_command(command):
            super().run_command(command)

    def enter_line(self, text: str) -> None:
        """A play's word, alone (« trio »: the cards selected) or with its cards (« trio 7h 7s 8d »: those cards,
        the selection kept if the play is refused); a word every match screen knows; else cards, selected."""
        words = text.split()
        verb, lang = words[0].casefold(), self.app.lang
        if verb in TURN_WORDS and len(words) > 1:
            kept, self.selected = self.selected, card_words(" ".join(words[1:]), lang)
            self.run_command(TURN_WORDS[verb])
            if self.selected:  # refused (or a dialog asks which trio): the taps are back
                self.selected = kept
                self.refresh_view()
        elif verb in TURN_WORDS:
            self.run_command(TURN_WORDS[verb])
        elif not self.said_shared(verb):
            cards = card_words(text, lang)
            if self.virtual:
                self.pick_typed(cards)
            else:
                self.select_typed(cards)
