"""Several devices on one match, through the store: one drives the automatic moves at a time (the table's device
first), and an undo waits for the players it takes entries back from."""

from __future__ import annotations

from companion.store.database import Store
from companion.store.devices import LEASE_S, UndoRequest, answer_undo, ask_undo, drive, drop_undo, release, undo_request

SETUP = {"names": ["Marie", "Paul", "Ordi"], "rules": {}, "first_dealer": 0}


def _match(tmp_path) -> tuple[Store, int]:
    store = Store.open(tmp_path / "c.sqlite3")
    return store, store.create_match("cribbage", SETUP)


def test_one_device_drives_at_a_time_and_the_tables_device_first(tmp_path):
    store, match = _match(tmp_path)
    t = 1000.0
    assert drive(store, match, "paul", table=False, now=t).drives  # no table's device: a phone drives
    assert not drive(store, match, "marie", table=False, now=t + 1).drives  # one at a time
    assert drive(store, match, "paul", table=False, now=t + 1).drives  # renewed by its holder
    assert drive(store, match, "tablet", table=True, now=t + 1.5).drives  # the table's device takes over
    assert not drive(store, match, "paul", table=False, now=t + 2).drives
    assert not drive(store, match, "other-tablet", table=True, now=t + 2).drives  # a second tablet waits too
    # The tablet closed without a word: once its lease has run out, a phone goes on.
    later = t + 1.5 + LEASE_S + 0.1
    assert drive(store, match, "marie", table=False, now=later).drives
    release(store, match, "marie")  # left the match's screen: the next asks, and gets it at once
    assert drive(store, match, "paul", table=False, now=later + 0.1).drives
    store.close()


def test_a_spectators_read_only_store_never_drives(tmp_path):
    store, match = _match(tmp_path)
    store.close()
    with Store.open(tmp_path / "c.sqlite3", read_only=True) as viewer:
        assert not drive(viewer, match, "spectator", table=True).drives


def test_an_undo_waits_for_everyone_asked_and_a_no_settles_it(tmp_path):
    store, match = _match(tmp_path)
    ask_undo(store, match, UndoRequest(head=9, back=7, device="tablet", asker="", seats=(0, 1)))
    asked = undo_request(store, match)
    assert asked is not None and asked.waits_for(0) and asked.waits_for(1) and not asked.waits_for(2)
    answer_undo(store, match, 9, 0, agree=True)
    asked = undo_request(store, match)
    assert asked is not None and not asked.waits_for(0) and not asked.agreed_by_all
    answer_undo(store, match, 8, 1, agree=True)  # an answer to another question (the log moved): not taken
    assert undo_request(store, match) == UndoRequest(9, 7, "tablet", "", (0, 1), agreed=(0,))
    answer_undo(store, match, 9, 1, agree=True)
    asked = undo_request(store, match)
    assert asked is not None and asked.agreed_by_all
    ask_undo(store, match, UndoRequest(head=9, back=8, device="paul", asker="Paul", seats=(0,)))  # replaces it
    answer_undo(store, match, 9, 0, agree=False)
    asked = undo_request(store, match)
    assert asked is not None and asked.refused == 0 and not asked.agreed_by_all and not asked.waits_for(0)
    drop_undo(store, match)
    assert undo_request(store, match) is None
    store.close()
