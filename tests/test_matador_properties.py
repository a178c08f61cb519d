"""Properties of random games of Matador (RULES.md §2.7, §3 rows 2-8 and 23, §4.5), with hypothesis.

Every rule set (britannica, hoyle, modern) x 2-4 players (and partnerships with four) x the
double-six, double-nine and double-twelve sets, with matadors laid crosswise or with a chosen
exposed half, and drawing until playable or one tile then pass, is played by a seeded random
player. After every action: every tile is in exactly one place; ``legal_actions()`` is what
``apply()`` accepts, out of a superset of candidates (every held tile at every end, without an
``open`` and with every pip as its ``open``, plus draw and pass), and it equals a reference list
built here from RULES.md alone (touching halves make n+1, the matadors 0-0 and every tile making
n+1 go anywhere, drawing and passing per §3 rows 2-5); every ordinary play joins halves that make
the sum and never joins a blank; a matador shows the half its holder chose, or both halves when
laid crosswise. Every hand ends; its score is a reference scoring of the end position; a match's
totals are the sums of its hands; its record replays to the same totals.

The reference helpers at the top are shared with ``tests/rules/test_matador.py``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boneyard import DRAW, PASS, Action, IllegalAction, LineRules, LineState, Match, Play, get_game
from boneyard.core.layout import Layout
from boneyard.core.record import match_to_record, replay_record
from boneyard.core.tiles import DOUBLE, HIGH, LOW, PIPS, tiles_of
from conftest import snapshot

# A crosswise matador a-b (a > b) at an end: the engine codes the end's pip as BOTH + 16*a + b.
BOTH = 100


# ------------------------------------------------------------------------------ the reference
def target_sum(rules: LineRules) -> int:
    """The sum touching halves must make: n+1 for a double-n set (7, 10, 13), or ``sum:<n>``."""
    rule = str(rules.options["match_rule"])
    return rules.tiles.max_pip + 1 if rule == "sum" else int(rule.split(":")[1])


def is_matador(rules: LineRules, t: int) -> bool:
    """0-0 and every tile whose halves make the sum (RULES.md §2.7, MAT-8)."""
    return t == 0 or HIGH[t] + LOW[t] == target_sum(rules)


def end_halves(pip: int) -> list[int]:
    """The numbers an end shows: one, or both halves of a crosswise matador."""
    if pip >= BOTH:
        a, b = divmod(pip - BOTH, 16)
        return [a, b]
    return [pip]


def reference_plays(rules: LineRules, hand: int, layout: Layout) -> set[Action]:
    """Every legal play of ``hand`` by RULES.md: an ordinary tile where one of its halves and a
    number the end shows make the sum (exposing its other half); a matador on any end, once per
    half it may leave exposed (a double shows its number; crosswise shows both halves)."""
    s = target_sum(rules)
    crosswise = rules.options["matador_placement"] == "crosswise_both_open"
    out: set[Action] = set()
    for name, pip in zip(layout.names, layout.pips, strict=True):
        if pip < 0:
            continue
        for t in tiles_of(hand):
            a, b = HIGH[t], LOW[t]
            if is_matador(rules, t):
                if DOUBLE[t] or crosswise:
                    out.add(Play(t, name))
                else:
                    out |= {Play(t, name, a), Play(t, name, b)}
                continue
            shown = {
                other
                for h in end_halves(pip)
                for touch, other in ((a, b), (b, a))
                if touch + h == s
            }
            if len(shown) == 1:
                out.add(Play(t, name))
            else:
                out |= {Play(t, name, x) for x in shown}
    return out


def reference_legal(state: LineState) -> set[Action]:
    """The legal actions by RULES.md §3 rows 2-5: draw only while the stock is above the reserve
    (and once a turn with ``one_then_pass``); a player who can play must play, except that he may
    draw instead with ``voluntary_draw``, or when his only plays are matadors with
    ``matador_optional``; pass only when he can neither play nor draw."""
    rules = state.rules
    hand = state.hands[state.turn]
    o = rules.options
    if state.layout is None:
        # Any tile (or the one the rules name), a double once, any other tile either way round.
        lead = [state.required_lead] if state.required_lead >= 0 else list(tiles_of(hand))
        return {Play(t) if DOUBLE[t] else Play(t, None, x) for t in lead for x in (HIGH[t], LOW[t])}
    plays = reference_plays(rules, hand, state.layout)
    drawable = len(state.stock) - state.stock_pos - rules.reserve > 0
    can_draw = (
        o["draw_policy"] != "none"
        and drawable
        and not (o["draw_policy"] == "one_then_pass" and state.drew)
    )
    if not plays:
        return {DRAW} if can_draw else {PASS}
    only_matadors = all(isinstance(p, Play) and is_matador(rules, p.tile) for p in plays)
    if can_draw and (o["voluntary_draw"] or (o["matador_optional"] and only_matadors)):
        return {*plays, DRAW}
    return plays


def reference_end_points(
    rules: LineRules, hands: list[int], ended: str, out: int | None
) -> list[int]:
    """End-of-hand points per side (RULES.md §2.7 and §3 row 23) from the pips held: going out
    scores the pips of the other sides' hands; a blocked hand's lowest side scores both (all)
    hands (``combined``), the others' hands (``opponents``) or the others' total minus its own
    (``difference_total``); a tie for lowest scores nothing."""
    seat_pips = [sum(PIPS[t] for t in tiles_of(h)) for h in hands]
    side_pips = [sum(seat_pips[s] for s in side) for side in rules.sides]
    points = [0] * len(rules.sides)
    if ended == "domino":
        assert out is not None
        w = rules.side_of[out]
        points[w] = sum(p for i, p in enumerate(side_pips) if i != w)
        return points
    low = min(side_pips)
    if side_pips.count(low) > 1:
        return points
    w = side_pips.index(low)
    others = sum(side_pips) - low
    scoring = rules.options["blocked_scoring"]
    points[w] = {"combined": others + low, "opponents": others, "difference_total": others - low}[
        str(scoring)
    ]
    return points


# ------------------------------------------------------------------------------ configurations
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
BASE = settings()
CONFIG = st.fixed_dictionaries(
    {
        "rules": st.sampled_from(["britannica", "hoyle", "modern"]),
        "players": st.sampled_from([2, 3, 4, "4 partners"]),
        "tile_set": st.sampled_from(["double-six", "double-six", "double-nine", "double-twelve"]),
        "placement": st.sampled_from(["choose_exposed_half", "choose_exposed_half", "crosswise"]),
        "draw_policy": st.sampled_from([None, None, "one_then_pass"]),
    }
)


def configure_from(config: dict[str, Any], **extra: Any) -> LineRules:
    options: dict[str, Any] = dict(extra)
    players = config["players"]
    if players == "4 partners":
        players = 4
        options["partnerships"] = True
    if config["tile_set"] != "double-six":
        options["tile_set"] = config["tile_set"]
    if config["placement"] == "crosswise":
        options["matador_placement"] = "crosswise_both_open"
    if config["draw_policy"] is not None:
        options["draw_policy"] = config["draw_policy"]
    return get_game("matador").configure(config["rules"], options, players)


# ------------------------------------------------------------------------------ per-step checks
def check_tiles(state: LineState) -> None:
    """Hands, table and the stock left hold every tile of the set exactly once."""
    seen = 0
    places = [*state.hands, state.layout.placed if state.layout is not None else 0]
    places.extend(1 << t for t in state.stock[state.stock_pos :])
    for m in places:
        assert not seen & m, "a tile is in two places"
        seen |= m
    assert seen == state.rules.tiles.all_mask, "a tile is missing"


def candidates(state: LineState) -> list[Action]:
    """A superset of the legal actions: every held tile at every end (and at no end, as a lead),
    without an ``open`` and with every pip of the set as its ``open``; draw and pass."""
    hand = state.hands[state.turn]
    pips = range(state.rules.tiles.max_pip + 1)
    ends = [None, "X"] if state.layout is None else [*state.layout.names, "X"]
    out: list[Action] = [DRAW, PASS]
    for t in tiles_of(hand):
        for end in ends:
            out.append(Play(t, end))
            out.extend(Play(t, end, p) for p in pips)
    return out


def agrees(state: LineState, action: Action) -> bool:
    """Whether ``action`` is a listed play written loosely: without an ``open`` where the rules
    decide it, or with an ``open`` naming the pip it leaves showing anyway (RECORD.md). A lead
    without orientation is laid with its higher half toward L; a double led shows its number (an
    ``open`` naming another pip is refused)."""
    if not isinstance(action, Play):
        return False
    legal = state.legal_actions()
    t = action.tile
    if action.end is None:
        if DOUBLE[t]:
            return Play(t) in legal and action.open in (None, HIGH[t])
        return action.open is None and Play(t, None, LOW[t]) in legal
    if action.open is None:
        return False
    bare = Play(t, action.end)
    if bare not in legal:
        return False
    after = state.copy()
    after.apply(bare)
    assert after.layout is not None
    return after.layout.pips[after.layout.names.index(action.end)] == action.open


def check_legal(state: LineState) -> None:
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    assert set(legal) == reference_legal(state), (
        f"{state.layout and state.layout.open_ends()}: engine {sorted(map(str, legal))}, "
        f"reference {sorted(map(str, reference_legal(state)))}"
    )
    plays = [a for a in legal if isinstance(a, Play)]
    assert (PASS in legal) == (not plays and DRAW not in legal), "pass while able to act"
    before = snapshot(state)
    for action in candidates(state):
        if action in legal or agrees(state, action):
            state.copy().apply(action)  # must not raise
        else:
            with pytest.raises(IllegalAction):
                state.apply(action)
    assert snapshot(state) == before, "a rejected action changed the state"


def check_play(before: LineState, action: Action, after: LineState) -> None:
    """An ordinary tile joins halves that make the sum, never on a blank; a matador shows the
    chosen half, or both halves crosswise; a double shows one number."""
    if not isinstance(action, Play) or action.end is None or before.layout is None:
        return
    rules = after.rules
    assert after.layout is not None
    i = before.layout.names.index(action.end)
    was, now = before.layout.pips[i], after.layout.pips[i]
    t = action.tile
    a, b = HIGH[t], LOW[t]
    if is_matador(rules, t):
        if DOUBLE[t]:
            assert now == a
        elif rules.options["matador_placement"] == "crosswise_both_open":
            assert end_halves(now) == [a, b]
        else:
            assert now == action.open and now in (a, b)
        return
    assert now in (a, b)
    touching = b if now == a and a != b else a
    assert any(touching + h == target_sum(rules) for h in end_halves(was)), (
        f"{action}: {touching} against {end_halves(was)}"
    )
    assert 0 not in end_halves(was), f"{action} joined a blank"


def check_hand_end(state: LineState) -> None:
    rules = state.rules
    result = state.result
    assert state.over and result is not None
    if result.ended == "domino":
        assert result.out_seat is not None and not state.hands[result.out_seat]
    else:
        layout = state.layout
        assert layout is not None
        for seat, hand in enumerate(state.hands):
            assert not reference_plays(rules, hand, layout), f"seat {seat} could still play"
        assert state.drawable() == 0
    expected = reference_end_points(rules, state.hands, result.ended, result.out_seat)
    assert list(result.points) == expected
    assert list(result.pips) == [sum(PIPS[t] for t in tiles_of(h)) for h in state.hands]


def play_hand(state: LineState, rng: random.Random, stepwise: bool) -> None:
    steps = 0
    while not state.over:
        if stepwise:
            check_tiles(state)
            check_legal(state)
        legal = state.legal_tuple()
        action = legal[int(rng.random() * len(legal))]
        before = state.copy() if stepwise else state
        state.apply(action)
        if stepwise:
            check_play(before, action, state)
        steps += 1
        assert steps < 1000, "the hand does not end"
    check_tiles(state)
    check_hand_end(state)


def check_match(match: Match) -> None:
    totals = [0.0] * len(match.rules.sides)
    for h in match.hands:
        if h.result is None:
            break
        assert list(h.base_totals) == totals
        totals = [x + y for x, y in zip(totals, h.result.points, strict=True)]
    assert match.totals == totals
    if match.over:
        w = match.winner
        assert w is not None
        assert totals[w] >= match.rules.target_score and totals[w] == max(totals)


def check_record(match: Match) -> None:
    record = json.loads(json.dumps(match_to_record(match)))
    replay = replay_record(record)
    assert replay.disagreements == []
    assert replay.totals == match.totals
    assert replay.complete == match.over and replay.winner == match.winner
    for played, replayed in zip(match.hands, replay.match.hands, strict=True):
        assert replayed.history == played.history


# ------------------------------------------------------------------------------ the properties
# Every step checked is the slowest property: a third of the profile's examples.
@settings(BASE, max_examples=max(10, BASE.max_examples // 3))
@given(config=CONFIG, seed=SEEDS)
def test_every_step_of_random_hands(config: dict[str, Any], seed: int) -> None:
    match = Match(configure_from(config), seed=seed)
    rng = random.Random(seed)
    for _ in range(2):
        play_hand(match.hand, rng, stepwise=True)
        if match.next_hand() is None:
            break
    check_match(match)
    check_record(match)


@settings(BASE, max_examples=BASE.max_examples * 3)
@given(config=CONFIG, seed=SEEDS)
def test_whole_matches(config: dict[str, Any], seed: int) -> None:
    match = Match(configure_from(config), seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        play_hand(match.hand, rng, stepwise=False)
        if match.next_hand() is None:
            break
    assert match.over
    check_match(match)
    check_record(match)


@pytest.mark.parametrize("rule_set", ["britannica", "hoyle", "modern"])
@pytest.mark.parametrize("players", [2, 3, 4, "4 partners"])
def test_every_rule_set_finishes_a_match_for_every_player_count(
    rule_set: str, players: int | str
) -> None:
    config = {"rules": rule_set, "players": players, "tile_set": "double-six"}
    rules = configure_from({**config, "placement": "choose_exposed_half", "draw_policy": None})
    match = Match(rules, seed=7)
    rng = random.Random(7)
    while not match.over:
        play_hand(match.hand, rng, stepwise=len(match.hands) == 1)
        match.next_hand()
    check_match(match)
    check_record(match)
