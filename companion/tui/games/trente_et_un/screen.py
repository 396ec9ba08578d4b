"""The Trente-et-un match screen (both games), one for both modes: the rack of tokens or lives (``view.py``), then
the entry the mode calls for: at a real table the hands shown, the card keypad and the keeper's keys, and a deal
typed turn by turn (``table_entry.py``); in virtual play the table's cards, the hand on screen and the turn's keys,
read from the seat's choices (``hand_entry.py``). The base lays it out and routes every key."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult

from companion.core.cards import Card
from companion.store.session import MatchSession
from companion.tui.games.trente_et_un import hand_entry, table_entry
from companion.tui.games.trente_et_un.hand_entry import TrenteHandEntry
from companion.tui.games.trente_et_un.table_entry import TrenteTableEntry
from companion.tui.screens.match_base import B_RULES, MatchScreenBase
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.keypad import CardKeypad
from companion.tui.widgets.plain import Button


class TrenteScreen(TrenteTableEntry, TrenteHandEntry, MatchScreenBase):
    DEFAULT_CSS = """
    TrenteScreen #header { height: 1; background: $primary 30%; }
    TrenteScreen #rack { height: auto; }
    TrenteScreen #hands { height: auto; padding: 0 1; }
    TrenteScreen #who { height: auto; }
    TrenteScreen #who Select { width: 30; }
    TrenteScreen.-narrow #who { layout: vertical; }  /* a phone upright: who knocked, then who was dealt 31 */
    TrenteScreen.-narrow #who Select { width: 1fr; }
    TrenteScreen #who Static { width: auto; padding: 0 1; }
    TrenteScreen .cards { height: auto; padding: 0 1; }
    TrenteScreen .cards Static { width: auto; padding: 0 1 0 0; }
    TrenteScreen .cards Button.-style-flat { width: 6; min-width: 5; height: 1; border: none; margin: 0 1 0 0;
                                             background: #f2eee3; color: #1a1a1a; text-style: bold; }
    TrenteScreen .cards Button.-style-flat.red { color: #c81e1e; }
    TrenteScreen .cards Button.-style-flat.-picked { background: #f2c230; }
    TrenteScreen .cards Button.-style-flat:disabled { background: #a8a397; }  /* not offered now: dimmed, still read */
    TrenteScreen #pile, TrenteScreen #prompt, TrenteScreen #message { height: auto; padding: 0 1; }
    TrenteScreen #moves { height: 1fr; min-height: 2; }
    """

    def __init__(self, session: MatchSession) -> None:
        super().__init__(session)
        self.hands = {}  # at a real table, the showdown's cards entered so far
        self.giving = None  # in virtual play, the hand card picked for a one-card swap
        self.hold = False  # and the « Je tiens » toggle
        self.face_cards = [None] * 3

    def compose(self) -> ComposeResult:
        if self.virtual:
            hint = hand_entry.ENTRY_BANKER if self.match.banker else hand_entry.ENTRY
            yield from self.frame(self.hand_view(), hint, self.key_row("plays", hand_entry.PLAY_KEYS))
        else:
            yield from self.frame(self.table_view(), table_entry.ENTRY, self.keypad(), self.table_keys(),
                                  last=(("rules", B_RULES),))

    def refresh_view(self) -> None:
        if self.virtual:
            self.refresh_hand()
        else:
            self.refresh_table()

    def after_step(self) -> None:
        """The log moved (undo, another device): what was being entered or picked is dropped."""
        self.hands = {}
        self.giving, self.hold = None, False

    # ------------------------------------------------------------ the widgets' own messages
    @on(CardKeypad.Picked)
    def picked(self, event: CardKeypad.Picked) -> None:
        self.enter_card(event.card_as(Card))

    @on(HandRow.Tapped)
    def hand_tapped(self, event: HandRow.Tapped) -> None:
        self.tap(event.card)

    @on(Button.Pressed, "#faceup Button")
    def face_tapped(self, event: Button.Pressed) -> None:
        event.stop()
        card = self.face_cards[int((event.button.id or "face-0").removeprefix("face-"))]
        if card is not None:
            self.take_face_up(card)

    # ------------------------------------------------------------ keys and typed lines
    def run_command(self, command: str) -> None:
        if not (self.hand_command(command) if self.virtual else self.table_command(command)):
            super().run_command(command)

    def enter_line(self, text: str) -> None:
        if self.virtual:
            self.enter_hand_line(text)
        else:
            self.enter_table_line(text)
