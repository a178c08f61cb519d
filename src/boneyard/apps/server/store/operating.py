"""Operating a store from the command line (``boneyard tables``, :mod:`..admin`): its tables listed,
closed and deleted."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, func, select, update

from .base import StoreBase
from .schema import actions, chat, hands, seats, tables
from .values import ACTIVE, TableRow, as_utc, chunks, now

__all__ = ["Operating"]


class Operating(StoreBase):
    """What an operator does to a store's tables."""

    def rows(
        self,
        statuses: Sequence[str] | None = None,
        idle_since: datetime | None = None,
        ids: Sequence[str] | None = None,
    ) -> list[TableRow]:
        """The tables (without their hands), newest first: of these ``statuses``, where no person
        has acted since ``idle_since``, of these ``ids``."""
        moves = (
            select(actions.c.table_id, func.count().label("moves"))
            .group_by(actions.c.table_id)
            .subquery()
        )
        query = (
            select(tables, func.coalesce(moves.c.moves, 0).label("moves"))
            .outerjoin(moves, moves.c.table_id == tables.c.id)
            .order_by(tables.c.created.desc())
        )
        if statuses:
            query = query.where(tables.c.status.in_(list(statuses)))
        if idle_since is not None:
            query = query.where(func.coalesce(tables.c.acted, tables.c.updated) < idle_since)
        if ids is not None:
            query = query.where(tables.c.id.in_(list(ids)))
        with self.reading() as conn:
            found = conn.execute(query).all()
            people: dict[str, list[str]] = {}
            listed = [r.id for r in found]
            for chunk in chunks(listed, 500):
                for s in conn.execute(
                    select(seats.c.table_id, seats.c.kind, seats.c.name, seats.c.level)
                    .where(seats.c.table_id.in_(chunk))
                    .order_by(seats.c.table_id, seats.c.seat)
                ):
                    who = s.name if s.kind == "person" else f"{s.name} ({s.level})"
                    people.setdefault(s.table_id, []).append(who)
        return [
            TableRow(
                id=r.id,
                game=r.game,
                rule_set=r.rule_set,
                status=r.status,
                private=bool(r.private),
                seats=people.get(r.id, []),
                moves=int(r.moves),
                created=as_utc(r.created),
                updated=as_utc(r.updated),
                acted=as_utc(r.acted if r.acted is not None else r.updated),
            )
            for r in found
        ]

    def close_tables(self, ids: Sequence[str]) -> list[str]:
        """Close these tables where their match goes on; the ids closed."""
        with self.writing() as conn:
            closing = [
                r.id
                for r in conn.execute(
                    select(tables.c.id).where(
                        tables.c.id.in_(list(ids)), tables.c.status.in_(ACTIVE)
                    )
                )
            ]
            if closing:
                conn.execute(
                    update(tables)
                    .where(tables.c.id.in_(closing))
                    .values(status="closed", updated=now())
                )
        return closing

    def delete_tables(self, ids: Sequence[str]) -> list[str]:
        """Delete these tables and everything of theirs (seats, hands, moves, chat); the ids
        deleted."""
        with self.writing() as conn:
            found = [
                r.id for r in conn.execute(select(tables.c.id).where(tables.c.id.in_(list(ids))))
            ]
            for chunk in chunks(found, 500):
                for child in (chat, actions, hands, seats):
                    conn.execute(delete(child).where(child.c.table_id.in_(chunk)))
                conn.execute(delete(tables).where(tables.c.id.in_(chunk)))
        return found
