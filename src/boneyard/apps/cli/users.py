"""``boneyard users``: the accounts of a server's store from the command line, listed, disabled
(every session ended), enabled and deleted (the ``server`` extra, imported when a command runs)."""

from typing import Annotated

import typer

from .common import error
from .options import StoreOpt, group
from .tables import opened

__all__ = ["users_app"]

NameArg = Annotated[str, typer.Argument(metavar="NAME", help="The account's name (any case).")]


def users_app() -> typer.Typer:
    """The ``users`` group of commands."""
    return group(
        "users",
        "People's accounts in a server's store: list, disable, enable and delete them.",
        list=users_list,
        disable=users_disable,
        enable=users_enable,
        delete=users_delete,
    )


def _key(name: str) -> str:
    from ..server.accounts import account_name

    try:
        return account_name(name)[1]
    except ValueError as e:
        error(f"no account can be named {name!r}: {e}")


def users_list(db: StoreOpt = None) -> None:
    """The accounts: name, made, whether disabled, live sessions."""
    with opened(db) as store:
        found = store.account_list()
    if not found:
        print("no accounts")
        return
    width = max(len(a.name) for a in found)
    for a in found:
        state = "disabled" if a.disabled else "enabled"
        made = a.created.strftime("%Y-%m-%d %H:%M")
        print(f"{a.name:<{width}}  {made}  {state:<8}  {a.sessions} session(s)")


def users_disable(name: NameArg, db: StoreOpt = None) -> None:
    """Disable an account: it cannot log in, and its sessions end at once."""
    _set(name, db, disabled=True)


def users_enable(name: NameArg, db: StoreOpt = None) -> None:
    """Enable a disabled account again."""
    _set(name, db, disabled=False)


def _set(name: str, db: str | None, *, disabled: bool) -> None:
    key = _key(name)
    with opened(db) as store:
        if not store.set_disabled(key, disabled):
            error(f"no account named {name}")
    print(f"{name}: {'disabled' if disabled else 'enabled'}")


def users_delete(
    name: NameArg,
    db: StoreOpt = None,
    yes: Annotated[bool, typer.Option("--yes", help="Delete without asking.")] = False,
) -> None:
    """Delete an account and its sessions, for good."""
    key = _key(name)
    with opened(db) as store:
        account = store.account_named(key)
        if account is None:
            error(f"no account named {name}")
        if not yes and not typer.confirm(f"Delete the account {account.name} for good?"):
            error("nothing deleted")
        store.delete_account(account.id)
    print(f"{account.name}: deleted")
