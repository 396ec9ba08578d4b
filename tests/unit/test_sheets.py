"""Every CSV the app writes is safe to open in a spreadsheet: a player's name that a spreadsheet would run as a
formula is written as text (issue 37), and numbers stay numbers."""

from __future__ import annotations

import csv
import io

import pytest

from companion.club.night import ClubNight, start_op
from companion.core.cards import parse_card
from companion.core.sheets import csv_text
from companion.games.cribbage.engine import Setup
from companion.games.cribbage.ops import Cut
from companion.games.cribbage.rules import CribbageRules
from companion.records.evenings import evenings
from companion.records.export import as_csv
from companion.store.database import Store
from companion.store.session import MatchSession

FORMULAS = ['=HYPERLINK("http://x.example","win")', "-2+3", "+1+1", "@SUM(A1:A9)"]


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def _no_formula(text: str) -> None:
    """No cell of ``text`` starts a formula; each of FORMULAS is there, as text."""
    cells = _cells(text)
    assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r") or (c[:1] == "-" and not c[1:].isdigit())]
    for name in FORMULAS:
        assert any(name in cell for cell in cells), name


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "companion.sqlite3") as opened:
        for pair in (FORMULAS[:2], FORMULAS[2:]):
            MatchSession.create(opened, Setup(tuple(pair), CribbageRules(), 0), "cribbage").apply(
                Cut(parse_card("5H")))
        yield opened


def test_the_history_export_writes_a_formula_named_player_as_text(store):
    text = as_csv(store)
    _no_formula(text)
    assert "'=HYPERLINK" in text and "'+1+1" in text  # a cell's first name makes it a formula, or not


def test_an_evenings_standing_writes_a_formula_named_player_as_text(store):
    (evening,) = evenings(store)
    for lang in ("en", "fr"):
        _no_formula(evening.csv(lang))


def test_a_club_nights_standing_and_tables_write_formula_named_players_as_text():
    night = ClubNight.replay([start_op(FORMULAS, rounds=2)])
    night.apply({"op": "pair"})
    for text in (night.csv("en"), night.tables_csv("fr")):
        _no_formula(text)


def test_a_cell_that_starts_with_a_tab_or_a_carriage_return_is_text_and_numbers_stay_numbers():
    rows = list(csv.reader(io.StringIO(csv_text(("a", "b", "c", "d", "e", "f"),
                                                [("\tx", "\r=1", -3, "-3", 2.5, "-1.5")]))))
    assert rows[1] == ["'\tx", "'\r=1", "-3", "-3", "2.5", "-1.5"]  # a score of -3, typed or counted, is a number
