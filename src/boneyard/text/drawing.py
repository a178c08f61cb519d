"""Text drawings of a table description (:mod:`boneyard.core.views`): what the plain terminal
game, the research environments' ``render()`` and screen readers show. Pure functions: a
description in, strings out. They know no game: every game's presenter describes its table, and
these draw whatever it describes (a line with its arms, trains from a hub, tricks).

>>> from boneyard.games import get_game
>>> from boneyard.core.actions import Move, Play
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("block").configure(players=2)
>>> view = rules.presenter.table([Move(0, Play(T("6-6"))), Move(1, Play(T("6-4"), "R"))], None)
>>> print(render_table(view))
  +6+
L | |[6|4] R
  +6+
Open ends: L shows 6, R shows 4
>>> for line in describe_table(view):
...     print(line)
The lead is [6|6], across the line.
Toward L, from the lead: nothing laid yet.
Toward R, from the lead: [6|4].
Open ends: L shows 6, R shows 4.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.i18n import DEFAULT, _, current_language
from ..core.views import ArmView, LineView, PlacedTile, TableView, TrickView
from ..core.words import Voice, tile_text

__all__ = ["describe_table", "ends_text", "render_table", "segment"]


def _engine(voice: Voice, text: str) -> str:
    """A game's words about an end (``needs a 3 or a matador``) in the reader's language."""
    return text if current_language() == DEFAULT else voice.tell(text)


# A tile drawn as five rows: a label above, the top, the middle (where the line runs), the bottom
# and a label below. Labels name a spinner's short sides; rows left blank are not printed.
Segment = tuple[str, str, str, str, str]

_SPECTATOR = Voice(())


def segment(first: int, second: int, crosswise: bool, up: str = "", down: str = "") -> Segment:
    """One tile: lengthwise ``[a|b]``, or a crosswise tile standing up (a double ``+6+`` / ``| |``
    / ``+6+``, a crosswise matador ``+5+`` / ``| |`` / ``+2+``) with the names of its short sides
    above and below when it is a spinner."""
    if crosswise:
        top, bottom = f"+{first}+", f"+{second}+"
        inner = max(len(str(first)), len(str(second)))
        w = max(len(top), len(bottom), len(up), len(down))
        return (
            up.center(w),
            top.center(w),
            ("|" + " " * inner + "|").center(w),
            bottom.center(w),
            down.center(w),
        )
    mid = f"[{first}|{second}]"
    blank = " " * len(mid)
    return blank, blank, mid, blank, blank


def _chain(segments: Sequence[Segment], prefix: str, suffix: str, width: int) -> list[str]:
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


def _ordered(p: PlacedTile, backward: bool) -> tuple[int, int]:
    """A tile's halves as drawn from left to right (top to bottom standing): an arm drawn
    backward (toward L) shows its outer half first; a crosswise matador stands as it lies."""
    if backward and not (p.cross and not p.double):
        return p.b, p.a
    return p.a, p.b


def ends_text(view: LineView, voice: Voice = _SPECTATOR) -> str:
    """The open ends and the pips they show: ``Open ends: L shows 6, R shows 3``; where the game
    says what an end needs (Matador), ``L shows 5: needs a 2 or a matador; R shows 0: closed:
    only a matador``; what stands on an end in brackets (a marker)."""
    if view.lead is None:
        return _("Open ends: none yet (the first tile is the lead)")
    parts = []
    for end in view.ends:
        note = f" ({voice.tell(end.note)})" if end.note else ""
        name = end.label or end.name
        if end.shows is None:
            parts.append(_("{end} not open yet").format(end=name))
        elif end.needs:
            parts.append(
                _("{end} shows {pip}: {needs}").format(
                    end=name, pip=end.shows, needs=_engine(voice, end.needs)
                )
            )
        else:
            parts.append(_("{end} shows {pip}").format(end=name, pip=end.shows) + note)
    joined = "; " if any(end.needs for end in view.ends) else ", "
    return _("Open ends: {ends}").format(ends=joined.join(parts))


def _titled(view: LineView, arm: ArmView, voice: Voice) -> str:
    """An arm's name with what it is and what stands on it: ``T1 (seat 1's train) (marker:
    open to all)``."""
    end = next((e for e in view.ends if e.name == arm.name), None)
    title = voice.tell(end.title) if end is not None and end.title else ""
    note = voice.tell(end.note) if end is not None and end.note else ""
    return f"{view.said(arm.name)}{f' ({title})' if title else ''}{f' ({note})' if note else ''}"


def render_table(view: TableView, voice: Voice = _SPECTATOR, width: int = 78) -> str:
    """Draw the table: the line from its L end to its R end, then every other arm (the short
    sides of a spinner, named above and below it in the drawing) on a line of its own, from the
    spinner outward, then the open ends and the count where the game counts them. Crosswise
    tiles stand up. Trains from a hub are drawn a train per line; a trick-taking table is told
    in words. Players named on the table are told by ``voice``."""
    if isinstance(view, TrickView):
        return "\n".join(trick_lines(view, voice))
    lead = view.lead
    if lead is None:
        return _("The table is empty.")
    if view.hub:
        return _render_hub(view, voice, width)
    # The short sides of each spinner, named above and below it.
    short: dict[int, tuple[str, str]] = {}
    for arm in view.arms:
        if arm.way in ("up", "down") and arm.half is None:
            up, down = short.get(arm.root, ("", ""))
            said = view.said(arm.name)
            short[arm.root] = (said, down) if arm.way == "up" else (up, said)

    def seg(p: PlacedTile, backward: bool = False) -> Segment:
        first, second = _ordered(p, backward)
        up, down = short.get(p.tile, ("", "")) if p.spinner else ("", "")
        return segment(first, second, p.cross, up, down)

    left = next((a for a in view.arms if a.way == "left" and a.root == lead.tile), None)
    right = next((a for a in view.arms if a.way == "right" and a.root == lead.tile), None)
    line = [seg(p, backward=True) for p in reversed(left.tiles if left else ())]
    line.append(seg(lead))
    line += [seg(p) for p in (right.tiles if right else ())]
    rows = _chain(
        line,
        f"{view.said(left.name) if left else ''} ",
        f" {view.said(right.name) if right else ''}",
        width,
    )
    for arm in view.arms:
        if arm is left or arm is right:
            continue
        label = _("{arm} arm, off {tile}: ").format(
            arm=view.said(arm.name), tile=tile_text(arm.root)
        )
        if not arm.tiles:
            end = next((e for e in view.ends if e.name == arm.name), None)
            state = (
                _("nothing laid yet") if end is None or end.shows is not None else _("not open yet")
            )
            rows.append(f"{label}{state}")
            continue
        rows += _chain([seg(p) for p in arm.tiles], label, f" {view.said(arm.name)}", width)
    rows.append(ends_text(view, voice))
    if view.count is not None:
        rows.append(view.count)
    return "\n".join(rows)


def _render_hub(view: LineView, voice: Voice, width: int) -> str:
    """Trains from a hub: the engine, then each train on a line of its own, named, then the
    open ends."""
    assert view.lead is not None
    rows = [_("Engine {tile} in the hub").format(tile=tile_text(view.lead.tile))]
    for arm in view.arms:
        label = f"{_titled(view, arm, voice)}: "
        if not arm.tiles:
            rows.append(label + _("nothing laid yet"))
            continue
        segments = [segment(p.a, p.b, p.cross) for p in arm.tiles]
        rows += _chain(segments, label, f" {view.said(arm.name)}", width)
    rows.append(ends_text(view, voice))
    return "\n".join(rows)


def trick_lines(view: TrickView, voice: Voice = _SPECTATOR) -> list[str]:
    """A trick-taking table in words, told by ``voice``: trumps, the game's notes, the trick in
    play (or what the table waits for), the players where each stands (in the game's own words,
    :attr:`~boneyard.core.views.TrickSeatView.text`) and the last trick."""
    name = voice.name if voice.names else (lambda s: _("seat {n}").format(n=s))
    trumps = view.trump_text if view.trump_text is not None else str(view.trump)
    if view.turnup is not None:
        trumps += " " + _("(the turn-up is {tile})").format(tile=tile_text(view.turnup))
    lines = [_("Trumps: {trumps}").format(trumps=trumps)]
    lines += [voice.tell(note) for note in view.notes]
    if view.trick:
        played = ", ".join(f"{name(s)} {tile_text(t)}" for s, t in view.trick)
        lines.append(f"{view.heading}: {played}")
    elif view.waiting:
        told = voice.tell(view.waiting).rstrip(".")
        lines.append(f"{view.heading}: {told[:1].lower()}{told[1:]}")
    elif view.heading:
        lines.append(view.heading)
    players = "; ".join(f"{name(s.seat)} {s.text}".rstrip() for s in view.seats)
    lines.append(_("Players: {players}").format(players=players))
    if view.last and view.last_winner is not None:
        played = ", ".join(f"{name(s)} {tile_text(t)}" for s, t in view.last)
        lines.append(
            voice.pick(
                view.last_winner,
                _("Last trick: {played}; you won it"),
                _("Last trick: {played}; won by {name}"),
            ).format(played=played, name=name(view.last_winner))
        )
    return lines


def describe_table(view: TableView, voice: Voice = _SPECTATOR) -> list[str]:
    """The table in words, arm by arm from the lead outward (for people who cannot see it),
    then the open ends and the count where the game counts them; players told by ``voice``."""
    if isinstance(view, TrickView):
        return [line + "." for line in trick_lines(view, voice)]
    lead = view.lead
    if lead is None:
        return [_("The table is empty: the first tile played is the lead.")]
    if view.hub:
        lines = [_("The engine {tile} is in the hub.").format(tile=tile_text(lead.tile))]
        for arm in view.arms:
            laid = ", ".join(f"[{p.a}|{p.b}]" for p in arm.tiles) or _("nothing laid yet")
            lines.append(
                _("{train}, from the engine: {laid}.").format(
                    train=_titled(view, arm, voice), laid=laid
                )
            )
        lines.append(ends_text(view, voice) + ".")
        return lines
    spinner = _(", a spinner") if lead.spinner else ""
    words = tile_text(lead.tile) if lead.double else f"[{lead.a}|{lead.b}]"
    across = _(", across the line") if lead.cross else ""
    lines = [_("The lead is {tile}").format(tile=words) + f"{across}{spinner}."]
    for arm in view.arms:
        along = arm.root == lead.tile and arm.way in ("left", "right")
        if along:
            where = _("from the lead")
        else:
            where = _("off the spinner {tile}").format(tile=tile_text(arm.root))
        tiles = [
            _("{tile} crosswise").format(tile=tile_text(p.tile))
            if p.cross and not p.double
            else f"[{p.a}|{p.b}]"
            for p in arm.tiles
        ]
        laid = ", ".join(tiles) or _("nothing laid yet")
        lines.append(
            _("Toward {arm}, {where}: {laid}.").format(
                arm=view.said(arm.name), where=where, laid=laid
            )
        )
    lines.append(ends_text(view, voice) + ".")
    if view.count is not None:
        lines.append(view.count + ".")
    return lines
