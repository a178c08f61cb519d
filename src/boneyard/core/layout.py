"""The table: the tiles laid and the open ends where the next tile may go.

A layout is an immutable value, so a copied state shares it and a search pays nothing for it. Each
open end has a name (``L`` and ``R`` for the line; ``U`` and ``D`` for the short sides of the first
spinner; ``nU``/``nD`` for the short sides of a later spinner ``n-n``), the pip it shows, and the
tile at its tip. An end whose pip is ``-1`` exists but is not open yet (a spinner's short side
waiting for its long sides to be covered).

Layouts know geometry, not rules: which tile may go where, and what it scores, is decided by the
game's rules object, which then calls :meth:`Layout.attach`.

>>> from boneyard.core.tiles import parse_tile
>>> lay = Layout.lead(parse_tile("6-4"), left=6)
>>> lay.open_ends()
[('L', 6), ('R', 4)]
>>> lay = lay.attach(lay.index("R"), parse_tile("4-4"), 4)
>>> lay.open_ends(), [NAMES[t] for t in lay.tips]
([('L', 6), ('R', 4)], ['6-4', '4-4'])
"""

from __future__ import annotations

from .tiles import BIT, HIGH, LOW, NAMES

__all__ = ["Layout"]

# End kinds.
LONG = 0  # an ordinary end (of the line, or of an arm)
SHORT = 1  # a spinner's short side, nothing played on it yet
MARKED = 2  # a train carrying its owner's marker, open to every player (Mexican Train)


class Layout:
    """Placed tiles and open ends. Immutable: every change returns a new layout."""

    __slots__ = (
        "first_spinner",
        "kinds",
        "lead_tile",
        "names",
        "pips",
        "placed",
        "spinners",
        "tips",
    )

    names: tuple[str, ...]
    pips: tuple[int, ...]
    tips: tuple[int, ...]
    kinds: tuple[int, ...]
    placed: int
    spinners: int
    lead_tile: int
    first_spinner: int

    def __init__(
        self,
        names: tuple[str, ...],
        pips: tuple[int, ...],
        tips: tuple[int, ...],
        kinds: tuple[int, ...],
        placed: int,
        spinners: int,
        lead_tile: int,
        first_spinner: int = -1,
    ) -> None:
        self.names = names
        self.pips = pips
        self.tips = tips
        self.kinds = kinds
        self.placed = placed
        self.spinners = spinners
        self.lead_tile = lead_tile
        self.first_spinner = first_spinner

    @classmethod
    def lead(
        cls, tile: int, left: int | None = None, spinner: bool = False, short_open: bool = False
    ) -> Layout:
        """The layout after leading ``tile`` with ``left`` toward L (a double shows its number
        at both).

        A spinner lead also gets the short ends U and D, open at once when ``short_open``
        (no "sides first" rule), else waiting (pip -1) until both long sides are covered.
        """
        h, lo = HIGH[tile], LOW[tile]
        if left is None:
            left = h
        right = lo if left == h else h
        if left not in (h, lo):
            raise ValueError(f"{NAMES[tile]} has no {left}")
        if spinner:
            s = h if short_open else -1
            return cls(
                ("L", "R", "U", "D"),
                (left, right, s, s),
                (tile, tile, tile, tile),
                (LONG, LONG, SHORT, SHORT),
                BIT[tile],
                BIT[tile],
                tile,
                tile,
            )
        return cls(("L", "R"), (left, right), (tile, tile), (LONG, LONG), BIT[tile], 0, tile)

    def index(self, name: str) -> int:
        """The position of the end called ``name``; ``ValueError`` if there is none."""
        try:
            return self.names.index(name)
        except ValueError:
            raise ValueError(f"there is no end {name!r} (ends: {', '.join(self.names)})") from None

    def open_ends(self) -> list[tuple[str, int]]:
        """``(name, pip)`` of every end open now."""
        return [(n, p) for n, p in zip(self.names, self.pips, strict=True) if p >= 0]

    def attach(
        self, i: int, tile: int, exposed: int, spinner: bool = False, short_open: bool = False
    ) -> Layout:
        """Lay ``tile`` at end ``i``, leaving ``exposed`` showing there.

        With ``spinner`` the tile (a double) also opens two short ends named after it
        (``U``/``D`` for the first spinner of the hand, ``nU``/``nD`` for a later one); they
        are open at once with ``short_open``, else when the double's far side is covered.
        """
        names, pips, tips, kinds = self.names, self.pips, self.tips, self.kinds
        old_tip = tips[i]
        # Concatenation is the fastest way to replace one item of a short tuple.
        pips = pips[:i] + (exposed,) + pips[i + 1 :]  # noqa: RUF005
        tips = tips[:i] + (tile,) + tips[i + 1 :]  # noqa: RUF005
        if kinds[i] != LONG:
            kinds = kinds[:i] + (LONG,) + kinds[i + 1 :]  # noqa: RUF005
        spinners = self.spinners
        first_spinner = self.first_spinner
        if spinners and spinners & BIT[old_tip]:
            # Covering a long side of a spinner may open its waiting short sides.
            pips = _open_short_sides(old_tip, names, pips, tips, kinds)
        if spinner:
            n = HIGH[tile]
            prefix = "" if not spinners else str(n)
            s = n if short_open else -1
            names = (*names, prefix + "U", prefix + "D")
            pips = (*pips, s, s)
            tips = (*tips, tile, tile)
            kinds = (*kinds, SHORT, SHORT)
            if not spinners:
                first_spinner = tile
            spinners |= BIT[tile]
        placed = self.placed | BIT[tile]
        return Layout(names, pips, tips, kinds, placed, spinners, self.lead_tile, first_spinner)

    def extend(self, i: int, tile: int, exposed: int) -> Layout:
        """Lay ``tile`` at end ``i`` of a table without spinners, leaving ``exposed`` showing
        there: only that end changes (the fast path of :meth:`attach` for lines and trains)."""
        pips, tips = self.pips, self.tips
        return Layout(
            self.names,
            pips[:i] + (exposed,) + pips[i + 1 :],  # noqa: RUF005
            tips[:i] + (tile,) + tips[i + 1 :],  # noqa: RUF005
            self.kinds,
            self.placed | BIT[tile],
            self.spinners,
            self.lead_tile,
            self.first_spinner,
        )

    def search_key(self) -> tuple[object, ...]:
        """What a search tells positions apart by (the solver's transposition table)."""
        return (self.names, self.pips, self.tips, self.kinds, self.spinners, self.first_spinner)

    def is_spinner_tip(self, i: int) -> bool:
        return bool(self.spinners & BIT[self.tips[i]])

    def tiles_on_table(self) -> int:
        """Bitmask of the tiles laid."""
        return self.placed

    def __repr__(self) -> str:
        ends = ", ".join(
            f"{n}={p if p >= 0 else 'closed'}" for n, p in zip(self.names, self.pips, strict=True)
        )
        return f"<Layout {ends}>"


def _open_short_sides(
    spinner: int,
    names: tuple[str, ...],
    pips: tuple[int, ...],
    tips: tuple[int, ...],
    kinds: tuple[int, ...],
) -> tuple[int, ...]:
    """Open the waiting short sides of ``spinner`` once none of its long sides is free."""
    for j, t in enumerate(tips):
        if t == spinner and kinds[j] == LONG:
            return pips  # a long side is still free
    n = HIGH[spinner]
    return tuple(
        n if (t == spinner and kinds[j] == SHORT and pips[j] < 0) else pips[j]
        for j, t in enumerate(tips)
    )
