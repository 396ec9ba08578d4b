"""Statistics across every game: per player, matches played and won, streaks and the game's own figures, the
head-to-head, and a player's win rate over time. Everything is replayed from the saved logs (cached per match)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, figure
from companion.games import registry
from companion.records.review import trend_lines
from companion.records.stats import Line, gather, row
from companion.tui.game_ui import ui_for
from companion.tui.screens.base import BaseScreen
from companion.tui.screens.players import PlayersScreen
from companion.tui.widgets.fields import Select
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static
from companion.tui.widgets.plots import Lines
from companion.tui.widgets.table import DataTable

TITLE = Msg("Statistics", "Statistiques")
EVERYONE = Msg("Everyone", "Tout le monde")
COLUMNS = (Msg("Player", "Joueur"), Msg("Played", "Jouées"), Msg("Won", "Gagnées"), Msg("Win %", "% gagnées"),
           Msg("Streak", "Série"), Msg("Best", "Meilleure"))
VERSUS = Msg("Head to head: {lines}", "Face à face : {lines}")
RATE = Msg("Win rate over the matches played (%)", "Pourcentage de victoires au fil des parties")
MATCHES = Msg("matches", "parties")
NONE = Msg("No match of this game saved yet.", "Aucune partie de ce jeu enregistrée pour l'instant.")
DETAIL = Msg("Cribbage hands in detail", "Les mains de cribbage en détail")
PLAYERS = Msg("Players: rename, merge", "Joueurs : renommer, fusionner")
BACK = Msg("Back", "Retour")
KEYS = Msg("Esc: back", "Échap : retour")


def win_rate_series(line: Line, points: int = 120) -> tuple[list[float], list[float]]:
    """After each finished match, the share won so far (in %); at most ``points`` of them, evenly spread with
    the last one kept (a plot is a hundred columns wide: more points only cost time to draw)."""
    xs, ys, won = [], [], 0
    step = max(1, len(line.results) // points)
    for n, result in enumerate(line.results, 1):
        won += result
        if n % step == 0 or n == len(line.results):
            xs.append(float(n))
            ys.append(round(100 * won / n, 1))
    return xs, ys


class StatisticsScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]
    DEFAULT_CSS = """
    StatisticsScreen VerticalScroll { padding: 0 1; height: 1fr; }
    StatisticsScreen #pick { height: auto; }
    StatisticsScreen #pick Select { width: 36; margin-right: 1; }
    StatisticsScreen.-narrow #pick { layout: vertical; }
    StatisticsScreen.-narrow #pick Select { width: 1fr; margin-right: 0; }
    StatisticsScreen #table { height: auto; max-height: 12; }
    StatisticsScreen #versus { margin: 1 0 0 0; }
    StatisticsScreen #trend { margin: 1 0 0 0; }
    StatisticsScreen #rate { margin: 1 0 0 0; height: 12; }
    StatisticsScreen #bar { height: auto; }
    """

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.per: dict[tuple[str, str], Line] = {}
        self.versus: dict[tuple[str, str, str], list[int]] = {}
        self.trouble: Msg | None = None
        self.game = game or ""  # the first game with matches, once composed
        self.player: str | None = None

    def _load(self) -> None:
        try:
            self.per, self.versus = gather(self.app.store)
        except CompanionError as error:
            self.per, self.versus, self.trouble = {}, {}, error.msg

    def compose(self) -> ComposeResult:
        self._load()
        games = [g for g in registry.available() if any(k[1] == g.id for k in self.per)] or registry.available()
        if self.game not in [g.id for g in games]:
            self.game = games[0].id
        yield Static(self.tr(TITLE), classes="title")
        with VerticalScroll():
            with Horizontal(id="pick"):
                yield Select([(self.tr(g.title), g.id) for g in games], value=self.game, allow_blank=False,
                             id="game", compact=True)
                yield Select([(self.tr(EVERYONE), "")], value="", allow_blank=False, id="player", compact=True)
            yield Static("", id="trouble", classes="error")
            yield DataTable(cursor_type="row", id="table", zebra_stripes=True)
            yield Static("", id="versus")
            yield Static("", id="trend")
            yield Lines([], ylim=(0, 100), id="rate")
        with Bar(id="bar", classes="bar"):
            yield Button(self.tr(BACK), id="back", compact=True)
            yield Button(self.tr(PLAYERS), id="players", compact=True)
            yield Button(self.tr(DETAIL), id="detail", compact=True)
        yield self.foot_line(KEYS)

    def lines(self) -> list[Line]:
        found = [line for (name, game), line in self.per.items() if game == self.game]
        return sorted(found, key=lambda line: (-line.matches, -line.wins, line.name.casefold()))

    def fill(self) -> None:
        lines = self.lines()
        self.query_one("#detail", Button).display = ui_for(self.game).offers("stats")
        self.query_one("#trouble", Static).update(self.tr(self.trouble) if self.trouble else "")
        picker = self.query_one("#player", Select)
        options = [(self.tr(EVERYONE), "")] + [(line.name, line.name) for line in lines]
        if self.player not in [line.name for line in lines]:
            self.player = None
        with picker.prevent(Select.Changed):
            picker.set_options(options)
            picker.value = self.player or ""
        table = self.query_one("#table", DataTable)
        table.clear(columns=True)
        game = registry.get(self.game) if self.game else None
        report = list((game.report or {}).keys()) if game else []
        table.add_columns(*(self.tr(c) for c in COLUMNS), *(self.tr(game.label(k)) for k in report if game))
        shown = [line for line in lines if self.player in (None, line.name)]
        for line in shown:
            data = row(line)
            table.add_row(line.name, str(line.matches), str(line.wins), f"{100 * line.win_rate:.0f}",
                          str(line.current_streak), str(line.best_streak),
                          *(figure(data["figures"][k], self.app.lang) for k in report), key=line.name)
        if not lines:
            table.add_row(self.tr(NONE), *([""] * (len(COLUMNS) - 1 + len(report))))
        versus = [f"{a} {w[0]}–{w[1]} {b}" for (g, a, b), w in sorted(self.versus.items())
                  if g == self.game and (self.player is None or self.player in (a, b))]
        self.query_one("#versus", Static).update(self.tr(VERSUS, lines=" · ".join(versus)) if versus else "")
        trend = [self.tr(said) for line in shown for said in trend_lines(game, line.name, line.trend())] if game else []
        said = self.query_one("#trend", Static)
        said.update("\n".join(trend))
        said.display = bool(trend)
        plotted = [line for line in shown if line.results][:6]
        plot = self.query_one("#rate", Lines)
        plot.show([(line.name, *win_rate_series(line)) for line in plotted],
                  xlabel=self.tr(RATE) if plotted else "")
        plot.display = bool(plotted)

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        if str(event.value) == self.game:  # the picker says its first value once mounted: already filled
            return
        self.game = str(event.value)
        self.player = None
        self.fill()

    @on(Select.Changed, "#player")
    def player_changed(self, event: Select.Changed) -> None:
        player = str(event.value) or None
        if player == self.player:  # the picker says its first value once mounted: already filled
            return
        self.player = player
        self.fill()

    @on(Button.Pressed, "#players")
    def players(self) -> None:
        self.app.push_screen(PlayersScreen())

    def on_screen_suspend(self) -> None:
        self.away = True

    def on_screen_resume(self) -> None:
        if getattr(self, "away", False):  # back from the roster: a rename or a merge changes the lines
            self.away = False
            self._load()
            self.fill()

    @on(Button.Pressed, "#detail")
    def detail(self) -> None:
        screen = ui_for(self.game).stats_screen()
        if screen is not None:
            self.app.push_screen(screen)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()
