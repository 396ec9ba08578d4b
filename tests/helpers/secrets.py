"""Virtual matches stopped in the middle of a round, for the privacy tests: what each way out of the app carries is
searched for the cards still hidden (the running round's shuffled pack, in the order it was dealt) and for the
seed that deals the rounds to come.

    python -m tests.helpers.secrets      # the figures: per game, the hidden cards whose places were searched for
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, fields

from companion.core.cards import format_card
from companion.games import registry
from companion.games.base import Match, Operation, Setup
from companion.store.database import Store
from companion.store.session import MatchSession

SEED = 1_804_289_383  # long enough that no date, count or score holds it by chance
RUN = 5  # cards in a row, in the pack's order: a sequence no way out may hold


@dataclass
class Secret:
    """One virtual match in the middle of a round: its id in the store, and what no way out may carry yet."""

    game: str
    match_id: int
    seed: int
    pack: list  # the running round's pack, as dealt
    ops: list[dict]  # the whole stored log
    disclosed: int  # how many of its first entries may leave


def pack_of(op: Operation) -> list:
    """The longest run of cards an operation holds (a deal's shuffled pack), or []."""
    longest: list = []
    for f in fields(op):
        value = getattr(op, f.name)
        if isinstance(value, tuple) and len(value) > len(longest) and all(hasattr(c, "code") for c in value):
            longest = list(value)
    return longest


def mid_round(game_id: str, seed: int = SEED, rounds: int = 1, into: int = 4, **rules: object) -> Match:
    """A virtual match of computers (easy) played through ``rounds`` rounds over, then ``into`` steps into the next
    (its deal and a few moves), under the default house rules but ``rules``."""
    game = registry.get(game_id)
    seats = max(min(game.counts()), 2)  # the fewest the game is played by
    names = tuple(f"P{i + 1}" for i in range(seats))
    setup = Setup(names, game.make_rules(seats, rules), 0, "virtual", seed, ("easy",) * seats)
    match = game.new_match(setup)
    next_op = importlib.import_module(game.players).next_op
    kinds = list(setup.seats)
    ended, since = 0, 0
    while not (ended >= rounds and since >= into):
        op = next_op(match, kinds)
        assert op is not None and not match.is_over, f"{game_id}: the match ended before the round stopped in"
        match.apply(op)
        since += 1
        if match.closes_round(match.events[-1]):
            ended, since = ended + 1, 0
    return match


def store_secrets(store: Store, seed: int = SEED) -> list[Secret]:
    """One match per game that the app deals, each stopped in the middle of a round, saved in ``store``."""
    secrets = []
    for game in registry.available():
        if not game.virtual_play:
            continue
        match = mid_round(game.id, seed)
        session = MatchSession.create(store, match.setup, game)
        for op in match.log:
            session.apply(op)
        shown = match.disclosed()
        assert shown < len(match.log), game.id
        pack = max((pack_of(op) for op in match.log[shown:] if match.is_chance(op)), key=len, default=[])
        assert len(pack) >= 20, (game.id, "no shuffled pack in the running round")
        secrets.append(Secret(game.id, session.match_id, seed, pack, store.ops(session.match_id), shown))
    return secrets


def _spellings(card) -> list[str]:
    return sorted({card.code, *(format_card(card, "symbol", lang) for lang in ("en", "fr")
                                if _is_standard(card))}, key=len, reverse=True)


def _is_standard(card) -> bool:
    return type(card).__name__ == "Card"


def leaks(text: str, secret: Secret) -> list[str]:
    """What of ``secret`` the text holds: a run of ``RUN`` cards of the running pack in their dealt order (in any
    spelling, whatever stands between them), or the seed."""
    found = [f"seed {secret.seed}"] if str(secret.seed) in text else []
    between = r"[^\w♠♥♦♣]{1,8}"
    for start in range(len(secret.pack) - RUN + 1):
        run = secret.pack[start:start + RUN]
        pattern = between.join("(?<![\\w♠♥♦♣])(?:" + "|".join(re.escape(s) for s in _spellings(card)) + ")(?![\\w♠♥♦♣])"
                               for card in run)
        if re.search(pattern, text):
            found.append(" ".join(card.code for card in run))
            break
    return found


if __name__ == "__main__":
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "s.sqlite3") as opened:
        for secret in store_secrets(opened):
            print(f"{secret.game:22} match {secret.match_id}: {len(secret.pack)} hidden cards' places, "
                  f"{len(secret.ops) - secret.disclosed} entries of the round under way")
