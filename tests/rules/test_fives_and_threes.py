"""Fives and Threes / Threes-and-Fives (RULES.md §2.5): the worked examples T&F-1..T&F-4 of §4.3,
the seed errors of §5 items 2 and 11, the rule sets pub (pagat, 61 exactly, no drawing) and
britannica (S0), partnerships playing on until both partners are out, and exact targets.
Records: ``tests/records/fives_and_threes_*.json``."""

from __future__ import annotations

from typing import Any

import pytest

from boneyard import DRAW, PASS, LineState, Match, Muggins, Play
from boneyard.core.record import RecordError, Replay, replay_record
from conftest import T, arranged, assert_illegal, build, configure, load_record, tiles, with_options
from test_counting_properties import (
    apply_all,
    parse_action,
    reference_count,
    reference_points,
    step_counts,
)


def replayed(name: str, **options: Any) -> Replay:
    record = load_record(name)
    return replay_record(with_options(record, **options) if options else record)


def move_points(replay: Replay, hand: int = 0) -> list[int]:
    return [m.points for m in replay.match.hands[hand].history]


def lead_state(rule_set: str, lead: str, totals: list[int] | None = None, **options: Any):
    """A new two-player hand in which seat 0, holding ``lead``, is to lead."""
    rules = configure("fives-and-threes", rule_set, 2, first_lead="random", **options)
    t = T(lead)
    rest = [x for x in range(28) if x != t]
    n = rules.hand_size
    hands = [[t, *rest[: n - 1]], rest[n - 1 : 2 * n - 1]]
    return LineState.from_deal(
        rules, hands, rest[2 * n - 1 :], 0, lead_by_deal=False, totals=totals
    )


# ------------------------------------------------------------------------------------------ T&F-1
TF1_COUNTS = [11, 6, 10, 15]
TF1_POINTS = [0, 2, 2, 8]


@pytest.mark.parametrize("rule_set", ["britannica", "pub"])
def test_tf1_s0_example_corrected(rule_set: str) -> None:
    record = load_record("fives_and_threes_tf1_britannica.json")
    record["rules"] = rule_set
    replay = replay_record(record)
    assert replay.disagreements == []
    state = replay.match.hand
    assert [str(m.action) for m in state.history] == ["6-5", "6-1 at L", "5-1 at L", "5-5 at R"]
    assert step_counts(state) == TF1_COUNTS
    assert [reference_count(state.rules, None)] == [0]
    assert move_points(replay) == TF1_POINTS
    assert replay.totals == [2, 10]  # A 2, B 10
    assert state.rules.explain(state.layout) == "ends 5 + 10 = 15 -> 8 points"


def test_seed_error_2_a_makes_two_fives_with_1_5() -> None:
    # S0 is silent about it: A's 1-5 on the 1 leaves 5 and 5, a count of 10, two fives.
    replay = replayed("fives_and_threes_tf1_britannica.json")
    third = replay.match.hand.history[2]
    assert (third.seat, str(third.action), third.points) == (0, "5-1 at L", 2)


def test_seed_error_2_the_crosswise_double_counts_both_halves() -> None:
    # B's 5-5 crosswise on a 5: 10 + 5 = 15 = five threes and three fives: 8.
    replay = replayed("fives_and_threes_tf1_britannica.json")
    last = replay.match.hand.history[-1]
    assert (last.seat, str(last.action), last.points) == (1, "5-5 at R", 8)
    # Were a double counted once, the count would be 10: two points.
    once = replayed("fives_and_threes_tf1_britannica.json", exposed_double_value="one_half")
    assert step_counts(once.match.hand) == [11, 6, 10, 10]
    assert move_points(once) == [0, 2, 2, 2]


def test_seed_error_2_a_must_have_played_1_5_on_the_1() -> None:
    # On the 5 it would leave 1 ... 1, and B's 5-5 could not be played.
    replay = replayed("fives_and_threes_tf1_britannica.json")
    state = replay.match.hands[0]
    fresh = LineState.from_deal(
        state.rules,
        [[t for t in range(28) if m >> t & 1] for m in state.deal],
        state.stock,
        state.leader,
        lead_by_deal=False,
    )
    assert apply_all(fresh, ["6-5", "6-1 at L", "5-1 at R"]) == [0, 2, 0]  # ends 1 and 1: 2
    assert all(a.tile != T("5-5") for a in fresh.legal_actions() if type(a) is Play)


# ------------------------------------------------------------------------------------------ T&F-2
TABLE = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4, 21: 7, 24: 8}
NOTHING = [0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 17, 19, 22, 23]


@pytest.mark.parametrize("rule_set", ["pub", "britannica"])
def test_tf2_points_table(rule_set: str) -> None:
    rules = configure("fives-and-threes", rule_set)
    for count, points in TABLE.items():
        assert rules.points_for(count) == points, count
        assert reference_points(rules, count) == points
    for count in NOTHING:
        assert rules.points_for(count) == 0, count
    assert rules.claim_values[:8] == (1, 2, 3, 4, 5, 6, 7, 8)


def test_tf2_face_value_counts_a_count_once() -> None:
    # With score_unit=face, 15 (a multiple of both) is worth 15, not 30.
    rules = configure("fives-and-threes", "pub", score_unit="face")
    assert [rules.points_for(c) for c in (3, 5, 10, 15, 7)] == [3, 5, 10, 15, 0]


# ------------------------------------------------------------------------------------------ T&F-3
def test_tf3_a_score_passing_61_is_ignored() -> None:
    state = lead_state("pub", "6-6", totals=[58, 0])
    assert apply_all(state, ["6-6"]) == [0]  # 12 -> 4: 62 would pass 61
    assert state.scores == [0, 0] and state.target_side == -1


def test_tf3_britannica_has_no_exact_target() -> None:
    state = lead_state("britannica", "6-6", totals=[58, 0])
    assert apply_all(state, ["6-6"]) == [4]
    assert state.scores == [4, 0]
    rules = state.rules
    assert (rules.target_score, rules.target_exact) == (61, False)
    assert rules.match_winner([62, 10]) == 0


# A pub hand in which seat 0 scores nothing until its last tile, which makes 6 and chips out.
CHIP_DEAL = ["6-1 5-3 5-2 5-0 4-3 3-2 3-1", "6-4 6-2 6-0 4-2 4-1 2-1 1-0"]
CHIP_MOVES = ["5-2", "2-1 at R", "6-1 at R", "6-4 at R", "4-3 at R", "pass", "3-2 at R",
              "4-2 at R", "5-3 at L", "4-1 at R", "3-1 at L", "1-0 at R", "5-0 at R"]  # fmt: skip
CHIP_POINTS = [0, 2, 0, 3, 0, 0, 0, 3, 0, 0, 0, 0]  # before the last tile


def pub_hand(deal: list[str], totals: list[int]) -> LineState:
    """A two-player pub hand from ``deal`` (the rest is dead), seat 0 to lead, with the match
    totals before it."""
    hands = [tiles(h) for h in deal]
    stock = [t for t in range(28) if all(t not in h for h in hands)]
    rules = configure("fives-and-threes", "pub", 2)
    return LineState.from_deal(rules, hands, stock, 0, lead_by_deal=False, totals=totals)


def chip_hand(totals: list[int]) -> LineState:
    state = pub_hand(CHIP_DEAL, totals)
    assert apply_all(state, CHIP_MOVES[:-1]) == CHIP_POINTS
    return state


def test_tf3_chip_out_past_61_is_ignored_entirely() -> None:
    # pagat's own example: 59, the last tile makes 6 (+2) and chips out (+1): 62, all ignored.
    state = chip_hand([59, 0])
    state.apply(parse_action(CHIP_MOVES[-1]))
    assert state.rules.count(state.layout) == 6
    result = state.result
    assert result is not None
    assert (result.ended, result.out_seat) == ("domino", 0)
    assert result.end_points == (0, 0)
    assert result.points == (0, 8)
    assert state.target_side == -1
    assert state.history[-1].points == 0  # the play scored nothing


def test_tf3_chip_out_to_exactly_61_counts() -> None:
    state = chip_hand([58, 0])
    state.apply(parse_action(CHIP_MOVES[-1]))
    result = state.result
    assert result is not None
    assert state.history[-1].points == 2
    assert result.end_points == (1, 0)
    assert result.points == (3, 8)
    assert state.target_side == 0


def test_tf3_chip_out_point_alone_past_61_is_ignored_with_the_play() -> None:
    state = chip_hand([60, 0])  # 60 + 2 + 1
    state.apply(parse_action(CHIP_MOVES[-1]))
    result = state.result
    assert result is not None and result.points == (0, 8)
    assert state.history[-1].points == 0


# A pub hand in which seat 0's first score is a 6 (+2) in mid-hand; the hand ends blocked.
MID_DEAL = ["6-5 6-2 6-1 4-1 4-0 2-2 1-0", "6-6 5-4 5-2 5-1 4-3 3-3 0-0"]
MID_MOVES = ["1-0", "5-1 at L", "6-5 at L", "0-0 at R", "4-0 at R", "6-6 at L", "6-2 at L",
             "5-4 at R", "2-2 at L", "5-2 at L"]  # fmt: skip


def test_tf3_reaching_61_exactly_without_going_out_wins_the_match() -> None:
    rules = configure("fives-and-threes", "pub", 2)
    match = Match(rules, deal=False)
    match.totals = [59, 0]
    deal = [tiles(h) for h in MID_DEAL]
    stock = [t for t in range(28) if all(t not in h for h in deal)]
    state = match.start_hand(deal, stock, 0)
    assert state.base_totals == (59, 0)
    points = apply_all(state, MID_MOVES)
    assert points[2] == 2  # 6-5 on the 5: ends 6 and 0, a count of 6
    assert state.target_side == 0
    assert points == [0, 1, 2, 2, 0, 0, 0, 0, 0, 2]
    assert state.over and state.result is not None and state.result.ended == "blocked"
    assert state.result.end_points == (0, 0)  # no point for a blocked hand
    assert match.next_hand() is None
    assert match.over and match.winner == 0
    assert match.totals == [61, 5]


def test_tf3_blocked_hand_no_chip_out_point() -> None:
    replay = replayed("fives_and_threes_pub_blocked.json")
    assert replay.disagreements == []
    result = replay.match.hand.result
    assert result is not None
    assert (result.ended, result.winner, result.pips) == ("blocked", 0, (10, 13))
    assert result.end_points == (0, 0)
    assert replay.to_json()["hands"] == [{"points": [4, 11], "ended": "blocked", "winner": 0}]
    state = replay.match.hand
    assert state.stock_size() > 0  # the rest are dead: nobody draws


def test_wrong_claim_penalty_past_61_is_ignored() -> None:
    state = lead_state("pub", "5-5", totals=[0, 60], muggins_mode="claim")
    state.apply(parse_action("5-5 claiming 4"))  # 10 is worth 2: struck; 60 + 4 passes 61
    assert state.scores == [0, 0]
    assert state.penalties == []
    state = lead_state("pub", "5-5", totals=[0, 59], muggins_mode="claim")
    state.apply(parse_action("5-5 claiming 1"))
    assert state.scores == [0, 1] and state.penalties == [(0, 1, 1)]


# ------------------------------------------------------------------------------------------ T&F-4
@pytest.mark.parametrize("rule_set", ["pub", "britannica"])
@pytest.mark.parametrize(
    ("tile", "points"),
    [("5-0", 1), ("4-1", 1), ("6-3", 3), ("5-5", 2), ("6-6", 4), ("3-3", 2), ("0-0", 0),
     ("5-4", 3), ("6-0", 2), ("4-0", 0)],
)  # fmt: skip
def test_tf4_leads(rule_set: str, tile: str, points: int) -> None:
    state = lead_state(rule_set, tile)
    assert apply_all(state, [tile]) == [points]
    assert state.scores == [points, 0]


# ------------------------------------------------------------- RULES.md §5 item 11: the pub game
def test_seed_error_11_pub_has_no_drawing() -> None:
    rules = configure("fives-and-threes", "pub", 2)
    assert not rules.can_draw and rules.reserve == 0
    state = build(rules, ["6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 4-4 3-3 2-2 1-1 0-0 5-4"], leader=0)
    state.apply(parse_action("6-6"))
    assert state.stock_size() == 14
    assert state.legal_actions() == [PASS]
    assert_illegal(state, DRAW, "no drawing")
    state.apply(PASS)
    assert state.turn == 0 and state.stock_size() == 14


def test_seed_error_11_one_point_for_chipping_out() -> None:
    replay = replayed("fives_and_threes_pub_domino.json")
    assert replay.disagreements == []
    result = replay.match.hand.result
    assert result is not None
    assert (result.ended, result.out_seat, result.pips) == ("domino", 0, (0, 4))
    assert result.end_points == (1, 0)  # not the opponent's pips
    assert result.points == (4, 15)


def test_britannica_going_out_scores_the_pips_to_the_nearest_five_one_point_per_five() -> None:
    state = arranged("fives-and-threes", "britannica", 2, ["", "6-6 6-5 4-0"])
    assert state.rules.hand_result(state, "domino", 0).end_points == (5, 0)  # 27 -> 25 -> 5
    state = arranged("fives-and-threes", "britannica", 2, ["4-4", "6-6 6-5 4-0"])
    assert state.rules.hand_result(state, "blocked", None).end_points == (5, 0)
    pub = arranged("fives-and-threes", "pub", 2, ["4-4", "6-6 6-5 4-0"])
    assert pub.rules.hand_result(pub, "blocked", None).end_points == (0, 0)


# ------------------------------------------------------------------------------- the rule sets
def test_default_rule_set_is_pub() -> None:
    rules = configure("threes-and-fives")
    assert (rules.game.id, rules.rule_set) == ("fives-and-threes", "pub")


@pytest.mark.parametrize(("rule_set", "sizes"), [("pub", (7, 5, 5)), ("britannica", (5, 5, 5))])
def test_hand_sizes(rule_set: str, sizes: tuple[int, int, int]) -> None:
    for players, size in zip((2, 3, 4), sizes, strict=True):
        match = Match(configure("fives-and-threes", rule_set, players), seed=players)
        assert match.hand.hand_sizes() == (size,) * players


def test_pub_first_lead_by_lot_then_the_lead_passes_left() -> None:
    rules = configure("fives-and-threes", "pub", 3)
    assert Match(rules, deal=False).expected_leader() == (None, False)
    assert rules.next_leader(2, None) == 0
    replay = replayed("fives_and_threes_pub_match.json")
    leaders = [h.leader for h in replay.match.hands]
    assert leaders == [(leaders[0] + k) % 2 for k in range(len(leaders))]


def test_britannica_draws_until_able_two_left() -> None:
    rules = configure("fives-and-threes", "britannica", 2)
    assert (rules.can_draw, rules.reserve) == (True, 2)
    assert rules.first_lead == "draw_highest"
    state = build(rules, ["6-6 6-5 6-4 6-3 6-2", "5-5 4-4 3-3 2-2 1-1"], leader=0)
    state.apply(parse_action("6-6"))
    assert state.legal_actions() == [DRAW]


@pytest.mark.parametrize("rule_set", ["pub", "britannica"])
def test_a_line_without_spinner_and_no_claims(rule_set: str) -> None:
    rules = configure("fives-and-threes", rule_set, 2)
    assert rules.spinner == "none" and not rules.claims
    assert rules.score_unit == "per_multiple" and rules.count_scoring == "fives_and_threes"


def test_pub_match_record_ends_at_exactly_61() -> None:
    replay = replayed("fives_and_threes_pub_match.json")
    assert replay.disagreements == []
    assert replay.complete and replay.winner == 1
    assert replay.totals == [50, 61]
    running = [0, 0]
    for state in replay.match.hands:
        assert state.result is not None
        assert list(state.base_totals) == running
        running = [a + b for a, b in zip(running, state.result.points, strict=True)]
        assert max(running) <= 61
    assert replay.match.hands[-1].target_side == 1


def test_britannica_three_player_match_record() -> None:
    replay = replayed("fives_and_threes_britannica_3p.json")
    assert replay.disagreements == []
    assert replay.complete and replay.winner == 1
    assert replay.totals == [44, 65, 44]
    for state in replay.match.hands:
        counts = step_counts(state)
        for move, count in zip(state.history, counts, strict=True):
            if count is not None:
                assert move.points == reference_points(state.rules, count)


# ------------------------------------------------------------------------- partnerships (pub)
def test_both_partners_out_a_partner_who_is_out_is_skipped() -> None:
    replay = replayed("fives_and_threes_pub_partners.json")
    assert replay.disagreements == []
    assert replay.sides == [[0, 2], [1, 3]]
    state = replay.match.hand
    history = state.history
    # Seat 2 plays its last tile at move 17 (2-0) and the hand goes on without it.
    out_at = 16
    assert (history[out_at].seat, str(history[out_at].action)) == (2, "2-0 at L")
    assert all(m.seat != 2 for m in history[out_at + 1 :])
    assert [m.seat for m in history[out_at + 1 :]] == [3, 0, 1, 3, 0, 1, 3, 0]
    result = state.result
    assert result is not None
    assert (result.ended, result.out_seat, result.winner) == ("domino", 0, 0)
    assert result.pips == (0, 14, 0, 5)
    assert result.end_points == (1, 0)  # one chip-out point to the team, once both are out
    assert replay.totals == [18, 11]
    for move, count in zip(history, step_counts(state), strict=True):
        if count is not None:
            assert move.points == reference_points(state.rules, count)


def test_with_first_player_out_the_hand_ends_at_once() -> None:
    record = with_options(
        load_record("fives_and_threes_pub_partners.json"), team_out_rule="first_player"
    )
    with pytest.raises(RecordError, match="hand 1, move 18: the hand is already over"):
        replay_record(record)
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:17]
    del record["hands"][0]["result"]
    replay = replay_record(record)
    result = replay.match.hand.result
    assert result is not None
    assert (result.ended, result.out_seat, result.winner, result.end_points) == (
        "domino",
        2,
        0,
        (1, 0),
    )


def test_a_partner_cannot_call_muggins_on_his_partners_count() -> None:
    replay = replayed("fives_and_threes_partner_muggins.json")
    state = replay.match.hand
    last = state.history[-1]
    assert (last.seat, str(last.action)) == (0, "5-2 at R")
    assert not state.hands[1]  # seat 1 is out, so seat 0's partner moves next
    assert state.turn == 2
    assert (state.unclaimed, state.unclaimed_by) == (1, 0)
    # An unclaimed count is the opponents' to take; seat 2 is seat 0's partner.
    assert not [a for a in state.legal_actions() if type(a) is Muggins]
    assert_illegal(state, Muggins(1))
