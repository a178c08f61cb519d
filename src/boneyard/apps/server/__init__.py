"""``boneyard serve``: play any boneyard game in a browser, against the computer or with friends.

The ``server`` extra (FastAPI, uvicorn, SQLAlchemy, Alembic, pydantic, psycopg):
:mod:`~boneyard.apps.server.app` (the app, with a router per concern in
:mod:`~boneyard.apps.server.routes`: its REST API and websockets),
:mod:`~boneyard.apps.server.hub` (every table in play, its readers and its life),
:mod:`~boneyard.apps.server.messages` (the typed, versioned protocol),
:mod:`~boneyard.apps.server.table` (a table: the match, its seats, each reader's view),
:mod:`~boneyard.apps.server.store` (the database and its migrations) and
:mod:`~boneyard.apps.server.replay` (the replay viewer's frames). The pages are in ``static/``:
plain HTML, CSS and JavaScript, no build step. See docs/server.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import logging
    import socket

    import uvicorn
    from fastapi import FastAPI

    from .app import Settings

__all__ = ["StartRefused", "serve"]


class StartRefused(RuntimeError):
    """The server cannot start: the store cannot be opened (a URL that is no store's, a database
    that cannot be read or does not answer, a SQLite file another server holds) or the address
    cannot be listened on (in use, not this machine's, a port one may not take). The message is
    one sentence, all that ``boneyard serve`` prints before it exits with status 1."""


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    *,
    fd: int | None = None,
    log_level: str = "info",
    computer_delay: float | None = None,
    settings: Settings | None = None,
    ready: Callable[[str], None] | None = None,
) -> None:
    """Run the server until interrupted: on ``host``:``port``, or on the listening socket ``fd``
    (already bound, for tests and socket activation), with the store at ``db`` (a SQLAlchemy URL
    or a SQLite file; default ``boneyard.db``). ``settings`` replaces every setting (``db`` and
    ``computer_delay`` then go unused). The store is opened and the address taken before the web
    server starts, so that a refusal is one sentence (:class:`StartRefused`), never a traceback;
    ``ready`` is then told the address the server listens on."""
    import logging as _logging
    import socket

    import uvicorn

    from .app import Settings, create_app
    from .store import StoreRefused, database_url

    if settings is None:
        settings = Settings(db=database_url(db))
        if computer_delay is not None:
            settings.computer_delay = computer_delay
    try:
        app = create_app(settings)
        hub = app.state.hub
        hub.store.open(alone=hub.store.sqlite)
    except StoreRefused as e:
        raise StartRefused(str(e)) from None
    try:
        sock = socket.socket(fileno=fd) if fd is not None else listen(host, port)
    except StartRefused:
        hub.store.close()
        raise
    bound, bound_port = sock.getsockname()[:2]
    if not settings.advertise:
        settings.advertise = _address(bound if fd is not None else host, bound_port)
    config = _uvicorn_config(app, host, port, log_level)
    _collect_less()
    _logging.getLogger("uvicorn.error").addFilter(_not_utf8)
    server = uvicorn.Server(config)
    if ready is not None:
        ready(f"http://{_host(host)}:{bound_port}/")
    server.run(sockets=[sock])


def _uvicorn_config(app: FastAPI, host: str, port: int, log_level: str) -> uvicorn.Config:
    """How uvicorn serves the app: the server's own messages (tables made and ended, stores
    opened) logged where uvicorn's go, websockets uncompressed and pinged, no proxy trusted (the
    app trusts its own, ``Settings.forwarded_allow_ips``)."""
    import copy

    import uvicorn
    from uvicorn.config import LOGGING_CONFIG

    logging = copy.deepcopy(LOGGING_CONFIG)
    logging["loggers"]["boneyard"] = {
        "handlers": ["default"],
        "level": log_level.upper(),
        "propagate": False,
    }
    return uvicorn.Config(
        app,
        log_config=logging,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=65536,
        # Compressing every state costs more time than the bytes it saves are worth.
        ws_per_message_deflate=False,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        proxy_headers=False,
        server_header=False,
    )


def _collect_less() -> None:
    """A server holds many long-lived objects (every table's hands, views, records): the garbage
    collector's full passes over them stalled every table for tens of milliseconds. Collect less
    often; what exists at start never needs collecting."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


def _not_utf8(record: logging.LogRecord) -> bool:
    """uvicorn logs a websocket text frame that is not UTF-8 as an error with its traceback,
    though it is the client's error and the connection is closed for it (1007): one line, like
    any refused request."""
    if record.getMessage().startswith("Invalid UTF-8 sequence received from client"):
        record.msg = "a websocket text frame that is not UTF-8: its connection is closed (1007)"
        record.args = ()
        record.exc_info = record.exc_text = None
        record.levelno, record.levelname = 20, "INFO"
    return True


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` as uvicorn binds one (reusing an address in
    ``TIME_WAIT``); :class:`StartRefused` saying why not."""
    import errno
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        from ...text.i18n import _

        where = f"{_host(host)}:{port}"
        if e.errno == errno.EADDRINUSE:
            why = _("the address is in use (another server? choose another --port)")
        elif e.errno == errno.EACCES:
            why = _("the port is not this user's to take (choose one above 1023)")
        elif e.errno == errno.EADDRNOTAVAIL:
            why = _("that is not an address of this machine (--host)")
        else:
            why = getattr(e, "strerror", None) or str(e)
        raise StartRefused(
            _("boneyard serve cannot listen on {address}: {reason}").format(
                address=where, reason=why
            )
        ) from None
    sock.set_inheritable(True)
    return sock


def _host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _address(host: str, port: int) -> str:
    """Where the other processes of a shared store reach this one, by default: the address it
    listens on (this machine's name if it listens on every address)."""
    import socket

    if host in ("0.0.0.0", "::", ""):
        host = socket.gethostname()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"
