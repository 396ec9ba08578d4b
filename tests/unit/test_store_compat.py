"""A store written by an earlier release opens the same in this one: every match, the roster and the club night.

``tests/data/store-2026-11-25.sqlite3`` was written by the release before the package was laid out in role folders
(its 30 matches of all five games, table and virtual, finished and not, came from the journeys and the kill test
through ``companion export`` and ``companion import``; a club night and a renamed, coloured player were added), and
fingerprinted by that release (``python -m tests.helpers.store_fingerprint FILE``). Moving modules or renaming classes must
never change what a saved match means: stored rows hold game ids and operation names, never module paths.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

from tests.helpers.store_fingerprint import fingerprint

DATA = Path(__file__).resolve().parents[1] / "data"


# What the app says differently since, on purpose (what the matches mean is unchanged): Le 31's log says a build in
# English words in its English text (« for 6 », where it quoted the French « pour 6 »).
SAID_SINCE = (("« multiple pour ", "« multiple for "), ("« pour mon partenaire »", "« for my partner »"),
              ("« pour ", "« for "))


def said_since(event: dict) -> dict:
    english, *others = event["text"]
    for before, now in SAID_SINCE:
        english = english.replace(before, now)
    return {**event, "text": [english, *others]}


# Trente-et-un's cards turned up agree with their count (« retournée(s) » before); cribbage's go that pegs says who
# said go and who pegs for it (« Ann: go, go for 1 » before): the one who played last.
TURNED = re.compile(r"Donne : (.+) retournée\(s\)")
GO = re.compile(r"^(.+): go, go for (\d+)$")
# 2500's pige taken and Le 31's last card agree with their count too (« 1 carte(s) », « les 1 cartes restantes »).
COUNTED = ((re.compile(r"takes (\d+) card\(s\) from the pige"),
            lambda m: f"takes {m[1]} card{'s' if m[1] != '1' else ''} from the pige"),
           (re.compile(r"prend (\d+) carte\(s\) à la pige"),
            lambda m: f"prend {m[1]} carte{'s' if m[1] != '1' else ''} à la pige"),
           (re.compile("takes the 1 cards left"), lambda m: "takes the last card"),
           (re.compile("prend les 1 cartes restantes"), lambda m: "prend la carte restante"))


def agreed_since(match: dict) -> list[dict]:
    events, last_player = [], None
    for event in match["events"]:
        english, french = event["text"]
        french = TURNED.sub(lambda m: f"Donne : {m[1]} retournée{'s' if len(m[1].split()) > 1 else ''}", french)
        for pattern, now in COUNTED:
            english, french = pattern.sub(now, english), pattern.sub(now, french)
        said = GO.match(english)
        if match["game"] == "cribbage" and said:
            name, n = said[1], said[2]
            scorer = match["setup"]["names"][last_player]
            english, french = ((f"{name} says go and pegs {n} for the go", f"{name} dit go et marque {n} pour le go")
                               if scorer == name else (f"{name} says go: {scorer} pegs {n} for the go",
                                                       f"{name} dit go : {scorer} marque {n} pour le go"))
        if event["op"]["op"] == "play":
            last_player = event["op"]["seat"]
        report = event.get("report", [])
        for pattern, now in COUNTED:
            report = [pattern.sub(now, line) if isinstance(line, str) else line for line in report]
        events.append({**event, "text": [english, french], **({"report": report} if "report" in event else {})})
    return events


def test_a_store_written_by_the_release_before_the_role_folders_reads_the_same(tmp_path):
    copy = tmp_path / "companion.sqlite3"
    shutil.copyfile(DATA / "store-2026-11-25.sqlite3", copy)  # opening it may write its journal: never the original
    expected = json.loads(gzip.decompress((DATA / "store-2026-11-25.fingerprint.json.gz").read_bytes()))
    found = json.loads(json.dumps(fingerprint(copy), ensure_ascii=False))  # tuples as lists, as the file holds them
    assert len(found["matches"]) == len(expected["matches"]) == 30
    assert {m["game"] for m in found["matches"].values()} == {
        "cribbage", "le31", "rummy2500", "trente_et_un", "trente_et_un_banker"}
    for match_id, match in expected["matches"].items():
        if match["game"] == "le31":
            match["events"] = [said_since(event) for event in match["events"]]
        match["events"] = agreed_since(match)
        for key, value in match.items():
            assert found["matches"][match_id][key] == value, f"match {match_id}: {key} differs"
    assert found["players"] == expected["players"]
    assert found["nights"] == expected["nights"]
