"""Sebastopol (RULES.md §2.10): SEB-1 and SEB-2 of §4.9, the 6-6 cross completed before any arm
grows, passes while the cross is open, four arms, all tiles dealt, 60 up, the three-handed
version, the terminal's table, and records that replay."""

from __future__ import annotations

import io
import json
import random

import pytest

from boneyard import DRAW, PASS, Match, OptionError, Play
from boneyard.apps.plain import TerminalGame
from boneyard.core.protocol import HandResult
from boneyard.core.record import match_to_record, replay_record
from boneyard.core.tiles import HIGH, LOW
from boneyard.games.line.state import LineState
from boneyard.games.sebastopol import SebastopolRules
from boneyard.text.narration import table_text
from conftest import T, arranged, assert_illegal, build, configure, load_record, strs

# Seat 0 holds the 6-6; seat 1 and seat 3 a six each, seat 2 two, so the cross fills in one round
# and a bit: 0 leads, 1 6-5, 2 6-4, 3 6-3, 0 (no six) passes, 1 (none left) passes, 2 6-2.
SEB_DEAL = [
    "6-6 5-5 4-4 3-3 2-2 1-1 0-0",
    "6-5 5-4 5-3 5-2 5-1 5-0 4-3",
    "6-4 6-2 4-2 4-1 4-0 3-2 3-1",
    "6-3 6-1 6-0 3-0 2-1 2-0 1-0",
]


def sebastopol(players: int | None = None, **options: object) -> SebastopolRules:
    rules = configure("sebastopol", None, players, **options)
    assert isinstance(rules, SebastopolRules)
    return rules


def end_result(hands: list[str], ended: str, out: int | None) -> HandResult:
    state = arranged("sebastopol", "pagat", len(hands), hands)
    return state.rules.hand_result(state, ended, out)


def play_out(state: LineState, rng: random.Random) -> None:
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))


# ------------------------------------------------------------------------------------------ SEB-1
def test_seb1_the_cross_before_any_arm() -> None:
    state = build(sebastopol(), SEB_DEAL)
    assert (state.turn, state.required_lead) == (0, T("6-6"))
    assert strs(state.legal_actions()) == ["6-6"]
    state.apply(Play(T("6-6")))
    assert state.layout is not None
    assert state.layout.open_ends() == [("L", 6), ("R", 6), ("U", 6), ("D", 6)]
    # Only sixes, on the four sides of the 6-6.
    assert strs(state.legal_actions()) == ["6-5 at L", "6-5 at R", "6-5 at U", "6-5 at D"]
    state.apply(Play(T("6-5"), "L"))
    assert set(strs(state.legal_actions())) == {
        f"{t} at {e}" for t in ("6-2", "6-4") for e in "RUD"
    }
    assert_illegal(state, Play(T("4-2"), "L"), "cannot be played on until the spinner is complete")
    state.apply(Play(T("6-4"), "R"))
    state.apply(Play(T("6-3"), "U"))
    # Seat 0 has no six left: it passes while the cross is open, though 5-5 fits L.
    assert state.legal_actions() == [PASS]
    assert_illegal(state, Play(T("5-5"), "L"), "cannot be played on until the spinner is complete")
    state.apply(PASS)
    assert state.legal_actions() == [PASS]  # seat 1: no six either
    state.apply(PASS)
    assert strs(state.legal_actions()) == ["6-2 at D"]
    state.apply(Play(T("6-2"), "D"))
    # The cross is complete: every arm is open to its own number.
    assert state.layout.open_ends() == [("L", 5), ("R", 4), ("U", 3), ("D", 2)]
    assert state.turn == 3
    assert {a.end for a in state.legal_actions() if isinstance(a, Play)} >= {"U", "D"}


def test_nobody_draws() -> None:
    hands = [
        "6-6 5-5 4-4 3-3 2-2 1-1 0-0 6-5 6-4",
        "5-4 5-3 5-2 5-1 5-0 4-3 4-2 4-1 4-0",
        "3-2 3-1 3-0 2-1 2-0 1-0 6-3 6-2 6-1",
    ]
    state = build(sebastopol(3), hands)
    assert state.stock_size() == 1 and state.drawable() == 1
    state.apply(Play(T("6-6")))
    assert state.legal_actions() == [PASS]
    assert_illegal(state, DRAW, "no drawing")


def test_later_doubles_do_not_branch() -> None:
    rules = sebastopol()
    lay = rules.lead_layout(T("6-6"), None)
    for t, end in (("6-5", "L"), ("6-4", "R"), ("6-3", "U"), ("6-2", "D"), ("5-5", "L")):
        lay = rules.lay(lay, Play(T(t), end))
    assert lay.names == ("L", "R", "U", "D")
    assert lay.open_ends() == [("L", 5), ("R", 4), ("U", 3), ("D", 2)]


# ------------------------------------------------------------------------------------------ SEB-2
def test_seb2_blocked() -> None:
    hands = ["3-2", "6-4", "6-5 3-0", "6-6 5-3"]  # 5, 10, 14, 20
    result = end_result(hands, "blocked", None)
    assert result.pips == (5, 10, 14, 20)
    assert (result.winner, result.points) == (0, (39, 0, 0, 0))
    tie = end_result(["3-2", "4-1", "6-5 3-0", "6-6 5-3"], "blocked", None)
    assert tie.pips == (5, 5, 14, 20)
    assert (tie.winner, tie.points) == (None, (0, 0, 0, 0))


def test_going_out_scores_the_others_pips() -> None:
    result = end_result(["", "6-4", "6-5 3-0", "6-6 5-3"], "domino", 0)
    assert (result.winner, result.points) == (0, (44, 0, 0, 0))


# --------------------------------------------------------------------------------- the match
def test_four_players_all_dealt_and_60_up() -> None:
    rules = sebastopol()
    assert (rules.players, rules.hand_size, rules.target_score) == (4, 7, 60)
    match = Match(rules, seed=3)
    assert match.hand.stock_size() == 0
    rng = random.Random(3)
    while not match.over:
        state = match.hand
        assert state.required_lead == T("6-6")  # the holder of 6-6 leads every hand
        play_out(state, rng)
        match.next_hand()
    assert match.winner is not None and match.totals[match.winner] >= 60


def test_three_handed_nine_each_one_unseen() -> None:
    rules = sebastopol(3)
    assert rules.hand_size == 9
    for seed in range(20):
        state = Match(rules, seed=seed).hand
        assert state.hand_sizes() == (9, 9, 9) and state.stock_size() == 1
        spare = state.stock[0]
        lead = state.required_lead
        if spare == T("6-6"):
            # The 6-6 lies unseen: the highest double dealt leads, and makes the cross.
            assert lead == T("5-5")
            state.apply(Play(lead))
            assert all(
                HIGH[a.tile] == 5 or LOW[a.tile] == 5
                for a in state.legal_actions()
                if isinstance(a, Play)
            )
        else:
            assert lead == T("6-6")


def test_players_and_options() -> None:
    with pytest.raises(OptionError, match="sebastopol is for 3 to 4 players"):
        sebastopol(2)
    with pytest.raises(OptionError, match="does not apply to sebastopol"):
        sebastopol(draw_policy="until_playable")
    assert configure("sevastopol").game.id == "sebastopol"


# ----------------------------------------------------------------------------------- records
def test_seb1_record_replays() -> None:
    replay = replay_record(load_record("sebastopol_cross.json"))
    assert replay.disagreements == []
    assert replay.match.hand.layout is not None
    assert replay.match.hand.layout.open_ends() == [("L", 5), ("R", 4), ("U", 3), ("D", 2)]
    hand = {"points": [0, 0, 0, 0], "ended": "unfinished", "winner": None}
    assert replay.to_json()["hands"] == [hand]


@pytest.mark.parametrize("players", [3, 4])
def test_saved_matches_replay(players: int) -> None:
    rules = sebastopol(players)
    for seed in range(3):
        match = Match(rules, seed=seed)
        rng = random.Random(seed)
        while not match.over:
            play_out(match.hand, rng)
            match.next_hand()
        record = json.loads(json.dumps(match_to_record(match)))
        assert all("leader" not in h for h in record["hands"])  # the deal decides the lead
        replay = replay_record(record)
        assert replay.disagreements == []
        assert replay.totals == match.totals and replay.winner == match.winner


# ---------------------------------------------------------------------------------- terminal
def test_the_table_shows_four_arms() -> None:
    state = build(sebastopol(), SEB_DEAL)
    for t, end in (("6-6", None), ("6-5", "L"), ("6-4", "R"), ("6-3", "U")):
        state.apply(Play(T(t), end))
    text = table_text(state.rules, state.history)
    assert "U arm, off [6|6]: [6|3] U" in text.splitlines()
    assert "D arm, off [6|6]: nothing laid yet" in text.splitlines()
    assert text.splitlines()[-1] == "Open ends: L shows 5, R shows 4, U shows 3, D shows 6"


def test_a_terminal_match() -> None:
    out = io.StringIO()
    game = TerminalGame(sebastopol(), io.StringIO("1\n" * 300), out, seed=5)
    assert game.run() in ("over", "eof")
    assert "Sebastopol (pagat rules), 4 players" in out.getvalue()
