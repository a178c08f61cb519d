"""Five-Up (RULES-texas42-fiveup.md §3, rows 54-62): every double a spinner, one point per five,
the hand's end by the five, 61 up; the single-spinner `tidwell` rule set; the worked examples FU-1
to FU-8 with their arithmetic."""

from __future__ import annotations

from typing import Any

import pytest

from boneyard.core.actions import DRAW, PASS, play
from boneyard.core.protocol import IllegalAction
from boneyard.games import get_game
from boneyard.games.counting import CountingRules
from boneyard.games.line.state import LineState
from conftest import T, build, set_hands


def five_up(rule_set: str | None = None, players: int = 2, **options: Any) -> CountingRules:
    rules = get_game("five-up").configure(rule_set, options, players)
    assert isinstance(rules, CountingRules)
    return rules


def start(rules: CountingRules, hands: list[str], stock: str = "", **kw: Any) -> LineState:
    return build(rules, hands, stock, leader=0, lead_by_deal=False, **kw)


def test_the_rule_sets() -> None:
    pagat = five_up()
    assert (pagat.spinner, pagat.hand_size, pagat.score_unit, pagat.target_score) == (
        "all_doubles",
        5,
        "per_multiple",
        61,
    )
    assert pagat.play_drawn_tile and pagat.reserve == 0 and not pagat.voluntary_draw
    tidwell = five_up("tidwell")
    assert (tidwell.spinner, tidwell.voluntary_draw, tidwell.score_unit) == (
        "first_double",
        True,
        "face",
    )
    assert get_game("fiveup").id == "five-up"


# (play, end, count of the open ends, points for the mover) of FU-1.
FU_1 = [
    ("5-5", None, 10, 2),  # A leads 5-5: the spinner counts both halves, 10 -> 2 fives
    ("6-5", "L", 10 + 6, 0),  # B on a side: 5-5 (10) still counts, a side free; 16
    ("5-1", "R", 6 + 1, 0),  # A on the other side: 5-5 covered counts nothing; 7
    ("5-3", "U", 6 + 1 + 3, 2),  # B on a 5-5 end: 10 -> 2
    ("6-6", "L", 12 + 1 + 3, 0),  # A 6-6 on the 6: a new spinner, both halves (12); 16
    ("6-2", "L", 2 + 1 + 3, 0),  # B on 6-6's free side: 6-6 covered; 6
    ("6-4", "6U", 2 + 1 + 3 + 4, 2),  # A on a 6-6 end: 10 -> 2
    ("5-0", "D", 2 + 1 + 3 + 4 + 0, 2),  # B on 5-5's other end: 10 -> 2
    ("6-0", "6D", 2 + 1 + 3 + 4 + 0 + 0, 2),  # A on 6-6's other end, domino: 10 -> 2
]


def test_fu_1_every_double_a_spinner_a_point_per_five() -> None:
    rules = five_up()
    state = start(rules, ["5-5 5-1 6-6 6-4 6-0", "6-5 5-3 6-2 5-0 4-2"])
    made = [0, 0]
    for k, (tile, end, count, points) in enumerate(FU_1):
        seat = k % 2
        assert state.turn == seat
        state.apply(play(T(tile), end))
        assert rules.count(state.layout) == count  # type: ignore[arg-type]
        made[seat] += points
        if k < len(FU_1) - 1:
            assert state.scores == made
    # A went out; B holds 4-2: 6 pips -> 5 to the nearest five -> 1 point.
    assert state.result is not None and state.result.ended == "domino"
    assert state.result.end_points == (1, 0)
    # A: 2 (lead) + 2 (6-4) + 2 (6-0) in play, + 1 = 7; B: 2 (5-3) + 2 (5-0) = 4.
    # At face value: A 10 + 10 + 10 + 5 = 35, B 10 + 10 = 20.
    assert state.result.points == (2 + 2 + 2 + 1, 2 + 2) == (7, 4)


def test_fu_1_with_a_single_spinner_step_7_is_illegal() -> None:
    rules = five_up(spinner="first_double")
    state = start(rules, ["5-5 5-1 6-6 6-4 6-0", "6-5 5-3 6-2 5-0 4-2"])
    for tile, end, _, _ in FU_1[:6]:
        state.apply(play(T(tile), end))
    # 6-6 is laid across but is no spinner: it has no end 6U.
    with pytest.raises(IllegalAction):
        state.apply(play(T("6-4"), "6U"))


def test_fu_2_sides_first() -> None:
    rules = five_up()
    state = start(rules, ["3-2 2-1 0-0 6-6 1-1", "2-2 2-0 5-4 4-4 6-1"])
    state.apply(play(T("3-2"), None, 2))  # 3 toward L, 2 toward R: count 3 + 2 = 5 -> 1 point
    assert rules.count(state.layout) == 3 + 2 == 5 and state.scores == [1, 0]  # type: ignore[arg-type]
    state.apply(play(T("2-2"), "R"))  # a spinner on the 2: 3 + (2 + 2) = 7
    assert rules.count(state.layout) == 3 + 4 == 7  # type: ignore[arg-type]
    # A 2-x on a short end of 2-2 is illegal until its free side is covered.
    assert [a.end for a in state.legal_actions() if a == play(T("2-1"), a.end)] == ["R"]  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction):
        state.apply(play(T("2-1"), "U"))
    state.apply(play(T("2-1"), "R"))  # on the free side: now the ends open
    assert play(T("2-0"), "U") in state.legal_actions()  # the first spinner's ends: U, D


@pytest.mark.parametrize(
    ("count", "points"), [(5, 1), (10, 2), (15, 3), (20, 4), (25, 5), (30, 6), (35, 7), (7, 0)]
)
def test_fu_3_counts_score_a_point_per_five(count: int, points: int) -> None:
    assert five_up().points_for(count) == points


@pytest.mark.parametrize(("pips", "points"), [(12, 2), (13, 3), (2, 0)])
def test_fu_3_pips_to_the_nearest_five_then_per_five(pips: int, points: int) -> None:
    # 5 * floor((p + 2) / 5) / 5: 12 -> 10 -> 2, 13 -> 15 -> 3, 2 -> 0.
    assert 5 * ((pips + 2) // 5) // 5 == points
    assert five_up()._round(pips) == points


def partnership_end(partner_pips: str) -> LineState:
    rules = five_up(players=4, partnerships=True, partner_pips=partner_pips)
    state = start(rules, ["6-6 1-0", "4-4 1-1", "5-5 2-2", "6-5 3-3"])
    # A1 (seat 0) is out; B1 (seat 1) holds 9, A2 (seat 2) 6, B2 (seat 3) 8.
    set_hands(state, ["", "5-4", "4-2", "5-3"])
    return state


def test_fu_4_partnership_domino_partner_pips_ignored() -> None:
    state = partnership_end("ignore")
    result = state.rules.hand_result(state, "domino", 0)
    # B1 9 + B2 8 = 17 -> 15 -> 3 points.
    assert result.end_points == (3, 0)


def test_fu_5_blocked_team_total_or_lowest_player() -> None:
    rules = five_up(players=4, partnerships=True)
    state = start(rules, ["6-6 1-0", "4-4 1-1", "5-5 2-2", "6-5 3-3"])
    # A1 6, B1 2, A2 6, B2 13: A 12 against B 15.
    set_hands(state, ["4-2", "2-0", "5-1", "6-4 2-1"])
    result = rules.hand_result(state, "blocked", None)
    assert result.end_points == (3, 0)  # team_total: A (12) scores B's 15 -> 3
    rules = five_up(players=4, partnerships=True, blocked_compare="lowest_player")
    state = start(rules, ["6-6 1-0", "4-4 1-1", "5-5 2-2", "6-5 3-3"])
    set_hands(state, ["4-2", "2-0", "5-1", "6-4 2-1"])
    result = rules.hand_result(state, "blocked", None)
    assert result.end_points == (0, 2)  # B1 (2) lowest: B scores A's 12 -> 10 -> 2
    # Equal team totals: nobody scores.
    rules = five_up(players=4, partnerships=True)
    state = start(rules, ["6-6 1-0", "4-4 1-1", "5-5 2-2", "6-5 3-3"])
    set_hands(state, ["4-2", "3-3", "5-1", "6-0"])
    assert rules.hand_result(state, "blocked", None).end_points == (0, 0)


def test_fu_6_target_61_or_exactly() -> None:
    # By default passing 61 wins: 58 + 4 = 62.
    assert five_up().match_winner([58 + 4, 40]) == 0
    for exact, scored in ((False, 2), (True, 0)):
        rules = five_up(target_exact=exact)
        state = build(
            rules, ["5-5 1-0 2-0 3-0 4-0", "5-0 6-1 6-2 6-3 6-4"], leader=0, lead_by_deal=False
        )
        state.base_totals = (60, 0)
        state.apply(play(T("5-5")))  # 10 -> 2 points: 60 + 2 = 62
        # target_exact: a score that would pass 61 is void, the side stays at 60.
        assert state.scores == [scored, 0]


def test_fu_7_ten_to_get_in() -> None:
    rules = five_up(score_unit="face", min_first_score=10)
    # A side at 0 makes 5: not scored.
    state = start(rules, ["3-2 1-0 2-0 4-4 1-1", "5-5 6-1 6-2 6-3 4-3"])
    state.apply(play(T("3-2"), None, 2))
    assert state.scores == [0, 0]
    # makes 10: +10, and from then on fives count.
    state = start(rules, ["5-5 1-0 2-0 5-0 1-1", "5-3 6-1 6-2 6-3 4-2"])
    state.apply(play(T("5-5")))
    assert state.scores == [10, 0]
    assert rules.on_the_board(state, 0, 5)  # later fives count
    assert not rules.on_the_board(state, 1, 5)


def test_fu_8_a_drawn_playable_tile_is_played_at_once() -> None:
    rules = five_up("tidwell", spinner="none")
    # B cannot play on 6|6... B holds no 6: he draws 2-2 (keeps it) then 6-3, which he must play.
    state = start(
        rules,
        ["6-6 1-0 1-1 0-0 5-5", "4-1 4-0 3-0 2-1 5-0"],
        "2-2 6-3 6-5 6-4 6-2 6-1 6-0 5-4 5-3 5-2 5-1 4-4 4-3 4-2 3-3 3-2 3-1 2-0",
        rest_to_stock=False,
    )
    state.apply(play(T("6-6")))
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)  # 2-2 does not fit
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)  # 6-3 fits: only it may be played, no more drawing
    assert {a.tile for a in state.legal_actions()} == {T("6-3")}  # type: ignore[attr-defined]
    assert DRAW not in state.legal_actions() and PASS not in state.legal_actions()
    # Without the rule, a player who may draw while able could go on drawing.
    free = five_up("tidwell", spinner="none", play_drawn_tile=False)
    state = start(
        free,
        ["6-6 1-0 1-1 0-0 5-5", "4-1 4-0 3-0 2-1 5-0"],
        "2-2 6-3 6-5 6-4 6-2 6-1 6-0 5-4 5-3 5-2 5-1 4-4 4-3 4-2 3-3 3-2 3-1 2-0",
        rest_to_stock=False,
    )
    state.apply(play(T("6-6")))
    state.apply(DRAW)
    state.apply(DRAW)
    assert DRAW in state.legal_actions()
