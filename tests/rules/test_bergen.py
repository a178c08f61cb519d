"""Bergen (RULES.md §2.9): BER-1 and BER-2 of §4.8, headers scored as they are made, the leader's
double, going out, blocked hands with the old text's doubles rule (hands that all hold doubles
count only their other tiles) and its older readings, drawing though able to play (the old text's
Muggins), the target (15; 10 for three or four), Celko's cap near the target, the modern (pagat)
reserve and lowest-double lead as options, the terminal game, and records that replay."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from boneyard import DRAW, PASS, Match, OptionError, Play
from boneyard.apps.plain import TerminalGame
from boneyard.core.protocol import HandResult
from boneyard.core.record import RecordError, match_to_record, replay_record
from boneyard.games.bergen import BergenRules
from boneyard.games.line.state import LineState
from boneyard.players.search.hints import search_hints
from boneyard.text.narration import default_opponent, reader_voice
from conftest import T, arranged, assert_illegal, build, configure, load_record, with_options


def bergen(players: int | None = None, **options: Any) -> BergenRules:
    rules = configure("bergen", None, players, **options)
    assert isinstance(rules, BergenRules)
    return rules


def end_result(hands: list[str], ended: str, out: int | None, **options: Any) -> HandResult:
    state = arranged("bergen", "classic", len(hands), hands, **options)
    return state.rules.hand_result(state, ended, out)


def play_out(state: LineState, rng: random.Random) -> None:
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
    # A: 4-3 (7) + 1-1 (2) = 9, a double; B: 6-5 (11) + 3-0 (3) = 14, no double.
    for reading in ("non_double_pips", "all_pips"):
        result = end_result(["4-3 1-1", "6-5 3-0"], "blocked", None, blocked_doubles_lose=reading)
        assert result.pips == (9, 14)
        assert (result.winner, result.end_points) == (1, (0, 1))
        assert result.reason == (
            "blocked: seat 1 holds no double, and every hand with fewer pips holds one"
        )


def test_ber2_without_the_doubles_rule_the_fewest_pips_win() -> None:
    result = end_result(["4-3 1-1", "6-5 3-0"], "blocked", None, blocked_doubles_lose="off")
    assert (result.winner, result.end_points) == (0, (1, 0))  # 9 < 14


# ------------------------------------------------- the old text: every hand holds a double
# "if both hands contain doubles, then the lowest number of remaining spots is the winner. The
# number of 'spots' on the double does not determine the winning hand, but the number of 'spots'
# on all pieces except doubles are what determine the winner."
BOTH_DOUBLES = ["6-6 1-0", "1-1 3-2"]


def test_with_doubles_in_both_hands_only_the_other_tiles_count() -> None:
    # A: 6-6 (12) + 1-0 (1) = 13 pips, 1 of them off the double.
    # B: 1-1 (2) + 3-2 (5) = 7 pips, 5 of them off the double.
    # classic: 1 < 5, A wins, though 13 > 7.
    result = end_result(BOTH_DOUBLES, "blocked", None)
    assert result.pips == (13, 7)
    assert (result.winner, result.end_points, result.points) == (0, (1, 0), (1, 0))
    assert result.reason == (
        "blocked: both hands hold a double, so only the pips on the other tiles count: "
        "1 for seat 0, 5 for seat 1; seat 0 wins"
    )


def test_with_doubles_in_both_hands_the_named_older_readings() -> None:
    # all_pips (the reading before the old text was followed): 7 < 13, B wins.
    result = end_result(BOTH_DOUBLES, "blocked", None, blocked_doubles_lose="all_pips")
    assert (result.winner, result.end_points) == (1, (0, 1))
    assert result.reason == "blocked: seat 1 holds the fewest pips"
    # off: the fewest pips, 7 < 13, B again.
    result = end_result(BOTH_DOUBLES, "blocked", None, blocked_doubles_lose="off")
    assert (result.winner, result.end_points) == (1, (0, 1))


def test_a_hand_of_doubles_only_counts_nothing() -> None:
    # A: 6-6 + 5-5 = 22 pips, none off the doubles; B: 0-0 + 1-0 = 1 pip, 1 off the double.
    # 0 < 1: A wins with 22 pips against 1.
    result = end_result(["6-6 5-5", "0-0 1-0"], "blocked", None)
    assert result.pips == (22, 1)
    assert (result.winner, result.end_points) == (0, (1, 0))


def test_only_hands_without_a_double_can_win_when_some_hold_none() -> None:
    # Three players. A: 4-4 + 1-0 = 9 (a double); B: 6-5 = 11 (none); C: 3-3 = 6 (a double).
    # B alone holds no double: B wins with the most pips, whatever is counted for A and C.
    result = end_result(["4-4 1-0", "6-5", "3-3"], "blocked", None)
    assert result.pips == (9, 11, 6)
    assert (result.winner, result.end_points) == (1, (0, 1, 0))
    assert result.reason == (
        "blocked: seat 1 holds no double, and every hand with fewer pips holds one"
    )
    # Four players. A: 4-4 (8, a double); B: 6-4 (10); C: 5-3 (8); D: 5-5 (10, a double).
    # B and C hold no double: C, 8 < 10, wins; nobody has fewer than 8, and A, with as few,
    # holds a double.
    result = end_result(["4-4", "6-4", "5-3", "5-5"], "blocked", None)
    assert (result.winner, result.end_points) == (2, (0, 0, 1, 0))
    assert result.reason == (
        "blocked: seat 2 holds no double, and every hand with as few pips holds one"
    )
    # D: 1-1 (2) instead: D has fewer than C, and holds a double.
    result = end_result(["4-4", "6-4", "5-3", "1-1"], "blocked", None)
    assert (result.winner, result.end_points) == (2, (0, 0, 1, 0))
    assert result.reason.endswith("every hand with fewer pips holds one")
    # Two hands without a double tie on 5 pips (5-0, 4-1): fewer doubles cannot split them
    # (none each), so nobody scores; C's 6-6 plays no part.
    result = end_result(["5-0", "4-1", "6-6"], "blocked", None)
    assert (result.winner, result.end_points) == (None, (0, 0, 0))


def test_ties_off_the_doubles_go_to_the_fewer_doubles_then_nobody() -> None:
    # A: 3-3 + 2-1 = 9 pips, 3 off its one double.
    # B: 1-1 + 0-0 + 3-0 = 5 pips, 3 off its two doubles.
    # 3 = 3; blocked_tie=fewest_doubles: A has 1 double, B 2, A wins.
    result = end_result(["3-3 2-1", "1-1 0-0 3-0"], "blocked", None)
    assert result.pips == (9, 5)
    assert (result.winner, result.end_points) == (0, (1, 0))
    assert result.reason == (
        "blocked: both hands hold a double, so only the pips on the other tiles count: "
        "3 for seat 0, 3 for seat 1; seat 0 and seat 1 tie, and seat 0 wins with fewer doubles"
    )
    # Three hands, each 3 off one double: 3-3 2-1 (2 + 1), 1-1 3-0 (3), 6-6 1-0 2-0 (1 + 2).
    result = end_result(["3-3 2-1", "1-1 3-0", "6-6 1-0 2-0"], "blocked", None)
    assert (result.winner, result.end_points) == (None, (0, 0, 0))
    assert result.reason.endswith("seat 0, seat 1 and seat 2 tie, nobody scores")
    # A: 3-3 + 2-1 (3 off one double), B: 1-1 + 3-0 (3 off one double): tied again, nobody.
    result = end_result(["3-3 2-1", "1-1 3-0"], "blocked", None)
    assert (result.winner, result.end_points) == (None, (0, 0))
    assert result.reason.endswith("seat 0 and seat 1 tie, nobody scores")
    # With blocked_tie=no_score the first tie scores nobody either.
    result = end_result(["3-3 2-1", "1-1 0-0 3-0"], "blocked", None, blocked_tie="no_score")
    assert (result.winner, result.end_points) == (None, (0, 0))


def test_two_lone_doubles_tie_at_nothing() -> None:
    """A common end: each hand is left with one double. Off the doubles both count 0, and each
    holds one double, so nobody scores; the old text lets no double's spots decide."""
    # 5-5 (10 pips) against 3-3 (6): 0 = 0 off the doubles, 1 = 1 doubles.
    result = end_result(["5-5", "3-3"], "blocked", None)
    assert (result.winner, result.end_points) == (None, (0, 0))
    # all_pips: 6 < 10, the 3-3 wins; blocked_tie=lightest_tile breaks the tie the same way.
    result = end_result(["5-5", "3-3"], "blocked", None, blocked_doubles_lose="all_pips")
    assert (result.winner, result.end_points) == (1, (0, 1))
    result = end_result(["5-5", "3-3"], "blocked", None, blocked_tie="lightest_tile")
    assert (result.winner, result.end_points) == (1, (0, 1))
    assert result.reason.endswith("seat 0 and seat 1 tie, and seat 1 wins with the lightest tile")


def test_all_pips_reading_then_the_fewest_doubles() -> None:
    """The reading kept as ``all_pips``: hands that all hold doubles compare every pip."""
    rule = {"blocked_doubles_lose": "all_pips"}
    # 4-4 1-0 = 9, 2-2 1-1 0-0 = 6, 6-6 = 12: 6 wins.
    result = end_result(["4-4 1-0", "2-2 1-1 0-0", "6-6"], "blocked", None, **rule)
    assert result.pips == (9, 6, 12)
    assert (result.winner, result.end_points) == (1, (0, 1, 0))
    # Equal pips, 3-3 1-0 = 7 and 2-2 1-1 1-0 = 7; 6-5 = 11 holds no double and wins.
    tie = end_result(["3-3 1-0", "2-2 1-1 1-0", "6-5"], "blocked", None, **rule)
    assert tie.pips == (7, 7, 11)
    assert (tie.winner, tie.end_points) == (2, (0, 0, 1))
    # 7 and 7 tie, 6-6 (12) is out of it; fewer doubles: 1 against 2, seat 0.
    tie = end_result(["3-3 1-0", "2-2 1-1 1-0", "6-6"], "blocked", None, **rule)
    assert (tie.winner, tie.end_points) == (0, (1, 0, 0))
    # Alike in doubles and pips (7 and 7, one double each): nobody scores.
    none = end_result(["3-3 1-0", "2-2 3-0", "6-6"], "blocked", None, **rule)
    assert (none.winner, none.end_points) == (None, (0, 0, 0))
    # The classic reading on the first deal: off the doubles 1, 0 and 0; 2-2 1-1 0-0 holds
    # three doubles, 6-6 one: seat 2 wins.
    result = end_result(["4-4 1-0", "2-2 1-1 0-0", "6-6"], "blocked", None)
    assert (result.winner, result.end_points) == (2, (0, 0, 1))


def test_the_doubles_rule_was_a_yes_no_option() -> None:
    """Records write every option: one written when the option was yes/no still loads, with
    the reading it had then (true: all_pips, false: off)."""
    assert bergen().options["blocked_doubles_lose"] == "non_double_pips"
    for old, now in [(True, "all_pips"), (False, "off"), ("true", "all_pips"), ("no", "off")]:
        assert bergen(blocked_doubles_lose=old).options["blocked_doubles_lose"] == now
    with pytest.raises(OptionError, match="choose from off, all_pips, non_double_pips"):
        bergen(blocked_doubles_lose="maybe")


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
    assert search_hints(rules).scores_shape_future
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


# ------------------------------------------------------------------------------------ drawing
# "Players draw from the surplus and play in the same way as for 'Muggins'", whose text says: "he
# must draw from the surplus pieces until he secures one that will play. It is permissible to
# draw even though the player holds a piece which would play."
def test_a_player_may_draw_though_he_could_play() -> None:
    state = build(bergen(), BER1_DEAL, "0-0 5-2")
    assert state.legal_actions() == [Play(T("6-6"))]  # the highest double must lead
    state.apply(Play(T("6-6")))
    # Seat 1 holds 6-2, which plays on either side of the 6-6, and may draw instead.
    assert DRAW in state.legal_actions()
    assert_illegal(state, PASS, "cannot pass")
    state.apply(DRAW)
    # The first stock tile, 0-0; seat 1 is still to move and may draw again.
    assert state.turn == 1 and state.hands[1] >> T("0-0") & 1
    assert DRAW in state.legal_actions()
    state.apply(Play(T("6-2"), "R"))
    assert state.turn == 0


def test_a_voluntary_draw_stops_at_the_reserve() -> None:
    # 2 players, 6 each: 16 tiles in the stock. With stock_reserve=2, 14 can be drawn.
    state = build(bergen(stock_reserve=2), BER1_DEAL)
    state.apply(Play(T("6-6")))
    for _ in range(14):
        assert DRAW in state.legal_actions()
        state.apply(DRAW)
    # Two tiles left, both reserved: seat 1 can play, so it must (neither draw nor pass).
    assert state.stock_size() == 2 and state.turn == 1
    assert_illegal(state, DRAW, "cannot draw")
    assert_illegal(state, PASS, "cannot pass")
    assert all(type(a) is Play for a in state.legal_actions())
    # With no reserve the whole stock can be drawn, then the player must play.
    state = build(bergen(), BER1_DEAL)
    state.apply(Play(T("6-6")))
    for _ in range(16):
        state.apply(DRAW)
    assert state.stock_size() == 0 and all(type(a) is Play for a in state.legal_actions())


def test_drawing_only_when_unable_is_the_option_voluntary_draw_false() -> None:
    state = build(bergen(voluntary_draw=False), BER1_DEAL)
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


def test_a_blocked_hand_with_doubles_in_both_hands_replays() -> None:
    """tests/records/bergen_blocked_doubles.json: a whole classic hand, with a voluntary draw,
    that blocks with a double in each hand."""
    record = load_record("bergen_blocked_doubles.json")
    replay = replay_record(record)
    assert replay.disagreements == []
    # Headers: Ann leads 3-3 (+2); her 5-0 on the 5 makes 0 ... 0 (+2); her 2-1 on the 2 makes
    # 1-1x ... 1 (+3): 7. Bob's last tile, 6-4 on the 6-6, makes 4 ... 4 (+2): 2.
    # Blocked: both ends show 4, all seven 4s are laid, the stock is empty.
    # Ann keeps 5-3 5-5: 18 pips, 8 off the double; Bob 2-2 3-2 5-2: 16 pips, 12 off it.
    # 8 < 12: Ann wins the blocked hand, 7 + 1 = 8 against Bob's 2 (though 18 > 16).
    state = replay.match.hands[0]
    assert state.result is not None and state.result.pips == (18, 16)
    assert state.layout is not None and state.layout.open_ends() == [("L", 4), ("R", 4)]
    assert replay.to_json()["hands"] == [{"points": [8, 2], "ended": "blocked", "winner": 0}]
    # The record's options written before the option was a choice (true: all_pips): 16 < 18,
    # Bob wins, 2 + 1 = 3 against Ann's 7 (and the stored result disagrees).
    older = replay_record(with_options(record, blocked_doubles_lose=True))
    assert older.to_json()["hands"] == [{"points": [7, 3], "ended": "blocked", "winner": 1}]
    assert older.disagreements
    # Move 16: Bob draws 4-1 though the 3-1 he drew at move 15 plays on the 1s at both ends.
    with pytest.raises(RecordError, match=r"^hand 1, move 16: .*cannot draw while able to play"):
        replay_record(with_options(record, voluntary_draw=False))


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
    assert any("triple-header" in line for line in rules.presenter.intro(reader_voice(rules)))
    lay = rules.lead_layout(T("6-4"), 4)
    assert rules.presenter.shown_points(lay, Play(T("4-6"), "R")) == 2
    out = io.StringIO()
    game = TerminalGame(rules, io.StringIO("1\n" * 400), out, seed=11)
    assert game.run() in ("over", "eof")
    text = out.getvalue()
    assert "Headers score as you make them" in text
    assert "-> 2 points" in text or "-> 3 points" in text
