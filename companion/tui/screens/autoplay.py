"""What every game's match screen shares, third layer: virtual play (at a real table it does nothing). The app deals
and plays the computer seats at a pace people can follow, each human sees only their own hand (several humans pass
the device behind a screen that hides it), and undo steps back to before the last choice a human made.

A game's screen (``MatchScreenBase``) only draws: who must act and which steps are automatic is the engine's to say
(``Match.awaiting``, ``chooser``, ``is_chance``), and the next move nobody at the screen chooses comes from the
game's computer players (``GameInfo.players``: ``next_op(match, kinds)``).

A computer's move is found in a worker thread, on a copy of the match replayed from its log: the screen keeps
redrawing and taking taps while a computer thinks, the pace counts the thinking time, and a move found for a state
the match has left (an undo, a correction) is dropped and decided again.

The end of each round (an event with a ``report``) is shown item by item, and the next deal waits for a tap, at
every pace but "instant".

Seats on players' own phones (issues 28, 39): each phone is a page of the server (``companion.serving.seats``) that
shows its seat's hand and choices; the table's device shows no hand of a seat on a phone, takes none of its choices,
and passes the device only among the humans without one. One device at a time deals and moves for the computers
(``drives``): the table's device whenever it is open, else the server for the phones; each follows the others
through the store. An undo that takes back a phone player's own choice asks him first, on his phone
(``match_undo.py``).
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Sequence
from functools import partial
from typing import Any

from textual import on
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, Of
from companion.games.base import Event, Match, Operation
from companion.games.seats import Choice
from companion.store.devices import LEASE_S, Lease, drive, release
from companion.store.session import MatchSession
from companion.tui.dialogs.base import BaseModal
from companion.tui.dialogs.round_report import RoundReport
from companion.tui.screens.match_undo import MatchScreenUndo
from companion.tui.screens.match_words import B_LOG, B_PACE, B_PHONES, B_UNDO, NOT_NOW, SHARED_WORDS
from companion.tui.widgets.hand import HandRow
from companion.tui.widgets.moves import MoveList
from companion.tui.widgets.plain import Button, Static


def computers_thinking(app: App[None]) -> bool:
    """A computer's move is being found in a worker, on some screen of ``app`` (the gallery and the tests wait for
    it, as a player would, before looking at the screen)."""
    return any(getattr(screen, "_thinking", False) for screen in app.screen_stack)


PASS_TITLE = Msg("Pass the device to {name}", "Passez l'appareil à {name}")
PASS_BODY = Msg("{whose} cards stay hidden until {name} holds the device.", "Les cartes {whose} restent cachées jusque-là.")
PASS_READY = Msg("I am {name}: show my cards", "Je suis {name} : montrer mes cartes")
P_HIDDEN = Msg("Cards hidden: pass the device", "Cartes cachées : passez l'appareil")
P_ON_PHONES = Msg("The hands are on the players' phones", "Les mains sont sur les téléphones des joueurs")
P_COMPUTERS_ONLY = Msg("Only computers play: their hands stay hidden",
                       "Seuls des ordinateurs jouent : leurs mains restent cachées")
P_ON_PHONE = Msg("{name} is playing on their phone…", "{name} joue sur son téléphone…")
PACES = (2.0, 1.0, 0.4, 0.0)
LATE_S = 1.0  # a timer this late past its time has been lost: the move it was to make is asked for again
PACE_NAMES = {2.0: Msg("slow", "lent"), 1.0: Msg("normal", "normal"), 0.4: Msg("fast", "rapide"),
              0.0: Msg("instant", "instantané")}
PACE = Msg("Pace: {pace}", "Rythme : {pace}")
# The words every virtual screen reads in its entry line: the shared ones, and the pace (answered by run_shared).
VIRTUAL_WORDS = {**SHARED_WORDS, "pace": "pace", "rythme": "pace"}


class PassDevice(BaseModal[bool]):
    """A screen that hides every hand while the device goes to the next human player."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name_shown = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.tr(PASS_TITLE, name=self.name_shown), classes="title")
            yield Static(self.tr(PASS_BODY, name=self.name_shown, whose=Of(self.name_shown)), classes="message")
            yield Button(self.tr(PASS_READY, name=self.name_shown), id="ready", variant="primary")

    @on(Button.Pressed, "#ready")
    def ready(self) -> None:
        self.dismiss(True)


class AutoPlay(MatchScreenUndo):
    """Virtual play on a match screen: every method here does nothing more than the layer below at a real table."""

    def __init__(self, session: MatchSession) -> None:
        super().__init__(session)
        self.virtual = session.setup.mode == "virtual"  # the app deals, and plays the computers
        humans = session.setup.humans
        self.shown_seat: int | None = humans[0] if len(humans) == 1 else None  # whose hand is on screen
        self.on_devices: set[int] = set()  # the seats on players' own devices (read from the store on mount)
        self._timer: Timer | None = None
        self._due = 0.0  # when the timer is to make its move (monotonic)
        self._idle_log: list[Operation] | None = None  # the log at which the computers said a human must act
        self._passing = False
        self._reporting = False  # a round's report is on screen: the next deal waits for a tap
        self._thinking = False  # a worker is finding the next automatic move
        self._decision: tuple[Worker[Operation | None], list[Operation], float] | None = None  # that worker, its log, its start
        self._lease = Lease(False, 0.0)  # whether this device drives, among several (see ``drives``)

    @property
    def shared_keys(self) -> tuple[tuple[str, Msg], ...]:
        """Virtual play: the pace, and no redo (the computers' moves follow an undo at once)."""
        if not self.virtual:
            return super().shared_keys
        return (("pace", B_PACE), ("undo", B_UNDO), ("log", B_LOG), ("phones", B_PHONES))

    @property
    def asks_before_dropping_redo(self) -> bool:
        return not self.virtual and super().asks_before_dropping_redo  # virtual: nothing to ask, see above

    @property
    def slot_cards(self) -> list[Any]:
        """The card each key of the hand row (``#hand``, in virtual play) shows; None: a hidden slot. A real table's
        screen has no hand: none."""
        rows = list(self.query("#hand").results(HandRow))
        return rows[0].cards if rows else []

    def kinds(self) -> list[str]:
        """Each seat's player: "human", or a computer level."""
        return [self.session.setup.seat_kind(s) for s in range(self.match.players)]

    # ------------------------------------------------------------ what the engine and the computer players say
    def next_auto_op(self, match: Match) -> Operation | None:
        """The next operation nobody at the screen chooses in ``match`` (called in a worker, on a copy)."""
        module = self.session.game.players
        if module is None:
            return None
        found: Operation | None = importlib.import_module(module).next_op(match, self.kinds())
        return found

    def acting_human(self) -> int | None:
        """The human seat whose choice the match waits for first, or None."""
        kinds = self.kinds()
        humans = [seat for seat in self.match.awaiting() if kinds[seat] == "human"]
        return humans[0] if humans else None

    def hidden_words(self) -> str:
        """What stands where no hand is shown: the device is being passed, or the hands are on phones."""
        if not self.session.setup.humans:  # nobody to pass the device to
            return self.tr(P_COMPUTERS_ONLY)
        return self.tr(P_ON_PHONES if self.on_devices and not self._passing else P_HIDDEN)

    def show_turn(self, prompt: str) -> None:
        """Below the table: what the player on screen is asked (``prompt``), what was refused or warned of, the
        deal's moves so far, and whether Undo can take one back."""
        self.query_one("#prompt", Static).update(prompt)
        self.show_message(last=False)
        self.query_one("#moves", MoveList).show(self.move_lines())
        self.show_steps()

    def waiting_words(self, seat: int, words: Msg) -> str:
        """Who the table waits for: a player on his own phone, or ``words`` (a computer thinking, playing)."""
        if seat in self.on_devices:
            return self.tr(P_ON_PHONE, name=self.match.names[seat])
        return self.tr(words, name=self.match.names[seat])

    @property
    def drives(self) -> bool:
        """This device deals and moves for the computers: alone on its match (not served, no phones), always;
        among several devices, when it holds the lease (``companion.store.devices``): the table's device takes it
        whenever it is open (with no table's device open, the server moves for a table of phones)."""
        if self.session.store.read_only:
            return False
        return self._lease.drives if self.shared else True

    @property
    def shared(self) -> bool:
        """Other devices may be on this match: served to a browser, or seats given to phones."""
        return self.app.served or bool(self.on_devices)

    def claim(self) -> None:
        """Take or renew the lease when it is due: its holder halfway through it, the others once it ran out."""
        if not self.shared or self.session.store.read_only:
            return
        now = time.time()
        if now < self._lease.until - (LEASE_S / 2 if self._lease.drives else 0):
            return
        was = self._lease.drives
        try:
            self._lease = drive(self.session.store, self.session.match_id, self.app.device_id,
                                table=True, now=now)
        except CompanionError:
            self._lease = Lease(False, now + LEASE_S)
        if self._lease.drives and not was:
            self.call_later(self.pump)

    def on_unmount(self) -> None:
        if self.virtual and self._lease.drives:  # another device takes over at once
            try:
                release(self.session.store, self.session.match_id, self.app.device_id)
            except CompanionError:
                pass

    def is_choice(self, op: Operation) -> bool:
        """``op`` was a human's own choice (undo steps back to before the last one)."""
        seat = self.match.chooser(op)
        return seat is not None and self.session.setup.seat_kind(seat) == "human"

    def is_instant(self, op: Operation) -> bool:
        """Chance's operations (a deal, a cut) are applied without waiting: the others wait the pace."""
        return self.match.is_chance(op)

    # ------------------------------------------------------------ the pump
    @property
    def waiting(self) -> bool:
        """Nothing is scheduled: the screen waits for a human (or the game is over)."""
        return self._timer is None and not self._passing and not self._reporting and not self._thinking

    def on_mount(self) -> None:
        if not self.virtual:
            return
        self.follow_devices()
        self.claim()
        self.call_later(self.pump)

    def follow_devices(self) -> None:
        """Which seats are on their own phones: the table's device shows none of their hands."""
        try:
            self.on_devices = set(self.session.store.seats_on_devices(self.session.match_id))
        except CompanionError:
            self.on_devices = set()
        if self.shown_seat in self.on_devices:
            self.shown_seat = None

    def sync(self) -> None:
        """Another device moved (a seat's phone, the table's device): show it, and go on from there. Whose move it
        is comes from the match's state, not from one timer surviving: a move due with nothing under way to make
        it is asked for again."""
        if not self.virtual:
            super().sync()
            return
        self.claim()  # renewed even under a dialog (a round's report): the table's device keeps its turn
        head = len(self.match.log)
        super().sync()
        if len(self.match.log) != head or self.stalled():
            self.stop_pump()
            self.call_later(self.pump)

    def stalled(self) -> bool:
        """A computer's move or the game's own step is due and nothing is under way to make it (a timer that never
        fired), while no human is awaited."""
        match = self.match
        if (match.is_over or match.awaiting_continue or not self.drives or self.app.screen is not self
                or self._idle_log == match.log):
            return False
        if self._timer is not None:
            return time.monotonic() > self._due + LATE_S
        if self._thinking or self._passing or self._reporting:
            return False
        kinds = self.kinds()
        return not any(kinds[seat] == "human" for seat in match.awaiting())

    def pump(self) -> None:
        """Find the next automatic operation (in a worker), or hand over to the human who must act."""
        match = self.match
        if (self._timer is not None or self._passing or self._reporting or self._thinking or match.is_over
                or match.awaiting_continue):
            return
        if not self.drives:  # another device deals and moves; this one shows its own turn
            self.refresh_view()
            return
        if self.app.screen is not self:
            return  # a dialog is open: on_screen_resume pumps again
        self._thinking = True
        log = list(match.log)
        self._decision = (self.run_worker(partial(self._find, log), thread=True, group="decide"), log,
                          time.monotonic())

    def _find(self, log: list[Operation]) -> Operation | None:
        """In the worker thread: the next automatic operation on the match replayed from ``log`` (the screen's own
        match is never read here: the UI thread may change it meanwhile). An error in a computer player fails the
        worker, and the app reports it as it would any crash."""
        return self.next_auto_op(self.session.game.match.replay(self.session.setup, log))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Back on the UI thread: the move found, for the state it was found for."""
        if self._decision is None or event.worker is not self._decision[0]:
            return
        if event.state == WorkerState.SUCCESS:
            _, log, started = self._decision
            self._decision = None
            self._decided(log, event.worker.result, started)
        elif event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self._decision = None
            self._thinking = False

    def _decided(self, log: list[Operation], op: Operation | None, started: float) -> None:
        self._thinking = False
        if not self.is_attached or self.app.screen is not self:
            return  # left, or a dialog on top: on_screen_resume pumps again
        if self.match.log != log:
            self.pump()  # the match moved on while the computer thought (an undo, a correction): decide again
            return
        if op is None:
            self._idle_log = log
            self._hand_over()
            return
        # The pace counts the thinking: a slow decision is not followed by a full pause too.
        pace = 0.0 if self.is_instant(op) else self.app.settings.pace
        delay = max(pace - (time.monotonic() - started), 0.001)
        self._due = time.monotonic() + delay
        self._timer = self.set_timer(delay, lambda: self._auto(op, len(log)))

    def _auto(self, op: Operation, head: int) -> None:
        self._timer = None
        if self.match.is_over or len(self.match.log) != head:
            self.pump()  # the log moved on meanwhile (a correction from the log screen): decide again
            return
        if self.shared and not self.drives:
            return  # another device took the turn to drive meanwhile (the table's, back)
        try:
            moved = self.session.store.changed_elsewhere(self.session.match_id)
        except CompanionError:
            moved = False
        if moved:  # another device made this move first: follow it rather than be refused
            self.sync()
            return
        if self.apply_ops(op):
            self.pump()

    def after(self, event: Event) -> None:
        """A round's end is shown and read before anything goes on (the match's end after it)."""
        if not self.virtual or not event.report or self.app.settings.pace <= 0 or self._reporting:
            super().after(event)
            return
        self._reporting = True

        def read(_: object) -> None:
            self._reporting = False
            super(AutoPlay, self).after(event)
            self.refresh_view()
            self.call_later(self.pump)

        self.app.push_screen(RoundReport(event, self.match), read)

    def _hand_over(self) -> None:
        seat = self.acting_human()
        if seat is None or seat == self.shown_seat:
            self.refresh_view()
            return
        self.follow_devices()  # a seat given to a phone since the screen opened
        if seat in self.on_devices:  # that player chooses on his own device: the table shows no hand meanwhile
            self.shown_seat = None
            self.refresh_view()
            return
        here = [s for s in self.session.setup.humans if s not in self.on_devices]
        if len(here) == 1:
            self.shown_seat = seat
            self.refresh_view()
            return
        self._passing = True
        self.shown_seat = None
        self.refresh_view()

        def ready(_: object) -> None:
            self._passing = False
            self.shown_seat = seat
            self.refresh_view()

        self.app.push_screen(PassDevice(self.match.names[seat]), ready)

    def on_screen_resume(self) -> None:
        if not self.virtual:
            return
        self.follow_devices()  # seats given to phones from the dialog just closed
        self.call_later(self.pump)

    def stop_pump(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def human_op(self, op: Operation) -> bool:
        """A human's choice: applied at once, then the computers go on."""
        done = self.apply_ops(op)
        if done and self.virtual:
            self.call_later(self.pump)
        return done

    # ------------------------------------------------------------ the rules' choices
    def chooser_seat(self) -> int | None:
        """The seat this screen makes choices for now: in virtual play the human whose turn it is and whose hand is
        on screen; at a real table the seat to act."""
        if self.virtual:
            seat = self.acting_human()
            return seat if seat is not None and seat == self.shown_seat else None
        return self.match.to_act

    def offered(self) -> list[Choice]:
        """What the seat this screen plays for may do now (``Match.choices``): the keys and cards it lights."""
        seat = self.chooser_seat()
        return [] if seat is None else self.match.choices(seat)

    def answer(self, name: str, cards: Sequence[Any] = (), table: Sequence[Any] = (), target: int | None = None,
               number: int | None = None) -> bool:
        """Answer the choice ``name`` offered now: its operation applied (verified, saved, then shown; in virtual
        play the computers go on), or refused with the reason. Taps and typed lines both come here."""
        for choice in self.offered():
            if choice.name == name:
                return self.human_op(choice.answer(cards, table, target, number))
        self.refuse(NOT_NOW)
        return False

    # ------------------------------------------------------------ undo
    def undo_steps(self) -> int:
        """Back to before the last human choice, with every automatic move made since (one entry while no human
        has chosen yet)."""
        if not self.virtual:
            return super().undo_steps()
        if not self.session.can_undo:
            return 0
        return self.match.back_to_choice(self.session.setup.humans) or 1

    def entered_by(self, op: Operation) -> int | None:
        """A human's own choice is his; the deals and the computers' moves are nobody's."""
        if not self.virtual:
            return super().entered_by(op)
        return self.match.chooser(op) if self.is_choice(op) else None

    def take_back(self, steps: int) -> None:
        self.stop_pump()
        super().take_back(steps)
        if self.virtual:
            self.call_later(self.pump)

    def redo(self) -> None:
        self.stop_pump()
        super().redo()
        if self.virtual:
            self.call_later(self.pump)

    def run_shared(self, command: str, rules: str) -> bool:
        """The Pace key too, on every virtual screen."""
        if command == "pace" and self.virtual:
            self.cycle_pace()
            return True
        return super().run_shared(command, rules)

    def said_shared(self, word: str) -> bool:
        """A typed word every match screen knows (undo, log, menu…, and the pace in virtual play), done: True; else
        False."""
        if word not in (VIRTUAL_WORDS if self.virtual else SHARED_WORDS):
            return False
        self.run_command(VIRTUAL_WORDS[word])  # the shared words are among them
        return True

    def cycle_pace(self) -> None:
        settings = self.app.settings
        index = PACES.index(settings.pace) if settings.pace in PACES else 0
        settings.pace = PACES[(index + 1) % len(PACES)]
        settings.save()
        self.message = (PACE(pace=PACE_NAMES[settings.pace]), "announce")
        self.refresh_view()

    def action_home(self) -> None:
        self.stop_pump()
        super().action_home()
