"""A hand's past consistent with what one seat has seen: the capability a game offers where
rebuilding the hidden past of a public history needs the game's own reasoning.

A research tool that turns a seat's observation into a full game state (the OpenSpiel bots'
:func:`~boneyard.research.env.openspiel_bots.state_from_observation`) draws the hidden tiles (a
world: the other seats' hands and the stock) and then needs a past that leads there: who was
dealt what, what each seat took from the stock, and what the public history hid (a discard's
tile). In the line games the generic replay finds it (each seat's tiles ordered by its deal and
its draws); a game whose hidden moves follow its own rules (Domino Loo's miss and discards) says
it through :class:`PastReader`, which the research code finds with ``isinstance`` on the rules,
without importing the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .actions import Move

if TYPE_CHECKING:
    from .protocol import Observation

__all__ = ["Past", "PastReader"]


@dataclass(frozen=True)
class Past:
    """A hand's past: ``dealt`` each seat's deal in the order dealt, ``turned`` the tiles the hand
    turned from the stock as it started (a turn-up), ``history`` the hand's moves with what the
    public history hid filled in (a discard's tile), ``taken`` each seat's tiles taken from the
    stock during the hand, in the order taken."""

    dealt: tuple[tuple[int, ...], ...]
    turned: tuple[int, ...]
    history: tuple[Move, ...]
    taken: tuple[tuple[int, ...], ...]


@runtime_checkable
class PastReader(Protocol):
    """Rules that rebuild a hand's past themselves (Domino Loo)."""

    def past_for(
        self,
        view: Observation,
        hands: Sequence[int],
        stock: Sequence[int],
        rng: random.Random,
    ) -> Past | None:
        """A past consistent with ``view`` (its public history and the seat's own moves) that
        leads to the world ``hands`` (each seat's tiles now; the viewer's own are the view's) and
        ``stock`` (its first ``view.stock_size`` tiles still in it, the rest out of play), its
        free choices drawn with ``rng``; ``None`` if this world has none."""
        ...
