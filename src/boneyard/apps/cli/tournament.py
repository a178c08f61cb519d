"""``boneyard tournament``: a duplicate-deal tournament between agents (the research modules are
imported when it runs)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...core.i18n import _
from .common import configure
from .options import JsonOpt, OptionsOpt, PlayersOpt, RulesOpt, gathered
from .runs import Progress, RunOptions, run_and_print

if TYPE_CHECKING:
    from ...research.tournament import TournamentResult

__all__ = ["tournament_command"]


@gathered(RunOptions, "run")
def tournament_command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A game id or alias, e.g. block.")],
    agents: Annotated[
        str,
        typer.Option(
            "--agents", metavar="A,B[,C...]", help="The agents that play: one per side at most."
        ),
    ],
    rules: RulesOpt = None,
    option: OptionsOpt = None,
    players: PlayersOpt = None,
    deals: Annotated[
        int,
        typer.Option(
            "--deals", metavar="N", min=1, help="Deals, each played once per seat rotation."
        ),
    ] = 1000,
    seed: Annotated[
        int, typer.Option("--seed", metavar="S", help="Seed of the whole tournament.")
    ] = 0,
    as_json: JsonOpt = False,
    save: Annotated[
        Path | None,
        typer.Option("--save", metavar="FILE", help="Write one record per hand to FILE.jsonl."),
    ] = None,
    *,
    run: RunOptions,
) -> None:
    """Duplicate-deal tournament: every deal is played with the seats rotated, so each agent
    holds each hand; win rates, points per hand with 95% intervals, ratings, move times.
    With --out, every hand's result is streamed to a .jsonl file (resumable with
    --resume)."""
    from ...players.agents.plugins import split_names
    from ...research.tournament import run_tournament, tournament_text

    def play(bar: Progress | None) -> "TournamentResult":
        resolved = configure(game, rules, option, players)
        return run_tournament(
            resolved,
            split_names(agents),
            deals=deals,
            seed=seed,
            save=save,
            progress=bar,
            **run.keywords(),
        )

    run_and_print(play, tournament_text, run=run, as_json=as_json, what=_("deals"), save=save)
