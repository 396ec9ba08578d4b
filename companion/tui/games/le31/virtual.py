"""Virtual Le 31: the app deals each round's pack (seeded), each human sees only their own hand and taps a card;
the app lists what that card can legally do against the table (take, build, raise, or lay down) and the
player picks. The computer players move at the chosen pace, and each round is tallied by itself."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult

from companion.core.i18n import Msg
from companion.games.le31.deck import Le31Card
from companion.games.le31.notation import read_play
from companion.store.session import MatchSession
from companion.tui.games.le31.screen import offer_plays
from companion.tui.games.le31.view import P_ONLY_TRAIL, Le31View
from companion.tui.screens.match_base import B_RULES, MatchScreenBase
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.moves import MoveList
from companion.tui.widgets.plain import Static

YOUR_HAND = Msg("{name}:", "{name} :")
P_PLAY = Msg("{name}: tap a card to play it (or type 6r x 2b 3g)",
             "{name} : touchez une carte pour la jouer (ou tapez 6r x 2b 3v)")
P_WAIT = Msg("{name} is playing…", "{name} joue…")
ENTRY = Msg("type a card (6r) or a whole play: 6r x 2b 3g · 3r > 8 5b · pace · undo",
            "tapez une carte (6r) ou un coup : 6r x 2b 3v · 3r > 8 5b · rythme · annuler")
NOT_YOURS = Msg("{card} is not in your hand", "{card} n'est pas dans votre main")
SLOTS = 4


class VirtualLe31Screen(Le31View, MatchScreenBase):
    DEFAULT_CSS = """
    VirtualLe31Screen #header { height: 1; background: $primary 30%; }
    VirtualLe31Screen #sheet { height: auto; max-height: 12; }
    VirtualLe31Screen #table { height: auto; padding: 0 1; color: $text; background: #1d5c35; }
    VirtualLe31Screen #hand { height: auto; padding: 0 1; }
    VirtualLe31Screen #hand Static { width: auto; padding: 0 1 0 0; }
    VirtualLe31Screen #hand Button.-style-flat { width: 7; min-width: 5; height: 1; border: none; margin: 0 1 0 0;
                                                  background: #f2eee3; color: #1a1a1a; text-style: bold; }
    VirtualLe31Screen #hand Button.-style-flat.red { color: #c81e1e; }
    VirtualLe31Screen #prompt, VirtualLe31Screen #message { height: auto; padding: 0 1; }
    VirtualLe31Screen #moves { height: 1fr; min-height: 2; }
    VirtualLe31Screen .bar Button { margin: 0 1 0 0; }
    """

    def __init__(self, session: MatchSession) -> None:
        super().__init__(session)

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield from self.frame(self.view(), ENTRY, last=(("rules", B_RULES),))

    def view(self) -> ComposeResult:
        yield from self.table_view()
        yield HandRow(SLOTS, named=True, id="hand")
        yield MoveList(id="moves")

    # ------------------------------------------------------------ view
    def refresh_view(self) -> None:
        m = self.match
        r = m.r
        self.draw_table()
        seat = self.shown_seat
        hand = sorted(r.hands[seat], key=lambda c: c.sort_key) if r.hands is not None and seat is not None else []
        self.query_one("#hand", HandRow).show(hand, self.label, red=m.deck.is_red)
        self.query_one("#hand-name", Static).update(
            self.tr(YOUR_HAND, name=m.names[seat]) if seat is not None else self.hidden_words())
        human = self.acting_human()
        if m.is_over:
            prompt = ""
        elif self._passing:
            prompt = self.hidden_words()
        elif human is not None and human == seat:
            prompt = self.tr(P_PLAY, name=m.names[human]) + (self.tr(P_ONLY_TRAIL) if r.trail_only else "")
        elif m.phase == "play":
            prompt = self.waiting_words(r.turn, P_WAIT)
        else:
            prompt = ""
        self.show_turn(prompt)

    # ------------------------------------------------------------ input
    def tap(self, card: Le31Card) -> None:
        m, seat = self.match, self.shown_seat
        if seat is None or self.acting_human() != seat:
            return
        if card not in (m.hand(seat) or ()):
            self.refuse(NOT_YOURS(card=self.label(card)))
            return
        offer_plays(self, m, seat, card, self.human_op)

    @on(HandRow.Tapped)
    def hand_tapped(self, event: HandRow.Tapped) -> None:
        self.tap(event.card)

    def run_command(self, command: str) -> None:
        self.run_shared(command, "le31")

    def enter_line(self, text: str) -> None:
        word = text.casefold()
        if self.said_shared(word):
            return
        seat = self.shown_seat if self.shown_seat is not None else 0
        card, op = read_play(text, self.match.deck, self.app.lang, seat)
        if op is None:
            self.tap(card)
        elif self.acting_human() == self.shown_seat:
            self.human_op(op)
