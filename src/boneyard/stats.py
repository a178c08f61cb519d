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
from collections.abc import Iterable
from fractions import Fraction

__all__ = ["Z95", "Moments", "Number", "exact"]

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

