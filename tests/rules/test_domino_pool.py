"""Domino Pool (RULES.md §2.8): POOL-1 and POOL-2 of §4.6, shares of the pool (RECORD.md), the
running balances of stakes, a match of ``rounds`` pools, and records that replay."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boneyard import DRAW, PASS, Match, OptionError, play
from boneyard.core.protocol import HandResult
from boneyard.core.record import RecordError, match_to_record, replay_record
from boneyard.core.tiles import DOUBLE, HIGH, PIPS
from boneyard.games.line.state import LineState
from boneyard.games.pool import PoolRules
from conftest import StubRng, T, arranged, assert_illegal, build, configure, load_record


def pool(players: int | None = None, **options: Any) -> PoolRules:
    rules = configure("domino-pool", None, players, **options)
    assert isinstance(rules, PoolRules)
    return rules


def end_result(hands: list[str], ended: str, out: int | None, **options: Any) -> HandResult:
    state = arranged("domino-pool", "foster", len(hands), hands, **options)
    return state.rules.hand_result(state, ended, out)


def play_out(state: LineState, rng: random.Random) -> None:
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))


def play_match(match: Match, rng: random.Random) -> None:
    while True:
        play_out(match.hand, rng)
        if match.next_hand() is None:
            return


# ----------------------------------------------------------------------------------------- POOL-1
@pytest.mark.parametrize(
    ("players", "hand", "stock"), [(3, 6, 10), (4, 5, 8), (5, 4, 8), (6, 3, 10)]
)
def test_pool1_equal_hands_leave_at_least_eight(players: int, hand: int, stock: int) -> None:
    rules = pool(players)
    assert rules.hand_size == hand == (28 - 8) // players
    state = Match(rules, seed=players).hand
    assert state.hand_sizes() == (hand,) * players
    assert state.stock_size() == stock >= 8


def test_four_players_by_default() -> None:
    rules = pool()
    assert (rules.players, rules.rule_set, rules.options["hand_size"]) == (
        4,
        "foster",
        ((3, 6), (4, 5), (5, 4), (6, 3)),
    )


@pytest.mark.parametrize("players", [2, 7])
def test_two_or_seven_players_are_refused(players: int) -> None:
    with pytest.raises(OptionError, match=f"domino-pool is for 3 to 6 players, not {players}"):
        pool(players)


def test_no_drawing_go_passes() -> None:
    deal = [
        "6-6 6-5 6-4 6-3 6-2",
        "5-5 5-4 5-3 5-2 5-1",
        "4-4 4-3 4-2 4-1 4-0",
        "3-3 3-2 3-1 3-0 2-2",
    ]
    state = build(pool(), deal, leader=0, lead_by_deal=False)
    assert state.stock_size() == 8
    state.apply(play(T("6-6")))
    for seat in (1, 2, 3):
        assert (state.turn, state.legal_actions()) == (seat, [PASS])
        assert_illegal(state, DRAW, "there is no drawing in this game")
        state.apply(PASS)
    assert state.turn == 0
    state.apply(play(T("6-5"), "R"))
    assert set(state.legal_actions()) == {
        play(T(t), "R") for t in ("5-5", "5-4", "5-3", "5-2", "5-1")
    }


# ----------------------------------------------------------------------------------------- POOL-2
def test_pool2_the_two_sevens_divide_the_pool() -> None:
    result = end_result(["4-3", "6-1", "6-6"], "blocked", None)
    assert result.pips == (7, 7, 12)
    assert (result.winner, result.points, result.end_points) == (None, (0.5, 0.5, 0), (0.5, 0.5, 0))
    # A pool of 10: 5 each.
    assert [10 * share for share in result.points] == [5, 5, 0]
    assert result.reason == "blocked: seats 0 and 1 tie for the fewest pips (7) and divide the pool"


def test_pool2_by_play() -> None:
    record = load_record("domino_pool_pool2.json")
    replay = replay_record(record)
    assert replay.disagreements == []
    assert replay.to_json() == {
        "game": "domino-pool",
        "rules": "foster",
        "sides": [[0], [1], [2]],
        "hands": [{"points": [0.5, 0.5, 0], "ended": "blocked", "winner": None}],
        "totals": [0.5, 0.5, 0],
        "complete": False,
        "winner": None,
    }
    result = replay.match.hand.result
    assert result is not None and result.pips == (7, 7, 12)


def test_a_sole_winner_takes_the_whole_pool() -> None:
    out = end_result(["", "6-6", "1-0", "5-4"], "domino", 0)
    assert (out.winner, out.points) == (0, (1, 0, 0, 0))
    assert out.reason == "seat 0 went out and takes the pool"
    blocked = end_result(["6-6", "1-0", "5-4", "3-3"], "blocked", None)
    assert (blocked.winner, blocked.points) == (1, (0, 1, 0, 0))
    assert blocked.reason == "blocked: seat 1 holds the fewest pips (1) and takes the pool"


def test_a_three_way_tie_divides_the_pool_in_thirds() -> None:
    result = end_result(["4-1", "3-2", "6-6", "5-0"], "blocked", None)
    assert result.winner is None
    assert result.points == (1 / 3, 1 / 3, 0, 1 / 3)
    assert sum(result.points) == 1
    assert "seats 0, 1 and 3 tie for the fewest pips (5)" in result.reason


def test_a_three_way_tie_by_play() -> None:
    replay = replay_record(load_record("domino_pool_three_way.json"))
    assert replay.disagreements == []
    third = 1 / 3
    assert replay.to_json() == {
        "game": "domino-pool",
        "rules": "foster",
        "sides": [[0], [1], [2], [3]],
        "hands": [{"points": [third, third, 0, third], "ended": "blocked", "winner": None}],
        "totals": [third, third, 0, third],
        "complete": False,
        "winner": None,
    }
    result = replay.match.hand.result
    assert result is not None and result.pips == (8, 8, 13, 8)


def test_replay_totals_are_exact_sums_of_shares() -> None:
    replay = replay_record(load_record("domino_pool_three_way.json"))
    third = replay.hands[0]
    # Six pools divided three ways: floating-point addition would give 1.9999999999999998.
    replay.hands.extend([third] * 5)
    assert sum([1 / 3] * 6) != 2
    assert replay.totals == [2, 2, 0, 2]
    assert all(type(t) is int for t in replay.totals)


def test_hand_double_value_decides_the_lowest_hand() -> None:
    hands = ["6-6", "6-1", "5-4"]  # 12, 7, 9: seat 1
    assert end_result(hands, "blocked", None).points == (0, 1, 0)
    assert end_result(hands, "blocked", None, hand_double_value="one_half").points == (1, 0, 0)


# --------------------------------------------------------------------------------------- balances
def test_balances_of_stakes() -> None:
    rules = pool(4)
    # One pool: a sole winner is up 3 stakes, the others down 1.
    assert rules.balances([1, 0, 0, 0], 1) == [3, -1, -1, -1]
    # Two who divide a pool each get 2 of the 4 stakes back: +1 each.
    assert rules.balances([0.5, 0.5, 0, 0], 1) == [1, 1, -1, -1]
    assert rules.balances([1, 0, 0.5, 0.5], 2, stake=5) == [10, -10, 0, 0]
    thirds = [1 / 3, 1 / 3, 0, 1 / 3]
    assert rules.balances(thirds, 1) == [1 / 3, 1 / 3, -1, 1 / 3]
    assert sum(pool(3).balances([1.5, 0.5, 1], 3)) == 0
    assert pool(5).balances([1, 0, 0, 0, 0], 1) == [4, -1, -1, -1, -1]


@pytest.mark.parametrize("seed", range(5))
def test_balances_always_sum_to_nothing(seed: int) -> None:
    rules = pool(3 + seed % 4)
    match = Match(rules, seed=seed)
    play_match(match, random.Random(seed))
    balances = rules.balances(match.totals, len(match.hands))
    assert abs(sum(balances)) < 1e-9
    assert sum(match.totals) == pytest.approx(rules.rounds)


# ------------------------------------------------------------------------------------- the match
def test_rounds_end_the_match() -> None:
    rules = pool(4, rounds=3)
    assert rules.match_end([3, 0, 0, 0], 2) == (False, None)
    assert rules.match_end([2, 1, 0, 0], 3) == (True, 0)
    assert rules.match_end([1, 1, 0.5, 0.5], 3) == (True, None)  # a tie: nobody wins
    # Shares that add up alike tie even when their floating-point sums differ in the last place.
    assert rules.match_winner([1 / 3 + 1 / 3 + 1, 5 / 3, 0, 0]) is None
    assert rules.match_winner([1.5, 1, 0.5, 0]) == 0


@pytest.mark.parametrize(("players", "rounds"), [(3, 1), (4, 10), (6, 4)])
def test_a_match_is_rounds_pools(players: int, rounds: int) -> None:
    rules = pool(players, rounds=rounds)
    match = Match(rules, seed=rounds)
    play_match(match, random.Random(rounds))
    assert match.over and len(match.hands) == rounds
    leaders = [h.leader for h in match.hands]
    assert leaders == [(leaders[0] + k) % players for k in range(rounds)]
    best = max(match.totals)
    if match.totals.count(best) == 1:
        assert match.winner == match.totals.index(best)
    else:
        assert match.winner is None


def test_the_default_match_is_ten_pools() -> None:
    assert pool().rounds == 10
    match = Match(pool(5), seed=1)
    play_match(match, random.Random(1))
    assert len(match.hands) == 10


def test_rounds_must_be_at_least_one() -> None:
    with pytest.raises(OptionError, match="rounds must be at least 1"):
        pool(rounds=0)


def test_a_match_record() -> None:
    """Five players, four pools: a divided pool, then three sole winners."""
    replay = replay_record(load_record("domino_pool_match.json"))
    assert replay.disagreements == []
    assert replay.to_json() == {
        "game": "domino-pool",
        "rules": "foster",
        "sides": [[0], [1], [2], [3], [4]],
        "hands": [
            {"points": [0, 0, 0, 0.5, 0.5], "ended": "blocked", "winner": None},
            {"points": [0, 0, 0, 0, 1], "ended": "domino", "winner": 4},
            {"points": [0, 0, 1, 0, 0], "ended": "domino", "winner": 2},
            {"points": [1, 0, 0, 0, 0], "ended": "domino", "winner": 0},
        ],
        "totals": [1, 0, 1, 0.5, 1.5],
        "complete": True,
        "winner": 4,
    }
    rules = replay.rules
    assert isinstance(rules, PoolRules) and rules.rounds == 4
    assert rules.balances(replay.totals, 4) == [1, -4, 1, -1.5, 3.5]


def test_a_tied_match_record() -> None:
    replay = replay_record(load_record("domino_pool_tied_match.json"))
    assert replay.disagreements == []
    assert replay.to_json() == {
        "game": "domino-pool",
        "rules": "foster",
        "sides": [[0], [1], [2]],
        "hands": [
            {"points": [0, 1, 0], "ended": "domino", "winner": 1},
            {"points": [0, 0, 1], "ended": "domino", "winner": 2},
            {"points": [1, 0, 0], "ended": "blocked", "winner": 0},
        ],
        "totals": [1, 1, 1],
        "complete": True,
        "winner": None,
    }
    record = load_record("domino_pool_tied_match.json")
    record["hands"].append(record["hands"][0])
    with pytest.raises(RecordError, match="hand 4: the match was already over after hand 3"):
        replay_record(record)


def test_a_share_recorded_wrongly_is_reported() -> None:
    record = load_record("domino_pool_pool2.json")
    record["hands"][0]["result"] = {"points": [1, 0, 0]}
    assert replay_record(record).disagreements == [
        "hand 1: the record's result is [1, 0, 0] but the replay gives [0.5, 0.5, 0]"
    ]


# -------------------------------------------------------------------------------------- the lead
def test_the_first_lead_is_drawn_for_and_recorded() -> None:
    rules = pool(4)
    leader, drawn = rules.draw_for_lead(StubRng(["3-1", "6-5", "2-0", "5-4"]))
    assert (leader, drawn) == (1, [T("3-1"), T("6-5"), T("2-0"), T("5-4")])
    match = Match(rules, seed=9)
    drawn = match.lead_draw or []
    state = match.hand
    assert state.leader == max(range(4), key=lambda s: (PIPS[drawn[s]], HIGH[drawn[s]]))
    assert not state.lead_by_deal
    assert match_to_record(match)["hands"][0]["leader"] == state.leader
    # The leader may lead any tile he holds, either way round.
    held = [t for t in range(28) if state.hands[state.leader] >> t & 1]
    assert len(state.legal_actions()) == sum(1 if DOUBLE[t] else 2 for t in held)


def test_later_pools_are_led_by_the_next_player() -> None:
    rules = pool(5)
    assert rules.next_leader(4, None) == 0
    assert pool(5, turn_direction="ccw").next_leader(4, None) == 3


@pytest.mark.parametrize("option", ["partnerships", "target_score", "draw_policy", "whist_debit"])
def test_options_that_do_not_apply(option: str) -> None:
    with pytest.raises(OptionError, match=f"option '{option}' does not apply to domino-pool"):
        pool(**{option: "1"})
