"""Cribbage club nights: the list of nights, a new night's form, and the night itself (its tables round by round,
results typed or taken from matches played in the app, corrections, players leaving, and standings large enough
for a wall screen). Every entry is saved before it is shown (``companion.club.saved``)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.suggester import SuggestFromList

from companion.club import saved, sheet
from companion.club.night import ClubNight, start_op
from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.records.roster import Roster
from companion.tui.dialogs.choice import ChoiceDialog
from companion.tui.dialogs.points import NumberDialog
from companion.tui.dialogs.share import QrDialog
from companion.tui.screens.base import UNDONE, BaseScreen
from companion.tui.widgets.fields import Input, Select
from companion.tui.widgets.keypad import Key
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Label, Static
from companion.tui.widgets.table import DataTable

TITLE = Msg("Club nights", "Soirées de club")
NEW = Msg("New club night", "Nouvelle soirée de club")
NONE = Msg("No club night yet.", "Aucune soirée de club pour l'instant.")
BACK = Msg("Back", "Retour")
NAME = Msg("Name", "Nom")
PLAYERS = Msg("Players (commas between)", "Joueurs (séparés par des virgules)")
KNOWN = Msg("Tap a known player to add or remove them:", "Touchez un joueur connu pour l'ajouter ou le retirer :")
ROUNDS = Msg("Rounds", "Tours")
METHOD = Msg("Pairing", "Appariement")
GAME_TO = Msg("Games to", "Parties en")
ROTATION = Msg("Rotation (table plan)", "Rotation (plan de tables)")
SWISS = Msg("Swiss (by standing)", "Suisse (selon le classement)")
START = Msg("Start the night", "Commencer la soirée")
DEFAULT_NAME = Msg("Club night {date}", "Soirée de club {date}")
WINS_BY = Msg("{name} wins {target}–{n}", "{name} gagne {target}–{n}")  # the loser's score is what is typed
PAIR = Msg("Next round", "Apparier")  # short labels: seven buttons fit 80 columns
RESULT = Msg("Result", "Résultat")
FROM_MATCH = Msg("From match", "Match")
LEAVE = Msg("Leaves", "Départ")
SWAP = Msg("Swap", "Échange")
SWAP_WHO = Msg("Swap whom? (tables without a result)", "Échanger qui ? (tables sans résultat)")
SWAP_WITH = Msg("{name} changes places with…", "{name} change de place avec…")
UNDO = Msg("Undo", "Annuler")
UNDONE_WHAT = {"pair": Msg("the pairing of round {round}", "l'appariement du tour {round}"),
               "result": Msg("a result of round {round}", "un résultat du tour {round}"),
               "swap": Msg("a swap of round {round}", "un échange du tour {round}"),
               "leave": Msg("a departure", "un départ")}
NOTHING_TO_UNDO = Msg("Nothing to undo: the night has only its start", "Rien à annuler : la soirée n'a que son début")
TABLET = Msg("Codes", "Codes")  # the QR codes of the night: a table's tablet, a player's phone, the wall
CODES = Msg("Which QR code?", "Quel code QR ?")
CODE_TABLE = Msg("Table {table}'s tablet: its match", "La tablette de la table {table} : son match")
CODE_PLAYER = Msg("A player's phone, all night", "Le téléphone d'un joueur, toute la soirée")
CODE_WALL = Msg("The standings, for the wall and every phone", "Le classement, pour le mur et chaque téléphone")
WHOSE_PHONE = Msg("Whose phone?", "Le téléphone de qui ?")
PHONE_TITLE = Msg("{name}'s phone, all night", "Le téléphone de {name}, toute la soirée")
PHONE_SCAN = Msg("{name} scans it: his phone follows his table's match from round to round, with his cards only, "
                 "and shows the standings between matches. Showing it again gives a new phone; the one before is let "
                 "go.",
                 "{name} le scanne : son téléphone suit le match de sa table de tour en tour, avec ses seules cartes, "
                 "et montre le classement entre les matchs. Le remontrer donne un nouveau téléphone ; le précédent "
                 "est lâché.")
WALL_TITLE = Msg("The night's standings", "Le classement de la soirée")
WALL_SCAN = Msg("Any phone or a wall screen scans it: the standings and the round's tables, kept current, read only.",
                "N'importe quel téléphone ou écran mural le scanne : le classement et les tables du tour, à jour, en "
                "lecture seule.")
TABLET_TITLE = Msg("Table {table}: {players}", "Table {table} : {players}")
TABLET_SCAN = Msg("Scan it with the table's tablet: it opens this table's match, and only it. Its result comes into "
                  "the standings by itself when the game is over.",
                  "Scannez-le avec la tablette de la table : il ouvre le match de cette table, et lui seul. Son "
                  "résultat entre au classement de lui-même à la fin de la partie.")
NO_SERVER = Msg("tablets and phones need « companion serve » running on this computer: start it, then tap Codes again",
                "tablettes et téléphones demandent « companion serve » sur cet ordinateur : lancez-le, puis touchez "
                "Codes")
EXPORT = Msg("CSV", "CSV")
EXPORT_WHICH = Msg("Which CSV? (one file a tap)", "Quel CSV ? (un fichier par toucher)")
EXPORT_STANDING = Msg("The standing", "Le classement")
EXPORT_TABLES = Msg("Every table's result", "Le résultat de chaque table")
WHO_WON = Msg("Table {table}: who won, and the loser's score", "Table {table} : qui a gagné, et le pointage du perdant")
PICK_TABLE = Msg("pick a table with its players first", "choisissez d'abord une table avec ses joueurs")
WHICH_MATCH = Msg("Table {table}: the match it was played in", "Table {table} : le match où elle a été jouée")
WHO_LEAVES = Msg("Who leaves?", "Qui part ?")
HOW_LEAVE = Msg("{name} leaves: the games still to play…", "{name} part : ses parties suivantes…")
AS_FORFEIT = Msg("are lost by forfeit", "sont perdues par forfait")
AS_WITHDRAW = Msg("are not paired", "ne sont plus appariées")
CANCEL = Msg("Cancel", "Annuler")
FOLLOW_S = 2.0  # how often the night looks for the end of its tables' matches
KEYS = Msg("Enter on a table: its result · Esc: back", "Entrée sur une table : son résultat · Échap : retour")
TAPS = Msg("Tap a table: its result", "Touchez une table : son résultat")


class ClubNightsScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]

    def compose(self) -> ComposeResult:
        yield Static(self.tr(TITLE), classes="title")
        with VerticalScroll():
            yield Button(self.tr(NEW), id="new", variant="primary")
            try:
                found = saved.listed(self.app.store)
            except CompanionError as error:
                found = []
                yield Static(error.text(self.app.lang), classes="error")
            for night_id, name, created in found:
                day = f"{created.astimezone():%Y-%m-%d}"  # said once: a night named by default holds its date
                yield Button(name if day in name else f"{name} · {day}", id=f"night-{night_id}")
            if not found:
                yield Static(self.tr(NONE))
        yield Button(self.tr(BACK), id="back", compact=True)

    def fill(self) -> None:
        pass

    async def on_screen_resume(self) -> None:
        await self.recompose()  # the nights as they are now (one may have been added)
        self.query_one("#new").focus()  # a keyboard starts on the first key: the scroll around them took the first Tab

    @on(Button.Pressed, "#new")
    def new(self) -> None:
        self.app.push_screen(NewNightScreen())

    @on(Button.Pressed)
    def open_night(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        if button.startswith("night-"):
            self.app.push_screen(ClubNightScreen(int(button.removeprefix("night-"))))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()


class NewNightScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back"), ("ctrl+s", "start", "Start")]  # ctrl+s starts, as a match's form does

    DEFAULT_CSS = """
    NewNightScreen VerticalScroll { padding: 0 1; }
    NewNightScreen .row { height: auto; }
    NewNightScreen .row Label { width: 18; padding: 0 1 0 0; }
    NewNightScreen .row Input, NewNightScreen .row Select { width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        from datetime import date

        try:
            known = [p.name for p in Roster(self.app.store).players()]
        except CompanionError:
            known = []
        self.known = known[:24]
        yield Static(self.tr(NEW), classes="title")
        with VerticalScroll():
            with Horizontal(classes="row"):
                yield Label(self.tr(NAME))
                yield Input(self.tr(DEFAULT_NAME, date=date.today().isoformat()), id="name")
            yield Label(self.tr(PLAYERS))
            yield Input(", ".join(known[:12]), id="players", suggester=SuggestFromList(known, case_sensitive=False))
            if known:  # by finger: who plays tonight is tapped, not typed (a new player's name still is)
                yield Label(self.tr(KNOWN))
                with Bar(classes="bar", id="known"):
                    for i, name in enumerate(self.known):
                        yield Key(name, id=f"known-{i}", compact=True)  # quick taps all count
            with Horizontal(classes="row"):
                yield Label(self.tr(ROUNDS))
                yield Select([(str(n), n) for n in range(1, 13)], value=9, allow_blank=False, id="rounds",
                             compact=True)
            with Horizontal(classes="row"):
                yield Label(self.tr(GAME_TO))
                yield Select([("121", 121), ("61", 61)], value=121, allow_blank=False, id="target", compact=True)
            with Horizontal(classes="row"):
                yield Label(self.tr(METHOD))
                yield Select([(self.tr(ROTATION), "rotation"), (self.tr(SWISS), "swiss")], value="rotation",
                             allow_blank=False, id="method", compact=True)
            yield Static("", id="message", classes="error")
            with Bar(classes="bar"):
                yield Button(self.tr(START), id="start", variant="primary")
                yield Button(self.tr(BACK), id="back")

    def fill(self) -> None:
        pass

    def action_start(self) -> None:
        self.start()

    @on(Button.Pressed, "#known Button")
    def toggle_known(self, event: Button.Pressed) -> None:
        """A known player tapped: in tonight's list if he was not, out of it if he was."""
        name = self.known[int((event.button.id or "known-0").removeprefix("known-"))]
        field = self.query_one("#players", Input)
        names = [p.strip() for p in field.value.split(",") if p.strip()]
        others = [p for p in names if p.casefold() != name.casefold()]
        field.value = ", ".join(others if len(others) < len(names) else [*names, name])

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        players = [p.strip() for p in self.query_one("#players", Input).value.split(",") if p.strip()]
        name = self.query_one("#name", Input).value.strip() or "club"
        op = start_op(players, rounds=int(self.query_one("#rounds", Select).value),  # type: ignore[arg-type]
                      method=str(self.query_one("#method", Select).value),
                      target=int(self.query_one("#target", Select).value))  # type: ignore[arg-type]
        try:
            night_id = saved.create(self.app.store, name, op)
            for player in players:
                Roster(self.app.store).add(player)
        except CompanionError as error:
            self.query_one("#message", Static).update(error.text(self.app.lang))
            return
        self.app.switch_screen(ClubNightScreen(night_id))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()


class ClubNightScreen(BaseScreen):
    """One night. The standings table is the wall screen: one line per player, the leader on top."""

    BINDINGS = [("escape", "back", "Back"), ("ctrl+z", "undo", "Undo")]
    DEFAULT_CSS = """
    ClubNightScreen #tables { height: auto; max-height: 12; margin: 0 0 1 0; }
    ClubNightScreen #standings { height: auto; }
    ClubNightScreen .bar { height: auto; }
    """

    def __init__(self, night_id: int) -> None:
        super().__init__()
        self.night_id = night_id
        self.night = ClubNight()
        self.night_name = ""
        self.message: tuple[Msg | str, str] | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="heading", classes="title")
        with VerticalScroll():
            yield DataTable(cursor_type="row", id="tables")
            yield Static("", id="message")
            yield DataTable(cursor_type="none", id="standings", zebra_stripes=True)
        with Bar(classes="bar"):
            yield Button(self.tr(PAIR), id="pair", variant="primary", compact=True)
            yield Button(self.tr(RESULT), id="result", compact=True)
            yield Button(self.tr(FROM_MATCH), id="from-match", compact=True)
            yield Button(self.tr(TABLET), id="tablet", compact=True)
            yield Button(self.tr(SWAP), id="swap", compact=True)
            yield Button(self.tr(LEAVE), id="leave", compact=True)
            yield Button(self.tr(UNDO), id="undo", compact=True)
            yield Button(self.tr(EXPORT), id="export", compact=True)
            yield Button(self.tr(BACK), id="back", compact=True)
        yield self.foot_line(KEYS, TAPS)

    def on_mount(self) -> None:
        self.set_interval(FOLLOW_S, self.follow)

    def on_screen_resume(self) -> None:
        self.fill()

    def follow(self) -> None:
        """While tables play their matches in the app, a finished one's result comes in without a tap."""
        night = self.night
        if self.app.screen is not self or not any(key not in night.results for key in night.table_matches):
            return
        before = len(night.log)
        self.load()
        if len(self.night.log) != before:
            self.draw()

    def load(self) -> None:
        try:
            record = saved.load(self.app.store, self.night_id)
        except CompanionError as error:
            self.message = (error.msg, "error")
            return
        self.night, self.night_name = record.night, record.name
        if self.night.table_matches and not self.app.store.read_only:
            try:  # tables whose match is over since: their results, into the standings
                self.night = saved.settle(self.app.store, self.night_id)
            except CompanionError as error:
                self.message = (error.msg, "error")

    def fill(self) -> None:
        self.load()
        self.draw()

    def draw(self) -> None:
        """The night as loaded: heading, tables, standings, the last message."""
        night = self.night
        self.query_one("#heading", Static).update(sheet.heading(night, self.night_name, self.app.lang))
        tables = self.query_one("#tables", DataTable)
        chosen = tables.cursor_row  # the table chosen stays chosen when the screen is drawn again
        tables.clear(columns=True)
        rows = sheet.table_rows(night, self.app.lang)
        # Each column as wide as its longest cell, given at once: a result entered later is never cut short.
        headers = [self.tr(c) for c in sheet.TABLES]
        for i, header in enumerate(headers):
            tables.add_column(header, width=max([len(header), *(len(r[i]) for r in rows)]))
        for row in rows:
            tables.add_row(*row, key=row[0])
        if 0 < chosen < len(rows):
            tables.move_cursor(row=chosen)
        standings = self.query_one("#standings", DataTable)
        standings.clear(columns=True)
        lines = sheet.standing_rows(night, self.app.lang)
        for i, header in enumerate(self.tr(c) for c in sheet.STANDINGS):  # as wide as the widest cell: 10th is not "1"
            standings.add_column(header, width=max([len(header), *(len(line[i]) for line in lines)]))
        for line in lines:
            standings.add_row(*line)
        note = self.query_one("#message", Static)
        if self.message is not None:
            text, css = self.message
            note.update(self.tr(text) if isinstance(text, Msg) else text)
            note.set_classes(css)
        else:
            note.update("")
        self.query_one("#pair", Button).disabled = night.round >= night.rules.rounds or bool(night.open_tables())

    # ------------------------------------------------------------ entries
    def enter(self, op: dict[str, Any]) -> bool:
        """Save one entry (checked first); the screen shows what the store holds."""
        try:
            if op.get("op") == "result":
                saved.check_against_match(self.app.store, self.night, op)
            self.night = saved.append(self.app.store, self.night_id, op, len(self.night.log))
            self.message = None
        except CompanionError as error:
            self.message = (error.msg, "error")
            self.fill()
            return False
        self.fill()
        return True

    def chosen_table(self) -> int | None:
        tables = self.query_one("#tables", DataTable)
        if not self.night.round or tables.row_count == 0:
            return None
        t = tables.cursor_row + 1
        a, b = self.night.tables(self.night.round)[t - 1]
        return t if b is not None else None

    @on(Button.Pressed, "#pair")
    def pair(self) -> None:
        self.enter({"op": "pair"})

    @on(DataTable.RowSelected, "#tables")
    def table_selected(self, event: DataTable.RowSelected) -> None:
        self.result()

    @on(Button.Pressed, "#result")
    def result(self) -> None:
        t = self.chosen_table()
        if t is None:
            self.message = (PICK_TABLE, "error")
            self.fill()
            return
        a, b = self.night.tables(self.night.round)[t - 1]
        players = [a, b or ""]  # a table with a bye is never chosen (``chosen_table``)

        def answered(answer: tuple[int, int] | None) -> None:  # sides offered: the side is never None
            if answer is not None:
                side, score = answer
                self.enter({"op": "result", "round": self.night.round, "table": t, "winner": players[side],
                            "loser_score": score})

        preview = WINS_BY(target=self.night.rules.target)
        self.app.push_screen(NumberDialog(self.tr(WHO_WON, table=t), players, 0,
                                          maximum=self.night.rules.target - 1, preview=preview), answered)

    @on(Button.Pressed, "#from-match")
    def from_match(self) -> None:
        t = self.chosen_table()
        if t is None:
            self.message = (PICK_TABLE, "error")
            self.fill()
            return

        def answered(answer: tuple[int | None, int] | None) -> None:
            if answer is None:
                return
            try:
                op = saved.result_from_match(self.app.store, self.night, self.night.round, t, answer[1])
            except CompanionError as error:
                self.message = (error.msg, "error")
                self.fill()
                return
            self.enter(op)

        self.app.push_screen(NumberDialog(self.tr(WHICH_MATCH, table=t), maximum=10**9, minimum=1), answered)

    @on(Button.Pressed, "#tablet")
    def codes(self) -> None:
        """The night's QR codes: the chosen table's tablet, a player's own phone for the whole night, the wall's
        standings (all need « companion serve » running on this store)."""
        if self.app.tablet_address(0) is None:  # no server runs on this store: nothing is started for nothing
            self.message = (NO_SERVER, "error")
            self.fill()
            return
        t = self.chosen_table()
        options: list[tuple[str, object]] = []
        if t is not None and t in self.night.open_tables():
            options.append((self.tr(CODE_TABLE, table=t), "table"))
        options += [(self.tr(CODE_PLAYER), "player"), (self.tr(CODE_WALL), "wall"), (self.tr(CANCEL), None)]

        def chosen(which: object) -> None:
            if which == "table" and t is not None:
                self.tablet(t)
            elif which == "player":
                self.app.push_screen(ChoiceDialog(self.tr(WHOSE_PHONE), "", [(p, i) for i, p in enumerate(
                    self.night.players) if self.night.left.get(p) != "withdraw"] + [(self.tr(CANCEL), None)]),
                    self.phone)
            elif which == "wall":
                self.show_code(WALL_TITLE, self.app.night_address(self.night_id, None), WALL_SCAN)

        self.app.push_screen(ChoiceDialog(self.tr(CODES), "", options), chosen)

    def phone(self, player: object) -> None:
        """A player's own phone for the whole night: a new code each time (the phone before is let go)."""
        if not isinstance(player, int):
            return
        name = self.night.players[player]
        self.show_code(PHONE_TITLE(name=name), self.app.night_address(self.night_id, player),
                       PHONE_SCAN(name=name))

    def show_code(self, title: Msg, address: str | None, scan: Msg) -> None:
        if address is None:
            self.message = (NO_SERVER, "error")
            self.fill()
            return
        self.app.push_screen(QrDialog(title, address, None, scan=scan))

    def tablet(self, t: int) -> None:
        """The QR code of a table's match: its tablet opens that match and only it."""
        try:
            match_id = saved.table_match(self.app.store, self.night_id, t)
        except CompanionError as error:
            self.message = (error.msg, "error")
            self.fill()
            return
        self.message = None
        self.fill()
        players = " · ".join(p for p in self.night.tables(self.night.round)[t - 1] if p)
        self.show_code(TABLET_TITLE(table=t, players=players), self.app.tablet_address(match_id), TABLET_SCAN)

    @on(Button.Pressed, "#swap")
    def swap(self) -> None:
        """Two players change tables in this round (tables with a result keep their players and result)."""
        night = self.night
        movable = [p for t in night.open_tables() for p in night.tables(night.round)[t - 1] if p is not None]
        movable += [a for a, b in (night.tables(night.round) if night.round else []) if b is None]

        def second(first: str) -> None:
            def chosen(other: str | None) -> None:
                if other is not None:
                    self.enter({"op": "swap", "a": first, "b": other})
            self.app.push_screen(ChoiceDialog(self.tr(SWAP_WITH, name=first), "",
                                              [(p, p) for p in movable if p != first] + [(self.tr(CANCEL), None)]),
                                 chosen)

        self.app.push_screen(ChoiceDialog(self.tr(SWAP_WHO), "", [(p, p) for p in movable] + [(self.tr(CANCEL), None)]),
                             lambda first: second(first) if first else None)

    @on(Button.Pressed, "#leave")
    def leave(self) -> None:
        staying = [p for p in self.night.players if p not in self.night.left]

        def mode(name: str) -> None:
            def chosen(answer: str | None) -> None:
                if answer in ("forfeit", "withdraw"):
                    self.enter({"op": "leave", "player": name, "mode": answer})
            self.app.push_screen(ChoiceDialog(self.tr(HOW_LEAVE, name=name), "",
                                              [(self.tr(AS_WITHDRAW), "withdraw"), (self.tr(AS_FORFEIT), "forfeit"),
                                               (self.tr(CANCEL), None)]), chosen)

        self.app.push_screen(ChoiceDialog(self.tr(WHO_LEAVES), "", [(p, p) for p in staying] + [(self.tr(CANCEL), None)]),
                             lambda name: mode(name) if name else None)

    @on(Button.Pressed, "#undo")
    def action_undo(self) -> None:
        """Take back the night's last entry, and say which (ctrl+z said nothing)."""
        last, round_no = self.night.log[-1], self.night.round
        try:
            self.night = saved.undo(self.app.store, self.night_id, len(self.night.log))
            what = UNDONE_WHAT.get(str(last.get("op")))
            self.message = (UNDONE(what=what(round=round_no)), "announce") if what else (NOTHING_TO_UNDO, "error")
        except CompanionError as error:
            self.message = (error.msg, "error")
        self.fill()

    @on(Button.Pressed, "#export")
    def export(self) -> None:
        """The standing, or every table's result: one CSV a tap (a phone's browser may block a second download)."""
        def chosen(which: object) -> None:
            if which is None:
                return
            lang = self.app.lang
            try:
                said = self.app.hand_over([(f"club-night-{self.night_id}.csv", self.night.csv(lang)) if which == "standing"
                                           else (f"club-night-{self.night_id}-tables.csv", self.night.tables_csv(lang))])
            except CompanionError as error:
                self.message = (error.msg, "error")
            else:
                self.message = (self.tr(said), "announce")
            self.fill()

        self.app.push_screen(ChoiceDialog(self.tr(EXPORT_WHICH), "", [(self.tr(EXPORT_STANDING), "standing"),
                                                                     (self.tr(EXPORT_TABLES), "tables")],
                                          lead=True), chosen)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()
