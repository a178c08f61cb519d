"""Tiddle-a-Wink (docs/games/tiddle-a-wink.md): the deal (TW-1), the lead (TW-2), one arm or two
(TW-3), what a double earns (TW-4), passing without drawing (TW-5), the end and the pool (TW-6),
every option, the inference of a bonus play, records, the compiled core and the plain command.

Every worked example writes its arithmetic out in comments. Tiles are written high-low (``6-2``);
``at L`` / ``at R`` is the end a tile goes on."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from boneyard import DRAW, PASS, Match, OptionError, Play
from boneyard.apps.cli import build_app
from boneyard.core import kernel
from boneyard.core.protocol import Position
from boneyard.core.record import match_to_record, replay_record
from boneyard.core.tiles import BIT, HIGH, LOW, PIPS
from boneyard.games import GAMES, get_game
from boneyard.games.line.state import LineState, read_public
from boneyard.games.tiddlewink import GAMES as FOLDER_GAMES
from boneyard.games.tiddlewink import TiddleAWinkGame, TiddleAWinkRules
from conftest import T, arranged, assert_illegal, build, configure, mask, strs


def tiddle(
    rule_set: str | None = None, players: int | None = None, **options: object
) -> TiddleAWinkRules:
    rules = configure("tiddle-a-wink", rule_set, players, **options)
    assert isinstance(rules, TiddleAWinkRules)
    return rules


def play_out(state: LineState, rng: random.Random) -> None:
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))


# ---------------------------------------------------------------------------- the game, its names
def test_the_game_and_its_names() -> None:
    game = get_game("tiddle-a-wink")
    assert isinstance(game, TiddleAWinkGame)
    for alias in ("tiddlywink", "tiddly-wink", "tiddlywinks", "tidley-wink"):
        assert get_game(alias) is game
    assert list(game.rule_sets) == ["pagat", "pagat-american", "spaans", "digigamers", "manual"]
    assert game.default_rules == "pagat"
    assert (game.min_players, game.max_players, game.default_players) == (2, 8, 6)
    # The folder declares its game for the registry that finds games by folder.
    assert [g.id for g in FOLDER_GAMES] == ["tiddle-a-wink"]
    assert GAMES["tiddle-a-wink"] is game


# ----------------------------------------------------------------------------------- TW-1 the deal
@pytest.mark.parametrize(
    ("players", "each", "out"),
    [
        (2, 27, 1),  # 55 // 2 = 27; 55 - 2 * 27 = 1 out of play
        (3, 18, 1),  # 55 // 3 = 18; 55 - 54 = 1
        (4, 13, 3),  # 55 // 4 = 13; 55 - 52 = 3
        (5, 11, 0),  # 55 // 5 = 11; 55 - 55 = 0
        (6, 9, 1),  # 55 // 6 = 9; 55 - 54 = 1
        (7, 7, 6),  # 55 // 7 = 7; 55 - 49 = 6
        (8, 6, 7),  # 55 // 8 = 6; 55 - 48 = 7
    ],
)
def test_tw1_pagat_deals_the_double_nine_set_evenly(players: int, each: int, out: int) -> None:
    rules = tiddle(players=players)
    assert rules.tiles.name == "double-nine" and rules.tiles.size == 55
    assert (rules.hand_size, rules.tiles.size - players * rules.hand_size) == (each, out)
    state = Match(rules, seed=players).hand
    assert state.hand_sizes() == (each,) * players
    assert len(state.stock) == out and not rules.can_draw


def test_tw1_pagats_double_six_example() -> None:
    # pagat: "using a double six set, five players will take 5 tiles each, leaving 3": 28 // 5 = 5,
    # 28 - 25 = 3.
    rules = tiddle(players=5, tile_set="double-six")
    assert (rules.hand_size, rules.tiles.size - 5 * rules.hand_size) == (5, 3)


def test_tw1_the_american_and_manual_hands() -> None:
    american = tiddle("pagat-american", 8)
    assert (american.tiles.name, american.hand_size) == ("double-six", 3)  # 8 * 3 = 24 of 28
    manual = tiddle("manual", 8)
    assert (manual.tiles.name, manual.hand_size) == ("double-nine", 5)  # 8 * 5 = 40 of 55
    # deal_evenly=false reads hand_size; true ignores it.
    assert tiddle(players=4, deal_evenly=False, hand_size=7).hand_size == 7
    assert tiddle(players=4, hand_size=7).hand_size == 13


@pytest.mark.parametrize(
    ("players", "tile_set", "each"),
    [
        (2, "double-six", 14),  # 28 // 2
        (3, "double-six", 9),  # 28 // 3 = 9, one out
        (4, "double-nine", 13),  # 55 // 4 = 13, three out
        (6, "double-nine", 9),  # 55 // 6 = 9, one out
        (7, "double-twelve", 13),  # 91 // 7 = 13, none out
        (8, "double-twelve", 11),  # 91 // 8 = 11, three out
    ],
)
def test_tw1_digigamers_set_follows_the_players(players: int, tile_set: str, each: int) -> None:
    rules = tiddle("digigamers", players)
    assert (rules.tiles.name, rules.hand_size) == (tile_set, each)
    # The resolved set is what the rules keep (and a record writes).
    assert rules.options["tile_set"] == tile_set and rules.options["hand_size"] == each


def test_tw1_too_many_tiles_or_players() -> None:
    with pytest.raises(OptionError, match="cannot deal 5 tiles to each of 8 players"):
        tiddle("manual", 8, tile_set="double-six")  # 8 * 5 = 40 > 28
    with pytest.raises(OptionError, match="tiddle-a-wink is for 2 to 8 players, not 9"):
        tiddle(players=9)


# ----------------------------------------------------------------------------------- TW-2 the lead
# Example B (pagat, three players; 9-9, 8-8 and 7-7 are out of play): the doubles dealt are 6-6
# (seat 0), 5-5 and 3-3 (seat 2); the highest, 6-6, leads.
DEAL_B = ["6-6 6-2 1-0", "6-5 9-0 7-1", "5-5 4-2 3-3"]


def test_tw2_the_highest_double_dealt_leads() -> None:
    state = build(tiddle(players=3), DEAL_B)
    assert (state.turn, state.required_lead) == (0, T("6-6"))
    assert strs(state.legal_actions()) == ["6-6"]
    assert_illegal(state, Play(T("1-0"), None, 0))


def test_tw2_without_a_double_the_heaviest_tile_leads() -> None:
    # No double dealt: 6-5 (11 pips) is the heaviest tile; on one arm its leader chooses the half
    # left open.
    state = build(tiddle("pagat-american", 3), ["6-5 1-0 2-0", "5-4 3-1 2-1", "6-4 3-2 4-1"])
    assert (state.turn, state.required_lead) == (0, T("6-5"))
    assert state.legal_actions() == [Play(T("6-5"), None, 5), Play(T("6-5"), None, 6)]
    state.apply(Play(T("6-5"), None, 5))
    assert state.layout is not None and state.layout.open_ends() == [("R", 5)]


# --------------------------------------------------------------------------- TW-3 one arm or two
def test_tw3_two_ends_in_pagats_british_game() -> None:
    rules = tiddle()
    assert rules.lead_layout(T("6-6"), None).open_ends() == [("L", 6), ("R", 6)]


def test_tw3_one_arm() -> None:
    rules = tiddle("pagat-american", 5)
    lay = rules.lead_layout(T("6-6"), None)
    assert lay.open_ends() == [("R", 6)]
    lay = rules.lay(lay, Play(T("6-4"), "R"))
    assert lay.open_ends() == [("R", 4)]
    # The American game lays its doubles in line; spaanszt's crosswise.
    assert rules.doubles_crosswise is False
    assert tiddle("spaans").doubles_crosswise is True
    state = build(
        rules, ["6-6 6-4 4-1", "6-3 1-0 2-2", "5-0 5-1 5-2", "4-0 3-0 3-1", "2-0 2-1 3-2"]
    )
    state.apply(Play(T("6-6")))
    # Seat 0's extra play: the 6-4, on the only end (6 shows at R).
    assert state.legal_actions() == [Play(T("6-4"), "R"), PASS]
    assert_illegal(state, Play(T("6-4"), "L"))
    state.apply(Play(T("6-4"), "R"))
    assert state.turn == 1 and state.legal_actions() == [PASS]  # seat 1: 6-3, 1-0, 2-2 on a 4


def test_tw3_the_table_of_one_arm() -> None:
    from boneyard.text.narration import table_text

    rules = tiddle("pagat-american", 5)
    state = build(
        rules, ["6-6 6-4 4-1", "6-3 1-0 2-2", "5-0 5-1 5-2", "4-0 3-0 3-1", "2-0 2-1 3-2"]
    )
    state.apply(Play(T("6-6")))
    state.apply(Play(T("6-4"), "R"))
    text = table_text(rules, state.history)
    assert text.splitlines()[-1] == "Open ends: R shows 4"
    assert "[6|6][6|4] R" in text.replace("\n", "")


# ----------------------------------------------------------------------- TW-4 what a double earns
def test_tw4_the_lead_double_earns_one_more_tile() -> None:
    state = build(tiddle(players=3), DEAL_B)
    state.apply(Play(T("6-6")))
    # Seat 0 plays again at once: its 6-2 fits either 6, or it may pass.
    assert state.turn == 0
    assert state.legal_actions() == [Play(T("6-2"), "L"), Play(T("6-2"), "R"), PASS]
    state.apply(Play(T("6-2"), "R"))  # ends: L 6, R 2
    assert state.turn == 1  # one tile only: 6-2 is no double


def test_tw4_one_more_tile_anywhere() -> None:
    state = build(tiddle(players=3), DEAL_B)
    for action in (Play(T("6-6")), Play(T("6-2"), "R"), Play(T("6-5"), "L")):
        state.apply(action)  # ends: L 5, R 2
    assert state.turn == 2
    assert state.legal_actions() == [Play(T("5-5"), "L"), Play(T("4-2"), "R")]
    state.apply(Play(T("5-5"), "L"))
    # extra_play=one: the extra tile may go on either end; seat 2's 4-2 fits only R (2).
    assert state.turn == 2 and state.bonus_double == T("5-5")
    assert state.legal_actions() == [Play(T("4-2"), "R"), PASS]
    assert_illegal(state, Play(T("3-3"), "L"), "may add one more tile for 5-5, one that fits")
    state.apply(Play(T("4-2"), "R"))  # ends: L 5, R 4
    # Nobody holds a 5 or a 4 (seat 0 1-0, seat 1 7-1 9-0, seat 2 3-3): blocked at once. Pips 1,
    # 7 + 1 + 9 = 17, 3 + 3 = 6: seat 0's 1 is the lightest and takes the pool.
    assert state.over and state.result is not None
    assert state.result.ended == "blocked" and state.result.pips == (1, 17, 6)
    assert (state.result.winner, state.result.points) == (0, (1, 0, 0))


def test_tw4_on_the_double_only() -> None:
    state = build(tiddle(players=3, extra_play="on_the_double"), DEAL_B)
    for action in (Play(T("6-6")), Play(T("6-2"), "R"), Play(T("6-5"), "L")):
        state.apply(action)
    state.apply(Play(T("5-5"), "L"))
    # Seat 2 holds no 5 to lay on the 5-5: no extra play, the turn goes on to seat 0, who has
    # nothing for a 5 or a 2 (1-0 left) and passes.
    assert state.turn == 0 and state.bonus_double == -1
    assert state.legal_actions() == [PASS]
    # With a 5 (5-0) seat 2 may add it on the 5-5, but not its 4-2 on the 2 at R.
    state = build(tiddle(players=3, extra_play="on_the_double"), [*DEAL_B[:2], "5-5 4-2 5-0"])
    for action in (Play(T("6-6")), Play(T("6-2"), "R"), Play(T("6-5"), "L"), Play(T("5-5"), "L")):
        state.apply(action)
    assert state.turn == 2 and state.legal_actions() == [Play(T("5-0"), "L"), PASS]
    assert_illegal(state, Play(T("4-2"), "R"), "may only add a tile matching 5-5 or pass")


def test_tw4_the_extra_tile_may_be_declined() -> None:
    state = build(tiddle(players=3), DEAL_B)
    state.apply(Play(T("6-6")))
    state.apply(PASS)  # seat 0 keeps 6-2
    assert state.turn == 1 and state.hands[0] == mask("6-2 1-0")


# Example C (manual: another turn). Seat 0 leads 6-6 (higher than 5-5 and 3-3) and must play its
# 6-3; seat 1 lays 6-5 at L; seat 2 lays 3-3 at R, then 5-5 at L, then 5-2 at L.
DEAL_C = ["6-6 6-3 9-0", "6-5 8-0", "3-3 5-5 5-2 1-0"]


def test_tw4_another_turn_repeats_and_must_be_played() -> None:
    state = build(tiddle("manual", 3), DEAL_C)
    state.apply(Play(T("6-6")))
    # Another turn: no passing while a tile fits.
    assert state.legal_actions() == [Play(T("6-3"), "L"), Play(T("6-3"), "R")]
    assert_illegal(state, PASS)
    state.apply(Play(T("6-3"), "R"))  # ends L 6, R 3
    state.apply(Play(T("6-5"), "L"))  # ends L 5, R 3
    state.apply(Play(T("3-3"), "R"))
    assert state.turn == 2 and state.legal_actions() == [Play(T("5-2"), "L"), Play(T("5-5"), "L")]
    assert_illegal(state, Play(T("1-0"), "L"), "has another turn for 3-3 and must play a tile")
    state.apply(Play(T("5-5"), "L"))
    # A double played on a turn a double earned earns another.
    assert state.turn == 2 and state.legal_actions() == [Play(T("5-2"), "L")]
    state.apply(Play(T("5-2"), "L"))  # ends L 2, R 3
    # Nobody holds a 2 or a 3 (9-0, 8-0, 1-0): blocked at once. Pips 9, 8, 1: seat 2's 1 is the
    # lightest and scores (9 + 8) - 1 = 16.
    assert state.over and state.result is not None
    assert state.result.ended == "blocked" and state.result.pips == (9, 8, 1)
    assert (state.result.winner, state.result.points) == (2, (0, 0, 16))


def test_tw4_one_extra_tile_does_not_repeat() -> None:
    state = build(tiddle("manual", 3, extra_play="one"), DEAL_C)
    for action in (Play(T("6-6")), Play(T("6-3"), "R"), Play(T("6-5"), "L"), Play(T("3-3"), "R")):
        state.apply(action)
    assert state.legal_actions() == [Play(T("5-2"), "L"), Play(T("5-5"), "L"), PASS]
    state.apply(Play(T("5-5"), "L"))
    assert state.turn == 0  # the extra tile was a double: it earns nothing more


def test_tw4_a_double_with_nothing_to_follow_passes_the_turn() -> None:
    state = build(tiddle(players=3), ["6-6 1-0 2-0", "6-5 9-0 7-1", "5-5 4-2 3-3"])
    state.apply(Play(T("6-6")))
    assert state.turn == 1 and state.bonus_double == -1


# ------------------------------------------------------------------------- TW-5 pass, no drawing
def test_tw5_a_player_who_cannot_play_passes_and_never_draws() -> None:
    state = build(tiddle(players=3), DEAL_B)
    for action in (Play(T("6-6")), Play(T("6-2"), "R"), Play(T("6-5"), "L"), Play(T("5-5"), "L")):
        state.apply(action)
    state.apply(PASS)  # seat 2 declines its extra tile; ends L 5, R 2
    assert state.turn == 0 and state.legal_actions() == [PASS]  # 1-0 fits neither
    assert DRAW not in state.legal_actions() and len(state.stock) == 55 - 9
    assert_illegal(state, DRAW, "no drawing")


# ------------------------------------------------------------------- TW-6 the end and the pool
# Example A (pagat, four players): seat 0 leads 8-8 (the highest double dealt: 9-9 is out of
# play), adds 8-3; 9-8, 3-3, 9-1 follow; seat 0 goes out with 5-1 on the 1.
DEAL_A = ["8-8 8-3 5-1", "9-8 4-4 2-0", "7-7 8-2 3-3", "9-1 6-0 0-0"]


def test_tw6_going_out_takes_the_pool() -> None:
    state = build(tiddle(players=4), DEAL_A)
    moves = [
        Play(T("8-8")),  # seat 0; ends 8 and 8
        Play(T("8-3"), "R"),  # seat 0's extra tile; ends L 8, R 3
        Play(T("9-8"), "L"),  # seat 1; L 9
        Play(T("3-3"), "R"),  # seat 2; a double, but 7-7 and 8-2 fit neither 9 nor 3
        Play(T("9-1"), "L"),  # seat 3; L 1
        Play(T("5-1"), "L"),  # seat 0's last tile
    ]
    for action in moves:
        state.apply(action)
    assert state.over and state.result is not None
    # Pips left: seat 1 4-4 2-0 = 10, seat 2 7-7 8-2 = 24, seat 3 6-0 0-0 = 6; the pool is 1.
    assert state.result.pips == (0, 10, 24, 6)
    assert (state.result.ended, state.result.winner, state.result.points) == (
        "domino",
        0,
        (1, 0, 0, 0),
    )


def test_tw6_a_blocked_hand_goes_to_the_lightest() -> None:
    # Pips 3 (2-1), 7 (4-3), 9 (5-4): the 3 takes the pool.
    result = arranged("tiddle-a-wink", "pagat", 3, ["2-1", "4-3", "5-4"]).rules
    state = arranged("tiddle-a-wink", "pagat", 3, ["2-1", "4-3", "5-4"])
    outcome = result.hand_result(state, "blocked", None)
    assert (outcome.winner, outcome.points) == (0, (1, 0, 0))
    # A tie for the lightest (3 and 3) takes nothing (blocked_tie=no_score).
    tie = arranged("tiddle-a-wink", "pagat", 3, ["2-1", "3-0", "5-4"])
    outcome = tie.rules.hand_result(tie, "blocked", None)
    assert (outcome.winner, outcome.points) == (None, (0, 0, 0))


def test_tw6_pips_when_going_out() -> None:
    # digigamers and the manual: going out scores the pips left: 7 + 7 + 12 = 26.
    for rule_set in ("digigamers", "manual"):
        state = arranged("tiddle-a-wink", rule_set, 4, ["", "4-3", "5-2", "6-6"])
        result = state.rules.hand_result(state, "domino", 0)
        assert (result.winner, result.points) == (0, (26, 0, 0, 0))


def test_tw6_digigamers_blocked_scores_every_player_the_differences_above() -> None:
    # Pips 3, 7, 7, 12. Seat 0: (7 - 3) + (7 - 3) + (12 - 3) = 17; seats 1 and 2: 12 - 7 = 5
    # each; seat 3: nothing heavier, 0.
    state = arranged("tiddle-a-wink", "digigamers", 4, ["2-1", "4-3", "5-2", "6-6"])
    result = state.rules.hand_result(state, "blocked", None)
    assert result.pips == (3, 7, 7, 12)
    assert (result.winner, result.points) == (0, (17, 5, 5, 0))


def test_tw6_manual_blocked_scores_the_others_minus_his_own() -> None:
    # Pips 3, 7, 7, 12: (7 + 7 + 12) - 3 = 23 to seat 0.
    state = arranged("tiddle-a-wink", "manual", 4, ["2-1", "4-3", "5-2", "6-6"])
    result = state.rules.hand_result(state, "blocked", None)
    assert (result.winner, result.points) == (0, (23, 0, 0, 0))


def test_tw6_the_pool_carries_over_a_blocked_hand() -> None:
    rules = tiddle("spaans", 3)
    hands = ["2-1", "4-3", "5-4"]
    # A blocked hand: nobody wins, though 2-1 is the lightest.
    blocked = arranged("tiddle-a-wink", "spaans", 3, hands)
    result = rules.hand_result(blocked, "blocked", None)
    assert (result.winner, result.points) == (None, (0, 0, 0))
    assert "the pool waits" in result.reason
    # The next hand is played for two pools: 1 waiting + its own.
    blocked.result = result
    blocked.over = True
    assert rules.hand_context(1, blocked) == 1
    two = arranged("tiddle-a-wink", "spaans", 3, ["", "4-3", "5-4"])
    two.context = 1
    won = rules.hand_result(two, "domino", 0)
    assert (won.winner, won.points) == (0, (2, 0, 0))  # 1 + 1 waiting
    assert won.reason.endswith("taking the 2 pools")
    # Two blocked hands in a row: 2 waiting; a hand won: none.
    blocked.context = 1
    assert rules.hand_context(2, blocked) == 2
    two.result = won
    assert rules.hand_context(2, two) is None
    # Without pool_carries there is no context.
    assert tiddle("pagat", 3).hand_context(1, blocked) is None
    # A pool worth 3 (domino_points=fixed:3): the winner takes 3 + 3 waiting.
    three = tiddle("spaans", 3, domino_points="fixed:3")
    assert three.hand_result(two, "domino", 0).points == (6, 0, 0)
    with pytest.raises(OptionError, match="pool_carries plays for a pool"):
        tiddle("spaans", domino_points="pips")


def test_tw6_a_match_with_waiting_pools() -> None:
    rules = tiddle("spaans", 7)  # 28 // 7 = 4 tiles each: blocked hands are common
    rng = random.Random(5)
    match = Match(rules, seed=5)
    waiting = 0
    seen_carry = False
    while not match.over:
        state = match.hand
        assert state.context == (waiting or None)
        play_out(state, rng)
        assert state.result is not None
        if state.result.winner is None:
            waiting += 1
        else:
            # The winner takes 1 + the pools waiting.
            assert max(state.result.end_points) == 1 + waiting
            seen_carry = seen_carry or waiting > 0
            waiting = 0
        match.next_hand()
    assert seen_carry
    assert match.winner is not None and match.totals[match.winner] >= 5


def test_tw6_the_match_and_every_hand_led_by_the_highest_double() -> None:
    rules = tiddle(players=6)
    match = Match(rules, seed=11)
    rng = random.Random(11)
    while not match.over:
        state = match.hand
        dealt = [t for h in state.deal for t in range(55) if h & BIT[t] and HIGH[t] == LOW[t]]
        assert state.required_lead == max(dealt, key=lambda t: PIPS[t])
        play_out(state, rng)
        match.next_hand()
    assert match.winner is not None and match.totals[match.winner] == 5


# ---------------------------------------------------------------------- what other seats can read
def test_an_extra_play_offered_anywhere_is_read_soundly() -> None:
    # Example B: seat 2 lays 5-5 at L and is offered its extra tile. It holds 4-2, which fits only
    # R (2): the fact "seat 2 holds a tile for the extra play" must include the tiles for R.
    state = build(tiddle(players=3), DEAL_B)
    for action in (Play(T("6-6")), Play(T("6-2"), "R"), Play(T("6-5"), "L"), Play(T("5-5"), "L")):
        state.apply(action)
    facts = state.rules.hidden_facts(state.observation(0))
    assert facts.must_hold is not None
    seat, tiles = facts.must_hold
    assert seat == 2 and tiles & BIT[T("4-2")] and tiles & BIT[T("9-5")]
    assert read_public(state.rules, state.observation(0)).bonus_double == T("5-5")


def test_a_chain_of_doubles_is_read_again() -> None:
    state = build(tiddle("manual", 3), DEAL_C)
    for action in (Play(T("6-6")), Play(T("6-3"), "R"), Play(T("6-5"), "L"), Play(T("3-3"), "R")):
        state.apply(action)
    state.apply(Play(T("5-5"), "L"))
    reading = read_public(state.rules, state.observation(1))
    assert reading.bonus_double == T("5-5") == state.bonus_double
    position = Position(state.observation(2), state.hands, state.stock)
    copy = state.rules.state_from_position(position)
    assert copy.bonus_double == T("5-5") and copy.legal_actions() == state.legal_actions()


# ------------------------------------------------------------------------------- the core, records
def test_the_compiled_core_plays_one_tile_on_the_double_only() -> None:
    for rule_set in GAMES["tiddle-a-wink"].rule_sets:
        assert tiddle(rule_set).kernel_spec() is None
    spec = tiddle(players=8, extra_play="on_the_double").kernel_spec()
    assert spec is not None and spec.turn_after_double and spec.players == 8
    assert tiddle(extra_play="on_the_double", one_arm=True).kernel_spec() is None
    assert tiddle(extra_play="on_the_double", pool_carries=True).kernel_spec() is None
    if kernel.available():
        assert kernel.supports(tiddle(players=8, extra_play="on_the_double"))


@pytest.mark.parametrize("rule_set", list(get_game("tiddle-a-wink").rule_sets))
def test_records_replay(rule_set: str) -> None:
    for players in (2, 5, 8):
        rules = tiddle(rule_set, players)
        match = Match(rules, seed=players)
        rng = random.Random(players)
        while not match.over:
            play_out(match.hand, rng)
            match.next_hand()
        record = json.loads(json.dumps(match_to_record(match)))
        assert record["game"] == "tiddle-a-wink"
        assert all("leader" not in h for h in record["hands"])  # the deal decides the lead
        replay = replay_record(record)
        assert replay.disagreements == []
        assert replay.totals == match.totals and replay.winner == match.winner


# ---------------------------------------------------------------------------- the plain command
def test_play_on_the_command_line() -> None:
    app = build_app()
    result = CliRunner().invoke(
        app,
        ["play", "tiddlywink", "-r", "pagat-american", "-n", "5", "--seed", "3"],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("Tiddle-a-Wink (pagat-american rules), 5 players")
    assert "The first to take 5 pools wins." in out
    assert "Open ends: R shows" in out and "Open ends: L" not in out
    assert out.rstrip().splitlines()[-1].startswith("Match over: ")


def test_rules_on_the_command_line() -> None:
    result = CliRunner().invoke(build_app(), ["rules", "tiddle-a-wink", "--rules", "manual"])
    assert result.exit_code == 0, result.stderr
    for line in ("extra_play", "one_arm", "deal_evenly", "set_by_players", "pool_carries"):
        assert line in result.stdout
    bad = CliRunner().invoke(build_app(), ["play", "tiddle-a-wink", "-o", "extra_play=twice"])
    assert bad.exit_code == 2 and "extra_play" in bad.stderr


# ----------------------------------------------------------------------------------- told to people
def intro(rules: TiddleAWinkRules) -> list[str]:
    from boneyard.core.words import Voice

    return rules.presenter.intro(Voice.of(rules))


def test_the_introduction_tells_each_rule_set() -> None:
    pagat = intro(tiddle(players=8))
    # 55 // 8 = 6 each; 55 - 48 = 7 never drawn.
    assert pagat[0] == (
        "Everyone holds 6 tiles. The 7 tiles left after the deal are never drawn: when you cannot "
        "play you pass."
    )
    assert pagat[1].endswith("Tiles go on either end of the line, L or R.")
    assert pagat[2] == (
        "Whoever lays a double, the lead too, may at once lay one more tile, on either end, "
        "or pass."
    )
    assert pagat[3].endswith("(a tie: nobody). Each pool taken is a point.")
    assert "on that double" in intro(tiddle(extra_play="on_the_double"))[2]
    manual = intro(tiddle("manual", 4))
    assert "takes another turn: he must play if he can" in manual[2]
    assert manual[3].endswith("the lightest hand scores the others' pips less his own.")
    assert intro(tiddle("digigamers", 4))[3].endswith(
        "every player scores the differences to the heavier hands."
    )
    assert "the pool waits for the next hand's winner" in intro(tiddle("spaans", 5))[3]
    # Five players, 5 tiles each from a double-nine set (55 // 5 = 11: all dealt).
    assert intro(tiddle(players=5))[0].startswith("Everyone holds 11 tiles. All 55 tiles are dealt")
    # A scoring the sources do not use is left to the score sheet.
    assert len(intro(tiddle(domino_points="fixed:2"))) == 3


def test_the_goal_is_pools_where_a_hand_is_played_for_the_pool() -> None:
    presenter = tiddle().presenter
    assert presenter.goal() == "The first to take 5 pools wins."
    assert presenter.target_text() == "5 pools to win"
    assert tiddle("manual").presenter.goal() == "First to 200 points wins."
