"""A club night as a log of operations (the log is the save file, the undo stack and the replay, as for a match):

- ``start``: the players (4 to 40), the number of rounds, the pairing method and the scoring;
- ``pair``: the next round's tables (stored as paired, so a replay never pairs differently);
- ``result``: a table's winner and the loser's score (``match`` names the app's match it was played in);
  entered again for the same table, it corrects the earlier one, and the standings follow;
- ``table_match``: a table of the current round is played as a match in the app (on the tablet its QR code
  opened): ``match`` names it; once it is over, its result is the table's (``saved.settle``);
- ``swap``: two players change tables in the current round (only tables with no result yet: results stay);
- ``leave``: a player leaves; ``mode`` ``withdraw`` takes him out of the pairings (the others may get byes),
  ``forfeit`` keeps him paired and each of his later games is lost by forfeit.

Game points (configurable): win 2, win by a skunk 3 (the loser short of the skunk line), loss 0, a bye 2.
Standings: game points, then games won, then spread (margins won less margins lost; a game is won by
``target - loser's score``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from companion.club.pairing import Pairs, pair_round
from companion.core.errors import CompanionError
from companion.core.i18n import Msg
from companion.core.sheets import csv_text

MIN_PLAYERS, MAX_PLAYERS = 4, 40

NOT_STARTED = Msg("the night has not started", "la soirée n'a pas commencé")
STARTED = Msg("the night has already started", "la soirée a déjà commencé")
BAD_COUNT = Msg("a club night needs 4 to 40 players, not {n}", "une soirée de club demande de 4 à 40 joueurs, pas {n}")
TWICE = Msg("{name} is on the list twice", "{name} est deux fois sur la liste")
BAD_ROUNDS = Msg("from 1 to 30 rounds, not {n}", "de 1 à 30 tours, pas {n}")
ALL_PAIRED = Msg("all {n} rounds are paired", "les {n} tours sont appariés")
UNFINISHED = Msg("round {round} still has tables without a result", "le tour {round} a encore des tables sans résultat")
NO_TABLE = Msg("round {round} has no table {table}", "le tour {round} n'a pas de table {table}")
BYE_TABLE = Msg("table {table} is a bye: there is no result to enter", "la table {table} est une exemption : pas de résultat")
NOT_AT_TABLE = Msg("{name} is not at table {table}", "{name} n'est pas à la table {table}")
BAD_SCORE = Msg("the loser's score is from 0 to {top}, not {n}", "le pointage du perdant va de 0 à {top}, pas {n}")
UNKNOWN = Msg("no player {name} tonight", "pas de joueur {name} ce soir")
GONE = Msg("{name} has already left", "{name} est déjà parti")
HAS_RESULT = Msg("table {table} already has a result: correct it instead of moving its players",
                 "la table {table} a déjà un résultat : corrigez-le plutôt que de déplacer ses joueurs")
DECIDED = Msg("table {table} already has its result", "la table {table} a déjà son résultat")
BAD_OP = Msg("unknown entry {op!r}", "entrée inconnue {op!r}")
LEFT_WITHDRAW = Msg("left (no more games)", "parti (plus de parties)")
LEFT_FORFEIT = Msg("left (forfeits)", "parti (forfaits)")
BYE_NOTE = Msg("bye", "exemption")
FORFEIT_NOTE = Msg("forfeit", "forfait")
TO_PLAY = Msg("to be played", "à jouer")


class NightError(CompanionError):
    """An entry that does not fit the night; nothing changed."""


@dataclass(frozen=True)
class NightRules:
    rounds: int = 9
    method: str = "rotation"  # or "swiss"
    win: int = 2
    skunk_win: int = 3
    loss: int = 0
    bye: int = 2
    target: int = 121
    skunk_line: int = 91

    def __post_init__(self) -> None:
        if self.target == 61 and self.skunk_line == 91:  # as cribbage's own rules: games to 61 skunk under 31
            object.__setattr__(self, "skunk_line", 31)


@dataclass
class Standing:
    name: str
    points: int = 0
    won: int = 0
    lost: int = 0
    spread: int = 0
    byes: int = 0
    skunks: int = 0
    left: str | None = None  # "withdraw" or "forfeit"


@dataclass
class Result:
    winner: str
    loser_score: int
    match: int | None = None
    forfeit: bool = False


@dataclass
class ClubNight:
    players: list[str] = field(default_factory=list)
    rules: NightRules = field(default_factory=NightRules)
    rounds: list[Pairs] = field(default_factory=list)
    results: dict[tuple[int, int], Result] = field(default_factory=dict)  # (round, table), both from 1
    left: dict[str, str] = field(default_factory=dict)
    table_matches: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, table) -> match id
    log: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def replay(cls, ops: list[dict[str, Any]]) -> ClubNight:
        night = cls()
        for op in ops:
            night.apply(op)
        return night

    # ------------------------------------------------------------ reading
    @property
    def started(self) -> bool:
        return bool(self.players)

    @property
    def round(self) -> int:
        """The round being played (0 before the first is paired)."""
        return len(self.rounds)

    def tables(self, round_no: int) -> Pairs:
        return self.rounds[round_no - 1]

    def open_tables(self, round_no: int | None = None) -> list[int]:
        """The tables of a round (default: the current one) still waiting for a result."""
        round_no = round_no or self.round
        if not 1 <= round_no <= self.round:
            return []
        return [t for t, (a, b) in enumerate(self.tables(round_no), 1) if b is not None and (round_no, t) not in self.results]

    @property
    def finished(self) -> bool:
        return self.round == self.rules.rounds and not self.open_tables()

    def present(self) -> list[str]:
        return [p for p in self.players if self.left.get(p) != "withdraw"]

    def standings(self) -> list[Standing]:
        table = {p: Standing(p, left=self.left.get(p)) for p in self.players}
        r = self.rules
        for round_no, pairs in enumerate(self.rounds, 1):
            for t, (a, b) in enumerate(pairs, 1):
                if b is None:
                    table[a].byes += 1
                    table[a].points += r.bye
                    continue
                result = self.results.get((round_no, t))
                if result is None:
                    continue
                loser = b if result.winner == a else a
                margin = 0 if result.forfeit else r.target - result.loser_score
                skunk = not result.forfeit and result.loser_score < r.skunk_line
                table[result.winner].points += r.skunk_win if skunk else r.win
                table[result.winner].won += 1
                table[result.winner].spread += margin
                table[result.winner].skunks += skunk
                table[loser].points += r.loss
                table[loser].lost += 1
                table[loser].spread -= margin
        return sorted(table.values(), key=lambda s: (-s.points, -s.won, -s.spread, self.players.index(s.name)))

    # ------------------------------------------------------------ entries
    def apply(self, op: dict[str, Any]) -> None:
        """Check, then apply one entry; a NightError (with the reason) leaves the night as it was."""
        kind = op.get("op") if isinstance(op, dict) else None
        handler = getattr(self, f"_{kind}", None) if isinstance(kind, str) else None
        if handler is None:
            raise NightError(BAD_OP(op=str(kind)[:20]))
        if kind != "start" and not self.started:
            raise NightError(NOT_STARTED)
        handler(op)
        self.log.append(op)

    def _start(self, op: dict[str, Any]) -> None:
        if self.started:
            raise NightError(STARTED)
        players = [" ".join(str(p).split()) for p in op.get("players", [])]
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise NightError(BAD_COUNT(n=len(players)))
        folded = [p.casefold() for p in players]
        for p in players:
            if folded.count(p.casefold()) > 1 or not p:
                raise NightError(TWICE(name=p))
        rules = NightRules(**op.get("rules", {}))
        if not 1 <= rules.rounds <= 30:
            raise NightError(BAD_ROUNDS(n=rules.rounds))
        self.players, self.rules = players, rules

    def pairing(self) -> Pairs:
        """What the next ``pair`` entry would pair (refused while the round is being played)."""
        if self.round >= self.rules.rounds:
            raise NightError(ALL_PAIRED(n=self.rules.rounds))
        if self.open_tables():
            raise NightError(UNFINISHED(round=self.round))
        order = [s.name for s in self.standings()]
        return pair_round(self.players, self.present(), self.rounds, self.rules.method, order)

    def _pair(self, op: dict[str, Any]) -> None:
        pairs = self.pairing()
        if op.get("pairs") is not None:  # replayed: the tables as they were paired
            pairs = [(a, b) for a, b in op["pairs"]]
        else:
            op["pairs"] = [list(p) for p in pairs]
        self.rounds.append(pairs)
        for t, (a, b) in enumerate(pairs, 1):  # a forfeiting player loses at once
            if b is not None and (self.left.get(a) == "forfeit" or self.left.get(b) == "forfeit"):
                winner = b if self.left.get(a) == "forfeit" else a
                self.results[(self.round, t)] = Result(winner, 0, forfeit=True)

    def _result(self, op: dict[str, Any]) -> None:
        round_no, t = int(op.get("round", self.round)), int(op.get("table", 0))
        a, b = self._pair_at(round_no, t)
        winner = str(op.get("winner", ""))
        if winner not in (a, b):
            raise NightError(NOT_AT_TABLE(name=winner, table=t))
        score = op.get("loser_score")
        top = self.rules.target - 1
        if type(score) is not int or not 0 <= score <= top:
            raise NightError(BAD_SCORE(top=top, n=score))
        self.results[(round_no, t)] = Result(winner, score, op.get("match"))

    def _pair_at(self, round_no: int, t: int) -> tuple[str, str]:
        """The two players of table ``t`` in round ``round_no``; a NightError for no such table, or a bye."""
        if not 1 <= round_no <= self.round or not 1 <= t <= len(self.tables(round_no)):
            raise NightError(NO_TABLE(round=round_no, table=t))
        a, b = self.tables(round_no)[t - 1]
        if b is None:
            raise NightError(BYE_TABLE(table=t))
        return a, b

    def check_playable(self, t: int) -> tuple[str, str]:
        """The two players of table ``t`` of the current round, which waits for its game; else a NightError (no
        such table, a bye, decided)."""
        pair = self._pair_at(self.round, t)
        if (self.round, t) in self.results:
            raise NightError(DECIDED(table=t))
        return pair

    def _table_match(self, op: dict[str, Any]) -> None:
        t, match_id = int(op.get("table", 0)), op.get("match")
        self.check_playable(t)
        if type(match_id) is not int:
            raise NightError(BAD_OP(op="table_match"))
        op["round"] = self.round
        self.table_matches[(self.round, t)] = match_id

    def _swap(self, op: dict[str, Any]) -> None:
        names = [str(op.get("a")), str(op.get("b"))]
        pairs = [list(p) for p in self.tables(self.round)] if self.round else []
        where = {}
        for name in names:
            found = next(((t, i) for t, pair in enumerate(pairs) for i, who in enumerate(pair) if who == name), None)
            if found is None:
                raise NightError(UNKNOWN(name=name))
            if (self.round, found[0] + 1) in self.results:
                raise NightError(HAS_RESULT(table=found[0] + 1))
            where[name] = found
        (ta, ia), (tb, ib) = where[names[0]], where[names[1]]
        pairs[ta][ia], pairs[tb][ib] = pairs[tb][ib], pairs[ta][ia]
        for t in (ta + 1, tb + 1):  # a match started for the old pair is not these players' game
            self.table_matches.pop((self.round, t), None)
        # A bye is (player, None): whoever moves into a bye's table sits first.
        self.rounds[-1] = [(a, b) if a is not None else (b, None) for a, b in pairs]  # type: ignore[misc]

    def _leave(self, op: dict[str, Any]) -> None:
        name = str(op.get("player"))
        if name not in self.players:
            raise NightError(UNKNOWN(name=name))
        if name in self.left:
            raise NightError(GONE(name=name))
        self.left[name] = "forfeit" if op.get("mode") == "forfeit" else "withdraw"
        if self.left[name] == "forfeit":  # his open table of this round is lost by forfeit now
            for t in self.open_tables():
                a, b = self.tables(self.round)[t - 1]
                if b is not None and name in (a, b):
                    self.results[(self.round, t)] = Result(b if a == name else a, 0, forfeit=True)

    # ------------------------------------------------------------ sharing
    def csv(self, lang: str = "en") -> str:
        head = (("place", "player", "game_points", "won", "lost", "spread", "byes", "skunks", "status")
                if lang == "en" else ("rang", "joueur", "points", "gagnées", "perdues", "écart", "exemptions",
                                      "skunks", "statut"))
        rows = []
        for place, s in enumerate(self.standings(), 1):
            status = "" if s.left is None else (LEFT_FORFEIT if s.left == "forfeit" else LEFT_WITHDRAW).text(lang)
            rows.append([place, s.name, s.points, s.won, s.lost, s.spread, s.byes, s.skunks, status])
        return csv_text(head, rows)

    def tables_csv(self, lang: str = "en") -> str:
        """Every table of every round paired: its players and its result, as the night's sheet shows them (a bye,
        a forfeit, or a game to be played written as such)."""
        head = (("round", "table", "player", "opponent", "winner", "loser_score", "note", "match")
                if lang == "en" else ("tour", "table", "joueur", "adversaire", "gagnant", "pointage_perdant", "note",
                                      "match"))
        rows = []
        for round_no, pairs in enumerate(self.rounds, 1):
            for t, (a, b) in enumerate(pairs, 1):
                result = self.results.get((round_no, t))
                note = (BYE_NOTE if b is None else FORFEIT_NOTE if result is not None and result.forfeit
                        else TO_PLAY if result is None else None)
                rows.append([round_no, t, a, b or "", result.winner if result else "",
                             result.loser_score if result and not result.forfeit else "",
                             note.text(lang) if note else "", result.match if result and result.match else ""])
        return csv_text(head, rows)


def start_op(players: list[str], **rules: Any) -> dict[str, Any]:
    return {"op": "start", "players": list(players), "rules": asdict(NightRules(**rules))}
