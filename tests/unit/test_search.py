"""The shared choice by play-outs (``companion.games.search``), on play-outs given by hand."""

from companion.games.search import by_rollouts

SEEDS = [0.0, 1.0, 2.0, 3.0]


def table(values: dict[str, list[float]]):
    return lambda op, seed: values[op][int(seed)]


def test_without_a_default_the_best_total_wins_and_a_tie_goes_to_the_earlier_candidate():
    outs = table({"a": [0, 1, 0, 1], "b": [1, 1, 1, 0], "c": [1, 1, 1, 0]})
    assert by_rollouts(["a", "b", "c"], outs, SEEDS) == "b"  # totals 2, 3, 3
    assert by_rollouts(["c", "b"], outs, SEEDS) == "c"


def test_a_move_replaces_the_club_players_only_when_it_is_better_by_more_than_its_standard_error():
    # Paired differences against the default "d": "lucky" gains 1, 0, 0, 0 (mean 0.25, standard error 0.25: not
    # more than one standard error); "sure" gains 1, 1, 1, 0 (mean 0.75, standard error 0.25).
    outs = table({"d": [0, 0, 0, 0], "lucky": [1, 0, 0, 0], "sure": [1, 1, 1, 0], "worse": [-1, -1, -1, -1]})
    assert by_rollouts(["lucky", "worse"], outs, SEEDS, default="d") == "d"
    assert by_rollouts(["lucky", "sure", "worse"], outs, SEEDS, default="d") == "sure"
    assert by_rollouts(["lucky"], outs, SEEDS, default="d", sure=0.5) == "lucky"  # 0.25 > 0.5 × 0.25
    assert by_rollouts(["d"], outs, SEEDS, default="d") == "d"
