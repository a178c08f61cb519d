"""Actions a seat can take, and the moves of a hand's history.

Actions are small immutable values. ``Play`` values are interned by :func:`play`, so the
legal-action lists that the engine builds millions of times allocate nothing new.

Every kind of action answers one contract (:class:`Action`): how it is written (its
:meth:`~Action.notation`, which the game's notation reads back with :meth:`~Action.read`), how it
is told (:meth:`~Action.narration`, a message key and its arguments), how it is recorded
(:meth:`~Action.to_record` and :meth:`~Action.from_record`, the move forms of the record format)
and what the other seats see of it (:meth:`~Action.public`). The kinds every game shares live
here (:data:`SHARED_KINDS`: a tile played, a draw, a pass, a muggins call); a game's own kinds
(Texas 42's bids, Domino Loo's decisions) live in its folder and are listed by its rules'
``action_kinds``, through which the record reader, the notation and the server find them.

>>> play(parse_tile("6-4"), "R")
Play('6-4', 'R')
>>> str(play(parse_tile("6-4"), "R")), str(DRAW), str(PASS)
('6-4 at R', 'draw', 'pass')
>>> play(parse_tile("6-4"), "R").notation(), Muggins(10).notation()
('6-4 R', 'muggins 10')
>>> play(parse_tile("6-4"), "R") == Play(parse_tile("6-4"), "R")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from .i18n import _
from .tiles import DOUBLE, HIGH, LOW, NAMES, parse_oriented, parse_tile, tile

if TYPE_CHECKING:
    from .protocol import GameRules, Observation

__all__ = [
    "DRAW",
    "PASS",
    "SHARED_KINDS",
    "Action",
    "Draw",
    "Move",
    "Muggins",
    "Pass",
    "Play",
    "parse_tile",
    "play",
    "record_tile",
]


class Action:
    """Base class of every action, and the contract every kind of action answers.

    A kind is a subclass: its :attr:`kind` word names it in records and in the server's
    messages, :attr:`fields` are the optional fields of its record moves. An instance knows how it
    is written (:meth:`notation`), told (:meth:`narration`), recorded (:meth:`to_record`) and seen
    by the other seats (:meth:`public`); the class reads it back from a record
    (:meth:`from_record`) and from words (:meth:`read`). :attr:`tile` is the tile of the actor's
    hand the action names (a play, a discard), ``None`` for the others: what a front end lights
    in the hand without knowing the action's class."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    """The word naming the kind: the field of a record move that holds it (``"play"``,
    ``"bid"``...), and the ``kind`` of the server's action messages."""
    fields: ClassVar[frozenset[str]] = frozenset()
    """The optional fields a record move of this kind may carry besides ``seat`` and the kind."""
    enumerated: ClassVar[bool] = False
    """Whether the game lists every action of the kind it can offer (bids, declarations): a
    research action space then gives each of them an id, for that game only
    (:meth:`~boneyard.core.protocol.GameRules.phase_actions`)."""

    @property
    def tile(self) -> int | None:
        """The tile of the actor's hand the action names (a play, a discard), else ``None``."""
        return None

    def notation(self) -> str:
        """The action as people write it (``"6-4 R"``, ``"draw"``, ``"bid 30"``): what the
        game's notation (:meth:`~boneyard.core.protocol.GameRules.parse_action`) reads back."""
        raise NotImplementedError

    def narration(self) -> tuple[str, dict[str, object]]:
        """What the action is, as a message key and its arguments (``("play", {"tile": "6-4",
        "end": "R"})``, ``("bid", {"points": 30})``): a narration tells it from these without
        knowing its class."""
        raise NotImplementedError

    def to_record(self, seat: int) -> dict[str, Any]:
        """The record move of ``seat`` taking this action (``{"seat": 0, "bid": 30}``)."""
        raise NotImplementedError

    @classmethod
    def from_record(cls, move: Mapping[str, Any], rules: GameRules) -> Action:
        """The action of a record ``move`` of this kind under ``rules``; ``ValueError`` saying
        what is wrong with a malformed one. The record reader has checked the seat, that the move
        holds exactly one kind and no field outside :attr:`fields`."""
        raise NotImplementedError

    @classmethod
    def read(cls, words: Sequence[str], view: Observation) -> Action | None:
        """The action of this kind ``words`` name (``["bid", "30"]``) for the seat whose view is
        ``view``, or ``None`` when the words are not this kind's. ``ValueError`` for words of
        this kind that name no action (a tile that is none). The action may still be illegal."""
        return None

    def public(self) -> Action:
        """The action as the seats other than the actor see it: itself, unless it hides
        something (a discard hides its tile)."""
        return self


def record_tile(rules: GameRules, text: Any) -> int:
    """The tile a record move names (``"6-4"``, either way round), a tile of ``rules``' set;
    ``ValueError`` otherwise."""
    if not isinstance(text, str):
        raise ValueError(_("not a tile: {text}").format(text=repr(text)))
    return rules.tiles.parse(text)


def _record_int(move: Mapping[str, Any], key: str, what: str) -> int | None:
    """The whole number a record move holds in ``key`` (absent: ``None``); ``ValueError``
    saying what it must be (``what``) otherwise."""
    value = move.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise ValueError(what)
    return value


class Play(Action):
    """Lay ``tile`` at the open end named ``end`` (``None`` for the lead).

    ``open`` is the pip left exposed where the rules leave the choice to the player (a matador
    in Matador); for the lead tile it is the pip laid toward the R end (the tile is written
    ``"a-b"`` with ``a`` toward L). ``claim`` is the number of points claimed for the play where
    scores must be claimed.
    """

    __slots__ = ("_key", "claim", "end", "open", "tile")
    kind: ClassVar[str] = "play"
    fields: ClassVar[frozenset[str]] = frozenset({"end", "open", "claim"})

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

    def notation(self) -> str:
        """``6-4 R``; a lead as laid, ``4-6`` (the 6 toward R); ``5-2 R 5`` (the 5 left exposed);
        ``6-4 R 15`` (claiming 15). Plays are read by the notation itself
        (:func:`boneyard.core.notation.parse_action`), which knows the table's ends."""
        t = self.tile
        if self.end is None:
            text = NAMES[t]
            if self.open is not None and not DOUBLE[t]:
                other = LOW[t] if self.open == HIGH[t] else HIGH[t]
                text = f"{other}-{self.open}"
        else:
            text = f"{NAMES[t]} {self.end}"
            if self.open is not None:
                text += f" {self.open}"
        if self.claim is not None:
            text += f" {self.claim}"
        return text

    def narration(self) -> tuple[str, dict[str, object]]:
        """``("play", {"tile": "6-4", "end": "R"})``, ``("lead", {"tile": "6-4"})`` for a tile
        played at no end; ``open`` and ``claim`` where the play has them."""
        args: dict[str, object] = {"tile": NAMES[self.tile]}
        for name in ("end", "open", "claim"):
            value = getattr(self, name)
            if value is not None:
                args[name] = value
        return ("lead" if self.end is None else "play"), args

    @classmethod
    def from_record(cls, move: Mapping[str, Any], rules: GameRules) -> Action:
        """``{"play": "6-4", "end": "R"}``; a lead without an end is laid as written, the first
        pip toward L; ``open`` the pip left exposed, ``claim`` the points claimed."""
        text = move["play"]
        if not isinstance(text, str):
            raise ValueError(_("not a tile: {text}").format(text=repr(text)))
        a, b = parse_oriented(text)
        t = tile(a, b)
        if t >= rules.tiles.size:
            raise ValueError(
                _("{tile} is not a tile of the {set} set").format(tile=text, set=rules.tiles.name)
            )
        end = move.get("end")
        if end is not None and not isinstance(end, str):
            raise ValueError(_("end must be the name of an open end"))
        open_pip = _record_int(move, "open", _("open must be a pip number"))
        claim = _record_int(move, "claim", _("claim must be a number of points"))
        if end is None:
            if open_pip is not None and open_pip not in (a, b):
                return Play(t, None, open_pip, claim)  # refused: the lead has no such pip
            # A lead is laid as written, a toward L and b toward R (a game whose plays take no
            # end and no orientation, a trick game, reads it as the tile alone: its normalize()).
            return Play(t, None, b if a != b else None, claim)
        return Play(t, end, open_pip, claim)


class Draw(Action):
    """Take the next tile of the stock. The tile is decided by the stock, not by the player."""

    __slots__ = ()
    kind: ClassVar[str] = "draw"

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

    def notation(self) -> str:
        return "draw"

    def narration(self) -> tuple[str, dict[str, object]]:
        return "draw", {}

    @classmethod
    def from_record(cls, move: Mapping[str, Any], rules: GameRules) -> Action:
        """``{"draw": "6-4"}``: the tile drawn must be a tile of the set (that it is the next
        tile of the stock, the record reader checks against the hand)."""
        record_tile(rules, move["draw"])
        return DRAW

    @classmethod
    def read(cls, words: Sequence[str], view: Observation) -> Action | None:
        """``draw`` (or ``d``)."""
        return DRAW if len(words) == 1 and words[0].lower() in ("d", "draw") else None


class Pass(Action):
    """ "Go" / knock: the seat does not play (forced, or by choice where the rules allow)."""

    __slots__ = ()
    kind: ClassVar[str] = "pass"

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

    def notation(self) -> str:
        return "pass"

    def narration(self) -> tuple[str, dict[str, object]]:
        return "pass", {}

    @classmethod
    def from_record(cls, move: Mapping[str, Any], rules: GameRules) -> Action:
        if move["pass"] is not True:
            raise ValueError(_('a pass is written "pass": true'))
        return PASS

    @classmethod
    def read(cls, words: Sequence[str], view: Observation) -> Action | None:
        """``pass`` (or ``p``, ``go``, ``knock``)."""
        if len(words) == 1 and words[0].lower() in ("p", "pass", "go", "knock"):
            return PASS
        return None


class Muggins(Action):
    """Claim ``points`` that the previous player made but did not claim."""

    __slots__ = ("points",)
    kind: ClassVar[str] = "muggins"

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

    def notation(self) -> str:
        return f"muggins {self.points}"

    def narration(self) -> tuple[str, dict[str, object]]:
        return "muggins", {"points": self.points}

    @classmethod
    def from_record(cls, move: Mapping[str, Any], rules: GameRules) -> Action:
        points = _record_int(move, "muggins", _("muggins takes a number of points"))
        if points is None:
            raise ValueError(_("muggins takes a number of points"))
        return Muggins(points)

    @classmethod
    def read(cls, words: Sequence[str], view: Observation) -> Action | None:
        """``muggins 10``; ``muggins`` alone calls the count the seat is offered."""
        if not words or words[0].lower() != "muggins":
            return None
        if len(words) == 2 and words[1].isdigit():
            return Muggins(int(words[1]))
        if len(words) == 1:
            calls = [a for a in view.legal_actions if isinstance(a, Muggins)]
            if not calls:
                raise ValueError("There is no unclaimed count to call muggins on.")
            return calls[0]
        return None


DRAW = Draw()
PASS = Pass()
SHARED_KINDS: tuple[type[Action], ...] = (Play, Draw, Pass, Muggins)
"""The kinds of action every game may offer; a game's own kinds are its rules'
:attr:`~boneyard.core.protocol.GameRules.action_kinds`."""

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
                raise ValueError(_("a hidden draw cannot be written to a record"))
            return {"seat": self.seat, "draw": NAMES[self.drawn]}
        return self.action.to_record(self.seat)

    def __str__(self) -> str:
        if isinstance(self.action, Draw):
            what = f"draws {NAMES[self.drawn]}" if self.drawn is not None else "draws"
        elif isinstance(self.action, Pass):
            what = "passes"
        elif isinstance(self.action, Muggins):
            what = f"calls muggins for {self.action.points}"
        elif isinstance(self.action, Play):
            what = f"{'leads' if self.action.end is None else 'plays'} {self.action}"
        else:
            # A game's own kind: as it is written (``seat 2: bid 30``).
            what = f"{self.action.notation()}"
        score = f" (+{self.points})" if self.points else ""
        shared = isinstance(self.action, SHARED_KINDS)
        return f"seat {self.seat}{' ' if shared else ': '}{what}{score}"
