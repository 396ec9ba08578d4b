"""The 2500 screen: the running table (brasses × players, negative totals, the target, who deals next) and,
at the end of each brasse, the entry of the frime and of each player's laid groups and hand, typed or tapped.

A brasse may also be entered turn by turn ("Turn by turn"): the turned cards start it, then each turn is a draw
(the stock, or the pige with a natural pair), trios, lay-offs and a discard, each checked as it is entered; the
cards tapped or typed gather in a selection that the play buttons use. When it ends, the Brasse entry comes
filled in with what was laid, and only the cards left in hand remain to enter."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll

from companion.core.cards import Card, CardList, Rank, format_card, format_cards, parse_cards, rank_text
from companion.core.decks import pack_2500_spec
from companion.core.i18n import Msg
from companion.games.base import Event, Operation
from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.ops import Brasse
from companion.games.rummy2500.scoring import parse_frime, parse_groups
from companion.games.rummy2500.words import cards_of
from companion.store.session import MatchSession
from companion.tui.dialogs.entry import EntryDialog
from companion.tui.games.rummy2500.turns import OpenDialog, TurnEntry, card_words
from companion.tui.games.rummy2500.view import Rummy2500View
from companion.tui.screens.match_base import SHARED_WORDS, MatchScreenBase
from companion.tui.widgets.fields import Input
from companion.tui.widgets.keypad import CardKeypad, Key
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Label, Static
from companion.tui.widgets.standings import ScoreSheet

HEADER = Msg("2500 · brasse {n} · {dealer} deals · to {target}", "2500 · brasse {n} · {dealer} brasse · en {target}")
PROMPT = Msg("At the end of the brasse: tap Brasse and enter the frime, what each player laid and kept (or Turn by "
             "turn, to enter each play)", "À la fin de la brasse : touchez Brasse et entrez la frime, ce que chacun a "
             "posé et gardé (ou Tour par tour, pour entrer chaque coup)")
B_BRASSE = Msg("Brasse", "Brasse")
B_TURNS = Msg("Turn by turn", "Tour par tour")
B_STOCK = Msg("Stock", "Paquet")
B_PIGE = Msg("Pige", "Pige")
B_TRIO = Msg("Trio", "Trio")
B_LAYOFF = Msg("Lay off", "Ajouter")
B_THROW = Msg("Discard", "Jeter")
B_CLEAR = Msg("Clear", "Effacer")
PLAY_KEYS = (("stock", B_STOCK), ("pige", B_PIGE), ("trio", B_TRIO), ("layoff", B_LAYOFF), ("throw", B_THROW),
             ("clear", B_CLEAR))  # a turn's keys, at the table and against the computer
P_TURN = Msg("{name} to play: tap cards, then Stock or Pige (with a pair), Trio, Lay off, Discard",
             "À {name} : touchez des cartes, puis Paquet ou Pige (avec une paire), Trio, Ajouter, Jeter")
P_OVER = Msg("The brasse is over: tap Brasse and enter the cards left in each hand",
             "La brasse est finie : touchez Brasse et entrez les cartes restées en main")
SELECTED = Msg("Selected: {cards}", "Choisies : {cards}")
ENTRY = Msg("Type cards (7h 7s) or stock, pige, trio, off, discard, undo…",
            "Tapez des cartes (7c 7p) ou paquet, pige, trio, ajout, jeter, annuler…")
TURN_WORDS = {"stock": "stock", "paquet": "stock", "talon": "stock", "pioche": "stock", "draw": "stock", "pige": "pige",
              "take": "pige", "prendre": "pige", "trio": "trio", "meld": "trio", "off": "layoff", "layoff": "layoff",
              "ajout": "layoff", "ajouter": "layoff", "discard": "throw", "throw": "throw", "jeter": "throw",
              "jette": "throw", "clear": "clear", "effacer": "clear", "brasse": "brasse", "turns": "turns",
              "tours": "turns", "tour": "turns"}  # the Turns key is « Tour par tour »
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


class BrasseDialog(EntryDialog):
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

    def on_descendant_focus(self, event) -> None:
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


class Rummy2500Screen(Rummy2500View, TurnEntry, MatchScreenBase):
    DEFAULT_CSS = """
    Rummy2500Screen #header { height: 1; background: $primary 30%; }
    Rummy2500Screen #sheet { height: auto; }
    Rummy2500Screen #table, Rummy2500Screen #selection { height: auto; padding: 0 1; }
    Rummy2500Screen #prompt, Rummy2500Screen #message { height: auto; padding: 0 1; }
    Rummy2500Screen .bar Button { margin: 0 1 0 0; }
    """

    def __init__(self, session: MatchSession) -> None:
        super().__init__(session)
        self.selected: list[Card] = []  # cards tapped or typed for the next play of a brasse turn by turn
        self.brasse_fields: dict[str, str] = {}  # the count of a brasse as last left in its dialog

    def draft(self) -> dict | None:
        return {"brasse": dict(self.brasse_fields)} if any(self.brasse_fields.values()) else None

    def restore_draft(self, data: dict) -> None:
        fields = data.get("brasse")
        if isinstance(fields, dict):
            self.brasse_fields = {k: v for k, v in fields.items() if isinstance(k, str) and isinstance(v, str)}

    def after(self, event: Event) -> None:
        if isinstance(event.op, Brasse):
            self.brasse_fields = {}  # counted: the next brasse starts blank
            self.keep_draft()
        super().after(event)

    def reenter(self, op: Operation) -> bool:
        """A brasse undone comes back into its dialog as it was entered: Undo to fix one number keeps the rest."""
        if not isinstance(op, Brasse):
            return False
        self.brasse_fields = brasse_fields(op, self.app.lang)
        return True

    def compose(self) -> ComposeResult:
        yield from self.frame(self.view(), ENTRY, self.keys(), (("brasse", B_BRASSE), ("turns", B_TURNS)))

    def view(self) -> ComposeResult:
        yield from self.table_view()
        yield Static("", id="selection")

    def keys(self) -> ComposeResult:
        yield CardKeypad(self.app.lang, deck=pack_2500_spec(self.match.packs), id="keypad")
        yield from self.key_row("plays", PLAY_KEYS)

    def refresh_view(self) -> None:
        m = self.match
        bp = m.bp
        playing = bp is not None and not bp.over
        self.show_header(self.tr(HEADER, n=len(m.brasses) + 1, dealer=m.names[m.dealer], target=m.rules.target))
        self.draw_sheet_and_table()
        self.query_one("#sheet", ScoreSheet).display = not playing  # during a brasse the table lines carry each total
        self.query_one("#selection", Static).update(
            self.tr(SELECTED, cards=CardList(self.selected)) if playing and self.selected else "")
        for widget in (self.query_one("#keypad"), self.query_one("#plays")):
            widget.display = playing
        if bp is not None and not bp.over:
            # Grey a card once every copy is seen elsewhere (the player's own known cards stay tappable).
            seen = bp.seen() - Counter(c for c in bp.hands[bp.turn] if c is not None)
            self.query_one("#keypad", CardKeypad).set_accounted(seen + Counter(self.selected))
        if m.is_over:
            prompt = ""
        elif bp is not None and not bp.over:
            prompt = self.tr(P_TURN, name=m.names[bp.turn])
        elif bp is not None:
            prompt = self.tr(P_OVER)
        else:
            prompt = self.tr(PROMPT)
        self.query_one("#prompt", Static).update(prompt)
        self.show_message()
        self.query_one("#brasse", Button).disabled = m.is_over or playing
        self.query_one("#turns", Button).disabled = m.is_over or bp is not None
        self.show_steps()

    def after_step(self) -> None:
        self.selected = []
        self.brasse_fields = {}

    def submit_play(self, op) -> bool:
        return self.apply_ops(op)

    # ------------------------------------------------------------ commands
    def run_command(self, command: str) -> None:
        m = self.match
        if command == "brasse":
            played = m.brasse_entry([[] for _ in range(m.players)]) if m.bp is not None and m.bp.over else None
            self.app.push_screen(BrasseDialog(m, played, kept=self.brasse_fields, keep=self.keep_draft),
                                 self.apply_answer)
        elif command == "turns":
            self.app.push_screen(OpenDialog(m), self.apply_answer)
        elif command in ("stock", "pige", "trio", "layoff", "throw", "clear"):
            self.play(command)
        else:
            self.run_shared(command, "rummy2500")

    @on(CardKeypad.Picked)
    def picked(self, event: CardKeypad.Picked) -> None:
        self.selected.append(event.card_as(Card))
        self.message = None
        self.refresh_view()

    def enter_line(self, text: str) -> None:
        words = text.split()
        verb = words[0].casefold()
        if verb in TURN_WORDS or verb in SHARED_WORDS:
            kept = self.selected
            if len(words) > 1:  # "trio 7h 7s 8d": the cards go with the word, not into the selection
                self.selected = card_words(" ".join(words[1:]), self.app.lang)
            self.run_command(TURN_WORDS.get(verb) or SHARED_WORDS[verb])
            if len(words) > 1 and self.selected:  # refused (or a dialog is open): the taps are back
                self.selected = kept
                self.refresh_view()
            return
        cards = card_words(text, self.app.lang)
        if not self.match.playing():
            self.message = (PROMPT, "error")
        else:
            self.selected += cards
            self.message = None
        self.refresh_view()
