"""What a room of phones is, a match's (``seats.py``) or a club night's (``nights.py``): the pages listening to it,
and the one task that looks at the store for all of them while any listens."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from companion.core.errors import CompanionError

log = logging.getLogger("companion.serve")

L = TypeVar("L")


@dataclass(kw_only=True)
class Watched(Generic[L]):
    listeners: list[L] = field(default_factory=list)
    task: asyncio.Task[None] | None = None

    def watch(self, look: Callable[[], Awaitable[None]], every: float, name: str) -> bool:
        """The room's one look at the store, every ``every`` seconds while a page listens; False when it already
        runs."""
        if self.task is not None and not self.task.done():
            return False
        self.task = asyncio.get_running_loop().create_task(self._watch(look, every, name))
        return True

    def drop(self, listener: L) -> bool:
        """A page gone; True when it was the last (the look stops)."""
        if listener in self.listeners:
            self.listeners.remove(listener)
        if self.listeners or self.task is None:
            return False
        self.task.cancel()
        return True

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    async def _watch(self, look: Callable[[], Awaitable[None]], every: float, name: str) -> None:
        while self.listeners:
            try:
                await look()
            except CompanionError as error:  # the store in trouble, a night deleted: the pages say so at the next look
                log.warning("%s: %s", name, error.text("en"))
            except Exception:  # noqa: BLE001 (a room never takes the server down)
                log.exception("%s", name)
            await asyncio.sleep(every)
