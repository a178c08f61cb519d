"""Tiles and tile sets (RULES.md §1)."""

from __future__ import annotations

import pytest

from boneyard.core import tiles as tl
from boneyard.core.tiles import (
    DOUBLE_NINE,
    DOUBLE_SIX,
    DOUBLE_TWELVE,
    TileSet,
    format_tile,
    format_tiles,
    high,
    is_double,
    low,
    mask_of,
    parse_tile,
    pips,
    popcount,
    tile,
    tile_set,
    tiles_of,
)


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("0-0", 0),
        ("1-0", 1),
        ("1-1", 2),
        ("2-0", 3),
        ("6-0", 21),
        ("6-6", 27),
        ("9-9", 54),
        ("12-12", 90),
    ],
)
def test_tile_indexes(text: str, index: int) -> None:
    assert parse_tile(text) == index
    assert format_tile(index) == text


def test_index_formula_and_halves_for_every_tile_up_to_double_twelve() -> None:
    seen = set()
    for a in range(13):
        for b in range(a + 1):
            t = tile(a, b)
            assert t == a * (a + 1) // 2 + b
            assert tile(b, a) == t
            assert (high(t), low(t), pips(t), is_double(t)) == (a, b, a + b, a == b)
            assert format_tile(t) == f"{a}-{b}"
            seen.add(t)
    assert seen == set(range(91))


@pytest.mark.parametrize("text", ["4-6", "6-4", " 6-4 ", "6 - 4"])
def test_parse_either_order_and_spaces(text: str) -> None:
    assert parse_tile(text) == tile(6, 4)
    assert format_tile(parse_tile(text)) == "6-4"


@pytest.mark.parametrize("text", ["", "6", "6-", "-4", "6-4-2", "a-b", "6/4", "6--4", "6-x"])
def test_parse_rejects_non_tiles(text: str) -> None:
    with pytest.raises(ValueError, match="not a tile"):
        parse_tile(text)


def test_parse_rejects_pips_beyond_twelve() -> None:
    with pytest.raises(ValueError, match="pips run from 0 to 12"):
        parse_tile("13-0")
    with pytest.raises(ValueError, match="pips run from 0 to 12"):
        tile(-1, 3)


def test_parse_oriented_keeps_the_written_order() -> None:
    assert tl.parse_oriented("4-6") == (4, 6)
    assert tl.parse_oriented("6-4") == (6, 4)
    with pytest.raises(ValueError):
        tl.parse_oriented("4-13")
    with pytest.raises(ValueError, match="not a tile"):
        tl.parse_oriented("46")


def test_other_half() -> None:
    assert tl.other_half(tile(6, 4), 6) == 4
    assert tl.other_half(tile(6, 4), 4) == 6
    assert tl.other_half(tile(3, 3), 3) == 3


@pytest.mark.parametrize(
    ("tile_set_", "n", "size", "total"),
    [(DOUBLE_SIX, 6, 28, 168), (DOUBLE_NINE, 9, 55, 495), (DOUBLE_TWELVE, 12, 91, 1092)],
)
def test_set_sizes_doubles_and_suits(tile_set_: TileSet, n: int, size: int, total: int) -> None:
    # RULES.md §1: (n+1)(n+2)/2 tiles, n+1 doubles, each suit on n+1 tiles, n(n+1)(n+2)/2 pips.
    assert tile_set_.max_pip == n
    assert tile_set_.size == size == (n + 1) * (n + 2) // 2
    assert tile_set_.total_pips == total == sum(pips(t) for t in tile_set_.tiles())
    assert tile_set_.all_mask == (1 << size) - 1
    assert popcount(tile_set_.doubles_mask) == n + 1
    assert sorted(format_tiles(tile_set_.doubles_mask)) == sorted(f"{p}-{p}" for p in range(n + 1))
    assert len(tile_set_.suit_mask) == n + 1
    for p in range(n + 1):
        suit = tile_set_.suit_mask[p]
        assert popcount(suit) == n + 1
        assert all(p in (high(t), low(t)) for t in tiles_of(suit))
        assert suit & ~tile_set_.all_mask == 0
    assert list(tile_set_.tiles()) == list(range(size))
    assert tile_set_.contains(size - 1)
    assert not tile_set_.contains(size)
    assert not tile_set_.contains(-1)


def test_set_parse_checks_membership() -> None:
    assert DOUBLE_SIX.parse("6-6") == 27
    assert DOUBLE_NINE.parse("9-7") == tile(9, 7)
    with pytest.raises(ValueError, match="7-0 is not a tile of the double-six set"):
        DOUBLE_SIX.parse("7-0")
    with pytest.raises(ValueError, match="10-10 is not a tile of the double-nine set"):
        DOUBLE_NINE.parse("10-10")
    assert DOUBLE_TWELVE.parse("12-7") == tile(12, 7)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("double-six", DOUBLE_SIX),
        ("6", DOUBLE_SIX),
        ("double-nine", DOUBLE_NINE),
        ("9", DOUBLE_NINE),
        ("double-twelve", DOUBLE_TWELVE),
        ("12", DOUBLE_TWELVE),
    ],
)
def test_tile_set_lookup(name: str, expected: TileSet) -> None:
    assert tile_set(name) is expected


def test_unknown_tile_set_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match="double-six, double-nine, double-twelve"):
        tile_set("double-fifteen")


def test_masks_round_trip() -> None:
    ts = [tile(6, 6), tile(0, 0), tile(5, 3)]
    m = mask_of(ts)
    assert m == (1 << 27) | 1 | (1 << tile(5, 3))
    assert list(tiles_of(m)) == sorted(ts)
    assert popcount(m) == 3
    assert format_tiles(m) == ["0-0", "5-3", "6-6"]
    assert tl.mask_pips(m) == 12 + 0 + 8
    assert tl.mask_pips(0) == 0
    assert list(tiles_of(0)) == []
    assert tl.bit(5) == 32
    assert mask_of(iter([])) == 0
