"""A table drawn as the protocol sends it: the game's description of its table
(:mod:`boneyard.core.views`) as a :class:`~..messages.Line` that ``static/common.js`` draws, with
its words for screen readers; a hand's tiles in the order the terminal shows them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ....core.actions import Move
from ....core.protocol import GameRules
from ....core.tiles import HIGH, LOW, NAMES, tiles_of
from ....core.views import PlacedTile, TableView, TrickView
from ....core.words import Voice
from ....text.drawing import describe_table
from ....text.narration import table_view
from ..messages import Arm, End, Line, Placed, Tricks, TrickSeat, TrickTile

__all__ = ["line_message", "line_view", "sorted_tiles", "tile_name", "tricks_view"]


def tile_name(t: int) -> str:
    return NAMES[t]


def sorted_tiles(mask: int) -> list[str]:
    """A hand's tiles, heaviest suit first, as the terminal shows them."""
    return [NAMES[t] for t in sorted(tiles_of(mask), key=lambda t: (HIGH[t], LOW[t]), reverse=True)]


def _placed(p: PlacedTile) -> Placed:
    return Placed(
        tile=NAMES[p.tile], a=p.a, b=p.b, double=p.double, cross=p.cross, spinner=p.spinner
    )


def tricks_view(view: TrickView, named: Callable[[str], str] = str) -> Tricks:
    """A trick-taking table as everyone may see it (no tile thrown out is in it)."""
    return Tricks(
        trump=view.trump,
        turnup=NAMES[view.turnup] if view.turnup is not None else None,
        seats=[TrickSeat(seat=s.seat, status=s.status, won=s.won, text=s.text) for s in view.seats],
        trick=[TrickTile(seat=s, tile=NAMES[t]) for s, t in view.trick],
        leader=view.leader,
        last=[TrickTile(seat=s, tile=NAMES[t]) for s, t in view.last],
        last_winner=view.last_winner,
        value=view.value,
        pool=view.pool,
        tricks=view.tricks,
        worth=view.worth,
        trump_text=view.trump_text,
        notes=[named(note) for note in view.notes],
        ended=view.ended,
        heading=view.heading,
        waiting=named(view.waiting) if view.waiting else "",
    )


def line_view(
    rules: GameRules,
    history: Sequence[Move],
    table: object | None = None,
    named: Callable[[str], str] = str,
) -> Line:
    """The table for drawing, as the game describes it (:mod:`boneyard.core.views`) from a
    public history and the hand's public ``table``. ``named`` puts the players' names in the
    words ("seat 1's train")."""
    return line_message(table_view(rules, history, table), named)


def line_message(view: TableView, named: Callable[[str], str] = str) -> Line:
    """A table description as the protocol sends it (``static/common.js`` draws it), with its
    words for screen readers."""
    voice = Voice(())
    words = [named(w) for w in describe_table(view, voice)]
    if isinstance(view, TrickView):
        tricks = tricks_view(view, named)
        return Line(lead=None, arms=[], ends=[], count=None, words=words, tricks=tricks)
    if view.lead is None:
        return Line(lead=None, arms=[], ends=[], count=view.count, words=words)
    return Line(
        lead=_placed(view.lead),
        arms=[
            Arm(
                name=arm.name,
                root=NAMES[arm.root],
                tiles=[_placed(p) for p in arm.tiles],
                way=arm.way,
                half=arm.half,
            )
            for arm in view.arms
        ],
        ends=[
            End(
                name=end.name,
                shows=end.shows,
                needs=end.needs,
                title=named(end.title) if end.title else None,
                note=named(end.note) if end.note else None,
                marked=end.marked,
                waiting=end.waiting,
                label=end.label,
            )
            for end in view.ends
        ],
        count=view.count,
        words=words,
        hub=view.hub,
        last=NAMES[view.last] if view.last is not None else None,
    )
