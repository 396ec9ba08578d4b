"""A player's phone as a real hand: the page of one seat, drawn from what the rules say that seat sees and may do.

The page is plain HTML and CSS, built here only from the seat's ``View`` and ``Choice``s (``companion.games.seats``)
and the faces of the game's cards: nothing else of the match reaches it, so it cannot show what it was never given.
One page for every game: a game gets its phone page by answering ``view`` and ``choices``. Every text from a
player (a name) or from the rules is escaped: never markup. The small script beside it (``static/seat.js``) picks
cards, sends an answer, and swaps the panel the server pushes when the match changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from companion.core.i18n import Msg, french_spaces
from companion.games.listing import ROUND
from companion.games.seats import TAKES_CARDS, Choice, Face, View

LANG_SWITCH = Msg("Français", "English")  # the other language, as its own speakers write it
YOUR_HAND = Msg("Your hand", "Votre main")
YOUR_TURN = Msg("Your turn", "À vous")
WAITING = Msg("{names} to play", "À {names} de jouer")
NOBODY = Msg("Waiting for the table", "On attend la table")
PICK_HINT = Msg("Tap your cards, then what to do with them", "Touchez vos cartes, puis ce qu'il faut en faire")
WHICH_HINT = Msg("Tap the card it was, then the key", "Touchez la carte que c'était, puis la touche")
TABLE_HINT = Msg("then the table's cards it takes", "puis les cartes de la table qu'elle prend")
MOVES = Msg("This {round}", "Cette {round}")  # a deal, a brasse, a round: each is feminine in French
REPORT = Msg("The {round}", "La {round}")
UNDO = Msg("Undo", "Annuler")
CONTINUE = Msg("Continue", "Continuer")
ASKED = Msg("{asker} asks to take back your last move, and what followed it.",
            "{asker} demande de reprendre votre dernier coup, et ce qui l'a suivi.")
THE_TABLE = Msg("The table's device", "L'appareil de la table")
YES_UNDO = Msg("Yes, undo it", "Oui, annuler")
NO_KEEP = Msg("No, keep it", "Non, garder")
OVER = Msg("The match is over", "Le match est fini")
YOUR_REVIEW = Msg("Your costliest decisions", "Vos décisions les plus coûteuses")
NO_MISTAKE = Msg("No decision of yours cost enough to be named.", "Aucune de vos décisions n'a coûté assez pour être nommée.")
REVIEWING = Msg("Reviewing your decisions…", "Analyse de vos décisions…")
TITLE = Msg("{game} · {name}", "{game} · {name}")
NUMBER = Msg("Number", "Nombre")
ANY_CARD = Msg("The card played", "La carte jouée")


def tr(msg: Msg, lang: str) -> str:
    """A message escaped; in French its spaces before « : ; ? ! % » and inside « » non-breaking (a browser would
    start a line with « : »)."""
    text = msg.text(lang)
    return escape(french_spaces(text) if lang == "fr" else text)


def card(code: str, faces: Mapping[str, Face], lang: str, *, pick: str | None = None, pressed: bool = False,
         copies: int = 1) -> str:
    """A card as text a screen reader says (« sept de cœur »), its suit or colour in its label too (colour is never
    the only sign); ``pick``: a button the player taps to pick it (``hand`` or ``table``), ``copies`` times at most
    (two packs: each tap takes one more copy, then none)."""
    face = faces.get(code)
    label = escape(face.label.text(lang)) if face else escape(code)
    spoken = escape(face.spoken.text(lang)) if face else escape(code)
    red = " red" if face is not None and face.red else ""
    if pick is None:
        return f'<span class="card{red}" role="img" aria-label="{spoken}">{label}</span>'
    more = f' data-copies="{copies}"' if copies > 1 else ""
    return (f'<button type="button" class="card{red}" data-{pick}="{escape(code)}"{more}'
            f' aria-pressed="{str(pressed).lower()}" aria-label="{spoken}">{label}</button>')


def panel(game: Msg, view: View, choices: Sequence[Choice], faces: Mapping[str, Face], lang: str,
          message: str = "", asked: str | None = None, chance: Msg | None = None,
          review: Sequence[tuple[Msg, Msg]] | None = None, round_noun: Msg = ROUND) -> str:
    """The seat's panel: who plays, the scores (and the seat's own ``chance`` to win), the table, the hand and what
    the seat may do now, the round's moves and report. ``asked``: an undo waits for this player's answer (who asks).
    ``review``: once the match is over, the seat's own costliest decisions (a heading and its words each; None while
    they are worked out)."""
    seat = view.seat
    name = view.names[seat] if seat is not None else ""
    parts = [f'<header><h1>{escape(TITLE(game=game, name=name).text(lang))}</h1>'
             f'<button type="button" class="lang" data-lang="{"en" if lang == "fr" else "fr"}">{tr(LANG_SWITCH, lang)}'
             "</button></header>",
             '<p class="scores">' + " · ".join(f"{escape(side)} {_figure(score)}"
                                              for side, score in zip(view.sides, view.scores)) + "</p>",
             f'<p class="chance">{tr(chance, lang)}</p>' if chance is not None else "",
             f'<p class="turn">{escape(_turn(view, choices, lang))}</p>']
    if asked is not None:  # an undo waits for this player's answer (asked by a player, or by the table's device)
        parts.append(f'<section class="asked" role="alertdialog"><p>{tr(ASKED(asker=asked or THE_TABLE), lang)}</p>'
                     f'<button type="button" class="answer" data-agree="yes">{tr(YES_UNDO, lang)}</button>'
                     f'<button type="button" class="answer" data-agree="no">{tr(NO_KEEP, lang)}</button></section>')
    picking = {code for choice in choices if choice.kind == "card_table" for code in _codes(choice.table)}
    rows = [row.to_json() for row in view.rows]  # its rows only: the whole view's JSON says every move twice
    if rows:  # nothing on the table yet: no empty felt
        parts.append('<section class="table">' + "".join(_row(row, faces, lang, picking) for row in rows)
                     + "</section>")
    hand = [] if view.hand is None else _codes(view.hand)
    playable = {code for choice in choices if choice.kind in TAKES_CARDS for code in _codes(choice.cards)}
    if hand:
        parts.append(f'<section class="hand"><h2>{tr(YOUR_HAND, lang)}</h2><div class="cards">'
                     + "".join(card(code, faces, lang, pick="hand") if code in playable else card(code, faces, lang)
                               for code in hand) + "</div></section>")
    elif playable:  # at a real table: the cards the app has not seen, to say which one it was (the starter, a play)
        taking = [choice for choice in choices if choice.cards]
        heading = taking[0].label if len(taking) == 1 else ANY_CARD
        copies = {code: max(_codes(choice.cards).count(code) for choice in taking) for code in playable}
        parts.append(f'<section class="hand"><h2>{tr(heading, lang)}</h2><div class="cards picker">'
                     + "".join(card(code, faces, lang, pick="hand", copies=copies[code])
                               for code in sorted(playable, key=_order(faces)))
                     + "</div></section>")
    if choices:  # a hint only where there are cards to tap first
        hint = "" if not playable else f'<p class="hint">{tr(PICK_HINT if hand else WHICH_HINT, lang)}</p>'
        parts.append(f'<section class="choices">{hint}' + "".join(_choice(choice, lang) for choice in choices)
                     + "</section>")
    parts.append(f'<p class="message" role="alert">{escape(message)}</p>')
    if view.over:
        parts.append(f'<p class="over">{tr(OVER, lang)}</p>')
        parts.append(_review(review, lang))
    if view.report:  # the round just ended: read it, then Continue (the next deal waits for a player)
        goes_on = "" if view.over or view.awaiting else (
            f'<button type="button" class="continue">{tr(CONTINUE, lang)}</button>')
        parts.append(f'<section class="report"><h2>{tr(REPORT(round=round_noun), lang)}</h2><ul>'
                     + "".join(f"<li>{tr(line, lang)}</li>" for line in view.report) + f"</ul>{goes_on}</section>")
    if view.moves:
        parts.append(f'<section class="moves"><h2>{tr(MOVES(round=round_noun), lang)}</h2><ol>'
                     + "".join(f"<li>{tr(move, lang)}</li>" for move in view.moves) + "</ol></section>")
    parts.append(f'<footer><button type="button" class="undo">{tr(UNDO, lang)}</button></footer>')
    return "".join(parts)


def _review(review: Sequence[tuple[Msg, Msg]] | None, lang: str) -> str:
    """The seat's own review at the end of the match: its decisions only, so it names only its own cards and the
    table's (every card is disclosed by then anyway)."""
    if not review:  # None while it is worked out
        said = f"<p>{tr(REVIEWING if review is None else NO_MISTAKE, lang)}</p>"
    else:  # each heading holds its number
        said = "<ul>" + "".join(f"<li><strong>{tr(head, lang)}</strong><br>{tr(words, lang)}</li>"
                                for head, words in review) + "</ul>"
    return f'<section class="review"><h2>{tr(YOUR_REVIEW, lang)}</h2>{said}</section>'


def page(game: Msg, view: View, choices: Sequence[Choice], faces: Mapping[str, Face], lang: str,
         asked: str | None = None, chance: Msg | None = None, review: Sequence[tuple[Msg, Msg]] | None = None,
         round_noun: Msg = ROUND) -> str:
    """The whole page: the panel, with the script and style shipped with the package (nothing fetched elsewhere)."""
    name = view.names[view.seat] if view.seat is not None else ""
    return document(TITLE(game=game, name=name).text(lang), lang,
                    panel(game, view, choices, faces, lang, asked=asked, chance=chance, review=review,
                          round_noun=round_noun))


def document(title: str, lang: str, body: str, strip: str | None = None) -> str:
    """A phone's page around its panel (``#panel``, which the server's events replace) and, on a club night, the
    strip above it (``#night``)."""
    night = "" if strip is None else f'<nav id="night" class="night">{strip}</nav>'
    return ("<!DOCTYPE html>"
            f'<html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">'
            '<meta name="referrer" content="no-referrer">'
            f"<title>{escape(title)}</title>"
            '<link rel="stylesheet" href="/seat/static/seat.css"><script src="/seat/static/seat.js" defer></script>'
            f'</head><body>{night}<main id="panel" aria-live="polite">{body}</main></body></html>')


def _choice(choice: Choice, lang: str) -> str:
    """A choice as the buttons that answer it: an action at once; a pick once its cards are picked (the script
    lights it); a target, one button per target; a number, its field beside the button (or the targets' buttons)."""
    data = (f'data-name="{escape(choice.name)}" data-kind="{choice.kind}" data-low="{choice.low}" '
            f'data-high="{choice.high}"')
    label = tr(choice.label, lang)
    if choice.numbers is not None:
        data += ' data-number="1"'  # the script sends the number field beside the button
    # Several targets: the choice said once, then a short button for each (its whole words for a screen reader).
    buttons = "".join(
        f'<button type="button" class="choice" {data} data-target="{i}" aria-label="{label} · {tr(target, lang)}">'
        f"{tr(target, lang)}</button>" for i, target in enumerate(choice.targets)) \
        or f'<button type="button" class="choice" {data}>{label}</button>'
    said = f'<p class="what">{label}</p>' if choice.targets else ""
    if choice.numbers is not None:  # a number, and the target it is for when there are several (a build « for 7 »)
        low, high = choice.numbers
        return (f'<div class="number">{said}<label>{tr(NUMBER, lang)} <input type="number" inputmode="numeric" '
                f'min="{low}" max="{high}" name="{escape(choice.name)}"></label>{buttons}</div>')
    return f'<div class="targets">{said}{buttons}</div>' if choice.targets else buttons


def _row(row: dict[str, Any], faces: Mapping[str, Face], lang: str, picking: set[str]) -> str:
    label = escape(row["label"].get(lang) or row["label"]["en"])
    cards = "".join(card(code, faces, lang, pick="table" if code in picking else None) for code in row["cards"])
    groups = "".join('<span class="group">' + "".join(card(code, faces, lang) for code in group) + "</span>"
                     for group in row["groups"])
    key = row.get("key")
    if key is not None and key in picking:  # the whole row is one table item a choice takes (a build)
        return (f'<button type="button" class="row item" data-table="{escape(key)}" aria-pressed="false">'
                f'<span class="label">{label}</span><span class="cards">{cards}{groups}</span></button>')
    return f'<div class="row"><span class="label">{label}</span><span class="cards">{cards}{groups}</span></div>'


def _turn(view: View, choices: Sequence[Choice], lang: str) -> str:
    if choices:
        return YOUR_TURN.text(lang)
    if view.awaiting:
        return WAITING(names=" & ".join(view.names[s] for s in view.awaiting)).text(lang)
    return "" if view.over else NOBODY.text(lang)


def _codes(cards: Sequence[Any]) -> list[str]:
    return [c if isinstance(c, str) else c.code for c in cards]


def _order(faces: Mapping[str, Face]) -> Any:
    order = {code: i for i, code in enumerate(faces)}
    return lambda code: order.get(code, len(order))


def _figure(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
