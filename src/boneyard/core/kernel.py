"""The compiled core: the line games' hands, whole playouts and the exact solver in C.

boneyard's engine is written in Python (the games, :mod:`boneyard.games`), and that engine is the
reference. Beside it sits a compiled core, the C extension ``boneyard.core._kernel``
(``src/boneyard/core/csrc/``), built by the install where a C compiler is found. It plays the games
whose rules export themselves as data
(:meth:`LineRules.kernel_spec() <boneyard.games.line.rules.LineRules.kernel_spec>`, a
:class:`~boneyard.core.kernel_spec.KernelSpec`):
every game but Domino Loo, on the double-six, double-nine and double-twelve sets. Like the rest of
the core it knows no game: it reads a match's rules and a hand through the protocols
:class:`KernelRules` and :class:`KernelState`, which the line games' ``LineRules`` and ``LineState``
meet. This module is its typed face:

* :func:`available`, :func:`supports`: whether the core is loaded, and whether it plays a set of
  rules;
* :class:`CompiledHand`: one hand in the core, built from a hand of the Python engine (a
  :class:`~boneyard.games.line.state.LineState`), with legal actions, ``apply`` and ``undo`` (what
  the differential tests drive);
* :func:`run_units`, :func:`play_hand`: whole simulations' units and tournament hands played by
  the built-in agents (:data:`AGENTS`) inside the core, from the random stream of
  :mod:`boneyard.core.stream`;
* :class:`CompiledSolver`: the exact solver, with the interface of
  :class:`boneyard.players.search.solver.Solver` and the same values, answering a
  :class:`SolveResult` as it does (:func:`boneyard.players.search.solver.make_solver` chooses
  between the two).

``BONEYARD_PURE=1`` in the environment makes :func:`available` false: everything then runs on
the pure-Python engine. Where the extension is missing or fails to load, the same happens, with
a one-line notice on standard error the first time the core is asked for.

>>> from boneyard.games import get_game
>>> rules = get_game("block").configure(players=2)
>>> supports(rules) == available()
True
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import sys
import weakref
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from .actions import DRAW, PASS, Action, Draw, Muggins, Pass, Play, play
from .actions import Move as HistoryEntry
from .kernel_spec import KernelSpec, TrickKernelSpec, TrickKernelState
from .layout import Layout
from .tiles import DOUBLE, HIGH, LOW

if TYPE_CHECKING:
    from .protocol import GameState

__all__ = [
    "AGENTS",
    "CompiledHand",
    "CompiledSolver",
    "CompiledTrickHand",
    "KernelRules",
    "KernelState",
    "SolveResult",
    "Tally",
    "available",
    "compiled_batch",
    "play_hand",
    "run_units",
    "supports",
]

# The built-in agents the core plays, by name (boneyard.players.agents), and their numbers in the
# core.
AGENTS: dict[str, int] = {"random": 0, "greedy": 1, "counting": 2, "accompanied": 3}

# The names of the ends, by their number in the core (kernel.h).
END_NAMES: tuple[str, ...] = (
    "L",
    "R",
    "U",
    "D",
    *(f"{n}{side}" for n in range(13) for side in ("U", "D")),
    *(f"T{s}" for s in range(8)),
    "M",
    "LU",
    "LD",
    "RU",
    "RD",
)
END_CODES: dict[str, int] = {name: code for code, name in enumerate(END_NAMES)}

_MOVE_PLAY, _MOVE_DRAW, _MOVE_PASS, _MOVE_MUGGINS = 0, 1, 2, 3


class KernelRules(Protocol):
    """What the core reads of a match's rules: a game's rules (``LineRules`` of
    :mod:`boneyard.games.line.rules` and its subclasses) meet it."""

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def side_of(self) -> tuple[int, ...]: ...

    def describe(self) -> str: ...

    def kernel_spec(self) -> KernelSpec | TrickKernelSpec | None: ...

    def utilities(self, points: Sequence[float]) -> tuple[float, ...]: ...


class KernelState(Protocol):
    """What the core reads of a hand of the Python engine to start one of its own (and what
    tells two positions apart): a line game's ``LineState`` (:mod:`boneyard.games.line.state`)
    meets it."""

    @property
    def rules(self) -> KernelRules: ...

    @property
    def hands(self) -> Sequence[int]: ...

    @property
    def stock(self) -> tuple[int, ...]: ...

    @property
    def stock_pos(self) -> int: ...

    @property
    def base_totals(self) -> tuple[float, ...]: ...

    @property
    def layout(self) -> Layout | None: ...

    @property
    def turn(self) -> int: ...

    @property
    def leader(self) -> int: ...

    @property
    def required_lead(self) -> int: ...

    @property
    def last_player(self) -> int: ...

    @property
    def passes(self) -> int: ...

    @property
    def finding_lead(self) -> bool: ...

    @property
    def bonus_double(self) -> int: ...

    @property
    def drew(self) -> bool: ...

    @property
    def scores(self) -> Sequence[int]: ...

    @property
    def target_side(self) -> int: ...

    @property
    def unclaimed(self) -> int: ...

    @property
    def unclaimed_by(self) -> int: ...

    @property
    def context(self) -> Any: ...

    @property
    def history(self) -> Sequence[HistoryEntry]: ...

    @property
    def over(self) -> bool: ...


@dataclass(frozen=True)
class SolveResult:
    """What an exact solver answers, the compiled one here or the Python one
    (:mod:`boneyard.players.search.solver`).

    ``value`` is from the searched side's view (see the Python solver's docstring),
    ``best_action`` a legal action achieving it (``None`` only when the hand is over), ``nodes``
    the positions visited and ``complete`` whether the value is exact (no node or time limit cut
    the search).
    """

    value: float
    best_action: Action | None
    nodes: int
    complete: bool


_M64 = (1 << 64) - 1

# The core's numbers for the spec's names (kernel.h).
_ENUMS: dict[str, dict[str, int]] = {
    "table": {"line": 0, "matador": 1, "trains": 2, "chicken": 3},
    "draw": {"none": 0, "until_playable": 1, "one_then_pass": 2},
    "first_lead": {
        "highest_double": 0,
        "lowest_double": 1,
        "holder_of": 2,
        "draw_highest": 3,
        "draw_highest_doubles_first": 4,
        "draw_lowest": 5,
        "random": 6,
        "whist_draw": 7,
        "engine": 8,
    },
    "no_double": {"heaviest_tile": 0, "redeal": 1, "draw_until_found": 2},
    "next_lead": {
        "alternate": 0,
        "rotate_left": 1,
        "rotate_right": 2,
        "winner": 3,
        "same_as_first": 4,
        "none": 5,
    },
    "spinner": {"none": 0, "first_double": 1, "all_doubles": 2, "opening_double": 3},
    "play_scoring": {"none": 0, "count": 1, "headers": 2},
    "result": {"line": 0, "debit": 1, "pool": 2, "costs": 3},
    "domino_points": {"pips": 0, "fixed": 1, "none": 2},
    "partner_pips": {"ignore": 0, "include": 1, "subtract": 2},
    "blocked_scoring": {
        "difference_total": 0,
        "difference_each": 1,
        "opponents": 2,
        "combined": 3,
        "cascade": 4,
        "fixed": 5,
    },
    "blocked_tie": {
        "no_score": 0,
        "split": 1,
        "lightest_tile": 2,
        "last_to_play": 3,
        "fewest_doubles": 4,
    },
    "whist_debit": {
        "highest_side_own_total": 0,
        "side_of_highest_holder_all_pips": 1,
        "highest_holder_own_pips": 2,
    },
    "match_end": {"target": 0, "loss_target": 1, "rounds_high": 2, "rounds_low": 3},
    "blocked_doubles_lose": {"off": 0, "all_pips": 1, "non_double_pips": 2},
    "block_winner": {
        "lowest_total": 0,
        "lowest_player": 1,
        "blocker_vs_next": 2,
        "blocker_vs_previous": 3,
    },
    "capicua": {"none": 0, "double": 1, "fixed": 2},
}

_kernel: Any = None
_load_error = ""
_noticed = False


def _load() -> Any:
    global _kernel, _load_error
    if _kernel is None and not _load_error:
        try:
            module = importlib.import_module("boneyard.core._kernel")
        except ImportError as e:
            _load_error = str(e) or "not built"
        else:
            _kernel = module
    return _kernel


def available() -> bool:
    """Whether the compiled core is loaded (and not switched off with ``BONEYARD_PURE=1``).
    The first time it is asked for and cannot load, one line on standard error says so."""
    global _noticed
    if os.environ.get("BONEYARD_PURE", "") not in ("", "0"):
        return False
    if _load() is not None:
        return True
    if not _noticed:
        _noticed = True
        print(
            f"boneyard: the compiled core is not available ({_load_error}); "
            "using the pure-Python engine",
            file=sys.stderr,
        )
    return False


_specs: weakref.WeakKeyDictionary[KernelRules, Any] = weakref.WeakKeyDictionary()


def _compiled_spec(rules: KernelRules) -> Any:
    """The core's object for ``rules`` (built once per rules object), or ``None``."""
    if not available():
        return None
    try:
        return _specs[rules]
    except KeyError:
        pass
    spec = rules.kernel_spec()
    if spec is None:
        compiled = None
    elif isinstance(spec, TrickKernelSpec):
        compiled = _kernel.TrickSpec(_trick_spec_fields(rules, spec))
    else:
        compiled = _kernel.Spec(_spec_fields(rules, spec))
    _specs[rules] = compiled
    return compiled


def _is_trick(compiled: Any) -> bool:
    return type(compiled).__name__ == "TrickSpec"


def _mask(m: int) -> tuple[int, int]:
    return (m & _M64, m >> 64)


def _spec_fields(rules: KernelRules, spec: KernelSpec) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for name, value in asdict(spec).items():
        if name in _ENUMS:
            fields[name] = _ENUMS[name][value]
        elif isinstance(value, bool):
            fields[name] = int(value)
        else:
            fields[name] = value
    fields["end_mask"] = [_mask(m) for m in spec.end_mask]
    fields["matadors"] = _mask(spec.matadors)
    for name in ("side_of", "hand_value", "count_points", "claim_values"):
        fields[name] = list(fields[name])
    fields["utility_sign"] = [float(u) for u in rules.utilities([1.0] * len(rules.sides))]
    fields["pip_weight"] = float(spec.pip_weight)
    return fields


def supports(rules: KernelRules) -> bool:
    """Whether the compiled core is available and plays these rules."""
    return _compiled_spec(rules) is not None


# ----------------------------------------------------------------------------- states and moves


def _state_data(state: KernelState) -> tuple[Any, ...]:
    """What the core needs of a hand (module.c: state_from)."""
    rules = state.rules
    layout = state.layout
    lay: tuple[Any, ...] | None = None
    if layout is not None:
        lay = (
            [END_CODES[n] for n in layout.names],
            list(layout.pips),
            list(layout.tips),
            list(layout.kinds),
            _mask(layout.spinners),
            _mask(layout.placed),
            layout.lead_tile,
            layout.first_spinner,
        )
    last_play = [0] * len(rules.sides)
    side_of = rules.side_of
    for i, move in enumerate(state.history, 1):
        if type(move.action) is Play:
            last_play[side_of[move.seat]] = i
    context = state.context if isinstance(state.context, int) else -1
    return (
        [_mask(h) for h in state.hands],
        list(state.stock),
        state.stock_pos,
        [float(t) for t in state.base_totals],
        lay,
        state.turn,
        state.leader,
        state.required_lead,
        int(state.finding_lead),
        state.bonus_double,
        int(state.drew),
        list(state.scores),
        state.target_side,
        state.unclaimed,
        state.unclaimed_by,
        context,
        len(state.history),
        last_play,
        int(state.over),
        state.last_player,
        state.passes,
    )


Move = tuple[int, int, int, int, int]


def move_of(action: Action, names: Sequence[str]) -> Move:
    """The core's move for ``action`` on a layout whose ends are ``names``."""
    if type(action) is Play:
        end = -1 if action.end is None else names.index(action.end)
        open_ = -1 if action.open is None else action.open
        claim = -1 if action.claim is None else action.claim
        return (_MOVE_PLAY, action.tile, end, open_, claim)
    if type(action) is Draw:
        return (_MOVE_DRAW, 0, -1, -1, -1)
    if type(action) is Pass:
        return (_MOVE_PASS, 0, -1, -1, -1)
    if type(action) is Muggins:
        return (_MOVE_MUGGINS, 0, -1, -1, action.points)
    raise ValueError(f"the compiled core has no move for {action!r}")


def action_of(move: Move, names: Sequence[str]) -> Action:
    """The action of the core's ``move`` on a layout whose ends are ``names``."""
    kind, tile, end, open_, claim = move
    if kind == _MOVE_PLAY:
        end_name = None if end < 0 else names[end]
        right = None if open_ < 0 else open_
        if claim >= 0:
            return Play(tile, end_name, right, claim)
        return play(tile, end_name, right)
    if kind == _MOVE_DRAW:
        return DRAW
    if kind == _MOVE_PASS:
        return PASS
    return Muggins(claim)


def _readable(state: GameState) -> KernelState:
    """``state`` as the core reads it (:meth:`~boneyard.core.protocol.GameState.kernel_state`);
    ``ValueError`` for a game the core does not play as a line game."""
    readable = state.kernel_state()
    if readable is None or isinstance(readable, TrickKernelState):
        raise ValueError(f"the compiled core does not play {state.rules.describe()} on a line")
    return readable


def _names(state: KernelState) -> tuple[str, ...]:
    return () if state.layout is None else state.layout.names


class CompiledHand:
    """One hand in the compiled core, started from a hand of the Python engine (at any point of
    it).

    It answers :meth:`legal_actions` in the Python engine's order, takes actions with
    :meth:`apply` (an illegal one raises ``ValueError`` and changes nothing) and takes them back
    with :meth:`undo`; :meth:`view` gives its state as plain values."""

    def __init__(self, state: KernelState) -> None:
        spec = _compiled_spec(state.rules)
        if spec is None:
            raise ValueError(f"the compiled core does not play {state.rules.describe()}")
        self.rules = state.rules
        self._hand = _kernel.Hand(spec, _state_data(state))

    def names(self) -> tuple[str, ...]:
        """The names of the layout's ends now."""
        view = self._hand.view()
        layout = view["layout"]
        return () if layout is None else tuple(END_NAMES[c] for c in layout[0])

    def legal_moves(self) -> list[Move]:
        """The legal moves as the core writes them: ``(kind, tile, end, open, claim)``."""
        moves: list[Move] = self._hand.legal()
        return moves

    def legal_actions(self) -> list[Action]:
        names = self.names()
        return [action_of(m, names) for m in self._hand.legal()]

    def apply(self, action: Action) -> None:
        self._hand.apply(move_of(action, self.names()))

    def undo(self) -> None:
        """Take back the last action applied."""
        self._hand.undo()

    def view(self) -> dict[str, Any]:
        """The state: hands, layout, turn, scores, the result once over (``points`` per side)."""
        view: dict[str, Any] = self._hand.view()
        return view

    def points_of_play(self, action: Action) -> int:
        """What a play would score now (the counting games, Bergen; 0 elsewhere)."""
        points: int = self._hand.points_of_play(move_of(action, self.names()))
        return points

    def choose(self, agent: str, stream_state: int) -> tuple[int, int]:
        """The index of the built-in ``agent``'s choice among :meth:`legal_actions`, drawing from
        a stream in state ``stream_state``; and the stream's state after."""
        index, after = self._hand.choose(AGENTS[agent], stream_state)
        return int(index), int(after)


# ----------------------------------------------------------------------------- the solver


class CompiledSolver:
    """The exact solver in the compiled core, for one side of one set of rules: the interface
    and the values of :class:`boneyard.players.search.solver.Solver` (see its docstring), many times
    faster. Its table is kept from one call to the next, as the Python solver's is.

    It plays the line games and the trick games alike (a trick game from any position: after
    the bidding, with trumps and the contract known, a Texas 42 hand is solved in milliseconds).
    ``count_taken`` (the Texas family only) values a finished hand as the Texas expert does
    (:func:`boneyard.games.texas42.players.value`): its sheet points less the others', plus a
    hundredth of the points taken less the others', counted from the start of the hand."""

    def __init__(
        self,
        rules: KernelRules,
        side: int,
        *,
        use_table: bool = True,
        ordering: bool = True,
        count_taken: bool = False,
    ) -> None:
        spec = _compiled_spec(rules)
        if spec is None:
            raise ValueError(f"the compiled core does not play {rules.describe()}")
        self.rules = rules
        self.side = side
        self._tricks: _TrickActions | None = None
        if _is_trick(spec):
            self._tricks = _trick_actions(rules)
            self._solver = _kernel.TrickSolver(
                spec, side, use_table=use_table, ordering=ordering, count_taken=count_taken
            )
        else:
            if count_taken:
                raise ValueError("count_taken values the tricks of a trick game")
            self._solver = _kernel.Solver(spec, side, use_table=use_table, ordering=ordering)
        self._spec = spec
        self._root: tuple[object, ...] = ()
        self._root_hand: Any = None

    @property
    def nodes(self) -> int:
        """The positions visited by the last search."""
        nodes: int = self._solver.nodes
        return nodes

    def _hand(self, game_state: GameState) -> Any:
        if self._tricks is not None:
            trick_state = _trick_readable(game_state)
            key: tuple[object, ...] = (id(game_state), trick_state)
            if key != self._root:
                self._root = key
                self._root_hand = _kernel.TrickHand(self._spec, _trick_state_data(trick_state))
            return self._root_hand
        state = _readable(game_state)
        # The expert values every move of one world in turn: the world is converted once (a state
        # is changed in place by apply, so it is told apart by more than its identity).
        key = (
            id(state),
            state.layout,
            state.stock,
            *state.hands,
            state.turn,
            state.stock_pos,
            *state.scores,
            state.base_totals,
            len(state.history),
            state.drew,
            state.bonus_double,
            state.unclaimed,
            state.finding_lead,
            state.over,
        )
        if key != self._root:
            self._root = key
            self._root_hand = _kernel.Hand(self._spec, _state_data(state))
        return self._root_hand

    def solve(
        self,
        game_state: GameState,
        *,
        max_nodes: int | None = None,
        deadline: float | None = None,
    ) -> SolveResult:
        """The value of ``state`` for this side and a best action (Solver.solve)."""
        if game_state.over:
            return SolveResult(0.0, None, 0, True)
        hand = self._hand(game_state)
        value, move, nodes, complete = self._solver.solve(
            hand,
            -1 if max_nodes is None else max_nodes,
            -1.0 if deadline is None else deadline,
        )
        if self._tricks is not None:
            return SolveResult(value, self._tricks.action(move, hand.legal()), nodes, complete)
        return SolveResult(value, action_of(move, _names(_readable(game_state))), nodes, complete)

    def action_value(
        self,
        game_state: GameState,
        action: Action,
        *,
        max_nodes: int | None = None,
        deadline: float | None = None,
    ) -> float:
        """The value of taking ``action`` in ``state`` (Solver.action_value)."""
        hand = self._hand(game_state)
        move: Any = (
            self._tricks.action_id(action)
            if self._tricks is not None
            else move_of(action, _names(_readable(game_state)))
        )
        value: float = self._solver.action_value(
            hand,
            move,
            -1 if max_nodes is None else max_nodes,
            -1.0 if deadline is None else deadline,
        )
        return value

    def action_values(self, game_state: GameState) -> list[tuple[Action, float]]:
        """Every candidate action with its exact value, best first (Solver.action_values)."""
        hand = self._hand(game_state)
        if self._tricks is not None:
            legal = hand.legal()
            tricks = self._tricks
            out = [(tricks.action(i, legal), v) for i, v in self._solver.action_values(hand)]
        else:
            names = _names(_readable(game_state))
            out = [(action_of(m, names), v) for m, v in self._solver.action_values(hand)]
        out.sort(key=lambda av: -av[1])
        return out


# ----------------------------------------------------------------------------- the trick games

_TRICK_PHASE = {"bid": 0, "declare": 1, "decide": 2, "discard": 3, "play": 4, "over": 5}
_BID_CONTRACT = {"": 0, "splash": 1, "plunge": 2}
_DECLARE_CONTRACT = {"suit": 0, "doubles": 1, "follow_me": 2, "nello": 3, "sevens": 4}
_DOUBLES = {"": -1, "high": 0, "own_suit": 1, "low": 2, "bidder_choice": 3}
_DECIDED = {"": 0, "made": 1, "set": 2}
_CONTRACT_BITS = {
    "suit": 1,
    "doubles": 2,
    "follow_me": 4,
    "nello": 8,
    "splash": 16,
    "plunge": 32,
    "sevens": 64,
}
TRICK_ENDED = ("", "made", "set", "reshake", "tricks", "uncontested")
"""How a trick game's hand ended, by the core's number (tricks.h)."""


class _TrickActions:
    """The action ids of a trick game's rules, as the research encoding numbers them
    (:mod:`boneyard.research.env.encoding`, version 2; ``tests/kernel/test_tricks.py`` checks
    them against it): a tile played is ``2 * tile`` (``+ 1`` where a lead calls its low end: a
    trick game's plays have no end), then one id each for draw, pass and a muggins call, then
    the game's own kinds that are not enumerated (one id per tile for a kind naming a tile), then
    the phase actions in the rules' order."""

    def __init__(self, rules: KernelRules, spec: TrickKernelSpec) -> None:
        game_rules: Any = rules
        tiles = game_rules.tiles.size
        offset = 2 * tiles
        shared: tuple[type[Action], ...] = (Draw, Pass, Muggins)
        own = [k for k in game_rules.action_kinds if not k.enumerated and k not in shared]
        self.offsets: dict[type[Action], int] = {}
        for cls in (*shared, *own):
            self.offsets[cls] = offset
            offset += tiles if "tile" in getattr(cls, "__slots__", ()) else 1
        self.plays = 2 * tiles
        self.phase_offset = offset
        self.phase: tuple[Action, ...] = tuple(game_rules.phase_actions())
        self.phase_ids: dict[Action, int] = {a: offset + i for i, a in enumerate(self.phase)}
        self.discard = spec.discard
        self.actions: dict[int, Action] = {self.offsets[Pass]: PASS}
        for cls in (spec.stand, spec.miss, spec.drop):
            if cls is not None:
                self.actions[self.offsets[cls]] = cls()
        for a, i in self.phase_ids.items():
            self.actions[i] = a

    def id_of(self, cls: type[Action] | None) -> int:
        """The id of a kind of action (-1 for ``None``)."""
        return -1 if cls is None else self.offsets[cls]

    def action_id(self, action: Action) -> int:
        """The id of ``action`` (a tile played by its tile and called end)."""
        if type(action) is Play:
            t = action.tile
            low = action.open is not None and action.open == LOW[t] and not DOUBLE[t]
            return 2 * t + (1 if low else 0)
        if action.enumerated:
            return self.phase_ids[action]
        offset = self.offsets[type(action)]
        tile = getattr(action, "tile", None)
        return offset + tile if isinstance(tile, int) else offset

    def action(self, action_id: int, legal: Sequence[int]) -> Action:
        """The action of a legal id (``legal``: the ids legal with it: a lead whose low end may be
        called calls its high end where it is written ``2 * tile``)."""
        if action_id < self.plays:
            t = action_id >> 1
            if action_id & 1:
                return Play(t, None, LOW[t])
            if action_id + 1 in legal:
                return Play(t, None, HIGH[t])
            return play(t)
        discard = self.discard
        if discard is not None and 0 <= action_id - self.offsets[discard] < self.plays // 2:
            make: Any = discard
            action: Action = make(action_id - self.offsets[discard])
            return action
        return self.actions[action_id]


_trick_tables: weakref.WeakKeyDictionary[KernelRules, _TrickActions] = weakref.WeakKeyDictionary()


def _trick_actions(rules: KernelRules) -> _TrickActions:
    try:
        return _trick_tables[rules]
    except KeyError:
        spec = rules.kernel_spec()
        assert isinstance(spec, TrickKernelSpec)
        table = _trick_tables[rules] = _TrickActions(rules, spec)
        return table


def trick_action_ids(rules: KernelRules) -> dict[Action, int]:
    """The id of every action of a trick game's rules but its plays (what the core numbers them
    by): its pass, its own kinds, its bids and declarations."""
    table = _trick_actions(rules)
    return {a: i for i, a in table.actions.items()}


# The values of a TrickKernelSpec's named choices, by their number in the core (tricks.h): the
# family, the match's end, all four passing, the scoring, a mark bid's worth, the doubles.
_TRICK_CODES: dict[str, int] = {
    "texas": 0,
    "loo": 1,
    "target": 0,
    "rounds_high": 1,
    "reshake": 0,
    "forced": 1,
    "marks": 0,
    "points": 1,
    "42_per_mark": 0,
    "points_taken": 1,
    "high": 0,
    "own_suit": 1,
    "low": 2,
    "bidder_choice": 3,
}


def _trick_spec_fields(rules: KernelRules, spec: TrickKernelSpec) -> dict[str, Any]:
    """The core's fields of a trick game's rules: the spec's, by name (numbers as they are, choices
    by their codes, the contracts as a set of bits, the phase actions as tuples of numbers, the
    game's own kinds as their ids), with the ids of a pass and of the phase actions."""
    ids = _TrickActions(rules, spec)
    _trick_tables[rules] = ids
    fields: dict[str, Any] = {"id_pass": ids.offsets[Pass], "phase_offset": ids.phase_offset}
    for field in dataclasses.fields(spec):
        value = getattr(spec, field.name)
        if isinstance(value, bool):
            fields[field.name] = int(value)
        elif isinstance(value, int):
            fields[field.name] = value
        elif isinstance(value, str):
            fields[field.name] = _TRICK_CODES[value]
        elif value is None or isinstance(value, type):
            fields[field.name] = ids.id_of(value)
        elif field.type == "tuple[int, ...]":
            fields[field.name] = list(value)
        elif field.type == "tuple[str, ...]":
            fields[field.name] = sum(_CONTRACT_BITS[x] for x in value)
        else:
            fields[field.name] = [_phase_action(*a) for a in value]
    fields["utility_sign"] = [float(u) for u in rules.utilities([1.0] * len(rules.sides))]
    return fields


def _phase_action(
    kind: str, points: int, contract: str, trump: int, doubles: str
) -> tuple[int, ...]:
    """A bid or a declaration as the core reads it (tricks.h: PhaseAction)."""
    if kind == "bid":
        return (0, points, _BID_CONTRACT[contract], -1, -1)
    return (1, 0, _DECLARE_CONTRACT[contract], trump, _DOUBLES[doubles])


def _trick_readable(state: GameState) -> TrickKernelState:
    readable = state.kernel_state()
    if not isinstance(readable, TrickKernelState):
        raise ValueError(f"the compiled core does not play {state.rules.describe()} as tricks")
    return readable


def _trick_state_data(state: TrickKernelState) -> dict[str, Any]:
    """What the core needs of a trick game's hand (tbind.h: tstate_from)."""
    return {
        "hands": state.hands,
        "discards": state.discards,
        "scores": state.scores,
        "base_totals": state.base_totals,
        "turn": state.turn,
        "leader": state.leader,
        "phase": _TRICK_PHASE[state.phase],
        "over": int(state.over),
        "suit": state.suit,
        "trick_leader": state.trick_leader,
        "trump": state.trump,
        "moves": state.moves,
        "bidder": state.bidder,
        "declarer": state.declarer,
        "declaration": state.declaration,
        "doubles": _DOUBLES[state.doubles],
        "out": state.out,
        "decided": _DECIDED[state.decided],
        "high": state.high,
        "owed": state.owed,
        "first": state.first,
        "value": state.value,
        "ante": int(state.ante),
        "stock_pos": state.stock_pos,
        "trick": state.trick,
        "won": state.won,
        "order": state.order,
        "bids": state.bids,
        "taken": state.taken,
        "status": state.status,
        "stock": state.stock,
    }


def trick_state_data(state: GameState) -> dict[str, Any]:
    """A trick game's hand as the core's :meth:`CompiledTrickHand.view` writes it (for tests:
    the same keys, the core's numbers)."""
    return _trick_state_data(_trick_readable(state))


class CompiledTrickHand:
    """One hand of a trick game in the compiled core, started from a hand of the Python engine
    (at any point of it): :meth:`legal_actions` in the Python engine's order, :meth:`apply`
    (an illegal action raises ``ValueError`` and changes nothing), :meth:`undo`, :meth:`view`.
    The core's moves are the actions' research ids (:meth:`legal_ids`)."""

    def __init__(self, state: GameState) -> None:
        spec = _compiled_spec(state.rules)
        if spec is None or not _is_trick(spec):
            raise ValueError(f"the compiled core does not play {state.rules.describe()} as tricks")
        self.rules = state.rules
        self._ids = _trick_actions(state.rules)
        self._hand = _kernel.TrickHand(spec, trick_state_data(state))

    def legal_ids(self) -> list[int]:
        """The legal actions' ids, in the engine's order."""
        ids: list[int] = self._hand.legal()
        return ids

    def legal_actions(self) -> list[Action]:
        ids = self.legal_ids()
        return [self._ids.action(i, ids) for i in ids]

    def action_id(self, action: Action) -> int:
        """The id of ``action`` (the research encoding's)."""
        return self._ids.action_id(action)

    def apply(self, action: Action) -> None:
        self._hand.apply(self._ids.action_id(action))

    def apply_id(self, action_id: int) -> None:
        """Take the legal action whose id is ``action_id``."""
        self._hand.apply(action_id)

    def undo(self) -> None:
        """Take back the last action applied."""
        self._hand.undo()

    def view(self) -> dict[str, Any]:
        """The state (:func:`trick_state_data`'s keys), and the result once over: ``points`` per
        side, ``winner`` (-1: none), ``ended`` (:data:`TRICK_ENDED`)."""
        view: dict[str, Any] = self._hand.view()
        return view

    def choose(self, agent: str, stream_state: int) -> tuple[int, int]:
        """The index of the built-in ``agent``'s choice among :meth:`legal_actions`, drawing from
        a stream in state ``stream_state``; and the stream's state after."""
        index, after = self._hand.choose(AGENTS[agent], stream_state)
        return int(index), int(after)


def compiled_hand(state: GameState) -> CompiledHand | CompiledTrickHand:
    """``state`` in the compiled core: a line game's :class:`CompiledHand` or a trick game's
    :class:`CompiledTrickHand`."""
    if isinstance(state.kernel_state(), TrickKernelState):
        return CompiledTrickHand(state)
    return CompiledHand(_readable(state))


# ----------------------------------------------------------------------------- playouts


class Tally:
    """A simulation's totals over units played in the core: units, hands, ties, wins per side,
    and each side's points as exact fractions."""

    __slots__ = ("hands", "points", "ties", "units", "wins")

    def __init__(self, units: int, hands: int, ties: int, wins: list[int], points: list[Fraction]):
        self.units = units
        self.hands = hands
        self.ties = ties
        self.wins = wins
        self.points = points


def agents_supported(names: Sequence[str]) -> bool:
    """Whether every agent named is one the core plays."""
    return all(n in AGENTS for n in names)


class EndlessMatch(ValueError):
    """A match in the core that did not end within its hands (``unit`` is its index)."""

    def __init__(self, unit: int) -> None:
        super().__init__(unit)
        self.unit = unit


def run_units(
    rules: KernelRules,
    agents: Sequence[str],
    base: int,
    first: int,
    stop: int,
    whole_match: bool,
    agents_json: str | None,
    max_match_hands: int,
) -> tuple[bytes | None, Tally]:
    """Play units ``first`` to ``stop - 1`` of a simulation in the core: unit ``i`` dealt and played
    from the stream seeded ``substream(base, i)`` (:mod:`boneyard.core.stream`), a hand or a whole
    match. Returns the results lines (:mod:`boneyard.research.results`; only when ``agents_json``,
    the JSON list of the agents' names, is given) and the tally. Raises :class:`EndlessMatch` for a
    match still going after ``max_match_hands`` hands."""
    spec = _compiled_spec(rules)
    if spec is None:
        raise ValueError(f"the compiled core does not play {rules.describe()}")
    codes = tuple(AGENTS[n] for n in agents)
    run = _kernel.trick_run_units if _is_trick(spec) else _kernel.run_units
    text, tally = run(spec, codes, base, first, stop, whole_match, agents_json, max_match_hands)
    if text == "endless":
        raise EndlessMatch(int(tally))
    units, hands, ties, wins, points = tally
    return text, Tally(units, hands, ties, wins, [Fraction(p, 1 << 64) for p in points])


def play_hand(
    rules: KernelRules, agents: Sequence[str], deal_seed: int, agent_seed: int
) -> tuple[tuple[float, ...], int | None, int, str, int]:
    """The first hand of a match dealt from the stream seeded ``deal_seed`` and played by the
    built-in ``agents`` (one per seat) drawing from the stream seeded ``agent_seed``: its points
    per side, winner, leader, how it ended and its number of moves."""
    spec = _compiled_spec(rules)
    if spec is None:
        raise ValueError(f"the compiled core does not play {rules.describe()}")
    codes = tuple(AGENTS[n] for n in agents)
    if _is_trick(spec):
        points, winner, leader, how, moves = _kernel.trick_play_hand(
            spec, codes, deal_seed, agent_seed
        )
        return (tuple(points), None if winner < 0 else winner, leader, how, moves)
    points, winner, leader, ended, moves = _kernel.play_hand(spec, codes, deal_seed, agent_seed)
    return (
        tuple(points),
        None if winner < 0 else winner,
        leader,
        "domino" if ended == 1 else "blocked",
        moves,
    )


# ----------------------------------------------------------------------------- batches


def compiled_batch(rules: KernelRules, *args: Any) -> Any:
    """The core's ``Batch`` of ``rules`` (``csrc/vector.h``: N tables stepped at once), built with
    ``args``; :mod:`boneyard.research.vector` is its typed face. ``ValueError`` where the core
    does not play these rules."""
    spec = _compiled_spec(rules)
    if spec is None:
        raise ValueError(f"the compiled core does not play {rules.describe()}")
    return _kernel.Batch(spec, *args)
