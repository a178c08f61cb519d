"""Properties of random games of Domino Whist and Domino Pool (hypothesis).

A hypothesis-drawn seed drives a ``random.Random`` that picks legal actions. At every step: every
tile is in exactly one place; ``legal_actions()`` is exactly the set of actions that ``apply()``
accepts, and a rejected action changes nothing; observations show a seat only its own tiles. At
the end of a hand: it ended by itself within a bounded number of steps, the way it ended is right,
and what it scored equals an independent reference of the debits (RULES.md §3 row 31, §5.3) or of
the shares of the pool (RULES.md §2.8, RECORD.md). Whole matches end as the rules say, and their
records replay to the same hands and totals."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boneyard import DRAW, PASS, IllegalAction, LineState, Match, Play, get_game, play
from boneyard.core.record import match_to_record, replay_record
from boneyard.core.tiles import DOUBLE, HIGH, LOW, PIPS
from boneyard.games.line.rules import LineRules
from boneyard.games.pool import PoolRules
from conftest import snapshot

# (game, players, options)
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("domino-whist", 4, {}),
    ("domino-whist", 4, {"whist_debit": "side_of_highest_holder_all_pips"}),
    ("domino-whist", 4, {"whist_debit": "highest_holder_own_pips"}),
    ("domino-whist", 4, {"target_is_loss": False, "next_lead": "winner"}),
    ("domino-whist", 4, {"turn_direction": "ccw", "next_lead": "same_as_first"}),
    ("domino-whist", 4, {"hand_double_value": "one_half", "next_lead": "rotate_right"}),
    ("domino-pool", 3, {}),
    ("domino-pool", 4, {}),
    ("domino-pool", 5, {}),
    ("domino-pool", 6, {}),
    ("domino-pool", 4, {"turn_direction": "ccw", "hand_double_value": "one_half"}),
    ("domino-pool", 5, {"first_lead": "highest_double", "lead_tile": "the_deciding_double"}),
    ("domino-pool", 6, {"first_lead": "highest_double", "no_double": "draw_until_found"}),
    ("domino-pool", 3, {"first_lead": "lowest_double", "no_double": "redeal", "rounds": 3}),
    ("domino-pool", 4, {"next_lead": "winner", "first_lead": "random", "hand_size": 7}),
]


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = config
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{players}p" + (f"-{extra}" if extra else "")


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
BASE = settings()
STEPWISE = settings(BASE, max_examples=max(4, BASE.max_examples // 3))
MATCHES = settings(BASE, max_examples=max(4, BASE.max_examples // 5))


def configure(config: tuple[str, int, dict[str, Any]], **more: Any) -> LineRules:
    game, players, options = config
    return get_game(game).configure(None, {**options, **more}, players)


# --------------------------------------------------------------------------------- per-step checks
def check_tiles(state: LineState) -> None:
    places = [*state.hands, state.layout.placed if state.layout is not None else 0]
    stock = 0
    for t in state.stock[state.stock_pos :]:
        assert not stock >> t & 1, "a stock tile twice"
        stock |= 1 << t
    places.append(stock)
    union = 0
    for m in places:
        assert union & m == 0, "a tile is in two places"
        union |= m
    assert union == state.rules.tiles.all_mask, "a tile is missing"


def candidates(state: LineState) -> list[Any]:
    """A superset of every action: every tile at every end (leads both ways), draw and pass."""
    out: list[Any] = [DRAW, PASS]
    if state.layout is None:
        for t in range(28):
            out.extend([play(t)] if DOUBLE[t] else [play(t, None, LOW[t]), play(t, None, HIGH[t])])
    else:
        for name in (*state.layout.names, "X"):
            out.extend(play(t, name) for t in range(28))
    return out


def check_legal_is_what_apply_accepts(state: LineState) -> None:
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    before = snapshot(state)
    accepted = set()
    for action in candidates(state):
        if action in legal:
            state.copy().apply(action)  # must not raise
            accepted.add(action)
        else:
            with pytest.raises(IllegalAction):
                state.apply(action)
    assert snapshot(state) == before, "a rejected action changed the state"
    assert accepted == set(legal), "a legal action is outside the candidates"


def check_observations(state: LineState) -> None:
    for seat in range(state.rules.players):
        obs = state.observation(seat)
        assert obs.hand == state.hands[seat]
        assert obs.hand_sizes == tuple(h.bit_count() for h in state.hands)
        assert obs.stock_size == len(state.stock) - state.stock_pos
        assert not state.rules.can_draw, "nobody draws for tiles in these games"
        if seat == state.turn and not state.over:
            assert list(obs.legal_actions) == state.legal_actions()
        else:
            assert obs.legal_actions == ()
        for public, private in zip(obs.history, state.history, strict=True):
            assert public.drawn is None and public.action == private.action


# --------------------------------------------------------------------------------- the reference
def reference_pips(options: Any, hand: int) -> list[int]:
    return [
        HIGH[t] if DOUBLE[t] and options["hand_double_value"] == "one_half" else PIPS[t]
        for t in range(28)
        if hand >> t & 1
    ]


def reference_whist(options: Any, pips: list[int]) -> tuple[int | None, list[int]]:
    """``(hand winner, points per side)``: the debit by RULES.md §3 row 31, none on a tie."""
    sides = [pips[0] + pips[2], pips[1] + pips[3]]
    rule = options["whist_debit"]
    debited: int | None
    if rule == "highest_side_own_total":
        debited = None if sides[0] == sides[1] else sides.index(max(sides))
        amount = max(sides)
    else:
        most = max(pips)
        holder_sides = {s % 2 for s in range(4) if pips[s] == most}
        debited = holder_sides.pop() if len(holder_sides) == 1 else None
        holders = [s for s in range(4) if pips[s] == most]
        amount = sum(pips) if rule == "side_of_highest_holder_all_pips" else most * len(holders)
    points = [0, 0]
    if debited is None:
        return None, points
    points[debited if options["target_is_loss"] else 1 - debited] = amount
    return 1 - debited, points


def reference_pool(pips: list[int], out: int | None) -> tuple[int | None, list[Fraction]]:
    winners = [out] if out is not None else [s for s, p in enumerate(pips) if p == min(pips)]
    shares = [Fraction(1, len(winners)) if s in winners else Fraction(0) for s in range(len(pips))]
    return (winners[0] if len(winners) == 1 else None), shares


def check_end(state: LineState) -> None:
    result = state.result
    assert state.over and result is not None and state.legal_actions() == []
    rules = state.rules
    last = state.history[-1]
    empty = [s for s, h in enumerate(state.hands) if h == 0]
    if result.ended == "domino":
        assert empty == [last.seat] == [result.out_seat] and isinstance(last.action, Play)
    else:
        assert result.ended == "blocked" and result.out_seat is None and empty == []
        lay = state.layout
        assert lay is not None
        fits = 0
        for p in lay.pips:
            if p >= 0:
                fits |= sum(1 << t for t in range(28) if p in (HIGH[t], LOW[t]))
        for h in state.hands:
            assert h & fits == 0, "the hand was called blocked but a tile fits"
    pips = [sum(reference_pips(rules.options, h)) for h in state.hands]
    assert list(result.pips) == pips
    assert sum(state.scores) == 0, "nothing is scored during play"
    if rules.game.id == "domino-whist":
        winner, points = reference_whist(rules.options, pips)
        assert (result.winner, list(result.points)) == (winner, points)
    else:
        winner, shares = reference_pool(pips, result.out_seat)
        assert result.winner == winner
        assert list(result.points) == [float(s) for s in shares]
        assert sum(result.points) == pytest.approx(1)
    assert result.end_points == result.points


def play_hand(state: LineState, rng: random.Random, stepwise: bool) -> None:
    rules = state.rules
    passes = 0
    for _ in range(2 * 28 * (rules.players + 1)):
        if state.over:
            break
        if stepwise:
            check_tiles(state)
            check_legal_is_what_apply_accepts(state)
            check_observations(state)
        legal = state.legal_actions()
        assert legal, "a hand that is not over has no legal action"
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        passes = passes + 1 if action == PASS else 0
        assert passes < rules.players, "a whole round of passes without the hand ending"
    assert state.over, "the hand did not end"
    check_tiles(state)
    check_end(state)


def check_record(match: Match) -> None:
    record = json.loads(json.dumps(match_to_record(match)))
    replay = replay_record(record)
    assert replay.disagreements == []
    assert len(replay.hands) == len(match.hands)
    for summary, state in zip(replay.hands, match.hands, strict=True):
        if state.result is None:
            assert summary.ended == "unfinished"
        else:
            assert summary.points == list(state.result.points)
            assert (summary.ended, summary.winner) == (state.result.ended, state.result.winner)
            assert summary.recorded == list(state.result.points)
    assert replay.totals == pytest.approx(match.totals)
    assert (replay.complete, replay.winner) == (match.over, match.winner)


def check_match_end(match: Match) -> None:
    """A finished match ended as the rules say."""
    rules = match.rules
    totals = match.totals
    assert match.over
    if rules.game.id == "domino-whist":
        target = rules.target_score
        assert match.winner is not None
        if rules.options["target_is_loss"]:
            assert totals[1 - match.winner] >= target > totals[match.winner]
        else:
            assert totals[match.winner] >= target > totals[1 - match.winner]
        # The match ended with the first hand that took a side to the target.
        last = match.hand.result
        assert last is not None
        before = [t - p for t, p in zip(totals, last.points, strict=True)]
        assert max(before) < target
    else:
        assert len(match.hands) == rules.options["rounds"]
        exact = [Fraction(t).limit_denominator(1000) for t in totals]
        assert sum(exact) == len(match.hands)
        best = max(exact)
        leaders = [i for i, t in enumerate(exact) if t == best]
        assert match.winner == (leaders[0] if len(leaders) == 1 else None)


# ---------------------------------------------------------------------------------- the properties
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@STEPWISE
@given(seed=SEEDS)
def test_every_step_of_random_hands(config: tuple[str, int, dict[str, Any]], seed: int) -> None:
    match = Match(configure(config), seed=seed)
    rng = random.Random(seed)
    for _ in range(2):
        play_hand(match.hand, rng, stepwise=True)
        if match.next_hand() is None:
            break
    check_record(match)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@MATCHES
@given(seed=SEEDS, length=st.sampled_from([1, 30, 100]))
def test_whole_matches(config: tuple[str, int, dict[str, Any]], seed: int, length: int) -> None:
    """Whist to a target of 1, 30 or 100; Pool over 1, 3 or 10 pools (or the config's rounds)."""
    game = config[0]
    if game == "domino-whist":
        rules = configure(config, target_score=length)
    else:
        rounds = config[2].get("rounds", {1: 1, 30: 3, 100: 10}[length])
        rules = configure(config, rounds=rounds)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(500):
        play_hand(match.hand, rng, stepwise=False)
        if match.next_hand() is None:
            break
    check_match_end(match)
    check_record(match)
    # Totals are the sums of the hands.
    sums = [
        sum(h.result.points[i] for h in match.hands if h.result) for i in range(len(match.totals))
    ]
    assert match.totals == pytest.approx(sums)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@MATCHES
@given(seed=SEEDS)
def test_pool_balances_are_stakes_won_less_stakes_paid(players: int, seed: int) -> None:
    rules = get_game("domino-pool").configure(None, {"rounds": 4}, players)
    assert isinstance(rules, PoolRules)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    balances = [Fraction(0)] * players
    while True:
        play_hand(match.hand, rng, stepwise=False)
        result = match.hand.result
        assert result is not None
        for s in range(players):
            # Everyone stakes 1; the pool of `players` stakes is paid out by shares.
            balances[s] += Fraction(result.points[s]).limit_denominator(1000) * players - 1
        done = match.next_hand() is None
        played = len(match.hands) if done else len(match.hands) - 1
        expected = [float(b) for b in balances]
        assert rules.balances(match.totals, played) == pytest.approx(expected)
        if done:
            break
    assert sum(balances) == 0
