"""Bergen (RULES.md §2.9): BER-1 and BER-2 of §4.8, headers scored as they are made, the leader's
double, going out and blocked hands with the doubles rule, the target (15; 10 for three or four),
Celko's cap near the target, the modern (pagat) reserve and lowest-double lead as options, the
terminal game, and records that replay."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from boneyard import DRAW, PASS, Match, OptionError, Play
from boneyard.record import match_to_record, replay_record
from boneyard.rules.base import HandResult
from boneyard.rules.bergen import BergenRules
from boneyard.state import HandState
from boneyard.terminal import TerminalGame, default_opponent, game_intro, shown_points
from conftest import T, arranged, assert_illegal, build, configure, load_record


def bergen(players: int | None = None, **options: Any) -> BergenRules:
    rules = configure("bergen", None, players, **options)
    assert isinstance(rules, BergenRules)
    return rules


def end_result(hands: list[str], ended: str, out: int | None, **options: Any) -> HandResult:
    state = arranged("bergen", "classic", len(hands), hands, **options)
    return state.rules.hand_result(state, ended, out)


def play_out(state: HandState, rng: random.Random) -> None:
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))


# ------------------------------------------------------------------------------------------ BER-1
BER1_DEAL = ["6-6 6-4 2-2 5-5 5-3 3-3", "6-2 4-2 5-1 1-0 3-1 4-1"]
BER1_PLAYS = [("6-6", None), ("6-2", "R"), ("6-4", "L"), ("4-2", "L"), ("2-2", "L")]


def test_ber1_headers_as_they_are_made() -> None:
    """domino-games.com's line: 6-6 led (+2), 6-2 and 6-4 on its sides (0), 4-2 on the 4 makes
    2...2 (+2), 2-2 across a 2 makes a triple-header (+3)."""
    state = build(bergen(), BER1_DEAL)
    assert state.turn == 0  # the highest double leads
    points = []
    for tile, end in BER1_PLAYS:
        state.apply(Play(T(tile), end))
        points.append(state.history[-1].points)
    assert points == [2, 0, 0, 2, 3]
    assert state.scores == [5, 2]
    assert state.layout is not None and state.layout.open_ends() == [("L", 2), ("R", 2)]


def test_ber1_explained() -> None:
    rules = bergen()
    lay = rules.lead_layout(T("6-6"), None)
    assert rules.explain(lay) == "the leader's double 6-6 -> 2 points"
    for tile, end in BER1_PLAYS[1:4]:
        lay = rules.lay(lay, Play(T(tile), end))
    assert rules.explain(lay) == "double-header: both ends show 2 -> 2 points"
    lay = rules.lay(lay, Play(T("2-2"), "R"))
    assert rules.header(lay) == 3
    assert rules.explain(lay) == "triple-header: 2-2 across one end and 2 at the other -> 3 points"


def test_a_non_double_lead_scores_nothing_and_points_of_play_is_public() -> None:
    rules = bergen()
    assert rules.points_of_play(None, Play(T("6-4"), None, 4)) == 0
    assert rules.points_of_play(None, Play(T("3-3"))) == 2
    lay = rules.lead_layout(T("6-4"), 4)  # 6 toward L, 4 toward R
    assert rules.points_of_play(lay, Play(T("4-6"), "R")) == 2  # 6 ... 6
    assert rules.points_of_play(lay, Play(T("4-4"), "R")) == 0  # 6 ... 4-4
    assert rules.points_of_play(lay, Play(T("6-6"), "L")) == 0  # 6-6 ... 4


def test_a_triple_header_with_the_double_laid_first() -> None:
    rules = bergen()
    lay = rules.lead_layout(T("5-3"), 3)  # ends 5 and 3
    lay = rules.lay(lay, Play(T("5-5"), "L"))  # 5-5 across L, R shows 3
    assert rules.header(lay) == 0
    lay = rules.lay(lay, Play(T("3-5"), "R"))
    assert lay.open_ends() == [("L", 5), ("R", 5)]
    assert rules.header(lay) == 3


# ------------------------------------------------------------------------------------------ BER-2
def test_ber2_a_hand_with_a_double_loses_to_any_hand_without_one() -> None:
    """A holds 9 pips including 1-1, B 14 without a double: B wins the blocked hand (1 point)."""
    result = end_result(["4-3 1-1", "6-5 3-0"], "blocked", None)
    assert result.pips == (9, 14)
    assert (result.winner, result.end_points) == (1, (0, 1))
    assert result.reason == (
        "blocked: seat 1 holds no double, and every hand with fewer pips holds one"
    )


def test_ber2_without_the_doubles_rule_the_fewest_pips_win() -> None:
    result = end_result(["4-3 1-1", "6-5 3-0"], "blocked", None, blocked_doubles_lose=False)
    assert (result.winner, result.end_points) == (0, (1, 0))


def test_all_holding_doubles_the_fewest_pips_win_then_the_fewest_doubles() -> None:
    result = end_result(["4-4 1-0", "2-2 1-1 0-0", "6-6"], "blocked", None)
    assert result.pips == (9, 6, 12)
    assert (result.winner, result.end_points) == (1, (0, 1, 0))
    # Equal pips: fewer doubles wins (blocked_tie=fewest_doubles).
    tie = end_result(["3-3 1-0", "2-2 1-1 1-0", "6-5"], "blocked", None)
    assert tie.pips == (7, 7, 11)
    assert (tie.winner, tie.end_points) == (2, (0, 0, 1))
    tie = end_result(["3-3 1-0", "2-2 1-1 1-0", "6-6"], "blocked", None)
    assert (tie.winner, tie.end_points) == (0, (1, 0, 0))
    # Alike in doubles and pips: nobody scores.
    none = end_result(["3-3 1-0", "2-2 3-0", "6-6"], "blocked", None)
    assert (none.winner, none.end_points) == (None, (0, 0, 0))


def test_going_out_scores_one_and_celko_two() -> None:
    result = end_result(["", "6-6 6-5"], "domino", 0)
    assert (result.winner, result.points) == (0, (1, 0))
    celko = end_result(["", "6-6 6-5"], "domino", 0, domino_points="fixed:2")
    assert celko.points == (2, 0)


# --------------------------------------------------------------------------------- the match
@pytest.mark.parametrize(("players", "target"), [(2, 15), (3, 10), (4, 10)])
def test_game_is_15_for_two_and_10_for_three_or_four(players: int, target: int) -> None:
    rules = bergen(players)
    assert rules.target_score == target
    assert rules.hand_size == 6
    match = Match(rules, seed=players)
    rng = random.Random(players)
    while not match.over:
        play_out(match.hand, rng)
        match.next_hand()
    assert match.winner is not None
    assert match.totals[match.winner] >= target
    assert match.totals[match.winner] == max(match.totals)


def test_target_score_per_player_count_is_an_option() -> None:
    assert bergen(2, target_score=21).target_score == 21
    assert bergen(3, target_score="2:15,3:12,4:10").target_score == 12
    with pytest.raises(OptionError, match="gives no value for 3 players"):
        bergen(3, target_score="2:15")


def test_the_highest_double_leads_every_hand() -> None:
    rules = bergen()
    match = Match(rules, seed=4)
    rng = random.Random(4)
    for _ in range(3):
        state = match.hand
        doubles = [(t, s) for s, h in enumerate(state.deal) for t in range(28) if h >> t & 1]
        best = max(ts for ts in doubles if ts[0] in {T(f"{n}-{n}") for n in range(7)})
        assert state.lead_by_deal and (state.required_lead, state.leader) == best
        play_out(state, rng)
        if match.next_hand() is None:
            break


# ----------------------------------------------------------------------------------- the cap
def test_celko_cap_near_the_target() -> None:
    rules = bergen(bergen_near_target_cap=True)
    assert rules.scores_shape_future
    assert [rules.capped(3, t) for t in (0, 11, 12, 13, 14)] == [3, 3, 2, 1, 1]
    assert [rules.capped(2, t) for t in (0, 12, 13, 14)] == [2, 2, 1, 1]
    assert bergen().capped(3, 14) == 3
    # In play: seat 0 at 13 leads 6-6 and scores only 1.
    state = build(rules, BER1_DEAL)
    state.base_totals = (13, 0)
    state.apply(Play(T("6-6")))
    assert state.scores == [1, 0] and state.history[-1].points == 1


# ------------------------------------------------------------------------------ modern options
def test_the_modern_reserve_and_lowest_double_lead() -> None:
    rules = bergen(stock_reserve=2, first_lead="lowest_double")
    state = build(rules, ["6-6 5-4 4-4 3-2 1-0 5-0", "2-2 6-5 6-1 5-1 4-1 3-0"], "1-1 0-0")
    assert state.turn == 1 and state.required_lead == T("2-2")
    state.apply(Play(T("2-2")))
    assert state.history[-1].points == 2
    # Seat 0 holds no 2: draws until it can, and never the last two tiles.
    while state.legal_actions() == [DRAW] and state.drawable() > 0:
        state.apply(DRAW)
    assert state.stock_size() >= 2


def test_a_player_who_can_play_must_play() -> None:
    state = build(bergen(), BER1_DEAL)
    state.apply(Play(T("6-6")))
    assert_illegal(state, DRAW, "cannot draw while able to play")
    assert_illegal(state, PASS, "cannot pass")


# ----------------------------------------------------------------------------------- records
def test_ber1_record_replays() -> None:
    record = load_record("bergen_ber1.json")
    replay = replay_record(record)
    assert replay.disagreements == []
    assert replay.to_json() == {
        "game": "bergen",
        "rules": "classic",
        "sides": [[0], [1]],
        "hands": [{"points": [5, 2], "ended": "unfinished", "winner": None}],
        "totals": [5, 2],
        "complete": False,
        "winner": None,
    }


@pytest.mark.parametrize("players", [2, 3, 4])
def test_saved_matches_replay(players: int) -> None:
    rules = bergen(players, bergen_near_target_cap=players == 3)
    for seed in range(3):
        match = Match(rules, seed=seed)
        rng = random.Random(seed)
        while not match.over:
            play_out(match.hand, rng)
            match.next_hand()
        record = json.loads(json.dumps(match_to_record(match)))
        replay = replay_record(record)
        assert replay.disagreements == []
        assert replay.totals == match.totals
        assert replay.complete and replay.winner == match.winner


# ---------------------------------------------------------------------------------- terminal
def test_terminal_shows_and_explains_headers() -> None:
    rules = bergen()
    assert default_opponent(rules) == "counting"
    assert any("triple-header" in line for line in game_intro(rules))
    lay = rules.lead_layout(T("6-4"), 4)
    assert shown_points(rules, lay, Play(T("4-6"), "R")) == 2
    out = io.StringIO()
    game = TerminalGame(rules, io.StringIO("1\n" * 400), out, seed=11)
    assert game.run() in ("over", "eof")
    text = out.getvalue()
    assert "Headers score as you make them" in text
    assert "-> 2 points" in text or "-> 3 points" in text
