"""A club night on the phones: each player's page between his matches, the strip above his match all night, and the
standings for the wall, drawn from the night's sheet (``companion.club.sheet``) and escaped (a name is never
markup). Nothing of any match's cards is here: a player's match is his seat's page (``seat_page``)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from companion.club import sheet
from companion.club.night import ClubNight
from companion.core.i18n import Msg
from companion.serving.seat_page import LANG_SWITCH, tr

YOUR_TABLE = Msg("Table {table}: you play {other}.", "Table {table} : vous jouez contre {other}.")
YOUR_BYE = Msg("You have a bye this round.", "Vous êtes exempté à ce tour.")
YOUR_RESULT = Msg("Your table's result: {result}.", "Le résultat de votre table : {result}.")
NEXT_ROUND = Msg("The next round is paired by the organiser.", "L'organisateur apparie le tour suivant.")
NOT_YET = Msg("The organiser pairs the first round.", "L'organisateur apparie le premier tour.")
NOT_PLAYING = Msg("You are not in this round.", "Vous ne jouez pas à ce tour.")
FINISHED = Msg("The night is over: you finished {place}.", "La soirée est finie : vous finissez {place}.")
START = Msg("Start our table's match", "Commencer le match de notre table")
STARTS_HINT = Msg("Your match opens here by itself once it is started, on this phone or the table's tablet.",
                  "Votre match s'ouvre ici de lui-même dès qu'il est commencé, sur ce téléphone ou sur la tablette "
                  "de la table.")
STRIP = Msg("Round {round} of {rounds} · table {table} · {place}, {points} pts",
            "Tour {round} sur {rounds} · table {table} · {place}, {points} pts")
STANDINGS = Msg("Standings", "Classement")
TABLES = Msg("This round's tables", "Les tables du tour")


def place_text(n: int, lang: str) -> str:
    """A place in the standings as each language writes it: 1st, 2nd, 11th, 22nd; 1er, 2e."""
    if lang == "fr":
        return "1er" if n == 1 else f"{n}e"
    return f"{n}th" if n % 100 in (11, 12, 13) else f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _grid(headers: Sequence[Msg], rows: Sequence[Sequence[str]], lang: str, mine: str | None = None,
          name_column: int = 1) -> str:
    head = "".join(f'<th scope="col">{tr(h, lang)}</th>' for h in headers)
    body = "".join(
        ('<tr class="you" aria-current="true">' if mine is not None and mine in row[name_column:name_column + 2]
         else "<tr>") + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return f'<div class="grid"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _sheet(night: ClubNight, lang: str, mine: str | None) -> str:
    parts = []
    if night.round:
        parts.append(f"<h2>{tr(TABLES, lang)}</h2>" + _grid(sheet.TABLES, sheet.table_rows(night, lang), lang, mine))
    parts.append(f"<h2>{tr(STANDINGS, lang)}</h2>"
                 + _grid(sheet.STANDINGS, sheet.standing_rows(night, lang), lang, mine, name_column=1))
    return "".join(parts)


def your_table(night: ClubNight, name: str) -> int | None:
    """The table of the current round a player sits at, or None (not paired yet, or he withdrew)."""
    if not night.round:
        return None
    return next((t for t, pair in enumerate(night.tables(night.round), 1) if name in pair), None)


def _place(night: ClubNight, name: str) -> tuple[int, int]:
    """His place in the standings (shared with those level with him), and his game points."""
    return next(((n, s.points) for n, s in sheet.places(night) if s.name == name), (len(night.players), 0))


def player_panel(night: ClubNight, title: str, name: str, lang: str, startable: bool, message: str = "") -> str:
    """A player's page between his matches: where he plays this round and what became of it, a key to start his
    table's match, the round's tables and the standings (his rows marked)."""
    table = your_table(night, name)
    if night.finished:
        said = FINISHED(place=place_text(_place(night, name)[0], lang)).text(lang)
    elif not night.round:
        said = NOT_YET.text(lang)
    elif table is None:
        said = NOT_PLAYING.text(lang)
    else:
        a, b = night.tables(night.round)[table - 1]
        if b is None:
            said = YOUR_BYE.text(lang) + " " + NEXT_ROUND.text(lang)
        elif (night.round, table) in night.results:
            said = (YOUR_RESULT(result=sheet.result_text(night, table, lang)).text(lang) + " "
                    + NEXT_ROUND.text(lang))
        else:
            said = YOUR_TABLE(table=table, other=b if a == name else a).text(lang)
    parts = [_header(title, lang), f'<p class="turn">{escape(said)}</p>']
    if startable:
        parts.append(f'<p class="hint">{tr(STARTS_HINT, lang)}</p>'
                     f'<button type="button" class="start">{tr(START, lang)}</button>')
    parts.append(f'<p class="message" role="alert">{escape(message)}</p>')
    parts.append(_sheet(night, lang, name))
    return "".join(parts)


def wall_panel(night: ClubNight, name: str, lang: str) -> str:
    """The night's standings for a wall screen and any phone: read only, in large print on a large screen."""
    title = sheet.heading(night, name, lang) if night.round else name  # not "pair the first round": the organiser's
    return f'<div class="wall">{_header(title, lang)}{_sheet(night, lang, None)}</div>'


def strip(night: ClubNight, name: str, lang: str) -> str:
    """One line above a player's match all night: the round, his table, his place; the standings a tap away."""
    table = your_table(night, name)
    place, points = _place(night, name)
    line = STRIP(round=night.round, rounds=night.rules.rounds, table=table or "—", place=place_text(place, lang),
                 points=points).text(lang)
    return (f"<p>{escape(line)}</p><details><summary>{tr(STANDINGS, lang)}</summary>"
            + _grid(sheet.STANDINGS, sheet.standing_rows(night, lang), lang, name) + "</details>")


def _header(title: str, lang: str) -> str:
    return (f"<header><h1>{escape(title)}</h1><button type=\"button\" class=\"lang\" "
            f"data-lang=\"{'en' if lang == 'fr' else 'fr'}\">{tr(LANG_SWITCH, lang)}</button></header>")
