"""How big is each thing a finger taps, on a tablet in a browser?

    python -m companion.dev.targets [--size 113x42] [--cell 9x18] [--only STATE ...] [--list]

Every screen of the gallery is opened at the size a 1024×768 tablet gives in ``companion serve`` (113×42 cells of
about 9×18 CSS px with the page's 16 px font), and every visible tap target (button, key, menu key, field, switch,
choice, table row) is measured in CSS px against the 44×44 px that touch guidelines ask for. A target counts once per
screen state; a table's rows count one each (a row is tapped to choose it).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from dataclasses import dataclass
from pathlib import Path

from textual.widget import Widget
from textual.widgets import Switch

from companion.tui.widgets.fields import Input, Select
from companion.tui.widgets.menu import Menu
from companion.tui.widgets.plain import Button  # every one of the app's (ruff holds it)
from companion.tui.widgets.table import DataTable

MIN_PX = 44
TAPPABLE = (Button, Input, Select, Switch)


@dataclass(frozen=True)
class Target:
    state: str
    what: str  # the widget's id or class and its label
    width_px: int
    height_px: int

    @property
    def small(self) -> bool:
        return self.width_px < MIN_PX or self.height_px < MIN_PX


def _label(widget: Widget) -> str:
    kind = type(widget).__name__
    name = f"#{widget.id}" if widget.id else kind
    if isinstance(widget, Button):
        return f"{name} «{str(widget.label)[:24]}»"
    return name


def targets_on(screen: Widget, cell: tuple[float, float], state: str) -> list[Target]:
    """Every visible tap target of ``screen`` as laid out now, in CSS px for cells of ``cell`` px."""
    cw, ch = cell
    found: list[Target] = []
    for widget in screen.query(Widget):
        if not widget.display or not widget.visible:
            continue
        region = widget.region
        if not region.area:
            continue  # scrolled away or not laid out: measured where it shows, on its own screen state
        if isinstance(widget, TAPPABLE) and not getattr(widget, "disabled", False):
            found.append(Target(state, _label(widget), round(region.width * cw), round(region.height * ch)))
        elif isinstance(widget, Menu):  # each key of a menu is tapped on its own
            for key in widget.key_ids():
                if widget.key_in_view(key):
                    shown = widget.key_region(key)
                    found.append(Target(state, f"{_label(widget)} {key}", round(shown.width * cw), round(shown.height * ch)))
        elif isinstance(widget, DataTable) and widget.row_count and widget.show_cursor and (
                widget.cursor_type == "row"):  # a table whose rows are chosen by a tap
            rows = [widget.rows[key].height for key in list(widget.rows)[: widget.row_count]]
            for height in rows:
                found.append(Target(state, f"{_label(widget)} row", round(region.width * cw), round(height * ch)))
    return found


async def measure_state(name: str, size: tuple[int, int], cell: tuple[int, int], lang: str = "en") -> list[Target]:
    from companion.tui.gallery import STATES, build_app

    with tempfile.TemporaryDirectory() as home:
        app = build_app(Path(home), lang)
        async with app.run_test(size=size) as pilot:
            await STATES[name](pilot)
            found = targets_on(app.screen, cell, name)
        app.store.close()
    return found


def main(argv: list[str] | None = None) -> int:
    from companion.tui.gallery import STATES

    parser = argparse.ArgumentParser(prog="python -m companion.dev.targets", description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="113x42", help="terminal cells, WxH (default: a 1024×768 tablet)")
    parser.add_argument("--cell", default="9x18", help="CSS px of a cell, WxH (the page's 16 px font)")
    parser.add_argument("--only", nargs="*", help="only these gallery states")
    parser.add_argument("--list", action="store_true", help="list each small target")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    cell = tuple(int(v) for v in args.cell.split("x"))
    total = small = 0
    for name in args.only or sorted(STATES):
        targets = asyncio.run(measure_state(name, (size[0], size[1]), (cell[0], cell[1])))
        under = [t for t in targets if t.small]
        total, small = total + len(targets), small + len(under)
        print(f"{name:24} {len(targets):4} targets, {len(under):4} under {MIN_PX}×{MIN_PX} px")
        if args.list:
            for t in under:
                print(f"    {t.what:50} {t.width_px}×{t.height_px} px")
    print(f"{'every screen':24} {total:4} targets, {small:4} under {MIN_PX}×{MIN_PX} px")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
