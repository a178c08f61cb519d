"""OpenSpiel bots and boneyard agents, each as the other.

* :class:`BoneyardBot`: a boneyard agent (a name of :func:`~boneyard.players.agents.make_agent`,
  a plug-in included, or an :class:`~boneyard.players.agents.Agent`) as an OpenSpiel bot over
  ``python_boneyard_<game>``: at each step it is given the seat's observation, never the state;
* :class:`OpenSpielAgent`: an OpenSpiel bot (IS-MCTS, MCTS, a policy network...) as a boneyard
  agent: at each choice the bot is given an OpenSpiel state **drawn from the seat's observation**
  (:func:`state_from_observation`), never the true state.

So ``evaluate_bots`` can pit boneyard's agents against OpenSpiel's bots, and ``boneyard
tournament`` OpenSpiel's bots against boneyard's agents (the plug-in :func:`ismcts`:
``--agents 'boneyard.research.env.openspiel_bots:ismcts(simulations=100),greedy'``).

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
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel

from ...core.actions import Action, Play
from ...core.past import PastReader
from ...core.protocol import GameRules, Observation
from ...core.tiles import BIT, tiles_of
from ...players.agents import Agent, make_agent
from ...players.search.inference import Inference
from .openspiel import BoneyardGame, BoneyardState, game_name, resample

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
    game: BoneyardGame, observation: Observation, rng: random.Random, tries: int = 200
) -> BoneyardState:
    """An OpenSpiel state with the same information state for the observation's seat, drawn from the
    observation alone, never the true state. First one past consistent with the observation is built
    on a world drawn by boneyard's inference (the other seats' current hands, the stock and the
    tiles out of play, uniform among the hidden deals consistent with what the seat has seen). In
    the line games each seat's tiles are put in the order it got them (its deal, then one
    a draw: the observation shows the seat's own draws without their tiles) and the history
    replayed; where the engine refuses a move the order is repaired (a seat that drew or passed
    holding a tile it could play gets that tile later, one that played a tile it did not hold yet
    gets it earlier). A game whose rules rebuild a past themselves
    (:class:`~boneyard.core.past.PastReader`: Domino Loo, whose seats that dropped or took the
    miss were dealt tiles now out of play) gives it, and it is played into the state. A world
    with no past found is drawn again. Then that state is resampled for the seat
    (:func:`~boneyard.research.env.openspiel.resample`, what IS-MCTS calls): the other seats' pasts
    rebuilt by the engine's reading of every move. ``RuntimeError`` if no consistent past is found
    in ``tries`` worlds (not seen in the tests' hands of every game)."""
    me = observation.seat
    history = list(observation.history)
    inference = Inference.from_observation(observation)
    build = _game_past if isinstance(game.rules, PastReader) else _line_past
    for _ in range(tries):
        hands, stock = inference.sample(rng)
        state = build(game, observation, history, hands, stock, rng)
        if state is None or not _agrees(state, observation):
            continue
        try:
            return resample(state, me, rng)
        except RuntimeError:
            continue
    raise RuntimeError(f"no past consistent with seat {me}'s observation in {tries} tries")


def _agrees(state: BoneyardState, observation: Observation) -> bool:
    """Whether the state shows the observation's seat exactly what the observation does."""
    hand = state.hand
    if hand is None or state.is_chance_node() or hand.over != observation.over:
        return False
    seen = hand.observation(observation.seat)
    return (
        seen.hand == observation.hand
        and tuple(seen.hand_sizes) == tuple(observation.hand_sizes)
        and seen.stock_size == observation.stock_size
        and seen.turn == observation.turn
        and list(seen.history) == list(observation.history)
        and seen.discarded == observation.discarded
        and set(seen.legal_actions) == set(observation.legal_actions)
    )


def _game_past(
    game: BoneyardGame,
    observation: Observation,
    history: list[Any],
    hands: Sequence[int],
    stock: Sequence[int],
    rng: random.Random,
) -> BoneyardState | None:
    """The past the game itself finds leading to the world ``hands``/``stock``
    (:class:`~boneyard.core.past.PastReader`: Domino Loo's miss and discards), played into an
    OpenSpiel state: the deals, the tiles turned up, the leader where chance picks it, then each
    move, the tiles it takes from the stock following it."""
    rules = game.rules
    if not isinstance(rules, PastReader):
        return None
    past = rules.past_for(observation, hands, stock, rng)
    if past is None:
        return None
    taken = [list(t) for t in past.taken]
    state = game.new_initial_state()
    try:
        for d in past.dealt:
            for t in d:
                state.apply_action(t)
        for t in past.turned:
            state.apply_action(t)
        if state.is_chance_node() and state.hand is None:
            state.apply_action(observation.leader)
        for move in past.history:
            hand = state.hand
            if hand is None or hand.turn != move.seat or state.is_chance_node():
                return None
            state.apply_action(game.codec.action_id(move.action, hand.layout))
            while state.is_chance_node():
                state.apply_action(taken[move.seat].pop(0))
    except (ValueError, RuntimeError, IndexError, pyspiel.SpielError):
        return None
    return state


def _line_past(
    game: BoneyardGame,
    observation: Observation,
    history: list[Any],
    hands: Sequence[int],
    stock: Sequence[int],
    rng: random.Random,
) -> BoneyardState | None:
    """A past (in a game that does not rebuild it itself) leading to the world
    ``hands``/``stock``: each seat's tiles (those it holds and played) in the order it got them,
    its deal first then one a draw (its own too: the observation shows a draw without its tile),
    found by replaying the history and
    repairing the order where the engine refuses a move: a seat that drew or passed holding a tile
    it could play gets that tile later; one that played a tile it did not hold yet gets it earlier.
    ``None`` if no order is found in a bounded number of repairs."""
    rules = game.rules
    me = observation.seat
    played = [0] * rules.players
    for move in history:
        if type(move.action) is Play:
            played[move.seat] |= BIT[move.action.tile]
    order: list[list[int]] = []
    for s in range(rules.players):
        tiles = list(tiles_of((observation.hand if s == me else hands[s]) | played[s]))
        if len(tiles) < rules.hand_size:
            return None
        rng.shuffle(tiles)
        order.append(tiles)
    live = list(stock[: observation.stock_size])
    for _ in range(4 * len(history) + 20):
        replayed = _replay(game, order, live, observation, history)
        if not isinstance(replayed, _Repair):
            return replayed
        tiles = order[replayed.seat]
        got = replayed.got
        if replayed.later:
            choices = list(range(got, len(tiles)))
        else:
            choices = [j for j in range(got) if replayed.held & BIT[tiles[j]]]
        if not choices:
            return None
        i = tiles.index(replayed.tile)
        j = choices[rng.randrange(len(choices))]
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return None


class _Repair:
    """Where a replay failed: ``seat`` had got its first ``got`` tiles and holds ``held``;
    ``tile`` must come ``later`` (it could have been played) or earlier (it was played)."""

    __slots__ = ("got", "held", "later", "seat", "tile")

    def __init__(self, seat: int, got: int, held: int, tile: int, later: bool) -> None:
        self.seat = seat
        self.got = got
        self.held = held
        self.tile = tile
        self.later = later


def _replay(
    game: BoneyardGame,
    order: list[list[int]],
    live: list[int],
    observation: Observation,
    history: list[Any],
) -> BoneyardState | _Repair | None:
    """The history replayed with each seat getting ``order[seat]`` (its deal, then one tile a
    draw): the state, a :class:`_Repair` where the engine refused a move, ``None`` otherwise."""
    rules = game.rules
    size = rules.hand_size
    state = game.new_initial_state()
    reserve = live[len(live) - game.reserve :] if game.reserve else []
    got = [size] * rules.players
    try:
        for seat_tiles in order:
            for t in seat_tiles[:size]:
                state.apply_action(t)
        for t in reserve:
            state.apply_action(t)
        if state.is_chance_node() and state.hand is None:
            state.apply_action(observation.leader)
        for move in history:
            hand = state.hand
            if hand is None or hand.turn != move.seat or state.is_chance_node():
                return None
            seat = move.seat
            action: Action = move.action
            held = hand.hands[seat]
            action_id = game.codec.action_id(action, hand.layout)
            if action_id not in state.legal_actions():
                if type(action) is Play:
                    if held & BIT[action.tile]:
                        return None
                    return _Repair(seat, got[seat], held, action.tile, later=False)
                playable = [a.tile for a in hand.legal_actions() if type(a) is Play]
                if not playable:
                    return None
                return _Repair(seat, got[seat], held, playable[0], later=True)
            state.apply_action(action_id)
            while state.is_chance_node():
                state.apply_action(order[seat][got[seat]])
                got[seat] += 1
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
    ``boneyard.research.env.openspiel_bots:ismcts(simulations=100)``. The bot's random state is
    seeded from boneyard's generator, so a run is reproducible."""
    from open_spiel.python.algorithms import ismcts as os_ismcts
    from open_spiel.python.algorithms import mcts

    def make(game: Any, player: int, rng: random.Random) -> Any:
        random_state = np.random.RandomState(rng.randrange(2**31))
        evaluator = mcts.RandomRolloutEvaluator(rollouts, random_state)
        return os_ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=random_state)

    return OpenSpielAgent(make, name=f"ismcts-{simulations}")
