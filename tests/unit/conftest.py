"""What the unit tests share."""

from __future__ import annotations

import pytest

from companion.store.database import Store


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty store in the app's home folder (COMPANION_HOME), as the command line and the app find it."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("COMPANION_HOME", str(folder))
    with Store.open(folder / "companion.sqlite3") as store:
        yield store
