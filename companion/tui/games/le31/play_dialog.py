"""A Le 31 play by taps: the card played, then the table cards (and build) it takes or builds with.

Only the table cards that can still lead to a legal play are lit; under them, the plays the cards chosen so far
make: lay down, take, build each value, raise. Both come from the dialog's ``Offer`` (``offers.py``): the rules'
search of the table at a real table, the seat's choices in virtual play. However many readings a card has, each is
a few taps away; nothing here lists every subset of the table.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Vertical

from companion.core.i18n import Msg
from companion.games.le31.deck import Le31Card
from companion.games.le31.engine import Le31Match
from companion.games.le31.ops import Build, Capture, Play, Raise, Trail
from companion.games.le31.words import (
    B_CLEAR,
    D_PICK_TABLE,
    D_PLAY_TITLE,
    P_BUILD,
    P_BUILD_PARTNER,
    P_CAPTURE,
    P_CAPTURE_BUILD,
    P_RAISE,
    P_TRAIL,
)
from companion.tui.dialogs.base import BaseModal
from companion.tui.games.le31.offers import Offer
from companion.tui.widgets.keypad import Key
from companion.tui.widgets.plain import Button, Static

CANCEL = Msg("✕ Cancel", "✕ Annuler")
NONE_YET = Msg("No table card chosen.", "Aucune carte de la table choisie.")
CHOSEN = Msg("Chosen: {cards}", "Choisies : {cards}")
MORE = Msg("Chosen: {cards} — tap more table cards to make a play.",
           "Choisies : {cards} — touchez d'autres cartes de la table pour faire un coup.")


class PlayDialog(BaseModal[Play]):
    """Dismisses with the play chosen, or None (Escape, ✕)."""

    BINDINGS = [("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    PlayDialog #table-keys { grid-size: 8; grid-columns: 1fr; grid-rows: 3; grid-gutter: 0 1; height: auto; }
    PlayDialog.-small #table-keys { grid-rows: 1; }
    PlayDialog #table-keys Button { width: 100%; min-width: 4; height: 100%; border: none; margin: 0;
                                    background: #f2eee3; color: #1a1a1a; text-style: bold; }
    PlayDialog #table-keys Button.red { color: #c81e1e; }
    PlayDialog #table-keys Button.green { color: #1e8a2e; }
    PlayDialog #table-keys Button.blue { color: #1e4ec8; }
    PlayDialog #table-keys Button.yellow { color: #9a7a00; }
    PlayDialog #table-keys Button.build { background: #cfe3d3; }
    PlayDialog #table-keys Button.-picked { background: #f2c230; }
    PlayDialog #table-keys Button:disabled { background: #4a4740; color: #8a877f; }
    PlayDialog #plays { grid-size: 2; grid-columns: 1fr; grid-rows: 3; grid-gutter: 0 1; height: auto; margin: 1 0 0 0; }
    PlayDialog.-small #plays { grid-rows: 1; margin: 0; }
    PlayDialog #plays Button { width: 100%; height: 100%; }
    PlayDialog #chosen { padding: 0 1; }
    """

    def __init__(self, match: Le31Match, card: Le31Card, offer: Offer) -> None:
        super().__init__()
        self.match = match
        self.card = card
        self.offer = offer
        self.chosen: list[int] = []  # positions in the table's loose cards, in the order tapped
        self.build: int | None = None  # the value of the build chosen, if any
        self.offered: list[Play] = []

    def label(self, card: Le31Card) -> str:
        return self.match.deck.label(card, self.app.lang)

    def compose(self) -> ComposeResult:
        r = self.match.r
        with Vertical():
            yield Static(self.tr(D_PLAY_TITLE, card=self.label(self.card)), classes="title")
            yield Static(self.tr(D_PICK_TABLE), classes="message")
            with Grid(id="table-keys"):
                # The table's keys take the focus here (a key elsewhere never does, so typing goes on into the
                # entry line): a player at a keyboard reaches them with Tab and chooses with Enter.
                for i, card in enumerate(r.loose):
                    key = Key(self.label(card), id=f"loose-{i}", flat=True)
                    key.add_class(self.match.deck.colour_of(card).en.lower())
                    key.can_focus = True
                    yield key
                for build in r.builds:
                    key = Key(f"[{build.value}]", id=f"build-{build.value}", flat=True, classes="build")
                    key.can_focus = True
                    yield key
            yield Static("", id="chosen")
            yield Grid(id="plays")
            yield Button(self.tr(B_CLEAR), id="clear")
            yield Button(self.tr(CANCEL), id="cancel")

    def on_mount(self) -> None:
        # Next in the dialog's queue, not after a refresh: the plays offered are there as soon as its first
        # messages are handled (a refresh waits for a timer, and a quick tap came before it).
        self.call_later(self.show)

    def chosen_cards(self) -> list[Le31Card]:
        return [self.match.r.loose[i] for i in self.chosen]

    async def show(self) -> None:
        m = self.match
        picked = self.chosen_cards()
        lit, builds = self.offer.lit(picked, self.build)
        for i in range(len(m.r.loose)):
            key = self.query_one(f"#loose-{i}", Button)
            key.set_class(i in self.chosen, "-picked")
            key.disabled = i not in lit and i not in self.chosen
        for build in m.r.builds:
            key = self.query_one(f"#build-{build.value}", Button)
            key.set_class(self.build == build.value, "-picked")
            key.disabled = build.value not in builds and self.build != build.value
        parts = [self.label(c) for c in picked] + ([f"[{self.build}]"] if self.build is not None else [])
        self.offered = self.offer.plays(picked, self.build)
        said = self.tr(CHOSEN if self.offered else MORE, cards=" ".join(parts)) if parts else self.tr(NONE_YET)
        self.query_one("#chosen", Static).update(said)
        grid = self.query_one("#plays", Grid)
        await grid.remove_children()
        # Laying the card down is never the lit choice while a table card could still be taken with it: one
        # careless tap on the blue key trailed a card that could capture.
        await grid.mount_all([Button(self.describe(op), id=f"play-{n}",
                                     variant="default" if isinstance(op, Trail) and (lit or builds) else "primary")
                              for n, op in enumerate(self.offered)])
        self.query_one("#clear", Button).disabled = not (self.chosen or self.build is not None)

    def describe(self, op: Play) -> str:
        card = self.label(op.card)
        if isinstance(op, Trail):
            return self.tr(P_TRAIL, card=card)
        if isinstance(op, Capture):
            cards = " ".join(self.label(c) for c in op.loose)
            return self.tr(P_CAPTURE_BUILD if op.build else P_CAPTURE, card=card, cards=cards or "", value=op.card.value)
        if isinstance(op, Build):
            return self.tr(P_BUILD_PARTNER if op.for_partner else P_BUILD, card=card, value=op.value)
        if isinstance(op, Raise):
            new = op.value + (op.card.value or 0) + sum(c.value or 0 for c in op.loose)
            return self.tr(P_RAISE, card=card, old=op.value, value=new)
        return card

    @on(Button.Pressed)
    async def pressed(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button.id or ""
        if button.startswith("loose-"):
            i = int(button.removeprefix("loose-"))
            if i in self.chosen:
                self.chosen.remove(i)
            else:
                self.chosen.append(i)
        elif button.startswith("build-"):
            value = int(button.removeprefix("build-"))
            self.build = None if self.build == value else value
        elif button.startswith("play-"):
            self.dismiss(self.offered[int(button.removeprefix("play-"))])
            return
        elif button == "clear":
            self.chosen, self.build = [], None
        elif button == "cancel":
            self.dismiss(None)
            return
        await self.show()

    def action_cancel(self) -> None:
        self.dismiss(None)
