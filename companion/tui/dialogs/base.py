"""What every dialog shares: the screens' language and size classes (``screens/base.py``) and a frame (a dialog
that makes an entry: ``entry.py``)."""

from __future__ import annotations

from textual.screen import ModalScreen

from companion.tui.screens.base import Localized


class BaseModal(Localized, ModalScreen):
    """Every dialog of the app."""

    DEFAULT_CSS = """
    BaseModal { align: center middle; background: $background 60%; }
    BaseModal > Vertical { width: 90%; max-width: 90; height: auto; max-height: 100%;
                           border: thick $accent; background: $surface; padding: 0 1; }
    """
