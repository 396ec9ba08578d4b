"""Each game's small UI object (its match screen, what of its log can be corrected, its gallery), and how the shell
finds it and opens a stored match on it.

The shell (home, setup, history, match end, past matches, the gallery) knows no
game by name: it asks ``ui_for(game_id)``, which imports
``companion.tui.games.<game_id>`` on first use. That module calls
:func:`register_ui` with a :class:`GameUI`. Tests register their own.
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from companion.core.i18n import Msg

if TYPE_CHECKING:
    from textual.pilot import Pilot
    from textual.screen import Screen
    from textual.widget import Widget

    from companion.games.base import Operation
    from companion.store.database import Store
    from companion.store.session import MatchSession

GalleryState = Callable[["Pilot[None]"], Awaitable[None]]
NOT_CORRECTABLE = Msg("This entry cannot be corrected here; undo to change it.",
                      "Cette entrée ne se corrige pas ici ; annulez pour la changer.")


class GameUI:
    """What the shell needs from a game's UI. Subclass it in ``companion/tui/games/<game_id>``."""

    game_id: str = ""

    def match_screen(self, session: MatchSession) -> Screen[None]:
        raise NotImplementedError

    def correct(self, screen: Any, seq: int, op: Operation) -> bool:
        """Open an editor for log entry ``seq`` on ``screen`` (the history), which offers
        ``screen.correct(seq, new_op)``; False if such an entry cannot be corrected."""
        return False

    not_correctable: Msg = NOT_CORRECTABLE

    def corrects(self, session: MatchSession) -> bool:
        """Some entries of this match can be corrected from its history (its title then says to tap one)."""
        return False

    def past_notes(self, summary: dict[str, Any], lang: str) -> str:
        """A short note for the past-matches list (cribbage: its skunks)."""
        return ""

    def setup_rows(self, screen: Any) -> list[tuple[Msg, Widget]]:
        """Setup fields a rules dataclass cannot describe (Le 31: a deck file of the table's own), as (label,
        widget) rows of the setup form ``screen``."""
        return []

    def setup_values(self, screen: Any) -> dict[str, Any]:
        """The house-rule values those fields give, read when the match starts (a SetupError says why not)."""
        return {}

    def offers(self, screen: str) -> bool:
        """Whether this game has a screen of its own for ``"stats"`` or ``"practice"`` (home and the statistics
        screen offer it then)."""
        return getattr(type(self), f"{screen}_screen") is not getattr(GameUI, f"{screen}_screen")

    def stats_screen(self) -> Screen[None] | None:
        """The game's statistics screen, if it has one (home offers it)."""
        return None

    def practice_screen(self) -> Screen[None] | None:
        """The game's solo practice drills, if it has some (home offers them)."""
        return None

    def past_legend(self) -> Msg | None:
        """What the game's note in the past-matches list means (cribbage: S and SS)."""
        return None

    def fill_gallery(self, store: Store) -> None:
        """Put the matches this game's gallery states need into a fresh store."""

    def gallery(self) -> dict[str, GalleryState]:
        """Named screen states for the screenshots and the snapshot tests."""
        return {}


_UIS: dict[str, GameUI] = {}


def register_ui(ui: GameUI) -> GameUI:
    _UIS[ui.game_id] = ui
    return ui


def unregister_ui(game_id: str) -> None:
    _UIS.pop(game_id, None)


def ui_for(game_id: str) -> GameUI:
    """The UI object of a game: ``companion.tui.games.<game_id>``, or found among the UI packages (one package
    may register several games, like the two Trente-et-un)."""
    if game_id not in _UIS:
        try:
            importlib.import_module(f"companion.tui.games.{game_id}")
        except ModuleNotFoundError:
            import pkgutil

            import companion.tui.games

            for module in pkgutil.iter_modules(companion.tui.games.__path__):
                importlib.import_module(f"companion.tui.games.{module.name}")
    return _UIS[game_id]


def open_match(app: Any, match_id: int) -> bool:
    """Resume any stored match on its game's screen. A damaged match opens a dialog that says why and
    offers export, set aside or delete; any other trouble is one line, and the app stays where it is."""
    from companion.core.errors import CompanionError
    from companion.store.errors import DamagedMatchError
    from companion.store.session import MatchSession

    try:
        session = MatchSession(app.store, match_id)
    except DamagedMatchError as exc:
        show_damaged(app, match_id, exc.why)
        return False
    except CompanionError as exc:
        app.notify(exc.text(app.lang), severity="error")
        return False
    app.push_screen(ui_for(session.game.id).match_screen(session))
    return True


def show_damaged(app: Any, match_id: int, why: Msg) -> None:
    from companion.core.errors import CompanionError
    from companion.tui.dialogs.damaged import DamagedMatchDialog

    try:
        record = app.store.match(match_id)
    except CompanionError as exc:
        app.notify(exc.text(app.lang), severity="error")
        return
    app.push_screen(DamagedMatchDialog(record, why))  # the screen below refreshes its list on resume
