"""Twenty app processes racing to make entries on one match (what twenty browser tabs of ``companion serve``
do to the store): nothing lost, nothing written twice, and the stored score is the replay of the log."""

import multiprocessing
import sys
import time

import pytest

from companion.dev.serve_load import _results, run

pytestmark = pytest.mark.slow


def test_twenty_clients_on_one_match_lose_nothing(tmp_path):
    figures = run(clients=20, seconds=2.0, home=tmp_path)
    assert figures["accepted"] > 20
    assert figures["lost"] == 0 and figures["duplicated"] == 0 and figures["unclaimed"] == 0
    assert figures["stored_entries"] == figures["accepted"]
    assert figures["score_matches_replay"]


def test_a_client_that_dies_is_reported_at_once_not_at_the_deadline():
    queue: multiprocessing.Queue = multiprocessing.Queue()
    dead = multiprocessing.Process(target=sys.exit, args=(3,))
    dead.start()
    dead.join()
    with pytest.raises(RuntimeError, match="1 client\\(s\\) died, 1 never answered"):
        _results(queue, [dead], deadline=time.time() + 600)
