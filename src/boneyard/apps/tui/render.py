"""The table and the hand drawn as tiles with real pips, as text: pure functions, no Textual.

A drawing is a :class:`Canvas`: rows of characters with a parallel grid of *roles* (what each cell
is: a tile's face, a pip, its border, an end's label...). The full-screen game colours cells by
role; the tests compare the characters.

The table is laid as people lay it. The lead sits near the middle; the L and R arms run left and
right from it, and when an arm reaches the edge of the window it turns a corner and comes back (the
line snakes). Doubles stand crosswise; a spinner's short sides grow up and down (a later spinner's
arms grow across whichever way its arm runs); in Matador every tile lies as it was joined, so the
half an end exposes is the one on the outside, and a matador laid crosswise stands across its arm
with both halves open. The open halves are marked (role ``o``/``O``), the ends are labelled with
their names, and the last tile laid is marked too.

Tiles come in four sizes, tried largest first until the whole table fits the window:

* ``large``: bordered tiles, each half a 3 x 3 grid of pips (13 x 5 cells lying, 7 x 9 standing);
* ``medium``: the same faces without borders (11 x 3 and 5 x 7), a cell of table between tiles;
* ``compact``: narrower faces, pips side by side (7 x 3 and 3 x 7);
* ``small``: numbers, as the line-based game draws them: ``[6|4]``, a double across as
  ``+6+`` / ``| |`` / ``+6+``.

Trains from a hub (Mexican Train) are drawn as the browser draws them: the engine standing on the
left, each train a row of tiles running right from it, named (and whose it is), with its marker.

What is drawn is the game's description of its table (:mod:`boneyard.core.views`): nothing here
knows a game. If even small tiles do not fit, :func:`table_canvas` falls back to the line-based
drawing of :func:`boneyard.text.drawing.render_table` (one line per arm); a trick-taking table is
told in words.

>>> from boneyard.core.tiles import parse_tile
>>> print(tile_canvas(LARGE, 6, 4).text())
╭─────┬─────╮
│● ● ●│●   ●│
│     │     │
│● ● ●│●   ●│
╰─────┴─────╯
>>> print(tile_canvas(SMALL, 5, 5, vertical=True).text())
+5+
| |
+5+
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from ...core.i18n import _
from ...core.tiles import BIT, HIGH, LOW, tiles_of
from ...core.views import ArmView, LineView, PlacedTile, TableView, TrickView
from ...core.words import Voice
from ...text.drawing import render_table, trick_lines

__all__ = [
    "COMPACT",
    "LARGE",
    "MEDIUM",
    "SMALL",
    "STYLES",
    "Canvas",
    "Piece",
    "TileStyle",
    "hand_canvas",
    "hand_fit",
    "table_canvas",
    "tile_canvas",
]

# Roles of cells: " " the table, "E" a tile's border, "A"/"B" the face of a tile's first/second
# half (left or top first), "a"/"b" a pip on it, "D" the line between the halves, "o"/"O" the face
# and a pip of an open half, "l" an end's label, "c" the label of an end offered for a choice,
# "x"/"X" the face and a pip of the tile laid last, "s"/"S" a selected tile of the hand,
# "d"/"q" the face and a pip of a tile that cannot be played now.
PIP = "●"


@dataclass(frozen=True)
class TileStyle:
    """How big tiles are drawn: ``half_w`` x ``half_h`` cells per half (``numeric`` styles write
    the number instead of pips), with or without a border, and the cells left between tiles."""

    name: str
    half_w: int
    half_h: int
    border: bool
    numeric: bool
    gap: int

    def size(self, vertical: bool, digits: int = 1) -> tuple[int, int]:
        """``(width, height)`` of a tile lying (``vertical=False``) or standing."""
        if self.numeric:
            return (digits + 2, 3) if vertical else (2 * digits + 3, 1)
        b = 2 if self.border else 0
        if vertical:
            return self.half_w + b, 2 * self.half_h + 1 + b
        return 2 * self.half_w + 1 + b, self.half_h + b


LARGE = TileStyle("large", 5, 3, border=True, numeric=False, gap=0)
MEDIUM = TileStyle("medium", 5, 3, border=False, numeric=False, gap=1)
COMPACT = TileStyle("compact", 3, 3, border=False, numeric=False, gap=1)
SMALL = TileStyle("small", 0, 0, border=False, numeric=True, gap=0)
STYLES = (LARGE, MEDIUM, COMPACT, SMALL)

# Where the pips of 0 to 9 go on a 3 x 3 grid, (row, column). A 6 runs along the tile: two rows
# of three on a tile lying down, two columns of three on a tile standing up.
_PIPS_LYING: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    9: tuple((r, c) for r in range(3) for c in range(3)),
}


def _pips(n: int, vertical: bool) -> tuple[tuple[int, int], ...]:
    spots = _PIPS_LYING[n]
    if vertical and n in (2, 3, 6, 7):
        # Turned a quarter: the 6 becomes two columns, the diagonal runs the other way.
        spots = tuple((c, 2 - r) for r, c in spots)
    return spots


class Canvas:
    """A grid of characters and of their roles (see the module's roles)."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.chars = [[" "] * width for _ in range(height)]
        self.roles = [[" "] * width for _ in range(height)]
        # Cells that name an end (for choosing an end with the mouse): (x, y) -> end.
        self.hotspots: dict[tuple[int, int], str] = {}
        # Where each tile of a hand is: (x0, x1, y0, y1) -> tile.
        self.tiles: dict[tuple[int, int, int, int], int] = {}

    def put(self, x: int, y: int, text: str, role: str) -> None:
        for i, ch in enumerate(text):
            if 0 <= y < self.height and 0 <= x + i < self.width:
                self.chars[y][x + i] = ch
                self.roles[y][x + i] = role

    def blit(self, other: Canvas, x: int, y: int, role_map: dict[str, str] | None = None) -> None:
        for r in range(other.height):
            for c in range(other.width):
                if 0 <= y + r < self.height and 0 <= x + c < self.width:
                    role = other.roles[r][c]
                    self.chars[y + r][x + c] = other.chars[r][c]
                    self.roles[y + r][x + c] = (role_map or {}).get(role, role)

    def lines(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.chars]

    def text(self) -> str:
        """The characters, without trailing blanks or blank rows at the end."""
        lines = self.lines()
        while lines and not lines[-1]:
            lines.pop()
        return "\n".join(lines)

    def role_lines(self) -> list[str]:
        return ["".join(row) for row in self.roles]


def tile_canvas(
    style: TileStyle, first: int, second: int, vertical: bool = False, digits: int = 1
) -> Canvas:
    """One tile showing ``first`` on its left (top, standing) half and ``second`` on the other;
    a numeric style writes each number in at least ``digits`` places (so that the tiles of a
    table drawn with numbers up to 12 are all one size), and a style with pips writes every
    number instead of pips when ``digits`` is more than 1 (a set beyond 9 is not drawn half in
    pips, half in numbers)."""
    if style.numeric:
        digits = max(digits, len(str(first)), len(str(second)))
        w, h = style.size(vertical, digits)
        canvas = Canvas(w, h)
        if vertical:
            canvas.put(0, 0, f"+{str(first).center(digits)}+", "A")
            canvas.put(0, 1, "|" + " " * digits + "|", "D")
            canvas.put(0, 2, f"+{str(second).center(digits)}+", "B")
        else:
            canvas.put(0, 0, f"[{str(first).rjust(digits)}|{str(second).ljust(digits)}]", "A")
            for i in range(len(str(first).rjust(digits)) + 2, w):
                canvas.roles[0][i] = "B"
        return canvas
    w, h = style.size(vertical)
    canvas = Canvas(w, h)
    hw, hh = style.half_w, style.half_h
    b = 1 if style.border else 0
    if style.border:
        if vertical:
            canvas.put(0, 0, "╭" + "─" * hw + "╮", "E")
            canvas.put(0, hh + 1, "├" + "─" * hw + "┤", "E")
            canvas.put(0, h - 1, "╰" + "─" * hw + "╯", "E")
            for r in (*range(1, hh + 1), *range(hh + 2, h - 1)):
                canvas.put(0, r, "│", "E")
                canvas.put(w - 1, r, "│", "E")
        else:
            canvas.put(0, 0, "╭" + "─" * hw + "┬" + "─" * hw + "╮", "E")
            canvas.put(0, h - 1, "╰" + "─" * hw + "┴" + "─" * hw + "╯", "E")
            for r in range(1, h - 1):
                canvas.put(0, r, "│", "E")
                canvas.put(hw + 1, r, "│", "E")
                canvas.put(w - 1, r, "│", "E")
    elif vertical:
        canvas.put(0, hh, "─" * hw, "D")
    else:
        for r in range(hh):
            canvas.put(hw, r, "│", "D")
    halves = ((first, "A", "a"), (second, "B", "b"))
    for i, (n, face, pip) in enumerate(halves):
        if vertical:
            x0, y0 = b, b + i * (hh + 1)
        else:
            x0, y0 = b + i * (hw + 1), b
        for r in range(hh):
            canvas.put(x0, y0 + r, " " * hw, face)
        if n > 9 or digits > 1:
            # A set with numbers above 9: every half written, so that all tiles read alike.
            canvas.put(x0 + (hw - len(str(n))) // 2, y0 + hh // 2, str(n), pip)
            continue
        step = (hw - 1) // 2
        for r, c in _pips(n, vertical):
            canvas.put(x0 + c * step, y0 + r, PIP, pip)
    return canvas


# --------------------------------------------------------------------- laying the table
# Directions: (dx, dy).
Dir = tuple[int, int]
E: Dir = (1, 0)
W: Dir = (-1, 0)
N: Dir = (0, -1)
S: Dir = (0, 1)
Rect = tuple[int, int, int, int]  # x, y, width, height


def _cw(d: Dir) -> Dir:
    return (-d[1], d[0])


def _ccw(d: Dir) -> Dir:
    return (d[1], -d[0])


def _sign(d: Dir) -> int:
    return d[0] + d[1]


@dataclass
class Piece:
    """A tile on the canvas: its cells, whether it stands, and the pips of its first (left or
    top) and second half."""

    tile: int
    x: int
    y: int
    w: int
    h: int
    standing: bool
    first: int
    second: int
    last: bool = False


@dataclass
class _Arm:
    """An arm being laid: where its next tile goes (``end``: the first free coordinate along the
    direction; ``axis``: the row or column the arm runs along), the piece it grows from."""

    name: str
    tiles: tuple[PlacedTile, ...]
    d: Dir
    end: int
    axis: int
    prev: int
    home_horizontal: bool
    back: Dir | None = None  # the way to come back after a corner (the line snakes)
    vertical_run: int = 0


class _Lay:
    """One attempt to lay the table in a style on a canvas of a given size."""

    def __init__(self, style: TileStyle, width: int, height: int, digits: int = 1) -> None:
        self.style = style
        self.width = width
        self.height = height
        self.digits = digits
        self.pieces: list[Piece] = []
        self.owner: dict[tuple[int, int], int] = {}
        self.ends: dict[str, tuple[int, Dir]] = {}  # end -> (its tip piece, its direction)
        self.corners = 0

    def size(self, standing: bool) -> tuple[int, int]:
        return self.style.size(standing, self.digits)

    def crosswise(self, p: PlacedTile) -> bool:
        """Whether a tile stands across its arm (a double laid crosswise, a spinner, a crosswise
        matador)."""
        return p.cross

    def fits(self, rect: Rect, allowed: int = -1) -> bool:
        """Inside the canvas, and no other tile within the style's gap (but ``allowed``, the
        tile it joins)."""
        x, y, w, h = rect
        if x < 0 or y < 0 or x + w > self.width or y + h > self.height:
            return False
        g = self.style.gap
        for yy in range(y - g, y + h + g):
            for xx in range(x - g, x + w + g):
                owner = self.owner.get((xx, yy))
                if owner is not None and owner != allowed:
                    return False
        return True

    def add(self, piece: Piece) -> int:
        index = len(self.pieces)
        self.pieces.append(piece)
        for yy in range(piece.y, piece.y + piece.h):
            for xx in range(piece.x, piece.x + piece.w):
                self.owner[(xx, yy)] = index
        return index

    def rect(self, d: Dir, end: int, axis: int, standing: bool) -> Rect:
        """The cells of a tile laid at an arm's end, centred on the arm's axis."""
        w, h = self.size(standing)
        if d in (E, W):
            return (end if d == E else end - w), axis - h // 2, w, h
        return axis - w // 2, (end if d == S else end - h), w, h

    def corner(self, arm: _Arm, new: Dir) -> tuple[Rect, int, int]:
        """The cells of a tile that turns the arm's corner into ``new`` (laid along it, beside the
        arm's end and flush with the arm's outer side), with the new end and axis."""
        standing = new in (N, S)
        w, h = self.size(standing)
        if arm.d in (E, W):
            _, lh = self.size(False)
            lo = arm.axis - lh // 2
            x = arm.end if arm.d == E else arm.end - w
            y = lo if new == S else lo + lh - h
            return (x, y, w, h), (y + h if new == S else y), x + w // 2
        sw, _ = self.size(True)
        lo = arm.axis - sw // 2
        y = arm.end if arm.d == S else arm.end - h
        x = lo if new == E else lo + sw - w
        return (x, y, w, h), (x + w if new == E else x), y + h // 2

    def run(self, d: Dir, end: int, axis: int) -> int:
        """How many ordinary tiles would fit straight on from an end (at most 6)."""
        count = 0
        standing = d in (N, S)
        w, h = self.size(standing)
        step = (w if d in (E, W) else h) + self.style.gap
        while count < 6 and self.fits(self.rect(d, end, axis, standing)):
            count += 1
            end += step * _sign(d)
        return count

    # -- laying
    def lay(self, view: LineView, x: int, y: int) -> bool:
        lead = view.lead
        assert lead is not None
        last = view.last if view.last is not None else -1
        standing = self.crosswise(lead)
        w, h = self.size(standing)
        if not self.fits((x, y, w, h)):
            return False
        first, second = (lead.a, lead.a) if standing else (lead.a, lead.b)
        root = self.add(Piece(lead.tile, x, y, w, h, standing, first, second, lead.tile == last))
        g = self.style.gap
        axis = y + h // 2
        queue: list[_Arm] = []
        short: list[ArmView] = []
        for view_arm in view.arms:
            if view_arm.root == lead.tile and view_arm.way in ("left", "right"):
                d, end = (W, x - g) if view_arm.way == "left" else (E, x + w + g)
                queue.append(_Arm(view_arm.name, view_arm.tiles, d, end, axis, root, True))
            else:
                short.append(view_arm)

        def open_short_sides(t: int, index: int, d: Dir) -> None:
            piece = self.pieces[index]
            for side in short:
                if side.root != t:
                    continue
                up = side.way == "up"
                if side.half is not None and d in (E, W):
                    # Off one half of a tile standing across (a chicken foot's outer toe): a
                    # column just beyond that side of it, going up or down from the line.
                    sw, _ = self.size(True)
                    _, lh = self.size(False)
                    row = piece.y + piece.h // 2 - lh // 2  # the top of the line's tiles
                    end = row - g if up else row + lh + g
                    if side.half == "left":
                        column = piece.x - g - sw + sw // 2
                    else:
                        column = piece.x + piece.w + g + sw // 2
                    queue.append(
                        _Arm(side.name, side.tiles, N if up else S, end, column, index, False)
                    )
                    continue
                if d in (E, W):
                    sd = N if up else S
                    end = piece.y - g if up else piece.y + piece.h + g
                    axis = piece.x + piece.w // 2
                else:
                    sd = W if up else E
                    end = piece.x - g if up else piece.x + piece.w + g
                    axis = piece.y + piece.h // 2
                queue.append(_Arm(side.name, side.tiles, sd, end, axis, index, False))

        if lead.spinner:
            open_short_sides(lead.tile, root, E)
        while queue:
            arm = queue.pop(0)
            for i, p in enumerate(arm.tiles):
                index = self.place(arm, p, last, more=i < len(arm.tiles) - 1)
                if index is None:
                    return False
                if p.spinner and not (p.cross and not p.double):
                    open_short_sides(p.tile, index, arm.d)
            self.ends[arm.name] = (arm.prev, arm.d)
        return True

    def room_to_turn(self, d: Dir, end: int) -> bool:
        """Whether beyond ``end`` there is room for a tile turning the corner."""
        g = self.style.gap
        if d in (E, W):
            w, _ = self.size(True)
            return end + g + w <= self.width if d == E else end - g - w >= 0
        _, h = self.size(False)
        return end + g + h <= self.height if d == S else end - g - h >= 0

    def place(self, arm: _Arm, p: PlacedTile, last: int, more: bool = False) -> int | None:
        """Lay the arm's next tile: straight on if it fits, else round a corner (back the other
        way after a corner of the line, so that it snakes); the piece, or ``None``. With
        ``more`` tiles to come, an arm turns before it runs out of room to turn."""
        cross = self.crosswise(p)
        across = cross and not p.double  # a crosswise matador, both halves open
        # A double laid across may turn a corner if it must (lying along the new way), but
        # never a spinner, whose short sides need it across.
        can_turn = not cross or not (across or p.spinner)
        options: list[tuple[Dir, Rect, int, int, bool]] = []
        if arm.home_horizontal and arm.d in (N, S) and arm.back is not None and not cross:
            r, end, axis = self.corner(arm, arm.back)
            options.append((arm.back, r, end, axis, False))
        standing = (arm.d in (N, S)) != cross
        r = self.rect(arm.d, arm.end, arm.axis, standing)
        x, y, w, h = r
        end = (x + w if arm.d == E else x) if arm.d in (E, W) else (y + h if arm.d == S else y)
        straight = (arm.d, r, end, arm.axis, standing)
        tight = more and can_turn and not self.room_to_turn(arm.d, end)
        if not tight:
            options.append(straight)
        chosen = next((o for o in options if self.fits(o[1], arm.prev)), None)
        if chosen is None and can_turn:
            best = -1
            for new in (_cw(arm.d), _ccw(arm.d)):
                r, end, axis = self.corner(arm, new)
                if not self.fits(r, arm.prev):
                    continue
                ahead = self.run(new, end + self.style.gap * _sign(new), axis)
                if ahead > best:
                    best, chosen = ahead, (new, r, end, axis, new in (N, S))
        if chosen is None and tight and self.fits(straight[1], arm.prev):
            chosen = straight
        if chosen is None:
            return None
        new, (x, y, w, h), end, axis, standing = chosen
        if new != arm.d:
            self.corners += 1
            if arm.d in (E, W):
                arm.back = (-arm.d[0], 0)
            arm.d, arm.axis = new, axis
            arm.vertical_run = 1 if new in (N, S) else 0
        elif new in (N, S):
            arm.vertical_run += 1
        if cross and not across:
            first = second = p.a
        else:
            first, second = _halves(p, new)
        index = self.add(Piece(p.tile, x, y, w, h, standing, first, second, p.tile == last))
        arm.prev = index
        arm.end = end + self.style.gap * _sign(new)
        return index


def _halves(p: PlacedTile, d: Dir) -> tuple[int, int]:
    """The pips of a tile's first (left or top) and second half, laid along ``d``."""
    if p.cross and not p.double:
        return p.a, p.b  # a crosswise matador stands as it lies, the higher on top
    if d in (E, S):
        return p.a, p.b
    return p.b, p.a


def _digits(view: LineView) -> int:
    """The widest number on the table (for tiles drawn with numbers)."""
    tiles = [p for arm in view.arms for p in arm.tiles]
    if view.lead is not None:
        tiles.append(view.lead)
    return max((len(str(max(p.a, p.b))) for p in tiles), default=1)


def lay_table(view: LineView, style: TileStyle, width: int, height: int) -> _Lay | None:
    """Lay the table in ``style`` on a ``width`` x ``height`` canvas; ``None`` if it does not fit.

    A few places for the lead are tried (the whole line centred when it fits on one row), and the
    layout with the fewest corners and the lead nearest the middle is kept."""
    lead = view.lead
    if lead is None or view.hub:
        return None
    digits = _digits(view)
    probe = _Lay(style, width, height, digits)

    def length(way: str) -> int:
        """How long the lead's arm going ``way`` is, in cells."""
        along = way in ("left", "right")
        total = 0
        for arm in view.arms:
            if arm.way != way or arm.root != lead.tile or arm.half is not None:
                continue
            for p in arm.tiles:
                size = probe.size(probe.crosswise(p) != (not along))
                total += (size[0] if along else size[1]) + style.gap
        return total

    lw, lh = probe.size(probe.crosswise(lead))
    left, right = length("left"), length("right")
    xs: list[int] = []
    if left + lw + right <= width:
        xs.append((width - left - lw - right) // 2 + left)
    for frac in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9):
        x = int(width * frac) - lw // 2
        if x not in xs:
            xs.append(x)
    up, down = length("up"), length("down")
    ys: list[int] = []
    for middle in (height // 2 + (up - down) // 2, height // 2, height // 3, 2 * height // 3):
        y = middle - lh // 2
        if y not in ys:
            ys.append(y)
    best: tuple[float, _Lay] | None = None
    for y in ys:
        for x in xs:
            attempt = _Lay(style, width, height, digits)
            if not attempt.lay(view, x, y):
                continue
            off = abs(x + lw / 2 - width / 2) + 2 * abs(y + lh / 2 - height / 2)
            score = 10 * attempt.corners + off
            if best is None or score < best[0]:
                best = (score, attempt)
            if attempt.corners == 0:
                return attempt  # the first place tried is the best-centred
    return best[1] if best is not None else None


def table_canvas(
    view: TableView,
    width: int,
    height: int,
    *,
    styles: Sequence[TileStyle] = STYLES,
    choices: Sequence[str] = (),
    voice: Voice | None = None,
) -> tuple[Canvas, TileStyle | None]:
    """Draw the table a game describes on a ``width`` x ``height`` canvas in the largest style
    that fits, with the open halves marked and every open end labelled (the ends in ``choices``
    marked as offered). Returns the canvas and its style (``None``: the line-based drawing, one
    line per arm). A trick-taking table is told in words; names on the table are told by
    ``voice``."""
    voice = voice or Voice(())
    width, height = max(width, 1), max(height, 1)
    if isinstance(view, TrickView):
        return _text_canvas(trick_lines(view, voice), width, height), None
    if view.lead is None:
        canvas = Canvas(width, height)
        message = _("The table is empty.")
        canvas.put(max(0, (width - len(message)) // 2), height // 2, message, "l")
        return canvas, styles[0] if styles else None
    for style in styles:
        if view.hub:
            hub = hub_canvas(view, style, width, height, choices, voice)
            if hub is not None:
                return hub, style
            continue
        lay = lay_table(view, style, width, height)
        if lay is not None:
            return _draw(lay, view, choices), style
    return _text_canvas(render_table(view, voice, max(width, 20)).splitlines(), width, height), None


def _text_canvas(lines: Sequence[str], width: int, height: int) -> Canvas:
    """Lines of text on a canvas (the table told or drawn as plain text), each too long for the
    width wrapped between words onto indented rows, never cut."""
    rows: list[str] = []
    for line in lines:
        if len(line) <= width:
            rows.append(line)
            continue
        indent = len(line) - len(line.lstrip())
        rows += textwrap.wrap(
            line,
            width,
            subsequent_indent=" " * (indent + 2),
            break_long_words=False,
            break_on_hyphens=False,
        ) or [line]
    canvas = Canvas(max(width, *(len(t) for t in rows)), max(height, len(rows)))
    for r, line in enumerate(rows):
        canvas.put(0, r, line, "A")
    return canvas


_LAST = {"A": "x", "B": "x", "a": "X", "b": "X"}


def _draw(lay: _Lay, view: LineView, choices: Sequence[str]) -> Canvas:
    canvas = Canvas(lay.width, lay.height)
    for piece in lay.pieces:
        tile = tile_canvas(lay.style, piece.first, piece.second, piece.standing, lay.digits)
        canvas.blit(tile, piece.x, piece.y, _LAST if piece.last else None)
    for end in view.ends:
        name = end.name
        if end.shows is None or name not in lay.ends:
            continue
        index, d = lay.ends[name]
        piece = lay.pieces[index]
        across = piece.standing != (d in (N, S))
        if across:
            halves = {0, 1}
        elif index == 0 and d in (N, S):
            halves = set()  # an empty short side of the lead spinner
        else:
            halves = {1} if d in (E, S) else {0}
        _mark_open(canvas, piece, halves)
        _label(canvas, piece, d, name, "c" if name in choices else "l", view.said(name))
    return canvas


# --------------------------------------------------------------------- trains from a hub
MARKER = "⚑"


def hub_canvas(
    view: LineView,
    style: TileStyle,
    width: int,
    height: int,
    choices: Sequence[str] = (),
    voice: Voice | None = None,
) -> Canvas | None:
    """Trains from a hub, as the browser draws them: the engine standing on the left, a spoke
    from it to each train, each train a row of tiles running right (a long one goes on in a
    row under it), its name and whose it is before it (with the marker ``⚑`` when it carries
    one) and its end's name after it. ``None`` if it does not fit in ``style``."""
    lead = view.lead
    assert lead is not None
    digits = _digits(view)
    lay = _Lay(style, width, height, digits)
    ew, eh = lay.size(True)
    lw, lh = lay.size(False)
    fitted = _train_labels(view, voice or Voice(()), width - ew - lw)
    if fitted is None:
        return None
    labels, end_w = fitted
    x0 = ew + 5 + max(len(t) for t in labels)  # where each train's first tile goes
    rows = _train_rows(view, lay, x0, width - end_w)
    heights = [max([lh, *(lay.size(p.cross)[1] for p in row)]) for _, row in rows]
    between = 1 if style.gap else 0
    total = sum(heights) + between * (len(rows) - 1)
    if total > height or eh > height:
        return None
    canvas = Canvas(width, height)
    axes: list[int] = []
    y = (height - total) // 2
    for h in heights:
        axes.append(y + h // 2)
        y += h + between
    # The engine, standing in the middle of the trains' first rows.
    firsts = [axes[k] for k, (i, _) in enumerate(rows) if k == 0 or rows[k - 1][0] != i]
    ey = max(0, min(height - eh, (firsts[0] + firsts[-1]) // 2 - eh // 2))
    last = view.last if view.last is not None else -1
    engine = tile_canvas(style, lead.a, lead.b, vertical=True, digits=digits)
    canvas.blit(engine, 0, ey, _LAST if lead.tile == last else None)
    bar = ew + 1
    _draw_spokes(canvas, bar, ey + eh // 2, firsts)
    for k, (i, row) in enumerate(rows):
        first = k == 0 or rows[k - 1][0] != i
        if first:
            canvas.put(bar + 3, axes[k], labels[i], "l")
        else:
            canvas.put(x0, axes[k], "…", "l")
        x, tip = _draw_train_row(canvas, lay, row, x0 if first else x0 + 2, axes[k], last)
        if k == len(rows) - 1 or rows[k + 1][0] != i:
            _draw_train_end(
                canvas, view, view.arms[i], tip, x + (0 if style.gap else 1), axes[k], choices
            )
    return canvas


def _train_labels(view: LineView, voice: Voice, room: int) -> tuple[list[str], int] | None:
    """What stands before each train (its name, its marker, whose it is: that last left out if
    the labels do not fit in ``room`` with a tile and the end's name after it) and the width of
    the end's name; ``None`` if even the shorter labels do not fit."""

    def label(arm: ArmView, titled: bool) -> str:
        end = view.end(arm.name)
        title = voice.tell(end.title) if titled and end is not None and end.title else ""
        mark = f" {MARKER}" if end is not None and end.marked else ""
        return f"{view.said(arm.name)}{mark}{f' {title}' if title else ''}"

    end_w = max(len(view.said(arm.name)) for arm in view.arms) + 1
    for titled in (True, False):
        labels = [label(arm, titled) for arm in view.arms]
        if 5 + max(len(t) for t in labels) + end_w <= room:
            return labels, end_w
    return None


def _train_rows(
    view: LineView, lay: _Lay, x0: int, right: int
) -> list[tuple[int, list[PlacedTile]]]:
    """Each train's rows of tiles from ``x0`` to at most ``right``, a long train going on in
    rows under its first: ``(the train's index, its tiles in this row)``."""
    rows: list[tuple[int, list[PlacedTile]]] = []
    for i, arm in enumerate(view.arms):
        row: list[PlacedTile] = []
        used = x0
        for p in arm.tiles:
            w, _ = lay.size(p.cross)
            if row and used + w + lay.style.gap > right:
                rows.append((i, row))
                row, used = [], x0 + 2
            row.append(p)
            used += w + lay.style.gap
        rows.append((i, row))
    return rows


_JOINTS = {
    # (up, down, left, right): where a spoke meets the bar beside the engine.
    (True, True, True, True): "┼",
    (True, True, True, False): "┤",
    (True, True, False, True): "├",
    (False, True, True, True): "┬",
    (True, False, True, True): "┴",
    (False, True, False, True): "╭",
    (True, False, False, True): "╰",
    (False, True, True, False): "╮",
    (True, False, True, False): "╯",
}


def _draw_spokes(canvas: Canvas, bar: int, hub: int, firsts: list[int]) -> None:
    """The spokes: a bar in column ``bar`` beside the engine, left by a spoke at row ``hub``,
    and a branch to each train's first row (``firsts``)."""
    top_row, bottom_row = min(firsts[0], hub), max(firsts[-1], hub)
    for y in range(top_row, bottom_row + 1):
        canvas.put(bar, y, "│", "l")
    canvas.put(bar - 1, hub, "─", "l")
    for y in {*firsts, hub}:
        up, down = y > top_row, y < bottom_row
        left, right = y == hub, y in firsts
        canvas.put(bar, y, _JOINTS.get((up, down, left, right), "─"), "l")
        if right:
            canvas.put(bar + 1, y, "─", "l")


def _draw_train_row(
    canvas: Canvas, lay: _Lay, row: list[PlacedTile], x: int, axis: int, last: int
) -> tuple[int, Piece | None]:
    """A row of a train's tiles from column ``x`` on the row ``axis``: where the row ends, and
    its last tile (``None``: an empty train)."""
    style = lay.style
    tip: Piece | None = None
    for p in row:
        w, h = lay.size(p.cross)
        first_pip, second_pip = (p.a, p.a) if p.cross and p.double else (p.a, p.b)
        tile = tile_canvas(style, first_pip, second_pip, p.cross, lay.digits)
        canvas.blit(tile, x, axis - h // 2, _LAST if p.tile == last else None)
        tip = Piece(p.tile, x, axis - h // 2, w, h, p.cross, first_pip, second_pip)
        x += w + style.gap
    return x, tip


def _draw_train_end(
    canvas: Canvas,
    view: LineView,
    arm: ArmView,
    tip: Piece | None,
    at: int,
    axis: int,
    choices: Sequence[str],
) -> None:
    """A train's open end: its tip's open half marked, and the end's name at column ``at``
    (highlighted if it is one of the ``choices``, and a place to click)."""
    end = view.end(arm.name)
    if end is None or end.shows is None:
        return
    if tip is not None:
        _mark_open(canvas, tip, {0, 1} if tip.standing else {1})
    role = "c" if arm.name in choices else "l"
    said = view.said(arm.name)
    canvas.put(at, axis, said, role)
    for c in range(len(said)):
        canvas.hotspots[(at + c, axis)] = arm.name


def _mark_open(canvas: Canvas, piece: Piece, halves: set[int]) -> None:
    """Mark the open halves of a tip (faces ``o``, pips ``O``)."""
    for r in range(piece.y, piece.y + piece.h):
        for c in range(piece.x, piece.x + piece.w):
            role = canvas.roles[r][c]
            if role in "AB":
                half = 0 if role == "A" else 1
            elif role in "ab":
                half = 0 if role == "a" else 1
            elif role in "xX":
                first = (
                    (r - piece.y) * 2 < piece.h if piece.standing else (c - piece.x) * 2 < piece.w
                )
                half = 0 if first else 1
            else:
                continue
            if half in halves:
                canvas.roles[r][c] = "O" if role in "abX" else "o"


def _label(
    canvas: Canvas, piece: Piece, d: Dir, name: str, role: str, text: str | None = None
) -> None:
    """The end's name just beyond its tip, or by a corner of the tip if that is taken: ``text``
    (the name as a person reads it), a place to click for the end ``name``."""
    text = text or name
    n = len(text)
    x0, y0, x1, y1 = piece.x, piece.y, piece.x + piece.w, piece.y + piece.h
    if d in (E, W):
        # Beyond the end, else above or below the end's half.
        col = x1 - n if d == E else x0
        beyond = (x1 + 1, y0 + piece.h // 2) if d == E else (x0 - 1 - n, y0 + piece.h // 2)
        spots = [beyond, (col, y0 - 1), (col, y1)]
    else:
        row = y0 if d == N else y1 - 1
        beyond = (x0 + (piece.w - n) // 2, y0 - 1 if d == N else y1)
        spots = [beyond, (x0 - 1 - n, row), (x1 + 1, row), (x0 - n, row), (x1, row)]
    for x, y in spots:
        if x < 0 or y < 0 or x + n > canvas.width or y >= canvas.height:
            continue
        if all(canvas.roles[y][x + i] == " " for i in range(n)):
            canvas.put(x, y, text, role)
            for i in range(n):
                canvas.hotspots[(x + i, y)] = name
            return


# --------------------------------------------------------------------- the hand
def hand_canvas(
    tiles: Sequence[int],
    style: TileStyle,
    *,
    vertical: bool = True,
    selected: int | None = None,
    playable: int | None = None,
    labels: dict[int, str] | None = None,
    marks: int = 0,
    per_row: int | None = None,
    digits: int = 1,
) -> Canvas:
    """A hand's tiles side by side (standing up, or lying), in the order given, each with its
    label under it (the numbers of its moves; by default its place from 1); ``selected`` is drawn
    selected, tiles not in the ``playable`` mask dimmed; tiles in ``marks`` (the matadors) get a
    star under them. At most ``per_row`` tiles stand in a row (the rest in rows under it), and
    ``digits`` is the widest number of the set (above 9, every half is written as a number)."""
    pieces = [tile_canvas(style, HIGH[t], LOW[t], vertical, digits) for t in tiles]
    gap = 1
    row = max(1, per_row or len(pieces))
    bands = [list(range(i, min(i + row, len(pieces)))) for i in range(0, len(pieces), row)]
    band_h = max((p.height for p in pieces), default=1) + 1
    width = max(
        (sum(pieces[i].width for i in band) + gap * (len(band) - 1) for band in bands), default=1
    )
    canvas = Canvas(max(width, 1), band_h * max(1, len(bands)))
    for b, band in enumerate(bands):
        x, y = 0, b * band_h
        for i in band:
            t, piece = tiles[i], pieces[i]
            roles: dict[str, str] = {}
            if selected == t:
                roles = {"A": "s", "B": "s", "a": "S", "b": "S", "E": "s", "D": "s"}
            elif playable is not None and not playable & BIT[t]:
                roles = {"A": "d", "B": "d", "a": "q", "b": "q", "D": "d"}
            canvas.blit(piece, x, y, roles)
            label = labels.get(t, "") if labels is not None else str(i + 1)
            label += "*" if marks & BIT[t] else ""
            if len(label) > piece.width:
                label = label[: piece.width - 1] + "+"
            canvas.put(x + (piece.width - len(label)) // 2, y + piece.height, label, "l")
            canvas.tiles[(x, x + piece.width, y, y + band_h)] = t
            x += piece.width + gap
    return canvas


def hand_fit(count: int, width: int, height: int, digits: int = 1) -> tuple[TileStyle, bool, int]:
    """How ``count`` tiles of a hand are drawn in ``width`` x ``height`` cells: the largest
    style that shows every tile, ``(style, standing, tiles per row)``, rows under rows only
    where one row cannot hold them all; numbers in as many rows as they need if nothing fits."""
    options = ((MEDIUM, True), (COMPACT, True), (MEDIUM, False), (COMPACT, False), (SMALL, False))
    for wrap in (False, True):
        for style, standing in options:
            w, h = style.size(standing, digits if style.numeric else 1)
            per_row = max(1, (width + 1) // (w + 1))
            rows = -(-count // per_row) if count else 1
            if (rows == 1 or wrap) and (h + 1) * rows <= height:
                return style, standing, per_row
    w, _ = SMALL.size(False, digits)
    return SMALL, False, max(1, (width + 1) // (w + 1))


def hand_order(mask: int) -> list[int]:
    """A hand's tiles heaviest first, as the line-based game lists them."""
    return sorted(tiles_of(mask), key=lambda t: (HIGH[t], LOW[t]), reverse=True)
