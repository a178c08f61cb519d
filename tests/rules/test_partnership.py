"""Latin-American partnership dominoes (RULES.md §2.12): PAR-1..PAR-3 of §4.10, the rule sets
latin and puerto-rico, partner_pips, and the partnerships option of block and draw."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from boneyard import DRAW, Match, OptionError, Play, play
from boneyard.core.record import replay_record
from boneyard.games.line.state import LineState
from conftest import T, arranged, assert_illegal, build, configure, load_record, with_options


def play_out(state: LineState, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))


def end_points(rule_set: str, hands: list[str], ended: str, out: int | None, **options: Any):
    state = arranged("partnership", rule_set, 4, hands, **options)
    return state.rules.hand_result(state, ended, out)


# ------------------------------------------------------------------------------------------- PAR-1
# A1 (seat 0) goes out; A2 (seat 2) holds 6; B1 (seat 1) 9, B2 (seat 3) 14.
PAR1 = ["", "5-4", "4-2", "6-6 1-1"]


def test_par1_latin() -> None:
    result = end_points("latin", PAR1, "domino", 0)
    assert (result.winner, result.points) == (0, (23, 0))


def test_par1_puerto_rico() -> None:
    result = end_points("puerto-rico", PAR1, "domino", 0)
    assert (result.winner, result.points) == (0, (29, 0))


def test_par1_partner_pips_subtract() -> None:
    assert end_points("latin", PAR1, "domino", 0, partner_pips="subtract").points == (17, 0)
    # Never below nothing.
    hands = ["", "1-0", "6-6 6-5", "2-0"]
    assert end_points("latin", hands, "domino", 0, partner_pips="subtract").points == (0, 0)


def test_par1_by_play() -> None:
    # Seat 3 goes out; partner seat 1 holds 6, opponents 14 and 9.
    record = load_record("partnership_domino.json")
    replay = replay_record(record)
    assert replay.disagreements == []
    (hand,) = replay.hands
    assert (hand.ended, hand.winner, hand.points) == ("domino", 1, [0, 23])
    assert replay.sides == [[0, 2], [1, 3]]
    assert replay.match.hand.result is not None
    assert replay.match.hand.result.pips == (14, 6, 9, 0)
    record["rules"] = "puerto-rico"
    del record["hands"][0]["result"]
    (hand,) = replay_record(record).hands
    assert (hand.ended, hand.winner, hand.points) == ("domino", 1, [0, 29])


# ------------------------------------------------------------------------------------------- PAR-2
# Blocked: team A (seats 0 & 2) 4 + 11 = 15, team B (seats 1 & 3) 10 + 13 = 23.
PAR2 = ["3-1", "6-4", "6-5", "6-6 1-0"]


def test_par2_latin() -> None:
    result = end_points("latin", PAR2, "blocked", None)
    assert (result.winner, result.points) == (0, (23, 0))


def test_par2_puerto_rico() -> None:
    result = end_points("puerto-rico", PAR2, "blocked", None)
    assert (result.winner, result.points) == (0, (38, 0))


def test_par2_equal_totals_score_nothing() -> None:
    hands = ["5-0", "4-3", "6-4", "4-4"]  # 5 + 10 = 15 against 7 + 8 = 15
    for rule_set in ("latin", "puerto-rico"):
        result = end_points(rule_set, hands, "blocked", None)
        assert (result.winner, result.points) == (None, (0, 0))


def test_par2_by_play() -> None:
    # Seats 1 & 3 hold 11 + 4 = 15, seats 0 & 2 hold 10 + 13 = 23.
    record = load_record("partnership_blocked.json")
    (hand,) = replay_record(record).hands
    assert (hand.ended, hand.winner, hand.points) == ("blocked", 1, [0, 23])
    record["rules"] = "puerto-rico"
    del record["hands"][0]["result"]
    (hand,) = replay_record(record).hands
    assert (hand.ended, hand.winner, hand.points) == ("blocked", 1, [0, 38])


# ------------------------------------------------------------------------- PAR-3 (abw333 examples)
def test_par3_puerto_rico_examples() -> None:
    # Player 1 out; the remaining hands hold 12, 10 and 10 -> 32 (the partner's 10 included).
    assert end_points("puerto-rico", ["", "6-6", "5-5", "6-4"], "domino", 0).points == (32, 0)
    assert end_points("puerto-rico", ["", "6-6", "5-5", "6-4"], "domino", 2).points == (32, 0)
    assert end_points("puerto-rico", ["6-6", "", "5-5", "6-4"], "domino", 1).points == (0, 32)
    # Another hand: 5 + 9 + 4 -> 18.
    assert end_points("puerto-rico", ["", "5-0", "5-4", "2-2"], "domino", 0).points == (18, 0)
    # Under latin the partner's pips do not count: 5 + 4 (seats 1 and 3) = 9.
    assert end_points("latin", ["", "5-0", "5-4", "2-2"], "domino", 0).points == (9, 0)


# ----------------------------------------------------------------------------------- the rule sets
def test_latin_deal_and_sides() -> None:
    rules = configure("partnership")
    assert rules.rule_set == "latin"
    assert (rules.players, rules.hand_size, rules.reserve) == (4, 7, 0)
    assert rules.sides == ((0, 2), (1, 3))
    assert rules.side_of == (0, 1, 0, 1)
    assert rules.turn_direction == "ccw"
    assert not rules.can_draw
    assert rules.target_score == 100
    hand = Match(rules, seed=3).hand
    assert hand.hand_sizes() == (7, 7, 7, 7)
    assert hand.stock_size() == 0


@pytest.mark.parametrize("players", [2, 3, 5])
def test_partnership_is_for_four(players: int) -> None:
    with pytest.raises(OptionError, match=f"partnership is for 4 players, not {players}"):
        configure("partnership", "latin", players)


DEAL = [
    "6-2 5-2 5-0 4-4 4-2 4-1 3-3",
    "6-1 4-0 3-2 2-1 1-1 1-0 0-0",
    "6-3 5-5 5-4 5-3 4-3 3-1 2-0",
    "6-6 6-5 6-4 6-0 5-1 3-0 2-2",
]


def test_latin_the_6_6_holder_leads_it_in_the_first_hand() -> None:
    state = build(configure("partnership", "latin"), DEAL)
    assert (state.leader, state.turn) == (3, 3)
    assert state.legal_actions() == [play(T("6-6"))]
    assert_illegal(state, play(T("6-5"), None, 5), "seat 3 must lead 6-6")
    state.apply(play(T("6-6")))
    # Seats are numbered in the order of play: after seat 3 comes seat 0.
    assert state.turn == 0
    assert_illegal(state, DRAW, "there is no drawing in this game")


@pytest.mark.parametrize("rule_set", ["latin", "puerto-rico"])
def test_the_6_6_holder_leads_wherever_it_is(rule_set: str) -> None:
    rules = configure("partnership", rule_set)
    for seed in range(8):
        match = Match(rules, seed=seed)
        state = match.hand
        assert state.hands[state.leader] & (1 << T("6-6"))
        assert state.legal_actions() == [play(T("6-6"))]


def test_latin_later_hands_are_led_by_the_next_seat_with_any_tile() -> None:
    rules = configure("partnership", "latin")
    match = Match(rules, seed=11)
    leaders = [match.hand.leader]
    for hand_no in range(4):
        play_out(match.hand, seed=hand_no)
        if match.next_hand() is None:
            break
        state = match.hand
        leaders.append(state.leader)
        assert state.turn == state.leader
        # Any tile, either way round.
        sizes = state.hand_sizes()[state.leader]
        doubles = sum(1 for a in state.legal_actions() if isinstance(a, Play) and a.open is None)
        assert len(state.legal_actions()) == doubles + 2 * (sizes - doubles)
    assert len(leaders) >= 3
    # counter-clockwise play: the next player to the right is the next seat, seat + 1.
    for a, b in itertools.pairwise(leaders):
        assert b == (a + 1) % 4


def test_puerto_rico_the_winner_leads_the_next_hand() -> None:
    rules = configure("partnership", "puerto-rico")
    assert rules.next_lead == "winner"
    seen = 0
    for seed in range(20):
        match = Match(rules, seed=seed)
        play_out(match.hand, seed)
        result = match.hand.result
        assert result is not None
        if result.out_seat is None or match.next_hand() is None:
            continue
        assert match.hand.leader == result.out_seat
        assert match.hand.required_lead == -1
        seen += 1
    assert seen > 5


def test_puerto_rico_after_a_blocked_hand_the_6_6_holder_leads_again() -> None:
    rules = configure("partnership", "puerto-rico")
    result = end_points("puerto-rico", PAR2, "blocked", None)
    # Nobody went out: the first-lead rule (the holder of 6-6) decides the next lead.
    assert rules.next_leader(3, result) is None


def test_partner_pips_include_in_a_block_game() -> None:
    state = arranged("block", "modern", 4, PAR1, partnerships=True, partner_pips="include")
    assert state.rules.hand_result(state, "domino", 0).points == (29, 0)


# ------------------------------------------------------------------ partnerships in block and draw
@pytest.mark.parametrize("game", ["block", "draw"])
def test_partnerships_option(game: str) -> None:
    rules = configure(game, None, 4, partnerships=True)
    assert rules.sides == ((0, 2), (1, 3))
    assert rules.partners()
    state = arranged(game, None, 4, PAR1, partnerships=True)
    result = state.rules.hand_result(state, "domino", 2)
    # Seat 2 goes out for side 0: the opponents' 9 + 14.
    assert (result.winner, result.points, result.out_seat) == (0, (23, 0), 2)
    state = arranged(game, None, 4, PAR2, partnerships=True, blocked_scoring="opponents")
    assert state.rules.hand_result(state, "blocked", None).points == (23, 0)


@pytest.mark.parametrize("players", [2, 3])
def test_partnerships_need_four_players(players: int) -> None:
    with pytest.raises(OptionError, match="partnerships need exactly four players"):
        configure("block", "modern", players, partnerships=True)


def test_partnership_match_totals_per_side() -> None:
    rules = configure("block", "modern", 4, partnerships=True, target_score=40)
    match = Match(rules, seed=5)
    while not match.over:
        play_out(match.hand, len(match.hands))
        match.next_hand()
    assert len(match.totals) == 2
    assert match.winner is not None and match.totals[match.winner] >= 40
    assert match.totals == [
        sum(h.result.points[i] for h in match.hands if h.result is not None) for i in range(2)
    ]


def test_partnership_game_without_partnerships_scores_each_seat() -> None:
    replay = replay_record(with_options(load_record("partnership_domino.json"), partnerships=False))
    assert replay.sides == [[0], [1], [2], [3]]
    assert replay.hands[0].points == [0, 0, 0, 14 + 6 + 9]
    # The recorded result, per partnership, no longer agrees.
    assert replay.disagreements == [
        "hand 1: the record's result is [0, 23] but the replay gives [0, 0, 0, 29]"
    ]
