"""The end of a game or of the match: winner, skunks, game points, what next."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from companion.i18n import Msg
from companion.session import CribbageSession
from companion.tui.screens.base import BaseModal

GAME_WON = Msg("{name} wins the game!", "{name} gagne la partie !")
MATCH_WON = Msg("{name} wins the match!", "{name} gagne le match !")
SKUNKS = {0: Msg("", ""), 1: Msg("Skunk!", "Skunk !"), 2: Msg("Double skunk!", "Double skunk !")}
GAME_LINE = Msg("Game {n}: {scores} — {name}, {points} game point(s){skunk}",
                "Partie {n} : {scores} — {name}, {points} point(s) de match{skunk}")
TOTAL = Msg("Match: {points} (first to {need})", "Match : {points} (premier à {need})")
NEXT_GAME = Msg("Next game", "Partie suivante")
REMATCH = Msg("Rematch (loser deals)", "Revanche (le perdant donne)")
UNDO = Msg("Undo last entry", "Annuler la dernière entrée")
HOME = Msg("Home", "Accueil")


class MatchEndScreen(BaseModal):
    """Dismisses with "undo", "home", None (next game started) or a new session (rematch)."""

    def __init__(self, session: CribbageSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        match = self.session.match
        last = match.games[-1]
        over = match.phase == "match_over"
        with Vertical():
            yield Static(self.tr(MATCH_WON if over else GAME_WON, name=match.side_name(last.winner)), classes="title")
            if last.skunk:
                yield Static(self.tr(SKUNKS[last.skunk]), classes="announce", id="skunk")
            for n, game in enumerate(match.games, 1):
                skunk = f" · {self.tr(SKUNKS[game.skunk])}" if game.skunk else ""
                yield Static(self.tr(GAME_LINE, n=n, scores="–".join(map(str, game.scores)),
                                     name=match.side_name(game.winner), points=game.game_points, skunk=skunk))
            need = match.rules.games_to_win * match.win_points
            yield Static(self.tr(TOTAL, points="–".join(map(str, match.game_points)), need=need), classes="prompt")
            with Horizontal(classes="bar"):
                if over:
                    yield Button(self.tr(REMATCH), id="rematch", variant="primary")
                else:
                    yield Button(self.tr(NEXT_GAME), id="next", variant="primary")
                yield Button(self.tr(UNDO), id="undo")
                yield Button(self.tr(HOME), id="home")

    @on(Button.Pressed, "#next")
    def next_game(self) -> None:
        from companion.games.cribbage.ops import NewGame

        self.session.apply(NewGame())
        self.dismiss(None)

    @on(Button.Pressed, "#rematch")
    def rematch(self) -> None:
        self.dismiss(self.session.rematch())

    @on(Button.Pressed, "#undo")
    def undo(self) -> None:
        self.dismiss("undo")

    @on(Button.Pressed, "#home")
    def home(self) -> None:
        self.dismiss("home")
