"""Regenerate screenshots/: every screen of the gallery, at 80x24 and at a tablet size, as SVG and PNG (the
match screens, home and the setup form also on a phone, upright and sideways; the table's device among phones
for docs/tablet.md goes to docs/images/).

    python -m companion.tui.screenshots [--out screenshots] [--only NAME ...]

PNG files are made with ``rsvg-convert`` (Debian's librsvg2-bin) when it is on the
PATH; without it only the SVG files are written, and the command says so.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from companion.tui.gallery import STATES, build_app

SIZES = {"80x24": (80, 24), "tablet": (120, 40)}
PHONE_SIZES = {"phone": (45, 45), "phone-sideways": (90, 20)}
PHONE_SHOWN = {"home", "setup", "match-play", "virtual-play", "le31-play", "le31-virtual", "rummy-table",
               "rummy-virtual", "trente-knock", "trente-virtual", "banker-virtual"}
DOC_IMAGES = {("seat-table", "tablet"): "table-view"}
_TEXT = re.compile(r'(<text\b[^>]*?\bx=")([0-9.]+)("[^>]*?\btextLength=")([0-9.]+)("[^>]*>)((?:&#160;)+)([^<]*)(</text>)')


def keep_leading_spaces(svg: str) -> str:
    """rsvg-convert drops the non-breaking spaces that start a text run ("121 wins" drawn as "121wins"):
    start each such run that many cells further right instead, so the PNG reads like the terminal."""

    def shift(match: re.Match[str]) -> str:
        lead = match.group(6).count("&#160;")
        rest = html.unescape(match.group(7))
        cell = float(match.group(4)) / (lead + len(rest))
        x = float(match.group(2)) + lead * cell
        length = float(match.group(4)) - lead * cell
        return (f"{match.group(1)}{x:g}{match.group(3)}{length:g}{match.group(5)}{match.group(7)}{match.group(8)}")

    return _TEXT.sub(shift, svg)
LANGS_SHOWN = {"home", "match-play", "match-show", "help", "home-damaged", "damaged-match", "share-match",
               "club-night", "virtual-report", "le31-report", "trente-report", "banker-report",
               "rummy-report", "read-only", "read-only-start"}  # also in French


async def _shoot(name: str, size: tuple[int, int], lang: str, out: Path) -> Path:
    with tempfile.TemporaryDirectory() as home:
        app = build_app(Path(home), lang)
        app.served = size in PHONE_SIZES.values()  # a phone is a browser's page of « companion serve »
        async with app.run_test(size=size) as pilot:
            await STATES[name](pilot)
            label = next(k for k, v in {**SIZES, **PHONE_SIZES}.items() if v == size)
            suffix = "" if lang == "en" else f"-{lang}"
            svg = out / f"{name}-{label}{suffix}.svg"
            app.save_screenshot(svg.name, str(out))
        app.store.close()
    return svg


# What the command line says on a damaged file: each command run for real, its output recorded as a terminal shows it.
CLI_SHOTS = {"cli-damaged-store": [["export"], ["stats"], ["export", "--csv"]]}


def cli_shot(name: str, lang: str, out: Path) -> Path:
    """A terminal session of real commands on a damaged saved-matches file, drawn as SVG."""
    import io
    import os
    import sys

    from rich.console import Console
    from rich.text import Text

    console = Console(record=True, width=100, force_terminal=True, color_system="truecolor", file=io.StringIO())
    with tempfile.TemporaryDirectory(prefix="companion-") as home:
        (Path(home) / "companion.sqlite3").write_bytes(b"SQLite format 3\x00" + b"\x17" * 4000)  # a damaged file
        env = dict(os.environ, COMPANION_HOME=home, COMPANION_LANG=lang, LANG="C.UTF-8", COLUMNS="100")
        for args in CLI_SHOTS[name]:
            result = subprocess.run([sys.executable, "-m", "companion.cli.main", *args], env=env, capture_output=True,
                                    text=True, timeout=60)
            redirect = (" > backup.csv" if "--csv" in args else " > backup.json") if args[0] == "export" else ""
            console.print(Text(f"$ companion {' '.join(args)}{redirect}", style="bold green"))
            console.print(Text(result.stderr.rstrip(), style="yellow"))
            console.print(Text(f"$ echo $?\n{result.returncode}", style="bold green"))
        console.print(Text(f"$ ls {home}", style="bold green"))
        console.print(Text("  ".join(sorted(p.name for p in Path(home).iterdir()))))
    svg = out / f"{name}{'' if lang == 'en' else '-' + lang}.svg"
    svg.write_text(console.export_svg(title="companion"), encoding="utf-8")
    return svg


def _png(svg: Path, converter: str | None) -> Path:
    if not converter:
        return svg
    with tempfile.NamedTemporaryFile("w", suffix=".svg", encoding="utf-8", delete=False) as fixed:
        fixed.write(keep_leading_spaces(svg.read_text(encoding="utf-8")))
    try:
        subprocess.run([converter, "-z", "1", fixed.name, "-o", str(svg.with_suffix(".png"))], check=True)
    finally:
        Path(fixed.name).unlink()
    return svg.with_suffix(".png")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("screenshots"))
    parser.add_argument("--only", nargs="*", default=None, help="gallery states to draw")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    converter = shutil.which("rsvg-convert")
    names = args.only or [*STATES, *CLI_SHOTS]
    for name in names:
        if name in CLI_SHOTS:
            for lang in ("en", "fr"):
                print(_png(cli_shot(name, lang, args.out), converter))
            continue
        sizes = {**SIZES, **(PHONE_SIZES if name in PHONE_SHOWN else {})}
        for label, size in sizes.items():
            for lang in ("en", "fr") if name in LANGS_SHOWN else ("en",):
                shot = _png(asyncio.run(_shoot(name, size, lang, args.out)), converter)
                print(shot)
                if (name, label) in DOC_IMAGES and lang == "en" and shot.suffix == ".png":
                    images = Path(__file__).resolve().parents[2] / "docs" / "images"
                    shutil.copyfile(shot, images / f"{DOC_IMAGES[name, label]}.png")
    if not converter:
        print("rsvg-convert not found (apt-get install librsvg2-bin): SVG files only")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
