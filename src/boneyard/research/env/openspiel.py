"""Every boneyard game as an OpenSpiel Python game: ``python_boneyard_<game>`` (the game id with
``-`` written ``_``: ``python_boneyard_block``, ``python_boneyard_mexican_train``...).

>>> import pyspiel
>>> from boneyard.research.env import openspiel as bos
>>> game = pyspiel.load_game("python_boneyard_block")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 171, 28)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 28)

Importing this module registers the games (:func:`register_games`). Parameters (all optional):
``rules`` (a rule set, default the game's), ``players`` (0: the rule set's number), ``options``
(the game's options as ``NAME=VALUE`` or ``NAME:VALUE`` pairs separated by ``;``, e.g.
``"target_score=150"``; a per-player table's pairs separated by ``,`` or ``/``:
``"hand_size=2:7/3:5/4:5"``), ``reward`` (``win``, the default, or ``points``: the returns below).
The game keeps its options in the form a game string carries (``NAME:VALUE``, ``/`` for ``,``),
so ``pyspiel.load_game(str(game))`` is the same game, and games and states pickle.

**The game tree** of one hand (the first hand of a match, like the other environments):

* chance deals the hands one tile per node, seat 0's tiles first, then seat 1's...; then the
  tiles the rules take from the stock as the hand starts (a turn-up for trumps) and the stock's
  reserve (the tiles never drawn, where the rules keep some), one tile per node. Every outcome
  is uniform among the tiles left, except where the rules throw in a deal without a double:
  then the outcomes are conditioned on a double being dealt (exactly the distribution of dealing
  again);
* where the rules decide the first lead outside the deal (a draw for the lead, a random
  leader) a chance node picks the leader, uniform over the seats;
* the players move with the fixed action space of :class:`boneyard.research.env.encoding.Codec`;
* every action that takes tiles from the stock (a draw, taking the miss) is followed by one
  chance node per tile taken, uniform among the stock tiles that may still be drawn;
* returns (``reward=win``): +1 to the side that won the hand, ``-1/(sides-1)`` to each other side,
  0 to everyone when nobody won (both partners get their side's); with ``reward=points``: the
  side's points minus the mean of the other sides' (negated where a lower score is better). Both
  are zero-sum. In the counting games they disagree: the hand's winner (who dominoed or held the
  least) need not be the side that scored most in the hand.

**Observations** (OpenSpiel's observer API, :meth:`BoneyardGame.make_py_observer`): the
observation tensor is the observation vector of :meth:`Codec.observation_vector`; the
information-state tensor is that vector followed by the hand's history as the player knows it
(:meth:`Codec.history_planes`: its own draws with their tiles, the others' without).

**Resampling** (:meth:`BoneyardState.resample_from_infostate`, used by OpenSpiel's IS-MCTS): the
other seats' current hands and the stock are drawn by boneyard's inference
(:mod:`boneyard.players.search.inference`: exactly uniform among the hidden deals consistent with
what the player has seen), then a hidden past that leads to them is rebuilt (which of a seat's tiles
were dealt and which drawn, and when) and the whole history replayed, so the new state is a real
state of the game with the same information state for the player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np
import pyspiel

from ...core.actions import Action, Move, Muggins, Pass, Play
from ...core.game import Game
from ...core.match import Match
from ...core.protocol import GameRules, GameState, IllegalAction, Observation, Phase
from ...core.tiles import BIT, DOUBLE, HIGH, LOW, NAMES, tiles_of
from ...games import DEFAULT_GAME, GAMES
from ...players.search.inference import Inference
from . import make_rules
from .encoding import REWARDS, Codec, Vector

__all__ = [
    "PREFIX",
    "BoneyardGame",
    "BoneyardObserver",
    "BoneyardState",
    "game_name",
    "game_names",
    "register_games",
]

PREFIX = "python_boneyard_"

# Events of a state's history (the python side's record of what each action meant).
_DEAL, _RESERVE, _LEADER, _ACT, _TAKE, _TURN = range(6)


def game_name(game_id: str) -> str:
    """The OpenSpiel name of a boneyard game: ``python_boneyard_mexican_train``."""
    return PREFIX + game_id.replace("-", "_")


def game_names() -> list[str]:
    """The OpenSpiel names of every game of the registry."""
    return [game_name(g) for g in GAMES]


def _game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=game_name(game.id),
        long_name=f"boneyard {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "rules": game.default_rules,
            "players": 0,
            "options": "",
            "reward": "win",
        },
    )


def _parse_options(text: str) -> dict[str, str]:
    """``NAME=VALUE;NAME:VALUE...`` as a dict of texts (``/`` in a value read as ``,``)."""
    out: dict[str, str] = {}
    for item in text.split(";"):
        if not item.strip():
            continue
        cut = min((i for i in (item.find("="), item.find(":")) if i >= 0), default=-1)
        name, value = item[:cut].strip(), item[cut + 1 :].strip()
        if cut < 0 or not name:
            raise ValueError(f"bad option {item!r}: write NAME=VALUE;NAME=VALUE")
        out[name] = value.replace("/", ",")
    return out


def _options_text(options: dict[str, str]) -> str:
    """The options as a game string carries them: no ``=`` and no ``,`` (OpenSpiel's parser
    splits parameters at them)."""
    return ";".join(f"{name}:{value.replace(',', '/')}" for name, value in options.items())


def _points_bound(rules: GameRules) -> float:
    """A bound on the ``points`` return, loose but sure: every tile's pips counted for each seat,
    plus each move scoring the four highest ends."""
    pips = sum(HIGH[t] + LOW[t] for t in tiles_of(rules.tiles.all_mask))
    return float(pips * rules.players + Codec(rules).max_moves * 8 * rules.tiles.max_pip)


class BoneyardGame(pyspiel.Game):  # type: ignore[misc]
    """One boneyard game under one rule set, as an OpenSpiel game (see the module docstring)."""

    def __init__(
        self, params: dict[str, Any] | None = None, *, game_id: str = DEFAULT_GAME
    ) -> None:
        game = GAMES[game_id]
        params = dict(params or {})
        rule_set = str(params.get("rules", game.default_rules)) or game.default_rules
        players = int(params.get("players", 0))
        given = _parse_options(str(params.get("options", "")))
        reward = str(params.get("reward", "win")) or "win"
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}: choose from {', '.join(REWARDS)}")
        options: dict[str, Any] = dict(given)
        if players:
            options["players"] = players
        rules = make_rules(game_id, rule_set, **options)
        codec = Codec(rules)
        bound = 1.0 if reward == "win" else _points_bound(rules)
        params.update(rules=rule_set, players=players, options=_options_text(given), reward=reward)
        n = rules.players
        size = rules.tiles.size
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions,
            max_chance_outcomes=max(size, n),
            num_players=n,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=size + 1 + codec.max_moves,
        )
        super().__init__(_game_type(game), info, params)
        self.game_id = game_id
        self.rules = rules
        self.codec = codec
        self.reward = reward
        self.hand_size = rules.hand_size
        self.deal_size = n * rules.hand_size
        self.reserve = rules.reserve if rules.hidden_moves else 0
        # Tiles the hand takes from the stock as it starts (Domino Loo's turn-up), by trial.
        self.turned = Match(rules, seed=0).hand.stock_pos
        self.chance_tiles = self.deal_size + self.turned + self.reserve
        # Whether a deal without a double would be thrown in (the outcomes are then conditioned).
        self.needs_double = rules.redeals_without_double
        expected, by_deal = Match(rules, deal=False).expected_leader()
        self.leader_by_chance = expected is None and not by_deal

    def __deepcopy__(self, memo: dict[int, Any]) -> BoneyardGame:
        return self  # immutable: states share it

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # By its game string, as OpenSpiel's own games pickle.
        return pyspiel.load_game, (str(self),)

    def new_initial_state(self) -> BoneyardState:
        return BoneyardState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BoneyardObserver:
        return BoneyardObserver(self, iig_obs_type, params)


class _Core:
    """A state's python fields, copied cheaply when OpenSpiel clones the state (the engine
    state by :meth:`GameState.copy`, the rules never)."""

    __slots__ = (
        "dealt",
        "events",
        "hand",
        "leader",
        "pending",
        "pool",
        "reserve",
        "taken",
        "turned",
    )

    dealt: list[list[int]]
    turned: list[int]
    reserve: list[int]
    pool: int  # the tiles not dealt yet
    leader: int | None
    hand: GameState | None
    pending: tuple[int, Action, int] | None  # (seat, action, tiles it takes from the stock)
    taken: list[int]
    events: list[tuple[int, int, int, Action | None]]  # (kind, seat, value, engine action)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        c = _Core.__new__(_Core)
        c.dealt = [d[:] for d in self.dealt]
        c.turned = self.turned[:]
        c.reserve = self.reserve[:]
        c.pool = self.pool
        c.leader = self.leader
        c.hand = self.hand.copy() if self.hand is not None else None
        c.pending = self.pending
        c.taken = self.taken[:]
        c.events = self.events[:]
        return c


class BoneyardState(pyspiel.State):  # type: ignore[misc]
    """A hand of a boneyard game as an OpenSpiel state (see the module docstring)."""

    def __init__(self, game: BoneyardGame) -> None:
        super().__init__(game)
        self._game = game
        core = _Core.__new__(_Core)
        core.dealt = [[] for _ in range(game.rules.players)]
        core.turned = []
        core.reserve = []
        core.pool = game.rules.tiles.all_mask
        core.leader = None
        core.hand = None
        core.pending = None
        core.taken = []
        core.events = []
        self._core = core
        self._past: _Past | None = None

    def __reduce__(self) -> tuple[Any, tuple[BoneyardGame, list[int]]]:
        # By its game and the actions that led to it, replayed (as OpenSpiel deserializes).
        return _replayed, (self._game, [int(a) for a in self.history()])

    # ------------------------------------------------------------------ the engine's state
    @property
    def hand(self) -> GameState | None:
        """The state of the hand in play (``None`` while dealing)."""
        return self._core.hand

    def _phase(self) -> int:
        core = self._core
        g = self._game
        if core.hand is None:
            if _dealt(core) < g.chance_tiles:
                return _DEAL
            return _LEADER
        if core.pending is not None:
            return _TAKE
        return _ACT

    def current_player(self) -> int:
        core = self._core
        if core.hand is None or core.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if core.hand.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return core.hand.turn

    def is_terminal(self) -> bool:
        hand = self._core.hand
        return hand is not None and hand.over

    def returns(self) -> list[float]:
        hand = self._core.hand
        if hand is None or not hand.over or hand.result is None:
            return [0.0] * self._game.rules.players
        return list(self._game.codec.rewards(hand.result, self._game.reward))

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[int, float]]:
        core = self._core
        g = self._game
        phase = self._phase()
        if phase == _DEAL:
            tiles = list(tiles_of(core.pool))
            dealt = sum(len(d) for d in core.dealt)
            if g.needs_double and dealt < g.deal_size:
                return _conditioned(tiles, g.deal_size - dealt, core.dealt)
            p = 1.0 / len(tiles)
            return [(t, p) for t in tiles]
        if phase == _LEADER:
            n = g.rules.players
            return [(s, 1.0 / n) for s in range(n)]
        if phase == _TAKE:
            tiles = self._drawable()
            p = 1.0 / len(tiles)
            return [(t, p) for t in tiles]
        raise ValueError("not a chance node")

    def _drawable(self) -> list[int]:
        """The stock tiles the pending action may take (those not yet taken, the reserve
        excepted), in tile order."""
        core = self._core
        hand = core.hand
        assert hand is not None
        end = len(hand.stock) - self._game.reserve
        left = set(hand.stock[hand.stock_pos : end]) - set(core.taken)
        return sorted(left)

    # ------------------------------------------------------------------ players
    def _legal_actions(self, player: int) -> list[int]:
        hand = self._core.hand
        if hand is None or hand.over or player != hand.turn or self._core.pending is not None:
            return []
        return sorted(self._game.codec.legal_map(hand.observation(player)))

    def _apply_action(self, action: int) -> None:
        core = self._core
        g = self._game
        self._past = None
        phase = self._phase()
        if phase == _DEAL:
            t = int(action)
            if not core.pool & BIT[t]:
                raise ValueError(f"{NAMES[t]} has been dealt already")
            core.pool &= ~BIT[t]
            dealt = _dealt(core)
            if dealt < g.deal_size:
                seat = dealt // g.hand_size
                core.dealt[seat].append(t)
                core.events.append((_DEAL, seat, t, None))
            elif dealt < g.deal_size + g.turned:
                core.turned.append(t)
                core.events.append((_TURN, -1, t, None))
            else:
                core.reserve.append(t)
                core.events.append((_RESERVE, -1, t, None))
            if self._phase() == _LEADER and not g.leader_by_chance:
                self._start()
            return
        if phase == _LEADER:
            core.leader = int(action)
            core.events.append((_LEADER, int(action), int(action), None))
            self._start()
            return
        hand = core.hand
        assert hand is not None
        if phase == _TAKE:
            assert core.pending is not None
            seat, engine_action, k = core.pending
            t = int(action)
            if t not in self._drawable():
                raise ValueError(f"{NAMES[t]} cannot be drawn now")
            core.taken.append(t)
            core.events.append((_TAKE, seat, t, None))
            if len(core.taken) == k:
                # The stock's next tiles become the ones chance chose, the reserve stays last.
                taken = core.taken
                hand.stock_next(taken)
                core.pending = None
                core.taken = []
                before = hand.stock_pos
                hand.apply_fast(engine_action, seat)
                if hand.stock_pos - before != k:  # pragma: no cover - an engine surprise
                    raise RuntimeError(f"{engine_action} took a different number of tiles")
            return
        seat = hand.turn
        engine_action = g.codec.decode(hand.observation(seat), int(action))
        core.events.append((_ACT, seat, int(action), engine_action))
        if type(engine_action) not in (Play, Pass, Muggins):
            trial = hand.copy(history=False)
            trial.apply_fast(engine_action, seat)
            k = trial.stock_pos - hand.stock_pos
            if k > 0:
                core.pending = (seat, engine_action, k)
                core.taken = []
                return
        hand.apply_fast(engine_action, seat)

    def _start(self) -> None:
        """Start the hand once dealt (and its leader chosen)."""
        core = self._core
        g = self._game
        stock = core.turned + list(tiles_of(core.pool)) + core.reserve
        match = Match(g.rules, deal=False)
        core.hand = hand = match.start_hand(core.dealt, stock, core.leader)
        if hand.stock_pos != len(core.turned):  # pragma: no cover - an engine surprise
            raise RuntimeError("the hand took a different number of tiles as it started")

    # ------------------------------------------------------------------ text
    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if player == pyspiel.PlayerId.CHANCE:
            phase = self._phase()
            if phase == _DEAL:
                dealt = _dealt(core)
                if dealt < self._game.deal_size:
                    return f"deal {NAMES[action]} to seat {dealt // self._game.hand_size}"
                if dealt < self._game.deal_size + self._game.turned:
                    return f"turn up {NAMES[action]}"
                return f"{NAMES[action]} to the reserve"
            if phase == _LEADER:
                return f"seat {action} leads"
            if phase == _TAKE and core.pending is not None:
                return f"seat {core.pending[0]} takes {NAMES[action]}"
            return f"chance {action}"
        hand = core.hand
        if hand is not None and not hand.over and player == hand.turn:
            engine_action = self._game.codec.legal_map(hand.observation(player)).get(action)
            if engine_action is not None:
                return str(engine_action)
        return self._game.codec.action_name(action)

    def __str__(self) -> str:
        core = self._core
        if core.hand is None:
            hands = " | ".join(" ".join(NAMES[t] for t in d) for d in core.dealt)
            return f"dealing: {hands}"
        return repr(core.hand) + f" stock={len(core.hand.stock) - core.hand.stock_pos}"

    def known_history(self, player: int) -> list[Move]:
        """The hand's moves as ``player`` knows them: its own draws with their tiles, the
        others' without."""
        hand = self._core.hand
        if hand is None:
            return []
        if hand.public is hand.history:
            return list(hand.history)
        return [
            full if full.seat == player else public
            for full, public in zip(hand.history, hand.public, strict=True)
        ]

    def information_state_string(self, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        return _information_state(self, int(player))

    def observation_string(self, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        return _observation_text(self, int(player))

    # ------------------------------------------------------------------ resampling
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoneyardState:
        """A state drawn among those with the same information state for ``player_id``: the
        other seats' hands and the stock from boneyard's inference (exactly uniform among the
        hidden deals consistent with the player's observation), a hidden past rebuilt to lead
        to them, the history replayed (see the module docstring)."""
        seed = int(float(probability_sampler()) * 2**53)
        return resample(self, int(player_id), random.Random(seed))


# ---------------------------------------------------------------------------- helpers
def _replayed(game: BoneyardGame, actions: Sequence[int]) -> BoneyardState:
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def _dealt(core: _Core) -> int:
    return sum(len(d) for d in core.dealt) + len(core.turned) + len(core.reserve)


def _conditioned(
    tiles: list[int], slots: int, dealt: Sequence[Sequence[int]]
) -> list[tuple[int, float]]:
    """The next dealt tile's distribution given that the hands must get a double (the deal
    would be thrown in otherwise): uniform once a double is dealt."""
    if any(DOUBLE[t] for d in dealt for t in d):
        p = 1.0 / len(tiles)
        return [(t, p) for t in tiles]
    d = sum(1 for t in tiles if DOUBLE[t])
    m = len(tiles) - d

    def ok(d: int, m: int, r: int) -> Fraction:
        # P(at least one double among r tiles drawn from d doubles and m others).
        return 1 - Fraction(comb(m, r), comb(d + m, r))

    total = ok(d, m, slots)
    if total == 0:
        raise ValueError("no double left to deal: the deal cannot be completed")
    size = len(tiles)
    p_double = float(Fraction(1, size) / total)
    p_other = float(Fraction(1, size) * ok(d, m - 1, slots - 1) / total) if m else 0.0
    return [(t, p_double if DOUBLE[t] else p_other) for t in tiles]


def _information_state(state: BoneyardState, player: int, private: bool = True) -> str:
    """What ``player`` knows of the hand (``private``: its own tiles too, those dealt and those it
    took from the stock, with when; else only what every seat knows)."""
    core = state._core
    rules = state._game.rules
    own = " ".join(NAMES[t] for t in sorted(core.dealt[player])) if private else "?"
    # The count of tiles dealt so far (the reserve's too): states a chance event apart differ.
    parts = [f"{rules.id} p{player} dealt[{own}] {_dealt(core)}"]
    if core.turned:
        parts.append("turned up " + " ".join(NAMES[t] for t in core.turned))
    if core.leader is not None:
        parts.append(f"leader {core.leader}")
    if private:
        # The tiles it took, by the event they came at: a draw's tile is in its history, but
        # not those taken with another action (Domino Loo's miss).
        taken = [
            f"{i}:{NAMES[t]}"
            for i, (kind, seat, t, _) in enumerate(core.events)
            if kind == _TAKE and seat == player
        ]
        if taken:
            parts.append("took " + " ".join(taken))
        parts.extend(str(move) for move in state.known_history(player))
    elif core.hand is not None:
        parts.extend(str(move) for move in core.hand.public)
    if core.pending is not None:
        parts.append(f"seat {core.pending[0]} taking {len(core.taken)}/{core.pending[2]}")
    elif core.hand is not None:
        parts.append("over" if core.hand.over else f"seat {core.hand.turn} to move")
    return "\n".join(parts)


def _observation_text(state: BoneyardState, player: int, private: bool = True) -> str:
    core = state._core
    hand = core.hand
    if hand is None:
        own = " ".join(NAMES[t] for t in sorted(core.dealt[player])) if private else "?"
        return f"p{player} dealing: {own}"
    obs = hand.observation(player)
    layout = obs.layout
    ends = (
        "none"
        if obs.table is None
        else " ".join(f"{n}={p}" for n, p in zip(layout.names, layout.pips, strict=True))
        if layout is not None
        else ""  # a table with no ends (tricks)
    )
    mine = " ".join(NAMES[t] for t in obs.tiles) if private else "?"
    return (
        f"p{player} hand[{mine}] ends[{ends}] sizes{list(obs.hand_sizes)} stock {obs.stock_size}"
        f" scores{list(obs.scores)} turn {obs.turn if not obs.over else '-'}"
    )


class BoneyardObserver:
    """OpenSpiel's observer for a boneyard game: ``tensor`` (with its named views in ``dict``),
    :meth:`set_from` and :meth:`string_from`.

    Pieces: ``observation`` (:meth:`Codec.observation_vector`; with no private information, the
    ``hand``, ``cannot_hold`` and ``discarded`` fields stay 0, and the strings leave out the
    seat's tiles), and with perfect recall ``history``
    (:meth:`Codec.history_planes`, ``max_moves`` rows)."""

    def __init__(self, game: BoneyardGame, iig_obs_type: Any, params: dict[str, Any] | None):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.game = game
        codec = game.codec
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("boneyard observers show one seat's tiles, not every seat's")
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        pieces: list[tuple[str, int, tuple[int, ...]]] = [
            ("observation", codec.observation_size, (codec.observation_size,))
        ]
        if self.perfect_recall:
            width = codec.move_width()
            pieces.append(("history", codec.max_moves * width, (codec.max_moves, width)))
        self.tensor: Vector = np.zeros(sum(size for _, size, _ in pieces), np.float32)
        self.dict: dict[str, Vector] = {}
        index = 0
        for name, size, shape in pieces:
            self.dict[name] = self.tensor[index : index + size].reshape(shape)
            index += size

    def set_from(self, state: BoneyardState, player: int) -> None:
        codec = self.game.codec
        self.tensor.fill(0.0)
        view = self.tensor[: codec.observation_size]
        hand = state.hand
        fields = {f.name: f for f in codec.fields}
        if hand is None:
            if self.private:
                for t in state._core.dealt[player]:
                    view[fields["hand"].offset + t] = 1.0
            view[fields["seat"].offset + player] = 1.0
            view[fields["lead"].offset] = 1.0
            return
        obs: Observation = hand.observation(player)
        codec.observation_vector(obs, out=view)
        if not self.private:
            for name in ("hand", "cannot_hold", "discarded"):
                f = fields.get(name)
                if f is not None:
                    view[f.offset : f.offset + f.size] = 0.0
        if self.perfect_recall:
            moves = state.known_history(player)
            if not self.private:
                moves = list(hand.public)
            codec.history_planes(moves, player, self.tensor, codec.observation_size)

    def string_from(self, state: BoneyardState, player: int) -> str:
        if self.perfect_recall:
            return _information_state(state, player, self.private)
        return _observation_text(state, player, self.private)


# ---------------------------------------------------------------------------- resampling
class _Past:
    """What resampling needs of a state's past, worked out once per state by replaying it:

    * ``voids``: for each action (by event index), the tiles whose holding by the seat acting
      would have made the action illegal or changed what followed (whose turn, a double's bonus
      play), found by trying each tile on a copy: the engine decides, not a rule written here;
    * ``hidden``: for each action that put tiles out of play unseen (a discard, a hand thrown
      in), how many; ``retile``: those whose action names its hidden tile (a discard);
    * ``deal_voids``: per seat, the tiles it cannot have been dealt given how the lead went;
    * ``found``: for each draw made to find the lead (by the event index of its tile), the tiles
      it may have taken: those that end the search, or not, as it did.
    """

    __slots__ = ("deal_voids", "found", "hidden", "retile", "voids")

    def __init__(self, state: BoneyardState) -> None:
        core = state._core
        rules = state._game.rules
        assert core.hand is not None
        replay = core.hand.restart()
        self.deal_voids = replay.deal_voids()
        all_mask = rules.tiles.all_mask
        self.voids: dict[int, int] = {}
        self.hidden: dict[int, int] = {}
        self.retile: set[int] = set()
        self.found: dict[int, int] = {}
        for i, (kind, seat, _value, action) in enumerate(core.events):
            if kind != _ACT:
                continue
            assert action is not None
            after = replay.copy(history=False)
            after.apply_fast(action, seat)
            outcome = after.public_key()
            void = 0
            for x in tiles_of(all_mask & ~replay.hands[seat]):
                hands = list(replay.hands)
                hands[seat] |= BIT[x]
                trial = replay.with_world(hands)
                try:
                    trial.apply_fast(action, seat)
                except IllegalAction:
                    void |= BIT[x]
                    continue
                if trial.public_key() != outcome:
                    void |= BIT[x]
            self.voids[i] = void
            before = replay.hands[seat]
            if replay.phase == Phase.FIND_LEAD:
                # The next event is this draw's tile: the tiles that find the lead, or those
                # that do not, as this draw did.
                allowed = 0
                rest = replay.stock[replay.stock_pos :]
                for x in tiles_of(all_mask):
                    trial = replay.with_world(replay.hands, (x, *rest))
                    trial.apply_fast(action, seat)
                    if trial.phase == after.phase and trial.turn == after.turn:
                        allowed |= BIT[x]
                self.found[i + 1] = allowed
            replay.apply_fast(action, seat)
            gone = before & ~replay.hands[seat]
            if isinstance(action, Play):
                gone &= ~BIT[action.tile]
            if gone:
                self.hidden[i] = gone.bit_count()
                if replay.public[-1].action != replay.history[-1].action:
                    self.retile.add(i)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Past:
        return self  # a clone has the same past


def resample(state: BoneyardState, player: int, rng: random.Random) -> BoneyardState:
    """See :meth:`BoneyardState.resample_from_infostate`."""
    g = state._game
    core = state._core
    if core.hand is None:
        return _resample_deal(state, player, rng)
    past = state._past
    if past is None:
        past = state._past = _Past(state)
    obs = core.hand.observation(player)
    inference = Inference.from_observation(obs)
    target = state.information_state_string(player)
    for _ in range(200):
        hands, stock = inference.sample(rng)
        events = _rebuild(state, player, hands, stock, obs.stock_size, past, rng)
        if events is None:
            continue
        new = g.new_initial_state()
        try:
            for value in events:
                new.apply_action(value)
        except (ValueError, RuntimeError, pyspiel.SpielError):
            continue
        if new.information_state_string(player) == target:
            return new
    raise RuntimeError(f"no consistent state found for player {player} in 200 tries")


def _resample_deal(state: BoneyardState, player: int, rng: random.Random) -> BoneyardState:
    """While dealing: the player's tiles stay, the others' are drawn again."""
    core = state._core
    g = state._game

    # The player's own tiles and the turn-up stay; the others' and the reserve are drawn again.
    def kept(kind: int, seat: int) -> bool:
        return kind == _TURN or (kind == _DEAL and seat == player)

    keep = {v for kind, seat, v, _ in core.events if kept(kind, seat)}
    for _ in range(200):
        pool = [t for t in tiles_of(g.rules.tiles.all_mask) if t not in keep]
        rng.shuffle(pool)
        new = g.new_initial_state()
        try:
            for kind, seat, value, _ in core.events:
                new.apply_action(value if kept(kind, seat) else pool.pop())
            return new
        except (ValueError, RuntimeError, pyspiel.SpielError):
            continue
    raise RuntimeError("no consistent deal found")  # pragma: no cover


def _rebuild(
    state: BoneyardState,
    player: int,
    hands: Sequence[int],
    stock: Sequence[int],
    stock_size: int,
    past: _Past,
    rng: random.Random,
) -> list[int] | None:
    """The chance and player events of a history that leads to the world ``hands``/``stock``
    (the stock's first ``stock_size`` tiles; the rest out of play, unseen): the player's own
    events as they were; each other seat's tiles (those it holds, played, or put out of play
    unseen, taken from the tiles out of play) given to its deal and its draws by the
    earliest-deadline rule: a tile comes before it is played or put out, and after every moment
    the seat showed it could not hold it. ``None`` if this world has no such past."""
    core = state._core
    g = state._game
    rules = g.rules
    n = rules.players
    events = core.events
    never = 10**9
    dead = list(stock[stock_size:])
    rng.shuffle(dead)
    live = stock[:stock_size]
    assigned: dict[int, int] = {}  # event index of a draw or a hidden tile -> tile
    deal_tiles: list[list[int]] = [[] for _ in range(n)]
    for s in range(n):
        if s == player:
            continue
        deadline: dict[int, int] = {t: never for t in tiles_of(hands[s])}
        for i, (kind, seat, _value, action) in enumerate(events):
            if kind == _ACT and seat == s and isinstance(action, Play):
                deadline[action.tile] = i
        for i, (kind, seat, _value, _action) in enumerate(events):
            if kind == _ACT and seat == s and i in past.hidden:
                for _ in range(past.hidden[i]):
                    if not dead:
                        return None
                    t = dead.pop()
                    deadline[t] = i
                    if i in past.retile:
                        assigned[i] = t
        release = dict.fromkeys(deadline, -1)
        for i, (kind, seat, _value, _action) in enumerate(events):
            if kind == _ACT and seat == s:
                void = past.voids[i]
                for t in deadline:
                    if void & BIT[t] and i < deadline[t]:
                        release[t] = max(release[t], i)
        deal_mask = ~past.deal_voids[s]
        left = set(deadline)
        # The deal, before every event: the tiles needed first.
        candidates = [t for t in left if release[t] < 0 and deal_mask & BIT[t]]
        rng.shuffle(candidates)
        candidates.sort(key=lambda t: deadline[t])
        count = len(core.dealt[s])
        if len(candidates) < count:
            return None
        chosen = candidates[:count]
        rng.shuffle(chosen)
        deal_tiles[s] = chosen
        left -= set(chosen)
        for i, (kind, seat, _value, _action) in enumerate(events):
            if kind != _TAKE or seat != s:
                continue
            if any(deadline[t] <= i for t in left):
                return None
            allowed = past.found.get(i, -1)
            options = [t for t in left if release[t] < i and allowed & BIT[t]]
            if not options:
                return None
            rng.shuffle(options)
            best = min(options, key=lambda t: deadline[t])
            assigned[i] = best
            left.discard(best)
        if left:
            return None
    if dead:
        return None
    # The reserve: the last tiles of the sampled stock, as the stock order is uniform.
    reserve = list(live[len(live) - len(core.reserve) :]) if core.reserve else []
    out: list[int] = []
    cursor = [0] * n
    for i, (kind, seat, value, action) in enumerate(events):
        if kind == _DEAL and seat != player:
            out.append(deal_tiles[seat][cursor[seat]])
            cursor[seat] += 1
        elif kind == _RESERVE:
            out.append(reserve.pop())
        elif kind == _TAKE and seat != player:
            out.append(assigned[i])
        elif kind == _ACT and seat != player and i in past.retile:
            # A hidden tile named by the action (a discard): the tile of this world.
            kind_of: Any = type(action)
            out.append(g.codec.action_id(kind_of(assigned[i]), None))
        else:
            out.append(value)
    return out


def _game_class(game_id: str) -> type[BoneyardGame]:
    """The class OpenSpiel makes one game with (a class, as OpenSpiel's own Python games
    register)."""

    def init(self: BoneyardGame, params: dict[str, Any] | None = None) -> None:
        BoneyardGame.__init__(self, params, game_id=game_id)

    name = "BoneyardGame_" + game_id.replace("-", "_")
    cls = type(name, (BoneyardGame,), {"__init__": init, "__module__": __name__})
    globals()[name] = cls  # found by name, as pickle finds a class
    return cls


def register_games() -> list[str]:
    """Register every game of the registry with OpenSpiel (once); returns their names."""
    registered = set(pyspiel.registered_names())
    names = []
    for game in GAMES.values():
        name = game_name(game.id)
        if name not in registered:
            pyspiel.register_game(_game_type(game), _game_class(game.id))
        names.append(name)
    return names


register_games()
