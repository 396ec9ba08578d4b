"""The end of a game or of the match, for any game: who won, the game's result lines, what next."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll

from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.store.errors import ConflictError
from companion.store.session import MatchSession
from companion.tui.dialogs.base import BaseModal
from companion.tui.dialogs.share import ShareDialog
from companion.tui.widgets.layout import Bar
from companion.tui.widgets.plain import Button, Static
from companion.tui.widgets.plots import ScoreRace

NEXT_GAME = Msg("Next game", "Partie suivante")
REMATCH = Msg("Rematch", "Revanche")
UNDO = Msg("Undo last entry", "Annuler la dernière entrée")
HOME = Msg("Home", "Accueil")
VIEW = Msg("View board and log", "Voir le jeu et le journal")
SHARE = Msg("Share", "Partager")
REVIEW = Msg("Review", "Analyse")


class MatchEndScreen(BaseModal[str | MatchSession | Msg]):
    """Dismisses with "undo", "home", None (next game started), a new session (rematch) or a Msg (another device
    changed the match first: the match was reloaded).

    No key has the focus at first: a keeper still typing the last count, or a stray Enter, starts nothing (Tab
    reaches the keys). The round that ended it (the last showdown, the last brasse) is shown above the race."""

    AUTO_FOCUS = ""
    DEFAULT_CSS = """
    MatchEndScreen #last-round { height: auto; max-height: 7; }
    MatchEndScreen.-small #last-round { max-height: 4; }
    MatchEndScreen.-small.-round ScoreRace { height: 8; }
    """

    def __init__(self, session: MatchSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        match = self.session.match
        over = match.is_over
        with Vertical():
            yield Static(self.tr(match.end_title()), classes="title")
            badge = match.end_badge()
            if badge is not None:
                yield Static(self.tr(badge), classes="announce", id="badge")
            for line in match.result_lines():
                yield Static(self.tr(line))
            last = match.last_event
            if last is not None and last.report:
                self.add_class("-round")
                with VerticalScroll(id="last-round"):
                    yield Static("\n".join(self.tr(line) for line in last.report), id="last-report")
            yield ScoreRace(match, self.app.lang, id="race")
            with Bar(classes="bar"):
                if over and self.app.only_match is None:  # a tablet of one match starts no other
                    yield Button(self.tr(match.rematch_label() or REMATCH), id="rematch", variant="primary")
                else:
                    yield Button(self.tr(NEXT_GAME), id="next", variant="primary")
                yield Button(self.tr(UNDO), id="undo")
                yield Button(self.tr(HOME), id="home")
            with Bar(classes="bar"):  # a second row: five buttons do not fit 80 columns
                if over:  # a finished match can be looked at: the board and the log, nothing to enter
                    yield Button(self.tr(VIEW), id="view")
                yield Button(self.tr(SHARE), id="share")
                yield Button(self.tr(REVIEW), id="review")  # never focused at first: AUTO_FOCUS above
            yield Static("", id="note", classes="message error")

    @on(Button.Pressed, "#next")
    def next_game(self) -> None:
        op = self.session.match.continue_op()
        try:
            if op is not None:
                self.session.apply(op)
        except ConflictError as error:  # another device moved first: the match screen shows what is stored
            self.dismiss(error.msg)
            return
        except CompanionError as error:  # a store that refuses writes: said here, nothing changed
            self.query_one("#note", Static).update(self.tr(error.msg))
            return
        self.dismiss(None)

    @on(Button.Pressed, "#rematch")
    def rematch(self) -> None:
        try:
            session = self.session.rematch()
        except CompanionError as error:
            self.query_one("#note", Static).update(self.tr(error.msg))
            return
        self.dismiss(session)

    @on(Button.Pressed, "#undo")
    def undo(self) -> None:
        self.dismiss("undo")

    @on(Button.Pressed, "#view")
    def view(self) -> None:
        self.dismiss("view")

    @on(Button.Pressed, "#share")
    def share(self) -> None:
        self.app.push_screen(ShareDialog(self.app.store.match(self.session.match_id)))

    @on(Button.Pressed, "#review")
    def review(self) -> None:
        from companion.tui.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.session.match_id))

    @on(Button.Pressed, "#home")
    def home(self) -> None:
        self.dismiss("home")
