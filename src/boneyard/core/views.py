"""The table described for drawing: what every front end draws, made by each game's presenter.

A game knows what its table looks like; the front ends do not. The presenter of a game
(:meth:`boneyard.core.presenter.Presenter.table`) turns the public table into one of these values,
and each front end draws it its own way: the plain game and the research environments as text
(:mod:`boneyard.text.drawing`), the full-screen game with pips (:mod:`boneyard.apps.tui.render`),
the browser as SVG (the server sends it as JSON, ``static/common.js`` draws it). Nothing here
holds a rule or a reference to a state: they are pure, immutable data.

* :class:`LineView`: tiles joined end to end. A line from its lead, with crosswise doubles and
  spinners whose arms grow off their sides (Sebastopol's cross is a spinner lead with four arms,
  Chicken Foot's toes grow off its doubles), or trains from a hub (Mexican Train): each
  :class:`ArmView` says which way it leaves the tile it grows from, each :class:`EndView` what its
  open end shows, what it needs, whose it is and what stands on it.
* :class:`TrickView`: a trick-taking table (Domino Loo): trumps and the turn-up, each player's
  decision and tricks, the trick in play and the last one.

Words inside a description (an end's title ``seat 1's train``, the count line) are the
engine's, about numbered seats: a front end tells them for its reader
(:meth:`boneyard.core.words.Voice.tell`).

>>> from boneyard.core.tiles import parse_tile
>>> lead = PlacedTile(parse_tile("6-6"), 6, 6, cross=True, spinner=False)
>>> arms = (ArmView("L", lead.tile, "left", ()), ArmView("R", lead.tile, "right", ()))
>>> view = LineView(lead, arms, (EndView("L", "6"), EndView("R", "6")))
>>> view.lead.double, [a.way for a in view.arms], view.arm("R").tiles
(True, ['left', 'right'], ())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .tiles import DOUBLE

__all__ = [
    "ArmView",
    "EndView",
    "Half",
    "LineView",
    "PlacedTile",
    "TableView",
    "TrickSeatView",
    "TrickView",
    "Way",
]

Way = Literal["left", "right", "up", "down"]
"""Which way an arm leaves the tile it grows from, seen with that tile lying along the line: the
lead's two ends are ``left`` (toward L) and ``right``; a spinner's short sides, a chicken foot's
outer toes and a hub's trains are ``up`` or ``down`` (a front end turns them with their root)."""

Half = Literal["left", "right"]
"""The half of a tile standing across the line that an arm leaves from."""


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on the table: ``a`` is the pip toward the root of its arm (for the lead: toward the
    left end), ``b`` the pip away from it. ``cross``: it stands across its arm (a crosswise
    double, a spinner, a crosswise matador with both halves open); ``spinner``: arms grow off its
    sides."""

    tile: int
    a: int
    b: int
    cross: bool = False
    spinner: bool = False

    @property
    def double(self) -> bool:
        return bool(DOUBLE[self.tile])


@dataclass(frozen=True, slots=True)
class ArmView:
    """The tiles laid on one end, from its root outward. ``root`` is the tile it grows from,
    ``way`` which way it leaves it, and ``half`` which half of the root it leaves from when not
    its middle (Chicken Foot's outer toes of a starting double standing across the line:
    ``left`` or ``right``)."""

    name: str
    root: int
    way: Way
    tiles: tuple[PlacedTile, ...]
    half: Half | None = None


@dataclass(frozen=True, slots=True)
class EndView:
    """An end of the table. ``shows`` is how its open pip is written (``"5"``; both halves of a
    crosswise matador ``"5|2"``; ``None``: not open yet); ``needs`` what it takes, in words
    (Matador: ``needs a 2 or a matador``); ``title`` what it is where the game names it
    (``seat 1's train``, ``the Mexican train``); ``note`` what stands on it now (``marker: open
    to all; 12-12 to be covered``); ``marked`` a train carrying its owner's marker; ``waiting``
    a double or a side that must be covered before play goes on elsewhere; ``label`` the end's
    name as a person reads it where it is not ``name`` (the notation's): Mexican Train's ``T0``
    is the first seat's train, ``T1`` to a person, who counts from 1."""

    name: str
    shows: str | None
    needs: str | None = None
    title: str | None = None
    note: str | None = None
    marked: bool = False
    waiting: bool = False
    label: str | None = None


@dataclass(frozen=True, slots=True)
class LineView:
    """Tiles joined end to end: the lead (``None`` before it), every arm and the open ends.
    ``hub``: the arms are trains, all growing from the lead (Mexican Train's engine); ``count``:
    the count of the open ends term by term, in the counting games (``Count: L 6 + R 10 = 16
    (worth 3 points)``); ``last``: the tile laid last."""

    lead: PlacedTile | None
    arms: tuple[ArmView, ...] = ()
    ends: tuple[EndView, ...] = ()
    count: str | None = None
    hub: bool = False
    last: int | None = None
    """The tile laid last (a front end may light it)."""

    def arm(self, name: str) -> ArmView:
        """The arm of the end called ``name``."""
        for arm in self.arms:
            if arm.name == name:
                return arm
        raise KeyError(name)

    def end(self, name: str) -> EndView | None:
        """The end called ``name``, if it is one."""
        return next((e for e in self.ends if e.name == name), None)

    def said(self, name: str) -> str:
        """The end or arm called ``name`` as a person reads it (its ``label``, else ``name``)."""
        end = self.end(name)
        return end.label if end is not None and end.label else name

    def tiles(self) -> int:
        """How many tiles lie on the table."""
        return (self.lead is not None) + sum(len(arm.tiles) for arm in self.arms)


TrickStatus = Literal["deciding", "stood", "missed", "dropped", "out"]


@dataclass(frozen=True, slots=True)
class TrickSeatView:
    """A player of a trick-taking hand: ``status`` ``deciding`` (not yet), ``stood`` (in the
    hand), ``missed`` (took the miss), ``dropped`` (dropped out of this hand) or ``out`` (sits
    this hand out: Texas 42's nello partner); ``won`` the tricks taken. ``text`` is where the
    seat stands in the game's own words, to follow its name (``bid 30``, ``passed``, ``to bid``,
    ``stood, 2 tricks``): engine words, said by the game's presenter, never by a front end."""

    seat: int
    status: TrickStatus
    won: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick-taking table: the turn-up (``None`` where trumps are not turned up) and the trump
    number it makes, the players, the trick in play as ``(seat, tile)`` (``leader`` leads it;
    ``None`` before the play), the last trick and who took it, the tricks in a hand, and what a
    trick is worth in words (``worth``). ``trump_text`` names trumps where a number does not
    (``doubles``, ``none (follow-me)``, ``not named yet``); ``notes`` are further lines the game
    says about its table (the bidding, the contract, the points taken), engine words about
    numbered seats; ``ended`` says the play stopped before the last trick. Every field is
    public: tiles thrown out are never here."""

    trump: int
    turnup: int | None
    seats: tuple[TrickSeatView, ...]
    trick: tuple[tuple[int, int], ...]
    leader: int | None
    last: tuple[tuple[int, int], ...]
    last_winner: int | None
    tricks: int
    value: float
    pool: bool
    worth: str
    trump_text: str | None = None
    notes: tuple[str, ...] = ()
    ended: bool = False
    """Whether the play is over before every trick is played (a bid decided early): no one is
    to lead."""
    heading: str = ""
    """What the hand is at, as the title of the trick in play: ``Trick 3``, or the game's own
    stage before the play (``The bidding``, ``Before the play``), ``The play is over``."""
    waiting: str = ""
    """What the table waits for while no tile is in the trick, as a sentence in engine words
    about numbered seats (``Each player bids once, or passes.``, ``seat 2 to lead.``)."""

    @property
    def played(self) -> int:
        """The tricks finished so far."""
        return sum(s.won for s in self.seats)


TableView = LineView | TrickView
"""Any table a game describes."""
