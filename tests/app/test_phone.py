"""A phone: the compact layout, held upright (45×45 cells) and sideways (90×20).

Every control of every game's match screens (table and virtual), of home and the setup form, and of the dialogs
a table opens by finger is on the screen or inside something that scrolls to it: none is cut off past an edge
that does not scroll (before the compact layout, Le 31's Menu and five of cribbage's keys were past the right
edge upright, and the virtual cribbage screen's keys below the bottom sideways). The whole matches played by
taps on a phone are in ``test_journeys``; the page's phone font in ``test_browser_touch``.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from textual.geometry import Region
from textual.widget import Widget

from companion.tui.gallery import STATES, build_app
from companion.tui.games.cribbage.board import CribbageBoard

PHONES = {"upright": (45, 45), "sideways": (90, 20)}
PHONE_STATES = ["home", "setup", "setup-virtual", "match-play", "match-three-players", "virtual-discard",
                "virtual-play", "match-end", "le31-play", "le31-virtual", "le31-quick", "rummy-table",
                "rummy-brasse", "rummy-virtual", "trente-knock", "trente-banker", "trente-virtual", "banker-virtual",
                "share-match"]
CONTROLS = "Button, Input, Select, Switch"


def _shown(widget: Widget) -> bool:
    return all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))


def _scrolls(widget: Widget, sideways: bool) -> bool:
    """Something around ``widget`` scrolls the way it is out of sight (a table scrolls up and down, not across)."""
    return any(isinstance(node, Widget) and (node.allow_horizontal_scroll if sideways else node.allow_vertical_scroll)
               for node in widget.ancestors)


def out_of_reach(screen) -> list[str]:
    """The controls shown on ``screen`` that are cut off by an edge that does not scroll."""
    lost = []
    edge = screen.region
    for control in screen.query(CONTROLS):
        if not _shown(control):
            continue
        region = control.region
        across = region.x < edge.x or region.right > edge.right
        down = not region.size or region.y < edge.y or region.bottom > edge.bottom
        if (across and not _scrolls(control, True)) or (down and not across and not _scrolls(control, False)):
            lost.append(f"#{control.id or type(control).__name__} at {tuple(region)}")
    return lost


def test_out_of_reach_can_fail():
    # A control past the right edge of a 45-column screen, in nothing that scrolls.
    control = SimpleNamespace(id="menu", region=Region(41, 40, 6, 3), ancestors=[], ancestors_with_self=[])
    # (nothing around it scrolls; a table that scrolls up and down would not bring it in either)
    screen = SimpleNamespace(region=Region(0, 0, 45, 45), query=lambda _selector: [control])
    assert out_of_reach(screen) == ["#menu at (41, 40, 6, 3)"]


# Sideways, what changes is the height: the screens whose keys sit under a table that may not fit.
SIDEWAYS = {"match-play", "match-three-players", "virtual-play", "le31-play", "le31-virtual", "rummy-table",
            "rummy-virtual", "trente-knock", "trente-banker", "trente-virtual", "banker-virtual", "setup"}
CASES = [(state, phone) for state in PHONE_STATES for phone in PHONES if phone == "upright" or state in SIDEWAYS]


@pytest.mark.parametrize("state,phone", CASES, ids=["-".join(case) for case in CASES])
async def test_every_control_is_in_reach_on_a_phone(tmp_path, state, phone):
    app = build_app(tmp_path)
    async with app.run_test(size=PHONES[phone]) as pilot:
        await STATES[state](pilot)
        await pilot.pause()
        assert out_of_reach(app.screen) == []
        if phone == "upright" and app.screen.query(CribbageBoard):
            board = app.screen.query_one(CribbageBoard)
            assert "101" in board.render().plain  # the folded board: six streets of 20, whole in 45 columns
            assert board.region.width <= 45
