"""A move as the protocol carries it (:class:`~..messages.ActionIn`: its kind and its notation) and
as the engine takes it (:class:`~boneyard.core.actions.Action`), both ways. Neither way knows a
game: an action writes its own notation, and the game's notation reads it back."""

from __future__ import annotations

from ....core.actions import Action, Play
from ....core.protocol import GameState
from ....core.tiles import NAMES
from ..messages import ActionIn, ActionOut

__all__ = ["action_from_json", "action_json", "action_out"]


def action_json(action: Action) -> ActionIn:
    """The protocol form of an engine action: its kind and its notation."""
    return ActionIn(kind=action.kind, notation=action.notation())


def action_out(action: Action, text: str) -> ActionOut:
    """A move the server offers: its protocol form, its words, the tile of the hand it takes and
    the end a play is laid at (what the page needs to light the hand and the line)."""
    t = action.tile
    return ActionOut(
        action=action_json(action),
        text=text,
        tile=NAMES[t] if t is not None else None,
        end=action.end if isinstance(action, Play) else None,
    )


def action_from_json(state: GameState, seat: int, action: ActionIn) -> Action:
    """The engine action of a protocol move for ``seat`` (the seat to move), read by the game's
    notation against the seat's view; ``ValueError`` if it names none, or an action of another
    kind than it says. Whether it is legal, :meth:`Table.check` says."""
    view = state.observation(seat)
    parsed = state.rules.parse_action(action.notation, view)
    if parsed.kind != action.kind:
        raise ValueError(f"{action.notation!r} is a {parsed.kind} move, not a {action.kind} move")
    return parsed
