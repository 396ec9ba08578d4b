"""The end of a 2500 brasse counted at a real table (« Brasse »): the frime, each player's laid groups (his trios,
and his lay-offs on others' trios) and the cards left in his hand, typed or tapped. A brasse played turn by turn
comes filled in with what was laid; a brasse undone, or corrected from the log, with what was entered."""

from __future__ import annotations

from collections.abc import Callable

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll

from companion.core.cards import Card, Rank, format_card, format_cards, parse_cards, rank_text
from companion.core.decks import pack_2500_spec
from companion.core.i18n import Msg
from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.ops import Brasse
from companion.games.rummy2500.scoring import parse_frime, parse_groups
from companion.games.rummy2500.words import cards_of
from companion.tui.dialogs.entry import EntryDialog
from companion.tui.widgets.fields import Input
from companion.tui.widgets.keypad import CardKeypad, Key
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Label, Static

TITLE = Msg("Brasse {n}: tap a field, then cards: the frime (any card of its rank), each player's groups (New group "
            "between them, + Lay-off for a card added to another's trio) and the cards left in hand",
            "Brasse {n} : touchez un champ, puis des cartes : la frime (une carte de son rang), les groupes de chacun "
            "(Nouveau groupe entre eux, + Ajout pour une carte ajoutée au trio d'un autre) et les cartes restées en main")
B_GROUP = Msg("New group", "Nouveau groupe")
B_ADD_ON = Msg("+ Lay-off", "+ Ajout")
B_BACK = Msg("⌫ Erase", "⌫ Effacer")
PICK_FIELD = Msg("Tap a field first (the frime, a player's groups or hand), then the cards.",
                 "Touchez d'abord un champ (la frime, les groupes ou la main d'un joueur), puis les cartes.")
GROUPS_ONLY = Msg("New group and + Lay-off go in a player's groups (« laid »).",
                  "Nouveau groupe et + Ajout vont dans les groupes d'un joueur (« a posé »).")
FRIME = Msg("Frime (rank)", "Frime (rang)")
LAID = Msg("{name} laid", "{name} a posé")
HAND = Msg("{name} hand", "{name} en main")
OK = Msg("Count the brasse", "Compter la brasse")
DIALOG_KEYS = Msg("ctrl+s: count the brasse · Esc: cancel", "ctrl+s : compter la brasse · Échap : annuler")
CANCEL = Msg("Cancel", "Annuler")
# The grey examples in the fields, in the player's card letters (a French player read « JS » as entered cards),
# each said to be one: « VP VC VK » alone was read as cards already entered.
EXAMPLE_FRIME = Msg("e.g. 8, A, K…", "ex. : 8, A, R…")
EXAMPLE_LAID = Msg("e.g. JS JH JD, 6C 6S 8H, +7H", "ex. : VP VC VK, 6T 6P 8C, +7C")
EXAMPLE_HAND = Msg("e.g. 7H KD", "ex. : 7C RK")
IN_HAND = Msg("{cards} in hand", "{cards} en main")  # a brasse played turn by turn: how many cards to enter


def brasse_fields(op: Brasse, lang: str) -> dict[str, str]:
    """Each field of the brasse dialog as an entry fills it, in the player's card letters (a correction starts
    from what was entered, and a brasse undone comes back as it was)."""
    fields = {"frime": rank_text(Rank(op.frime), lang)}
    for seat, hand in enumerate(op.hands):
        groups = [format_cards(g, "ascii", lang) for g in op.laid[seat]]
        groups += ["+" + format_cards(g, "ascii", lang) for g in op.layoffs[seat]]
        fields[f"laid-{seat}"] = ", ".join(groups)
        fields[f"hand-{seat}"] = format_cards(hand, "ascii", lang)
    return fields


class BrasseDialog(EntryDialog[Brasse]):
    """Dismisses with a Brasse, or None. A tapped card goes into the field that has the focus. What is typed is
    written into ``kept`` as it changes (then ``keep`` is called), and found there again on the next opening:
    Escape, or an app closed meanwhile, loses nothing of a brasse half entered."""

    BINDINGS = [("ctrl+s", "submit", "Count")]
    DEFAULT_CSS = """
    BrasseDialog .row { height: auto; }
    BrasseDialog .row Label { width: 18; }
    BrasseDialog .row Input { width: 1fr; }
    BrasseDialog VerticalScroll { height: auto; max-height: 20; }
    """

    def __init__(self, match: Rummy2500Match, played: Brasse | None = None, entered: Brasse | None = None,
                 kept: dict[str, str] | None = None, keep: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.match = match
        self.played = played  # a brasse played turn by turn: what was laid is known, the hands remain
        self.entered = entered  # an entry being corrected from the history: every field filled in, all editable
        self.kept = kept
        self.keep = keep
        self.target: Input | None = None

    def compose(self) -> ComposeResult:
        m = self.match
        with Vertical():
            yield Static(self.tr(TITLE, n=len(m.brasses) + 1), classes="title")
            with VerticalScroll():
                with Horizontal(classes="row"):
                    yield Label(self.tr(FRIME))
                    yield Input(id="frime", compact=True, max_length=3, placeholder=self.tr(EXAMPLE_FRIME))
                for seat, name in enumerate(m.names):
                    with Horizontal(classes="row"):
                        yield Label(self.tr(LAID, name=name))
                        yield Input(id=f"laid-{seat}", compact=True, placeholder=self.tr(EXAMPLE_LAID))
                    with Horizontal(classes="row"):
                        yield Label(self.tr(HAND, name=name))
                        yield Input(id=f"hand-{seat}", compact=True, placeholder=self.tr(EXAMPLE_HAND))
            yield CardKeypad(self.app.lang, deck=pack_2500_spec(m.packs), id="keypad")
            with Bar(classes="bar", id="group-keys"):
                yield Key(self.tr(B_GROUP), id="group")
                yield Key(self.tr(B_ADD_ON), id="add-on")
                yield Key(self.tr(B_BACK), id="erase")
            yield Static("", id="error", classes="error")
            with Bar(classes="bar"):
                yield Key(self.tr(OK), id="ok", variant="primary")
                yield Key(self.tr(CANCEL), id="cancel")
            yield Static(self.tr(DIALOG_KEYS), classes="keys")

    def on_mount(self) -> None:
        played = self.played
        if self.entered is not None:
            self.fill_from(self.entered)
        if played is not None:
            self.fill_played(played)
        kept = self.kept or {}
        for field in self.query(Input):
            if not field.disabled and field.id in kept:
                field.value = kept[field.id]
        first = next((f for f in self.query(Input) if not f.disabled), None)
        if first is not None:  # typing goes into the first field at once
            first.focus()

    def fill_played(self, played: Brasse) -> None:
        """What a brasse played turn by turn already says: its frime and what was laid (not editable)."""
        m, lang = self.match, self.app.lang
        said = brasse_fields(played, lang)
        frime = self.query_one("#frime", Input)
        frime.value, frime.disabled = said["frime"], True
        bp = m.live
        for seat in range(m.players):
            laid = self.query_one(f"#laid-{seat}", Input)
            laid.value, laid.disabled = said[f"laid-{seat}"], True
            hand = self.query_one(f"#hand-{seat}", Input)
            if self.entered is None:
                hand.value = format_cards([c for c in bp.hands[seat] if c is not None], "ascii", lang)
            hand.placeholder = self.tr(IN_HAND, cards=cards_of(len(bp.hands[seat])))
            hand.disabled = not bp.hands[seat]

    def keeps_what_is_typed(self) -> bool:
        return self.kept is not None  # a correction from the log keeps nothing: Escape asks before losing it

    @on(Input.Changed)
    def changed(self, event: Input.Changed) -> None:
        if self.kept is not None and event.input.id and not event.input.disabled:
            self.kept[event.input.id] = event.value
            if self.keep is not None:
                self.keep()

    def fill_from(self, op: Brasse) -> None:
        """Every field from an entry (a correction starts from what was entered)."""
        for key, value in brasse_fields(op, self.app.lang).items():
            self.query_one(f"#{key}", Input).value = value

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, Input):
            self.target = event.widget

    def _say(self, msg: Msg | None) -> None:
        self.query_one("#error", Static).update(self.tr(msg) if msg is not None else "")

    @on(CardKeypad.Picked)
    def picked(self, event: CardKeypad.Picked) -> None:
        target, card = self.target, event.card_as(Card)
        if target is None or target.disabled:
            self._say(PICK_FIELD)
            return
        self._say(None)
        if target.id == "frime":  # the frime is a rank: any card of it says it
            target.value = rank_text(card.rank, self.app.lang)
            return
        code = format_card(card, "ascii", self.app.lang)
        target.value = (target.value.rstrip() + " " + code).strip()

    @on(Button.Pressed, "#group-keys Button")
    def group_key(self, event: Button.Pressed) -> None:
        """New group, + Lay-off and Erase: what the commas, the + and the backspace of the keyboard do."""
        target = self.target
        if target is None or target.disabled:
            self._say(PICK_FIELD)
            return
        value = target.value.rstrip()
        if event.button.id == "erase":  # the last separator, else the last card
            if value.endswith(("+", ",")):
                target.value = value.rstrip("+").rstrip().rstrip(",").rstrip()
            else:
                target.value = value[:value.rfind(" ")].rstrip() if " " in value else ""
            self._say(None)
            return
        if not (target.id or "").startswith("laid-"):
            self._say(GROUPS_ONLY)
            return
        self._say(None)
        opening = "+" if event.button.id == "add-on" else ""
        if not value or value.endswith((",", "+")):  # nothing in the group yet: the new one replaces it
            value = value.rstrip(",+ ")
        target.value = (value + ", " if value else "") + opening

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

    def action_submit(self) -> None:
        self.submit()

    @on(Button.Pressed, "#ok")
    def submit(self) -> None:
        self.offer(self.brasse, self.match.verify)
