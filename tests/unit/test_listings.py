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
