"""``boneyard users``: the accounts of a server's store from the command line, listed, disabled
(every session ended), enabled and deleted (the ``server`` extra, imported when a command runs)."""

from typing import Annotated

import typer

from ...core.i18n import _, format_number, ngettext
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
        error(_("no account can be named {name!r}: {reason}").format(name=name, reason=e))


def users_list(db: StoreOpt = None) -> None:
    """The accounts: name, made, whether disabled, live sessions."""
    with opened(db) as store:
        found = store.account_list()
    if not found:
        print(_("no accounts"))
        return
    width = max(len(a.name) for a in found)
    states = (_("enabled"), _("disabled"))
    state_width = max(len(s) for s in states)
    for a in found:
        state = states[a.disabled]
        made = a.created.strftime("%Y-%m-%d %H:%M")
        sessions = ngettext("{count} session", "{count} sessions", a.sessions).format(
            count=format_number(a.sessions)
        )
        print(f"{a.name:<{width}}  {made}  {state:<{state_width}}  {sessions}")


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
            error(_("no account named {name}").format(name=name))
    print((_("{name}: disabled") if disabled else _("{name}: enabled")).format(name=name))


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
            error(_("no account named {name}").format(name=name))
        question = _("Delete the account {name} for good?").format(name=account.name)
        if not yes and not typer.confirm(question):
            error(_("nothing deleted"))
        store.delete_account(account.id)
    print(_("{name}: deleted").format(name=account.name))
