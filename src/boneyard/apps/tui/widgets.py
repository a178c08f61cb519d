"""The widgets of the full-screen game: the table and the hand, drawn from :mod:`.render`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...core.views import TableView as TableDescription
from ...core.words import Voice
from .render import Canvas, TileStyle, hand_canvas, hand_fit, table_canvas

__all__ = ["PALETTE", "HandView", "TableView", "canvas_text"]

IVORY = "#f4efe1"
INK = "#1a1a1a"
AMBER = "#ffd166"
SKY = "#bfe0ff"
GREY = "#8d8a80"

# How each role of a canvas cell is coloured (see boneyard.apps.tui.render).
PALETTE: dict[str, Style] = {
    " ": Style(),
    "E": Style(color="#9c9480", bgcolor=IVORY),
    "A": Style(color=INK, bgcolor=IVORY),
    "B": Style(color=INK, bgcolor=IVORY),
    "a": Style(color=INK, bgcolor=IVORY, bold=True),
    "b": Style(color=INK, bgcolor=IVORY, bold=True),
    "D": Style(color="#9c9480", bgcolor=IVORY),
    "o": Style(color=INK, bgcolor=AMBER),
    "O": Style(color=INK, bgcolor=AMBER, bold=True),
    "x": Style(color=INK, bgcolor=SKY),
    "X": Style(color=INK, bgcolor=SKY, bold=True),
    "l": Style(color=AMBER, bold=True),
    "c": Style(color=INK, bgcolor=AMBER, bold=True),
    "s": Style(color=INK, bgcolor=AMBER),
    "S": Style(color=INK, bgcolor=AMBER, bold=True),
    "d": Style(color="#3a3a3a", bgcolor=GREY),
    "q": Style(color="#3a3a3a", bgcolor=GREY),
}


def canvas_text(canvas: Canvas, width: int | None = None) -> Text:
    """A canvas as Rich text, coloured by role."""
    text = Text(no_wrap=True, overflow="crop")
    for r, (chars, roles) in enumerate(zip(canvas.chars, canvas.roles, strict=True)):
        if r:
            text.append("\n")
        row = chars if width is None else chars[:width]
        start = 0
        for c in range(1, len(row) + 1):
            if c == len(row) or roles[c] != roles[start]:
                text.append("".join(row[start:c]), PALETTE.get(roles[start], Style()))
                start = c
    return text


class TableView(Widget):
    """The table, drawn to fit the widget in the largest tiles that fit; click an end's label to
    play the chosen tile there."""

    DEFAULT_CSS = """
    TableView { background: #14532d; color: #f4efe1; }
    """

    class EndClicked(Message):
        def __init__(self, end: str) -> None:
            super().__init__()
            self.end = end

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: TableDescription | None = None
        self.voice: Voice | None = None
        self.choices: tuple[str, ...] = ()
        self.canvas: Canvas | None = None
        self.tile_style: TileStyle | None = None

    def show(
        self, view: TableDescription, choices: Sequence[str] = (), voice: Voice | None = None
    ) -> None:
        """Draw the table the game describes (``view``), the ends in ``choices`` offered; names
        on it told by ``voice``."""
        self.view = view
        self.voice = voice
        self.choices = tuple(choices)
        self.canvas = None
        self.refresh()

    def draw(self) -> Canvas:
        """The canvas for the widget's present size (kept in :attr:`canvas`)."""
        width, height = self.content_size.width, self.content_size.height
        if self.view is None:
            return Canvas(max(width, 1), max(height, 1))
        canvas, style = table_canvas(
            self.view, width, height, choices=self.choices, voice=self.voice
        )
        self.canvas, self.tile_style = canvas, style
        return canvas

    def render(self) -> Text:
        return canvas_text(self.draw(), self.content_size.width)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.canvas is None:
            return
        end = self.canvas.hotspots.get((offset.x, offset.y))
        if end is not None:
            self.post_message(self.EndClicked(end))


class HandView(Widget):
    """The person's tiles, standing in a row as in a hand, numbered; the tile of the move chosen
    is lit, tiles that cannot be played now are greyed. Click a tile to play it."""

    DEFAULT_CSS = """
    HandView { background: #0f3d22; color: #f4efe1; height: 9; }
    """

    class TileClicked(Message):
        def __init__(self, tile: int) -> None:
            super().__init__()
            self.tile = tile

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tiles: list[int] = []
        self.playable: int | None = None
        self.selected: int | None = None
        self.marks = 0
        self.labels: dict[int, str] = {}
        self.canvas: Canvas | None = None
        self.max_rows = 9
        """The most rows the hand may take (the screen sets it by the terminal's height)."""
        self.digits = 1
        """The widest number of the set (2 for double-twelve: every half written)."""

    def show(
        self,
        tiles: Sequence[int],
        playable: int | None,
        selected: int | None,
        marks: int = 0,
        labels: dict[int, str] | None = None,
    ) -> None:
        """Show ``tiles``; those not in ``playable`` greyed (``None``: none greyed), ``selected``
        lit, the matadors in ``marks`` starred, each labelled with ``labels`` (its moves'
        numbers)."""
        self.tiles = list(tiles)
        self.playable = playable
        self.selected = selected
        self.marks = marks
        self.labels = dict(labels or {})
        self.fit()
        self.refresh()

    def fit(self) -> None:
        """Take as many rows as the hand needs in its width (at most :attr:`max_rows`): every
        tile is always shown, in rows under rows where one row cannot hold them."""
        width = self.content_size.width or self.size.width
        if width <= 0:
            return
        rows = self.draw(width).height if self.tiles else 1
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows

    def on_resize(self, event: events.Resize) -> None:
        self.fit()

    def draw(self, width: int | None = None) -> Canvas:
        width = width if width is not None else self.content_size.width
        if not self.tiles:
            canvas = Canvas(max(width, 1), 1)
            canvas.put(0, 0, "(no tiles)", "l")
            self.canvas = canvas
            return canvas
        style, standing, per_row = hand_fit(len(self.tiles), width, self.max_rows, self.digits)
        canvas = hand_canvas(
            self.tiles,
            style,
            vertical=standing,
            selected=self.selected,
            playable=self.playable,
            labels=self.labels,
            marks=self.marks,
            per_row=per_row,
            digits=self.digits,
        )
        self.canvas = canvas
        return canvas

    def render(self) -> Text:
        return canvas_text(self.draw(), self.content_size.width)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.canvas is None:
            return
        for (x0, x1, y0, y1), tile in self.canvas.tiles.items():
            if x0 <= offset.x < x1 and y0 <= offset.y < y1:
                self.post_message(self.TileClicked(tile))
                return
