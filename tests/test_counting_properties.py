"""Properties of random games of the counting games (RULES.md §2.3-2.5), with hypothesis.

Every counting game x rule set x 2-4 players (and partnerships with four, and the double-nine and
double-twelve sets) is played by a seeded random player that also claims (rightly, wrongly or not at
all) and calls muggins where scores are claimed. After every action: the count equals the sum of the
open ends recomputed here from the layout alone (RULES.md §0.3 and §5 item 7, not ``rules.count``);
every play scores what that count is worth (in ``auto`` mode no scoring play goes unscored; in
``claim`` mode a right claim scores, an unclaimed count waits for the next player's muggins call and
a wrong claim pays the opponent), except where an exact target ignores it; every tile is in exactly
one place; ``legal_actions()`` is what ``apply()`` accepts, claims and muggins calls included. At
the end of a hand its score equals a reference scoring of the counting presets; a finished match's
totals are the sums of its hands; its record replays to the same totals with no disagreement.

The helpers at the top (the reference count, a parser of actions written as the engine prints
them) are shared by the counting-game tests in ``tests/rules``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from boneyard import (
    DRAW,
    PASS,
    Action,
    IllegalAction,
    LineRules,
    LineState,
    Match,
    Muggins,
    Play,
    get_game,
    play,
)
from boneyard.apps.cli import build_app
from boneyard.core.layout import LONG, Layout
from boneyard.core.record import match_to_record, replay_record
from boneyard.core.tiles import DOUBLE, HIGH, LOW, PIPS, parse_tile, tiles_of
from conftest import RECORDS, load_record, snapshot

# ------------------------------------------------------------------------------ shared helpers


def reference_count(rules: LineRules, layout: Layout | None) -> int:
    """The count of ``layout`` by RULES.md §0.3 and §5 item 7, from the layout alone.

    The open ends are grouped by the tile at their tip. A plain tile adds the pips it shows (the
    lead shows two). A double adds both halves (one half with ``exposed_double_value=one_half``
    or doubles laid in line) once, however many of its sides are free. A spinner counts like a
    double while one of its long sides is free (with ``until_ends_covered`` while any side is);
    its free short ends add nothing themselves.
    """
    if layout is None:
        return 0
    o = rules.options
    halves = 2 if o["exposed_double_value"] == "both_halves" and o["doubles_crosswise"] else 1
    free: dict[int, list[tuple[int, int]]] = {}
    for pip, tip, kind in zip(layout.pips, layout.tips, layout.kinds, strict=True):
        if pip >= 0:
            free.setdefault(tip, []).append((pip, kind))
    total = 0
    for tip, ends in free.items():
        if layout.spinners >> tip & 1:
            long_free = any(kind == LONG for _, kind in ends)
            if long_free or o["spinner_ends_count"] == "until_ends_covered":
                total += halves * HIGH[tip]
        elif DOUBLE[tip]:
            total += halves * HIGH[tip]
        else:
            total += sum(pip for pip, _ in ends)
    return total


def reference_points(rules: LineRules, count: int) -> int:
    """What a play making ``count`` scores (RULES.md §3 rows 17-20, §4.3 T&F-2)."""
    o = rules.options
    if count <= 0:
        return 0
    scoring = o["count_scoring"]
    fives = scoring in ("fives", "fives_and_threes") and count % 5 == 0
    threes = scoring in ("threes", "fives_and_threes") and count % 3 == 0
    if o["score_unit"] == "per_multiple":
        return (count // 5 if fives else 0) + (count // 3 if threes else 0)
    return count if fives or threes else 0


def parse_action(text: str) -> Action:
    """An action written as the engine prints it: ``"5-2"`` (a lead, 5 toward L), ``"6-6"``,
    ``"5-0 at R"``, ``"5-0 at R claiming 10"``, ``"muggins 10"``, ``"draw"``, ``"pass"``."""
    words = text.split()
    if words == ["pass"]:
        return PASS
    if words == ["draw"]:
        return DRAW
    if words[0] == "muggins":
        return Muggins(int(words[1]))
    claim = None
    if "claiming" in words:
        k = words.index("claiming")
        claim = int(words[k + 1])
        words = words[:k]
    a, b = (int(x) for x in words[0].split("-"))
    t = parse_tile(words[0])
    if len(words) == 1:
        return Play(t, None, b if a != b else None, claim)
    assert words[1] == "at", text
    return Play(t, words[2], None, claim)


def apply_all(state: LineState, actions: Iterable[str]) -> list[int]:
    """Apply actions written as text; returns the points each one scored (``Move.points``)."""
    points = []
    for text in actions:
        state.apply(parse_action(text))
        points.append(state.history[-1].points)
    return points


def step_counts(state: LineState) -> list[int | None]:
    """The count after each move of a hand (``None`` after a draw, pass or muggins call), by
    replaying its history on a fresh state."""
    fresh = LineState.from_deal(
        state.rules,
        [list(tiles_of(m)) for m in state.deal],
        state.stock,
        state.leader if not state.finding_lead else None,
        lead_by_deal=state.lead_by_deal,
        totals=state.base_totals,
    )
    counts: list[int | None] = []
    for move in state.history:
        fresh.apply(move.action)
        counts.append(state.rules.count(fresh.layout) if type(move.action) is Play else None)
    return counts


# ------------------------------------------------------------------------------ configurations
GAMES = {
    "muggins": ("pagat", "britannica", "foster", "foster-spinner"),
    "all-threes": ("britannica", "foster"),
    "fives-and-threes": ("pub", "britannica"),
    "five-up": ("pagat", "tidwell"),
}
PRESETS = [(g, rs) for g, sets in GAMES.items() for rs in sets]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
BASE = settings()
CONFIG = st.fixed_dictionaries(
    {
        "preset": st.sampled_from(PRESETS),
        "players": st.sampled_from([2, 3, 4, "4 partners"]),
        "tile_set": st.sampled_from(["double-six", "double-six", "double-nine", "double-twelve"]),
        "mode": st.sampled_from([None, None, "auto", "claim"]),
    }
)


def configure_from(config: dict[str, Any], **extra: Any) -> LineRules:
    game, rule_set = config["preset"]
    options: dict[str, Any] = dict(extra)
    players = config["players"]
    if players == "4 partners":
        players = 4
        options["partnerships"] = True
    if config["tile_set"] != "double-six":
        options["tile_set"] = config["tile_set"]
    if config["mode"] is not None:
        options["muggins_mode"] = config["mode"]
    return get_game(game).configure(rule_set, options, players)


# ------------------------------------------------------------------------------ a random player
def choose(state: LineState, rng: random.Random) -> Action:
    """A legal action: uniform in ``auto`` mode; where scores are claimed, a play with the right
    claim, no claim or a wrong one, and usually a muggins call when one is open."""
    legal = state.legal_tuple()
    rules = state.rules
    if not rules.claims:
        return legal[int(rng.random() * len(legal))]
    calls = [a for a in legal if type(a) is Muggins]
    if calls and rng.random() < 0.7:
        return calls[0]
    base = [a for a in legal if type(a) is not Muggins and (type(a) is not Play or a.claim is None)]
    action = base[int(rng.random() * len(base))]
    if type(action) is not Play:
        return action
    points = rules.points_of_play(state.layout, action)
    x = rng.random()
    if x < 0.6 and points:
        return action.with_claim(points)
    if x < 0.85 or not rules.claim_values:
        return action
    return action.with_claim(rng.choice(rules.claim_values[:6]))  # usually wrong, and small


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
    """A superset of the legal actions: every held tile at every end (or led both ways), each
    without a claim, with the right claim, a wrong one and one no play can score; muggins calls
    for the open count and for others; draw and pass."""
    rules = state.rules
    hand = state.hands[state.turn]
    claims: list[int | None] = [None, 7, 10]
    if rules.claim_values:
        claims += [rules.claim_values[0], rules.claim_values[-1]]
    out: list[Action] = [DRAW, PASS, Muggins(5), Muggins(10), Muggins(1)]
    if state.unclaimed:
        out += [Muggins(state.unclaimed), Muggins(state.unclaimed + 1)]
    plays: list[Play] = []
    if state.layout is None:
        for t in tiles_of(hand):
            plays += [play(t)] if DOUBLE[t] else [play(t, None, LOW[t]), play(t, None, HIGH[t])]
    else:
        for name in (*state.layout.names, "X"):
            plays += [play(t, name) for t in tiles_of(hand)]
    legal = set(state.legal_tuple())
    for p in plays:
        right = rules.points_of_play(state.layout, p) if p in legal else 0
        for c in {*claims, right or None, right + 5}:
            out.append(p if c is None else p.with_claim(c))
    return out


def check_legal_is_what_apply_accepts(state: LineState) -> None:
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    before = snapshot(state)
    for action in candidates(state):
        if action in legal:
            state.copy().apply(action)  # must not raise
        else:
            with pytest.raises(IllegalAction):
                state.apply(action)
    assert snapshot(state) == before, "a rejected action changed the state"
    rules = state.rules
    calls = [a for a in legal if type(a) is Muggins]
    if rules.claims and state.unclaimed:
        # Muggins only for the exact unclaimed points, only for the next player, an opponent.
        maker = rules.side_of[state.unclaimed_by]
        mover = rules.side_of[state.turn]
        assert calls == ([Muggins(state.unclaimed)] if mover != maker else []), (
            f"seat {state.turn} (side {mover}) may call {calls} on a count left by seat "
            f"{state.unclaimed_by} (side {maker})"
        )
    else:
        assert calls == []
    plain = [a for a in legal if type(a) is Play and a.claim is None]
    claimed = {a for a in legal if type(a) is Play and a.claim is not None}
    if rules.claims:
        assert claimed == {p.with_claim(c) for p in plain for c in rules.claim_values}
    else:
        assert not claimed


def exact_ok(
    rules: LineRules, state: LineState, side: int, before: Sequence[int], points: int
) -> int:
    """``points`` as an exact target lets them stand for ``side`` (a score passing it is
    ignored)."""
    if rules.target_exact and state.base_totals[side] + before[side] + points > rules.target_score:
        return 0
    return points


def check_action(before: LineState, action: Action, after: LineState) -> None:
    """What ``action``, taken in ``before``, scored in ``after``."""
    rules = after.rules
    seat = before.turn
    side = rules.side_of[seat]
    move = after.history[-1]
    assert move.seat == seat
    gained = [a - b for a, b in zip(after.scores, before.scores, strict=True)]
    if type(action) is Muggins:
        assert action.points == before.unclaimed
        assert move.points == exact_ok(rules, after, side, before.scores, action.points)
        assert gained == [move.points if i == side else 0 for i in range(len(gained))]
        assert after.unclaimed == 0
        return
    if type(action) is not Play:
        assert move.points == 0 and gained == [0] * len(gained)
        return
    count = reference_count(rules, after.layout)
    assert rules.count(after.layout) == count, f"count of {after.layout}"
    right = reference_points(rules, count) if action.end is not None or rules.lead_scores else 0
    went_out = after.over and after.result is not None and after.result.out_seat == seat
    expected_gain = [0] * len(gained)
    if rules.claims and action.claim is None:
        expected = 0
        if not after.over:
            assert after.unclaimed == right
            if right:
                assert after.unclaimed_by == seat
    elif rules.claims and action.claim != right:
        expected = 0
        victim = (seat + 1) % rules.players
        while rules.side_of[victim] == side:
            victim = (victim + 1) % rules.players
        vside = rules.side_of[victim]
        expected_gain[vside] = exact_ok(rules, after, vside, before.scores, action.claim or 0)
    else:
        expected = right
    if went_out:
        # The going-out play and the chip-out points stand or fall together.
        end = rules.hand_result(after, "domino", seat).end_points[side]
        if exact_ok(rules, after, side, before.scores, expected + end) == 0:
            expected = 0
    else:
        expected = exact_ok(rules, after, side, before.scores, expected)
    assert move.points == expected, (
        f"{action} made count {count} worth {right}, scored {move.points}, expected {expected}"
    )
    expected_gain[side] += expected
    if not after.over:
        assert gained == expected_gain


# ------------------------------------------------------------------------------ end of a hand
def round5(x: int) -> int:
    return 5 * ((x + 2) // 5)


def reference_end_points(state: LineState) -> list[int]:
    """End-of-hand points per side for the counting presets, before an exact target."""
    rules = state.rules
    o = rules.options
    result = state.result
    assert result is not None
    sides = rules.sides
    pips = [sum(PIPS[t] for t in tiles_of(h)) for h in state.hands]
    side_pips = [sum(pips[s] for s in side) for side in sides]
    per = 5 if o["score_unit"] == "per_multiple" else 1
    points = [0] * len(sides)
    if result.ended == "domino":
        assert result.out_seat is not None
        w = rules.side_of[result.out_seat]
        if o["domino_points"] == "fixed:1":
            points[w] = 1
        else:
            assert o["domino_points"] == "pips_round5"
            points[w] = round5(sum(p for i, p in enumerate(side_pips) if i != w)) // per
        return points
    low = min(side_pips)
    if side_pips.count(low) > 1 or o["blocked_scoring"] == "fixed:0":
        return points
    w = side_pips.index(low)
    others = sum(p for i, p in enumerate(side_pips) if i != w)
    if o["blocked_scoring"] == "opponents":
        points[w] = round5(others) // per
    else:
        assert o["blocked_scoring"] == "difference_total"
        points[w] = round5(others - low) // per
    return points


def check_hand_end(state: LineState) -> None:
    rules = state.rules
    result = state.result
    assert state.over and result is not None
    if result.ended == "domino":
        seat = result.out_seat
        assert seat is not None and not state.hands[seat]
        if rules.both_partners_out:
            assert not any(state.hands[s] for s in rules.sides[rules.side_of[seat]])
    else:
        assert all(not (h & rules.playable_mask(state.layout)) for h in state.hands)
        assert state.drawable() == 0 or not rules.can_draw
    expected = reference_end_points(state)
    for side, pts in enumerate(result.end_points):
        if rules.target_exact and pts == 0 and expected[side]:
            # Ignored: with the going-out play's own points it would have passed the target.
            last = state.history[-1]
            raw = 0
            if result.out_seat is not None and rules.side_of[result.out_seat] == side:
                assert last.points == 0
                raw = reference_points(rules, reference_count(rules, state.layout))
                if rules.claims and last.action.claim != raw:  # type: ignore[attr-defined]
                    raw = 0
            total = state.base_totals[side] + state.scores[side] + expected[side] + raw
            assert total > rules.target_score, f"end points {pts}, expected {expected[side]}"
        else:
            assert pts == expected[side], f"end points {result.end_points}, expected {expected}"
    assert list(result.points) == [
        s + e for s, e in zip(state.scores, result.end_points, strict=True)
    ]
    assert sum(m.points for m in state.history) + sum(p for _, _, p in state.penalties) == sum(
        state.scores
    )
    if rules.target_exact:
        for side, pts in enumerate(result.points):
            assert state.base_totals[side] + pts <= rules.target_score


def play_hand(state: LineState, rng: random.Random, stepwise: bool) -> None:
    steps = 0
    while not state.over:
        check_tiles(state)
        if stepwise:
            check_legal_is_what_apply_accepts(state)
        action = choose(state, rng)
        before = state.copy()
        state.apply(action)
        check_action(before, action, state)
        steps += 1
        assert steps < 1000, "the hand does not end"
    check_tiles(state)
    check_hand_end(state)


def check_match(match: Match) -> None:
    rules = match.rules
    finished = [h for h in match.hands if h.result is not None]
    totals = [0] * len(rules.sides)
    for h in finished:
        assert list(h.base_totals) == totals
        totals = [a + b for a, b in zip(totals, h.result.points, strict=True)]  # type: ignore[union-attr]
    assert match.totals == totals
    if match.over:
        w = match.winner
        assert w is not None
        if rules.target_exact:
            assert totals[w] == rules.target_score
            assert all(t <= rules.target_score for t in totals)
        else:
            assert totals[w] >= rules.target_score and totals[w] == max(totals)


def check_record(match: Match) -> None:
    record = json.loads(json.dumps(match_to_record(match)))
    replay = replay_record(record)
    assert replay.disagreements == []
    assert replay.totals == match.totals
    assert replay.complete == match.over and replay.winner == match.winner
    for played, replayed in zip(match.hands, replay.match.hands, strict=True):
        assert [m.points for m in replayed.history] == [m.points for m in played.history]
        assert replayed.penalties == played.penalties


# ------------------------------------------------------------------------------ the properties
# Every step checked is the slowest property: a third of the profile's examples.
@settings(BASE, max_examples=max(10, BASE.max_examples // 3))
@given(config=CONFIG, seed=SEEDS)
def test_every_step_of_random_hands(config: dict[str, Any], seed: int) -> None:
    rules = configure_from(config)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(2):
        play_hand(match.hand, rng, stepwise=True)
        if match.next_hand() is None:
            break
    check_match(match)
    check_record(match)


@settings(BASE, max_examples=BASE.max_examples * 2)
@given(config=CONFIG, seed=SEEDS, target=st.sampled_from([None, None, 31]))
def test_whole_matches(config: dict[str, Any], seed: int, target: int | None) -> None:
    extra = {} if target is None else {"target_score": target}
    rules = configure_from(config, **extra)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        play_hand(match.hand, rng, stepwise=False)
        if match.next_hand() is None:
            break
    assert match.over
    check_match(match)
    check_record(match)


@pytest.mark.parametrize(("game", "rule_set"), PRESETS)
def test_every_preset_finishes_a_match_for_every_player_count(game: str, rule_set: str) -> None:
    for players in (2, 3, 4):
        config = {"preset": (game, rule_set), "players": players, "tile_set": "double-six"}
        rules = configure_from({**config, "mode": None})
        match = Match(rules, seed=players)
        rng = random.Random(players)
        while not match.over:
            play_hand(match.hand, rng, stepwise=False)
            match.next_hand()
        check_match(match)
        check_record(match)


@pytest.mark.parametrize(
    "config",
    [
        {"preset": ("fives-and-threes", "pub"), "players": "4 partners", "mode": "claim"},
        {"preset": ("muggins", "pagat"), "players": "4 partners", "mode": "claim"},
        {"preset": ("muggins", "foster-spinner"), "players": 3, "mode": None},
        {"preset": ("all-threes", "foster"), "players": 4, "mode": None},
    ],
    ids=["pub-partners-claim", "pagat-partners-claim", "foster-spinner-3p", "all-threes-foster-4p"],
)
@pytest.mark.parametrize("seed", range(3))
def test_claims_step_by_step(config: dict[str, Any], seed: int) -> None:
    # Not left to hypothesis's draw: claims and muggins calls with partnerships and three seats.
    rules = configure_from({**config, "tile_set": "double-six"})
    match = Match(rules, seed=seed)
    play_hand(match.hand, random.Random(seed), stepwise=True)


# ------------------------------------------------------------------------------ the records
COUNTING_RECORDS = sorted(
    p.name
    for p in RECORDS.iterdir()
    if p.name.startswith(("muggins_", "all_threes_", "fives_and_threes_"))
)


def test_the_counting_records() -> None:
    assert COUNTING_RECORDS == [
        "all_threes_britannica_3p.json",
        "all_threes_foster_match.json",
        "all_threes_hand.json",
        "fives_and_threes_britannica_3p.json",
        "fives_and_threes_partner_muggins.json",
        "fives_and_threes_pub_blocked.json",
        "fives_and_threes_pub_domino.json",
        "fives_and_threes_pub_match.json",
        "fives_and_threes_pub_partners.json",
        "fives_and_threes_tf1_britannica.json",
        "muggins_foster_match.json",
        "muggins_foster_spinner_3p.json",
        "muggins_mug11_claims.json",
        "muggins_mug12_per_multiple.json",
        "muggins_mug1_claims.json",
        "muggins_mug1_foster.json",
        "muggins_mug2.json",
        "muggins_mug3.json",
        "muggins_mug3b.json",
        "muggins_mug5_line.json",
        "muggins_mug6_foster_spinner.json",
        "muggins_mug6_pagat.json",
        "muggins_mug7_pagat.json",
        "muggins_mug9_blocked.json",
        "muggins_pagat_blocked.json",
        "muggins_pagat_match.json",
    ]


@pytest.mark.parametrize("name", COUNTING_RECORDS)
def test_every_counting_record_replays_and_scores_by_the_count(name: str) -> None:
    record = load_record(name)
    replay = replay_record(record)
    assert replay.disagreements == []
    for written, summary in zip(record["hands"], replay.hands, strict=True):
        assert "result" in written or summary.ended == "unfinished"
    assert replay.totals == [
        sum(h.points[i] for h in replay.hands) for i in range(len(replay.sides))
    ]
    # Every move re-checked against the reference count and scoring.
    for state in replay.match.hands:
        fresh = LineState.from_deal(
            state.rules,
            [list(tiles_of(m)) for m in state.deal],
            state.stock,
            state.leader,
            lead_by_deal=state.lead_by_deal,
            totals=state.base_totals,
        )
        for move in state.history:
            before = fresh.copy()
            fresh.apply(move.action)
            check_action(before, move.action, fresh)
            check_tiles(fresh)
        if fresh.over:
            check_hand_end(fresh)
    # Written again from the replayed match, the record replays the same.
    again = replay_record(json.loads(json.dumps(match_to_record(replay.match, record["players"]))))
    assert again.to_json() == replay.to_json()


@pytest.mark.parametrize("name", COUNTING_RECORDS)
def test_boneyard_replay_command(name: str) -> None:
    app = build_app()
    result = CliRunner().invoke(app, ["replay", str(RECORDS / name), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == replay_record(load_record(name)).to_json()
    sheet = CliRunner().invoke(app, ["replay", str(RECORDS / name)])
    assert sheet.exit_code == 0, sheet.output


# --------------------------------------------------------------------------- the reference itself
@pytest.mark.parametrize(
    ("game", "rule_set", "actions", "counts"),
    [
        # MUG-1 (line, crosswise doubles).
        ("muggins", "britannica", ["5-5", "5-0 at R", "0-0 at R", "6-5 at L", "4-0 at R"],
         [10, 10, 10, 6, 10]),
        # MUG-6 (a spinner, sides first).
        ("muggins", "pagat", ["3-3", "6-3 at L", "4-3 at R", "5-3 at U", "3-0 at D", "6-6 at L",
                              "4-4 at R", "5-5 at U", "5-0 at D"],
         [6, 12, 10, 15, 15, 21, 25, 30, 35]),
        # S2's variant: a short end first; the spinner still counts while its sides are free.
        ("muggins", "foster-spinner", ["3-3", "5-3 at U", "6-3 at L", "4-3 at R"],
         [6, 11, 17, 15]),
        # T&F-1.
        ("fives-and-threes", "britannica", ["6-5", "6-1 at L", "5-1 at L", "5-5 at R"],
         [11, 6, 10, 15]),
    ],
)  # fmt: skip
def test_the_reference_count_on_worked_examples(
    game: str, rule_set: str, actions: list[str], counts: list[int]
) -> None:
    # Every deal gives the tiles of the sequence to the seats that play them.
    seqs: list[list[str]] = [[], []]
    for i, text in enumerate(actions):
        seqs[i % 2].append(text.split()[0])
    rules = get_game(game).configure(
        rule_set, {"first_lead": "random", "lead_tile": "any", "muggins_mode": "auto"}, 2
    )
    rest = [t for t in range(28) if all(parse_tile(x) != t for s in seqs for x in s)]
    hands = [[parse_tile(x) for x in s] for s in seqs]
    for h in hands:
        while len(h) < rules.hand_size:
            h.append(rest.pop())
    state = LineState.from_deal(rules, hands, rest, 0, lead_by_deal=False)
    got = []
    for text in actions:
        state.apply(parse_action(text))
        got.append(reference_count(rules, state.layout))
    assert got == counts
    assert step_counts(state) == counts


@pytest.mark.parametrize(
    ("game", "rule_set", "table"),
    [
        ("muggins", "britannica", {0: 0, 5: 5, 10: 10, 12: 0, 15: 15, 20: 20, 35: 35, 7: 0}),
        ("all-threes", "britannica", {0: 0, 3: 3, 6: 6, 9: 9, 10: 0, 12: 12, 15: 15}),
        ("fives-and-threes", "pub", {0: 0, 3: 1, 5: 1, 6: 2, 10: 2, 15: 8, 20: 4, 21: 7}),
    ],
)
def test_the_reference_points(game: str, rule_set: str, table: dict[int, int]) -> None:
    rules = get_game(game).configure(rule_set)
    assert {c: reference_points(rules, c) for c in table} == table
    assert {c: rules.points_for(c) for c in table} == table
