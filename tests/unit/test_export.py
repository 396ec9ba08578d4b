"""Share and export: a match's summary as text (what its QR code holds), the history as JSON and CSV, and the
import of an exported JSON, which checks every match and changes nothing when one is bad."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from companion.games.base import Setup
from companion.games.cribbage.ops import Points
from companion.games.cribbage.rules import CribbageRules
from companion.records.export import ImportRefused, as_csv, as_json, export_files, import_json
from companion.records.share import summary_text
from companion.store.database import Store
from companion.store.session import MatchSession


def _finished(store: Store) -> int:
    """Marie beats Paul 121–28 by quick entries (a double skunk)."""
    session = MatchSession.create(store, Setup(("Marie", "Paul"), CribbageRules(), 0), "cribbage")
    for side, points in ((0, 60), (1, 28), (0, 61)):
        session.apply(Points(side, points))
    return session.match_id


def _unfinished(store: Store) -> int:
    session = MatchSession.create(store, Setup(("Léa", "Jean"), CribbageRules(), 1), "cribbage")
    session.apply(Points(1, 12))
    return session.match_id


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "a.sqlite3") as opened:
        yield opened


def test_the_summary_says_players_scores_winner_and_date(store):
    record = store.match(_finished(store))
    date = record.created.astimezone().strftime("%Y-%m-%d")
    assert summary_text(record, "en") == f"companion · Cribbage · {date}\nMarie 121 · Paul 28\nWinner: Marie"
    assert summary_text(record, "fr").endswith("Marie 121 · Paul 28\nGagnant : Marie")
    assert summary_text(store.match(_unfinished(store)), "fr").endswith("Léa 0 · Jean 12\nEn cours")


def test_csv_has_one_row_per_match(store):
    first, second = _finished(store), _unfinished(store)
    rows = list(csv.reader(io.StringIO(as_csv(store))))
    assert rows[0] == ["id", "game", "created", "updated", "finished", "players", "scores", "winners", "entries"]
    assert [r[0] for r in rows[1:]] == [str(first), str(second)]
    assert rows[1][4:] == ["1", "Marie / Paul", "121 / 28", "Marie", "3"]
    assert rows[2][4:] == ["0", "Léa / Jean", "0 / 12", "", "1"]
    assert len(list(csv.reader(io.StringIO(as_csv(store, second))))) == 2


def test_an_export_imports_into_another_store_once(store, tmp_path):
    _finished(store), _unfinished(store)
    json_path, csv_path = export_files(store, directory=tmp_path / "out")
    assert json_path.suffix == ".json" and csv_path.suffix == ".csv"
    text = json_path.read_text(encoding="utf-8")
    with Store.open(tmp_path / "b.sqlite3") as other:
        ids, skipped, refused = import_json(other, text)
        assert len(ids) == 2 and skipped == 0 and refused == []
        assert [other.ops(i) for i in ids] == [store.ops(r["id"]) for r in json.loads(text)["matches"]]
        assert [other.match(i).summary["scores"] for i in ids] == [[121, 28], [0, 12]]
        assert other.match(ids[0]).finished and not other.match(ids[1]).finished
        assert import_json(other, text) == ([], 2, [])  # already here: not doubled


@pytest.mark.parametrize("text, why", [
    ("{not json", "not JSON (line 1, column 2)"),
    ('{"format": "something-else", "matches": []}', "not a companion export"),
    ('{"format": "companion-matches", "version": 99, "matches": []}', "newer companion"),
    ('{"format": "companion-matches", "version": 1, "matches": [{"game": "chess", "setup": {}, "ops": []}]}',
     "unknown game"),
    ('{"format": "companion-matches", "version": 1, "matches": [{"game": "cribbage", "setup": {}, "ops": []}]}',
     "match 1"),
    ('{"format": "companion-matches", "version": 1, "matches": [{"game": "cribbage", "setup": {"names": null}, '
     '"ops": []}]}', "setup is not readable (its 'names' field)"),  # it said « invalid house rules: setup »
])
def test_a_bad_file_is_refused_with_its_reason(store, text, why):
    before = store.list_matches()
    with pytest.raises(ImportRefused) as error:
        import_json(store, text)
    assert why in error.value.text("en")
    assert error.value.text("fr").startswith("Ce fichier ne peut pas être importé")
    assert store.list_matches() == before


def test_one_bad_match_is_named_and_the_sound_ones_are_imported(store, tmp_path):
    """One damaged match made the import of a whole-store backup refuse every match (issue 37)."""
    _finished(store)
    data = as_json(store)
    bad = json.loads(json.dumps(data["matches"][0]))
    bad["ops"].append(bad["ops"][0])  # an entry after the match was won: the replay refuses it
    data["matches"].append(bad)
    with Store.open(tmp_path / "b.sqlite3") as other:
        ids, already, refused = import_json(other, json.dumps(data))
        assert len(ids) == 1 and already == 0
        assert [why.text("en")[:8] for why in refused] == ["match 2:"]
        assert refused[0].text("fr").startswith("partie 2 :")
        assert [r.summary["scores"] for r in other.list_matches()] == [[121, 28]]


def test_a_file_whose_every_match_is_bad_is_refused_whole(store, tmp_path):
    _finished(store)
    data = as_json(store)
    data["matches"][0]["ops"].append(data["matches"][0]["ops"][0])
    with Store.open(tmp_path / "b.sqlite3") as other:
        with pytest.raises(ImportRefused) as error:
            import_json(other, json.dumps(data))
        assert "match 1" in error.value.text("en")
        assert other.list_matches() == []


def test_export_and_import_from_the_command_line(tmp_path):
    def run(home, *args):
        env = {"COMPANION_HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
        return subprocess.run([sys.executable, "-m", "companion.cli.main", *args], capture_output=True, text=True,
                              timeout=60, env=env)

    home = tmp_path / "home"
    home.mkdir()
    with Store.open(home / "companion.sqlite3") as store:
        match_id = _finished(store)
    out = run(home, "export", "--output", str(tmp_path / "all.json"))
    assert out.returncode == 0, out.stderr
    again = run(home, "export", "--output", str(tmp_path / "all.json"))  # never overwrites: a new file
    assert again.stdout.strip().endswith("all-2.json")
    assert run(home, "export", "--csv", "--match", str(match_id)).stdout.splitlines()[1].endswith("Marie,3")
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    imported = run(fresh, "--lang", "fr", "import", str(tmp_path / "all.json"))
    assert imported.returncode == 0 and "1 partie(s) importée(s)" in imported.stdout
    (tmp_path / "bad.json").write_text("[]")
    refused = run(fresh, "--lang", "fr", "import", str(tmp_path / "bad.json"))
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "pas un export de companion" in refused.stderr
    shared = run(home, "share", str(match_id))
    assert shared.stdout.splitlines()[-1] == "Winner: Marie" and "█" in shared.stdout


# ------------------------------------------------------------------ hostile import files (issue 25)

def _export_of_one(store) -> dict:
    _finished(store)
    return json.loads(json.dumps(as_json(store)))


@pytest.mark.parametrize(("change", "why"), [
    (lambda d: d.update(version=0), "format number 0"),
    (lambda d: d.update(version=-1), "format number -1"),
    (lambda d: d["matches"][0].update(created="0001-01-01T00:00:00+00:00"), "'created'"),
    (lambda d: d["matches"][0].update(updated="9999-12-31T00:00:00+00:00"), "'updated'"),
    (lambda d: d["matches"][0].update(created="2999-01-01T00:00:00+00:00"), "'created'"),
    (lambda d: d["matches"][0]["setup"]["rules"].update(lucky_sevens=True), "'lucky_sevens' is unknown"),
    (lambda d: d["matches"][0]["setup"].update(names=["Ann\x1b[31m", "Paul"]), "not text"),
    (lambda d: d["matches"][0]["ops"].__setitem__(0, {"op": "points", "side": 7, "points": 3}), "match 1"),
    (lambda d: d["matches"][0]["ops"].__setitem__(0, {"op": "points", "side": -1, "points": 3}), "match 1"),
    (lambda d: d["matches"][0]["ops"].__setitem__(0, {"op": "points", "side": 0, "points": 2**70}), "match 1"),
])
def test_a_hostile_match_is_refused_with_its_reason_and_nothing_changes(store, tmp_path, change, why):
    data = _export_of_one(store)
    change(data)
    with Store.open(tmp_path / "b.sqlite3") as other:
        with pytest.raises(ImportRefused) as error:
            import_json(other, json.dumps(data))
        assert why in error.value.text("en"), error.value.text("en")
        assert other.list_matches() == []


def test_an_import_stores_what_it_decoded_not_the_files_own_fields(store, tmp_path):
    data = _export_of_one(store)
    data["matches"][0]["setup"]["padding"] = "x" * 1_000_000
    data["matches"][0]["ops"][0]["extra"] = "y" * 1000
    with Store.open(tmp_path / "b.sqlite3") as other:
        (new,), _, _ = import_json(other, json.dumps(data))
        record, ops = other.load(new)
        assert "padding" not in record.setup and all("extra" not in op for op in ops)
        assert (tmp_path / "b.sqlite3").stat().st_size < 200_000
        assert MatchSession(other, new).match.log == MatchSession(store, store.list_matches()[0].id).match.log


def test_an_import_nested_past_the_recursion_limit_is_refused(store):
    for text in ("[" * 100_000 + "]" * 100_000,
                 json.dumps({"format": "companion-matches", "version": 1, "matches": [
                     {"game": "cribbage", "setup": {"names": ["A", "B"]}, "ops": [{"op": "points", "side": 0,
                                                                                   "points": [[[[[1]]]]]}]}]})):
        with pytest.raises(ImportRefused):
            import_json(store, text)
    assert store.list_matches() == []


def test_a_match_whose_log_does_not_replay_is_named_and_what_export_writes_import_takes_back(tmp_path):
    """Issue 37: a match the app lists as damaged (its entries read, but no longer replay) was exported with exit 0
    and no word, and then made the import of the whole backup refuse every match."""
    import sqlite3

    from companion.store.session import MatchSession as Session

    home, fresh = tmp_path / "home", tmp_path / "fresh"
    home.mkdir(), fresh.mkdir()
    with Store.open(home / "companion.sqlite3") as store:
        good, bad = _finished(store), _unfinished(store)
    with sqlite3.connect(home / "companion.sqlite3") as conn:  # a point for a side that does not exist
        conn.execute("UPDATE ops SET op = ? WHERE match_id = ?", (json.dumps({"op": "points", "side": 5, "points": 3}),
                                                                  bad))
    with Store.open(home / "companion.sqlite3") as store:
        with pytest.raises(Exception, match="cannot be replayed"):
            Session(store, bad)  # the app lists it as damaged
    env = {"COMPANION_HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    out = subprocess.run([sys.executable, "-m", "companion.cli.main", "--lang", "fr", "export", "-o",
                          str(tmp_path / "all.json")], capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 1
    assert out.stderr.splitlines() == [out.stderr.strip()] and f"partie {bad} laissée hors de l'export" in out.stderr
    assert [m["id"] for m in json.loads((tmp_path / "all.json").read_text())["matches"]] == [good]
    back = subprocess.run([sys.executable, "-m", "companion.cli.main", "import", str(tmp_path / "all.json")],
                          capture_output=True, text=True, timeout=60, env={**env, "COMPANION_HOME": str(fresh)})
    assert back.returncode == 0 and "1 match(es) imported" in back.stdout and back.stderr == ""
