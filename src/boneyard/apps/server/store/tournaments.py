"""Club tournaments in the store (``tournaments``, ``tournament_entrants``, ``tournament_tables``;
revision 0009): a tournament made, joined and left, started, each round planned (its tables'
sides and the secret seed of its deals) and its tables made, and the tables of a round whose deals
are still secret (docs/server.md, "Club tournaments").

A change of a tournament's course is a conditional update (of its status and round as they were
read), so that of the processes sharing a store only one makes a round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, func, insert, select, update

from .base import StoreBase
from .schema import tournament_entrants, tournament_tables, tournaments
from .values import as_utc, now

__all__ = ["Entrant", "RoundTable", "StoredTournament", "Tournaments"]

STARTED = ("starting", "playing")
"""The statuses of a tournament under way (the hubs' sweep looks at these)."""


@dataclass(frozen=True)
class Entrant:
    """A person who joined (``position``: the order of joining), and the unit (a person or a
    partnership) the pairings pair it in, from the start."""

    position: int
    account_id: int | None
    name: str
    unit: int | None


@dataclass(frozen=True)
class RoundTable:
    """A table of a round: the unit on each side (a bye: one unit, no table), the table once it
    is made, and the seed of the round's deals (duplicate deals; secret while the round goes on)."""

    round: int
    number: int
    units: list[int]
    table_id: str | None
    board_seed: int | None


@dataclass
class StoredTournament:
    """A tournament as stored. ``status``: ``open`` (taking entrants), ``starting`` (started
    from the command line: a server makes its first round), ``playing``, ``over``, ``closed``."""

    id: int
    name: str
    game: str
    rule_set: str
    options: dict[str, Any]
    players: int
    format: str
    rounds: int
    boards: int
    duplicate: bool
    rated: bool
    creator_id: int | None
    creator_name: str
    status: str = "open"
    round: int = 0
    created: datetime = field(default_factory=now)
    updated: datetime = field(default_factory=now)
    entrants: list[Entrant] = field(default_factory=list)
    tables: list[RoundTable] = field(default_factory=list)

    def entrant_of(self, account_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.account_id == account_id), None)


def _tournament(r: Any) -> StoredTournament:
    return StoredTournament(
        id=r.id,
        name=r.name,
        game=r.game,
        rule_set=r.rule_set,
        options=dict(r.options or {}),
        players=r.players,
        format=r.format,
        rounds=r.rounds,
        boards=r.boards,
        duplicate=bool(r.duplicate),
        rated=bool(r.rated),
        creator_id=r.creator_id,
        creator_name=r.creator_name,
        status=r.status,
        round=r.round,
        created=as_utc(r.created),
        updated=as_utc(r.updated),
    )


class Tournaments(StoreBase):
    """The club tournaments of a store (plain transactions: none is a table's move)."""

    def add_tournament(self, t: StoredTournament) -> int:
        """Store a new tournament (no entrants yet): its id."""
        with self.writing() as conn:
            made = conn.execute(
                insert(tournaments).values(
                    name=t.name,
                    game=t.game,
                    rule_set=t.rule_set,
                    options=t.options,
                    players=t.players,
                    format=t.format,
                    rounds=t.rounds,
                    boards=t.boards,
                    duplicate=t.duplicate,
                    rated=t.rated,
                    creator_id=t.creator_id,
                    creator_name=t.creator_name,
                    status="open",
                    round=0,
                    created=t.created,
                    updated=t.updated,
                )
            )
            (tournament_id,) = made.inserted_primary_key or (None,)
        assert tournament_id is not None
        return int(tournament_id)

    def tournament_list(self, limit: int = 100) -> list[StoredTournament]:
        """The latest tournaments first, with their entrants (not their tables)."""
        with self.reading() as conn:
            found = [
                _tournament(r)
                for r in conn.execute(
                    select(tournaments).order_by(tournaments.c.id.desc()).limit(limit)
                )
            ]
            by_id = {t.id: t for t in found}
            if by_id:
                for e in conn.execute(
                    select(tournament_entrants)
                    .where(tournament_entrants.c.tournament_id.in_(list(by_id)))
                    .order_by(tournament_entrants.c.position)
                ):
                    by_id[e.tournament_id].entrants.append(_entrant(e))
        return found

    def load_tournament(self, tournament_id: int) -> StoredTournament | None:
        with self.reading() as conn:
            return _load(conn, tournament_id)

    def join_tournament(self, tournament_id: int, account_id: int, name: str) -> str | None:
        """The account joins an open tournament: ``None``, or why not."""
        with self.writing() as conn:
            t = _load(conn, tournament_id)
            if t is None:
                return "no such tournament"
            if t.status != "open":
                return "the tournament has started: it takes no new entrants"
            if t.entrant_of(account_id) is not None:
                return "you have joined already"
            last = max((e.position for e in t.entrants), default=-1)
            conn.execute(
                insert(tournament_entrants).values(
                    tournament_id=tournament_id,
                    position=last + 1,
                    account_id=account_id,
                    name=name,
                    unit=None,
                    joined=now(),
                )
            )
            _touch(conn, tournament_id)
        return None

    def leave_tournament(self, tournament_id: int, account_id: int) -> str | None:
        """The account leaves a tournament before its start: ``None``, or why not."""
        with self.writing() as conn:
            t = _load(conn, tournament_id)
            if t is None:
                return "no such tournament"
            if t.status != "open":
                return "the tournament has started: its entrants stay in it"
            gone = conn.execute(
                tournament_entrants.delete().where(
                    tournament_entrants.c.tournament_id == tournament_id,
                    tournament_entrants.c.account_id == account_id,
                )
            )
            if not gone.rowcount:
                return "you have not joined"
            _touch(conn, tournament_id)
        return None

    def set_tournament_status(
        self, tournament_id: int, status: str, was: Sequence[str], round: int | None = None
    ) -> bool:
        """The tournament's status becomes ``status`` if it is one of ``was`` (and its round is
        ``round``, if given): whether it changed."""
        where = [tournaments.c.id == tournament_id, tournaments.c.status.in_(list(was))]
        if round is not None:
            where.append(tournaments.c.round == round)
        with self.writing() as conn:
            changed = conn.execute(
                update(tournaments).where(*where).values(status=status, updated=now())
            )
        return bool(changed.rowcount)

    def plan_round(
        self,
        t: StoredTournament,
        number: int,
        tables: Sequence[tuple[list[int], int | None]],
        units: dict[int, int] | None = None,
        rounds: int | None = None,
    ) -> bool:
        """Round ``number`` planned (each table's sides and deals' seed; a bye: one unit) and the
        tournament playing it, if it is still as ``t`` was read (status and round): whether this
        call planned it. ``units``: each entrant's unit (by position), given at the start, with the
        number of ``rounds`` (a round robin's follows from its units)."""
        with self.writing() as conn:
            changed = conn.execute(
                update(tournaments)
                .where(
                    tournaments.c.id == t.id,
                    tournaments.c.status == t.status,
                    tournaments.c.round == t.round,
                )
                .values(
                    status="playing",
                    round=number,
                    updated=now(),
                    **({} if rounds is None else {"rounds": rounds}),
                )
            )
            if not changed.rowcount:
                return False
            for position, unit in (units or {}).items():
                conn.execute(
                    update(tournament_entrants)
                    .where(
                        tournament_entrants.c.tournament_id == t.id,
                        tournament_entrants.c.position == position,
                    )
                    .values(unit=unit)
                )
            for i, (sides, seed) in enumerate(tables):
                conn.execute(
                    insert(tournament_tables).values(
                        tournament_id=t.id,
                        round=number,
                        number=i,
                        units=sides,
                        table_id=None,
                        board_seed=seed,
                    )
                )
        return True

    def set_round_table(self, tournament_id: int, round: int, number: int, table_id: str) -> bool:
        """The table made for a planned table of a round (once): whether it was recorded."""
        with self.writing() as conn:
            changed = conn.execute(
                update(tournament_tables)
                .where(
                    tournament_tables.c.tournament_id == tournament_id,
                    tournament_tables.c.round == round,
                    tournament_tables.c.number == number,
                    tournament_tables.c.table_id.is_(None),
                )
                .values(table_id=table_id)
            )
        return bool(changed.rowcount)

    def tournaments_under_way(self) -> list[int]:
        """The tournaments to start or to carry on (the hubs' sweep)."""
        with self.reading() as conn:
            return list(
                conn.execute(
                    select(tournaments.c.id)
                    .where(tournaments.c.status.in_(STARTED))
                    .order_by(tournaments.c.id)
                ).scalars()
            )

    def tournament_of_table(self, table_id: str) -> int | None:
        with self.reading() as conn:
            found = conn.execute(
                select(tournament_tables.c.tournament_id).where(
                    tournament_tables.c.table_id == table_id
                )
            ).first()
        return None if found is None else int(found[0])

    def sealed(self, table_id: str) -> bool:
        """Whether the table plays a round of duplicate deals that is not over: every table of
        the round is dealt the same hands, so none shows its deals (no record, no spectator)
        until the round is over."""
        query = (
            select(func.count())
            .select_from(tournament_tables)
            .join(tournaments, tournaments.c.id == tournament_tables.c.tournament_id)
            .where(
                tournament_tables.c.table_id == table_id,
                tournaments.c.duplicate,
                tournaments.c.status.in_(STARTED),
                tournaments.c.round == tournament_tables.c.round,
            )
        )
        with self.reading() as conn:
            return bool(conn.execute(query).scalar_one())


def _entrant(e: Any) -> Entrant:
    return Entrant(e.position, e.account_id, e.name, e.unit)


def _load(conn: Connection, tournament_id: int) -> StoredTournament | None:
    row = conn.execute(select(tournaments).where(tournaments.c.id == tournament_id)).first()
    if row is None:
        return None
    t = _tournament(row)
    t.entrants = [
        _entrant(e)
        for e in conn.execute(
            select(tournament_entrants)
            .where(tournament_entrants.c.tournament_id == tournament_id)
            .order_by(tournament_entrants.c.position)
        )
    ]
    t.tables = [
        RoundTable(r.round, r.number, list(r.units), r.table_id, r.board_seed)
        for r in conn.execute(
            select(tournament_tables)
            .where(tournament_tables.c.tournament_id == tournament_id)
            .order_by(tournament_tables.c.round, tournament_tables.c.number)
        )
    ]
    return t


def _touch(conn: Connection, tournament_id: int) -> None:
    conn.execute(update(tournaments).where(tournaments.c.id == tournament_id).values(updated=now()))


def forget_entrant(conn: Connection, account_id: int) -> None:
    """A deleted account's entries and tournaments kept, its name replaced
    (``Deleted player N``, N its place in the order of joining) and bound to no one."""
    for r in conn.execute(
        select(tournament_entrants.c.tournament_id, tournament_entrants.c.position).where(
            tournament_entrants.c.account_id == account_id
        )
    ).all():
        conn.execute(
            update(tournament_entrants)
            .where(
                and_(
                    tournament_entrants.c.tournament_id == r.tournament_id,
                    tournament_entrants.c.position == r.position,
                )
            )
            .values(account_id=None, name=f"Deleted player {r.position + 1}")
        )
    conn.execute(
        update(tournaments)
        .where(tournaments.c.creator_id == account_id)
        .values(creator_id=None, creator_name="Deleted player")
    )


def op_seat_token(table_id: str, seat: int, token_hash: str) -> Any:
    """A new token (its hash) for a seat bound to an account, the binding kept (a club
    tournament's entrant asks for the link of its seat again)."""
    from .schema import seats

    def op(conn: Connection) -> None:
        conn.execute(
            update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(token_hash=token_hash)
        )

    return op
