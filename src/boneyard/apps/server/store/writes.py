"""The writes of a table, as ops (:data:`~.values.Op`): each a function of a connection that the
:class:`~.writer.Writer` runs with others in one transaction."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, or_, update

from .base import StoreBase
from .schema import actions, chat, hands, seats, tables
from .values import Op, StoredChat, StoredHand, StoredTable, now

__all__ = ["Writes"]


class Writes(StoreBase):
    """A table made, its moves, deals, seats, chat and changes of its row."""

    @staticmethod
    def op_create(table: StoredTable, first: StoredHand) -> Op:
        """Insert a table, its seats and its first deal."""

        def op(conn: Connection) -> None:
            conn.execute(
                insert(tables).values(
                    id=table.id,
                    game=table.game,
                    rule_set=table.rule_set,
                    options=table.options,
                    players=table.players,
                    practice=table.practice,
                    seed=table.seed,
                    status=table.status,
                    winner=table.winner,
                    created=table.created,
                    updated=table.updated,
                    private=table.private,
                    clock=table.clock,
                    acted=table.acted or table.created,
                    creator_hash=table.creator_hash,
                    rated=table.rated,
                    boards=table.boards,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {
                        "table_id": table.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "name": s.name,
                        "level": s.level,
                        "token_hash": s.token_hash,
                        "joined": s.joined,
                        "account_id": s.account_id,
                    }
                    for s in table.seats
                ],
            )
            conn.execute(
                insert(hands).values(
                    table_id=table.id, number=first.number, deal=first.deal, created=now()
                )
            )

        return op

    @staticmethod
    def op_action(
        table_id: str, hand: int, idx: int, move: dict[str, Any], person: bool = False
    ) -> Op:
        """Insert the ``idx``-th move (from 0) of hand ``hand``, in record form; ``person``: a
        person made it (not a computer, nor a computer playing for an absent person)."""

        def op(conn: Connection) -> None:
            stamp = now()
            conn.execute(
                insert(actions).values(
                    table_id=table_id, hand=hand, idx=idx, move=move, created=stamp
                )
            )
            changes: dict[str, Any] = {"updated": stamp}
            if person:
                changes["acted"] = stamp
            conn.execute(update(tables).where(tables.c.id == table_id).values(**changes))

        return op

    @staticmethod
    def op_acted(table_id: str, when: datetime) -> Op:
        """A person acted at the table (joined, chatted, dealt, asked for a rematch). Never moves
        the time back: written in the background, it may be stored after a later move's."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(tables)
                .where(
                    tables.c.id == table_id, or_(tables.c.acted.is_(None), tables.c.acted < when)
                )
                .values(acted=when)
            )

        return op

    @staticmethod
    def op_table(table_id: str, **changes: Any) -> Op:
        """Change a table's row: ``rematch``, ``resigned``, ``status``..."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(tables).where(tables.c.id == table_id).values(**changes, updated=now())
            )

        return op

    @staticmethod
    def op_seat_holder(
        table_id: str, seat: int, kind: str, level: str | None, token_hash: str | None
    ) -> Op:
        """Who holds a seat: a person (by the hash of a new invite's token) or a computer."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(
                    kind=kind, level=level, token_hash=token_hash, joined=False, account_id=None
                )
            )

        return op

    @staticmethod
    def op_bound(table_id: str, seat: int, token_hash: str, account_id: int) -> Op:
        """A signed-in person took the seat (by its token's hash): the seat is their account's,
        unless it is already someone's or has been given to another holder meanwhile."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.token_hash == token_hash,
                    seats.c.account_id.is_(None),
                )
                .values(account_id=account_id)
            )

        return op

    @staticmethod
    def op_status(table_id: str, status: str, winner: str | None) -> Op:
        """The match's new status (a table closed meanwhile, by its operator, stays closed)."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.status != "closed")
                .values(status=status, winner=winner, updated=now())
            )

        return op

    @staticmethod
    def op_hand(table_id: str, number: int, deal: dict[str, Any]) -> Op:
        def op(conn: Connection) -> None:
            stamp = now()
            conn.execute(
                insert(hands).values(table_id=table_id, number=number, deal=deal, created=stamp)
            )
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.status != "closed")
                .values(status="playing", updated=stamp)
            )

        return op

    @staticmethod
    def op_seat(table_id: str, seat: int, name: str, joined: bool) -> Op:
        def op(conn: Connection) -> None:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(name=name, joined=joined)
            )

        return op

    @staticmethod
    def op_joined(table_id: str, seat: int, token_hash: str) -> Op:
        """The person holding a seat (by its token's hash) has come to the table: only the flag,
        so that, written in the background, it never undoes a rename, nor marks a seat given to
        someone else meanwhile."""

        def op(conn: Connection) -> None:
            conn.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.token_hash == token_hash,
                )
                .values(joined=True)
            )

        return op

    @staticmethod
    def op_chat(table_id: str, line: StoredChat) -> Op:
        def op(conn: Connection) -> None:
            conn.execute(
                insert(chat).values(
                    table_id=table_id,
                    seat=line.seat,
                    name=line.name,
                    text=line.text,
                    created=line.created,
                )
            )

        return op

    def run(self, ops: Sequence[Op]) -> None:
        """Run ops in one transaction (tests and tools; the server uses :class:`Writer`)."""
        with self.writing() as conn:
            for op in ops:
                op(conn)
