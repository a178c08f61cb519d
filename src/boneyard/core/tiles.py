"""Tiles and tile sets.

A tile is a small int: the tile ``a-b`` with ``a >= b`` has index ``a*(a+1)//2 + b``, so ``0-0`` is
0, ``1-0`` is 1, ``1-1`` is 2 and ``6-6`` is 27. The indexes of a double-six set are 0..27 and stay
the same in the double-nine (0..54) and double-twelve (0..90) sets, so a hand is an int bitmask over
tile indexes.

>>> t = parse_tile("4-6")
>>> format_tile(t), high(t), low(t), pips(t), is_double(t)
('6-4', 6, 4, 10, False)
>>> DOUBLE_SIX.size, DOUBLE_SIX.total_pips, DOUBLE_NINE.size, DOUBLE_TWELVE.size
(28, 168, 55, 91)
>>> [format_tile(t) for t in tiles_of(DOUBLE_SIX.suit_mask[6] & DOUBLE_SIX.doubles_mask)]
['6-6']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .i18n import _

__all__ = [
    "DOUBLE_NINE",
    "DOUBLE_SIX",
    "DOUBLE_TWELVE",
    "MAX_PIP",
    "TILE_SETS",
    "TileSet",
    "bit",
    "format_tile",
    "format_tiles",
    "high",
    "is_double",
    "low",
    "mask_of",
    "parse_tile",
    "pips",
    "popcount",
    "tile",
    "tile_set",
    "tiles_of",
]

MAX_PIP = 12
_COUNT = (MAX_PIP + 1) * (MAX_PIP + 2) // 2

# Per-index tables for every tile up to double-twelve, shared by all sets.
HIGH: tuple[int, ...] = tuple(a for a in range(MAX_PIP + 1) for b in range(a + 1))
LOW: tuple[int, ...] = tuple(b for a in range(MAX_PIP + 1) for b in range(a + 1))
PIPS: tuple[int, ...] = tuple(h + lo for h, lo in zip(HIGH, LOW, strict=True))
DOUBLE: tuple[bool, ...] = tuple(h == lo for h, lo in zip(HIGH, LOW, strict=True))
NAMES: tuple[str, ...] = tuple(f"{h}-{lo}" for h, lo in zip(HIGH, LOW, strict=True))
BIT: tuple[int, ...] = tuple(1 << i for i in range(_COUNT))


def tile(a: int, b: int) -> int:
    """The index of the tile with halves ``a`` and ``b`` (in either order)."""
    if a < b:
        a, b = b, a
    if b < 0 or a > MAX_PIP:
        raise ValueError(f"no tile {a}-{b}: pips run from 0 to {MAX_PIP}")
    return a * (a + 1) // 2 + b


def high(t: int) -> int:
    """The larger half of tile ``t``."""
    return HIGH[t]


def low(t: int) -> int:
    """The smaller half of tile ``t``."""
    return LOW[t]


def pips(t: int) -> int:
    """The pip total of tile ``t`` (a double counts both halves)."""
    return PIPS[t]


def is_double(t: int) -> bool:
    return DOUBLE[t]


def bit(t: int) -> int:
    """The bitmask holding only tile ``t``."""
    return BIT[t]


def other_half(t: int, p: int) -> int:
    """The half of ``t`` that is not ``p`` (``p`` itself for a double)."""
    h = HIGH[t]
    return LOW[t] if h == p else h


def parse_tile(text: str) -> int:
    """Parse ``"a-b"`` (either order, surrounding spaces allowed) into a tile index."""
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(
            _("not a tile: {text} (write tiles as a-b, e.g. 6-4)").format(text=repr(text))
        )
    return tile(int(parts[0]), int(parts[1]))


def parse_oriented(text: str) -> tuple[int, int]:
    """Parse ``"a-b"`` keeping the written order: returns ``(a, b)``."""
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(
            _("not a tile: {text} (write tiles as a-b, e.g. 6-4)").format(text=repr(text))
        )
    a, b = int(parts[0]), int(parts[1])
    tile(a, b)
    return a, b


def format_tile(t: int) -> str:
    """``"a-b"`` with the larger number first."""
    return NAMES[t]


def tiles_of(mask: int) -> Iterator[int]:
    """The tile indexes in ``mask``, lowest first."""
    while mask:
        low_bit = mask & -mask
        yield low_bit.bit_length() - 1
        mask ^= low_bit


def mask_of(tiles: Iterable[int]) -> int:
    m = 0
    for t in tiles:
        m |= BIT[t]
    return m


def popcount(mask: int) -> int:
    return mask.bit_count()


def format_tiles(mask: int) -> list[str]:
    return [NAMES[t] for t in tiles_of(mask)]


def mask_pips(mask: int) -> int:
    """Total pips of the tiles in ``mask``."""
    total = 0
    while mask:
        low_bit = mask & -mask
        total += PIPS[low_bit.bit_length() - 1]
        mask ^= low_bit
    return total


@dataclass(frozen=True)
class TileSet:
    """A double-n set with its precomputed masks."""

    name: str
    max_pip: int
    size: int = field(init=False)
    all_mask: int = field(init=False)
    doubles_mask: int = field(init=False)
    total_pips: int = field(init=False)
    # suit_mask[p]: the tiles of this set that show p on either half.
    suit_mask: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        n = self.max_pip
        size = (n + 1) * (n + 2) // 2
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "all_mask", (1 << size) - 1)
        object.__setattr__(self, "doubles_mask", mask_of([tile(p, p) for p in range(n + 1)]))
        object.__setattr__(self, "total_pips", n * (n + 1) * (n + 2) // 2)
        suits = tuple(
            mask_of([t for t in range(size) if HIGH[t] == p or LOW[t] == p]) for p in range(n + 1)
        )
        object.__setattr__(self, "suit_mask", suits)

    def tiles(self) -> range:
        return range(self.size)

    def contains(self, t: int) -> bool:
        return 0 <= t < self.size

    def check_deal(self, hands: Iterable[Iterable[int]], stock: Iterable[int]) -> None:
        """Raise ``ValueError`` unless the deal (``hands``) and the ``stock`` hold every tile of
        this set exactly once."""
        seen = 0
        for h in [*hands, stock]:
            for t in h:
                if not 0 <= t < self.size:
                    name = NAMES[t] if 0 <= t < len(NAMES) else str(t)
                    raise ValueError(
                        _("{tile} is not a tile of the {set} set").format(tile=name, set=self.name)
                    )
                if seen & BIT[t]:
                    raise ValueError(
                        _("{tile} appears twice in the deal and stock").format(tile=NAMES[t])
                    )
                seen |= BIT[t]
        if seen != self.all_mask:
            missing = [NAMES[t] for t in range(self.size) if not seen & BIT[t]]
            raise ValueError(_("the deal and stock miss {tiles}").format(tiles=", ".join(missing)))

    def parse(self, text: str) -> int:
        """Parse a tile and check that it belongs to this set."""
        t = parse_tile(text)
        if t >= self.size:
            raise ValueError(
                _("{tile} is not a tile of the {set} set").format(tile=text.strip(), set=self.name)
            )
        return t


DOUBLE_TWO = TileSet("double-two", 2)
"""6 tiles: with :data:`DOUBLE_THREE`, a set small enough for tabular methods (CFR) to solve a
hand exactly."""
DOUBLE_THREE = TileSet("double-three", 3)
DOUBLE_SIX = TileSet("double-six", 6)
DOUBLE_NINE = TileSet("double-nine", 9)
DOUBLE_TWELVE = TileSet("double-twelve", 12)
TILE_SETS: dict[str, TileSet] = {
    s.name: s for s in (DOUBLE_TWO, DOUBLE_THREE, DOUBLE_SIX, DOUBLE_NINE, DOUBLE_TWELVE)
}


def tile_set(name: str) -> TileSet:
    """Look up a set by name: ``double-two``, ``double-three``, ``double-six``, ``double-nine``,
    ``double-twelve`` (or 2, 3, 6, 9, 12)."""
    key = {
        "2": "double-two",
        "3": "double-three",
        "6": "double-six",
        "9": "double-nine",
        "12": "double-twelve",
    }.get(name, name)
    try:
        return TILE_SETS[key]
    except KeyError:
        raise ValueError(f"unknown tile set {name!r}: choose from {', '.join(TILE_SETS)}") from None
