"""Capabilities: what some games offer beyond the protocol, typed, optional, asked by type.

The engine protocol (:class:`~boneyard.core.protocol.GameRules`) holds what every game must
answer. What only some games can answer (a line to read, tricks to read) is a **capability**: an
abstract class declared here, in the core, that a game's rules class inherits to offer it. The
players and the research interfaces ask for it by type, never by a game's class or its family::

    if isinstance(rules, LineReading):      # a line to read (every line game)
        label = rules.end_label(pip)

    if isinstance(rules, TrickReading):     # tricks to read (Domino Loo)
        tricks = rules.read_tricks(observation.table)

    if isinstance(rules, OwnPlayers):       # its own players at the levels (Texas 42)
        player = rules.level_player("expert", budget)

Asking by type keeps both sides honest: mypy knows the methods of the capability once asked, a
game offers a capability by saying so (inheriting it) rather than by happening to have a method
of that name, and no module outside ``games/`` imports a game's module to learn what it is.

The hints a game gives its players' search (:class:`SearchHints`) are not part of the protocol
either: a game that has any returns them from :attr:`GivesSearchHints.search_hints`; the players
read them through :func:`boneyard.players.search.hints.search_hints`, which gives the defaults to
the games that give none.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .actions import Action, Play
    from .layout import Layout
    from .protocol import GamePlayer

__all__ = [
    "GivesSearchHints",
    "LineReading",
    "OwnPlayers",
    "PublicTricks",
    "SearchHints",
    "TrickReading",
]


class LineReading(abc.ABC):
    """A line to read: the rules of a game whose tiles are laid on a line (a layout of ends),
    as the players' model of play, the analysis and the research encoding read it."""

    double_bonus_play: bool
    """Whether a seat that has just laid a double may (or must) play again at once."""

    @property
    @abc.abstractmethod
    def lead_is_free(self) -> bool:
        """Whether the first leader may pose any tile (a free choice the model of play reads)."""

    @abc.abstractmethod
    def lead_layout(self, t: int, right: int | None) -> Layout:
        """The layout after tile ``t`` is led (``right``: the pip toward R, ``None`` for a
        double)."""

    @abc.abstractmethod
    def lay(self, layout: Layout, action: Play) -> Layout:
        """The layout after ``action`` is laid on it."""

    @abc.abstractmethod
    def end_label(self, pip: int) -> str:
        """How an end showing ``pip`` is written (an end showing more than one number, such as a
        matador laid crosswise, has a label of its own)."""

    @abc.abstractmethod
    def replay_move(self, layout: Layout | None, seat: int, action: Action) -> Layout | None:
        """The layout after ``seat``'s public ``action`` (``None`` before the lead)."""

    @abc.abstractmethod
    def plays_for(self, hand: int, layout: Layout) -> list[Action]:
        """Every play of a tile of ``hand`` (a mask) on ``layout``."""

    @abc.abstractmethod
    def playable_mask(self, layout: Layout) -> int:
        """The tiles that could be laid somewhere on ``layout``."""

    @abc.abstractmethod
    def playable_mask_for(self, layout: Layout, seat: int) -> int:
        """The tiles ``seat`` could lay on ``layout`` (some ends may be closed to it)."""

    @abc.abstractmethod
    def points_of_play(self, layout: Layout | None, action: Play) -> int:
        """What ``action`` scores at once on ``layout``."""


@dataclass(frozen=True, slots=True)
class PublicTricks:
    """The public facts of a trick-taking table, as the research encoding reads them.

    ``trump`` is the trump number (a value outside the pips where there is none), ``trick`` the
    ``(seat, tile)`` played to the trick in progress, ``leader`` the seat that leads it (-1
    before the play), ``won`` the tricks each seat has taken, ``placed`` the tiles face up on
    the table (a mask); ``status`` each seat's decision before the play where the game has one
    (0 undecided, then the game's own numbers up to 3), ``owed`` the discards the seat to move
    still owes.
    """

    trump: int
    trick: tuple[tuple[int, int], ...]
    leader: int
    won: Sequence[int]
    placed: int
    status: Sequence[int] = ()
    owed: int = 0


class TrickReading(abc.ABC):
    """Tricks to read: the rules of a trick-taking game whose table the research encoding
    describes trick by trick."""

    @abc.abstractmethod
    def read_tricks(self, table: object) -> PublicTricks | None:
        """The public tricks of ``table`` (a table of these rules), ``None`` before there is
        one."""


@dataclass(frozen=True, slots=True)
class SearchHints:
    """What a game tells its players' search about itself. Each field's default is what the
    search assumes of a game that says nothing.

    ``pip_weight``: how much a search's horizon estimate weighs the pip difference between the
    hands. ``rollouts``: the expert values a move in a sampled world by playing the world out
    with the game's own heuristic at every seat (:mod:`boneyard.players.search.rollout`) rather
    than with the exact solver: for free-for-all games that one player wins, where the solver's
    paranoid value (every other seat allied against the searcher) makes nearly every move look
    lost. ``needs_history``: the rest of a hand reads its history (a tie broken by who played
    last), so a search copies the history with the state. ``scores_shape_future``: what a move
    may score depends on the scores so far (an exact target, a cap near the target), so a search
    tells positions apart by their scores.
    """

    pip_weight: float = 0.0
    rollouts: bool = False
    needs_history: bool = False
    scores_shape_future: bool = False


class OwnPlayers(abc.ABC):
    """Rules whose game plays itself at the search player's levels where the line search does
    not play it (Texas 42's tricks): its own players take the levels, the hints and the reviews."""

    @abc.abstractmethod
    def level_player(self, level: str, budget: float | None) -> GamePlayer | None:
        """The game's own player at a difficulty level of the search player (``beginner``,
        ``casual``, ``strong``, ``expert``; ``analysis`` for hints and reviews), given ``budget``
        seconds a move (``None``: no clock, a fixed effort, as the analysis asks); ``None``
        where the line search plays that level. The levels' ``budget`` is their safety cap
        (:attr:`boneyard.players.expert.Level.cap`): a level's move is to be settled by counts
        (deals, worlds) that stay well under it, so the same position gives the same move on a
        busy machine; the search player seeds the generator it passes from the position."""


class GivesSearchHints(abc.ABC):
    """Rules that give their players' search hints (:class:`SearchHints`)."""

    @property
    @abc.abstractmethod
    def search_hints(self) -> SearchHints:
        """The hints, read once per search."""
