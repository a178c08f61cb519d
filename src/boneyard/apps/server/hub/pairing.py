"""Quick pairing (docs/server.md, "Quick pairing"): a person chooses a game and waits (a *seek*,
kept in the store); every ``pair_every`` seconds a pairing round seats people with compatible
choices together at a new table, by rating, within a range that widens while they wait; casual
seekers may ask for computers to fill the empty seats after some seconds.

Rounds run in every process, one at a time across the processes of a store: the round's
transaction takes the store's pairing lock (PostgreSQL's advisory lock; SQLite has one writer and
one process), matches the open seeks and claims the groups it seats, so that no seek is seated
twice (:meth:`~..store.seeks.Seeks.claim_seeks`). The process that claimed a group makes its
table (:meth:`~.tables.HubTables.create`, each person's seat bound to his account), then stores
each seek's table and seat, which the seeker reads from the store, on whatever process he asks."""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import random
import secrets
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any, TypeVar

from fastapi import HTTPException
from pydantic import BaseModel, Field, field_validator

from ....core.intake import TextError
from ....core.options import OptionError
from ....games import get_game
from ....text.i18n import _
from ..languages import web
from ..messages import Body, CreateTable, SeatSpec, bad_text, clean_name, name_key
from ..ratings import BASE
from ..settings import Bucket, Settings
from ..store import Account, Group, NewSeek, Seek, cause, now, token_hash
from .life import HubLife

log = logging.getLogger("boneyard.server")

__all__ = [
    "HubPairing",
    "SeekListed",
    "SeekMade",
    "SeekSpec",
    "SeekState",
    "compatible",
    "match",
    "window",
]

FILL_LEVEL = "casual"
"""The computers that fill a casual table's empty seats."""

GUEST = "Guest"

T = TypeVar("T")


class SeekSpec(Body):
    """Play now: the game, its rule set (``None``: the game's default), players (``None``: the
    rule set's), rated or casual, the turn clock (``None``: the server's default), the target
    score (``None``: the rule set's), and for a casual game the seconds after which computers
    fill the empty seats (``None``: never). A guest may give the name his seat shows."""

    game: Annotated[str, Field(max_length=40)]
    rules: Annotated[str, Field(max_length=40)] | None = None
    players: Annotated[int, Field(ge=2, le=8)] | None = None
    rated: bool = False
    clock: Annotated[int, Field(ge=0, le=3600)] | None = None
    target: Annotated[int, Field(ge=1, le=10_000)] | None = None
    fill_after: Annotated[int, Field(ge=0, le=600)] | None = None
    name: str | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        try:
            return None if value is None else clean_name(value)
        except TextError as e:
            raise bad_text(e) from None


class JoinSpec(Body):
    """Joining a seek listed in the lobby: a guest may give his seat's name."""

    name: str | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        try:
            return None if value is None else clean_name(value)
        except TextError as e:
            raise bad_text(e) from None


class SeekListed(BaseModel):
    """An open seek as the lobby lists it: nothing private, only the seeker's name and rating
    and the choices."""

    id: str
    name: str
    rating: float
    game: str
    title: str
    rules: str
    players: int
    rated: bool
    clock: int | None
    target: int | None
    fill_after: int | None
    waited: float


class SeekState(BaseModel):
    """One's own seek: ``open`` (waiting, with the rating range it pairs in now), ``seated``
    (its table, and its seat's link the first time it is asked for), ``cancelled`` or
    ``expired``."""

    id: str
    status: str
    game: str
    rules: str
    players: int
    rated: bool
    clock: int | None
    target: int | None
    fill_after: int | None
    rating: float
    waited: float
    range: tuple[float, float]
    table: str | None = None
    seat: int | None = None
    url: str | None = None
    """The seat's invite link (``/t/ID#seat=TOKEN``), given once; afterwards the table's
    address."""


class SeekMade(SeekState):
    key: str
    """The seeker's key to the seek (``Authorization: Bearer KEY``): to ask after it and cancel
    it. Only its hash is stored."""


# ------------------------------------------------------------------------------ matching
def window(settings: Settings, waited: float) -> float:
    """How far on either side of his rating a seeker who waited ``waited`` seconds is paired:
    ``pair_range``, widened by ``pair_widen`` every ``pair_widen_every`` seconds."""
    steps = math.floor(max(0.0, waited) / settings.pair_widen_every)
    return settings.pair_range + settings.pair_widen * steps


def compatible(
    settings: Settings, a: Seek, b: Seek, at: datetime, blocked: set[frozenset[int]]
) -> bool:
    """Whether ``a`` and ``b`` may sit at one table: the same choices, neither blocking the
    other, and each one's rating within the other's range (one who joined the other's seek from
    the lobby takes it whatever the ratings)."""
    if a.choices != b.choices or a.id == b.id:
        return False
    if a.account_id is not None and a.account_id == b.account_id:
        return False
    if (
        a.account_id is not None
        and b.account_id is not None
        and frozenset((a.account_id, b.account_id)) in blocked
    ):
        return False
    if a.joins == b.id or b.joins == a.id:
        return True
    reach = min(
        window(settings, (at - a.created).total_seconds()),
        window(settings, (at - b.created).total_seconds()),
    )
    return abs(a.rating - b.rating) <= reach


def _fills(settings: Settings, seek: Seek, at: datetime) -> bool:
    """Whether computers may fill the table of ``seek`` now."""
    return (
        not seek.rated
        and seek.fill_after is not None
        and (at - seek.created).total_seconds() >= seek.fill_after
    )


def match(
    settings: Settings, seeks: list[Seek], blocked: set[frozenset[int]], at: datetime
) -> list[Group]:
    """The groups a round seats: of the open seeks (oldest first), each in turn, if not taken
    yet, gathers those compatible with it and with each other, the nearest in rating first (one
    who joined it from the lobby before anyone); a full group is seated; failing that, once its
    computers are due, the seeker with those of the others who also take computers. A seek that
    joined another still open waits to be seated with it."""
    groups: list[Group] = []
    still = {s.id for s in seeks}
    buckets: dict[tuple[object, ...], list[Seek]] = defaultdict(list)
    for s in seeks:
        buckets[s.choices].append(s)
    for bucket in buckets.values():
        left = list(bucket)
        for s in bucket:
            if s not in left or (s.joins is not None and s.joins in still):
                continue
            group = _gather(settings, s, [t for t in left if t is not s], blocked, at, False)
            computers = 0
            if len(group) < s.players:
                if not _fills(settings, s, at):
                    continue
                group = _gather(settings, s, [t for t in left if t is not s], blocked, at, True)
                computers = s.players - len(group)
            for t in group:
                left.remove(t)
                still.discard(t.id)
            groups.append((group, computers))
    return groups


def _gather(
    settings: Settings,
    first: Seek,
    others: list[Seek],
    blocked: set[frozenset[int]],
    at: datetime,
    filling: bool,
) -> list[Seek]:
    group = [first]
    order = sorted(others, key=lambda t: (t.joins != first.id, abs(t.rating - first.rating)))
    for t in order:
        if len(group) == first.players:
            break
        if filling and t.fill_after is None:
            continue
        if t.joins not in (None, first.id, *(g.id for g in group)) and any(
            o.id == t.joins for o in others
        ):
            continue  # it waits for the seek it joined
        if all(compatible(settings, t, g, at, blocked) for g in group):
            group.append(t)
    return group


def _state(settings: Settings, seek: Seek, at: datetime, url: str | None = None) -> SeekState:
    waited = max(0.0, (at - seek.created).total_seconds())
    reach = window(settings, waited)
    return SeekState(
        id=seek.id,
        status=seek.status,
        game=seek.game,
        rules=seek.rule_set,
        players=seek.players,
        rated=seek.rated,
        clock=seek.clock,
        target=seek.target,
        fill_after=seek.fill_after,
        rating=seek.rating,
        waited=round(waited, 1),
        range=(seek.rating - reach, seek.rating + reach),
        table=seek.table_id,
        seat=seek.seat,
        url=url or (f"/t/{seek.table_id}" if seek.table_id else None),
    )


# ------------------------------------------------------------------------------ the hub
class HubPairing(HubLife):
    """Seeks made, read, cancelled and joined; the pairing rounds."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.pairer = secrets.token_hex(8)
        """Who claims the seeks of this process's rounds (its server id on a shared store)."""
        self.seek_limits: dict[str, Bucket] = {}
        self.guest_seeks: dict[str, str] = {}
        """The open seek of each guest client (an address) on this process."""
        self.paired_tables = 0
        self._pairing = asyncio.Lock()

    async def start(self) -> None:
        await super().start()
        if self.server is not None:
            self.pairer = self.server
        self.spawn(self._pairing_loop())

    async def pairing_ratings(self, accounts: list[int], game: str) -> dict[int, float]:
        """The rating each account pairs at in ``game``: its displayed rating (docs/server.md,
        "Ratings"; the initial 1500 for one that has played no rated game of it, and for a
        guest); ``503`` if the store cannot be read."""
        found = await self._read(self.store.ratings_of, accounts, game)
        return {a: found[a].value for a in accounts}

    # -------------------------------------------------------------------- seeks
    def _check_seek_rate(self, address: str) -> None:
        for old in [a for a, b in self.seek_limits.items() if b.full()]:
            del self.seek_limits[old]
        bucket = self.seek_limits.get(address)
        if bucket is None:
            bucket = self.seek_limits[address] = Bucket(
                self.settings.seek_rate, self.settings.seek_burst
            )
        if not bucket.take():
            raise HTTPException(429, web("too many seeks: wait a little"))

    async def _guest_check(self, address: str) -> None:
        """A guest client has one open seek at a time (on this process)."""
        held = self.guest_seeks.get(address)
        if held is None:
            return
        found = await self._read(self.store.seek, held)
        if found is not None and found[0].status in ("open", "pairing"):
            raise HTTPException(409, web("you are waiting for a game already: cancel that first"))
        del self.guest_seeks[address]

    async def make_seek(
        self,
        spec: SeekSpec,
        account: Account | None,
        address: str,
        joins: str | None = None,
    ) -> SeekMade:
        """A new seek as ``spec`` asks (``HTTPException``, nothing stored, if it may not be)."""
        if spec.rated and account is None:
            raise HTTPException(401, web("a rated game is for signed-in people: sign in first"))
        if spec.rated and spec.fill_after is not None:
            raise HTTPException(
                400, web("a rated game is for people only: computers never fill its seats")
            )
        try:
            options: dict[str, str | int | bool] = {}
            if spec.target is not None:
                options["target_score"] = spec.target
            game = get_game(spec.game)
            rules = game.configure(spec.rules, options, spec.players)
        except OptionError as e:
            raise HTTPException(400, str(e)) from None
        self._check_seek_rate(address)
        if account is None:
            await self._guest_check(address)
        rating = BASE
        if account is not None:
            ratings = await self.pairing_ratings([account.id], game.id)
            rating = ratings.get(account.id, rating)
        key = secrets.token_urlsafe(24)
        new = NewSeek(
            id=secrets.token_urlsafe(9),
            key_hash=token_hash(key),
            account_id=account.id if account is not None else None,
            name=account.name if account is not None else (spec.name or GUEST),
            game=game.id,
            rule_set=rules.rule_set,
            players=rules.players,
            rated=spec.rated,
            clock=spec.clock,
            target=spec.target,
            fill_after=spec.fill_after,
            rating=rating,
            joins=joins,
            created=now(),
        )
        made = await self._read(self.store.add_seek, new)
        if made is None:
            raise HTTPException(409, web("you are waiting for a game already: cancel that first"))
        if account is None:
            self.guest_seeks[address] = made.id
        log.info("seek %s: %s (%s), %d players", made.id, made.game, made.rule_set, made.players)
        state = _state(self.settings, made, now())
        return SeekMade(**state.model_dump(), key=key)

    async def _read(self, call: Callable[..., T], *args: Any) -> T:
        """A call of the store off the event loop; ``503`` if the store cannot be reached."""
        try:
            return await asyncio.to_thread(call, *args)
        except HTTPException:
            raise
        except Exception as e:
            raise HTTPException(
                503, web("the store is unavailable ({cause}): try again").format(cause=cause(e))
            ) from None

    async def own_seek(self, seek_id: str, key: str | None) -> Seek:
        """The seek of this id if ``key`` is its key (``404`` otherwise: whose it is is not
        told)."""
        import hmac

        found = await self._read(self.store.seek, seek_id) if len(seek_id) <= 32 else None
        if found is None or not key or not hmac.compare_digest(token_hash(key), found[1]):
            raise HTTPException(404, web("no such seek (or not yours)"))
        return found[0]

    async def seek_state(self, seek_id: str, key: str | None) -> SeekState:
        """One's own seek; the first time it is read seated, with its seat's link."""
        seek = await self.own_seek(seek_id, key)
        at = now()
        if seek.status == "open" and (at - seek.seen).total_seconds() >= 5:
            await self._read(self.store.seek_seen, seek.id, at)
        url = None
        if seek.status == "seated":
            token = await self._read(self.store.take_seat_token, seek.id)
            if token is not None:
                url = f"/t/{seek.table_id}#seat={token}"
        return _state(self.settings, seek, at, url)

    async def cancel_seek(self, seek_id: str, key: str | None) -> None:
        seek = await self.own_seek(seek_id, key)
        if await self._read(self.store.end_seek, seek.id):
            return
        seek = await self.own_seek(seek_id, key)  # claimed meanwhile, or ended already
        if seek.status in ("seated", "pairing"):
            raise HTTPException(409, web("too late: this seek has been seated at a table"))

    async def listed_seeks(self) -> list[SeekListed]:
        """The open seeks, the oldest first (at most 100)."""
        at = now()
        listed = []
        for s in await self._read(self.store.open_seeks, 100):
            try:
                title = _(get_game(s.game).title)
            except OptionError:
                continue
            listed.append(
                SeekListed(
                    id=s.id,
                    name=s.name,
                    rating=s.rating,
                    game=s.game,
                    title=title,
                    rules=s.rule_set,
                    players=s.players,
                    rated=s.rated,
                    clock=s.clock,
                    target=s.target,
                    fill_after=s.fill_after,
                    waited=round(max(0.0, (at - s.created).total_seconds()), 1),
                )
            )
        return listed

    async def join_seek(
        self, seek_id: str, given: JoinSpec, account: Account | None, address: str
    ) -> SeekMade:
        """A seek of one's own with the choices of an open one listed in the lobby, paired with
        it at once if a round can (for a game of more players, the others are found as usual)."""
        found = await self._read(self.store.seek, seek_id) if len(seek_id) <= 32 else None
        if found is None or found[0].status != "open":
            raise HTTPException(404, web("no such open seek: it may have been seated already"))
        target = found[0]
        mine, theirs = (account.id if account else None), target.account_id
        if mine is not None and mine == theirs:
            raise HTTPException(400, web("this is your own seek"))
        if (
            mine is not None
            and theirs is not None
            and await self._read(self.store.blocks_between, mine, theirs)
        ):
            raise HTTPException(409, web("this seek cannot be joined"))
        spec = SeekSpec(
            game=target.game,
            rules=target.rule_set,
            players=target.players,
            rated=target.rated,
            clock=target.clock,
            target=target.target,
            fill_after=target.fill_after,
            name=given.name,
        )
        made = await self.make_seek(spec, account, address, joins=target.id)
        await self.pairing_round()
        seek = await self.own_seek(made.id, made.key)
        state = await self.seek_state(seek.id, made.key)
        return SeekMade(**state.model_dump(), key=made.key)

    # -------------------------------------------------------------------- rounds
    async def _pairing_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.pair_every * random.uniform(0.8, 1.0))
            try:
                await self.pairing_round()
            except Exception as e:
                log.debug("the pairing round failed: %s", cause(e))

    async def pairing_round(self, at: datetime | None = None) -> list[str]:
        """Seat the groups of the open seeks that can be seated now (``at``: the time the round
        takes as now, for the tests); the ids of the tables made."""
        async with self._pairing:
            when = at or now()
            alive = self.settings.lease if self.server is not None else None
            groups = await asyncio.to_thread(
                self.store.claim_seeks,
                self.pairer,
                when,
                self.settings.seek_life,
                self.settings.seek_abandoned,
                functools.partial(self._match, at=when),
                alive,
            )
            made = []
            for members, computers in groups:
                table_id = await self._shielded(self._seat_group(members, computers))
                if table_id is not None:
                    made.append(table_id)
            return made

    def _match(self, seeks: list[Seek], blocked: set[frozenset[int]], at: datetime) -> list[Group]:
        return match(self.settings, seeks, blocked, at)

    async def _seat_group(self, members: list[Seek], computers: int) -> str | None:
        """Make the table of a claimed group (the seats in a random order) and store each seek's
        seat; the seeks open again if the table cannot be made."""
        first = members[0]
        order: list[Seek | None] = [*members, *([None] * computers)]
        random.shuffle(order)
        seats, bound, taken = [], {}, {name_key(s.name) for s in members if s.account_id}
        for i, s in enumerate(order):
            if s is None:
                seats.append(SeatSpec(kind="computer", level=FILL_LEVEL))
            elif s.account_id is not None:
                seats.append(SeatSpec(kind="person"))
                bound[i] = (s.account_id, s.name)
            else:
                seats.append(SeatSpec(kind="person", name=_unique(s.name, taken)))
        spec = CreateTable(
            game=first.game,
            rules=first.rule_set,
            target=first.target,
            seats=seats,
            clock=first.clock,
            rated=first.rated,
        )
        ids = [s.id for s in members]
        try:
            made = await self.create(spec, f"pairing:{first.id}", bound)
        except HTTPException as e:
            log.warning("pairing: the table of seeks %s cannot be made: %s", ids, e.detail)
            await asyncio.to_thread(self.store.reopen_seeks, ids)
            return None
        tokens = {
            s.id: (i, made.seats[i].token or "") for i, s in enumerate(order) if s is not None
        }
        try:
            await asyncio.to_thread(self.store.seat_seeks, made.id, tokens)
        except Exception as e:
            log.warning("pairing: table %s made, its seats not stored: %s", made.id, cause(e))
            room = self.rooms.get(made.id)
            if room is not None:
                await self.close_table(room, "its seekers could not be told")
            await asyncio.to_thread(self.store.reopen_seeks, ids)
            return None
        self.paired_tables += 1
        log.info("pairing: seeks %s seated at table %s", ids, made.id)
        return made.id


def _unique(name: str, taken: set[str]) -> str:
    """``name``, or with a number after it if another seat has it already."""
    given, n = name, 2
    while name_key(name) in taken:
        name = f"{given[:20]} {n}"
        n += 1
    taken.add(name_key(name))
    return name
