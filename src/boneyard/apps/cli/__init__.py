"""The ``boneyard`` command: one Typer app with ``rules``, ``play``, ``simulate``, ``tournament``,
``analyze``, ``serve``, ``tables``, ``db`` and ``replay``, one module each; :mod:`.options` holds
the options several commands share, :mod:`.runs` what the long runs (``simulate``,
``tournament``) share, :mod:`.common` what needs no Typer, and :mod:`.app` the assembly.

The commands are thin adapters: they parse arguments, ask the engine (games, rules, matches,
records) and print. User errors (an unknown game, rule set, option or agent, a bad value or player
count, a missing file, an argument that is not text: bytes that are not UTF-8, a control character)
end with a one-line ``error: ...`` on stderr and exit status 2, never a traceback.

The language (:mod:`boneyard.text.i18n`) is ``--lang`` (a global option, before the command) or
the environment's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), English by default. The
help texts are translated once the command tree is built (:func:`translate_help`); the templates
take them from the same tree (``scripts/i18n.py``: :func:`help_texts`).

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
    from collections.abc import Iterator, Sequence
    from typing import Any

    import typer

    from .common import argument_problem, configure, parse_option_args

__all__ = [
    "argument_problem",
    "build_app",
    "choose_language",
    "configure",
    "help_texts",
    "main",
    "parse_option_args",
    "translate_help",
]

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


def choose_language(lang: "str | None") -> str:
    """Speak ``lang`` (``--lang``), or the environment's language, in this process: the tag
    chosen; a user error for a language boneyard does not speak."""
    from ...core.i18n import (
        _,
        language_from_environment,
        normalize,
        set_default_language,
        set_language,
    )
    from .common import error

    tag = language_from_environment() if lang is None else normalize(lang)
    if tag is None:
        error(_("unknown language {lang!r}: choose en, es or pt-BR").format(lang=lang))
    set_default_language(tag)
    set_language(tag)
    return tag


def _asked_language(args: "Sequence[str]") -> "str | None":
    """The ``--lang`` given before the command, read before Typer reads the line (the help
    is translated before it is shown)."""
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if not arg.startswith("-"):
            break
    return None


def help_texts(command: "Any") -> "Iterator[tuple[object, str, str]]":
    """Every help text of the command tree ``command`` (a click command, as Typer builds it):
    ``(holder, attribute, text)`` for each command's help and short help and each parameter's
    help."""
    for attribute in ("help", "short_help"):
        text = getattr(command, attribute, None)
        if text:
            yield command, attribute, text
    for param in command.params:
        text = getattr(param, "help", None)
        if text:
            yield param, "help", text
    for sub in getattr(command, "commands", {}).values():
        yield from help_texts(sub)


def translate_help(command: "Any") -> "Any":
    """The command tree with its help texts in the current language."""
    from ...core.i18n import _

    for holder, attribute, text in list(help_texts(command)):
        setattr(holder, attribute, _(text))
    return command


def main(argv: "Sequence[str] | None" = None) -> None:
    """The console script ``boneyard``. ``boneyard --help`` prints the help it printed before on
    the same terminal without importing Typer (:mod:`.help_cache`)."""
    from .help_cache import print_kept_help, run_keeping_help

    args = list(argv) if argv is not None else sys.argv[1:]
    if print_kept_help(args):
        raise SystemExit(0)  # as Click ends after its help
    try:
        import typer
    except ImportError:
        print(MISSING_TYPER, file=sys.stderr)
        raise SystemExit(1) from None
    from .common import argument_problem, error

    problem = argument_problem(args)
    if problem is not None:
        # Said in the language asked (or the environment's) where it is one boneyard speaks.
        from ...core.i18n import language_from_environment, normalize, set_language

        lang = _asked_language(args)
        tag = language_from_environment() if lang is None else normalize(lang)
        if tag is not None:
            set_language(tag)
        error(argument_problem(args) or problem)
    choose_language(_asked_language(args))
    from .click_words import run, speak

    app = build_app()
    # The help and Click's own words (Usage:, Options, its errors) in the language chosen.
    command = speak(translate_help(typer.main.get_command(app)))
    run_keeping_help(lambda: run(command, args, "boneyard"), args)
