"""Hand inference: soundness over random games, exact uniformity on enumerable positions, voids
that do not reach later draws, and determinized states that agree with the observation."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, permutations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boneyard import DRAW, IllegalAction, LineState, get_game
from boneyard.core.actions import Draw, Play
from boneyard.core.tiles import BIT, tiles_of
from boneyard.games.line.rules import LineRules
from boneyard.games.line.state import Observation
from boneyard.players.search.inference import (
    _ACQ,
    _PLAY,
    _VOID,
    Inference,
    _seat_alternatives,
    determinize,
    sample_world,
)

CONFIGS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("block", "modern", 2, {}),
    ("block", "britannica", 3, {}),
    ("block", "modern", 2, {"double_bonus_play": True}),
    ("block", "garden-games", 4, {}),
    ("draw", "britannica", 2, {}),
    ("draw", "britannica", 3, {}),
    ("draw", "pagat", 2, {}),  # voluntary draws
    ("draw", "pagat", 4, {}),
    ("draw", "britannica", 2, {"draw_policy": "one_then_pass"}),
    (
        "draw",
        "pagat",
        2,
        {"no_double": "draw_until_found", "hand_size": 3, "voluntary_draw": False},
    ),
    ("partnership", "latin", 4, {}),
    ("partnership", "puerto-rico", 4, {}),
    ("muggins", "pagat", 2, {}),
    ("muggins", "foster", 2, {}),
    ("muggins", "foster-spinner", 4, {}),
    ("muggins", "pagat", 2, {"spinner_fill_first": True}),
    ("matador", "britannica", 2, {}),
    ("matador", "hoyle", 2, {}),
    ("matador", "modern", 3, {}),
]


def config_id(config: tuple[str, str, int, dict[str, Any]]) -> str:
    game, rule_set, players, options = config
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{rule_set}-{players}p" + (f"-{extra}" if extra else "")


def configure(config: tuple[str, str, int, dict[str, Any]]) -> LineRules:
    game, rule_set, players, options = config
    return get_game(game).configure(rule_set, options, players)


def new_hand(rules: LineRules, rng: random.Random) -> LineState:
    while True:
        hands, stock = rules.deal(rng)
        try:
            return LineState.from_deal(rules, hands, stock)
        except ValueError as e:
            if "leader is required" in str(e):
                return LineState.from_deal(rules, hands, stock, leader=rng.randrange(rules.players))
            if "deal again" not in str(e) and "no one can lead" not in str(e):
                raise


def random_step(state: LineState, rng: random.Random) -> None:
    legal = state.legal_actions()
    state.apply(legal[rng.randrange(len(legal))])


def check_world(inf: Inference, obs: Observation, hands: tuple[int, ...], stock: tuple[int, ...]):
    seat = obs.seat
    assert hands[seat] == obs.hand
    assert len(stock) == obs.stock_size == len(set(stock))
    union = 0
    for s, h in enumerate(hands):
        assert h.bit_count() == obs.hand_sizes[s]
        if s != seat:
            assert not h & ~inf.candidates[s], "a tile given to a seat known not to hold it"
            assert not h & union
            union |= h
    for t in stock:
        assert not union & BIT[t]
        union |= BIT[t]
    assert union == inf.unseen
    assert inf.world_weight(hands) > 0


def check_determinized(obs: Observation, det: LineState, rng: random.Random) -> None:
    assert det.layout is obs.layout
    assert det.turn == obs.turn
    assert det.hand_sizes() == obs.hand_sizes
    assert det.stock_size() == obs.stock_size
    assert det.hands[obs.seat] == obs.hand
    if obs.legal_actions:
        assert det.legal_actions() == list(obs.legal_actions)
    mine = det.observation(obs.seat)
    assert mine.legal_actions == obs.legal_actions
    assert mine.history == obs.history
    # The world plays on to the end of the hand like any state.
    for _ in range(20 * det.rules.tiles.size):
        if det.over:
            break
        random_step(det, rng)
    assert det.over


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
@settings(max_examples=15)
def test_inference_is_sound_and_samples_are_consistent(
    config: tuple[str, str, int, dict[str, Any]], seed: int
) -> None:
    rules = configure(config)
    rng = random.Random(seed)
    state = new_hand(rules, rng)
    looks = 0
    while not state.over:
        if rng.random() < 0.3:
            looks += 1
            seat = rng.randrange(rules.players)
            obs = state.observation(seat)
            inf = Inference.from_observation(obs)
            # The key soundness check: the truth is never excluded.
            for s in range(rules.players):
                assert not state.hands[s] & ~inf.candidates[s], f"seat {s}'s true tiles excluded"
            assert inf.world_weight(state.hands) > 0
            assert inf.unseen.bit_count() == obs.stock_size + sum(
                h for s, h in enumerate(obs.hand_sizes) if s != seat
            )
            for _ in range(5):
                hands, stock = sample_world(inf, rng)
                check_world(inf, obs, hands, stock)
            check_determinized(obs, determinize(obs, rng, inf), rng)
        random_step(state, rng)


# ------------------------------------------------------------------- exact uniformity
def brute_weights(state: LineState, seat: int) -> dict[int, int]:
    """For a two-player position: per possible hand of the other seat, how many hidden deals
    (its initial hand and the tiles it drew, in order) replay the public history legally. The
    observer's own deal and draws are fixed to the truth; the rest of the stock to one order."""
    rules = state.rules
    obs = state.observation(seat)
    other = 1 - seat
    unseen = rules.tiles.all_mask & ~obs.hand & ~(obs.layout.placed if obs.layout else 0)
    played = [
        m.action.tile for m in state.history if m.seat == other and isinstance(m.action, Play)
    ]
    ndraws = sum(1 for m in state.history if m.seat == other and isinstance(m.action, Draw))
    own_draws = [m.drawn for m in state.history if m.seat == seat and isinstance(m.action, Draw)]
    weights: dict[int, int] = {}
    for held in combinations(tiles_of(unseen), obs.hand_sizes[other]):
        acquired = [*played, *held]
        count = 0
        for drawn in permutations(acquired, ndraws):
            initial = [t for t in acquired if t not in drawn]
            theirs, mine = iter(drawn), iter(own_draws)
            prefix = [
                next(theirs) if m.seat == other else next(mine)
                for m in state.history
                if isinstance(m.action, Draw)
            ]
            rest = [t for t in tiles_of(unseen) if t not in held and t not in prefix]
            deal = [list(tiles_of(state.deal[seat])), initial]
            if seat == 1:
                deal.reverse()
            replay = LineState.from_deal(
                rules,
                deal,
                [t for t in prefix if t is not None] + rest,
                leader=state.history[0].seat,
                lead_by_deal=False,
            )
            try:
                for m in obs.history:
                    replay.apply(DRAW if isinstance(m.action, Draw) else m.action)
            except IllegalAction:
                continue
            count += 1
        if count:
            weights[sum(BIT[t] for t in held)] = count
    return weights


def find_position(
    config: tuple[str, str, int, dict[str, Any]], want_draws: bool, limit: int
) -> tuple[LineState, int]:
    """A seeded two-player position small enough to enumerate, with a void (and, if asked, a
    draw by the other seat after one)."""
    rules = configure(config)
    for seed in range(2000):
        rng = random.Random(seed)
        state = new_hand(rules, rng)
        while not state.over:
            random_step(state, rng)
            if state.over:
                break
            seat = state.turn
            other = 1 - seat
            inf = Inference.from_observation(state.observation(seat))
            if not inf.voids[other]:
                continue
            drew = sum(1 for m in state.history if m.seat == other and isinstance(m.action, Draw))
            if want_draws and not drew:
                continue
            unseen = inf.unseen.bit_count()
            held = state.hand_sizes()[other]
            played = sum(1 for m in state.history if m.seat == other and isinstance(m.action, Play))
            from math import comb, perm

            size = comb(unseen, held) * perm(played + held, drew)
            if 20 <= size <= limit and inf.excluded(other):
                return state, seat
    raise AssertionError("no small position found")


@pytest.mark.parametrize(
    ("config", "want_draws"),
    [(("block", "modern", 2, {}), False), (("draw", "britannica", 2, {}), True)],
    ids=["block", "draw"],
)
def test_sampling_is_exactly_uniform_over_consistent_deals(
    config: tuple[str, str, int, dict[str, Any]], want_draws: bool
) -> None:
    state, seat = find_position(config, want_draws, 3000)
    brute = brute_weights(state, seat)
    obs = state.observation(seat)
    inf = Inference.from_observation(obs)
    other = 1 - seat
    assert state.hands[other] in brute
    # The model's weights are proportional to the brute-force counts, world by world.
    model: dict[int, int] = {}
    unseen = inf.unseen
    for held in combinations(tiles_of(unseen), obs.hand_sizes[other]):
        hand = sum(BIT[t] for t in held)
        hands = [0, 0]
        hands[seat], hands[other] = obs.hand, hand
        w = inf.world_weight(hands)
        if w:
            model[hand] = w
    assert set(model) == set(brute)
    ref_hand = next(iter(brute))
    for hand in brute:
        assert brute[hand] * model[ref_hand] == model[hand] * brute[ref_hand]
    # Sampled frequencies against the exact distribution: a chi-square bound.
    total = sum(brute.values())
    cells = len(brute)
    samples = 30 * cells + 2000
    rng = random.Random(12345)
    seen = Counter(sample_world(inf, rng)[0][other] for _ in range(samples))
    assert set(seen) <= set(brute)
    chi2 = sum(
        (seen.get(h, 0) - samples * w / total) ** 2 / (samples * w / total)
        for h, w in brute.items()
    )
    df = max(1, cells - 1)
    assert chi2 < df + 6 * (2 * df) ** 0.5, (chi2, df)


def test_stock_order_is_uniform() -> None:
    rules = get_game("draw").configure("britannica", players=2)
    state = new_hand(rules, random.Random(4))
    inf = Inference.from_observation(state.observation(0))
    rng = random.Random(9)
    firsts = Counter(sample_world(inf, rng)[1][0] for _ in range(4000))
    cells = inf.unseen.bit_count()
    assert set(firsts) == set(tiles_of(inf.unseen))
    expected = 4000 / cells
    chi2 = sum((c - expected) ** 2 / expected for c in firsts.values())
    assert chi2 < cells - 1 + 6 * (2 * (cells - 1)) ** 0.5


# ------------------------------------------------------------------- voids and later draws
def test_a_void_does_not_cover_tiles_drawn_later() -> None:
    # Dealt 2 tiles, a void on {0, 1, 2}, then a draw: one slot avoids the void, one does not.
    unseen = 0b111111
    alts = _seat_alternatives(1, [(_ACQ, 2), (_VOID, 0b111), (_ACQ, 1)], unseen, 3)
    assert alts == [(1, ((1, 0b111000, 2), (1, unseen, 1)))]
    # A play of a void tile must come from the later draw; the two dealt slots remain.
    alts = _seat_alternatives(
        1, [(_ACQ, 2), (_VOID, 0b111), (_ACQ, 1), (_PLAY, 1)], unseen & ~0b10, 2
    )
    assert alts == [(1, ((1, 0b111000, 2),))]
    # A later play of an ordinary tile may have come from either: two alternatives.
    alts = _seat_alternatives(1, [(_ACQ, 2), (_VOID, 0b111), (_ACQ, 1), (_PLAY, 7)], unseen, 2)
    assert sorted(alts) == [(1, ((1, 0b111000, 2),)), (2, ((1, 0b111000, 1), (1, unseen, 1)))]


def test_old_voids_in_real_games_let_later_draws_through() -> None:
    rules = get_game("draw").configure("britannica", players=2)
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = new_hand(rules, rng)
        while not state.over and found < 5:
            random_step(state, rng)
            seat = state.turn
            other = 1 - seat
            inf = Inference.from_observation(state.observation(seat))
            if not inf.voids[other]:
                continue
            first_void = inf.voids[other][0]
            # A tile in the first void that the other seat holds now: drawn after it.
            late = state.hands[other] & first_void
            if late:
                assert not late & ~inf.candidates[other]
                assert inf.world_weight(state.hands) > 0
                found += 1
        if found >= 5:
            break
    assert found


def test_voluntary_draws_imply_nothing_and_passes_do() -> None:
    # pagat Draw lets a seat draw while able to play: its draws are not voids.
    rules = get_game("draw").configure("pagat", players=2)
    rng = random.Random(2)
    state = new_hand(rules, rng)
    while not state.over:
        random_step(state, rng)
        inf = Inference.from_observation(state.observation(0))
        passes = sum(
            1 for m in state.history if m.seat == 1 and m.action.__class__.__name__ == "Pass"
        )
        assert len(inf.voids[1]) == passes


# ------------------------------------------------------------------- beliefs: the exact posterior
@pytest.mark.parametrize(
    ("config", "want_draws", "limit"),
    [
        (("block", "modern", 2, {}), False, 3000),
        (("draw", "britannica", 2, {}), True, 3000),
        (("block", "modern", 2, {"double_bonus_play": True}), False, 3000),
    ],
    ids=["block", "draw", "bonus"],
)
def test_beliefs_are_the_exact_posterior_of_enumeration(
    config: tuple[str, str, int, dict[str, Any]], want_draws: bool, limit: int
) -> None:
    """Every consistent hidden deal counted by brute force: the chance that the other seat holds
    each unseen tile is the share of the deals where it does; the stock holds it otherwise."""
    from boneyard.players.analysis import beliefs

    state, seat = find_position(config, want_draws, limit)
    brute = brute_weights(state, seat)
    total = sum(brute.values())
    other = 1 - seat
    view = beliefs(state.observation(seat))
    assert view.exact and view.view == "rules"
    assert view.holders == (other, -1)
    assert set(view.tiles) == set(
        tiles_of(Inference.from_observation(state.observation(seat)).unseen)
    )
    for t in view.tiles:
        held = sum(w for hand, w in brute.items() if hand & BIT[t]) / total
        assert view.chance(t, other) == pytest.approx(held, abs=1e-9)
        assert view.chance(t, -1) == pytest.approx(1 - held, abs=1e-9)


def test_beliefs_with_three_players_sum_to_the_hand_sizes() -> None:
    """Each tile is somewhere (its chances sum to 1), and each holder holds its count of tiles
    on average (the chances of a seat's column sum to its hand size)."""
    from boneyard.players.analysis import beliefs

    for config in (("draw", "britannica", 3, {}), ("block", "garden-games", 4, {})):
        rules = configure(config)
        rng = random.Random(5)
        state = new_hand(rules, rng)
        for _ in range(10):
            if state.over:
                break
            random_step(state, rng)
        if state.over:
            continue
        seat = state.turn
        obs = state.observation(seat)
        view = beliefs(obs)
        for t in view.tiles:
            assert sum(view.chances[t]) == pytest.approx(1.0)
        for k, holder in enumerate(view.holders):
            size = obs.hand_sizes[holder] if holder >= 0 else obs.stock_size
            assert sum(view.chances[t][k] for t in view.tiles) == pytest.approx(size)
        # A tile a seat cannot hold (a void it showed) gets no chance there.
        inf = Inference.from_observation(obs)
        for holder in (h for h in view.holders if h >= 0):
            for t in tiles_of(inf.excluded(holder)):
                assert view.chance(t, holder) == 0.0


def test_beliefs_leave_out_a_stock_that_holds_nothing() -> None:
    """Texas 42 deals all 28 tiles: no stock column (it was a column of 0%). Two-player Draw
    keeps one until the stock is drawn out."""
    from boneyard.core.match import Match
    from boneyard.players.analysis import beliefs

    hand = Match(get_game("texas-42").configure(), seed=5).hand
    view = beliefs(hand.observation(hand.turn))
    assert view.holders == tuple(s for s in range(4) if s != hand.turn)
    assert len(view.tiles) == 21 and view.chance(view.tiles[0], -1) == 0.0
    for t in view.tiles:  # 7 tiles in each of three hands, none seen yet
        assert view.chances[t] == pytest.approx((1 / 3, 1 / 3, 1 / 3))

    draw = Match(get_game("draw").configure(players=2), seed=5).hand
    view = beliefs(draw.observation(draw.turn))
    assert view.holders == (1 - draw.turn, -1)
    # 21 unseen: 7 in the other hand, 14 in the stock.
    assert sum(view.chances[t][1] for t in view.tiles) == pytest.approx(14)


def test_estimated_beliefs_say_so_and_stay_close_to_the_exact_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the inference falls back to its approximation (forced here by allowing it no slot
    classes), the rules' view says it is estimated, and its figures lie near the exact ones;
    the model's view is always labelled as the expert's, and keeps each holder's count."""
    from boneyard.players.analysis import beliefs
    from boneyard.players.search import inference

    state, seat = find_position(("draw", "britannica", 2, {}), True, 3000)
    obs = state.observation(seat)
    exact = beliefs(obs)
    assert exact.exact and exact.note().startswith("exact")
    weighted = beliefs(obs, model=True)
    assert weighted.view == "model" and not weighted.exact
    assert weighted.note().startswith("weighted by the expert's model")
    for k, holder in enumerate(weighted.holders):
        size = obs.hand_sizes[holder] if holder >= 0 else obs.stock_size
        assert sum(weighted.chances[t][k] for t in weighted.tiles) == pytest.approx(size)
    monkeypatch.setattr(inference, "_SLOT_CLASSES", 1)
    approximate = beliefs(obs)
    assert approximate.view == "rules" and not approximate.exact
    assert approximate.note().startswith("approximate") and "4,000 worlds" in approximate.note()
    assert approximate.tiles == exact.tiles
    for t in exact.tiles:  # 4,000 worlds: a standard error of at most 0.008
        assert approximate.chances[t] == pytest.approx(exact.chances[t], abs=0.05)


def test_swapping_hidden_tiles_consistently_changes_nothing() -> None:
    """Two deals that differ only in hidden tiles the history never showed (one swapped between
    the other seat's hand and the stock) give the seat the same observation, and so the same
    beliefs: nothing the seat could not know is read."""
    from boneyard.players.analysis import beliefs

    rules = get_game("draw").configure("britannica", players=2)
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        dealt, stock = rules.deal(rng)
        state = LineState.from_deal(rules, dealt, stock, leader=0)
        hands = [list(tiles_of(h)) for h in state.deal]
        stock = list(state.stock)
        moves = []
        for _ in range(4):
            if state.over:
                break
            action = state.legal_actions()[0]
            moves.append(action)
            state.apply(action)
        seen = state.layout.placed if state.layout else 0
        theirs = [t for t in hands[1] if BIT[t] & state.hands[1] and not BIT[t] & seen]
        untouched = [t for t in stock[state.stock_pos :] if not BIT[t] & seen]
        if not theirs or not untouched:
            continue
        a, b = theirs[0], untouched[-1]
        swapped_hands = [[b if t == a else t for t in h] for h in hands]
        swapped_stock = [a if t == b else t for t in stock]
        twin = LineState.from_deal(rules, swapped_hands, swapped_stock, leader=0)
        try:
            for action in moves:
                twin.apply(action)
        except IllegalAction:
            continue  # the swap changed what was legal: not the same public history
        mine, its = state.observation(0), twin.observation(0)
        if [str(m.action) for m in mine.history] != [str(m.action) for m in its.history]:
            continue
        assert mine.hand == its.hand
        assert beliefs(mine) == beliefs(its)
        assert beliefs(mine, model=True) == beliefs(its, model=True)
        checked += 1
    assert checked
