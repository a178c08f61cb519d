"""Moon (docs/games/moon.md): the 22-tile set, the deal, the bidding and its order, the moon, the
widow and the discard (face down to the others), suits and trumps, following suit, made and set
bids with each side's points, the game to 21 and the bidder going out, every option and rule set,
records that replay, the ``moon`` agent and the computer levels."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from boneyard.core.actions import PASS, Action, play
from boneyard.core.match import Match
from boneyard.core.options import OptionError
from boneyard.core.protocol import HandResult, HandStart, IllegalAction, Phase
from boneyard.core.record import hand_to_record, match_to_record, replay_record
from boneyard.core.tiles import NAMES, tiles_of
from boneyard.games import get_game
from boneyard.games.moon.players import MoonAgent, MoonExpert, suit_tricks
from boneyard.games.moon.rules import MoonRules
from boneyard.games.moon.state import DISCARD, MoonState
from boneyard.games.moon.table import DOUBLES_SUIT, NO_TRUMP, MoonTable
from boneyard.games.tricks.actions import HIDDEN_DISCARD, Bid, Declare, Discard
from boneyard.players.expert import LEVELS, make_level
from boneyard.text.narration import parse_command
from conftest import T, mask, tiles

# The worked deal of docs/games/moon.md: seat 0 deals, so seat 1 bids first, then 2, then 0.
DEAL = [
    "6-1 5-1 4-3 4-2 4-1 2-2 0-0",  # seat 0, the dealer
    "6-6 6-5 6-4 6-2 5-5 4-4 2-1",  # seat 1
    "6-3 5-4 5-3 5-2 3-3 3-2 1-1",  # seat 2
]
WIDOW = "3-1"
# The seven tricks, three tiles each in the order played (seat 1 leads the first).
PLAYS = [
    *("6-6", "6-3", "6-1"),
    *("6-5", "3-2", "0-0"),
    *("5-5", "5-2", "5-1"),
    *("4-4", "5-4", "4-1"),
    *("3-1", "3-3", "4-3"),
    *("1-1", "2-2", "6-2"),
    *("6-4", "5-3", "4-2"),
]


def moon(rule_set: str | None = None, **options: Any) -> MoonRules:
    rules = get_game("moon").configure(rule_set, options)
    assert isinstance(rules, MoonRules)
    return rules


def deal(
    rules: MoonRules, hands: list[str] = DEAL, widow: str = WIDOW, dealer: int = 0
) -> MoonState:
    stock = [T(widow)] if widow else []
    state = rules.start_hand(HandStart([tiles(h) for h in hands], stock, dealer))
    assert isinstance(state, MoonState)
    return state


def run(state: MoonState, *actions: Action) -> None:
    for a in actions:
        state.apply(a)


def play_worked_hand(rules: MoonRules, bid: Bid) -> MoonState:
    """The worked hand: seat 1 bids ``bid`` (the others pass where the bidding goes on), names
    sixes, takes the widow 3-1 and discards 2-1, and the seven tricks of :data:`PLAYS`."""
    state = deal(rules)
    state.apply(bid)
    while state.phase == Phase.BID:
        state.apply(PASS)
    run(state, Declare("suit", 6), Discard(T("2-1")))
    for name in PLAYS:
        state.apply(play(T(name)))
    return state


# ----------------------------------------------------------------------------------- the set
def test_the_set_is_the_double_six_without_six_blanks() -> None:
    rules = moon()
    kept = [NAMES[t] for t in tiles_of(rules.tiles.all_mask)]
    # 28 tiles of the double-six, less the six blanks 1-0 2-0 3-0 4-0 5-0 6-0: 28 - 6 = 22.
    assert len(kept) == 28 - 6 == 22
    assert "0-0" in kept and not any(n.endswith("-0") and n != "0-0" for n in kept)
    # Seven doubles, fifteen others; the blanks' suit is the double-blank alone.
    assert (rules.tiles.doubles_mask.bit_count(), 22 - 7) == (7, 15)
    assert [NAMES[t] for t in tiles_of(rules.tiles.suit_mask[0])] == ["0-0"]
    # Without any blank (fosdick): 28 - 7 = 21.
    assert moon("fosdick").tiles.all_mask.bit_count() == 21


def test_the_deal_is_seven_each_and_the_widow() -> None:
    rules = moon()
    hands, stock = rules.deal(random.Random(3))
    # 3 hands of 7 = 21, and 22 - 21 = 1 tile left: the widow.
    assert [len(h) for h in hands] == [7, 7, 7] and len(stock) == 1
    assert mask(" ".join(NAMES[t] for h in (*hands, stock) for t in h)) == rules.tiles.all_mask
    # Without the double-blank nothing is left over.
    hands, stock = moon("fosdick").deal(random.Random(3))
    assert [len(h) for h in hands] == [7, 7, 7] and stock == []


def test_a_deal_must_use_the_moon_set() -> None:
    rules = moon()
    bad = [DEAL[0].replace("0-0", "6-0"), DEAL[1], DEAL[2]]
    with pytest.raises(ValueError, match="6-0 is not a tile of the moon set"):
        deal(rules, bad, widow="0-0")
    with pytest.raises(ValueError, match="seat 0 must be dealt 7"):
        deal(rules, [DEAL[0] + " " + WIDOW, DEAL[1], DEAL[2]], widow="")
    with pytest.raises(OptionError, match="moon is for 3 players"):
        get_game("moon").configure(players=4)


# ------------------------------------------------------------------------------- the bidding
def test_the_bidding_goes_round_once_from_the_dealers_left() -> None:
    state = deal(moon(), dealer=2)
    # The dealer is seat 2: seat 0 bids first, then seat 1, the dealer last.
    assert state.phase == Phase.BID and state.turn == 0
    assert [str(a) for a in state.legal_actions()] == [
        "pass",
        "bid 4",
        "bid 5",
        "bid 6",
        "bid 7",
        "bid moon (21)",
    ]
    state.apply(Bid(5))
    # Each bid must beat the last: over a 5, only 6, 7 and the moon.
    assert state.turn == 1
    assert [str(a) for a in state.legal_actions()] == ["pass", "bid 6", "bid 7", "bid moon (21)"]
    with pytest.raises(IllegalAction, match="a bid must beat 5"):
        state.apply(Bid(5))
    with pytest.raises(IllegalAction, match="a bid is 4 to 7"):
        state.apply(Bid(8))
    state.apply(PASS)
    state.apply(Bid(7))
    # Three have spoken: the dealer's 7 is high, he names trumps.
    assert state.phase == Phase.DECLARE and state.turn == 2
    assert state.table.high == Bid(7) and state.table.bidder == 2


def test_the_lowest_bid_is_four() -> None:
    state = deal(moon())
    with pytest.raises(IllegalAction, match="a bid is 4 to 7"):
        state.apply(Bid(3))


def test_shooting_the_moon_ends_the_bidding() -> None:
    state = deal(moon())
    state.apply(Bid(21, "moon"))
    # Nothing beats 21: seat 1 names trumps at once, seats 2 and 0 never speak.
    assert state.phase == Phase.DECLARE and state.turn == 1
    assert [b for b in state.table.bids] == [(1, Bid(21, "moon"))]
    assert state.table.moon and state.table.need == 7


def test_all_pass_deals_again_with_nobody_scoring() -> None:
    rules = moon()
    state = deal(rules)
    run(state, PASS, PASS, PASS)
    assert state.over and state.result is not None
    assert state.result.ended == "redeal" and state.result.points == (0, 0, 0)
    # The deal passes to the left after a redeal too.
    assert rules.next_leader(0, state.result) == 1


def test_the_dealer_must_bid_when_the_others_pass() -> None:
    state = deal(moon(moon_all_pass="dealer"))
    run(state, PASS, PASS)
    assert state.turn == 0 and PASS not in state.legal_actions()
    with pytest.raises(IllegalAction, match="the dealer must bid"):
        state.apply(PASS)
    state.apply(Bid(4))
    assert state.phase == Phase.DECLARE and state.table.bidder == 0


def test_the_moon_only_over_a_seven() -> None:
    state = deal(moon(moon_shoot="over_seven"))
    assert Bid(21, "moon") not in state.legal_actions()
    with pytest.raises(IllegalAction, match="only over a 7"):
        state.apply(Bid(21, "moon"))
    state.apply(Bid(7))
    # Over a 7 the moon is the only bid left.
    assert state.legal_actions() == [PASS, Bid(21, "moon")]


# ------------------------------------------------------------------- trumps, widow and discard
def test_trumps_a_number_or_none_and_doubles_only_where_allowed() -> None:
    state = deal(moon())
    state.apply(Bid(21, "moon"))
    names = [str(a) for a in state.legal_actions()]
    assert names == [f"trumps {n}" for n in range(7)] + ["follow-me"]
    hands = [h.replace("0-0", "3-1") for h in DEAL]  # 21 tiles: the widow's 3-1 for the 0-0
    fosdick = deal(moon("fosdick"), hands, widow="")
    fosdick.apply(Bid(4))
    run(fosdick, PASS, PASS)
    # No blanks to name in the 21-tile set; the doubles may be trumps.
    assert [str(a) for a in fosdick.legal_actions()] == [
        *(f"trumps {n}" for n in range(1, 7)),
        "doubles",
        "follow-me",
    ]


def test_the_bidder_takes_the_widow_and_discards_face_down() -> None:
    state = deal(moon())
    run(state, Bid(6), PASS, PASS, Declare("suit", 6))
    # Sixes named: the widow 3-1 joins seat 1's hand, 7 + 1 = 8 tiles, and he owes one discard.
    assert state.phase == DISCARD and state.turn == 1
    assert state.hands[1] == mask(DEAL[1] + " 3-1") and state.hands[1].bit_count() == 8
    assert state.stock_size() == 0
    assert [a for a in state.legal_actions()] == [Discard(t) for t in tiles_of(state.hands[1])]
    state.apply(Discard(T("2-1")))
    # Back to seven; he leads the first trick.
    assert state.hands[1] == mask("6-6 6-5 6-4 6-2 5-5 4-4 3-1")
    assert state.phase == Phase.PLAY and state.turn == 1 and state.table.leader == 1
    # The discard is face down: the others' history and views show a discard without its tile.
    for seat in (0, 2):
        obs = state.observation(seat)
        assert obs.history[-1].action == HIDDEN_DISCARD and obs.discarded == 0
        assert obs.hand_sizes[1] == 7
    assert state.public[-1].action == HIDDEN_DISCARD
    # Its own seat reads the public history too, and knows its discard as its tile thrown out;
    # the full history (the record's) keeps the tile.
    assert state.observation(1).discarded == mask("2-1")
    assert state.history[-1].action == Discard(T("2-1"))
    # The others never see the widow: not in their views, and its tile unseen to them.
    assert state.observation(0).hand == mask(DEAL[0])


def test_a_past_is_rebuilt_with_the_widow_and_the_discard_face_down() -> None:
    """``past_for`` (the OpenSpiel bots' :class:`~boneyard.core.past.PastReader`): on the true
    world, each seat's view gives a past whose deals and widow make the true tiles and whose
    discard is the tile thrown out: the others' from the world's tiles out of play, the bidder's
    from his own view."""
    state = deal(moon())
    run(state, Bid(6), PASS, PASS, Declare("suit", 6), Discard(T("2-1")), play(T("6-6")))
    thrown = T("2-1")
    for seat in range(3):
        view = state.observation(seat)
        out = [] if seat == 1 else [thrown]
        past = state.rules.past_for(view, state.hands, out, random.Random(seat))
        assert past is not None and past.turned == ()
        assert [m.action for m in past.history][-2:] == [Discard(thrown), play(T("6-6"))]
        assert past.taken[0] == past.taken[2] == () and len(past.taken[1]) == 1
        for s in range(3):
            got = mask(" ".join(NAMES[t] for t in (*past.dealt[s], *past.taken[s])))
            assert got == mask(DEAL[s] + (" " + WIDOW if s == 1 else "")), s
    # A world whose tiles out of play are not one discard has no past.
    assert state.rules.past_for(state.observation(0), state.hands, [], random.Random(0)) is None


def test_the_widow_itself_may_be_discarded() -> None:
    state = deal(moon())
    run(state, Bid(4), PASS, PASS, Declare("follow_me"), Discard(T(WIDOW)))
    assert state.hands[1] == mask(DEAL[1]) and state.table.trump == NO_TRUMP


def test_without_the_widow_the_bidder_leads_once_trumps_are_named() -> None:
    hands = [h.replace("0-0", "3-1") for h in DEAL]
    state = deal(moon("fosdick"), hands, widow="")
    run(state, Bid(5), PASS, PASS, Declare("doubles"))
    assert state.phase == Phase.PLAY and state.turn == 1 and state.table.trump == DOUBLES_SUIT


# --------------------------------------------------------------------------- suits and tricks
def test_suits_and_ranks_as_in_texas_42() -> None:
    rules = moon()
    table = MoonTable.start(0).but(trump=NO_TRUMP)
    # No trumps: 6-4 leads sixes (its higher end), a double its number.
    assert rules.suit_led(T("6-4"), NO_TRUMP) == 6 and rules.suit_led(T("4-4"), NO_TRUMP) == 4
    # In the sixes the double is highest, then by the other end: 6-6 > 6-5 > 6-4 > 6-1.
    trick = ((0, T("6-4")), (1, T("6-1")), (2, T("6-6")))
    assert rules.trick_winner(trick, table) == 2
    trick = ((0, T("6-4")), (1, T("6-5")), (2, T("5-5")))  # 5-5 is no six: it cannot win
    assert rules.trick_winner(trick, table) == 1
    # Fives trumps: 5-1 is a trump only; it beats the 6-6 led, and leads trumps itself.
    fives = table.but(trump=5)
    assert rules.trick_winner(((0, T("6-6")), (1, T("5-1")), (2, T("6-4"))), fives) == 1
    # 6-5 is a trump (it bears a five), ranked by its other end: 5-5 > 6-5 > 5-1.
    assert rules.trick_winner(((0, T("5-1")), (1, T("6-5")), (2, T("5-5"))), fives) == 2
    assert rules.suit_led(T("6-5"), 5) == 5
    # Doubles trumps: every double a trump, 6-6 high; a double does not follow its number.
    doubles = table.but(trump=DOUBLES_SUIT)
    assert rules.trick_winner(((0, T("6-4")), (1, T("1-1")), (2, T("6-6"))), doubles) == 2
    assert rules.trick_winner(((0, T("6-4")), (1, T("1-1")), (2, T("6-5"))), doubles) == 1
    assert not rules.follows(T("6-6"), 6, DOUBLES_SUIT)


def test_follow_suit_if_you_can() -> None:
    state = deal(moon())
    run(state, Bid(6), PASS, PASS, Declare("suit", 6), Discard(T("2-1")), play(T("6-6")))
    # Sixes led: seat 2 holds one six, 6-3, and must play it.
    assert state.legal_actions() == [play(T("6-3"))]
    with pytest.raises(IllegalAction, match="must follow suit"):
        state.apply(play(T("5-4")))
    state.apply(play(T("6-3")))
    assert state.legal_actions() == [play(T("6-1"))]
    state.apply(play(T("6-1")))
    state.apply(play(T("6-5")))
    # 6-5 led (sixes): seat 2 has no six left and may play anything.
    assert len(state.legal_actions()) == 6


def test_a_trump_first_lead_where_the_rules_say_so() -> None:
    state = deal(moon(moon_first_lead="trump"))
    run(state, Bid(6), PASS, PASS, Declare("suit", 6), Discard(T("2-1")))
    # Seat 1 holds four sixes (6-6 6-5 6-4 6-2): he must lead one.
    assert [NAMES[a.tile] for a in state.legal_actions()] == ["6-2", "6-4", "6-5", "6-6"]
    with pytest.raises(IllegalAction, match="first lead must be a trump"):
        state.apply(play(T("5-5")))


# ----------------------------------------------------------------------------------- scoring
def test_a_made_bid_scores_the_tricks() -> None:
    state = play_worked_hand(moon(), Bid(6))
    # Tricks: seat 1 takes 1 to 4 (6-6, 6-5, 5-5, 4-4), seat 2 the fifth (3-3 heads the treys
    # led by 3-1), seat 1 trumps the sixth (6-2 on 1-1) and takes the seventh (6-4).
    assert [w for w, _ in state.table.tricks] == [1, 1, 1, 1, 2, 1, 1]
    assert state.table.won == (0, 6, 1)
    result = state.result
    assert result is not None and result.ended == "made" and result.winner == 1
    # Bid 6, took 6 >= 6: made, seat 1 scores his 6 tricks; seat 2 his 1; seat 0 none.
    assert result.points == (0, 6, 1)


def test_a_set_bidder_loses_his_bid() -> None:
    state = play_worked_hand(moon(), Bid(7))
    result = state.result
    # Bid 7, took 6 < 7: set. He loses 7; seat 2 still scores his 1 trick.
    assert result is not None and result.ended == "set" and result.winner is None
    assert result.points == (0, -7, 1)


def test_a_set_scores_the_others_the_bid_where_the_rules_say_so() -> None:
    state = play_worked_hand(moon("ehow"), Bid(7))
    # Set on 7: the bidder scores 0; seat 0 scores 0 tricks + 7 = 7, seat 2 1 + 7 = 8.
    assert state.result is not None and state.result.points == (7, 0, 8)


def test_shooting_the_moon_set_and_made() -> None:
    state = play_worked_hand(moon(), Bid(21, "moon"))
    # The moon needs all 7 tricks; seat 2 took the fifth: set, 21 lost.
    assert state.result is not None and state.result.points == (0, -21, 1)
    # Made: give seat 1 the 3-3 for his 2-1 (seat 2 the 2-1); he discards the widow 3-1 and
    # leads 6-6, 6-5, 6-4, 6-2, then 5-5, 4-4, 3-3; the others play their first legal tile.
    hands = [DEAL[0], DEAL[1].replace("2-1", "3-3"), DEAL[2].replace("3-3", "2-1")]
    state = deal(moon(), hands)
    run(state, Bid(21, "moon"), Declare("suit", 6), Discard(T("3-1")))
    leads = iter(["6-6", "6-5", "6-4", "6-2", "5-5", "4-4", "3-3"])
    while not state.over:
        state.apply(play(T(next(leads))) if state.turn == 1 else state.legal_actions()[0])
    # 6-6, 6-5, 6-4, 6-2 pull every six; then 5-5, 4-4, 3-3 are the highest of their suits.
    assert state.table.won == (0, 7, 0)
    assert state.result is not None and state.result.points == (0, 21, 0)


# ---------------------------------------------------------------------------- the game to 21
def result(ended: str, winner: int | None, points: tuple[int, ...]) -> HandResult:
    return HandResult(ended, winner, points, points, (0, 0, 0), None, "")


def test_the_first_to_21_wins_and_the_bidder_goes_out_first() -> None:
    rules = moon()
    assert rules.target_score == 21
    # 20 + 1 = 21 for seat 2 (a defender's trick), the bidder seat 1 at 19: seat 2 wins.
    assert rules.match_end((3, 19, 21), 5, result("made", 1, (0, 4, 1))) == (True, 2)
    assert rules.match_end((3, 19, 21), 5, result("set", None, (0, -4, 1))) == (True, 2)
    # Both past 21 in one hand: the bidder who made his bid goes out first, though seat 2 has
    # more (22 > 21).
    assert rules.match_end((0, 21, 22), 5, result("made", 1, (0, 5, 2))) == (True, 1)
    # Nobody at 21: the game goes on.
    assert rules.match_end((20, 20, -3), 5, result("made", 0, (5, 2, 0))) == (False, None)


def test_a_whole_match_ends_at_21() -> None:
    rules = moon()
    match = Match(rules, seed=4)
    agent, rng = MoonAgent(), random.Random(4)
    while not match.over:
        hand = match.hand
        while not hand.over:
            hand.apply(agent.choose(hand.observation(hand.turn), rng))
        match.next_hand()
    assert match.winner is not None and match.totals[match.winner] >= 21


# ---------------------------------------------------------------------------------- records
def test_a_match_record_replays_and_keeps_the_discard() -> None:
    rules = moon()
    match = Match(rules, seed=2)
    agent, rng = MoonAgent(), random.Random(2)
    for _ in range(3):
        hand = match.hand
        while not hand.over:
            hand.apply(agent.choose(hand.observation(hand.turn), rng))
        if match.over:
            break
        match.next_hand()
    record = json.loads(json.dumps(match_to_record(match)))
    moves = [m for h in record["hands"] for m in h["moves"]]
    # The record is the full history: the bids ({"bid": 5}, the moon {"bid": 21, "contract":
    # "moon"}), trumps ({"declare": "suit", "trump": 6}) and the discard with its tile.
    assert any("bid" in m for m in moves) and any("discard" in m for m in moves)
    assert all(m["discard"] is not None for m in moves if "discard" in m)
    assert record["hands"][0]["stock"] and len(record["hands"][0]["deal"]) == 3
    replay = replay_record(record)
    assert replay.disagreements == []
    assert replay.totals == match.totals


def test_the_moon_bid_is_written_and_read() -> None:
    assert Bid(21, "moon").to_record(1) == {"seat": 1, "bid": 21, "contract": "moon"}
    state = deal(moon())
    run(state, Bid(21, "moon"), Declare("suit", 6), Discard(T("2-1")))
    moves = hand_to_record(state)["moves"]
    assert moves == [
        {"seat": 1, "bid": 21, "contract": "moon"},
        {"seat": 1, "declare": "suit", "trump": 6},
        {"seat": 1, "discard": "2-1"},
    ]


# ---------------------------------------------------------------------------- the terminal
def test_the_commands_and_the_words() -> None:
    rules = moon()
    state = deal(rules)
    run(state, Bid(6), PASS, PASS, Declare("suit", 6))
    obs = state.observation(1)
    assert parse_command("discard 2-1", obs).action == Discard(T("2-1"))
    assert parse_command("2-1", obs).action == Discard(T("2-1"))
    words = rules.presenter
    assert words.describe_action(Declare("suit", 6), state.table) == "sixes are trumps"
    assert words.trump_text(state.table) == "sixes"
    assert "Contract: seat 1 bid 6; sixes are trumps" in words.notes(state.table)
    # Each seat's bid is its state at the table, in Moon's words; the widow is the bidder's.
    view = words.table(state.public, state.table)
    assert [s.text for s in view.seats] == ["passed", "bid 6", "passed"]
    assert (view.heading, view.waiting) == (
        "The widow",
        "seat 1 takes the widow and discards a tile face down.",
    )


# ------------------------------------------------------------------------ the computer players
def test_the_moon_agent_bids_its_sure_tricks() -> None:
    rules = moon()
    strong = mask(DEAL[1])
    # Sixes: 6-6 6-5 6-4 in a row (3 sure), 6-2 nearly (0.7), and the doubles 5-5 4-4 (0.8 each):
    # 3 + 0.7 + 1.6 = 5.3; with half a trick for the widow 5.8: a bid of 5.
    assert suit_tricks(strong, 6) == pytest.approx(5.3)
    state = deal(rules)
    obs = state.observation(1)
    assert MoonAgent().choose(obs, random.Random(0)) == Bid(5)
    # Seat 2 (6-3 5-4 5-3 5-2 3-3 3-2 1-1) is weak: it passes.
    state.apply(Bid(5))
    assert MoonAgent().choose(state.observation(2), random.Random(0)) == PASS


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_a_hand(level: str) -> None:
    rules = moon()
    state = deal(rules)
    rng = random.Random(5)
    agent = make_level(level, cap=0.01)
    while not state.over:
        obs = state.observation(state.turn)
        action = agent.choose(obs, rng)
        assert action in obs.legal_actions
        state.apply(action)
    assert state.result is not None


def test_the_levels_and_the_hints_are_moons_own_expert() -> None:
    rules = moon()
    for level, worlds in (("beginner", 2), ("casual", 6), ("expert", 32)):
        player = rules.level_player(level, 1.0)
        assert isinstance(player, MoonExpert) and player.worlds == worlds
    hints = rules.level_player("analysis", None)
    assert isinstance(hints, MoonExpert) and hints.budget is None
    # Seat 1's first bid: every call valued over the same 16 deals; with its 5.8 counted
    # tricks it would rather bid than pass, and the values are the same for the same seed.
    obs = deal(rules).observation(1)
    values = hints.world_values(obs, random.Random(3))
    assert set(values) == set(obs.legal_actions) and {len(v) for v in values.values()} == {16}
    assert values == hints.world_values(obs, random.Random(3))
    best = max(values, key=lambda a: sum(values[a]))
    assert best != PASS


def test_the_compiled_core_does_not_play_moon() -> None:
    assert moon().kernel_spec() is None


# ------------------------------------------------------------------------ the leader calls
def test_the_leader_calls_the_suit_where_the_rules_say_so() -> None:
    rules = moon("domino-play")
    state = deal(rules)
    run(state, Bid(6), PASS, PASS, Declare("suit", 6), Discard(T("2-1")))
    leads = state.legal_actions()
    # 3-1 may lead treys or aces; a trump (6-6) and a double (5-5) lead as they are.
    assert play(T("3-1"), None, 3) in leads and play(T("3-1"), None, 1) in leads
    assert play(T("6-6")) in leads and play(T("5-5")) in leads and play(T("3-1")) not in leads
    with pytest.raises(IllegalAction, match="say which suit 3-1 leads"):
        state.apply(play(T("3-1")))
    state.apply(play(T("3-1"), None, 1))
    # Aces called: seat 2 holds 1-1 and must play it (5-3 and 3-3 are no aces now).
    assert state.table.suit == 1 and state.legal_actions() == [play(T("1-1"))]
    state.apply(play(T("1-1")))
    # Seat 0 holds 6-1, a trump (sixes), and two aces, 5-1 and 4-1: he must play one of those.
    assert state.legal_actions() == [play(T("4-1")), play(T("5-1"))]
    state.apply(play(T("5-1")))  # the double 1-1 heads the aces
    assert state.table.last_winner == 2
    # The same lead without the call leads treys (its higher end), as in pagat.
    plain = deal(moon())
    run(plain, Bid(6), PASS, PASS, Declare("suit", 6), Discard(T("2-1")), play(T("3-1")))
    assert plain.table.suit == 3
    # A called lead is written with the called end last, and read back.
    assert rules.format_action(play(T("3-1"), None, 1)) == "3-1"
    assert rules.format_action(play(T("3-1"), None, 3)) == "1-3"
