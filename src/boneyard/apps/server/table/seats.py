"""A table's seats: a person's or a computer's (:class:`Seat`), the computer levels a server
offers, and why nobody new may sit at a table with a seed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ....players.agents import AGENTS
from ....players.agents.plugins import label

__all__ = ["LEVELS", "SEEDED", "STAND_IN", "Seat", "level_names", "offered_levels"]

LEVELS = ("beginner", "casual", "strong", "expert")
"""The search player's levels, offered first; every other agent name is a level too."""

STAND_IN = "casual"
"""The level of the computer that plays a person's seat while the person is away."""


@dataclass
class Seat:
    """A seat: a person (known by the hash of the token of its invite link) or a computer player
    of a level (an agent name). ``away``: a person's seat that a computer plays until the person
    comes back (past the turn clock, or gone from the table)."""

    seat: int
    kind: Literal["person", "computer"]
    name: str
    level: str | None
    token_hash: str | None
    joined: bool = False
    away: bool = False
    account: int | None = None
    """The account the seat is bound to (``accounts.id``): given when the table is made for
    signed-in people (quick pairing, a tournament), or the first signed-in person to take it. A
    bound seat of a rated table is only its account's."""
    profile: str | None = None
    """The name of the seat's account, once the hub has read it: the seat links to its profile
    (at a rated table; elsewhere only where the seat bears the account's name)."""


SEEDED = (
    "a table with a seed deals hands that whoever chose the seed can work out, so none of its "
    "seats is given to anyone new: make a table without a seed to play with others"
)


def level_names(levels: Sequence[str]) -> dict[str, str]:
    """The levels as the lobby shows them: a plug-in named by an import path with arguments by its
    short name (``mypkg.agents:load(path=...)`` is ``load``), unless another level has it too."""
    short = [label(level) for level in levels]
    return {
        level: name if short.count(name) == 1 and name not in levels else level
        for level, name in zip(levels, short, strict=True)
    }


def offered_levels(plugins: Sequence[str] = ()) -> tuple[str, ...]:
    """The computer levels a server offers: the search player's first, the other built-in agents,
    then the plug-ins its operator enabled (resolved agent names, ``Settings.agents``)."""
    builtin = (*LEVELS, *(a for a in AGENTS if a not in LEVELS))
    return (*builtin, *dict.fromkeys(p for p in plugins if p not in AGENTS))
