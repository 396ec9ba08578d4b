"""Home: start a match of any game, resume one, look at past matches, read the rules, switch language."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.games import registry
from companion.games.listing import Listing
from companion.records.summary import score_line, sides_of
from companion.store.database import MatchRecord
from companion.store.errors import DamagedMatchError
from companion.tui.game_ui import ui_for
from companion.tui.screens.base import BaseScreen
from companion.tui.widgets.menu import Menu, MenuKey
from companion.tui.widgets.plain import Button, Static

SEEN = Msg("Seen: stop saying it", "Vu : ne plus le dire")
WELCOME = Msg("companion — keeps the score beside your card table", "companion — tient le pointage à côté de votre table")
NEW = Msg("New match: {game}", "Nouveau match : {game}")
RESUME = Msg("Resume: {players} · {score}", "Reprendre : {players} · {score}")
RESUME_GAME = Msg("Resume {game}: {players} · {score}", "Reprendre {game} : {players} · {score}")
PAST = Msg("Past matches", "Matchs passés")
RULES = Msg("Rules of the games", "Règles des jeux")
STATISTICS = Msg("Statistics", "Statistiques")
CLUB = Msg("Cribbage club night", "Soirée de club de cribbage")
PRACTICE = Msg("Practice: {game}", "Entraînement : {game}")
LANG = Msg("Français", "English")
QUIT = Msg("Quit", "Quitter")
KEYS = Msg("keys: ↑↓ enter · n new match · p past · s statistics · h rules · l language",
           "touches : ↑↓ entrée · n nouveau · p passés · s stats · h règles · l langue")
DAMAGED = Msg("Damaged: {players} — {why}", "Endommagé : {players} — {why}")
RESUMABLE = 3  # unfinished matches offered on home


class HomeScreen(BaseScreen):
    BINDINGS = [("n", "new", "New"), ("p", "past", "Past"), ("h", "help", "Help"), ("l", "lang", "Language"),
                ("s", "statistics", "Statistics")]

    DEFAULT_CSS = """
    HomeScreen { align: center top; }
    HomeScreen > .title, HomeScreen > .notice, HomeScreen > Button, HomeScreen > Menu { width: 100%; max-width: 80; }
    HomeScreen > Menu { height: 1fr; }
    HomeScreen .notice { color: $warning; padding: 0 1 1 1; }
    HomeScreen .title { padding: 1 1; text-align: center; }
    """

    @property
    def games(self) -> list[Listing]:
        """The games as their packages list them: the home screen loads a game's rules only once it is chosen."""
        return registry.listed()

    def compose(self) -> ComposeResult:
        yield Static(self.tr(WELCOME), classes="title")
        if self.app.notice is not None:
            yield Static(self.tr(self.app.notice), classes="notice", id="notice")
        for i, said in enumerate(self.app.set_aside):
            yield Static(self.tr(said), classes="notice", id=f"set-aside-{i}")
        if self.app.set_aside:
            yield Button(self.tr(SEEN), id="set-aside-seen")
        records, trouble = self._resumable()
        if trouble is not None:
            yield Static(self.tr(trouble), classes="notice", id="store-trouble")
        yield Menu(self.keys(records), id="menu")
        yield self.foot_line(KEYS)

    def keys(self, records: list[MatchRecord]) -> list[MenuKey | None]:
        """New matches, the matches to resume, then the rest (a line between the groups). Language comes right
        after Past matches: within reach at 80×24 whatever the number of games."""
        games = self.games
        keys: list[MenuKey | None] = [MenuKey(f"new-{game.id}", self.tr(NEW, game=game.title), "bold",
                                              self.tr(game.about) if game.about else "") for game in games]
        titles = {g.id: g.title for g in games}
        resumes = [self._resume_key(record, titles) for record in records]
        keys += [None, *resumes] if resumes else []
        keys += [None, MenuKey("past", self.tr(PAST)), MenuKey("lang", self.tr(LANG)), MenuKey("rules", self.tr(RULES)),
                 MenuKey("statistics", self.tr(STATISTICS)), MenuKey("club", self.tr(CLUB))]
        keys += [MenuKey(f"practice-{game.id}", self.tr(PRACTICE, game=game.title)) for game in games
                 if ui_for(game.id).offers("practice")]
        keys.append(MenuKey("quit", self.tr(QUIT), "$text-error"))
        return keys

    def _resume_key(self, record: MatchRecord, titles: dict[str, Msg]) -> MenuKey:
        key = f"resume-{record.id}"
        players = " · ".join(sides_of(record.summary))
        why = self.damage(record)
        if why is not None:
            return MenuKey(key, self.tr(DAMAGED, players=players or f"#{record.id}", why=why), "$text-warning")
        score = score_line(record.summary)
        if len(titles) > 1:
            return MenuKey(key, self.tr(RESUME_GAME, game=titles.get(record.game, record.game), players=players,
                                        score=score))
        return MenuKey(key, self.tr(RESUME, players=players, score=score))

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
    _key: str | None = None  # the key that was lit when the screen was last drawn anew or covered

    def on_screen_suspend(self) -> None:
        self._left = True
        self.before_recompose()  # the key left, to come back to

    async def on_screen_resume(self) -> None:
        if self._left:  # back from another screen (its first showing follows its compose: nothing to redo)
            await self.recompose()  # the list of matches to resume may have changed

    async def recompose(self) -> None:
        """Drawn anew (another language, back from another screen, a notice seen): the key that was lit is lit
        again, and the menu has the focus again; back from a match just started and left unfinished, its Resume
        key is lit (the way back into it)."""
        self.before_recompose()
        shown = {key for menu in self.query(Menu) for key in menu.key_ids()}
        await super().recompose()
        fresh = [key for menu in self.query(Menu) for key in menu.key_ids()
                 if key.startswith("resume-") and key not in shown]
        if fresh:
            self._key = fresh[0]
        self.fill()

    def before_recompose(self) -> None:
        """The key that is lit, lit again once the screen is drawn anew. The menu may be between two drawings
        (another screen opened while home was being drawn anew, back from the last one): nothing to keep then."""
        for menu in self.query(Menu):
            option = menu.highlighted_option
            if option is not None:
                self._key = option.id

    def fill(self) -> None:  # on mount, and each time the screen is drawn anew
        """In a terminal the menu has the focus and a key is lit (the one the player left, else the first):
        Enter starts a match, ↑↓ go along the list. A tablet's page lights none: a finger needs no focus, and a
        lit key would look chosen."""
        for menu in self.query(Menu):  # none while another screen covers a home being drawn anew
            if self.touch:
                menu.highlighted = None
                continue
            menu.light(self._key)
            menu.focus(scroll_visible=False)

    def action_new(self) -> None:
        """A new match of the game whose New match key is lit, else of the first game."""
        option = self.query_one(Menu).highlighted_option
        lit = option.id.removeprefix("new-") if option is not None and option.id else ""
        self.new(next((g for g in self.games if g.id == lit), self.games[0]))

    def new(self, game: Listing) -> None:
        from companion.tui.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen(registry.get(game.id)))

    @on(Button.Pressed, "#set-aside-seen")
    def set_aside_seen(self) -> None:
        from companion.store.recovery import forget_set_aside

        forget_set_aside(self.app.store.path)
        self.app.set_aside = []
        self.refresh(recompose=True)

    def action_past(self) -> None:
        from companion.tui.screens.past import PastMatchesScreen

        self.app.push_screen(PastMatchesScreen())

    def action_help(self) -> None:
        """The rules of one game: straight to them with a single game, else a choice."""
        games = self.games
        if len(games) == 1:
            self.help(games[0])
            return
        from companion.tui.dialogs.choice import ChoiceDialog

        answers = [(self.tr(game.title), game) for game in games] + [("✕", None)]
        self.app.push_screen(ChoiceDialog(self.tr(RULES), "", answers, lead=True),
                             lambda game: self.help(game) if game is not None else None)

    def help(self, game: Listing) -> None:
        from companion.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(game.help_name or game.id))

    def action_lang(self) -> None:
        self.app.set_lang("en" if self.app.lang == "fr" else "fr")

    def action_statistics(self) -> None:
        from companion.tui.screens.statistics import StatisticsScreen

        self.app.push_screen(StatisticsScreen())

    def club(self) -> None:
        from companion.tui.screens.club import ClubNightsScreen

        self.app.push_screen(ClubNightsScreen())

    @on(Menu.OptionSelected)
    def chosen(self, event: Menu.OptionSelected) -> None:
        """A key of the menu, tapped or chosen with Enter."""
        key = event.option_id or ""
        kind, _, rest = key.partition("-")
        if kind == "new":
            self.new(next(g for g in self.games if g.id == rest))
        elif kind == "practice":
            screen = ui_for(rest).practice_screen()
            if screen is not None:
                self.app.push_screen(screen)
        elif kind == "resume":
            from companion.tui.game_ui import open_match

            open_match(self.app, int(rest))
        else:
            {"past": self.action_past, "rules": self.action_help, "lang": self.action_lang,
             "statistics": self.action_statistics, "club": self.club, "quit": self.app.exit}[key]()

