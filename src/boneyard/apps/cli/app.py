"""The ``boneyard`` Typer app, assembled from one module per command."""

from typing import Annotated

import typer

from ... import __version__
from . import choose_language
from .analyze import analyze_command
from .db import db_app
from .play import play_command
from .replay import replay_command
from .rules import rules_command
from .serve import serve_command
from .simulate import simulate_command
from .tables import tables_app
from .tournament import tournament_command
from .tournaments import tournaments_app
from .users import users_app

__all__ = ["build_app"]


def build_app() -> typer.Typer:
    """The Typer app, its commands in the order ``--help`` lists them."""
    app = typer.Typer(
        name="boneyard",
        help="The classic games of dominoes: play, simulate, replay records, read the rules.",
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
        pretty_exceptions_show_locals=False,
    )
    app.callback()(root)
    app.command("rules")(rules_command)
    app.command("play")(play_command)
    app.command("simulate")(simulate_command)
    app.command("tournament")(tournament_command)
    app.command("analyze")(analyze_command)
    app.command("serve")(serve_command)
    app.add_typer(tables_app())
    app.add_typer(db_app())
    app.add_typer(users_app())
    app.add_typer(tournaments_app())
    app.command("replay")(replay_command)
    return app


def show_version(value: bool) -> None:
    if value:
        print(f"boneyard {__version__}")
        raise typer.Exit()


def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=show_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            help="The language: en, es or pt-BR (default: from LANGUAGE, LC_ALL, LC_MESSAGES "
            "or LANG; English).",
        ),
    ] = None,
) -> None:
    """boneyard: the classic games of dominoes."""
    choose_language(lang)
