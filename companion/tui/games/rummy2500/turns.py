"""A 2500 brasse entered turn by turn at the table: the dialog that starts it from the turned cards, the table
as everyone sees it (the frime, the pige, each player's trios and how many cards he holds), and the choices a
play leaves open (which pige card a pair takes, which trio a card goes on)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll

from companion.core.cards import Card, CardList, format_card, parse_card, rank_text
from companion.core.decks import pack_2500_spec
from companion.core.errors import NotationError
from companion.core.i18n import Msg, Of
from companion.games.base import Operation
from companion.games.rummy2500.engine import NO_RANK_PIGE, NO_TRIO_FOR, Rummy2500Match, trio_rank
from companion.games.rummy2500.ops import DrawStock, LayOff, Meld, OpenBrasse, TakePige, Throw
from companion.games.rummy2500.words import cards_of, rank_said
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.dialogs.entry import EntryDialog
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
FRIME_LINE = M("Frime {rank} · stock {n} · pige {pige}", "Frime {rank} · paquet {n} · pige {pige}")
PLAYER_LINE = M("{mark}{name} ({total}): {n} in hand{known}{open} {trios}",
                "{mark}{name} ({total}) : {n} en main{known}{open} {trios}")
KNOWN = M(" (seen {cards})", " (vues {cards})")
OPEN = M(" · open", " · ouvert")
SERIES = M("{card} and the {cards} above it", "{card} et {cards} au-dessus")
WHICH_PIGE = M("Which pige card does the pair take?", "Quelle carte de la pige la paire prend-elle ?")
WHICH_TRIO = M("On which trio does {card} go?", "Sur quel trio va {card} ?")
TRIO_OF = M("{name} trio {n}: {cards}", "Trio {n} {name} : {cards}")  # name: Of(...)
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
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"


def circled(n: int) -> str:
    return CIRCLED[n] if n < len(CIRCLED) else f"({n + 1})"


def table_lines(match: Rummy2500Match, tr, lang: str) -> list[str]:
    """The table as everyone sees it, one line for the frime and pige, one per player."""
    bp = match.live
    pige = " ".join(f"{i + 1}:{c.display(lang)}" for i, c in enumerate(bp.pige)) or "—"
    lines = [tr(FRIME_LINE, rank=rank_text(bp.frime, lang), n=len(bp.stock), pige=pige)]
    for seat, name in enumerate(match.names):
        known = [c for c in bp.hands[seat] if c is not None]
        trios = " ".join(f"{circled(i)} {CardList(g).display(lang)}" for i, g in enumerate(bp.laid[seat]))
        lines.append(tr(PLAYER_LINE, mark="▶ " if seat == bp.turn and not bp.over else "  ", name=name,
                        total=match.totals[seat], n=len(bp.hands[seat]),
                        known=tr(KNOWN, cards=CardList(known)) if known and bp.table_mode else "",
                        open=tr(OPEN) if bp.opened[seat] else "", trios=trios))
    return lines


def pige_options(match: Rummy2500Match, seat: int, pair: list[Card], lang: str) -> list[tuple[str, TakePige]]:
    """The pige cards a natural pair could take (the deepest first), each with the cards that come with it."""
    bp = match.live
    options = []
    for index, card in enumerate(bp.pige):
        op = TakePige(seat, index, tuple(pair))
        if pair and card.rank == pair[0].rank and match.can(op):
            above = len(bp.pige) - index - 1
            options.append((SERIES(card=card, cards=cards_of(above)).text(lang) if above else card.display(lang), op))
    return options


def layoff_options(match: Rummy2500Match, seat: int, card: Card, lang: str) -> list[tuple[str, LayOff]]:
    bp = match.live
    options = []
    for owner, groups in enumerate(bp.laid):
        for index, group in enumerate(groups):
            op = LayOff(seat, card, owner, index)
            if match.can(op):
                options.append((TRIO_OF(name=Of(match.names[owner]), n=index + 1, cards=CardList(group)).text(lang), op))
    return options


class PlayChoice(ChoiceDialog):
    """Which trio a lay-off goes on, which pige card a pair takes. The first answer, drawn as chosen, has the
    focus: Enter takes it. Each answer bears its number, and that number typed takes it; ✕ and Escape choose
    nothing (the screen then says so). Any other key typed is refused with the reason, and the Enter that ends
    the line refused chooses nothing: a line typed while the dialog is open is never lost unsaid."""

    def __init__(self, title: str, options: Sequence[tuple[str, Operation]], keys: str, refusal: str,
                 cancel: str) -> None:
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


class OpenDialog(EntryDialog):
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


NEED = M("select {cards} first", "choisissez d'abord {cards}")


class TurnEntry(MatchScreenMixin):
    """The play buttons of a brasse played turn by turn (Stock, Pige, Trio, Lay off, Discard, Clear), shared by
    the table screen and the virtual one: ``selected`` holds the cards tapped, ``submit_play`` applies."""

    selected: list[Card]

    @property
    def match(self) -> Rummy2500Match:
        return cast(Rummy2500Match, self.session.match)

    def submit_play(self, op) -> bool:
        """Apply a play (a game screen's way: saved, then shown); True if accepted."""
        raise NotImplementedError

    def done(self, op) -> bool:
        """Apply a play; the selection empties once it is accepted."""
        if self.submit_play(op):
            self.selected = []
            self.refresh_view()
            return True
        return False

    def choose(self, title: str, options: Sequence[tuple[str, Operation]], keys: Msg, number: Msg,
               nothing: Msg) -> None:
        """Ask which of several plays (``PlayChoice``): the one chosen is applied; none chosen is said."""
        def answered(op: Operation | None) -> None:
            if op is not None:
                self.done(op)
            else:
                self.message = (nothing, "announce")
                self.refresh_view()

        n = len(options)
        self.app.push_screen(PlayChoice(title, options, self.tr(keys), self.tr(number, n=n), self.tr(CANCEL)),
                             answered)

    def needs(self, n: int, chosen: list[Card]) -> bool:
        if len(chosen) != n:
            self.message = (NEED(cards=cards_of(n)), "error")
            self.refresh_view()
            return False
        return True

    def play(self, command: str) -> None:
        m, lang = self.match, self.app.lang
        if not m.playing():
            return
        seat, chosen = m.live.turn, list(self.selected)
        if command == "clear":
            self.selected, self.message = [], None
            self.refresh_view()
        elif command == "stock":
            self.done(DrawStock(seat))
        elif command == "pige":
            if not chosen:
                self.done(TakePige(seat, len(m.live.pige) - 1))  # the top card (an open player's free take)
                return
            options = pige_options(m, seat, chosen, lang)
            if len(options) == 1:
                self.done(options[0][1])
            elif options:
                self.choose(self.tr(WHICH_PIGE), options, PIGE_KEYS, PIGE_NUMBER, NOT_TAKEN)
            else:  # refused: the engine says why, for the card of the pair's rank nearest the top
                same = [i for i, c in enumerate(m.live.pige) if c.rank == chosen[0].rank]
                if same:
                    self.done(TakePige(seat, same[-1], tuple(chosen)))
                else:
                    self.message = (NO_RANK_PIGE(rank=rank_said(chosen[0].rank)), "error")
                    self.refresh_view()
        elif command == "trio":
            self.needs(3, chosen) and self.done(Meld(seat, tuple(chosen)))
        elif command == "throw":
            self.needs(1, chosen) and self.done(Throw(seat, chosen[0]))
        elif command == "layoff" and self.needs(1, chosen):
            trios = layoff_options(m, seat, chosen[0], lang)
            if len(trios) == 1:
                self.done(trios[0][1])
            elif trios:
                self.choose(self.tr(WHICH_TRIO, card=chosen[0]), trios, TRIO_KEYS, TRIO_NUMBER,
                            NOT_LAID_OFF(card=chosen[0]))
            else:  # no trio takes it: the engine says why, for a trio of its rank if there is one
                bp = m.live
                groups = [(o, i) for o in [seat, *range(m.players)] for i in range(len(bp.laid[o]))]
                of_rank = [(o, i) for o, i in groups if trio_rank(bp.laid[o][i], bp.frime) == chosen[0].rank]
                if of_rank or not bp.opened[seat]:
                    owner, index = (of_rank or groups or [(seat, 0)])[0]
                    self.done(LayOff(seat, chosen[0], owner, index))
                else:
                    self.message = (NO_TRIO_FOR(card=chosen[0]), "error")
                    self.refresh_view()


def card_words(text: str, lang: str) -> list[Card]:
    return [parse_card(t, lang) for t in text.replace(",", " ").split()]
