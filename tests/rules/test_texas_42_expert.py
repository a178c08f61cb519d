"""The Texas 42 expert (issue 34): bids, trumps and play valued on sampled deals solved exactly by
the compiled solver, the deals drawn from a seed derived from the position."""

from __future__ import annotations

import random

import pytest

from boneyard.core import kernel
from boneyard.core.actions import PASS
from boneyard.core.protocol import HandStart
from boneyard.games import get_game
from boneyard.games.texas42.players import TexasExpert, fits_bidding, position_seed
from boneyard.games.texas42.rules import FortyTwoRules
from boneyard.games.texas42.state import FortyTwoState
from boneyard.games.texas42.table import FortyTwoTable
from boneyard.games.tricks.actions import Bid, Declare
from conftest import mask, tiles

N, E, S, W = 0, 1, 2, 3

pytestmark = pytest.mark.skipif(
    not kernel.supports(get_game("texas-42").configure()),
    reason="the expert solves its deals in the compiled core",
)


def rules42() -> FortyTwoRules:
    rules = get_game("texas-42").configure()
    assert isinstance(rules, FortyTwoRules)
    return rules


def deal(rules: FortyTwoRules, hands: list[str], shaker: int) -> FortyTwoState:
    state = rules.start_hand(HandStart([tiles(h) for h in hands], [], shaker))
    assert isinstance(state, FortyTwoState)
    return state


def expert() -> TexasExpert:
    """The expert level as the core makes it (its count of deals; the time only a cap)."""
    player = rules42().level_player("expert", 0.8)
    assert isinstance(player, TexasExpert)
    return player


def test_forced_with_four_fours_and_only_the_6_6_it_does_not_name_sixes() -> None:
    """The hand of issue 34. N shakes, the other three pass: N must bid, holding the 6-6 and no
    other six, and four fours with the 4-4. Named sixes, its only trump is the 6-6: the other
    six sixes are out, the opponents trump its fours and take the count; named fours it holds
    the boss and three more of the seven, and the 6-6 is the highest tile of the sixes. It bids
    the minimum (no pass is allowed and nothing higher is worth more) and names fours, as the
    solved deals value them (fours about +0.3 marks, sixes about -0.5 on twelve deals)."""
    rules = rules42()
    state = deal(
        rules,
        [
            "6-6 4-4 4-3 4-2 4-1 3-1 2-0",
            "6-5 6-4 5-5 5-3 3-3 2-2 1-0",
            "6-3 6-2 5-4 5-2 5-1 3-2 0-0",
            "6-1 6-0 5-0 4-0 3-0 2-1 1-1",
        ],
        N,
    )
    for _ in range(3):
        state.apply(PASS)
    player = expert()
    obs = state.observation(N)
    assert PASS not in obs.legal_actions
    bid = player.choose(obs, random.Random(0))
    assert bid == Bid(30)
    state.apply(bid)
    obs = state.observation(N)
    declaration = player.choose(obs, random.Random(0))
    assert declaration != Declare("suit", 6)
    assert declaration == Declare("suit", 4)


def test_a_lay_down_bids_two_marks_and_names_its_suit() -> None:
    """Every six: every trick is sure with sixes trumps, so the first bidder opens at the most
    marks it may (84, two marks) and names sixes."""
    rules = rules42()
    state = deal(
        rules,
        [
            "5-5 5-4 4-4 3-3 3-2 2-2 1-1",
            "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
            "5-3 5-2 5-1 5-0 4-3 4-2 4-1",
            "4-0 3-1 3-0 2-1 2-0 1-0 0-0",
        ],
        N,
    )
    player = expert()
    obs = state.observation(E)
    bid = player.choose(obs, random.Random(0))
    assert bid == Bid(84)
    state.apply(bid)
    state.apply(PASS)
    state.apply(PASS)
    state.apply(PASS)
    assert player.choose(state.observation(E), random.Random(0)) == Declare("suit", 6)


def test_the_same_position_gives_the_same_bid_and_values() -> None:
    """Counts, not time: the deals come from the position's seed, so the bid does not depend on
    the generator handed in nor on the clock, and every deal it meant to solve is solved."""
    rules = rules42()
    state = deal(
        rules,
        [
            "6-6 6-5 6-2 5-5 4-4 2-1 1-0",
            "6-4 6-3 5-3 4-2 3-3 2-0 0-0",
            "6-1 5-4 5-1 4-1 3-0 2-2 1-1",
            "6-0 5-2 5-0 4-3 4-0 3-2 3-1",
        ],
        W,
    )
    obs = state.observation(N)
    player = expert()
    first = player.choose(obs, random.Random(1))
    assert player.last_worlds == player.bid_worlds
    again = expert().choose(obs, random.Random(2))
    assert first == again and isinstance(first, Bid)
    seed = position_seed(obs)
    assert seed == position_seed(state.observation(N))
    a = player.world_values(obs, random.Random(seed))
    b = expert().world_values(obs, random.Random(seed))
    assert a == b


def test_the_deals_fit_the_bidding() -> None:
    """A seat that passed first holds no hand the ``texas`` agent would have opened; one that
    bid holds something."""
    table = FortyTwoTable.start(W).but(bids=((N, None), (E, Bid(30))), high=Bid(30), bidder=E)
    strong = mask("6-6 6-5 6-4 6-3 6-2 5-5 4-4")
    weak = mask("6-1 5-3 4-2 3-0 2-1 1-0 5-2")
    assert not fits_bidding([strong, weak, 0, 0], table, S)  # N passed holding a lay-down
    assert not fits_bidding([weak, weak, 0, 0], table, S)  # E bid holding nothing
    assert fits_bidding([weak, strong, 0, 0], table, S)
