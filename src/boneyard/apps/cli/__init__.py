"""The ``boneyard`` command: one Typer app with ``rules``, ``play``, ``simulate``, ``tournament``,
``analyze``, ``serve``, ``tables``, ``db`` and ``replay``, one module each; :mod:`.options` holds
the options several commands share, :mod:`.runs` what the long runs (``simulate``,
``tournament``) share, :mod:`.common` what needs no Typer, and :mod:`.app` the assembly.

The commands are thin adapters: they parse arguments, ask the engine (games, rules, matches,
records) and print. User errors (an unknown game, rule set, option or agent, a bad value or player
count, a missing file, an argument that is not text: bytes that are not UTF-8, a control character)
end with a one-line ``error: ...`` on stderr and exit status 2, never a traceback.

Typer is imported only when the command runs (:func:`main`), so ``import boneyard.apps.cli`` works
without it, and ``main`` says how to install it if it is missing. A command's heavy modules (the
server, the research tools, the analysis, the screens) are imported only when that command runs,
so ``boneyard --help`` and ``boneyard rules`` stay quick. The command modules deliberately do not
use ``from __future__ import annotations``: Typer reads the parameter annotations at run time.
"""

import sys

# Not typing's, nor .common at the top: a kept --help imports as little as it can (.help_cache).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    import typer

    from .common import argument_problem, configure, parse_option_args

__all__ = ["argument_problem", "build_app", "configure", "main", "parse_option_args"]

MISSING_TYPER = (
    "boneyard: the command-line interface needs Typer and Rich: pip install 'boneyard[cli]'"
)


def build_app() -> "typer.Typer":
    """The Typer app (needs Typer installed)."""
    from .app import build_app

    return build_app()


def __getattr__(name: str) -> "Any":
    """The shared helpers of :mod:`.common`, imported when first read."""
    if name in ("argument_problem", "configure", "parse_option_args"):
        from . import common

        return getattr(common, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: "Sequence[str] | None" = None) -> None:
    """The console script ``boneyard``. ``boneyard --help`` prints the help it printed before on
    the same terminal without importing Typer (:mod:`.help_cache`)."""
    from .help_cache import print_kept_help, run_keeping_help

    args = list(argv) if argv is not None else sys.argv[1:]
    if print_kept_help(args):
        return
    try:
        import typer  # noqa: F401
    except ImportError:
        print(MISSING_TYPER, file=sys.stderr)
        raise SystemExit(1) from None
    from .common import argument_problem, error

    problem = argument_problem(args)
    if problem is not None:
        error(problem)
    app = build_app()
    run_keeping_help(lambda: app(args=args, prog_name="boneyard"), args)
