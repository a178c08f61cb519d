"""Actions written as people write them, and read back: the one home of the notation.

A play is its tile and its end, ``6-4 R`` (also ``6|4 R``, ``[6|4] at R``, ``6-4r``); the tile
alone is enough for the lead (laid as written: ``4-6`` leads with the 6 toward R) and wherever it
fits one end only. A number after the end is the half left exposed where the rules let the
player choose it (a matador: ``5-2 R 5``, also ``5-2 R exposing 5``); where scores are claimed,
a number after a play is its claim (``6-4 R 15``; ``0`` claims nothing). The other actions are
words: ``draw``, ``pass``, ``muggins`` (or ``muggins 10``), and the words of a game's own kinds
of action (Domino Loo's ``stand``, ``discard 6-4``; Texas 42's ``bid 30``, ``trumps 6``), which
each kind reads itself (:meth:`~boneyard.core.actions.Action.read`): the notation asks the shared
kinds and the rules' ``action_kinds`` in turn, and knows no game.

:func:`parse_action` reads text against one seat's view (its legal actions settle what a short
form means); what it returns may still be illegal: the engine decides, and explains.
:func:`format_action` writes an action so that :func:`parse_action` reads it back: it is the
action's own :meth:`~boneyard.core.actions.Action.notation`. A game's rules expose both
(:meth:`~boneyard.core.protocol.GameRules.parse_action`).

>>> from boneyard.games import get_game
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("block").configure(players=2)
>>> deal = [[T(t) for t in "6-6 6-5 5-5 4-4 3-3 2-2 1-1".split()],
...         [T(t) for t in "6-4 6-3 6-2 5-4 5-3 4-3 0-0".split()]]
>>> stock = [t for t in range(28) if not any(t in h for h in deal)]
>>> from boneyard.core.protocol import HandStart
>>> state = rules.start_hand(HandStart(deal, stock))
>>> state.apply_fast(parse_action("6-6", state.observation(0)))
>>> parse_action("6-4 R", state.observation(1))
Play('6-4', 'R')
>>> parse_action("6-4", state.observation(1))  # both ends show 6: either end, the same line
Play('6-4', 'L')
>>> format_action(Play(T("6-4"), "R")), format_action(Play(T("6-4"), None, 6))
('6-4 R', '4-6')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .actions import Action, Draw, Muggins, Pass, Play
from .layout import Layout
from .tiles import BIT, HIGH, LOW, NAMES, tile

if TYPE_CHECKING:
    from .protocol import Observation

__all__ = ["NotationError", "format_action", "parse_action"]


class NotationError(ValueError):
    """Text that names no action (or more than one): the message says what to write instead.
    ``tile`` is the tile named where the trouble is that it fits no open end."""

    def __init__(self, message: str, tile: int | None = None) -> None:
        super().__init__(message)
        self.tile = tile


def offered(view: Observation) -> list[Action]:
    """The view's legal actions, each distinct move once: where scores are claimed the engine
    lists a play without a claim and once with each possible claim, and this keeps the first;
    of two plays that make mirror-image lines (a lead either way round, a tile at either of two
    alike ends) it keeps the first (``GameRules.distinct_actions``)."""
    actions: Sequence[Action] = view.legal_actions
    if view.rules.claims:
        actions = [a for a in actions if not (isinstance(a, Play) and a.claim is not None)]
    return view.rules.distinct_actions(actions, view.table)


# The pip a tile leaves showing at an end of a layout (None if it cannot go there): a game's own
# matching (Matador's sums); equal numbers by default.
Exposed = Callable[[Layout, int, str], "int | None"]


def parse_action(text: str, view: Observation, exposed: Exposed | None = None) -> Action:
    """The action ``text`` names for the seat whose view is ``view`` (see the module
    docstring); ``exposed`` says what a tile leaves showing at an end (the rules' own
    matching). Raises :class:`NotationError` for text that names no action, or names a tile
    ambiguously (it fits two ends, or can be laid two ways)."""
    words = text.replace("[", " ").replace("]", " ").replace("|", "-").replace("*", " ").split()
    if not words:
        raise NotationError("Nothing to read: write a move such as 6-4 R, draw or pass.")
    kinds: tuple[type[Action], ...] = (Draw, Pass, Muggins, *view.rules.action_kinds)
    for kind in kinds:
        try:
            action = kind.read(words, view)
        except NotationError:
            raise
        except ValueError as e:
            raise NotationError(_sentence(str(e))) from None
        if action is not None:
            return action
    if len(words) >= 2 and words[-1].isdigit() and view.rules.claims:
        action = parse_action(" ".join(words[:-1]), view, exposed)
        if not isinstance(action, Play):
            raise NotationError("Only a play can carry a claim.")
        return action.with_claim(int(words[-1]) or None)
    return _play(words, view, exposed or _exposed)


def _sentence(text: str) -> str:
    """``text`` ending as a sentence ends."""
    return text if text.endswith((".", "?", "!")) else f"{text}."


def _play(words: list[str], view: Observation, exposed_pip: Exposed) -> Play:
    head = words[0]
    rest = words[1:]
    pips_text, sep, tail = head.partition("-")
    b_text = tail.rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    attached = tail[len(b_text) :]
    if not sep or not pips_text.isdigit() or not b_text.isdigit():
        raise NotationError(f"Cannot understand {' '.join(words)!r}: write e.g. 6-4 R.")
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
        raise NotationError(f"Cannot understand {' '.join(words)!r}: write e.g. 6-4 R.")
    a, b = int(pips_text), int(b_text)
    try:
        t = tile(a, b)
    except ValueError as e:
        raise NotationError(f"{e}.") from None
    end = rest[0].upper() if rest else None
    layout = view.layout
    plays = [x for x in offered(view) if isinstance(x, Play) and x.tile == t]
    if layout is None:
        if end is not None:
            return Play(t, end)
        if len(plays) == 1 and plays[0].end is None and plays[0].open is None:
            return plays[0]  # a double led, or a tile played to a trick
        # A lead is laid as written: a toward L, b toward R.
        return Play(t, None, None if a == b else b)
    if end is not None:
        at_end = [x for x in plays if x.end == end]
        if exposed is not None:
            for x in at_end:
                shown = x.open if x.open is not None else exposed_pip(layout, t, end)
                if shown == exposed:
                    return x
            # Not a legal way to lay it: the engine says why.
            return Play(t, end, exposed)
        if len(at_end) > 1:
            halves = sorted({x.open for x in at_end if x.open is not None}, reverse=True)
            message = f"{NAMES[t]} can be laid two ways at {end}: choose it by its number."
            if halves:
                ways = " or ".join(f"{NAMES[t]} {end} {h}" for h in halves)
                message = (
                    f"{NAMES[t]} can be laid two ways at {end}: say which half stays exposed "
                    f"({ways}), or choose it by its number."
                )
            raise NotationError(message)
        return at_end[0] if at_end else Play(t, end)
    ends = sorted({x.end or "" for x in plays})
    if len(plays) == 1:
        return plays[0]
    if len(ends) > 1:
        raise NotationError(
            f"{NAMES[t]} fits at {' and '.join(ends)}: say which, e.g. {NAMES[t]} {ends[-1]}."
        )
    if plays:
        raise NotationError(f"{NAMES[t]} can be laid two ways: choose it by its number.")
    if t >= view.rules.tiles.size or not view.hand & BIT[t] or not layout.names:
        # Let the engine say what is wrong with this tile.
        return Play(t, layout.names[0] if layout.names else None)
    raise NotationError(f"{NAMES[t]} fits no open end.", tile=t)


def _exposed(layout: Layout, t: int, end: str) -> int | None:
    """The pip ``t`` leaves showing at ``end`` by equal-number matching."""
    if end not in layout.names:
        return None
    p = layout.pips[layout.names.index(end)]
    if p < 0 or (HIGH[t] != p and LOW[t] != p):
        return None
    return LOW[t] if HIGH[t] == p else HIGH[t]


def format_action(action: Action) -> str:
    """``action`` as :func:`parse_action` reads it: its own
    :meth:`~boneyard.core.actions.Action.notation` (``6-4 R``, ``4-6`` for a lead with the 6
    toward R, ``5-2 R 5`` with the 5 left exposed, ``6-4 R 15`` claiming 15, ``draw``, ``pass``,
    ``muggins 10``, a game's own words)."""
    return action.notation()
