"""A club night as its sheet reads, in the player's language: the heading, the current round's tables and the
standings. The organiser's screen and the phones' pages (each player's, the wall's) show the same words."""

from __future__ import annotations

from companion.club.night import LEFT_FORFEIT, LEFT_WITHDRAW, ClubNight, Standing
from companion.core.i18n import Msg

ROUND = Msg("{name} · round {round} of {rounds}", "{name} · tour {round} sur {rounds}")
NOT_PAIRED = Msg("{name} · {n} players · {rounds} rounds: pair the first round",
                 "{name} · {n} joueurs · {rounds} tours : appariez le premier tour")
OVER = Msg("{name} · the night is over", "{name} · la soirée est finie")
TABLES = (Msg("Table", "Table"), Msg("Player", "Joueur"), Msg("Player", "Joueur"), Msg("Result", "Résultat"))
STANDINGS = (Msg("#", "#"), Msg("Player", "Joueur"), Msg("Points", "Points"), Msg("Won", "Gagnées"),
             Msg("Lost", "Perdues"), Msg("Spread", "Écart"), Msg("Byes", "Exemptions"), Msg("", ""))
BYE = Msg("bye", "exemption")
WON = Msg("{winner} {target}–{score}", "{winner} {target}–{score}")
FORFEIT = Msg("{winner} by forfeit", "{winner} par forfait")
PLAYING = Msg("playing (#{id})", "en cours (n° {id})")
TO_PLAY = "…"


def heading(night: ClubNight, name: str, lang: str) -> str:
    if night.finished:
        return OVER(name=name).text(lang)
    if night.round == 0:
        return NOT_PAIRED(name=name, n=len(night.players), rounds=night.rules.rounds).text(lang)
    return ROUND(name=name, round=night.round, rounds=night.rules.rounds).text(lang)


def result_text(night: ClubNight, table: int, lang: str, round_no: int | None = None) -> str:
    """A table's result as the sheet says it: a bye, a win and the loser's score (and the match it was played in),
    a forfeit, a match being played, or still to play."""
    round_no = round_no or night.round
    a, b = night.tables(round_no)[table - 1]
    result = night.results.get((round_no, table))
    if b is None:
        return BYE.text(lang)
    if result is None:
        linked = night.table_matches.get((round_no, table))
        return TO_PLAY if linked is None else PLAYING(id=linked).text(lang)
    if result.forfeit:
        return FORFEIT(winner=result.winner).text(lang)
    shown = WON(winner=result.winner, score=result.loser_score, target=night.rules.target).text(lang)
    return shown if result.match is None else f"{shown} (#{result.match})"


def table_rows(night: ClubNight, lang: str) -> list[tuple[str, ...]]:
    """The current round's tables: number, both players (a bye's second is « — »), result."""
    if not night.round:
        return []
    return [(str(t), a, b or "—", result_text(night, t, lang)) for t, (a, b) in enumerate(night.tables(night.round), 1)]


def places(night: ClubNight) -> list[tuple[int, Standing]]:
    """The standings with each player's place: players level on game points, games won and spread share it (four
    players at 0 are all 1st, not 1st to 4th by the order they were listed in)."""
    placed: list[tuple[int, Standing]] = []
    for n, s in enumerate(night.standings(), 1):
        level = placed and _key(placed[-1][1]) == _key(s)
        placed.append((placed[-1][0] if level else n, s))
    return placed


def _key(s: Standing) -> tuple[int, int, int]:
    return s.points, s.won, s.spread


def standing_rows(night: ClubNight, lang: str) -> list[tuple[str, ...]]:
    """The standings: place, player, game points, won, lost, spread, byes, and whether he left."""
    rows: list[tuple[str, ...]] = []
    for place, s in places(night):
        left = "" if s.left is None else (LEFT_FORFEIT if s.left == "forfeit" else LEFT_WITHDRAW).text(lang)
        rows.append((str(place), s.name, str(s.points), str(s.won), str(s.lost), f"{s.spread:+d}", str(s.byes), left))
    return rows
