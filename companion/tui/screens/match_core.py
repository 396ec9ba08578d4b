"""What every game's match screen shares, first layer: entries go through the session (saved before shown), the
layout, what the screen keeps between entries (drafts), following the other devices on the match, the end of a game
or match and the keys every screen has. Undo and redo are ``match_undo.py``'s, virtual play ``autoplay.py``'s, and a
game's screen subclasses ``MatchScreenBase`` (``match_base.py``), which has them all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.core.typed import check_length
from companion.games.base import Event, Match, Operation
from companion.store.session import MatchSession
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.dialogs.seats import SeatsDialog
from companion.tui.game_ui import ui_for
from companion.tui.screens.base import BaseScreen
from companion.tui.screens.help import HelpScreen
from companion.tui.screens.history import HistoryScreen
from companion.tui.screens.match_end import MatchEndScreen
from companion.tui.screens.match_words import (
    B_HOME,
    B_LOG,
    B_PHONES,
    B_REDO,
    B_UNDO,
    DROP_BODY,
    DROP_TITLE,
    FORGET_UNDONE,
    KEEP_UNDONE,
    KEPT_UNDONE,
    SYNC_S,
    TYPED_AHEAD,
    UPDATED,
    Parts,
)
from companion.tui.widgets.fields import Input
from companion.tui.widgets.keypad import Key
from companion.tui.widgets.layout import Bar, Body, Controls
from companion.tui.widgets.plain import Button, Static


class MatchScreenCore(BaseScreen):
    """Entries, the frame, drafts, following other devices, the end of a game or match, the shared keys."""

    BINDINGS = [("ctrl+z", "undo", "Undo"), ("ctrl+y", "redo", "Redo"), ("escape", "home", "Menu")]

    def __init__(self, session: MatchSession) -> None:
        super().__init__()
        self.session = session
        self.message: tuple[Msg, str] | None = None  # (text, css class) shown instead of the last entry
        self._log_when_left: list[Operation] | None = None  # the log as it was when a dialog covered the screen
        self._asked: int | None = None  # the log's length at which this device asked players to agree to an undo
        self._typed_ahead: list[str] = []  # lines typed while a question was opening over this screen

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def shared_keys(self) -> tuple[tuple[str, Msg], ...]:
        """The keys between a screen's own and Menu."""
        return (("undo", B_UNDO), ("redo", B_REDO), ("log", B_LOG), ("phones", B_PHONES))

    @property
    def asks_before_dropping_redo(self) -> bool:
        """A new entry after undoing several asks first: the undone entries would be gone for good."""
        return True

    # Hooks the layers above fill in (undo across devices: match_undo.py; virtual play: autoplay.py).
    def undo(self) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        raise NotImplementedError

    def after_step(self) -> None:
        """Reset what the screen keeps between entries (a game overrides this)."""

    def follow_undo(self) -> None:
        """An undo this device asked for, waiting for the players' answers (match_undo.py)."""

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
    def draft(self) -> dict[str, Any] | None:
        """What the screen holds between two entries (a game overrides this, and ``restore_draft``)."""
        return None

    def restore_draft(self, data: dict[str, Any]) -> None:
        """Put back what ``draft`` returned (after a restart); a game overrides this."""

    def last_drafted(self) -> list[Any] | None:
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

    @on(Button.Pressed, ".bar Button")
    def key_pressed(self, event: Button.Pressed) -> None:
        """Every key of a key row, by its id: the screen routes it (a game writes what its own keys do)."""
        self.run_command(event.button.id or "")

    def run_command(self, command: str) -> None:
        """What a key does, by its id: a game's screen does its own keys and hands the others on here, to the keys
        every match screen has (``run_shared``)."""
        self.run_shared(command, self.session.game.help_name or self.session.game.id)

    def frame(self, view: ComposeResult, hint: Msg, keys: ComposeResult = (), first: Sequence[tuple[str, Msg]] = (),
              last: Sequence[tuple[str, Msg]] = ()) -> ComposeResult:
        """The layout of a match screen: a header line (``#header``), the game's ``view`` (it scrolls on a small
        screen), and below it, always in sight, the prompt and message lines, the game's own ``keys``, the
        ``action_bar`` (with ``first`` and ``last``) and the typed-entry field (its placeholder: ``hint``)."""
        yield Static("", id="header")
        with Vertical():
            with Body():
                # each side's chance to win (MatchScreenBase.show_chance), with the view: on a short screen it
                # scrolls away with it rather than take a row from the table for good
                yield Static("", id="chance", classes="message")
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
        """The row of keys every match screen has: its own ``first``, the ``shared_keys``, its own ``last``, and
        the menu at the end."""
        yield from self.key_row("actions", (*first, *self.shared_keys, *last, ("home", B_HOME)))

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

    def apply_ops(self, *ops: Operation, confirmed: bool = False) -> bool:
        """Hand operations to the session (saved before shown). False if one was refused, or if the player is
        first asked whether to forget several undone entries (then applied once they say so)."""
        undone = self.session.redo_count
        if ops and undone > 1 and not confirmed and self.asks_before_dropping_redo:
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
