"""Player preferences (the language), kept as a small JSON file beside the match store."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from companion.core.i18n import default_lang
from companion.store.database import default_path


@dataclass
class Settings:
    lang: str = "en"
    path: Path | None = field(default=None, compare=False)  # None: kept in memory only (tests)
    pace: float = 1.0  # seconds between computer moves in virtual play (0: instant)
    hints: bool = True  # virtual play: the discard advisor and pegging hints shown
    unreadable: bool = field(default=False, compare=False)  # the file was there but could not be read

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        path = path or default_path().parent / "settings.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            lang = data.get("lang")
            pace = data.get("pace", 1.0)
            pace = float(pace) if isinstance(pace, (int, float)) and 0 <= pace <= 5 else 1.0
            hints = data.get("hints", True)
            return cls(lang=lang if lang in ("en", "fr") else default_lang(), path=path, pace=pace,
                       hints=hints if isinstance(hints, bool) else True)
        except FileNotFoundError:
            return cls(lang=default_lang(), path=path)
        except (OSError, ValueError, AttributeError, RecursionError, TypeError):
            # unreadable: defaults, the file left as is, and the app says so
            return cls(lang=default_lang(), path=path, unreadable=True)

    def save(self) -> None:
        if self.path is None:
            return
        tmp = self.path.with_suffix(".tmp")
        try:
            tmp.write_text(json.dumps({"lang": self.lang, "pace": self.pace, "hints": self.hints}), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError:
            pass  # a preference that cannot be saved is not worth stopping the game for
