"""``boneyard simulate``: computer against computer, many hands or matches, wins and points
counted (the research modules are imported when it runs)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...core.i18n import _, format_number
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
        error(_("give exactly one of --hands N or --matches N"))
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

    what = _("hands") if hands else _("matches")
    run_and_print(play, simulation_text, run=run, as_json=as_json, what=what, save=save)


def _fixed(x: float) -> str:
    """``x`` with two decimals, as the language writes its decimal mark (``95.80``, ``95,80``)."""
    return f"{x:.2f}".replace(".", format_number(0.5)[1])


def simulation_text(result: "SimResult") -> str:
    """The per-side table of a simulation, and its speed."""
    from ...core.i18n import _, ngettext

    labels = []
    for side in result.sides:
        labels.append(
            _("seat {seat}").format(seat=side[0])
            if len(side) == 1
            else _("seats {seats}").format(seats=" & ".join(map(str, side)))
        )
    by_hand = result.per == "hand"
    lines = [
        (
            ngettext(
                "{game} ({rules}), {players} players, {units} hand, seed {seed}",
                "{game} ({rules}), {players} players, {units} hands, seed {seed}",
                result.units,
            )
            if by_hand
            else ngettext(
                "{game} ({rules}), {players} players, {units} match, seed {seed}",
                "{game} ({rules}), {players} players, {units} matches, seed {seed}",
                result.units,
            )
        ).format(
            game=result.game,
            rules=result.rules,
            players=result.players,
            units=result.units,
            seed=result.seed,
        ),
    ]
    agents = [result.side_agents(i) for i in range(len(result.sides))]
    side_head, agents_head, wins_head, rate_head = _("side"), _("agents"), _("wins"), _("win %")
    mean_head = _("mean points/hand") if by_hand else _("mean points/match")
    lw = max(len(side_head), *(len(x) for x in labels))
    aw = max(len(agents_head), *(len(a) for a in agents))
    head = (
        f"{side_head.ljust(lw)}  {agents_head.ljust(aw)}  {wins_head:>7}  {rate_head:>6}  "
        f"{mean_head}"
    )
    lines.append(head)
    for i, label in enumerate(labels):
        wins = result.wins[i]
        pct = 100.0 * wins / result.units
        lines.append(
            f"{label.ljust(lw)}  {agents[i].ljust(aw)}  {wins:>7}  {pct:>5.1f}%  "
            f"{_fixed(result.mean_points[i])}"
        )
    lines.append(_("ties: {ties}").format(ties=result.ties))
    if result.resumed:
        lines.append(
            (
                ngettext(
                    "{count} hand was already in the results file; played the rest:",
                    "{count} hands were already in the results file; played the rest:",
                    result.resumed,
                )
                if by_hand
                else ngettext(
                    "{count} match was already in the results file; played the rest:",
                    "{count} matches were already in the results file; played the rest:",
                    result.resumed,
                )
            ).format(count=result.resumed)
        )
    lines.append(
        ngettext(
            "{hands} hand in {seconds} s: {rate} hands per second",
            "{hands} hands in {seconds} s: {rate} hands per second",
            result.played,
        ).format(
            hands=result.played,
            seconds=_fixed(result.seconds),
            rate=format_number(round(result.hands_per_second)),
        )
    )
    return "\n".join(lines)
