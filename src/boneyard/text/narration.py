"""The words and text drawings of a game: a hand, the table, moves and the score sheet, as the
plain terminal game (:mod:`boneyard.apps.plain`) prints them and the other front ends reuse them.

Everything shown is asked of the engine: what is legal comes from the observation's legal actions,
what happened from the public history and the hand results, and even the shape of the table is
traced by letting the rules lay the history's tiles again (:func:`trace_table`). The drawing
functions are pure (they return strings), so tests can check them.

In the counting games (:mod:`boneyard.games.counting`) the table also shows the count of the open
ends, every scoring play is explained as the rules explain it (``ends 5 + 10 = 15 -> 15 points``),
and where scores must be claimed the person is asked for a claim after choosing a play (the list of
moves never gives the points away), while a count left unclaimed by the player before him is
offered as a muggins call.

>>> from boneyard.core.tiles import parse_tile
>>> tile_text(parse_tile("4-6")), hand_text(sum(1 << parse_tile(t) for t in ["6-4", "0-0", "6-6"]))
('[6|4]', '[6|6] [6|4] [0|0]')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.actions import (
    DRAW,
    PASS,
    Action,
    Discard,
    Draw,
    Drop,
    Move,
    Muggins,
    Pass,
    Play,
    Stand,
    TakeMiss,
)
from ..core.layout import Layout
from ..core.match import Match
from ..core.protocol import HandResult
from ..core.tiles import BIT, DOUBLE, HIGH, LOW, NAMES, PIPS, parse_tile, tile, tiles_of
from ..games.bergen import BergenRules
from ..games.counting import CountingRules
from ..games.line.rules import Rules
from ..games.line.state import HandState, Observation
from ..games.loo.rules import LooRules
from ..games.loo.table import DROPPED, MISSED, STOOD, Tricks
from ..games.matador import BOTH, MatadorRules
from ..games.pool import PoolRules
from ..games.trains.mexican import MexicanTrainRules
from ..games.whist import WhistRules
from .words import Voice, plural
from .words import number as _num

if TYPE_CHECKING:
    pass

__all__ = [
    "YOU",
    "Command",
    "Placed",
    "Table",
    "count_text",
    "default_opponent",
    "describe_action",
    "describe_move",
    "describe_table",
    "end_needs",
    "ends_text",
    "hand_result_text",
    "hand_text",
    "in_sentence",
    "menu",
    "parse_command",
    "render_table",
    "score_sheet_text",
    "scoring_lines",
    "seat_names",
    "shown_points",
    "side_labels",
    "tile_text",
    "trace_table",
]

YOU = 0  # the person's seat


# --------------------------------------------------------------------- tiles and hands
def tile_text(t: int) -> str:
    """A tile as ``[6|4]``, the larger number first."""
    return f"[{HIGH[t]}|{LOW[t]}]"


def hand_text(mask: int, marked: int = 0) -> str:
    """The tiles of a hand, heaviest first: ``[6|6] [6|4] [0|0]``; the tiles of ``marked`` (the
    matadors in Matador) get a star: ``[5|2]*``."""
    tiles = sorted(tiles_of(mask), key=lambda t: (HIGH[t], LOW[t]), reverse=True)
    if not tiles:
        return "(no tiles)"
    return " ".join(tile_text(t) + ("*" if marked & BIT[t] else "") for t in tiles)


def _marks(rules: Rules | None) -> int:
    """The tiles starred in hands: the matadors in Matador, none elsewhere."""
    return rules.matadors if isinstance(rules, MatadorRules) else 0


def _hand_line(rules: Rules, mask: int) -> str:
    """``Your hand: ...`` with the matadors starred and, if any is held, the legend."""
    marks = _marks(rules)
    text = f"Your hand: {hand_text(mask, marks)}"
    if mask & marks:
        text += "   (* = matador: goes on any end)"
    return text


def in_sentence(name: str) -> str:
    """A seat's name inside a sentence: ``you`` and ``seat 1`` in lower case, a person's own name
    as it is.

    >>> in_sentence("You"), in_sentence("Seat 2"), in_sentence("Ann")
    ('you', 'seat 2', 'Ann')
    """
    if name == "You" or (name.startswith("Seat ") and name[5:].isdigit()):
        return name.lower()
    return name


def reader_voice(rules: Rules, reader: int | None = YOU) -> Voice:
    """The voice of the terminal games: the person (seat 0) is "you", the others ``seat 1``,
    ``seat 2``...; with ``reader=None`` every seat by its number (a spectator's view)."""
    return Voice.of(rules, reader)


def seat_names(players: int) -> list[str]:
    """How seats open sentences in the terminal games: ``You``, ``Seat 1``, ``Seat 2``..."""
    return ["You" if s == YOU else f"Seat {s}" for s in range(players)]


def side_labels(rules: Rules, voice: Voice | None = None) -> list[str]:
    """Short labels of the sides for score sheets: ``you``, ``seat 1``; with partners
    ``you & seat 2`` and ``seats 1 & 3`` (told by ``voice``, by default the person's)."""
    voice = voice or reader_voice(rules)
    return [voice.side(i) for i in range(len(rules.sides))]


# --------------------------------------------------------------------- the table
@dataclass(frozen=True)
class Placed:
    """A tile on the table: ``inner`` is the pip toward where its arm starts, ``outer`` the pip away
    from it. For the lead, ``inner`` is the pip toward L and ``outer`` the pip toward R."""

    tile: int
    inner: int
    outer: int
    across: bool = False  # a matador laid crosswise, both halves open (drawn standing up)


@dataclass
class Table:
    """The table as drawn: the lead, and for every end the tiles of its arm, from its root outward.

    ``roots`` names the tile each arm grows from (the lead for L and R, a spinner for its short
    sides).
    """

    layout: Layout | None = None
    lead: Placed | None = None
    arms: dict[str, list[Placed]] = field(default_factory=dict)
    roots: dict[str, int] = field(default_factory=dict)


def trace_table(rules: Rules, history: Iterable[Move]) -> Table:
    """Lay the played tiles of ``history`` again with the rules, keeping the order of each arm.

    The engine's layout knows only the open ends; to draw the line we need the tiles in order, which
    this recovers by replaying the public plays through the same rules (no rule is re-implemented
    here).
    """
    table = Table()
    layout: Layout | None = None
    for move in history:
        action = move.action
        if not isinstance(action, Play):
            if rules.table_hooks and layout is not None:
                layout = rules.table_after(layout, move.seat, action)
            continue
        if layout is None or action.end is None:
            layout = rules.lead_layout(action.tile, action.open)
            table.lead = Placed(action.tile, layout.pips[0], layout.pips[1])
            table.arms = {name: [] for name in layout.names}
            table.roots = {name: t for name, t in zip(layout.names, layout.tips, strict=True)}
            continue
        i = layout.names.index(action.end)
        new = rules.lay(layout, action)
        if rules.table_hooks:
            new = rules.table_after(new, move.seat, action)
        outer = new.pips[i]
        t = action.tile
        if outer != HIGH[t] and outer != LOW[t]:
            # Both halves stay open (a crosswise matador): drawn standing, the higher on top.
            table.arms[action.end].append(Placed(t, HIGH[t], LOW[t], across=True))
        else:
            inner = LOW[t] if HIGH[t] == outer else HIGH[t]
            table.arms[action.end].append(Placed(t, inner, outer))
        for name, tip in zip(
            new.names[len(layout.names) :], new.tips[len(layout.names) :], strict=True
        ):
            table.arms[name] = []
            table.roots[name] = tip
        layout = new
    table.layout = layout
    return table


# A tile drawn as five rows: a label above, the top, the middle (where the line runs), the bottom
# and a label below. Labels name a spinner's short sides; rows left blank are not printed.
Segment = tuple[str, str, str, str, str]


def _segment(left: int, right: int, crosswise: bool, up: str = "", down: str = "") -> Segment:
    """One tile: lengthwise ``[a|b]``, or a crosswise tile standing up (a double ``+6+`` / ``| |``
    / ``+6+``, a crosswise matador ``+5+`` / ``| |`` / ``+2+``) with the names of its short sides
    above and below when it is a spinner."""
    if crosswise:
        top, bottom = f"+{left}+", f"+{right}+"
        inner = max(len(str(left)), len(str(right)))
        w = max(len(top), len(bottom), len(up), len(down))
        return (
            up.center(w),
            top.center(w),
            ("|" + " " * inner + "|").center(w),
            bottom.center(w),
            down.center(w),
        )
    mid = f"[{left}|{right}]"
    blank = " " * len(mid)
    return blank, blank, mid, blank, blank


def _draw_chain(segments: Sequence[Segment], prefix: str, suffix: str, width: int) -> list[str]:
    """Draw segments side by side, in bands no wider than ``width``."""
    bands: list[list[Segment]] = [[]]
    used = len(prefix)
    for seg in segments:
        w = len(seg[2])
        if bands[-1] and used + w + len(suffix) + 4 > width:
            bands.append([])
            used = len(prefix) + 3
        bands[-1].append(seg)
        used += w
    lines: list[str] = []
    pad = " " * len(prefix)
    for b, band in enumerate(bands):
        first, last = b == 0, b == len(bands) - 1
        lead_in = (prefix if first else pad + "...", pad if first else pad + "   ")
        tail = suffix if last else "..."
        for r in range(5):
            if r == 2:
                row = lead_in[0] + "".join(s[2] for s in band) + tail
                lines.append(row.rstrip())
                continue
            row = lead_in[1] + "".join(s[r] for s in band)
            if row.strip():
                lines.append(row.rstrip())
    return lines


def _label(rules: Rules | None, pip: int) -> str:
    """How an end's pip is shown (a crosswise matador shows both halves: ``5|2``)."""
    return rules.end_label(pip) if rules is not None else str(pip)


def end_needs(rules: MatadorRules, pip: int) -> str:
    """What an end showing ``pip`` takes in Matador, in words: ``needs a 2 or a matador``, or
    ``closed: only a matador`` for a blank.

    >>> from boneyard.games import get_game
    >>> rules = get_game("matador").configure()
    >>> end_needs(rules, 5), end_needs(rules, 0)
    ('needs a 2 or a matador', 'closed: only a matador')
    """
    halves = list(divmod(pip - BOTH, 16)) if pip >= BOTH else [pip]
    needs: list[int] = []
    for h in halves:
        need = h if rules.match_sum < 0 else rules.match_sum - h
        if 0 <= need <= rules.tiles.max_pip and need not in needs:
            needs.append(need)
    if not needs:
        return "closed: only a matador"
    return "needs " + " or ".join(f"a {n}" for n in needs) + " or a matador"


def ends_text(layout: Layout | None, rules: Rules | None = None) -> str:
    """The open ends and the pips they show: ``Open ends: L shows 6, R shows 3``. With Matador
    ``rules``, also what each end needs: ``L shows 5: needs a 2 or a matador; R shows 0: closed:
    only a matador``."""
    if layout is None:
        return "Open ends: none yet (the first tile is the lead)"
    matador = rules if isinstance(rules, MatadorRules) else None
    parts = []
    for i, (name, pip) in enumerate(zip(layout.names, layout.pips, strict=True)):
        note = rules.end_note(layout, i) if rules is not None else ""
        if pip < 0:
            parts.append(f"{name} not open yet")
        elif matador is not None:
            parts.append(f"{name} shows {_label(rules, pip)}: {end_needs(matador, pip)}")
        else:
            parts.append(f"{name} shows {_label(rules, pip)}{note}")
    return "Open ends: " + ("; " if matador is not None else ", ").join(parts)


def count_text(rules: Rules, layout: Layout | None) -> str | None:
    """In a counting game, the count of the open ends term by term, e.g.
    ``Count: L 6 + R 10 ([5|5] across) = 16``; ``None`` in other games."""
    if not isinstance(rules, CountingRules):
        return None
    if layout is None:
        return "Count: nothing on the table yet"
    terms = []
    for name, value in rules.count_terms(layout):
        t = layout.tips[layout.names.index(name)]
        term = f"{name} {value}"
        if DOUBLE[t] and value == 2 * HIGH[t] and value:
            term += f" ({tile_text(t)} across)"
        terms.append(term)
    total = rules.count(layout)
    points = rules.points_for(total)
    text = f"Count: {' + '.join(terms) or '0'} = {total}"
    if points:
        text += f" (worth {plural(points, 'point')})"
    return text


def render_tricks(table: Tricks, voice: Voice | None = None) -> str:
    """A trick-taking table (Domino Loo) in words, told by ``voice`` (by default for seat 0):
    trumps, who is in, the trick in play, the last trick and the tricks won."""
    n = len(table.status)
    voice = voice or Voice(tuple(f"seat {s}" for s in range(n)), YOU)
    name = voice.name
    lines = [f"Trumps: {table.trump} (the turn-up is {tile_text(table.turnup)})"]
    states = {STOOD: "in", MISSED: "in (took the miss)", DROPPED: "dropped out"}
    lines.append(
        "Players: "
        + ", ".join(f"{name(s)} {states.get(st, 'to decide')}" for s, st in enumerate(table.status))
    )
    if table.last:
        played = ", ".join(f"{name(s)} {tile_text(t)}" for s, t in table.last)
        lines.append(f"Last trick: {played}; won by {name(table.last_winner)}")
    if table.playing:
        done = sum(table.won)
        if table.trick:
            played = ", ".join(f"{name(s)} {tile_text(t)}" for s, t in table.trick)
            lines.append(f"Trick {done + 1}: {played}")
        else:
            lines.append(f"Trick {done + 1}: {name(table.leader)} to lead")
        won = ", ".join(f"{name(s)} {table.won[s]}" for s in table.in_hand())
        lines.append(f"Tricks won: {won}")
    return "\n".join(lines)


def render_table(
    rules: Rules,
    history: Iterable[Move],
    width: int = 78,
    layout: Layout | None = None,
    voice: Voice | None = None,
) -> str:
    """Draw the table: the line from its L end to its R end, then every other arm (the short sides
    of a spinner, named above and below it in the drawing) on a line of its own, from the spinner
    outward, then the open ends, and in a counting game the count. Crosswise doubles and spinners
    are drawn standing up. A trick-taking table (``layout``, Domino Loo's) is told in words.
    Players named on the table are told by ``voice`` (by default for seat 0)."""
    voice = voice or reader_voice(rules)
    if isinstance(layout, Tricks):
        return render_tricks(layout, voice)
    table = trace_table(rules, history)
    layout, lead = table.layout, table.lead
    if layout is None or lead is None:
        return "The table is empty."
    if "L" not in layout.names:
        return _render_hub(rules, table, width, voice)
    spinners = layout.spinners
    # The short sides of each spinner: its up and down arm names.
    short: dict[int, tuple[str, str]] = {}
    for name, root in table.roots.items():
        if name in ("L", "R"):
            continue
        up, down = short.get(root, ("", ""))
        short[root] = (name, down) if name.endswith("U") else (up, name)

    def seg(t: int, left: int, right: int, across: bool = False) -> Segment:
        if across:
            return _segment(HIGH[t], LOW[t], True)
        cross = DOUBLE[t] and (rules.doubles_crosswise or bool(spinners & BIT[t]))
        up, down = short.get(t, ("", "")) if spinners & BIT[t] else ("", "")
        return _segment(left, right, cross, up, down)

    line = [seg(p.tile, p.outer, p.inner, p.across) for p in reversed(table.arms.get("L", []))]
    line.append(seg(lead.tile, lead.inner, lead.outer))
    line += [seg(p.tile, p.inner, p.outer, p.across) for p in table.arms.get("R", [])]
    rows = _draw_chain(line, "L ", " R", width)
    for i, name in enumerate(layout.names):
        if name in ("L", "R"):
            continue
        label = f"{name} arm, off {tile_text(table.roots[name])}: "
        arm = table.arms.get(name, [])
        if not arm:
            state = "nothing laid yet" if layout.pips[i] >= 0 else "not open yet"
            rows.append(f"{label}{state}")
            continue
        rows += _draw_chain(
            [seg(p.tile, p.inner, p.outer, p.across) for p in arm], label, f" {name}", width
        )
    rows.append(ends_text(layout, rules))
    count = count_text(rules, layout)
    if count is not None:
        rows.append(count)
    return "\n".join(rows)


def _render_hub(rules: Rules, table: Table, width: int, voice: Voice) -> str:
    """A table whose arms all grow from a hub (Mexican Train's trains): the engine, then each
    arm on a line of its own, named, then the open ends."""
    layout, lead = table.layout, table.lead
    assert layout is not None and lead is not None
    rows = [f"Engine {tile_text(lead.tile)} in the hub"]
    for i, name in enumerate(layout.names):
        title = voice.tell(rules.end_title(name))
        label = f"{name}{f' ({title})' if title else ''}{rules.end_note(layout, i)}: "
        arm = table.arms.get(name, [])
        if not arm:
            rows.append(f"{label}nothing laid yet")
            continue
        segments = [
            _segment(p.inner, p.outer, DOUBLE[p.tile] and rules.doubles_crosswise) for p in arm
        ]
        rows += _draw_chain(segments, label, f" {name}", width)
    rows.append(ends_text(layout, rules))
    return "\n".join(rows)


def describe_table(
    rules: Rules, history: Iterable[Move], layout: Layout | None = None, voice: Voice | None = None
) -> list[str]:
    """The table in words, arm by arm from the lead outward (for people who cannot see it), then
    the open ends and, in a counting game, the count; players are told by ``voice`` (by default
    for seat 0).

    >>> from boneyard.games import get_game
    >>> from boneyard.core.actions import Play
    >>> from boneyard.core.tiles import parse_tile
    >>> rules = get_game("block").configure(players=2)
    >>> moves = [Move(0, Play(parse_tile("6-6"))), Move(1, Play(parse_tile("6-4"), "R"))]
    >>> for line in describe_table(rules, moves):
    ...     print(line)
    The lead is [6|6], across the line.
    Toward L, from the lead: nothing laid yet.
    Toward R, from the lead: [6|4].
    Open ends: L shows 6, R shows 4.
    """
    voice = voice or reader_voice(rules)
    if isinstance(layout, Tricks):
        return [line + "." for line in render_tricks(layout, voice).splitlines()]
    table = trace_table(rules, history)
    lead, layout = table.lead, table.layout
    if lead is None or layout is None:
        return ["The table is empty: the first tile played is the lead."]
    if "L" not in layout.names:
        lines = [f"The engine {tile_text(lead.tile)} is in the hub."]
        for i, name in enumerate(layout.names):
            arm = table.arms.get(name, [])
            laid = ", ".join(f"[{p.inner}|{p.outer}]" for p in arm) or "nothing laid yet"
            title = voice.tell(rules.end_title(name))
            lines.append(
                f"{name}{f' ({title})' if title else ''}{rules.end_note(layout, i)}, from the "
                f"engine: {laid}."
            )
        lines.append(ends_text(layout, rules) + ".")
        return lines
    spins = bool(layout.spinners & BIT[lead.tile])
    across = DOUBLE[lead.tile] and (rules.doubles_crosswise or spins)
    spinner = ", a spinner" if spins else ""
    lines = [f"The lead is {_lead_words(lead)}{', across the line' if across else ''}{spinner}."]
    for name in layout.names:
        arm = table.arms.get(name, [])
        root = table.roots.get(name, lead.tile)
        where = "from the lead" if name in ("L", "R") else f"off the spinner {tile_text(root)}"
        tiles = [
            f"{tile_text(p.tile)} crosswise" if p.across else f"[{p.inner}|{p.outer}]" for p in arm
        ]
        lines.append(f"Toward {name}, {where}: {', '.join(tiles) or 'nothing laid yet'}.")
    lines.append(ends_text(layout, rules) + ".")
    count = count_text(rules, layout)
    if count is not None:
        lines.append(count + ".")
    return lines


def _lead_words(lead: Placed) -> str:
    return tile_text(lead.tile) if DOUBLE[lead.tile] else f"[{lead.inner}|{lead.outer}]"


# --------------------------------------------------------------------- moves in words
def _lead_text(action: Play) -> str:
    t = action.tile
    if action.open is None or DOUBLE[t]:
        return tile_text(t)
    right = action.open
    left = LOW[t] if right == HIGH[t] else HIGH[t]
    return f"[{left}|{right}]"


def _exposing(rules: Rules | None, layout: Layout | None, action: Play) -> str:
    """In Matador, what a play leaves showing at its end: ``exposing 5``, or for a crosswise
    matador ``laid crosswise: 5 and 2 open``; empty elsewhere (or if it cannot be laid)."""
    if not isinstance(rules, MatadorRules) or layout is None or action.end not in layout.names:
        return ""
    try:
        after = rules.lay(layout, action)
    except (ValueError, IndexError):
        return ""
    pip = after.pips[layout.names.index(action.end)]
    if pip >= BOTH:
        a, b = divmod(pip - BOTH, 16)
        return f"laid crosswise: {a} and {b} open"
    return f"exposing {pip}"


def shown_points(rules: Rules, layout: Layout | None, action: Action) -> int | None:
    """What a play would score at once, to show beside it in the list of moves: in the games
    scored during play (the counting games where scores are not claimed, Bergen's headers);
    ``None`` elsewhere (and where the person must claim: the list never gives points away)."""
    if not isinstance(action, Play):
        return None
    if isinstance(rules, CountingRules) and not rules.claims:
        return rules.points_of_play(layout, action)
    if isinstance(rules, BergenRules):
        return rules.points_of_play(layout, action)
    return None


def describe_action(
    action: Action,
    layout: Layout | None,
    *,
    points: int | None = None,
    by: str | None = None,
    rules: Rules | None = None,
) -> str:
    """One legal action in words, for the numbered list of moves. ``points`` (where scores are
    counted for the player) is what the play would score; ``by`` names the seat whose unclaimed
    count a muggins call takes. With Matador ``rules`` matadors are starred and every play says
    what it leaves exposed (a matador's two ways are two moves): ``play [5|2]* at R, on the 4,
    exposing 5``."""
    if isinstance(action, Play) and isinstance(layout, Tricks):
        return f"play {tile_text(action.tile)}" + (" to lead" if not layout.trick else "")
    if isinstance(action, Play):
        star = "*" if _marks(rules) & BIT[action.tile] else ""
        if action.end is None:
            text = f"lead {_lead_text(action)}{star}"
        else:
            text = f"play {tile_text(action.tile)}{star} at {action.end}"
            if layout is not None and action.end in layout.names:
                pip = layout.pips[layout.names.index(action.end)]
                if pip >= 0:
                    text += f", on the {_label(rules, pip)}"
            exposing = _exposing(rules, layout, action)
            if exposing:
                text += f", {exposing}"
            elif action.open is not None:
                text += f", leaving {action.open} open"
        if action.claim is not None:
            text += f", claiming {action.claim}"
        if points:
            text += f" (scores {points})"
        return text
    if isinstance(action, Draw):
        return "draw a tile"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Stand):
        return "stand: play the hand you were dealt"
    if isinstance(action, TakeMiss):
        return "take the miss: throw your hand out and take a new one from the stock"
    if isinstance(action, Drop):
        return "drop out of this hand (win nothing, lose nothing)"
    if isinstance(action, Discard) and action.tile is not None:
        return f"discard {tile_text(action.tile)}"
    if isinstance(action, Muggins):
        whose = f" {in_sentence(by)} did not claim" if by else " not claimed"
        return f"call muggins: take the {plural(action.points, 'point')}{whose}"
    return str(action)


def describe_move(
    move: Move,
    before: Layout | None,
    voice: Voice,
    drawn: int | None = None,
    *,
    victim: int | None = None,
    rules: Rules | None = None,
) -> str:
    """What a seat did, as a sentence told by ``voice``; ``before`` is the layout before the move,
    ``drawn`` the tile drawn when the reader may know it (his own draw), ``victim`` the seat whose
    unclaimed count a muggins call took. With Matador ``rules``, a play also says what it left
    exposed."""
    seat = move.seat
    who = voice.subject(seat)

    def says(verb: str) -> str:
        return f"{who} {voice.verb(seat, verb)}"

    action = move.action
    if isinstance(action, Play) and isinstance(before, Tricks):
        verb = "lead" if not before.trick else "play"
        return f"{says(verb)} {tile_text(action.tile)}."
    if isinstance(action, Stand | TakeMiss | Drop):
        words = {Stand: "stand", TakeMiss: "take the miss", Drop: "drop out"}
        verb, _, rest = words[type(action)].partition(" ")
        return f"{says(verb)}{' ' + rest if rest else ''}."
    if isinstance(action, Discard):
        if action.tile is not None and voice.is_you(seat):
            return f"{says('discard')} {tile_text(action.tile)}."
        return f"{says('discard')} a tile face down."
    if isinstance(action, Play):
        star = "*" if _marks(rules) & BIT[action.tile] else ""
        if action.end is None:
            text = f"{says('lead')} {_lead_text(action)}{star}"
        else:
            text = f"{says('play')} {tile_text(action.tile)}{star} at {action.end}"
            if before is not None and action.end in before.names:
                pip = before.pips[before.names.index(action.end)]
                if pip >= 0:
                    text += f" (on the {_label(rules, pip)})"
            exposing = _exposing(rules, before, action)
            if exposing:
                text += f", {exposing}"
        if action.claim is not None:
            text += f", claiming {action.claim}"
        if move.points:
            text += f" and {voice.verb(seat, 'score')} {move.points}"
        return text + "."
    if isinstance(action, Draw):
        tile_drawn = drawn if drawn is not None else move.drawn
        if tile_drawn is not None:
            return f"{says('draw')} {tile_text(tile_drawn)}."
        return f"{says('draw')} a tile."
    if isinstance(action, Pass):
        return f"{says('pass')}."
    if isinstance(action, Muggins):
        pts = plural(action.points, "point")
        whose = f"the {pts}" if victim is None else f"{voice.whose(victim)} {pts}"
        taker = "you take" if voice.is_you(seat) else "takes"
        text = f"{says('call')} muggins: {taker} {whose}"
        if move.points != action.points:
            text += f" (scored {move.points})"
        return text + "."
    return f"{who}: {action}."


# --------------------------------------------------------------------- results and the score sheet
def _target_text(rules: Rules) -> str:
    if isinstance(rules, LooRules) and rules.pool:
        return f"{plural(rules.rounds, 'deal')}, the most counters won wins"
    if rules.low_wins:
        rounds = plural(getattr(rules, "rounds", 0), "hand")
        return f"{rounds}, each adding the pips left in hand: the lowest total wins"
    if rules.target_exact:
        return f"{rules.target_score} exactly to win"
    return f"{rules.target_score} to win"


def _side_points(rules: Rules, result: HandResult, side: int) -> str:
    """A side's points for a hand; in a counting game split into in play and end of hand."""
    total = result.points[side]
    if not rules.scores_in_play:
        return _num(total)
    end = result.end_points[side]
    return f"{total - end} in play + {end} for the hand = {total}" if end else f"{total} in play"


def hand_result_text(
    number: int,
    result: HandResult,
    rules: Rules,
    hands: Sequence[int] | None = None,
    state: HandState | None = None,
    *,
    voice: Voice | None = None,
) -> str:
    """The end of a hand, told by ``voice`` (by default for seat 0): why it ended, what each seat
    held, what each side scored (in a counting game: in play and at the end of the hand). With
    ``state``, wrong claims and end-of-hand points that an exact target ignored are explained
    too."""
    voice = voice or reader_voice(rules)
    sides = range(len(rules.sides))
    lines = [f"Hand {number} is over: {voice.tell(result.reason)}."]
    held = []
    for s in range(rules.players):
        tiles = f"{hand_text(hands[s])} " if hands is not None and hands[s] else ""
        held.append(f"{voice.name(s)} {tiles}({plural(result.pips[s], 'pip')})")
    table = state.layout if state is not None else None
    if isinstance(table, Tricks):
        won = ", ".join(f"{voice.name(s)} {table.won[s]}" for s in range(rules.players))
        lines.append(f"  Tricks won: {won}")
    elif not isinstance(rules, LooRules):
        lines.append("  Left in hand: " + ", ".join(held))
    points = ", ".join(f"{voice.side(i)}: {_side_points(rules, result, i)}" for i in sides)
    if isinstance(rules, PoolRules):
        takers = [i for i, p in enumerate(result.points) if p]
        if len(takers) == 1:
            stakes = plural(rules.players, "stake")
            lines.append(f"  The pool: {voice.side_says(takers[0], 'take')} it ({stakes}).")
        else:
            each = plural(rules.players / len(takers), "stake")
            lines.append(f"  The pool: {voice.sides_named(takers)} divide it ({each} each).")
    elif _debits(rules):
        lines.append(f"  Debits this hand: {points}")
    elif rules.low_wins:
        lines.append(f"  Added to the scores (the lowest total wins): {points}")
    elif isinstance(rules, LooRules) and rules.pool:
        lines.append(f"  Counters won and lost this hand: {points}")
    else:
        lines.append(f"  Points this hand: {points}")
    if state is not None:
        for index, side, pts in state.penalties:
            claimer = state.history[index].seat
            lines.append(
                f"  {voice.side_says(side, 'score', opening=True)} {pts} for "
                f"{voice.whose(claimer)} wrong claim."
            )
        if rules.target_exact:
            earned = rules.hand_result(state, result.ended, result.out_seat).end_points
            for side, (would, got) in enumerate(zip(earned, result.end_points, strict=True)):
                if would != got:
                    lines.append(
                        f"  {voice.side_says(side, 'would', opening=True)} pass "
                        f"{rules.target_score} with the {would} for the hand: not scored."
                    )
    return "\n".join(lines)


def _signed(x: float) -> str:
    """A balance with its sign: ``+3``, ``-1``, ``0``, ``+1.5``."""
    text = _num(x)
    return f"+{text}" if x > 0 and text != "0" else text


def _debits(rules: Rules) -> bool:
    """Whether the score sheet holds debits (Domino Whist: the side first debited 100 loses)."""
    return isinstance(rules, WhistRules) and rules.target_is_loss


WHIST_DEBIT_TEXT = {
    "highest_side_own_total": "the side holding more pips is debited its own total "
    "(equal totals: nobody)",
    "side_of_highest_holder_all_pips": "the side of the player holding the most pips is debited "
    "every pip left in the four hands",
    "highest_holder_own_pips": "the side of the player holding the most pips is debited his own "
    "pips",
}


def whist_debit_text(rules: WhistRules) -> str:
    """How a hand's debit is decided under ``whist_debit``, in words, with the option's value."""
    how = WHIST_DEBIT_TEXT.get(rules.whist_debit, rules.whist_debit)
    return f"whist_debit={rules.whist_debit}: {how}"


def whist_draw_text(rules: Rules, drawn: Sequence[int], voice: Voice | None = None) -> str:
    """The draw for partners, told by ``voice`` (by default for seat 0), e.g. ``You drew 6-5,
    seat 2 drew 5-4: you are partners; seats 1 & 3 drew 3-1 and 2-0. You drew highest and
    lead.``"""
    voice = voice or reader_voice(rules)
    first = voice.reader if voice.reader is not None else 0
    mine = rules.side_of[first]
    theirs = next(i for i in range(len(rules.sides)) if i != mine)
    partner = next(s for s in rules.sides[mine] if s != first)
    best = max(range(rules.players), key=lambda s: (PIPS[drawn[s]], HIGH[drawn[s]]))
    others = " and ".join(NAMES[drawn[s]] for s in rules.sides[theirs])
    return (
        f"{voice.subject(first)} drew {NAMES[drawn[first]]}, {voice.name(partner)} drew "
        f"{NAMES[drawn[partner]]}: {'you' if voice.reader in rules.sides[mine] else 'they'} are "
        f"partners; "
        f"{voice.side(theirs)} drew {others}. {voice.subject(best)} drew highest and "
        f"{voice.verb(best, 'lead')}."
    )


def pool_balances(match: Match, hands: int | None = None) -> list[float]:
    """Each player's running balance of stakes after ``hands`` pools (default: those scored)."""
    rules = match.rules
    assert isinstance(rules, PoolRules)
    rows = match.score_sheet()
    if hands is None:
        hands = len(rows)
    totals: list[float] = list(rows[hands - 1][2]) if hands else [0] * rules.players
    return rules.balances(totals, hands)


def _pool_sheet(match: Match, voice: Voice) -> str:
    """Domino Pool's sheet: each player's share of every pool with his running balance of stakes
    in brackets, then the pools won and the balances."""
    rules = match.rules
    assert isinstance(rules, PoolRules)
    labels = side_labels(rules, voice)
    rows: list[tuple[str, list[str], str]] = []
    sheet = match.score_sheet()
    for i, points, totals in sheet:
        balance = rules.balances(totals, i)
        cells = [f"{_num(p)} ({_signed(b)})" for p, b in zip(points, balance, strict=True)]
        result = match.hands[i - 1].result
        rows.append((f"{i:>4}", cells, voice.tell(result.reason) if result is not None else ""))
    totals = sheet[-1][2] if sheet else tuple(0.0 for _ in labels)
    rows.append(("won", [_num(t) for t in totals], "pools won"))
    rows.append(("bal.", [_signed(b) for b in rules.balances(totals, len(sheet))], "stakes"))
    widths = [max(len(lab), 5, *(len(r[1][k]) for r in rows)) for k, lab in enumerate(labels)]
    head = "pool  " + "  ".join(lab.rjust(w) for lab, w in zip(labels, widths, strict=True))
    lines = [
        f"Pools ({len(sheet)} of {rules.rounds}; every player stakes 1, so a pool holds "
        f"{rules.players}): each player's share of each pool (his running balance of stakes)",
        head + "  how it ended",
    ]
    for first, cells, reason in rows:
        text = f"{first:<5} " + "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))
        lines.append(f"{text}  {reason}".rstrip())
    return "\n".join(lines)


def score_sheet_text(match: Match, voice: Voice | None = None) -> str:
    """The running score sheet, told by ``voice`` (by default for seat 0): points per side for
    every finished hand (in a counting game as ``total (in play + end of hand)``), how it ended,
    and the totals. Domino Whist's sheet holds debits; Domino Pool's the shares of each pool and
    the running balances of stakes."""
    rules = match.rules
    voice = voice or reader_voice(rules)
    if isinstance(rules, PoolRules):
        return _pool_sheet(match, voice)
    labels = side_labels(rules, voice)
    rows: list[tuple[str, list[str], str]] = []
    running: list[float] = [0] * len(labels)
    for i, state in enumerate(match.hands, 1):
        result = state.result
        if result is None:
            break
        running = [a + b for a, b in zip(running, result.points, strict=True)]
        cells = []
        for side, total in enumerate(result.points):
            end = result.end_points[side]
            cells.append(f"{total} ({total - end}+{end})" if rules.scores_in_play else str(total))
        rows.append((f"{i:>4}", cells, voice.tell(result.reason)))
    rows.append(("total", [_num(t) for t in running], ""))
    widths = [max(len(lab), 5, *(len(r[1][k]) for r in rows)) for k, lab in enumerate(labels)]
    head = "hand  " + "  ".join(lab.rjust(w) for lab, w in zip(labels, widths, strict=True))
    lines = [f"Score sheet ({_target_text(rules)})", head + "  how it ended"]
    if rules.scores_in_play:
        lines[0] += ": points (in play + for the hand)"
    if isinstance(rules, WhistRules) and _debits(rules):
        lines[0] = (
            f"Debits (the side first debited with {rules.target_score} loses; "
            f"{whist_debit_text(rules)})"
        )
    for first, cells, reason in rows:
        text = f"{first:<5} " + "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))
        lines.append(f"{text}  {reason}".rstrip())
    return "\n".join(lines)


def _match_unit(rules: Rules) -> str:
    """What a match's totals count: ``point``, ``counter``, ``pool``, ``debit``."""
    if isinstance(rules, PoolRules):
        return "pool"
    if isinstance(rules, LooRules) and rules.pool:
        return "counter"
    if _debits(rules):
        return "debit"
    return "point"


def winner_text(match: Match, voice: Voice | None = None) -> str:
    """How the match ended, in a sentence told by ``voice`` (by default for seat 0): who won and
    with what, or who tied."""
    rules = match.rules
    voice = voice or reader_voice(rules)
    winner = match.winner
    totals = match.totals
    sides = range(len(totals))

    def others(but: Sequence[int]) -> str:
        rest = [f"{voice.side(i)}: {_num(totals[i])}" for i in sides if i not in but]
        return f" ({', '.join(rest)})" if rest else ""

    unit = _match_unit(rules)
    if isinstance(rules, PoolRules):
        pools = len(match.score_sheet())
        balances = ", ".join(
            f"{voice.side(i)} {_signed(b)}" for i, b in enumerate(pool_balances(match))
        )
        if winner is None:
            best = max(totals)
            tied = [i for i in sides if totals[i] == best]
            head = f"{voice.sides_named(tied)} tie with {plural(best, unit)} each: nobody wins"
        else:
            head = f"{voice.side_says(winner, 'win')} with {plural(totals[winner], unit)}"
        return f"Match over after {plural(pools, 'pool')}: {head}. Final balances: {balances}."
    low = rules.low_wins or _debits(rules)
    if winner is None:
        best = min(totals) if low else max(totals)
        tied = [i for i in sides if totals[i] == best]
        if len(tied) < 2:
            return "Match over: no winner."
        tie = (
            f"tie for the lowest total, {_num(best)} each"
            if rules.low_wins
            else f"tie with {plural(best, unit)} each"
        )
        return f"Match over: {voice.sides_named(tied)} {tie}, so nobody wins{others(tied)}."
    if rules.low_wins:
        return (
            f"Match over after {plural(len(match.score_sheet()), 'hand')}: "
            f"{voice.side_says(winner, 'win')} with the lowest total, {_num(totals[winner])}"
            f"{others([winner])}."
        )
    if _debits(rules):
        loser = next(i for i in sides if i != winner)
        return (
            f"Match over: {voice.side_says(loser, 'reach')} {plural(rules.target_score, 'debit')} "
            f"({_num(totals[loser])} to {_num(totals[winner])}): "
            f"{voice.side_says(winner, 'win')}."
        )
    if rules.target_exact:
        return (
            f"Match over: {voice.side_says(winner, 'win')}, reaching {rules.target_score} "
            f"exactly{others([winner])}."
        )
    return (
        f"Match over: {voice.side_says(winner, 'win')} with {plural(totals[winner], unit)}"
        f"{others([winner])}."
    )


_winner_line = winner_text


# --------------------------------------------------------------------- reading the person's input
@dataclass(frozen=True)
class Command:
    """What a line typed by the person asks for: ``kind`` is ``action`` (with ``action``), ``error``
    (with ``message``), or one of ``help``, ``hand``, ``table``, ``score``, ``moves``,
    ``describe``, ``review``, ``quit``.

    ``claimed`` says that the line itself settled the claim of a play (``3 15``, or ``3 0`` for
    none), so the person is not asked for one."""

    kind: str
    action: Action | None = None
    message: str = ""
    claimed: bool = False


_WORDS = {
    "?": "help",
    "h": "help",
    "help": "help",
    "hand": "hand",
    "t": "table",
    "table": "table",
    "board": "table",
    "score": "score",
    "scores": "score",
    "s": "score",
    "m": "moves",
    "moves": "moves",
    "describe": "describe",
    "review": "review",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
}


def menu(obs: Observation) -> list[Action]:
    """The actions offered to the person, in the engine's order. Where scores are claimed the
    engine lists every play once without a claim and once with each possible claim; the menu keeps
    the first (the claim is asked for separately, so the menu does not give the answer away)."""
    if not obs.rules.claims:
        return list(obs.legal_actions)
    return [a for a in obs.legal_actions if not (isinstance(a, Play) and a.claim is not None)]


def claim_error(rules: Rules, claim: int) -> str | None:
    """Why ``claim`` cannot be claimed in this game (it is no score here), or ``None``."""
    values: tuple[int, ...] = getattr(rules, "claim_values", ())
    if claim in values:
        return None
    if not values:
        return "Scores are counted for you in this game: a move takes no claim."
    shown = ", ".join(str(v) for v in values[:4])
    return (
        f"{claim} is not a score in this game: claim one of {shown}, ... {values[-1]}, "
        "or nothing (Enter)."
    )


def parse_command(text: str, obs: Observation) -> Command:
    """Understand one line typed by the person whose observation is ``obs``.

    A number picks from :func:`menu` (counting from 1); ``d``/``draw`` and ``p``/``pass`` are the
    draw and the pass; ``6-4 R`` (also ``6|4 R``, ``[6|4] at R``, ``6-4r``) plays a tile at an
    end, and a tile alone is enough for the lead or where it fits one end only. Where scores are
    claimed, a number after a play is its claim (``3 15``, ``6-4 R 15``; ``0`` for none), and
    ``muggins`` calls muggins. In Matador a number after the end is the half left exposed
    (``5-2 R 5``, also ``5-2 R exposing 5``). The action returned may still be illegal: the
    engine decides, and explains.
    """
    words = text.replace("[", " ").replace("]", " ").replace("|", "-").replace("*", " ").split()
    if not words:
        return Command("error", message="Type a move number, or ? for help.")
    first = words[0].lower()
    if len(words) == 1 and first in _WORDS:
        return Command(_WORDS[first])
    if len(words) >= 2 and words[-1].isdigit() and not obs.rules.claims and "-" in first:
        return _parse_tile_command(words, obs)
    if len(words) >= 2 and words[-1].isdigit():
        command = parse_command(" ".join(words[:-1]), obs)
        return _with_claim(command, int(words[-1]), obs)
    offered = menu(obs)
    if len(words) == 1 and first.isdigit():
        n = int(first)
        if not offered:
            return Command("error", message="It is not your turn.")
        if not 1 <= n <= len(offered):
            return Command("error", message=f"There is no move {n}: choose 1 to {len(offered)}.")
        return Command("action", offered[n - 1])
    if len(words) == 1 and first in ("d", "draw"):
        return Command("action", DRAW)
    if len(words) == 1 and first in ("p", "pass", "go", "knock"):
        return Command("action", PASS)
    if len(words) == 1 and first in ("stand", "miss", "drop"):
        kinds = {"stand": Stand, "miss": TakeMiss, "drop": Drop}
        chosen = [a for a in offered if isinstance(a, kinds[first])]
        if not chosen:
            return Command("error", message=f"You cannot {first} now.")
        return Command("action", chosen[0])
    if any(isinstance(a, Discard) for a in offered):
        if first == "discard":
            words = words[1:]
        if len(words) == 1 and "-" in words[0]:
            try:
                t = parse_tile(words[0])
            except ValueError as e:
                return Command("error", message=f"{e}.")
            return Command("action", Discard(t))
    if len(words) == 1 and first == "muggins":
        calls = [a for a in offered if isinstance(a, Muggins)]
        if not calls:
            return Command("error", message="There is no unclaimed count to call muggins on.")
        return Command("action", calls[0])
    return _parse_tile_command(words, obs)


def _with_claim(command: Command, claim: int, obs: Observation) -> Command:
    """A play command given a claim typed after it."""
    if command.kind != "action":
        return command
    if not obs.rules.claims:
        return Command(
            "error", message="Scores are counted for you in this game: a move takes no claim."
        )
    action = command.action
    if not isinstance(action, Play):
        return Command("error", message="Only a play can carry a claim.")
    if claim == 0:
        return Command("action", action.with_claim(None), claimed=True)
    problem = claim_error(obs.rules, claim)
    if problem is not None:
        return Command("error", message=problem)
    return Command("action", action.with_claim(claim), claimed=True)


def _parse_tile_command(words: list[str], obs: Observation) -> Command:
    head = words[0]
    rest = words[1:]
    pips_text, sep, tail = head.partition("-")
    b_text = tail.rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    attached = tail[len(b_text) :]
    if not sep or not pips_text.isdigit() or not b_text.isdigit():
        return Command(
            "error",
            message=f"Cannot understand {' '.join(words)!r}: type a move number, or ? for help.",
        )
    if attached:
        rest = [attached, *rest]
    if rest and rest[0].lower() in ("at", "on", "to"):
        rest = rest[1:]
    exposed: int | None = None
    if len(rest) >= 2 and rest[-1].isdigit():
        exposed = int(rest[-1])
        rest = rest[:-1]
        if len(rest) == 2 and rest[1].lower() in ("exposing", "expose", "open", "showing"):
            rest = rest[:1]
    if len(rest) > 1:
        return Command("error", message=f"Cannot understand {' '.join(words)!r}: write e.g. 6-4 R.")
    a, b = int(pips_text), int(b_text)
    try:
        t = tile(a, b)
    except ValueError as e:
        return Command("error", message=f"{e}.")
    end = rest[0].upper() if rest else None
    layout = obs.layout
    plays = [x for x in menu(obs) if isinstance(x, Play) and x.tile == t]
    if layout is None:
        if end is not None:
            return Command("action", Play(t, end))
        # A lead is laid as written: a toward L, b toward R.
        return Command("action", Play(t, None, None if a == b else b))
    if end is not None:
        at_end = [x for x in plays if x.end == end]
        if exposed is not None:
            rules = obs.rules
            for x in at_end:
                shown = x.open if x.open is not None else rules.exposed_pip(layout, t, end)
                if shown == exposed:
                    return Command("action", x)
            # Not a legal way to lay it: the engine says why.
            return Command("action", Play(t, end, exposed))
        if len(at_end) > 1:
            halves = sorted({x.open for x in at_end if x.open is not None}, reverse=True)
            message = f"{NAMES[t]} can be laid two ways at {end}: choose it by its number."
            if halves:
                ways = " or ".join(f"{NAMES[t]} {end} {h}" for h in halves)
                message = (
                    f"{NAMES[t]} can be laid two ways at {end}: say which half stays exposed "
                    f"({ways}), or choose it by its number."
                )
            return Command("error", message=message)
        return Command("action", at_end[0] if at_end else Play(t, end))
    ends = sorted({x.end or "" for x in plays})
    if len(plays) == 1:
        return Command("action", plays[0])
    if len(ends) > 1:
        return Command(
            "error",
            message=f"{NAMES[t]} fits at {' and '.join(ends)}: say which, "
            f"e.g. {NAMES[t]} {ends[-1]}.",
        )
    if plays:
        return Command(
            "error", message=f"{NAMES[t]} can be laid two ways: choose it by its number."
        )
    if t >= obs.rules.tiles.size or not obs.hand & BIT[t] or not layout.names:
        # Let the engine say what is wrong with this tile.
        return Command("action", Play(t, layout.names[0] if layout.names else None))
    return Command("error", message=f"{NAMES[t]} fits no open end. {ends_text(layout, obs.rules)}.")


# --------------------------------------------------------------------- the game loop
def default_opponent(rules: Rules) -> str:
    """The agent the computer seats play when none is named: ``counting`` in the counting games
    (it plays for the points), the game's own strategy agent in Matador (``matador``), Domino
    Whist (``whist``) and Domino Pool (``pool``), ``greedy`` elsewhere."""
    if isinstance(rules, CountingRules | BergenRules):
        return "counting"
    if isinstance(rules, LooRules):
        return "casual"
    if isinstance(rules, MatadorRules):
        return "matador"
    if isinstance(rules, WhistRules):
        return "whist"
    if isinstance(rules, PoolRules):
        return "pool"
    return "greedy"


def _scoring_phrase(rules: CountingRules) -> str:
    which = {
        "fives": "a multiple of five",
        "threes": "a multiple of three",
        "fives_and_threes": "a multiple of five or of three",
    }.get(rules.count_scoring, "")
    if not which:
        return ""
    if rules.score_unit == "per_multiple":
        how = (
            "one point per five and per three in it"
            if rules.count_scoring == ("fives_and_threes")
            else "one point per multiple"
        )
    else:
        how = "its value"
    return f"A play that makes the count of the open ends {which} scores {how}."


def game_intro(rules: Rules, voice: Voice | None = None) -> list[str]:
    """The rules the person needs before a game of Matador, Domino Whist, Domino Pool, Bergen,
    Mexican Train or Domino Loo (none for the other games, whose summary says enough), told by
    ``voice`` (by default for seat 0). Every number in it (tiles dealt, the stock) is the deal's
    for this number of players."""
    voice = voice or reader_voice(rules)
    if isinstance(rules, LooRules):
        return _loo_intro(rules)
    if isinstance(rules, MexicanTrainRules):
        if voice.reader is not None:
            trains = f"Your train is T{voice.reader}"
        else:
            owners = ", ".join(f"T{s} is {voice.whose(s)}" for s in range(rules.players))
            trains = f"Each player has a train of his own ({owners})"
        return [
            "Each round is played from its engine double, the highest first, laid in the hub by "
            f"its holder. {trains}; M is the Mexican train, open to all.",
            "On your turn lay one tile on your own train, on M, or on a train with a marker. If "
            "you cannot, draw one; if you still cannot, you pass and your marker goes on your "
            "train, open to everyone until you play on it again.",
            "Lay a double and you play again to cover it; while a double stands uncovered, "
            "everyone must cover it before playing anywhere else.",
            "When a player goes out (or nobody can play), everyone adds the pips left in his "
            "hand to his score"
            + (
                f", the 0-0 counting {rules.hand_value[0]}"
                if rules.hand_value and rules.hand_value[0]
                else ""
            )
            + ".",
        ]
    if isinstance(rules, BergenRules):
        lines = [
            "Headers score as you make them: 2 when both ends of the line show the same number "
            "(a double-header; a double led alone is one), 3 when one of those ends is a double "
            "(a triple-header).",
            f"Going out scores {rules.domino_points.removeprefix('fixed:')}; when nobody can "
            "play, the best hand scores "
            f"{rules.blocked_scoring.removeprefix('fixed:')}"
            + {
                "off": ": the fewest pips win.",
                "all_pips": ": a hand holding a double loses to any hand without one, then the "
                "fewest pips win.",
                "non_double_pips": ": a hand holding a double loses to any hand without one, "
                "then the fewest pips win; when every hand holds a double, only the pips on the "
                "other tiles count.",
            }[rules.doubles_rule],
        ]
        if rules.voluntary_draw:
            lines.append("You may draw from the stock even when you could play.")
        if rules.near_target_cap:
            lines.append(
                "Near the target a header is worth less: at most 1 within 2 points of it, at "
                "most 2 within 3."
            )
        return lines
    if isinstance(rules, MatadorRules):
        return _matador_intro(rules)
    if isinstance(rules, WhistRules):
        how = WHIST_DEBIT_TEXT.get(rules.whist_debit, rules.whist_debit)
        lines = [
            "Partners and the first leader are chosen by drawing, as at Whist: the two highest "
            "draws play together against the two lowest, and the highest leads any tile; the "
            "lead then passes to the next player each hand.",
            f"All {rules.tiles.size} tiles are dealt, {plural(rules.hand_size, 'tile')} each, so "
            "nobody draws: when you cannot match an end you say go (pass). A hand ends when a "
            "player goes out or nobody can play; then, by "
            f"whist_debit={rules.whist_debit}, {how}.",
            "Leading a double announces strength in that number: a partner keeps it open, an "
            "opponent tries to close it.",
        ]
        if not rules.target_is_loss:
            lines[1] += " The other side scores the debit; first to the target wins."
        return lines
    if isinstance(rules, PoolRules):
        return [
            f"Each hand is a pool: every player stakes 1 and the pool of {rules.players} goes "
            "to the first player out; if nobody can play, to the fewest pips (players tied for "
            "the fewest divide it).",
            f"Everyone holds {plural(rules.hand_size, 'tile')} and nobody draws: when you cannot "
            "match an end you say go (pass). Your balance is what you have taken less your "
            "stakes.",
        ]
    return []


def lead_draw_text(drawn: Sequence[int], voice: Voice) -> str:
    """The draw for the first lead: ``Drawing for the lead: you [6|4], seat 1 [5|5].``"""
    tiles = ", ".join(f"{voice.name(s)} {tile_text(t)}" for s, t in enumerate(drawn))
    return f"Drawing for the lead: {tiles}."


def hand_start_text(rules: Rules, state: HandState, voice: Voice) -> str:
    """Who begins a hand: ``You have the lead.``, ``Seat 3 deals; you decide first.`` (Domino
    Loo), or how the players find the double that leads."""
    leader = state.leader
    if isinstance(rules, LooRules):
        dealer = (leader - 1) % rules.players
        return f"{voice.says(dealer, 'deal', opening=True)}; {voice.says(leader, 'decide')} first."
    if state.finding_lead:
        return lead_hunt_text(rules, state)
    return f"{voice.says(leader, 'have', opening=True)} the lead."


def trick_won_text(table: Tricks, voice: Voice) -> str:
    """Who took the trick just finished: ``Seat 3 takes the trick (2 tricks so far).``"""
    w = table.last_winner
    return (
        f"{voice.says(w, 'take', opening=True)} the trick ({plural(table.won[w], 'trick')} so far)."
    )


def partner_out_text(seat: int, voice: Voice) -> str:
    """A partner out while the hand goes on (``team_out_rule=both_partners``)."""
    return (
        f"{voice.says(seat, 'be', opening=True)} out; the hand goes on until both partners of a "
        "side are out."
    )


def target_reached_text(rules: Rules, side: int, voice: Voice) -> str:
    """A side reaching an exact target mid-hand: it has won; the hand is played out."""
    return (
        f"{voice.side_says(side, 'reach', opening=True)} {rules.target_score} exactly and "
        f"{voice.side_verb(side, 'win')} the match; the hand is played out."
    )


def lead_hunt_text(rules: Rules, state: HandState) -> str:
    """What happens when nobody was dealt the double that leads (Mexican Train's engine, Chicken
    Foot's starting double): the players draw for it in turn."""
    lead = state.context
    which = f"the double {HIGH[lead]}" if isinstance(lead, int) else "the double"
    return (
        f"Nobody holds {which} that leads: the players draw in turn until it appears, and its "
        "drawer leads."
    )


def _loo_intro(rules: LooRules) -> list[str]:
    suits = (
        "any other tile belongs to the suit of its higher number"
        if not rules.either_end
        else "any other tile follows either number it shows and leads its higher one"
    )
    duty = "You must follow suit if you can"
    if rules.must_trump:
        duty += "; if you cannot, you must trump if you can"
    if rules.must_head:
        duty += "; and you must beat the best tile of the trick when you can"
    choices = "stand (play your hand)"
    if rules.miss_allowed:
        choices += f", take the miss (throw it out, take {rules.miss_size} from the stock, keep 5)"
    if rules.players >= 3:
        choices += " or drop out (win nothing, lose nothing)"
    lines = [
        "No line is built: each hand is five tricks. The tile turned up makes its higher number "
        f"trumps: a tile bearing it is a trump, {suits}.",
        f"Before the play, in turn from the dealer's left, you {choices}.",
        f"{duty}. The highest trump wins a trick, else the highest tile of the suit led (the "
        "double highest, then by the other number); the winner leads the next.",
    ]
    if rules.pool:
        lines.append(
            "The pool: the dealer stakes 5 when it is empty; each trick takes a fifth of it. A "
            "player in the hand who takes no trick is looed and pays 5 into the next pool."
        )
    else:
        lines.append(
            f"A trick scores 1; a player in the hand who takes no trick is looed and loses "
            f"{rules.penalty}."
        )
    return lines


def _matador_intro(rules: MatadorRules) -> list[str]:
    n, total = rules.tiles.max_pip, rules.match_sum
    matadors = ", ".join(NAMES[t] for t in sorted(tiles_of(rules.matadors)))
    if total < 0:
        join = "Tiles join where the touching halves are equal"
    else:
        pairs = ", ".join(
            f"{a} with {total - a}" for a in range(n, -1, -1) if a > total - a >= 0 and a <= n
        )
        join = (
            f"Tiles join where the touching halves add up to {total} ({pairs}); a double counts "
            f"as one number (a double {n} on an end needs a {total - n})"
        )
    lines = [
        f"{join}. A blank end takes no ordinary tile: only a matador.",
        f"The matadors {matadors} (starred * in your hand) go on any end, blanks included"
        + (
            ", laid crosswise so that both halves stay open."
            if rules.crosswise
            else "; you choose which half stays exposed (each way is a move of its own; type "
            "e.g. 5-2 R 5 to leave the 5 showing)."
        ),
    ]
    lines.append(_drawing_text(rules))
    return lines


def _drawing_text(rules: Rules) -> str:
    """Whether and how the players draw, from what the deal leaves in the stock for this number
    of players: ``When you cannot play you draw until you can (14 tiles in the stock, the last 2
    never drawn).``, or ``All 28 tiles are dealt, so nobody draws: ...``."""
    stock = rules.tiles.size - rules.hand_size * rules.players
    drawable = stock - rules.reserve if rules.can_draw else 0
    if drawable <= 0:
        if stock == 0:
            return (
                f"All {rules.tiles.size} tiles are dealt, {plural(rules.hand_size, 'tile')} each, "
                "so nobody draws: when you cannot play you pass."
            )
        return (
            f"The {plural(stock, 'tile')} left after the deal are never drawn: when you cannot "
            "play you pass."
        )
    held = f"{plural(stock, 'tile')} in the stock"
    if rules.reserve:
        held += f", the last {rules.reserve if rules.reserve > 1 else 'one'} never drawn"
    draw = f"When you cannot play you draw until you can ({held})"
    if rules.draw_policy == "one_then_pass":
        draw = f"When you cannot play you draw one tile and pass if it does not fit ({held})"
    if rules.voluntary_draw:
        draw += "; you may also draw when able to play"
    elif isinstance(rules, MatadorRules) and rules.matador_optional:
        draw += "; you may draw rather than spend a matador"
    return draw + "."


def scoring_lines(
    rules: CountingRules,
    state: HandState,
    before: Layout | None,
    move: Move,
    index: int,
    voice: Voice | None = None,
) -> list[str]:
    """Why the play ``move`` (the ``index``-th of the hand's history, made on the layout
    ``before``) scored or did not: the ends and their sum, the claim, the target; told by
    ``voice`` (by default for seat 0)."""
    action = move.action
    assert isinstance(action, Play)
    layout = state.layout
    assert layout is not None
    earned = rules.points_of_play(before, action)
    why = rules.explain(layout)
    voice = voice or reader_voice(rules)
    out = (
        state.over
        and state.result is not None
        and state.result.ended == "domino"
        and state.result.out_seat == move.seat
        and index == len(state.history) - 1
    )
    if not rules.claims or action.claim == earned:
        if not earned:
            return []
        if move.points == earned:
            return [why]
        side = rules.side_of[move.seat]
        alone = state.base_totals[side] + state.scores[side] + earned
        if out and alone <= rules.target_score:
            return [
                f"{why}, but with the points for going out it would pass "
                f"{rules.target_score}: neither is scored"
            ]
        return [f"{why}, but it would pass {rules.target_score}: not scored"]
    if action.claim is None:
        if not earned:
            return []
        if state.over:
            return [f"{why}, not claimed: the hand is over and the points are lost"]
        return [f"{why}, not claimed"]
    text = f"{why}: the claim of {action.claim} is struck"
    penalty = next((p for p in state.penalties if p[0] == index), None)
    if penalty is not None:
        _, side, pts = penalty
        text += f": {voice.side_says(side, 'score')} {pts}"
    elif rules.false_claim_penalty and action.claim > 0 and rules.target_exact:
        # The engine ignored the penalty: it would have passed the exact target.
        victim = (move.seat + 1) % rules.players
        while rules.side_of[victim] == rules.side_of[move.seat]:
            victim = (victim + 1) % rules.players
        label = voice.side(rules.side_of[victim])
        text += f": the {action.claim} would take {label} past {rules.target_score}, not scored"
    if earned:
        text += f" (the {earned} the play made are lost)"
    return [text]


class _Before:
    """What the terminal remembers of a hand before a move, to say what the move changed."""

    __slots__ = ("layout", "reached", "scores")

    def __init__(self, state: HandState) -> None:
        self.layout = state.layout
        self.reached = state.target_side
        self.scores = tuple(state.scores)
