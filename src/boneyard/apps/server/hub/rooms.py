"""What the hub holds around each table: its clients (an address and its limits), their
connections (one websocket each, with a queue of its own), a table's :class:`Room` (its lock, its
readers, its automatic move and turn clock), and the words of a refused change."""

from __future__ import annotations

import asyncio
import contextlib
import re
from dataclasses import dataclass, field

from fastapi import WebSocket
from pydantic import BaseModel
from starlette.websockets import WebSocketState

from ....core.actions import Action
from ....text.i18n import current_language
from ..languages import web_n
from ..messages import ErrorMessage
from ..settings import Bucket, Settings
from ..table import Table


class Unavailable(Exception):
    """The store could not be read: the request is answered 503 (try again)."""


class Elsewhere(Exception):
    """The table is played by another process of the same store, at this address."""

    def __init__(self, address: str) -> None:
        super().__init__(address)
        self.address = address


TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table's id is made of (``secrets.token_urlsafe``)."""

PRIVATE_ID_BYTES = 12
"""A private table's id is its only secret: 96 random bits (a listed table's: 48)."""


class Client:
    """One client (an address, or the address a trusted proxy gives): its limits."""

    def __init__(self, address: str, settings: Settings) -> None:
        self.address = address
        self.creates = Bucket(settings.create_rate, settings.create_burst)
        self.hints = Bucket(settings.hint_rate, settings.hint_burst)
        self.hinting = 0
        self.connections = 0

    def idle(self) -> bool:
        return (
            not self.connections and not self.hinting and self.creates.full() and self.hints.full()
        )


class Conn:
    """One websocket: its seat (``None`` for a spectator), its limits, and a queue of outgoing
    messages drained by its own task, so that a slow reader never holds up a table."""

    def __init__(self, ws: WebSocket, settings: Settings, client: Client) -> None:
        self.ws = ws
        self.client = client
        self.seat: int | None = None
        self.account: int | None = None
        """The account the reader is signed in as (its seat is bound to it at ``hello``)."""
        self.language = current_language()
        """The language the reader reads (its page's switch, else its browser's): each reader
        is told the table in its own."""
        self.blocked: frozenset[int] = frozenset()
        """The accounts that account blocks: their chat is not sent to this reader."""
        self.hello = False
        self.bucket = Bucket(settings.rate, settings.burst)
        self.chat_bucket = Bucket(settings.chat_rate, settings.chat_burst)
        self.strikes = 0
        self.hinting = False
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=settings.queue_size)

    def send(self, message: BaseModel | str) -> None:
        if self.closed:
            return
        text = message if isinstance(message, str) else message.model_dump_json()
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def error(self, code: str, message: str, id: int | None = None) -> None:
        self.send(ErrorMessage(code=code, message=message, id=id))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the websocket (after what is queued for it) with this code and reason: 1000 when
        done, 1012 (restart) when the table moved to another process and 1013 (try again later)
        when the store is unavailable; the page reconnects after those two."""
        if self.closed:
            return
        self.closed = True
        self.close_code, self.close_reason = code, reason
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        if self.queue.full():
            # The reader is too slow to take even the close: drop what waits for it.
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)

    async def pump(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_text(text)
        except Exception:  # the socket is gone: the reader loop notices too
            pass
        finally:
            self.closed = True
            if self.ws.application_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=self.close_code, reason=self.close_reason)


@dataclass(frozen=True)
class PendingMove:
    """A checked move on its way to the store: who made it, where, and whom to answer."""

    seat: int
    action: Action
    hand: int
    index: int
    conn: Conn | None
    ack_id: int | None


UNSETTLED = web_n(
    "the store has not yet said whether the last move was stored: try again in a moment"
)
NOT_STORED = web_n("the move could not be stored: try again")
REFUSED = "the store cannot take {what} as it is written: nothing of it was stored"
"""A write the store refused for what it held (:class:`Refused`): the request's own error, told
as such (``bad_message``, ``400``), never the store's failing."""


@dataclass
class Room:
    """A table with what the server needs around it: its lock (one change at a time), its
    connections, the task that makes its next automatic move, and its turn clock."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    seats: dict[int, Conn] = field(default_factory=dict)
    spectators: set[Conn] = field(default_factory=set)
    pending: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    clock_at: tuple[int, int, int] | None = None
    """The position (hand, move, seat) the clock runs for."""
    clock_started: float = 0.0
    accounts: dict[int, int] = field(default_factory=dict)
    """The account of the person at each seat, as they last said ``hello`` signed in (whose
    chat lines a reader who blocks them is not sent)."""
    client: str | None = None
    """The address that made the table (for the limit on tables of computers only)."""
    unsettled: asyncio.Task[None] | None = None
    """A move whose commit's answer was lost and whose outcome the store cannot tell yet (its
    database process hung): the table takes no other move until it is known (then applied,
    or refused)."""

    def present(self) -> bool:
        """Whether a person is here: connected to his seat, and not away."""
        seats = self.table.seats
        return any(seats[s].kind == "person" and not seats[s].away for s in self.seats)

    @property
    def computers_only(self) -> bool:
        return not self.table.people
