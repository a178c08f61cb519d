"""Bridges between boneyard and the third-party engines its players are measured against.

``benchmarks/strength.py`` plays every hand in boneyard's engine and, when it is a third-party
bot's turn, builds that engine's own state for the same position, asks the bot, and maps its
move back to a boneyard action. At the end of every hand it replays the hand in the other engine
and checks that the other engine scores it exactly as boneyard does (the rules match).

* OpenSpiel ``python_block_dominoes`` (two-player Block): :func:`openspiel_block_rules`,
  :func:`openspiel_state`, :func:`openspiel_actions`, :func:`openspiel_returns`,
  :class:`InferenceResampler` (the ISMCTS bot's world sampler, from boneyard's inference).
* PyPI ``dominoes`` (four-player partnership, Puerto Rico rules): :func:`dominoes_rules`,
  :func:`dominoes_game`, :func:`dominoes_moves`, :func:`play_of_dominoes_move`,
  :func:`dominoes_points`.

The third-party packages are imported inside the functions only, so this module imports without
them (they are the ``bench`` extra).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from boneyard.core.actions import Pass, Play
from boneyard.core.layout import Layout
from boneyard.core.tiles import DOUBLE, HIGH, LOW, tile, tiles_of
from boneyard.games import get_game
from boneyard.games.line.rules import LineRules
from boneyard.games.line.state import LineState
from boneyard.players.search.inference import Inference

__all__ = [
    "OPENSPIEL_BLOCK_OPTIONS",
    "InferenceResampler",
    "distinct_choices",
    "dominoes_game",
    "dominoes_moves",
    "dominoes_points",
    "dominoes_rules",
    "edge_of_play",
    "openspiel_actions",
    "openspiel_block_rules",
    "openspiel_game",
    "openspiel_returns",
    "openspiel_state",
    "play_of_dominoes_move",
    "replay_plays",
]

# ---------------------------------------------------------------------------------------------
# Shared: the plays of a hand with the layout each was laid on.


def replay_plays(rules: LineRules, state: LineState) -> list[tuple[int, Play, Layout | None]]:
    """Every play of the hand so far, in order, as ``(seat, play, layout before it)``
    (``None`` before the lead). Passes are left out: neither third-party engine has them."""
    out: list[tuple[int, Play, Layout | None]] = []
    layout: Layout | None = None
    for move in state.history:
        action = move.action
        if not isinstance(action, Play):
            continue
        out.append((move.seat, action, layout))
        if layout is None or action.end is None:
            layout = rules.lead_layout(action.tile, action.open)
        else:
            layout = rules.lay(layout, action)
    return out


def edge_of_play(layout: Layout | None, action: Play) -> int | None:
    """The pip of the end ``action`` is laid on (``None`` for the lead)."""
    if layout is None or action.end is None:
        return None
    return layout.pips[layout.names.index(action.end)]


def distinct_choices(state: LineState) -> int:
    """How many really different moves the seat to move has: plays of the same tile on two
    ends showing the same pip are one move, and a lead is one move per tile (its orientation
    only names the ends). Both third-party engines count moves this way."""
    layout = state.layout
    keys = set()
    for action in state.legal_tuple():
        if isinstance(action, Play):
            keys.add((action.tile, edge_of_play(layout, action)))
        else:
            keys.add((-1, None))
    return len(keys)


# ---------------------------------------------------------------------------------------------
# OpenSpiel python_block_dominoes.

# OpenSpiel's python_block_dominoes in boneyard's terms: two players, seven tiles each from a
# double-six set, the other fourteen never drawn (draw_policy=none is block's default), seat 0
# poses any tile (LineState.from_deal(..., leader=0, lead_by_deal=False)); a player who cannot
# play passes (OpenSpiel: the other player moves again); the hand ends when a player is out or
# nobody can play; the winner (fewer pips when blocked) scores the loser's pips, a tie scores 0.
OPENSPIEL_BLOCK_OPTIONS: dict[str, str | int] = {
    "hand_size": 7,
    "draw_policy": "none",
    "first_lead": "random",  # never used: the leader is given (seat 0)
    "lead_tile": "any",
    "domino_points": "pips",
    "blocked_scoring": "opponents",
    "blocked_tie": "no_score",
    "spinner": "none",
}


def openspiel_block_rules() -> LineRules:
    """boneyard's ``block`` configured to OpenSpiel's ``python_block_dominoes`` rules. Start a
    hand with ``LineState.from_deal(rules, hands, stock, leader=0, lead_by_deal=False)``."""
    return get_game("block").configure(players=2, options=OPENSPIEL_BLOCK_OPTIONS)


@cache
def openspiel_game() -> Any:
    """The loaded ``python_block_dominoes`` game (registered by ``open_spiel.python.games``)."""
    import pyspiel
    from open_spiel.python import games  # noqa: F401  (registers the python_* games)

    return pyspiel.load_game("python_block_dominoes")


def openspiel_tile(t: int) -> tuple[float, float]:
    """A boneyard tile as OpenSpiel writes it: ``(low, high)`` as floats."""
    return (float(LOW[t]), float(HIGH[t]))


@cache
def _openspiel_tables() -> tuple[dict[tuple[float, float], int], dict[tuple[Any, ...], int]]:
    """OpenSpiel's chance outcome per tile and action id per ``(player, tile, edge)``."""
    from open_spiel.python.games import block_dominoes as bd

    deal = {t: i for i, t in enumerate(bd._DECK)}
    actions = {(a.player, a.tile, a.edge): i for i, a in enumerate(bd._ACTIONS)}
    return deal, actions


def openspiel_action(seat: int, action: Play, layout: Layout | None) -> int:
    """The OpenSpiel action id of a boneyard play by ``seat`` laid on ``layout``: the tile and
    the pip of the edge it covers (``None`` for the lead)."""
    edge = edge_of_play(layout, action)
    _, actions = _openspiel_tables()
    return actions[(seat, openspiel_tile(action.tile), None if edge is None else float(edge))]


def openspiel_state(state: LineState) -> Any:
    """The ``python_block_dominoes`` state of the same position as boneyard's ``state``.

    The deal is applied as chance outcomes in the order OpenSpiel deals (the first seven to
    player 0, the next seven to player 1; the rest stay in its ``deck``), then every play so far
    is replayed as the player's action (tile, covered edge). boneyard's passes have no OpenSpiel
    action: OpenSpiel gives the turn straight back to the player who can move.
    """
    deal_ids, _ = _openspiel_tables()
    ps = openspiel_game().new_initial_state()
    for seat in (0, 1):
        for t in tiles_of(state.deal[seat]):
            ps.apply_action(deal_ids[openspiel_tile(t)])
    for seat, action, layout in replay_plays(state.rules, state):
        ps.apply_action(openspiel_action(seat, action, layout))
    return ps


def openspiel_actions(state: LineState) -> dict[int, Play]:
    """The legal plays of the seat to move by OpenSpiel action id (one boneyard play for each:
    of two plays on ends showing the same pip, or of a lead's two orientations, the first)."""
    out: dict[int, Play] = {}
    for action in state.legal_tuple():
        if isinstance(action, Play):
            out.setdefault(openspiel_action(state.turn, action, state.layout), action)
    return out


def openspiel_returns(state: LineState) -> list[float]:
    """OpenSpiel's ``returns()`` for the finished hand replayed in OpenSpiel (asserts that
    OpenSpiel finds the hand over too)."""
    ps = openspiel_state(state)
    if not ps.is_terminal():
        raise AssertionError(f"boneyard ended the hand, OpenSpiel did not: {ps}")
    return [float(r) for r in ps.returns()]


class InferenceResampler:
    """The ISMCTS bot's world sampler: ``python_block_dominoes`` has no
    ``resample_from_infostate``, so ``bot.set_resampler(InferenceResampler(state, seed))``.

    Each call returns a clone of the OpenSpiel state with the opponent's hand and the undealt
    tiles redrawn uniformly among the deals consistent with what the player to move has seen
    (boneyard's exact :class:`~boneyard.players.search.inference.Inference` of that seat's
    observation: the tiles it has not seen, less the numbers each pass proves the opponent lacked).
    The inference is built once per decision (ISMCTS calls the sampler once per simulation, all from
    the same root).
    """

    def __init__(self, state: LineState, seed: int) -> None:
        self.seat = state.turn
        self.inference = Inference.from_observation(state.observation(state.turn))
        self.rng = random.Random(seed)
        self.calls = 0

    def __call__(self, ps: Any, player: int) -> Any:
        if player != self.seat:
            raise AssertionError(f"resampler for seat {self.seat} asked for player {player}")
        hands, stock = self.inference.sample(self.rng)
        clone = ps.clone()
        opp = 1 - player
        clone.hands[opp] = sorted(openspiel_tile(t) for t in tiles_of(hands[opp]))
        clone.deck = sorted(openspiel_tile(t) for t in stock)
        self.calls += 1
        return clone


# ---------------------------------------------------------------------------------------------
# PyPI dominoes (abw333/dominoes): four-player partnership, Puerto Rico rules.


def dominoes_rules() -> LineRules:
    """boneyard's ``partnership`` game under the ``puerto-rico`` rule set: the rules of the
    ``dominoes`` package (the holder of 6-6 leads it, play passes 0, 1, 2, 3; going out scores the
    pips left in all hands, a blocked hand gives the side with fewer pips all remaining pips,
    equal sides score nothing)."""
    return get_game("partnership").configure(rules="puerto-rico")


def _domino(t: int, first: int | None = None) -> Any:
    import dominoes

    if first is None:
        return dominoes.Domino(HIGH[t], LOW[t])
    return dominoes.Domino(first, HIGH[t] + LOW[t] - first)


def dominoes_move(action: Play, layout: Layout | None) -> tuple[Any, bool]:
    """A boneyard play as a ``dominoes`` move ``(Domino, left)``: end L is ``left=True``, R is
    ``left=False``. A lead is laid with its L pip first (``dominoes`` puts a lead's ``first``
    half on the left, and boneyard's ``open`` is the pip toward R)."""
    if layout is None or action.end is None:
        t = action.tile
        if DOUBLE[t] or action.open is None:
            return _domino(t, HIGH[t]), True
        return _domino(t, HIGH[t] + LOW[t] - action.open), True
    return _domino(action.tile), action.end == "L"


def dominoes_game(state: LineState) -> Any:
    """A ``dominoes.Game`` equal to boneyard's position: the true dealt hands (the package's
    players read only the other hands' sizes and the public moves, see
    ``Game.random_possible_hands``), the leader as turn and starting player, and every play so
    far replayed with ``make_move`` (which records the passes itself). Checks that the package
    agrees on whose turn it is at every play and at the end."""
    import dominoes

    hands = [dominoes.Hand([_domino(t) for t in tiles_of(mask)]) for mask in state.deal]
    leader = state.leader
    game = dominoes.Game(
        dominoes.Board(), hands, [], leader, tuple((d, True) for d in hands[leader]), leader, None
    )
    for seat, action, layout in replay_plays(state.rules, state):
        if game.turn != seat:
            raise AssertionError(f"dominoes has player {game.turn} to move, boneyard seat {seat}")
        game.make_move(*dominoes_move(action, layout))
    passes = sum(1 for m in state.history if isinstance(m.action, Pass))
    if game.moves.count(None) != passes:
        raise AssertionError(f"dominoes recorded {game.moves.count(None)} passes, not {passes}")
    if not state.over and game.turn != state.turn:
        raise AssertionError(f"dominoes has player {game.turn} to move, not seat {state.turn}")
    return game


def _move_key(move: tuple[Any, bool], left_pip: int | None, right_pip: int | None) -> tuple:
    d, left = move
    t = tile(d.first, d.second)
    if left_pip is None:
        return (t, None)
    return (t, left_pip if left else right_pip)


def dominoes_moves(state: LineState) -> dict[tuple, Play]:
    """The legal plays of the seat to move keyed as ``dominoes`` moves are (tile, pip of the end
    covered; ``None`` for the lead): ``dominoes`` lists one move for a tile that fits both ends
    when they show the same pip."""
    layout = state.layout
    return {
        (a.tile, edge_of_play(layout, a)): a for a in state.legal_tuple() if isinstance(a, Play)
    }


def play_of_dominoes_move(state: LineState, game: Any, move: tuple[Any, bool]) -> Play:
    """The boneyard play for the ``dominoes`` move ``(Domino, left)`` chosen in ``game`` (built
    by :func:`dominoes_game` for ``state``). Also checks that both engines list the same
    moves."""
    ends = (game.board.left_end(), game.board.right_end()) if len(game.board) else (None, None)
    ours = dominoes_moves(state)
    theirs = {_move_key(m, *ends) for m in game.valid_moves}
    if theirs != set(ours):
        raise AssertionError(f"moves differ: dominoes {sorted(theirs)}, boneyard {sorted(ours)}")
    d, left = move
    if ends[0] is None:
        lead = ours[(tile(d.first, d.second), None)]
        # Keep the package's orientation: its first half goes on the left.
        t = lead.tile
        if DOUBLE[t]:
            return lead
        return Play(t, None, d.second)
    if layout_end_pip(state, "L" if left else "R") != (ends[0] if left else ends[1]):
        raise AssertionError("boneyard's L/R ends are not the package's left/right ends")
    return Play(tile(d.first, d.second), "L" if left else "R")


def layout_end_pip(state: LineState, end: str) -> int:
    """The pip showing at end ``end`` of the current layout."""
    layout = state.layout
    assert layout is not None
    return layout.pips[layout.names.index(end)]


def dominoes_points(state: LineState) -> int:
    """The package's ``result.points`` (positive for players 0 and 2) for the finished hand
    replayed in ``dominoes``."""
    game = dominoes_game(state)
    if game.result is None:
        raise AssertionError(f"boneyard ended the hand, dominoes did not:\n{game}")
    return int(game.result.points)
