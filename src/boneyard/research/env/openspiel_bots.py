"""OpenSpiel bots and boneyard agents, each as the other.

* :class:`BoneyardBot`: a boneyard agent (a name of :func:`~boneyard.players.agents.make_agent`,
  a plug-in included, or an :class:`~boneyard.players.agents.Agent`) as an OpenSpiel bot over
  ``python_boneyard_<game>``: at each step it is given the seat's observation, never the state;
* :class:`OpenSpielAgent`: an OpenSpiel bot (IS-MCTS, MCTS, a policy network...) as a boneyard
  agent: at each choice the bot is given an OpenSpiel state **drawn from the seat's observation**
  (:func:`state_from_observation`), never the true state.

So ``evaluate_bots`` can pit boneyard's agents against OpenSpiel's bots, and ``boneyard
tournament`` OpenSpiel's bots against boneyard's agents (the plug-in :func:`ismcts`:
``--agents 'boneyard.env.openspiel_bots:ismcts(simulations=100),greedy'``).

>>> import numpy as np
>>> import pyspiel
>>> from open_spiel.python.algorithms import evaluate_bots
>>> game = pyspiel.load_game("python_boneyard_block")
>>> bots = [BoneyardBot(game, 0, "greedy"), BoneyardBot(game, 1, "random")]
>>> returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
>>> sorted(returns)
[-1.0, 1.0]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from ...core.actions import Action, Draw, Muggins, Pass, Play
from ...core.history import public_steps
from ...core.protocol import GameRules, Observation
from ...core.tiles import BIT, HIGH, LOW, tiles_of
from ...players.agents import Agent, make_agent
from ...players.search.inference import Inference
from .openspiel import BoneyardGame, BoneyardState, game_name

__all__ = ["BoneyardBot", "OpenSpielAgent", "ismcts", "openspiel_game", "state_from_observation"]

BotMaker = Callable[[Any, int, random.Random], Any]
"""``make_bot(game, player, rng) -> pyspiel.Bot``."""


class BoneyardBot(pyspiel.Bot):  # type: ignore[misc]
    """A boneyard agent playing ``player`` of a ``python_boneyard_*`` game as an OpenSpiel bot;
    its random generator is seeded ``seed``."""

    def __init__(self, game: BoneyardGame, player: int, agent: str | Agent, seed: int = 0):
        pyspiel.Bot.__init__(self)
        self.game = game
        self.player = player
        self.agent = make_agent(agent) if isinstance(agent, str) else agent
        self.rng = random.Random(seed)

    def step(self, state: BoneyardState) -> int:
        hand = state.hand
        if hand is None or hand.turn != self.player:
            raise ValueError(f"it is not player {self.player}'s turn")
        observation = hand.observation(self.player)
        action = self.agent.choose(observation, self.rng)
        return self.game.codec.action_id(action, observation.layout)

    def restart_at(self, state: BoneyardState) -> None:
        pass

    def inform_action(self, state: BoneyardState, player: int, action: int) -> None:
        pass


def openspiel_game(rules: GameRules) -> BoneyardGame:
    """The OpenSpiel game of a rule set (its options given as a parameter dict)."""
    options = ";".join(f"{k}={_option_text(v)}" for k, v in rules.options.to_json().items())
    params = {"rules": rules.rule_set, "players": rules.players, "options": options}
    game: BoneyardGame = pyspiel.load_game(game_name(rules.game.id), params)
    return game


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return ",".join(f"{k}:{v}" for k, v in value.items())
    return str(value)


def state_from_observation(
    game: BoneyardGame, observation: Observation, rng: random.Random, tries: int = 500
) -> BoneyardState:
    """An OpenSpiel state with the same information state for the observation's seat, drawn from
    the observation alone: the other seats' current hands and the stock by boneyard's inference
    (uniform among the hidden deals consistent with what the seat has seen), which of each seat's
    tiles were dealt and which drawn (its own too: the observation shows a draw without its tile)
    chosen at random, each after the moves at which it would have been played, and kept only if
    the whole history replays the same (rejection). ``ValueError`` for a game with other moves
    (Domino Loo's decisions and discards, whose past this does not rebuild); ``RuntimeError`` if
    no consistent past is found."""
    rules = game.rules
    for move in observation.history:
        if type(move.action) not in (Play, Draw, Pass, Muggins) or game.turned:
            raise ValueError(
                f"{rules.describe()}: states are drawn from an observation only in games whose "
                f"moves are plays, draws, passes and muggins calls ({move.action} is not)"
            )
    me = observation.seat
    history = list(observation.history)
    n = rules.players
    played: list[int] = [0] * n
    played_at: dict[int, int] = {}  # tile -> index of the move that played it
    draws_at: list[list[int]] = [[] for _ in range(n)]  # per seat, the indices of its draws
    # Per seat, the moves (draws and passes) at which it showed it held nothing to play, with
    # the pips the table's ends showed then: a tile that fits them came later.
    stuck: list[list[tuple[int, frozenset[int]]]] = [[] for _ in range(n)]
    # The table before each move, followed by the one public-history replayer.
    for step in public_steps(rules, history):
        i, move, layout = step.index, step.move, step.before
        action = move.action
        if type(action) is Play:
            played[move.seat] |= BIT[action.tile]
            played_at[action.tile] = i
        elif type(action) in (Draw, Pass):
            if type(action) is Draw:
                draws_at[move.seat].append(i)
            pips = getattr(layout, "pips", None)
            if pips is not None:
                stuck[move.seat].append((i, frozenset(p for p in pips if p >= 0)))
    inference = Inference.from_observation(observation)
    never = len(history) + 1
    for _ in range(tries):
        hands, stock = inference.sample(rng)
        live = list(stock[: observation.stock_size])
        dealt: list[list[int]] = []
        draws: list[list[int]] = []
        for s in range(n):
            # The seat's own tiles are its hand; which of them it drew the observation does not
            # say (a draw is public without its tile), so they are chosen as the others' are:
            # each tile after the last moment it would have been played (it fits the ends of
            # a draw or pass), before it is played, the earliest needed first.
            tiles = list(tiles_of((observation.hand if s == me else hands[s]) | played[s]))
            rng.shuffle(tiles)
            after = {
                t: max((i for i, pips in stuck[s] if HIGH[t] in pips or LOW[t] in pips), default=-1)
                for t in tiles
            }
            left = sorted(tiles, key=lambda t: played_at.get(t, never))
            drawn: list[int] = []
            for j in reversed(draws_at[s]):
                # The later draws first take the tiles that must come last.
                fit = [t for t in left if after[t] <= j and played_at.get(t, never) > j]
                late = [t for t in fit if after[t] >= 0] or fit
                if not late:
                    break
                t = (
                    late[rng.randrange(len(late))]
                    if late is fit
                    else max(late, key=lambda u: after[u])
                )
                drawn.append(t)
                left.remove(t)
            drawn.reverse()
            draws.append(drawn)
            dealt.append(left)
        state = _replay(game, dealt, draws, live, observation, history)
        if state is not None:
            return state
    raise RuntimeError(f"no past consistent with seat {me}'s observation in {tries} tries")


def _replay(
    game: BoneyardGame,
    dealt: list[list[int]],
    draws: list[list[int]],
    live: list[int],
    observation: Observation,
    history: list[Any],
) -> BoneyardState | None:
    rules = game.rules
    if any(len(d) != rules.hand_size for d in dealt):
        return None
    state = game.new_initial_state()
    reserve = live[len(live) - game.reserve :] if game.reserve else []
    try:
        for d in dealt:
            for t in d:
                state.apply_action(t)
        for t in reserve:
            state.apply_action(t)
        if state.is_chance_node() and state.hand is None:
            state.apply_action(observation.leader)
        cursor = [0] * rules.players
        for move in history:
            hand = state.hand
            if hand is None or hand.turn != move.seat or state.is_chance_node():
                return None
            action: Action = move.action
            state.apply_action(game.codec.action_id(action, hand.layout))
            if type(action) is Draw:
                state.apply_action(draws[move.seat][cursor[move.seat]])
                cursor[move.seat] += 1
    except (ValueError, RuntimeError, IndexError, pyspiel.SpielError):
        return None
    hand = state.hand
    if hand is None or state.is_chance_node() or hand.hands[observation.seat] != observation.hand:
        return None
    if hand.turn != observation.turn or len(hand.history) != len(history):
        return None
    return state


class OpenSpielAgent:
    """An OpenSpiel bot as a boneyard agent: ``make_bot(game, player, rng)`` makes the bot (once
    per seat and rule set); at each choice it steps on a state drawn from the observation
    (:func:`state_from_observation`), and its action id is decoded to the engine's action."""

    def __init__(self, make_bot: BotMaker, name: str = "openspiel") -> None:
        self.make_bot = make_bot
        self.name = name
        self._game: BoneyardGame | None = None
        self._bots: dict[int, Any] = {}

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        if len(observation.legal_actions) == 1:
            return observation.legal_actions[0]
        game = self._game
        if game is None or game.rules is not observation.rules:
            game = self._game = openspiel_game(observation.rules)
            self._bots = {}
        bot = self._bots.get(observation.seat)
        if bot is None:
            bot = self._bots[observation.seat] = self.make_bot(game, observation.seat, rng)
        state = state_from_observation(game, observation, rng)
        action_id = int(bot.step(state))
        return game.codec.decode(observation, action_id)


def ismcts(simulations: int = 100, uct_c: float = 2.0, rollouts: int = 1) -> OpenSpielAgent:
    """The plug-in factory of OpenSpiel's IS-MCTS bot (random rollouts):
    ``boneyard.env.openspiel_bots:ismcts(simulations=100)``. The bot's random state is seeded
    from boneyard's generator, so a run is reproducible."""
    from open_spiel.python.algorithms import ismcts as os_ismcts
    from open_spiel.python.algorithms import mcts

    def make(game: Any, player: int, rng: random.Random) -> Any:
        random_state = np.random.RandomState(rng.randrange(2**31))
        evaluator = mcts.RandomRolloutEvaluator(rollouts, random_state)
        return os_ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=random_state)

    return OpenSpielAgent(make, name=f"ismcts-{simulations}")
