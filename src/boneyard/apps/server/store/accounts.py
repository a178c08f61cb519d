"""People's accounts in the store: made, found by name or by a session, their password changed,
disabled, enabled and deleted, and their sessions (``accounts``, ``sessions``; revision 0005).

A session is kept as the SHA-256 of its cookie's token (:func:`~.values.token_hash`), never the
token itself; a password as its Argon2id hash (:mod:`..accounts`), never the password."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from .base import StoreBase
from .ratings import Ratings
from .schema import accounts, blocks, chat, seats, seeks, sessions, tables
from .tournaments import forget_entrant
from .values import as_utc, now

__all__ = ["Account", "AccountSeat", "Accounts", "deleted_name"]


def deleted_name(seat: int) -> str:
    """The name a deleted account's seat is given (the seat's number keeps it unique at its
    table)."""
    return f"Deleted player {seat + 1}"


@dataclass(frozen=True)
class AccountSeat:
    """A seat an account took at a table, with the table's game and state."""

    table_id: str
    seat: int
    name: str
    game: str
    rule_set: str
    status: str
    winner: str | None
    created: datetime
    updated: datetime


@dataclass(frozen=True)
class Account:
    """An account as stored: its name as given, the hash of its password, whether an operator
    disabled it, and (listed by :meth:`Accounts.account_list`) its live sessions."""

    id: int
    name: str
    password: str
    disabled: bool
    created: datetime
    sessions: int = 0
    language: str | None = None
    """The language the person chose for the pages (a tag), or ``None``: the browser's."""


def _account(row: object, live: int = 0) -> Account:
    return Account(
        id=row.id,  # type: ignore[attr-defined]
        name=row.name,  # type: ignore[attr-defined]
        password=row.password,  # type: ignore[attr-defined]
        disabled=bool(row.disabled),  # type: ignore[attr-defined]
        created=as_utc(row.created),  # type: ignore[attr-defined]
        sessions=live,
        language=row.language,  # type: ignore[attr-defined]
    )


class Accounts(StoreBase):
    """The accounts and sessions of a store (plain transactions: none is a table's move)."""

    def add_account(self, name: str, key: str, password: str) -> Account | None:
        """A new account, or ``None`` if another holds the name ``key`` (its case-free form)."""
        try:
            with self.writing() as conn:
                made = conn.execute(
                    insert(accounts).values(
                        name=name, name_key=key, password=password, disabled=False, created=now()
                    )
                )
                (account_id,) = made.inserted_primary_key or (None,)
                row = conn.execute(select(accounts).where(accounts.c.id == account_id)).one()
        except IntegrityError:
            return None
        return _account(row)

    def account_named(self, key: str) -> Account | None:
        """The account of the name ``key`` (its case-free form)."""
        with self.reading() as conn:
            row = conn.execute(select(accounts).where(accounts.c.name_key == key)).first()
        return None if row is None else _account(row)

    def account_of_session(self, session: str) -> Account | None:
        """The account a live session (by its hash) belongs to: not expired, not disabled."""
        query = (
            select(accounts)
            .join(sessions, sessions.c.account_id == accounts.c.id)
            .where(sessions.c.id == session, sessions.c.expires > now(), ~accounts.c.disabled)
        )
        with self.reading() as conn:
            row = conn.execute(query).first()
        return None if row is None else _account(row)

    def add_session(self, session: str, account_id: int, expires: datetime) -> None:
        """A new session (by its hash); the account's expired ones are swept away with it."""
        with self.writing() as conn:
            conn.execute(
                delete(sessions).where(
                    sessions.c.account_id == account_id, sessions.c.expires <= now()
                )
            )
            conn.execute(
                insert(sessions).values(
                    id=session, account_id=account_id, created=now(), expires=expires
                )
            )

    def end_session(self, session: str) -> None:
        with self.writing() as conn:
            conn.execute(delete(sessions).where(sessions.c.id == session))

    def set_password(self, account_id: int, password: str) -> None:
        """A new password hash, and every session of the account ended."""
        with self.writing() as conn:
            conn.execute(
                update(accounts).where(accounts.c.id == account_id).values(password=password)
            )
            conn.execute(delete(sessions).where(sessions.c.account_id == account_id))

    def set_language(self, account_id: int, language: str | None) -> None:
        """The language the account's person chose (``None``: the browser's)."""
        with self.writing() as conn:
            conn.execute(
                update(accounts).where(accounts.c.id == account_id).values(language=language)
            )

    def set_disabled(self, key: str, disabled: bool) -> bool:
        """Disable (every session ended) or enable the account named ``key``; whether it exists."""
        with self.writing() as conn:
            found = conn.execute(
                update(accounts).where(accounts.c.name_key == key).values(disabled=disabled)
            )
            if found.rowcount and disabled:
                ids = select(accounts.c.id).where(accounts.c.name_key == key)
                conn.execute(delete(sessions).where(sessions.c.account_id.in_(ids)))
        return bool(found.rowcount)

    def delete_account(self, account_id: int) -> list[tuple[str, int]] | None:
        """The account, its sessions, blocks, seeks and ratings gone, and the seats it took kept
        with their name (and the name on their chat lines) replaced (:func:`deleted_name`), bound
        to no one, and so its entries in club tournaments and the tournaments it made; those
        seats (table, seat), or ``None`` if there was no such account."""
        with self.writing() as conn:
            taken = [
                (r.table_id, r.seat)
                for r in conn.execute(
                    select(seats.c.table_id, seats.c.seat).where(seats.c.account_id == account_id)
                )
            ]
            for table_id, seat in taken:
                where = (chat.c.table_id == table_id, chat.c.seat == seat)
                conn.execute(update(chat).where(*where).values(name=deleted_name(seat)))
                conn.execute(
                    update(seats)
                    .where(seats.c.table_id == table_id, seats.c.seat == seat)
                    .values(name=deleted_name(seat), account_id=None)
                )
            forget_entrant(conn, account_id)
            conn.execute(delete(seeks).where(seeks.c.account_id == account_id))  # waiting to play
            conn.execute(delete(sessions).where(sessions.c.account_id == account_id))
            Ratings.forget_ratings(conn, account_id)
            conn.execute(
                delete(blocks).where(
                    (blocks.c.account_id == account_id) | (blocks.c.blocked_id == account_id)
                )
            )
            gone = conn.execute(delete(accounts).where(accounts.c.id == account_id))
        return taken if gone.rowcount else None

    def block(self, account_id: int, blocked_id: int) -> None:
        """``account_id`` blocks ``blocked_id`` (once, however often asked)."""
        with self.writing() as conn:
            there = conn.execute(
                select(blocks.c.account_id).where(
                    blocks.c.account_id == account_id, blocks.c.blocked_id == blocked_id
                )
            ).first()
            if there is None:
                conn.execute(
                    insert(blocks).values(
                        account_id=account_id, blocked_id=blocked_id, created=now()
                    )
                )

    def unblock(self, account_id: int, blocked_id: int) -> None:
        with self.writing() as conn:
            conn.execute(
                delete(blocks).where(
                    blocks.c.account_id == account_id, blocks.c.blocked_id == blocked_id
                )
            )

    def blocked_by(self, account_id: int) -> dict[int, str]:
        """The accounts ``account_id`` blocks: their ids and names."""
        query = (
            select(accounts.c.id, accounts.c.name)
            .join(blocks, blocks.c.blocked_id == accounts.c.id)
            .where(blocks.c.account_id == account_id)
            .order_by(accounts.c.name_key)
        )
        with self.reading() as conn:
            return {r.id: r.name for r in conn.execute(query)}

    def seats_of(self, account_id: int, limit: int = 100) -> list[AccountSeat]:
        """The seats the account took, the latest table first."""
        query = (
            select(seats.c.table_id, seats.c.seat, seats.c.name, tables)
            .join(tables, tables.c.id == seats.c.table_id)
            .where(seats.c.account_id == account_id)
            .order_by(tables.c.updated.desc())
            .limit(limit)
        )
        with self.reading() as conn:
            return [
                AccountSeat(
                    table_id=r.table_id,
                    seat=r.seat,
                    name=r.name,
                    game=r.game,
                    rule_set=r.rule_set,
                    status=r.status,
                    winner=r.winner,
                    created=as_utc(r.created),
                    updated=as_utc(r.updated),
                )
                for r in conn.execute(query)
            ]

    def account_list(self) -> list[Account]:
        """Every account by name, with its live sessions."""
        live = (
            select(sessions.c.account_id, func.count().label("live"))
            .where(sessions.c.expires > now())
            .group_by(sessions.c.account_id)
            .subquery()
        )
        query = (
            select(accounts, func.coalesce(live.c.live, 0).label("live"))
            .outerjoin(live, live.c.account_id == accounts.c.id)
            .order_by(accounts.c.name_key)
        )
        with self.reading() as conn:
            return [_account(r, r.live) for r in conn.execute(query)]
