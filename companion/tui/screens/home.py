"""Home: start a match of any game, resume one, look at past matches, read the rules, switch language."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games import registry
from companion.games.listing import Listing
from companion.records.summary import score_line, sides_of
from companion.store.database import MatchRecord
from companion.store.errors import DamagedMatchError
from companion.tui.games import ui_for
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.plain import Button, Static

SEEN = Msg("Seen: stop saying it", "Vu : ne plus le dire")
WELCOME = Msg("companion — keeps the score beside your card table", "companion — tient le pointage à côté de votre table")
NEW = Msg("New match: {game}", "Nouveau match : {game}")
RESUME = Msg("Resume: {players} · {score}", "Reprendre : {players} · {score}")
RESUME_GAME = Msg("Resume {game}: {players} · {score}", "Reprendre {game} : {players} · {score}")
PAST = Msg("Past matches", "Matchs passés")
HELP = Msg("Rules: {game}", "Règles : {game}")
RULES = Msg("Rules of the games", "Règles des jeux")
STATISTICS = Msg("Statistics", "Statistiques")
CLUB = Msg("Cribbage club night", "Soirée de club de cribbage")
PRACTICE = Msg("Practice: {game}", "Entraînement : {game}")
LANG = Msg("Français", "English")
QUIT = Msg("Quit", "Quitter")
KEYS = Msg("keys: n new match · p past · s statistics · h rules · l language · ctrl+q quit",
           "touches : n nouveau · p passés · s stats · h règles · l langue · ctrl+q quitter")
DAMAGED = Msg("Damaged: {players} — {why}", "Endommagé : {players} — {why}")
RESUMABLE = 3  # unfinished matches offered on home


class HomeScreen(BaseScreen):
    BINDINGS = [("n", "new", "New"), ("p", "past", "Past"), ("h", "help", "Help"), ("l", "lang", "Language"),
                ("s", "statistics", "Statistics")]

    DEFAULT_CSS = """
    HomeScreen { align: center top; }
    HomeScreen > VerticalScroll { width: 100%; max-width: 80; height: 1fr; padding: 0 1; }
    HomeScreen .notice { color: $warning; padding: 0 1 1 1; }
    HomeScreen .title { padding: 1 1; text-align: center; width: 100%; }
    """

    @property
    def games(self) -> list[Listing]:
        """The games as their packages list them: the home screen loads a game's rules only once it is chosen."""
        return registry.listed()

    def compose(self) -> ComposeResult:
        games = self.games
        several = len(games) > 1
        with VerticalScroll():
            yield Static(self.tr(WELCOME), classes="title")
            if self.app.notice is not None:
                yield Static(self.tr(self.app.notice), classes="notice", id="notice")
            for i, said in enumerate(self.app.set_aside):
                yield Static(self.tr(said), classes="notice", id=f"set-aside-{i}")
            if self.app.set_aside:
                yield Button(self.tr(SEEN), id="set-aside-seen")
            with Vertical(classes="menu"):
                for game in games:
                    yield Button(self.tr(NEW, game=game.title), id=f"new-{game.id}", variant="primary")
                records, trouble = self._resumable()
                if trouble is not None:
                    yield Static(self.tr(trouble), classes="notice", id="store-trouble")
                for record in records:
                    players = " · ".join(sides_of(record.summary))
                    score = score_line(record.summary)
                    why = self.damage(record)
                    if why is not None:
                        label = self.tr(DAMAGED, players=players or f"#{record.id}", why=why)
                    elif several:
                        titles = {g.id: g.title for g in games}
                        title = titles[record.game] if record.game in titles else record.game
                        label = self.tr(RESUME_GAME, game=title, players=players, score=score)
                    else:
                        label = self.tr(RESUME, players=players, score=score)
                    yield Button(label, id=f"resume-{record.id}", variant="warning" if why else "default")
                yield Button(self.tr(PAST), id="past")
                yield Button(self.tr(LANG), id="lang")  # within reach at 80×24 whatever the number of games
                yield Button(self.tr(RULES), id="rules")
                yield Button(self.tr(STATISTICS), id="statistics")
                yield Button(self.tr(CLUB), id="club")
                for game in games:
                    if ui_for(game.id).offers("practice"):
                        yield Button(self.tr(PRACTICE, game=game.title), id=f"practice-{game.id}")
                yield Button(self.tr(QUIT), id="quit", variant="error")
        yield Static(self.tr(KEYS), classes="keys")

    def _resumable(self) -> tuple[list[MatchRecord], Msg | None]:
        """The unfinished matches to offer, or the reason the store cannot be read right now."""
        try:
            return self.app.store.list_matches(finished=False)[:RESUMABLE], None
        except CompanionError as error:
            return [], error.msg

    def damage(self, record: MatchRecord) -> Msg | None:
        """Why a match cannot be opened, or None. Each stored version of a match is checked once."""
        if record.damaged is not None:
            return record.damaged
        key = (record.id, record.rev)
        cache = self.app.damage_checked
        if key not in cache:
            from companion.store.session import MatchSession

            try:
                MatchSession(self.app.store, record.id)
                cache[key] = None
            except DamagedMatchError as exc:
                cache[key] = exc.why
            except CompanionError:
                return None  # the store itself is in trouble: say nothing about this match
        return cache[key]

    _left = False  # set once another screen has covered this one
    _key: str | None = None  # the key that had the focus when another screen covered this one

    def on_screen_suspend(self) -> None:
        self._left = True
        self.before_recompose()  # the key left, to come back to

    async def on_screen_resume(self) -> None:
        if self._left:  # back from another screen (its first showing follows its compose: nothing to redo)
            await self.recompose()  # the list of matches to resume may have changed
            self.focus_key(self._key)

    def before_recompose(self) -> None:
        """The key that has the focus, given it again once the screen is drawn anew."""
        self._key = self.focused.id if self.focused is not None else None

    def fill(self) -> None:  # on mount, and after a change of language
        self.focus_key(self._key)

    def focus_key(self, key_id: str | None) -> None:
        """In a terminal, a key has the focus (``key_id``'s, else the first): Enter starts a match, Tab goes down
        the list, and back from another screen the player goes on from the key he left. A tablet's page shows no
        focus: a finger needs none, and a lit key would look chosen."""
        if self.app.served or self.app.is_web:
            return
        keys = list(self.query(".menu Button"))
        for key in [k for k in keys if k.id == key_id] or keys[:1]:
            # Scrolled only as far as it takes to show it (a focus would centre it, hiding the title for nothing).
            key.focus(scroll_visible=False)
            self.call_after_refresh(key.scroll_visible, animate=False)

    def action_new(self) -> None:
        self.new(self.games[0])

    def new(self, game: Listing) -> None:
        from companion.tui.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen(registry.get(game.id)))

    @on(Button.Pressed, "#set-aside-seen")
    def set_aside_seen(self) -> None:
        from companion.store.recovery import forget_set_aside

        forget_set_aside(self.app.store.path)
        self.app.set_aside = []
        self.refresh(recompose=True)

    @on(Button.Pressed, "#past")
    def action_past(self) -> None:
        from companion.tui.screens.past import PastMatchesScreen

        self.app.push_screen(PastMatchesScreen())

    @on(Button.Pressed, "#rules")
    def action_help(self) -> None:
        """The rules of one game: straight to them with a single game, else a choice."""
        games = self.games
        if len(games) == 1:
            self.help(games[0])
            return
        from companion.tui.dialogs.choice import ChoiceDialog

        answers = [(self.tr(game.title), game) for game in games] + [("✕", None)]
        self.app.push_screen(ChoiceDialog(self.tr(RULES), "", answers),
                             lambda game: self.help(game) if game is not None else None)

    def help(self, game: Listing) -> None:
        from companion.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(game.help_name or game.id))

    @on(Button.Pressed, "#lang")
    def action_lang(self) -> None:
        self.app.set_lang("en" if self.app.lang == "fr" else "fr")

    @on(Button.Pressed, "#statistics")
    def action_statistics(self) -> None:
        from companion.tui.screens.statistics import StatisticsScreen

        self.app.push_screen(StatisticsScreen())

    @on(Button.Pressed, "#club")
    def club(self) -> None:
        from companion.tui.screens.club import ClubNightsScreen

        self.app.push_screen(ClubNightsScreen())

    @on(Button.Pressed, "#quit")
    def quit(self) -> None:
        self.app.exit()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        kind, _, rest = (event.button.id or "").partition("-")
        if kind == "new":
            self.new(next(g for g in self.games if g.id == rest))
        elif kind == "help":
            self.help(next(g for g in self.games if g.id == rest))
        elif kind in ("stats", "practice"):
            ui = ui_for(rest)
            screen = ui.stats_screen() if kind == "stats" else ui.practice_screen()
            if screen is not None:
                self.app.push_screen(screen)
        elif kind == "resume":
            from companion.tui.games import open_match

            open_match(self.app, int(rest))
