"""Research interfaces: boneyard's games in the tools people already use to study games.

* :mod:`boneyard.research.env.pettingzoo`: a PettingZoo AEC environment for every game and rule set
  (``boneyard.research.env.pettingzoo.env("block")``);
* :mod:`boneyard.research.env.gymnasium`: a Gymnasium single-agent environment against boneyard's
  agents (``BoneyardEnv("block", opponents="greedy")``, ids ``boneyard/<game>-v0``);
* :mod:`boneyard.research.env.openspiel`: every game registered as an OpenSpiel Python game
  (``python_boneyard_<game>``, with ``-`` written ``_``).

All three share :mod:`boneyard.research.env.encoding`: the fixed action space (action ids to and
from the engine's actions), the observation vector built from one seat's
:class:`~boneyard.games.line.state.Observation` (never from the full state) and the rewards. The
pages ``docs/research.md`` describe them field by field.

This package imports nothing outside the standard library by itself: numpy, PettingZoo,
Gymnasium and OpenSpiel (the ``research`` extra) are imported by the modules that need them.

>>> rules = make_rules("muggins", players=3)
>>> rules.id, rules.players
('muggins', 3)
"""

from __future__ import annotations

from typing import Any

from ...core.protocol import GameRules
from ...games import get_game

__all__ = ["make_rules"]


def make_rules(game: str, rules: str | None = None, **options: Any) -> GameRules:
    """Resolve a game id (or alias), a rule set (``None``: the game's default) and options, as
    the command line does (:func:`boneyard.apps.cli.configure`): ``players`` is the number of
    players, every other keyword an option of the game (a value or its text, validated by the
    game). Raises :class:`~boneyard.core.options.OptionError` for anything unknown or invalid."""
    players = options.pop("players", None)
    return get_game(game).configure(rules, options, None if players is None else int(players))
