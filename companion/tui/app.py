"""The companion app: its home screen on top of what every screen knows of it (``host.py``), and how it runs."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.screen import Screen

from companion.store.errors import StoreError
from companion.store.recovery import open_or_recover
from companion.store.settings import Settings
from companion.tui.host import HostApp


class CompanionApp(HostApp):
    """The app: home (or a tablet's one match) at the bottom of its screens."""

    def get_default_screen(self) -> Screen[None]:
        """Home is the bottom screen (no blank default screen under it to style and mount first)."""
        if self.only_match is not None:
            from companion.tui.screens.tablet_home import TabletHomeScreen

            return TabletHomeScreen(self.only_match)
        from companion.tui.screens.home import HomeScreen

        return HomeScreen()


def run(path: Path | None = None) -> int:
    """Open the store (setting aside an unreadable file), then run the app."""
    try:
        store, notice = open_or_recover(path)
    except StoreError as error:
        settings = Settings.load()
        print(error.text(settings.lang), file=sys.stderr)  # errors never go to stdout
        return 1
    from companion.store.recovery import unseen_set_aside

    settings = Settings.load()
    with store:
        app = CompanionApp(store, settings=settings)
        # Files set aside (this start or an earlier one) are said at every start until the player has seen it.
        app.set_aside = unseen_set_aside(store.path) or ([notice] if notice is not None else [])
        app.run()
    return app.return_code or 0  # a crash is not a success: the shell sees it
