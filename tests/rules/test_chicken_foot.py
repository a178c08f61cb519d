"""Chicken Foot (RULES.md §2.14): a round per double from the highest down, the starting double's
four (or six) tiles before anything else, every later double's three toes before play goes on
elsewhere, draw one then pass, the 0-0 worth 50, the lowest total wins; double-twelve, 2 to 8
players, the terminal's table, and records that replay."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from boneyard import DRAW, PASS, Match, OptionError, Play
from boneyard.apps.plain import TerminalGame
from boneyard.core.protocol import HandResult
from boneyard.core.record import match_to_record, replay_record
from boneyard.core.tiles import tile
from boneyard.games.line.state import LineState
from boneyard.games.trains.chicken import ChickenFootRules
from boneyard.text.narration import table_text
from conftest import T, arranged, assert_illegal, build, configure, load_record, strs


def chicken(players: int | None = None, **options: Any) -> ChickenFootRules:
    rules = configure("chicken-foot", None, players, **options)
    assert isinstance(rules, ChickenFootRules)
    return rules


def play_out(state: LineState, rng: random.Random) -> None:
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))


# A hand of round 1 (9-9) for two: seat 0 holds the 9-9 and three nines, seat 1 one nine.
FOOT = ["9-9 9-8 9-7 9-6 5-5 5-1 0-0", "9-5 8-8 7-1 5-4 5-3 5-2 1-0"]


def started(**options: Any) -> LineState:
    rules = chicken(2, **options)
    state = build(rules, FOOT, "6-6 4-0 3-3", context=T("9-9"))
    state.apply(Play(T("9-9")))
    return state


def test_the_starting_double_is_the_highest_and_its_holder_leads() -> None:
    rules = chicken(3)
    assert rules.engine(0) == T("9-9") and rules.rounds == 10
    match = Match(rules, seed=2)
    for k in range(10):
        state = match.hand
        assert state.context == tile(9 - k, 9 - k)
        play_out(state, random.Random(k))
        lead = next(m for m in state.history if isinstance(m.action, Play))
        assert lead.action == Play(tile(9 - k, 9 - k))
        if match.next_hand() is None:
            break
    assert match.over and len(match.hands) == 10


def test_the_starting_double_takes_a_tile_on_every_side_first() -> None:
    state = started()
    assert state.layout is not None
    assert state.layout.open_ends() == [("L", 9), ("R", 9), ("U", 9), ("D", 9)]
    assert strs(state.legal_actions()) == ["9-5 at L", "9-5 at R", "9-5 at U", "9-5 at D"]
    state.apply(Play(T("9-5"), "L"))
    assert_illegal(
        state, Play(T("5-5"), "L"), "the starting double 9-9 must get a tile on every side first"
    )
    state.apply(Play(T("9-8"), "R"))
    # Seat 1 has no nine left: draws one (6-6), cannot play it: passes.
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    assert state.legal_actions() == [PASS]
    state.apply(PASS)
    state.apply(Play(T("9-7"), "U"))
    assert state.legal_actions() == [DRAW]  # seat 1 draws 4-0
    state.apply(DRAW)
    state.apply(PASS)
    state.apply(Play(T("9-6"), "D"))
    # The foot is complete: every arm is open.
    assert state.layout.open_ends() == [("L", 5), ("R", 8), ("U", 7), ("D", 6)]
    assert {a.end for a in state.legal_actions() if isinstance(a, Play)} == {"L", "R", "U", "D"}


def test_a_later_double_takes_three_toes_before_anything_else() -> None:
    state = started()
    for t, end in (("9-5", "L"), ("9-8", "R"), (None, None), ("9-7", "U")):
        if t is None:
            state.apply(DRAW)
            state.apply(PASS)
        else:
            state.apply(Play(T(t), end))
    state.apply(DRAW)  # seat 1: 4-0
    state.apply(PASS)
    state.apply(Play(T("9-6"), "D"))
    state.apply(Play(T("8-8"), "R"))  # seat 1 lays the 8-8 on R: a chicken foot
    layout = state.layout
    assert layout is not None
    assert [layout.names[i] for i in state.rules.waiting(layout)] == ["R", "8U", "8D"]  # type: ignore[attr-defined]
    assert "R shows 8 (a toe of 8-8: to be filled)" in table_text(state.rules, state.history)
    # Seat 0 holds no eight: draws (3-3), cannot play: passes.
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    assert state.legal_actions() == [PASS]
    assert_illegal(
        state, Play(T("5-5"), "L"), "the 8-8 must get its three toes first (0 of 3 laid)"
    )
    state.apply(PASS)
    assert_illegal(
        state, Play(T("5-4"), "L"), "the 8-8 must get its three toes first (0 of 3 laid)"
    )


def test_the_double_chicken_foot_start() -> None:
    rules = chicken(2, starting_double="three_each_side")
    lay = rules.lead_layout(T("9-9"), None)
    assert lay.names == ("L", "LU", "LD", "R", "RU", "RD")
    assert rules.waiting(lay) == [0, 1, 2, 3, 4, 5]
    state = build(rules, FOOT, "6-6 4-0 3-3", context=T("9-9"))
    state.apply(Play(T("9-9")))
    assert {a.end for a in state.legal_actions() if isinstance(a, Play)} == set(lay.names)


def test_with_the_stock_empty_a_player_who_cannot_play_passes() -> None:
    rules = chicken(2, hand_size=3)
    state = build(rules, ["9-9 9-8 1-0", "9-5 2-1 3-2"], context=T("9-9"))
    state.apply(Play(T("9-9")))
    # Draw the whole stock away (there is no reserve).
    state.stock_pos = len(state.stock)
    state._legal = None
    state.apply(Play(T("9-5"), "L"))
    assert state.legal_actions() == [Play(T("9-8"), e) for e in ("R", "U", "D")]


# ---------------------------------------------------------------------------------- scoring
def end_result(hands: list[str], ended: str, out: int | None, **options: Any) -> HandResult:
    state = arranged("chicken-foot", "standard", len(hands), hands, **options)
    return state.rules.hand_result(state, ended, out)


def test_the_0_0_counts_50() -> None:
    result = end_result(["", "0-0 5-4", "6-1"], "domino", 0)
    assert result.points == (0, 59, 7) and result.winner == 0
    plain = end_result(["", "0-0 5-4", "6-1"], "domino", 0, double_blank_value=0)
    assert plain.points == (0, 9, 7)
    # One text counts every blank half 25 (and the 0-0 50).
    blanks = end_result(["", "0-0 5-0", "6-1"], "domino", 0, blank_half_value=25)
    assert blanks.points == (0, 50 + 30, 7)


def test_the_lowest_total_wins() -> None:
    rules = chicken(4, rounds=2)
    match = Match(rules, seed=1)
    while not match.over:
        play_out(match.hand, random.Random(len(match.hands)))
        match.next_hand()
    assert len(match.hands) == 2
    low = min(match.totals)
    assert match.winner == (match.totals.index(low) if match.totals.count(low) == 1 else None)


def test_double_twelve_and_player_counts() -> None:
    rules = chicken(4, tile_set="double-twelve")
    assert (rules.tiles.size, rules.rounds, rules.hand_size, rules.engine(0)) == (
        91,
        13,
        12,
        T("12-12"),
    )
    for players in range(2, 9):
        state = Match(chicken(players), seed=players).hand
        assert len(state.hands) == players
    assert chicken(2).hand_size == 9 and chicken(8).hand_size == 6
    with pytest.raises(OptionError, match="2 to 8 players"):
        chicken(9)


# ----------------------------------------------------------------------------------- records
def test_the_foot_record_replays() -> None:
    replay = replay_record(load_record("chicken_foot_toes.json"))
    assert replay.disagreements == []
    layout = replay.match.hand.layout
    assert layout is not None
    assert [layout.names[i] for i in replay.rules.waiting(layout)] == ["R", "8U", "8D"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [2, 5, 8])
def test_saved_matches_replay(players: int) -> None:
    rules = chicken(
        players, rounds=2, starting_double="three_each_side" if players == 5 else "four_sides"
    )
    for seed in range(2):
        match = Match(rules, seed=seed)
        while not match.over:
            play_out(match.hand, random.Random(seed))
            match.next_hand()
        replay = replay_record(json.loads(json.dumps(match_to_record(match))))
        assert replay.disagreements == []
        assert replay.totals == match.totals and replay.winner == match.winner


def test_a_terminal_match() -> None:
    out = io.StringIO()
    game = TerminalGame(chicken(3, rounds=1), io.StringIO("1\n" * 300), out, seed=2)
    assert game.run() in ("over", "eof")
    text = out.getvalue()
    assert "Chicken Foot (standard rules), 3 players" in text and "lowest total" in text
