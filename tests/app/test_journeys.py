"""Every registered game, from the home screen to the end of a match, by taps only: table and virtual, English
and French (in French on a phone, upright and sideways). Each game's path is in ``tests/helpers/journeys/<game>.py``;
a game without one fails here."""

from __future__ import annotations

import random

import pytest

from companion.games import registry
from tests.helpers.journeys import load_all, open_setup
from tests.helpers.scripted import make_app

JOURNEYS = load_all()
CASES = [(game.id, mode, lang) for game in registry.available()
         for mode in (("table", "virtual") if game.virtual_play else ("table",)) for lang in ("en", "fr")]


# In French the same matches are played on a phone (with the served page's phone font): a table's match held
# upright (45×45 cells, cribbage's folded board), a virtual one held sideways (90×20, the keys under a scrolling
# table). In English, at each game's usual size.
PHONES = {"table": (45, 45), "virtual": (90, 20)}


@pytest.mark.parametrize("game_id,mode,lang", CASES, ids=["-".join(case) for case in CASES])
async def test_a_whole_match_from_the_home_screen_by_taps(tmp_path, game_id, mode, lang):
    assert game_id in JOURNEYS, f"{game_id} has no journey in tests/helpers/journeys/"
    journey = JOURNEYS[game_id]
    random.seed(f"{game_id}-{mode}-{lang}")  # the seed a virtual match is given: the same game at every run
    app = make_app(tmp_path, lang, pace=0.01)  # computers move at once, but each round's report shows
    async with app.run_test(size=PHONES[mode] if lang == "fr" else journey.size) as pilot:
        await pilot.pause()
        await open_setup(pilot, game_id)
        await journey.play(pilot, mode, lang)
        finished = app.store.list_matches(finished=True)
        assert len(finished) == 1 and finished[0].game == game_id, "the match did not reach its end"
