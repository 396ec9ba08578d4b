"""Virtual Trente-et-un (both games): the app deals (seeded), each human sees only their own three cards and
taps them, the computer players move at the chosen pace, and each showdown is valued by itself.

Draw and knock: *Stock*, *Take* (the top discard) or *Knock*, then tap the card to throw. Exchanges (the
banker game, or the widow variant): tap one of your cards and one face-up card to swap them, or *All three*,
or *Pass*, each with « Je tiens » when the game allows it; the dealer first chooses, before looking, whether
to take the face-up cards blind. A 31 is shown by itself the moment it is held.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal

from companion.core.cards import Card, CardList, parse_card
from companion.core.i18n import Msg
from companion.games.base import Operation
from companion.games.trente_et_un.engine import DRAW_FIRST
from companion.games.trente_et_un.ops import BlindSwap, Discard, Draw, Exchange, Knock
from companion.games.trente_et_un.scoring import hand_value
from companion.store.session import MatchSession
from companion.tui.games.trente_et_un.screen import TURN_WORDS, turn_entry
from companion.tui.games.trente_et_un.view import TrenteView
from companion.tui.screens.match_base import MatchScreenBase
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.keypad import Key
from companion.tui.widgets.moves import MoveList
from companion.tui.widgets.plain import Button, Static
from companion.tui.widgets.standings import TokenRack

HEADER = Msg("{game} · deal {n} · {dealer} deals", "{game} · donne {n} · {dealer} donne")
PILE = Msg("Discard pile: {top} · stock {n}", "Défausse : {top} · talon {n}")
FACE_UP = Msg("Face up:", "Visibles :")
YOUR_HAND = Msg("{name}: {value}", "{name} : {value}")
HIDDEN_BLIND = Msg("{name}: cards face down (take the face-up cards blind?)",
                   "{name} : cartes face cachée (prendre les cartes visibles sans regarder ?)")
P_DRAW = Msg("{name}: Stock, Take {top}, or Knock", "{name} : Talon, Prendre {top}, ou Cogner")
P_THROW = Msg("{name}: tap the card to throw", "{name} : touchez la carte à jeter")
P_SWAP = Msg("{name}: tap one of your cards and a face-up card to swap them, or All three, or Pass",
             "{name} : touchez une de vos cartes et une carte visible pour les échanger, ou Les trois, ou Passer")
P_BLIND = Msg("{name} deals: take the face-up cards without looking, or keep your hand?",
              "{name} donne : prendre les cartes visibles sans regarder, ou garder votre main ?")
P_WAIT = Msg("{name} is playing…", "{name} joue…")
KNOCKED = Msg(" · {name} knocked: last turn", " · {name} a cogné : dernier tour")
HELD = Msg(" · {name} said « Je tiens »: last turn", " · {name} a dit « Je tiens » : dernier tour")
B_STOCK = Msg("Stock", "Talon")
B_TAKE = Msg("Take", "Prendre")
B_KNOCK = Msg("Knock", "Cogner")
B_PASS = Msg("Pass", "Passer")
B_ALL = Msg("All three", "Les trois")
B_HOLD = Msg("Je tiens: off", "Je tiens : non")
B_HOLD_ON = Msg("Je tiens: ON", "Je tiens : OUI")
B_STOP = Msg("J'arrête: off", "J'arrête : non")
B_STOP_ON = Msg("J'arrête: ON", "J'arrête : OUI")
B_BLIND = Msg("Take blind", "Prendre sans regarder")
B_KEEP = Msg("Keep my hand", "Garder ma main")
# What can be typed, each game its own words: under 75 characters, the entry line's width at 80×24.
ENTRY = Msg("type stock, take, a card to throw (9c), knock, pace, undo, log",
            "tapez talon, prendre, une carte à jeter (9t), cogne, rythme, annuler")
ENTRY_BANKER = Msg("type pass, all, swap 5h 7h, hold, blind, keep, pace, undo, log",
                   "tapez passe, tout, échange 5c 7c, tiens, aveugle, garde, rythme, annuler")
NOT_YOURS = Msg("{card} is not in your hand", "{card} n'est pas dans votre main")
NOT_NOW = Msg("that move is not possible now", "ce coup n'est pas possible maintenant")
NOT_YOUR_TURN = Msg("not your turn yet", "ce n'est pas encore votre tour")
SLOTS = 4  # three cards, and the one drawn before the throw


class VirtualTrenteScreen(TrenteView, MatchScreenBase):
    DEFAULT_CSS = """
    VirtualTrenteScreen #header { height: 1; background: $primary 30%; }
    VirtualTrenteScreen #rack { height: auto; }
    VirtualTrenteScreen .cards { height: auto; padding: 0 1; }
    VirtualTrenteScreen .cards Static { width: auto; padding: 0 1 0 0; }
    VirtualTrenteScreen .cards Button.-style-flat { width: 6; min-width: 5; height: 1; border: none; margin: 0 1 0 0;
                                                     background: #f2eee3; color: #1a1a1a; text-style: bold; }
    VirtualTrenteScreen .cards Button.-style-flat.red { color: #c81e1e; }
    VirtualTrenteScreen .cards Button.-style-flat.-picked { background: #f2c230; }
    VirtualTrenteScreen #pile, VirtualTrenteScreen #prompt, VirtualTrenteScreen #message { height: auto; padding: 0 1; }
    VirtualTrenteScreen #moves { height: 1fr; min-height: 2; }
    VirtualTrenteScreen .bar Button { margin: 0 1 0 0; }
    """

    def __init__(self, session: MatchSession) -> None:
        super().__init__(session)
        self.give: Card | None = None  # the hand card picked for a one-card swap
        self.hold = False
        self.face_cards: list[Card | None] = [None] * 3

    @property
    def exchanges(self) -> bool:
        return self.match._exchanges

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield from self.frame(self.view(), ENTRY_BANKER if self.match.banker else ENTRY, self.key_row("plays", (
            ("stock", B_STOCK), ("take", B_TAKE), ("knock", B_KNOCK), ("pass", B_PASS), ("all", B_ALL),
            ("hold", B_HOLD), ("blind", B_BLIND), ("keep", B_KEEP))))

    def view(self) -> ComposeResult:
        yield TokenRack(id="rack")
        yield Static("", id="pile")
        with Horizontal(classes="cards", id="faceup"):
            yield Static(self.tr(FACE_UP))
            for i in range(3):
                yield Key("", id=f"face-{i}", flat=True)
        yield HandRow(SLOTS, named=True, classes="cards", id="hand")
        yield MoveList(id="moves")

    # ------------------------------------------------------------ view
    def _state(self) -> str:
        """What the human on screen is asked: blind, draw, throw, swap, or '' (nothing)."""
        play = self.match.play
        human = self.acting_human()
        if human is None or human != self.shown_seat or play is None:
            return ""
        if self.exchanges:
            return "blind" if not play.blind_done else "swap"
        return "throw" if play.has_drawn else "draw"

    def refresh_view(self) -> None:
        m, lang = self.match, self.app.lang
        play = m.play
        self.draw_rack(HEADER)
        state = self._state()
        deal = play  # the turn's buttons follow the deal; the cards shown, only a live one
        if play is not None and (play.hands is None or play.void):
            play = None
        live = play is not None
        pile = self.query_one("#pile", Static)
        pile.display = live and not self.exchanges
        if play is not None and not self.exchanges:
            top = play.public[-1].display(lang) if play.public else "—"
            pile.update(self.tr(PILE, top=top, n=play.stock) + self._closing_note())
        faceup = self.query_one("#faceup")
        faceup.display = live and self.exchanges
        self.face_cards = [None] * 3
        if play is not None and self.exchanges:
            self.face_cards = [play.public[i] if i < len(play.public) else None for i in range(3)]
            for i, card in enumerate(self.face_cards):
                self._card_button(self.query_one(f"#face-{i}", Button), card, False)
        seat = self.shown_seat
        hand = list(play.hands[seat]) if play is not None and play.hands is not None and seat is not None else []
        blind = state == "blind"
        self.query_one("#hand", HandRow).show([] if blind else hand, lambda c: c.display(self.app.lang),
                                              red=lambda c: c.is_red, picked=[self.give] if self.give else [])
        name = self.query_one("#hand-name", Static)
        if seat is None:
            name.update(self.hidden_words())
        elif blind:
            name.update(self.tr(HIDDEN_BLIND, name=m.names[seat]))
        elif hand:
            value = hand_value(hand, m.rules.values()).said() if len(hand) == 3 else CardList(hand)
            name.update(self.tr(YOUR_HAND, name=m.names[seat], value=value))
        else:
            name.update("")
        self.query_one("#hand").display = live or seat is None
        shown = {"draw": ("stock", "take", "knock"), "throw": (), "swap": ("pass", "all", "hold"),
                 "blind": ("blind", "keep")}.get(state, ())
        for key in ("stock", "take", "knock", "pass", "all", "hold", "blind", "keep"):
            self.query_one(f"#{key}", Button).display = key in shown
        if state == "draw" and deal is not None:
            self.query_one("#take", Button).disabled = not deal.public
            self.query_one("#knock", Button).disabled = not m.can(Knock(deal.turn))
        if state == "swap" and deal is not None:
            hold = self.query_one("#hold", Button)
            widow = not m.banker
            hold.label = self.tr((B_STOP_ON if self.hold else B_STOP) if widow else (B_HOLD_ON if self.hold else B_HOLD))
            hold.disabled = deal.knocker is not None and not widow
        self.query_one("#plays").display = bool(shown)
        self.show_turn(self._prompt(state))

    def _closing_note(self) -> str:
        play = self.match.play
        if play is None or play.knocker is None:
            return ""
        return self.tr(HELD if self.exchanges else KNOCKED, name=self.match.names[play.knocker])

    def _card_button(self, button: Button, card: Card | None, picked: bool) -> None:
        button.display = card is not None
        if card is not None:
            button.label = card.display(self.app.lang)
            button.set_class(card.is_red, "red")
            button.set_class(picked, "-picked")

    def _prompt(self, state: str) -> str:
        m, play = self.match, self.match.play
        if m.is_over or play is None:
            return ""
        if self._passing:
            return self.hidden_words()
        name = m.names[self.shown_seat] if self.shown_seat is not None else ""
        if state == "draw":
            return self.tr(P_DRAW, name=name, top=play.public[-1].display(self.app.lang) if play.public else "—")
        if state == "throw":
            return self.tr(P_THROW, name=name)
        if state == "swap":
            return self.tr(P_SWAP, name=name) + self._closing_note()
        if state == "blind":
            return self.tr(P_BLIND, name=name)
        if not play.ended and not play.void:
            return self.waiting_words(m.dealer if self.exchanges and not play.blind_done else play.turn, P_WAIT)
        return ""

    # ------------------------------------------------------------ input
    @on(HandRow.Tapped)
    def hand_tapped(self, event: HandRow.Tapped) -> None:
        self.tap(event.card)

    @on(Button.Pressed, "#faceup Button")
    def face_tapped(self, event: Button.Pressed) -> None:
        event.stop()
        card = self.face_cards[int((event.button.id or "face-0").removeprefix("face-"))]
        if card is not None and self._state() == "swap":
            self.swap_one(card)

    def tap(self, card: Card) -> None:
        state, seat, play = self._state(), self.shown_seat, self.match.play
        if not state or seat is None or play is None:
            self.refuse(NOT_YOUR_TURN)  # a card typed while the computers play: said, not dropped in silence
            return
        if state == "draw":
            self.refuse(DRAW_FIRST)
            return
        if card not in play.hands[seat]:  # type: ignore[index]
            if state == "swap" and card in play.public:
                self.swap_one(card)
                return
            self.refuse(NOT_YOURS(card=card))
            return
        if state == "throw":
            self.human_op(Discard(seat, card))
        elif state == "swap":
            self.give = None if self.give == card else card
            self.message = None
            self.refresh_view()

    def swap_one(self, take: Card) -> None:
        seat = self.shown_seat
        if self.give is None or seat is None:
            return
        op = Exchange(seat, (self.give,), (take,), self.hold)
        if self.human_op(op):
            self.give, self.hold = None, False

    def run_command(self, command: str) -> None:
        m, seat, play = self.match, self.shown_seat, self.match.play
        state = self._state()
        op: Operation | None = None
        if command == "stock" and state == "draw":
            op = Draw(seat)  # type: ignore[arg-type]
        elif command == "take" and state == "draw" and play is not None and play.public:
            op = Draw(seat, play.public[-1])  # type: ignore[arg-type]
        elif command == "knock" and state == "draw":
            op = Knock(seat)  # type: ignore[arg-type]
        elif command == "pass" and state == "swap":
            op = Exchange(seat, hold=self.hold)  # type: ignore[arg-type]
        elif command == "all" and state == "swap" and play is not None:
            op = Exchange(seat, tuple(play.hands[seat]), tuple(play.public), self.hold)  # type: ignore[arg-type, index]
        elif command == "hold" and state == "swap":
            self.hold = not self.hold
            self.refresh_view()
            return
        elif command in ("blind", "keep") and state == "blind" and play is not None:
            op = BlindSwap(command == "blind", tuple(play.hands[m.dealer]) if command == "blind" else ())  # type: ignore[index]
        elif command in ("stock", "take", "knock", "pass", "all", "hold", "blind", "keep"):
            self.refuse(NOT_NOW if state else NOT_YOUR_TURN)  # typed: its button is hidden
            return
        else:
            self.run_shared(command, "trente_et_un")
            return
        if self.human_op(op):
            self.give, self.hold = None, False

    def enter_line(self, text: str) -> None:
        word = text.split()[0].casefold()
        if self.said_shared(word):
            return
        verb = TURN_WORDS.get(word)
        if verb == "hold" and len(text.split()) == 1:  # « tiens » alone: pass and hold
            self.hold = True
            self.run_command("pass")
            return
        if verb in ("stock", "take", "knock", "pass", "all", "blind", "keep") and len(text.split()) == 1:
            self.run_command(verb)
            return
        if verb is not None:
            op = turn_entry(self.match, text, self.app.lang)
            if op is not None and self._state():
                self.human_op(op)
            return
        cards = [parse_card(t, self.app.lang) for t in text.replace(",", " ").split()]
        for card in cards:
            self.tap(card)

