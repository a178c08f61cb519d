"""The trick games' shared actions, each answering the action contract of
:class:`boneyard.core.actions.Action`: the bids (:class:`Bid`) and the declaration of trumps or a
contract (:class:`Declare`) of the bidding games (Texas 42, Moon), and the discard made face down
(:class:`Discard`: Domino Loo's after taking the miss, Moon's bidder's after taking the widow).

A game lists the ones it uses in its rules' ``action_kinds``. ``Bid`` and ``Declare`` are
enumerated: each game's rules list every bid and declaration they can offer (``phase_actions()``),
in a fixed order, and a research action space numbers them in that order, for that game only (its
page says how). A ``Discard`` is not enumerated: it has a research id per tile.

>>> from boneyard.core.tiles import parse_tile
>>> Bid(30).notation(), Bid(84, "plunge").notation(), Declare("suit", 6).notation()
('bid 30', 'bid 84 plunge', 'trumps 6')
>>> Declare("nello", doubles="own_suit").notation()
'nello doubles own-suit'
>>> Bid.read(["bid", "84", "plunge"], None), Declare.read(["follow-me"], None)
(Bid(84, 'plunge'), Declare('follow_me'))
>>> Discard(parse_tile("6-4")).notation(), Discard(parse_tile("6-4")).public() == HIDDEN_DISCARD
('discard 6-4', True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import Action, record_tile
from ...core.i18n import _
from ...core.tiles import NAMES, parse_tile

if TYPE_CHECKING:
    from ...core.protocol import GameRules, Observation

__all__ = ["CONTRACTS", "DOUBLES", "HIDDEN_DISCARD", "Bid", "Declare", "Discard"]

CONTRACTS = ("suit", "doubles", "follow_me", "nello", "sevens")
"""The declarations a bidder may name (whether the rules offer one, the rules say)."""
DOUBLES = ("high", "own_suit", "low")
"""How the doubles rank in a nello where the bidder chooses."""


class Bid(Action):
    """A bid for the right to name the hand's trumps: ``points`` is what the bidder undertakes to
    take (Texas 42: 30 to 41 points, or a number of marks as 42 each, 42 one mark, 84 two...;
    Moon: 4 to 7 tricks, or 21 for the moon). ``contract`` names a special contract bid with it
    (``"plunge"``, ``"splash"``, Moon's ``"moon"``), else ``None``. A seat that
    does not bid passes (:data:`~boneyard.core.actions.PASS`).

    Written ``bid 30``, ``bid 84 plunge``; recorded ``{"bid": 30}``, ``{"bid": 84, "contract":
    "plunge"}``.
    """

    __slots__ = ("contract", "points")
    kind: ClassVar[str] = "bid"
    fields: ClassVar[frozenset[str]] = frozenset({"contract"})
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
        """Texas 42's marks the bid is worth: 1 for a bid of points (30 to 42), else
        ``points // 42``."""
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

    def notation(self) -> str:
        return f"bid {self.points}" + (f" {self.contract}" if self.contract else "")

    def narration(self) -> tuple[str, dict[str, object]]:
        args: dict[str, object] = {"points": self.points, "marks": self.marks}
        if self.contract:
            args["contract"] = self.contract
        return "bid", args

    @classmethod
    def from_record(cls, move: Mapping[str, Any], rules: GameRules) -> Action:
        """``{"seat": s, "bid": 30}``; a special contract bid with it: ``"contract": "plunge"``."""
        points = move["bid"]
        if not isinstance(points, int) or isinstance(points, bool):
            raise ValueError(_("a bid is a number of points: 30 to 41, or 42 a mark (84, 126...)"))
        contract = move.get("contract")
        if contract is not None and not isinstance(contract, str):
            raise ValueError(_("a bid's contract is a name such as 'plunge'"))
        return Bid(points, contract)

    @classmethod
    def read(cls, words: Sequence[str], view: Observation) -> Action | None:
        """``bid 30``, ``bid 84 plunge`` (also ``bid plunge 84``)."""
        if not words or words[0].lower() != "bid":
            return None
        rest = [w.lower() for w in words[1:]]
        numbers = [w for w in rest if w.isdigit()]
        names = [w for w in rest if not w.isdigit()]
        if len(numbers) != 1 or len(names) > 1:
            raise ValueError("Write a bid as bid 30, or bid 84 plunge.")
        return Bid(int(numbers[0]), names[0] if names else None)


class Declare(Action):
    """Name the hand's trumps or its contract after winning the bidding.

    ``contract`` is ``"suit"`` (``trump`` is the number, 0 to 6, every tile bearing it a trump),
    ``"doubles"`` (the doubles are trumps), ``"follow_me"`` (no trumps), ``"nello"`` (the bidder
    must take no trick; ``doubles`` says how the doubles rank where the bidder chooses:
    ``"high"``, ``"own_suit"``, ``"low"``) or ``"sevens"``. Like :class:`Bid`, the rules name the
    declarations they can offer.

    Written ``trumps 6``, ``doubles``, ``follow-me``, ``nello``, ``nello doubles low``,
    ``sevens``; recorded ``{"declare": "suit", "trump": 6}``, ``{"declare": "nello", "doubles":
    "low"}``...
    """

    __slots__ = ("contract", "doubles", "trump")
    kind: ClassVar[str] = "declare"
    fields: ClassVar[frozenset[str]] = frozenset({"trump", "doubles"})
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

    def notation(self) -> str:
        if self.contract == "suit":
            return f"trumps {self.trump}"
        text = self.contract.replace("_", "-")
        if self.doubles is not None:
            text += f" doubles {self.doubles.replace('_', '-')}"
        return text

    def narration(self) -> tuple[str, dict[str, object]]:
        args: dict[str, object] = {"contract": self.contract}
        if self.trump is not None:
            args["trump"] = self.trump
        if self.doubles is not None:
            args["doubles"] = self.doubles
        return "declare", args

    @classmethod
    def from_record(cls, move: Mapping[str, Any], rules: GameRules) -> Action:
        """``{"seat": s, "declare": "suit", "trump": 6}``, ``{"declare": "doubles"}``,
        ``{"declare": "nello", "doubles": "low"}``..."""
        contract = move["declare"]
        if not isinstance(contract, str):
            raise ValueError(
                _("declare names a contract: suit (with trump), doubles, follow_me...")
            )
        trump = move.get("trump")
        if trump is not None and (not isinstance(trump, int) or isinstance(trump, bool)):
            raise ValueError(_("trump must be a number"))
        if contract == "suit" and trump is None:
            raise ValueError(_('a suit is declared with its number: "trump": 6'))
        doubles = move.get("doubles")
        if doubles is not None and not isinstance(doubles, str):
            raise ValueError(_("doubles must be high, own_suit or low"))
        return Declare(contract, trump, doubles)

    @classmethod
    def read(cls, words: Sequence[str], view: Observation) -> Action | None:
        """``trumps 6``, ``doubles``, ``follow-me``, ``nello``, ``nello doubles low``,
        ``sevens``."""
        said = [w.lower().replace("-", "_") for w in words]
        if not said:
            return None
        if said[0] in ("trumps", "trump"):
            if len(said) != 2 or not said[1].isdigit():
                raise ValueError("Name the trumps by their number: trumps 6.")
            return Declare("suit", int(said[1]))
        if said[0] not in CONTRACTS or said[0] == "suit":
            return None
        if len(said) == 1:
            return Declare(said[0])
        if said[0] == "nello" and len(said) == 3 and said[1] == "doubles" and said[2] in DOUBLES:
            return Declare("nello", doubles=said[2])
        raise ValueError(
            "Write a declaration as trumps 6, doubles, follow-me, nello, "
            "nello doubles high/own-suit/low, or sevens."
        )


class Discard(Action):
    """Throw ``tile`` out of play face down (after taking the miss). In a public history the
    tile is hidden: ``tile`` is ``None`` (:data:`HIDDEN_DISCARD`, what :meth:`public` gives).

    Written ``discard 6-4`` (the tile alone where a discard is owed); recorded ``{"discard":
    "6-4"}``."""

    __slots__ = ("tile",)
    kind: ClassVar[str] = "discard"

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
        return self.notation()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discard) and other.tile == self.tile

    def __hash__(self) -> int:
        return hash(("discard", self.tile))

    def to_record(self, seat: int) -> dict[str, Any]:
        if self.tile is None:
            raise ValueError(_("a hidden discard cannot be written to a record"))
        return {"seat": seat, "discard": NAMES[self.tile]}

    def notation(self) -> str:
        return f"discard {NAMES[self.tile]}" if self.tile is not None else "discard"

    def narration(self) -> tuple[str, dict[str, object]]:
        return "discard", ({"tile": NAMES[self.tile]} if self.tile is not None else {})

    def public(self) -> Action:
        return HIDDEN_DISCARD

    @classmethod
    def from_record(cls, move: Mapping[str, Any], rules: GameRules) -> Action:
        return Discard(record_tile(rules, move["discard"]))

    @classmethod
    def read(cls, words: Sequence[str], view: Observation) -> Action | None:
        """``discard 6-4``; the tile alone (``6-4``) where the seat owes a discard."""
        if len(words) == 2 and words[0].lower() == "discard":
            return Discard(parse_tile(words[1]))
        owed = any(isinstance(a, Discard) for a in view.legal_actions)
        if owed and len(words) == 1 and "-" in words[0]:
            return Discard(parse_tile(words[0]))
        return None


HIDDEN_DISCARD = Discard(None)
"""A discard as the other players see it: its tile face down."""
