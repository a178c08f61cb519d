"""``boneyard analyze``: the statistics of a results file as tables (Rich), plots (matplotlib) and
an HTML report a person can open.

The figures come from :func:`boneyard.research.stats.analyze_results`; this module only shows them.
Rich is imported by :func:`print_tables` and matplotlib (with its ``Agg`` back end: no display
needed) by :func:`write_report`, each only when called: ``pip install 'boneyard[analysis]'`` for the
plots.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.i18n import N_, _, current_language, decimal_sign, ngettext
from ..core.words import capital

__all__ = ["PLOTS", "MissingPlots", "integer_bins", "print_tables", "write_report"]

# The plots of a report: file name and caption.
PLOTS = {
    "sides.png": N_("Win rate and points per hand of each side, with 95% intervals"),
    "leader.png": N_("The leader's advantage: the side that led against the others, 95% intervals"),
    "points.png": N_(
        "Points per hand, per side: the share of hands with at most so many points, "
        "and how the scores spread when the side scored"
    ),
    "lengths.png": N_("Hand lengths: moves per hand (plays, draws and passes)"),
}


class MissingPlots(RuntimeError):
    """matplotlib is not installed."""


def _side(side: dict[str, Any]) -> str:
    """A side's label in the reader's words (the analysis keeps ``seat 0``, ``seats 0 & 2``)."""
    seats = side.get("seats")
    if not isinstance(seats, list | tuple) or not seats:
        return str(side["label"])
    if len(seats) == 1:
        return _("seat {seat}").format(seat=seats[0])
    return _("seats {seats}").format(seats=" & ".join(map(str, seats)))


def _fixed(x: float, digits: int = 2) -> str:
    """``x`` with ``digits`` decimals and the reader's decimal sign (a column lines up)."""
    return f"{x:.{digits}f}".replace(".", decimal_sign())


def _pct(x: float) -> str:
    return f"{_fixed(100 * x, 1)}%"


def _ci(pair: Sequence[float], pct: bool = False) -> str:
    low, high = pair
    # A decimal comma asks for another separator: [0,25; 0,75].
    sep = "; " if decimal_sign() == "," else ", "
    return f"[{_pct(low)}{sep}{_pct(high)}]" if pct else f"[{_fixed(low)}{sep}{_fixed(high)}]"


def _signed(x: float, pct: bool = False) -> str:
    return f"{'+' if x >= 0 else ''}{_pct(x) if pct else _fixed(x)}"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else _fixed(x)


def _dropped(lines: int) -> str:
    """The torn end of a results file that was left out, in words."""
    return ngettext(
        "{count} line of an unfinished unit at the end was ignored",
        "{count} lines of an unfinished unit at the end were ignored",
        lines,
    ).format(count=lines)


def title(a: dict[str, Any]) -> str:
    """One line naming the game, the players, how much was played and how."""
    hands, units = a["hands"], a.get("units", 0)
    if a["per"] == "hand":
        what = ngettext("{hands} hand", "{hands} hands", a["hands"]).format(hands=hands)
    elif a["per"] == "match":
        what = ngettext(
            "{units} match, {hands} hands", "{units} matches, {hands} hands", a["units"]
        ).format(units=units, hands=hands)
    elif a["per"] == "deal":
        what = ngettext(
            "{units} duplicate deal, {hands} hands",
            "{units} duplicate deals, {hands} hands",
            a["units"],
        ).format(units=units, hands=hands)
    else:
        what = ngettext(
            "{units} unit, {hands} hands", "{units} units, {hands} hands", a["units"]
        ).format(units=units, hands=hands)
    return _("{game} ({rules}), {players} players: {what}, seed {seed} ({command})").format(
        game=a["game"],
        rules=a["rules"],
        players=a["players"],
        what=what,
        seed=a["seed"],
        command=a["command"],
    )


TextTable = tuple[str, list[str], list[list[str]]]
"""A table of text: its title, its header and its rows."""


def tables(a: dict[str, Any]) -> list[TextTable]:
    """The analysis as ``(title, header, rows)`` tables of text, for the terminal and the
    report: per side, the leader's advantage and the hands always; whole matches, per agent, and
    the duplicate deals' paired differences and ratings where the results file has them."""
    out = [_sides_table(a), _leader_table(a["leader"]), _hands_table(a)]
    if "matches" in a:
        out.append(_matches_table(a["matches"], a["sides"]))
    if "agents" in a:
        out.append(_agents_table(a["agents"]))
    if "pairs" in a:
        out += [_pairs_table(a["pairs"]), _ratings_table(a["ratings"])]
    return out


def _sides_table(a: dict[str, Any]) -> TextTable:
    header = [
        _("side"),
        _("agents"),
        _("wins"),
        _("win %"),
        _("95% CI"),
        _("points/hand"),
        _("95% CI"),
        _("sd"),
        _("median"),
        _("max"),
        _("led"),
    ]
    rows = [
        [
            _side(s),
            s["agents"],
            str(s["wins"]),
            _pct(s["win_rate"]),
            _ci(s["win_rate_ci95"], pct=True),
            _fixed(s["points_per_hand"]),
            _ci(s["points_ci95"]),
            _fixed(s["points_sd"]),
            _num(s["points_median"]),
            _num(s["points_max"]),
            str(s["led"]),
        ]
        for s in a["sides"]
    ]
    caption = _("Per side, over {hands} hands ({ties} won by nobody)").format(
        hands=a["hands"], ties=a["ties"]
    )
    return caption, header, rows


def _leader_table(lead: dict[str, Any]) -> TextTable:
    return (
        _("The leader's advantage: the side that led each hand against the others"),
        ["", _("win %"), _("95% CI"), _("points/hand"), _("95% CI")],
        [
            [
                _("leader's side"),
                _pct(lead["win_rate"]),
                _ci(lead["win_rate_ci95"], pct=True),
                _fixed(lead["points_per_hand"]),
                _ci(lead["points_ci95"]),
            ],
            [
                _("other sides"),
                _pct(lead["others_win_rate"]),
                _ci(lead["others_win_rate_ci95"], pct=True),
                _fixed(lead["others_points_per_hand"]),
                _ci(lead["others_points_ci95"]),
            ],
            [
                _("advantage"),
                _signed(lead["win_advantage"], pct=True),
                _ci(lead["win_advantage_ci95"], pct=True),
                _signed(lead["points_advantage"]),
                _ci(lead["points_advantage_ci95"]),
            ],
        ],
    )


def _hands_table(a: dict[str, Any]) -> TextTable:
    length, blocked = a["hand_length"], a["blocked"]
    return (
        _("Hands"),
        ["", _("mean / rate"), _("95% CI"), _("sd"), _("min"), _("median"), _("max")],
        [
            [
                _("blocked"),
                f"{_pct(blocked['rate'])} ({blocked['hands']})",
                _ci(blocked["ci95"], pct=True),
                "",
                "",
                "",
                "",
            ],
            [
                _("moves per hand"),
                _fixed(length["mean"]),
                _ci(length["ci95"]),
                _fixed(length["sd"]),
                _num(length["min"]),
                _num(length["median"]),
                _num(length["max"]),
            ],
        ],
    )


def _matches_table(m: dict[str, Any], sides: list[dict[str, Any]]) -> TextTable:
    rows = [
        [
            _side(s),
            s["agents"],
            str(m["wins"][i]),
            _pct(m["wins"][i] / m["matches"]),
            _fixed(m["points_per_match"][i]["mean"]),
            _ci(m["points_per_match"][i]["ci95"]),
        ]
        for i, s in enumerate(sides)
    ]
    per_match = m["hands_per_match"]
    return (
        _("Whole matches: {matches} ({ties} won by nobody), {hands} hands each {ci}").format(
            matches=m["matches"],
            ties=m["ties"],
            hands=_fixed(per_match["mean"]),
            ci=_ci(per_match["ci95"]),
        ),
        [_("side"), _("agents"), _("match wins"), _("win %"), _("points/match"), _("95% CI")],
        rows,
    )


def _agents_table(agents: list[dict[str, Any]]) -> TextTable:
    return (
        _("Per agent, over the hands its side played"),
        [_("agent"), _("hands"), _("wins"), _("win %"), _("95% CI"), _("points/hand"), _("95% CI")],
        [
            [
                g["name"],
                str(g["hands"]),
                str(g["wins"]),
                _pct(g["win_rate"]),
                _ci(g["win_rate_ci95"], pct=True),
                _fixed(g["points_per_hand"]),
                _ci(g["points_ci95"]),
            ]
            for g in agents
        ],
    )


def _pairs_table(pairs: list[dict[str, Any]]) -> TextTable:
    return (
        _("Paired differences over duplicate deals (a's points per hand minus b's)"),
        ["a", "b", _("deals"), _("difference"), _("95% CI")],
        [
            [p["a"], p["b"], str(p["deals"]), f"{p['difference']:+.2f}", _ci(p["ci95"])]
            for p in pairs
        ],
    )


def _ratings_table(ratings: list[dict[str, Any]]) -> TextTable:
    return (
        _("Bradley-Terry ratings (Elo scale; 95% CI by a bootstrap over deals)"),
        [_("agent"), _("rating"), _("95% CI")],
        [
            [
                r["name"],
                f"{r['rating']:.0f}",
                f"[{r['rating_ci95'][0]:.0f}, {r['rating_ci95'][1]:.0f}]",
            ]
            for r in sorted(ratings, key=lambda r: -r["rating"])
        ],
    )


def print_tables(a: dict[str, Any], file: Any = None) -> None:
    """Print the tables with Rich (to ``file``, default standard output)."""
    from rich.console import Console
    from rich.table import Table

    console = Console(file=file, soft_wrap=False)
    if not console.is_terminal:
        console = Console(file=file, width=140, soft_wrap=False)
    console.print(title(a), markup=False, highlight=False)
    for caption, header, rows in tables(a):
        table = Table(title=caption, title_justify="left", header_style="bold")
        for i, name in enumerate(header):
            left = i == 0 or (i == 1 and name == _("agents"))
            table.add_column(name, justify="left" if left else "right", no_wrap=True)
        for row in rows:
            table.add_row(*row)
        console.print(table)
    if a.get("dropped_lines"):
        console.print(f"({_dropped(a['dropped_lines'])})", markup=False, highlight=False)


# --------------------------------------------------------------------------------------- plots
def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise MissingPlots(
            _(
                "no plots and no report: they need matplotlib, the analysis extra (pip install "
                "'boneyard[analysis]', or pip install '.[analysis]' in a checkout); --no-report "
                "leaves them out"
            )
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _errors(values: Sequence[float], intervals: Sequence[Sequence[float]]) -> list[list[float]]:
    return [
        [v - ci[0] for v, ci in zip(values, intervals, strict=True)],
        [ci[1] - v for v, ci in zip(values, intervals, strict=True)],
    ]


def integer_bins(values: Sequence[int], most: int = 40) -> list[float]:
    """Histogram edges for integer ``values``, the same for every side plotted: each bin holds
    whole numbers only (edges at halves), at most ``most`` bins of equal width.

    >>> integer_bins([1, 26])[:2], integer_bins([1, 26])[-1], len(integer_bins([1, 26]))
    ([0.5, 1.5], 26.5, 27)
    >>> integer_bins([0, 100])[:2], integer_bins([0, 100])[-1]
    ([-0.5, 2.5], 101.5)
    """
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / most))
    count = math.ceil((hi - lo + 1) / width)
    return [lo - 0.5 + width * i for i in range(count + 1)]


def _short_agents(agents: str) -> str:
    """A side's agents as a plot has room for them: a plug-in by its short name
    (``mypkg.agents:load(path=...)`` is ``load``), the tables keeping the whole name."""
    from ..players.agents.plugins import label

    return " / ".join(label(name) for name in agents.split(" / "))


def _figures(a: dict[str, Any]) -> dict[str, Any]:
    """The report's figures by file name (:data:`PLOTS`), laid out."""
    plt = _pyplot()
    figures = {
        "sides.png": _sides_figure(plt, a["sides"]),
        "leader.png": _leader_figure(plt, a["leader"]),
        "points.png": _points_figure(plt, a["sides"]),
        "lengths.png": _lengths_figure(plt, a),
    }
    for fig in figures.values():
        fig.tight_layout()
    return figures


def _sides_figure(plt: Any, sides: list[dict[str, Any]]) -> Any:
    labels = [f"{s['label']}\n{_short_agents(s['agents'])}" for s in sides]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6))
    rates = [s["win_rate"] for s in sides]
    left.bar(labels, rates, yerr=_errors(rates, [s["win_rate_ci95"] for s in sides]), capsize=6)
    left.set_ylabel(_("win rate"))
    left.set_title(_("hands won"))
    means = [s["points_per_hand"] for s in sides]
    right.bar(
        labels,
        means,
        yerr=_errors(means, [s["points_ci95"] for s in sides]),
        color="C1",
        capsize=6,
    )
    right.set_ylabel(_("points per hand"))
    right.set_title(_("points per hand"))
    return fig


def _leader_figure(plt: Any, lead: dict[str, Any]) -> Any:
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6))
    names = [_("leader's side"), _("other sides")]
    rates = [lead["win_rate"], lead["others_win_rate"]]
    left.bar(
        names,
        rates,
        yerr=_errors(rates, [lead["win_rate_ci95"], lead["others_win_rate_ci95"]]),
        color=["C2", "C7"],
        capsize=6,
    )
    left.set_ylabel(_("win rate"))
    left.set_title(
        _("win rate: {advantage} for the leader\n95% interval {interval}").format(
            advantage=_signed(lead["win_advantage"], pct=True),
            interval=_ci(lead["win_advantage_ci95"], pct=True),
        )
    )
    means = [lead["points_per_hand"], lead["others_points_per_hand"]]
    right.bar(
        names,
        means,
        yerr=_errors(means, [lead["points_ci95"], lead["others_points_ci95"]]),
        color=["C2", "C7"],
        capsize=6,
    )
    right.set_ylabel(_("points per hand"))
    right.set_title(
        _("points: {advantage} a hand for the leader\n95% interval {interval}").format(
            advantage=_signed(lead["points_advantage"]),
            interval=_ci(lead["points_advantage_ci95"]),
        )
    )
    return fig


def _points_figure(plt: Any, sides: list[dict[str, Any]]) -> Any:
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6))
    # One set of integer bins for every side, so that their bars compare bin for bin.
    every = [v for s in sides for v, _ in s["points_distribution"] if v != 0]
    bins = integer_bins(every) if every else []
    for s in sides:
        label = f"{s['label']} ({_short_agents(s['agents'])})"
        values = [v for v, _ in s["points_distribution"]]
        counts = [c for _, c in s["points_distribution"]]
        running, shares = 0, []
        for c in counts:
            running += c
            shares.append(running / s["hands"])
        left.step(values, shares, where="post", label=label)
        scored = [(v, c) for v, c in s["points_distribution"] if v != 0]
        if scored:
            right.hist(
                [v for v, _ in scored],
                bins=bins,
                weights=[c / s["hands"] for _, c in scored],
                histtype="step",
                label=label,
            )
    left.set_xlabel(_("points in a hand"))
    left.set_ylabel(_("share of hands with at most"))
    left.set_title(_("all hands (cumulative)"))
    left.legend()
    right.set_xlabel(_("points in a hand"))
    right.set_ylabel(_("share of hands"))
    right.set_title(_("the hands where the side scored"))
    return fig


def _lengths_figure(plt: Any, a: dict[str, Any]) -> Any:
    fig, ax = plt.subplots(figsize=(9, 3.6))
    dist = a["hand_length"]["distribution"]
    ax.bar([v for v, _ in dist], [c / a["hands"] for _, c in dist], color="C4")
    ax.axvline(a["hand_length"]["mean"], color="k", linestyle="--", label=_("mean"))
    ax.set_xlabel(_("moves in a hand"))
    ax.set_ylabel(_("share of hands"))
    ax.legend()
    return fig


def write_report(a: dict[str, Any], directory: str | Path) -> Path:
    """Write the plots (PNG) and ``report.html`` (the tables and the plots, embedded, so the page
    stands alone) into ``directory``; return the page's path. :class:`MissingPlots` without
    matplotlib."""
    plt = _pyplot()
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    images: dict[str, bytes] = {}
    for name, fig in _figures(a).items():
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=100)
        plt.close(fig)
        images[name] = buffer.getvalue()
        (out / name).write_bytes(images[name])
    page = out / "report.html"
    page.write_text(_html(a, images), encoding="utf-8")
    return page


def _html(a: dict[str, Any], images: dict[str, bytes]) -> str:
    e = html.escape
    parts = [
        "<!doctype html>",
        f'<html lang="{e(current_language())}"><head><meta charset="utf-8">',
        f"<title>{e(title(a))}</title>",
        "<style>body{font-family:sans-serif;max-width:62rem;margin:2rem auto;padding:0 1rem}"
        "table{border-collapse:collapse;margin:.5rem 0 1.5rem}"
        "th,td{border:1px solid #ccc;padding:.25rem .6rem;text-align:right}"
        "th:first-child,td:first-child,td:nth-child(2){text-align:left}"
        "caption{text-align:left;font-weight:bold;padding:.3rem 0}"
        "img{max-width:100%}figure{margin:1rem 0}</style>",
        "</head><body>",
        f"<h1>{e(title(a))}</h1>",
        "<p>"
        + e(
            _(
                "From {file}. Intervals are 95% (normal approximation: mean ± 1.96·sd/√n over "
                "hands)."
            )
        ).format(file=f"<code>{e(str(a.get('file', '')))}</code>")
        + "</p>",
    ]
    if a.get("dropped_lines"):
        parts.append(f"<p>{e(capital(_dropped(a['dropped_lines'])))}.</p>")
    for caption, header, rows in tables(a):
        parts.append(f"<table><caption>{e(caption)}</caption>")
        parts.append("<tr>" + "".join(f"<th>{e(h)}</th>" for h in header) + "</tr>")
        for row in rows:
            parts.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
        parts.append("</table>")
    for name, caption in PLOTS.items():
        caption = _(caption)
        if name in images:
            data = base64.b64encode(images[name]).decode("ascii")
            parts.append(
                f'<figure><img src="data:image/png;base64,{data}" alt="{e(caption)}">'
                f"<figcaption>{e(caption)} ({e(name)})</figcaption></figure>"
            )
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
