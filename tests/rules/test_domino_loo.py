"""Domino Loo (RULES.md §2.11, §7): trumps turned up, standing, the miss and dropping out, following
suit, trumping and heading the trick, the trick's winner, being looed, the pool carried to the
next deal, the points game to 15, the options for the uncertain rules, what the other players can
know (voids from the tricks, one's own discards), the terminal game, and records that replay."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from boneyard import Match, OptionError, play
from boneyard.apps.plain import TerminalGame
from boneyard.core.record import RecordError, match_to_record, replay_record
from boneyard.core.words import Voice
from boneyard.games.loo.actions import DROP, MISS, STAND
from boneyard.games.loo.rules import LooRules
from boneyard.games.loo.state import LooState
from boneyard.games.loo.table import DROPPED, MISSED, STOOD, LooTable
from boneyard.games.tricks.actions import HIDDEN_DISCARD, Discard
from boneyard.players.search.inference import Inference, determinize
from boneyard.text.narration import parse_command, table_text
from conftest import T, assert_illegal, build, configure, load_record, mask, strs


def loo(players: int | None = None, **options: Any) -> LooRules:
    rules = configure("domino-loo", None, players, **options)
    assert isinstance(rules, LooRules)
    return rules


def table(state: LooState) -> LooTable:
    assert isinstance(state.table, LooTable)
    return state.table


def hand(rules: LooRules, hands: list[str], stock: str, leader: int = 0) -> LooState:
    """A deal with seat ``leader`` left of the dealer (it decides and leads first); the stock's
    first tile is the turn-up."""
    return build(rules, hands, stock, leader=leader, lead_by_deal=False, context=(1, True))


def play_out(state: LooState, rng: random.Random) -> None:
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))


# Three players; 5-3 turned up: fives are trumps.
THREE = ["6-6 6-4 4-4 2-1 1-0", "6-5 6-2 5-2 3-3 3-1", "5-5 6-3 4-3 4-2 2-0"]
STOCK3 = "5-3 6-1 6-0 5-4 5-1 5-0 4-1 4-0 3-2 3-0 2-2 1-1 0-0"


def test_the_deal_and_the_turn_up() -> None:
    rules = loo(3)
    state = hand(rules, THREE, STOCK3)
    t = table(state)
    assert (t.turnup, t.trump) == (T("5-3"), 5)
    assert state.hand_sizes() == (5, 5, 5) and state.stock_size() == 12
    assert t.placed == 1 << T("5-3")
    # A double turned up makes its number trumps.
    assert LooTable.start(T("2-2"), 3, 1, True).trump == 2


def test_deciding_in_turn_from_the_dealers_left() -> None:
    rules = loo(3)
    state = hand(rules, THREE, STOCK3, leader=1)
    assert state.turn == 1 and state.legal_actions() == [STAND, MISS, DROP]
    state.apply(STAND)
    assert state.turn == 2
    state.apply(DROP)
    assert state.turn == 0 and table(state).status == (0, STOOD, DROPPED)
    assert state.discards[2] == mask(THREE[2]) and state.hands[2] == 0
    state.apply(STAND)
    # The play: the first player in from the dealer's left leads.
    assert table(state).leader == 1 and state.turn == 1


def test_the_miss_with_three_players_six_keep_five() -> None:
    rules = loo(3)
    state = hand(rules, THREE, STOCK3)
    state.apply(MISS)
    assert table(state).status[0] == MISSED and table(state).owed == 1
    assert state.hands[0] == mask("6-1 6-0 5-4 5-1 5-0 4-1")
    assert state.discards[0] == mask(THREE[0])
    assert state.turn == 0 and state.legal_actions() == [
        Discard(t) for t in sorted(mask_tiles("6-1 6-0 5-4 5-1 5-0 4-1"))
    ]
    assert_illegal(state, DROP, "must discard 1 more")
    state.apply(Discard(T("6-0")))
    assert state.hands[0] == mask("6-1 5-4 5-1 5-0 4-1") and state.turn == 1
    # The public history hides the tile; the seat's own observation knows it.
    assert state.observation(1).history[-1].action == HIDDEN_DISCARD
    assert state.observation(0).discarded == mask(THREE[0]) | 1 << T("6-0")
    state.apply(MISS)  # the second miss: the last six tiles of the stock
    assert state.stock_size() == 0
    state.apply(Discard(T("0-0")))
    # No tiles left for a third.
    assert state.legal_actions() == [STAND, DROP]
    assert_illegal(state, MISS, "cannot take the miss")


def mask_tiles(text: str) -> list[int]:
    return [T(t) for t in text.split()]


def test_the_miss_with_four_players_takes_all_seven_and_keeps_five() -> None:
    rules = loo(4)
    hands = [
        "6-6 6-5 6-4 6-3 6-2",
        "6-1 6-0 5-5 5-4 5-3",
        "5-2 5-1 5-0 4-4 4-3",
        "4-2 4-1 4-0 3-3 3-2",
    ]
    state = hand(rules, hands, "3-1 3-0 2-2 2-1 2-0 1-1 1-0 0-0")
    assert state.stock_size() == 7
    state.apply(MISS)
    assert state.hand_sizes()[0] == 7 and table(state).owed == 2
    state.apply(Discard(T("2-2")))
    state.apply(Discard(T("1-1")))
    assert state.hand_sizes()[0] == 5 and state.turn == 1
    assert MISS not in state.legal_actions()  # only one miss with four


def test_two_players_cannot_drop_and_may_both_take_the_miss() -> None:
    rules = loo(2)
    state = hand(rules, THREE[:2], STOCK3 + " 5-5 6-3 4-3 4-2 2-0")
    assert state.legal_actions() == [STAND, MISS]
    assert_illegal(state, DROP, "with two players nobody drops out")
    state.apply(MISS)
    state.apply(state.legal_actions()[0])
    state.apply(MISS)
    state.apply(state.legal_actions()[0])
    assert table(state).playing and state.stock_size() == 17 - 12


def test_all_but_one_dropping_leaves_him_the_hand() -> None:
    rules = loo(3)
    state = hand(rules, THREE, STOCK3)
    state.apply(DROP)
    state.apply(DROP)
    # Seat 2 is the only one left: it takes the pool without deciding or playing.
    assert state.over and state.result is not None
    assert state.result.ended == "uncontested" and state.result.winner == 2
    assert table(state).won == (0, 0, 5)
    # Seat 2 is the dealer (left of it, seat 0, decided first): its stake comes back.
    assert state.result.points == (0, 0, 0)


# ------------------------------------------------------------------------------------ the play
def stood(rules: LooRules, hands: list[str], stock: str) -> LooState:
    state = hand(rules, hands, stock)
    while not table(state).playing:
        state.apply(STAND)
    return state


def test_follow_suit_trump_and_head() -> None:
    rules = loo(3)
    state = stood(rules, THREE, STOCK3)  # fives trumps
    state.apply(play(T("6-4")))  # leads sixes
    # Seat 1 holds 6-5 (a trump, not a six), 6-2 (a six): must follow with 6-2.
    assert strs(state.legal_actions()) == ["6-2"]
    assert_illegal(state, play(T("3-3")), "must follow suit (6s)")
    state.apply(play(T("6-2")))
    # Seat 2 holds 6-3 (a six, beats 6-4): must follow, and it beats.
    assert strs(state.legal_actions()) == ["6-3"]
    state.apply(play(T("6-3")))
    assert table(state).last_winner == 0 and table(state).won == (1, 0, 0)
    assert state.turn == 0


def test_trump_when_unable_to_follow_and_head_when_able() -> None:
    rules = loo(3)
    hands = ["4-4 4-1 6-6 2-1 1-0", "6-5 5-2 3-3 3-1 6-2", "5-5 4-3 6-3 4-2 2-0"]
    state = stood(rules, hands, "5-3")  # fives trumps
    state.apply(play(T("4-1")))  # leads fours
    # Seat 1 holds no four: must trump (6-5, 5-2), and either beats.
    assert set(strs(state.legal_actions())) == {"6-5", "5-2"}
    state.apply(play(T("5-2")))
    # Seat 2 holds fours (4-3, 4-2): must follow, though a four cannot beat the trump.
    assert set(strs(state.legal_actions())) == {"4-3", "4-2"}
    state.apply(play(T("4-2")))
    assert table(state).last_winner == 1


def test_must_head_with_a_higher_tile_of_the_suit() -> None:
    rules = loo(3)
    hands = ["6-2 4-4 4-1 2-1 1-0", "6-4 6-1 3-3 3-1 2-2", "6-6 6-3 4-3 4-2 2-0"]
    state = stood(rules, hands, "5-3")
    state.apply(play(T("6-2")))
    assert set(strs(state.legal_actions())) == {"6-4"}  # 6-4 beats 6-2, 6-1 does not
    off = stood(loo(3, loo_must_head=False), hands, "5-3")
    off.apply(play(T("6-2")))
    assert set(strs(off.legal_actions())) == {"6-4", "6-1"}


def test_without_the_duty_to_trump_any_tile() -> None:
    hands = ["4-4 4-1 6-6 2-1 1-0", "6-5 5-2 3-3 3-1 6-2", "5-5 4-3 6-3 4-2 2-0"]
    state = stood(loo(3, loo_must_trump=False), hands, "5-3")
    state.apply(play(T("4-1")))
    assert len(state.legal_actions()) == 5


@pytest.mark.parametrize(
    ("trick", "trump", "suits", "winner"),
    [
        (["6-4", "6-6", "5-3"], 3, "higher_end", 2),  # a trump wins
        (["6-4", "6-6", "5-2"], 3, "higher_end", 1),  # the double is the top of its suit
        (["6-4", "6-5", "5-2"], 3, "higher_end", 1),  # then the other number
        (["6-4", "4-3", "3-3"], 3, "higher_end", 2),  # the trump double is the top trump
        (["5-4", "6-5", "5-2"], 3, "higher_end", 0),  # 6-5 is a six: it does not follow
        (["5-4", "6-5", "5-2"], 3, "either_end", 1),  # with either_end it follows, ranking 6
        (["4-2", "3-0", "2-2"], 0, "higher_end", 1),  # blanks trumps: 3-0 is a trump
    ],
)
def test_the_winner_of_a_trick(trick: list[str], trump: int, suits: str, winner: int) -> None:
    rules = loo(3, loo_suits=suits)
    assert rules.trick_winner([(s, T(t)) for s, t in enumerate(trick)], trump) == winner


# ----------------------------------------------------------------------------------- scoring
def test_the_pool_and_the_loo() -> None:
    """Points mode off: the dealer (seat 2, left of it seat 0 decides first) stakes 5; each
    trick takes 1; a player in with no trick pays 5 into the next pool, whose tricks are then
    worth 1 each per looed player, and its dealer stakes nothing."""
    rules = loo(3)
    match = Match(rules, seed=11)
    rng = random.Random(11)
    for _ in range(6):
        state = match.hand
        value, ante = state.context
        t = table(state)
        assert (t.value, t.ante) == (value, ante)
        play_out(state, rng)
        assert state.result is not None
        t = table(state)
        dealer = (state.leader - 1) % 3
        looed = [s for s in t.in_hand() if t.won[s] == 0]
        for s in range(3):
            expected = t.won[s] * value - (5 if s == dealer and ante else 0)
            expected -= 5 if s in looed else 0
            assert state.result.points[s] == expected
        nxt = match.next_hand()
        if nxt is None:
            break
        assert nxt.context == ((len(looed), False) if looed else (1, True))


def test_the_points_game_to_15() -> None:
    rules = loo(4, loo_scoring="points")
    assert rules.target_score == 15
    match = Match(rules, seed=3)
    rng = random.Random(3)
    while not match.over:
        state = match.hand
        play_out(state, rng)
        t = table(state)
        assert state.result is not None
        for s in range(4):
            looed = s in t.in_hand() and t.won[s] == 0
            assert state.result.points[s] == t.won[s] - (5 if looed else 0)
        match.next_hand()
    assert match.winner is not None and match.totals[match.winner] >= 15


def test_a_match_for_the_pool_is_ten_deals() -> None:
    rules = loo(2)
    match = Match(rules, seed=1)
    rng = random.Random(1)
    while not match.over:
        play_out(match.hand, rng)
        match.next_hand()
    assert len(match.hands) == 10
    # The lead (and the deal) passes to the left every deal.
    first = match.hands[0].leader
    assert [h.leader for h in match.hands[:4]] == [(first + k) % 2 for k in range(4)]


def test_players_and_options() -> None:
    with pytest.raises(OptionError, match="2 to 4 players"):
        loo(5)
    rules = loo(3, loo_miss=False)
    state = hand(rules, THREE, STOCK3)
    assert state.legal_actions() == [STAND, DROP]
    assert_illegal(state, MISS, "loo_miss=false")


# ------------------------------------------------------------------------- what others know
def test_voids_from_the_tricks_and_ones_own_discards() -> None:
    rules = loo(3)
    hands = ["4-4 4-1 6-6 2-1 1-0", "6-5 5-2 3-3 3-1 6-2", "5-5 4-3 6-3 4-2 2-0"]
    state = stood(rules, hands, "5-3")
    state.apply(play(T("4-1")))
    state.apply(play(T("5-2")))  # seat 1 trumped: it held no four
    state.apply(play(T("4-2")))
    obs = state.observation(0)
    inference = Inference.from_observation(obs)
    fours = mask("4-4 4-3 4-2 4-1 4-0")  # the suit of fours (6-4 and 5-4 are a six and a trump)
    assert inference.excluded(1) & fours == fours & inference.unseen
    rng = random.Random(0)
    for _ in range(30):
        world = determinize(obs, rng)
        assert not world.hands[1] & fours
        assert world.hands[0] == state.hands[0]
        assert world.turn == state.turn == 1
        assert set(world.legal_actions()) <= {play(t) for t in range(28) if world.hands[1] >> t & 1}


def test_ones_own_discards_are_never_dealt_to_others() -> None:
    rules = loo(3)
    state = hand(rules, THREE, STOCK3)
    state.apply(MISS)
    state.apply(Discard(T("6-0")))
    obs = state.observation(0)
    inference = Inference.from_observation(obs)
    assert not inference.unseen & obs.discarded
    assert obs.discarded == mask(THREE[0]) | 1 << T("6-0")


# ----------------------------------------------------------------------------------- records
def test_the_record_replays() -> None:
    replay = replay_record(load_record("domino_loo_hand.json"))
    assert replay.disagreements == []
    out = replay.to_json()
    assert out["hands"][0]["ended"] == "tricks"
    assert replay.match.hands[0].discards[0] == mask("6-6 6-4 4-4 2-1 1-0 6-0")


def test_a_discard_must_be_held() -> None:
    record = load_record("domino_loo_hand.json")
    record["hands"][0]["moves"][1] = {"seat": 0, "discard": "0-0"}
    with pytest.raises(RecordError, match="hand 1, move 2: seat 0 does not hold 0-0"):
        replay_record(record)


@pytest.mark.parametrize(("players", "scoring"), [(2, "pool"), (3, "points"), (4, "pool")])
def test_saved_matches_replay(players: int, scoring: str) -> None:
    rules = loo(players, loo_scoring=scoring, rounds=4)
    for seed in range(3):
        match = Match(rules, seed=seed)
        rng = random.Random(seed)
        while not match.over:
            play_out(match.hand, rng)
            match.next_hand()
        replay = replay_record(json.loads(json.dumps(match_to_record(match))))
        assert replay.disagreements == []
        assert replay.totals == match.totals and replay.winner == match.winner


# ---------------------------------------------------------------------------------- terminal
def test_the_table_in_words_and_the_commands() -> None:
    rules = loo(3)
    state = stood(rules, THREE, STOCK3)
    state.apply(play(T("6-4")))
    text = table_text(rules, state.history, table=state.table)
    assert "Trumps: 5 (the turn-up is [5|3])" in text
    assert "Trick 1: you [6|4]" in text and (
        "Players: you stood, 0 tricks; seat 1 stood, 0 tricks; seat 2 stood, 0 tricks" in text
    )
    spectator = table_text(rules, state.history, table=state.table, voice=Voice.of(rules, None))
    assert "Trick 1: seat 0 [6|4]" in spectator
    obs = state.observation(1)
    assert parse_command("6-2", obs).action == play(T("6-2"))
    fresh = hand(rules, THREE, STOCK3)
    obs = fresh.observation(0)
    assert parse_command("miss", obs).action == MISS and parse_command("stand", obs).action == STAND
    # Not yet: a discard is owed only after the miss; a tile alone is then a play.
    assert parse_command("discard 6-1", obs).message == "You cannot discard now."
    fresh.apply(MISS)
    assert parse_command("discard 6-1", fresh.observation(0)).action == Discard(T("6-1"))
    # Where a discard is owed, the tile alone is enough; once decided, no more deciding.
    assert parse_command("6-1", fresh.observation(0)).action == Discard(T("6-1"))
    assert parse_command("stand", fresh.observation(0)).message == "You cannot stand now."
    assert parse_command("discard 9-x", fresh.observation(0)).kind == "error"


def test_a_terminal_match() -> None:
    out = io.StringIO()
    moves = io.StringIO("1\n" * 100)
    game = TerminalGame(loo(3, rounds=2), moves, out, seed=4, opponents=["greedy"])
    assert game.run() in ("over", "eof")
    text = out.getvalue()
    assert "Trumps:" in text and "the trick" in text and "Counters won and lost" in text
