"""One table of the server: a match (the engine decides everything), its seats, its log in words,
and what each reader may see.

:class:`Table` has no networking and no database: the app (:mod:`boneyard.apps.server.app`) checks a
move with :meth:`Table.check` (on a copy: a refused move changes nothing), stores it, then applies
it with :meth:`Table.apply`. :meth:`Table.view` is one reader's :class:`StateMessage`: a seat's
own tiles and moves, or for a spectator (``seat=None``) the public view only. The log reuses the
terminal game's sentences (:func:`boneyard.text.narration.describe_move` and friends), told for each
reader (:class:`boneyard.core.words.Voice`): a seat reads "you" about itself and the others' names,
a spectator names only; the seat that drew a tile reads which, the others read "draws a tile".

>>> from boneyard.games import get_game
>>> rules = get_game("block").configure(players=2)
>>> seats = [Seat(0, "person", "Ann", None, None), Seat(1, "computer", "greedy-1", "greedy", None)]
>>> table = Table.new("t1", rules, seats, seed=3)
>>> view = table.view(None)
>>> view.tiles, view.moves, [s.tiles for s in view.seats]
([], [], [7, 7])
>>> table.view(0).tiles != []
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, NamedTuple

from ...core.actions import (
    DRAW,
    DROP,
    MISS,
    PASS,
    STAND,
    Action,
    Bid,
    Declare,
    Discard,
    Draw,
    Drop,
    Move,
    Muggins,
    Pass,
    Play,
    Stand,
    TakeMiss,
)
from ...core.match import Match
from ...core.protocol import GameRules, GameState, IllegalAction, Observation
from ...core.record import FORMAT, hand_to_record, parse_move
from ...core.tiles import HIGH, LOW, NAMES, tiles_of
from ...core.views import PlacedTile, TableView, TrickView
from ...core.words import Voice
from ...games import get_game
from ...players.agents import AGENTS
from ...players.agents.plugins import label
from ...players.analysis import Beliefs, MoveAnalysis, menu_analysis
from ...text.drawing import describe_table
from ...text.narration import (
    Moved,
    apply_move,
    describe_action,
    hand_result_text,
    hand_start_lines,
    intro_lines,
    menu,
    score_note,
    score_sheet_text,
    table_view,
    tell_move,
    winner_text,
)
from .messages import (
    ActionIn,
    ActionOut,
    Arm,
    BeliefsReply,
    ChatLine,
    End,
    HintMove,
    Line,
    Placed,
    Reveal,
    RevealSeat,
    SeatView,
    Sheet,
    SheetRow,
    StateMessage,
    Tricks,
    TrickSeat,
    TrickTile,
)
from .store import StoredChat, StoredHand, StoredSeat, StoredTable, now

__all__ = [
    "LEVELS",
    "LogEntry",
    "Seat",
    "Table",
    "action_from_json",
    "action_json",
    "level_names",
    "line_view",
    "offered_levels",
]

LEVELS = ("beginner", "casual", "strong", "expert")
"""The search player's levels, offered first; every other agent name is a level too."""

STAND_IN = "casual"
"""The level of the computer that plays a person's seat while the person is away."""

LOG_LINES = 120
LOG_KEPT = 400
CHAT_LINES = 50


@dataclass
class Seat:
    """A seat: a person (known by the hash of the token of its invite link) or a computer player
    of a level (an agent name). ``away``: a person's seat that a computer plays until the person
    comes back (past the turn clock, or gone from the table)."""

    seat: int
    kind: Literal["person", "computer"]
    name: str
    level: str | None
    token_hash: str | None
    joined: bool = False
    away: bool = False


class LogEntry(NamedTuple):
    """One line of the log, told for each reader: ``text`` is a spectator's (names only),
    ``told[s]`` what seat ``s`` reads ("You draw [6|1].", "Ann plays [6|4]."; ``None``: the same
    for everyone). ``seat`` is the seat whose move the line tells (``None`` for other lines), and
    ``full`` that move with what was hidden shown (for replays of finished hands)."""

    text: str
    seat: int | None = None
    told: tuple[str, ...] | None = None
    full: str | None = None

    def for_reader(self, seat: int | None) -> str:
        return self.told[seat] if seat is not None and self.told is not None else self.text


def tile_name(t: int) -> str:
    return NAMES[t]


def sorted_tiles(mask: int) -> list[str]:
    """A hand's tiles, heaviest suit first, as the terminal shows them."""
    return [NAMES[t] for t in sorted(tiles_of(mask), key=lambda t: (HIGH[t], LOW[t]), reverse=True)]


def action_json(action: Action, seat: int) -> ActionIn:
    """The protocol form of an engine action."""
    if isinstance(action, Play):
        record = action.to_record(seat)
        return ActionIn(
            kind="play",
            tile=record["play"],
            end=record.get("end"),
            open=record.get("open"),
            claim=record.get("claim"),
        )
    if isinstance(action, Draw):
        return ActionIn(kind="draw")
    if isinstance(action, Pass):
        return ActionIn(kind="pass")
    if isinstance(action, Muggins):
        return ActionIn(kind="muggins", points=action.points)
    if isinstance(action, Discard) and action.tile is not None:
        return ActionIn(kind="discard", tile=NAMES[action.tile])
    if isinstance(action, Stand):
        return ActionIn(kind="stand")
    if isinstance(action, TakeMiss):
        return ActionIn(kind="miss")
    if isinstance(action, Drop):
        return ActionIn(kind="drop")
    if isinstance(action, Bid):
        return ActionIn(kind="bid", points=action.points, contract=action.contract)
    if isinstance(action, Declare):
        return ActionIn(
            kind="declare",
            contract=action.contract,
            trump=action.trump,
            doubles=_DOUBLES.get(action.doubles or ""),
        )
    raise TypeError(f"not an action: {action!r}")


_DECISION_ACTIONS: dict[str, Action] = {"stand": STAND, "miss": MISS, "drop": DROP}
# How the doubles rank in a declared nello, as the protocol spells it.
_DOUBLES: dict[str, Literal["high", "own_suit", "low"]] = {
    "high": "high",
    "own_suit": "own_suit",
    "low": "low",
}


def action_from_json(state: GameState, seat: int, action: ActionIn) -> Action:
    """The engine action of a protocol move for ``seat`` (the seat to move); ``ValueError`` if it
    is malformed. Whether it is legal, :meth:`Table.check` says."""
    phase = ("contract", "trump", "doubles")
    nothing = ("tile", "end", "open", "claim", "points", *phase)
    extra = {
        "play": ("points", *phase),
        "draw": nothing,
        "pass": nothing,
        "muggins": ("tile", "end", "open", "claim", *phase),
        "stand": nothing,
        "miss": nothing,
        "drop": nothing,
        "discard": ("end", "open", "claim", "points", *phase),
        "bid": ("tile", "end", "open", "claim", "trump", "doubles"),
        "declare": ("tile", "end", "open", "claim", "points"),
    }[action.kind]
    given = [name for name in extra if getattr(action, name) is not None]
    if given:
        raise ValueError(f"a {action.kind} takes no {', '.join(given)}")
    if action.kind in _DECISION_ACTIONS:
        return _DECISION_ACTIONS[action.kind]
    if action.kind == "discard":
        if action.tile is None:
            raise ValueError("a discard names its tile")
        return parse_move(state, {"seat": seat, "discard": action.tile})
    if action.kind == "bid":
        if action.points is None:
            raise ValueError("a bid names its points")
        return parse_move(state, {"seat": seat, "bid": action.points, "contract": action.contract})
    if action.kind == "declare":
        if action.contract is None:
            raise ValueError("a declaration names its contract")
        move_: dict[str, Any] = {"seat": seat, "declare": action.contract}
        if action.trump is not None:
            move_["trump"] = action.trump
        if action.doubles is not None:
            move_["doubles"] = action.doubles
        return parse_move(state, move_)
    if action.kind == "draw":
        return DRAW
    if action.kind == "pass":
        return PASS
    if action.kind == "muggins":
        if action.points is None:
            raise ValueError("a muggins call names its points")
        return Muggins(action.points)
    if action.tile is None:
        raise ValueError("a play names its tile")
    move: dict[str, Any] = {"seat": seat, "play": action.tile}
    for name in ("end", "open", "claim"):
        value = getattr(action, name)
        if value is not None:
            move[name] = value
    return parse_move(state, move)


def _placed(p: PlacedTile) -> Placed:
    return Placed(
        tile=NAMES[p.tile], a=p.a, b=p.b, double=p.double, cross=p.cross, spinner=p.spinner
    )


def tricks_view(view: TrickView, named: Callable[[str], str] = str) -> Tricks:
    """A trick-taking table as everyone may see it (no tile thrown out is in it)."""
    return Tricks(
        trump=view.trump,
        turnup=NAMES[view.turnup] if view.turnup is not None else None,
        seats=[TrickSeat(seat=s.seat, status=s.status, won=s.won) for s in view.seats],
        trick=[TrickTile(seat=s, tile=NAMES[t]) for s, t in view.trick],
        leader=view.leader,
        last=[TrickTile(seat=s, tile=NAMES[t]) for s, t in view.last],
        last_winner=view.last_winner,
        value=view.value,
        pool=view.pool,
        tricks=view.tricks,
        worth=view.worth,
        trump_text=view.trump_text,
        notes=[named(note) for note in view.notes],
        ended=view.ended,
    )


def line_view(
    rules: GameRules,
    history: Sequence[Move],
    table: object | None = None,
    named: Callable[[str], str] = str,
) -> Line:
    """The table for drawing, as the game describes it (:mod:`boneyard.core.views`) from a
    public history and the hand's public ``table``. ``named`` puts the players' names in the
    words ("seat 1's train")."""
    return line_message(table_view(rules, history, table), named)


def line_message(view: TableView, named: Callable[[str], str] = str) -> Line:
    """A table description as the protocol sends it (``static/common.js`` draws it), with its
    words for screen readers."""
    voice = Voice(())
    words = [named(w) for w in describe_table(view, voice)]
    if isinstance(view, TrickView):
        tricks = tricks_view(view, named)
        return Line(lead=None, arms=[], ends=[], count=None, words=words, tricks=tricks)
    if view.lead is None:
        return Line(lead=None, arms=[], ends=[], count=view.count, words=words)
    return Line(
        lead=_placed(view.lead),
        arms=[
            Arm(
                name=arm.name,
                root=NAMES[arm.root],
                tiles=[_placed(p) for p in arm.tiles],
                way=arm.way,
                half=arm.half,
            )
            for arm in view.arms
        ],
        ends=[
            End(
                name=end.name,
                shows=end.shows,
                needs=end.needs,
                title=named(end.title) if end.title else None,
                note=named(end.note) if end.note else None,
                marked=end.marked,
                waiting=end.waiting,
            )
            for end in view.ends
        ],
        count=view.count,
        words=words,
        hub=view.hub,
        last=NAMES[view.last] if view.last is not None else None,
    )


SEEDED = (
    "a table with a seed deals hands that whoever chose the seed can work out, so none of its "
    "seats is given to anyone new: make a table without a seed to play with others"
)
"""Why no invite link is given at a table with a seed (issue 18: a seed is for a table of one
person): not to a computer's seat (a second person), nor to the person's seat or a freed one
(someone else taking it over)."""


class Table:
    """A table in play. Not thread-safe: the app changes it from its event loop only."""

    def __init__(
        self,
        table_id: str,
        rules: GameRules,
        seats: Sequence[Seat],
        *,
        practice: bool = False,
        seed: int | None = None,
        created: datetime | None = None,
        private: bool = False,
        clock: int | None = None,
        creator_hash: str | None = None,
        levels: Sequence[str] | None = None,
    ) -> None:
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for {rules.players} players")
        self.id = table_id
        self.rules = rules
        self.seats = list(seats)
        self.levels = offered_levels() if levels is None else tuple(levels)
        """The computer levels its seats may have: the server's (built-in and plug-in)."""
        for s in self.seats:
            if s.kind == "computer" and (s.level or "") not in self.levels:
                raise ValueError(f"unknown level {s.level!r}: choose from {', '.join(self.levels)}")
        self.practice = practice
        self.seed = seed
        self.private = private
        self.clock = clock
        """The turn clock the table was made with (seconds; 0: none; ``None``: the server's
        default)."""
        self.creator_hash = creator_hash
        self.created = created or now()
        self.updated = self.created
        self.acted = self.created
        """The last time a person acted here (moved, chatted, joined): expiry goes by it."""
        self.rematch: str | None = None
        self.resigned: int | None = None
        """The seat that conceded the match (at a table of two sides), which ended it."""
        self.closed = False
        self.match = Match(rules, deal=False)
        self.log: list[LogEntry] = []
        # Per hand (0-based): the reasons for its scores, and the words of its end.
        # Per hand, the notes of the score sheet (each score made in play and why, how the hand
        # ended), told for each reader as the log is.
        self.notes: dict[int, list[LogEntry]] = {}
        self.results: dict[int, list[str]] = {}
        self.chat: list[StoredChat] = []
        # Changes with every change of the match (moves, deals), for the tasks that wait.
        self.version = 0
        self._log_before_deal = 0
        self._cache: tuple[Any, dict[str, Any]] | None = None
        self._parts: dict[str, tuple[Any, Any]] = {}
        self._intro()

    # ----------------------------------------------------------------- making and restoring
    @classmethod
    def new(
        cls,
        table_id: str,
        rules: GameRules,
        seats: Sequence[Seat],
        *,
        practice: bool = False,
        seed: int | None = None,
        private: bool = False,
        clock: int | None = None,
        creator_hash: str | None = None,
        levels: Sequence[str] | None = None,
    ) -> Table:
        """A new table with its first hand dealt (``levels``: see :meth:`__init__`)."""
        table = cls(
            table_id,
            rules,
            seats,
            practice=practice,
            seed=seed,
            private=private,
            clock=clock,
            creator_hash=creator_hash,
            levels=levels,
        )
        table.deal_next()
        return table

    @classmethod
    def restore(cls, stored: StoredTable, levels: Sequence[str] | None = None) -> Table:
        """The table of the store, exactly where it was: every deal and move is played again
        (through the same code that played it, so the log and the score sheet are the same).
        A computer seat of a level the server no longer offers (a plug-in not enabled now) is a
        ``ValueError``."""
        rules = get_game(stored.game).configure(stored.rule_set, stored.options, stored.players)
        seats = [
            Seat(
                s.seat,
                "person" if s.kind == "person" else "computer",
                s.name,
                s.level,
                s.token_hash,
                s.joined,
            )
            for s in stored.seats
        ]
        table = cls(
            stored.id,
            rules,
            seats,
            practice=stored.practice,
            seed=stored.seed,
            created=stored.created,
            private=stored.private,
            clock=stored.clock,
            creator_hash=stored.creator_hash,
            levels=levels,
        )
        table.updated = stored.updated
        table.acted = stored.acted or stored.updated
        table.rematch = stored.rematch
        for hand in stored.hands:
            deal = hand.deal
            match = table.match
            match.start_hand(
                [[rules.tiles.parse(t) for t in d] for d in deal["deal"]],
                [rules.tiles.parse(t) for t in deal["stock"]],
                deal.get("leader"),
            )
            table._hand_started()
            for move in hand.moves:
                state = match.hand
                table.apply(state.turn, parse_move(state, move))
        table.chat = list(stored.chat)
        if stored.resigned is not None and not table.match.over:
            table.resign(stored.resigned)
        table.closed = stored.status == "closed"
        return table

    def stored(self) -> StoredTable:
        """The table's row and seats for the store (without hands)."""
        return StoredTable(
            id=self.id,
            game=self.rules.game.id,
            rule_set=self.rules.rule_set,
            options=self.rules.options.to_json(),
            players=self.rules.players,
            practice=self.practice,
            seed=self.seed,
            status=self.status,
            winner=self.winner,
            created=self.created,
            updated=self.updated,
            private=self.private,
            clock=self.clock,
            acted=self.acted,
            creator_hash=self.creator_hash,
            rematch=self.rematch,
            resigned=self.resigned,
            seats=[
                StoredSeat(s.seat, s.kind, s.name, s.level, s.token_hash, s.joined)
                for s in self.seats
            ],
        )

    def stored_full(self) -> StoredTable:
        """The whole table as the store holds it: its row, seats, deals, moves and chat."""
        stored = self.stored()
        for number, state in enumerate(self.match.hands, 1):
            deal = hand_to_record(state)
            moves = deal.pop("moves")
            deal.pop("result", None)
            stored.hands.append(StoredHand(number, deal, moves))
        stored.chat = list(self.chat)
        return stored

    def rename(self, seat: int, name: str) -> None:
        """Call seat ``seat`` ``name``, in the log and the score sheet too (they are said
        again with the new name)."""
        self.seats[seat].name = name
        again = Table.restore(self.stored_full(), self.levels)
        self.log, self.notes, self.results = again.log, again.notes, again.results
        self.version += 1

    # ----------------------------------------------------------------- the match
    @property
    def state(self) -> GameState:
        return self.match.hand

    @property
    def number(self) -> int:
        """The number of the hand in play (or the last one), from 1."""
        return len(self.match.hands)

    @property
    def status(self) -> Literal["playing", "between_hands", "over", "closed"]:
        if self.closed:
            return "closed"
        if self.ended:
            return "over"
        if not self.match.hands or self.state.over:
            return "between_hands"
        return "playing"

    @property
    def ended(self) -> bool:
        """Whether the match is over: played to its end, or conceded."""
        return self.match.over or self.resigned is not None

    @property
    def winner(self) -> str | None:
        """How the match ended, in names (a spectator's words); ``None`` while it goes on."""
        return self.winner_for(None)

    def winner_for(self, seat: int | None) -> str | None:
        voice = self.voice(seat)
        if self.resigned is not None:
            return self._resigned_text(voice)
        return winner_text(self.match, voice) if self.match.over else None

    # ----------------------------------------------------------------- the table's life
    def resign(self, seat: int) -> None:
        """Seat ``seat`` concedes the match, which ends at once: the other side wins (a table
        of two sides only; at a larger table a person leaves the match instead)."""
        if len(self.rules.sides) != 2:
            raise ValueError("only a match of two sides ends by a resignation")
        if self.ended:
            raise ValueError("the match is over")
        self.resigned = seat
        self.version += 1
        self.say("")
        self.tell(self._resigned_text)

    def _resigned_text(self, voice: Voice) -> str:
        assert self.resigned is not None
        loser = self.rules.side_of[self.resigned]
        winner = 1 - loser
        return (
            f"{voice.says(self.resigned, 'resign', opening=True)}: "
            f"{voice.side_says(winner, 'win')} the match."
        )

    def close(self) -> None:
        """Close the table where it is (nobody played here for too long)."""
        self.closed = True
        self.version += 1
        self.say("")
        self.say("The table is closed: nobody played here for a long time.")

    def level_of(self, seat: int) -> str:
        """The computer level that plays ``seat``: its own, or the stand-in's while its person is
        away."""
        s = self.seats[seat]
        return s.level or STAND_IN if s.kind == "computer" else STAND_IN

    def set_away(self, seat: int, away: bool) -> None:
        """A computer plays a person's seat (``away``), or the person has taken it back."""
        s = self.seats[seat]
        if s.away == away:
            return
        s.away = away
        self.version += 1
        self.tell(
            lambda v: (
                f"{v.says(seat, 'be', opening=True)} away: a computer plays for now."
                if away
                else f"{v.says(seat, 'be', opening=True)} back."
            )
        )

    def hand_to_computer(self, seat: int, level: str) -> None:
        """A person's seat is played by a computer of ``level`` from now on (the seat was freed,
        or its person resigned a match of several sides)."""
        s = self.seats[seat]
        s.kind, s.level, s.token_hash, s.joined, s.away = "computer", level, None, False, False
        self.version += 1
        self.tell(lambda v: f"A computer ({level}) now plays {v.whose(seat)} seat.")

    def invite(self, seat: int, token_hash: str) -> None:
        """Seat ``seat`` is a person's, whose invite is the token of this hash (the old link of
        the seat, if any, stops working). Never at a table with a seed (``ValueError``,
        :data:`SEEDED`): whoever chose the seed knows every hand it deals."""
        if self.seed is not None:
            raise ValueError(SEEDED)
        s = self.seats[seat]
        was_computer = s.kind == "computer"
        s.kind, s.level, s.token_hash, s.joined, s.away = "person", None, token_hash, False, False
        self.version += 1
        if was_computer:
            self.tell(lambda v: f"{v.opening(v.whose(seat))} seat waits for an invited player.")

    @property
    def people(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "person"]

    def voice(self, reader: int | None) -> Voice:
        """How sentences name the players for ``reader`` (a seat: "you" for itself; ``None``: a
        spectator, names only)."""
        return Voice.of(self.rules, reader, [s.name for s in self.seats])

    def named(self, text: str) -> str:
        """The engine's words ("seat 1 went out", "blocked: seats 0 & 2 hold ...") with the
        players' names."""
        return self.voice(None).tell(text)

    def side_names(self) -> list[str]:
        spectator = self.voice(None)
        return [spectator.side(i) for i in range(len(self.rules.sides))]

    def deal_rng(self, number: int) -> random.Random:
        """The generator that deals hand ``number``: from the table's seed when it has one (the
        same deals after a restart), else from the operating system."""
        if self.seed is not None:
            return random.Random(f"{self.seed}:deal:{number}")
        return random.SystemRandom()

    def agent_seed(self, seat: int) -> int:
        """The seed of a computer's next move: from the table's seed when it has one (the same
        moves after a restart), else from the operating system."""
        if self.seed is not None:
            key = f"{self.seed}:seat{seat}:{self.number}:{len(self.state.history)}"
            return random.Random(key).getrandbits(63)
        return random.SystemRandom().getrandbits(63)

    def deal_next(self) -> dict[str, Any]:
        """Deal the next hand; its deal as the store keeps it (the record's hand without moves).
        :meth:`undeal` takes it back if the store refuses it."""
        match = self.match
        if self.ended or self.closed:
            raise ValueError("the match is over")
        if match.hands and not self.state.over:
            raise ValueError("the hand is not over")
        match.rng = self.deal_rng(self.number + 1)
        if len(self.log) > 2 * LOG_KEPT:
            # A long match: the pages show the end of the log; the record keeps every move.
            del self.log[:-LOG_KEPT]
        self._log_before_deal = len(self.log)
        state = match._deal_hand()
        self._hand_started()
        deal = hand_to_record(state)
        del deal["moves"]
        return deal

    def undeal(self) -> None:
        """Take back the hand just dealt (its deal could not be stored)."""
        self.match.hands.pop()
        self.version += 1
        del self.log[self._log_before_deal :]

    def stored_hand(self) -> StoredHand:
        deal = hand_to_record(self.state)
        del deal["moves"]
        deal.pop("result", None)
        return StoredHand(self.number, deal)

    def check(self, seat: int, action: Action) -> dict[str, Any]:
        """Whether ``seat`` may take ``action`` now: its record form (a draw names the tile it
        takes), or :class:`IllegalAction` saying why. Nothing changes."""
        state = self.state
        if self.ended or self.closed:
            raise IllegalAction("the match is over")
        if state.over:
            raise IllegalAction("the hand is over")
        trial = state.copy()
        trial.apply(action, seat=seat)
        return trial.history[-1].to_record()

    def apply(self, seat: int, action: Action) -> None:
        """Take a checked action: the engine moves, the log says what happened (and, in the
        counting games, why it scored), and a finished hand is scored."""
        state = self.state
        forced = self.seats[seat].kind == "person" and self._forced(seat, action)
        moved = apply_move(state, action, seat=seat)
        self.version += 1
        self.updated = now()
        self._report(state, moved, forced)
        if state.over:
            self._hand_over(state)

    def _forced(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is ``seat``'s only move, a draw or a pass (told as forced)."""
        offered = menu(self.state.observation(seat))
        return len(offered) == 1 and isinstance(action, Draw | Pass) and offered[0] == action

    # ----------------------------------------------------------------- the log
    def say(self, text: str = "") -> None:
        """A line of the log that reads the same for everyone."""
        self.log.append(LogEntry(text))

    def tell(
        self,
        words: Callable[[Voice], str],
        seat: int | None = None,
        full: str | None = None,
    ) -> None:
        """Lines of the log told for each reader: ``words`` says them for a voice (several
        lines split at newlines); ``seat`` and ``full`` as in :class:`LogEntry`."""
        self.log += self.told(words, seat, full)

    def told(
        self,
        words: Callable[[Voice], str],
        seat: int | None = None,
        full: str | None = None,
    ) -> list[LogEntry]:
        """What ``words`` say for each reader (a spectator, and every seat a person holds), a
        :class:`LogEntry` per line."""
        spectator = words(self.voice(None)).split("\n")
        people = self.people
        by_seat = [
            words(self.voice(s)).split("\n") if s in people else spectator
            for s in range(self.rules.players)
        ]
        entries = []
        for i, text in enumerate(spectator):
            told = tuple(lines[i] for lines in by_seat)
            same = all(t == text for t in told)
            entries.append(LogEntry(text, seat, None if same else told, full))
        return entries

    def _intro(self) -> None:
        self.tell(lambda v: "\n".join(intro_lines(self.rules, v)))

    def _hand_started(self) -> None:
        self.version += 1
        self.say("")
        state = self.state
        number = self.number
        # The draw for the first lead is not kept in the store: a table restored could not tell
        # it again, so no table tells it.
        self.tell(lambda v: "\n".join(hand_start_lines(state, number, v)))

    def _report(self, state: GameState, moved: Moved, forced: bool = False) -> None:
        """The log of the last move, told for each reader as the plain game tells it
        (:func:`boneyard.text.narration.tell_move`): the move's own line carries its seat and
        what it hid (for replays), the lines after it (why it scored, a trick taken...) none."""
        seat = state.history[-1].seat
        shown = tell_move(state, moved, self.voice(None), shown=True)[0].text
        first = True
        for entry in self.told(
            lambda v: "\n".join(t.text for t in tell_move(state, moved, v, forced=forced))
        ):
            self.log.append(entry._replace(seat=seat, full=shown) if first else entry)
            first = False

        def scored(voice: Voice) -> str:
            told = tell_move(state, moved, voice, forced=forced)
            return score_note(told, state, moved, voice) or ""

        if score_note(tell_move(state, moved, self.voice(None)), state, moved, self.voice(None)):
            self.notes.setdefault(self.number - 1, []).extend(self.told(scored))

    def result_text(self, index: int, voice: Voice) -> str:
        """How hand ``index`` (0-based, finished) ended, told by ``voice``."""
        state = self.match.hands[index]
        assert state.result is not None
        return hand_result_text(index + 1, state, voice)

    def _hand_over(self, state: GameState) -> None:
        number = self.number
        result = state.result
        assert result is not None

        def ended(voice: Voice) -> str:
            return self.result_text(number - 1, voice)

        lines = ended(self.voice(None)).split("\n")
        self.results[number - 1] = lines
        # The sheet's row tells how the hand ended (``SheetRow.ended``); notes say why it scored.
        self.notes.setdefault(number - 1, [])
        self.say("")
        self.tell(ended)
        self.match.record_hand_end()
        if self.match.over:
            self.say("")
            self.tell(lambda v: winner_text(self.match, v))

    # ----------------------------------------------------------------- who acts next
    def automatic(self) -> tuple[str, int] | None:
        """What happens next without a person's choice: ``("computer", seat)`` (a computer is to
        move, or to move for a person who is away), ``("forced", seat)`` (a person whose only
        move is a draw or a pass), ``("deal", -1)`` (a table of computers between hands), or
        ``None``."""
        if self.ended or self.closed:
            return None
        state = self.state
        if state.over:
            return None if self.people else ("deal", -1)
        seat = self.seats[state.turn]
        if seat.kind == "computer" or seat.away:
            return "computer", seat.seat
        offered = menu(state.observation(seat.seat))
        if len(offered) == 1 and isinstance(offered[0], Draw | Pass):
            return "forced", seat.seat
        return None

    def forced_action(self, seat: int) -> Action:
        return menu(self.state.observation(seat))[0]

    # ----------------------------------------------------------------- views
    def seat_of_token(self, hashed: str) -> Seat | None:
        import hmac

        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, hashed):
                found = s
        return found

    def _public(self, connected: Collection[int]) -> dict[str, Any]:
        """The parts of every reader's view that are the same for all, made once per change of
        the table (a move, a deal, a chat line, a seat joining or leaving)."""
        key = (
            self.version,
            len(self.chat),
            frozenset(connected),
            tuple((s.name, s.joined, s.kind, s.away) for s in self.seats),
        )
        cached = self._cache
        if cached is not None and cached[0] == key:
            return cached[1]
        state = self.state
        names = key[3]
        finished = sum(1 for h in self.match.hands if h.over)
        placed = state.layout.placed.bit_count() if state.layout is not None else 0
        # Each part is made again only when what it shows has changed.
        keys = {
            # Passes and decisions change the table too (markers, who is in the hand).
            "line": (self.number, placed, len(state.public), names),
            "sheet": (
                self.number,
                finished,
                self.status,
                tuple(state.scores),
                len(self.notes.get(self.number - 1, [])),
                names,
            ),
            "reveal": (finished, names),
        }
        made: dict[str, Callable[[], Any]] = {
            "line": lambda: line_view(self.rules, state.public, state.table, self.named),
            "sheet": self.sheet,
            "reveal": self.reveal,
        }
        parts: dict[str, Any] = {
            "seats": self.seat_views(connected),
            "winner": self.winner,
            "chat": [self.chat_line(c) for c in self.chat[-CHAT_LINES:]],
            "sheet_key": keys["sheet"],
        }
        for name, part_key in keys.items():
            parts[name] = self._memo(name, part_key, made[name])
        self._cache = (key, parts)
        return parts

    def _memo(self, name: str, key: Any, make: Callable[[], Any]) -> Any:
        """The part ``name`` of a view, made again only when its ``key`` has changed."""
        memo = self._parts.get(name)
        if memo is None or memo[0] != key:
            memo = (key, make())
            self._parts[name] = memo
        return memo[1]

    def view(
        self,
        seat: int | None,
        connected: Collection[int] = (),
        *,
        clock: int | None = None,
        clock_left: float | None = None,
    ) -> StateMessage:
        """What ``seat`` may see (``None``: a spectator, the public view only); ``clock``: the
        table's turn clock (seconds), ``clock_left`` the seconds left on it for the person to
        move."""
        rules = self.rules
        state = self.state
        status = self.status
        stock = state.stock_size()
        mine = seat is not None
        public = self._public(connected)
        tiles: list[str] = []
        marked: list[str] = []
        moves: list[ActionOut] = []
        if mine:
            assert seat is not None
            obs = state.observation(seat)
            tiles = sorted_tiles(obs.hand)
            marked = sorted_tiles(obs.hand & rules.presenter.marked())
            if status == "playing" and state.turn == seat and not self.seats[seat].away:
                moves = self._moves(obs)
        log = [e.for_reader(seat) for e in self.log[-LOG_LINES:]]
        return StateMessage(
            table=self.id,
            game=rules.game.id,
            title=rules.game.title,
            rules=rules.rule_set,
            players=rules.players,
            high=rules.tiles.max_pip,
            practice=self.practice,
            private=self.private,
            claims=rules.claims,
            status=status,
            clock=clock,
            clock_left=None if clock_left is None else round(clock_left, 1),
            rematch=self.rematch,
            hand=self.number,
            move=len(state.history),
            turn=state.turn if status == "playing" else None,
            seat=seat,
            seats=public["seats"],
            tiles=tiles,
            marked=marked,
            moves=moves,
            line=public["line"],
            stock=stock,
            drawable=state.drawable(),
            can_draw=rules.can_draw,
            sheet=public["sheet"]
            if seat is None
            else self._memo(f"sheet:{seat}", public["sheet_key"], lambda: self.sheet(seat)),
            log=log,
            reveal=self._reveal_for(public["reveal"], seat),
            winner=self.winner_for(seat) if mine else public["winner"],
            chat=public["chat"],
        )

    def _reveal_for(self, reveal: Reveal | None, seat: int | None) -> Reveal | None:
        """The end of the last hand as ``seat`` reads it (a spectator: the shared words)."""
        if reveal is None or seat is None:
            return reveal
        told = self.result_text(reveal.hand - 1, self.voice(seat)).split("\n")
        return reveal.model_copy(update={"result": told})

    def seat_views(
        self, connected: Collection[int], hand_sizes: Sequence[int] | None = None
    ) -> list[SeatView]:
        """The seats as everyone may see them (their tile counts, who is connected)."""
        sizes = hand_sizes if hand_sizes is not None else self.state.hand_sizes()
        return [
            SeatView(
                seat=s.seat,
                name=s.name,
                kind=s.kind,
                level=s.level,
                side=self.rules.side_of[s.seat],
                tiles=sizes[s.seat],
                connected=s.kind == "computer" or s.seat in connected,
                joined=s.kind == "computer" or s.joined,
                away=s.away,
            )
            for s in self.seats
        ]

    def _moves(self, obs: Observation) -> list[ActionOut]:
        voice = self.voice(obs.seat)
        return [
            ActionOut(
                action=action_json(action, obs.seat),
                text=describe_action(self.rules, action, obs, voice),
            )
            for action in menu(obs)
        ]

    def chat_line(self, c: StoredChat) -> ChatLine:
        return ChatLine(seat=c.seat, name=c.name, text=c.text, at=c.created.isoformat())

    def sheet(self, reader: int | None = None) -> Sheet:
        """The score sheet as ``reader`` reads it (``None``: a spectator, names only)."""
        match = self.match
        voice = self.voice(reader)
        labels = [voice.side(i) for i in range(len(self.rules.sides))]
        rows = []
        for number, points, totals in match.score_sheet():
            result = match.hands[number - 1].result
            rows.append(
                SheetRow(
                    hand=number,
                    points=list(points),
                    totals=list(totals),
                    ended=voice.tell(result.reason) if result is not None else "",
                    notes=[e.for_reader(reader) for e in self.notes.get(number - 1, [])],
                )
            )
        # A record of no finished hand has no hand at all (the replay of a table in its first hand).
        playing = self.status == "playing"
        scores = list(self.state.scores) if playing else [0] * len(labels)
        presenter = self.rules.presenter
        return Sheet(
            sides=labels,
            rows=rows,
            totals=list(match.totals),
            this_hand=scores,
            this_hand_notes=[e.for_reader(reader) for e in self.notes.get(self.number - 1, [])]
            if playing
            else [],
            target=presenter.target_text(),
            kind=presenter.sheet_kind,
            text=score_sheet_text(match, voice),
        )

    def reveal(self, index: int | None = None) -> Reveal | None:
        """Every seat's tiles in a finished hand (the last one by default): public once the hand
        is over."""
        hands = self.match.hands
        if index is None:
            finished = [i for i, h in enumerate(hands) if h.over]
            if not finished:
                return None
            index = finished[-1]
        state = hands[index]
        result = state.result
        if result is None:
            return None
        if not self.rules.shows_hands_at_end:
            # What was thrown out stays face down (Domino Loo); the tricks are public.
            view = table_view(self.rules, state.public, state.table)
            won = {s.seat: s.won for s in view.seats} if isinstance(view, TrickView) else {}
            return Reveal(
                hand=index + 1,
                seats=[
                    RevealSeat(
                        seat=s.seat,
                        name=s.name,
                        left=[],
                        dealt=[],
                        pips=0,
                        tricks=won.get(s.seat),
                    )
                    for s in self.seats
                ],
                stock=[],
                result=self.results.get(index, []),
            )
        return Reveal(
            hand=index + 1,
            seats=[
                RevealSeat(
                    seat=s.seat,
                    name=s.name,
                    left=sorted_tiles(state.hands[s.seat]),
                    dealt=sorted_tiles(state.deal[s.seat]),
                    pips=result.pips[s.seat],
                )
                for s in self.seats
            ],
            stock=[NAMES[t] for t in state.stock[state.stock_pos :]],
            result=self.results.get(index, []),
        )

    def hints(self, obs: Observation, analyses: Sequence[MoveAnalysis]) -> list[HintMove]:
        """What each move of a seat's observation ``obs`` is worth and why, from the search
        player's analysis of it (:func:`boneyard.players.analysis.analyze`, the same as every
        front end's, worked out off the event loop)."""
        seat = obs.seat
        best = menu_analysis(obs, analyses)
        top = max((m.value for m in best.values()), default=0.0)
        offered = {a.action: a.text for a in self._moves(obs)}
        out = []
        for action, m in sorted(best.items(), key=lambda am: -am[1].value):
            as_json = action_json(action, seat)
            out.append(
                HintMove(
                    action=as_json,
                    text=offered.get(as_json, str(action)),
                    value=round(m.value, 2),
                    margin=round(m.margin, 2),
                    loss=round(top - m.value, 2),
                    reason=m.reason,
                    best=m.value == top,
                )
            )
        return out

    def beliefs(self, obs: Observation, view: Beliefs) -> BeliefsReply:
        """Who may hold each tile the seat of ``obs`` cannot see, for the browser's grid, from
        :func:`boneyard.players.analysis.beliefs` of it (worked out off the event loop); ``id``
        is left for the caller."""
        stock = "stock" if self.rules.shows_hands_at_end else "stock or out"
        names = [self.seats[h].name if h >= 0 else stock for h in view.holders]
        return BeliefsReply(
            id=None,
            hand=self.number,
            move=len(obs.history) + 1,
            holders=names,
            tiles=[NAMES[t] for t in view.tiles],
            chances=[[round(p, 4) for p in view.chances[t]] for t in view.tiles],
            exact=view.exact,
            note=view.note(),
        )

    # ----------------------------------------------------------------- records
    def public_record(self) -> dict[str, Any]:
        """The table as a game record (RECORD.md) with nothing hidden that is not yet public: the
        finished hands in full, and the hand in play (if any) only under ``meta``, as its public
        moves (a draw there does not name its tile)."""
        match = self.match
        finished = [h for h in match.hands if h.over]
        meta: dict[str, Any] = {
            "app": "boneyard serve",
            "table": self.id,
            "status": self.status,
            **({"resigned": self.resigned} if self.resigned is not None else {}),
            "seats": [
                {"seat": s.seat, "kind": s.kind, **({"level": s.level} if s.level else {})}
                for s in self.seats
            ],
        }
        if self.status == "playing":
            meta["hand_in_play"] = {
                "number": self.number,
                "moves": [_public_move(m) for m in self.state.public],
            }
        return {
            "format": FORMAT,
            "game": self.rules.game.id,
            "rules": self.rules.rule_set,
            "options": self.rules.options.to_json(),
            "players": [s.name for s in self.seats],
            "hands": [_finished_hand(h) for h in finished],
            "meta": meta,
        }


def _finished_hand(state: GameState) -> dict[str, Any]:
    return hand_to_record(state)


def _public_move(move: Move) -> dict[str, Any]:
    if isinstance(move.action, Draw):
        return {"seat": move.seat, "draw": None}
    if isinstance(move.action, Discard) and move.action.tile is None:
        return {"seat": move.seat, "discard": None}  # face down
    return move.to_record()


def level_names(levels: Sequence[str]) -> dict[str, str]:
    """The levels as the lobby shows them: a plug-in named by an import path with arguments by its
    short name (``mypkg.agents:load(path=...)`` is ``load``), unless another level has it too."""
    short = [label(level) for level in levels]
    return {
        level: name if short.count(name) == 1 and name not in levels else level
        for level, name in zip(levels, short, strict=True)
    }


def offered_levels(plugins: Sequence[str] = ()) -> tuple[str, ...]:
    """The computer levels a server offers: the search player's first, the other built-in agents,
    then the plug-ins its operator enabled (resolved agent names, ``Settings.agents``)."""
    builtin = (*LEVELS, *(a for a in AGENTS if a not in LEVELS))
    return (*builtin, *dict.fromkeys(p for p in plugins if p not in AGENTS))
