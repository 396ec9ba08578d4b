"""A real browser on ``companion serve``: headless Chromium (Debian's), touch taps, what its terminal shows, and a
page driven in lockstep with a headless twin of its app.

The browser draws the terminal on a canvas, so a test finds where to tap the way the app lays its screen out: the
same app, run headless at the terminal size the page asked for, says where each widget is, in cells; the canvas's
size over that terminal size gives the pixels. What the page shows is read from xterm.js itself: the test browser
(and only it) is served a ``textual.js`` that keeps its terminal object where the test can ask it for its lines.
"""

from __future__ import annotations

import math
import shutil
import time
from collections.abc import Callable
from typing import Any

from textual.events import MouseScrollDown, MouseScrollUp

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
TABLET = {"width": 1024, "height": 768}
PHONE_UPRIGHT, PHONE_SIDEWAYS = {"width": 390, "height": 844}, {"width": 844, "height": 390}
FINGER_RADIUS = 17  # CSS px
SAME_SPOT_S = 0.3  # between two taps on one spot: longer than a Textual button stays lit (0.2 s)
_TERMINAL = "this.terminal=new "  # where textual.js makes its xterm.js terminal
# The wheel turns the page has made of a finger's swipes (signed: positive scrolls down), counted in the test
# browser only: the twin of a mirrored journey takes as many.
_COUNT_WHEELS = """() => {
    if (window.companionWheels === undefined) {
        window.companionWheels = 0;
        document.addEventListener("wheel", (event) => { window.companionWheels += Math.sign(event.deltaY); },
                                  {capture: true});
    }
    return window.companionWheels;
}"""


async def expose_terminal(page) -> None:
    """Serve this page a ``textual.js`` that keeps its xterm.js terminal in ``window.companionTerminal``."""
    async def patched(route) -> None:
        response = await route.fetch()
        script = await response.text()
        assert _TERMINAL in script, "textual.js no longer makes its terminal where the tests expect it"
        exposed = script.replace(_TERMINAL, "this.terminal=window.companionTerminal=new ", 1)
        await route.fulfill(response=response, body=exposed)

    await page.route("**/static/js/textual.js", patched)


async def page_lines(page) -> list[str] | None:
    """The lines the page's terminal shows (trailing spaces dropped), or None before it has one."""
    lines = await page.evaluate("""() => {
        const term = window.companionTerminal;
        if (!term) return null;
        const buffer = term.buffer.active, lines = [];
        for (let i = 0; i < term.rows; i++) {
            const line = buffer.getLine(i);
            lines.push(line ? line.translateToString(true) : "");
        }
        return lines;
    }""")
    return None if lines is None else [line.rstrip() for line in lines]


async def page_shows(page, test, what: str, timeout: float = 30.0) -> str:
    """Wait until the page's terminal (``expose_terminal``) shows what ``test`` looks for in its text (a busy
    machine paints later); that text."""
    deadline = time.monotonic() + timeout
    while True:
        text = "\n".join(await page_lines(page) or [])
        if test(text):
            return text
        if time.monotonic() > deadline:
            raise Behind(f"the page never showed {what}:\n{text}")
        await page.wait_for_timeout(100)


def app_lines(app) -> list[str]:
    """The lines a headless app's screen shows, as the page's terminal would (trailing spaces dropped)."""
    return [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]  # noqa: SLF001


class Tablet:
    """A page of the served app in a touch browser, and taps at widgets' cells."""

    def __init__(self, page, sizes: list[tuple[int, int]]) -> None:
        self.page, self.sizes = page, sizes
        self.box: dict | None = None
        self.cdp = None

    @classmethod
    async def open(cls, browser, url: str, viewport: dict | None = None, *, read_terminal: bool = False,
                   **context_args) -> Tablet:
        context = await browser.new_context(viewport=viewport or TABLET, has_touch=True, is_mobile=True,
                                            **context_args)
        return await cls.load(context, url, read_terminal=read_terminal)

    @classmethod
    async def load(cls, context, url: str, *, read_terminal: bool = False) -> Tablet:
        """``url`` in a new page of a device's browser (``context``, its cookies kept: a tab closed and opened
        again on the address without the token finds the app its token gave the device)."""
        from tests.helpers.served import terminal_sizes

        page = await context.new_page()
        if read_terminal:
            await expose_terminal(page)
        sizes = terminal_sizes(page)
        await page.goto(url, timeout=20_000)
        for _ in range(100):
            if sizes:
                break
            await page.wait_for_timeout(100)
        if read_terminal:  # the app's first paint: something on its screen
            for _ in range(150):
                lines = await page_lines(page)
                if lines and any(line.strip() for line in lines):
                    break
                await page.wait_for_timeout(100)
        else:
            await page.wait_for_timeout(2500)  # the app's first paint
        tablet = cls(page, sizes)
        tablet.box = await page.locator(".xterm-screen").bounding_box()
        return tablet

    @property
    def size(self) -> tuple[int, int]:
        return self.sizes[-1]

    @property
    def cell(self) -> tuple[float, float]:
        """A terminal cell's size in CSS px."""
        assert self.box is not None
        cols, rows = self.size
        return self.box["width"] / cols, self.box["height"] / rows

    async def until(self, test, what: str, timeout: float = 30.0) -> str:
        """Wait until the page shows what ``test`` looks for in its text (``page_shows``)."""
        return await page_shows(self.page, test, what, timeout)

    async def tap(self, where: tuple[float, float], wait: int = 700) -> None:
        """A finger's tap: a touch with a contact area (about 9 mm across), as a tablet reports one, for which
        Chromium looks for the nearest thing to tap (Playwright's own tap is a point)."""
        assert self.box is not None
        if self.cdp is None:
            self.cdp = await self.page.context.new_cdp_session(self.page)
        width, height = self.cell
        x = self.box["x"] + where[0] * width
        y = self.box["y"] + where[1] * height
        finger = {"x": x, "y": y, "radiusX": FINGER_RADIUS, "radiusY": FINGER_RADIUS, "force": 1, "id": 1}
        await self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [finger]})
        await self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        if wait:
            await self.page.wait_for_timeout(wait)

    async def swipe(self, where: tuple[float, float], rows: float, turns: int | None = None) -> int:
        """A finger set down at ``where`` (cells) and dragged ``rows`` rows up (negative: down) as real touch
        events, then lifted; it stops once the page has made ``turns`` wheel turns of it (a player drags until
        what he wants is in view). The wheel turns the page made (signed: positive scrolls down)."""
        assert self.box is not None
        if self.cdp is None:
            self.cdp = await self.page.context.new_cdp_session(self.page)
        start = await self.page.evaluate(_COUNT_WHEELS)
        width, height = self.cell
        x, y = self.box["x"] + where[0] * width, self.box["y"] + where[1] * height
        steps = max(4, round(abs(rows) * 4))  # a quarter of a row at a time

        def finger(i: int) -> dict:
            return {"x": x, "y": y - rows * height * i / steps, "radiusX": FINGER_RADIUS, "radiusY": FINGER_RADIUS,
                    "force": 1, "id": 1}

        made = 0
        await self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [finger(0)]})
        for i in range(1, steps + 1):
            await self.cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [finger(i)]})
            made = await self.page.evaluate(_COUNT_WHEELS) - start
            if turns is not None and abs(made) >= turns:
                break
        await self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        return made


def laid_out(text: str, where: dict[str, tuple[float, float]], labels: dict[str, str]) -> bool:
    """The page shows each key's label where its headless twin laid the key out (from its top row to its middle):
    the match screen's first frame has its keys on one row, wrapped to a phone's width a frame later (later still
    on a busy machine), and a tap meanwhile lands on another key."""
    lines = text.split("\n")

    def shown(key: str, label: str) -> bool:
        (x, y), top = where[key], int(where[f"{key}:left"][1])
        return any(label in line[int(x) - 3:int(x) + 4] for line in lines[top:int(y) + 1])

    return all(shown(key, label) for key, label in labels.items())


class Behind(AssertionError):
    """The page never came to show what its headless twin shows."""


class DealPlayed(Exception):  # noqa: N818 (a signal that ends a journey, not an error)
    """The mirrored journey has played its first whole deal: the test stops it there."""


_KEYS = {"space": " ", "enter": "Enter", "escape": "Escape", "backspace": "Backspace", "tab": "Tab"}


class Mirror:
    """A pilot for the journeys (``tests/helpers/journeys``) that plays each tap twice: on a headless twin of the
    app (a copy of the store, the page's terminal size), which says where the tap lands, and on the page, by
    finger; then it waits until the page shows, line for line, what the twin shows. Everything else a journey
    asks of its pilot (the app, its screen, pauses) is the twin's.

    ``stop``: called after each tap with the twin's app; True ends the journey (``DealPlayed``). ``seen``: called
    with the twin's app at each new screen state (to measure its targets)."""

    def __init__(self, twin, tablet: Tablet, *, stop=None, seen=None, timeout: float = 15.0) -> None:
        self.twin, self.tablet = twin, tablet
        self.stop, self.seen = stop, seen
        self.timeout = timeout
        self.taps = 0
        self._last: dict[tuple[int, int], float] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.twin, name)

    @property
    def app(self):
        return self.twin.app

    async def click(self, widget=None, offset: tuple[int, int] = (0, 0), **kwargs) -> bool:
        assert widget is None and not kwargs, "a mirrored journey taps at screen cells (tap_at), nothing else"
        # A key stays lit a moment after a tap (0.2 s) and takes no second tap meanwhile: a finger tapping the
        # same spot again waits that long, as the twin's did.
        since = time.monotonic() - self._last.get(offset, 0.0)
        if since < SAME_SPOT_S:
            await self.tablet.page.wait_for_timeout(int((SAME_SPOT_S - since) * 1000))
        # The page shows what the twin shows (``follow``): the finger lands where the twin's tap will, and the
        # page's app works on it while the twin does.
        await self.tablet.tap((offset[0] + 0.5, offset[1] + 0.5), wait=0)
        landed = await self.twin.click(offset=offset)
        self.taps += 1
        await self.follow()
        # Counted from when the page shows the tap (its app has taken it and lit the key), not from when it was
        # sent: a loaded machine takes a while to pass it on, and a key still lit drops the next tap.
        self._last[offset] = time.monotonic()
        return landed

    async def swipe(self, scroll: Callable[[], object]) -> None:
        """What ``scroll()`` does to the twin at once (bring a widget into view), done by a finger: the page is
        swiped by touch events over what must scroll, as far as ``scroll()`` would take it, and the twin takes the
        wheel turns the page made of it, at the same cell; then the page must show what the twin shows."""
        for _ in range(12):
            moves = _scrolls(self.twin.app, scroll)
            if not moves:
                return
            container, rows = moves[0]
            start = _finger_cell(self.twin.app, container, rows)
            assert start is not None, f"nowhere to swipe {container!r} {'up' if rows > 0 else 'down'}"
            x, y = start
            region = container.region
            room = (y - region.y) if rows > 0 else (region.bottom - 1 - y)  # the finger stays over it
            step = self.twin.app.scroll_sensitivity_y  # rows one wheel turn scrolls
            made = await self.tablet.swipe((x + 0.5, y + 0.5), room if rows > 0 else -room,
                                           turns=max(1, math.ceil(abs(rows) / step)))
            event = MouseScrollDown if made > 0 else MouseScrollUp
            for _ in range(abs(made)):
                await self.twin._post_mouse_events([event], offset=(x, y))  # noqa: SLF001 (Pilot has no wheel)
            await self.follow()
        shown = "\n".join(await page_lines(self.tablet.page) or [])
        raise AssertionError(f"twelve swipes did not bring it into view; the page shows:\n{shown}")

    async def press(self, *keys: str) -> None:
        """Keys typed on the device's own keyboard (a name in a form)."""
        await self.twin.press(*keys)
        for key in keys:
            key = _KEYS.get(key, key)
            if len(key) == 1:
                await self.tablet.page.keyboard.type(key)
            else:
                await self.tablet.page.keyboard.press(key)
        await self.follow()

    async def follow(self) -> None:
        """Wait until the page shows what the twin shows; then the checks of ``seen`` and ``stop``."""
        await self.twin.pause()
        expected = app_lines(self.twin.app)
        deadline = time.monotonic() + self.timeout
        polls = 0
        while (shown := await page_lines(self.tablet.page)) != expected:
            if time.monotonic() > deadline:
                raise Behind(_diff(expected, shown or []))
            await self.tablet.page.wait_for_timeout(25)
            polls += 1
            if polls % 20 == 0:  # the twin settles by itself now and then (a refresh, a timer): look again
                await self.twin.pause()
                expected = app_lines(self.twin.app)
        if self.seen is not None:
            self.seen(self.twin.app)
        if self.stop is not None and self.stop(self.twin.app):
            raise DealPlayed


def _scrolls(app, scroll: Callable[[], object]) -> list[tuple[Any, float]]:
    """How far ``scroll()`` would scroll each of the app's containers (rows, positive: down), the outermost first;
    tried and taken back at once, before anything is drawn."""
    screen = app.screen
    widgets = [screen, *screen.query("*")]
    before = {widget: widget.scroll_y for widget in widgets}
    scroll()
    moves = [(widget, widget.scroll_y - y) for widget, y in before.items() if widget.scroll_y != y]
    for widget, _ in moves:
        widget.scroll_to(y=before[widget], animate=False, immediate=True, force=True)
    return sorted(moves, key=lambda move: len(move[0].ancestors))


def _finger_cell(app, container, rows: float) -> tuple[int, int] | None:
    """Where a finger sets down to swipe ``container``: a cell of it, in its middle column, whose wheel turns it
    scrolls (nothing under the finger that scrolls by itself), at the end it drags from (its foot to scroll
    down, its top to scroll up), as far from the other end as it can."""
    region = container.region.intersection(app.screen.region)
    x = region.x + region.width // 2
    ys = range(region.bottom - 1, region.y, -1) if rows > 0 else range(region.y, region.bottom - 1)
    for y in ys:
        try:
            under, _ = app.get_widget_at(x, y)
        except Exception:  # nothing there
            continue
        chain = under.ancestors_with_self
        if container not in chain:
            continue
        inner = chain[:chain.index(container)]
        if not any(widget.allow_vertical_scroll and widget.max_scroll_y > 0 for widget in inner):
            return x, y
    return None


def _diff(expected: list[str], shown: list[str]) -> str:
    rows = [f"{i:3} twin : {e}\n    page : {s}" for i, (e, s) in enumerate(zip(expected, shown, strict=False))
            if e != s]
    return "the page does not show what its twin shows:\n" + "\n".join(rows[:12])
