"""The partnership game as Latin America and the Caribbean play it (RULES.md §2.12, issue 32):
the rule sets cuba, dominican, puerto-rico, venezuela, panama and international, and the line
options they use (capicúa and double-blank bonuses, pass bonuses, a blocked hand won by the
lightest player or by the blocker against a neighbour). Each worked example's arithmetic is
written out from the rules quoted on docs/games/partnership.md, not copied from the engine."""

from __future__ import annotations

import random

import pytest

from boneyard import DRAW, PASS, Match, Play, play
from boneyard.core.layout import Layout
from boneyard.core.stream import Stream
from boneyard.games.line.state import LineState
from boneyard.players.expert import LEVELS, make_level
from boneyard.players.search.solver import Solver
from conftest import T, arranged, build, configure


def P(tile: str, end: str | None = None) -> Play:
    return play(T(tile), end)


NEW_RULE_SETS = ["cuba", "dominican", "puerto-rico", "venezuela", "panama", "international"]


def end_points(rule_set: str, hands: list[str], ended: str, out: int | None) -> tuple[int, ...]:
    state = arranged("partnership", rule_set, 4, hands)
    return state.rules.hand_result(state, ended, out).end_points


# ------------------------------------------------------------------------------------ cuba
def test_cuba_deals_ten_each_and_leaves_fifteen_out_of_play() -> None:
    rules = configure("partnership", "cuba", 4)
    match = Match(rules, seed=7)
    state = match.hand
    assert isinstance(state, LineState)
    # A double-nine set has (9 + 1)(9 + 2) / 2 = 55 tiles; 4 x 10 = 40 are dealt, 55 - 40 = 15
    # stay face down, out of play.
    assert [h.bit_count() for h in state.hands] == [10, 10, 10, 10]
    assert len(state.stock) == 15
    # The highest double dealt leads, and must lead it.
    doubles = [t for t in range(55) if any(h >> t & 1 for h in state.hands) and T_DOUBLE(t)]
    assert state.required_lead == max(doubles)
    # Nobody ever draws: a player who cannot play passes.
    rng = random.Random(1)
    while not state.over:
        legal = state.legal_actions()
        assert DRAW not in legal
        state.apply(rng.choice(legal))
    assert state.stock_pos == 0


def T_DOUBLE(t: int) -> bool:
    from boneyard.core.tiles import DOUBLE

    return bool(DOUBLE[t])


def test_cuba_scores_the_losers_pips_not_the_tiles_out_of_play() -> None:
    # Seat 1 goes out. Seat 0 holds 9-9 = 18, seat 2 holds 8-7 = 15: seats 1 & 3 score
    # 18 + 15 = 33. Their partner's 5-4 3-0 (9 + 3 = 12) and the 15 tiles out of play count
    # nothing.
    assert end_points("cuba", ["9-9", "", "8-7", "5-4 3-0"], "domino", 1) == (0, 33)


# ------------------------------------------------------------------------------- dominican
# A hand of three tiles each (hand_size=3: the other 16 tiles out of play), to follow every
# bonus of the dominican rules in nine moves.
DOMINICAN_DEAL = ["6-6 3-1 2-1", "5-5 5-4 4-4", "6-2 5-3 4-3", "6-3 5-0 4-0"]


def dominican_hand() -> LineState:
    rules = configure("partnership", "dominican", 4, hand_size=3)
    return build(rules, DOMINICAN_DEAL)


def test_dominican_opening_pass_pase_corrido_and_capicua() -> None:
    state = dominican_hand()
    assert state.turn == 0 and state.required_lead == T("6-6")  # the holder of 6-6 leads it
    state.apply(P("6-6"))  # ends 6 | 6
    # Seat 1 has no 6 and passes on the lead: a double led, so the leader's side scores 25.
    out = state.apply(PASS)
    assert [(s.side, s.points, s.reason) for s in out.scores] == [(0, 25, "opening_pass")]
    state.apply(P("6-2", "L"))  # seat 2: ends 2 | 6
    state.apply(P("6-3", "R"))  # seat 3: ends 2 | 3
    state.apply(P("3-1", "R"))  # seat 0: ends 2 | 1, holding only 2-1
    # Seats 1 (5-5 5-4 4-4), 2 (5-3 4-3) and 3 (5-0 4-0) hold no 2 and no 1: each passes; the
    # third pass makes it a pase corrido, 25 more for seats 0 & 2.
    assert state.apply(PASS).scores == ()
    assert state.apply(PASS).scores == ()
    out = state.apply(PASS)
    assert [(s.side, s.points, s.reason) for s in out.scores] == [(0, 25, "pass_bonus")]
    assert state.scores == [50, 0]  # 25 + 25
    # Seat 0's last tile 2-1 fits the 2 and the 1: a capicúa.
    state.apply(P("2-1", "L"))
    result = state.result
    assert result is not None and result.ended == "domino"
    # The losers hold 5-5 5-4 4-4 = 10 + 9 + 8 = 27 and 5-0 4-0 = 5 + 4 = 9: 27 + 9 = 36; the
    # partner's 5-3 4-3 do not count. Capicúa: +25, so 36 + 25 = 61 for the hand, and with the
    # 50 made in play 61 + 50 = 111.
    assert result.end_points == (61, 0)
    assert result.points == (111, 0)
    assert "capicúa: +25" in result.reason


def test_dominican_bonuses_are_narrated() -> None:
    state = dominican_hand()
    rules = state.rules
    from boneyard.core.words import Voice

    voice = Voice.of(rules, None)
    state.apply(P("6-6"))
    before = state.table
    out = state.apply(PASS)
    lines = rules.presenter.why_scored(state, before, out.move, out, voice)
    assert lines == ["a pass on the lead: +25 for " + voice.side(0)]


# A blocked hand (hand_size=2): 6-6, then 6-5 and 5-1 leave the ends 6 | 1 with no 6 and no 1 in
# any hand. Seat 2 laid the blocking tile.
TRANQUE_DEAL = ["6-6 0-0", "6-5 3-2", "5-1 4-4", "2-2 3-0"]


def tranque(rule_set: str, **options: object) -> LineState:
    rules = configure("partnership", rule_set, 4, hand_size=2, **options)
    state = build(rules, TRANQUE_DEAL)
    state.apply(P("6-6"))
    state.apply(P("6-5", "R"))
    state.apply(P("5-1", "R"))
    assert state.over and state.result is not None and state.result.ended == "blocked"
    return state


# Left in hand: seat 0 0-0 = 0, seat 1 3-2 = 5, seat 2 4-4 = 8, seat 3 2-2 3-0 = 4 + 3 = 7.
# Sides: seats 0 & 2 hold 0 + 8 = 8, seats 1 & 3 hold 5 + 7 = 12.


def test_dominican_tranque_blocker_against_the_player_before_him() -> None:
    # The blocker (seat 2, 8 pips) compares with the player on his left, who played before him
    # (seat 1, 5 pips): 5 < 8, so seats 1 & 3 win although their side holds more in all (12 > 8),
    # and score the losers' pips: 0 + 8 = 8.
    result = tranque("dominican").result
    assert result is not None
    assert (result.winner, result.end_points) == (1, (0, 8))


def test_tranque_blocker_against_the_next_player() -> None:
    # Seat 2 (8) against seat 3 (7): 7 < 8, seats 1 & 3 win and score 8.
    result = tranque("dominican", blocked_winner="blocker_vs_next").result
    assert result is not None
    assert (result.winner, result.end_points) == (1, (0, 8))


def test_tranque_tie_goes_to_the_blocker() -> None:
    # Seat 1 keeps 4-3 = 7 and seat 2 (the blocker) 5-2 = 7: a tie, which goes to the blocker's
    # side; seats 0 & 2 score the losers' 4-3 and 2-2 3-0: 7 + 4 + 3 = 14.
    rules = configure("partnership", "dominican", 4, hand_size=2)
    state = build(rules, ["6-6 0-0", "6-5 4-3", "5-1 5-2", "2-2 3-0"])
    state.apply(P("6-6"))
    state.apply(P("6-5", "R"))
    state.apply(P("5-1", "R"))
    result = state.result
    assert result is not None and result.ended == "blocked"
    assert (result.winner, result.end_points) == (0, (14, 0))
    # Without the tie-break the tie scores nothing.
    rules = configure("partnership", "dominican", 4, hand_size=2, blocked_tie="no_score")
    state = build(rules, ["6-6 0-0", "6-5 4-3", "5-1 5-2", "2-2 3-0"])
    for action in [P("6-6"), P("6-5", "R"), P("5-1", "R")]:
        state.apply(action)
    assert state.result is not None and state.result.end_points == (0, 0)


def test_tranque_latin_and_venezuela_compare_otherwise() -> None:
    # latin: the sides' totals, 8 < 12: seats 0 & 2 win and score the losers' 12.
    latin = tranque("latin").result
    assert latin is not None and (latin.winner, latin.end_points) == (0, (12, 0))
    # venezuela: the lightest single hand is seat 0's 0-0: seats 0 & 2 win and score every pip
    # left, 8 + 12 = 20.
    venezuela = tranque("venezuela").result
    assert venezuela is not None and (venezuela.winner, venezuela.end_points) == (0, (20, 0))


def test_venezuela_lightest_player_beats_the_lighter_side() -> None:
    # Seats 0 & 2 hold 1-0 = 1 and 6-6 4-4 = 12 + 8 = 20, in all 21; seats 1 & 3 hold 3-2 = 5 and
    # 5-1 = 6, in all 11. latin: 11 < 21, seats 1 & 3 win and score 21. venezuela: seat 0's 1 is
    # the lightest hand, seats 0 & 2 win and score 21 + 11 = 32.
    hands = ["1-0", "3-2", "6-6 4-4", "5-1"]
    assert end_points("latin", hands, "blocked", None) == (0, 21)
    assert end_points("venezuela", hands, "blocked", None) == (32, 0)


# ----------------------------------------------------------------------------- puerto-rico
def test_puerto_rico_chuchazo() -> None:
    rules = configure("partnership", "puerto-rico", 4, hand_size=2)
    state = build(rules, ["6-6 0-0", "6-0 5-5", "4-4 3-3", "2-2 1-1"])
    state.apply(P("6-6"))
    state.apply(P("6-0", "R"))  # ends 6 | 0
    state.apply(PASS)  # seat 2: no 6, no 0
    state.apply(PASS)  # seat 3: no 6, no 0
    state.apply(P("0-0", "R"))  # seat 0 goes out with the double-blank
    result = state.result
    assert result is not None
    # Every pip left counts: 5-5 = 10, 4-4 3-3 = 8 + 6 = 14, 2-2 1-1 = 4 + 2 = 6: 10 + 14 + 6 =
    # 30; the chuchazo adds 100: 130. A double is never a capicú.
    assert result.end_points == (130, 0)
    assert "double-blank: +100" in result.reason and "capicúa" not in result.reason


def test_puerto_rico_capicu_adds_100() -> None:
    # PAR-1 with a capicú: seat 0 out, every pip left 6 + 9 + 14 = 29, and 100 more: 129.
    state = arranged("partnership", "puerto-rico", 4, ["", "5-4", "4-2", "6-6 1-1"])
    state.capicua = True
    assert state.rules.hand_result(state, "domino", 0).end_points == (129, 0)


def test_capicua_which_tiles() -> None:
    either = configure("partnership", "dominican", 4)
    different = configure("partnership", "dominican", 4, capicua_ends="different")

    def line(left: int, right: int) -> Layout:
        layout = either.lead_layout(T("6-6"), None)
        return Layout(("L", "R"), (left, right), layout.tips, layout.kinds, 0, layout.placed,
                      layout.lead_tile, -1)  # fmt: skip

    # Ends 2 | 1, last tile 2-1: fits both, a capicúa under both readings.
    assert either.is_capicua(line(2, 1), T("2-1")) and different.is_capicua(line(2, 1), T("2-1"))
    # Ends 3 | 3, last tile 5-3: fits either end; a capicúa only where the ends may show the same
    # number.
    assert either.is_capicua(line(3, 3), T("5-3"))
    assert not different.is_capicua(line(3, 3), T("5-3"))
    # A double is never one; nor a tile fitting one end only.
    assert not either.is_capicua(line(3, 3), T("3-3"))
    assert not either.is_capicua(line(2, 1), T("2-0"))


def test_capicua_doubles_the_hand() -> None:
    # Eastern Cuba's "capicúa" game doubles the hand: 36 doubled is 72 (capicua_bonus=double).
    rules = configure("partnership", "dominican", 4, hand_size=3, capicua_bonus="double")
    state = build(rules, DOMINICAN_DEAL)
    for action in [P("6-6"), PASS, P("6-2", "L"), P("6-3", "R"), P("3-1", "R"),
                   PASS, PASS, PASS, P("2-1", "L")]:  # fmt: skip
        state.apply(action)
    assert state.result is not None and state.result.end_points == (72, 0)


# --------------------------------------------------------------------------- international
def test_international_scores_every_pip_and_plays_to_300() -> None:
    rules = configure("partnership", "international", 4)
    assert rules.target_score == 300
    # PAR-1: seat 0 out, partner 6, opponents 9 and 14: 6 + 9 + 14 = 29.
    assert end_points("international", ["", "5-4", "4-2", "6-6 1-1"], "domino", 0) == (29, 0)
    # A tied blocked hand scores nothing: 5 + 4 = 9 against 6 + 3 = 9.
    assert end_points("international", ["5-0", "6-0", "4-0", "3-0"], "blocked", None) == (0, 0)


def test_panama_highest_double_leads() -> None:
    rules = configure("partnership", "panama", 4)
    match = Match(rules, seed=3)
    hand = match.hand
    assert isinstance(hand, LineState)
    # All 28 tiles are dealt, so the highest double is the 6-6.
    assert hand.required_lead == T("6-6")
    assert hand.hands[hand.turn] >> T("6-6") & 1


# ----------------------------------------------------------------------- the expert's search
def test_the_search_counts_the_pase_corrido_and_the_capicua() -> None:
    # Seat 0 to play after 6-6, pass, 6-2, 6-3 (ends 2 | 3), holding 3-1 and 2-1. 3-1 at R makes
    # the ends 2 | 1: the three others pass (pase corrido, 25) and 2-1 goes out as a capicúa
    # (36 + 25). Seats 0 & 2 gain 25 + 36 + 25 = 86 from here, and the solver sees all of it.
    state = dominican_hand()
    for action in [P("6-6"), PASS, P("6-2", "L"), P("6-3", "R")]:
        state.apply(action)
    result = Solver(state.rules, 0).solve(state)
    assert result.value == 86
    assert result.best_action == P("3-1", "R")


@pytest.mark.parametrize("rule_set", NEW_RULE_SETS)
def test_the_expert_plays_a_hand_of_each(rule_set: str) -> None:
    rules = configure("partnership", rule_set, 4)
    match = Match(rules, seed=11)
    state = match.hand
    level = min(LEVELS)
    agent = make_level(level, cap=0.05)
    moves = 0
    while not state.over:
        obs = state.observation(state.turn)
        action = agent.choose(obs, Stream(moves))
        assert action in obs.legal_actions
        state.apply(action)
        moves += 1
    assert state.result is not None
