"""Texas 42 (RULES-texas42-fiveup.md §2, §4 rows 38-53): every worked example of §5 (T42-1 to
T42-10) with its arithmetic, the bidding, the contracts, following suit, the count, made and set
bids, marks and points, the early end, and refusals that change nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boneyard.core.actions import PASS, Action, play
from boneyard.core.options import OptionError
from boneyard.core.protocol import HandStart, IllegalAction, Phase
from boneyard.games import get_game
from boneyard.games.texas42.rules import FortyTwoRules
from boneyard.games.texas42.state import FortyTwoState
from boneyard.games.texas42.table import DOUBLES_SUIT, NO_TRUMP, FortyTwoTable
from boneyard.games.tricks.actions import Bid, Declare
from conftest import T, tiles

N, E, S, W = 0, 1, 2, 3  # seats clockwise; N-S (side 0) against E-W (side 1)

# Deal D (texas42.net, Dennis Roberson's scenario), N the shaker.
DEAL_D = [
    "6-4 6-0 4-3 3-2 1-1 6-1 4-1",
    "6-5 5-3 5-1 5-0 2-2 2-0 2-1",
    "5-5 5-4 4-4 4-2 4-0 3-1 0-0",
    "6-6 6-3 6-2 5-2 3-3 3-0 1-0",
]


def rules42(rule_set: str | None = None, **options: Any) -> FortyTwoRules:
    rules = get_game("texas-42").configure(rule_set, options)
    assert isinstance(rules, FortyTwoRules)
    return rules


def deal(rules: FortyTwoRules, hands: list[str], shaker: int = N) -> FortyTwoState:
    state = rules.start_hand(HandStart([tiles(h) for h in hands], [], shaker))
    assert isinstance(state, FortyTwoState)
    return state


def action(text: str) -> Action:
    """``pass``, ``bid 30``, ``bid splash 84``, ``trumps 1``, ``doubles``, ``follow_me``,
    ``nello``, ``nello low``, ``sevens`` or a tile."""
    words = text.split()
    if words == ["pass"]:
        return PASS
    if words[0] == "bid":
        if len(words) == 3:
            return Bid(int(words[2]), words[1])
        return Bid(int(words[1]))
    if words[0] == "trumps":
        return Declare("suit", int(words[1]))
    if words[0] in ("doubles", "follow_me", "sevens"):
        return Declare(words[0])
    if words[0] == "nello":
        return Declare("nello", doubles=words[1] if len(words) > 1 else None)
    return play(T(text))


def run(state: FortyTwoState, *moves: str) -> None:
    for text in moves:
        state.apply(action(text))


def snapshot(state: FortyTwoState) -> tuple[Any, ...]:
    return (
        tuple(state.hands),
        state.table,
        state.turn,
        state.phase,
        len(state.history),
        tuple(state.scores),
        state.over,
        state.result,
    )


def refused(state: FortyTwoState, text: str, *fragments: str) -> str:
    before = snapshot(state)
    legal = state.legal_actions()
    with pytest.raises(IllegalAction) as info:
        state.apply(action(text))
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert snapshot(state) == before and state.legal_actions() == legal
    return message


def contract(rules: FortyTwoRules, declaration: Declare, bidder: int = N) -> FortyTwoTable:
    """A table once ``declaration`` is named by ``bidder`` after a bid of 42."""
    table = FortyTwoTable.start(W).but(high=Bid(42), bidder=bidder, declarer=bidder)
    return rules.contract_table(table, declaration)


def led(rules: FortyTwoRules, table: FortyTwoTable, seat: int, tile: str) -> FortyTwoTable:
    return table.but(trick=((seat, T(tile)),), suit=rules.suit_led(T(tile), table), leader=seat)


# --------------------------------------------------------------------------- T42-1 the count
def test_t42_1_the_count_is_35_and_a_point_a_trick_makes_42() -> None:
    rules = rules42()
    counts = {name: rules.count_of(T(name)) for name in ("5-5", "6-4", "5-0", "4-1", "3-2")}
    assert counts == {"5-5": 10, "6-4": 10, "5-0": 5, "4-1": 5, "3-2": 5}
    # 10 + 10 + 5 + 5 + 5 = 35 in the count tiles, nothing in any other tile.
    assert sum(rules.count_of(t) for t in range(28)) == 10 + 10 + 5 + 5 + 5 == 35
    # and one point for each of the 7 tricks: 35 + 7 = 42.
    assert 35 + 7 == 42
    # A trick holding 6-4 and 5-0 (and two blanks of count) is worth 1 + 10 + 5 = 16.
    trick = ((N, T("6-4")), (E, T("5-0")), (S, T("6-6")), (W, T("2-1")))
    assert rules.trick_points(trick) == 1 + 10 + 5 == 16


# --------------------------------------------------------------------------- T42-2 suits
def test_t42_2_threes_trump_a_trump_bearing_tile_is_only_a_trump() -> None:
    rules = rules42()
    table = contract(rules, Declare("suit", 3))
    # Lead 6-4: it leads sixes; 6-6 is the top six; 6-3 is a trump, so a player whose only six
    # is 6-3 need not follow.
    after = led(rules, table, N, "6-4")
    assert after.suit == 6
    assert not rules.follows(T("6-3"), 6, after)
    hand = sum(1 << t for t in tiles("6-3 5-2 1-0"))
    assert {a.tile for a in rules.plays(after, hand, False)} == set(tiles("6-3 5-2 1-0"))  # type: ignore[attr-defined]
    trick = ((N, T("6-4")), (E, T("6-6")), (S, T("6-5")), (W, T("1-0")))
    assert rules.trick_winner(trick, after) == E
    # Lead 5-3: a trump leads trumps.
    assert rules.suit_led(T("5-3"), table) == 3
    # Lead 5-5: fives, 5-6 > 5-4 > ...; 5-3 is not a five.
    after = led(rules, table, N, "5-5")
    assert after.suit == 5
    assert rules.rank(T("6-5"), 5, after) > rules.rank(T("5-4"), 5, after)
    assert not rules.follows(T("5-3"), 5, after)
    trick = ((N, T("5-5")), (E, T("6-5")), (S, T("5-4")), (W, T("2-0")))
    assert rules.trick_winner(trick, after) == N  # the double is the top five


def test_t42_2_doubles_trump_and_follow_me() -> None:
    rules = rules42()
    doubles = contract(rules, Declare("doubles"))
    assert doubles.trump == DOUBLES_SUIT
    # Lead 5-3 leads fives (its higher end); 5-5 is a trump and cannot follow.
    after = led(rules, doubles, N, "5-3")
    assert after.suit == 5 and not rules.follows(T("5-5"), 5, after)
    # Lead 6-6 leads trumps; a player without doubles plays anything (a six need not follow).
    after = led(rules, doubles, N, "6-6")
    hand = sum(1 << t for t in tiles("6-4 6-2 3-1"))
    assert len(rules.plays(after, hand, False)) == 3
    # Follow-me, lead 5-3: doubles high -> 5-5 follows fives and wins; own suit -> 5-5 is not a
    # five.
    trick = ((N, T("5-3")), (E, T("5-5")), (S, T("5-4")), (W, T("1-0")))
    high = contract(rules, Declare("follow_me"))
    assert high.trump == NO_TRUMP and high.doubles == "high"
    high = led(rules, high, N, "5-3")
    assert rules.follows(T("5-5"), 5, high) and rules.trick_winner(trick, high) == E
    own = contract(rules42(follow_me_doubles="own_suit"), Declare("follow_me"))
    own = led(rules, own, N, "5-3")
    assert not rules.follows(T("5-5"), 5, own) and rules.trick_winner(trick, own) == S


# --------------------------------------------------------------------------- T42-3 bidding
def test_t42_3_bidding_one_round_the_highest_bid_wins() -> None:
    state = deal(rules42(), DEAL_D)
    assert state.phase == Phase.BID and state.turn == E  # from the shaker's left
    run(state, "pass", "bid 30", "bid 31", "bid 32")
    assert state.phase == Phase.DECLARE and state.turn == N
    assert state.table.high == Bid(32) and state.table.bidder == N


def test_bids_and_declarations_typed_in_the_notation() -> None:
    """The same bidding typed as people write it (the game's own words, read by its kinds of
    action): E passes, S bids 30, W 31, N 32, then N names sixes trumps."""
    from boneyard.text.narration import parse_command

    state = deal(rules42(), DEAL_D)
    for text in ("pass", "bid 30", "bid 31", "bid 32"):
        obs = state.observation(state.turn)
        assert state.rules.parse_action(text, obs) == action(text)
        command = parse_command(text, obs)
        assert command.kind == "action" and command.action == action(text)
        state.apply(command.action)
    assert state.phase == Phase.DECLARE and state.turn == N
    obs = state.observation(N)
    # A bid is no declaration: the narration says so before the engine is asked.
    assert parse_command("bid 33", obs).message == "You cannot bid now."
    assert parse_command("doubles", state.observation(E)).message == "You cannot declare now."
    assert parse_command("trumps 6", obs).action == Declare("suit", 6)
    assert parse_command("nello doubles own-suit", obs).action == Declare(
        "nello", doubles="own_suit"
    )
    assert parse_command("trumps six", obs).message == "Name the trumps by their number: trumps 6."
    for declared in state.legal_actions():
        assert state.rules.parse_action(declared.notation(), obs) == declared


def test_t42_3_mark_bids_open_at_two_marks_at_most_then_one_more() -> None:
    state = deal(rules42(), DEAL_D)
    run(state, "bid 84", "bid 126")
    refused(state, "bid 210", "one mark at a time")  # 210 is two more than 126: max 168
    assert Bid(168) in state.legal_actions()
    state = deal(rules42(), DEAL_D)
    run(state, "bid 84", "pass")
    refused(state, "bid 168")  # only 126
    assert [a for a in state.legal_actions() if isinstance(a, Bid)] == [Bid(126)]
    state = deal(rules42(), DEAL_D)
    refused(state, "bid 126", "at 2 marks at most")
    refused(state, "bid 29", "the lowest bid is 30")


def test_t42_3_above_42_only_marks() -> None:
    state = deal(rules42(), DEAL_D)
    run(state, "bid 30", "bid 42")
    refused(state, "bid 35", "must beat 42")
    refused(state, "bid 43", "only marks")
    assert [a.points for a in state.legal_actions() if isinstance(a, Bid)] == [84]


def test_t42_3_a_plunge_opens_at_four_marks_and_is_raised_by_one() -> None:
    rules = rules42("kelley")
    # E holds four doubles (6-6 5-5 4-4 3-3).
    hands = [
        "6-4 6-0 4-3 3-2 1-1 6-1 4-1",
        "6-6 5-5 4-4 3-3 2-0 2-1 1-0",
        "6-5 5-4 5-3 4-2 4-0 3-1 0-0",
        "2-2 6-3 6-2 5-2 5-1 3-0 5-0",
    ]
    state = deal(rules, hands)
    assert Bid(168, "plunge") in state.legal_actions()
    run(state, "bid plunge 168")
    assert [a for a in state.legal_actions() if isinstance(a, Bid)] == [Bid(210)]
    run(state, "bid 210")  # S out-bids the plunge by one mark
    assert state.table.high == Bid(210)
    # Nobody else holds four doubles: no plunge is offered to them.
    other = deal(rules, hands, shaker=E)  # S bids first
    assert not any(isinstance(a, Bid) and a.contract for a in other.legal_actions())


def test_t42_3_all_pass_forced_the_shaker_must_bid() -> None:
    state = deal(rules42(), DEAL_D)
    run(state, "pass", "pass", "pass")
    assert state.turn == N
    refused(state, "pass", "must bid", "at least 30")
    assert min(a.points for a in state.legal_actions() if isinstance(a, Bid)) == 30


def test_t42_3_all_pass_reshake_no_score_the_next_shaker_shakes() -> None:
    rules = rules42("hearne")
    state = deal(rules, DEAL_D)
    run(state, "pass", "pass", "pass", "pass")
    assert state.over and state.result is not None
    assert state.result.ended == "reshake" and state.result.points == (0, 0)
    assert rules.next_leader(N, state.result) == E  # E shakes again


# --------------------------------------------------------------------------- T42-4 a full hand
T42_4_TRICKS = [
    "1-1 2-1 3-1 1-0",  # N wins 1: N-S 1
    "6-1 5-1 5-5 3-0",  # N wins 1 + 10 = 11: N-S 12 (S throws count)
    "4-1 2-0 4-0 6-2",  # N wins 1 + 5 = 6: N-S 18
    "4-3 2-2 4-4 5-2",  # S wins 1: N-S 19
    "0-0 3-3 6-0 5-0",  # S wins 1 + 5 = 6: N-S 25
    "4-2 6-6 6-4 5-3",  # N wins 1 + 10 = 11: N-S 36, made
    "3-2 6-5 5-4 6-3",  # W wins 1 + 5 = 6: E-W 6
]


def t42_4(rules: FortyTwoRules) -> FortyTwoState:
    state = deal(rules, DEAL_D)
    run(state, "pass", "bid 30", "bid 31", "bid 32", "trumps 1")
    return state


def test_t42_4_a_full_hand_marks_stop_once_made() -> None:
    state = t42_4(rules42())
    assert state.phase == Phase.PLAY and state.turn == N  # the bidder leads
    totals = [1, 12, 18, 19, 25, 36]
    winners = [N, N, N, S, S, N]
    for k, trick in enumerate(T42_4_TRICKS[:6]):
        assert state.turn == (winners[k - 1] if k else N)
        run(state, *trick.split())
        assert state.table.taken[0] == totals[k]
        assert state.table.tricks[-1][0] == winners[k]
    # 36 >= 32: made after trick 6; with play_out=false the hand stops there.
    assert state.over and state.result is not None
    assert state.result.ended == "made" and state.result.points == (1, 0)


def test_t42_4_points_scoring_plays_out_each_side_scores_its_points() -> None:
    state = t42_4(rules42("points"))
    for trick in T42_4_TRICKS:
        assert not state.over
        run(state, *trick.split())
    assert state.table.tricks[-1][0] == W
    # N-S took 36, E-W 6 (36 + 6 = 42): each side scores what it took.
    assert state.result is not None and state.result.points == (36, 6)
    assert 36 + 6 == 42


def test_t42_4_follow_suit_is_enforced() -> None:
    state = t42_4(rules42())
    run(state, "1-1")
    # E holds 5-1 and 2-1 (trumps: aces) and must follow with one of them.
    message = refused(state, "6-5", "must follow suit", "aces")
    assert "2-1" in message and "5-1" in message
    refused(state, "4-4", "does not hold 4-4")


# --------------------------------------------------------------------------- T42-5 a set
T42_5_TRICKS = [
    "6-6 6-0 6-5 4-2",  # W 1
    "6-3 6-1 5-0 4-0",  # W 1 + 5 = 6: E-W 7
    "6-2 6-4 2-0 5-5",  # N 1 + 10 + 10 = 21: N-S 21 >= 42 - 31 + 1 = 12, set
    "1-1 2-1 3-1 1-0",  # N 1: N-S 22
    "4-1 5-1 4-4 3-0",  # S 1 + 5 = 6: N-S 28
    "0-0 3-3 3-2 2-2",  # S 1 + 5 = 6: N-S 34
    "5-4 5-2 4-3 5-3",  # S 1: N-S 35
]


def t42_5(rules: FortyTwoRules) -> FortyTwoState:
    state = deal(rules, DEAL_D)
    run(state, "pass", "bid 30", "bid 31", "pass", "trumps 6")
    assert state.turn == W
    return state


def test_t42_5_set_after_trick_3_scores_the_opponents_a_mark() -> None:
    state = t42_5(rules42())
    for trick in T42_5_TRICKS[:3]:
        run(state, *trick.split())
    # E-W 1 + 6 = 7; N-S 21 > 42 - 31 = 11, so 31 cannot be made: set.
    assert state.table.taken == (21, 7)
    assert state.over and state.result is not None
    assert state.result.ended == "set" and state.result.points == (1, 0)


def test_t42_5_points_a_set_scores_the_opponents_their_points_and_the_bid() -> None:
    state = t42_5(rules42("points"))
    for trick in T42_5_TRICKS:
        run(state, *trick.split())
    assert state.table.taken == (35, 7)
    # E-W (the bidders) 0; N-S 35 + 31 = 66.
    assert state.result is not None and state.result.points == (35 + 31, 0) == (66, 0)


# --------------------------------------------------------------------------- T42-6 points
@pytest.mark.parametrize(
    ("taken", "points"),
    [
        ((31, 11), (31, 11)),  # made: each side its points
        ((35, 7), (35, 7)),
        ((28, 14), (0, 14 + 31)),  # set: the bidders 0, the opponents 14 + 31 = 45
    ],
)
def test_t42_6_points_arithmetic(taken: tuple[int, int], points: tuple[int, int]) -> None:
    rules = rules42("points")
    state = deal(rules, DEAL_D)
    table = FortyTwoTable.start(W).but(
        high=Bid(31), bidder=N, declaration=Declare("suit", 6), taken=taken
    )
    table = table.but(decided=rules.decision(table) or "set")
    result = rules.hand_result(state, table)
    assert result.points == points


# --------------------------------------------------------------------------- T42-7 early end
def test_t42_7_a_point_bid_is_decided_as_soon_as_it_can_be() -> None:
    rules = rules42()
    table = FortyTwoTable.start(W).but(high=Bid(34), bidder=N, declaration=Declare("suit", 6))
    # Bid 34: the opponents set it at 43 - 34 = 9.
    assert rules.decision(table.but(taken=(0, 8))) == ""
    assert rules.decision(table.but(taken=(0, 9))) == "set"
    assert rules.decision(table.but(taken=(34, 0))) == "made"
    # Bid 41: one countless trick lost (1) still makes 41; a second point sets it (43 - 41 = 2).
    table = table.but(high=Bid(41))
    assert rules.decision(table.but(taken=(41, 1))) == "made"
    assert rules.decision(table.but(taken=(0, 1))) == ""
    assert rules.decision(table.but(taken=(0, 2))) == "set"
    # A mark bid is set by the opponents' first trick.
    table = table.but(high=Bid(42), tricks=((E, ((E, T("1-0")),)),), taken=(0, 1))
    assert rules.decision(table) == "set"


# --------------------------------------------------------------------------- T42-8 nello
NELLO_DEAL = [
    "1-0 2-0 2-1 3-0 3-1 4-0 4-1",  # N
    "6-1 2-2 3-2 4-3 5-5 6-6 5-0",  # E
    "1-1 5-1 4-2 5-2 6-2 6-0 5-4",  # S (sits out)
    "3-3 4-4 5-3 6-3 6-4 6-5 0-0",  # W
]
NELLO_TRICKS = [
    ("1-0 6-1 6-5", E),
    ("3-2 5-3 3-1", W),
    ("0-0 4-1 2-2", E),  # own_suit: 0-0 leads the doubles, N has none
    ("4-3 6-4 4-0", W),
    ("3-3 2-1 5-5", E),
    ("5-0 6-3 3-0", E),
    ("6-6 4-4 2-0", E),
]


def nello(rules: FortyTwoRules, declaration: str = "nello") -> FortyTwoState:
    state = deal(rules, NELLO_DEAL, shaker=W)  # N bids first
    run(state, "bid 42", "pass", "pass", "pass", declaration)
    return state


def test_t42_8_nello_made_partner_sits_out() -> None:
    state = nello(rules42("harper"))
    assert state.table.out == S and state.turn == N
    for plays, winner in NELLO_TRICKS:
        for tile in plays.split():
            assert state.turn != S
            run(state, tile)
        assert state.table.tricks[-1][0] == winner
    # N took no trick: N-S score the mark; the count does not matter.
    assert state.result is not None and state.result.ended == "made"
    assert state.result.points == (1, 0)
    assert state.hands[S].bit_count() == 7  # S's tiles stayed face down, unplayed


@pytest.mark.parametrize(("doubles", "set_"), [("own_suit", False), ("high", False), ("low", True)])
def test_t42_8_nello_doubles_e_leads_2_2(doubles: str, set_: bool) -> None:
    state = nello(rules42("harper", nello_doubles=doubles))
    run(state, "1-0", "6-1", "6-5")
    run(state, "2-2")  # E leads 2-2; W plays next
    legal = {a.tile for a in state.legal_actions()}  # type: ignore[attr-defined]
    if doubles == "own_suit":
        # 2-2 leads the doubles: W must follow with a double; N, holding none, plays anything.
        assert legal == set(tiles("3-3 4-4 0-0"))
        run(state, "0-0")
    else:
        assert T("5-3") in legal  # W has no twos: anything
        run(state, "5-3")
        # high and low: 2-2 leads twos, and N must follow with 2-0 or 2-1.
        assert {a.tile for a in state.legal_actions()} == set(tiles("2-0 2-1"))  # type: ignore[attr-defined]
    run(state, "2-0")
    if set_:
        # low: 2-2 is the lowest two, N's 2-0 takes the trick: set, E-W score the mark.
        assert state.table.tricks[-1][0] == N
        assert state.result is not None and state.result.points == (0, 1)
    else:
        # high: 2-2 tops the twos; own suit: 2-2 beats 0-0 in the doubles. N loses the trick.
        assert state.table.tricks[-1][0] == E and not state.over


@pytest.mark.parametrize(
    ("doubles", "forced", "winner"),
    [("high", ["4-4"], N), ("own_suit", ["4-4", "6-5", "2-1"], E), ("low", ["4-4"], E)],
)
def test_t42_8_nello_position_e_leads_4_1(doubles: str, forced: list[str], winner: int) -> None:
    rules = rules42("harper", nello_doubles=doubles)
    table = contract(rules, Declare("nello"), bidder=N)
    table = led(rules, table, E, "4-1")
    table = table.but(trick=(*table.trick, (W, T("4-0"))))
    hand = sum(1 << t for t in tiles("4-4 6-5 2-1"))
    plays = {a.tile for a in rules.plays(table, hand, False)}  # type: ignore[attr-defined]
    assert plays == set(tiles(" ".join(forced)))
    trick = (*table.trick, (N, T("4-4")))
    assert rules.trick_winner(trick, table) == winner


def test_nello_needs_a_mark_bid_and_the_rule_set() -> None:
    state = deal(rules42("harper"), NELLO_DEAL, shaker=W)
    run(state, "bid 41", "pass", "pass", "pass")
    assert Declare("nello") not in state.legal_actions()  # 41 is points, not a mark
    state = deal(rules42(), NELLO_DEAL, shaker=W)
    run(state, "bid 42", "pass", "pass", "pass")
    refused(state, "nello", "cannot be declared")
    state = deal(rules42("harper", nello_doubles="bidder_choice"), NELLO_DEAL, shaker=W)
    run(state, "bid 42", "pass", "pass", "pass")
    offered = [a for a in state.legal_actions() if isinstance(a, Declare) and a.contract == "nello"]
    assert [a.doubles for a in offered] == ["high", "own_suit", "low"]


# --------------------------------------------------------------------------- T42-9 splash
def test_t42_9_splash_partner_names_trumps_lost_at_the_first_trick() -> None:
    rules = rules42("wikipedia")
    state = deal(rules, DEAL_D)
    run(state, "pass")
    # S holds 5-5 4-4 0-0: three doubles, a splash (2 marks); nobody holds four for a plunge.
    offered = [a for a in state.legal_actions() if isinstance(a, Bid) and a.contract]
    assert offered == [Bid(84, "splash")]
    run(state, "bid splash 84", "pass", "pass")
    # N, S's partner, names trumps and leads.
    assert state.phase == Phase.DECLARE and state.turn == N
    run(state, "trumps 6")
    assert state.turn == N
    run(state, "4-1", "5-1", "4-4", "6-6")  # W trumps: E-W take the first trick
    assert state.result is not None and state.result.ended == "set"
    assert state.result.points == (0, 2)  # E-W +2


def test_nobody_may_plunge_on_deal_d() -> None:
    rules = rules42("wikipedia")
    state = deal(rules, DEAL_D)
    for _ in range(4):
        assert not any(isinstance(a, Bid) and a.contract == "plunge" for a in state.legal_actions())
        state.apply(PASS if state.turn != N else state.legal_actions()[0])


# --------------------------------------------------------------------------- T42-10 sevens
def test_t42_10_sevens_distances() -> None:
    rules = rules42("kelley")
    distance = {name: rules.sevens_distance(T(name)) for name in ("6-1", "5-2", "4-3")}
    assert distance == {"6-1": 0, "5-2": 0, "4-3": 0}  # |7 - 7|
    assert [rules.sevens_distance(T(n)) for n in ("6-0", "3-3", "6-2", "4-4")] == [1, 1, 1, 1]
    assert rules.sevens_distance(T("6-6")) == 5  # |12 - 7|


def test_t42_10_sevens_ties_do_not_set_a_nearer_tile_does() -> None:
    rules = rules42("kelley")
    table = contract(rules, Declare("sevens"), bidder=N)
    # The bidder leads 6-1, E 5-2: both 0 away, a tie: the bidder keeps the trick.
    trick = ((N, T("6-1")), (E, T("5-2")), (S, T("6-0")), (W, T("6-6")))
    assert rules.trick_winner(trick, table) == N
    # The bidder holds 4-4 and 6-6: he must play 4-4 (1 away, 6-6 is 5).
    hand = sum(1 << t for t in tiles("4-4 6-6"))
    assert [a.tile for a in rules.plays(table, hand, False)] == [T("4-4")]  # type: ignore[attr-defined]
    # W plays 4-3 (0 < 1): W takes the trick, and the bid is set.
    trick = ((N, T("4-4")), (E, T("6-6")), (S, T("5-5")), (W, T("4-3")))
    assert rules.trick_winner(trick, table) == W
    done = table.but(tricks=((W, trick),), leader=W)
    assert rules.decision(done) == "set"


# --------------------------------------------------------------------------- options
def test_first_bidder_holder_of_1_0() -> None:
    state = deal(rules42(first_bidder="holder_of:1-0"), DEAL_D)
    assert state.turn == W  # W holds 1-0


def test_first_lead_trump() -> None:
    state = deal(rules42(first_lead_trump=True), DEAL_D)
    run(state, "pass", "bid 30", "bid 31", "bid 32", "trumps 1")
    assert {a.tile for a in state.legal_actions()} == set(tiles("1-1 6-1 4-1"))  # type: ignore[attr-defined]


def test_led_suit_leader_calls() -> None:
    rules = rules42(led_suit="leader_calls")
    state = deal(rules, DEAL_D)
    run(state, "pass", "bid 30", "bid 31", "bid 32", "trumps 1")
    leads = state.legal_actions()
    assert play(T("4-3"), None, 3) in leads and play(T("4-3"), None, 4) in leads
    state.apply(play(T("4-3"), None, 3))
    assert state.table.suit == 3  # N called the small end: threes


def test_cap_marks_stops_at_the_target() -> None:
    for cap, expected in ((True, (1, 0)), (False, (2, 0))):
        rules = rules42(cap_marks=cap)
        state = rules.start_hand(HandStart([tiles(h) for h in DEAL_D], [], N, totals=(6, 0)))
        assert isinstance(state, FortyTwoState)
        run(state, "bid 84", "pass", "pass", "pass", "trumps 1")  # E bids 2 marks
        # N's 1-1 takes the first trick: E-W are set, worth 2 marks to N-S, who have 6 of 7:
        # capped, 7 - 6 = 1 is scored; kept, 2.
        run(state, "5-1", "3-1", "1-0", "1-1")
        assert state.result is not None and state.result.ended == "set"
        assert state.result.points == expected


def test_scoring_points_needs_a_points_target() -> None:
    with pytest.raises(OptionError, match="target_score=250"):
        rules42(scoring="points")
    assert rules42(scoring="points", target_score=250).target_score == 250


def test_contracts_need_a_way_to_name_trumps() -> None:
    with pytest.raises(OptionError, match="contracts must include"):
        rules42(contracts="nello,sevens")
    with pytest.raises(OptionError, match="contracts"):
        rules42(contracts="suit,moon")


def test_texas_42_is_for_four() -> None:
    with pytest.raises(OptionError, match="4 players"):
        get_game("texas-42").configure(None, None, 3)


# --------------------------------------------------------------------------- any hand
@pytest.mark.parametrize("rule_set", list(get_game("texas-42").rule_sets))
def test_random_hands_follow_the_rules(rule_set: str) -> None:
    rules = rules42(rule_set)
    rng = random.Random(rule_set)
    for n in range(30):
        hands, stock = rules.deal(rng)
        state = rules.start_hand(HandStart(hands, stock, n % 4))
        assert isinstance(state, FortyTwoState)
        while not state.over:
            state.apply(rng.choice(state.legal_actions()))
        table = state.table
        result = state.result
        assert result is not None
        if result.ended == "reshake":
            assert rules.all_pass == "reshake" and table.high is None
            continue
        # Every trick is worth 1 and its count, and the points taken add up.
        assert sum(rules.trick_points(t) for _, t in table.tricks) == sum(table.taken)
        if len(table.tricks) == 7:
            # 42 in all, but the count left in a nello partner's hand, never played.
            left = sum(rules.count_of(t) for t in range(28) if state.hands[table.out] >> t & 1)
            assert sum(table.taken) == 42 - (left if table.out >= 0 else 0)
        if rules.scoring == "marks":
            assert sorted(result.points) == [0, table.high.marks]  # type: ignore[union-attr]


# --------------------------------------------------------------------------- what each seat sees
def test_no_seat_sees_another_hand_through_bids_tricks_or_observations() -> None:
    rules = rules42("wikipedia")
    rng = random.Random(5)
    for n in range(10):
        hands, _ = rules.deal(rng)
        state = rules.start_hand(HandStart(hands, [], n % 4))
        assert isinstance(state, FortyTwoState)
        while not state.over:
            played = 0
            for _, trick in state.table.tricks:
                for _, t in trick:
                    played |= 1 << t
            for _, t in state.table.trick:
                played |= 1 << t
            for seat in range(4):
                obs = state.observation(seat)
                assert obs.hand == state.hands[seat]
                # The public table holds only tiles that were played; the history only moves
                # every seat saw (bids, trumps named, tiles played).
                table = obs.table
                assert isinstance(table, FortyTwoTable)
                shown = [t for _, trick in table.tricks for _, t in trick] + [
                    t for _, t in table.trick
                ]
                assert all(played >> t & 1 for t in shown)
                view = rules.presenter.table(obs.history, table)
                assert all(played >> t & 1 for _, t in (*view.trick, *view.last))
                assert obs.legal_actions == (state.legal_tuple() if seat == state.turn else ())
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("agent", ["texas", "greedy", "random"])
@pytest.mark.parametrize("rule_set", list(get_game("texas-42").rule_sets))
def test_agents_play_every_rule_set_legally(agent: str, rule_set: str) -> None:
    from boneyard.players.agents import make_agent

    rules = rules42(rule_set)
    rng = random.Random(rule_set + agent)
    player = make_agent(agent)
    for n in range(4):
        hands, _ = rules.deal(rng)
        state = rules.start_hand(HandStart(hands, [], n % 4))
        while not state.over:
            action = player.choose(state.observation(state.turn), rng)
            assert action in state.legal_actions()
            state.apply(action)


def test_the_texas_agent_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    from boneyard.players.agents import make_agent

    rules = rules42()
    strong = ["6-6 6-5 6-4 6-3 6-2 5-5 4-4", "6-1 5-3 4-2 3-0 2-1 1-0 5-2"]
    state = deal(rules, [*strong, "6-0 5-4 5-1 4-3 3-3 2-0 1-1", "5-0 4-1 4-0 3-2 3-1 2-2 0-0"], W)
    agent = make_agent("texas")
    # N (first to bid) holds the six top sixes with the 6-6: a bid, and sixes when it names trumps.
    bid = agent.choose(state.observation(N), random.Random(0))
    assert isinstance(bid, Bid) and bid.points >= 30
    state.apply(bid)
    # E holds nothing: it passes.
    assert agent.choose(state.observation(E), random.Random(0)) == PASS


def test_the_texas_agent_plays_its_game_with_rules_sent_to_another_process() -> None:
    """The server's computer players and parallel runs receive the rules pickled, with a copy
    of their game: the game's own agent still plays it. (It once fell back to ``greedy``, which
    passes every bid, so a ``hearne`` match, where all four may pass, never ended.)"""
    import pickle

    from boneyard.players.agents import make_agent

    rules = pickle.loads(pickle.dumps(rules42()))
    assert rules.game is not get_game("texas-42")
    strong = ["6-6 6-5 6-4 6-3 6-2 5-5 4-4", "6-1 5-3 4-2 3-0 2-1 1-0 5-2"]
    state = deal(rules, [*strong, "6-0 5-4 5-1 4-3 3-3 2-0 1-1", "5-0 4-1 4-0 3-2 3-1 2-2 0-0"], W)
    bid = make_agent("texas").choose(state.observation(N), random.Random(0))
    assert isinstance(bid, Bid) and bid.points >= 30


def test_the_texas_expert_plays_legally_within_its_time() -> None:
    from boneyard.games.texas42.players import TexasExpert

    rules = rules42()
    rng = random.Random(3)
    expert = TexasExpert(budget=0.05, worlds=4)
    hands, _ = rules.deal(rng)
    state = rules.start_hand(HandStart(hands, [], 0))
    while not state.over:
        action = expert.choose(state.observation(state.turn), rng)
        assert action in state.legal_actions()
        state.apply(action)


# ------------------------------------------------------------------------------ properties
@pytest.mark.parametrize("rule_set", list(get_game("texas-42").rule_sets))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_hands_played_out_take_42_and_score_one_side(rule_set: str, seed: int) -> None:
    """Random legal play to the end of a hand, every trick played (play_out): the seven tricks
    share 35 of count and 7 of tricks, 42; the tricks go round from each winner; in marks
    exactly one side scores, the marks bid, or nobody after four passes."""
    rules = get_game("texas-42").configure(rule_set, {"play_out": True})
    assert isinstance(rules, FortyTwoRules)
    rng = random.Random(seed)
    hands, _ = rules.deal(rng)
    state = rules.start_hand(HandStart(hands, [], rng.randrange(4)))
    assert isinstance(state, FortyTwoState)
    while not state.over:
        legal = state.legal_tuple()
        assert legal
        table = state.table
        if table.playing and table.trick:
            # The trick goes round to the left, past a seat sitting out.
            last = table.trick[-1][0]
            step = 2 if (last + 1) % 4 == table.out else 1
            assert state.turn == (last + step) % 4
        state.apply(legal[rng.randrange(len(legal))])
    table = state.table
    result = state.result
    assert result is not None
    if table.high is None:
        assert result.points == (0, 0)
        return
    playing = 3 if table.out >= 0 else 4
    assert len(table.tricks) == 7
    assert all(len(trick) == playing for _, trick in table.tricks)
    if table.out < 0:
        assert sum(table.taken) == 35 + 7
    for (winner, _), (_, following) in zip(table.tricks, table.tricks[1:], strict=False):
        assert following[0][0] == winner  # the winner leads the next trick
    if rules.scoring == "marks":
        assert sorted(result.points) == [0, table.high.marks]


# ------------------------------------------------------------------------------ hints
def test_a_hint_over_the_partners_bid_values_every_call_by_sampling() -> None:
    """Over the partner's 30, the hint plays out the partner's bid for a pass and this seat's
    own bid for a raise, in the same deals (it once showed the expert's rule as +1.0 for its
    choice and +0.0 for the rest, with no spread); each call says what it undertakes."""
    from boneyard.games.texas42.players import TexasAgent, TexasExpert
    from boneyard.players.analysis import Effort, analyze

    rules = rules42()
    # N shakes: E bids first and passes, S (N's partner) bids 30, W passes; N to call.
    state = deal(
        rules,
        [
            "6-6 6-3 4-3 4-0 3-3 2-1 1-1",
            "6-0 5-4 5-1 4-2 3-0 2-0 1-0",
            "6-5 6-4 5-5 5-3 4-4 3-2 2-2",
            "6-2 6-1 5-2 5-0 4-1 3-1 0-0",
        ],
        N,
    )
    for text in ("pass", "bid 30", "pass"):
        state.apply(action(text))
    assert state.turn == N
    obs = state.observation(N)
    ranked = {m.action: m for m in analyze(obs, effort=Effort(worlds=16, nodes=300), seed=5)}
    assert set(ranked) == set(obs.legal_actions)
    assert all(m.worlds > 1 for m in ranked.values())
    # Every value is a mean of whole marks won or lost: a pass or a one-mark bid lies in
    # [-1, +1], the two-mark bid in [-2, +2].
    assert all(-1 <= m.value <= 1 for a, m in ranked.items() if a != Bid(84))
    assert ranked[PASS].reason == "leaves your partner's bid of 30 standing"
    assert ranked[Bid(31)].reason == "your side must take 31 of the 42 points"
    assert ranked[Bid(84)].reason == "your side must take every trick, for 2 marks"
    # The expert itself still follows its rule over its partner's bid (what was measured).
    rng = random.Random(0)
    assert TexasExpert(budget=None, worlds=4).choose(obs, rng) == TexasAgent().bid(
        obs, rules, state.table
    )


def test_a_hint_after_the_opponents_bid_plays_their_bid_out_for_a_pass() -> None:
    """A pass over the opponents' bid is worth, in each sampled deal, a mark if they are set
    and less one if they make it (it was worth nothing in every deal)."""
    from boneyard.games.texas42.players import TexasExpert

    rules = rules42()
    # W shakes: N bids first and passes, E bids 30, S (E's opponent) to call.
    state = deal(
        rules,
        [
            "2-1 2-0 1-0 3-1 3-0 4-1 4-0",
            "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
            "3-2 4-2 4-3 5-0 5-1 5-2 5-3",
            "5-5 4-4 3-3 2-2 1-1 0-0 5-4",
        ],
        W,
    )
    for text in ("pass", "bid 30"):
        state.apply(action(text))
    assert state.turn == S
    obs = state.observation(S)
    values = TexasExpert(budget=None, worlds=8).world_values(obs, random.Random(1))
    assert len(values[PASS]) > 1 and set(values[PASS]) <= {-1.0, 1.0}
    assert len(values[Bid(31)]) == len(values[PASS])  # the same deals
    assert (
        rules.presenter.move_reason(obs.table, S, PASS)
        == "leaves the opponents' bid of 30 standing"
    )
