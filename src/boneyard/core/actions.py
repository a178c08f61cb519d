"""Actions a seat can take, and the moves of a hand's history.

Actions are small immutable values. ``Play`` values are interned by :func:`play`, so the
legal-action lists that the engine builds millions of times allocate nothing new.

>>> play(parse_tile("6-4"), "R")
Play('6-4', 'R')
>>> str(play(parse_tile("6-4"), "R")), str(DRAW), str(PASS)
('6-4 at R', 'draw', 'pass')
>>> play(parse_tile("6-4"), "R") == Play(parse_tile("6-4"), "R")
True
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from .tiles import NAMES, parse_tile

__all__ = [
    "DRAW",
    "DROP",
    "HIDDEN_DISCARD",
    "MISS",
    "PASS",
    "STAND",
    "Action",
    "Bid",
    "Declare",
    "Discard",
    "Draw",
    "Drop",
    "Move",
    "Muggins",
    "Pass",
    "Play",
    "Stand",
    "TakeMiss",
    "parse_tile",
    "play",
]


class Action:
    """Base class of every action."""

    __slots__ = ()
    enumerated: ClassVar[bool] = False
    """Whether the game lists every action of the kind it can offer (bids, declarations): a
    research action space then gives each of them an id, for that game only."""

    def to_record(self, seat: int) -> dict[str, Any]:
        raise NotImplementedError


class Play(Action):
    """Lay ``tile`` at the open end named ``end`` (``None`` for the lead).

    ``open`` is the pip left exposed where the rules leave the choice to the player (a matador
    in Matador); for the lead tile it is the pip laid toward the R end (the tile is written
    ``"a-b"`` with ``a`` toward L). ``claim`` is the number of points claimed for the play where
    scores must be claimed.
    """

    __slots__ = ("_key", "claim", "end", "open", "tile")

    _key: tuple[int, str | None, int | None, int | None]
    tile: int
    end: str | None
    open: int | None
    claim: int | None

    def __init__(
        self, tile: int, end: str | None = None, open: int | None = None, claim: int | None = None
    ) -> None:
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "open", open)
        object.__setattr__(self, "claim", claim)
        object.__setattr__(self, "_key", (tile, end, open, claim))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Play], tuple[int, str | None, int | None, int | None]]:
        return (Play, self._key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        extra = ""
        if self.open is not None:
            extra += f", open={self.open}"
        if self.claim is not None:
            extra += f", claim={self.claim}"
        end = f", {self.end!r}" if self.end is not None else ""
        return f"Play({NAMES[self.tile]!r}{end}{extra})"

    def __str__(self) -> str:
        text = NAMES[self.tile]
        if self.end is None and self.open is not None:
            # A lead written as laid: the pip toward L first.
            text = f"{self._lead_left()}-{self.open}"
        if self.end is not None:
            text += f" at {self.end}"
        if self.end is not None and self.open is not None:
            text += f" exposing {self.open}"
        if self.claim is not None:
            text += f" claiming {self.claim}"
        return text

    def _lead_left(self) -> int:
        a, b = (int(x) for x in NAMES[self.tile].split("-"))
        return b if self.open == a and a != b else a

    def with_claim(self, claim: int | None) -> Play:
        return Play(self.tile, self.end, self.open, claim)

    @property
    def is_lead(self) -> bool:
        return self.end is None

    def to_record(self, seat: int) -> dict[str, Any]:
        record: dict[str, Any] = {"seat": seat}
        if self.end is None:
            record["play"] = (
                f"{self._lead_left()}-{self.open}" if self.open is not None else NAMES[self.tile]
            )
        else:
            record["play"] = NAMES[self.tile]
            record["end"] = self.end
            if self.open is not None:
                record["open"] = self.open
        if self.claim is not None:
            record["claim"] = self.claim
        return record


class Draw(Action):
    """Take the next tile of the stock. The tile is decided by the stock, not by the player."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "DRAW"

    def __str__(self) -> str:
        return "draw"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Draw)

    def __hash__(self) -> int:
        return hash("draw")

    def to_record(self, seat: int) -> dict[str, Any]:  # pragma: no cover - moves carry the tile
        raise TypeError("a draw is recorded from its Move, which knows the tile drawn")


class Pass(Action):
    """ "Go" / knock: the seat does not play (forced, or by choice where the rules allow)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "PASS"

    def __str__(self) -> str:
        return "pass"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pass)

    def __hash__(self) -> int:
        return hash("pass")

    def to_record(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "pass": True}


class Muggins(Action):
    """Claim ``points`` that the previous player made but did not claim."""

    __slots__ = ("points",)

    points: int

    def __init__(self, points: int) -> None:
        object.__setattr__(self, "points", points)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Muggins], tuple[int]]:
        return (Muggins, (self.points,))

    def __repr__(self) -> str:
        return f"Muggins({self.points})"

    def __str__(self) -> str:
        return f"muggins {self.points}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Muggins) and other.points == self.points

    def __hash__(self) -> int:
        return hash(("muggins", self.points))

    def to_record(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "muggins": self.points}


class _Decision(Action):
    """A decision before the play of a trick-taking hand (Domino Loo): no tile, just a word."""

    __slots__ = ()
    word: str = ""
    verb: str = ""

    def __repr__(self) -> str:
        return self.word.upper()

    def __str__(self) -> str:
        return self.word

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.word)

    def to_record(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, self.word: True}


class Stand(_Decision):
    """Play the hand as dealt (Domino Loo)."""

    __slots__ = ()
    word = "stand"
    verb = "stands"


class TakeMiss(_Decision):
    """Take the miss: throw the hand out and take a new one from the stock (Domino Loo)."""

    __slots__ = ()
    word = "miss"
    verb = "takes the miss"


class Drop(_Decision):
    """Drop out of the hand, throwing the tiles out (Domino Loo, three or four players)."""

    __slots__ = ()
    word = "drop"
    verb = "drops out"


class Discard(Action):
    """Throw ``tile`` out of play face down (after taking the miss). In a public history the
    tile is hidden: ``tile`` is ``None``."""

    __slots__ = ("tile",)

    tile: int | None

    def __init__(self, tile: int | None) -> None:
        object.__setattr__(self, "tile", tile)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Discard], tuple[int | None]]:
        return (Discard, (self.tile,))

    def __repr__(self) -> str:
        return f"Discard({NAMES[self.tile]!r})" if self.tile is not None else "Discard()"

    def __str__(self) -> str:
        return f"discard {NAMES[self.tile]}" if self.tile is not None else "discard"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discard) and other.tile == self.tile

    def __hash__(self) -> int:
        return hash(("discard", self.tile))

    def to_record(self, seat: int) -> dict[str, Any]:
        if self.tile is None:
            raise ValueError("a hidden discard cannot be written to a record")
        return {"seat": seat, "discard": NAMES[self.tile]}


class Bid(Action):
    """A bid for the right to name the hand's trumps (Texas 42): ``points`` is what the side
    undertakes to take (30 to 41), or a number of marks as 42 each (42 is one mark, 84 two...).
    ``contract`` names a special contract bid with it (``"plunge"``, ``"splash"``), else ``None``.
    A seat that does not bid passes (:data:`PASS`).

    The bids a game can offer form a short fixed list: it names them
    (:meth:`~boneyard.core.protocol.GameRules.phase_actions`), one id each in a research action
    space, rather than the class taking an id of its own in every game's space.
    """

    __slots__ = ("contract", "points")
    enumerated: ClassVar[bool] = True

    points: int
    contract: str | None

    def __init__(self, points: int, contract: str | None = None) -> None:
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "contract", contract)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Bid], tuple[int, str | None]]:
        return (Bid, (self.points, self.contract))

    @property
    def marks(self) -> int:
        """The marks the bid is worth: 1 for a bid of points (30 to 42), else ``points // 42``."""
        return max(1, self.points // 42)

    def __repr__(self) -> str:
        extra = f", {self.contract!r}" if self.contract else ""
        return f"Bid({self.points}{extra})"

    def __str__(self) -> str:
        if self.contract:
            return f"bid {self.contract} ({self.points})"
        return f"bid {self.points}"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Bid)
            and other.points == self.points
            and other.contract == self.contract
        )

    def __hash__(self) -> int:
        return hash(("bid", self.points, self.contract))

    def to_record(self, seat: int) -> dict[str, Any]:
        record: dict[str, Any] = {"seat": seat, "bid": self.points}
        if self.contract:
            record["contract"] = self.contract
        return record


class Declare(Action):
    """Name the hand's trumps or its contract after winning the bidding (Texas 42).

    ``contract`` is ``"suit"`` (``trump`` is the number, 0 to 6, every tile bearing it a trump),
    ``"doubles"`` (the doubles are trumps), ``"follow_me"`` (no trumps), ``"nello"`` (the bidder
    must take no trick; ``doubles`` says how the doubles rank where the bidder chooses:
    ``"high"``, ``"own_suit"``, ``"low"``) or ``"sevens"``. Like :class:`Bid`, a game names the
    declarations it can offer.
    """

    __slots__ = ("contract", "doubles", "trump")
    enumerated: ClassVar[bool] = True

    contract: str
    trump: int | None
    doubles: str | None

    def __init__(self, contract: str, trump: int | None = None, doubles: str | None = None) -> None:
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "trump", trump)
        object.__setattr__(self, "doubles", doubles)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Declare], tuple[str, int | None, str | None]]:
        return (Declare, (self.contract, self.trump, self.doubles))

    def __repr__(self) -> str:
        args = [repr(self.contract)]
        if self.trump is not None:
            args.append(str(self.trump))
        if self.doubles is not None:
            args.append(f"doubles={self.doubles!r}")
        return f"Declare({', '.join(args)})"

    def __str__(self) -> str:
        if self.contract == "suit":
            return f"trumps {self.trump}"
        text = self.contract.replace("_", "-")
        if self.doubles is not None:
            text += f" (doubles {self.doubles.replace('_', ' ')})"
        return text

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Declare)
            and other.contract == self.contract
            and other.trump == self.trump
            and other.doubles == self.doubles
        )

    def __hash__(self) -> int:
        return hash(("declare", self.contract, self.trump, self.doubles))

    def to_record(self, seat: int) -> dict[str, Any]:
        record: dict[str, Any] = {"seat": seat, "declare": self.contract}
        if self.trump is not None:
            record["trump"] = self.trump
        if self.doubles is not None:
            record["doubles"] = self.doubles
        return record


DRAW = Draw()
PASS = Pass()
STAND = Stand()
MISS = TakeMiss()
DROP = Drop()
HIDDEN_DISCARD = Discard(None)

_PLAYS: dict[tuple[int, str | None, int | None], Play] = {}
_BY_END: dict[str | None, list[Play]] = {}


def play(tile: int, end: str | None = None, open: int | None = None) -> Play:
    """The interned ``Play`` of ``tile`` at ``end``."""
    if open is None:
        row = _BY_END.get(end)
        if row is None:
            row = _BY_END[end] = [Play(t, end) for t in range(len(NAMES))]
        return row[tile]
    key = (tile, end, open)
    p = _PLAYS.get(key)
    if p is None:
        p = _PLAYS[key] = Play(tile, end, open)
    return p


def plays_at(end: str | None) -> list[Play]:
    """The interned plays of every tile at ``end``, indexed by tile (for fast move generation)."""
    row = _BY_END.get(end)
    if row is None:
        row = _BY_END[end] = [Play(t, end) for t in range(len(NAMES))]
    return row


class Move(NamedTuple):
    """One entry of a hand's history: who did what.

    ``drawn`` is the tile taken by a draw; in a public history (what other seats see) it is
    ``None``. ``points`` is what the action scored at once for the seat's side (counting games),
    0 otherwise.
    """

    seat: int
    action: Action
    drawn: int | None = None
    points: int = 0

    def to_record(self) -> dict[str, Any]:
        if isinstance(self.action, Draw):
            if self.drawn is None:
                raise ValueError("a hidden draw cannot be written to a record")
            return {"seat": self.seat, "draw": NAMES[self.drawn]}
        return self.action.to_record(self.seat)

    def __str__(self) -> str:
        if isinstance(self.action, Draw):
            what = f"draws {NAMES[self.drawn]}" if self.drawn is not None else "draws"
        elif isinstance(self.action, Pass):
            what = "passes"
        elif isinstance(self.action, Muggins):
            what = f"calls muggins for {self.action.points}"
        elif isinstance(self.action, _Decision):
            what = self.action.verb
        elif isinstance(self.action, Bid):
            what = f"bids {self.action.points}" + (
                f" ({self.action.contract})" if self.action.contract else ""
            )
        elif isinstance(self.action, Declare):
            what = f"declares {self.action}"
        elif isinstance(self.action, Discard):
            what = (
                f"discards {NAMES[self.action.tile]}"
                if self.action.tile is not None
                else "discards"
            )
        elif isinstance(self.action, Play) and self.action.end is None:
            what = f"leads {self.action}"
        else:
            what = f"plays {self.action}"
        score = f" (+{self.points})" if self.points else ""
        return f"seat {self.seat} {what}{score}"
