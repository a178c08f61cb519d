"""Search for the AI players.

* :mod:`boneyard.players.search.inference`: hand inference from the public history (what each other
  seat cannot hold), uniform sampling of the hidden hands and stock consistent with an observation,
  and determinization (a full :class:`~boneyard.core.protocol.GameState` for a sampled world).
* :mod:`boneyard.players.search.solver`: the exact perfect-information solver (alpha-beta on points
  with a transposition table).
* :mod:`boneyard.players.search.rollout`: a move valued by playing a world out with the game's own
  heuristic at every seat (the expert's valuation where the game's hints ask for rollouts).

Import the submodules directly (``from boneyard.players.search.inference import Inference``); this
package imports nothing eagerly, so each part stays independent.
"""
