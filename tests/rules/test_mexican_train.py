"""Mexican Train (RULES.md §2.13): MT-1 and MT-2 of §4.11, the engine double of each round and
its holder's lead, personal trains and markers, the Mexican train, doubles that must be covered,
draw one then mark, the end of a hand and its scoring (the 0-0 worth 50 as an option), the lowest
total after 13 rounds or fewer, the hand-size tables, double-nine, 2 to 8 players, the terminal's
table, and records that replay."""

from __future__ import annotations

import io
import json
import random
import re
from typing import Any

import pytest

from boneyard import DRAW, PASS, Match, OptionError, Play, get_game
from boneyard.apps.plain import TerminalGame
from boneyard.core.layout import MARKED
from boneyard.core.protocol import HandResult
from boneyard.core.record import match_to_record, replay_record
from boneyard.core.tiles import tile
from boneyard.games.line.state import LineState
from boneyard.games.trains.mexican import HAND_TABLES, MexicanTrainRules
from boneyard.text.narration import table_text
from conftest import T, arranged, assert_illegal, build, configure, load_record, strs


def mexican(players: int | None = None, **options: Any) -> MexicanTrainRules:
    rules = configure("mexican-train", None, players, **options)
    assert isinstance(rules, MexicanTrainRules)
    return rules


def play_out(state: LineState, rng: random.Random) -> None:
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))


def play_match(match: Match, rng: random.Random) -> None:
    while not match.over:
        play_out(match.hand, rng)
        match.next_hand()


def started(rules: MexicanTrainRules, hands: list[str], stock: str = "") -> LineState:
    """A hand of round 1 (engine 12-12) from readable hands, led already."""
    state = build(rules, hands, stock, context=T("12-12"))
    state.apply(Play(T("12-12")))
    return state


# ------------------------------------------------------------------------------------------- MT-1
def test_mt1_the_engine_of_each_round() -> None:
    rules = mexican(3)
    assert [rules.engine(k) for k in range(13)] == [tile(12 - k, 12 - k) for k in range(13)]
    match = Match(rules, seed=1)
    rng = random.Random(1)
    for k in range(13):
        state = match.hand
        engine = tile(12 - k, 12 - k)
        assert state.context == engine
        # Its holder leads it; if nobody holds it, the players draw for it first.
        plays = [m for m in state.history if isinstance(m.action, Play)]
        assert not plays
        play_out(state, rng)
        lead = next(m for m in state.history if isinstance(m.action, Play))
        assert lead.action == Play(engine)
        holder = next((s for s, h in enumerate(state.deal) if h >> engine & 1), None)
        if holder is not None:
            assert lead.seat == holder and state.history[0] is lead
        else:
            assert all(m.action == DRAW for m in state.history[: state.history.index(lead)])
        if match.next_hand() is None:
            break
    assert match.over and len(match.hands) == 13


# ------------------------------------------------------------------------------------------- MT-2
@pytest.mark.parametrize(
    ("table", "sizes"),
    [
        ("htfbw", {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}),
        ("billhathaway", {2: 15, 3: 15, 4: 15, 5: 11, 6: 11, 7: 10, 8: 10}),
        ("cardinal", {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 11, 8: 11}),
    ],
)
def test_mt2_hand_size_tables(table: str, sizes: dict[int, int]) -> None:
    for players, size in sizes.items():
        rules = mexican(players, hand_size=table)
        assert rules.hand_size == size
    # The default table is htfbw's; four players: 15 each, 60 dealt and 31 in the yard.
    rules = mexican(4)
    assert rules.hand_size == 15 and rules.tiles.size - 4 * 15 == 31
    state = Match(rules, seed=2).hand
    assert state.hand_sizes() == (15,) * 4 and state.stock_size() == 31


def test_the_named_tables_are_listed_as_allowed_values() -> None:
    allowed = get_game("mexican-train").allowed("hand_size")
    for name in HAND_TABLES:
        assert name in allowed
    assert configure("mexican-train", None, 5, hand_size="2:15,5:9").hand_size == 9


def test_two_to_eight_players() -> None:
    for players in range(2, 9):
        rules = mexican(players)
        state = Match(rules, seed=players).hand
        assert len(state.hands) == players
    with pytest.raises(OptionError, match="2 to 8 players"):
        mexican(9)


# ------------------------------------------------------------------------------ trains, markers
HANDS3 = [
    "12-5 12-4 5-3 9-9 1-0",
    "12-11 11-11 11-3 8-2 6-1",
    "12-7 7-7 4-4 2-2 3-1",
]


def test_your_own_train_the_mexican_train_and_marked_trains() -> None:
    rules = mexican(3, hand_size=5)
    state = started(rules, ["12-12 " + HANDS3[0].split(" ", 1)[1], HANDS3[1], HANDS3[2]])
    assert state.layout is not None
    assert state.layout.open_ends() == [("T0", 12), ("T1", 12), ("T2", 12), ("M", 12)]
    # Seat 1 (after the leader) may play on T1 or M, not on T0 or T2.
    assert state.turn == 1
    assert set(strs(state.legal_actions())) == {"12-11 at T1", "12-11 at M"}
    assert_illegal(state, Play(T("12-11"), "T2"), "T2 is seat 2's train and carries no marker")
    state.apply(Play(T("12-11"), "T1"))
    # Seat 2: its own train or M.
    assert set(strs(state.legal_actions())) == {"12-7 at T2", "12-7 at M"}
    state.apply(Play(T("12-7"), "M"))
    # Seat 0 holds 12-4: its train or... M shows 7 now.
    assert set(strs(state.legal_actions())) == {"12-4 at T0"}


def test_draw_one_then_pass_and_mark() -> None:
    rules = mexican(2, hand_size=3)
    state = build(rules, ["12-12 12-6 5-5", "4-3 2-1 1-0"], "9-8 0-0", context=T("12-12"))
    state.apply(Play(T("12-12")))
    # Seat 1 cannot play anywhere: draws one (9-8), still cannot: passes and marks T1.
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    assert state.legal_actions() == [PASS]
    assert_illegal(state, DRAW, "has drawn already this turn")
    state.apply(PASS)
    assert state.layout is not None and state.layout.kinds[1] == MARKED
    assert "T2 shows 12 (marker: open to all)" in table_text(rules, state.history)
    # Seat 0 may now play on T1 too.
    assert set(strs(state.legal_actions())) == {"12-6 at T0", "12-6 at T1", "12-6 at M"}
    state.apply(Play(T("12-6"), "T1"))
    assert state.layout.kinds[1] == MARKED  # only its owner takes the marker off


def test_the_owner_takes_his_marker_off_by_playing_on_his_train() -> None:
    rules = mexican(2, hand_size=3)
    state = build(rules, ["12-12 12-6 5-5", "4-3 2-1 12-0"], "9-8 0-0")
    state.apply(Play(T("12-12")))
    state.apply(Play(T("12-0"), "M"))
    state.apply(Play(T("12-6"), "T0"))
    assert state.legal_actions() == [DRAW]  # M shows 0, T1 still 12
    state.apply(DRAW)  # 9-8
    state.apply(PASS)
    assert state.layout is not None and state.layout.kinds[1] == MARKED
    state.apply(DRAW)  # seat 0 draws 0-0: a double, fits M
    assert strs(state.legal_actions()) == ["0-0 at M"]


def test_covering_doubles() -> None:
    rules = mexican(2, hand_size=5)
    state = build(rules, ["12-12 12-9 9-9 9-4 1-0", "12-11 6-5 5-5 4-3 2-0"], "8-7 7-6 6-6")
    state.apply(Play(T("12-12")))
    state.apply(Play(T("12-11"), "T1"))
    state.apply(Play(T("12-9"), "T0"))
    state.apply(DRAW)  # seat 1: nothing fits T1 (11), M (12): draws 8-7
    state.apply(PASS)  # and marks T1
    # Seat 0 lays 9-9 on its train: it plays again, and must cover it.
    state.apply(Play(T("9-9"), "T0"))
    assert state.turn == 0
    assert strs(state.legal_actions()) == ["9-4 at T0"]
    assert_illegal(
        state, Play(T("9-4"), "M"), "cannot play 9-4 at M: the 9-9 on T0 must be covered first"
    )
    state.apply(Play(T("9-4"), "T0"))
    assert state.turn == 1


def test_an_uncovered_double_stops_everything_else() -> None:
    rules = mexican(2, hand_size=4)
    state = build(rules, ["12-12 12-9 9-9 1-0", "12-11 9-5 5-5 4-3"], "8-7 7-6 6-6")
    state.apply(Play(T("12-12")))
    state.apply(Play(T("12-11"), "T1"))
    state.apply(Play(T("12-9"), "T0"))
    state.apply(DRAW)  # seat 1 draws 8-7
    state.apply(PASS)
    state.apply(Play(T("9-9"), "T0"))
    # Seat 0 cannot cover 9-9: draws one (7-6), still cannot: passes and marks T0.
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    assert state.legal_actions() == [PASS]
    state.apply(PASS)
    assert state.layout is not None and state.layout.kinds[0] == MARKED
    # Seat 1 must cover the 9-9 before anything else (its 4-3 would not fit anyway; 5-5 neither).
    assert strs(state.legal_actions()) == ["9-5 at T0"]
    assert "9-9 to be covered" in table_text(rules, state.history)
    state.apply(Play(T("9-5"), "T0"))
    assert state.turn == 0 and "to be covered" not in table_text(rules, state.history)


def test_going_out_with_a_double_needs_no_cover() -> None:
    rules = mexican(2, hand_size=3)
    state = build(rules, ["12-12 1-0 2-0", "12-5 5-5"], "9-8 7-6")
    state.apply(Play(T("12-12")))
    state.apply(Play(T("12-5"), "T1"))
    state.apply(DRAW)
    state.apply(PASS)
    state.apply(Play(T("5-5"), "T1"))
    assert state.over and state.result is not None
    assert (state.result.ended, state.result.out_seat, state.result.winner) == ("domino", 1, 1)


def test_nobody_holding_the_engine_the_players_draw_for_it() -> None:
    rules = mexican(2, hand_size=2)
    state = build(rules, ["11-3 10-2", "9-1 8-0"], "7-7 12-12 6-6", context=T("12-12"))
    assert state.finding_lead and state.turn == 0
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)  # seat 0: 7-7, a double but not the engine
    assert state.turn == 1 and state.finding_lead
    state.apply(DRAW)  # seat 1: 12-12
    assert not state.finding_lead and state.turn == 1
    assert strs(state.legal_actions()) == ["12-12"]


def test_a_later_round_is_led_by_its_engine() -> None:
    rules = mexican(2, hand_size=3)
    state = build(rules, ["12-12 9-9 3-1", "8-8 7-6 5-4"], context=T("8-8"))
    assert (state.turn, state.required_lead) == (1, T("8-8"))
    state.apply(Play(T("8-8")))
    assert state.layout is not None and state.layout.open_ends() == [("T0", 8), ("T1", 8), ("M", 8)]


# ----------------------------------------------------------------------------- end and scoring
def end_result(hands: list[str], ended: str, out: int | None, **options: Any) -> HandResult:
    state = arranged("mexican-train", "standard", len(hands), hands, **options)
    return state.rules.hand_result(state, ended, out)


def test_everyone_adds_his_pips_and_the_0_0_may_count_50() -> None:
    result = end_result(["", "12-11 0-0", "5-4 1-0"], "domino", 0)
    assert result.points == (0, 23, 10) and result.winner == 0
    fifty = end_result(["", "12-11 0-0", "5-4 1-0"], "domino", 0, double_blank_value=50)
    assert fifty.points == (0, 73, 10)
    blocked = end_result(["3-2", "12-11 0-0", "5-4 1-0"], "blocked", None)
    assert (blocked.points, blocked.winner) == ((5, 23, 10), 0)
    tie = end_result(["3-2", "4-1", "5-4"], "blocked", None)
    assert tie.winner is None and tie.reason == "blocked: a tie for the fewest pips"


def test_the_hand_is_blocked_when_nobody_can_ever_play() -> None:
    rules = mexican(2, hand_size=2)
    state = build(rules, ["12-12 3-2", "4-1 1-0"], "")
    # Everything else is in the stock: draw it all first.
    state.apply(Play(T("12-12")))
    rng = random.Random(0)
    play_out(state, rng)
    assert state.over and state.result is not None


def test_the_lowest_total_wins_after_the_rounds() -> None:
    rules = mexican(3, rounds=3)
    assert rules.low_wins and rules.rounds == 3
    match = Match(rules, seed=5)
    play_match(match, random.Random(5))
    assert len(match.hands) == 3 and match.over
    low = min(match.totals)
    if match.totals.count(low) == 1:
        assert match.winner == match.totals.index(low)
    else:
        assert match.winner is None
    assert rules.match_winner([30, 10, 20]) == 1 and rules.match_winner([10, 10, 20]) is None


def test_rounds_are_checked_against_the_set() -> None:
    with pytest.raises(OptionError, match="1 to 13 rounds"):
        mexican(rounds=14)
    with pytest.raises(OptionError, match="1 to 10 rounds"):
        mexican(tile_set="double-nine", rounds=11)


def test_double_nine() -> None:
    rules = mexican(4, tile_set="double-nine")
    assert (rules.tiles.size, rules.rounds, rules.hand_size) == (55, 10, 10)
    assert rules.engine(0) == T("9-9")
    assert mexican(8, tile_set="double-nine").hand_size == 6
    match = Match(rules, seed=3)
    play_match(match, random.Random(3))
    assert len(match.hands) == 10


# ----------------------------------------------------------------------------------- records
def test_the_covering_record_replays() -> None:
    replay = replay_record(load_record("mexican_train_cover.json"))
    assert replay.disagreements == []
    state = replay.match.hand
    assert state.layout is not None and state.layout.kinds[0] == MARKED
    assert state.turn == 1


@pytest.mark.parametrize(
    ("players", "options"), [(2, {"rounds": 3}), (5, {"rounds": 2}), (8, {"rounds": 1})]
)
def test_saved_matches_replay(players: int, options: dict[str, Any]) -> None:
    rules = mexican(players, **options)
    for seed in range(2):
        match = Match(rules, seed=seed)
        play_match(match, random.Random(seed))
        record = json.loads(json.dumps(match_to_record(match)))
        replay = replay_record(record)
        assert replay.disagreements == []
        assert replay.totals == match.totals and replay.winner == match.winner


# ---------------------------------------------------------------------------------- terminal
def test_a_terminal_match() -> None:
    out = io.StringIO()
    game = TerminalGame(mexican(3, rounds=1), io.StringIO("1\n" * 400), out, seed=4)
    assert game.run() in ("over", "eof")
    text = out.getvalue()
    assert "Engine [12|12] in the hub" in text
    assert "T1 (your train)" in text and "T2 (Rosa's train)" in text
    assert "M (the Mexican train)" in text and "seat 0" not in text
    assert "lowest total" in text
    # A person counts the trains from 1: the notation's T0 is never what he reads.
    assert "Your train is T1;" in text
    assert not re.search(r"\bT0\b", text)
    assert "T0" in json.dumps(match_to_record(game.match))


def test_a_person_types_a_train_as_he_reads_it() -> None:
    """A person types a train by the name he reads: ``12-8 T1`` goes on his own train, the first
    seat's (the notation's T0), not on the second seat's."""
    out = io.StringIO()
    game = TerminalGame(mexican(3, rounds=1), io.StringIO("1\n12-8 T1\nq\n"), out, seed=4)
    game.run()
    text = out.getvalue()
    assert "You play [12|8] at T1 (on the 12)." in text
    mine = [m for m in game.match.hand.history if m.seat == 0 and isinstance(m.action, Play)]
    assert [m.action.end for m in mine] == [None, "T0"]


def test_a_train_is_said_as_a_person_counts_and_read_back() -> None:
    """The presenter says the notation's trains as a person counts them (T0 is T1; M stays M),
    reads a person's name back to the notation's, and a review says them so."""
    from boneyard.apps.server.routes.learn import _said
    from boneyard.players.analysis import ReviewedMove, review_text

    rules = mexican(3)
    presenter = rules.presenter
    names = ("T0", "T1", "T2", "M")
    assert [presenter.end_word(n) for n in names] == ["T1", "T2", "T3", "M"]
    assert [presenter.end_of_word(w, names) for w in ("t1", "T3", "M", "T0")] == [
        "T0",
        "T2",
        "M",
        None,
    ]
    played, best = Play(T("12-8"), "T0"), Play(T("12-3"), "M")
    assert _said(rules, played) == "12-8 T1"
    reviewed = ReviewedMove(1, 0, played, best, 1.0, 5.0, 4.0, "it sheds more")
    assert "you played 12-8 at T1 " in review_text([reviewed], end_word=presenter.end_word)
