"""Operating a server's store: ``boneyard tables list``, ``close``, ``delete`` and ``expire``.

These work on the store itself, whether a server runs on it or not: a running server notices a
table closed or deleted here at its next sweep for expired tables (within a minute by default)
and tells the table's readers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from ...text.i18n import NP_, _, pgettext
from .store import ACTIVE, Store, TableRow, now

__all__ = ["STATUSES", "close", "delete", "expire", "listing", "parse_duration", "rows_json"]

STATUSES = ("playing", "between_hands", "over", "closed")
"""A table's statuses, as the store keeps them (and ``--status`` takes them)."""
_STATUS_WORDS = (
    NP_("table status", "playing"),
    NP_("table status", "between_hands"),
    NP_("table status", "over"),
    NP_("table status", "closed"),
)

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|m|h|d)?\s*$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(text: str) -> timedelta:
    """``90s``, ``30m``, ``2h``, ``7d`` or a number of seconds; ``ValueError`` otherwise."""
    match = _DURATION.match(text)
    if match is None:
        raise ValueError(
            _("{text!r} is not a duration: write 90s, 30m, 2h or 7d").format(text=text)
        )
    return timedelta(seconds=float(match.group(1)) * _UNITS[match.group(2) or "s"])


def _ago(when: datetime, at: datetime) -> str:
    seconds = max(0, int((at - when).total_seconds()))
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return _("{time} ago").format(time=f"{seconds // size}{unit}")
    return _("{time} ago").format(time=f"{seconds}s")


def listing(rows: Sequence[TableRow]) -> str:
    """The tables as a text table, one a line."""
    if not rows:
        return _("no tables")
    at = now()
    head = (
        "id",
        _("game"),
        _("status"),
        _("moves"),
        _("last person"),
        _("created"),
        _("seats"),
    )
    lines = [
        (
            _("{table} (private)").format(table=r.id) if r.private else r.id,
            f"{r.game} ({r.rule_set})",
            pgettext("table status", r.status),
            str(r.moves),
            _ago(r.acted, at),
            r.created.strftime("%Y-%m-%d %H:%M"),
            ", ".join(r.seats),
        )
        for r in rows
    ]
    widths = [max(len(h), *(len(line[i]) for line in lines)) for i, h in enumerate(head[:-1])]
    out = []
    for line in [head, *lines]:
        cells = [c.ljust(w) for c, w in zip(line[:-1], widths, strict=True)]
        out.append("  ".join([*cells, line[-1]]).rstrip())
    return "\n".join(out)


def rows_json(rows: Sequence[TableRow]) -> str:
    """The tables as JSON lines."""
    return "\n".join(
        json.dumps(
            {
                "id": r.id,
                "game": r.game,
                "rules": r.rule_set,
                "status": r.status,
                "private": r.private,
                "seats": r.seats,
                "moves": r.moves,
                "created": r.created.isoformat(),
                "updated": r.updated.isoformat(),
                "acted": r.acted.isoformat(),
            }
        )
        for r in rows
    )


def close(store: Store, ids: Sequence[str]) -> tuple[list[str], list[str]]:
    """Close these tables: ``(closed, not closed)`` (unknown, or their match over already)."""
    closed = store.close_tables(ids)
    return closed, [i for i in ids if i not in closed]


def delete(store: Store, ids: Sequence[str], force: bool = False) -> tuple[list[str], list[str]]:
    """Delete these tables and all of theirs: ``(deleted, kept)``. A table in play is kept
    unless ``force`` (close it first: a server that holds it lets its readers know)."""
    found = {r.id: r for r in store.rows(ids=ids)}
    doomed = [i for i in ids if i in found and (force or found[i].status not in ACTIVE)]
    deleted = store.delete_tables(doomed)
    return deleted, [i for i in ids if i not in deleted]


def expire(store: Store, after: timedelta) -> list[str]:
    """Close every table in play where no person has acted for ``after`` (as a server does by
    itself); the ids closed."""
    idle = store.rows(statuses=ACTIVE, idle_since=now() - after)
    return store.close_tables([r.id for r in idle])
