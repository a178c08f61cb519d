"""The random stream of simulations and tournaments: one generator that the pure-Python engine
and the compiled core (:mod:`boneyard.core.kernel`) implement alike, so that a seed deals the same
hands and the built-in agents make the same choices on both paths.

The generator is SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by a fixed
odd constant, each output the state put through a mixing function. It is small, fast, passes the
usual statistical batteries, and is simple to write identically in C. :class:`Stream` is a
:class:`random.Random`, so an agent handed one uses ``random()``, ``choice()``, ``shuffle()`` and
the rest as usual. Its draws, exactly:

* ``random()``: the top 53 bits of one output, divided by 2**53;
* ``getrandbits(k)``: ``w = ceil(k / 64)`` outputs (none for ``k == 0``) written one after the
  other, the first the most significant, as one number of ``64 * w`` bits, and its top ``k``
  bits;
* ``randrange(n)`` (and ``_randbelow``, so ``choice``), for every ``n >= 1`` however large: with
  ``k = (n - 1).bit_length()``, ``getrandbits(k)`` drawn again until it is below ``n``. Nothing
  is drawn for ``n == 1``; for ``n <= 2**64`` each try is the top ``k`` bits of one output; past
  2**64 each try takes ``ceil(k / 64)`` outputs (the search's exact counts of hidden deals, far
  beyond 2**64 in the double-twelve games, are drawn below this way). Each try is uniform over
  ``[0, 2**k)`` and ``2**k < 2 * n``, so the draw is exactly uniform and takes fewer than two
  tries on average;
* ``shuffle(x)``: Fisher-Yates from the last item down, each swap partner ``randrange(i + 1)``;
* ``sample(population, k)``: the first ``k`` items of a Fisher-Yates pass from the front (item
  ``i`` swapped with ``i + randrange(n - i)``).

The compiled core (``csrc/kernel.h``) draws the same way, output for output: ``rng_random`` is
``random()``; ``rng_below64(n)`` is ``randrange(n)`` for every ``n`` a 64-bit word holds
(``rng_below``, the core's own draws of swap partners and seats, is it); ``rng_below_wide`` is
``randrange(n)`` for ``n`` of any size up to 4,096 bits, given as 64-bit limbs, the most
significant first (the core itself never draws below more than a seat or tile count; the twin is
there so that the rule has one meaning in both languages, and ``tests/kernel/test_stream.py``
checks both against this class, from 2 to far past 2**64).

A run's units are seeded by :func:`unit_seed`: one hash of the run's seed (any int), then
substream ``index`` of it, so every hand of a simulation has its own stream whatever the workers.

>>> s = Stream(7)
>>> [s.randrange(10) for _ in range(5)]
[6, 0, 9, 7, 3]
>>> Stream(7).random() == Stream(7).random()
True
>>> Stream(7).randrange(2**64 + 1) == Stream(7).randrange(2**64 + 1) < 2**64 + 1
True
>>> x = list(range(6)); Stream(1).shuffle(x); x
[5, 0, 2, 1, 3, 4]
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

__all__ = ["STREAM", "Stream", "base_seed", "substream", "unit_seed"]

# The name of this stream design, in every results file's header: a run is resumed only with the
# stream that began it.
STREAM = "splitmix64"
MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
_TWO_53 = 1.0 / (1 << 53)
_VERSION = STREAM

T = TypeVar("T")


def mix64(z: int) -> int:
    """SplitMix64's output function (``z`` a 64-bit int)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def substream(seed: int, k: int) -> int:
    """The seed of the ``k``-th substream of a stream seeded ``seed`` (both taken modulo 2**64)."""
    return mix64((seed + (k + 1) * GAMMA) & MASK64)


def base_seed(seed: int) -> int:
    """A run's seed (any int) as the 64-bit seed its units' streams branch from: one hash of its
    decimal text, so that nearby seeds give unrelated runs."""
    digest = hashlib.blake2b(f"boneyard:{seed}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def unit_seed(seed: int, index: int) -> int:
    """The 64-bit seed of unit ``index`` (a hand, a match, a deal) of a run seeded ``seed``."""
    return substream(base_seed(seed), index)


class Stream(random.Random):
    """A :class:`random.Random` drawing from SplitMix64 (see the module docstring). Seeded with
    an int (taken modulo 2**64), or from the system when ``None``."""

    _state: int

    def __init__(self, seed: int | None = None) -> None:
        self._state = 0
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        if a is None:
            a = int.from_bytes(os.urandom(8), "big")
        if not isinstance(a, int):
            raise TypeError(f"a Stream is seeded with an int, not {type(a).__name__}")
        self._state = a & MASK64
        self.gauss_next = None

    def next64(self) -> int:
        """The next 64-bit output."""
        self._state = state = (self._state + GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def random(self) -> float:
        # next64, written out: agents call this once a move.
        self._state = state = (self._state + GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return ((z ^ (z >> 31)) >> 11) * _TWO_53

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        out, have = 0, 0
        while have < k:
            out = (out << 64) | self.next64()
            have += 64
        return out >> (have - k)

    def _randbelow(self, n: int) -> int:
        if n <= 1:
            return 0
        k = (n - 1).bit_length()
        if k > 64:  # n > 2**64: each try is several outputs (see the module docstring)
            while True:
                r = self.getrandbits(k)
                if r < n:
                    return r
        shift = 64 - k
        while True:
            r = self.next64() >> shift
            if r < n:
                return r

    def shuffle(self, x: MutableSequence[Any]) -> None:
        # _randbelow(i + 1) and next64, written out: every deal shuffles the set.
        state = self._state
        for i in range(len(x) - 1, 0, -1):
            shift = 64 - i.bit_length()
            while True:
                state = (state + GAMMA) & MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                j = (z ^ (z >> 31)) >> shift
                if j <= i:
                    break
            x[i], x[j] = x[j], x[i]
        self._state = state

    def sample(
        self, population: Sequence[T], k: int, *, counts: Iterable[int] | None = None
    ) -> list[T]:
        if counts is not None:
            raise ValueError("a Stream samples without counts")
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError("sample larger than population or is negative")
        below = self._randbelow
        for i in range(k):
            j = i + below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def getstate(self) -> tuple[Any, ...]:
        return (_VERSION, self._state, self.gauss_next)

    def setstate(self, state: tuple[Any, ...]) -> None:
        if not (isinstance(state, tuple) and len(state) == 3 and state[0] == _VERSION):
            raise ValueError("not the state of a Stream")
        self._state = int(state[1]) & MASK64
        self.gauss_next = state[2]
