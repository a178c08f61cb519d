"""``boneyard serve``: the web server (:mod:`..server`, the ``server`` extra, imported when it
runs). Its many options are one :class:`ServeOptions`, which makes the server's settings."""

import dataclasses
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ...core.i18n import _
from .common import error
from .options import gathered

if TYPE_CHECKING:
    from ..server.settings import Settings

__all__ = ["ServeOptions", "serve_command"]

LOG_LEVELS = ("critical", "error", "warning", "info", "debug")


@dataclasses.dataclass(frozen=True)
class ServeOptions:
    """The options of ``boneyard serve``: where it listens, its store, and what changes the
    server's defaults (``None``: keep the default)."""

    host: Annotated[
        str,
        typer.Option(
            "--host",
            metavar="HOST",
            help="Address to listen on (0.0.0.0 for other machines).",
        ),
    ] = "127.0.0.1"
    port: Annotated[int, typer.Option("--port", metavar="PORT", min=0, max=65535, help="Port.")] = (
        8000
    )
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help="The store: a SQLAlchemy URL (postgresql+psycopg://...) or a SQLite file "
            "(default: boneyard.db here).",
        ),
    ] = None
    fd: Annotated[
        int | None,
        typer.Option("--fd", metavar="N", hidden=True, help="Serve on the listening socket N."),
    ] = None
    log_level: Annotated[
        str,
        typer.Option(
            "--log-level",
            metavar="LEVEL",
            help="critical, error, warning, info (the default: every request) or debug.",
        ),
    ] = "info"
    computer_delay: Annotated[
        float | None,
        typer.Option(
            "--computer-delay",
            metavar="S",
            min=0,
            help="Seconds a computer player waits before it moves (default 0.7).",
        ),
    ] = None
    agent: Annotated[
        list[str] | None,
        typer.Option(
            "--agent",
            metavar="AGENT",
            help="Offer a plug-in agent as a computer level (repeatable): an installed "
            "plug-in's name, or an import path with arguments, e.g. "
            "'mypkg.agents:load(path=policy.npz)'.",
        ),
    ] = None
    clock: Annotated[
        int | None,
        typer.Option(
            "--clock",
            metavar="S",
            min=0,
            max=3600,
            help="The turn clock where several people play, unless a table sets its own: "
            "seconds before a computer plays for a person who has not moved (default 60; "
            "0: none).",
        ),
    ] = None
    expire_after: Annotated[
        str | None,
        typer.Option(
            "--expire-after",
            metavar="DURATION",
            help="Close a table where no person has acted for this long (default 2h; "
            "90s, 30m, 2h, 7d).",
        ),
    ] = None
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            metavar="N",
            min=0,
            help="Worker processes for the computer players at tables where someone plays "
            "(default: one per core; 0: threads in the server's process).",
        ),
    ] = None
    store_timeout: Annotated[
        float | None,
        typer.Option(
            "--store-timeout",
            metavar="S",
            min=0.5,
            help="Seconds any one operation on the store may take before it is given up and "
            "the move refused with 'storage' (default 5).",
        ),
    ] = None
    lease: Annotated[
        float | None,
        typer.Option(
            "--lease",
            metavar="S",
            min=1,
            help="Several processes on one PostgreSQL store: seconds a process's hold on its "
            "tables lasts unless renewed; another takes them over about this long after it "
            "dies (default 10).",
        ),
    ] = None
    advertise: Annotated[
        str | None,
        typer.Option(
            "--advertise",
            metavar="URL",
            help="Several processes on one PostgreSQL store: the address at which the others "
            "reach this one (default: http://HOST:PORT as it listens).",
        ),
    ] = None
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            metavar="IPS",
            help="Behind a proxy: the proxies' addresses or networks (comma-separated, or *) "
            "trusted to say who their client is (X-Forwarded-For, X-Forwarded-Proto).",
        ),
    ] = None

    def settings(self) -> "Settings":
        """The server's settings: its defaults, changed by the options given (a bad value ends
        as a user error)."""
        from ...core.options import OptionError
        from ...players.agents import resolve_agent
        from ..server.admin import parse_duration
        from ..server.settings import Settings
        from ..server.store import database_url

        settings = Settings(db=database_url(self.db))
        changed = {
            "computer_delay": self.computer_delay,
            "clock": self.clock,
            "workers": self.workers,
            "store_timeout": self.store_timeout,
            "lease": self.lease,
        }
        for name, value in changed.items():
            if value is not None:
                setattr(settings, name, value)
        if self.expire_after is not None:
            try:
                settings.expire_after = parse_duration(self.expire_after).total_seconds()
            except ValueError as e:
                error(f"--expire-after: {e}")
        if self.advertise is not None:
            if not self.advertise.startswith(("http://", "https://")):
                error(
                    _("--advertise {address}: give an address such as {example}").format(
                        address=self.advertise, example="http://10.0.0.5:8000"
                    )
                )
            settings.advertise = self.advertise.rstrip("/")
        settings.forwarded_allow_ips = self.forwarded_allow_ips
        try:
            settings.agents = tuple(dict.fromkeys(resolve_agent(a) for a in self.agent or ()))
        except OptionError as e:
            error(str(e))
        return settings


@gathered(ServeOptions, "options")
def serve_command(*, options: ServeOptions) -> None:
    """Serve the games in a browser: tables against the computer or with friends, a lobby,
    records and replays (needs the server extra)."""
    _check_the_extra()
    if options.log_level not in LOG_LEVELS:
        error(
            _("--log-level {level}: choose {levels}").format(
                level=options.log_level, levels="critical, error, warning, info, debug"
            )
        )
    settings = options.settings()
    from ..server import StartRefused, serve

    def ready(url: str) -> None:
        if options.fd is None:
            print(_("boneyard serve: open {url} in a browser").format(url=url), flush=True)

    try:
        serve(
            options.host,
            options.port,
            fd=options.fd,
            log_level=options.log_level,
            settings=settings,
            ready=ready,
        )
    except StartRefused as e:
        # The store or the address refused: one sentence says why (docs/server.md).
        print(str(e), file=sys.stderr)
        raise SystemExit(1) from None


def _check_the_extra() -> None:
    """End with a user error naming the ``server`` extra if it is not installed."""
    try:
        import fastapi  # noqa: F401
        import sqlalchemy  # noqa: F401
        import uvicorn  # noqa: F401

        from .. import server  # noqa: F401
    except ImportError:
        error(_("the server needs its extra: pip install 'boneyard[server]'"))
