"""One table of the server: a match (the engine decides everything), its seats, its log in words,
and what each reader may see.

:class:`Table` has no networking and no database: the hub (:mod:`boneyard.apps.server.hub`) checks
a move with :meth:`Table.check` (on a copy: a refused move changes nothing), stores it, then
applies it with :meth:`Table.apply`. :meth:`Table.view` is one reader's :class:`StateMessage`: a
seat's own tiles and moves, or for a spectator (``seat=None``) the public view only. The log reuses
the terminal game's sentences (:func:`boneyard.text.narration.describe_move` and friends), told for
each reader (:class:`boneyard.core.words.Voice`): a seat reads "you" about itself and the others'
names, a spectator names only; the seat that drew a tile reads which, the others read "draws a
tile".

>>> from boneyard.games import get_game
>>> rules = get_game("block").configure(players=2)
>>> seats = [Seat(0, "person", "Ann", None, None), Seat(1, "computer", "greedy-1", "greedy", None)]
>>> table = Table.new("t1", rules, seats, seed=3)
>>> view = table.view(None)
>>> view.tiles, view.moves, [s.tiles for s in view.seats]
([], [], [7, 7])
>>> table.view(0).tiles != []
True

The table is built in layers, each a module of this package using those before it:
:mod:`.base` (what a table holds), :mod:`.log`, :mod:`.play` (the match and seats changed),
:mod:`.results`, :mod:`.views` (each reader's view, hints, beliefs) and :mod:`.records`; with
:mod:`.seats`, :mod:`.actions` (moves on the wire) and :mod:`.drawing` (the table drawn on the
wire).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ....core.match import Match
from ....core.protocol import GameRules
from ....core.record import parse_move
from ....games import get_game
from ..store import StoredTable, now
from .actions import action_from_json, action_json, action_out
from .drawing import line_message, line_view, sorted_tiles, tile_name, tricks_view
from .log import LogEntry
from .records import TableRecords
from .seats import LEVELS, SEEDED, STAND_IN, Seat, level_names, offered_levels

__all__ = [
    "LEVELS",
    "SEEDED",
    "STAND_IN",
    "LogEntry",
    "Seat",
    "Table",
    "action_from_json",
    "action_json",
    "action_out",
    "level_names",
    "line_message",
    "line_view",
    "offered_levels",
    "sorted_tiles",
    "tile_name",
    "tricks_view",
]


class Table(TableRecords):
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
        rated: bool = False,
        boards: int | None = None,
    ) -> None:
        """A table of ``rules`` with these ``seats``, no hand dealt yet (:meth:`new` deals the
        first); ``levels``: the computer levels the server offers (default: the built-in ones).
        What each field holds, :class:`~.base.TableBase` says."""
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for {rules.players} players")
        self.id = table_id
        self.rules = rules
        self.seats = list(seats)
        self.levels = offered_levels() if levels is None else tuple(levels)
        for s in self.seats:
            if s.kind == "computer" and (s.level or "") not in self.levels:
                raise ValueError(f"unknown level {s.level!r}: choose from {', '.join(self.levels)}")
        self.practice = practice
        self.seed = seed
        self.private = private
        self.clock = clock
        self.creator_hash = creator_hash
        self.rated = rated
        if boards is not None and boards < 1:
            raise ValueError("a match of a fixed number of hands plays at least one")
        self.boards = boards
        self.created = created or now()
        self.updated = self.created
        self.acted = self.created
        self.rematch = None
        self.resigned = None
        self.closed = False
        self.match = Match(rules, deal=False)
        self.log = []
        self.notes = {}
        self.results = {}
        self.chat = []
        self.version = 0
        self._log_before_deal = 0
        self._cache = {}
        self._parts = {}
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
        rated: bool = False,
        boards: int | None = None,
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
            rated=rated,
            boards=boards,
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
                account=s.account_id,
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
            rated=stored.rated,
            boards=stored.boards,
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

    def rename(self, seat: int, name: str) -> None:
        """Call seat ``seat`` ``name``, in the log and the score sheet too (they are said
        again with the new name)."""
        self.seats[seat].name = name
        again = Table.restore(self.stored_full(), self.levels)
        self.log, self.notes, self.results = again.log, again.notes, again.results
        self.version += 1
