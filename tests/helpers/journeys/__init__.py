"""Every game from the home screen to the end of a match, by taps only: the shared moves and the registry.

A journey is a game's whole path as a player takes it: home → the game's button → the setup form (each
choice tapped) → Start → at least one whole deal → the end of a short match, with the scores checked
against figures worked out by hand. ``tests/app/test_journeys.py`` runs, for every game the registry knows,
its journey in table and virtual mode, in English and French; a game registered without a journey fails
there until it has one.

Each game's journey lives in ``tests/helpers/journeys/<game_id>.py`` and registers itself with :func:`journey`.
Nothing here presses a key: a tap is a click on a widget's own region, scrolled into view first (a swipe: real
touch events in a browser's page, ``swipe``).
"""

from __future__ import annotations

import asyncio
import importlib
import pkgutil
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

from textual.errors import NoWidget
from textual.widget import Widget
from textual.widgets import Select
from textual.widgets._select import SelectOverlay

from companion.tui.widgets.menu import Menu

# (pilot, mode, lang) -> None: plays from the setup form's Start to the end of the match, and checks the scores.
Play = Callable[[Any, str, str], Awaitable[None]]


@dataclass(frozen=True)
class Journey:
    game_id: str
    play: Play
    size: tuple[int, int] = (80, 24)


JOURNEYS: dict[str, Journey] = {}


def journey(game_id: str, size: tuple[int, int] = (80, 24)) -> Callable[[Play], Play]:
    def register(play: Play) -> Play:
        JOURNEYS[game_id] = Journey(game_id, play, size)
        return play
    return register


def load_all() -> dict[str, Journey]:
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    return JOURNEYS


# ---------------------------------------------------------------- taps
async def tap(pilot, target: str | Widget, times: int = 1) -> None:
    """Tap a widget (a selector on the current screen, or the widget), after scrolling it into view; a selector
    ``#id`` that names no widget but a key of the screen's menu taps that key."""
    if isinstance(target, str) and not pilot.app.screen.query(target) and target.startswith("#"):
        for _ in range(times):
            await tap_key(pilot, target[1:])
        return
    widget = pilot.app.screen.query_one(target) if isinstance(target, str) else target
    if not _laid_out(pilot, widget) or not _in_view(pilot, widget):
        await swipe(pilot, lambda: widget.scroll_visible(animate=False, immediate=True))
    for _ in range(times):
        await tap_at(pilot, widget)


async def swipe(pilot, scroll: Callable[[], object]) -> None:
    """A finger's swipe that scrolls as ``scroll()`` does (bring a widget into view): in a browser (a ``Mirror``
    pilot) real touch events on the page; in-process, where there is no finger to send, ``scroll()`` itself."""
    by_finger = getattr(pilot, "swipe", None)
    if by_finger is not None:
        await by_finger(scroll)
        return
    scroll()
    await pilot.pause()


async def tap_key(pilot, key_id: str) -> None:
    """Tap the key ``key_id`` of the screen's menu (the home screen's), swiped into view first."""
    menu = pilot.app.screen.query_one(Menu)
    await until(pilot, lambda: _laid_out(pilot, menu))  # a busy machine lays a new screen out later
    if not menu.key_in_view(key_id):
        await swipe(pilot, lambda: menu.scroll_to_key(key_id))
    assert menu.key_in_view(key_id), f"the menu's key {key_id!r} is not in view"
    region = menu.key_region(key_id)
    await pilot.click(offset=(region.x + region.width // 2, region.y + region.height // 2))


def key_words(app, key_id: str) -> str | None:
    """The words on the key ``key_id`` of the screen's menu, or None when the menu has no such key."""
    menu = app.screen.query_one(Menu)
    return str(menu.get_option(key_id).prompt).strip() if key_id in menu.key_ids() else None


async def until(pilot, condition, timeout: float = 10.0) -> None:
    """Let the app run until ``condition()`` holds (a busy machine takes longer: wait on the state, not a clock)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, f"still waiting after {timeout} s for {condition}"
        await pilot.pause(0.02)


def turns(app, seconds: float = 300.0, what: str = "the match never ended") -> Iterator[int]:
    """The turns of a loop that plays a virtual match to its end, counted by the clock rather than by number (on a
    busy machine the computers think longer and a journey waits more turns); when time is up, what the screen
    showed, to find out why."""
    end = time.monotonic() + seconds
    turn = 0
    while time.monotonic() < end:
        yield turn
        turn += 1
    raise AssertionError(f"{what} after {turn} turns in {seconds:.0f} s:\n{stuck(app)}")


def stuck(app) -> str:
    """What a match's screen was doing and showing (for a journey that gives up)."""
    lines = [f"on top: {type(app.screen).__name__}"]
    screen = next((s for s in reversed(app.screen_stack) if hasattr(s, "match")), None)
    if screen is not None:
        match = screen.match
        lines.append(f"last moves: {list(match.log)[-6:]}; awaiting {match.awaiting()}; over {match.is_over}")
        state = {name: getattr(screen, name, "-") for name in ("waiting", "_thinking", "_timer", "_reporting",
                                                               "_passing", "message")}
        if hasattr(screen, "acting_human"):
            state["acting_human"] = screen.acting_human()
        lines.append(f"screen: {state}")
    lines += [strip.text for strip in app.screen._compositor.render_strips()]  # noqa: SLF001
    return "\n".join(lines)


def _laid_out(pilot, widget: Widget) -> bool:
    """The widget has a place on the screen (one scrolled out of a container's view has none yet)."""
    try:
        return bool(pilot.app.screen.find_widget(widget).region.size)
    except NoWidget:
        return False


def _in_view(pilot, widget: Widget) -> bool:
    region = widget.content_region if widget.content_region.size else widget.region
    x, y = region.x + region.width // 2, region.y + region.height // 2
    try:
        under, _ = pilot.app.get_widget_at(x, y)
    except Exception:  # outside the screen
        return False
    return widget in under.ancestors_with_self


async def tap_at(pilot, widget: Widget, offset: tuple[int, int] | None = None, timeout: float = 10.0) -> None:
    """One tap on ``widget`` (at ``offset`` from its top-left, else its middle), checked to land on it. A widget
    not yet drawn (a busy machine lays a new screen out later) is waited for, as a player waits to see it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        region = widget.content_region if offset is None else widget.region
        x, y = (region.x + region.width // 2, region.y + region.height // 2) if offset is None else (
            region.x + offset[0], region.y + offset[1])
        try:
            under, _ = pilot.app.get_widget_at(x, y)
        except Exception:  # not on the screen yet
            under = None
        if under is not None and widget in under.ancestors_with_self:
            break
        assert loop.time() < deadline, f"a tap at {x},{y} on {widget!r} would land on {under!r}"
        await pilot.pause(0.02)
    await pilot.click(offset=(x, y))


async def choose(pilot, select_id: str, value: Any) -> None:
    """Tap a drop-down open, then tap the option holding ``value``."""
    select = pilot.app.screen.query_one(f"#{select_id}", Select)
    if select.value == value:
        return
    await tap(pilot, select)
    overlay = select.query_one(SelectOverlay)
    index = next(i for i, (_, v) in enumerate(select._options) if v == value)  # noqa: SLF001
    line = overlay._index_to_line[index]  # noqa: SLF001
    if not overlay.scroll_y <= line < overlay.scroll_y + overlay.scrollable_content_region.height:
        await swipe(pilot, lambda: overlay.scroll_to(y=line, animate=False, immediate=True))  # down the list
    gutter = overlay.styles.gutter
    await tap_at(pilot, overlay, (gutter.left + 1, gutter.top + line - int(overlay.scroll_y)))
    await pilot.pause()
    assert select.value == value, f"tapping option {value!r} of #{select_id} chose {select.value!r}"


async def type_name(pilot, input_id: str, name: str) -> None:
    """A name typed on the device's own keyboard (a soft keyboard on a tablet): tap the field, then type."""
    await tap(pilot, f"#{input_id}")
    for char in name:
        await pilot.press(char if char != " " else "space")
    await pilot.pause()


async def open_setup(pilot, game_id: str) -> None:
    """From the home screen, tap the game's "New match" button."""
    await tap(pilot, f"#new-{game_id}")
    assert type(pilot.app.screen).__name__ == "SetupScreen"


async def start(pilot, *, mode: str, players: int | None = None, seats: tuple[str, ...] = (),
                rules: dict[str, Any] | None = None, dealer: int = 0) -> None:
    """Fill the setup form by taps (players, play mode, seats, house rules, first dealer) and tap Start."""
    screen = pilot.app.screen
    if players is not None and screen.query("#players"):
        await choose(pilot, "players", players)
    if screen.query("#mode"):
        await choose(pilot, "mode", mode)
    for i, kind in enumerate(seats):
        await choose(pilot, f"kind-{i}", kind)
    for name, value in (rules or {}).items():
        widget = screen.query_one(f"#rule-{name}")
        if isinstance(widget, Select):
            await choose(pilot, f"rule-{name}", value)
        elif widget.value != value:  # a switch
            await tap(pilot, widget)
    await choose(pilot, "dealer", dealer)
    await tap(pilot, "#start")
    error = str(pilot.app.screen.query("#error").first().render()) if pilot.app.screen.query("#error") else ""
    assert "Setup" not in type(pilot.app.screen).__name__, f"the form refused to start: {error}"


async def read_report(pilot) -> str:
    """A round's report is on screen (virtual play): read it, tap "Continue", and return what it said."""
    from companion.tui.dialogs.round_report import RoundReport

    screen = pilot.app.screen
    assert isinstance(screen, RoundReport), f"no round report on screen but {screen!r}"
    text = "\n".join(str(w.render()) for w in screen.query("#headline, #items, #scores"))
    await tap(pilot, "#go-on")
    await until(pilot, lambda: pilot.app.screen is not screen)  # read once: a busy machine closes it later
    return text
