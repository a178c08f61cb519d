"""All Threes (RULES.md §2.4): Muggins aiming at multiples of three. The worked example A3-1 of
§4.2 (leads, face value and one point per three), a played hand as a game record, and what tells
the rule sets britannica (S0) and foster (S2) apart.

Records: ``tests/records/all_threes_*.json``."""

from __future__ import annotations

from typing import Any

import pytest

from boneyard import DRAW, LineState, Match, Muggins, Play, play
from boneyard.core.record import Replay, replay_record
from boneyard.core.tiles import DOUBLE, LOW, PIPS, tiles_of
from conftest import T, assert_illegal, build, configure, load_record, tiles, with_options
from test_counting_properties import (
    apply_all,
    parse_action,
    reference_count,
    reference_points,
    step_counts,
)


def lead_state(rule_set: str, lead: str, **options: Any) -> LineState:
    """A new hand in which seat 0, holding ``lead``, is to lead (any tile may lead)."""
    rules = configure("all-threes", rule_set, 2, first_lead="random", lead_tile="any", **options)
    t = T(lead)
    rest = [x for x in range(28) if x != t]
    n = rules.hand_size
    hands = [[t, *rest[: n - 1]], rest[n - 1 : 2 * n - 1]]
    return LineState.from_deal(rules, hands, rest[2 * n - 1 :], 0, lead_by_deal=False)


def replayed(name: str, **options: Any) -> Replay:
    record = load_record(name)
    return replay_record(with_options(record, **options) if options else record)


def move_points(replay: Replay, hand: int = 0) -> list[int]:
    return [m.points for m in replay.match.hands[hand].history]


# ------------------------------------------------------------------------------------------ A3-1
@pytest.mark.parametrize("rule_set", ["britannica", "foster"])
@pytest.mark.parametrize(
    ("tile", "count", "face", "per_three"),
    [
        ("6-3", 9, 9, 3),
        ("3-3", 6, 6, 2),
        ("6-6", 12, 12, 4),
        ("5-1", 6, 6, 2),
        ("0-0", 0, 0, 0),  # zero never scores
        ("2-1", 3, 3, 1),
        ("5-5", 10, 0, 0),  # a multiple of five is nothing here
        ("5-0", 5, 0, 0),
        ("6-4", 10, 0, 0),
    ],
)
def test_a3_1_leads(rule_set: str, tile: str, count: int, face: int, per_three: int) -> None:
    for unit, points in (("face", face), ("per_multiple", per_three)):
        state = lead_state(rule_set, tile, score_unit=unit, muggins_mode="auto")
        assert apply_all(state, [tile]) == [points]
        assert state.rules.count(state.layout) == count
        assert reference_count(state.rules, state.layout) == count
        assert state.scores == [points, 0]


def test_a3_1_every_lead_scores_by_its_count() -> None:
    rules = configure("all-threes", "britannica", 2)
    scoring = set()
    for t in range(28):
        led = play(t) if DOUBLE[t] else play(t, None, LOW[t])
        points = rules.points_of_play(None, led)
        assert points == reference_points(rules, PIPS[t])
        if points:
            scoring.add(str(led))
    assert scoring == {
        "2-1", "3-0", "3-3", "4-2", "5-1", "6-0",  # 3 and 6
        "5-4", "6-3",  # 9
        "6-6",  # 12
    }  # fmt: skip


@pytest.mark.parametrize(
    ("count", "face", "per_three"),
    [(3, 3, 1), (6, 6, 2), (9, 9, 3), (12, 12, 4), (15, 15, 5), (18, 18, 6), (21, 21, 7),
     (24, 24, 8), (27, 27, 9), (30, 30, 10), (0, 0, 0), (5, 0, 0), (10, 0, 0), (20, 0, 0),
     (1, 0, 0), (2, 0, 0), (4, 0, 0), (7, 0, 0), (11, 0, 0), (13, 0, 0)],
)  # fmt: skip
def test_a3_1_points_for_a_count(count: int, face: int, per_three: int) -> None:
    assert configure("all-threes", "britannica").points_for(count) == face
    per = configure("all-threes", "britannica", score_unit="per_multiple")
    assert per.points_for(count) == per_three


# ------------------------------------------------------------------------------- a played hand
HAND_COUNTS = [9, 12, 6, 5, 9, 5, 3, 4, 7]
HAND_POINTS = [9, 12, 6, 0, 9, 0, 3, 0, 0]


def test_a_hand_of_all_threes() -> None:
    replay = replayed("all_threes_hand.json")
    assert replay.disagreements == []
    state = replay.match.hand
    assert strs_of(state) == [
        "6-3",  # 9
        "3-3 at R",  # 6 + 3-3 crosswise (6) = 12
        "6-0 at L",  # 0 + 6
        "5-3 at R",  # 0 + 5
        "4-0 at L",  # 4 + 5 = 9
        "5-1 at R",  # 4 + 1
        "4-2 at L",  # 2 + 1 = 3
        "1-1 at R",  # 2 + 1-1 crosswise (2) = 4
        "5-2 at L",  # 5 + 2 = 7; seat 0 is out
    ]
    assert step_counts(state) == HAND_COUNTS
    assert move_points(replay) == HAND_POINTS
    result = state.result
    assert result is not None
    assert (result.ended, result.out_seat, result.pips) == ("domino", 0, (0, 12))
    # Going out scores the opponent's pips to the nearest five, as in All Fives (S0).
    assert result.end_points == (10, 0)
    assert replay.totals == [37, 12]
    assert state.rules.explain(state.layout) == "ends 5 + 2 = 7"


def test_a_hand_of_all_threes_one_point_per_three() -> None:
    # digitain's variant: the count divided by three, the opponent's pips to the nearest three.
    replay = replayed(
        "all_threes_hand.json", score_unit="per_multiple", domino_points="pips_round3"
    )
    assert move_points(replay) == [p // 3 for p in HAND_POINTS]
    result = replay.match.hand.result
    assert result is not None and result.end_points == (4, 0)  # 12 -> 12 -> 4
    assert replay.totals == [13, 4]


def test_a_hand_of_all_threes_with_a_double_counted_once() -> None:
    replay = replayed("all_threes_hand.json", exposed_double_value="one_half")
    # 3-3 crosswise adds 3: 6 + 3 = 9, then 0 + 3 = 3; 1-1 adds 1: 2 + 1 = 3 now scores, and
    # the last tile makes 5 + 1 = 6.
    assert move_points(replay) == [9, 9, 3, 0, 9, 0, 3, 3, 6]


def strs_of(state: LineState) -> list[str]:
    return [str(m.action) for m in state.history]


# ------------------------------------------------------------------------------- the rule sets
def test_default_rule_set_is_britannica() -> None:
    assert configure("all-threes").rule_set == "britannica"


@pytest.mark.parametrize(("rule_set", "size"), [("britannica", 5), ("foster", 7)])
def test_hand_sizes(rule_set: str, size: int) -> None:
    for players in (2, 3, 4):
        match = Match(configure("all-threes", rule_set, players), seed=players)
        assert match.hand.hand_sizes() == (size,) * players


def test_britannica_leads_by_drawing_and_any_tile_may_lead() -> None:
    rules = configure("all-threes", "britannica", 2)
    assert Match(rules, deal=False).expected_leader() == (None, False)
    match = Match(rules, seed=3)
    assert match.lead_draw is not None
    state = build(rules, ["6-5 4-1 3-3 2-0 1-0", "6-6 5-5 4-4 3-2 2-1"], leader=0)
    assert {a.tile for a in state.legal_actions()} == set(tiles("6-5 4-1 3-3 2-0 1-0"))
    assert not rules.claims and rules.spinner == "none"


def test_foster_the_highest_double_sets_and_scores_are_claimed() -> None:
    rules = configure("all-threes", "foster", 2)
    state = build(rules, ["5-5 4-3 6-4 4-2 0-0 1-0 2-1", "6-6 5-4 6-1 3-3 2-2 6-2 6-0"])
    assert state.leader == 1
    assert {a.tile for a in state.legal_actions()} == {T("6-6")}
    assert rules.claims
    assert rules.claim_values[:4] == (3, 6, 9, 12)
    assert all(v % 3 == 0 for v in rules.claim_values)
    assert_illegal(state, Play(T("6-6"), None, None, 10))  # 10 is no score in All Threes
    state.apply(parse_action("6-6"))  # 12, not claimed
    assert [a for a in state.legal_actions() if type(a) is Muggins] == [Muggins(12)]
    state.apply(Muggins(12))
    assert state.scores == [12, 0]
    state.apply(parse_action("6-4 at L claiming 3"))  # 4 + 12 = 16: a wrong claim
    assert state.scores == [12, 3]
    assert state.penalties == [(2, 1, 3)]


@pytest.mark.parametrize("rule_set", ["britannica", "foster"])
def test_draw_until_able_two_left_100_up(rule_set: str) -> None:
    rules = configure("all-threes", rule_set, 2)
    assert (rules.can_draw, rules.reserve, rules.target_score) == (True, 2, 100)
    assert (rules.domino_points, rules.blocked_scoring) == ("pips_round5", "opponents")
    state = lead_state(rule_set, "6-6", muggins_mode="auto")
    state.apply(parse_action("6-6"))
    assert not state.hands[1] & rules.tiles.suit_mask[6]  # seat 1 holds no six
    drawn = 0
    while state.legal_actions() == [DRAW]:
        state.apply(DRAW)
        drawn += 1
        assert state.stock_size() >= 2
    assert drawn > 0
    assert all(type(a) is Play for a in state.legal_actions())
    assert state.hands[1] & rules.tiles.suit_mask[6]


@pytest.mark.parametrize(
    ("name", "players"),
    [("all_threes_foster_match.json", 2), ("all_threes_britannica_3p.json", 3)],
)
def test_whole_match_records(name: str, players: int) -> None:
    replay = replayed(name)
    assert replay.disagreements == []
    assert len(replay.sides) == players
    assert replay.complete and replay.winner is not None
    assert replay.totals[replay.winner] >= 100
    assert replay.totals == replay.match.totals
    for state in replay.match.hands:
        counts = step_counts(state)
        for move, count in zip(state.history, counts, strict=True):
            if count is None or state.rules.claims:
                continue
            if not (state.over and move is state.history[-1]):
                assert move.points == reference_points(state.rules, count)
    if replay.rules.claims:
        calls = [m for h in replay.match.hands for m in h.history if type(m.action) is Muggins]
        assert calls


def test_seat_tiles_are_conserved_in_the_records() -> None:
    for name in ("all_threes_hand.json", "all_threes_foster_match.json"):
        for state in replayed(name).match.hands:
            held = 0
            for m in state.hands:
                assert not held & m
                held |= m
            assert state.layout is not None
            assert not held & state.layout.placed
            rest = 0
            for t in state.stock[state.stock_pos :]:
                rest |= 1 << t
            assert held | state.layout.placed | rest == state.rules.tiles.all_mask
            assert sum(1 for _ in tiles_of(held | state.layout.placed | rest)) == 28
