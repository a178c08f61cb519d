"""How a server runs: its delays, clocks, limits and workers (:class:`Settings`), and the token
bucket its limits are counted with (:class:`Bucket`). docs/server.md lists the defaults and why."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

__all__ = ["Bucket", "Settings"]


@dataclass
class Settings:
    """How a server runs. The delays are what people see: a computer player waits
    ``computer_delay`` seconds before it moves, a person's only possible draw or pass is made for
    him after ``forced_delay``, and a table of computers deals its next hand after
    ``deal_delay``."""

    db: str = "sqlite:///boneyard.db"
    computer_delay: float = 0.7
    forced_delay: float = 0.6
    deal_delay: float = 3.0

    # ----------------------------------------------------------------- absent players
    clock: int = 60
    """The turn clock (seconds) of a table where more than one person plays, unless the table
    sets its own: a person who has not moved by then is away, and a computer plays his seat until
    he comes back. A table of one person against computers has no clock by default (nobody
    waits for him)."""
    expire_after: float = 2 * 3600
    """A table where no person has acted (moved, chatted, joined) for this long is closed:
    computer moves do not count."""
    sweep_every: float = 60.0
    """How often the server looks for tables to close (expired, or closed by ``boneyard
    tables``)."""

    # ----------------------------------------------------------------- computer players
    workers: int | None = None
    """Worker processes for the computer players at tables where a person is present (``None``:
    one per core; 0: threads in the server's own process, for small installs and tests)."""
    background_workers: int = 1
    """Worker processes, at a lower CPU priority, for hints and for tables where no person is
    present."""
    agents: tuple[str, ...] = ()
    """Plug-in agents offered as computer levels after the built-in ones (names resolved by
    :func:`boneyard.players.agents.resolve_agent`: ``boneyard serve --agent``; see
    docs/research.md)."""

    # ----------------------------------------------------------------- limits, per connection
    rate: float = 10.0
    """Messages a connection may send per second, sustained ..."""
    burst: int = 40
    """... and at once."""
    chat_rate: float = 1.0
    chat_burst: int = 5
    max_strikes: int = 200
    """Refused messages after which a connection is closed."""
    queue_size: int = 256
    """Messages waiting for a slow reader before it is disconnected."""

    # ----------------------------------------------------------------- limits, per client
    create_rate: float = 0.5
    """New tables a client (an address) may make per second, sustained ..."""
    create_burst: int = 30
    """... and at once."""
    computer_tables: int = 2
    """Tables of computers only that a client may have in play at once."""
    hint_rate: float = 0.5
    """Hints a client may ask for per second, sustained ..."""
    hint_burst: int = 5
    """... and at once."""
    hints_at_once: int = 2
    """Hints of one client worked out at the same time."""
    connections: int = 64
    """Websockets a client may hold open at once."""

    # ----------------------------------------------------------------- accounts
    session_days: float = 30.0
    """How long a session (the cookie of a person who logged in) lasts, unless ended sooner."""
    login_rate: float = 0.2
    """Log-ins and sign-ups a client (an address) may try per second, sustained ..."""
    login_burst: int = 10
    """... and at once."""
    login_name_rate: float = 1 / 30
    """Log-ins that may be tried per second on one account name, from anywhere, sustained ..."""
    login_name_burst: int = 5
    """... and at once."""

    # ----------------------------------------------------------------- quick pairing
    pair_every: float = 1.0
    """How often each process runs a pairing round (one process at a time pairs)."""
    pair_range: float = 100.0
    """Quick pairing's rating range at first: two people are seated together only if each one's
    rating is within the other's range, ``pair_range`` on either side of his own rating, ..."""
    pair_widen: float = 50.0
    """... widened by ``pair_widen`` ..."""
    pair_widen_every: float = 5.0
    """... every ``pair_widen_every`` seconds that he waits."""
    seek_life: float = 600.0
    """Seconds an open seek waits before it expires."""
    seek_abandoned: float = 45.0
    """An open seek whose page has not asked after it for this long is taken as left (the page
    asks every second or two)."""
    seek_rate: float = 0.2
    """Seeks a client may make per second, sustained ..."""
    seek_burst: int = 10
    """... and at once."""

    # ----------------------------------------------------------------- the server
    max_tables: int = 10_000
    """Tables in play at once."""
    finished_kept: int = 200
    """Finished tables nobody watches kept in memory (the others are read again from the
    store when asked for)."""
    forwarded_allow_ips: str | None = None
    """The proxies trusted to say who their client is (``X-Forwarded-For``, ``X-Forwarded-Proto``):
    a comma-separated list of addresses and networks, or ``*`` for any; ``None``: no proxy, each
    client is the address it connects from."""

    # ----------------------------------------------------------------- the store
    store_timeout: float = 5.0
    """Seconds any one operation on the store may take (a connection, a statement, a commit, a
    wait for SQLite's lock) before it is given up: a write not done by then is refused with
    ``storage`` (nothing stored)."""
    lease: float = 10.0
    """PostgreSQL, several processes: seconds a process's hold on its tables lasts unless renewed
    (every third of it). When a process dies, another takes its tables over within about this
    long."""
    advertise: str | None = None
    """PostgreSQL, several processes: the address (``http://host:port``) at which the other
    processes reach this one, to relay the readers of its tables to it; ``None``: the address it
    listens on."""

    def worker_count(self) -> int:
        """The ``play`` workers: as set, or one per core."""
        if self.workers is not None:
            return self.workers
        return max(1, os.cpu_count() or 1)


class Bucket:
    """A token bucket: ``rate`` per second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        t = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def full(self) -> bool:
        """Whether the bucket has refilled (nothing taken lately): it may be forgotten."""
        return self.tokens + (time.monotonic() - self.stamp) * self.rate >= self.burst
