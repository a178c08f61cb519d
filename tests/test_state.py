"""The hand state machine: starting a hand, legal actions, applying, rejecting, copying and
observations."""

from __future__ import annotations

import pytest

from boneyard import DRAW, PASS, IllegalAction, LineState, Muggins, Observation, Play, play
from boneyard.core.actions import Move
from boneyard.core.layout import Layout
from conftest import T, assert_illegal, build, configure, snapshot, strs, tiles

DEAL = ["6-6 6-5 5-5 4-4 3-3 2-2 1-1", "6-4 6-3 6-2 5-4 5-3 4-3 0-0"]


def block2() -> LineState:
    return build(configure("block", "modern", 2), DEAL)


# --------------------------------------------------------------------------------- starting a hand
def test_a_new_hand() -> None:
    state = block2()
    assert (state.turn, state.leader, state.layout, state.over, state.result) == (
        0,
        0,
        None,
        False,
        None,
    )
    assert state.hands == [sum(1 << t for t in tiles(h)) for h in DEAL]
    assert state.deal == tuple(state.hands)
    assert (state.stock_pos, state.stock_size(), state.drawable()) == (0, 14, 14)
    assert state.hand_sizes() == (7, 7)
    assert state.history == [] and state.public == []
    assert state.scores == [0, 0]
    assert state.legal_actions() == [play(T("6-6"))]


def test_from_deal_checks_the_number_of_hands() -> None:
    rules = configure("block", "modern", 3)
    with pytest.raises(ValueError, match="the deal has 2 hands for 3 players"):
        build(rules, DEAL)


def test_from_deal_checks_tile_conservation() -> None:
    rules = configure("block", "modern", 2)
    hands = [tiles(h) for h in DEAL]
    stock = [t for t in range(28) if not any(t in h for h in hands)]
    with pytest.raises(ValueError, match="6-6 appears twice in the deal and stock"):
        LineState.from_deal(rules, hands, [*stock, T("6-6")])
    with pytest.raises(ValueError, match="the deal and stock miss 1-0"):
        LineState.from_deal(rules, hands, [t for t in stock if t != T("1-0")])
    with pytest.raises(ValueError, match="7-0 is not a tile of the double-six set"):
        LineState.from_deal(rules, hands, [*stock, T("7-0")])
    with pytest.raises(ValueError, match="appears twice"):
        LineState.from_deal(rules, [hands[0], hands[0]], stock)


def test_lead_written_without_orientation_is_laid_high_half_left() -> None:
    rules = configure("block", "modern", 2, lead_tile="any")
    state = build(rules, DEAL)
    state.apply(Play(T("6-5")))
    assert state.layout is not None and state.layout.open_ends() == [("L", 6), ("R", 5)]
    state = build(rules, DEAL)
    state.apply(Play(T("6-5"), None, 6))
    assert state.layout is not None and state.layout.open_ends() == [("L", 5), ("R", 6)]
    assert str(state.history[0].action) == "5-6"
    assert state.history[0].to_record() == {"seat": 0, "play": "5-6"}


# ---------------------------------------------------------------------------------------- applying
def test_apply_moves_the_tile_and_the_turn() -> None:
    state = block2()
    state.apply(play(T("6-6")))
    assert state.hands[0] == sum(1 << t for t in tiles(DEAL[0])) ^ (1 << T("6-6"))
    assert state.layout is not None and state.layout.placed == 1 << T("6-6")
    assert state.turn == 1
    assert state.history == [Move(0, play(T("6-6")))]
    assert strs(state.legal_actions()) == [
        "6-2 at L",
        "6-3 at L",
        "6-4 at L",
        "6-2 at R",
        "6-3 at R",
        "6-4 at R",
    ]
    state.apply(play(T("6-4"), "R"))
    assert state.layout.open_ends() == [("L", 6), ("R", 4)]
    assert state.turn == 0
    assert [str(m) for m in state.history] == ["seat 0 leads 6-6", "seat 1 plays 6-4 at R"]


def test_legal_actions_is_a_fresh_list() -> None:
    state = block2()
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions() == [play(T("6-6"))]


def test_copy_is_independent() -> None:
    state = block2()
    state.apply(play(T("6-6")))
    before = snapshot(state)
    copy = state.copy()
    assert snapshot(copy) == before
    copy.apply(play(T("6-4"), "R"))
    copy.apply(play(T("4-4"), "R"))
    assert snapshot(state) == before
    assert state.legal_actions() != copy.legal_actions()
    state.apply(play(T("6-2"), "L"))
    assert len(copy.history) == 3 and copy.layout is not None
    assert copy.layout.open_ends() == [("L", 6), ("R", 4)]


def test_the_hand_ends_when_a_player_plays_his_last_tile() -> None:
    rules = configure("block", "modern", 2, hand_size=2)
    state = build(rules, ["6-6 6-5", "6-4 1-0"])
    state.apply(play(T("6-6")))
    state.apply(play(T("6-4"), "L"))
    state.apply(play(T("6-5"), "R"))
    assert state.over and state.result is not None
    assert (state.result.ended, state.result.out_seat, state.result.winner) == ("domino", 0, 0)
    assert state.result.points == (1, 0)
    assert state.legal_actions() == []


# --------------------------------------------------------------------------------------- rejecting
def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(IllegalAction, ValueError)


def test_wrong_tile_for_the_end() -> None:
    state = block2()
    state.apply(play(T("6-6")))
    assert_illegal(state, play(T("0-0"), "L"), "seat 1 cannot play 0-0 at L: the end shows 6")
    assert_illegal(state, play(T("5-4"), "R"), "seat 1 cannot play 5-4 at R: the end shows 6")


def test_tile_not_held() -> None:
    state = block2()
    state.apply(play(T("6-6")))
    assert_illegal(state, play(T("6-5"), "L"), "seat 1 does not hold 6-5")
    assert_illegal(state, play(T("6-1"), "L"), "seat 1 does not hold 6-1")


def test_wrong_end() -> None:
    state = block2()
    state.apply(play(T("6-6")))
    assert_illegal(state, play(T("6-4"), "U"), "there is no end U (ends: L, R)")
    assert_illegal(state, play(T("6-4"), "l"), "there is no end l")
    assert_illegal(state, play(T("6-4")), "seat 1 must name an end for 6-4")


def test_closed_end() -> None:
    rules = configure("block", "modern", 2, spinner="first_double")
    state = build(rules, DEAL)
    state.apply(play(T("6-6")))
    assert state.layout is not None and state.layout.names == ("L", "R", "U", "D")
    assert_illegal(state, play(T("6-4"), "U"), "end U is not open yet")
    assert_illegal(state, play(T("6-4"), "D"), "end D is not open yet")


def test_lead_with_an_end() -> None:
    state = block2()
    assert_illegal(state, play(T("6-6"), "L"), "the first tile is a lead: it takes no end")


def test_wrong_lead() -> None:
    state = block2()
    assert_illegal(state, play(T("5-5")), "seat 0 must lead 6-6")
    assert_illegal(state, play(T("6-4")), "seat 0 does not hold 6-4")


def test_pass_while_able() -> None:
    state = block2()
    assert_illegal(state, PASS, "seat 0 cannot pass while able to act (legal: 6-6)")
    state.apply(play(T("6-6")))
    assert_illegal(state, PASS, "seat 1 cannot pass while able to act (legal: 6-2 at L")


def test_draw_when_the_game_has_no_drawing() -> None:
    state = block2()
    state.apply(play(T("6-6")))
    assert_illegal(state, DRAW, "there is no drawing in this game")


def test_draw_at_the_reserve() -> None:
    rules = configure("draw", "pagat", 2)
    # Seat 1 cannot play on 6-6 and draws 12 tiles without a six: then the stock is at its reserve.
    state = build(
        rules,
        ["6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4"],
        "4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-1 1-0 0-0",
    )
    state.apply(play(T("6-6")))
    for _ in range(12):
        state.apply(DRAW)
    assert state.stock_size() == 2
    # Nobody holds a tile that fits except seat 0: seat 1 passes.
    assert state.legal_actions() == [PASS]
    assert_illegal(state, DRAW, "seat 1 cannot draw: the stock is down to its reserve")


def test_draw_while_able_to_play() -> None:
    rules = configure("draw", "britannica", 2)
    state = build(rules, DEAL, leader=1)
    state.apply(play(T("6-4"), None, 4))
    assert_illegal(state, DRAW, "seat 0 cannot draw while able to play (legal: ")


def test_acting_after_the_hand_is_over() -> None:
    rules = configure("block", "modern", 2, hand_size=2)
    state = build(rules, ["6-6 6-5", "6-4 1-0"])
    for action in [play(T("6-6")), play(T("6-4"), "L"), play(T("6-5"), "R")]:
        state.apply(action)
    assert state.over
    for action in [play(T("1-0"), "L"), play(T("1-0"), "R"), DRAW, PASS, play(T("6-6"))]:
        assert_illegal(state, action, "the hand is over")


def test_a_tile_outside_the_set() -> None:
    state = block2()
    state.apply(play(T("6-6")))
    assert_illegal(state, play(T("9-6"), "L"), "is not in this set")


def test_an_action_of_another_game() -> None:
    state = block2()
    state.apply(play(T("6-6")))
    assert_illegal(state, Muggins(10), "muggins 10 is not an action of this game")


def test_an_orientation_where_the_rules_leave_no_choice() -> None:
    state = block2()
    state.apply(play(T("6-6")))
    # An ``open`` that contradicts the rules is an error (RECORD.md) and changes nothing...
    with pytest.raises(IllegalAction, match="contradicts the rules"):
        state.apply(Play(T("6-4"), "L", 6))
    assert_illegal(state, Play(T("6-4"), "L", 6))
    # ...one that agrees is only a redundant orientation: the same play as without it.
    state.apply(Play(T("6-4"), "L", 4))
    assert state.layout is not None and state.layout.pips[0] == 4


def test_a_rejected_action_changes_nothing_across_a_whole_hand() -> None:
    state = block2()
    candidates = [DRAW, PASS, Muggins(5)] + [
        Play(t, end) for t in range(28) for end in (None, "L", "R", "U")
    ]
    while not state.over:
        legal = state.legal_actions()
        for action in candidates:
            if action not in legal and not (
                isinstance(action, Play) and action.end is None and state.layout is None
            ):
                before = snapshot(state)
                with pytest.raises(IllegalAction):
                    state.apply(action)
                assert snapshot(state) == before
        state.apply(legal[-1])


# ------------------------------------------------------------------------------------ observations
def test_observation_shows_own_tiles_and_public_facts() -> None:
    rules = configure("draw", "pagat", 2)
    state = build(
        rules,
        ["6-6 6-5 6-4 6-3 6-2 6-1 5-5", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"],
        "3-1 6-0",
    )
    state.apply(play(T("6-6")))
    state.apply(DRAW)
    state.apply(DRAW)
    obs = state.observation(1)
    assert isinstance(obs, Observation)
    assert obs.seat == 1
    assert obs.hand == state.hands[1]
    assert obs.tiles == sorted(tiles("0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 6-0"))
    assert obs.hand_sizes == (6, 9)
    assert (obs.stock_size, obs.drawable) == (12, 10)
    assert obs.turn == 1 and obs.my_turn
    assert obs.layout is state.layout
    assert obs.scores == (0, 0)
    assert not obs.over
    assert set(obs.legal_actions) == set(state.legal_actions())
    # The public history: who drew, not what.
    assert [(m.seat, m.action, m.drawn) for m in obs.history] == [
        (0, play(T("6-6")), None),
        (1, DRAW, None),
        (1, DRAW, None),
    ]
    assert [m.drawn for m in state.history] == [None, T("3-1"), T("6-0")]
    other = state.observation(0)
    assert other.hand == state.hands[0]
    assert other.legal_actions == () and not other.my_turn
    assert [m.drawn for m in other.history] == [None, None, None]


def test_observation_holds_no_hidden_state() -> None:
    state = block2()
    state.apply(play(T("6-6")))
    obs = state.observation(0)
    for name in Observation.__slots__:
        value = getattr(obs, name)
        assert not isinstance(value, LineState)
        if isinstance(value, (list, tuple)):
            assert not any(isinstance(v, LineState) for v in value)
    assert obs.hand != state.hands[1]
    assert all(getattr(obs, name) != state.hands[1] for name in ("hand", "turn", "leader", "seat"))
    assert not hasattr(obs, "hands") and not hasattr(obs, "stock") and not hasattr(obs, "state")


def test_an_observation_is_a_snapshot() -> None:
    state = block2()
    obs = state.observation(0)
    state.apply(play(T("6-6")))
    assert obs.history == ()
    assert obs.turn == 0 and obs.layout is None
    assert obs.hand == sum(1 << t for t in tiles(DEAL[0]))


def _public(obs: Observation) -> tuple[object, ...]:
    lay = obs.layout
    return (
        obs.seat,
        obs.hand,
        None if lay is None else (lay.names, lay.pips, lay.tips),
        obs.hand_sizes,
        obs.stock_size,
        obs.drawable,
        obs.turn,
        obs.leader,
        obs.scores,
        obs.legal_actions,
        obs.over,
        tuple((m.seat, m.action, m.drawn) for m in obs.history),
    )


def test_observation_does_not_depend_on_the_hidden_tiles() -> None:
    # Seat 0's view is the same whatever seat 1 holds and whatever the stock order is.
    rules = configure("draw", "pagat", 2)
    a = build(rules, ["6-6 6-5 6-4 6-3 6-2 6-1 5-5", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"], "3-1 6-0")
    b = build(rules, ["6-6 6-5 6-4 6-3 6-2 6-1 5-5", "0-0 1-0 1-1 2-0 2-1 2-2 3-1"], "3-0 6-0")
    for state in (a, b):
        state.apply(play(T("6-6")))
        state.apply(DRAW)
        state.apply(DRAW)
    assert _public(a.observation(0)) == _public(b.observation(0))


def test_observation_does_not_reveal_who_will_draw_the_first_double() -> None:
    # no_double=draw_until_found: the stock order is hidden, so nobody can know before the draws
    # which seat will find the first double.
    rules = configure("block", "modern", 2, no_double="draw_until_found")
    hands = ["6-5 6-4 6-3 6-2 6-1 6-0 5-4", "5-3 5-2 5-1 5-0 4-3 4-2 4-1"]
    a = build(rules, hands, "3-2 1-1")  # seat 1 will draw 1-1
    b = build(rules, hands, "1-1 3-2")  # seat 0 will draw 1-1
    assert a.turn == b.turn == 0
    assert _public(a.observation(0)) == _public(b.observation(0))
    assert _public(a.observation(1)) == _public(b.observation(1))


def test_repr() -> None:
    state = block2()
    assert repr(state).startswith("<LineState block turn=0 layout=None hands=")
    state.apply(play(T("6-6")))
    assert "<Layout L=6, R=6>" in repr(state)
    assert isinstance(state.layout, Layout)


def test_a_claim_in_a_game_without_claims() -> None:
    state = block2()
    state.apply(play(T("6-6")))
    assert_illegal(state, Play(T("6-4"), "R", None, 0), "block has no claims")
    assert_illegal(state, Play(T("6-4"), "R", None, 12), "scoring is automatic")


def test_an_action_for_a_seat_that_is_not_to_move_is_refused() -> None:
    state = block2()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"seat 1 is not to move \(seat 0 is\)"):
        state.apply(play(T("6-6")), seat=1)
    assert snapshot(state) == before
    state.apply(play(T("6-6")), seat=0)
    assert state.turn == 1
