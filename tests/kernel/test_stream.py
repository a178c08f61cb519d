"""The random stream both engines implement (boneyard.core.stream; kernel.h in C)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from boneyard.core import kernel
from boneyard.core.stream import MASK64, Stream, base_seed, mix64, substream, unit_seed

from .conftest import require_kernel


def test_splitmix64_reference_values() -> None:
    # SplitMix64 seeded 0: the state becomes 0x9E3779B97F4A7C15, mixed to the published first
    # output 0xE220A8397B1DCDAF; the next state is twice the constant (mod 2**64).
    s = Stream(0)
    assert s.next64() == 0xE220A8397B1DCDAF
    assert s.next64() == mix64((2 * 0x9E3779B97F4A7C15) & MASK64) == 0x6E789E6AA1B965F4


def test_random_is_the_top_53_bits() -> None:
    x = Stream(11).next64()
    assert Stream(11).random() == (x >> 11) / 2**53


def test_randrange_takes_the_top_bits_until_below() -> None:
    # randrange(10): the top 4 bits of each output (values 0..15), the first below 10.
    raw = Stream(5)
    expected = next(v for v in (raw.next64() >> 60 for _ in range(100)) if v < 10)
    assert Stream(5).randrange(10) == expected
    s = Stream(5)
    assert s.randrange(1) == 0 and s.getstate() == Stream(5).getstate()  # nothing drawn


def test_shuffle_and_sample_are_fisher_yates() -> None:
    s = Stream(2)
    items = list(range(7))
    expected = items[:]
    for i in range(6, 0, -1):
        j = s.randrange(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    Stream(2).shuffle(items)
    assert items == expected
    s = Stream(8)
    pool = list(range(28))
    for i in range(4):
        j = i + s.randrange(28 - i)
        pool[i], pool[j] = pool[j], pool[i]
    assert Stream(8).sample(range(28), 4) == pool[:4]
    with pytest.raises(ValueError):
        Stream(8).sample(range(3), 4)


def test_a_stream_is_a_random_random_that_copies_and_pickles() -> None:
    s = Stream(3)
    assert isinstance(s, random.Random)
    s.random()
    a, b = copy.deepcopy(s), pickle.loads(pickle.dumps(s))
    ahead = [s.random() for _ in range(5)]
    assert [a.random() for _ in range(5)] == ahead == [b.random() for _ in range(5)]
    assert Stream(-1).next64() == Stream(MASK64).next64()  # seeds are taken modulo 2**64
    with pytest.raises(TypeError):
        Stream("text")


def test_units_have_streams_of_their_own() -> None:
    seeds = {unit_seed(seed, i) for seed in range(20) for i in range(50)}
    assert len(seeds) == 1000
    assert unit_seed(7, 3) == substream(base_seed(7), 3)
    assert base_seed(10**30) != base_seed(10**30 + 2**64)  # any int seeds a run


@require_kernel()
def test_the_core_draws_the_same_numbers() -> None:
    from boneyard.core import _kernel

    for seed in (0, 1, 12345, MASK64):
        s = Stream(seed)
        assert _kernel.stream(seed, 50) == [s.next64() for _ in range(50)]
        assert _kernel.substream(seed, 17) == substream(seed, 17)
    assert kernel.available()
