"""A player's phone in a real browser: headless Chromium with touch (Debian's), on his seat's page of ``companion
serve`` (``companion/serving/seat_page.py``), driven by finger.

- ``Phone.tap``: a finger's tap on a button (Playwright's touchscreen: a touch start and end, which the browser
  makes a click), after swipes that bring it into view (CDP touch events: the page scrolls natively, as a phone's
  does under a finger);
- ``Phone.shows``: waits until the page shows the panel the rules draw for its seat at a state of the match (its
  text, the line of what was refused aside);
- ``Phone.leaks``: the cards its page names that are hidden from its seat (``phone_pages.CardNames``);
- ``Phone.measure``: every target and every text of the page, by the browser's own layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.helpers.browser import FINGER_RADIUS, PHONE_SIDEWAYS, PHONE_UPRIGHT
from tests.helpers.phone_pages import Answer, CardNames

MIN_TARGET_PX, MIN_TEXT_PX = 44, 16
# The panel's text, the line of what was refused aside (the page's script writes it after an answer).
_SAME_TEXT = """(expected) => {
    const text = (root) => { const copy = root.cloneNode(true);
                             copy.querySelectorAll(".message").forEach((m) => m.remove());
                             return copy.textContent; };
    const drawn = document.createElement("div");
    drawn.innerHTML = expected;
    const panel = document.getElementById("panel");
    return panel !== null && text(panel) === text(drawn);
}"""
# The page as a document, the cards a real table's picker offers aside (any card not seen yet: the app knows none).
_PAGE = """(picker) => {
    const copy = document.documentElement.cloneNode(true);
    if (!picker) copy.querySelectorAll(".picker").forEach((p) => p.remove());
    return copy.outerHTML;
}"""
# Every target (button, field) and every text of the page, as laid out: its size in CSS px.
_MEASURE = """() => {
    const what = (el) => (el.className ? el.tagName.toLowerCase() + "." + String(el.className).replace(/ /g, ".")
                                      : el.tagName.toLowerCase()) + " «" + (el.innerText || el.value || "").trim()
                                      .replace(/\\s+/g, " ").slice(0, 40) + "»";
    const targets = [], texts = [];
    for (const el of document.querySelectorAll("button, input, select, textarea, a[href], [role=button]")) {
        const box = el.getBoundingClientRect();
        if (box.width || box.height) targets.push([what(el), box.width, box.height]);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!node.textContent.trim() || !el || !el.getClientRects().length) continue;
        texts.push([what(el), parseFloat(getComputedStyle(el).fontSize)]);
    }
    return {targets, texts};
}"""
# Resolves once the page has stopped scrolling (a fling after a swipe): its scroll the same five frames running.
_SETTLED = """() => new Promise((done) => {
    let last = -1, still = 0;
    const look = () => { const y = scrollY; still = y === last ? still + 1 : 0; last = y;
                         if (still >= 5) done(y); else requestAnimationFrame(look); };
    requestAnimationFrame(look);
})"""


@dataclass
class Sizes:
    """The smallest target and text met, and every one under the minimum."""

    target: tuple[float, str] = (1e9, "")
    text: tuple[float, str] = (1e9, "")
    states: int = 0
    targets: int = 0
    under: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{self.states} phone states measured ({self.targets} targets): smallest target {self.target[1]}, "
                f"smallest text {self.text[1]}")

    def add(self, measured: dict[str, Any], where: str) -> None:
        self.states += 1
        for what, width, height in measured["targets"]:
            self.targets += 1
            self.target = min(self.target, (min(width, height), f"{what} {width:.0f}×{height:.0f} px ({where})"))
            if width < MIN_TARGET_PX or height < MIN_TARGET_PX:
                self.under.append(f"{where}: {what} is {width:.0f}×{height:.0f} px")
        for what, size in measured["texts"]:
            self.text = min(self.text, (size, f"{what} {size:.1f} px ({where})"))
            if size < MIN_TEXT_PX:
                self.under.append(f"{where}: {what} is written at {size:.1f} px")


class Phone:
    """One seat's page in its own browser context (its cookies: its seat)."""

    def __init__(self, page: Any, seat: int, lang: str, names: CardNames) -> None:
        self.page, self.seat, self.lang, self.names = page, seat, lang, names
        self.cdp: Any = None
        self.taps = 0

    @classmethod
    async def open(cls, browser: Any, url: str | None, seat: int, names: CardNames, *, lang: str = "en",
                   viewport: dict[str, int] | None = None, ready: str = "#panel .turn") -> Phone:
        """A phone of its own (a context: its cookie jar, its language) opens the seat's code (a night's), and
        waits for its page (``ready``)."""
        assert url is not None, "no server serves this store"
        context = await browser.new_context(viewport=viewport or PHONE_UPRIGHT, has_touch=True, is_mobile=True,
                                            locale="fr-FR" if lang == "fr" else "en-GB")
        return await cls.load(context, url, seat, names, lang, ready)

    @classmethod
    async def load(cls, context: Any, url: str, seat: int, names: CardNames, lang: str,
                   ready: str = "#panel .turn") -> Phone:
        page = await context.new_page()
        response = await page.goto(url, timeout=20_000)
        assert response is not None and response.status == 200, f"seat {seat}'s page: {response and response.status}"
        await page.wait_for_selector(ready)
        return cls(page, seat, lang, names)

    async def reopen(self, base: str) -> None:
        """Its tab closed, and the bare address opened again in the same browser: its cookie holds the seat."""
        context = self.page.context
        await self.page.close()
        self.page, self.cdp = (await Phone.load(context, base + "/", self.seat, self.names, self.lang)).page, None
        assert "token" not in self.page.url

    # ------------------------------------------------------------ what it shows
    async def shows(self, expected: str, what: str, timeout: float = 20.0) -> None:
        """Wait until the page shows the panel ``expected`` (the text of what the rules draw for the seat)."""
        try:
            await self.page.wait_for_function(_SAME_TEXT, arg=expected, timeout=timeout * 1000, polling=50)
        except Exception as error:
            shown = await self.page.inner_text("#panel")
            raise AssertionError(f"seat {self.seat}'s phone never showed {what}; it shows:\n{shown}") from error

    async def says(self, selector: str, words: str, timeout: float = 15.0) -> None:
        """Wait until what ``selector`` finds on the page says ``words`` (pushed by the server, or drawn after a
        tap)."""
        try:
            await self.page.locator(selector, has_text=words).first.wait_for(timeout=timeout * 1000)
        except Exception as error:
            shown = await self.page.inner_text("body")
            raise AssertionError(f"phone {self.seat} never said « {words} » in {selector}; it shows:\n{shown}") \
                from error

    async def html(self, picker: bool = False) -> str:
        """The page as it stands (without a real table's picker of every card not seen yet, unless ``picker``)."""
        html: str = await self.page.evaluate(_PAGE, picker)
        return html

    async def leaks(self, hidden: set[str]) -> set[str]:
        """The cards of ``hidden`` its page names, in any spelling."""
        return self.names.named(await self.html()) & hidden

    async def measure(self, sizes: Sizes, where: str) -> None:
        """Every target and text of the page, upright and sideways (the page laid out again at each)."""
        current = self.page.viewport_size
        for name, viewport in (("upright", PHONE_UPRIGHT), ("sideways", PHONE_SIDEWAYS)):
            if viewport != current:
                await self.page.set_viewport_size(viewport)
            sizes.add(await self.page.evaluate(_MEASURE), f"{where}, {name}")
        if self.page.viewport_size != current:
            await self.page.set_viewport_size(current)

    # ------------------------------------------------------------ by finger
    async def tap(self, selector: str) -> None:
        """A finger's tap on the one element ``selector`` finds, swiped into view first."""
        element = self.page.locator(selector)
        assert await element.count() == 1, f"seat {self.seat}'s page has {await element.count()} of {selector}"
        box = await self.in_view(element)
        await self.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.taps += 1

    async def in_view(self, element: Any) -> dict[str, float]:
        """Swipe the page up or down (native scrolling, by touch events) until ``element`` is wholly in view, and
        along its row when the row scrolls sideways (a hand held sideways); its box."""
        size = self.page.viewport_size
        width, height = size["width"], size["height"]
        for _ in range(12):
            await self.page.evaluate(_SETTLED)
            box = await element.bounding_box()
            if box is None:  # drawn again by a push just then (the element replaced): it is looked for again
                await element.wait_for(state="visible", timeout=5000)
                continue
            if not (box["y"] >= 0 and box["y"] + box["height"] <= height):
                below = box["y"] + box["height"] > height  # what is below comes up under a finger moving up
                distance = min(height * 0.6, abs(box["y"] + box["height"] / 2 - height / 2))
                await self.swipe(0, -distance if below else distance, (width * 0.85, height / 2))
            elif not (box["x"] >= 0 and box["x"] + box["width"] <= width):
                right = box["x"] + box["width"] > width  # what is to the right comes under a finger moving left
                distance = min(width * 0.6, abs(box["x"] + box["width"] / 2 - width / 2))
                await self.swipe(-distance if right else distance, 0, (width / 2, box["y"] + box["height"] / 2))
            else:
                return box
        raise AssertionError(f"seat {self.seat}: twelve swipes did not bring it into view")

    async def swipe(self, dx: float, dy: float, middle: tuple[float, float]) -> None:
        """A finger set down so that its drag of ``dx``, ``dy`` px (negative: left, up) is centred on ``middle``
        (the right edge of the page: no card under it; a row that scrolls sideways: on the row), then lifted."""
        if self.cdp is None:
            self.cdp = await self.page.context.new_cdp_session(self.page)
        x, y = middle[0] - dx / 2, middle[1] - dy / 2

        def finger(i: int) -> dict[str, list[dict[str, float]]]:
            return {"touchPoints": [{"x": x + dx * i / 10, "y": y + dy * i / 10, "radiusX": FINGER_RADIUS,
                                     "radiusY": FINGER_RADIUS, "force": 1, "id": 1}]}

        await self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", **finger(0)})
        for i in range(1, 11):
            await self.cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", **finger(i)})
        await self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    async def answer(self, answer: Answer) -> None:
        """The player's finger makes ``answer``: his cards, then the table's, a number typed, then the choice's
        button (its target's)."""
        tapped: dict[str, int] = {}
        for kind, picked in (("hand", answer.cards), ("table", answer.table)):
            for card in picked:  # a card held twice (two packs): each tap takes the next of its buttons, or
                nth = tapped.get(f"{kind}:{card.code}", 0)  # at a real table's picker the same one again (×2)
                buttons = self.page.locator(f"[data-{kind}='{card.code}']")
                await self.tap(f"[data-{kind}='{card.code}'] >> nth={nth if nth < await buttons.count() else 0}")
                tapped[f"{kind}:{card.code}"] = nth + 1
        button = f"button.choice[data-name='{answer.name}']"
        if answer.target is not None:
            button += f"[data-target='{answer.target}']"
        if answer.number is not None:
            field_ = self.page.locator(f".number input[name='{answer.name}']")
            await self.tap(f".number input[name='{answer.name}']")
            await field_.fill("")
            await self.page.keyboard.type(str(answer.number))
        await self.page.locator(button).wait_for(state="visible")
        if not await self.page.locator(button).is_enabled():
            picked = await self.page.eval_on_selector_all("[aria-pressed='true']", "(b) => b.map((x) => x.outerHTML)")
            raise AssertionError(f"seat {self.seat}: {button} is not lit once {answer} is tapped; picked: {picked}")
        await self.tap(button)
