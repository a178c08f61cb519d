"""The reads of a server: the tables to resume (every deal and move of each), the lobby's recent
tables, the stored statuses the sweep compares with its own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, Row, false, select

from .base import StoreBase
from .schema import actions, chat, hands, seats, tables
from .values import ACTIVE, StoredChat, StoredHand, StoredSeat, StoredTable, as_utc, chunks

__all__ = ["Reads"]


class Reads(StoreBase):
    """The tables as the server reads them."""

    def load(self, table_id: str) -> StoredTable | None:
        """One table with everything needed to resume it."""
        found = self._load(tables.c.id == table_id)
        return found[0] if found else None

    def load_active(self) -> list[StoredTable]:
        """Every table whose match goes on (not over, not closed)."""
        return self._load(tables.c.status.in_(ACTIVE))

    def _load(self, where: Any) -> list[StoredTable]:
        """The tables ``where`` holds, each with its seats, deals, moves and chat."""
        with self.reading() as conn:
            rows = conn.execute(select(tables).where(where).order_by(tables.c.created)).all()
            out = {r.id: _stored_table(r) for r in rows}
            for chunk in chunks(list(out), 500):
                _fill(conn, chunk, out)
            return list(out.values())

    def recent(self, limit: int = 20) -> list[str]:
        """The ids of the listed (not private) tables whose match ended most recently."""
        with self.reading() as conn:
            rows = conn.execute(
                select(tables.c.id)
                .where(tables.c.status == "over", tables.c.private == false())
                .order_by(tables.c.updated.desc())
                .limit(limit)
            )
            return [r.id for r in rows]

    def statuses(self, ids: Sequence[str]) -> dict[str, str]:
        """The stored status of each of these tables (a deleted one is missing)."""
        out: dict[str, str] = {}
        with self.reading() as conn:
            for chunk in chunks(list(ids), 500):
                for r in conn.execute(
                    select(tables.c.id, tables.c.status).where(tables.c.id.in_(chunk))
                ):
                    out[r.id] = r.status
        return out


def _stored_table(r: Row[Any]) -> StoredTable:
    """A table's row as a stored table (without its seats, deals, moves and chat yet)."""
    return StoredTable(
        id=r.id,
        game=r.game,
        rule_set=r.rule_set,
        options=dict(r.options),
        players=r.players,
        practice=bool(r.practice),
        seed=r.seed,
        status=r.status,
        winner=r.winner,
        created=as_utc(r.created),
        updated=as_utc(r.updated),
        private=bool(r.private),
        clock=r.clock,
        acted=as_utc(r.acted) if r.acted is not None else None,
        creator_hash=r.creator_hash,
        rematch=r.rematch,
        resigned=r.resigned,
        rated=bool(r.rated),
        boards=r.boards,
    )


def _fill(conn: Connection, ids: list[str], out: dict[str, StoredTable]) -> None:
    """Give the tables of these ``ids`` their seats, deals, moves and chat."""
    for s in conn.execute(select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)):
        out[s.table_id].seats.append(
            StoredSeat(s.seat, s.kind, s.name, s.level, s.token_hash, bool(s.joined), s.account_id)
        )
    by_hand: dict[tuple[str, int], StoredHand] = {}
    for h in conn.execute(select(hands).where(hands.c.table_id.in_(ids)).order_by(hands.c.number)):
        stored = StoredHand(h.number, dict(h.deal))
        out[h.table_id].hands.append(stored)
        by_hand[h.table_id, h.number] = stored
    for a in conn.execute(
        select(actions)
        .where(actions.c.table_id.in_(ids))
        .order_by(actions.c.table_id, actions.c.hand, actions.c.idx)
    ):
        by_hand[a.table_id, a.hand].moves.append(dict(a.move))
    for c in conn.execute(select(chat).where(chat.c.table_id.in_(ids)).order_by(chat.c.id)):
        out[c.table_id].chat.append(StoredChat(c.seat, c.name, c.text, as_utc(c.created)))
