"""What the 2500 screen shows alike in both modes (at a real table, against the computer): the header, the score
sheet of the brasses and, during a brasse, the table (the frime, the pige, the stock, each player's trios and how
many cards he holds). Each mode adds its own entry: the keypad and the keeper's keys (``table_entry.py``), or the
hand (``hand_entry.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from textual.app import ComposeResult

from companion.core.cards import CardList, rank_text
from companion.core.i18n import Msg
from companion.games.rummy2500.engine import Rummy2500Match
from companion.games.rummy2500.words import BRASSE, BRASSES_NEXT
from companion.tui.screens.mixin import MatchScreenMixin
from companion.tui.widgets.plain import Static
from companion.tui.widgets.standings import ScoreSheet

M = Msg
HEADER = M("2500 · brasse {n} · {dealer} deals · to {target}", "2500 · brasse {n} · {dealer} brasse · en {target}")
HEADER_FRIME = M("2500 · brasse {n} · {dealer} deals · frime {frime} · to {target}",
                 "2500 · brasse {n} · {dealer} brasse · frime {frime} · en {target}")
FRIME_LINE = M("Frime {rank} · stock {n} · pige {pige}", "Frime {rank} · paquet {n} · pige {pige}")
PLAYER_LINE = M("{mark}{name} ({total}): {n} in hand{known}{open} {trios}",
                "{mark}{name} ({total}) : {n} en main{known}{open} {trios}")
KNOWN = M(" (seen {cards})", " (vues {cards})")
OPEN = M(" · open", " · ouvert")
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"


def circled(n: int) -> str:
    return CIRCLED[n] if n < len(CIRCLED) else f"({n + 1})"


def sheet_rows(height: int) -> int:
    """How many brasses the score sheet lists (the total row always shows): fewer on a small screen."""
    return 2 if height < 30 else 8


def table_lines(match: Rummy2500Match, tr: Callable[..., str], lang: str) -> list[str]:
    """The table as everyone sees it, one line for the frime and pige, one per player."""
    bp = match.live
    pige = " ".join(f"{i + 1}:{c.display(lang)}" for i, c in enumerate(bp.pige)) or "—"
    lines = [tr(FRIME_LINE, rank=rank_text(bp.frime, lang), n=len(bp.stock), pige=pige)]
    for seat, name in enumerate(match.names):
        known = [c for c in bp.hands[seat] if c is not None]
        trios = " ".join(f"{circled(i)} {CardList(g).display(lang)}" for i, g in enumerate(bp.laid[seat]))
        lines.append(tr(PLAYER_LINE, mark="▶ " if seat == bp.turn and not bp.over else "  ", name=name,
                        total=match.totals[seat], n=len(bp.hands[seat]),
                        known=tr(KNOWN, cards=CardList(known)) if known and bp.table_mode else "",
                        open=tr(OPEN) if bp.opened[seat] else "", trios=trios))
    return lines


class Rummy2500View(MatchScreenMixin):
    """Mixed into the 2500 screen (a ``MatchScreenBase``): draws what the whole table sees."""

    @property
    def match(self) -> Rummy2500Match:
        return cast(Rummy2500Match, self.session.match)

    def table_view(self) -> ComposeResult:
        """What both modes show first: the score sheet and the table's trios."""
        yield ScoreSheet(id="sheet")
        yield Static("", id="table")

    def draw_sheet_and_table(self) -> None:
        """The header (in virtual play with the frime: no table line says it between brasses), the score sheet
        and the table."""
        m, lang = self.match, self.app.lang
        bp = m.bp
        if self.virtual:
            self.show_header(self.tr(HEADER_FRIME, n=len(m.brasses) + (1 if bp is not None else 0),
                                     dealer=m.names[m.dealer], frime=rank_text(bp.frime, lang) if bp is not None else "—",
                                     target=m.rules.target))
        else:
            self.show_header(self.tr(HEADER, n=len(m.brasses) + 1, dealer=m.names[m.dealer], target=m.rules.target))
        self.query_one("#sheet", ScoreSheet).show(
            m.names, m.brasses, target=m.rules.target, next_dealer=None if m.is_over else m.dealer, lang=lang,
            last=sheet_rows(self.app.size.height), round_word=BRASSE, deals_next=BRASSES_NEXT)
        table = self.query_one("#table", Static)
        table.display = bp is not None
        if bp is not None:
            table.update("\n".join(table_lines(m, self.tr, lang)))
