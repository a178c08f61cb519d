"""The single environments' table in the compiled core: one hand stepped in C, bit for bit the
Python encoding.

:class:`CoreTable` is a batch of one table (``csrc/vector.h``) driven one move at a time. A hand
episode's hand is dealt in the core exactly as the Python path deals it (:meth:`CoreTable.deal`:
the first hand of ``Match(rules, rng=random.Random(seed))``, the core stepping CPython's Mersenne
Twister through ``shuffle``, ``sample`` and ``randrange``), or dealt by the Python engine and
loaded (:meth:`CoreTable.load`: a match's later hands). From there the core decodes each action
id, applies it, plays the built-in agents' seats and writes any seat's observation and
legal-action mask. The agents draw from the generator the Python agents would have been given
(seeded in the core, :meth:`CoreTable.seed_agents`, or handed over, :meth:`CoreTable.use_rng`),
so a seed plays the same hand on both paths, move for move.

A finished line game's result (:meth:`CoreTable.result`) is written by the rules' own
``hand_result`` from the core's final position (the tiles left, the stock, the scores, the last
seat to lay a tile; the moves, from the core's log, only where the rules read them), with the
core's end-of-hand points: no Python hand is needed. A trick game's likewise
(:func:`trick_result`): Texas 42's high bid, bidder, contract, whether it was made and the points
each side took, Domino Loo's tricks per seat, who played the hand and the dealer's stake, each
trick's winner, from the core's end of the hand. What needs the Python engine's state
(``render``, ``env.state``, a match's next hand) gets it from
:meth:`CoreTable.state`: the hand dealt (by the Python engine from the same seed, where the core
dealt it), caught up with the moves the core made since (replayed by the Python engine, only when
asked).

The trick games the core plays (Texas 42, Domino Loo: every rule set) step on it the same way,
their moves being the research ids (the core's log holds each move's id, turned back into the
engine's action by ``kernel._trick_actions``). Where the core does not play (``BONEYARD_PURE=1``,
no compiled core, a game it lacks such as Moon, Sniff or Tiddle-a-wink, agents it does not
play), :func:`core_refusal` says why and the environments step the Python engine, as before.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, overload

import numpy as np

from ...core import kernel
from ...core.actions import Action
from ...core.kernel_spec import TrickKernelSpec
from ...core.match import Match
from ...core.protocol import GameRules, GameState, HandResult
from .encoding import Codec, higher_is_better

__all__ = ["CoreBacked", "CoreTable", "codec_layout", "core_refusal"]


def codec_layout(codec: Codec) -> dict[str, Any]:
    """Where the core writes each field of ``codec``'s observation and which ids its actions
    have: the offsets of the fields, the sizes, the ids of draw, pass and a muggins call."""
    fields = {f.name: f.offset for f in codec.fields}
    kinds = {k.name: k.offset for k in codec.kinds}
    names = "hand table lead ends hand_sizes stock seat turn leader scores totals played draws"
    names += " passes"
    layout: dict[str, Any] = {f"off_{n}": fields[n] for n in names.split()}
    layout["off_cannot"] = fields["cannot_hold"]
    # The fields of a bidding and of the tricks (the trick games; -1 where the game has none).
    for name in ("phase_moves", "trump", "trick", "trick_leader", "won", "status", "owed"):
        layout[f"off_{name}"] = fields.get(name, -1)
    layout["off_discarded"] = fields.get("discarded", -1)
    layout["nphase"] = len(codec.phase_actions)
    layout.update(
        obs_size=codec.observation_size,
        num_actions=codec.num_actions,
        slots=codec.slots,
        end_slots=codec.end_slots,
        pips=codec.pips,
        id_draw=kinds["draw"],
        id_pass=kinds["pass"],
        id_muggins=kinds["muggins"],
        scale=float(codec.scale),
        sign=1.0 if higher_is_better(codec.rules) else -1.0,
    )
    return layout


def core_refusal(rules: GameRules, codec: Codec) -> str:
    """Why the core cannot step ``rules`` (batched or one table), or ``""`` where it can."""
    where = rules.describe()
    if not kernel.available():
        return (
            f"the compiled core is not available here (BONEYARD_PURE=1, or it was not built): "
            f"{where} runs on the Python engine"
        )
    if not kernel.supports(rules):
        return f"the compiled core does not play {where}"
    # The trick games (the spec's family) number their own kinds of action in the core.
    trick = isinstance(rules.kernel_spec(), TrickKernelSpec)
    if not trick and {"draw", "pass", "muggins"} != {k.name for k in codec.kinds}:
        return f"{where} has kinds of action the core's tables do not number"
    return ""


class CoreTable:
    """One table of ``rules`` in the core (see the module docstring).

    ``agents``: per seat, a built-in agent's name (:data:`boneyard.core.kernel.AGENTS`) or
    ``None`` for a seat the environment's caller plays. After :meth:`encode`, ``observation`` and
    ``action_mask`` hold that seat's arrays (overwritten by the next call); once the hand is over,
    ``rewards`` holds each seat's reward (``reward``: ``"win"`` or ``"points"``)."""

    def __init__(
        self, rules: GameRules, codec: Codec, agents: Sequence[str | None], reward: str
    ) -> None:
        n = rules.players
        self.codec = codec
        self._obs = np.zeros((1, codec.observation_size), np.float32)
        self._mask = np.zeros((1, codec.num_actions), np.int8)
        self._rewards = np.zeros((1, n), np.float64)
        self._done = np.zeros(1, np.bool_)
        self._invalid = np.zeros(1, np.bool_)
        self._seats = np.zeros(1, np.int32)
        learners = [s for s, a in enumerate(agents) if a is None]
        self._batch = kernel.compiled_batch(
            rules,
            1,
            tuple(-1 if a is None else kernel.AGENTS[a] for a in agents),
            learners[0] if len(learners) == 1 else -1,
            reward == "points",
            -1.0,
            codec_layout(codec),
            self._obs,
            self._mask,
            self._rewards,
            self._done,
            self._invalid,
            self._seats,
            codec.max_moves,
        )
        self.observation = self._obs[0]
        self.action_mask = self._mask[0]
        self.rewards = self._rewards[0]
        self.turn = -1
        """The seat to move, -1 once the hand is over."""
        self._trick = isinstance(rules.kernel_spec(), TrickKernelSpec)
        """A trick game: its moves are the research ids (``kernel._trick_actions``)."""
        self._actions: dict[tuple[int, ...], Action] = {}
        """The engine's action of each move of the core met so far (a line game's)."""
        self._trick_ids = kernel._trick_actions(rules) if self._trick else None
        """A trick game's action ids (``kernel._trick_actions``)."""
        self._trick_legal: dict[tuple[int, ...], dict[int, Action]] = {}
        """A trick game's legal maps met so far, by their ids (the same ids, the same map)."""
        self.rules = rules
        self._dealt: GameState | None = None
        """The Python hand (dealt by the Python engine, or made from :attr:`_seed` when asked)."""
        self._seed: int | None = None
        """The seed of the hand the core dealt (:meth:`deal`), ``None`` for a hand loaded."""
        self._match: Match | None = None
        self.has_hand = False
        """Whether a hand is on the table (dealt or loaded, not dropped)."""
        self._caught_up = 0
        self._rng: random.Random | None = None
        self._rng_behind = False

    # ------------------------------------------------------------------ the hand
    def drop(self) -> None:
        """Forget the hand (an episode ended by an invalid action)."""
        self._dealt = self._match = self._seed = None
        self.has_hand = False

    def deal(self, seed: int | None = None) -> int:
        """Deal in the core the first hand of ``Match(rules, rng=random.Random(seed))``, as the
        Python engine would; ``seed`` ``None``: ``getrandbits(64)`` of the agents' generator (as
        the Gymnasium environment draws it). The Python hand is made from the seed only when
        asked (:meth:`state`, :meth:`match`). Returns the seed."""
        if seed is None:
            self._core_rng()
        seed, turn = self._batch.deal(0, seed)
        self._seed = seed
        self._dealt = self._match = None
        self._caught_up = 0
        self.turn = turn
        self.has_hand = True
        return int(seed)

    def match(self) -> Match | None:
        """The Python match of the hand the core dealt (:meth:`deal`), made now from its seed
        (``None`` for a hand loaded: the environment holds its match)."""
        if self._match is None and self._seed is not None:
            self._match = Match(self.rules, rng=random.Random(self._seed))
            self._dealt = self._match.hand
            self._caught_up = 0
        return self._match

    def load(self, state: GameState) -> None:
        """Take the hand ``state`` (a Python hand just dealt, no move made yet)."""
        if self._trick:
            if state.history:
                raise ValueError("the core's table takes a hand at its start, before any move")
            self._batch.load(0, kernel.trick_state_data(state))
        else:
            readable = kernel._readable(state)
            if readable.history:
                raise ValueError("the core's table takes a hand at its start, before any move")
            self._batch.load(0, kernel._state_data(readable))
        self._dealt = state
        self._seed = self._match = None
        self.has_hand = True
        self._caught_up = 0
        self.turn = -1 if state.over else state.turn

    def play(self, action_id: int, others: bool) -> bool:
        """The seat to move takes ``action_id`` (with ``others``, the agents' seats then play);
        false, and nothing changed, where it is not legal."""
        if others:
            self._core_rng()
        turn = int(self._batch.play(0, action_id, others))
        if turn == -2:
            return False
        self.turn = turn
        return True

    def others(self) -> int:
        """The agents' seats play until a caller's seat is to move; the seat to move (-1: over)."""
        self._core_rng()
        self.turn = int(self._batch.others(0))
        return self.turn

    @property
    def over(self) -> bool:
        return self.turn < 0

    def encode(self, seat: int) -> None:
        """``seat``'s observation and mask into :attr:`observation` and :attr:`action_mask`."""
        self._batch.encode(0, seat)

    def legal(self) -> dict[int, Action]:
        """:meth:`Codec.legal_map` of the seat to move: the legal ids and their engine actions."""
        table = self._trick_ids
        if table is not None:
            ids = self._batch.legal_ids(0)
            legal = self._trick_legal.get(ids)
            if legal is None:
                if len(self._trick_legal) >= 4_096:
                    self._trick_legal.clear()
                legal = self._trick_legal[ids] = {i: table.action(i, ids) for i in ids}
            return legal.copy()
        rows = self._batch.legal(0)
        known = self._actions
        out: dict[int, Action] = {}
        for row in rows:
            move = row[1:]
            action = known.get(move)
            if action is None:
                action = known[move] = kernel.action_of(move, kernel.END_NAMES)
            out[row[0]] = action
        return out

    def state(self) -> GameState | None:
        """The Python engine's hand, caught up with the core's moves (replayed now)."""
        if self._dealt is None:
            self.match()
        state = self._dealt
        if state is None:
            return None
        _, moves = self._batch.log(0)
        if self._trick:
            # A trick game's move is logged as its id (the last of the six numbers).
            table = kernel._trick_actions(state.rules)
            for seat, *move in moves[self._caught_up :]:
                i = move[-1]
                # (the lead written 2 * tile calls its high end where its low end may be called)
                ids = (
                    [i + 1] if i < table.plays and not i & 1 and i + 1 in self._legal(state) else ()
                )
                state.apply_fast(table.action(i, ids), seat)
        else:
            for seat, *move in moves[self._caught_up :]:
                names = () if state.layout is None else state.layout.names
                state.apply_fast(kernel.action_of(tuple(move), names), seat)
        self._caught_up = len(moves)
        return state

    def result(self) -> HandResult:
        """The finished hand's result: a hand dealt in the core written from the core's end of
        the hand (:func:`line_result`, :func:`trick_result`); a hand loaded (a match's) read
        from the Python hand (replayed)."""
        end = self._batch.end(0) if self._seed is not None else None
        if end is None:
            state = self.state()
            assert state is not None and state.result is not None, "the hand is not over"
            return state.result
        if self._trick:
            return trick_result(self.rules, end)
        return line_result(self.rules, end, self._history)

    def _history(self) -> _Log:
        """The moves of the hand, from the core's log (what ``hand_result`` reads of them)."""
        return _Log(self._batch.log(0)[1])

    @staticmethod
    def _legal(state: GameState) -> set[int]:
        """The ids of ``state``'s legal actions (a trick game's)."""
        table = kernel._trick_actions(state.rules)
        return {table.action_id(a) for a in state.legal_actions()}

    # ------------------------------------------------------------------ the agents' generator
    def seed_agents(self, seed: int) -> None:
        """The agents draw from ``random.Random(seed)`` (``seed`` below 2**64), seeded in the
        core; :meth:`python_rng` makes the Python generator only when asked."""
        self._batch.seed_mt(seed)
        self._rng = None
        self._rng_behind = True

    def use_rng(self, rng: random.Random) -> None:
        """The agents draw from ``rng`` (as the Python agents would): its state goes to the core
        when they next play, and comes back before :meth:`python_rng` hands it out."""
        self._rng = rng
        self._rng_behind = False
        self._batch.set_mt(None)

    def _core_rng(self) -> None:
        rng = self._rng
        if rng is not None and not self._rng_behind:
            self._batch.set_mt(rng.getstate()[1])
            self._rng_behind = True

    def python_rng(self) -> random.Random:
        """The generator given to :meth:`use_rng` (or seeded by :meth:`seed_agents`), in the
        state the agents' draws left it."""
        rng = self._rng
        if rng is None:
            assert self._rng_behind, "use_rng() or seed_agents() first"
            rng = self._rng = random.Random()
        if self._rng_behind:
            version, _, gauss = rng.getstate()
            rng.setstate((version, self._batch.get_mt(), gauss))
            self._rng_behind = False
        return rng


class _Logged:
    """A move of the hand as ``hand_result`` reads the history: its seat and action."""

    __slots__ = ("action", "seat")

    def __init__(self, seat: int, action: Action) -> None:
        self.seat = seat
        self.action = action


class _Log(Sequence[_Logged]):
    """The moves of the core's log (``Batch.log``'s rows), each turned into the engine's action
    when read: ``hand_result`` reads the last, or a few from the end."""

    __slots__ = ("_rows",)

    def __init__(self, rows: list[tuple[int, int, int, int, int, int]]) -> None:
        self._rows = rows

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> _Logged: ...
    @overload
    def __getitem__(self, index: slice) -> list[_Logged]: ...
    def __getitem__(self, index: int | slice) -> _Logged | list[_Logged]:
        if isinstance(index, slice):
            return [self._move(row) for row in self._rows[index]]
        return self._move(self._rows[index])

    @staticmethod
    def _move(row: tuple[int, int, int, int, int, int]) -> _Logged:
        seat, kind, tile, end, open_, claim = row
        return _Logged(seat, kernel.action_of((kind, tile, end, open_, claim), kernel.END_NAMES))


class _Finished:
    """A finished line hand as the rules' ``hand_result`` reads it, from the core's end of the
    hand: the tiles left, the stock, the scores, the last seat to lay a tile, a capicua gone out
    with; the history (its moves' seats and actions) read from the core's log when first asked."""

    def __init__(
        self, rules: GameRules, end: tuple[Any, ...], history: Callable[[], Sequence[_Logged]]
    ) -> None:
        _, _, hands, stock, stock_pos, scores, _, _, last, capicua = end
        self.rules = rules
        self.hands = hands
        self.stock = tuple(stock)
        self.stock_pos = stock_pos
        self.scores = scores
        self.base_totals = (0,) * len(scores)
        self.last_player = last
        self.capicua = bool(capicua)
        self._read = history
        self._history: Sequence[_Logged] | None = None

    @property
    def history(self) -> Sequence[_Logged]:
        if self._history is None:
            self._history = self._read()
        return self._history


_ENDED = {1: "domino", 2: "blocked"}


def line_result(
    rules: GameRules, end: tuple[Any, ...], history: Callable[[], Sequence[_Logged]]
) -> HandResult:
    """A finished line hand's result (the first hand of a match), as ``LineState._finish``
    writes it: the rules' ``hand_result`` on the core's end of the hand (``end``:
    ``Batch.end``'s tuple; ``history`` gives the moves where the rules read them), with the
    points the hand's end leaves each side (the core's: an exact target's checks made) and the
    side on the target."""
    ended, out, _, _, _, scores, points, target, _, _ = end
    result: HandResult = rules.hand_result(  # type: ignore[attr-defined]
        _Finished(rules, end, history), _ENDED[ended], None if out < 0 else out
    )
    end_points = list(result.end_points)
    for side, score in enumerate(scores):
        core = points[side] - score
        if core != end_points[side]:
            if core:
                raise RuntimeError(
                    f"the core's end of the hand scores side {side} {core}, the rules "
                    f"{end_points[side]}: {rules.describe()}"
                )
            end_points[side] = 0  # passed an exact target: not scored
    return HandResult(
        result.ended,
        result.winner,
        tuple(s + e for s, e in zip(scores, end_points, strict=True)),
        tuple(end_points),
        result.pips,
        result.out_seat,
        result.reason,
        None if target < 0 else target,
    )


_TRICK_ENDED = ("", "made", "set", "reshake", "tricks", "uncontested")
"""The core's ways a trick hand ends (``tricks.h``'s ``T_ENDED``), by number."""


class _TrickTable:
    """A finished trick hand's table as the rules' ``hand_result`` reads it, from the core's end
    of the hand: Texas 42's high bid, its bidder, the contract, whether it was made, the points
    each side took and the tricks (each a winner; what the tricks held is not read); Domino
    Loo's tricks won per seat, who played the hand and whether the dealer staked the pool."""

    __slots__ = ("ante", "bidder", "contract", "decided", "high", "status", "taken", "won")

    def __init__(
        self,
        high: Action | None,
        bidder: int,
        contract: str,
        decided: str,
        taken: tuple[int, int],
        won: tuple[int, ...],
        status: tuple[int, ...],
        ante: bool,
    ) -> None:
        self.high = high
        self.bidder = bidder
        self.contract = contract
        self.decided = decided
        self.taken = taken
        self.won = won
        self.status = status
        self.ante = ante

    @property
    def tricks(self) -> list[tuple[int, None]]:
        """The tricks taken, each as its winner (what Texas 42's nello counts of them)."""
        return [(seat, None) for seat, count in enumerate(self.won) for _ in range(count)]

    def in_hand(self) -> list[int]:
        """The seats playing the hand (they stood or took the miss: Domino Loo)."""
        return [s for s, st in enumerate(self.status) if st in (1, 2)]


class _TrickFinished:
    """A finished trick hand as the rules' ``hand_result`` reads it (the tiles left, the scores,
    the totals before the hand, the table; Domino Loo's dealer)."""

    __slots__ = ("base_totals", "hands", "leader", "players", "scores", "table")

    def __init__(
        self,
        hands: tuple[int, ...],
        scores: tuple[int, ...],
        base_totals: tuple[float, ...],
        leader: int,
        players: int,
        table: _TrickTable,
    ) -> None:
        self.hands = hands
        self.scores = scores
        self.base_totals = base_totals
        self.leader = leader
        self.players = players
        self.table = table

    @property
    def dealer(self) -> int:
        """The seat that dealt: right of the first to decide (Domino Loo)."""
        return (self.leader - 1) % self.players


def trick_result(rules: GameRules, end: tuple[Any, ...]) -> HandResult:
    """A finished trick hand's result, as the Python hand writes it (Texas 42's
    ``FortyTwoState._finish``, Domino Loo's ``LooState._finish``): the rules' ``hand_result``
    on the core's end of the hand (``end``: ``Batch.end``'s tuple), checked against the points
    the core gave each side."""
    ended, _, hands, scores, totals, points, high, declaration, bidder, decided = end[:10]
    taken, won, status, ante, leader = end[10:]
    game: Any = rules
    phase = game.phase_actions() if high >= 0 or declaration >= 0 else ()
    table = _TrickTable(
        phase[high] if high >= 0 else None,
        bidder,
        phase[declaration].contract if declaration >= 0 else "",
        ("", "made", "set")[decided],
        taken,
        won,
        status,
        bool(ante),
    )
    state = _TrickFinished(hands, scores, totals, leader, rules.players, table)
    how = _TRICK_ENDED[ended]
    if how in ("tricks", "uncontested"):
        # Domino Loo's hand: its end's points added to the scores its tricks made.
        own: HandResult = game.hand_result(state, how)
        result = HandResult(
            own.ended,
            own.winner,
            tuple(s + e for s, e in zip(scores, own.end_points, strict=True)),
            own.end_points,
            own.pips,
            None,
            own.reason,
        )
    else:
        result = game.hand_result(state, table)
    if list(result.points) != list(points):
        raise RuntimeError(
            f"the core's end of the hand gives the sides {list(points)}, the rules "
            f"{list(result.points)}: {rules.describe()}"
        )
    return result


class CoreBacked:
    """What the single environments share about their hand: ``state`` is the Python engine's
    hand, or, where the environment steps on the core (``table``), that hand caught up with the
    core's moves when read (made from its seed first where the core dealt it); setting it loads
    it into the core. ``match`` likewise: the environment's, or the one the core's deal stands
    for, made when read."""

    table: CoreTable | None
    _state: GameState | None = None
    _match: Match | None = None

    @property
    def state(self) -> GameState | None:
        """The hand (the Python engine's; on the core, caught up with its moves when read)."""
        if self.table is not None and self.table.has_hand:
            return self.table.state()
        return self._state

    @state.setter
    def state(self, state: GameState | None) -> None:
        self._state = state
        if self.table is not None:
            if state is None:
                self.table.drop()
            else:
                self.table.load(state)

    @property
    def match(self) -> Match:
        """The match of the hand (its first hand, or every hand of a match episode)."""
        match = self._match
        if match is None and self.table is not None:
            match = self.table.match()
        assert match is not None, "reset() first"
        return match

    @match.setter
    def match(self, match: Match | None) -> None:
        self._match = match

    def _has_hand(self) -> bool:
        """Whether a hand is being played (dealt and not given up)."""
        if self.table is not None:
            return self.table.has_hand
        return self._state is not None

    def _deal_in_core(self, seed: int | None) -> None:
        """The episode's hand dealt in the core (``CoreTable.deal``), its Python hand and match
        made only when read."""
        assert self.table is not None
        self._state = None
        self._match = None
        self.table.deal(seed)
