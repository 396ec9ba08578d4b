"""Each game's phone page for docs/tablet.md: ``python -m companion.dev.phone_shots [--out docs/images]``.

It keeps one virtual match of each game, played by the computers until its human player (Marie, on her own phone)
has a choice to make in the middle of a deal, starts ``companion serve`` on loopback, opens her seat's code in
headless Chromium (Debian's ``chromium``, driven by Playwright: the test extra) as a phone held upright (390×844)
and sideways (844×390), in English and in French, picks one of her cards (and a table card when her choice takes
one), and saves what the phone shows as ``phone-<game>-<upright|sideways>-<lang>.png``; and her phone at the end of
a cribbage match, her costliest decisions, as ``phone-cribbage-review-upright-<lang>.png``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
import tempfile
from pathlib import Path
from typing import Any

VIEWS = {"upright": {"width": 390, "height": 844}, "sideways": {"width": 844, "height": 390}}
NAMES = ("Marie", "Paul", "Luc", "Julie")
# Each game's players, and which of Marie's turns is shown (a deal under way: cards on the table, a choice to make).
STATES = {"cribbage": (2, 3), "le31": (2, 1), "rummy2500": (3, 4), "trente_et_un": (3, 1), "trente_et_un_banker": (3, 1)}
SEED = 7
REVIEW = "cribbage-review"  # a cribbage match Marie played (as the easy player would) to its end: her review


def _match(home: Path, game_id: str, players: int, turn: int) -> tuple[int, int]:
    """The match of ``game_id`` at Marie's ``turn``-th choice, kept in ``home``'s store: its id, and her seat's
    binding to her phone."""
    from companion.games import registry
    from companion.games.base import Setup
    from companion.store.database import Store
    from companion.store.session import MatchSession

    game = registry.get(game_id)
    computers = importlib.import_module(game.players or "")
    kinds = ("human",) + ("normal",) * (players - 1)
    with Store.open(home / "companion.sqlite3") as store:
        session = MatchSession.create(store, Setup(NAMES[:players], game.make_rules(players, {}), 1, "virtual", SEED,
                                                   kinds), game)
        for _ in range(100_000 if turn == 0 else 1000):
            if turn == 0 and session.match.is_over:  # the match played to its end: her review
                return session.match_id, store.bind_seat(session.match_id, 0)
            op = computers.next_op(session.match, list(kinds))
            if op is None and turn == 0:
                op = computers.next_op(session.match, ["easy"] + ["normal"] * (players - 1))  # she plays as easy
            elif op is None:  # Marie's turn
                turn -= 1
                if turn == 0:
                    return session.match_id, store.bind_seat(session.match_id, 0)
                op = computers.next_op(session.match, ["normal"] * players)  # she plays as a computer would
            session.apply(op)
    raise SystemExit(f"{game_id}: Marie never came to choose")


async def _shoot(url_of: dict[str, str], out: Path) -> list[Path]:
    from companion.dev.tablet_bench import headless_chromium

    saved = []
    async with headless_chromium() as browser:
        for game, url in url_of.items():
            cookies: Any = []  # her seat's code opens one device: the cookie it left opens the other pictures
            for lang in ("en", "fr"):
                for view, viewport in VIEWS.items():
                    if game == REVIEW and view != "upright":
                        continue
                    size: Any = viewport  # Playwright's ViewportSize is this dict
                    context = await browser.new_context(viewport=size, has_touch=True, is_mobile=True,
                                                        locale=f"{lang}-CA")
                    await context.add_cookies(cookies)
                    page = await context.new_page()
                    await page.goto(url.split("/?", 1)[0] + "/" if cookies else url, timeout=30_000)
                    await page.wait_for_selector("#panel .review ul" if game == REVIEW else "#panel .turn")
                    cookies = await context.cookies()
                    if game == REVIEW:  # the end of the match: her own costliest decisions
                        await page.evaluate("() => document.querySelector('#panel .over').scrollIntoView()")
                    else:
                        await _pick(page)
                    path = out / f"phone-{game}-{view}-{lang}.png"
                    await page.screenshot(path=str(path))
                    saved.append(path)
                    await context.close()
    return saved


async def _pick(page: Any) -> None:
    """Her first card that a choice takes, picked by a tap (and the table's first, when a choice takes one)."""
    for selector in ("#panel [data-hand]", "#panel [data-table]"):
        found = page.locator(selector)
        if await found.count():
            await found.first.tap()
    await page.evaluate("() => window.scrollTo(0, 0)")


def main(argv: list[str] | None = None) -> int:
    from companion.dev.tablet_bench import served
    from companion.serving.tablets import seat_token

    parser = argparse.ArgumentParser(prog="python -m companion.dev.phone_shots", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="companion-phones-") as tmp:
        home = Path(tmp)
        seats = {game: _match(home, game, *state) for game, state in STATES.items()}
        seats[REVIEW] = _match(home, "cribbage", 2, 0)
        with served(home) as server:
            url_of = {game: f"{server.base}/?token={seat_token(server.secret, match_id, 0, binding)}"
                      for game, (match_id, binding) in seats.items()}
            for path in asyncio.run(_shoot(url_of, args.out)):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
