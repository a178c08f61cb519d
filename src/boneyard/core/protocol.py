"""The engine protocol: what every game answers, and what applying a move says happened.

Every game implements two types: a :class:`GameRules` (one match's resolved rules: dealing, the
start of a hand, the match's hooks, notation, and what every game answers its players and the
compiled core) and a :class:`GameState` (one hand in progress: its phase, whose turn it is, the
legal actions, applying one, copying, observations). What only some games can answer (a line to
read, tricks to read, their own players, hints to the search) is a capability
(:mod:`boneyard.core.capabilities`), and how a game is told is its presenter, which the game makes
beside its rules (:attr:`GameRules.presenter`): this module imports no presenter. The line games
share one implementation of both (:mod:`boneyard.games.line`); a game that is not played on a line
has its own state and table behind the same protocol (Domino Loo's tricks:
:mod:`boneyard.games.loo`). Nothing outside a game's own modules needs to know which game it is:
it asks these types.

Applying an action returns an :class:`Outcome`: the move, what it scored and why
(:class:`Score`), what else happened (:class:`Event`: a trick taken, a partner out, the target
reached), who moves next, the phase after, and the hand's end (:class:`HandResult`) if it ended
there. Front ends tell the outcome and never work out a rule again. Search and simulation, which
apply millions of actions and read none of it, use :meth:`GameState.apply_fast`, the same
transition without the outcome.

A hand moves through :class:`Phase` values: a line game is in :attr:`Phase.PLAY` (after a draw
for the lead where the rules say so), a trick game may first ask each seat to decide or to bid
(:attr:`Phase.BID`) and to name trumps (:attr:`Phase.DECLARE`); a game may define phases of its
own (``Phase("discard")``). The hand ends in :attr:`Phase.OVER`.
"""

from __future__ import annotations

import abc
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .actions import Action, Move
from .layout import Layout
from .options import OptionSpec
from .tiles import mask_pips

if TYPE_CHECKING:
    import random

    from .game import Game, GamePresenter
    from .kernel import KernelState
    from .kernel_spec import KernelSpec, TrickKernelSpec, TrickKernelState
    from .options import Options
    from .tiles import TileSet

__all__ = [
    "ACQUIRED",
    "LACKS",
    "PLAYED",
    "TARGET_SCORE",
    "Event",
    "GamePlayer",
    "GameRules",
    "GameState",
    "HandResult",
    "HandStart",
    "HiddenFacts",
    "IllegalAction",
    "Observation",
    "Outcome",
    "Phase",
    "Position",
    "Score",
]


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message says why (and what is legal); the
    state is unchanged."""


# --------------------------------------------------------------------------- phases
@dataclass(frozen=True, slots=True)
class Phase:
    """Where a hand is: a small typed value compared by name. The common ones are class
    attributes; a game may define its own (``Phase("discard")``)."""

    name: str

    PLAY: ClassVar[Phase]
    """Tiles are played (to a line, to a trick)."""
    FIND_LEAD: ClassVar[Phase]
    """Nobody holds the tile that leads: the seats draw in turn until one appears."""
    DECIDE: ClassVar[Phase]
    """Before the play each seat decides how it takes part (Domino Loo: stand, take the miss,
    drop out)."""
    BID: ClassVar[Phase]
    """Each seat bids in turn for the right to name trumps (Texas 42)."""
    DECLARE: ClassVar[Phase]
    """The winner of the bidding names trumps (Texas 42)."""
    OVER: ClassVar[Phase]
    """The hand has ended."""

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Phase({self.name!r})"


Phase.PLAY = Phase("play")
Phase.FIND_LEAD = Phase("find_lead")
Phase.DECIDE = Phase("decide")
Phase.BID = Phase("bid")
Phase.DECLARE = Phase("declare")
Phase.OVER = Phase("over")


# --------------------------------------------------------------------------- what happened
@dataclass(frozen=True, slots=True)
class Score:
    """Points scored for a side, and why.

    ``reason`` is a key the game's presenter words, common to the family: ``"count"`` (the count
    of the open ends), ``"header"`` (Bergen), ``"muggins"`` (a count left unclaimed, called),
    ``"penalty"`` (a wrong claim: the points go to the next side), ``"trick"`` (a trick taken).
    ``seat`` is the seat whose move made the points (``None`` where no one seat did).
    ``forfeited`` is what the move would have scored but the rules did not let count (an exact
    target it would pass): ``points`` is then what counted (often 0).
    """

    side: int
    points: float
    reason: str
    seat: int | None = None
    forfeited: float = 0


@dataclass(frozen=True, slots=True)
class Event:
    """Something a move made happen besides its scores, for the presenter to tell.

    ``kind`` is a key: ``"trick"`` (``seat`` took the trick of ``tiles``), ``"out"`` (``seat`` has
    played its last tile but the hand goes on: its partner plays on), ``"target"`` (``side``
    reached the exact target: it wins when the hand ends), ``"lead_found"`` (``seat`` drew the
    tile that leads), ``"unclaimed"`` (``seat`` made a count it did not claim: the next player
    may call muggins on it).
    """

    kind: str
    seat: int | None = None
    side: int | None = None
    tiles: tuple[int, ...] = ()


@dataclass(frozen=True)
class HandResult:
    """How a hand ended and what each side scored.

    ``points`` is per side: in-play scores and the end-of-hand score together (what the score
    sheet gets). ``end_points`` is the end-of-hand part alone, ``pips`` the pips each seat held
    at the end, and ``reason`` a sentence for people.
    """

    ended: str  # "domino", "blocked", or a game's own ("tricks", "uncontested")
    winner: int | None  # the winning side, or None
    points: tuple[float, ...]  # whole numbers, but for shares of a pool (Domino Pool)
    end_points: tuple[float, ...]
    pips: tuple[int, ...]
    out_seat: int | None
    reason: str
    target_side: int | None = None
    """The side that reached the match's target exactly during the hand, where that wins the
    match (an exact target)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What applying one action did (:meth:`GameState.apply`).

    ``index`` is the move's place in the hand's history. ``move`` is the move as its seat knows
    it (a draw names the tile drawn), ``public`` as every other seat and a spectator know it (a
    draw without its tile, a discard face down). ``scores`` are the points the move made, with
    their reasons (empty for most moves); ``events`` what else it made happen. ``turn`` is the
    seat to move next (-1 once the hand is over), ``phase`` the phase after the move, and
    ``result`` the hand's end if this move ended it (its end-of-hand points are in the result,
    not in ``scores``).
    """

    index: int
    move: Move
    public: Move
    scores: tuple[Score, ...] = ()
    events: tuple[Event, ...] = ()
    turn: int = -1
    phase: Phase = Phase.PLAY
    result: HandResult | None = None

    @property
    def over(self) -> bool:
        """Whether this move ended the hand."""
        return self.result is not None

    def seen_by(self, reader: int | None) -> Move:
        """The move as ``reader`` knows it (``None``: a spectator)."""
        return self.move if reader == self.move.seat else self.public

    def points_for(self, side: int) -> float:
        """What this move scored for ``side`` during play (the end-of-hand points apart)."""
        return sum(s.points for s in self.scores if s.side == side)


# --------------------------------------------------------------------------- starting a hand
@dataclass(frozen=True)
class HandStart:
    """What a hand starts from: the deal (each seat's tiles), the stock in draw order, and what
    the match decides (who leads where the deal does not, the totals before the hand, the hand's
    place in the match). :meth:`GameRules.start_hand` turns it into a state, the one place a
    hand's start is worked out (its lead, the engine drawn for, a turn-up)."""

    hands: Sequence[Sequence[int]]
    stock: Sequence[int]
    leader: int | None = None
    """The leader where the match decides it (a rotation, a draw for the lead); ``None`` where the
    deal decides (a leader given must then agree with it)."""
    lead_by_deal: bool = True
    """Whether the deal may decide the lead (false for a hand whose leader the match gives)."""
    totals: Sequence[float] | None = None
    """The match totals before this hand (an exact target needs them)."""
    context: Any = None
    """What the hand knows from its place in the match (:meth:`GameRules.hand_context`: the
    engine double of a round, a pool's stake)."""
    trusted: bool = False
    """Skip checking that the deal holds every tile once (for deals the engine made itself)."""


# --------------------------------------------------------------------------- observations
class Observation:
    """One seat's view of a hand (``seat``), holding no reference to the state: its own tiles
    and the public facts, so an agent given an observation cannot read hidden tiles.

    ``table`` is the game's public table: a :class:`~boneyard.core.layout.Layout` (or ``None``
    before the lead) in the line games, a trick game's own table type otherwise; ``layout`` is the
    table where it is a line's layout, else ``None``. ``discarded`` is the seat's own tiles thrown
    out of play. ``legal_actions`` is empty unless it is this seat's turn.
    """

    __slots__ = (
        "_hist",
        "_hist_len",
        "context",
        "discarded",
        "drawable",
        "hand",
        "hand_sizes",
        "leader",
        "legal_actions",
        "over",
        "phase",
        "rules",
        "scores",
        "seat",
        "stock_size",
        "table",
        "totals",
        "turn",
    )

    seat: int
    rules: GameRules
    hand: int
    table: object
    hand_sizes: tuple[int, ...]
    stock_size: int
    drawable: int
    turn: int
    leader: int
    scores: tuple[int, ...]
    totals: tuple[float, ...]
    legal_actions: tuple[Action, ...]
    over: bool
    phase: Phase
    context: Any
    discarded: int

    def __init__(
        self, state: GameState, seat: int, table: object, legal: tuple[Action, ...]
    ) -> None:
        """``seat``'s view of ``state``, whose public table is ``table`` and whose legal actions
        are ``legal`` if it is ``seat``'s turn (the state gives both:
        :meth:`GameState.observation`)."""
        self.seat = seat
        self.rules = rules = state.rules
        hands = state.hands
        self.hand = hands[seat]
        self.table = table
        self.hand_sizes = tuple(map(int.bit_count, hands))
        self.stock_size = stock_size = len(state.stock) - state.stock_pos
        self.drawable = max(0, stock_size - rules.reserve)
        self.turn = state.turn
        self.leader = state.leader
        self.scores = tuple(state.scores)
        self.totals = state.base_totals  # the match totals before this hand
        self.over = over = state.over
        self.phase = state.phase
        self.context = state.context
        self.discarded = state.discards[seat]
        self.legal_actions = legal if seat == state.turn and not over else ()
        # The public history is append-only; a prefix of it never changes.
        self._hist = state.public
        self._hist_len = len(state.public)

    @property
    def history(self) -> tuple[Move, ...]:
        """The public moves so far (a draw shows who drew, not what)."""
        return tuple(self._hist[: self._hist_len])

    @property
    def layout(self) -> Layout | None:
        """The table where it is a line's layout (every line game), else ``None``."""
        table = self.table
        return table if isinstance(table, Layout) else None

    @property
    def tiles(self) -> list[int]:
        from .tiles import tiles_of

        return list(tiles_of(self.hand))

    @property
    def my_turn(self) -> bool:
        return bool(self.legal_actions)


@dataclass(frozen=True)
class Position:
    """A position described from outside a state: what a search world, a determinization or a
    resampled information state is built from (:meth:`GameRules.state_from_position`).

    ``view`` gives the public facts (the table, the turn, the scores and totals, the public
    history, the hand's context) and the observer's own tiles; ``hands`` every seat's tiles now
    (the observer's included), ``stock`` the tiles left to draw in order, and ``out_of_play`` the
    tiles thrown out unseen (all of them, at the observer's seat: who threw which is hidden).
    """

    view: Observation
    hands: Sequence[int]
    stock: Sequence[int]
    out_of_play: int = 0


# --------------------------------------------------------------------------- hidden tiles
ACQUIRED = 0
"""A timeline event: the seat took ``value`` tiles (dealt, drawn, a new hand from the stock)."""
LACKS = 1
"""A timeline event: the seat showed it held none of the tiles of mask ``value`` at that moment
(a pass on ends it could not match, a trick it did not follow)."""
PLAYED = 2
"""A timeline event: the seat played tile ``value``."""


@dataclass(frozen=True)
class HiddenFacts:
    """What a public history proves about the hidden tiles, as one seat sees it
    (:meth:`GameRules.hidden_facts`): what search samples its worlds from.

    ``timelines`` holds, per seat, its events in order: ``(ACQUIRED, n)``, ``(LACKS, mask)``,
    ``(PLAYED, tile)``; each seat's first event is what it was dealt (the tiles it holds or
    played beyond those it took later). ``unseen`` are the tiles the observer cannot see (the
    others' hands, the stock, the tiles thrown out unseen). Two facts hold beyond the
    timelines: a hand that is not over is not blocked, so some seat holds one of the ``alive``
    tiles (or, with ``alive_in_stock``, they may still be drawn) where that mask is not 0; and
    ``must_hold`` is ``(seat, tiles)`` where a seat certainly holds one of those tiles (offered a
    double's bonus play).
    """

    timelines: tuple[tuple[tuple[int, int], ...], ...]
    unseen: int
    alive: int = 0
    alive_in_stock: bool = False
    must_hold: tuple[int, int] | None = None


# --------------------------------------------------------------------------- a game's players
class GamePlayer(Protocol):
    """A game's own player (:meth:`OwnPlayers.level_player
    <boneyard.core.capabilities.OwnPlayers.level_player>`): it chooses a move, and values
    every legal move in each world it sampled, the same worlds for every move (the points its
    side expects from them, as a hint or a review ranks them and tells their margins)."""

    name: str

    def choose(self, observation: Observation, rng: random.Random) -> Action: ...

    def world_values(
        self, observation: Observation, rng: random.Random
    ) -> dict[Action, list[float]]: ...


# --------------------------------------------------------------------------- the protocol
# What wins (or, where points are debits, loses) a match: the option every game's rules answer as
# ``target_score``, declared with the protocol that names it; each game lists it.
TARGET_SCORE = OptionSpec(
    "target_score",
    "int_or_map",
    "points that win the match, or per number of players",
    minimum=1,
    example="2:15,3:10,4:10",
    absent=100,
)


class GameRules(abc.ABC):
    """The resolved rules of one match: its options and the hooks the engine, the match, the
    players and the front ends call. A game's rules subclass this (the line games through
    :class:`~boneyard.games.line.rules.LineRules`)."""

    game: Game
    rule_set: str
    options: Options
    players: int
    tiles: TileSet
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    hand_size: int
    reserve: int
    """Stock tiles that are never drawn."""
    target_score: int
    """The score that ends a match where a target does (the points game)."""
    low_wins: bool
    """Whether the hand's points are costs: the lowest total wins (Mexican Train)."""
    hidden_moves: bool
    """Whether a move can hide something from the other seats (a draw, a discard)."""
    shows_hands_at_end: bool
    """Whether every hand (and the stock) is shown once a hand is over."""
    claims: bool
    """Whether plays carry claimed points (muggins claiming); a claim elsewhere is an error."""
    can_draw: bool = False
    """Whether a seat may draw from the stock during play."""
    target_exact: bool = False
    """Whether the target must be reached exactly: a score that would pass it is not scored, and
    the first side to reach it wins the match, even mid-hand."""
    scores_in_play: bool
    """Whether a play can score at once (:meth:`play_points`), not only the end of a hand."""
    claim_values: tuple[int, ...] = ()
    """The points a play may claim where scores are claimed (:attr:`claims`); empty elsewhere."""
    both_partners_out: bool = False
    """Whether a hand goes on until both partners of a side are out (one partner out is told)."""
    action_kinds: tuple[type[Action], ...] = ()
    """The kinds of action the game's hands may offer beyond the shared ones
    (:data:`~boneyard.core.actions.SHARED_KINDS`: a play, a draw, a pass, a muggins call), each a
    subclass of :class:`~boneyard.core.actions.Action` defined in the game's folder (Texas 42's
    bids and declarations): the record reader, the notation and the server find a game's own
    actions through it."""

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        """The rules of ``game`` under rule set ``rule_set`` with the resolved ``options``, for
        ``players`` players (what :meth:`~boneyard.core.game.Game.configure` calls)."""
        self.game = game
        self.rule_set = rule_set
        self.options = options
        self.players = players

    # ----------------------------------------------------------------- description
    @property
    def id(self) -> str:
        return self.game.id

    @cached_property
    def presenter(self) -> GamePresenter:
        """How the game is told in words and drawn (a
        :class:`~boneyard.core.presenter.Presenter`): the one place a front end learns what is
        particular to the game. The presenter is beside the rules, not in them: the game makes it
        (:meth:`Game.presenter_for <boneyard.core.game.Game.presenter_for>`), once per rules."""
        return self.game.presenter_for(self)

    def partners(self) -> bool:
        return any(len(side) > 1 for side in self.sides)

    def describe(self) -> str:
        return f"{self.game.id} ({self.rule_set}), {self.players} players"

    def seat_name(self, seat: int) -> str:
        return f"seat {seat}"

    def side_name(self, side: int) -> str:
        members = self.sides[side]
        if len(members) == 1:
            return f"seat {members[0]}"
        return "seats " + " & ".join(str(s) for s in members)

    # ----------------------------------------------------------------- a hand
    @abc.abstractmethod
    def deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Shuffle and deal: each seat's tiles (in deal order) and the stock in draw order."""

    @abc.abstractmethod
    def start_hand(self, start: HandStart) -> GameState:
        """The hand ``start`` describes, at its first move: the one home of a hand's start (its
        lead, an engine drawn for, a turn-up). Raises ``ValueError`` for a deal these rules
        cannot start from."""

    @abc.abstractmethod
    def state_from_position(self, position: Position) -> GameState:
        """A state at the position described (see :class:`Position`): what search worlds,
        determinization and resampling play on, built by the game (never by writing a state's
        fields from outside)."""

    def needs_redeal(self, hands: Sequence[int]) -> bool:
        """Whether a deal (hands as masks) must be thrown in and dealt again."""
        return False

    @property
    def redeals_without_double(self) -> bool:
        """Whether exactly the deals in which nobody holds a double are thrown in
        (:meth:`needs_redeal`): what a framework dealing tile by tile conditions on."""
        return False

    def lead_from_deal(self) -> bool:
        """Whether the deal alone decides the first lead (a record may then omit ``leader``)."""
        return False

    def draw_for_lead(self, rng: random.Random) -> tuple[int, list[int]]:
        """Where the match decides the first lead: the seat that leads and the tiles each seat
        drew to decide it (empty where it is decided otherwise)."""
        return rng.randrange(self.players), []

    def hand_context(self, index: int, previous: GameState | None) -> Any:
        """What a hand of a match needs to know beyond its deal, from its place in the match
        (``index`` from 0) and the hand before. ``None`` here."""
        return None

    # ----------------------------------------------------------------- the match
    @abc.abstractmethod
    def next_leader(self, previous_leader: int, previous: HandResult | None) -> int | None:
        """The leader of the next hand, or ``None`` where the deal (or a new draw) decides."""

    def match_winner(self, totals: Sequence[float]) -> int | None:
        """The side that has won the match with these totals, if any: the highest at or past the
        target, alone."""
        reached = [i for i, t in enumerate(totals) if t >= self.target_score]
        if not reached:
            return None
        best = max(totals[i] for i in reached)
        leaders = [i for i in reached if totals[i] == best]
        return leaders[0] if len(leaders) == 1 else None

    def match_end(
        self, totals: Sequence[float], hands_played: int, last: HandResult | None = None
    ) -> tuple[bool, int | None]:
        """``(over, winner)`` once ``hands_played`` hands have given these totals, ``last`` the
        result of the last of them."""
        winner = self.match_winner(totals)
        return winner is not None, winner

    # ----------------------------------------------------------------- notation
    def parse_action(self, text: str, view: Observation) -> Action:
        """The action ``text`` names (``"6-4 R"``, ``"draw"``, ``"pass"``, ``"stand"``...), for
        the seat whose view is ``view``: see :mod:`boneyard.core.notation`. The action may still
        be illegal; :class:`IllegalAction` (or ``ValueError``) for text that names none."""
        from .notation import parse_action

        return parse_action(text, view)

    def format_action(self, action: Action) -> str:
        """``action`` written as :meth:`parse_action` reads it (``"6-4 R"``)."""
        from .notation import format_action

        return format_action(action)

    # ----------------------------------------------------------------- what players need
    def hand_pips(self, hand: int) -> int:
        """The pips a hand (a mask) counts at the end of a hand."""
        return mask_pips(hand)

    def play_points(self, table: object, action: Action) -> int:
        """What ``action`` would score at once on the public ``table`` (the counting games'
        count, Bergen's headers), from public facts only; 0 where plays score nothing."""
        return 0

    def distinct_actions(self, actions: Sequence[Action], table: object = None) -> list[Action]:
        """``actions`` with each distinct move once, in their order, on the public ``table``: the
        move lists people see and the analysis use this; the legal actions, records and research
        action ids keep every one. Here every action is distinct; the line games keep one of two
        plays that make mirror-image lines."""
        return list(actions)

    def same_move(self, a: Action, b: Action, table: object = None) -> bool:
        """Whether ``a`` and ``b`` are one move on ``table`` (:meth:`distinct_actions`)."""
        return a == b

    def utilities(self, points: Sequence[float]) -> tuple[float, ...]:
        """What per-side ``points`` are worth to each side: the points themselves, or their
        negatives where they are costs (``low_wins``) or debits."""
        if self.low_wins:
            return tuple(-p for p in points)
        return tuple(points)

    def public_tables(self, history: Sequence[Move], table: object = None) -> list[object]:
        """The public table before each move of ``history`` and after the last (see
        :func:`boneyard.core.history.public_tables`), by :meth:`public_table_after`; a game may
        follow its table in one tighter loop."""
        after_move = self.public_table_after
        tables = [table]
        append = tables.append
        for move in history:
            table = after_move(table, move)
            append(table)
        return tables

    def phase_actions(self) -> tuple[Action, ...]:
        """Every action of a bidding or declaration phase these rules can offer (the bids
        and trumps of a game that lists them, an enumerated kind of action), in a fixed order: a
        research action space gives each an id. None in most games."""
        return ()

    @abc.abstractmethod
    def public_table_after(self, table: object, move: Move) -> object:
        """The public table after the public ``move`` was made on ``table``: how the one
        public-history replayer (:func:`boneyard.core.history.public_steps`) follows a hand."""

    @abc.abstractmethod
    def hidden_facts(self, view: Observation) -> HiddenFacts:
        """What ``view``'s public history proves about the tiles it cannot see (see
        :class:`HiddenFacts`): the game reads its own moves (a pass on a line, a trick not
        followed)."""

    def kernel_spec(self) -> KernelSpec | TrickKernelSpec | None:
        """The compiled core's description of these rules (:mod:`boneyard.core.kernel_spec`: a
        line game's :class:`KernelSpec`, a trick game's :class:`TrickKernelSpec`), or ``None``
        where it does not play them."""
        return None


class GameState(abc.ABC):
    """One hand in progress: the complete (hidden-information) state.

    Hands are masks over tile indexes (``hands``), the stock a tuple in draw order with
    ``stock_pos`` tiles taken, ``scores`` the points each side made during the hand, ``history``
    every move (a draw with its tile) and ``public`` what every seat sees of it. An illegal
    action raises :class:`IllegalAction` and changes nothing.
    """

    __slots__ = ()

    rules: GameRules
    hands: list[int]
    deal: tuple[int, ...]
    stock: tuple[int, ...]
    stock_pos: int
    turn: int
    leader: int
    scores: list[int]
    base_totals: tuple[float, ...]
    context: Any
    discards: tuple[int, ...]
    history: list[Move]
    public: list[Move]
    over: bool
    result: HandResult | None
    phase: Phase

    # ----------------------------------------------------------------- the table
    @property
    @abc.abstractmethod
    def table(self) -> object:
        """The public table (see :attr:`Observation.table`)."""

    @property
    def layout(self) -> Layout | None:
        """The table where it is a line's layout (every line game), else ``None``."""
        return None

    # ----------------------------------------------------------------- queries
    @abc.abstractmethod
    def legal_tuple(self) -> tuple[Action, ...]:
        """The legal actions as the engine's own cached tuple (no copy): for hot loops."""

    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take now (empty once the hand is over)."""
        return list(self.legal_tuple())

    def normalize(self, action: Action) -> Action:
        """The canonical form of an action written loosely (a lead without orientation, a
        redundant ``open``): what :meth:`apply`, :meth:`is_legal` and :meth:`why_illegal`
        compare with the legal actions. The action itself here."""
        return action

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would take ``action`` now (after :meth:`normalize`)."""
        legal = self.legal_tuple()
        return action in legal or self.normalize(action) in legal

    @abc.abstractmethod
    def why_illegal(self, action: Action) -> str:
        """A sentence saying why ``action`` (normalised) is not legal now."""

    def drawable(self) -> int:
        """How many stock tiles may still be drawn."""
        return max(0, len(self.stock) - self.stock_pos - self.rules.reserve)

    def stock_size(self) -> int:
        return len(self.stock) - self.stock_pos

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self.hands)

    # ----------------------------------------------------------------- acting
    @abc.abstractmethod
    def apply(self, action: Action, seat: int | None = None) -> Outcome:
        """Take ``action`` for the seat to move and say what happened. Raises
        :class:`IllegalAction` (changing nothing) if the rules do not allow it, or if ``seat``
        is given and is not to move."""

    @abc.abstractmethod
    def apply_fast(self, action: Action, seat: int | None = None) -> None:
        """:meth:`apply` without building the :class:`Outcome`: for search and simulation."""

    # ----------------------------------------------------------------- copying
    @abc.abstractmethod
    def copy(self, history: bool = True) -> GameState:
        """A copy sharing every immutable part. With ``history=False`` the copy starts an empty
        history: what a search needs (the engine reads the history only for the move it has just
        appended, and where :meth:`search_key` says so)."""

    def _copy_fields(self, c: Any, history: bool) -> None:
        """Give ``c`` (a new, empty state of this type) the fields every hand has, as
        :meth:`copy` shares or copies them: what a game's ``copy`` starts with before its own."""
        # ``c`` is typed Any: GameState declares these fields but leaves the slots that hold
        # them to each game's state class, so the type checker cannot see them assigned here.
        c.rules = self.rules
        c.hands = self.hands[:]
        c.deal = self.deal
        c.stock = self.stock
        c.stock_pos = self.stock_pos
        c.turn = self.turn
        c.leader = self.leader
        c.scores = self.scores[:]
        c.base_totals = self.base_totals
        c.context = self.context
        c.discards = self.discards  # a tuple: replaced, never changed
        c.history = self.history[:] if history else []
        if self.public is self.history:
            c.public = c.history
        else:
            c.public = self.public[:] if history else []
        c.over = self.over
        c.result = self.result
        c.phase = self.phase

    @abc.abstractmethod
    def search_key(self) -> tuple[object, ...]:
        """What decides the rest of the hand, for a search's transposition table: the hands,
        the stock position, the seat to move, the table as far as it matters, and any pending
        flag. Positions with the same key have the same future (the scores apart)."""

    @abc.abstractmethod
    def public_key(self) -> tuple[object, ...]:
        """The public part of the position (the table, whose turn, whether the hand is over, any
        pending flag): equal for two states a seat that cannot see the hands cannot tell
        apart."""

    @abc.abstractmethod
    def stock_next(self, tiles: Sequence[int]) -> None:
        """Make ``tiles`` (still in the stock) the next ones drawn, the rest of the stock after
        them in its order: what a framework that decides chance outcomes itself (OpenSpiel)
        needs. Nothing public changes."""

    def deal_voids(self) -> list[int]:
        """Per seat, the tiles it cannot have been dealt, given how the lead went (what a reader
        of the public moves can infer from the lead); nothing where the deal does not decide
        it."""
        return [0] * self.rules.players

    def kernel_state(self) -> KernelState | TrickKernelState | None:
        """This hand as the compiled core reads it (:class:`~boneyard.core.kernel.KernelState`,
        a trick game's :class:`~boneyard.core.kernel_spec.TrickKernelState`: what its solver and
        its hands start from), or ``None`` where the core does not play the game."""
        return None

    def with_world(self, hands: Sequence[int], stock: Sequence[int] | None = None) -> GameState:
        """This position (a copy, without its history) with other hidden tiles: ``hands`` per
        seat, and ``stock`` (the tiles left to draw, in order) if given. What a search trying
        what a seat might hold needs; the public facts stay as they are."""
        c: Any = self.copy(history=False)  # Any: the slots are the game's (see _copy_fields)
        c.hands = list(hands)
        if stock is not None:
            c.stock = tuple(stock)
            c.stock_pos = 0
        c.hidden_changed()
        copied: GameState = c
        return copied

    @abc.abstractmethod
    def hidden_changed(self) -> None:
        """The hidden tiles were changed under this state (:meth:`with_world`): forget what was
        worked out from them (a cache of the legal actions)."""

    # ----------------------------------------------------------------- views
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see: its own tiles, the table, the others' tile counts, the stock
        size, the public history and the scores."""
        legal = self.legal_tuple() if seat == self.turn and not self.over else ()
        return Observation(self, seat, self.table, legal)

    # ----------------------------------------------------------------- the start again
    @property
    @abc.abstractmethod
    def start(self) -> HandStart:
        """What this hand started from (:meth:`GameRules.start_hand` rebuilds it)."""

    def restart(self) -> GameState:
        """This hand again at its first move: the same deal, stock, lead, turn-up, match context
        and totals. The one place a hand's start is rebuilt: take-back, reviews, records and
        resuming all come here."""
        return self.rules.start_hand(self.start)

    def replay(self) -> Iterator[tuple[GameState, Move]]:
        """The hand again from its start: each move of the history with the position before it.
        One state is moved on by each move once the caller has looked at it; copy it to keep
        it."""
        state = self.restart()
        for move in self.history:
            yield state, move
            state.apply_fast(move.action, seat=move.seat)

    def replay_to(self, moves: int) -> GameState:
        """A new state of this hand after its first ``moves`` moves (0: its start)."""
        if not 0 <= moves <= len(self.history):
            raise ValueError(f"the hand has {len(self.history)} moves, not {moves}")
        state = self.restart()
        for move in self.history[:moves]:
            state.apply_fast(move.action, seat=move.seat)
        return state

    def outcomes(self) -> Iterator[Outcome]:
        """The hand again from its start, each move's :class:`Outcome` in turn (what a record
        or a saved match retells)."""
        state = self.restart()
        for move in self.history:
            yield state.apply(move.action, seat=move.seat)
