"""Click's own words in boneyard's language: ``Usage:``, ``Options``, ``Show this message and
exit.``, ``Error: No such option``, ``Missing argument``, ``Try '... --help' for help.``.

Typer runs the command on its own copy of Click (``typer._click``), which words its help and
errors in English in its code (no gettext; ``typer.core``'s few gettext calls read ``.mo`` files
boneyard does not keep). So each is told in the reader's language where Click leaves a way in,
from boneyard's catalog in the context ``click`` (:data:`CONTEXT`: Click's ``Options`` is not
boneyard's), without writing into Typer's modules:

- each command of the tree makes its context with :class:`SpokenContext` (Click's
  ``context_class``), whose help formatter (``formatter_class``) says ``Usage:``, the sections'
  titles and a parameter's extras (``[default: 0; required]``); its ``--help`` option says its
  help in the language (:func:`speak`);
- the command runs with Click's errors handed back (``standalone_mode=False``, :func:`run`), and
  :func:`tell_error` says each from the exception's own fields (the option, its suggestions, the
  parameter and its kind, the value's Pydantic error) or, for a usage error Click words itself,
  its sentence read back, as Click would have, in the language. A message Click does not word
  (a callback's own) is said as it is.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import typer
from typer import _click
from typer._click import exceptions as click_errors
from typer._click.formatting import HelpFormatter
from typer._click.utils import echo

from ...core.i18n import NP_, npgettext, pgettext

__all__ = ["CONTEXT", "SpokenContext", "run", "speak", "tell_error"]

CONTEXT = "click"
"""The catalog context of Click's words."""

MARKED = (NP_("click", "Arguments"), NP_("click", "Options"), NP_("click", "Commands"))
"""The sections' titles of the help, as Typer writes them (told by :class:`SpokenFormatter`)."""


class SpokenFormatter(HelpFormatter):
    """Click's help formatter in the reader's language: the usage line's ``Usage:``, the
    sections' titles, and a parameter's extras (``[default: 0; required]``)."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = pgettext("click", "Usage:") + " "
        super().write_usage(prog, args, prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(pgettext("click", heading))

    def write_dl(self, rows: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
        super().write_dl([(term, _extras(text)) for term, text in rows], *args, **kwargs)


_EXTRAS = re.compile(r"(?P<before>.*?)(?P<gap>\s*)\[(?P<extras>[^\[\]]*)\]", re.S)


def _extras(text: str) -> str:
    """A parameter's help with its extras at the end, as Typer writes them (``[default: 0;
    required]``), in the reader's language."""
    match = _EXTRAS.fullmatch(text)
    if match is None:
        return text
    told = []
    for extra in match["extras"].split("; "):
        name, colon, value = extra.partition(": ")
        if extra == "required":
            told.append(pgettext("click", "required"))
        elif colon and name == "default":
            shown = pgettext("click", "(dynamic)") if value == "(dynamic)" else value
            told.append(pgettext("click", "default: {default}").format(default=shown))
        elif colon and name == "env var":
            told.append(pgettext("click", "env var: {var}").format(var=value))
        else:
            told.append(extra)
    return f"{match['before']}{match['gap']}[{'; '.join(told)}]"


class SpokenContext(_click.Context):
    """Click's context, its help and usage written by :class:`SpokenFormatter`."""

    formatter_class = SpokenFormatter


def speak(command: Any) -> Any:
    """The command tree ``command`` (as Typer builds it) speaking the current language: its
    contexts :class:`SpokenContext`, its ``--help`` options' help translated."""
    command.context_class = SpokenContext
    option = command.get_help_option(SpokenContext(command, **command.context_settings))
    if option is not None:
        option.help = pgettext("click", "Show this message and exit.")
    for sub in getattr(command, "commands", {}).values():
        speak(sub)
    return command


def run(command: Any, args: Sequence[str], prog_name: str) -> NoReturn:
    """Run ``command`` as Click's standalone mode does (exit with its status, an error said on
    standard error with status 2, ``Aborted!`` with status 1), its errors told by
    :func:`tell_error`."""
    try:
        status = command.main(args=list(args), prog_name=prog_name, standalone_mode=False)
    except click_errors.ClickException as e:
        tell_error(e)
        raise SystemExit(e.exit_code) from None
    except typer.Abort:
        echo(pgettext("click", "Aborted!"), file=sys.stderr)
        raise SystemExit(1) from None
    raise SystemExit(status if isinstance(status, int) else 0)


def tell_error(error: click_errors.ClickException) -> None:
    """Say Click's ``error`` on standard error as Click would (the usage line and where to find
    the help first, for a usage error), in the reader's language."""
    if isinstance(error, click_errors.NoArgsIsHelpError):
        error.show()  # the help itself
        return
    file = sys.stderr
    color = error.show_color
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        color = ctx.color
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = (
                pgettext("click", "Try '{command} {option}' for help.").format(
                    command=ctx.command_path, option=ctx.help_option_names[0]
                )
                + "\n"
            )
        echo(f"{ctx.get_usage()}\n{hint}", file=file, color=color)
    echo(
        pgettext("click", "Error: {message}").format(message=error_message(error)),
        file=file,
        color=color,
    )


def error_message(error: click_errors.ClickException) -> str:
    """What went wrong, in the reader's language (what follows ``Error:``)."""
    if isinstance(error, click_errors.NoSuchOption):
        text = _no_such_option(error)
    elif isinstance(error, click_errors.MissingParameter):
        text = _missing(error)
    elif isinstance(error, click_errors.BadParameter):
        reason = _bad_value(error)
        hint = _hint(error)
        if hint is None:
            text = pgettext("click", "Invalid value: {reason}").format(reason=reason)
        else:
            text = pgettext("click", "Invalid value for {name}: {reason}").format(
                name=hint, reason=reason
            )
    elif isinstance(error, click_errors.FileError):
        text = pgettext("click", "Could not open file {name!r}: {reason}").format(
            name=error.ui_filename, reason=error.message
        )
    else:
        text = _said(error.message, error)
    return text


def _hint(error: click_errors.BadParameter) -> str | None:
    """The parameter a bad value was given for, as Click names it (``'--hands'``)."""
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint()
    if hint is not None and not isinstance(hint, str):
        hint = " / ".join(repr(x) for x in hint)
    return hint


def _no_such_option(error: click_errors.NoSuchOption) -> str:
    from typer._click.utils import _escape_control_characters

    name = _escape_control_characters(error.option_name)
    if error.message == f"No such option: {name}":
        text = pgettext("click", "No such option: {name}").format(name=name)
    else:
        text = error.message
    if error.possibilities:
        text += " " + pgettext("click", "(Possible options: {options})").format(
            options=", ".join(sorted(error.possibilities))
        )
    return text


def _missing(error: click_errors.MissingParameter) -> str:
    if error.message:
        return error.format_message()  # a message of its own
    hint = _hint(error)
    kind = error.param_type
    if kind is None and error.param is not None:
        kind = error.param.param_type_name
    if hint is None:
        text = {
            "argument": pgettext("click", "Missing argument."),
            "option": pgettext("click", "Missing option."),
        }.get(kind or "", pgettext("click", "Missing parameter."))
    else:
        text = {
            "argument": pgettext("click", "Missing argument {name}."),
            "option": pgettext("click", "Missing option {name}."),
        }.get(kind or "", pgettext("click", "Missing parameter {name}.")).format(name=hint)
    extra = error.param.get_missing_message(ctx=error.ctx) if error.param is not None else ""
    if extra:
        choices = extra.partition("\n")[2]
        text += " " + pgettext("click", "Choose from:") + "\n" + choices
    return text


# Click's sentences in a usage error, as its code writes them, and theirs in the catalog.
_SAID: list[tuple[re.Pattern[str], Callable[[re.Match[str], Any], str]]] = [
    (
        re.compile(r"Missing command\."),
        lambda m, e: pgettext("click", "Missing command."),
    ),
    (
        re.compile(r"No such command (?P<name>'.*')\.", re.S),
        lambda m, e: pgettext("click", "No such command {name}.").format(name=m["name"]),
    ),
    (
        re.compile(r"Got unexpected extra argument\(s\) \((?P<args>.*)\)", re.S),
        lambda m, e: npgettext(
            "click",
            "Got unexpected extra argument ({args})",
            "Got unexpected extra arguments ({args})",
            len(getattr(getattr(e, "ctx", None), "args", None) or m["args"].split()),
        ).format(args=m["args"]),
    ),
    (
        re.compile(r"Option (?P<name>'.*') requires an argument\.", re.S),
        lambda m, e: pgettext("click", "Option {name} needs a value.").format(name=m["name"]),
    ),
    (
        re.compile(r"Option (?P<name>'.*') requires (?P<n>\d+) arguments\.", re.S),
        lambda m, e: pgettext("click", "Option {name} needs {count} values.").format(
            name=m["name"], count=m["n"]
        ),
    ),
    (
        re.compile(r"Option (?P<name>'.*') does not take a value\.", re.S),
        lambda m, e: pgettext("click", "Option {name} does not take a value.").format(
            name=m["name"]
        ),
    ),
    (
        re.compile(r"Argument (?P<name>'.*') takes (?P<n>\d+) values\.", re.S),
        lambda m, e: pgettext("click", "Argument {name} takes {count} values.").format(
            name=m["name"], count=m["n"]
        ),
    ),
]


def _said(message: str, error: Any) -> str:
    """A usage error's sentence in the reader's language, if it is one of Click's own."""
    for pattern, told in _SAID:
        match = pattern.fullmatch(message)
        if match is not None:
            return told(match, error)
    return message


_PATH = re.compile(
    r"(?P<kind>File|Directory|Path) (?P<name>'.*') (?P<what>does not exist|is a file|"
    r"is a directory|is not readable|is not writable)\.",
    re.S,
)


def _bad_value(error: click_errors.BadParameter) -> str:
    """Why a value was refused: Pydantic's error (the cause Typer raised it from) or a path's
    problem, in the reader's language; else the message as it is."""
    cause = error.__cause__
    errors = getattr(cause, "errors", None)
    if callable(errors):
        try:
            found = errors()
        except Exception:  # pragma: no cover - not Pydantic's after all
            found = []
        if found:
            return value_words(found[0], error.message)
    match = _PATH.fullmatch(error.message)
    if match is not None:
        return {
            "does not exist": pgettext("click", "{name} does not exist."),
            "is a file": pgettext("click", "{name} is a file."),
            "is a directory": pgettext("click", "{name} is a folder."),
            "is not readable": pgettext("click", "{name} cannot be read."),
            "is not writable": pgettext("click", "{name} cannot be written."),
        }[match["what"]].format(name=match["name"])
    return error.message


def value_words(problem: Any, otherwise: str) -> str:
    """A value's Pydantic error (its ``type``, ``input`` and ``ctx``) in one sentence in the
    reader's language; ``otherwise`` for a kind not worded here."""
    kind = str(problem.get("type", ""))
    value = problem.get("input")
    limits = problem.get("ctx") or {}
    compared = ("greater_than_equal", "less_than_equal", "greater_than", "less_than")
    shown = repr(value) if isinstance(value, str) and kind not in compared else str(value)
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return pgettext("click", "{value} is not a whole number.").format(value=shown)
    if kind in ("float_parsing", "float_type"):
        return pgettext("click", "{value} is not a number.").format(value=shown)
    if kind in ("bool_parsing", "bool_type"):
        return pgettext("click", "{value} is neither true nor false.").format(value=shown)
    if kind == "greater_than_equal":
        return pgettext("click", "{value} is less than {limit}: give {limit} or more.").format(
            value=shown, limit=limits.get("ge")
        )
    if kind == "less_than_equal":
        return pgettext("click", "{value} is more than {limit}: give {limit} or less.").format(
            value=shown, limit=limits.get("le")
        )
    if kind == "greater_than":
        return pgettext("click", "{value} must be more than {limit}.").format(
            value=shown, limit=limits.get("gt")
        )
    if kind == "less_than":
        return pgettext("click", "{value} must be less than {limit}.").format(
            value=shown, limit=limits.get("lt")
        )
    if kind in ("literal_error", "enum"):
        return pgettext("click", "{value} is not one of the values it takes.").format(value=shown)
    return otherwise
