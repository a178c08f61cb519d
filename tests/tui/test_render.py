"""Snapshots of the table as the full-screen game draws it (plain text, compared line by line):
a line that snakes, a spinner with its arms, Matador's exposed halves and crosswise matador; and
the pieces: tiles, open halves, labels, the hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tuihelp import (
    config_home,  # noqa: F401  (settings in a temporary directory)
    deal_state,
    play_all,
)

from boneyard import get_game
from boneyard.apps.tui.render import (
    COMPACT,
    LARGE,
    MEDIUM,
    SMALL,
    STYLES,
    hand_canvas,
    lay_table,
    table_canvas,
    tile_canvas,
)
from boneyard.core.record import replay_record
from boneyard.core.tiles import parse_tile
from boneyard.games.line.rules import LineRules
from boneyard.games.line.state import LineState
from boneyard.text.narration import table_view

RECORDS = Path(__file__).resolve().parent.parent / "records"

# fmt: off
LINE_LARGE = [
    '      ╭─────┬─────╮╭─────┬─────╮',
    '      │     │●    ││●    │●    │',
    '      │     │     ││     │  ●  │ L',
    '      │     │    ●││    ●│    ●│              ╭─────╮',
    '      ╰─────┴─────╯╰─────┴─────╯              │     │',
    '   ╭─────┬─────╮                 ╭─────┬─────╮│  ●  │╭─────┬─────╮',
    '   │     │     │                 │●   ●│     ││     ││     │●   ●│',
    '   │     │     │               R │  ●  │  ●  │├─────┤│  ●  │     │',
    '   │     │     │                 │●   ●│     ││     ││     │●   ●│',
    '   ╰─────┴─────╯                 ╰─────┴─────╯│  ●  │╰─────┴─────╯',
    '      ╭─────╮                                 │     │      ╭─────╮',
    '      │     │                                 ╰─────╯      │●   ●│',
    '      │     │                          ╭─────╮             │     │',
    '      │     │                          │●   ●│             │●   ●│',
    '      ├─────┤╭─────┬─────╮╭─────┬─────╮│●   ●│╭─────┬─────╮├─────┤',
    '      │    ●││●    │●   ●││●   ●│● ● ●││●   ●││● ● ●│●   ●││●   ●│',
    '      │  ●  ││  ●  │  ●  ││  ●  │     │├─────┤│     │     ││     │',
    '      │●    ││    ●│●   ●││●   ●│● ● ●││●   ●││● ● ●│●   ●││●   ●│',
    '      ╰─────╯╰─────┴─────╯╰─────┴─────╯│●   ●│╰─────┴─────╯╰─────╯',
    '                                       │●   ●│',
    '                                       ╰─────╯',
]

LINE_SMALL = [
    '                   +0+               +6+     +4+     +1+',
    '       L [3|2][2|0]| |[0|3][3|5][5|6]| |[6|4]| |[4|1]| |[1|5] R',
    '                   +0+               +6+     +4+     +1+',
]

SPINNER_LARGE = [
    '',
    '',
    '',
    '',
    '',
    '                             U',
    '          ╭─────┬─────╮╭─────┬─────╮',
    '          │● ● ●│●    ││●    │●    │',
    '       3U │     │  ●  ││  ●  │  ●  │ 3D',
    '          │● ● ●│    ●││    ●│    ●│',
    '          ╰─────┴─────╯╰─────┴─────╯',
    '                          ╭─────╮',
    '                          │    ●│',
    '                          │  ●  │',
    '                          │●    │',
    '                          ├─────┤',
    '                          │●   ●│',
    '                          │  ●  │',
    '                          │●   ●│',
    '                          ╰─────╯',
    '                          ╭─────╮',
    '                          │●   ●│',
    '             ╭─────┬─────╮│  ●  │╭─────┬─────╮',
    '             │     │●   ●││●   ●││●   ●│●   ●│',
    '           L │  ●  │  ●  │├─────┤│  ●  │     │ R',
    '             │     │●   ●││●   ●││●   ●│●   ●│',
    '             ╰─────┴─────╯│  ●  │╰─────┴─────╯',
    '                          │●   ●│',
    '                          ╰─────╯',
    '                             D',
]

MATADOR_LARGE = [
    '',
    '',
    '                                 ╭─────╮',
    '                                 │●   ●│',
    '       ╭─────┬─────╮╭─────┬─────╮│●   ●│╭─────┬─────╮',
    '       │● ● ●│●    ││●   ●│● ● ●││●   ●││●   ●│●   ●│',
    '     L │     │     ││  ●  │     │├─────┤│  ●  │  ●  │ R',
    '       │● ● ●│    ●││●   ●│● ● ●││     ││●   ●│●   ●│',
    '       ╰─────┴─────╯╰─────┴─────╯│  ●  │╰─────┴─────╯',
    '                                 │     │',
    '                                 ╰─────╯',
]

MATADOR_FALLBACK = [
    '                           +6+',
    'L [4|4][3|3][4|1][6|2][5|6]| |[5|5][2|1][6|0] R',
    '                           +1+',
    'Open ends: L shows 4: needs a 3 or a matador; R shows 0:',
    '  closed: only a matador',  # wrapped between words at the width (60), never cut
]
# fmt: on


def block_line() -> tuple[LineRules, LineState]:
    """Twelve tiles of Block: 6-6 leads, the line grows both ways, three more doubles across."""
    rules = get_game("block").configure(players=2)
    state = deal_state(rules, ["6-6 4-4 2-1 3-0 1-1 0-0 2-0", "6-4 6-5 5-3 3-3 3-2 5-1 4-1"])
    play_all(
        state,
        [
            "6-6", "6-4 R", "4-4 R", "6-5 L", "pass", "4-1 R", "1-1 R", "5-3 L", "3-0 L",
            "5-1 R", "0-0 L", "pass", "2-0 L", "3-2 L",
        ],
    )  # fmt: skip
    return rules, state


def spinners() -> tuple[LineRules, LineState]:
    """garden-games: every double a spinner; 3-3 laid on the U arm of 5-5 opens 3U and 3D."""
    rules = get_game("block").configure("garden-games", players=2)
    state = deal_state(rules, ["5-5 5-1 3-3 4-0 0-0", "5-3 3-1 5-4 6-1 6-3"])
    play_all(state, ["5-5", "5-3 U", "5-1 L", "5-4 R", "3-3 U", "6-3 3U"])
    return rules, state


def matador() -> tuple[LineRules, LineState]:
    """A recorded game of Matador in which the matador 6-1 is laid crosswise, both halves open."""
    record = json.loads((RECORDS / "matador_crosswise.json").read_text(encoding="utf-8"))
    replay = replay_record(record)
    return replay.rules, replay.match.hands[0]


def lines(text: str) -> list[str]:
    return text.split("\n")


# ----------------------------------------------------------------------------------- snapshots
def test_a_line_snakes_round_the_window_in_large_tiles() -> None:
    rules, state = block_line()
    canvas, style = table_canvas(table_view(rules, state.history), 70, 24, styles=(LARGE,))
    assert style is LARGE
    assert lines(canvas.text()) == LINE_LARGE


def test_a_line_on_one_row_in_small_tiles() -> None:
    rules, state = block_line()
    canvas, style = table_canvas(table_view(rules, state.history), 70, 3, styles=(SMALL,))
    assert style is SMALL
    assert lines(canvas.text()) == LINE_SMALL


def test_spinner_arms_grow_from_its_short_sides() -> None:
    rules, state = spinners()
    canvas, style = table_canvas(table_view(rules, state.history), 60, 34, styles=(LARGE,))
    assert style is LARGE
    assert lines(canvas.text()) == SPINNER_LARGE
    # Every open end is labelled, and clicking a label names its end.
    assert set(canvas.hotspots.values()) == {"L", "R", "U", "D", "3U", "3D"}


def test_matador_halves_and_a_crosswise_matador() -> None:
    rules, state = matador()
    canvas, style = table_canvas(table_view(rules, state.history[:4]), 60, 12, styles=(LARGE,))
    assert style is LARGE
    assert lines(canvas.text()) == MATADOR_LARGE


def test_when_nothing_fits_the_table_is_drawn_as_lines() -> None:
    rules, state = matador()
    canvas, style = table_canvas(table_view(rules, state.history[:9]), 60, 8, styles=(MEDIUM,))
    assert style is None
    assert lines(canvas.text()) == MATADOR_FALLBACK


# ----------------------------------------------------------------------------------- the pieces
def test_tiles_show_their_pips() -> None:
    assert lines(tile_canvas(LARGE, 6, 4).text()) == [
        "╭─────┬─────╮",
        "│● ● ●│●   ●│",
        "│     │     │",
        "│● ● ●│●   ●│",
        "╰─────┴─────╯",
    ]
    standing = lines(tile_canvas(LARGE, 6, 0, vertical=True).text())
    assert standing[1:4] == ["│●   ●│"] * 3  # a 6 runs along a standing tile
    assert tile_canvas(COMPACT, 3, 9).lines() == ["●  │●●●", " ● │●●●", "  ●│●●●"]
    assert tile_canvas(SMALL, 5, 2).lines() == ["[5|2]"]
    # Beyond 9 the number is written.
    assert "12" in tile_canvas(MEDIUM, 12, 0).text()
    for n in range(10):
        assert tile_canvas(LARGE, n, 0).text().count("●") == n


def test_open_halves_and_the_last_tile_are_marked() -> None:
    rules, state = block_line()
    canvas, _ = table_canvas(table_view(rules, state.history), 70, 24, styles=(LARGE,))
    roles = canvas.role_lines()
    # L's tip, laid last, is the 3-2 at the end of the top row: its outer half (the 3) is open,
    # its inner half marked as the tile laid last.
    assert roles[1][19:32] == "EXxxxxEOooooE"
    assert roles[2][19:32] == "ExxxxxEooOooE"
    # R's tip is the 5-1 coming back along the middle row: its left half, the 5, is open.
    assert roles[7][33:46] == "EooOooEBBbBBE"
    assert roles[7][31] == "l"  # and R is named beside it
    # Nothing else is open or lit.
    everywhere = "".join(roles)
    assert everywhere.count("o") + everywhere.count("O") == 2 * 15
    assert everywhere.count("x") + everywhere.count("X") == 15


def test_the_style_shrinks_with_the_window() -> None:
    rules, state = spinners()
    used = [
        table_canvas(table_view(rules, state.history), w, h)[1]
        for w, h in [(80, 40), (60, 20), (40, 9)]
    ]
    assert used[0] is LARGE
    assert used[1] in (MEDIUM, COMPACT)
    assert used[2] is SMALL
    assert table_canvas(table_view(rules, state.history), 12, 3)[1] is None
    assert lay_table(table_view(rules, state.history), LARGE, 30, 10) is None


def test_empty_table() -> None:
    rules = get_game("block").configure(players=2)
    canvas, _ = table_canvas(table_view(rules, []), 40, 5)
    assert canvas.text().strip() == "The table is empty."


@pytest.mark.parametrize("style", STYLES)
def test_layouts_never_overlap(style: object) -> None:
    """Every tile of a long recorded game gets cells of its own (or the layout gives up)."""
    rules, state = matador()
    for n in range(1, len(state.history) + 1):
        lay = lay_table(table_view(rules, state.history[:n]), style, 100, 40)  # type: ignore[arg-type]
        if lay is None:
            continue
        cells: set[tuple[int, int]] = set()
        for piece in lay.pieces:
            mine = {
                (x, y)
                for x in range(piece.x, piece.x + piece.w)
                for y in range(piece.y, piece.y + piece.h)
            }
            assert not cells & mine
            assert all(0 <= x < 100 and 0 <= y < 40 for x, y in mine)
            cells |= mine


def test_the_hand_numbers_its_tiles_and_greys_what_cannot_be_played() -> None:
    tiles = [parse_tile(t) for t in ["6-6", "5-2", "1-0"]]
    playable = 1 << tiles[1]
    canvas = hand_canvas(
        tiles,
        MEDIUM,
        selected=tiles[1],
        playable=playable,
        labels={tiles[1]: "1,2"},
        marks=1 << tiles[1],
    )
    assert canvas.lines()[-1].strip() == "1,2*"
    roles = canvas.role_lines()
    assert set(roles[0][0:5]) == {"d", "q"}  # 6-6 cannot be played: greyed
    assert set(roles[0][6:11]) <= {"s", "S"}  # 5-2 is the chosen tile
    assert sorted(canvas.tiles.values()) == sorted(tiles)
    small = hand_canvas(tiles, SMALL, vertical=False)
    assert small.lines() == ["[6|6] [5|2] [1|0]", "  1     2     3"]
