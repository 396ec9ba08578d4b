import os

# UI snapshot tests need the default colours and theme, whatever the developer's shell says.
for _name in ("NO_COLOR", "TEXTUAL_THEME"):
    os.environ.pop(_name, None)

import pytest


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    """No test reads or writes the developer's own saved matches or settings."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "companion-home"))
