"""2500's UI object: its one match screen (the running score sheet, a brasse counted or played turn by turn at a
real table, or played against the computer), and the correction of a brasse's count."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.i18n import Msg, Plural
from companion.tui.game_ui import GalleryState, GameUI, register_ui

if TYPE_CHECKING:  # the home screen imports this module: the rules are loaded with a match
    from companion.games.base import Operation
    from companion.store.database import Store
    from companion.store.session import MatchSession
    from companion.tui.games.rummy2500.screen import Rummy2500Screen

ONLY_BRASSES = Msg("A brasse's count is corrected here; the plays of a brasse played turn by turn, with Undo.",
                   "Le décompte d'une brasse se corrige ici ; les coups d'une brasse jouée tour par tour, avec Annuler.")


class Rummy2500UI(GameUI):
    game_id = "rummy2500"
    not_correctable = ONLY_BRASSES

    def corrects(self, session: MatchSession) -> bool:
        return session.setup.mode != "virtual"  # the app's own deal is what it is: Undo takes a choice back

    def correct(self, screen: Any, seq: int, op: Operation) -> bool:
        """A brasse's count: the end-of-brasse entry opens filled in, as it was before that entry."""
        from companion.games.rummy2500.ops import Brasse
        from companion.tui.games.rummy2500.brasse import BrasseDialog

        if not isinstance(op, Brasse):
            return False
        session = screen.session
        before = session.game.match.replay(session.setup, session.match.log[: seq - 1])
        played = before.brasse_entry() if before.bp is not None and before.bp.over else None
        screen.app.push_screen(BrasseDialog(before, played, entered=op),
                               lambda new: new is not None and screen.correct(seq, new))
        return True

    def match_screen(self, session: MatchSession) -> Rummy2500Screen:
        from companion.tui.games.rummy2500.screen import Rummy2500Screen

        return Rummy2500Screen(session)

    def past_notes(self, summary: dict[str, Any], lang: str) -> str:
        n = summary.get("brasses")
        return Plural(n, ("brasse", "brasses")).display(lang) if isinstance(n, int) else ""

    def fill_gallery(self, store: Store) -> None:
        from companion.tui.games.rummy2500.gallery import fill

        fill(store)

    def gallery(self) -> dict[str, GalleryState]:
        from companion.tui.games.rummy2500.gallery import STATES

        return STATES


UI = register_ui(Rummy2500UI())
