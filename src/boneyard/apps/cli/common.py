"""What every command of ``boneyard`` shares and none needs Typer for: reading ``-o`` options,
resolving a game's rules, checking the arguments where they enter, and ending on a user error."""

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

from ...core.intake import TextError, check_text, decode_utf8

if TYPE_CHECKING:
    from ...core.protocol import GameRules

__all__ = ["argument_problem", "configure", "error", "parse_option_args"]


def parse_option_args(items: Sequence[str]) -> dict[str, str]:
    """``["NAME=VALUE", ...]`` from ``-o`` into a dict (values stay strings: the game validates
    them)."""
    from ...core.options import OptionError

    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            from ...core.i18n import _

            raise OptionError(
                _("bad option {option!r}: write NAME=VALUE, e.g. {example}").format(
                    option=item, example="-o target_score=150"
                )
            )
        out[name.strip()] = value.strip()
    return out


def configure(
    game: str, rules: str | None, options: Sequence[str] | None, players: int | None
) -> "GameRules":
    """Resolve a game, rule set, ``-o`` options and player count; :class:`OptionError` if any is
    bad (the game's module imported then, and only it)."""
    from ...games import get_game

    return get_game(game).configure(rules, parse_option_args(options or []), players)


def error(message: str) -> NoReturn:
    """Print ``error: message`` on stderr and exit with status 2 (a user error)."""
    from ...core.i18n import _

    print(_("error: {message}").format(message=message), file=sys.stderr)
    raise SystemExit(2)


def argument_problem(args: Sequence[str]) -> str | None:
    """Why the command line cannot be taken, or ``None``: every argument is text from outside,
    checked here where it enters (:mod:`boneyard.core.intake`): UTF-8 (Python hands undecodable
    bytes on as lone surrogates), on one line, with no control character."""
    from ...core.i18n import _

    for n, arg in enumerate(args, 1):
        what = _("argument {n} ({text})").format(n=n, text=ascii(arg)[:40])
        try:
            try:
                raw = arg.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:
                pass  # a lone surrogate that no byte gave: check_text names it
            else:
                decode_utf8(raw, what)
            check_text(arg, what)
        except TextError as e:
            return str(e)
    return None
