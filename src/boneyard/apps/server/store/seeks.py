"""Quick pairing's seeks in the store (``seeks``; revision 0008): a person waiting to be seated
with others of compatible choices, made, read by its seeker, listed for the lobby, cancelled; and
the pairing round's transaction, in which the open seeks are locked, matched and claimed by one
process at a time (docs/server.md, "Quick pairing").

A seeker is known by the SHA-256 of the key it was given (never the key). The token of the seat a
seek is given is kept only until its seeker reads it (:meth:`Seeks.take_seat_token`), then
cleared; the sweep clears any not read within the seek's life."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Connection, delete, func, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError

from .base import StoreBase
from .schema import accounts, blocks, seeks, servers
from .values import as_utc

__all__ = ["PAIRING_LOCK", "Group", "NewSeek", "Seek", "Seeks"]

PAIRING_LOCK = 0x70616972  # "pair": the advisory lock under which one process pairs at a time

OPEN = "open"
PAIRING = "pairing"
SEATED = "seated"


@dataclass(frozen=True)
class NewSeek:
    """A seek as its seeker asks for it (its choices checked by the game already)."""

    id: str
    key_hash: str
    account_id: int | None
    name: str
    game: str
    rule_set: str
    players: int
    rated: bool
    clock: int | None
    target: int | None
    fill_after: int | None
    rating: float
    joins: str | None
    created: datetime


@dataclass(frozen=True)
class Seek:
    """A seek as stored, without its key's hash and its seat's token."""

    id: str
    account_id: int | None
    name: str
    game: str
    rule_set: str
    players: int
    rated: bool
    clock: int | None
    target: int | None
    fill_after: int | None
    rating: float
    joins: str | None
    status: str
    created: datetime
    seen: datetime
    table_id: str | None
    seat: int | None

    @property
    def choices(self) -> tuple[str, str, int, bool, int | None, int | None]:
        """What two seeks must share to be seated together."""
        return (self.game, self.rule_set, self.players, self.rated, self.clock, self.target)


Group = tuple[list[Seek], int]
"""Seeks to be seated at one table, and how many computers fill its other seats."""

Matcher = Callable[[list[Seek], set[frozenset[int]]], list[Group]]
"""The matching of a round: the open seeks (oldest first) and the pairs of accounts of which one
blocks the other, to the groups to seat."""


def _seek(row: object) -> Seek:
    r = row
    return Seek(
        id=r.id,  # type: ignore[attr-defined]
        account_id=r.account_id,  # type: ignore[attr-defined]
        name=r.name,  # type: ignore[attr-defined]
        game=r.game,  # type: ignore[attr-defined]
        rule_set=r.rule_set,  # type: ignore[attr-defined]
        players=r.players,  # type: ignore[attr-defined]
        rated=bool(r.rated),  # type: ignore[attr-defined]
        clock=r.clock,  # type: ignore[attr-defined]
        target=r.target,  # type: ignore[attr-defined]
        fill_after=r.fill_after,  # type: ignore[attr-defined]
        rating=float(r.rating),  # type: ignore[attr-defined]
        joins=r.joins,  # type: ignore[attr-defined]
        status=r.status,  # type: ignore[attr-defined]
        created=as_utc(r.created),  # type: ignore[attr-defined]
        seen=as_utc(r.seen),  # type: ignore[attr-defined]
        table_id=r.table_id,  # type: ignore[attr-defined]
        seat=r.seat,  # type: ignore[attr-defined]
    )


_PUBLIC = [c for c in seeks.c if c.name not in ("key_hash", "seat_token", "open_account")]


class Seeks(StoreBase):
    """Quick pairing's seeks (plain transactions: none is a table's move)."""

    def add_seek(self, new: NewSeek) -> Seek | None:
        """A new open seek, or ``None`` if its account has an open one already (one not yet seated,
        cancelled or expired: its ``open_account``, unique)."""
        try:
            with self.writing() as conn:
                conn.execute(
                    insert(seeks).values(
                        id=new.id,
                        key_hash=new.key_hash,
                        account_id=new.account_id,
                        open_account=new.account_id,
                        name=new.name,
                        game=new.game,
                        rule_set=new.rule_set,
                        players=new.players,
                        rated=new.rated,
                        clock=new.clock,
                        target=new.target,
                        fill_after=new.fill_after,
                        rating=new.rating,
                        joins=new.joins,
                        status=OPEN,
                        created=new.created,
                        seen=new.created,
                    )
                )
        except IntegrityError:
            return None
        found = self.seek(new.id)
        return None if found is None else found[0]

    def seek(self, seek_id: str) -> tuple[Seek, str] | None:
        """A seek and the hash of its key."""
        with self.reading() as conn:
            row = conn.execute(
                select(*_PUBLIC, seeks.c.key_hash).where(seeks.c.id == seek_id)
            ).first()
        return None if row is None else (_seek(row), row.key_hash)

    def open_seeks(self, limit: int = 100) -> list[Seek]:
        """The open seeks, the oldest first."""
        query = (
            select(*_PUBLIC)
            .where(seeks.c.status == OPEN)
            .order_by(seeks.c.created, seeks.c.id)
            .limit(limit)
        )
        with self.reading() as conn:
            return [_seek(r) for r in conn.execute(query)]

    def seek_seen(self, seek_id: str, at: datetime) -> None:
        """Its seeker is still waiting (the page asked after it)."""
        with self.writing() as conn:
            conn.execute(
                update(seeks).where(seeks.c.id == seek_id, seeks.c.status == OPEN).values(seen=at)
            )

    def take_seat_token(self, seek_id: str) -> str | None:
        """The token of the seat a seek was given, once: cleared as it is read."""
        with self.writing() as conn:
            token = conn.execute(
                select(seeks.c.seat_token).where(seeks.c.id == seek_id)
            ).scalar_one_or_none()
            if token is None:
                return None
            taken = conn.execute(
                update(seeks)
                .where(seeks.c.id == seek_id, seeks.c.seat_token == token)
                .values(seat_token=None)
            )
        return str(token) if taken.rowcount else None

    def end_seek(self, seek_id: str, status: str = "cancelled") -> bool:
        """An open seek cancelled (or expired); whether it was open."""
        with self.writing() as conn:
            done = conn.execute(
                update(seeks)
                .where(seeks.c.id == seek_id, seeks.c.status == OPEN)
                .values(status=status, open_account=None)
            )
        return bool(done.rowcount)

    def blocks_between(self, first: int, second: int) -> bool:
        """Whether either account blocks the other."""
        with self.reading() as conn:
            row = conn.execute(
                select(blocks.c.account_id).where(
                    or_(
                        (blocks.c.account_id == first) & (blocks.c.blocked_id == second),
                        (blocks.c.account_id == second) & (blocks.c.blocked_id == first),
                    )
                )
            ).first()
        return row is not None

    def claim_seeks(
        self,
        pairer: str,
        at: datetime,
        life: float,
        abandoned: float,
        match: Matcher,
        alive: float | None = None,
    ) -> list[Group]:
        """One pairing round, in one transaction: the seeks of a pairer that died reopened, the
        open seeks past their ``life`` or not asked after for ``abandoned`` seconds expired, the
        rest locked and matched, and the groups ``match`` makes claimed by ``pairer`` (no longer
        open: no other round sees them). On PostgreSQL one process at a time runs a round (the
        advisory lock :data:`PAIRING_LOCK`; a round that finds it taken does nothing) and the
        pairer of a claim is alive while its row in ``servers`` was seen within ``alive``
        seconds; on SQLite (one process) a claim of another pairer is a dead process's."""
        with self.writing() as conn:
            if (
                not self.sqlite
                and not conn.execute(
                    text("SELECT pg_try_advisory_xact_lock(:k)"), {"k": PAIRING_LOCK}
                ).scalar()
            ):
                return []
            self._recover(conn, pairer, alive)
            self._expire(conn, at, life, abandoned)
            rows = conn.execute(
                select(*_PUBLIC)
                .where(seeks.c.status == OPEN)
                .order_by(seeks.c.created, seeks.c.id)
                .with_for_update(skip_locked=True)
            ).all()
            found = [_seek(r) for r in rows]
            ids = {s.account_id for s in found if s.account_id is not None}
            blocked: set[frozenset[int]] = set()
            if ids:
                pairs = conn.execute(
                    select(blocks.c.account_id, blocks.c.blocked_id).where(
                        blocks.c.account_id.in_(ids), blocks.c.blocked_id.in_(ids)
                    )
                )
                blocked = {frozenset((p.account_id, p.blocked_id)) for p in pairs}
            groups = match(found, blocked)
            claimed = [s.id for members, _ in groups for s in members]
            if claimed:
                conn.execute(
                    update(seeks)
                    .where(seeks.c.id.in_(claimed))
                    .values(status=PAIRING, claimed_by=pairer)
                )
        return groups

    def _recover(self, conn: Connection, pairer: str, alive: float | None) -> None:
        gone = seeks.c.claimed_by != pairer
        if alive is not None:
            cutoff = func.now() - timedelta(seconds=alive)
            living = select(servers.c.id).where(servers.c.seen >= cutoff)
            gone = seeks.c.claimed_by.not_in(living)
        conn.execute(
            update(seeks)
            .where(seeks.c.status == PAIRING, gone)
            .values(status=OPEN, claimed_by=None)
        )

    def _expire(self, conn: Connection, at: datetime, life: float, abandoned: float) -> None:
        """Open seeks past their life, left by their seeker, or of an account deleted or disabled
        expired; ended seeks an hour old deleted; seat tokens nobody read cleared."""
        usable = select(accounts.c.id).where(~accounts.c.disabled)
        conn.execute(
            update(seeks)
            .where(
                seeks.c.status == OPEN,
                (seeks.c.created < at - timedelta(seconds=life))
                | (seeks.c.seen < at - timedelta(seconds=abandoned))
                | (seeks.c.account_id.is_not(None) & seeks.c.account_id.not_in(usable)),
            )
            .values(status="expired", open_account=None)
        )
        old = at - timedelta(seconds=max(life, 3600))
        conn.execute(
            delete(seeks).where(seeks.c.status.not_in([OPEN, PAIRING]), seeks.c.created < old)
        )
        conn.execute(
            update(seeks)
            .where(
                seeks.c.seat_token.is_not(None),
                seeks.c.created < at - timedelta(seconds=life),
            )
            .values(seat_token=None)
        )

    def seat_seeks(self, table_id: str, seated: dict[str, tuple[int, str]]) -> None:
        """Claimed seeks seated at a new table: each its seat and that seat's token (kept until
        its seeker reads it)."""
        with self.writing() as conn:
            for seek_id, (seat, token) in seated.items():
                conn.execute(
                    update(seeks)
                    .where(seeks.c.id == seek_id, seeks.c.status == PAIRING)
                    .values(
                        status=SEATED,
                        table_id=table_id,
                        seat=seat,
                        seat_token=token,
                        open_account=None,
                    )
                )

    def reopen_seeks(self, ids: Sequence[str]) -> None:
        """Claimed seeks open again (their table could not be made)."""
        with self.writing() as conn:
            conn.execute(
                update(seeks)
                .where(seeks.c.id.in_(list(ids)), seeks.c.status == PAIRING)
                .values(status=OPEN, claimed_by=None)
            )
