"""``boneyard db``: a server's store itself, its schema made or upgraded (the ``server`` extra,
imported when the command runs)."""

import typer

from ...core.i18n import _
from .common import error
from .options import StoreOpt, group

__all__ = ["db_app"]


def db_app() -> typer.Typer:
    """The ``db`` group of commands."""
    return group("db", "A server's store itself: upgrade its schema.", upgrade=db_upgrade)


def db_upgrade(db: StoreOpt = None) -> None:
    """Create a store's schema or upgrade it to this version's (a server does it too when it
    starts; several starting at once on one PostgreSQL store take turns)."""
    try:
        from ..server.store import Store, StoreRefused, database_url
    except ImportError:
        error(_("boneyard db needs the server extra: pip install 'boneyard[server]'"))
    url = database_url(db)
    try:
        store = Store(url)
        try:
            before = store.revision()
            store.open()
            after = store.revision()
        finally:
            store.close()
    except StoreRefused as e:
        error(str(e))
    shown = store.engine.url.render_as_string(hide_password=True)
    if before == after:
        print(_("{store}: at revision {revision} already").format(store=shown, revision=after))
    elif before is None:
        print(_("{store}: upgraded from revision none to {after}").format(store=shown, after=after))
    else:
        print(
            _("{store}: upgraded from revision {before} to {after}").format(
                store=shown, before=before, after=after
            )
        )
