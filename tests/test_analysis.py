"""The analysis API: ranked moves with values and reasons, and the review of a hand."""

from __future__ import annotations

import random

import pytest

from boneyard.core.actions import Play
from boneyard.core.match import Match
from boneyard.games import GAMES, get_game
from boneyard.games.line.state import LineState
from boneyard.players.analysis import Effort, analyze, move_reason, review_hand, review_text
from boneyard.players.expert import ExpertAgent
from boneyard.players.search.solver import action_values
from conftest import T, configure, tiles

# One world (nothing is hidden in _known), solved exactly.
EXACT = ExpertAgent("exact", budget=None, worlds=1, nodes=100_000_000)
SMALL = Effort(worlds=4, nodes=300)


def _known(seed: int) -> LineState:
    """Two players holding all 28 tiles: nothing is hidden, so the analysis is exact."""
    return Match(configure("block", "modern", 2, hand_size=14), seed=seed).hand


def test_moves_are_ranked_best_first_with_losses_against_the_best() -> None:
    for game in ("block", "draw", "muggins", "matador", "domino-whist"):
        state = Match(configure(game), seed=2).hand
        ranked = analyze(state.observation(state.turn), effort=SMALL, seed=3)
        values = [m.value for m in ranked]
        assert values == sorted(values, reverse=True)
        assert ranked[0].loss == 0.0
        assert all(m.loss == pytest.approx(ranked[0].value - m.value) for m in ranked)
        legal = state.legal_actions()
        assert all(m.action in legal for m in ranked)
        assert all(m.reason for m in ranked)
        assert all(m.worlds == SMALL.worlds and m.margin >= 0 for m in ranked)


def test_with_nothing_hidden_the_values_are_exact() -> None:
    state = _known(5)
    rng = random.Random(5)
    for _ in range(8):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    ranked = analyze(state.observation(state.turn), seed=0, analyst=EXACT)
    exact = dict(action_values(state))
    assert {m.action: m.value for m in ranked} == pytest.approx(exact)


def test_the_same_position_gives_the_same_analysis_whatever_the_clock() -> None:
    """The seed comes from the position, the work is fixed: the same position reached in
    another match object (as another front end would) gives the same values, and a slow solver
    changes nothing."""
    hand = Match(configure("block"), seed=7).hand
    obs = hand.observation(hand.turn)
    again = Match(configure("block"), seed=7).hand.observation(hand.turn)
    first = [(m.action, m.value, m.margin) for m in analyze(obs, effort=SMALL)]
    assert first == [(m.action, m.value, m.margin) for m in analyze(again, effort=SMALL)]
    # Another seed: other worlds, other values (the seed is what fixes them).
    assert first != [(m.action, m.value, m.margin) for m in analyze(obs, effort=SMALL, seed=1)]


def test_reasons_say_what_a_move_does() -> None:
    rules = configure("muggins", "pagat", 2)
    deal = [tiles("5-5 6-4 3-2 1-0 2-2"), tiles("6-6 5-0 4-4 3-3 2-1")]
    held = {t for h in deal for t in h}
    state = LineState.from_deal(rules, deal, [t for t in range(28) if t not in held], leader=0)
    obs = state.observation(0)
    lead = next(a for a in obs.legal_actions if isinstance(a, Play) and a.tile == T("5-5"))
    assert "scores 10" in move_reason(obs, lead)
    assert "gets rid of a double" in move_reason(obs, lead)
    block = configure("block", "modern", 2, hand_size=1)
    last = LineState.from_deal(
        block, [[T("6-5")], [T("1-0")]], [t for t in range(28) if t not in (T("6-5"), T("1-0"))]
    )
    assert move_reason(last.observation(last.turn), last.legal_actions()[0]) == "goes out"


def test_a_known_void_is_named() -> None:
    rules = configure("block", "modern", 2, hand_size=7, lead_tile="any")
    deal = [tiles("6-6 6-5 6-4 4-1 3-1 2-1 2-0"), tiles("5-5 5-4 5-3 5-2 4-4 0-0 1-0")]
    held = {t for h in deal for t in h}
    stock = [t for t in range(28) if t not in held]
    state = LineState.from_deal(rules, deal, stock, leader=0, lead_by_deal=False)

    def play(tile: str, end: str | None) -> None:
        state.apply(next(a for a in state.legal_actions() if a.tile == T(tile) and a.end == end))

    play("6-6", None)
    state.apply(state.legal_actions()[0])  # seat 1 passes: it has no 6
    play("6-5", "R")
    play("5-4", "R")  # the ends show 6 and 4
    obs = state.observation(0)
    plays = [a for a in obs.legal_actions if isinstance(a, Play)]
    six_four = next(a for a in plays if a.tile == T("6-4") and a.end == "R")  # 6 at both ends
    four_one = next(a for a in plays if a.tile == T("4-1"))
    assert "the next player cannot match any end" in move_reason(obs, six_four)
    assert "the next player cannot match any end" not in move_reason(obs, four_one)


def test_a_review_finds_the_moves_that_lost_points() -> None:
    """Nothing hidden: the review's loss of each move is its exact cost."""
    for seed in range(4):
        state = _known(seed)
        rng = random.Random(seed)
        while not state.over:
            legal = state.legal_actions()
            state.apply(rng.choice(legal))  # random moves: some lose points
        reviews = review_hand(state, 0, analyst=EXACT, from_move=9)
        assert all(r.number >= 9 for r in reviews)
        assert reviews and all(r.seat == 0 for r in reviews)
        replay = _known(seed)
        for number, move in enumerate(state.history, start=1):
            match = [r for r in reviews if r.number == number]
            if match:
                exact = dict(action_values(replay))
                (r,) = match
                assert r.played == move.action
                assert r.loss == pytest.approx(max(exact.values()) - exact[move.action])
                assert exact[r.best] == pytest.approx(max(exact.values()))
            replay.apply(move.action, seat=move.seat)
        text = review_text(reviews, threshold=0.0)
        assert "total cost of your choices" in text
        if any(r.loss > 0 for r in reviews):
            worst = max(reviews, key=lambda r: r.loss)
            assert f"move {worst.number}:" in text


def test_review_refuses_a_seat_that_is_not_at_the_table() -> None:
    with pytest.raises(ValueError, match="no seat 3"):
        review_hand(_known(0), 3)


def test_a_lead_is_offered_and_valued_once() -> None:
    """Seven tiles to lead make seven moves, not thirteen: a non-double led either way round
    starts the same line (mirror images). The engine keeps both orientations legal."""
    from boneyard.text.narration import menu

    rules = configure("block", "modern", 2, lead_tile="any")
    deal = [tiles("6-6 6-5 6-1 5-1 4-2 3-1 2-0"), tiles("5-5 5-4 5-3 5-2 4-4 0-0 1-0")]
    held = {t for h in deal for t in h}
    state = LineState.from_deal(
        rules, deal, [t for t in range(28) if t not in held], leader=0, lead_by_deal=False
    )
    obs = state.observation(0)
    assert len(obs.legal_actions) == 13  # 6 non-doubles both ways round, and 6-6
    offered = menu(obs)
    assert len(offered) == 7
    assert sorted(a.tile for a in offered if isinstance(a, Play)) == sorted(deal[0])
    ranked = analyze(obs, effort=SMALL)
    assert sorted(m.action.tile for m in ranked if isinstance(m.action, Play)) == sorted(deal[0])
    # Where the lead starts more than a line (a spinner), a double is still one move.
    spinner = configure("muggins", "foster-spinner", 2)
    hand = Match(spinner, seed=1).hand
    spun = hand.observation(hand.turn)
    assert len(menu(spun)) == len({a.tile for a in spun.legal_actions if isinstance(a, Play)})


def test_a_tile_for_two_alike_ends_is_offered_and_valued_once() -> None:
    """After 6-6 is led alone, 6-1 at L and 6-1 at R make mirror-image lines: one move each for
    6-5, 6-2 and 6-1 (three, not six); the engine keeps both ends legal, and a review finds the
    move played at R as the one the hint valued at L. Where the ends differ, both stay."""
    from boneyard.text.narration import menu

    rules = configure("block", "modern", 2)
    deal = [tiles("6-5 6-2 6-1 4-1 4-0 2-2 1-0"), tiles("6-6 5-1 5-3 3-3 0-0 3-0 2-1")]
    held = {t for h in deal for t in h}
    state = LineState.from_deal(rules, deal, [t for t in range(28) if t not in held], leader=1)
    state.apply(state.legal_actions()[0])  # seat 1 leads 6-6: both ends show 6
    obs = state.observation(0)
    assert len(obs.legal_actions) == 6
    offered = menu(obs)
    assert sorted(a.tile for a in offered if isinstance(a, Play)) == tiles("6-1 6-2 6-5")
    ranked = analyze(obs, effort=SMALL)
    assert {m.action for m in ranked} == set(offered) and len(ranked) == 3
    state.apply(Play(T("6-1"), "R"))
    state.apply(state.legal_actions()[0])
    (first, *_) = review_hand(state, 0, effort=SMALL)
    hinted = next(m for m in ranked if m.action == Play(T("6-1"), "L"))
    assert (first.number, first.played, first.played_value) == (
        2,
        Play(T("6-1"), "R"),
        hinted.value,
    )
    # The ends now show 1 and 6 (or 6 and 1): every play keeps its end.
    later = state.observation(0)
    assert menu(later) == list(later.legal_actions)


def test_margins_cover_the_spread_over_seeds() -> None:
    """Each value's margin covers the value another seed gives the same move, for at least 95%
    of moves: positions of three games, each analysed with its own seed and four others."""
    effort = Effort(worlds=48, nodes=300)
    pairs = covered = 0
    for game in ("block", "draw", "matador"):
        for seed in range(3):
            state = Match(configure(game), seed=seed).hand
            rng = random.Random(seed)
            for _ in range(2 * seed):
                if not state.over:
                    state.apply(rng.choice(state.legal_actions()))
            while not state.over and len(state.legal_actions()) < 2:
                state.apply(state.legal_actions()[0])
            if state.over:
                continue
            obs = state.observation(state.turn)
            base = {m.action: m for m in analyze(obs, effort=effort)}
            assert any(m.margin > 0 for m in base.values())
            for other in range(1, 5):
                for m in analyze(obs, effort=effort, seed=other):
                    pairs += 1
                    covered += abs(m.value - base[m.action].value) <= base[m.action].margin
    assert pairs >= 100
    assert covered >= 0.95 * pairs, (covered, pairs)


def test_the_review_of_a_move_is_the_hint_there() -> None:
    """A hand played out: at every decision the review reports, the values of the move played
    and of the best are the ones the hint gave at that position."""
    effort = Effort(worlds=6, nodes=200)
    state = Match(configure("draw"), seed=3).hand
    rng = random.Random(3)
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))
    reviews = {r.number: r for r in review_hand(state, 0, effort=effort)}
    assert reviews
    for number, (replay, move) in enumerate(state.replay(), start=1):
        r = reviews.get(number)
        if r is None:
            continue
        hint = analyze(replay.observation(0), effort=effort)
        best = hint[0]
        assert (best.action, best.value) == (r.best, r.best_value)
        played = [m for m in hint if replay.rules.same_move(m.action, move.action, replay.table)]
        assert (played[0].value, played[0].loss) == (r.played_value, r.loss)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_offers_each_lead_once_where_its_orientation_changes_nothing(game: str) -> None:
    """Over the registry: the moves offered keep every legal move up to a lead's orientation,
    and two leads of one tile are both offered only where they start lines that are not mirror
    images of each other."""
    from boneyard.text.narration import menu

    for seed in range(3):
        hand = Match(get_game(game).configure(), seed=seed).hand
        while (
            not hand.over
            and hand.layout is None
            and not any(isinstance(a, Play) for a in hand.legal_actions())
        ):
            hand.apply(hand.legal_actions()[0])
        if hand.over or hand.layout is not None:
            continue
        obs = hand.observation(hand.turn)
        offered = menu(obs)
        legal = [a for a in obs.legal_actions if not (isinstance(a, Play) and a.claim is not None)]
        assert set(offered) <= set(legal)
        rules = obs.rules
        for a in legal:
            if a in offered:
                continue
            assert isinstance(a, Play) and a.end is None  # only a lead is ever left out
            twin = next(b for b in offered if isinstance(b, Play) and b.tile == a.tile)
            one, other = rules.lead_layout(a.tile, a.open), rules.lead_layout(twin.tile, twin.open)
            assert one.pips == other.pips[::-1] and len(one.names) == 2


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_move_of_every_game_gets_a_reason(game: str) -> None:
    """Over the registry, at every decision of random hands: each legal move's reason in a hint
    says something, and "nothing fits" only where passing or drawing is all there is (Texas
    42's pass in the bidding once read "nothing fits: pass", its bids an empty reason)."""
    from boneyard.core.actions import Draw, Pass

    rng = random.Random(7)
    for seed in range(2):
        hand = Match(get_game(game).configure(), seed=seed).hand
        decisions = 0
        while not hand.over and decisions < 40:
            legal = hand.legal_actions()
            obs = hand.observation(hand.turn)
            if len(legal) > 1:
                decisions += 1
                only_pass_or_draw = all(type(a) in (Pass, Draw) for a in legal)
                for a in legal:
                    reason = move_reason(obs, a)
                    assert reason, (game, a)
                    assert "nothing fits" not in reason or only_pass_or_draw, (game, a, reason)
            hand.apply(rng.choice(legal))
