"""The messages of the table protocol, typed and versioned (pydantic).

Every message is one JSON object with ``"v"`` (the protocol version, :data:`PROTOCOL`) and
``"type"``. A client sends :class:`Hello` first (with its seat token, or none to watch), then
:class:`MoveMessage`, :class:`ChatMessage`, :class:`HintMessage`, :class:`BeliefsMessage`,
:class:`NextHandMessage` or :class:`PingMessage`; the server answers with :class:`Welcome`,
:class:`StateMessage` (after every change), :class:`Ack` (a move was stored),
:class:`ErrorMessage`, :class:`ChatLine`, :class:`HintReply`, :class:`BeliefsReply` and
:class:`Pong`. The REST API's bodies are here too
(:class:`CreateTable`, :class:`TableCreated`, :class:`TableSummary`).

A client message that is not JSON, too long, of an unknown type or version, or of the wrong shape
gets an :class:`ErrorMessage` and changes nothing (:func:`parse_client_message`).

>>> parse_client_message('{"v": 1, "type": "ping", "id": 3}')
PingMessage(v=1, type='ping', id=3)
>>> parse_client_message('{"v": 1, "type": "move"}')
Traceback (most recent call last):
...
boneyard.apps.server.messages.ProtocolError: bad move message: action: Field required
"""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ...core.i18n import _
from ...core.intake import TextError, check_text, check_tree

__all__ = [
    "MAX_MESSAGE_BYTES",
    "PROTOCOL",
    "Ack",
    "ActionIn",
    "AnyClientMessage",
    "BackMessage",
    "BeliefsMessage",
    "BeliefsReply",
    "Body",
    "ChatLine",
    "ChatMessage",
    "ClientMessage",
    "CreateTable",
    "ErrorMessage",
    "HelloMessage",
    "HintMessage",
    "HintReply",
    "LeaveMessage",
    "MoveMessage",
    "NextHandMessage",
    "PingMessage",
    "Pong",
    "ProtocolError",
    "RematchMessage",
    "RenameMessage",
    "ResignMessage",
    "SeatSpec",
    "StateMessage",
    "TableCreated",
    "TableSummary",
    "TooDeep",
    "Welcome",
    "bad_text",
    "clean_name",
    "load_json",
    "name_key",
    "parse_client_message",
]

PROTOCOL = 1
"""The protocol version: every message carries it as ``"v"``."""

MAX_MESSAGE_BYTES = 4096
"""The longest message a client may send (in UTF-8 bytes); longer ones are refused."""

MAX_MESSAGE_DEPTH = 8
"""How deeply a client message's arrays and objects may nest (a move nests 2 deep)."""

NAME_MAX = 24
CHAT_MAX = 300
TOKEN_MAX = 64


class TooDeep(ValueError):
    """JSON whose arrays and objects nest deeper than allowed."""


def load_json(text: str | bytes, max_depth: int) -> Any:
    """``json.loads``, refusing arrays and objects nested more than ``max_depth`` deep with
    :class:`TooDeep` (Python's parser would recurse until it fails at about 1,000 levels)."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise TooDeep(f"arrays and objects nested more than {max_depth} deep") from None
    # The containers one level deeper each time round (a scalar adds no level).
    level = [data] if isinstance(data, dict | list) else []
    for _level in range(max_depth):
        inner: list[Any] = []
        for item in level:
            values = item.values() if isinstance(item, dict) else item
            inner.extend(v for v in values if isinstance(v, dict | list))
        if not inner:
            return data
        level = inner
    raise TooDeep(f"arrays and objects nested more than {max_depth} deep")


class ProtocolError(ValueError):
    """A client message that cannot be read: ``code`` says which kind of problem."""

    def __init__(self, code: str, message: str, id: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.id = id


# Letters and symbols that draw nothing (the Hangul fillers, the blank Braille pattern).
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Format characters a name may hold: the joiners that Persian, Indic scripts and emoji need.
_JOINERS = frozenset("\u200c\u200d")


def clean_text(value: str, limit: int, what: str) -> str:
    """``value`` in its composed form (NFC) without leading and trailing spaces; a
    :class:`~boneyard.core.intake.TextError` (a ``ValueError``) if it is empty, longer than
    ``limit``, or holds a character that cannot be stored or shown (a lone surrogate, NUL, a
    control character, a line separator, a bidirectional override: :func:`check_text`)."""
    text = check_text(unicodedata.normalize("NFC", value).strip(), what)
    if not text:
        raise TextError(_("{what} is empty").format(what=what))
    if len(text) > limit:
        raise TextError(
            _("{what} is longer than {limit} characters").format(what=what, limit=limit)
        )
    return text


def visible(c: str) -> bool:
    """Whether a character draws something: a letter, number, punctuation mark or symbol."""
    return unicodedata.category(c)[0] in "LNPS" and c not in _BLANK


def clean_name(value: str) -> str:
    """A player's name as given, in its composed form (NFC), checked (:func:`clean_text`): no
    invisible format characters, at least one character that shows; a
    :class:`~boneyard.core.intake.TextError` (a ``ValueError``) saying what is wrong otherwise."""
    name = clean_text(value, NAME_MAX, _("a name"))
    if any(unicodedata.category(c) == "Cf" and c not in _JOINERS for c in name):
        raise TextError(_("a name holds an invisible character"))
    if not any(visible(c) for c in name):
        raise TextError(_("a name shows nothing: use letters, numbers or symbols"))
    if name_key(name) == "you":
        raise TextError(_("'you' is how the game calls each player: choose another name"))
    return name


def name_key(name: str) -> str:
    """What two names must not share at one table: the name without case, spaces, joiners and
    compatibility forms ("Ann", "ANN", "A nn" and a full-width "Ann" are one name)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(c for c in folded if visible(c))


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --------------------------------------------------------------------- client to server
class ActionIn(_Message):
    """A move as its notation, the words people write it in (``"6-4 R"``, ``"draw"``,
    ``"bid 30"``: :meth:`boneyard.core.actions.Action.notation`), with its ``kind``, the word
    naming the kind of action (``"play"``, ``"draw"``, ``"pass"``, ``"muggins"``, or a game's
    own: Domino Loo's ``"stand"``, ``"miss"``, ``"drop"``, ``"discard"``, Texas 42's ``"bid"``,
    ``"declare"``): ``{"kind": "play", "notation": "6-4 R"}``, ``{"kind": "bid", "notation": "bid
    30"}``. The server reads the notation with the game's own notation (against the seat's view)
    and refuses it if it names an action of another kind. A play may carry a claim after it where
    scores are claimed (``"6-4 R 15"``). The moves the server offers carry exactly these forms
    (:class:`ActionOut`): a client sends one back as it came."""

    kind: Annotated[str, Field(pattern=r"^[a-z_]{1,16}$")]
    notation: Annotated[str, Field(min_length=1, max_length=48)]


class HelloMessage(_Message):
    """The first message: ``token`` is the seat token of an invite link (none to watch as a
    spectator); ``name`` renames the seat."""

    v: Literal[1]
    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=TOKEN_MAX)] | None = None
    name: str | None = None
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        return None if value is None else clean_name(value)


class MoveMessage(_Message):
    """A move for the seat. ``hand`` and ``seen`` (the number of moves of the hand the client has
    seen), when given, must match the table: a move made on a stale view is refused. ``id`` is
    echoed in the :class:`Ack` or :class:`ErrorMessage`."""

    v: Literal[1]
    type: Literal["move"]
    action: ActionIn
    hand: Annotated[int, Field(ge=1)] | None = None
    seen: Annotated[int, Field(ge=0)] | None = None
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None


class ChatMessage(_Message):
    v: Literal[1]
    type: Literal["chat"]
    text: str
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None

    @field_validator("text")
    @classmethod
    def _text(cls, value: str) -> str:
        return clean_text(value, CHAT_MAX, _("a chat message"))


class HintMessage(_Message):
    """Ask what each of your moves is worth (practice tables only)."""

    v: Literal[1]
    type: Literal["hint"]
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None


class BeliefsMessage(_Message):
    """Ask who may hold each tile you cannot see (practice tables only)."""

    v: Literal[1]
    type: Literal["beliefs"]
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None


class NextHandMessage(_Message):
    """Deal the next hand once the last one is over (any seated person may ask)."""

    v: Literal[1]
    type: Literal["next_hand"]
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None


class PingMessage(_Message):
    v: Literal[1]
    type: Literal["ping"]
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None


class RenameMessage(_Message):
    """Rename your seat (a name no one else at the table has)."""

    v: Literal[1]
    type: Literal["rename"]
    name: str
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return clean_name(value)


class BackMessage(_Message):
    """Take your seat back from the computer that played it while you were away."""

    v: Literal[1]
    type: Literal["back"]
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None


class LeaveMessage(_Message):
    """Leave the table: a computer plays your seat until you come back by your link."""

    v: Literal[1]
    type: Literal["leave"]
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None


class ResignMessage(_Message):
    """Concede the match: with two sides the other side wins at once; with more, a computer
    plays your seat to the end and you cannot take it back."""

    v: Literal[1]
    type: Literal["resign"]
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None


class RematchMessage(_Message):
    """Once the match is over: a new match at a new table, with the same seats (each person's
    invite link works there with the table's new address)."""

    v: Literal[1]
    type: Literal["rematch"]
    id: Annotated[int, Field(ge=0, le=2**53)] | None = None


AnyClientMessage = (
    HelloMessage
    | MoveMessage
    | ChatMessage
    | HintMessage
    | BeliefsMessage
    | NextHandMessage
    | PingMessage
    | RenameMessage
    | BackMessage
    | LeaveMessage
    | ResignMessage
    | RematchMessage
)
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
_CLIENT = TypeAdapter[AnyClientMessage](ClientMessage)
CLIENT_TYPES = (
    "hello",
    "move",
    "chat",
    "hint",
    "beliefs",
    "next_hand",
    "ping",
    "rename",
    "back",
    "leave",
    "resign",
    "rematch",
)


def parse_client_message(text: str | bytes) -> AnyClientMessage:
    """Read one client message; :class:`ProtocolError` (``too_large``, ``bad_json``,
    ``bad_version``, ``unknown_type`` or ``bad_message``) if it cannot be read."""
    # (Counted as sent: a surrogate the websocket's own checks would refuse is no reason to fail.)
    size = len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            "too_large", f"message of {size} bytes: the limit is {MAX_MESSAGE_BYTES}"
        )
    try:
        data = load_json(text, MAX_MESSAGE_DEPTH)
    except TooDeep as e:
        raise ProtocolError("bad_json", f"not a message: {e}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ProtocolError("bad_json", f"not JSON: {e}") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    given = data.get("id")
    id = given if type(given) is int and 0 <= given <= 2**53 else None
    try:
        # Once, here where it enters: every text of the message can be stored, sent and shown.
        check_tree(data, _("the message"))
    except TextError as e:
        raise ProtocolError("bad_message", str(e), id) from None
    version = data.get("v")
    if type(version) is not int or version != PROTOCOL:  # True == 1 in Python: not a version
        raise ProtocolError(
            "bad_version",
            f"protocol version {str(json.dumps(version))[:20]}: this server speaks {PROTOCOL}",
            id,
        )
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(
            "unknown_type",
            f"unknown message type {str(kind)[:20]!r}: one of {', '.join(CLIENT_TYPES)}",
            id,
        )
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as e:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'][1:]) or 'message'}: {err['msg']}"
            for err in e.errors(include_url=False, include_input=False)
        )
        raise ProtocolError("bad_message", f"bad {kind} message: {problems}", id) from None


# --------------------------------------------------------------------- server to client
class ActionOut(BaseModel):
    """A move as the server offers it: the :class:`ActionIn` to send back and its words;
    ``tile`` is the tile of the seat's hand it takes (a play's, a discard's: what the page lights
    in the hand), ``end`` the open end a play is laid at (``None`` for a lead and the other
    kinds)."""

    action: ActionIn
    text: str
    tile: str | None = None
    end: str | None = None


class Placed(BaseModel):
    """A tile on the table: ``a`` the pip toward its arm's root (toward L for the lead), ``b``
    the pip away from it. ``cross``: drawn across the line (a crosswise double, a spinner, a
    crosswise matador); ``spinner``: a spinner, with arms off its sides."""

    tile: str
    a: int
    b: int
    double: bool
    cross: bool
    spinner: bool


class Arm(BaseModel):
    """The tiles laid on one end, from its root outward; ``root`` is the tile it grows from,
    ``way`` which way it leaves it (seen with the root lying along the line: the lead's ends go
    ``left`` and ``right``, a spinner's short sides and a chicken foot's toes ``up`` and
    ``down``; a hub's trains ``right``), ``half`` which half of a root standing across it leaves
    from when not its middle (``left`` or ``right``: Chicken Foot's outer toes)."""

    name: str
    root: str
    tiles: list[Placed]
    way: Literal["left", "right", "up", "down"]
    half: Literal["left", "right"] | None = None


class End(BaseModel):
    name: str
    shows: str | None
    """The pip the end shows (``None``: not open yet)."""
    needs: str | None = None
    """In Matador, what the end takes, in words."""
    title: str | None = None
    """What the end is, where the game names it (Mexican Train: "Ann's train")."""
    note: str | None = None
    """What stands on it now, in words ("marker: open to all; 12-12 to be covered")."""
    marked: bool = False
    """A train carrying its owner's marker (Mexican Train)."""
    waiting: bool = False
    """A double or a side to be covered before play goes on elsewhere."""
    label: str | None = None
    """The end's name as a person reads it, where it is not ``name`` (the notation's, which
    moves carry): Mexican Train's ``T0``, the first seat's train, is ``T1`` to a person."""


class TrickTile(BaseModel):
    seat: int
    tile: str


class TrickSeat(BaseModel):
    """A player of a trick-taking hand: ``status`` ``deciding`` (not yet), ``stood`` (in),
    ``missed`` (took the miss), ``dropped`` or ``out`` (sits the hand out); ``won`` the tricks
    taken."""

    seat: int
    status: Literal["deciding", "stood", "missed", "dropped", "out"]
    won: int
    text: str = ""
    """Where the seat stands, in the game's own words, to follow its name (``bid 30``,
    ``passed``, ``to decide``, ``stood, 2 tricks``): show this, never words of your own."""


class Tricks(BaseModel):
    """A trick-taking table (Domino Loo, Texas 42): the turn-up (``None`` where trumps are named,
    not turned up) and the trump number, the players, the trick in play (``leader`` leads it;
    ``None`` before the play), the last trick and who took it, what a trick is worth (``value``)
    and whether the game is for a pool; ``trump_text`` names trumps in words where a number does
    not, ``notes`` are the game's further lines (the bidding, the contract, the points taken).
    Everything here is public: the tiles thrown out are never in it."""

    trump: int
    turnup: str | None
    seats: list[TrickSeat]
    trick: list[TrickTile]
    leader: int | None
    last: list[TrickTile]
    last_winner: int | None
    value: float
    pool: bool
    tricks: int
    """The tricks of a hand."""
    worth: str
    """What a trick is worth, in words."""
    trump_text: str | None = None
    notes: list[str] = []
    ended: bool = False
    """The play stopped before the last trick (a bid decided early): no one is to lead."""
    heading: str = ""
    """The title of the trick box, in the game's words: ``Trick 3``, ``The bidding``, ``Before
    the play``, ``The play is over``."""
    waiting: str = ""
    """What the table waits for while no tile is in the trick, a sentence with the players'
    names (``Each player bids once, or passes.``, ``Ann to lead.``); empty while tiles are."""


class Line(BaseModel):
    """The table, for drawing: the lead, every arm and the open ends; ``count`` (the counting
    games) and ``words`` (the table in sentences, for screen readers). ``hub``: the arms all
    grow from the lead, each its own train (Mexican Train). ``tricks``: a trick-taking table
    (Domino Loo), which has no lead, arms or ends."""

    lead: Placed | None
    arms: list[Arm]
    ends: list[End]
    count: str | None
    words: list[str]
    hub: bool = False
    tricks: Tricks | None = None
    last: str | None = None
    """The tile laid last."""


class SeatView(BaseModel):
    seat: int
    name: str
    kind: Literal["person", "computer"]
    level: str | None
    side: int
    tiles: int
    connected: bool
    joined: bool
    away: bool = False
    """A person's seat that a computer plays while the person is away (past the turn clock, or
    gone from the table): the person takes it back by coming back."""
    profile: str | None = None
    """The account whose profile (``/@/NAME``) the seat links to: at a rated table each seat's
    account; at another, a seat that bears its signed-in person's account name."""


class SheetRow(BaseModel):
    hand: int
    points: list[float]
    totals: list[float]
    ended: str
    notes: list[str]
    reasons: list[str] = []
    """Per side, why it scored what it did in this hand, beside ``points`` (``3 tricks: +3; the
    dealer's stake into the empty pool: -5; in all -2``): the game's presenter says it."""


class Sheet(BaseModel):
    """The score sheet: the sides' names, a row per finished hand (with the reasons for its
    scores), the totals, the points made so far in the hand in play, and the target. ``kind``
    is what it holds: ``points``, ``pools`` (shares of pools), ``debits`` (the first debited
    with the target loses), ``lowest`` (costs: the lowest total wins) or ``counters``."""

    sides: list[str]
    rows: list[SheetRow]
    totals: list[float]
    this_hand: list[int]
    this_hand_notes: list[str]
    target: str
    text: str
    kind: Literal["points", "pools", "debits", "lowest", "counters"] = "points"
    running: list[float] = []
    """The totals with what the hand in play has scored so far (``totals`` plus
    ``this_hand`` while a hand is played): what counts now, the total row to show."""


class RevealSeat(BaseModel):
    seat: int
    name: str
    left: list[str]
    dealt: list[str]
    pips: int
    tricks: int | None = None
    """The tricks taken (Domino Loo)."""


class Reveal(BaseModel):
    """Every hand of a finished hand (public once it is over); in Domino Loo, whose hands are
    thrown out face down, only the tricks each player took (``left``, ``dealt`` and ``stock``
    stay empty)."""

    hand: int
    seats: list[RevealSeat]
    stock: list[str]
    result: list[str]


class ChatLine(BaseModel):
    v: Literal[1] = 1
    type: Literal["chat"] = "chat"
    seat: int
    name: str
    text: str
    at: str


class StateMessage(BaseModel):
    """Everything one connection may see, after every change. ``seat`` is the reader's (``None``
    for a spectator): only then are ``tiles`` and ``moves`` filled."""

    v: Literal[1] = 1
    type: Literal["state"] = "state"
    table: str
    game: str
    title: str
    rules: str
    players: int
    high: int
    """The highest number of the set (6 for double-six, 9, 12...)."""
    practice: bool
    private: bool
    rated: bool = False
    """A rated match: its end moves its people's ratings (docs/server.md, "Ratings"). It stops
    being rated when its creator gives a seat to a computer."""
    claims: bool
    status: Literal["playing", "between_hands", "over", "closed"]
    """``closed``: nobody played at the table for the server's expiry time (or its operator
    closed it); the match stops where it was."""
    clock: int | None
    """Seconds a person has for each turn before a computer plays for him (``None``: no
    clock)."""
    clock_left: float | None
    """Seconds left on the clock of the person to move, when the message was sent."""
    rematch: str | None
    """The rematch's table, once someone has asked for one."""
    hand: int
    move: int
    turn: int | None
    prompt: str | None = None
    """What the seat to move is asked, where it is not to play a tile (the game's words:
    ``"bid, or pass"``, ``"throw out a tile, face down"``); ``None`` in the play."""
    seat: int | None
    seats: list[SeatView]
    tiles: list[str]
    marked: list[str]
    mark_name: str = ""
    """What a tile of ``marked`` is called (the game's words: ``"a matador"``)."""
    moves: list[ActionOut]
    line: Line
    stock: int
    drawable: int
    can_draw: bool
    stock_text: str | None = None
    """The tiles in no hand, in the game's words (``Stock: 14 tiles (12 may be drawn)``, ``Not
    dealt: 14 tiles (nobody draws)``); ``None`` where every tile is dealt: say nothing."""
    sheet: Sheet
    log: list[str]
    reveal: Reveal | None
    winner: str | None
    chat: list[ChatLine]


class Welcome(BaseModel):
    v: Literal[1] = 1
    type: Literal["welcome"] = "welcome"
    table: str
    seat: int | None
    role: Literal["player", "spectator"]
    server: str


class Ack(BaseModel):
    """A move was stored and applied: ``hand`` and ``move`` (its number in the hand, from 1)."""

    v: Literal[1] = 1
    type: Literal["ack"] = "ack"
    id: int | None
    hand: int
    move: int


class ErrorMessage(BaseModel):
    """A message refused: the table is unchanged. ``code`` is one of ``too_large``,
    ``bad_json``, ``bad_version``, ``unknown_type``, ``bad_message``, ``rate_limited``,
    ``hello_first``, ``bad_token``, ``sign_in``, ``not_yours``, ``spectator``, ``not_your_turn``,
    ``illegal``, ``stale``, ``hand_over``, ``match_over``, ``no_next_hand``, ``no_hints``, ``busy``,
    ``storage``, ``name_taken``, ``not_away``, ``no_rematch``, ``no_resign``, ``closed``,
    ``sealed`` (a spectator of a tournament's duplicate deals while its round goes on); or,
    closing the connection, ``replaced``, ``revoked``, ``freed``, ``no_table``, ``too_many``."""

    v: Literal[1] = 1
    type: Literal["error"] = "error"
    code: str
    message: str
    id: int | None = None


class HintMove(BaseModel):
    """A move with its value, as the hint tells it; ``tile`` as in :class:`ActionOut`."""

    action: ActionIn
    text: str
    tile: str | None = None
    value: float
    margin: float
    loss: float
    reason: str
    best: bool


class HintReply(BaseModel):
    v: Literal[1] = 1
    type: Literal["hint"] = "hint"
    id: int | None
    hand: int
    move: int
    moves: list[HintMove]


class BeliefsReply(BaseModel):
    """Who may hold each tile the seat cannot see: ``chances[i][k]`` is the chance that
    ``holders[k]`` (the other seats by name, then the stock where it holds any) holds
    ``tiles[i]``; ``exact`` and ``note`` say how the figures were found
    (:func:`boneyard.players.analysis.beliefs`)."""

    v: Literal[1] = 1
    type: Literal["beliefs"] = "beliefs"
    id: int | None
    hand: int
    move: int
    holders: list[str]
    tiles: list[str]
    chances: list[list[float]]
    exact: bool
    note: str


class Pong(BaseModel):
    v: Literal[1] = 1
    type: Literal["pong"] = "pong"
    id: int | None


# --------------------------------------------------------------------- the REST API
class Body(_Message):
    """A REST API body: every text of it is checked where it enters (:func:`check_tree`), a
    refusal being an error of type ``bad_text``, which the app answers with ``400`` and its
    sentence."""

    @model_validator(mode="before")
    @classmethod
    def _texts(cls, data: Any) -> Any:
        try:
            check_tree(data, _("the body"))
        except TextError as e:
            raise bad_text(e) from None
        return data


def bad_text(error: ValueError) -> PydanticCustomError:
    """A refused text as a validation error of its own type (``bad_text``), which the app
    answers with ``400`` and the sentence, where a body of the wrong shape gets ``422``."""
    return PydanticCustomError("bad_text", "{reason}", {"reason": str(error)})


class SeatSpec(Body):
    """A seat at a new table: a person (who joins by the seat's invite link) or a computer player
    of a ``level`` (an agent name: ``beginner``, ``casual``, ``strong``, ``expert``, ``greedy``,
    ..., or a plug-in the server offers, which may carry its arguments)."""

    kind: Literal["person", "computer"]
    name: str | None = None
    level: Annotated[str, Field(max_length=300)] | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        try:
            return None if value is None else clean_name(value)
        except TextError as e:
            raise bad_text(e) from None


class CreateTable(Body):
    """A new table: the game, its rule set and options (``-o`` values as strings, numbers or
    booleans), the target score, and one seat per player in seat order. ``practice`` allows
    hints; ``seed`` fixes the deals (for tests and repeatable practice: refused where more than
    one person plays, since whoever chose it could work out every hand)."""

    game: Annotated[str, Field(max_length=40)]
    rules: Annotated[str, Field(max_length=40)] | None = None
    options: Annotated[
        dict[Annotated[str, Field(max_length=40)], str | int | bool], Field(max_length=40)
    ] = Field(default_factory=dict)
    target: Annotated[int, Field(ge=1, le=10_000)] | None = None
    seats: Annotated[list[SeatSpec], Field(min_length=2, max_length=8)]
    practice: bool = False
    private: bool = False
    """Not listed in the lobby: only those given its address may watch."""
    clock: Annotated[int, Field(ge=0, le=3600)] | None = None
    """Seconds a person has for each turn before a computer plays for him until he is back;
    0 for no clock; ``None`` for the server's default (a clock where several people play)."""
    seed: Annotated[int, Field(ge=0, le=2**62)] | None = None
    rated: bool = False
    """A rated match: every seat a person's, each taken by a signed-in person (a guest is
    refused), no seed and no practice; its end moves the ratings (docs/server.md, "Ratings")."""

    @field_validator("options")
    @classmethod
    def _options(cls, value: dict[str, str | int | bool]) -> dict[str, str | int | bool]:
        for v in value.values():
            if isinstance(v, str) and len(v) > 60:
                raise ValueError("an option value is longer than 60 characters")
        return value


class SeatLink(BaseModel):
    seat: int
    kind: Literal["person", "computer"]
    name: str
    level: str | None
    invite: str | None
    """The seat's invite link (people's seats): the page, with the token after ``#``, which the
    browser never sends to the server in a request line (so it is never in an access log)."""
    token: str | None


class TableCreated(BaseModel):
    id: str
    url: str
    seats: list[SeatLink]
    creator_token: str
    """The creator's key to the table: with it (``Authorization: Bearer KEY``) the creator may
    reissue a seat's invite, free a seat or close the table. Only its hash is stored."""


class TableSummary(BaseModel):
    id: str
    url: str
    game: str
    title: str
    rules: str
    practice: bool
    private: bool
    rated: bool
    clock: int | None
    status: str
    hand: int
    seats: list[SeatView]
    totals: list[float]
    sides: list[str]
    winner: str | None
    updated: str


def schema() -> dict[str, Any]:
    """The JSON schema of every message, for the docs and for clients."""
    return {
        "protocol": PROTOCOL,
        "client": _CLIENT.json_schema(),
        "server": {
            m.__name__: m.model_json_schema()
            for m in (
                Welcome,
                StateMessage,
                Ack,
                ErrorMessage,
                ChatLine,
                HintReply,
                BeliefsReply,
                Pong,
            )
        },
    }
