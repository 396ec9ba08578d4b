"""The game seam: what every game's rules package builds on. No UI, no storage.

- :class:`Operation`: one applied move, frozen; its JSON form is derived from
  its field types (``OpCodec``), so a game only declares its dataclasses.
- :class:`Event`: what an operation did, in both languages, with the points it
  moved (:class:`Score`) and anything the players should check (warnings).
- :class:`Setup`: who plays, under which house rules, in which mode; saved with
  the match and never changed by a move.
- :class:`Match`: the log, the verify / can / apply dispatch, replay, undo.
  A game implements ``_verify_<op>`` and ``_apply_<op>`` for each of its
  operations, and says who is to act, its standings and its outcome.
- :class:`Rules` and :func:`rule`: house rules described once (label, help,
  choices in both languages); the setup form is built from them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import Field, asdict, dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from companion.core.errors import CompanionError, IllegalMoveError, SetupError
from companion.core.i18n import Msg
from companion.games.operation import BAD_OP as BAD_OP
from companion.games.operation import OpCodec as OpCodec
from companion.games.operation import Operation as Operation
from companion.games.operation import added as added

if TYPE_CHECKING:

    from companion.games.seats import Choice, Face, Row, View

Mode = Literal["table", "virtual"]
MODES: tuple[Mode, ...] = ("table", "virtual")
HUMAN = "human"
LEVELS = ("easy", "normal", "hard")  # computer players
SEAT_KINDS = (HUMAN, *LEVELS)

BAD_RULES = Msg("invalid house rules: {why}", "règles maison invalides : {why}")
BAD_SETUP = Msg("the match's setup is not readable (its {field!r} field)",
                "la mise en place du match est illisible (son champ {field!r})")
NOT_AN_OBJECT = Msg("not an object", "pas un objet")
BAD_NAMES = Msg("every player needs a different name", "chaque joueur doit avoir un nom différent")
BAD_MODE = Msg("unknown mode {mode!r} (table or virtual)", "mode inconnu {mode!r} (table ou virtuel)")
BAD_DEALER = Msg("the first dealer must be one of the players", "le premier donneur doit être un des joueurs")


# ================================================================ events

@dataclass(frozen=True)
class Score:
    """Points (or tokens, lives) moved for one side by an operation, and why."""

    side: int
    points: int
    reason: Msg


@dataclass(frozen=True)
class Event:
    """What one operation did: a line of the history.

    ``report`` marks the end of a round (a deal's tally, a showdown, a brasse): its headline ("Round 2: 8–3"),
    then what happened there, item by item, as the players check it (the hands shown, who went out, what each
    kept, the points moved). A virtual game shows it and waits for a tap before the next deal."""

    op: Operation
    text: Msg
    scores: tuple[Score, ...] = ()
    warnings: tuple[Msg, ...] = ()
    report: tuple[Msg, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning side(s) and a one-line reason."""

    winners: tuple[int, ...]
    reason: Msg


@dataclass(frozen=True)
class Standing:
    """One side's place in the match, as the shell lists it (home, past matches, match end)."""

    side: int
    name: str
    value: float  # points, tokens or lives: whatever the game keeps
    out: bool = False  # eliminated (Trente-et-un's "mort")


# ================================================================ house rules

@dataclass(frozen=True)
class RuleInfo:
    """How a house rule is shown on the setup form."""

    label: Msg
    help: Msg | None = None
    choices: tuple[tuple[Any, Msg], ...] = ()  # empty: a switch (bool) or a free number
    visible: Callable[[dict[str, Any], int], bool] | None = None  # (values, players) -> shown?
    minimum: int | None = None
    maximum: int | None = None


def rule(default: Any, label: Msg, help: Msg | None = None, *,
         choices: Sequence[tuple[Any, Msg]] = (), visible: Callable[[dict[str, Any], int], bool] | None = None,
         minimum: int | None = None, maximum: int | None = None) -> Any:
    """A house-rule field of a rules dataclass, described once for the setup form and the checks."""
    info = RuleInfo(label, help, tuple(choices), visible, minimum, maximum)
    return field(default=default, metadata={"rule": info})


def rule_fields(rules_cls: type) -> list[tuple[Field[Any], RuleInfo]]:
    """The fields of a rules class shown on the setup form, in declaration order."""
    return [(f, f.metadata["rule"]) for f in fields(rules_cls) if "rule" in f.metadata]


R = TypeVar("R", bound="Rules")


@dataclass(frozen=True)
class Rules:
    """Base of every game's house rules. Fields made with :func:`rule` are checked against their choices
    and ranges, so a rules object read from a saved match is always one the game can play."""

    def __post_init__(self) -> None:
        problems = []
        for f, info in rule_fields(type(self)):
            value = getattr(self, f.name)
            if info.choices:
                if value not in [v for v, _ in info.choices] or type(value) is not type(info.choices[0][0]):
                    problems.append(f"{f.name}={value!r}")
            elif isinstance(f.default, bool):
                if type(value) is not bool:
                    problems.append(f"{f.name}={value!r}")
            elif isinstance(f.default, int):
                if type(value) is not int or (info.minimum is not None and value < info.minimum) or (
                        info.maximum is not None and value > info.maximum):
                    problems.append(f"{f.name}={value!r}")
        problems += self.problems()
        if problems:
            raise SetupError(BAD_RULES(why=", ".join(problems)))

    def problems(self) -> list[str]:
        """Checks between fields (a game overrides this)."""
        return []

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls: type[R], data: Any) -> R:
        if not isinstance(data, dict):
            raise SetupError(BAD_RULES(why=NOT_AN_OBJECT))
        known = {f.name for f in fields(cls)}
        try:
            return cls(**{k: v for k, v in data.items() if k in known})
        except TypeError as exc:
            raise SetupError(BAD_RULES(why=str(exc)[:60])) from exc


# ================================================================ setup

@dataclass(frozen=True)
class Setup:
    """Who plays and under which rules: saved with the match, never changed by a move."""

    names: tuple[str, ...]
    rules: Any  # the game's Rules dataclass
    first_dealer: int = 0
    mode: Mode = "table"
    seed: int | None = None
    seats: tuple[str, ...] = ()  # virtual play: "human" or a computer level per seat; empty: every seat human

    def __post_init__(self) -> None:
        if not isinstance(self.names, tuple) or not all(isinstance(n, str) for n in self.names):
            raise SetupError(BAD_NAMES)
        from companion.core.names import check_names  # here: a scoring command never checks a setup

        check_names(self.names)  # the one check of a name, wherever it comes in, each refusal with its reason
        if self.mode not in MODES:
            raise SetupError(BAD_MODE(mode=self.mode))
        if type(self.first_dealer) is not int or not 0 <= self.first_dealer < max(len(self.names), 1):
            raise SetupError(BAD_DEALER)
        if self.seed is not None and type(self.seed) is not int:
            raise SetupError(BAD_SETUP(field="seed"))
        if not isinstance(self.seats, tuple) or (self.seats and (
                len(self.seats) != len(self.names) or any(s not in SEAT_KINDS for s in self.seats))):
            raise SetupError(BAD_SETUP(field="seats"))

    def seat_kind(self, seat: int) -> str:
        """"human", or the level of the computer player in this seat."""
        return self.seats[seat] if self.seats else HUMAN

    @property
    def humans(self) -> list[int]:
        return [s for s in range(len(self.names)) if self.seat_kind(s) == HUMAN]

    def to_json(self) -> dict[str, Any]:
        return {"names": list(self.names), "rules": self.rules.to_dict(), "first_dealer": self.first_dealer,
                "mode": self.mode, "seed": self.seed, "seats": list(self.seats)}

    @classmethod
    def read(cls, data: Any, rules_cls: type[Rules]) -> Setup:
        """A setup saved by ``to_json``; SetupError if it is not one."""
        if not isinstance(data, dict):
            raise SetupError(BAD_SETUP(field="setup"))
        if not isinstance(data.get("names"), list):
            raise SetupError(BAD_SETUP(field="names"))
        seats = data.get("seats", [])
        if not isinstance(seats, list):
            raise SetupError(BAD_SETUP(field="seats"))
        return cls(tuple(data["names"]), rules_cls.from_dict(data.get("rules", {})),
                   data.get("first_dealer", 0), data.get("mode", "table"), data.get("seed"), tuple(seats))

    def with_seed(self) -> Setup:
        """A virtual match gets its seed when created, so it can be replayed exactly."""
        if self.seed is not None or self.mode != "virtual":
            return self
        import random  # here: a scoring command never seeds a match

        return replace(self, seed=random.randrange(2**31))


# ================================================================ the match

M = TypeVar("M", bound="Match")


class Match:
    """Base of every game's match: the log, dispatch, replay and undo.

    A game subclass sets ``codec`` (its operations), implements ``_verify_<name>``
    and ``_apply_<name>`` per operation (apply returns the :class:`Event`), and the
    properties below. ``apply`` never leaves a half-applied move: ``_verify_x``
    raises before anything changes.
    """

    codec: ClassVar[OpCodec]
    FORMAT_VERSION: ClassVar[int] = 1
    #: The operations a player chooses (a play, a discard, a draw); every other one is the game's own step.
    CHOICES: ClassVar[tuple[type[Operation], ...]] = ()
    #: The operations chance makes (a deal, a cut): applied at once, without waiting the pace.
    CHANCE: ClassVar[tuple[type[Operation], ...]] = ()

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.rules = setup.rules
        self.log: list[Operation] = []
        self.events: list[Event] = []

    # ---------------------------------------------------------------- dispatch
    def verify(self, op: Operation) -> None:
        """Raise an IllegalMoveError saying why ``op`` cannot be applied now."""
        verifier = getattr(self, "_verify_" + op.name, None)
        if verifier is None or type(op) is not self.codec.ops.get(op.name):
            raise IllegalMoveError(BAD_OP(data=op.name))
        verifier(op)

    def can(self, op: Operation) -> bool:
        try:
            self.verify(op)
        except IllegalMoveError:
            return False
        return True

    def apply(self, op: Operation) -> Operation:
        """Verify and apply an operation; it is appended to the log with its event."""
        self.verify(op)
        event = getattr(self, "_apply_" + op.name)(op)
        self.log.append(op)
        self.events.append(event)
        return op

    @property
    def last_event(self) -> Event | None:
        return self.events[-1] if self.events else None

    def deal_events(self) -> list[Event]:
        """The moves of the deal in progress, or of the one that just ended: every event since the last
        round's report (the one just made excepted)."""
        start = 0
        for i in range(len(self.events) - 2, -1, -1):
            if self.events[i].report:
                start = i + 1
                break
        return self.events[start:]

    @classmethod
    def replay(cls: type[M], setup: Setup, ops: Iterable[Operation | dict[str, Any]]) -> M:
        """The match rebuilt from its log. A saved entry that cannot be read is a NotationError,
        one that no longer fits the rules an IllegalMoveError: both say which entry."""
        match = cls(setup)
        for seq, op in enumerate(ops, 1):
            try:
                match.apply(cls.codec.decode(op) if isinstance(op, dict) else op)
            except CompanionError as exc:
                raise type(exc)(REPLAY_FAILED(seq=seq, why=exc.msg)) from exc
        return match

    def fork(self: M, **fields: Any) -> M:
        """A copy for a computer player's search: the same state, an empty log, and ``fields`` replacing the
        attributes the search will change (each game copies those itself; the rest is shared, never mutated)."""
        world = type(self).__new__(type(self))
        world.__dict__.update(self.__dict__)
        world.log, world.events = [], []
        world.__dict__.update(fields)
        return world

    def undone(self: M) -> M:
        """The match as it was before the last operation."""
        return type(self).replay(self.setup, self.log[:-1])

    # ---------------------------------------------------------------- what may leave the app
    def disclosed(self) -> int:
        """How many of the log's first entries hide no card from anyone at the table: all that an export, a share,
        a download or any other way out of the app may carry now. At a real table every entry was made in the
        table's sight. In virtual play the round under way began with the shuffled pack (every hand, the crib,
        the stock), so its entries leave once it is over, and the whole log once the match is."""
        if self.is_over or self.awaiting_continue or self.setup.mode != "virtual":
            return len(self.log)
        for i in range(len(self.events) - 1, -1, -1):
            if self.closes_round(self.events[i]):
                return i + 1
        return 0

    def closes_round(self, event: Event) -> bool:
        """After ``event`` nothing of the rounds before is hidden: it ended one (a deal, a showdown, a brasse: its
        report). A game whose rounds can also end otherwise (a game won in the middle of a deal) says so."""
        return bool(event.report)

    # ---------------------------------------------------------------- what a seat sees and may do (games/seats.py)
    def view(self, seat: int | None) -> View:
        """All that ``seat`` may know now, and nothing more (None: the table, which holds no hand): the game gives
        its own hand (``seat_hand``) and its public table (``public_table``); the rest is the same for every game."""
        from companion.games.seats import View

        last = self.last_event
        return View(seat, self.names, tuple(self.side_name(s) for s in range(self.sides)),
                    tuple(s.value for s in self.standings()), self.awaiting(), getattr(self, "dealer", None),
                    None if seat is None else self.seat_hand(seat), self.public_table(),
                    tuple(event.text for event in self.deal_events()),
                    last.report if last is not None and last.report else (), self.is_over, tuple(self.table_rows()))

    def seat_hand(self, seat: int) -> tuple[Any, ...] | None:
        """The cards ``seat`` holds, as it sees them; None when no hand is known (at a real table)."""
        return None

    def public_table(self) -> dict[str, Any]:
        """What every seat sees on the table, as plain data (card codes, counts): the game says."""
        return {}

    def table_rows(self) -> list[Row]:
        """The public table as any page shows it, line by line (the game says; nothing hidden, as ``public_table``)."""
        return []

    def faces(self) -> dict[str, Face]:
        """How each card of the game's pack is drawn and said (a page draws the cards' codes it is sent with
        these): the standard pack by default."""
        from companion.core.cards import spoken, standard_deck
        from companion.games.seats import Face

        return {card.code: Face(Msg(card.display("en"), card.display("fr")), Msg(spoken(card, "en"), spoken(card, "fr")),
                                card.is_red) for card in standard_deck()}

    def choices(self, seat: int) -> list[Choice]:
        """What ``seat`` may do now (nothing while it is not its turn): the game says."""
        return []

    def options(self, seat: int) -> list[Operation]:
        """Every legal operation of ``seat``'s choices that can be listed: a computer player's candidates."""
        return [op for choice in self.choices(seat) for op in choice.options() or ()]

    @property
    def keeps_secrets(self) -> bool:
        """The match's setup holds what deals the rounds to come (virtual play's seed) until the match is over."""
        return self.setup.mode == "virtual" and not self.is_over

    # ---------------------------------------------------------------- what the shell reads
    @property
    def players(self) -> int:
        return len(self.setup.names)

    @property
    def names(self) -> tuple[str, ...]:
        return self.setup.names

    @property
    def sides(self) -> int:
        """Scoring sides (partnerships share one)."""
        return self.players

    def side_of(self, seat: int) -> int:
        return seat

    def side_name(self, side: int) -> str:
        return " & ".join(self.names[s] for s in range(self.players) if self.side_of(s) == side)

    @property
    def to_act(self) -> int | None:
        """The seat expected to act next, or None (anyone, or nobody)."""
        return None

    # ---------------------------------------------------------------- who chooses (as OpenSpiel's current player)
    def awaiting(self) -> tuple[int, ...]:
        """The seats whose own choice the match waits for now, in the order they may make it; empty when the next
        step is the game's own (a deal, a cut, a show, a 31 laid down) or the match is over. A virtual screen
        hands the device to the first human here, and asks the computer players for the others."""
        return ()

    def chooser(self, op: Operation) -> int | None:
        """The seat whose choice ``op`` was, or None for a step nobody chooses."""
        return getattr(op, "seat", None) if isinstance(op, self.CHOICES) else None

    def mover(self, op: Operation) -> int | None:
        """The seat whose own move ``op`` was: its choice in virtual play; at a real table, the seat it names."""
        if self.setup.mode == "virtual":
            return self.chooser(op)
        seat = getattr(op, "seat", None)
        return seat if isinstance(seat, int) and 0 <= seat < self.players else None

    def back_to_choice(self, humans: Collection[int], seat: int | None = None) -> int:
        """How many entries an undo takes back to before the last move of one of ``humans`` (of ``seat`` alone,
        when given), with every step made since; 0 when there is none."""
        for n, op in enumerate(reversed(self.log), 1):
            mover = self.mover(op)
            if mover is not None and mover in humans and (seat is None or mover == seat):
                return n
        return 0

    def is_chance(self, op: Operation) -> bool:
        """``op`` is chance's (a deal, a cut): shown at once, without the pace."""
        return isinstance(op, self.CHANCE)

    def standings(self) -> list[Standing]:
        raise NotImplementedError

    def accounted_cards(self) -> Counter[Any]:
        """Cards already accounted for (played, shown, taken): the keypad greys a card out once every
        copy of it is here."""
        return Counter()

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended, or None while it goes on."""
        return None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def end_title(self) -> Msg:
        """The headline when a game or the match ends."""
        return self.outcome.reason if self.outcome else GAME_OVER

    def end_badge(self) -> Msg | None:
        """A short highlight under the headline (cribbage: "Skunk!")."""
        return None

    def result_lines(self) -> list[Msg]:
        """Lines for the match-end screen (games, rounds, the match score)."""
        return []

    def rematch_label(self) -> Msg | None:
        """The rematch button's label when the game says who deals ("Rematch (loser deals)")."""
        return None

    def continue_op(self) -> Operation | None:
        """The operation that starts the next game of a match after a game ends, if any."""
        return None

    @property
    def awaiting_continue(self) -> bool:
        """A game has ended and the match goes on with ``continue_op``."""
        return False

    def rematch_setup(self) -> Setup:
        """Same players and rules, the next first dealer decided by the game."""
        return replace(self.setup, seed=None)


GAME_OVER = Msg("Game over", "Partie terminée")
REPLAY_FAILED = Msg("entry {seq} cannot be replayed: {why}", "l'entrée {seq} ne peut pas être rejouée : {why}")
