"""The encoding shared by the research interfaces: action ids, observation vectors, rewards."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from boneyard.core.actions import DRAW, PASS, Muggins, Play
from boneyard.core.match import Match
from boneyard.core.protocol import HandResult
from boneyard.core.tiles import tiles_of
from boneyard.games import GAMES
from boneyard.games.line.state import LineState
from boneyard.research.env.encoding import Codec, action_kinds, end_slots, higher_is_better
from conftest import T, configure, tiles

EVERY_RULE_SET = [(g.id, rs) for g in GAMES.values() for rs in g.rule_sets]


def random_hands(rules, hands: int, seed: int = 0):
    """States of ``hands`` random hands, after every action (the seat to move's view with it)."""
    rng = random.Random(seed)
    for h in range(hands):
        state = Match(rules, rng=random.Random(seed * 1000 + h)).hand
        while not state.over:
            yield state
            state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize(("game", "rule_set"), EVERY_RULE_SET)
def test_every_legal_action_has_an_id_and_comes_back(game: str, rule_set: str) -> None:
    rules = GAMES[game].configure(rule_set)
    codec = Codec(rules)
    moves = 0
    for state in random_hands(rules, 4):
        obs = state.observation(state.turn)
        if state.over:
            assert codec.legal_map(obs) == {}
            assert not codec.action_mask(obs).any()
            continue
        moves += 1
        legal = codec.legal_map(obs)
        assert legal, "the seat to move always has a legal id"
        assert all(0 <= i < codec.num_actions for i in legal)
        # Different actions (claims apart) get different ids, and every id names a legal action.
        plain = [a for a in obs.legal_actions if not (isinstance(a, Play) and a.claim)]
        ids = [codec.action_id(a, obs.layout) for a in plain]
        assert len(set(ids)) == len(ids)
        assert set(ids) == set(legal)
        for i, action in legal.items():
            assert action in obs.legal_actions
            assert codec.decode(obs, i) == action
        mask = codec.action_mask(obs)
        assert mask.dtype == np.int8 and set(np.flatnonzero(mask)) == set(legal)
        # A seat not to move has no legal id.
        other = (state.turn + 1) % rules.players
        if other != state.turn:
            assert not codec.action_mask(state.observation(other)).any()
    assert moves > 0


@pytest.mark.parametrize(("game", "rule_set"), EVERY_RULE_SET)
def test_observation_vectors_stay_in_bounds_and_hands_in_max_moves(
    game: str, rule_set: str
) -> None:
    rules = GAMES[game].configure(rule_set)
    codec = Codec(rules)
    for state in random_hands(rules, 3, seed=1):
        for seat in range(rules.players):
            vec = codec.observation_vector(state.observation(seat))
            assert vec.shape == (codec.observation_size,) and vec.dtype == np.float32
            assert (vec >= codec.low).all() and (vec <= codec.high).all()
        assert len(state.history) <= codec.max_moves


def test_block_layout() -> None:
    codec = Codec(configure("block", players=2))
    assert (codec.tiles, codec.end_slots, codec.slots) == (28, 2, 3)
    assert codec.play_actions == 28 * 3 * 2
    names = [k.name for k in codec.kinds]
    assert names[:3] == ["draw", "pass", "muggins"]
    assert codec.num_actions == codec.play_actions + sum(
        codec.tiles if k.per_tile else 1 for k in codec.kinds
    )
    # (tile * slots + slot) * 2 + variant.
    assert codec.action_id(Play(T("6-4"), None, 4), None) == (T("6-4") * 3 + 0) * 2 + 1
    assert codec.action_id(Play(T("6-4"), None, 6), None) == (T("6-4") * 3 + 0) * 2
    assert codec.action_name((T("6-4") * 3 + 0) * 2 + 1) == "6-4 at no end, low half exposed"
    deal = [tiles("6-6 6-5 5-5 4-4 3-3 2-2 1-1"), tiles("6-4 6-3 6-2 5-4 5-3 4-3 0-0")]
    stock = [t for t in range(28) if t not in deal[0] + deal[1]]
    state = LineState.from_deal(codec.rules, deal, stock)
    state.apply(Play(T("6-6")))
    layout = state.layout
    assert codec.action_id(Play(T("6-4"), "L"), layout) == (T("6-4") * 3 + 1) * 2
    assert codec.action_id(Play(T("6-4"), "R"), layout) == (T("6-4") * 3 + 2) * 2
    assert codec.action_id(DRAW, layout) == codec.play_actions
    assert codec.action_id(PASS, layout) == codec.play_actions + 1
    assert codec.action_id(Muggins(10), layout) == codec.play_actions + 2
    assert codec.action_name(codec.play_actions + 1) == "pass"
    with pytest.raises(ValueError, match="not legal now"):
        codec.decode(state.observation(1), (T("0-0") * 3 + 1) * 2)
    with pytest.raises(ValueError, match="no action"):
        codec.action_name(codec.num_actions)


def test_the_kinds_are_the_shared_ones_then_the_games_own() -> None:
    """Every game's space numbers draw, pass and muggins, then the kinds of its own that it does not
    enumerate (a kind a game enumerates, bids and declarations, has an id per action it offers)."""
    from boneyard.core import actions

    for game in GAMES.values():
        rules = game.configure()
        kinds = [cls for _, cls, _ in action_kinds(rules)]
        own = [k for k in rules.action_kinds if not k.enumerated]
        assert kinds == [actions.Draw, actions.Pass, actions.Muggins, *own], game.id
        assert all(k.enumerated for k in rules.action_kinds if k not in kinds), game.id


def test_the_bids_and_trumps_of_a_game_that_lists_them() -> None:
    from boneyard.games.tricks.actions import Bid, Declare

    rules = configure("texas-42")
    codec = Codec(rules)
    phase = rules.phase_actions()
    assert Bid(30) in phase and Bid(84) in phase and Declare("suit", 6) in phase
    assert codec.num_actions == codec.phase_offset + len(phase)
    assert codec.action_id(Bid(30), None) == codec.phase_offset + phase.index(Bid(30))
    assert codec.action_name(codec.action_id(Declare("doubles"), None)) == "doubles"
    # Block lists none: its space is the plays and the shared kinds (28 * 3 * 2 + 3 = 171).
    assert Codec(configure("block", players=2)).num_actions == 171


def test_texas_42s_bids_and_declarations_keep_their_ids() -> None:
    """The ids of Texas 42's own actions, pinned (docs/games/texas-42.md): the 59 ids of the
    tiles and the shared kinds first (28 tiles x 1 slot x 2 variants = 56 play ids, then draw,
    pass, muggins: 56 + 3 = 59), then the bids and declarations in the order the rules list
    them: 30 to 41 points (59 to 70), 42 and each mark up to seven marks (71 to 77), the seven
    suits (78 to 84), doubles, follow-me, nello (85 to 87), the three ranks of the doubles in a
    nello (88 to 90), sevens (91)."""
    from boneyard.games.tricks.actions import Bid, Declare

    codec = Codec(configure("texas-42"))
    assert codec.phase_offset == 59 and codec.num_actions == 92
    pinned = {
        Bid(30): 59,
        Bid(41): 70,
        Bid(42): 71,
        Bid(84): 72,
        Bid(294): 77,
        Declare("suit", 0): 78,
        Declare("suit", 6): 84,
        Declare("doubles"): 85,
        Declare("follow_me"): 86,
        Declare("nello"): 87,
        Declare("nello", doubles="own_suit"): 89,
        Declare("sevens"): 91,
    }
    assert {a: codec.action_id(a, None) for a in pinned} == pinned
    assert codec.action_name(72) == "bid 84" and codec.action_name(84) == "trumps 6"


def test_end_slots_follow_the_rules() -> None:
    assert end_slots(configure("block", players=2)) == 2
    # Every double a spinner (garden-games): L, R and two more ends for each of the 7 doubles.
    assert end_slots(configure("block", rules="garden-games", players=2)) == 16
    # A spinner lead (Sebastopol's cross): four ends from the start.
    assert end_slots(configure("sebastopol")) == 4
    assert end_slots(configure("muggins", rules="pagat")) == 4  # the first double spins


def test_a_claiming_play_claims_exactly_its_points() -> None:
    rules = configure("muggins", rules="foster", players=2)
    assert rules.claims
    codec = Codec(rules)
    seen = 0
    for state in random_hands(rules, 6, seed=3):
        if state.over:
            continue
        obs = state.observation(state.turn)
        for action in codec.legal_map(obs).values():
            if isinstance(action, Play):
                points = rules.points_of_play(
                    obs.layout, Play(action.tile, action.end, action.open)
                )
                assert action.claim == (points or None)
                seen += bool(points)
    assert seen > 0


def swap_hidden(state: LineState, seat: int, rng: random.Random) -> LineState | None:
    """A copy of ``state`` where a tile ``seat`` cannot see changes place: between two other
    seats' hands, or between another seat's hand and the stock (the counts unchanged)."""
    world = state.copy()
    others = [s for s in range(state.rules.players) if s != seat and world.hands[s]]
    if not others:
        return None
    a = rng.choice(others)
    ta = rng.choice(list(tiles_of(world.hands[a])))
    stock = list(world.stock[world.stock_pos :])
    targets = [s for s in others if s != a]
    if stock and (not targets or rng.random() < 0.5):
        k = rng.randrange(len(stock))
        tb, stock[k] = stock[k], ta
        world.stock = world.stock[: world.stock_pos] + tuple(stock)
    elif targets:
        b = rng.choice(targets)
        tb = rng.choice(list(tiles_of(world.hands[b])))
        world.hands[b] ^= (1 << tb) | (1 << ta)
    else:
        return None
    world.hands[a] ^= (1 << ta) | (1 << tb)
    return world


@pytest.mark.parametrize("game", list(GAMES))
def test_hidden_tiles_do_not_change_a_seats_vector(game: str) -> None:
    """Changing the other seats' hidden tiles (or the stock's) changes no seat's vector, and
    the real world and the changed one do differ."""
    rules = GAMES[game].configure()
    codec = Codec(rules)
    rng = random.Random(5)
    changed = 0
    for state in random_hands(rules, 3, seed=2):
        for seat in range(rules.players):
            world = swap_hidden(state, seat, rng)
            if world is None:
                continue
            assert world.hands != state.hands or world.stock != state.stock
            assert world.hands[seat] == state.hands[seat]
            changed += 1
            assert np.array_equal(
                codec.observation_vector(world.observation(seat)),
                codec.observation_vector(state.observation(seat)),
            )
    assert changed > 10


def test_own_tiles_change_the_vector() -> None:
    rules = configure("draw", players=2)
    codec = Codec(rules)
    state = Match(rules, seed=4).hand
    before = codec.observation_vector(state.observation(0))
    changed = state.copy()
    spare = changed.stock[0]
    changed.hands[0] |= 1 << spare
    after = codec.observation_vector(changed.observation(0))
    hand = codec.fields[0]
    assert (
        hand.name == "hand" and after[hand.offset + spare] == 1 and before[hand.offset + spare] == 0
    )


def test_fields_tile_the_vector() -> None:
    codec = Codec(configure("partnership"))
    offset = 0
    for field in codec.fields:
        assert field.offset == offset and field.size == int(np.prod(field.shape))
        offset += field.size
    assert offset == codec.observation_size
    names = [f.name for f in codec.fields]
    for wanted in ("hand", "table", "ends", "hand_sizes", "stock", "scores", "turn", "cannot_hold"):
        assert wanted in names


def test_cannot_hold_reads_passes() -> None:
    """In partnership (no drawing), a seat that passes on a 6 and a 4 holds no 6 and no 4."""
    rules = configure("partnership")
    codec = Codec(rules)
    field = next(f for f in codec.fields if f.name == "cannot_hold")
    for state in random_hands(rules, 20, seed=6):
        last = state.history[-1] if state.history else None
        if state.over or last is None or last.action != PASS:
            continue
        passer = last.seat
        observer = state.turn
        vec = codec.observation_vector(state.observation(observer))
        row = (passer - observer) % rules.players
        playable = rules.playable_mask(state.layout)
        unseen = rules.tiles.all_mask & ~state.hands[observer] & ~state.layout.placed
        for t in range(rules.tiles.size):
            if playable >> t & 1 and unseen >> t & 1:
                assert vec[field.offset + row * codec.tiles + t] == 1
        return
    pytest.fail("no pass in 20 hands")


def _result(winner: int | None, points: tuple[float, ...]) -> HandResult:
    return HandResult("domino", winner, points, points, (0,) * 4, None, "")


def test_rewards_partnership_sides_and_zero_sum() -> None:
    codec = Codec(configure("partnership"))
    assert codec.rewards(_result(1, (0, 30)), "win") == (-1.0, 1.0, -1.0, 1.0)
    assert codec.rewards(_result(None, (0, 0)), "win") == (0.0,) * 4
    assert codec.rewards(_result(0, (25, 0)), "points") == (25.0, -25.0, 25.0, -25.0)
    three = Codec(configure("muggins", players=3))
    r = three.rewards(HandResult("domino", 2, (5, 0, 20), (0, 0, 20), (0, 0, 0), 2, ""), "win")
    assert r == (-0.5, -0.5, 1.0) and sum(r) == 0
    r = three.rewards(HandResult("domino", 2, (5, 0, 20), (0, 0, 20), (0, 0, 0), 2, ""), "points")
    assert r == (5 - 10, 0 - 12.5, 20 - 2.5) and sum(r) == 0
    with pytest.raises(ValueError, match="unknown reward"):
        codec.rewards(_result(0, (1, 0)), "money")


def test_debits_count_against() -> None:
    """Domino Whist's points are debits: a lower score is better, so "points" is negated."""
    whist = configure("domino-whist")
    assert not higher_is_better(whist)
    assert higher_is_better(configure("block"))
    codec = Codec(whist)
    assert codec.rewards(_result(1, (12, 0)), "points") == (-12.0, 12.0, -12.0, 12.0)


@pytest.mark.parametrize("game", list(GAMES))
def test_trick_tables_are_encoded(game: str) -> None:
    """A trick-taking game's table (trumps, the trick in play, tricks won, decisions) has
    fields of its own, filled from the table; other games have none of them."""
    rules = GAMES[game].configure()
    codec = Codec(rules)
    names = {f.name for f in codec.fields}
    trick_fields = {"trump", "trick", "trick_leader", "won", "status", "owed", "discarded"}
    if not codec.tricks:
        assert not names & trick_fields
        return
    assert trick_fields <= names
    field = {f.name: f for f in codec.fields}
    n = rules.players
    seen_trick = False
    for state in random_hands(rules, 3, seed=8):
        table = state.table
        for seat in range(n):
            vec = codec.observation_vector(state.observation(seat))
            trump = vec[field["trump"].offset : field["trump"].offset + codec.pips]
            # A trump number is encoded; none (not named yet, no trumps) or the doubles (not a
            # number) leave the field empty.
            named = [table.trump] if 0 <= table.trump < codec.pips else []
            assert list(np.flatnonzero(trump)) == named
            for s, won in enumerate(table.won):
                assert vec[field["won"].offset + (s - seat) % n] * rules.hand_size == won
            for s, t in table.trick:
                seen_trick = True
                assert vec[field["trick"].offset + ((s - seat) % n) * codec.tiles + t] == 1
            status = field["status"].offset
            for s, st in enumerate(getattr(table, "status", ())):
                assert vec[status + ((s - seat) % n) * 4 + st] == 1
    assert seen_trick


def test_the_package_imports_no_research_library() -> None:
    """``import boneyard.research.env`` works without numpy, Gymnasium, PettingZoo or OpenSpiel."""
    code = (
        "import sys, boneyard.research.env; "
        "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
