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
import random
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from .results import ResultsError, ResultsReader

__all__ = [
    "BOOTSTRAP_SAMPLES",
    "Z95",
    "Distribution",
    "DuplicateDeals",
    "Moments",
    "Number",
    "ResultsAnalysis",
    "analyze_results",
    "bradley_terry",
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


def bradley_terry(beats: Sequence[Sequence[float]], iterations: int = 200) -> list[float]:
    """Elo-scale ratings (mean 1500) fitted to pairwise wins (``beats[i][j]``: how often ``i``
    beat ``j``, a count or a bootstrap weight) by the MM algorithm. An agent that never wins is
    given a small share so the scale stays finite."""
    k = len(beats)
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            won = sum(beats[i]) + 0.5  # a half win against nobody keeps every strength positive
            games = sum(
                (beats[i][j] + beats[j][i]) / (strength[i] + strength[j])
                for j in range(k)
                if j != i
            )
            new.append(won / games if games else strength[i])
        mean_log = math.fsum(math.log(x) for x in new) / k
        strength = [x / math.exp(mean_log) for x in new]
    return [1500.0 + 400.0 * math.log10(x) for x in strength]


# Bootstrap resamples of the deals behind each rating's interval.
BOOTSTRAP_SAMPLES = 200


def _poisson(rng: random.Random, mean: float) -> int:
    """A Poisson draw: exact (Knuth) for a small mean, the normal approximation for a large one."""
    if mean > 30:
        return max(0, round(rng.gauss(mean, math.sqrt(mean))))
    limit, k, p = math.exp(-mean), 0, 1.0
    while True:
        p *= rng.random()
        if p <= limit:
            return k
        k += 1


class DuplicateDeals:
    """What duplicate deals say about agents against each other: each deal played by every
    agent (in every rotation of the seats) gives each agent its mean points a hand over the
    deal's hands, and who beat whom in them.

    * :meth:`pairs`: for every two agents, the **paired difference** of their points per hand,
      deal by deal, with its 95% interval over deals (the deal's luck cancels out, so it is
      much narrower than the two agents' own intervals side by side).
    * :meth:`rating_intervals`: 95% intervals on the Bradley-Terry ratings, by a bootstrap over
      deals (the Poisson bootstrap: each deal weighted by a Poisson(1) draw, the deals with the
      same wins kept together so a run of any size costs the same).

    >>> d = DuplicateDeals(["a", "b"])
    >>> for gain in (3, 1, 2):
    ...     d.add_deal({"a": gain, "b": -gain}, [("a", "b")])
    >>> d.pairs()[0]["difference"], d.pairs()[0]["ci95"]
    (4.0, (1.7368, 6.2632))
    """

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.index = {n: i for i, n in enumerate(self.names)}
        k = len(self.names)
        self.differences = [[Moments() for _ in range(k)] for _ in range(k)]
        # The deals by their wins: (winner, loser) index pairs, sorted, and how many deals.
        self.patterns: dict[tuple[tuple[int, int], ...], int] = {}

    def add_deal(
        self, points: Mapping[str, float | Fraction], beats: Iterable[tuple[str, str]]
    ) -> None:
        """One deal: each agent's mean points a hand over its hands of the deal, and each win
        of one agent over another in them."""
        index = self.index
        present = [(index[n], exact(p)) for n, p in points.items()]
        for i, pi in present:
            for j, pj in present:
                if i < j:
                    self.differences[i][j].add(pi - pj)
        key = tuple(sorted((index[winner], index[loser]) for winner, loser in beats))
        self.patterns[key] = self.patterns.get(key, 0) + 1

    def pairs(self) -> list[dict[str, Any]]:
        """For every two agents ``a`` and ``b`` that played the same deals: ``deals``, the mean
        paired ``difference`` (``a``'s points per hand minus ``b``'s) and its ``ci95``."""
        out = []
        k = len(self.names)
        for i in range(k):
            for j in range(i + 1, k):
                m = self.differences[i][j]
                if m.n:
                    low, high = m.ci95
                    out.append(
                        {
                            "a": self.names[i],
                            "b": self.names[j],
                            "deals": m.n,
                            "difference": round(m.mean, 4),
                            "ci95": (round(low, 4), round(high, 4)),
                        }
                    )
        return out

    def beats(
        self, weights: Mapping[tuple[tuple[int, int], ...], float] | None = None
    ) -> list[list[float]]:
        """The matrix of wins (``[i][j]``: how often ``i`` beat ``j``), over every deal or with
        each pattern of wins weighted."""
        k = len(self.names)
        matrix = [[0.0] * k for _ in range(k)]
        for key, count in self.patterns.items():
            w = count if weights is None else weights[key]
            for i, j in key:
                matrix[i][j] += w
        return matrix

    def rating_intervals(
        self, samples: int = BOOTSTRAP_SAMPLES, seed: int = 0, anchor: int | None = None
    ) -> list[tuple[float, float]]:
        """Each agent's 95% interval on its Bradley-Terry rating (:func:`bradley_terry`), from
        ``samples`` bootstrap resamples of the deals (the 2.5th and 97.5th percentiles). With
        ``anchor`` (an agent's index) every resample's ratings are shifted so that agent's is
        1500: the intervals are then of each agent's distance from the anchor (the anchor's own
        is a point), on a scale fixed by that agent rather than by the mean."""
        rng = random.Random(seed)
        fits: list[list[float]] = []
        for _ in range(samples):
            weights = {key: float(_poisson(rng, n)) for key, n in self.patterns.items()}
            fit = bradley_terry(self.beats(weights), iterations=100)
            if anchor is not None:
                fit = [r - fit[anchor] + 1500.0 for r in fit]
            fits.append(fit)
        out = []
        for i in range(len(self.names)):
            values = sorted(f[i] for f in fits)
            low = values[int(0.025 * (len(values) - 1))]
            high = values[math.ceil(0.975 * (len(values) - 1))]
            out.append((round(low, 1), round(high, 1)))
        return out


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
        # A tournament's units are duplicate deals: the agents compared on the same deals, with
        # one sign everywhere, as `boneyard tournament` compares them (debits count negative).
        self.duplicate = (
            DuplicateDeals(header["agents"])
            if header.get("command") == "tournament" and header.get("per") == "deal"
            else None
        )
        self.sign = -1 if self.duplicate is not None and _debits(header) else 1

    def add_unit(self, lines: Sequence[Mapping[str, Any]]) -> None:
        self.units += 1
        for line in lines:
            self.add_hand(line)
        if self.duplicate is not None:
            self._add_deal(lines)
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

    def _add_deal(self, lines: Sequence[Mapping[str, Any]]) -> None:
        """A tournament's deal: each agent's mean points a hand over its hands of the deal (an
        agent plays for a whole side), and who beat whom."""
        assert self.duplicate is not None
        totals: dict[str, Number] = {}
        counts: dict[str, int] = {}
        beats: list[tuple[str, str]] = []
        for line in lines:
            names = [line["agents"][side[0]] for side in self.sides]
            for name, p in zip(names, line["points"], strict=True):
                totals[name] = totals.get(name, 0) + self.sign * exact(p)
                counts[name] = counts.get(name, 0) + 1
            winner = line["winner"]
            if winner is not None:
                beats += [(names[winner], n) for n in names if n != names[winner]]
        self.duplicate.add_deal({n: Fraction(t) / counts[n] for n, t in totals.items()}, beats)

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
            "sides": [self._side_json(i) for i in range(len(self.sides))],
            "blocked": {
                "hands": int(self.blocked.s),
                "rate": self.blocked.mean,
                "ci95": _interval(self.blocked),
            },
            "hand_length": {
                **_moments_json(self.length),
                "min": self.lengths.quantile(0),
                "median": self.lengths.quantile(0.5),
                "max": self.lengths.quantile(1),
                "distribution": self.lengths.pairs(),
            },
            "leader": self._leader_json(),
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
            out["agents"] = [_agent_json(name, s) for name, s in self.agents.items()]
        if self.duplicate is not None:
            out |= _duplicate_json(self.duplicate)
        return out

    def _side_json(self, i: int) -> dict[str, Any]:
        seats = self.sides[i]
        points = self.points[i]
        dist = self.distribution[i]
        return {
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

    def _leader_json(self) -> dict[str, Any]:
        return {
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


def _agent_json(name: str, s: dict[str, Any]) -> dict[str, Any]:
    """One agent's hands, wins and points, over the hands its side played."""
    return {
        "name": name,
        "hands": s["points"].n,
        "wins": int(s["won"].s),
        "win_rate": s["won"].mean,
        "win_rate_ci95": _interval(s["won"]),
        "points_per_hand": s["points"].mean,
        "points_ci95": _interval(s["points"]),
    }


def _debits(header: Mapping[str, Any]) -> bool:
    """Whether the results file's game counts debits (its lowest total wins)."""
    from ..games import get_game

    try:
        rules = get_game(header["game"]).configure(
            header.get("rules"), header.get("options"), header.get("players")
        )
    except Exception:  # a game or option this version does not know: its points as they are
        return False
    return bool(rules.presenter.lowest_wins)


def _duplicate_json(duplicate: DuplicateDeals) -> dict[str, Any]:
    """The ratings of the agents and their paired differences over duplicate deals."""
    ratings = bradley_terry(duplicate.beats())
    intervals = duplicate.rating_intervals()
    return {
        "ratings": [
            {"name": name, "rating": round(r, 1), "rating_ci95": list(ci)}
            for name, r, ci in zip(duplicate.names, ratings, intervals, strict=True)
        ],
        "pairs": [{**p, "ci95": list(p["ci95"])} for p in duplicate.pairs()],
    }


def analyze_results(path: str | Path) -> dict[str, Any]:
    """The statistics of a results file (see :class:`ResultsAnalysis`), with ``file`` and
    ``dropped_lines`` (the lines of a torn end, ignored). :class:`ResultsError` if the file is
    not a results file or holds no whole unit."""
    from ..core.i18n import _

    with ResultsReader.open(path) as reader:
        if reader.header is None:
            raise ResultsError(_("{file}: no results (an empty file?)").format(file=path))
        analysis = ResultsAnalysis(reader.header)
        for _unit, lines in reader:
            analysis.add_unit(lines)
        dropped = reader.dropped
    if not analysis.hands:
        raise ResultsError(_("{file}: no whole unit yet").format(file=path))
    return {"file": str(path), **analysis.to_json(), "dropped_lines": dropped}
