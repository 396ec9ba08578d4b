"""What every dialog shares: the screens' language and size classes (``screens/base.py``) and a frame (a dialog
that makes an entry: ``entry.py``)."""

from __future__ import annotations

import math
import time
from typing import TypeVar

from textual.screen import ModalScreen

from companion.tui.screens.base import Localized

ResultT = TypeVar("ResultT")  # what a dialog dismisses with


class BaseModal(Localized, ModalScreen[ResultT]):
    """Every dialog of the app. A dialog is a question: it takes no key typed before it was drawn (type-ahead after
    the entry that raised it), which the app drops (``HostApp.on_event``)."""

    DEFAULT_CSS = """
    BaseModal { align: center middle; background: $background 60%; }
    BaseModal > Vertical { width: 90%; max-width: 90; height: auto; max-height: 100%;
                           border: thick $accent; background: $surface; padding: 0 1; }
    """
    shown_at = math.inf  # when first drawn, by the monotonic clock Textual stamps each key with

    def on_mount(self) -> None:
        self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        self.shown_at = time.monotonic()
