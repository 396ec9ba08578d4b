"""Cribbage statistics per player, over every saved cribbage match, with charts drawn in text."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll

from companion.core.cards import CardList
from companion.core.errors import CompanionError
from companion.core.i18n import Decimal, Msg
from companion.games.cribbage.distribution import published_distribution
from companion.games.cribbage.engine import CribbageMatch
from companion.games.cribbage.stats import PlayerStats, deal_points, player_stats
from companion.store.session import MatchSession
from companion.tui.games.cribbage.charts import bar_chart, columns
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.fields import Select
from companion.tui.widgets.plain import Button, Static
from companion.tui.widgets.plots import Lines

TITLE = Msg("Cribbage statistics", "Statistiques de cribbage")
PLAYER = Msg("Player", "Joueur")
NONE = Msg("No cribbage match saved yet.", "Aucun match de cribbage enregistré pour l'instant.")
BACK = Msg("Back", "Retour")
KEYS = Msg("Esc: back", "Échap : retour")
ROWS = (
    (Msg("Matches won / lost", "Matchs gagnés / perdus"), lambda p: f"{p.matches_won} / {p.matches_lost}"),
    (Msg("Games won / lost", "Parties gagnées / perdues"), lambda p: f"{p.games_won} / {p.games_lost}"),
    (Msg("Skunks given / taken", "Skunks donnés / reçus"), lambda p: f"{p.skunks_given} / {p.skunks_taken}"),
    (Msg("Deals", "Donnes"), lambda p: str(p.deals)),
    (Msg("Average hand", "Main moyenne"), lambda p: Decimal(p.average_hand)),
    (Msg("Average crib", "Crib moyen"), lambda p: Decimal(p.average_crib)),
    (Msg("Pegging per deal", "Points au jeu par donne"), lambda p: Decimal(p.pegging_per_deal)),
)
BEST = Msg("Best hand: {n} ({cards} · starter {starter})", "Meilleure main : {n} ({cards} · coupe {starter})")
BIG = Msg("Every 28 and 29: {hands}", "Tous les 28 et 29 : {hands}")
NO_BIG = Msg("No 28 or 29 yet.", "Pas encore de 28 ni de 29.")
HANDS = Msg("Hand scores (how many hands counted each total)", "Valeur des mains (combien de mains par total)")
AGAINST = Msg("Hand scores against every possible hand (% of hands at each total; the table the app ships)",
               "Valeur des mains comparée à toutes les mains possibles (% des mains à chaque total ; la table fournie)")
POINTS = Msg("points in the hand", "points de la main")
EVERY = Msg("every hand", "toutes les mains")
LAST = Msg("Points per deal, last match ({players})", "Points par donne, dernier match ({players})")
COLOURS = ("#e8453c", "#4da3ff", "#5fd068", "#f2c230")


class CribbageStatsScreen(BaseScreen):
    BINDINGS = [("escape", "back", "Back")]

    DEFAULT_CSS = """
    CribbageStatsScreen VerticalScroll { padding: 0 1; height: 1fr; }
    CribbageStatsScreen #pick { height: auto; }
    CribbageStatsScreen #pick Select { width: 40; }
    CribbageStatsScreen .chart { margin: 1 0 0 0; height: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.matches: list[CribbageMatch] = []
        self.stats: dict[str, PlayerStats] = {}
        self.chosen: str | None = None

    def _load(self) -> None:
        """Replay every readable cribbage match (a damaged one is left out, never a crash)."""
        self.matches = []
        try:
            records = [r for r in self.app.store.list_matches() if r.game == "cribbage" and r.damaged is None]
        except CompanionError:
            records = []
        for record in reversed(records):  # oldest first
            try:
                self.matches.append(MatchSession(self.app.store, record.id).match)  # type: ignore[arg-type]
            except CompanionError:
                continue
        self.stats = player_stats(self.matches)

    def compose(self) -> ComposeResult:
        if not self.matches:
            self._load()
        yield Static(self.tr(TITLE), classes="title")
        with VerticalScroll():
            if not self.stats:
                yield Static(self.tr(NONE))
            else:
                options = [(p.name, key) for key, p in sorted(self.stats.items(), key=lambda kv: kv[1].name.casefold())]
                self.chosen = self.chosen if self.chosen in self.stats else options[0][1]
                with Horizontal(id="pick"):
                    yield Select(options, value=self.chosen, allow_blank=False, id="player", compact=True)
                yield Static("", id="figures")
                yield Static("", id="hands", classes="chart")
                yield Static(self.tr(AGAINST), classes="chart")
                yield Lines([], xlabel=self.tr(POINTS), id="against")
                yield Static("", id="deals", classes="chart")
        yield Button(self.tr(BACK), id="back", compact=True)
        yield self.foot_line(KEYS)

    def fill(self) -> None:
        if not self.stats or self.chosen is None:
            return
        player = self.stats[self.chosen]
        lines = Text()
        for label, value in ROWS:
            lines.append(f"{self.tr(label):<30}", style="dim")
            figure = value(player)  # a decimal is written the language's way: 5.50 / 5,50
            lines.append(f"{figure.display(self.app.lang) if isinstance(figure, Decimal) else figure:>9}\n", style="bold")
        if player.best_hand:
            n, cards, starter = player.best_hand
            lines.append(self.tr(BEST, n=n, cards=CardList(cards), starter=starter) + "\n")
        if player.big_hands:
            big = ", ".join(f"{n} ({CardList(c).display(self.app.lang)} · {s.display(self.app.lang)})"
                            for n, c, s in player.big_hands)
            lines.append(self.tr(BIG, hands=big))
        else:
            lines.append(self.tr(NO_BIG))
        self.query_one("#figures", Static).update(lines)
        top = max(player.hand_counts, default=0)
        hands = Text(self.tr(HANDS) + "\n", style="bold")
        hands.append_text(bar_chart(player.hand_counts, width=36, keys=range(0, max(top, 12) + 1)))
        self.query_one("#hands", Static).update(hands)
        exact = published_distribution()["hand"]
        total = sum(exact.values())
        shown = sum(player.hand_counts.values())
        xs = [float(n) for n in range(30)]
        series = [(self.tr(EVERY), xs, [100 * exact.get(n, 0) / total for n in range(30)])]
        if shown:
            series.insert(0, (player.name, xs, [100 * player.hand_counts.get(n, 0) / shown for n in range(30)]))
        self.query_one("#against", Lines).show(series)
        last = next((m for m in reversed(self.matches)
                     if any(n.strip().casefold() == self.chosen for n in m.names)), None)
        deals = Text()
        if last is not None:
            names = [last.side_name(s) for s in range(last.sides)]
            per_deal = deal_points(last)
            points = [[deal[s] for deal in per_deal] for s in range(last.sides)]
            deals.append(self.tr(LAST, players=" · ".join(names)) + "\n", style="bold")
            deals.append_text(columns(points, names, COLOURS))
        self.query_one("#deals", Static).update(deals)

    @on(Select.Changed, "#player")
    def player_changed(self, event: Select.Changed) -> None:
        self.chosen = str(event.value)
        self.fill()

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

