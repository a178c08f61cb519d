"""Block game (RULES.md §2.1): the worked examples BLK-1..BLK-5 of §4.4, the rule sets modern,
britannica and garden-games, and the effect of each option of the line games that is not about
drawing (drawing is in test_draw.py, partnerships in test_partnership.py, the lead rotation in
test_match.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boneyard import DRAW, PASS, LineState, Match, OptionError, Play, play
from boneyard.core.record import replay_record
from boneyard.core.tiles import DOUBLE, HIGH, PIPS, format_tile
from conftest import (
    StubRng,
    T,
    arranged,
    assert_illegal,
    build,
    configure,
    load_record,
    set_hands,
    strs,
    with_options,
)

SCORINGS = ["combined", "opponents", "difference_each", "difference_total", "cascade", "fixed:10"]


def blocked_points(players: int, hands: list[str], **options: Any) -> tuple[int, ...]:
    state = arranged("block", "modern", players, hands, **options)
    result = state.rules.hand_result(state, "blocked", None)
    assert result.ended == "blocked"
    return result.points


def replayed_points(name: str, **options: Any) -> tuple[list[float], str, int | None]:
    replay = replay_record(with_options(load_record(name), **options))
    (hand,) = replay.hands
    return hand.points, hand.ended, hand.winner


# ------------------------------------------------------------------------ BLK-1 (S4, four players)
# Blocked with 3, 12, 19 and 9 pips (winner 3).
BLK1_HANDS = ["2-1", "6-6", "6-5 4-4", "5-4"]  # 3, 12, 19, 9


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        ("difference_each", (31, 0, 0, 0)),  # (12-3)+(19-3)+(9-3), the S4 example
        ("difference_total", (37, 0, 0, 0)),  # 40 - 3
        ("opponents", (40, 0, 0, 0)),
        ("combined", (43, 0, 0, 0)),
        ("cascade", (31, 7, 0, 13)),  # 3 -> 31; 9 -> (12-9)+(19-9) = 13; 12 -> 19-12 = 7; 19 -> 0
        ("fixed:10", (10, 0, 0, 0)),
        ("fixed:0", (0, 0, 0, 0)),
    ],
)
def test_blk1_arranged(scoring: str, expected: tuple[int, ...]) -> None:
    assert blocked_points(4, BLK1_HANDS, blocked_scoring=scoring) == expected


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        ("difference_each", [31, 0, 0, 0]),
        ("difference_total", [37, 0, 0, 0]),
        ("opponents", [40, 0, 0, 0]),
        ("combined", [43, 0, 0, 0]),
        ("cascade", [31, 13, 0, 7]),  # seats hold 3, 9, 19, 12
        ("fixed:25", [25, 0, 0, 0]),
    ],
)
def test_blk1_by_play(scoring: str, expected: list[int]) -> None:
    # A real four-player hand, blocked with 3, 9, 19 and 12 pips in seats 0-3.
    replay = replay_record(
        with_options(load_record("block_blocked_4p.json"), blocked_scoring=scoring)
    )
    (hand,) = replay.hands
    assert (hand.ended, hand.points) == ("blocked", expected)
    assert hand.winner == 0
    state = replay.match.hand
    assert state.result is not None and state.result.pips == (3, 9, 19, 12)


def test_blk1_record_result_is_the_modern_default() -> None:
    replay = replay_record(load_record("block_blocked_4p.json"))
    assert replay.disagreements == []
    assert replay.hands[0].points == [37, 0, 0, 0]


# --------------------------------------------------------------------------- BLK-2 (three players)
@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        ("difference_each", (21, 0, 0)),  # (19-5)+(12-5)
        ("difference_total", (26, 0, 0)),  # 31 - 5
        ("opponents", (31, 0, 0)),
        ("combined", (36, 0, 0)),
        ("cascade", (21, 0, 7)),  # 12 -> 19-12
        ("fixed:10", (10, 0, 0)),
    ],
)
def test_blk2_arranged(scoring: str, expected: tuple[int, ...]) -> None:
    # A 5, B 19, C 12.
    assert blocked_points(3, ["5-0", "6-6 4-3", "6-5 1-0"], blocked_scoring=scoring) == expected


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        ("difference_each", [0, 0, 21]),
        ("difference_total", [0, 0, 26]),
        ("opponents", [0, 0, 31]),
        ("combined", [0, 0, 36]),
        ("cascade", [7, 0, 21]),
        ("fixed:3", [0, 0, 3]),
    ],
)
def test_blk2_by_play(scoring: str, expected: list[int]) -> None:
    # Seats hold 12, 19 and 5 pips.
    assert replayed_points("block_blocked_3p.json", blocked_scoring=scoring) == (
        expected,
        "blocked",
        2,
    )


# ------------------------------------------------------------------------- BLK-3 (two players, S0)
@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        ("combined", (35, 0)),
        ("difference_total", (15, 0)),  # S0's "excess"
        ("difference_each", (15, 0)),
        ("cascade", (15, 0)),
        ("opponents", (25, 0)),
        ("fixed:7", (7, 0)),
    ],
)
def test_blk3_arranged(scoring: str, expected: tuple[int, ...]) -> None:
    assert blocked_points(2, ["6-4", "6-6 6-5 1-1"], blocked_scoring=scoring) == expected


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        ("combined", [35, 0]),
        ("difference_total", [15, 0]),
        ("difference_each", [15, 0]),
        ("cascade", [15, 0]),
        ("opponents", [25, 0]),
        ("fixed:7", [7, 0]),
    ],
)
def test_blk3_by_play(scoring: str, expected: list[int]) -> None:
    # A real two-player hand blocked with 10 and 25 pips.
    assert replayed_points("block_blocked_2p.json", blocked_scoring=scoring) == (
        expected,
        "blocked",
        0,
    )


@pytest.mark.parametrize("scoring", SCORINGS)
def test_blk3_domino_scores_the_opponents_pips_under_every_blocked_rule(scoring: str) -> None:
    state = arranged("block", "modern", 2, ["", "6-6 6-5 1-1"], blocked_scoring=scoring)
    result = state.rules.hand_result(state, "domino", 0)
    assert (result.ended, result.winner, result.points, result.out_seat) == (
        "domino",
        0,
        (25, 0),
        0,
    )


# -------------------------------------------------------------------- BLK-4 (domino, four players)
@pytest.mark.parametrize("scoring", SCORINGS)
def test_blk4_domino_by_play(scoring: str) -> None:
    # Seat 3 goes out; the others hold 12, 19 and 9: 40 under every blocked rule.
    assert replayed_points("block_domino_4p.json", blocked_scoring=scoring) == (
        [0, 0, 0, 40],
        "domino",
        3,
    )


@pytest.mark.parametrize("scoring", ["difference_each", "difference_total", "opponents"])
def test_blk4_arranged(scoring: str) -> None:
    state = arranged("block", "modern", 4, ["", "6-6", "6-5 4-4", "5-4"], blocked_scoring=scoring)
    assert state.rules.hand_result(state, "domino", 0).points == (40, 0, 0, 0)


# ----------------------------------------------------------------------- BLK-5 (draw for the lead)
@pytest.mark.parametrize(
    ("rule", "drawn", "leader"),
    [
        ("draw_highest", ["6-5", "1-1"], 0),
        ("draw_highest_doubles_first", ["6-5", "1-1"], 1),
        ("draw_highest", ["1-1", "6-5"], 1),
        ("draw_highest_doubles_first", ["1-1", "6-5"], 0),
        ("draw_lowest", ["6-5", "1-1"], 1),
        ("draw_lowest", ["1-0", "1-1"], 0),
        ("draw_highest", ["4-1", "3-2", "6-0"], 2),  # 5, 5, 6 pips
        ("draw_highest", ["4-1", "3-2", "0-0"], 0),  # equal pips: the higher half wins
        ("draw_highest_doubles_first", ["6-5", "0-0", "6-4"], 1),
        ("draw_highest_doubles_first", ["2-2", "3-3", "6-5"], 1),
    ],
)
def test_blk5_draw_for_lead(rule: str, drawn: list[str], leader: int) -> None:
    rules = configure("block", "britannica", len(drawn), first_lead=rule)
    seat, tiles_drawn = rules.draw_for_lead(StubRng(drawn))  # type: ignore[arg-type]
    assert seat == leader
    assert [format_tile(t) for t in tiles_drawn] == drawn
    assert rules.first_leader(StubRng(drawn)) == leader  # type: ignore[arg-type]


@pytest.mark.parametrize("rule", ["draw_highest", "draw_highest_doubles_first", "draw_lowest"])
def test_blk5_the_match_leader_is_the_best_draw(rule: str) -> None:
    def key(t: int) -> tuple[int, ...]:
        if rule == "draw_highest_doubles_first":
            return (int(DOUBLE[t]), PIPS[t], HIGH[t])
        return (PIPS[t], HIGH[t])

    for seed in range(30):
        rules = configure("block", "britannica", 3, first_lead=rule)
        match = Match(rules, seed=seed)
        drawn = match.lead_draw
        assert drawn is not None and len(set(drawn)) == 3
        keys = [key(t) for t in drawn]
        best = min(keys) if rule == "draw_lowest" else max(keys)
        assert match.hand.leader == keys.index(best)
        assert match.hand.turn == match.hand.leader


def test_random_first_lead_reaches_every_seat() -> None:
    rules = configure("block", "modern", 3, first_lead="random")
    assert not rules.lead_from_deal()
    leaders = {Match(rules, seed=seed).hand.leader for seed in range(60)}
    assert leaders == {0, 1, 2}
    assert rules.first_leader(StubRng(["1-0", "2-0", "3-0"], randrange=2)) == 2  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------- rule sets
@pytest.mark.parametrize(
    ("rule_set", "players", "size"),
    [
        ("modern", 2, 7),
        ("modern", 3, 5),
        ("modern", 4, 5),
        ("britannica", 2, 7),
        ("britannica", 3, 7),
        ("britannica", 4, 7),
        ("garden-games", 2, 5),
        ("garden-games", 3, 5),
        ("garden-games", 4, 5),
    ],
)
def test_hand_sizes(rule_set: str, players: int, size: int) -> None:
    rules = configure("block", rule_set, players)
    assert rules.hand_size == size
    for seed in range(3):
        hand = Match(rules, seed=seed).hand
        assert hand.hand_sizes() == (size,) * players
        assert hand.stock_size() == 28 - size * players


def test_block_is_for_two_to_four() -> None:
    with pytest.raises(OptionError, match="block is for 2 to 4 players, not 5"):
        configure("block", "modern", 5)
    with pytest.raises(OptionError, match="not 1"):
        configure("block", "modern", 1)


def test_modern_defaults() -> None:
    rules = configure("block")
    assert rules.rule_set == "modern"
    assert rules.players == 2
    assert (rules.draw_policy, rules.blocked_scoring, rules.target_score) == (
        "none",
        "difference_total",
        100,
    )
    assert not rules.can_draw


MODERN_DEAL = ["6-5 5-5 4-4 3-3 2-1 1-0 0-0", "6-6 6-4 6-3 5-4 4-3 2-2 1-1"]


def test_modern_the_highest_double_must_be_led() -> None:
    state = build(configure("block", "modern", 2), MODERN_DEAL)
    assert (state.leader, state.turn) == (1, 1)
    assert state.legal_actions() == [play(T("6-6"))]
    assert_illegal(state, play(T("6-4"), None, 4), "seat 1 must lead 6-6")
    assert_illegal(state, play(T("1-1")), "seat 1 must lead 6-6")


def test_modern_a_given_leader_must_agree_with_the_deal() -> None:
    rules = configure("block", "modern", 2)
    assert build(rules, MODERN_DEAL, leader=1).leader == 1
    with pytest.raises(ValueError, match="leader 0 disagrees with the deal: seat 1 leads"):
        build(rules, MODERN_DEAL, leader=0)


def test_modern_no_drawing_a_player_who_cannot_match_passes() -> None:
    state = build(
        configure("block", "modern", 2),
        ["6-5 5-5 4-4 3-3 2-1 1-0 0-0", "6-6 6-4 6-3 5-4 4-3 4-2 1-1"],
    )
    state.apply(play(T("6-6")))
    assert strs(state.legal_actions()) == ["6-5 at L", "6-5 at R"]
    state.apply(play(T("6-5"), "L"))
    state.apply(play(T("6-4"), "R"))  # ends 5 and 4
    assert strs(state.legal_actions()) == ["5-5 at L", "4-4 at R"]
    state.apply(play(T("5-5"), "L"))
    state.apply(play(T("5-4"), "L"))
    state.apply(play(T("4-4"), "L"))
    # Ends 4 and 4; seat 1 holds 6-3 4-3 4-2 1-1.
    assert strs(state.legal_actions()) == ["4-2 at L", "4-3 at L", "4-2 at R", "4-3 at R"]
    state.apply(play(T("4-3"), "R"))
    # Seat 0 holds 3-3 2-1 1-0 0-0: 3-3 at R.
    assert strs(state.legal_actions()) == ["3-3 at R"]
    state.apply(play(T("3-3"), "R"))
    assert strs(state.legal_actions()) == ["4-2 at L", "6-3 at R"]
    state.apply(play(T("6-3"), "R"))
    # Ends 4 and 6: seat 0 holds 2-1 1-0 0-0 and must pass; there is no drawing in block.
    assert state.legal_actions() == [PASS]
    assert_illegal(state, DRAW, "there is no drawing in this game")
    state.apply(PASS)
    assert (state.turn, strs(state.legal_actions())) == (1, ["4-2 at L"])
    state.apply(play(T("4-2"), "L"))
    state.apply(play(T("2-1"), "L"))
    state.apply(play(T("1-1"), "L"))
    # Seat 1 is out and scores seat 0's 1-0 0-0.
    assert state.over and state.result is not None
    assert (state.result.ended, state.result.out_seat, state.result.points) == ("domino", 1, (0, 1))


def test_modern_blocked_as_soon_as_nobody_can_play() -> None:
    state = build(configure("block", "modern", 2), MODERN_DEAL)
    for action in [
        play(T("6-6")),
        play(T("6-5"), "L"),
        play(T("6-4"), "R"),
        play(T("5-5"), "L"),
        play(T("5-4"), "L"),
        play(T("4-4"), "L"),
        play(T("4-3"), "R"),
        play(T("3-3"), "R"),
    ]:
        state.apply(action)
        assert not state.over
    state.apply(play(T("6-3"), "R"))
    # Ends 4 and 6: seat 0 holds 2-1 1-0 0-0 (4), seat 1 holds 2-2 1-1 (6); nobody can play.
    assert state.over and state.result is not None
    assert state.legal_actions() == []
    assert (state.result.ended, state.result.winner, state.result.points) == ("blocked", 0, (2, 0))
    assert state.result.pips == (4, 6)


def test_britannica_lead_is_drawn_for_and_any_tile_may_be_led() -> None:
    rules = configure("block", "britannica", 2)
    assert (rules.first_lead, rules.lead_tile_rule, rules.blocked_scoring) == (
        "draw_highest",
        "any",
        "combined",
    )
    with pytest.raises(ValueError, match="a leader is required"):
        build(rules, MODERN_DEAL)
    state = build(rules, MODERN_DEAL, leader=0)
    assert state.turn == 0
    # 7 tiles, 4 doubles (one way each) and 3 others (two ways each).
    legal = state.legal_actions()
    assert len(legal) == 4 + 2 * 3
    assert play(T("6-5"), None, 5) in legal and play(T("6-5"), None, 6) in legal
    assert play(T("0-0")) in legal


def test_britannica_match_draws_for_the_lead() -> None:
    match = Match(configure("block", "britannica", 2), seed=4)
    assert match.lead_draw is not None and len(match.lead_draw) == 2
    assert match.hand.required_lead == -1


GARDEN_DEAL = ["6-6 6-5 5-5 1-0 2-0", "6-4 4-4 3-0 2-1 3-1"]


def test_garden_games_every_double_is_a_spinner_with_four_ends() -> None:
    rules = configure("block", "garden-games", 2)
    assert rules.hand_size == 5
    state = build(rules, GARDEN_DEAL)
    assert state.legal_actions() == [play(T("6-6"))]
    state.apply(play(T("6-6")))
    # sides-first is off: the short ends open at once.
    assert state.layout is not None and state.layout.open_ends() == [
        ("L", 6),
        ("R", 6),
        ("U", 6),
        ("D", 6),
    ]
    assert strs(state.legal_actions()) == ["6-4 at L", "6-4 at R", "6-4 at U", "6-4 at D"]
    state.apply(play(T("6-4"), "U"))
    state.apply(play(T("6-5"), "L"))
    assert strs(state.legal_actions()) == ["4-4 at U"]
    state.apply(play(T("4-4"), "U"))
    # A later double is a spinner too, its short ends named after it.
    assert state.layout.names == ("L", "R", "U", "D", "4U", "4D")
    assert state.layout.open_ends() == [
        ("L", 5),
        ("R", 6),
        ("U", 4),
        ("D", 6),
        ("4U", 4),
        ("4D", 4),
    ]
    assert strs(state.legal_actions()) == ["5-5 at L"]
    state.apply(play(T("5-5"), "L"))
    assert state.layout.names[-2:] == ("5U", "5D")
    # Seat 1 holds 3-0 2-1 3-1: nothing fits, so it draws (until playable).
    assert state.legal_actions() == [DRAW]


def test_garden_games_redeals_when_no_double_is_dealt() -> None:
    rules = configure("block", "garden-games", 2)
    assert rules.no_double == "redeal"
    no_doubles = ["6-5 6-4 6-3 6-2 6-1", "5-4 5-3 5-2 5-1 5-0"]
    with pytest.raises(ValueError, match="no double was dealt"):
        build(rules, no_doubles)


def test_garden_games_draws_the_last_tile() -> None:
    # Three players: seat 0 holds the sixes, seats 1 and 2 none; the stock holds 11 other tiles,
    # then 6-1, then 6-0 as its very last tile.
    rules = configure("block", "garden-games", 3)
    assert rules.reserve == 0
    state = build(
        rules,
        ["6-6 6-5 6-4 6-3 6-2", "0-0 1-0 1-1 2-1 3-1", "5-5 5-4 4-4 3-3 2-2"],
        "2-0 3-0 3-2 4-0 4-1 4-2 4-3 5-0 5-1 5-2 5-3 6-1 6-0",
        rest_to_stock=False,
    )
    state.apply(play(T("6-6")))
    for _ in range(12):
        assert state.turn == 1
        assert state.legal_actions() == [DRAW]
        state.apply(DRAW)
    assert state.legal_actions() == [play(T("6-1"), e) for e in "LRUD"]
    state.apply(play(T("6-1"), "L"))
    assert (state.turn, state.stock_size(), state.drawable()) == (2, 1, 1)
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    assert state.stock_size() == 0
    assert state.hands[2] & (1 << T("6-0"))
    assert strs(state.legal_actions()) == ["6-0 at R", "6-0 at U", "6-0 at D"]


def test_garden_games_with_a_reserve_of_two_never_draws_the_last_two() -> None:
    rules = configure("block", "garden-games", 3, stock_reserve=2)
    state = build(
        rules,
        ["6-6 6-5 6-4 6-3 6-2", "0-0 1-0 1-1 2-1 3-1", "5-5 5-4 4-4 3-3 2-2"],
        "2-0 3-0 3-2 4-0 4-1 4-2 4-3 5-0 5-1 5-2 5-3 6-1 6-0",
        rest_to_stock=False,
    )
    state.apply(play(T("6-6")))
    for _ in range(11):
        state.apply(DRAW)
    assert state.stock_size() == 2
    assert state.legal_actions() == [PASS]
    assert_illegal(state, DRAW, "cannot draw: the stock is down to its reserve")


def test_garden_games_blocked_scoring_is_difference_each() -> None:
    state = arranged("block", "garden-games", 4, ["2-1", "6-6", "6-5 4-4", "5-4"])
    assert state.rules.hand_result(state, "blocked", None).points == (31, 0, 0, 0)


# -------------------------------------------------------------------------- first_lead / lead_tile
def test_holder_of_a_tile_leads_it() -> None:
    rules = configure("block", "modern", 2, first_lead="holder_of:2-1")
    state = build(rules, MODERN_DEAL)
    assert state.leader == 0
    assert state.legal_actions() == [play(T("2-1"), None, 1), play(T("2-1"), None, 2)]
    assert_illegal(state, play(T("5-5")), "seat 0 must lead 2-1")


def test_holder_of_a_tile_with_any_lead_tile() -> None:
    rules = configure("block", "modern", 2, first_lead="holder_of:2-1", lead_tile="any")
    state = build(rules, MODERN_DEAL)
    assert state.leader == 0
    assert len(state.legal_actions()) == 4 + 2 * 3


def test_holder_of_a_tile_not_in_the_set_is_rejected() -> None:
    with pytest.raises(OptionError, match="no such tile"):
        configure("block", "modern", 2, first_lead="holder_of:7-7")
    with pytest.raises(OptionError, match="holder_of:<tile>"):
        configure("block", "modern", 2, first_lead="holder_of:x")


def test_lowest_double_leads() -> None:
    rules = configure("block", "modern", 2, first_lead="lowest_double")
    state = build(rules, ["6-6 6-5 5-5 4-3 3-2 2-1 1-0", "4-4 2-2 1-1 6-4 6-3 5-4 5-3"])
    assert state.leader == 1
    assert state.legal_actions() == [play(T("1-1"))]


def test_lowest_double_with_any_lead_tile() -> None:
    rules = configure("block", "modern", 2, first_lead="lowest_double", lead_tile="any")
    state = build(rules, ["6-6 6-5 5-5 4-3 3-2 2-1 1-0", "4-4 2-2 1-1 6-4 6-3 5-4 5-3"])
    assert state.leader == 1
    assert len(state.legal_actions()) == 3 + 2 * 4


def test_highest_double_with_any_lead_tile() -> None:
    rules = configure("block", "modern", 2, lead_tile="any")
    state = build(rules, MODERN_DEAL)
    assert state.leader == 1
    assert len(state.legal_actions()) == 3 + 2 * 4


@pytest.mark.parametrize(
    "rule", ["draw_highest", "draw_highest_doubles_first", "draw_lowest", "random"]
)
def test_leads_decided_outside_the_deal_need_a_leader(rule: str) -> None:
    rules = configure("block", "modern", 2, first_lead=rule)
    assert not rules.lead_from_deal()
    with pytest.raises(ValueError, match="a leader is required"):
        build(rules, MODERN_DEAL)
    with pytest.raises(ValueError, match="no seat 2"):
        build(rules, MODERN_DEAL, leader=2)
    assert build(rules, MODERN_DEAL, leader=1).turn == 1


# --------------------------------------------------------------------------------------- no_double
NO_DOUBLES = ["6-5 6-4 6-3 6-2 6-1 6-0 5-4", "5-3 5-2 5-1 5-0 4-3 4-2 4-1"]


def test_no_double_heaviest_tile_leads() -> None:
    rules = configure("block", "modern", 2)
    assert rules.no_double == "heaviest_tile"
    state = build(rules, NO_DOUBLES)
    assert state.leader == 0
    assert state.legal_actions() == [play(T("6-5"), None, 5), play(T("6-5"), None, 6)]
    state = build(rules, list(reversed(NO_DOUBLES)))
    assert state.leader == 1


def test_no_double_heaviest_tile_ties_go_to_the_higher_half() -> None:
    rules = configure("block", "modern", 2)
    state = build(rules, ["5-4 3-2 3-1 2-0 1-0 4-0 3-0", "6-3 4-2 4-1 5-0 2-1 6-0 5-1"])
    # 5-4 and 6-3 both have 9 pips: 6-3 has the higher half.
    assert state.leader == 1
    assert {a.tile for a in state.legal_actions() if isinstance(a, Play)} == {T("6-3")}


def test_no_double_redeal_raises_on_a_deal_without_a_double() -> None:
    rules = configure("block", "modern", 2, no_double="redeal")
    with pytest.raises(ValueError, match="no double was dealt: these rules throw the deal in"):
        build(rules, NO_DOUBLES)
    assert build(rules, MODERN_DEAL).leader == 1


def test_no_double_redeal_in_a_match_deals_again() -> None:
    rules = configure("block", "modern", 2, no_double="redeal")
    no_doubles = [
        [T(t) for t in NO_DOUBLES[0].split()],
        [T(t) for t in NO_DOUBLES[1].split()],
    ]
    rest = [t for t in range(28) if not any(t in h for h in no_doubles)]
    good = [[T(t) for t in h.split()] for h in MODERN_DEAL]
    good_rest = [t for t in range(28) if not any(t in h for h in good)]
    deals = iter([(no_doubles, rest), (no_doubles, rest), (good, good_rest)])
    rules.deal = lambda rng: next(deals)  # type: ignore[method-assign]
    match = Match(rules, seed=1)
    assert match.hand.deal == tuple(sum(1 << t for t in h) for h in good)
    assert match.hand.leader == 1


def test_no_double_draw_until_found() -> None:
    rules = configure("block", "modern", 2, no_double="draw_until_found")
    state = build(
        rules,
        NO_DOUBLES,
        "3-2 2-0 1-1 3-1 2-2",
    )
    assert state.finding_lead
    assert (state.turn, state.legal_actions()) == (0, [DRAW])
    assert_illegal(state, play(T("6-5"), None, 5), "seat 0 must draw until a double appears")
    state.apply(DRAW)  # seat 0 draws 3-2
    assert (state.turn, state.legal_actions()) == (1, [DRAW])
    state.apply(DRAW)  # seat 1 draws 2-0
    assert state.turn == 0
    state.apply(DRAW)  # seat 0 draws 1-1: the first double, which he must lead
    assert not state.finding_lead
    assert (state.leader, state.turn) == (0, 0)
    assert state.legal_actions() == [play(T("1-1"))]
    assert [m.seat for m in state.history] == [0, 1, 0]
    assert all(m.action == DRAW for m in state.history)
    assert state.hand_sizes() == (9, 8)


def test_no_double_draw_until_found_leader_is_the_finder() -> None:
    rules = configure("block", "modern", 2, no_double="draw_until_found", lead_tile="any")
    # Seat 0 draws 3-2, seat 1 draws 1-1: seat 1 leads, any tile.
    # A record may name the finder as leader (it follows from the stock) but no one sees it early.
    assert build(rules, NO_DOUBLES, "3-2 1-1", leader=1).finding_lead
    with pytest.raises(ValueError, match="leader 0 disagrees with the deal"):
        build(rules, NO_DOUBLES, "3-2 1-1", leader=0)
    state = build(rules, NO_DOUBLES, "3-2 1-1")
    assert state.turn == 0
    state.apply(DRAW)
    state.apply(DRAW)
    assert (state.leader, state.turn, state.finding_lead) == (1, 1, False)
    # lead_tile=any: the finder may lead any tile of his eight.
    assert len(state.legal_actions()) == 1 + 2 * 7


def test_no_double_draw_until_found_in_a_match() -> None:
    # Three tiles each: one deal in seven has no double.
    rules = configure("block", "modern", 2, no_double="draw_until_found", hand_size=3)
    match = next(
        m for m in (Match(rules, seed=seed) for seed in range(1000)) if m.hand.finding_lead
    )
    state = match.hand
    while state.finding_lead:
        state.apply(DRAW)
    assert DOUBLE[state.history[-1].drawn or 0]
    assert state.legal_actions() == [play(state.history[-1].drawn or 0)]


# ---------------------------------------------------------------------------------------- spinners
def _spinner_state(**options: Any) -> LineState:
    rules = configure("block", "modern", 2, **options)
    return build(rules, ["5-5 5-4 5-3 5-2 4-4 6-0 1-0", "5-1 5-0 4-1 4-0 3-3 6-6 2-2"], leader=None)


def test_spinner_none_doubles_are_not_spinners() -> None:
    state = _spinner_state(lead_tile="any", first_lead="holder_of:5-5")
    state.apply(play(T("5-5")))
    assert state.layout is not None and state.layout.names == ("L", "R")
    assert state.layout.spinners == 0


def test_spinner_first_double_sides_first() -> None:
    state = _spinner_state(spinner="first_double", first_lead="holder_of:5-5")
    state.apply(play(T("5-5")))
    assert state.layout is not None
    assert state.layout.names == ("L", "R", "U", "D")
    assert state.layout.open_ends() == [("L", 5), ("R", 5)]
    assert_illegal(state, play(T("5-1"), "U"), "end U is not open yet")
    state.apply(play(T("5-1"), "L"))
    state.apply(play(T("5-4"), "R"))
    # Seat 1 holds 5-0 4-1 4-0 3-3 6-6 2-2; both long sides covered: U and D open.
    assert state.layout.open_ends() == [("L", 1), ("R", 4), ("U", 5), ("D", 5)]
    assert strs(state.legal_actions()) == [
        "4-1 at L",
        "4-0 at R",
        "4-1 at R",
        "5-0 at U",
        "5-0 at D",
    ]


def test_spinner_first_double_only_the_first() -> None:
    state = _spinner_state(
        spinner="first_double", first_lead="holder_of:5-5", spinner_sides_first=False
    )
    state.apply(play(T("5-5")))
    state.apply(play(T("5-1"), "L"))
    state.apply(play(T("5-4"), "R"))
    # Seat 1 plays 4-0 at R, seat 0 6-0 at R, seat 1 6-6 at R: not a spinner.
    state.apply(play(T("4-0"), "R"))
    state.apply(play(T("6-0"), "R"))
    state.apply(play(T("6-6"), "R"))
    assert state.layout is not None
    assert state.layout.names == ("L", "R", "U", "D")
    assert state.layout.spinners == 1 << T("5-5")


def test_spinner_all_doubles_with_sides_first() -> None:
    state = _spinner_state(spinner="all_doubles", first_lead="holder_of:5-5")
    state.apply(play(T("5-5")))
    state.apply(play(T("5-1"), "L"))
    state.apply(play(T("5-4"), "R"))
    state.apply(play(T("4-0"), "R"))
    state.apply(play(T("6-0"), "R"))
    state.apply(play(T("6-6"), "R"))
    lay = state.layout
    assert lay is not None
    assert lay.names == ("L", "R", "U", "D", "6U", "6D")
    # 6-6's far side (R) is free: its short sides wait.
    assert lay.open_ends() == [("L", 1), ("R", 6), ("U", 5), ("D", 5)]


def test_spinner_opening_double_only_when_led() -> None:
    state = _spinner_state(spinner="opening_double", first_lead="holder_of:5-5")
    state.apply(play(T("5-5")))
    assert state.layout is not None and state.layout.names == ("L", "R", "U", "D")
    # A double led is a spinner; one that is not the lead is not, even as the first double.
    rules = configure("block", "modern", 2, spinner="opening_double", first_lead="holder_of:5-4")
    state = build(rules, ["5-5 5-4 5-3 5-2 4-4 6-0 1-0", "5-1 5-0 4-1 4-0 3-3 6-6 2-2"])
    state.apply(play(T("5-4"), None, 4))
    state.apply(play(T("4-1"), "R"))
    state.apply(play(T("5-5"), "L"))
    assert state.layout is not None and state.layout.names == ("L", "R")


def test_spinner_first_double_not_led() -> None:
    rules = configure("block", "modern", 2, spinner="first_double", first_lead="holder_of:5-4")
    state = build(rules, ["5-5 5-4 5-3 5-2 4-4 6-0 1-0", "5-1 5-0 4-1 4-0 3-3 6-6 2-2"])
    state.apply(play(T("5-4"), None, 4))  # L 5, R 4
    state.apply(play(T("4-1"), "R"))
    state.apply(play(T("5-5"), "L"))
    assert state.layout is not None
    assert state.layout.names == ("L", "R", "U", "D")
    assert state.layout.open_ends() == [("L", 5), ("R", 1)]
    state.apply(play(T("5-1"), "L"))
    # 5-5's far side covered (its near side is the line): its short sides open.
    assert state.layout.open_ends() == [("L", 1), ("R", 1), ("U", 5), ("D", 5)]


def test_spinner_fill_first_every_side_before_the_arms() -> None:
    state = _spinner_state(
        spinner="first_double", first_lead="holder_of:5-5", spinner_fill_first=True
    )
    state.apply(play(T("5-5")))
    lay = state.layout
    assert lay is not None and lay.open_ends() == [("L", 5), ("R", 5), ("U", 5), ("D", 5)]
    state.apply(play(T("5-1"), "U"))
    # Seat 0 holds 5-4 5-3 5-2 4-4 6-0 1-0: 1-0 fits U's 1 but the spinner is not complete.
    assert play(T("1-0"), "U") not in state.legal_actions()
    assert_illegal(state, play(T("1-0"), "U"), "cannot be played on until the spinner is complete")
    assert strs(state.legal_actions()) == [
        "5-2 at L",
        "5-3 at L",
        "5-4 at L",
        "5-2 at R",
        "5-3 at R",
        "5-4 at R",
        "5-2 at D",
        "5-3 at D",
        "5-4 at D",
    ]
    state.apply(play(T("5-4"), "L"))
    state.apply(play(T("5-0"), "R"))
    state.apply(play(T("5-3"), "D"))
    # Complete: every arm may grow.
    assert strs(state.legal_actions()) == [
        "4-0 at L",
        "4-1 at L",
        "4-0 at R",
        "4-1 at U",
        "3-3 at D",
    ]


# ------------------------------------------------------------------------------- double_bonus_play
def test_double_bonus_play_after_a_double_the_same_seat_may_add_a_tile() -> None:
    rules = configure("block", "modern", 2, double_bonus_play=True)
    state = build(rules, ["6-6 6-5 5-5 6-1 2-0 3-0 4-0", "6-4 4-4 3-1 2-1 1-1 1-0 0-0"])
    state.apply(play(T("6-6")))
    assert state.turn == 0
    assert strs(state.legal_actions()) == ["6-1 at L", "6-5 at L", "6-1 at R", "6-5 at R", "pass"]
    assert_illegal(state, play(T("2-0"), "L"), "may only add a tile matching 6-6")
    state.apply(play(T("6-5"), "L"))
    # The bonus tile is not itself a double: the turn passes.
    assert state.turn == 1
    state.apply(play(T("6-4"), "R"))
    state.apply(play(T("5-5"), "L"))
    # Seat 0 has no other five: no bonus.
    assert state.turn == 1


def test_double_bonus_play_only_at_that_double() -> None:
    rules = configure("block", "modern", 2, double_bonus_play=True)
    state = build(rules, ["6-6 6-5 5-5 4-1 2-0 3-0 5-0", "6-4 4-4 3-1 2-1 1-1 1-0 0-0"])
    state.apply(play(T("6-6")))
    state.apply(PASS)  # seat 0 declines the bonus
    assert state.turn == 1
    state.apply(play(T("6-4"), "R"))
    state.apply(play(T("6-5"), "L"))  # ends 5 and 4
    state.apply(
        play(T("4-4"), "R")
    )  # seat 1: a double; holds 3-1 2-1 1-1 1-0 0-0, no four: no bonus
    assert state.turn == 0
    state.apply(play(T("5-5"), "L"))  # seat 0: ends 5-5x and 4-4x; holds 4-1 5-0 ...
    assert state.turn == 0
    # Only the tile matching the double just laid, at that double: 5-0 at L, not 4-1 at R.
    assert strs(state.legal_actions()) == ["5-0 at L", "pass"]
    assert_illegal(state, play(T("4-1"), "R"), "may only add a tile matching 5-5")
    state.apply(PASS)
    assert state.turn == 1


def test_without_double_bonus_play_the_turn_passes_after_a_double() -> None:
    state = build(
        configure("block", "modern", 2),
        ["6-6 6-5 5-5 6-1 2-0 3-0 4-0", "6-4 4-4 3-1 2-1 1-1 1-0 0-0"],
    )
    state.apply(play(T("6-6")))
    assert state.turn == 1


# --------------------------------------------------------------------- domino_points / round_scope
@pytest.mark.parametrize(
    ("domino_points", "round_scope", "hands", "expected"),
    [
        ("pips", "total", ["", "6-6", "6-5 1-0"], 24),
        ("pips_round5", "total", ["", "6-6", "6-5 1-0"], 25),  # MUG-10: 12 + 12 = 24 -> 25
        ("pips_round5", "per_opponent", ["", "6-6", "6-5 1-0"], 20),  # 10 + 10
        ("pips_round5", "total", ["", "6-6", "6-5 2-0"], 25),  # 12 + 13 = 25
        ("pips_round5", "per_opponent", ["", "6-6", "6-5 2-0"], 25),  # 10 + 15
        ("pips_round3", "total", ["", "6-6", "6-5 1-0"], 24),
        ("pips_round3", "total", ["", "6-6", "6-5 2-0"], 24),  # 25 -> 24
        ("pips_round3", "total", ["", "6-6", "6-5 3-0"], 27),  # 26 -> 27
        ("pips_round3", "per_opponent", ["", "6-6", "6-5 3-0"], 27),  # 12 + 15
        ("fixed:2", "total", ["", "6-6", "6-5 1-0"], 2),
        ("none", "total", ["", "6-6", "6-5 1-0"], 0),
    ],
)
def test_domino_points(
    domino_points: str, round_scope: str, hands: list[str], expected: int
) -> None:
    state = arranged(
        "block", "modern", 3, hands, domino_points=domino_points, round_scope=round_scope
    )
    result = state.rules.hand_result(state, "domino", 0)
    assert result.points == (expected, 0, 0)
    assert result.winner == 0


@pytest.mark.parametrize(
    ("pips", "expected"),
    [
        (27, 25),
        (28, 30),
        (12, 10),
        (13, 15),
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 5),
        (4, 5),
        (22, 20),
        (23, 25),
    ],
)
def test_mug8_rounding_to_five(pips: int, expected: int) -> None:
    hand = {
        27: "6-6 6-5 4-0",
        28: "6-6 6-5 5-0",
        12: "6-6",
        13: "6-6 1-0",
        0: "0-0",
        1: "1-0",
        2: "1-1",
        3: "2-1",
        4: "3-1",
        22: "6-6 5-5",
        23: "6-6 6-5",
    }[pips]
    state = arranged("block", "modern", 2, ["", hand], domino_points="pips_round5")
    assert state.rules.hand_pips(state.hands[1]) == pips
    assert state.rules.hand_result(state, "domino", 0).points == (expected, 0)


def test_rounding_applies_to_blocked_scores() -> None:
    # MUG-9 with difference_total, then rounded: 27 - 8 = 19 -> 20.
    state = arranged("block", "modern", 2, ["4-4", "6-6 6-5 4-0"], domino_points="pips_round5")
    assert state.rules.hand_result(state, "blocked", None).points == (20, 0)
    # MUG-9 with opponents: 27 -> 25.
    state = arranged(
        "block",
        "modern",
        2,
        ["4-4", "6-6 6-5 4-0"],
        domino_points="pips_round5",
        blocked_scoring="opponents",
    )
    assert state.rules.hand_result(state, "blocked", None).points == (25, 0)


# ------------------------------------------------------------------------------------- blocked_tie
def test_blocked_tie_no_score() -> None:
    assert blocked_points(3, ["5-0", "4-1", "6-6"]) == (0, 0, 0)
    state = arranged("block", "modern", 3, ["5-0", "4-1", "6-6"])
    result = state.rules.hand_result(state, "blocked", None)
    assert result.winner is None


def test_blocked_tie_split_opponents() -> None:
    # 5, 5 and 12 pips: a sole winner would score 12; the two tied split it.
    points = blocked_points(
        3, ["5-0", "4-1", "6-6"], blocked_tie="split", blocked_scoring="opponents"
    )
    assert points == (6, 6, 0)


def test_blocked_tie_split_combined() -> None:
    # combined = all hands: 5 + 5 + 12 = 22, divided between the two tied: 11 each.
    points = blocked_points(
        3, ["5-0", "4-1", "6-6"], blocked_tie="split", blocked_scoring="combined"
    )
    assert points == (11, 11, 0)


def test_blocked_tie_lightest_tile() -> None:
    # 5 pips each: 5-0 against 3-0 2-0 (lightest 2-0): seat 1 wins and scores (5 + 12) - 5.
    points = blocked_points(3, ["5-0", "3-0 2-0", "6-6"], blocked_tie="lightest_tile")
    assert points == (0, 12, 0)
    points = blocked_points(
        3, ["5-0", "3-0 2-0", "6-6"], blocked_tie="lightest_tile", blocked_scoring="opponents"
    )
    assert points == (0, 17, 0)
    # Equal lightest tiles: nobody scores.
    assert blocked_points(3, ["4-0 1-0", "3-1 1-0", "6-6"], blocked_tie="lightest_tile") == (
        0,
        0,
        0,
    )


def test_blocked_tie_fewest_doubles() -> None:
    points = blocked_points(3, ["2-2 1-0", "4-1", "6-6"], blocked_tie="fewest_doubles")
    assert points == (0, 12, 0)
    points = blocked_points(3, ["2-2 1-0", "1-1 3-0", "6-6"], blocked_tie="fewest_doubles")
    assert points == (0, 0, 0)


def test_blocked_tie_last_to_play() -> None:
    rules = configure("block", "modern", 2, blocked_tie="last_to_play", blocked_scoring="opponents")
    state = build(rules, ["6-6 3-2 3-0 2-0 1-0 0-0 4-2", "6-5 6-4 6-3 6-2 6-1 6-0 5-4"])
    state.apply(play(T("6-6")))
    state.apply(play(T("6-5"), "L"))
    set_hands(state, ["3-2", "4-1"])
    result = rules.hand_result(state, "blocked", None)
    assert (result.winner, result.points) == (1, (0, 5))
    state = build(rules, ["6-6 5-2 3-0 2-0 1-0 0-0 4-2", "6-5 6-4 6-3 6-2 6-1 6-0 5-4"])
    state.apply(play(T("6-6")))
    state.apply(play(T("6-5"), "L"))
    state.apply(play(T("5-2"), "L"))
    set_hands(state, ["3-2", "4-1"])
    last = [m.seat for m in state.history if isinstance(m.action, Play)][-1]
    assert last == 0
    result = rules.hand_result(state, "blocked", None)
    assert (result.winner, result.points) == (0, (5, 0))


# --------------------------------------------------------------------------- early_block_detection
def test_early_block_detection_in_a_game_without_drawing() -> None:
    # The stock cannot be drawn in block, so it cannot unblock the hand: nobody can play -> blocked.
    rules = configure("block", "modern", 2, early_block_detection=True)
    state = build(rules, ["6-6 6-5 5-5 4-4 3-3 2-2 1-1", "6-4 6-3 6-2 5-4 5-3 4-3 0-0"])
    for action in [
        play(T("6-6")),
        play(T("6-2"), "L"),
        play(T("2-2"), "L"),
        play(T("6-3"), "R"),
        play(T("3-3"), "R"),
        play(T("4-3"), "R"),
        play(T("4-4"), "R"),
        play(T("5-4"), "R"),
        play(T("5-5"), "R"),
        play(T("5-3"), "R"),
    ]:
        state.apply(action)
    # Ends 2 and 3; seat 0 holds 6-5 1-1, seat 1 holds 6-4 0-0: nobody can play.
    assert state.layout is not None and state.layout.open_ends() == [("L", 2), ("R", 3)]
    assert state.over, "nobody can play or draw: the hand must end blocked"
    assert state.result is not None and state.result.ended == "blocked"
    assert state.result.points == (0, 3)  # 13 - 10


def test_spinner_fill_first_applies_to_the_first_spinner_when_it_is_not_the_lead() -> None:
    rules = configure(
        "block",
        "modern",
        2,
        spinner="first_double",
        spinner_fill_first=True,
        first_lead="holder_of:5-4",
    )
    state = build(rules, ["5-5 5-4 5-3 5-2 4-4 6-0 1-0", "5-1 5-0 4-1 4-0 3-3 6-6 2-2"])
    state.apply(play(T("5-4"), None, 4))  # L 5, R 4
    state.apply(play(T("4-1"), "R"))  # R 1
    state.apply(play(T("5-5"), "L"))  # the first spinner; its far side is L
    lay = state.layout
    assert lay is not None and lay.names == ("L", "R", "U", "D")
    # Under fill-first its short sides are open at once (as for a spinner led). Seat 1 holds
    # 5-1 5-0 4-0 3-3 6-6 2-2: 5-1 also fits R (1), but only the spinner's sides take tiles.
    assert lay.open_ends() == [("L", 5), ("R", 1), ("U", 5), ("D", 5)]
    assert strs(state.legal_actions()) == [
        "5-0 at L",
        "5-1 at L",
        "5-0 at U",
        "5-1 at U",
        "5-0 at D",
        "5-1 at D",
    ]
    assert_illegal(state, play(T("5-1"), "R"), "cannot be played on until the spinner is complete")
    state.apply(play(T("5-0"), "L"))
    # Seat 0 holds 5-3 5-2 4-4 6-0 1-0: 6-0 fits L's 0 and 1-0 fits R, but U and D come first.
    assert strs(state.legal_actions()) == ["5-2 at U", "5-3 at U", "5-2 at D", "5-3 at D"]
    state.apply(play(T("5-3"), "U"))
    state.apply(play(T("5-1"), "D"))
    # Complete: every arm may grow again.
    legal = strs(state.legal_actions())
    assert "1-0 at R" in legal and "6-0 at L" in legal


@pytest.mark.parametrize(
    ("tile_set", "size", "top"), [("double-nine", 55, "9-9"), ("double-twelve", 91, "12-12")]
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bigger_sets(tile_set: str, size: int, top: str, players: int) -> None:
    rules = configure("block", "modern", players, tile_set=tile_set)
    assert rules.tiles.size == size
    hand_size = 7 if players == 2 else 5
    for seed in range(5):
        state = Match(rules, seed=seed).hand
        assert state.hand_sizes() == (hand_size,) * players
        assert state.stock_size() == size - hand_size * players
        dealt = [t for h in state.hands for t in range(size) if h >> t & 1]
        doubles = [t for t in dealt if DOUBLE[t]]
        if doubles:
            assert state.legal_actions() == [play(max(doubles))]
    # A deal with the top double leads it.
    rest = [f"{a}-{b}" for a in range(int(top.split("-")[0]) + 1) for b in range(a + 1)]
    rest.remove(top)
    deal = [" ".join([top, *rest[: hand_size - 1]])] + [
        " ".join(rest[hand_size - 1 + i * hand_size : hand_size - 1 + (i + 1) * hand_size])
        for i in range(players - 1)
    ]
    state = build(rules, deal)
    assert state.legal_actions() == [play(T(top))]
    with pytest.raises(ValueError, match="is not a tile of the double-six set"):
        build(configure("block", "modern", players), deal)


def test_doubles_crosswise_does_not_change_play() -> None:
    # Cosmetic (RULES.md §3 row 7): the same hand has the same legal actions either way.
    deal = ["6-5 5-5 4-4 3-3 2-1 1-0 0-0", "6-6 6-4 6-3 5-4 4-3 4-2 1-1"]
    states = [
        build(configure("block", "modern", 2, doubles_crosswise=value), deal)
        for value in (True, False)
    ]
    rng = random.Random(3)
    while not states[0].over:
        legal = [s.legal_actions() for s in states]
        assert legal[0] == legal[1]
        action = rng.choice(legal[0])
        for s in states:
            s.apply(action)
    assert states[1].over and states[0].result == states[1].result
