"""``boneyard simulate``: computer against computer, many hands or matches, wins and points
counted (the research modules are imported when it runs)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from .common import configure, error
from .options import JsonOpt, OptionsOpt, PlayersOpt, RulesOpt, gathered
from .runs import Progress, RunOptions, run_and_print

if TYPE_CHECKING:
    from ...research.sim import SimResult

__all__ = ["simulate_command", "simulation_text"]


@gathered(RunOptions, "run")
def simulate_command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A game id or alias, e.g. block.")],
    rules: RulesOpt = None,
    option: OptionsOpt = None,
    players: PlayersOpt = None,
    hands: Annotated[
        int | None, typer.Option("--hands", metavar="N", help="Play N independent hands.")
    ] = None,
    matches: Annotated[
        int | None, typer.Option("--matches", metavar="N", help="Play N whole matches.")
    ] = None,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            metavar="A,B,...",
            help="Agents, one per seat, or one for all, or fewer cycled: A,B,...",
        ),
    ] = "random",
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the whole run.")] = 0,
    as_json: JsonOpt = False,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save", metavar="FILE", help="Write one record per hand or match to FILE.jsonl."
        ),
    ] = None,
    *,
    run: RunOptions,
) -> None:
    """Computer against computer: play many hands or matches and count wins and points.
    With --out, every hand's result is streamed to a .jsonl file (resumable with --resume)
    for boneyard analyze."""
    if (hands is None) == (matches is None):
        error("give exactly one of --hands N or --matches N")
    from ...players.agents.plugins import split_names
    from ...research.sim import simulate

    def play(bar: Progress | None) -> "SimResult":
        resolved = configure(game, rules, option, players)
        return simulate(
            resolved,
            split_names(agents),
            hands=hands,
            matches=matches,
            seed=seed,
            save=save,
            progress=bar,
            **run.keywords(),
        )

    what = "hands" if hands else "matches"
    run_and_print(play, simulation_text, run=run, as_json=as_json, what=what, save=save)


def simulation_text(result: "SimResult") -> str:
    """The per-side table of a simulation, and its speed."""
    labels = []
    for side in result.sides:
        labels.append(
            f"seat {side[0]}" if len(side) == 1 else "seats " + " & ".join(map(str, side))
        )
    unit = "hand" if result.per == "hand" else "match"
    units = f"{result.units} {'hands' if unit == 'hand' else 'matches'}"
    lines = [
        f"{result.game} ({result.rules}), {result.players} players, {units}, seed {result.seed}",
    ]
    agents = [result.side_agents(i) for i in range(len(result.sides))]
    lw = max(len("side"), *(len(x) for x in labels))
    aw = max(len("agents"), *(len(a) for a in agents))
    head = (
        f"{'side'.ljust(lw)}  {'agents'.ljust(aw)}  {'wins':>7}  {'win %':>6}  mean points/{unit}"
    )
    lines.append(head)
    for i, label in enumerate(labels):
        wins = result.wins[i]
        pct = 100.0 * wins / result.units
        lines.append(
            f"{label.ljust(lw)}  {agents[i].ljust(aw)}  {wins:>7}  {pct:>5.1f}%  "
            f"{result.mean_points[i]:.2f}"
        )
    lines.append(f"ties: {result.ties}")
    if result.resumed:
        lines.append(
            f"{result.resumed} {'hands' if unit == 'hand' else 'matches'} were already in the "
            "results file; played the rest:"
        )
    lines.append(
        f"{result.played} hands in {result.seconds:.2f} s: "
        f"{result.hands_per_second:,.0f} hands per second"
    )
    return "\n".join(lines)
