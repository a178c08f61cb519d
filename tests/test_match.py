"""Matches: the lead of later hands (next_lead, turn_direction), the target, totals and the score
sheet."""

from __future__ import annotations

import itertools
import random

import pytest

from boneyard import Match, Play
from boneyard.core.protocol import HandResult
from boneyard.games.line.state import LineState
from conftest import arranged, configure


def play_out(state: LineState, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))


def play_match(match: Match, seed: int = 0, limit: int = 200) -> None:
    for n in range(limit):
        play_out(match.hand, seed * 1000 + n)
        if match.next_hand() is None:
            return
    raise AssertionError("the match did not end")


def result(winner: int | None, out_seat: int | None, pips: tuple[int, ...]) -> HandResult:
    ended = "domino" if out_seat is not None else "blocked"
    return HandResult(ended, winner, (0,) * len(pips), (0,) * len(pips), pips, out_seat, "")


# --------------------------------------------------------------------------------- next_lead, unit
@pytest.mark.parametrize(
    ("rule", "direction", "players", "previous", "expected"),
    [
        ("alternate", "cw", 2, 0, 1),
        ("alternate", "cw", 2, 1, 0),
        ("rotate_left", "cw", 4, 3, 0),
        ("rotate_left", "cw", 3, 1, 2),
        ("rotate_right", "cw", 4, 0, 3),
        ("rotate_right", "cw", 3, 2, 1),
        # Seats are numbered in the order of play; with counter-clockwise play the next player
        # (seat + 1) sits to the right.
        ("rotate_right", "ccw", 4, 0, 1),
        ("rotate_right", "ccw", 4, 3, 0),
        ("rotate_left", "ccw", 4, 0, 3),
        ("rotate_left", "ccw", 4, 2, 1),
    ],
)
def test_next_leader_rotations(
    rule: str, direction: str, players: int, previous: int, expected: int
) -> None:
    rules = configure("block", "modern", players, next_lead=rule, turn_direction=direction)
    assert rules.next_leader(previous, result(0, 0, (0,) * players)) == expected


def test_next_leader_winner() -> None:
    rules = configure("block", "modern", 3, next_lead="winner")
    assert rules.next_leader(0, result(2, 2, (5, 7, 0))) == 2
    # Blocked: nobody went out, the first-lead rule decides again (pagat: "lot again").
    assert rules.next_leader(0, result(1, None, (9, 4, 7))) is None
    # A tie: nobody won, the deal decides again.
    assert rules.next_leader(0, result(None, None, (4, 4, 7))) is None
    assert rules.next_leader(0, None) is None


def test_next_leader_same_as_first() -> None:
    rules = configure("block", "modern", 2, next_lead="same_as_first")
    assert rules.next_leader(1, result(0, 0, (0, 5))) is None


# --------------------------------------------------------------------------- next_lead, in matches
def leaders_of(match: Match, seed: int = 0, hands: int = 6) -> list[int]:
    leaders = [match.hand.leader]
    for n in range(hands - 1):
        play_out(match.hand, seed * 100 + n)
        if match.next_hand() is None:
            break
        leaders.append(match.hand.leader)
    return leaders


@pytest.mark.parametrize(
    ("rule", "direction", "players", "step"),
    [
        ("alternate", "cw", 2, 1),
        ("rotate_left", "cw", 3, 1),
        ("rotate_left", "cw", 4, 1),
        ("rotate_right", "cw", 3, -1),
        ("rotate_right", "cw", 4, -1),
        ("rotate_left", "ccw", 4, -1),
        ("rotate_right", "ccw", 4, 1),
    ],
)
def test_rotations_in_a_match(rule: str, direction: str, players: int, step: int) -> None:
    rules = configure(
        "block", "modern", players, next_lead=rule, turn_direction=direction, target_score=1000
    )
    for seed in range(3):
        match = Match(rules, seed=seed)
        leaders = leaders_of(match, seed)
        assert len(leaders) == 6
        for a, b in itertools.pairwise(leaders):
            assert b == (a + step) % players
        # Later hands: any tile may be led.
        for state in match.hands[1:]:
            assert state.required_lead == -1
            assert not state.lead_by_deal


def test_winner_leads_in_a_match() -> None:
    rules = configure("block", "modern", 3, next_lead="winner", target_score=1000)
    checked = 0
    for seed in range(10):
        match = Match(rules, seed=seed)
        for n in range(4):
            play_out(match.hand, n)
            previous = match.hand.result
            assert previous is not None
            match.next_hand()
            if previous.out_seat is not None:
                # The player who went out leads, any tile.
                assert match.hand.leader == previous.out_seat
                assert match.hand.required_lead == -1
                checked += 1
            else:
                # Blocked: the deal decides again, the highest double leads it.
                assert match.hand.lead_by_deal
    assert checked > 10


def test_same_as_first_the_deal_decides_every_hand() -> None:
    rules = configure("block", "garden-games", 2, target_score=1000)
    assert rules.next_lead == "same_as_first"
    match = Match(rules, seed=1)
    for n in range(4):
        state = match.hand
        assert state.lead_by_deal
        doubles = [t for t in range(28) if t in {0, 2, 5, 9, 14, 20, 27}]
        held = [(t, s) for s in range(2) for t in doubles if state.hands[s] & (1 << t)]
        top, seat = max(held)
        assert state.leader == seat
        assert state.legal_actions() == [Play(top)]
        play_out(state, n)
        match.next_hand()


def test_same_as_first_with_a_draw_for_the_lead_draws_again() -> None:
    rules = configure("block", "britannica", 2, next_lead="same_as_first", target_score=1000)
    match = Match(rules, seed=2)
    play_out(match.hand)
    match.next_hand()
    assert not match.hand.lead_by_deal
    assert match.hand.required_lead == -1


def test_britannica_hand_two_rotates() -> None:
    rules = configure("block", "britannica", 2)
    match = Match(rules, seed=3)
    first = match.hand.leader
    play_out(match.hand)
    match.next_hand()
    assert match.hand.leader == 1 - first


# ------------------------------------------------------------------------------- target and totals
def test_match_winner_and_target() -> None:
    rules = configure("block", "modern", 3, target_score=50)
    assert rules.match_winner([49, 10, 0]) is None
    assert rules.match_winner([50, 10, 0]) == 0
    assert rules.match_winner([60, 70, 0]) == 1
    # Two sides level at the top, above the target: nobody has won yet.
    assert rules.match_winner([70, 70, 0]) is None


@pytest.mark.parametrize(
    ("game", "rule_set", "players"), [("block", "modern", 2), ("draw", "pagat", 3)]
)
@pytest.mark.parametrize("target", [1, 30, 100])
def test_a_match_ends_when_a_side_reaches_the_target(
    game: str, rule_set: str, players: int, target: int
) -> None:
    rules = configure(game, rule_set, players, target_score=target)
    match = Match(rules, seed=target)
    play_match(match, target)
    assert match.over
    assert match.winner is not None
    assert match.totals[match.winner] >= target
    assert match.totals[match.winner] == max(match.totals)
    # It was not over one hand earlier.
    earlier = [
        sum(h.result.points[i] for h in match.hands[:-1] if h.result is not None)
        for i in range(len(rules.sides))
    ]
    assert rules.match_winner(earlier) is None
    # Totals are the sums of the hands' points, and the score sheet runs them up.
    sheet = match.score_sheet()
    assert len(sheet) == len(match.hands)
    running = [0] * len(rules.sides)
    for number, (n, points, totals) in enumerate(sheet, 1):
        assert n == number
        running = [a + b for a, b in zip(running, points, strict=True)]
        assert list(totals) == running
    assert running == match.totals
    with pytest.raises(ValueError, match="the match is over"):
        match.start_hand([[]] * players, [], None)


def test_next_hand_needs_a_finished_hand() -> None:
    match = Match(configure("block", "modern", 2), seed=1)
    with pytest.raises(ValueError, match="the hand is not finished"):
        match.next_hand()


def test_start_hand_checks_the_previous_hand_and_the_rotation() -> None:
    match = Match(configure("block", "modern", 2), seed=1)
    with pytest.raises(ValueError, match="the previous hand is not finished"):
        match.start_hand([[]] * 2, [], None)
    play_out(match.hand)
    match.record_hand_end()
    expected = (match.hand.leader + 1) % 2
    assert match.expected_leader() == (expected, False)
    deal = [list(range(7)), list(range(7, 14))]
    with pytest.raises(
        ValueError,
        match=f"leader {1 - expected} disagrees with the rotation: seat {expected} leads",
    ):
        match.start_hand(deal, list(range(14, 28)), 1 - expected)
    state = match.start_hand(deal, list(range(14, 28)), None)
    assert state.leader == expected
    assert len(match.hands) == 2


def test_a_match_is_deterministic() -> None:
    rules = configure("draw", "pagat", 3)
    a, b = Match(rules, seed=42), Match(rules, seed=42)
    assert a.hand.deal == b.hand.deal and a.hand.stock == b.hand.stock
    assert Match(rules, seed=43).hand.deal != a.hand.deal


def test_a_match_without_a_deal() -> None:
    match = Match(configure("block"), deal=False)
    assert match.hands == [] and match.totals == [0, 0] and not match.over


def test_hand_double_value_one_half() -> None:
    state = arranged("block", "modern", 2, ["6-6 1-0", "5-4"], hand_double_value="one_half")
    assert state.rules.hand_pips(state.hands[0]) == 7
    res = state.rules.hand_result(state, "blocked", None)
    assert (res.pips, res.points) == ((7, 9), (2, 0))
    state = arranged("block", "modern", 2, ["6-6 1-0", "5-4"])
    res = state.rules.hand_result(state, "blocked", None)
    assert (res.pips, res.points) == ((13, 9), (0, 4))
    state = arranged("block", "modern", 2, ["", "6-6 0-0 2-1"], hand_double_value="one_half")
    assert state.rules.hand_result(state, "domino", 0).points == (9, 0)
