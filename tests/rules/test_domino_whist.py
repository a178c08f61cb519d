"""Domino Whist (RULES.md §2.6): WH-1 of §4.7 under every ``whist_debit`` (RULES.md §3 row 31),
ties (§5.3), the match lost by the side first debited with 100, the draw for partners "as at
Whist", the lead rotation, and records that replay."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boneyard import DRAW, PASS, Match, OptionError, play
from boneyard.core.protocol import HandResult
from boneyard.core.record import RecordError, match_to_record, replay_record
from boneyard.core.tiles import NAMES
from boneyard.games.line.state import LineState
from boneyard.games.whist import WhistRules, draw_rank
from conftest import StubRng, T, arranged, assert_illegal, build, configure, load_record

DEBITS = ("highest_side_own_total", "side_of_highest_holder_all_pips", "highest_holder_own_pips")


def whist(**options: Any) -> WhistRules:
    rules = configure("domino-whist", None, None, **options)
    assert isinstance(rules, WhistRules)
    return rules


def end_result(hands: list[str], ended: str, out: int | None, **options: Any) -> HandResult:
    state = arranged("domino-whist", "britannica", 4, hands, **options)
    return state.rules.hand_result(state, ended, out)


def play_out(state: LineState, rng: random.Random) -> None:
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))


# ------------------------------------------------------------------------------------------- WH-1
# N (seat 0) 12, E (seat 1) 7, S (seat 2) went out, W (seat 3) 9: NS 12, EW 16.
WH1 = ["6-6", "4-3", "", "5-4"]


@pytest.mark.parametrize(
    ("debit", "points", "winner"),
    [
        ("highest_side_own_total", (0, 16), 0),  # EW hold more: debited their own 16
        ("side_of_highest_holder_all_pips", (28, 0), 1),  # N holds the most: NS debited all 28
        ("highest_holder_own_pips", (12, 0), 1),  # NS debited N's 12
    ],
)
def test_wh1(debit: str, points: tuple[int, int], winner: int) -> None:
    result = end_result(WH1, "domino", 2, whist_debit=debit)
    assert result.pips == (12, 7, 0, 9)
    assert (result.ended, result.out_seat) == ("domino", 2)
    assert result.points == points and result.end_points == points
    # The hand is won by the side that is not debited, here or not the side that went out.
    assert result.winner == winner


def test_wh1_default_is_highest_side_own_total() -> None:
    assert whist().whist_debit == "highest_side_own_total"
    assert end_result(WH1, "domino", 2).points == (0, 16)
    reason = end_result(WH1, "domino", 2).reason
    assert reason == (
        "seat 2 went out; seats 1 & 3 hold the most pips (16 to 12) and are debited 16"
    )


def test_wh1_by_play() -> None:
    """A real hand ending as WH-1: South (seat 2) goes out, North 12, East 7, West 9."""
    record = load_record("domino_whist_wh1.json")
    replay = replay_record(record)
    assert replay.disagreements == []
    assert replay.to_json() == {
        "game": "domino-whist",
        "rules": "britannica",
        "sides": [[0, 2], [1, 3]],
        "hands": [{"points": [0, 16], "ended": "domino", "winner": 0}],
        "totals": [0, 16],
        "complete": False,
        "winner": None,
    }
    result = replay.match.hand.result
    assert result is not None and result.pips == (12, 7, 0, 9) and result.out_seat == 2
    for debit, points in (
        ("side_of_highest_holder_all_pips", [28, 0]),
        ("highest_holder_own_pips", [12, 0]),
    ):
        record["options"]["whist_debit"] = debit
        del record["hands"][0]["result"]
        (hand,) = replay_record(record).hands
        assert (hand.points, hand.winner) == (points, 1)
        record["hands"][0]["result"] = {"points": points}


def test_a_wrong_recorded_debit_is_reported() -> None:
    record = load_record("domino_whist_wh1.json")
    record["hands"][0]["result"] = {"points": [16, 0]}
    assert replay_record(record).disagreements == [
        "hand 1: the record's result is [16, 0] but the replay gives [0, 16]"
    ]


# ------------------------------------------------------------------------------------------ ties
@pytest.mark.parametrize("debit", DEBITS)
def test_equal_side_totals_and_opponents_tied_for_most_debit_nobody(debit: str) -> None:
    # Sides 9 + 5 = 14 and 9 + 5 = 14; seats 0 and 1 (opponents) both hold the most, 9.
    result = end_result(["5-4", "6-3", "4-1", "3-2"], "blocked", None, whist_debit=debit)
    assert (result.winner, result.points) == (None, (0, 0))
    assert "nobody is debited" in result.reason


def test_equal_side_totals_debit_nobody_even_with_a_single_highest_holder() -> None:
    # NS 10 + 0, EW 4 + 6: equal sides, but seat 0 alone holds the most.
    hands = ["6-4", "4-0", "", "3-3"]
    assert end_result(hands, "domino", 2).points == (0, 0)
    assert end_result(hands, "domino", 2).winner is None
    assert end_result(hands, "domino", 2, whist_debit=DEBITS[1]).points == (20, 0)
    assert end_result(hands, "domino", 2, whist_debit=DEBITS[2]).points == (10, 0)


def test_opponents_tied_for_most_debit_nobody_under_the_holder_readings() -> None:
    # Seats 1 and 2 (opponents) both hold 8; sides NS 8 + 1 = 9 against EW 8 + 3 = 11.
    hands = ["1-0", "5-3", "6-2", "2-1"]
    for debit in DEBITS[1:]:
        result = end_result(hands, "blocked", None, whist_debit=debit)
        assert (result.winner, result.points) == (None, (0, 0))
        assert "seat 1 and seat 2 tie for the most pips (8)" in result.reason
    assert end_result(hands, "blocked", None).points == (0, 11)


def test_partners_tied_for_most_are_both_the_holders() -> None:
    # Seats 1 and 3 (partners) both hold 9: their side is debited.
    hands = ["2-0", "5-4", "3-1", "6-3"]
    assert end_result(hands, "blocked", None, whist_debit=DEBITS[1]).points == (0, 24)
    # "holder or holders of the highest number ... the aggregate": both holders' pips.
    result = end_result(hands, "blocked", None, whist_debit=DEBITS[2])
    assert (result.winner, result.points) == (0, (0, 18))
    assert "seat 1 and seat 3 hold the most pips (9)" in result.reason


def test_hand_double_value_one_half() -> None:
    # 6-6 counts 6: NS 6, EW 7 + 9 = 16 -> EW debited 16; N is no longer the highest holder.
    result = end_result(WH1, "domino", 2, hand_double_value="one_half")
    assert result.pips == (6, 7, 0, 9) and result.points == (0, 16)
    assert end_result(
        WH1, "domino", 2, whist_debit=DEBITS[2], hand_double_value="one_half"
    ).points == (
        0,
        9,
    )


# ------------------------------------------------------------------------------------ the match
def test_the_side_first_debited_with_100_loses() -> None:
    rules = whist()
    assert rules.target_is_loss and rules.target_score == 100
    assert rules.match_winner([99, 0]) is None
    assert rules.match_winner([100, 99]) == 1
    assert rules.match_winner([40, 121]) == 0
    assert rules.match_end([99, 60], 5) == (False, None)
    assert rules.match_end([70, 100], 6) == (True, 0)
    assert whist(target_score=50).match_winner([49, 50]) == 0


def test_a_whole_match_record() -> None:
    """Six hands: two with equal side totals (no debit), then NS are debited 40, 24 and 38 and
    lose with 102 against 18."""
    replay = replay_record(load_record("domino_whist_match.json"))
    assert replay.disagreements == []
    assert replay.to_json() == {
        "game": "domino-whist",
        "rules": "britannica",
        "sides": [[0, 2], [1, 3]],
        "hands": [
            {"points": [0, 0], "ended": "domino", "winner": None},
            {"points": [0, 18], "ended": "domino", "winner": 0},
            {"points": [0, 0], "ended": "blocked", "winner": None},
            {"points": [40, 0], "ended": "blocked", "winner": 1},
            {"points": [24, 0], "ended": "blocked", "winner": 1},
            {"points": [38, 0], "ended": "blocked", "winner": 1},
        ],
        "totals": [102, 18],
        "complete": True,
        "winner": 1,
    }
    # The lead moves to the next seat each hand.
    assert [h.leader for h in replay.match.hands] == [0, 1, 2, 3, 0, 1]


def test_no_hand_after_the_match_is_lost() -> None:
    record = load_record("domino_whist_match.json")
    record["hands"].append(record["hands"][0])
    with pytest.raises(RecordError, match="hand 7: the match was already won after hand 6"):
        replay_record(record)


@pytest.mark.parametrize("seed", range(8))
def test_random_matches_end_when_a_side_reaches_100(seed: int) -> None:
    rules = whist()
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    while True:
        play_out(match.hand, rng)
        before = list(match.totals)
        if match.next_hand() is None:
            break
        assert max(match.totals) < 100
        # At most one side is debited in a hand.
        assert [a == b for a, b in zip(before, match.totals, strict=True)].count(False) <= 1
    assert match.over and match.winner is not None
    loser = 1 - match.winner
    assert match.totals[loser] >= 100 > match.totals[match.winner]
    assert replay_record(match_to_record(match)).winner == match.winner


@pytest.mark.parametrize("seed", range(4))
def test_target_is_loss_false_credits_the_other_side_and_decides_the_same_matches(
    seed: int,
) -> None:
    """Scoring the debit for the other side, first to 100 winning, is the same match."""
    outcomes = []
    for loss in (True, False):
        match = Match(whist(target_is_loss=loss), seed=seed)
        rng = random.Random(seed)
        while True:
            play_out(match.hand, rng)
            if match.next_hand() is None:
                break
        outcomes.append((match.winner, match.totals, [h.result for h in match.hands]))
    (w1, t1, r1), (w2, t2, r2) = outcomes
    assert w1 == w2 is not None
    assert t2 == t1[::-1]
    assert t2[w2] >= 100
    for a, b in zip(r1, r2, strict=True):
        assert a is not None and b is not None
        assert b.points == a.points[::-1] and a.winner == b.winner


# ------------------------------------------------------------------------- the draw for partners
def test_the_two_highest_draws_are_partners_and_the_highest_leads() -> None:
    rules = whist()
    leader, drawn = rules.draw_for_lead(StubRng(["3-1", "6-5", "2-0", "5-4"], randrange=0))
    # 6-5 leads from seat 0, 5-4 (his partner) sits opposite, 3-1 on his left, 2-0 on his right.
    assert leader == 0
    assert [NAMES[t] for t in drawn] == ["6-5", "3-1", "5-4", "2-0"]
    assert rules.describe_draw(drawn) == (
        "seat 0 drew 6-5 and seat 2 drew 5-4: partners against seat 1 (3-1) and seat 3 (2-0); "
        "seat 0 drew highest and leads"
    )
    leader, drawn = rules.draw_for_lead(StubRng(["3-1", "6-5", "2-0", "5-4"], randrange=3))
    assert leader == 3
    assert [NAMES[t] for t in drawn] == ["3-1", "5-4", "2-0", "6-5"]
    assert rules.describe_draw(drawn).startswith("seat 3 drew 6-5 and seat 1 drew 5-4: partners")


def test_counter_clockwise_play_puts_the_third_draw_on_the_previous_seat() -> None:
    rules = whist(turn_direction="ccw")
    leader, drawn = rules.draw_for_lead(StubRng(["3-1", "6-5", "2-0", "5-4"], randrange=1))
    assert leader == 1
    # His left-hand neighbour now plays before him: seat 0.
    assert [NAMES[t] for t in drawn] == ["3-1", "6-5", "2-0", "5-4"]


def test_draw_ranking_is_pip_total_then_the_higher_half() -> None:
    assert draw_rank(T("6-1")) > draw_rank(T("4-3")) > draw_rank(T("5-1"))
    assert draw_rank(T("6-6")) > draw_rank(T("6-5"))
    assert len({draw_rank(t) for t in range(28)}) == 28  # no two tiles tie
    rules = whist()
    leader, drawn = rules.draw_for_lead(StubRng(["4-3", "2-2", "6-1", "1-0"], randrange=2))
    assert (leader, NAMES[drawn[2]], NAMES[drawn[0]]) == (2, "6-1", "4-3")


@pytest.mark.parametrize("seed", range(40))
def test_every_match_starts_with_a_draw_that_fits_the_partnerships(seed: int) -> None:
    rules = whist()
    match = Match(rules, seed=seed)
    drawn = match.lead_draw
    assert drawn is not None and len(set(drawn)) == 4
    ranked = sorted(range(4), key=lambda s: draw_rank(drawn[s]), reverse=True)
    assert match.hand.leader == ranked[0]
    assert rules.side_of[ranked[0]] == rules.side_of[ranked[1]]
    assert rules.side_of[ranked[2]] == rules.side_of[ranked[3]] != rules.side_of[ranked[0]]
    # The third draw sits on the leader's left: the next seat in play.
    assert ranked[2] == (ranked[0] + 1) % 4
    # The record names the leader of every hand.
    assert match_to_record(match)["hands"][0]["leader"] == ranked[0]


def test_the_recorded_draw_agrees_with_the_seats() -> None:
    record = load_record("domino_whist_wh1.json")
    rules = whist()
    drawn = [T(t) for t in record["meta"]["lead_draw"]]
    assert record["hands"][0]["leader"] == 1
    assert rules.describe_draw(drawn) == (
        "seat 1 drew 6-5 and seat 3 drew 6-0: partners against seat 2 (4-1) and seat 0 (3-0); "
        "seat 1 drew highest and leads"
    )
    assert [NAMES[t] for t in Match(rules, seed=52083).lead_draw or []] == record["meta"][
        "lead_draw"
    ]


# ---------------------------------------------------------------------- the deal, play and lead
DEAL = [
    "6-6 4-1 2-2 2-1 1-1 1-0 0-0",
    "6-3 6-0 5-5 5-2 4-2 4-0 3-1",
    "6-5 6-2 6-1 5-3 5-1 4-4 3-3",
    "6-4 5-4 5-0 4-3 3-2 3-0 2-0",
]


def test_four_players_seven_each_no_stock_no_drawing() -> None:
    rules = whist()
    assert (rules.players, rules.hand_size, rules.reserve, rules.can_draw) == (4, 7, 0, False)
    assert rules.sides == ((0, 2), (1, 3)) and rules.side_of == (0, 1, 0, 1)
    assert rules.partners()
    hand = Match(rules, seed=5).hand
    assert hand.hand_sizes() == (7, 7, 7, 7) and hand.stock_size() == 0


def test_the_leader_may_lead_any_tile() -> None:
    state = build(whist(), DEAL, leader=1, lead_by_deal=False)
    assert state.turn == 1
    assert len(state.legal_actions()) == 13  # 6 non-doubles both ways, and the 5-5
    state.apply(state.legal_actions()[0])
    assert_illegal(state, DRAW, "there is no drawing in this game")


def test_a_player_who_cannot_match_says_go() -> None:
    deal = [
        "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
        "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
        "4-3 4-2 4-1 4-0 3-3 3-2 3-1",
        "3-0 2-2 2-1 2-0 1-1 1-0 0-0",
    ]
    state = build(whist(), deal, leader=0, lead_by_deal=False)
    state.apply(play(T("6-6")))
    for seat in (1, 2, 3):
        assert (state.turn, state.legal_actions()) == (seat, [PASS])
        assert_illegal(state, play(T(deal[seat][:3]), "L"), f"seat {seat} cannot play")
        state.apply(PASS)
    assert state.turn == 0 and not state.over


@pytest.mark.parametrize("players", [2, 3, 5])
def test_domino_whist_is_for_four(players: int) -> None:
    with pytest.raises(OptionError, match=f"domino-whist is for 4 players, not {players}"):
        configure("domino-whist", None, players)


@pytest.mark.parametrize("option", ["hand_size", "partnerships", "first_lead", "tile_set"])
def test_fixed_rules_are_not_options(option: str) -> None:
    with pytest.raises(OptionError, match=f"option '{option}' does not apply to domino-whist"):
        configure("domino-whist", None, None, **{option: "1"})


def test_a_bad_whist_debit_lists_the_readings() -> None:
    with pytest.raises(OptionError, match="highest_side_own_total, side_of_highest_holder"):
        whist(whist_debit="everybody")


@pytest.mark.parametrize(
    ("next_lead", "direction", "after_seat_2"),
    [
        ("rotate_left", "cw", 3),
        ("rotate_right", "cw", 1),
        ("alternate", "cw", 3),
        ("rotate_left", "ccw", 1),
    ],
)
def test_the_lead_rotation(next_lead: str, direction: str, after_seat_2: int) -> None:
    rules = whist(next_lead=next_lead, turn_direction=direction)
    assert rules.next_leader(2, None) == after_seat_2


@pytest.mark.parametrize("next_lead", ["same_as_first", "winner"])
def test_a_new_draw_where_the_rotation_gives_no_leader(next_lead: str) -> None:
    # same_as_first: a new draw every hand; winner: after a blocked hand.
    rules = whist(next_lead=next_lead)
    blocked = end_result(["1-0", "5-3", "6-2", "2-1"], "blocked", None)
    assert rules.next_leader(0, blocked) is None
    match = Match(rules, seed=3)
    play_out(match.hand, random.Random(3))
    state = match.next_hand()
    assert state is not None and not state.lead_by_deal


def test_a_record_leader_that_breaks_the_rotation_is_rejected() -> None:
    record = load_record("domino_whist_match.json")
    record["hands"][1]["leader"] = 3
    with pytest.raises(RecordError, match="hand 2: leader 3 disagrees with the rotation: seat 1"):
        replay_record(record)


def test_the_first_leader_must_be_recorded() -> None:
    record = load_record("domino_whist_wh1.json")
    del record["hands"][0]["leader"]
    with pytest.raises(RecordError, match="a leader is required"):
        replay_record(record)
