"""What every game's match screen shares: entries go through the session (saved before
shown), undo and redo, the log, the end of a game or match, and the way home.

A game's screen subclasses :class:`MatchScreenBase`, composes its own widgets and
implements ``refresh_view``; it calls ``apply_ops`` for every entry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.core.typed import check_length
from companion.games.base import Event, Match, Operation
from companion.store.devices import UndoRequest, answer_undo, ask_undo, drop_undo, undo_request
from companion.store.errors import StoreError
from companion.store.session import MatchSession
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.dialogs.seats import SeatsDialog
from companion.tui.game_ui import ui_for
from companion.tui.screens.base import UNDONE, BaseScreen
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.history import HistoryScreen
from companion.tui.screens.match_end import MatchEndScreen
from companion.tui.widgets.fields import Input
from companion.tui.widgets.keypad import Key
from companion.tui.widgets.layout import Bar, Body, Controls
from companion.tui.widgets.plain import Static

# Words every match screen understands in its entry line, in both languages (a game adds its own).
SHARED_WORDS = {"undo": "undo", "annuler": "undo", "redo": "redo", "refaire": "redo", "rétablir": "redo",
                "log": "log", "journal": "log", "history": "log", "menu": "home", "home": "home", "accueil": "home",
                "rules": "rules", "règles": "rules", "regles": "rules", "help": "rules", "aide": "rules"}
ERASE_WORDS = {"back": "back", "del": "back", "erase": "back", "efface": "back", "effacer": "back"}  # ⌫ typed
NOTHING_TO_UNDO = Msg("nothing to undo", "rien à annuler")
NOTHING_TO_REDO = Msg("nothing to redo", "rien à rétablir")
# The keys every match screen has, in one place so they read the same in every game.
B_UNDO = Msg("Undo", "Annuler")
B_REDO = Msg("Redo", "Refaire")
B_LOG = Msg("Log", "Journal")
B_RULES = Msg("Rules", "Règles")
B_HOME = Msg("Menu", "Menu")
B_PACE = Msg("Pace", "Rythme")
B_PHONES = Msg("Phones", "Téléphones")
UPDATED = Msg("Updated from another device.", "Mis à jour depuis un autre appareil.")
NOT_YOURS = Msg("This is {name}'s to enter, on {name}'s own device or the table's",
                "C'est à {name} de l'entrer, sur son appareil ou celui de la table")
ASKED = Msg("Asked {names} to agree, on their own devices (Undo again withdraws it).",
            "Demandé à {names} d'accepter, sur leur appareil (Annuler de nouveau retire la demande).")
WITHDRAWN = Msg("Undo withdrawn: nothing is undone.", "Demande retirée : rien n'est annulé.")
REFUSED = Msg("{name} said no: nothing is undone.", "{name} a refusé : rien n'est annulé.")
AGREED = Msg("Undone, as {names} agreed.", "Annulé, avec l'accord de {names}.")
THE_TABLE = Msg("The table's device", "L'appareil de la table")
ASK_TITLE = Msg("Undo your move?", "Annuler votre coup ?")
ASK_BODY = Msg("{asker} asks to take back your last move, and what followed it.",
               "{asker} demande de reprendre votre dernier coup, et ce qui l'a suivi.")
ASK_YES = Msg("Yes, undo it", "Oui, annuler")
ASK_NO = Msg("No, keep it", "Non, garder")
DROP_TITLE = Msg("Forget the undone entries?", "Oublier les entrées annulées ?")
DROP_BODY = Msg("{n} undone entries can still be redone. A new entry here replaces them for good.",
                "{n} entrées annulées peuvent encore être rétablies. Une nouvelle entrée ici les remplace pour de bon.")
KEEP_UNDONE = Msg("Keep them (Redo puts them back)", "Les garder (Rétablir les remet)")
FORGET_UNDONE = Msg("Enter it, forget them", "Entrer, les oublier")
KEPT_UNDONE = Msg("Nothing entered: the {n} undone entries are kept (Redo puts them back).",
                  "Rien n'est entré : les {n} entrées annulées sont gardées (Rétablir les remet).")
TYPED_AHEAD = Msg("Typed while a question opened, not entered: {lines}",
                  "Tapé pendant qu'une question s'ouvrait, non entré : {lines}")
SYNC_S = 0.4  # how often the store is asked whether another device wrote this match


class Parts:
    """A line of words, « · » between its parts, drawn on as many lines as the width needs, each line whole parts (a
    Rich renderable, wrapped at the width it is drawn at: Textual and Rich break at any space, even a non-breaking
    one)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__  # what a test or a debugger reads of it: its words

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines: list[str] = []
        for part in self.text.split(" · "):
            if lines and cell_len(f"{lines[-1]} · {part}") <= options.max_width:
                lines[-1] += f" · {part}"
            else:
                lines.append(part)  # the line's end says the break: no « · » left hanging
        yield Text("\n".join(lines))  # a part wider than the screen alone is folded


class MatchScreenBase(BaseScreen):
    BINDINGS = [("ctrl+z", "undo", "Undo"), ("ctrl+y", "redo", "Redo"), ("escape", "home", "Menu")]
    # A new entry after undoing several asks first: the undone entries would be gone for good. (Virtual play
    # does not ask: the computers' moves follow at once.)
    ASKS_BEFORE_DROPPING_REDO = True
    SHARED_KEYS: tuple[tuple[str, Msg], ...] = (("undo", B_UNDO), ("redo", B_REDO), ("log", B_LOG),
                                                ("phones", B_PHONES))  # between a screen's own keys and Menu

    def __init__(self, session: MatchSession) -> None:
        super().__init__()
        self.session = session
        self.message: tuple[Msg, str] | None = None  # (text, css class) shown instead of the last entry
        self._log_when_left: list[Operation] | None = None  # the log as it was when a dialog covered the screen
        self._asked: int | None = None  # the log's length at which this device asked players to agree to an undo
        self._answering: int | None = None  # the same, for a question this device's player is being asked
        self._typed_ahead: list[str] = []  # lines typed while a question was opening over this screen

    @property
    def match(self) -> Match:
        return self.session.match

    def fill(self) -> None:
        self.refresh_view()

    def show_phones_key(self) -> None:
        """Phones for the players: offered on the organiser's device while « companion serve » runs."""
        for key in self.query("#phones"):
            key.display = self.app.tablet_address(self.session.match_id) is not None

    def on_mount(self) -> None:
        self.show_phones_key()
        self.set_interval(SYNC_S, self.sync)
        try:
            data = self.session.draft()
        except CompanionError:
            data = None
        if data:
            self.restore_draft(data)
            self.refresh_view()
        for field in self.query("#entry"):
            field.focus()  # a laptop's player types at once

    def sync(self) -> None:
        """Follow entries made on another device (another tab of ``companion serve``, another window): when the
        store's log of this match changed, show what it holds now."""
        if self.app.screen is not self:
            return  # a dialog is open: its entry will meet the change (and be refused with the reason)
        try:
            if not self.session.store.changed_elsewhere(self.session.match_id):
                self.follow_undo()
                return
            self.session.reload()
        except CompanionError as error:
            self.message = (error.msg, "error")
        else:
            self.message = (UPDATED, "announce")
            self.after_step()
        self.refresh_view()
        if self.match.events and (self.match.is_over or self.match.awaiting_continue):
            self.after(self.match.events[-1])

    def refresh_view(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------ drafts
    def draft(self) -> dict | None:
        """What the screen holds between two entries (a game overrides this, and ``restore_draft``)."""
        return None

    def restore_draft(self, data: dict) -> None:
        """Put back what ``draft`` returned (after a restart); a game overrides this."""

    def last_drafted(self) -> list | None:
        """The list that the last card of an entry not yet made went into (the table's first cards, a hand being
        entered), or None. Undo takes that card back before any entry, as do ⌫ and Backspace in an empty entry
        line: a card typed by mistake is one key away (a game with such an entry overrides this)."""
        return None

    def refuse(self, why: Msg) -> None:
        """Say why an entry or a key was refused, on the message line."""
        self.message = (why, "error")
        self.refresh_view()

    def take_back_drafted(self) -> bool:
        """Take back the last card of an entry not yet made (``last_drafted``); False when there is none."""
        drafted = self.last_drafted()
        if not drafted:
            return False
        drafted.pop()
        self.keep_draft()
        self.message = None
        self.refresh_view()
        return True

    def keep_draft(self) -> None:
        """Save the draft as it is now: called by a screen each time it changes (saved before shown)."""
        try:
            self.session.save_draft(self.draft())
        except CompanionError as error:
            self.message = (error.msg, "error")

    def on_screen_suspend(self) -> None:
        self._log_when_left = list(self.match.log)

    def on_screen_resume(self) -> None:
        """Back from the history or a dialog: if the log changed meanwhile (an entry corrected), what the screen
        kept between entries (a hand being entered) is built again from the state. Lines typed ahead while a
        question was opening were not entered: said, to be typed again."""
        self.show_phones_key()
        left = self._log_when_left
        if left is not None and left != self.match.log:
            self.after_step()
        self._log_when_left = None
        unseen = "".join(self.app.unseen_keys).split("\n")
        self.app.unseen_keys.clear()
        lines = [line.strip() for line in (*self._typed_ahead, *unseen) if line.strip()]
        self._typed_ahead.clear()
        if lines and self.message is None:
            self.message = (TYPED_AHEAD(lines=" · ".join(lines)), "error")
        self.refresh_view()

    def move_lines(self) -> list[str]:
        """The deal's moves as the players read them, with the points each moved (a ``MoveList`` shows them)."""
        return [self.tr(event.text) + "".join(f"  [{s.points:+d} {self.match.side_name(s.side)}]" for s in event.scores)
                for event in self.match.deal_events()]

    @on(Input.ErasedPastStart, "#entry")
    def erased_past_start(self) -> None:
        self.take_back_drafted()

    @on(Input.Submitted, "#entry")
    def typed(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text and self.app.screen is not self:  # typed ahead, read after the line before opened a question
            self._typed_ahead.append(text)
        elif text:
            self.interpret(text)

    def interpret(self, text: str) -> None:
        """A line typed in the entry field (keys on a laptop): its length checked, then read by the game's
        ``enter_line``; a line that cannot be read is one error message, and nothing is entered."""
        try:
            self.enter_line(check_length(text))
        except CompanionError as error:
            self.refuse(error.msg)

    def enter_line(self, text: str) -> None:
        """What a typed line means in this game: a card, a play, a command (CompanionError: unreadable)."""
        raise NotImplementedError

    def run_command(self, command: str) -> None:
        """What a key does, by its id: the game's own keys, then the shared ones (``run_shared``)."""
        raise NotImplementedError

    def frame(self, view: ComposeResult, hint: Msg, keys: ComposeResult = (), first: Sequence[tuple[str, Msg]] = (),
              last: Sequence[tuple[str, Msg]] = ()) -> ComposeResult:
        """The layout of a match screen: a header line (``#header``), the game's ``view`` (it scrolls on a small
        screen), and below it, always in sight, the prompt and message lines, the game's own ``keys``, the
        ``action_bar`` (with ``first`` and ``last``) and the typed-entry field (its placeholder: ``hint``)."""
        yield Static("", id="header")
        with Vertical():
            with Body():
                yield from view
            with Controls():
                yield from self.entry_lines()
                yield from keys
                yield from self.action_bar(first, last)
                yield self.entry_field(hint)

    def show_header(self, text: str) -> None:
        """The header line: on a phone held upright it wraps between its « · » parts, never inside one (« en
        2500 » stays whole)."""
        self.query_one("#header", Static).update(Parts(text))

    def key_row(self, row: str, keys: Sequence[tuple[str, Msg]]) -> ComposeResult:
        """A row of keys (``id``, label), wrapped on a narrow screen."""
        with Bar(classes="bar", id=row):
            for key, label in keys:
                yield Key(self.tr(label), id=key, compact=True)

    def action_bar(self, first: Sequence[tuple[str, Msg]] = (), last: Sequence[tuple[str, Msg]] = ()) -> ComposeResult:
        """The row of keys every match screen has: its own ``first``, the ``SHARED_KEYS``, its own ``last``, and
        the menu at the end."""
        yield from self.key_row("actions", (*first, *self.SHARED_KEYS, *last, ("home", B_HOME)))

    def entry_field(self, hint: Msg, **args: object) -> Input:
        """The field a laptop's player types entries in (``#entry``, read by ``enter_line``; focused on mount)."""
        return Input(placeholder=self.tr(hint, **args), id="entry", compact=True, clears=True)

    def show_steps(self) -> None:
        """Undo and Redo, each offered only while there is something to take back or put back."""
        for key in self.query("#undo"):
            key.disabled = not (self.session.can_undo or self.last_drafted())
        for key in self.query("#redo"):
            key.disabled = not self.session.can_redo

    def entry_lines(self) -> ComposeResult:
        """What to enter now (``#prompt``) and why an entry was refused (``#message``): composed at the top of a
        screen's ``Controls``, always in sight whatever scrolls above (a phone's board, a crowded table)."""
        yield Static("", id="prompt", classes="prompt")
        yield Static("", id="message", classes="message")

    def show_message(self, selector: str = "#message", last: bool = True) -> None:
        """The message line: what was refused (``self.message``), or the last entry and what it warns of
        (``last=False``: a screen that lists the deal's moves shows only the warnings)."""
        note = self.query_one(selector, Static)
        if self.message:
            note.update(self.tr(self.message[0]))
            note.set_classes(f"message {self.message[1]}")
            note.display = True
            return
        event = self.match.last_event
        text = self.tr(event.text) if event and last else ""
        if event and event.warnings:
            text = "\n".join([*([text] if text else []), *(self.tr(w) for w in event.warnings)])
        note.update(text)
        note.set_classes("message announce")
        note.display = bool(text)  # no empty row above the keys

    # ------------------------------------------------------------ entries
    def apply_answer(self, op: Operation | None) -> None:
        """A dialog's answer: its operation applied, or nothing when the player closed it."""
        if op is not None:
            self.apply_ops(op)

    def apply_ops(self, *ops: Operation, confirmed: bool = False, automatic: bool = False) -> bool:
        """Hand operations to the session (saved before shown). False if one was refused, or if the player is
        first asked whether to forget several undone entries (then applied once they say so). ``automatic``: a
        deal or a computer's move this device makes for the table (whoever's seat it names)."""
        undone = self.session.redo_count
        if ops and undone > 1 and not confirmed and self.ASKS_BEFORE_DROPPING_REDO:
            def answered(forget: object) -> None:
                if forget is True:
                    self.apply_ops(*ops, confirmed=True)
                else:
                    self.message = (KEPT_UNDONE(n=undone), "announce")
                    self.refresh_view()

            self.app.push_screen(ChoiceDialog(self.tr(DROP_TITLE), self.tr(DROP_BODY, n=undone),
                                              [(self.tr(KEEP_UNDONE), None), (self.tr(FORGET_UNDONE), True)],
                                              safe=None), answered)
            return False
        for op in ops:
            seat = getattr(op, "seat", None)
            if self.app.seat is not None and isinstance(seat, int) and seat != self.app.seat \
                    and 0 <= seat < len(self.match.names) and not automatic:
                # A player's own device enters his own plays and counts; the table's device enters anything.
                self.refuse(NOT_YOURS(name=self.match.names[seat]))
                return False
            try:
                event = self.session.apply(op)
            except CompanionError as error:  # illegal move, unreadable entry, store trouble
                self.refuse(error.msg)
                return False
            self.message = None
            self.after(event)
        self.refresh_view()
        return True

    def after(self, event: Event) -> None:
        """React to an applied entry; the base shows the end of a game or of the match."""
        if self.match.is_over or self.match.awaiting_continue:
            self.show_end()

    def show_end(self) -> None:
        self.app.push_screen(MatchEndScreen(self.session), self.match_end_answered)

    def match_end_answered(self, answer: object) -> None:
        if answer == "undo":
            self.undo()
            self._log_when_left = list(self.match.log)  # known here: what the undo put back in the entry stays
        elif answer == "home":
            self.app.pop_screen()
        elif isinstance(answer, MatchSession):
            self.app.switch_screen(ui_for(answer.game.id).match_screen(answer))
        elif isinstance(answer, Msg):  # reloaded after another device's entry: say so, and ask again if need be
            self.after_step()
            self.message = (answer, "announce")
            self.refresh_view()
            if self.match.is_over or self.match.awaiting_continue:
                self.show_end()
        else:
            self.refresh_view()

    # ------------------------------------------------------------ undo, redo
    def undo(self) -> None:
        """Take back the last entry (a virtual game: back to before the last human choice). When that takes back
        what a player entered on his own device, he is asked first, there; Undo again withdraws the question."""
        store, match_id = self.session.store, self.session.match_id
        try:
            if self._asked is not None:
                self._asked = None
                drop_undo(store, match_id)
                self.message = (WITHDRAWN, "announce")
                self.refresh_view()
                return
            if self.take_back_drafted():
                return
            steps = self.undo_steps()
            if not steps:
                self.refuse(NOTHING_TO_UNDO)
                return
            asked = self.asked_for(steps)
            if asked:
                head = len(self.match.log)
                own = self.app.seat
                asker = self.match.names[own] if own is not None and own < len(self.match.names) else ""
                ask_undo(store, match_id, UndoRequest(head, head - steps, self.app.device_id, asker, asked))
                self._asked = head
                self.message = (ASKED(names=self.names_of(asked)), "announce")
                self.refresh_view()
                return
        except CompanionError as error:
            self.refuse(error.msg)
            return
        self.take_back(steps)

    def undo_steps(self) -> int:
        """How many entries an undo takes back (0: nothing to undo)."""
        return 1 if self.session.can_undo else 0

    def take_back(self, steps: int) -> None:
        """Undo ``steps`` entries, one at a time (each saved, then shown); then what the first of them entered is
        put back into the entry (``reenter``), to be fixed and entered again."""
        log = self.match.log
        undone, head = log[len(log) - steps:], len(log)
        first = self.match.events[head - steps] if len(self.match.events) == head and steps else None
        for _ in range(steps):
            self.step(self.session.can_undo, self.session.undo, NOTHING_TO_UNDO)
        if len(self.match.log) != head - steps:
            return  # refused on the way: its reason is on the message line
        if first is not None and self.message is None:  # said, or the screen shows the entry now on top
            self.message = (UNDONE(what=first.text), "announce")
        if undone and self.reenter(undone[0]):
            self.keep_draft()
        self.refresh_view()

    def reenter(self, op: Operation) -> bool:
        """Put the cards of an entry just undone back into the entry being made (the hands of a showdown): Undo
        to fix one card of nine keeps the other eight. False when the game has no such entry (the default)."""
        return False

    def entered_by(self, op: Operation) -> int | None:
        """The seat whose own entry ``op`` is (a player's device enters those of its seat), or None."""
        seat = getattr(op, "seat", None)
        return seat if isinstance(seat, int) and 0 <= seat < len(self.match.names) else None

    def asked_for(self, steps: int) -> tuple[int, ...]:
        """The players an undo of ``steps`` entries must ask first: those whose own entries it takes back and who
        play on their own devices (this device's player excepted: he asked)."""
        log = self.match.log
        entered = {self.entered_by(op) for op in log[len(log) - steps:]}
        on_devices = set(self.session.store.seats_on_devices(self.session.match_id))
        return tuple(sorted(seat for seat in entered & on_devices if seat is not None and seat != self.app.seat))

    def names_of(self, seats: tuple[int, ...]) -> str:
        return " · ".join(self.match.names[seat] for seat in seats if 0 <= seat < len(self.match.names))

    def follow_undo(self) -> None:
        """An undo waiting for answers: this device's player is asked (once), or this device, which asked, makes
        it once everyone agreed (or says who refused). A question the log has moved past is void."""
        store, match_id = self.session.store, self.session.match_id
        try:
            asked = undo_request(store, match_id)
            head = len(self.match.log)
            if asked is None or asked.head != head:
                if asked is not None and asked.device == self.app.device_id:
                    drop_undo(store, match_id)  # an entry came first: the question is void
                self._asked = None
                return
            if asked.device == self.app.device_id:
                if asked.refused is not None:
                    drop_undo(store, match_id)
                    self._asked = None
                    self.message = (REFUSED(name=self.names_of((asked.refused,))), "announce")
                    self.refresh_view()
                elif asked.agreed_by_all:
                    drop_undo(store, match_id)
                    self._asked = None
                    self.take_back(head - asked.back)
                    self.message = (AGREED(names=self.names_of(asked.seats)), "announce")
                    self.refresh_view()
                return
        except CompanionError:
            return  # the store in trouble: the next look says it
        seat = self.app.seat
        if seat is None or not asked.waits_for(seat) or self._answering == asked.head:
            return
        self._answering = asked.head

        def answered(agree: object) -> None:
            self._answering = None  # answered: a new question, even at the same point, is asked again
            try:
                answer_undo(store, match_id, asked.head, seat, agree is True)
            except CompanionError as error:
                self.refuse(error.msg)

        who = asked.asker or self.tr(THE_TABLE)
        self.app.push_screen(ChoiceDialog(self.tr(ASK_TITLE), self.tr(ASK_BODY, asker=who),
                                          [(self.tr(ASK_YES), True), (self.tr(ASK_NO), False)], safe=False),
                             answered)

    def redo(self) -> None:
        self.step(self.session.can_redo, self.session.redo, NOTHING_TO_REDO)

    def step(self, possible: bool, step: Callable[[], None], nothing: Msg) -> None:
        """Undo or redo one entry: the session saves the step, then the screen redraws."""
        if not possible:
            self.message = (nothing, "error")
        else:
            try:
                step()
                self.message = None
            except (StoreError, CompanionError) as error:
                self.message = (error.msg, "error")
        self.after_step()
        self.refresh_view()
        if possible and self.match.events and (self.match.is_over or self.match.awaiting_continue
                                               or self.asks_again()):
            self.after(self.match.events[-1])  # a step back onto a question asks it again

    def after_step(self) -> None:
        """Reset what the screen keeps between entries (a game overrides this)."""

    def asks_again(self) -> bool:
        """The state stepped onto is a question the screen must ask again (cribbage: muggins)."""
        return False

    def action_undo(self) -> None:
        self.undo()

    def action_redo(self) -> None:
        self.redo()

    def run_shared(self, command: str, rules: str) -> bool:
        """Undo, redo, the log, the rules (help file ``rules``) and the way home; False for another command."""
        if command == "undo":
            self.undo()
        elif command == "redo":
            self.redo()
        elif command == "log":
            self.open_history()
        elif command == "rules":
            self.app.push_screen(HelpScreen(rules))
        elif command == "home":
            self.action_home()
        elif command == "phones":
            self.app.push_screen(SeatsDialog(self.session.store.match(self.session.match_id)))
        else:
            return False
        return True

    def open_history(self) -> None:
        self.app.push_screen(HistoryScreen(self.session))

    def action_home(self) -> None:
        self.app.pop_screen()
