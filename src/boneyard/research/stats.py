"""Exact running statistics: counts, means, standard deviations and 95% intervals.

Sums are kept exactly (integers, or fractions for the shares of Domino Pool), so a total does not
depend on the order the values came in: a run split between workers, or resumed from a file, gives
the same figures to the last bit.

>>> m = Moments()
>>> for x in (0, 4, 4, 4):
...     m.add(x)
>>> m.n, m.mean, m.sd, m.ci95
(4, 3.0, 2.0, (1.04, 4.96))
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from .results import ResultsError, ResultsReader

__all__ = [
    "Z95",
    "Distribution",
    "Moments",
    "Number",
    "ResultsAnalysis",
    "analyze_results",
    "exact",
    "side_label",
]

# The normal quantile of a two-sided 95% interval.
Z95 = 1.96

Number = int | Fraction


def exact(x: float | Fraction) -> Number:
    """``x`` as an int when it is whole, else as the exact fraction of its binary value."""
    if type(x) is int:
        return x
    if isinstance(x, int):
        return int(x)
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else x
    if x.is_integer():
        return int(x)
    return Fraction(x)


class Moments:
    """Count, sum and sum of squares of numbers, exactly."""

    __slots__ = ("n", "s", "s2")

    def __init__(self, values: Iterable[float | Fraction] = ()) -> None:
        self.n = 0
        self.s: Number = 0
        self.s2: Number = 0
        for v in values:
            self.add(v)

    def add(self, x: float | Fraction) -> None:
        v = exact(x)
        self.n += 1
        self.s += v
        self.s2 += v * v

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.s += other.s
        self.s2 += other.s2

    @property
    def total(self) -> float:
        return float(self.s)

    @property
    def mean(self) -> float:
        return float(Fraction(self.s) / self.n) if self.n else 0.0

    @property
    def variance(self) -> float:
        """The sample variance (``n - 1`` in the denominator); 0 for fewer than two values."""
        if self.n < 2:
            return 0.0
        s = Fraction(self.s)
        return float((self.s2 - s * s / self.n) / (self.n - 1))

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the mean: ``1.96 * sd / sqrt(n)`` (0 for one value)."""
        return Z95 * self.sd / math.sqrt(self.n) if self.n > 1 else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% interval of the mean (normal approximation)."""
        mean, half = self.mean, self.half_width
        return (mean - half, mean + half)

    def __repr__(self) -> str:
        return f"Moments(n={self.n}, mean={self.mean:g}, sd={self.sd:g})"


class Distribution:
    """How often each value came: a counter with exact order statistics."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: dict[Number, int] = {}

    def add(self, x: float | Fraction) -> None:
        v = exact(x)
        self.counts[v] = self.counts.get(v, 0) + 1

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def quantile(self, q: float) -> float:
        """The ``q`` quantile, interpolated between the two nearest values as NumPy's default
        (``linear``) does: the median of 1, 2, 3, 4 is 2.5."""
        n = self.n
        if not n:
            return 0.0
        pos = q * (n - 1)
        low_rank, frac = int(pos), pos - int(pos)
        low = high = None
        seen = 0
        for v in sorted(self.counts):
            seen += self.counts[v]
            if low is None and seen > low_rank:
                low = v
            if seen > low_rank + (1 if frac else 0):
                high = v
                break
        assert low is not None and high is not None
        return float(low + (high - low) * Fraction(frac))

    def pairs(self) -> list[list[float]]:
        """``[value, count]`` for each value, in increasing order."""
        return [[_json_number(v), c] for v, c in sorted(self.counts.items())]


def _json_number(v: Number) -> float:
    return v if isinstance(v, int) else float(v)


def _interval(m: Moments) -> list[float]:
    low, high = m.ci95
    return [low, high]


def _moments_json(m: Moments) -> dict[str, Any]:
    return {"mean": m.mean, "sd": m.sd, "ci95": _interval(m)}


def side_label(seats: Sequence[int]) -> str:
    """``seat 0`` or ``seats 0 & 2``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + " & ".join(str(s) for s in seats)


class ResultsAnalysis:
    """The statistics of a results file (``boneyard analyze``), gathered unit by unit so that a
    file of any size is read in little memory. :meth:`to_json` is the whole analysis."""

    def __init__(self, header: Mapping[str, Any]) -> None:
        self.header = dict(header)
        self.sides: list[list[int]] = [list(s) for s in header["sides"]]
        self.side_of = {seat: i for i, side in enumerate(self.sides) for seat in side}
        n = len(self.sides)
        self.units = 0
        self.hands = 0
        self.ties = 0
        self.wins = [0] * n
        self.won = [Moments() for _ in range(n)]  # 1 when the side won the hand, else 0
        self.points = [Moments() for _ in range(n)]
        self.distribution = [Distribution() for _ in range(n)]
        self.led = [0] * n
        self.blocked = Moments()
        self.length = Moments()
        self.lengths = Distribution()
        self.leader_won = Moments()
        self.others_won = Moments()
        self.leader_points = Moments()
        self.others_points = Moments()
        self.win_advantage = Moments()
        self.points_advantage = Moments()
        self.side_agents: list[set[str]] = [set() for _ in range(n)]
        self.agents: dict[str, dict[str, Any]] = {}
        # whole matches
        self.match_wins = [0] * n
        self.match_ties = 0
        self.match_points = [Moments() for _ in range(n)]
        self.match_hands = Moments()

    def add_unit(self, lines: Sequence[Mapping[str, Any]]) -> None:
        self.units += 1
        for line in lines:
            self.add_hand(line)
        match = lines[-1].get("match")
        if match is not None:
            winner = match["winner"]
            if winner is None:
                self.match_ties += 1
            else:
                self.match_wins[winner] += 1
            for i, p in enumerate(match["totals"]):
                self.match_points[i].add(p)
            self.match_hands.add(len(lines))

    def add_hand(self, line: Mapping[str, Any]) -> None:
        n = len(self.sides)
        self.hands += 1
        points = [exact(p) for p in line["points"]]
        winner = line["winner"]
        if winner is None:
            self.ties += 1
        else:
            self.wins[winner] += 1
        agents = line["agents"]
        for i, side in enumerate(self.sides):
            won = 1 if winner == i else 0
            self.won[i].add(won)
            self.points[i].add(points[i])
            self.distribution[i].add(points[i])
            name = " & ".join(dict.fromkeys(agents[s] for s in side))
            self.side_agents[i].add(name)
            stats = self.agents.setdefault(name, {"won": Moments(), "points": Moments()})
            stats["won"].add(won)
            stats["points"].add(points[i])
        self.blocked.add(1 if line["blocked"] else 0)
        self.length.add(line["moves"])
        self.lengths.add(line["moves"])
        lead = self.side_of[line["leader"]]
        self.led[lead] += 1
        others = n - 1
        leader_won = 1 if winner == lead else 0
        others_won: Number = 1 if winner is not None and winner != lead else 0
        others_points: Number = sum(points) - points[lead]
        if others > 1:  # the mean of the other sides
            others_won = Fraction(others_won, others)
            others_points = Fraction(others_points, others)
        self.leader_won.add(leader_won)
        self.others_won.add(others_won)
        self.leader_points.add(points[lead])
        self.others_points.add(others_points)
        self.win_advantage.add(leader_won - others_won)
        self.points_advantage.add(points[lead] - others_points)

    def to_json(self) -> dict[str, Any]:
        h = self.header
        out: dict[str, Any] = {
            "command": h.get("command"),
            "game": h.get("game"),
            "rules": h.get("rules"),
            "players": h.get("players"),
            "per": h.get("per"),
            "seed": h.get("seed"),
            "units": self.units,
            "hands": self.hands,
            "ties": self.ties,
            "tie_rate": self.ties / self.hands if self.hands else 0.0,
        }
        sides = []
        for i, seats in enumerate(self.sides):
            points = self.points[i]
            dist = self.distribution[i]
            sides.append(
                {
                    "side": i,
                    "seats": seats,
                    "label": side_label(seats),
                    "agents": " / ".join(sorted(self.side_agents[i])),
                    "hands": points.n,
                    "wins": self.wins[i],
                    "win_rate": self.won[i].mean,
                    "win_rate_ci95": _interval(self.won[i]),
                    "points": points.total,
                    "points_per_hand": points.mean,
                    "points_sd": points.sd,
                    "points_ci95": _interval(points),
                    "points_min": dist.quantile(0),
                    "points_median": dist.quantile(0.5),
                    "points_max": dist.quantile(1),
                    "points_distribution": dist.pairs(),
                    "led": self.led[i],
                }
            )
        out["sides"] = sides
        out["blocked"] = {
            "hands": int(self.blocked.s),
            "rate": self.blocked.mean,
            "ci95": _interval(self.blocked),
        }
        out["hand_length"] = {
            **_moments_json(self.length),
            "min": self.lengths.quantile(0),
            "median": self.lengths.quantile(0.5),
            "max": self.lengths.quantile(1),
            "distribution": self.lengths.pairs(),
        }
        out["leader"] = {
            "win_rate": self.leader_won.mean,
            "win_rate_ci95": _interval(self.leader_won),
            "others_win_rate": self.others_won.mean,
            "others_win_rate_ci95": _interval(self.others_won),
            "win_advantage": self.win_advantage.mean,
            "win_advantage_ci95": _interval(self.win_advantage),
            "points_per_hand": self.leader_points.mean,
            "points_ci95": _interval(self.leader_points),
            "others_points_per_hand": self.others_points.mean,
            "others_points_ci95": _interval(self.others_points),
            "points_advantage": self.points_advantage.mean,
            "points_advantage_ci95": _interval(self.points_advantage),
        }
        if self.match_hands.n:
            out["matches"] = {
                "matches": self.match_hands.n,
                "wins": self.match_wins,
                "ties": self.match_ties,
                "hands_per_match": _moments_json(self.match_hands),
                "points_per_match": [_moments_json(m) for m in self.match_points],
            }
        if any(len(a) > 1 for a in self.side_agents):
            out["agents"] = [
                {
                    "name": name,
                    "hands": s["points"].n,
                    "wins": int(s["won"].s),
                    "win_rate": s["won"].mean,
                    "win_rate_ci95": _interval(s["won"]),
                    "points_per_hand": s["points"].mean,
                    "points_ci95": _interval(s["points"]),
                }
                for name, s in self.agents.items()
            ]
        return out


def analyze_results(path: str | Path) -> dict[str, Any]:
    """The statistics of a results file (see :class:`ResultsAnalysis`), with ``file`` and
    ``dropped_lines`` (the lines of a torn end, ignored). :class:`ResultsError` if the file is
    not a results file or holds no whole unit."""
    with ResultsReader.open(path) as reader:
        if reader.header is None:
            raise ResultsError(f"{path}: no results (an empty file?)")
        analysis = ResultsAnalysis(reader.header)
        for _, lines in reader:
            analysis.add_unit(lines)
        dropped = reader.dropped
    if not analysis.hands:
        raise ResultsError(f"{path}: no whole unit yet")
    return {"file": str(path), **analysis.to_json(), "dropped_lines": dropped}
