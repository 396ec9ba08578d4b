"""What every screen shares: the player's language and the small-screen layout (dialogs: ``dialogs/base.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual._context import NoActiveAppError
from textual.screen import Screen

from companion.core.i18n import Msg
from companion.tui.widgets.plain import Static
from companion.tui.widgets.sizes import NARROW_WIDTH, SMALL_HEIGHT, WIDE_WIDTH

if TYPE_CHECKING:
    from textual import getters

    from companion.tui.host import HostApp

    # The mixin below is a Screen for mypy only (at run time each screen class brings its own Textual base), of any
    # result: screens and dialogs alike are Localized.
    _Host = Screen[Any]
else:
    _Host = object


UNDONE = Msg("Undone: {what}", "Annulé : {what}")  # after an Undo, by every screen that has one: what it took back


class Localized(_Host):
    """What screens and dialogs share: the player's language (drawn again when it changes) and the size classes
    (``-small``, ``-wide``, ``-narrow``), set before the first styling and again at every resize, and ``-touch``
    in a browser's page, where a finger does what keys do."""

    if TYPE_CHECKING:
        app = getters.app(HostApp)  # Textual's way to type ``self.app`` as our app

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        try:
            self._fit(*self.app.size)  # set before the first styling (set on mount, they restyle every widget)
        except NoActiveAppError:  # built outside a running app (a test): fitted on mount
            pass

    def on_mount(self) -> None:
        self.watch(self.app, "lang", self._lang_changed, init=False)
        self._fit(*self.app.size)
        self.fill()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(*event.size)

    def tr(self, msg: Msg, **args: Any) -> str:
        return self.app.tr(msg, **args)

    @property
    def touch(self) -> bool:
        """A browser's page (a tablet, a phone): used by finger, seldom with a keyboard."""
        return self.app.served or self.app.is_web

    def foot_line(self, keys: Msg, taps: Msg | None = None) -> Static:
        """The line at the foot of a screen: its keys at a keyboard. In a browser's page, what a finger does
        (``taps``), else nothing: a key's hint would only take a row there, and a phone would cut it."""
        if taps is not None and self.touch:
            return Static(self.tr(taps), classes="keys taps")
        return Static(self.tr(keys), classes="keys")

    async def _lang_changed(self, _lang: str) -> None:
        self.before_recompose()
        await self.recompose()
        self.fill()

    def before_recompose(self) -> None:
        """Keep what the player chose before a language change redraws the screen."""

    def fill(self) -> None:
        """Put the dynamic content in: on mount, and again after a language change."""

    def _fit(self, width: int, height: int) -> None:
        self.set_class(height < SMALL_HEIGHT, "-small")
        self.set_class(width >= WIDE_WIDTH, "-wide")
        self.set_class(width < NARROW_WIDTH, "-narrow")
        self.set_class(self.touch, "-touch")


class BaseScreen(Localized, Screen[None]):
    """Every full screen of the app."""
