"""The exact distribution of show scores against the published table shipped with the package."""

import pytest

from companion.games.cribbage.distribution import (
    N_COMBINATIONS,
    brute_force_distribution,
    exact_distribution,
    published_distribution,
)

IMPOSSIBLE = (19, 25, 26, 27)


@pytest.fixture(scope="module")
def reference() -> dict[str, dict[int, int]]:
    return published_distribution()


def test_reference_covers_every_combination(reference):
    for column in ("hand", "crib"):
        assert sum(reference[column].values()) == N_COMBINATIONS == 12_994_800
        assert set(reference[column]) == set(range(30))


@pytest.mark.parametrize(("column", "crib"), [("hand", False), ("crib", True)])
def test_exact_distribution_equals_reference(reference, column, crib):
    assert exact_distribution(crib=crib) == reference[column]


@pytest.mark.parametrize("crib", [False, True])
def test_impossible_scores_never_occur(crib):
    counts = exact_distribution(crib=crib)
    assert [counts[s] for s in IMPOSSIBLE] == [0, 0, 0, 0]
    assert counts[29] == 4 and max(s for s, n in counts.items() if n) == 29


@pytest.mark.slow
@pytest.mark.parametrize(("column", "crib"), [("hand", False), ("crib", True)])
def test_public_hand_score_over_all_combinations_equals_reference(reference, column, crib):
    # Calls hand_score on all 12,994,800 (hand, starter) pairs: the proof the scorer the app uses is right.
    assert brute_force_distribution(crib=crib) == reference[column]
