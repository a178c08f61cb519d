"""The tiles and the public table of a Moon hand.

Moon plays with part of a double-six set: :data:`MOON_TILESET` is the double-six without the six
blanks that are not the double-blank (28 - 6 = 22 tiles), :data:`NO_BLANKS` without any blank
(28 - 7 = 21). Both keep the double-six's tile numbers (``6-6`` is still tile 27), so that every
tile is named and drawn as in any other game; only the masks change.

>>> MOON_TILESET.all_mask.bit_count(), NO_BLANKS.all_mask.bit_count()
(22, 21)
>>> from boneyard.core.tiles import parse_tile as T
>>> MOON_TILESET.contains(T("0-0")), MOON_TILESET.contains(T("6-0")), NO_BLANKS.contains(T("0-0"))
(True, False, False)

The table (:class:`MoonTable`) is a trick table with what Moon adds before the play: the
dealer, the bids, the high bid and its bidder, the trumps named and the discard the bidder owes
after taking the widow (the tile discarded is not on it: it is face down). Everything on it is
public; it is immutable.

>>> table = MoonTable.start(dealer=2)
>>> table.bidding, table.high, table.first_bidder
(True, None, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...core.i18n import _
from ...core.tiles import BIT, NAMES, TileSet, mask_of, mask_pips, parse_tile, tile
from ..tricks import TrickTable
from ..tricks.actions import Bid, Declare
from ..tricks.texas import DOUBLES_SUIT, NO_TRUMP

__all__ = [
    "DOUBLES_SUIT",
    "MOON",
    "MOON_TILESET",
    "NO_BLANKS",
    "NO_TRUMP",
    "PLAYERS",
    "TRICKS",
    "MoonTable",
    "PartSet",
]

PLAYERS = 3
TRICKS = 7
"""Seven tiles each, seven tricks."""
MOON = 21
"""The bid that shoots the moon (every trick), and what it scores."""


@dataclass(frozen=True)
class PartSet(TileSet):
    """A double-n set with some tiles left out (``removed``): the tile numbers are the full
    set's, the masks only the tiles kept."""

    removed: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        TileSet.__post_init__(self)
        out = mask_of(self.removed)
        object.__setattr__(self, "all_mask", self.all_mask & ~out)
        object.__setattr__(self, "doubles_mask", self.doubles_mask & ~out)
        object.__setattr__(self, "suit_mask", tuple(m & ~out for m in self.suit_mask))
        object.__setattr__(self, "total_pips", mask_pips(self.all_mask))

    def contains(self, t: int) -> bool:
        return 0 <= t < self.size and bool(self.all_mask & BIT[t])

    def parse(self, text: str) -> int:
        t = parse_tile(text)
        if not self.contains(t):
            raise ValueError(
                _("{tile} is not a tile of the {set} set").format(tile=text.strip(), set=self.name)
            )
        return t

    def check_deal(self, hands: Iterable[Iterable[int]], stock: Iterable[int]) -> None:
        """As a full set's, every kept tile exactly once, no removed tile."""
        seen = 0
        for h in [*hands, stock]:
            for t in h:
                if not self.contains(t):
                    name = NAMES[t] if 0 <= t < len(NAMES) else str(t)
                    raise ValueError(
                        _("{tile} is not a tile of the {set} set").format(tile=name, set=self.name)
                    )
                if seen & BIT[t]:
                    raise ValueError(
                        _("{tile} appears twice in the deal and stock").format(tile=NAMES[t])
                    )
                seen |= BIT[t]
        if seen != self.all_mask:
            missing = [NAMES[t] for t in range(self.size) if self.all_mask & ~seen & BIT[t]]
            raise ValueError(_("the deal and stock miss {tiles}").format(tiles=", ".join(missing)))


MOON_TILESET = PartSet("moon", 6, removed=tuple(tile(p, 0) for p in range(1, 7)))
"""The 22 tiles of Moon: the double-six without 1-0 to 6-0 (the double-blank kept)."""
NO_BLANKS = PartSet("moon-no-blanks", 6, removed=tuple(tile(p, 0) for p in range(7)))
"""The 21 tiles of Moon without any blank."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MoonTable(TrickTable):
    """The public table of a Moon hand (see the module):

    * ``dealer``: who dealt; the bidding starts on his left;
    * ``bids``: each ``(seat, bid)`` in order, ``None`` for a pass; ``high``: the highest bid
      so far, ``bidder`` its seat (-1 before any);
    * ``declaration``: the trumps the bidder named (``None`` before); ``trump``: a number,
      :data:`DOUBLES_SUIT` or :data:`NO_TRUMP`;
    * ``owed``: discards the bidder still owes after taking the widow (1, then 0);
    * and the trick table's: the trick in play, who leads it (-1 before the play), the tricks
      each seat has won (``won``) and the tiles played (``placed``).
    """

    trump: int = NO_TRUMP
    dealer: int = 0
    bids: tuple[tuple[int, Bid | None], ...] = ()
    high: Bid | None = None
    bidder: int = -1
    declaration: Declare | None = None
    owed: int = 0

    @classmethod
    def start(cls, dealer: int) -> MoonTable:
        """The table of a hand just dealt: nobody has bid."""
        return cls(dealer=dealer, won=(0,) * PLAYERS)

    @property
    def first_bidder(self) -> int:
        """The seat on the dealer's left, who bids first."""
        return (self.dealer + 1) % PLAYERS

    @property
    def bidding(self) -> bool:
        """Whether the bidding is still going on: fewer than three have spoken and nobody has
        shot the moon."""
        shot = self.high is not None and self.high.points >= MOON
        return self.declaration is None and len(self.bids) < PLAYERS and not shot

    @property
    def moon(self) -> bool:
        """Whether the high bid shoots the moon."""
        return self.high is not None and self.high.points >= MOON

    @property
    def need(self) -> int:
        """The tricks the bidder must take (every one for the moon)."""
        assert self.high is not None
        return TRICKS if self.moon else self.high.points

    def search_key(self) -> tuple[object, ...]:
        return (self.bids, self.declaration, self.owed, TrickTable.search_key(self))

    def __repr__(self) -> str:
        trick = " ".join(f"{s}:{NAMES[t]}" for s, t in self.trick)
        return f"<MoonTable high={self.high} trump={self.trump} won={self.won} trick=[{trick}]>"
