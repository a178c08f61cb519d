"""The options several commands take, declared once, and :func:`gathered`, which gives a command
the options of a dataclass as one value (Typer reads these annotations when it builds a command, so
this module needs Typer and does not use ``from __future__ import annotations``)."""

import dataclasses
import functools
import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer

__all__ = ["JsonOpt", "OptionsOpt", "PlayersOpt", "RulesOpt", "StoreOpt", "gathered", "group"]

RulesOpt = Annotated[
    str | None,
    typer.Option("--rules", "-r", metavar="RULES", help="Rule set (default: the game's default)."),
]
OptionsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="Change an option: NAME=VALUE (repeatable).",
    ),
]
PlayersOpt = Annotated[
    int | None,
    typer.Option("--players", "-n", metavar="N", help="Number of players (default: the game's)."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
StoreOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="URL",
        help="The store: a SQLAlchemy URL or a SQLite file (default: boneyard.db here).",
    ),
]


def group(name: str, help: str, **commands: Callable[..., None]) -> typer.Typer:
    """A group of commands (``boneyard tables ...``), each under its name."""
    app = typer.Typer(name=name, help=help, no_args_is_help=True, rich_markup_mode=None)
    for command_name, command in commands.items():
        app.command(command_name)(command)
    return app


Command = Callable[..., None]


def gathered(options: type[Any], name: str) -> Callable[[Command], Command]:
    """A decorator of a command: Typer sees the command's own parameters, then the fields of the
    dataclass ``options`` (each annotated as an option, with its default), and the command is
    handed those as one ``options`` value, its parameter ``name``. So options that several
    commands share, or that a command has many of, are declared once, in one class."""
    keyword = inspect.Parameter.KEYWORD_ONLY
    fields = [
        inspect.Parameter(f.name, keyword, default=f.default, annotation=f.type)
        for f in dataclasses.fields(options)
    ]

    def decorate(command: Command) -> Command:
        own = [p for p in inspect.signature(command).parameters.values() if p.name != name]

        @functools.wraps(command)
        def with_options(**given: Any) -> None:
            value = options(**{f.name: given.pop(f.name) for f in fields})
            command(**given, **{name: value})

        signature = inspect.Signature([*own, *fields], return_annotation=None)
        with_options.__signature__ = signature  # type: ignore[attr-defined]
        return with_options

    return decorate
