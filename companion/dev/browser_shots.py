"""Pictures from a real browser for docs/tablet.md: ``python -m companion.dev.browser_shots [--out docs/images]``.

It starts ``companion serve`` on loopback with the gallery's matches (one of each game, mid-game), opens each
game's match by its tablet code in headless Chromium (Debian's ``chromium``, driven by Playwright: the test
extra) on a 1024×768 tablet, and saves what the page shows as ``<game>-tablet.png``. A player's phone is not the
app but its own page: ``companion.dev.phone_shots`` takes its pictures.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

DEVICES = {"tablet": {"width": 1024, "height": 768}}


def _matches(home: Path) -> dict[str, int]:
    """One match of each game, as the gallery builds them: {game id: match id}, the first of each game."""
    from companion.store.database import Store
    from companion.tui.gallery import build_app

    build_app(home).store.close()
    with Store.open(home / "companion.sqlite3") as store:
        return {record.game: record.id for record in sorted(store.list_matches(finished=False), key=lambda r: r.id, reverse=True)}


async def _shoot(url_of: dict[str, str], out: Path) -> list[Path]:
    from companion.dev.tablet_bench import headless_chromium

    saved = []
    async with headless_chromium() as browser:
        for game, url in url_of.items():
            for device, viewport in DEVICES.items():
                size: Any = viewport  # Playwright's ViewportSize is this dict
                context = await browser.new_context(viewport=size, has_touch=True, is_mobile=True)
                page = await context.new_page()
                await page.goto(url, timeout=60_000)
                await page.wait_for_timeout(3500)  # the app started and drawn
                path = out / f"{game}-{device}.png"
                await page.screenshot(path=str(path))
                saved.append(path)
                await context.close()
    return saved


def main(argv: list[str] | None = None) -> int:
    from companion.dev.tablet_bench import served
    from companion.serving.tablets import match_token

    parser = argparse.ArgumentParser(prog="python -m companion.dev.browser_shots", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="companion-shots-") as tmp:
        home = Path(tmp)
        matches = _matches(home)
        with served(home) as server:
            url_of = {game: f"{server.base}/?token={match_token(server.secret, match_id)}"
                      for game, match_id in matches.items()}
            for path in asyncio.run(_shoot(url_of, args.out)):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
