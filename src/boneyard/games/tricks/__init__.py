"""The trick layer: what every trick-taking game shares, written once, so that a trick game is its
own rules, table and words on top of it, not a line game in disguise.

* :mod:`.table`: the public table (:class:`TrickPlay`, and :class:`TrickTable`, which also counts
  each seat's tricks and the tiles face up), the trick's winner and the tiles that follow a suit;
* :mod:`.rules`: :class:`TrickRules`, the deal, the one transition of the table by a tile played,
  the turn within a trick, the reading of a public history's tricks;
* :mod:`.state`: :class:`TrickState`, the hand's bookkeeping (hands, turn, a tile played, the
  trick taken and scored, the checks of an action, copies and worlds);
* :mod:`.presenter`: :class:`TrickPresenter`, the table drawn as a
  :class:`~boneyard.core.views.TrickView` and the tricks told;
* :mod:`.actions`: the actions more than one trick game takes (the bids, the declarations, the
  discard face down);
* :mod:`.texas`: the Texas suits, trumps and ranks the Texas bidding games share.

Texas 42 (:mod:`boneyard.games.texas42`), Domino Loo (:mod:`boneyard.games.loo`) and Moon
(:mod:`boneyard.games.moon`) are built on it; a game takes what it shares with another from here,
never from the other game.
"""

from .presenter import TrickPresenter
from .rules import TrickGame, TrickRules
from .state import TrickState
from .table import Trick, TrickPlay, TrickTable, follow_mask, trick_winner

__all__ = [
    "Trick",
    "TrickGame",
    "TrickPlay",
    "TrickPresenter",
    "TrickRules",
    "TrickState",
    "TrickTable",
    "follow_mask",
    "trick_winner",
]
