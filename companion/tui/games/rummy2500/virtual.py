"""Virtual 2500: the app deals each brasse (seeded), each human sees only their own hand and taps it (then
Stock, Pige, Trio, Lay off, Discard), the computer players move at the chosen pace, and each brasse is counted
by itself at its end, on the running table."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult

from companion.core.cards import Card, rank_text
from companion.core.i18n import Msg
from companion.store.session import MatchSession
from companion.tui.games.rummy2500.screen import PLAY_KEYS, TURN_WORDS
from companion.tui.games.rummy2500.turns import TurnEntry, card_words
from companion.tui.games.rummy2500.view import Rummy2500View
from companion.tui.screens.autoplay import VIRTUAL_WORDS
from companion.tui.screens.match_base import MatchScreenBase
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.moves import MoveList
from companion.tui.widgets.plain import Static

HEADER = Msg("2500 · brasse {n} · {dealer} deals · frime {frime} · to {target}",
             "2500 · brasse {n} · {dealer} brasse · frime {frime} · en {target}")
P_TURN = Msg("{name}: tap cards, then Stock or Pige (with a pair), Trio, Lay off, Discard",
             "{name} : touchez des cartes, puis Paquet ou Pige (avec une paire), Trio, Ajouter, Jeter")
P_WAIT = Msg("{name} is playing…", "{name} joue…")
YOUR_HAND = Msg("{name} ({n}):", "{name} ({n}) :")
ENTRY = Msg("type cards (7h 7s) or stock, pige, trio, off, discard, pace, undo…",
            "tapez des cartes (7c 7p), paquet, pige, trio, ajout, jeter, rythme, annuler")
NOT_YOURS = Msg("{card} is not in your hand", "{card} n'est pas dans votre main")
SLOTS = 40  # a hand grows with a pige series: room for every card it can hold


class VirtualRummyScreen(Rummy2500View, TurnEntry, MatchScreenBase):
    DEFAULT_CSS = """
    VirtualRummyScreen #header { height: 1; background: $primary 30%; }
    VirtualRummyScreen #sheet { height: auto; }
    VirtualRummyScreen #table, VirtualRummyScreen #prompt, VirtualRummyScreen #message { height: auto; padding: 0 1; }
    VirtualRummyScreen #hand-name { height: 1; padding: 0 1; }
    VirtualRummyScreen #hand { layout: grid; grid-size: 12; grid-gutter: 0 1; height: auto; padding: 0 1; grid-rows: 3; }
    VirtualRummyScreen.-small #hand { grid-rows: 1; }
    VirtualRummyScreen.-narrow #hand { grid-size: 8; }  /* upright, keys wide enough for « 10♠ » */
    VirtualRummyScreen #hand Button.-style-flat { width: 100%; min-width: 4; height: 1; border: none;
                                                  background: #f2eee3; color: #1a1a1a; text-style: bold; }
    VirtualRummyScreen #hand Button.-style-flat.red { color: #c81e1e; }
    VirtualRummyScreen #hand Button.-style-flat.frime { background: #cfe6f7; }
    VirtualRummyScreen #hand Button.-style-flat.-picked { background: #f2c230; }
    VirtualRummyScreen #moves { height: 1fr; min-height: 2; }
    VirtualRummyScreen .bar Button { margin: 0 1 0 0; }
    """

    def __init__(self, session: MatchSession) -> None:
        super().__init__(session)
        self.selected: list[Card] = []

    # ------------------------------------------------------------ the game's side of the pump
    def submit_play(self, op) -> bool:
        return self.human_op(op)

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield from self.frame(self.view(), ENTRY, self.key_row("plays", PLAY_KEYS))

    def view(self) -> ComposeResult:
        yield from self.table_view()
        yield Static("", id="hand-name")
        yield HandRow(SLOTS, id="hand")
        yield MoveList(id="moves")

    # ------------------------------------------------------------ view
    def refresh_view(self) -> None:
        m, lang = self.match, self.app.lang
        bp = m.bp
        frime = rank_text(bp.frime, lang) if bp is not None else "—"
        self.show_header(self.tr(HEADER, n=len(m.brasses) + (1 if bp is not None else 0), dealer=m.names[m.dealer],
                                 frime=frime, target=m.rules.target))
        self.draw_sheet_and_table()
        seat = self.shown_seat
        held = bp.hands[seat] if bp is not None and seat is not None else []
        cards = sorted((c for c in held if c is not None), key=lambda c: (c.rank, c.suit))
        self.selected = [c for c in self.selected if c in cards]
        self.query_one("#hand", HandRow).show(  # two identical cards: each tap picks one of them
            cards, lambda c: c.display(lang), red=lambda c: c.is_red, picked=self.selected,
            marks={"frime": lambda c: bp is not None and c.rank == bp.frime})  # wild cards stand out
        self.query_one("#hand-name", Static).update(
            self.tr(YOUR_HAND, name=m.names[seat], n=len(cards)) if seat is not None else self.hidden_words())
        human = self.acting_human()
        mine = human is not None and human == seat
        self.query_one("#plays").display = mine
        if m.is_over:
            prompt = ""
        elif mine and seat is not None:
            prompt = self.tr(P_TURN, name=m.names[seat])
        elif self._passing:
            prompt = self.hidden_words()
        elif bp is not None and not bp.over:
            prompt = self.waiting_words(bp.turn, P_WAIT)
        else:
            prompt = ""
        self.show_turn(prompt)

    # ------------------------------------------------------------ input
    def tap(self, card: Card) -> None:
        m = self.match
        seat = self.shown_seat
        if seat is None or self.acting_human() != seat:
            return
        held = list(m.live.hands[seat])
        for chosen in self.selected:
            if chosen in held:
                held.remove(chosen)
        if card in held:
            self.selected.append(card)
        else:
            self.refuse(NOT_YOURS(card=card))
            return
        self.message = None
        self.refresh_view()

    @on(HandRow.Tapped)
    def hand_tapped(self, event: HandRow.Tapped) -> None:
        if event.picked:
            self.selected.remove(event.card)  # a second tap puts it back
            self.refresh_view()
        else:
            self.tap(event.card)

    def run_command(self, command: str) -> None:
        if command in ("stock", "pige", "trio", "layoff", "throw", "clear"):
            if self.acting_human() == self.shown_seat:
                self.play(command)
        else:
            self.run_shared(command, "rummy2500")

    def enter_line(self, text: str) -> None:
        words = text.split()
        verb = words[0].casefold()
        cards = card_words(" ".join(words[1:] if (verb in TURN_WORDS or verb in VIRTUAL_WORDS) else words), self.app.lang)
        before, entries = list(self.selected), len(self.match.log)
        for card in cards:
            self.tap(card)
        if verb in TURN_WORDS:
            self.run_command(TURN_WORDS[verb])
            if len(self.match.log) == entries and cards:  # refused: the cards typed do not stay picked
                self.selected = before
                self.refresh_view()
        else:
            self.said_shared(verb)
