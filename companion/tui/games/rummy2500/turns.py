"""A 2500 brasse played turn by turn, in both modes: the play keys (Stock, Pige, Trio, Lay off, Discard, Clear) and
the cards picked for them, each play answered to the seat's choice it is (``MatchScreenBase.answer``); « Sur quel
trio ? » and « which pige card? » (``PlayChoice``) offer the targets that take the cards picked (``seat.fitting``);
and at a real table the dialog that starts a brasse from the turned cards (``OpenDialog``).

The rules say what may be played (``offered()``): a key is lit while its choice is offered, and a play the rules
refuse is refused with their reason. At a real table nobody's hand is known: the choices there are every card the
player may hold, and the same keys answer them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll

from companion.core.cards import Card, format_card, parse_card
from companion.core.decks import pack_2500_spec
from companion.core.errors import CompanionError, NotationError
from companion.core.i18n import Msg
from companion.games.base import Operation
from companion.games.rummy2500.engine import NO_RANK_PIGE, NO_TRIO_FOR, Rummy2500Match
from companion.games.rummy2500.ops import DrawStock, LayOff, Meld, OpenBrasse, TakePige, Throw
from companion.games.rummy2500.seat import fitting
from companion.games.rummy2500.state import BRASSE_OVER, NO_BRASSE
from companion.games.rummy2500.turns import WRONG_RANK
from companion.games.rummy2500.words import cards_of, rank_said
from companion.games.seats import Choice
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.dialogs.entry import EntryDialog
from companion.tui.screens.match_words import NOT_NOW
from companion.tui.screens.mixin import MatchScreenMixin
from companion.tui.widgets.fields import Input
from companion.tui.widgets.keypad import CardKeypad, Key
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Label, Static

M = Msg
OPEN_TITLE = M("Brasse {n} turn by turn: the card turned for each player, then the pige's first card",
               "Brasse {n} tour par tour : la carte retournée de chaque joueur, puis la première de la pige")
TURNED = M("{name} turned", "{name} a retourné")
PIGE = M("Pige", "Pige")
START = M("Start the brasse", "Commencer la brasse")
CANCEL = M("Cancel", "Annuler")
MISSING = M("one card in each field", "une carte dans chaque case")
WHICH_PIGE = M("Which pige card does the pair take?", "Quelle carte de la pige la paire prend-elle ?")
WHICH_TRIO = M("On which trio does {card} go?", "Sur quel trio va {card} ?")
TRIO_KEYS = M("Tap a trio or type its number · Esc: nothing is laid off",
              "Touchez un trio ou tapez son numéro · Échap : rien n'est ajouté")
TRIO_NUMBER = M("Type a trio's number (1 to {n}), or Esc: nothing is laid off",
                "Tapez le numéro d'un trio (1 à {n}), ou Échap : rien n'est ajouté")
NOT_LAID_OFF = M("{card} is not laid off: nothing was played", "{card} n'est pas ajouté : rien n'est joué")
PIGE_KEYS = M("Tap a card or type its number · Esc: nothing is taken",
              "Touchez une carte ou tapez son numéro · Échap : rien n'est pris")
PIGE_NUMBER = M("Type a card's number (1 to {n}), or Esc: nothing is taken",
                "Tapez le numéro d'une carte (1 à {n}), ou Échap : rien n'est pris")
NOT_TAKEN = M("Nothing is taken from the pige", "Rien n'est pris à la pige")
NEED = M("select {cards} first", "choisissez d'abord {cards}")
B_STOCK = M("Stock", "Paquet")
B_PIGE = M("Pige", "Pige")
B_TRIO = M("Trio", "Trio")
B_LAYOFF = M("Lay off", "Ajouter")
B_THROW = M("Discard", "Jeter")
B_CLEAR = M("Clear", "Effacer")
PLAY_KEYS = (("stock", B_STOCK), ("pige", B_PIGE), ("trio", B_TRIO), ("layoff", B_LAYOFF), ("throw", B_THROW),
             ("clear", B_CLEAR))  # a turn's keys, at the table and against the computer
CHOICE_OF = {"stock": "draw", "pige": "take", "trio": "meld", "layoff": "lay_off", "throw": "throw"}  # key: choice
TURN_WORDS = {"stock": "stock", "paquet": "stock", "talon": "stock", "pioche": "stock", "draw": "stock", "pige": "pige",
              "take": "pige", "prendre": "pige", "trio": "trio", "meld": "trio", "off": "layoff", "layoff": "layoff",
              "ajout": "layoff", "ajouter": "layoff", "discard": "throw", "throw": "throw", "jeter": "throw",
              "jette": "throw", "clear": "clear", "effacer": "clear", "brasse": "brasse", "turns": "turns",
              "tours": "turns", "tour": "turns"}  # the Turns key is « Tour par tour »


def card_words(text: str, lang: str) -> list[Card]:
    return [parse_card(t, lang) for t in text.replace(",", " ").split()]


class PlayChoice(ChoiceDialog[int]):
    """Which trio a lay-off goes on, which pige card a pair takes. The first answer, drawn as chosen, has the
    focus: Enter takes it. Each answer bears its number, and that number typed takes it; ✕ and Escape choose
    nothing (the screen then says so). Any other key typed is refused with the reason, and the Enter that ends
    the line refused chooses nothing: a line typed while the dialog is open is never lost unsaid."""

    def __init__(self, title: str, options: Sequence[tuple[str, int]], keys: str, refusal: str, cancel: str) -> None:
        numbered = [(f"{i + 1} · {label}", op) for i, (label, op) in enumerate(options)]
        super().__init__(title, keys, [*numbered, (f"✕ {cancel}", None)], lead=True)
        self.count = len(options)
        self.refusal = refusal
        self.typed = ""  # the digits of a number being typed (more than nine answers: two digits)
        self.refused = False  # a key was refused: the Enter that ends its line chooses nothing

    def on_key(self, event: events.Key) -> None:
        char = event.character or ""
        if char.isdigit():
            self.typed, self.refused = self.typed + char, False
            n = int(self.typed)
            if 1 <= n <= self.count and n * 10 > self.count:  # no longer number starts so
                self.dismiss(self.answers[n - 1][1])
            elif not 1 <= n <= self.count:
                self.refuse()
        elif event.key == "enter" and (self.typed or self.refused):
            n = int(self.typed or 0)
            if 1 <= n <= self.count:
                self.dismiss(self.answers[n - 1][1])
            self.typed, self.refused = "", False
        elif event.is_printable:
            self.refuse()
        else:
            return
        event.stop()  # not on to the focused answer's Enter

    def refuse(self) -> None:
        self.typed, self.refused = "", True
        body = self.query_one("#body", Static)
        body.update(self.refusal)
        body.add_class("error")


class OpenDialog(EntryDialog[OpenBrasse]):
    """Dismisses with the OpenBrasse of a brasse dealt at the table, or None. Taps fill the focused field and
    move on to the next."""

    DEFAULT_CSS = """
    OpenDialog .row { height: auto; }
    OpenDialog .row Label { width: 20; }
    OpenDialog .row Input { width: 12; }
    OpenDialog VerticalScroll { height: auto; max-height: 12; }
    """

    def __init__(self, match: Rummy2500Match) -> None:
        super().__init__()
        self.match = match

    def fields(self) -> list[Input]:
        return [self.query_one(f"#turned-{s}", Input) for s in range(self.match.players)] + [
            self.query_one("#pige", Input)]

    def compose(self) -> ComposeResult:
        m = self.match
        with Vertical():
            yield Static(self.tr(OPEN_TITLE, n=len(m.brasses) + 1), classes="title")
            with VerticalScroll():
                order = [(m.dealer + 1 + i) % m.players for i in range(m.players)]  # the dealer turns his last
                for seat in sorted(range(m.players), key=order.index):
                    with Horizontal(classes="row"):
                        yield Label(self.tr(TURNED, name=m.names[seat]))
                        yield Input(id=f"turned-{seat}", compact=True, max_length=4)
                with Horizontal(classes="row"):
                    yield Label(self.tr(PIGE))
                    yield Input(id="pige", compact=True, max_length=4)
            yield CardKeypad(self.app.lang, deck=pack_2500_spec(m.packs), id="keypad")
            yield Static("", id="error", classes="error")
            with Bar(classes="bar"):
                yield Key(self.tr(START), id="ok", variant="primary")
                yield Key(self.tr(CANCEL), id="cancel")

    def on_mount(self) -> None:
        m = self.match
        self.query_one(f"#turned-{(m.dealer + 1) % m.players}", Input).focus()

    @on(CardKeypad.Picked)
    def picked(self, event: CardKeypad.Picked) -> None:
        focused = self.focused if isinstance(self.focused, Input) else None
        order = [f for f in self.fields() if f.parent is not None]
        order.sort(key=lambda f: f.region.y)
        target = focused if focused is not None and not focused.value else next((f for f in order if not f.value),
                                                                                 None)
        if target is None:
            return
        target.value = format_card(event.card_as(Card), "ascii", self.app.lang)
        following = next((f for f in order if not f.value), None)
        if following is not None:
            following.focus()

    def opening(self) -> OpenBrasse:
        m, lang = self.match, self.app.lang
        texts = [self.query_one(f"#turned-{s}", Input).value.strip() for s in range(m.players)]
        pige = self.query_one("#pige", Input).value.strip()
        if not all(texts) or not pige:
            raise NotationError(MISSING)
        return OpenBrasse(tuple(parse_card(t, lang) for t in texts), parse_card(pige, lang))

    @on(Button.Pressed, "#ok")
    def submit(self) -> None:
        self.offer(self.opening, self.match.verify)


class TurnEntry(MatchScreenMixin):
    """The play keys of a brasse played turn by turn, in both modes: ``selected`` holds the cards tapped (on the
    keypad at a real table, in the hand in virtual play) or typed, and each key answers its choice with them."""

    selected: list[Card]

    @property
    def match(self) -> Rummy2500Match:
        return cast(Rummy2500Match, self.session.match)

    def show_play_keys(self) -> None:
        """Each play key lit while the rules offer its choice (Clear always: it only empties the selection)."""
        offered = {choice.name for choice in self.offered()}
        for key, name in CHOICE_OF.items():
            self.query_one(f"#{key}", Button).disabled = name not in offered

    def reply(self, name: str, cards: Sequence[Card], target: int | None = None) -> bool:
        """Answer the choice ``name``; the selection empties once the play is made."""
        if not self.answer(name, cards=cards, target=target):
            return False
        self.selected = []
        self.refresh_view()
        return True

    def play(self, command: str) -> None:
        """A play key (or its word typed): its choice answered with the cards selected; when several trios (or pige
        cards) take them, the player says which."""
        if command == "clear":
            self.selected, self.message = [], None
            self.refresh_view()
            return
        name, chosen = CHOICE_OF[command], list(self.selected)
        choice = next((c for c in self.offered() if c.name == name), None)
        if choice is None:
            self.refuse(self.why_not(name, chosen))
        elif choice.low == choice.high > 0 and len(chosen) != choice.low:  # a trio, a lay-off, a discard
            self.refuse(NEED(cards=cards_of(choice.low)))
        elif not choice.targets or (name == "take" and not chosen):  # no target, or the pige's top card alone
            self.reply(name, chosen)
        else:
            targets = fitting(self.match, choice, chosen)
            if len(targets) == 1:
                self.reply(name, chosen, targets[0])
            elif targets:
                self.ask(choice, chosen, targets)
            else:
                self.refuse(self.why_not(name, chosen))

    def ask(self, choice: Choice, chosen: list[Card], targets: list[int]) -> None:
        """« Sur quel trio ? » (or which pige card): the target chosen is answered; none chosen is said."""
        if choice.name == "take":
            title, keys, number, nothing = self.tr(WHICH_PIGE), PIGE_KEYS, PIGE_NUMBER, NOT_TAKEN
        else:
            title, keys, number = self.tr(WHICH_TRIO, card=chosen[0]), TRIO_KEYS, TRIO_NUMBER
            nothing = NOT_LAID_OFF(card=chosen[0])

        def answered(target: object) -> None:
            if isinstance(target, int):
                self.reply(choice.name, chosen, target)
            else:
                self.message = (nothing, "announce")
                self.refresh_view()

        options = [(self.tr(choice.targets[t]), t) for t in targets]
        self.app.push_screen(PlayChoice(title, options, self.tr(keys), self.tr(number, n=len(options)),
                                        self.tr(CANCEL)), answered)

    def why_not(self, name: str, chosen: list[Card]) -> Msg:
        """Why the play said (the choice ``name`` with the cards selected) is refused, when the choices do not offer
        it or no target takes its cards: nobody's turn on this screen; else the rules' own reason, the engine's
        check of the play as the player meant it (``meant``)."""
        m = self.match
        bp = m.bp
        if bp is None or bp.over:
            return NO_BRASSE if bp is None else BRASSE_OVER
        if self.chooser_seat() is None:  # virtual play: another player's turn
            return NOT_NOW
        reasons: list[Msg] = []
        for op in self.meant(name, bp.turn, chosen):
            try:
                m.verify(op)
            except CompanionError as error:
                if error.msg.en != WRONG_RANK.en and error.msg not in reasons:  # said of a trio of another rank
                    reasons.append(error.msg)
        if len(reasons) == 1:
            return reasons[0]
        if name == "take" and chosen:
            return NO_RANK_PIGE(rank=rank_said(chosen[0].rank))
        return NO_TRIO_FOR(card=chosen[0]) if name == "lay_off" and chosen else NOT_NOW

    def meant(self, name: str, seat: int, chosen: list[Card]) -> list[Operation]:
        """The play the player meant, asked of the engine only for its reason: a pair with the pige card of its rank
        nearest the top (none in the pige: nothing), a card on each trio (those of another rank are left out of
        the reasons), a trio or a discard of the cards selected."""
        bp = self.match.live
        pige = bp.pige
        if name == "draw":
            return [DrawStock(seat)]
        if name == "take" and not chosen:
            return [TakePige(seat, len(pige) - 1)]
        if name == "take":
            same = [index for index, card in enumerate(pige) if card.rank == chosen[0].rank]
            return [TakePige(seat, index, tuple(chosen)) for index in same[-1:]]
        if name == "meld":
            return [Meld(seat, tuple(chosen))]
        if len(chosen) != 1:
            return []
        if name == "throw":
            return [Throw(seat, chosen[0])]
        trios = [(owner, index) for owner, groups in enumerate(bp.laid) for index in range(len(groups))]
        return [LayOff(seat, chosen[0], owner, index) for owner, index in trios or [(seat, 0)]]
