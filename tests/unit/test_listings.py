"""The home screen and the command line know the games by their packages' listings: no game's rules are loaded
until one is chosen, and the listings say exactly what the registered games say. The first screen loads nothing
it does not show (``companion bench --start`` measures what that is worth)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.games import registry

HOME_ONLY = """
import sys
from companion.store.database import Store
from companion.store.settings import Settings
from companion.tui.app import CompanionApp
from companion.tui.screens.home import HomeScreen

async def auto_pilot(pilot):
    await pilot.pause()
    assert isinstance(pilot.app.screen, HomeScreen)
    print(" ".join(sorted(m for m in sys.modules if m.startswith("companion.games."))))
    print(" ".join(m for m in UNSHOWN if m in sys.modules) or "-")
    pilot.app.exit()

UNSHOWN = ("textual.widgets._data_table", "companion.tui.widgets.table", "companion.tui.widgets.fields",
           "companion.tui.widgets.layout", "companion.tui.dialogs.base", "companion.tui.dialogs.entry",
           "pkgutil")

with Store.open(sys.argv[1]) as store:
    CompanionApp(store, settings=Settings(lang="fr")).run(headless=True, size=(80, 24), auto_pilot=auto_pilot)
"""


def test_the_home_screen_loads_no_games_rules_nor_what_it_does_not_show(tmp_path):
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    result = subprocess.run([sys.executable, "-c", HOME_ONLY, str(tmp_path / "companion.sqlite3")], env=env,
                            capture_output=True, text=True, timeout=60, check=True)
    games, unshown = result.stdout.splitlines()[-2:]
    loaded = games.split()
    assert "companion.games.listing" in loaded
    assert not [m for m in loaded if m.endswith((".engine", ".rules", ".game", ".base"))], loaded
    assert unshown == "-", f"the first screen loads what it does not show: {unshown}"


def test_the_listings_are_the_registered_games_names():
    listed = registry.listed()
    games = registry.available()
    assert [g.id for g in listed] == [g.id for g in games]
    for listing, game in zip(listed, games, strict=True):
        assert (listing.title, listing.aliases, listing.help_name) == (game.title, game.aliases, game.help_name)
    assert registry.resolve("banker").id == "trente_et_un_banker" and registry.resolve("2500").id == "rummy2500"


def test_a_game_says_where_home_lists_it(monkeypatch):
    """Home listed games by package name: a new « bataille » landed above Cribbage. A game says its place."""
    import sys
    import types

    from companion.core.i18n import Msg
    from companion.games.listing import Listing

    assert [g.id for g in registry.listed()][:5] == ["cribbage", "le31", "rummy2500", "trente_et_un",
                                                     "trente_et_un_banker"]
    fake = types.ModuleType("companion.games.bataille")
    fake.LISTINGS = (Listing("bataille", Msg("La Bataille", "La Bataille"), place=15),)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "companion.games.bataille", fake)
    monkeypatch.setattr(registry, "game_packages", lambda: ["bataille", "cribbage", "le31"])
    assert [g.id for g in registry.listed()][:3] == ["cribbage", "bataille", "le31"]
