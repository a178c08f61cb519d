"""People's accounts: sign up, log in, log out, change the password, delete the account, and who
is signed in (``/api/me``). A session is a row of the store behind the cookie :data:`COOKIE`;
a request that changes anything while carrying it must come from the server's own pages
(:func:`~..middleware.same_origin`)."""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import timedelta

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from ....core.intake import TextError
from ....text.i18n import DEFAULT
from ..accounts import (
    COOKIE,
    LoginLimits,
    account_name,
    check_password,
    hash_password,
    new_session,
    verify_password,
)
from ..hub import Hub
from ..languages import LANG_COOKIE, chosen_language, web, web_n
from ..store import Account, now, token_hash
from ..store.accounts import deleted_name
from .callers import client_of

__all__ = [
    "Credentials",
    "LanguageChoice",
    "LanguageChosen",
    "Me",
    "MyTable",
    "NewPassword",
    "Password",
    "SignedIn",
    "Someone",
    "account_routes",
    "signed_in",
]

WRONG = web_n("wrong name or password")


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=200)
    password: str = Field(max_length=1000)


class Password(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str = Field(max_length=1000)


class NewPassword(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str = Field(max_length=1000)
    new: str = Field(max_length=1000)


class SignedIn(BaseModel):
    name: str


class Someone(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=200)


class MyTable(BaseModel):
    """A table where the account took a seat."""

    table_id: str
    seat: int
    name: str
    game: str
    rule_set: str
    status: str
    winner: str | None
    updated: str


class Me(BaseModel):
    """The signed-in person: the account's name and the tables where it took a seat (the
    latest first, up to 100)."""

    name: str
    tables: list[MyTable]
    blocked: list[str]
    """The names of the accounts this one blocks."""
    language: str | None = None
    """The language the person chose for the pages (``None``: the browser's)."""


class LanguageChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    language: str | None = Field(default=None, max_length=100)


class LanguageChosen(BaseModel):
    language: str | None
    """The language chosen (``None``: the browser's, from its ``Accept-Language``)."""
    account: bool
    """Whether the signed-in person's account keeps it too."""


def _forget(hub: Hub, taken: list[tuple[str, int]]) -> None:
    """A deleted account's seats at the tables this process holds: their name (and the name on
    their chat lines) replaced there too, and every reader shown it."""
    for table_id, seat in taken:
        room = hub.rooms.get(table_id)
        if room is None:
            continue
        table = room.table
        table.seats[seat].name = deleted_name(seat)
        table.chat[:] = [
            dataclasses.replace(c, name=deleted_name(seat)) if c.seat == seat else c
            for c in table.chat
        ]
        hub.broadcast(room)


async def signed_in(hub: Hub, request: HTTPConnection) -> Account | None:
    """The account of the request's session cookie: live, not expired, not disabled."""
    token = request.cookies.get(COOKIE)
    if not token or len(token) > 200:
        return None
    return await asyncio.to_thread(hub.store.account_of_session, token_hash(token))


async def _required(hub: Hub, request: Request) -> Account:
    account = await signed_in(hub, request)
    if account is None:
        raise HTTPException(401, web("not signed in"))
    return account


async def _start_session(hub: Hub, request: Request, response: Response, account: Account) -> None:
    token = new_session()
    days = hub.settings.session_days
    await asyncio.to_thread(
        hub.store.add_session, token_hash(token), account.id, now() + timedelta(days=days)
    )
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(days * 86400),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    if account.language is not None:  # the account's language follows the person
        _language_cookie(request, response, account.language)


def _language_cookie(request: Request, response: Response, language: str | None) -> None:
    """Keep ``language`` in this browser (``None``: forget it, the browser's own again)."""
    secure = request.url.scheme == "https"
    if language is None:
        response.delete_cookie(LANG_COOKIE, path="/", samesite="lax", secure=secure)
    else:
        response.set_cookie(
            LANG_COOKIE, language, max_age=365 * 86400, path="/", samesite="lax", secure=secure
        )


def _end_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )


def _new_password(value: str) -> str:
    try:
        return check_password(value)
    except TextError as e:
        raise HTTPException(400, str(e)) from None


async def _password_of(hub: Hub, account: Account, password: str) -> None:
    """``403`` unless ``password`` is the account's."""
    if not await asyncio.to_thread(verify_password, account.password, password):
        raise HTTPException(403, web("wrong password"))


async def _other(hub: Hub, account: Account, name: str) -> Account:
    """The account named ``name`` (any case), not ``account``: ``404``, ``400`` otherwise."""
    try:
        key = account_name(name)[1]
    except TextError:
        key = ""
    other = await asyncio.to_thread(hub.store.account_named, key) if key else None
    if other is None:
        raise HTTPException(404, web("no account of that name"))
    if other.id == account.id:
        raise HTTPException(400, web("one cannot block oneself"))
    return other


async def _reblock(hub: Hub, account_id: int) -> None:
    """The account's readers on this process told whom it blocks now, and shown the chat."""
    blocked = frozenset(await asyncio.to_thread(hub.store.blocked_by, account_id))
    for room in list(hub.rooms.values()):
        readers = [c for c in [*room.seats.values(), *room.spectators] if c.account == account_id]
        for conn in readers:
            conn.blocked = blocked
        if readers:
            hub.broadcast(room)


def account_routes(hub: Hub) -> APIRouter:
    routes = APIRouter()
    limits = LoginLimits(hub.settings)

    @routes.post("/api/account/signup", status_code=201)
    async def sign_up(given: Credentials, request: Request, response: Response) -> SignedIn:
        try:
            name, key = account_name(given.name)
            password = check_password(given.password)
        except TextError as e:
            raise HTTPException(400, str(e)) from None
        if not limits.client(client_of(hub, request)):
            raise HTTPException(429, web("too many attempts: wait a minute"))
        hashed = await asyncio.to_thread(hash_password, password)
        account = await asyncio.to_thread(hub.store.add_account, name, key, hashed)
        if account is None:
            raise HTTPException(409, web("that name is taken"))
        await _start_session(hub, request, response, account)
        return SignedIn(name=account.name)

    @routes.post("/api/account/login")
    async def log_in(given: Credentials, request: Request, response: Response) -> SignedIn:
        try:
            key = account_name(given.name)[1]
        except TextError:
            key = ""  # no account has such a name: answered as any unknown name is
        if not limits.client(client_of(hub, request)) or not limits.name(key):
            raise HTTPException(429, web("too many attempts: wait a minute"))
        account = await asyncio.to_thread(hub.store.account_named, key) if key else None
        stored = account.password if account is not None else None
        if not await asyncio.to_thread(verify_password, stored, given.password):
            raise HTTPException(401, web(WRONG))
        assert account is not None
        if account.disabled:
            raise HTTPException(403, web("this account is disabled"))
        await _start_session(hub, request, response, account)
        return SignedIn(name=account.name)

    @routes.post("/api/account/logout", status_code=204)
    async def log_out(request: Request) -> Response:
        token = request.cookies.get(COOKIE)
        if token:
            await asyncio.to_thread(hub.store.end_session, token_hash(token))
        response = Response(status_code=204)
        _end_cookie(request, response)
        return response

    @routes.post("/api/account/password")
    async def change_password(given: NewPassword, request: Request, response: Response) -> SignedIn:
        account = await _required(hub, request)
        new = _new_password(given.new)
        await _password_of(hub, account, given.password)
        hashed = await asyncio.to_thread(hash_password, new)
        await asyncio.to_thread(hub.store.set_password, account.id, hashed)
        await _start_session(hub, request, response, account)
        return SignedIn(name=account.name)

    @routes.post("/api/account/delete", status_code=204)
    async def delete_account(given: Password, request: Request) -> Response:
        account = await _required(hub, request)
        await _password_of(hub, account, given.password)
        taken = await asyncio.to_thread(hub.store.delete_account, account.id)
        hub.forget_names([account.id])
        _forget(hub, taken or [])
        response = Response(status_code=204)
        _end_cookie(request, response)
        return response

    @routes.get("/api/me")
    async def me(request: Request) -> Me:
        account = await _required(hub, request)
        taken = await asyncio.to_thread(hub.store.seats_of, account.id)
        tables = [
            MyTable(
                table_id=t.table_id,
                seat=t.seat,
                name=t.name,
                game=t.game,
                rule_set=t.rule_set,
                status=t.status,
                winner=t.winner,
                updated=t.updated.isoformat(),
            )
            for t in taken
        ]
        blocked = await asyncio.to_thread(hub.store.blocked_by, account.id)
        return Me(
            name=account.name,
            tables=tables,
            blocked=list(blocked.values()),
            language=account.language,
        )

    _language_route(routes, hub)
    _block_routes(routes, hub)
    return routes


def _language_route(routes: APIRouter, hub: Hub) -> None:
    """The pages' language switch (``POST /api/language``)."""

    @routes.post("/api/language")
    async def choose_language(
        given: LanguageChoice, request: Request, response: Response
    ) -> LanguageChosen:
        """The language of the pages, chosen with their switch: kept in this browser (a
        cookie) and, for a signed-in person, in the account. A language boneyard does not speak
        is English; none (``null``) is the browser's own again."""
        language = None
        if given.language:
            language = chosen_language(given.language) or DEFAULT
        _language_cookie(request, response, language)
        account = await signed_in(hub, request)
        if account is not None:
            await asyncio.to_thread(hub.store.set_language, account.id, language)
        return LanguageChosen(language=language, account=account is not None)


def _block_routes(routes: APIRouter, hub: Hub) -> None:
    """Block and unblock another account."""

    @routes.post("/api/account/block", status_code=204)
    async def block(given: Someone, request: Request) -> Response:
        """Block an account: its chat is no longer sent to this one."""
        account = await _required(hub, request)
        other = await _other(hub, account, given.name)
        await asyncio.to_thread(hub.store.block, account.id, other.id)
        await _reblock(hub, account.id)
        return Response(status_code=204)

    @routes.post("/api/account/unblock", status_code=204)
    async def unblock(given: Someone, request: Request) -> Response:
        account = await _required(hub, request)
        other = await _other(hub, account, given.name)
        await asyncio.to_thread(hub.store.unblock, account.id, other.id)
        await _reblock(hub, account.id)
        return Response(status_code=204)
