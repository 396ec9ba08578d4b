"""A real browser on ``companion serve``: headless Chromium (Debian's), touch taps, what its terminal shows, and a
page driven in lockstep with a headless twin of its app.

The browser draws the terminal on a canvas, so a test finds where to tap the way the app lays its screen out: the
same app, run headless at the terminal size the page asked for, says where each widget is, in cells; the canvas's
size over that terminal size gives the pixels. What the page shows is read from xterm.js itself: the test browser
(and only it) is served a ``textual.js`` that keeps its terminal object where the test can ask it for its lines.
"""

from __future__ import annotations

import shutil
import time
from typing import Any

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
TABLET = {"width": 1024, "height": 768}
PHONE_UPRIGHT, PHONE_SIDEWAYS = {"width": 390, "height": 844}, {"width": 844, "height": 390}
FINGER_RADIUS = 17  # CSS px
SAME_SPOT_S = 0.3  # between two taps on one spot: longer than a Textual button stays lit (0.2 s)
_TERMINAL = "this.terminal=new "  # where textual.js makes its xterm.js terminal


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
        self._last[offset] = time.monotonic()
        self.taps += 1
        await self.follow()
        return landed

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


def _diff(expected: list[str], shown: list[str]) -> str:
    rows = [f"{i:3} twin : {e}\n    page : {s}" for i, (e, s) in enumerate(zip(expected, shown, strict=False))
            if e != s]
    return "the page does not show what its twin shows:\n" + "\n".join(rows[:12])
