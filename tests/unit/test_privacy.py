"""No card hidden from anyone at the table leaves the store before the table has seen it (issue 37): every way out
of the app (the command line's export, share, statistics, evenings and players; the files the app hands a device
from Past matches and from a match's Share) is searched, for a virtual match of every game stopped in the middle of
a round, for the running round's pack in its dealt order and for the seed of the rounds to come. An unfinished
match leaves without its round under way, and comes back in; a finished one leaves whole and replays exactly."""

from __future__ import annotations

import json
from dataclasses import replace

from companion.cli.main import main
from companion.games import registry
from companion.records.disclosure import disclose
from companion.records.export import as_json, export_texts, import_json
from companion.store.database import Store
from companion.store.session import MatchSession
from tests.helpers.secrets import leaks, mid_round, store_secrets

DEALT = [game.id for game in registry.available() if game.virtual_play]


def _routes(store: Store, capsys) -> dict[str, str]:
    """What every way out gives, by route."""
    def command(*argv: str) -> str:
        assert main(list(argv)) == 0, argv
        return capsys.readouterr().out

    secrets = store_secrets(store)
    out = {"export": command("export"), "export --csv": command("export", "--csv"),
           "stats --json": command("stats", "--json"), "evenings": command("evenings"),
           "players": command("players"),
           "Past matches: Export all": "\n".join(text for _, text in export_texts(store))}
    for secret in secrets:
        out[f"export --match {secret.match_id}"] = command("export", "--match", str(secret.match_id))
        out[f"share {secret.match_id}"] = command("share", str(secret.match_id))
        out[f"Share: Export match {secret.match_id}"] = "\n".join(text for _, text in export_texts(store, secret.match_id))
    return out


def test_no_way_out_carries_a_card_still_hidden_nor_the_seed(home, capsys):
    secrets = store_secrets(home)
    routes = _routes(home, capsys)
    for secret in secrets:  # the search finds what it looks for: the stored log holds the pack and the seed
        assert leaks(json.dumps(secret.ops), secret), secret.game
        assert leaks(json.dumps({"seed": secret.seed}), secret)
    found = {(route, secret.game): leaks(text, secret) for route, text in routes.items() for secret in secrets}
    assert {key: why for key, why in found.items() if why} == {}
    # every game the app deals was searched (a new game joins by itself), each for a running round's whole pack
    assert len(secrets) == len(DEALT) and all(len(s.pack) >= 20 for s in secrets)


def test_an_unfinished_virtual_match_leaves_without_its_round_under_way_nor_its_seed(home):
    for secret in store_secrets(home):
        (item,) = as_json(home, secret.match_id)["matches"]
        assert item["ops"] == secret.ops[:secret.disclosed], secret.game
        assert item["withheld"] == len(secret.ops) - secret.disclosed > 0
        assert item["setup"]["seed"] is None and home.match(secret.match_id).setup["seed"] == secret.seed


def test_an_unfinished_match_comes_back_at_the_end_of_its_last_round_and_deals_anew(home, tmp_path):
    secrets = store_secrets(home)
    text = json.dumps(as_json(home))
    with Store.open(tmp_path / "other.sqlite3") as other:
        ids, already, refused = import_json(other, text)
        assert (len(ids), already, refused) == (len(DEALT), 0, [])
        for secret, new in zip(secrets, ids):
            game = registry.get(secret.game)
            session = MatchSession(other, new)
            assert [op.to_json() for op in session.match.log] == secret.ops[:secret.disclosed]
            assert session.setup.seed not in (None, secret.seed)  # a new seed for the rounds to come
            at_round_end = game.match.replay(game.read_setup(home.match(secret.match_id).setup),
                                             secret.ops[:secret.disclosed])
            assert [s.value for s in session.match.standings()] == [s.value for s in at_round_end.standings()]
        assert import_json(other, text) == ([], len(DEALT), [])  # already here
    assert import_json(home, text) == ([], len(DEALT), [])  # the start of a match here: already here too


def test_a_finished_virtual_match_leaves_whole_and_replays_exactly(home):
    game = registry.get("trente_et_un")
    match = mid_round("trente_et_un")
    from companion.games.selfplay import play_out
    from companion.games.trente_et_un.players import next_op

    play_out(next_op, match, list(match.setup.seats))
    session = MatchSession.create(home, match.setup, game)
    for op in match.log:
        session.apply(op)
    (item,) = as_json(home, session.match_id)["matches"]
    assert item["withheld"] == 0 and item["setup"]["seed"] == match.setup.seed
    assert item["ops"] == [op.to_json() for op in match.log]
    assert disclose(game, item["setup"], item["ops"]).match.outcome == match.outcome


def _reshuffled(match) -> bool:
    return any("shuffled into a new stock" in event.text.text("en") for event in match.events)


def test_a_2500_brasse_with_a_reshuffle_replays_from_its_own_entries_without_the_seed():
    """Nobody lays a trio: everyone draws from the stock and throws what he drew, until the stock runs out and the
    pige is shuffled into a new one, by the brasse's own key, not the match's seed: a brasse over replays from the
    entries that leave the app."""
    from companion.games.rummy2500.ops import DrawStock, Throw
    from companion.games.rummy2500.players import deal_op

    match = mid_round("rummy2500", rounds=0, into=0, stock_exhausted="reshuffle_pige")
    match.apply(deal_op(match))
    while not _reshuffled(match):
        seat = match.live.turn
        match.apply(DrawStock(seat))
        match.apply(Throw(seat, match.live.hands[seat][-1]))
    alone = type(match).replay(replace(match.setup, seed=None), match.log)
    assert alone.live.hands == match.live.hands and alone.live.stock == match.live.stock


def test_a_trente_et_un_deal_with_a_reshuffle_replays_from_its_own_entries_without_the_seed():
    """Nobody knocks: everyone draws from the stock and throws what he drew, until the stock runs out and the
    discards are shuffled into a new one, by the deal's own key."""
    from companion.games.trente_et_un.ops import Discard, Draw
    from companion.games.trente_et_un.players import deal_op, next_op

    match = mid_round("trente_et_un", rounds=0, into=0)
    match.apply(deal_op(match))
    while not _reshuffled(match):
        (seat,) = match.awaiting() or (None,)
        if seat is None:
            match.apply(next_op(match, ["easy"] * 3))  # the deal's own step (a 31 laid down): then the next deal
            continue
        match.apply(Draw(seat))
        match.apply(Discard(seat, match.play.hands[seat][-1]))
    alone = type(match).replay(replace(match.setup, seed=None), match.log)
    assert alone.play.hands == match.play.hands and alone.play.stock_cards == match.play.stock_cards
