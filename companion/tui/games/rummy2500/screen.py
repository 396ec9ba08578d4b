"""The 2500 screen: the running table (brasses × players, negative totals, the target, who deals next) and,
at the end of each brasse, the entry of the frime and of each player's laid groups and hand, typed or tapped."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Button, Input, Label, Static

from companion.cards import parse_cards
from companion.decks import pack_2500_spec
from companion.errors import CompanionError
from companion.games.base import Setup
from companion.games.rummy2500.engine import Brasse, Rummy2500Match
from companion.games.rummy2500.rules import Rummy2500Rules
from companion.games.rummy2500.scoring import parse_frime, parse_groups
from companion.i18n import Msg
from companion.session import MatchSession
from companion.store import Store
from companion.tui.screens.base import BaseModal
from companion.tui.screens.match_base import MatchScreenBase
from companion.tui.widgets.keypad import CardKeypad, Key
from companion.tui.widgets.standings import ScoreSheet

HEADER = Msg("2500 · brasse {n} · {dealer} deals · to {target}", "2500 · brasse {n} · {dealer} donne · en {target}")
PROMPT = Msg("At the end of the brasse: tap Brasse and enter the frime, what each player laid and kept",
             "À la fin de la brasse : touchez Brasse et entrez la frime, ce que chacun a posé et gardé")
B_BRASSE = Msg("Brasse", "Brasse")
B_UNDO = Msg("Undo", "Annuler")
B_REDO = Msg("Redo", "Refaire")
B_LOG = Msg("Log", "Journal")
B_HOME = Msg("Menu", "Menu")
TITLE = Msg("Brasse {n}: the frime, then each player's groups (commas between them, + for a lay-off) and hand",
            "Brasse {n} : la frime, puis les groupes de chacun (virgules entre eux, + pour un ajout) et sa main")
FRIME = Msg("Frime (rank)", "Frime (rang)")
LAID = Msg("{name} laid", "{name} a posé")
HAND = Msg("{name} hand", "{name} en main")
OK = Msg("Count the brasse", "Compter la brasse")
CANCEL = Msg("Cancel", "Annuler")


class BrasseDialog(BaseModal):
    """Dismisses with a Brasse, or None. A tapped card goes into the field that has the focus."""

    BINDINGS = [("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    BrasseDialog .row { height: auto; }
    BrasseDialog .row Label { width: 18; }
    BrasseDialog .row Input { width: 1fr; }
    BrasseDialog VerticalScroll { height: auto; max-height: 20; }
    """

    def __init__(self, match: Rummy2500Match) -> None:
        super().__init__()
        self.match = match
        self.target: Input | None = None

    def compose(self) -> ComposeResult:
        m = self.match
        with Vertical():
            yield Static(self.tr(TITLE, n=len(m.brasses) + 1), classes="title")
            with VerticalScroll():
                with Horizontal(classes="row"):
                    yield Label(self.tr(FRIME))
                    yield Input(id="frime", compact=True, max_length=3, placeholder="8, A, K…")
                for seat, name in enumerate(m.names):
                    with Horizontal(classes="row"):
                        yield Label(self.tr(LAID, name=name))
                        yield Input(id=f"laid-{seat}", compact=True, placeholder="JS JH JD, 6C 6S 8H, +7H")
                    with Horizontal(classes="row"):
                        yield Label(self.tr(HAND, name=name))
                        yield Input(id=f"hand-{seat}", compact=True, placeholder="7H KD")
            yield CardKeypad(self.app.lang, deck=pack_2500_spec(m.packs), id="keypad")
            yield Static("", id="error", classes="error")
            with Horizontal(classes="bar"):
                yield Key(self.tr(OK), id="ok", variant="primary")
                yield Key(self.tr(CANCEL), id="cancel")

    def on_descendant_focus(self, event) -> None:
        if isinstance(event.widget, Input) and event.widget.id != "frime":
            self.target = event.widget

    @on(CardKeypad.Picked)
    def picked(self, event: CardKeypad.Picked) -> None:
        if self.target is not None:
            from companion.cards import format_card

            code = format_card(event.card, "ascii", self.app.lang)
            self.target.value = (self.target.value + " " + code).strip()

    def brasse(self) -> Brasse:
        m, lang = self.match, self.app.lang
        frime = parse_frime(self.query_one("#frime", Input).value, lang)
        laid, layoffs, hands = [], [], []
        for seat in range(m.players):
            groups = parse_groups(self.query_one(f"#laid-{seat}", Input).value, lang)
            laid.append(tuple(g.cards for g in groups if not g.layoff))
            layoffs.append(tuple(g.cards for g in groups if g.layoff))
            hands.append(tuple(parse_cards(self.query_one(f"#hand-{seat}", Input).value, lang)))
        return Brasse(int(frime), tuple(laid), tuple(layoffs), tuple(hands))

    @on(Button.Pressed, "#ok")
    def submit(self) -> None:
        try:
            op = self.brasse()
            self.match.verify(op)
        except CompanionError as error:
            self.query_one("#error", Static).update(error.text(self.app.lang))
            return
        self.dismiss(op)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class Rummy2500Screen(MatchScreenBase):
    DEFAULT_CSS = """
    Rummy2500Screen #header { height: 1; background: $primary 30%; }
    Rummy2500Screen #sheet { height: auto; }
    Rummy2500Screen #prompt, Rummy2500Screen #message { height: auto; padding: 0 1; }
    Rummy2500Screen #spacer { height: 1fr; }
    Rummy2500Screen #actions Button { margin: 0 1 0 0; }
    """

    @property
    def match(self) -> Rummy2500Match:
        return self.session.match  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static("", id="header")
        with Vertical():
            yield ScoreSheet(id="sheet")
            yield Static("", id="prompt", classes="prompt")
            yield Static("", id="message", classes="message")
            yield Static("", id="spacer")
            with Horizontal(classes="bar", id="actions"):
                for key, label in (("brasse", B_BRASSE), ("undo", B_UNDO), ("redo", B_REDO), ("log", B_LOG),
                                   ("home", B_HOME)):
                    yield Key(self.tr(label), id=key, compact=True)

    def refresh_view(self) -> None:
        m = self.match
        self.query_one("#header", Static).update(self.tr(HEADER, n=len(m.brasses) + 1, dealer=m.names[m.dealer],
                                                         target=m.rules.target))
        self.query_one("#sheet", ScoreSheet).show(m.names, m.brasses, target=m.rules.target,
                                                  next_dealer=None if m.is_over else m.dealer, lang=self.app.lang)
        self.query_one("#prompt", Static).update("" if m.is_over else self.tr(PROMPT))
        self.show_message()
        self.query_one("#brasse", Button).disabled = m.is_over
        self.query_one("#undo", Button).disabled = not self.session.can_undo
        self.query_one("#redo", Button).disabled = not self.session.can_redo

    @on(Button.Pressed, "#actions Button")
    def action_button(self, event: Button.Pressed) -> None:
        command = event.button.id or ""
        if command == "brasse":
            self.app.push_screen(BrasseDialog(self.match), lambda op: op is not None and self.apply_ops(op))
        else:
            self.run_shared(command, "rummy2500")


# ---------------------------------------------------------------- gallery
def fill(store: Store) -> None:
    session = MatchSession.create(store, Setup(("Marie", "Paul", "Léa"), Rummy2500Rules(), 0), "rummy2500")
    g = parse_cards
    session.apply(Brasse(8, ((tuple(g("JS JH JD")), tuple(g("6C 6S 8H"))), (tuple(g("3S 3H 3D")),), ()),
                         ((), (), ()), (tuple(g("7H KD 10S 8C")), tuple(g("7H KD 10S 8D")), tuple(g("AS 9D")))))
    session.apply(Brasse(1, ((tuple(g("AS AH AD")), tuple(g("7S 7H 7D"))), (), (tuple(g("QS QH AC")),)),
                         ((tuple(g("8S 8H")), tuple(g("10D 10C"))), (), ()),
                         (tuple(g("6H JD 5S 4C")), tuple(g("KS KH 9C 9H 4D")), tuple(g("3C")))))


async def rummy_table(pilot: Pilot) -> None:
    from companion.tui.gallery import settle
    from companion.tui.games import open_match

    open_match(pilot.app, next(r.id for r in pilot.app.store.list_matches(finished=False) if r.game == "rummy2500"))
    await settle(pilot)


async def rummy_brasse(pilot: Pilot) -> None:
    from companion.tui.gallery import settle

    await rummy_table(pilot)
    await pilot.click("#brasse")
    await settle(pilot)


STATES = {"rummy-table": rummy_table, "rummy-brasse": rummy_brasse}
