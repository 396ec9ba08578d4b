"""Each player's own phone: the organiser gives a match's human seats to devices, one QR code per seat.

Scanning a seat's code opens that match on that device as that seat, and only it (``serving.tablets``); showing
the code again gives the seat to a new device (a phone that died) and lets the one before go.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical

from companion.core.i18n import Msg
from companion.store.database import MatchRecord
from companion.tui.dialogs.base import BaseModal
from companion.tui.dialogs.share import QrDialog
from companion.tui.widgets.plain import Button, Static

TITLE = Msg("Each player's own phone", "Le téléphone de chaque joueur")
BODY = Msg("Tap a player to show his seat's QR code: his phone opens this match as him and shows his own cards "
           "only. The table's device deals and plays the computers. Showing a code again gives the seat to a new "
           "phone; the one before is let go.",
           "Touchez un joueur pour montrer le code QR de sa place : son téléphone ouvre ce match à sa place et "
           "ne montre que ses cartes. L'appareil de la table donne et fait jouer l'ordinateur. Remontrer un code "
           "donne la place à un nouveau téléphone ; le précédent est lâché.")
# At a real table nothing is dealt: each phone enters its own player's plays and counts.
BODY_TABLE = Msg("Tap a player to show his seat's QR code: his phone opens this match as him, and he enters his own "
                 "plays and counts on it. Showing a code again gives the seat to a new phone; the one before is let go.",
                 "Touchez un joueur pour montrer le code QR de sa place : son téléphone ouvre ce match à sa place, et "
                 "il y entre ses propres coups et comptes. Remontrer un code donne la place à un nouveau téléphone ; "
                 "le précédent est lâché.")
SEAT = Msg("{name}'s phone", "Téléphone de {name}")
ON_DEVICE = Msg("{name}'s phone (given: show again for a new one)",
                "Téléphone de {name} (donné : remontrer pour un nouveau)")
SEAT_TITLE = Msg("{name}'s own phone", "Le téléphone de {name}")
SEAT_SCAN = Msg("{name} scans it: this match opens on his phone as him, with his cards only.",
                "{name} le scanne : ce match s'ouvre sur son téléphone à sa place, avec ses seules cartes.")
NO_SERVER = Msg("Phones need « companion serve » running on this computer.",
                "Les téléphones demandent « companion serve » sur cet ordinateur.")
CLOSE = Msg("Close", "Fermer")


class SeatsDialog(BaseModal[None]):
    BINDINGS = [("escape", "close", "Close")]

    def __init__(self, record: MatchRecord) -> None:
        super().__init__()
        self.record = record

    def humans(self) -> list[tuple[int, str]]:
        # Read from the stored setup as it is, not through the game's checks: the past matches' list opens this
        # dialog for any match, and it must list the players even of one whose setup no longer reads.
        setup = self.record.setup
        names = [str(n) for n in setup.get("names", [])]
        seats = setup.get("seats") or []
        return [(s, name) for s, name in enumerate(names) if not seats or s >= len(seats) or seats[s] == "human"]

    def compose(self) -> ComposeResult:
        given = self.app.store.seats_on_devices(self.record.id)
        with Vertical():
            yield Static(self.tr(TITLE), classes="title")
            virtual = self.record.setup.get("mode") == "virtual"
            yield Static(self.tr(BODY if virtual else BODY_TABLE), classes="message")
            yield Static("", id="note", classes="error")
            with Vertical(classes="menu"):
                for seat, name in self.humans():
                    yield Button(self.tr(ON_DEVICE if seat in given else SEAT, name=name), id=f"seat-{seat}")
                yield Button(self.tr(CLOSE), id="close", variant="primary")

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, ".menu Button")
    def show_seat(self, event: Button.Pressed) -> None:
        if not (event.button.id or "").startswith("seat-"):
            return
        seat = int((event.button.id or "").removeprefix("seat-"))
        address = self.app.seat_address(self.record.id, seat)
        if address is None:
            self.query_one("#note", Static).update(self.tr(NO_SERVER))
            return
        name = dict(self.humans())[seat]
        self.app.push_screen(QrDialog(SEAT_TITLE(name=name), address, None, scan=SEAT_SCAN(name=name)),
                             self._shown)

    def _shown(self, _: object) -> None:
        self.refresh(recompose=True)  # that seat now reads "given"
