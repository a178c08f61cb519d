"""Draw game (RULES.md §2.2): rule sets britannica and pagat, BLK-6 (the reserve), and the drawing
options draw_policy, stock_reserve, voluntary_draw, early_block_detection and count_stock_pips."""

from __future__ import annotations

from typing import Any

import pytest

from boneyard import DRAW, PASS, LineState, Match, OptionError, play
from boneyard.core.record import replay_record
from conftest import T, arranged, assert_illegal, build, configure, load_record, strs

# A hand whose line goes dead after seven plays: ends 5 and 5, the two fives not on the table
# (5-4, 6-5) are the last two stock tiles, and nothing else anywhere has a five.
DEAD_DEAL = ["5-5 5-3 3-1 5-1 6-6 6-4 4-4", "5-2 2-0 5-0 0-0 1-0 1-1 2-1"]
DEAD_STOCK = "2-2 3-0 3-2 3-3 4-0 4-1 4-2 4-3 6-0 6-1 6-2 6-3 5-4 6-5"
DEAD_PLAYS = [
    play(T("5-5")),
    play(T("5-2"), "L"),
    play(T("5-3"), "R"),
    play(T("2-0"), "L"),
    play(T("3-1"), "R"),
    play(T("5-0"), "L"),
    play(T("5-1"), "R"),
]


def dead_line(rule_set: str = "britannica", **options: Any) -> LineState:
    rules = configure("draw", rule_set, 2, **options)
    state = build(rules, DEAD_DEAL, DEAD_STOCK, leader=0, rest_to_stock=False)
    for action in DEAD_PLAYS:
        state.apply(action)
    return state


# --------------------------------------------------------------------------------------- rule sets
@pytest.mark.parametrize(
    ("rule_set", "players", "size", "stock"),
    [
        ("britannica", 2, 7, 14),
        ("pagat", 2, 7, 14),
        ("pagat", 3, 5, 13),
        ("pagat", 4, 5, 8),
    ],
)
def test_hand_sizes(rule_set: str, players: int, size: int, stock: int) -> None:
    rules = configure("draw", rule_set, players)
    assert rules.hand_size == size
    hand = Match(rules, seed=1).hand
    assert hand.hand_sizes() == (size,) * players
    assert hand.stock_size() == stock
    assert hand.drawable() == stock - 2


def test_britannica() -> None:
    rules = configure("draw")
    assert rules.rule_set == "britannica"
    assert (rules.draw_policy, rules.reserve, rules.voluntary_draw) == ("until_playable", 2, False)
    assert (rules.first_lead, rules.lead_tile_rule, rules.blocked_scoring) == (
        "draw_highest",
        "any",
        "combined",
    )
    with pytest.raises(ValueError, match="a leader is required"):
        build(rules, DEAD_DEAL, DEAD_STOCK, rest_to_stock=False)
    state = build(rules, DEAD_DEAL, DEAD_STOCK, leader=1, rest_to_stock=False)
    assert state.turn == 1
    assert len(state.legal_actions()) == 2 + 2 * 5  # any tile, either way round


def test_pagat() -> None:
    rules = configure("draw", "pagat", 2)
    assert (rules.draw_policy, rules.reserve, rules.voluntary_draw) == ("until_playable", 2, True)
    assert (rules.first_lead, rules.blocked_scoring) == ("highest_double", "difference_total")
    state = build(rules, DEAD_DEAL, DEAD_STOCK, rest_to_stock=False)
    # Seat 0 holds 6-6: the highest double leads.
    assert state.legal_actions() == [play(T("6-6"))]


# -------------------------------------------------------------------------- drawing until playable
def test_until_playable_a_player_who_cannot_match_draws_until_he_can() -> None:
    rules = configure("draw", "britannica", 2)
    state = build(
        rules,
        ["6-6 6-5 6-4 6-3 6-2 6-1 5-5", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"],
        "3-1 3-2 6-0 4-4",
        leader=0,
    )
    state.apply(play(T("6-6")))
    assert state.legal_actions() == [DRAW]
    assert_illegal(state, PASS, "cannot pass while able to act")
    state.apply(DRAW)  # 3-1
    assert (state.turn, state.legal_actions()) == (1, [DRAW])
    state.apply(DRAW)  # 3-2
    state.apply(DRAW)  # 6-0: playable, so no more drawing
    assert state.turn == 1
    assert state.legal_actions() == [play(T("6-0"), "L"), play(T("6-0"), "R")]
    assert_illegal(state, DRAW, "cannot draw while able to play")
    assert [m.drawn for m in state.history[1:]] == [T("3-1"), T("3-2"), T("6-0")]
    state.apply(play(T("6-0"), "L"))
    assert state.turn == 0


def test_blk6_the_reserve_dead_line_is_drawn_down_to_two() -> None:
    # Two players, 7 each: stock 14, reserve 2, so at most 12 can be drawn.
    state = dead_line()
    assert (state.stock_size(), state.drawable()) == (14, 12)
    assert state.layout is not None and state.layout.open_ends() == [("L", 5), ("R", 5)]
    for drawn in range(12):
        # Nobody can play, but the stock is above the reserve: not blocked, seat 1 must draw.
        assert not state.over
        assert (state.turn, state.legal_actions()) == (1, [DRAW])
        assert state.drawable() == 12 - drawn
        state.apply(DRAW)
    # Exactly two left: blocked.
    assert state.over and state.result is not None
    assert state.stock_size() == 2
    assert state.stock[state.stock_pos :] == (T("5-4"), T("6-5"))
    assert state.result.ended == "blocked"
    # Seat 0 holds 6-6 6-4 4-4 (30); seat 1 its four and the twelve drawn (76); combined: 106.
    assert state.result.pips == (30, 76)
    assert state.result.points == (106, 0)
    assert_illegal(state, DRAW, "the hand is over")


def test_blk6_by_play() -> None:
    replay = replay_record(load_record("draw_hand.json"))
    assert replay.disagreements == []
    state = replay.match.hand
    assert state.over and state.result is not None
    kinds = {type(m.action).__name__ for m in state.history}
    assert kinds == {"Play", "Draw", "Pass"}
    draws = sum(1 for m in state.history if m.action == DRAW)
    assert draws == 12
    assert state.stock_size() == 2
    assert (state.result.ended, state.result.pips, state.result.points) == (
        "blocked",
        (20, 10),
        (0, 30),
    )


def test_reserve_zero_draws_the_reserved_tiles_too() -> None:
    state = dead_line(stock_reserve=0)
    for _ in range(12):
        state.apply(DRAW)
    assert not state.over
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)  # 5-4, the thirteenth
    assert state.legal_actions() == [play(T("5-4"), "L"), play(T("5-4"), "R")]


def test_reserve_per_player_count() -> None:
    # S1's reserve: 3 with two players, none with three or four.
    rules = configure("draw", "britannica", 2, stock_reserve={"2": 3, "3": 0, "4": 0})
    assert rules.reserve == 3
    assert configure("draw", "pagat", 3, stock_reserve="2:3,3:0,4:0").reserve == 0
    with pytest.raises(OptionError, match="gives no value for 4 players"):
        configure("draw", "pagat", 4, stock_reserve="2:3,3:0")
    state = dead_line(stock_reserve="2:3")
    for _ in range(11):
        state.apply(DRAW)
    assert state.over and state.stock_size() == 3


def test_early_block_detection_ends_a_dead_line_at_once() -> None:
    state = dead_line(early_block_detection=True)
    assert state.over and state.result is not None
    assert state.stock_size() == 14
    # Seat 0 holds 6-6 6-4 4-4 (30); seat 1 holds 0-0 1-0 1-1 2-1 (6): seat 1 wins, combined 36.
    assert (state.result.pips, state.result.points) == ((30, 6), (0, 36))


def test_early_block_detection_waits_while_a_drawable_tile_fits() -> None:
    # The same deal with 5-4 moved up into the drawable stock: the line is not dead.
    rules = configure("draw", "britannica", 2, early_block_detection=True)
    stock = DEAD_STOCK.replace("5-4 ", "").replace("2-2 ", "2-2 5-4 ")
    state = build(rules, DEAD_DEAL, stock, leader=0, rest_to_stock=False)
    for action in DEAD_PLAYS:
        state.apply(action)
    assert not state.over
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    state.apply(DRAW)  # 5-4 fits
    assert state.legal_actions() == [play(T("5-4"), "L"), play(T("5-4"), "R")]


def test_count_stock_pips_blocked() -> None:
    # The BLK-6 end: combined 106 plus the two stock tiles 5-4 and 6-5 (20).
    state = dead_line(count_stock_pips=True)
    while not state.over:
        state.apply(DRAW)
    assert state.result is not None and state.result.points == (126, 0)


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [("opponents", 25 + 15), ("difference_total", 15 + 15), ("combined", 35 + 15)],
)
def test_count_stock_pips_with_each_scoring(scoring: str, expected: int) -> None:
    state = arranged(
        "draw", "pagat", 2, ["6-4", "6-6 6-5 1-1"], count_stock_pips=True, blocked_scoring=scoring
    )
    # Leave two stock tiles, 5-5 and 5-0 (15 pips), undrawn.
    state.stock = (T("5-5"), T("5-0"))
    state.stock_pos = 0
    assert state.rules.hand_result(state, "blocked", None).points == (expected, 0)


def test_count_stock_pips_domino() -> None:
    state = arranged("draw", "pagat", 2, ["", "6-6 6-5 1-1"], count_stock_pips=True)
    state.stock = (T("6-6"), T("5-5"), T("5-0"))
    state.stock_pos = 1
    assert state.rules.hand_result(state, "domino", 0).points == (25 + 15, 0)
    state = arranged("draw", "pagat", 2, ["", "6-6 6-5 1-1"])
    state.stock = (T("5-5"), T("5-0"))
    state.stock_pos = 0
    assert state.rules.hand_result(state, "domino", 0).points == (25, 0)


# ------------------------------------------------------------------------------- voluntary drawing
VOLUNTARY_DEAL = ["6-6 6-5 6-4 6-3 6-2 6-1 5-5", "6-0 1-0 1-1 2-0 2-1 2-2 3-0"]


def test_voluntary_draw_a_player_may_draw_instead_of_playing() -> None:
    rules = configure("draw", "pagat", 2)
    state = build(rules, VOLUNTARY_DEAL, "3-1 3-2 4-4")
    state.apply(play(T("6-6")))
    # Seat 1 can play 6-0 but may draw instead, and keep drawing after finding a play.
    assert state.legal_actions() == [play(T("6-0"), "L"), play(T("6-0"), "R"), DRAW]
    state.apply(DRAW)
    assert state.turn == 1
    assert DRAW in state.legal_actions()
    for _ in range(11):
        state.apply(DRAW)
    # Down to the reserve: no more drawing.
    assert state.stock_size() == 2
    assert state.legal_actions() == [play(T("6-0"), "L"), play(T("6-0"), "R")]
    assert_illegal(state, DRAW, "cannot draw: the stock is down to its reserve")
    assert_illegal(state, PASS, "cannot pass while able to act")


def test_without_voluntary_draw_a_player_who_can_play_must_play() -> None:
    rules = configure("draw", "britannica", 2)
    state = build(rules, VOLUNTARY_DEAL, "3-1 3-2 4-4", leader=0)
    state.apply(play(T("6-6")))
    assert state.legal_actions() == [play(T("6-0"), "L"), play(T("6-0"), "R")]
    assert_illegal(state, DRAW, "seat 1 cannot draw while able to play")


def test_voluntary_draw_in_a_block_game_is_no_drawing() -> None:
    rules = configure("block", "modern", 2, voluntary_draw=True)
    state = build(rules, VOLUNTARY_DEAL, "3-1 3-2 4-4")
    state.apply(play(T("6-6")))
    assert DRAW not in state.legal_actions()
    assert_illegal(state, DRAW, "there is no drawing in this game")


# ------------------------------------------------------------------------------------- draw_policy
def test_draw_policy_one_then_pass() -> None:
    rules = configure("draw", "pagat", 2, draw_policy="one_then_pass", voluntary_draw=False)
    state = build(
        rules, ["6-6 6-5 6-4 6-3 6-2 6-1 5-5", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"], "3-1 6-0 4-4"
    )
    state.apply(play(T("6-6")))
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)  # 3-1: no fit, no second draw
    assert state.turn == 1
    assert state.legal_actions() == [PASS]
    assert_illegal(state, DRAW, "seat 1 has drawn already this turn")
    state.apply(PASS)
    assert state.turn == 0
    state.apply(play(T("6-5"), "L"))
    # Seat 1's next turn: a new draw, 6-0, which fits and must be played (no pass).
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    assert state.legal_actions() == [play(T("6-0"), "R")]
    assert_illegal(state, PASS, "cannot pass while able to act")


def test_draw_policy_none_in_a_draw_game() -> None:
    rules = configure("draw", "pagat", 2, draw_policy="none")
    assert not rules.can_draw
    state = build(rules, ["6-6 6-5 6-4 6-3 6-2 6-1 5-5", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"])
    state.apply(play(T("6-6")))
    # Seat 1 cannot match and cannot draw: blocked at once? No: seat 0 can still play.
    assert state.legal_actions() == [PASS]
    assert_illegal(state, DRAW, "there is no drawing in this game")


def test_draw_policy_until_playable_in_a_block_game() -> None:
    rules = configure("block", "modern", 2, draw_policy="until_playable")
    assert rules.can_draw and rules.reserve == 0
    state = build(rules, ["6-6 6-5 6-4 6-3 6-2 6-1 5-5", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"], "3-1 6-0")
    state.apply(play(T("6-6")))
    state.apply(DRAW)
    state.apply(DRAW)
    assert strs(state.legal_actions()) == ["6-0 at L", "6-0 at R"]


def test_a_draw_game_with_no_drawable_stock_blocks_like_block() -> None:
    # Four players of 7: everything is dealt, nothing can be drawn.
    rules = configure("draw", "britannica", 4, hand_size=7)
    match = Match(rules, seed=2)
    assert match.hand.stock_size() == 0 and match.hand.drawable() == 0
    state = match.hand
    while not state.over:
        legal = state.legal_actions()
        assert DRAW not in legal
        state.apply(legal[0])
