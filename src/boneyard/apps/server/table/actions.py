"""A move as the protocol carries it (:class:`~..messages.ActionIn`) and as the engine takes it
(:class:`~boneyard.core.actions.Action`), both ways."""

from __future__ import annotations

from typing import Any, Literal

from ....core.actions import (
    DRAW,
    DROP,
    MISS,
    PASS,
    STAND,
    Action,
    Bid,
    Declare,
    Discard,
    Draw,
    Drop,
    Muggins,
    Pass,
    Play,
    Stand,
    TakeMiss,
)
from ....core.protocol import GameState
from ....core.record import parse_move
from ....core.tiles import NAMES
from ..messages import ActionIn

__all__ = ["action_from_json", "action_json"]


def action_json(action: Action, seat: int) -> ActionIn:
    """The protocol form of an engine action."""
    if isinstance(action, Play):
        record = action.to_record(seat)
        return ActionIn(
            kind="play",
            tile=record["play"],
            end=record.get("end"),
            open=record.get("open"),
            claim=record.get("claim"),
        )
    if isinstance(action, Draw):
        return ActionIn(kind="draw")
    if isinstance(action, Pass):
        return ActionIn(kind="pass")
    if isinstance(action, Muggins):
        return ActionIn(kind="muggins", points=action.points)
    if isinstance(action, Discard) and action.tile is not None:
        return ActionIn(kind="discard", tile=NAMES[action.tile])
    if isinstance(action, Stand):
        return ActionIn(kind="stand")
    if isinstance(action, TakeMiss):
        return ActionIn(kind="miss")
    if isinstance(action, Drop):
        return ActionIn(kind="drop")
    if isinstance(action, Bid):
        return ActionIn(kind="bid", points=action.points, contract=action.contract)
    if isinstance(action, Declare):
        return ActionIn(
            kind="declare",
            contract=action.contract,
            trump=action.trump,
            doubles=_DOUBLES.get(action.doubles or ""),
        )
    raise TypeError(f"not an action: {action!r}")


_DECISION_ACTIONS: dict[str, Action] = {"stand": STAND, "miss": MISS, "drop": DROP}
# How the doubles rank in a declared nello, as the protocol spells it.
_DOUBLES: dict[str, Literal["high", "own_suit", "low"]] = {
    "high": "high",
    "own_suit": "own_suit",
    "low": "low",
}


def action_from_json(state: GameState, seat: int, action: ActionIn) -> Action:
    """The engine action of a protocol move for ``seat`` (the seat to move); ``ValueError`` if it
    is malformed. Whether it is legal, :meth:`Table.check` says."""
    phase = ("contract", "trump", "doubles")
    nothing = ("tile", "end", "open", "claim", "points", *phase)
    extra = {
        "play": ("points", *phase),
        "draw": nothing,
        "pass": nothing,
        "muggins": ("tile", "end", "open", "claim", *phase),
        "stand": nothing,
        "miss": nothing,
        "drop": nothing,
        "discard": ("end", "open", "claim", "points", *phase),
        "bid": ("tile", "end", "open", "claim", "trump", "doubles"),
        "declare": ("tile", "end", "open", "claim", "points"),
    }[action.kind]
    given = [name for name in extra if getattr(action, name) is not None]
    if given:
        raise ValueError(f"a {action.kind} takes no {', '.join(given)}")
    if action.kind in _DECISION_ACTIONS:
        return _DECISION_ACTIONS[action.kind]
    if action.kind == "discard":
        if action.tile is None:
            raise ValueError("a discard names its tile")
        return parse_move(state, {"seat": seat, "discard": action.tile})
    if action.kind == "bid":
        if action.points is None:
            raise ValueError("a bid names its points")
        return parse_move(state, {"seat": seat, "bid": action.points, "contract": action.contract})
    if action.kind == "declare":
        if action.contract is None:
            raise ValueError("a declaration names its contract")
        move_: dict[str, Any] = {"seat": seat, "declare": action.contract}
        if action.trump is not None:
            move_["trump"] = action.trump
        if action.doubles is not None:
            move_["doubles"] = action.doubles
        return parse_move(state, move_)
    if action.kind == "draw":
        return DRAW
    if action.kind == "pass":
        return PASS
    if action.kind == "muggins":
        if action.points is None:
            raise ValueError("a muggins call names its points")
        return Muggins(action.points)
    if action.tile is None:
        raise ValueError("a play names its tile")
    move: dict[str, Any] = {"seat": seat, "play": action.tile}
    for name in ("end", "open", "claim"):
        value = getattr(action, name)
        if value is not None:
            move[name] = value
    return parse_move(state, move)
