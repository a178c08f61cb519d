"""Several server processes on one PostgreSQL store: each process's heartbeat, the lease by which
one process plays a table, the tables nobody holds, the secret they share; and reading back
whether a commit whose answer was lost was stored. (The times are the database's own, so that
machines whose clocks differ agree.)"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from sqlalchemy import Connection, delete, func, insert, select, text, update

from .base import StoreBase
from .schema import cluster, commits, leases, servers, tables
from .values import ACTIVE, Op

__all__ = ["Leases"]


class Leases(StoreBase):
    """The processes sharing a store, and their tables' leases."""

    def secret(self) -> str:
        """The secret the processes of one store share (they trust each other's relayed requests
        by it)."""
        with self.reading() as conn:
            found = conn.execute(select(cluster.c.secret).where(cluster.c.id == 1)).scalar()
        if found is None:  # a store migrated before it had one
            with self.writing() as conn:
                conn.execute(insert(cluster).values(id=1, secret=secrets.token_hex(32)))
            return self.secret()
        return str(found)

    def heartbeat(self, server: str, address: str, lease: float) -> set[str]:
        """This process is alive: its row in ``servers`` and the leases of its tables renewed for
        ``lease`` seconds (those another transaction holds a lock on are left for the next round);
        the ids of the tables it holds."""
        seconds = {"s": lease}
        with self.writing() as conn:
            stamp = conn.execute(text("SELECT now()")).scalar_one()
            found = conn.execute(
                update(servers).where(servers.c.id == server).values(address=address, seen=stamp)
            )
            if not found.rowcount:
                conn.execute(insert(servers).values(id=server, address=address, seen=stamp))
            conn.execute(
                text(
                    "UPDATE leases SET expires = now() + make_interval(secs => :s) "
                    "WHERE table_id IN (SELECT table_id FROM leases WHERE owner = :me "
                    "FOR UPDATE SKIP LOCKED)"
                ),
                {**seconds, "me": server},
            )
            # Servers silent for a day are gone for good.
            conn.execute(text("DELETE FROM servers WHERE seen < now() - interval '1 day'"))
            held = conn.execute(select(leases.c.table_id).where(leases.c.owner == server))
            return {r.table_id for r in held}

    def claim(self, table_id: str, server: str, lease: float) -> bool:
        """Take a table's lease for ``lease`` seconds, if it is free (never held, expired, or this
        process's already)."""
        with self.writing() as conn:
            row = conn.execute(
                text(
                    "INSERT INTO leases (table_id, owner, expires) "
                    "VALUES (:t, :me, now() + make_interval(secs => :s)) "
                    "ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, "
                    "expires = EXCLUDED.expires "
                    "WHERE leases.owner = EXCLUDED.owner OR leases.expires < now() "
                    "RETURNING owner"
                ),
                {"t": table_id, "me": server, "s": lease},
            ).first()
        return row is not None

    @staticmethod
    def op_claim(table_id: str, server: str, lease: float) -> Op:
        """The lease of a new table, in the transaction that stores it."""

        def op(conn: Connection) -> None:
            conn.execute(
                text(
                    "INSERT INTO leases (table_id, owner, expires) "
                    "VALUES (:t, :me, now() + make_interval(secs => :s))"
                ),
                {"t": table_id, "me": server, "s": lease},
            )

        return op

    def release(self, server: str, table_ids: Sequence[str] | None = None) -> None:
        """Give up leases: these tables', or (``None``) all of this process's."""
        with self.writing() as conn:
            query = delete(leases).where(leases.c.owner == server)
            if table_ids is not None:
                query = query.where(leases.c.table_id.in_(list(table_ids)))
            conn.execute(query)
            if table_ids is None:
                conn.execute(delete(servers).where(servers.c.id == server))

    def owner(self, table_id: str) -> tuple[str, str] | None:
        """The process that holds a table's lease, and its address; ``None`` if nobody does."""
        with self.reading() as conn:
            row = conn.execute(
                select(leases.c.owner, servers.c.address)
                .join(servers, servers.c.id == leases.c.owner)
                .where(leases.c.table_id == table_id, leases.c.expires >= func.now())
            ).first()
        return (row.owner, row.address) if row is not None else None

    def peers(self, server: str, within: float) -> list[str]:
        """The addresses of the other processes seen in the last ``within`` seconds."""
        with self.reading() as conn:
            rows = conn.execute(
                text(
                    "SELECT address FROM servers WHERE id != :me "
                    "AND seen >= now() - make_interval(secs => :w)"
                ),
                {"me": server, "w": within},
            )
            return [r.address for r in rows]

    def orphans(self, limit: int) -> list[str]:
        """Tables in play whose lease nobody holds (a process died, or never started them)."""
        with self.reading() as conn:
            rows = conn.execute(
                select(tables.c.id)
                .outerjoin(leases, leases.c.table_id == tables.c.id)
                .where(
                    tables.c.status.in_(ACTIVE),
                    (leases.c.table_id.is_(None)) | (leases.c.expires < func.now()),
                )
                .order_by(func.random())
                .limit(limit)
            )
            return [r.id for r in rows]

    def backend(self, conn: Connection) -> int | None:
        """The PostgreSQL server process of a connection (``None`` on SQLite)."""
        if self.sqlite:
            return None
        return int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())

    def settled(self, marker: str, backend: int | None) -> bool | None:
        """Whether the transaction that wrote ``marker`` was committed: true or false once that
        is sure, ``None`` while its server process may still commit it (it is then asked to
        stop)."""
        with self.reading() as conn:
            if backend is not None:
                alive = conn.execute(
                    text("SELECT 1 FROM pg_stat_activity WHERE pid = :p"), {"p": backend}
                ).first()
                if alive is not None:
                    conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": backend})
                    return None
            found = conn.execute(select(commits.c.id).where(commits.c.id == marker)).first()
            return found is not None
