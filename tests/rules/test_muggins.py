"""Muggins / All Fives (RULES.md §2.3): the worked examples MUG-1..MUG-12 of §4.1 (as game records
where they are sequences of plays), the seed errors of §5 items 1 and 7, what tells the rule sets
pagat, britannica, foster and foster-spinner apart, and the effect of each option of the counting
games (score_unit, count_scoring, lead_scores, zero_count_scores, exposed_double_value,
spinner_ends_count, muggins_mode, false_claim_penalty, team_out_rule, target_exact).

Records are in ``tests/records/muggins_*.json``; the reference count used to double-check the
engine's is in ``tests/test_counting_properties.py``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from boneyard import DRAW, PASS, LineState, Match, Muggins, Play, play
from boneyard.apps.cli import build_app
from boneyard.core.record import RecordError, Replay, replay_record
from boneyard.core.tiles import DOUBLE, HIGH, LOW, PIPS, tiles_of
from boneyard.players.agents import make_agent
from conftest import (
    RECORDS,
    StubRng,
    T,
    arranged,
    assert_illegal,
    build,
    configure,
    load_record,
    strs,
    tiles,
    with_options,
)
from test_counting_properties import (
    apply_all,
    parse_action,
    reference_count,
    reference_points,
    step_counts,
)

RULE_SETS = ["pagat", "britannica", "foster", "foster-spinner"]


def replayed(name: str, **options: Any) -> Replay:
    record = load_record(name)
    return replay_record(with_options(record, **options) if options else record)


def move_points(replay: Replay, hand: int = 0) -> list[int]:
    return [m.points for m in replay.match.hands[hand].history]


def reference_counts(replay: Replay, hand: int = 0) -> list[int | None]:
    """The reference count after each move of a replayed hand (``None`` after a non-play)."""
    state = replay.match.hands[hand]
    fresh = LineState.from_deal(
        state.rules,
        [list(tiles_of(m)) for m in state.deal],
        state.stock,
        state.leader,
        lead_by_deal=state.lead_by_deal,
    )
    out: list[int | None] = []
    for move in state.history:
        fresh.apply(move.action)
        out.append(
            reference_count(state.rules, fresh.layout) if type(move.action) is Play else None
        )
    return out


def seq_state(
    rule_set: str,
    hands: list[str],
    game: str = "muggins",
    players: int = 2,
    totals: list[int] | None = None,
    **options: Any,
) -> LineState:
    """A new hand in which seat 0 is to lead (any tile may lead) and seat i holds the tiles of
    ``hands[i]``, each hand filled up to the hand size with other tiles."""
    rules = configure(game, rule_set, players, first_lead="random", lead_tile="any", **options)
    named = [[T(x) for x in h.split()] for h in hands]
    named += [[] for _ in range(players - len(named))]
    used = {t for h in named for t in h}
    rest = [t for t in range(rules.tiles.size) if t not in used]
    for h in named:
        while len(h) < rules.hand_size:
            h.append(rest.pop(0))
    return LineState.from_deal(rules, named, rest, 0, lead_by_deal=False, totals=totals)


def lead_state(rule_set: str, lead: str, **options: Any) -> LineState:
    """A new hand in which seat 0, holding ``lead``, is to lead."""
    return seq_state(rule_set, [lead], **options)


def lead(state: LineState, text: str) -> int:
    """Lead ``text`` (``"a-b"``: a toward L); the points it scored."""
    return apply_all(state, [text])[0]


# ------------------------------------------------------------------------------------------ MUG-1
# RECORD.md's example record, and the JSON that `boneyard replay --json` prints for it.
RECORD_MD_OUTPUT = {
    "game": "muggins",
    "rules": "foster",
    "sides": [[0], [1]],
    "hands": [{"points": [30, 10], "ended": "unfinished", "winner": None}],
    "totals": [30, 10],
    "complete": False,
    "winner": None,
}


def test_mug1_record_md_example_replays_to_its_json_output_exactly() -> None:
    record = load_record("muggins_mug1_foster.json")
    assert (record["rules"], record["options"]) == ("foster", {"muggins_mode": "auto"})
    replay = replay_record(record)
    assert replay.disagreements == []
    assert replay.to_json() == RECORD_MD_OUTPUT
    assert json.dumps(replay.to_json()) == json.dumps(RECORD_MD_OUTPUT)  # key order too
    assert replay.record["meta"] == {"date": "2026-11-20", "event": "club night"}
    # `boneyard replay FILE --json` prints it on one line.
    result = CliRunner().invoke(
        build_app(), ["replay", str(RECORDS / "muggins_mug1_foster.json"), "--json"]
    )
    assert result.exit_code == 0
    assert result.stdout == json.dumps(RECORD_MD_OUTPUT) + "\n"


def test_mug1_move_by_move() -> None:
    replay = replayed("muggins_mug1_foster.json")
    state = replay.match.hand
    # Seat 0 leads 5-5 because it holds the highest double dealt.
    assert (state.leader, state.lead_by_deal) == (0, True)
    assert step_counts(state) == [10, 10, 10, 6, 10]
    assert reference_counts(replay) == [10, 10, 10, 6, 10]
    assert move_points(replay) == [10, 10, 10, 0, 10]
    assert [m.seat for m in state.history] == [0, 1, 0, 1, 0]
    assert state.scores == [30, 10]
    assert state.rules.explain(state.layout) == "ends 6 + 4 = 10 -> 10 points"


def test_mug1_with_every_count_claimed() -> None:
    replay = replayed("muggins_mug1_claims.json")
    assert replay.rules.claims
    assert replay.disagreements == []
    assert move_points(replay) == [10, 10, 10, 0, 10]
    assert replay.totals == [30, 10]
    assert replay.match.hand.penalties == []


def test_mug1_unclaimed_counts_score_nothing_in_foster_claim_mode() -> None:
    # The same plays without claims under foster's own mode: nobody called muggins.
    record = load_record("muggins_mug1_foster.json")
    del record["options"]
    replay = replay_record(record)
    assert replay.rules.claims
    assert move_points(replay) == [0, 0, 0, 0, 0]
    assert replay.totals == [0, 0]
    assert replay.disagreements == [
        "hand 1: the record's result is [30, 10] but the replay gives [0, 0]"
    ]
    # The last count (10) is still open for seat 1's muggins call.
    state = replay.match.hand
    assert (state.turn, state.unclaimed, state.unclaimed_by) == (1, 10, 0)
    assert Muggins(10) in state.legal_actions()


def test_mug1_claims_are_refused_in_auto_mode() -> None:
    record = with_options(load_record("muggins_mug1_claims.json"), muggins_mode="auto")
    with pytest.raises(RecordError, match=r"hand 1, move 1: muggins has no claims"):
        replay_record(record)
    record["hands"][0]["moves"][0].pop("claim")
    with pytest.raises(RecordError, match=r"hand 1, move 2: muggins has no claims"):
        replay_record(record)


# ---------------------------------------------------------------------------- MUG-2, MUG-3, MUG-3b
@pytest.mark.parametrize(
    ("name", "counts", "points"),
    [
        ("muggins_mug2.json", [6, 10], [0, 10]),  # lone 2-4; 4-4 crosswise on the 4: 2 + 8
        ("muggins_mug3.json", [7, 5], [0, 5]),  # lone 6-1; 6-4 on the 6: 1 + 4
        ("muggins_mug3b.json", [6, 5], [0, 5]),  # lone 2-4; 4-3 on the 4: 2 + 3
    ],
)
def test_mug2_mug3_mug3b(name: str, counts: list[int], points: list[int]) -> None:
    replay = replayed(name)
    assert replay.disagreements == []
    assert replay.rules.rule_set == "britannica"
    assert step_counts(replay.match.hand) == counts
    assert reference_counts(replay) == counts
    assert move_points(replay) == points
    assert replay.totals == [0, points[1]]


def test_mug2_explained() -> None:
    state = replayed("muggins_mug2.json").match.hand
    assert state.rules.explain(state.layout) == "ends 2 + 8 = 10 -> 10 points"


def test_mug2_with_a_double_counted_once() -> None:
    # exposed_double_value=one_half: the crosswise 4-4 adds 4, the count is 6 and scores nothing.
    replay = replayed("muggins_mug2.json", exposed_double_value="one_half")
    assert step_counts(replay.match.hand) == [6, 6]
    assert move_points(replay) == [0, 0]


# ------------------------------------------------------------------------------------------ MUG-4
LEADS = [
    ("5-5", 10, 10),
    ("6-4", 10, 10),
    ("5-0", 5, 5),
    ("3-2", 5, 5),
    ("4-1", 5, 5),  # missing from S0's list (RULES.md §5 item 1)
    ("6-6", 12, 0),
    ("0-0", 0, 0),  # zero never scores
    ("6-3", 9, 0),
    ("4-4", 8, 0),
]


@pytest.mark.parametrize("rule_set", RULE_SETS)
@pytest.mark.parametrize(("tile", "count", "points"), LEADS)
def test_mug4_lead_scores_from_its_count(rule_set: str, tile: str, count: int, points: int) -> None:
    state = lead_state(rule_set, tile, muggins_mode="auto")
    assert lead(state, tile) == points
    assert state.rules.count(state.layout) == count
    assert reference_count(state.rules, state.layout) == count
    assert state.scores == [points, 0]
    assert state.rules.points_of_play(None, parse_action(tile)) == points  # type: ignore[arg-type]


def test_seed_error_1_four_one_lead_scores_five_under_britannica() -> None:
    # S0 lists 5-5, 6-4, 5-0 and 3-2 as the scoring leads; the count makes 4-1 score 5 too.
    state = lead_state("britannica", "4-1")
    assert lead(state, "4-1") == 5
    assert state.scores == [5, 0]
    assert state.rules.explain(state.layout) == "ends 4 + 1 = 5 -> 5 points"


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_seed_error_1_every_lead_scores_by_its_count_not_a_list(rule_set: str) -> None:
    rules = configure("muggins", rule_set, 2)
    scoring = set()
    for t in range(28):
        led = play(t) if DOUBLE[t] else play(t, None, LOW[t])
        points = rules.points_of_play(None, led)
        assert points == reference_points(rules, PIPS[t]), led
        if points:
            scoring.add(str(led))
    assert scoring == {"5-5", "6-4", "5-0", "3-2", "4-1"}


def test_mug4_an_unclaimed_lead_is_the_next_players_muggins() -> None:
    state = lead_state("foster", "4-1")
    assert lead(state, "4-1") == 0
    assert (state.unclaimed, state.unclaimed_by, state.turn) == (5, 0, 1)
    assert [a for a in state.legal_actions() if type(a) is Muggins] == [Muggins(5)]
    state.apply(Muggins(5))
    assert state.history[-1].points == 5
    assert state.scores == [0, 5]


# ------------------------------------------------------------------------------------------ MUG-5
def test_mug5_twenty_in_a_line() -> None:
    replay = replayed("muggins_mug5_line.json")
    assert replay.disagreements == []
    assert step_counts(replay.match.hand) == [10, 16, 20]
    assert reference_counts(replay) == [10, 16, 20]
    assert move_points(replay) == [10, 0, 20]
    assert replay.totals == [30, 0]


def test_mug5_twenty_is_the_most_a_line_can_score_and_only_with_6_6_and_4_4() -> None:
    # Every line of up to three tiles: every end state (a pip, or a crosswise double) is reached.
    rules = configure("muggins", "britannica", 2)
    best = 0
    twenties = set()
    layouts = []
    for t in range(28):
        for right in {LOW[t], HIGH[t]}:
            layouts.append(rules.lead_layout(t, right))
    for _ in range(2):
        grown = []
        for lay in layouts:
            for i, name in enumerate(lay.names):
                for t in range(28):
                    if not lay.placed >> t & 1 and rules.end_mask[lay.pips[i]] >> t & 1:
                        grown.append(rules.lay(lay, play(t, name)))
        layouts += grown
    for lay in layouts:
        count = rules.count(lay)
        if rules.points_for(count):
            best = max(best, count)
            if count == 20:
                twenties.add(frozenset(lay.tips))
    assert best == 20
    assert twenties == {frozenset({T("6-6"), T("4-4")})}


# ------------------------------------------------------------------------------------------ MUG-6
MUG6_COUNTS = [6, 12, 10, 15, 15, 21, 25, 30, 35]
MUG6_POINTS = [0, 0, 10, 15, 15, 0, 25, 30, 35]


def test_mug6_thirty_five_with_a_spinner_pagat() -> None:
    replay = replayed("muggins_mug6_pagat.json")
    assert replay.disagreements == []
    assert step_counts(replay.match.hand) == MUG6_COUNTS
    assert reference_counts(replay) == MUG6_COUNTS
    assert move_points(replay) == MUG6_POINTS
    assert replay.totals == [85, 45]
    state = replay.match.hand
    assert state.rules.explain(state.layout) == "ends 12 + 8 + 10 + 5 = 35 -> 35 points"


def test_mug6_is_also_valid_under_foster_spinner_with_claims() -> None:
    replay = replayed("muggins_mug6_foster_spinner.json")
    assert replay.rules.rule_set == "foster-spinner" and replay.rules.claims
    assert replay.disagreements == []
    assert step_counts(replay.match.hand) == MUG6_COUNTS
    assert move_points(replay) == MUG6_POINTS
    assert replay.totals == [85, 45]
    claims = [getattr(m.action, "claim", None) for m in replay.match.hand.history]
    assert claims == [None, None, 10, 15, 15, None, 25, 30, 35]


def test_mug6_pagat_record_under_foster_spinner_rules() -> None:
    # The same plays are legal, and count the same, when the ends may be opened at any time.
    record = load_record("muggins_mug6_pagat.json")
    record["rules"] = "foster-spinner"
    record["options"] = {"muggins_mode": "auto", "first_lead": "random", "lead_tile": "any"}
    replay = replay_record(record)
    assert replay.disagreements == []
    assert move_points(replay) == MUG6_POINTS


# ------------------------------------------------------------------------------------------ MUG-7
def test_mug7_spinner_six_six_then_six_three() -> None:
    replay = replayed("muggins_mug7_pagat.json")
    assert replay.disagreements == []
    assert step_counts(replay.match.hand) == [12, 15]
    assert reference_counts(replay) == [12, 15]
    assert move_points(replay) == [0, 15]
    state = replay.match.hand
    assert state.rules.explain(state.layout) == "ends 3 + 12 = 15 -> 15 points"


# ------------------------------------------------------------------------------------------ MUG-8
ROUNDING = [(27, 25), (28, 30), (12, 10), (13, 15), (0, 0), (1, 0), (2, 0), (3, 5), (4, 5),
            (22, 20), (23, 25)]  # fmt: skip
# A hand holding each number of pips.
HOLDING = {0: "", 1: "1-0", 2: "2-0", 3: "3-0", 4: "4-0", 12: "6-6", 13: "6-6 1-0",
           22: "6-6 6-4", 23: "6-6 6-5", 27: "6-6 6-5 4-0", 28: "6-6 6-5 5-0"}  # fmt: skip


@pytest.mark.parametrize(("pips", "rounded"), ROUNDING)
def test_mug8_rounding_table(pips: int, rounded: int) -> None:
    rules = configure("muggins", "britannica", 2)
    assert rules._round(pips) == rounded


@pytest.mark.parametrize("rule_set", RULE_SETS)
@pytest.mark.parametrize(("pips", "rounded"), ROUNDING)
def test_mug8_going_out_scores_the_opponents_pips_rounded(
    rule_set: str, pips: int, rounded: int
) -> None:
    state = arranged("muggins", rule_set, 2, ["", HOLDING[pips]])
    result = state.rules.hand_result(state, "domino", 0)
    assert result.pips == (0, pips)
    assert (result.winner, result.end_points) == (0, (rounded, 0))


def test_mug8_rounding_formula() -> None:
    rules = configure("muggins", "pagat", 2)
    assert [rules._round(p) for p in range(200)] == [5 * ((p + 2) // 5) for p in range(200)]


def test_mug8_in_a_played_hand() -> None:
    # Seat 0 goes out while seat 1 holds 27 pips: 25 (face value).
    replay = replayed("muggins_mug12_per_multiple.json", score_unit="face")
    result = replay.match.hand.result
    assert result is not None
    assert (result.ended, result.out_seat, result.pips) == ("domino", 0, (0, 27))
    assert result.end_points == (25, 0)


# ------------------------------------------------------------------------------------------ MUG-9
def test_mug9_blocked_the_lowest_scores_the_others_pips_rounded() -> None:
    replay = replayed("muggins_mug9_blocked.json")
    assert replay.disagreements == []
    state = replay.match.hand
    result = state.result
    assert result is not None
    assert (result.ended, result.winner, result.pips) == ("blocked", 0, (8, 27))
    assert result.end_points == (25, 0)  # "without addition or subtraction"
    assert state.scores == [15, 0]  # 6-4 made 5, 5-4 made 10
    assert move_points(replay) == [
        reference_points(replay.rules, c) if c is not None else 0 for c in reference_counts(replay)
    ]
    assert replay.to_json()["hands"] == [{"points": [40, 0], "ended": "blocked", "winner": 0}]
    # Nobody can play, and the stock is down to the two tiles never drawn.
    assert state.drawable() == 0 and state.stock_size() == 2


def test_mug9_blocked_with_difference_total() -> None:
    replay = replayed("muggins_mug9_blocked.json", blocked_scoring="difference_total")
    result = replay.match.hand.result
    assert result is not None and result.end_points == (20, 0)  # 27 - 8 = 19 -> 20
    assert replay.hands[0].points == [35, 0]


@pytest.mark.parametrize(
    ("rule_set", "options", "expected"),
    [
        ("britannica", {}, 25),
        ("foster", {}, 25),
        ("foster-spinner", {}, 25),
        ("pagat", {}, 20),  # pagat: the others' total minus the winner's, rounded
        ("britannica", {"blocked_scoring": "difference_total"}, 20),
        ("britannica", {"blocked_scoring": "combined"}, 35),
    ],
)
def test_mug9_arranged(rule_set: str, options: dict[str, Any], expected: int) -> None:
    state = arranged("muggins", rule_set, 2, ["4-4", HOLDING[27]], **options)
    result = state.rules.hand_result(state, "blocked", None)
    assert result.pips == (8, 27)
    assert (result.winner, result.end_points) == (0, (expected, 0))


# ----------------------------------------------------------------------------------------- MUG-10
@pytest.mark.parametrize(
    ("hands", "scope", "expected"),
    [
        (["", "6-6", "6-5 1-0"], "total", 25),  # 12 + 12 = 24 -> 25
        (["", "6-6", "6-5 1-0"], "per_opponent", 20),  # 10 + 10
        (["", "6-6", "6-5 2-0"], "total", 25),  # 12 + 13 = 25
        (["", "6-6", "6-5 2-0"], "per_opponent", 25),  # 10 + 15
    ],
)
def test_mug10_rounding_scope_three_players(hands: list[str], scope: str, expected: int) -> None:
    state = arranged("muggins", "britannica", 3, hands, round_scope=scope)
    result = state.rules.hand_result(state, "domino", 0)
    assert result.end_points == (expected, 0, 0)
    per = arranged("muggins", "britannica", 3, hands, round_scope=scope, score_unit="per_multiple")
    assert per.rules.hand_result(per, "domino", 0).end_points == (expected // 5, 0, 0)


# ----------------------------------------------------------------------------------------- MUG-11
def test_mug11_muggins_and_a_wrong_claim_in_a_record() -> None:
    replay = replayed("muggins_mug11_claims.json")
    assert replay.disagreements == []
    state = replay.match.hand
    assert strs(m.action for m in state.history) == [
        "5-5",  # count 10, not claimed
        "muggins 10",  # seat 1 takes it
        "5-3 at L",  # 3 + 10 = 13
        "4-3 at L claiming 15",  # the count is 14: struck, seat 1 scores 15
        "6-4 at L",  # 6 + 10 = 16
        "5-4 at R claiming 10",  # 6 + 4 = 10, claimed
        "6-1 at L",  # 1 + 4 = 5, not claimed ...
        "4-2 at R",  # ... and seat 0 plays on without calling muggins: lost
    ]
    assert step_counts(state) == [10, None, 13, 14, 16, 10, 5, 3]
    assert move_points(replay) == [0, 10, 0, 0, 0, 10, 0, 0]
    assert state.penalties == [(3, 1, 15)]
    assert replay.totals == [10, 25]
    assert state.unclaimed == 0


def foster_state() -> LineState:
    """Foster (claims): seat 0 holds the highest double, 5-5, and leads it."""
    rules = configure("muggins", "foster", 2)
    return build(rules, ["5-5 4-3 5-4 4-2 0-0 1-0 2-1", "5-3 6-4 6-1 3-3 2-2 6-2 6-0"])


def test_mug11_muggins_is_legal_only_for_the_exact_unclaimed_points() -> None:
    state = foster_state()
    state.apply(parse_action("5-5"))
    assert (state.unclaimed, state.unclaimed_by) == (10, 0)
    calls = [a for a in state.legal_actions() if type(a) is Muggins]
    assert calls == [Muggins(10)]
    assert_illegal(state, Muggins(5))
    assert_illegal(state, Muggins(15))
    state.apply(Muggins(10))
    assert state.scores == [0, 10]
    # The call is made once; the caller then plays.
    assert state.turn == 1 and not [a for a in state.legal_actions() if type(a) is Muggins]
    assert_illegal(state, Muggins(10))


def test_mug11_the_chance_passes_with_the_next_action() -> None:
    state = foster_state()
    apply_all(state, ["5-5", "5-3 at L"])  # seat 1 plays on instead of calling
    assert state.unclaimed == 0
    assert_illegal(state, Muggins(10))
    assert state.scores == [0, 0]


def test_mug11_muggins_only_for_the_next_player() -> None:
    # Three players: seat 0 leaves 10; seat 1 plays on; seat 2 may not call it.
    state = build(
        configure("muggins", "foster", 3),
        [
            "5-5 1-0 2-0 3-0 4-0 2-1 4-1",
            "5-3 3-3 6-5 6-4 6-3 6-2 6-1",
            "4-4 4-3 4-2 3-1 3-2 1-1 0-0",
        ],
    )
    assert state.leader == 0  # 5-5 is the highest double dealt
    apply_all(state, ["5-5"])
    assert Muggins(10) in state.legal_actions()
    apply_all(state, ["5-3 at L"])
    assert state.turn == 2
    assert not [a for a in state.legal_actions() if type(a) is Muggins]
    assert_illegal(state, Muggins(10))


def test_mug11_a_claim_of_fifteen_on_fourteen_pays_the_opponent() -> None:
    state = foster_state()
    apply_all(state, ["5-5 claiming 10", "5-3 at L"])
    assert state.scores == [10, 0]
    points = apply_all(state, ["4-3 at L claiming 15"])  # ends 4 and 5-5: 14
    assert points == [0]
    assert state.scores == [10, 15]
    assert state.penalties == [(2, 1, 15)]
    assert state.unclaimed == 0


@pytest.mark.parametrize(("claim", "scores"), [(10, [10, 0]), (5, [0, 5]), (15, [0, 15])])
def test_mug11_a_claim_must_be_exact(claim: int, scores: list[int]) -> None:
    state = foster_state()
    points = apply_all(state, [f"5-5 claiming {claim}"])
    assert points == [10 if claim == 10 else 0]
    assert state.scores == scores


def test_mug11_claims_name_only_scores_a_play_can_make() -> None:
    state = foster_state()
    rules = state.rules
    assert rules.claim_values[:4] == (5, 10, 15, 20)
    assert all(v % 5 == 0 for v in rules.claim_values)
    assert_illegal(state, Play(T("5-5"), None, None, 7))
    assert_illegal(state, Play(T("5-5"), None, None, 0))
    legal = state.legal_actions()
    assert set(legal) == {play(T("5-5"))} | {
        Play(T("5-5"), None, None, c) for c in rules.claim_values
    }


def test_mug11_claims_only_in_claim_mode() -> None:
    state = seq_state("britannica", ["5-5", "5-0"])
    assert not state.rules.claims
    assert all(getattr(a, "claim", None) is None for a in state.legal_actions())
    assert_illegal(state, Play(T("5-5"), None, None, 10), "no claims")
    state.apply(parse_action("5-5"))
    assert state.scores == [10, 0]
    assert not [a for a in state.legal_actions() if type(a) is Muggins]
    assert_illegal(state, Muggins(10))
    assert_illegal(state, Play(T("5-0"), "R", None, 10), "no claims")


def test_mug11_the_maker_cannot_call_muggins_on_himself() -> None:
    # With double_bonus_play the player of a double plays again: his own count is not his to call.
    rules = configure("muggins", "foster", 2, double_bonus_play=True)
    state = build(rules, ["5-5 5-4 5-1 4-2 0-0 1-0 2-1", "5-3 6-4 6-1 3-3 2-2 6-2 6-0"])
    apply_all(state, ["5-5"])
    assert state.turn == 0 and state.unclaimed == 10
    assert not [a for a in state.legal_actions() if type(a) is Muggins]
    assert_illegal(state, Muggins(10))


def test_mug11_without_the_penalty_a_wrong_claim_is_only_struck() -> None:
    replay = replayed("muggins_mug11_claims.json", false_claim_penalty=False)
    assert move_points(replay) == [0, 10, 0, 0, 0, 10, 0, 0]
    assert replay.match.hand.penalties == []
    assert replay.totals == [10, 10]


def test_mug11_an_unclaimed_count_on_the_last_tile_is_lost() -> None:
    replay = replayed("muggins_mug12_per_multiple.json", muggins_mode="claim")
    state = replay.match.hand
    assert state.over and move_points(replay) == [0] * len(state.history)
    assert state.result is not None and state.result.points == (5, 0)  # the domino still scores


class NeverClaims:
    name = "never-claims"

    def choose(self, observation: Any, rng: random.Random) -> Any:
        plain = [
            a
            for a in observation.legal_actions
            if type(a) is not Muggins and getattr(a, "claim", None) is None
        ]
        return rng.choice(plain)


def test_mug11_the_counting_agent_claims_right_and_calls_muggins() -> None:
    rules = configure("muggins", "foster", 2)
    calls = claimed = 0
    for seed in range(6):
        match = Match(rules, seed=seed)
        agents = [NeverClaims(), make_agent("counting")]
        rng = random.Random(seed)
        state = match.hand
        while not state.over:
            seat = state.turn
            before = state.copy()
            action = agents[seat].choose(state.observation(seat), rng)
            state.apply(action)
            if type(action) is not Play:
                continue
            right = reference_points(rules, reference_count(rules, state.layout))
            if seat == 1:
                assert action.claim == (right or None)
                if not state.over:
                    assert state.history[-1].points == right
                    claimed += right > 0
            elif right and not state.over:
                # The counting agent, next to act, calls it at once.
                call = agents[1].choose(state.observation(1), rng)
                assert call == Muggins(right)
                state.apply(call)
                calls += 1
                assert state.scores[1] == before.scores[1] + right
        assert state.scores[0] == 0
    assert calls > 0 and claimed > 0


# ----------------------------------------------------------------------------------------- MUG-12
def test_mug12_one_point_per_five() -> None:
    replay = replayed("muggins_mug12_per_multiple.json")
    assert replay.disagreements == []
    state = replay.match.hand
    counts = step_counts(state)
    assert counts[1] == 15 and counts[4] == 5 and counts[-1] == 10
    points = move_points(replay)
    assert (points[1], points[4], points[-1]) == (3, 1, 2)  # 15 -> 3, 5 -> 1, 10 -> 2
    assert sum(points) == 6
    result = state.result
    assert result is not None
    assert (result.ended, result.pips[1], result.end_points) == ("domino", 27, (5, 0))  # 25 -> 5
    assert replay.totals == [8, 3]


def test_mug12_the_same_hand_at_face_value() -> None:
    replay = replayed("muggins_mug12_per_multiple.json", score_unit="face")
    points = move_points(replay)
    assert (points[1], points[4], points[-1]) == (15, 5, 10)
    assert replay.totals == [40, 15]


# ------------------------------------------------------------------ RULES.md §5 item 7: the spinner
def test_seed_error_7_pagat_sides_before_ends_and_what_counts() -> None:
    state = seq_state("pagat", ["5-5 5-2", "5-1"])
    assert lead(state, "5-5") == 10  # both long sides free: both halves
    layout = state.layout
    assert layout is not None and layout.names == ("L", "R", "U", "D")
    assert layout.pips[2:] == (-1, -1)  # the short ends wait
    assert {a.end for a in state.legal_actions()} == {"L", "R"}
    assert_illegal(state, play(T("5-1"), "U"), "not open yet")
    # One long side covered: the spinner still counts both halves.
    apply_all(state, ["5-1 at L"])
    assert state.rules.count(state.layout) == 1 + 10
    assert_illegal(state, play(T("5-2"), "U"), "not open yet")
    # Both long sides covered: the spinner counts nothing, its free short ends never count.
    apply_all(state, ["5-2 at R"])
    layout = state.layout
    assert layout is not None and layout.pips == (1, 2, 5, 5)
    assert state.rules.count(layout) == 1 + 2
    assert state.rules.explain(layout) == "ends 1 + 2 = 3"


def test_seed_error_7_pagat_short_ends_open_once_both_sides_are_covered() -> None:
    state = seq_state("pagat", ["5-5 5-2", "5-1 5-3"])
    apply_all(state, ["5-5", "5-1 at L", "5-2 at R"])
    assert play(T("5-3"), "U") in state.legal_actions()
    assert apply_all(state, ["5-3 at U"]) == [0]  # 1 + 2 + 3 = 6
    assert state.rules.count(state.layout) == 6


def test_seed_error_7_foster_spinner_may_open_an_end_first() -> None:
    state = seq_state("foster-spinner", ["5-5 5-1 5-3", "5-0 5-2"], muggins_mode="auto")
    lead(state, "5-5")
    layout = state.layout
    assert layout is not None and layout.pips == (5, 5, 5, 5)
    assert state.rules.count(layout) == 10  # the short ends add nothing
    assert {a.end for a in state.legal_actions()} == {"L", "R", "U", "D"}
    assert apply_all(state, ["5-0 at U"]) == [10]  # spinner 10 + the 0 at U
    assert apply_all(state, ["5-1 at D"]) == [0]  # 10 + 0 + 1 = 11
    assert apply_all(state, ["5-2 at L"]) == [0]  # 2 + 10 + 0 + 1 = 13
    assert apply_all(state, ["5-3 at R"]) == [0]  # 2 + 3 + 0 + 1 = 6
    assert state.rules.count(state.layout) == 6


def test_seed_error_7_the_first_double_is_the_only_spinner() -> None:
    state = seq_state("pagat", ["6-5 6-6", "5-5"])
    apply_all(state, ["6-5", "5-5 at R"])
    layout = state.layout
    assert layout is not None and layout.names == ("L", "R", "U", "D")
    assert layout.spinners == 1 << T("5-5")
    assert state.rules.count(layout) == 6 + 10
    apply_all(state, ["6-6 at L"])
    assert state.layout is not None and state.layout.names == ("L", "R", "U", "D")
    assert state.layout.spinners == 1 << T("5-5")
    assert state.rules.count(state.layout) == 12 + 10


@pytest.mark.parametrize("rule_set", ["britannica", "foster"])
def test_line_rule_sets_have_no_spinner(rule_set: str) -> None:
    state = lead_state(rule_set, "5-5", muggins_mode="auto")
    lead(state, "5-5")
    assert state.layout is not None and state.layout.names == ("L", "R")
    assert state.layout.spinners == 0


# ------------------------------------------------------------------------------- the rule sets
@pytest.mark.parametrize(
    ("rule_set", "sizes"),
    [("pagat", (9, 7, 5)), ("britannica", (5, 5, 5)), ("foster", (7, 7, 7)),
     ("foster-spinner", (7, 7, 7))],
)  # fmt: skip
def test_hand_sizes(rule_set: str, sizes: tuple[int, int, int]) -> None:
    for players, size in zip((2, 3, 4), sizes, strict=True):
        match = Match(configure("muggins", rule_set, players), seed=players)
        assert match.hand.hand_sizes() == (size,) * players


def test_default_rule_set_is_pagat() -> None:
    rules = configure("all-fives")
    assert (rules.game.id, rules.rule_set) == ("muggins", "pagat")


def test_pagat_lead_by_lot_any_tile() -> None:
    rules = configure("muggins", "pagat", 2)
    assert Match(rules, deal=False).expected_leader() == (None, False)
    seat1 = "6-6 5-5 4-4 3-2 2-1 1-1 5-0 4-0 3-0"
    state = build(rules, ["6-5 4-1 3-3 2-0 1-0 0-0 5-2 6-1 6-0", seat1], leader=1)
    assert state.leader == 1
    legal = state.legal_actions()
    assert {a.tile for a in legal} == {T(x) for x in seat1.split()}
    assert len(legal) == sum(1 if DOUBLE[T(x)] else 2 for x in seat1.split())
    with pytest.raises(ValueError, match="leader is required"):
        build(rules, ["6-5 4-1 3-3 2-0 1-0 0-0 5-2 6-1 6-0", seat1])


def test_britannica_lead_by_drawing_the_highest_tile() -> None:
    rules = configure("muggins", "britannica", 2)
    assert rules.draw_for_lead(StubRng(["6-5", "1-1"]))[0] == 0  # a double takes no precedence
    assert rules.draw_for_lead(StubRng(["4-1", "6-0"]))[0] == 1
    match = Match(rules, seed=5)
    assert match.lead_draw is not None
    drawn = match.lead_draw
    best = max(range(2), key=lambda s: (PIPS[drawn[s]], HIGH[drawn[s]]))
    assert match.hand.leader == best
    state = build(rules, ["6-5 4-1 3-3 2-0 1-0", "6-6 5-5 4-4 3-2 2-1"], leader=0)
    assert {a.tile for a in state.legal_actions()} == set(tiles("6-5 4-1 3-3 2-0 1-0"))


@pytest.mark.parametrize("rule_set", ["foster", "foster-spinner"])
def test_foster_the_highest_double_sets(rule_set: str) -> None:
    rules = configure("muggins", rule_set, 2)
    state = build(rules, ["5-5 4-3 5-4 4-2 0-0 1-0 2-1", "6-6 6-4 6-1 3-3 2-2 6-2 6-0"])
    assert state.leader == 1
    assert {a.tile for a in state.legal_actions()} == {T("6-6")}
    assert_illegal(state, play(T("6-4"), None, 4), "must lead 6-6")


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_draw_until_able_and_two_stay_in_the_stock(rule_set: str) -> None:
    rules = configure("muggins", rule_set, 2, first_lead="random", lead_tile="any")
    n = rules.hand_size
    # Seat 0 leads 6-6; seat 1 has no six, and the last sixes are the last two stock tiles.
    sixes = ["6-6", "6-5", "6-4", "6-3", "6-2"]
    low = [t for t in range(28) if HIGH[t] < 6]
    hand0 = [T(x) for x in sixes] + low[: n - 5]
    hand1 = low[n - 5 : 2 * n - 5]
    stock = [*low[2 * n - 5 :], T("6-1"), T("6-0")]
    state = LineState.from_deal(rules, [hand0, hand1], stock, 0, lead_by_deal=False)
    state.apply(play(T("6-6")))
    drawn = 0
    while state.legal_actions() == [DRAW]:
        state.apply(DRAW)
        drawn += 1
    assert drawn == len(stock) - 2
    assert state.stock_size() == 2
    assert state.legal_actions() == [PASS]
    state.apply(PASS)
    assert state.turn == 0


def test_pagat_the_winner_of_a_hand_leads_the_next() -> None:
    replay = replayed("muggins_pagat_match.json")
    assert replay.disagreements == []
    first, second = replay.match.hands
    assert first.result is not None and first.result.ended == "domino"
    assert second.leader == first.result.out_seat
    assert not second.lead_by_deal


def test_pagat_after_a_blocked_hand_the_lead_is_by_lot_again() -> None:
    # RULES.md §2.3 (pagat All Fives): "lot again after a block".
    replay = replayed("muggins_pagat_blocked.json")
    assert replay.disagreements == []
    result = replay.match.hand.result
    assert result is not None and result.ended == "blocked" and result.winner == 1
    assert result.end_points == (0, 15)  # 26 - 10 = 16 -> 15
    assert replay.match.expected_leader() == (None, False)


@pytest.mark.parametrize("rule_set", ["britannica", "foster", "foster-spinner"])
def test_later_hands_the_lead_passes_left(rule_set: str) -> None:
    rules = configure("muggins", rule_set, 3)
    assert rules.next_leader(1, None) == 2


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_a_hundred_up(rule_set: str) -> None:
    rules = configure("muggins", rule_set, 2)
    assert (rules.target_score, rules.target_exact) == (100, False)
    assert rules.match_winner([99, 95]) is None
    assert rules.match_winner([105, 95]) == 0


@pytest.mark.parametrize(
    ("rule_set", "claims", "spinner", "sides_first"),
    [("pagat", False, "first_double", True), ("britannica", False, "none", True),
     ("foster", True, "none", True), ("foster-spinner", True, "first_double", False)],
)  # fmt: skip
def test_rule_set_summary(rule_set: str, claims: bool, spinner: str, sides_first: bool) -> None:
    rules = configure("muggins", rule_set, 2)
    assert rules.claims is claims
    assert (rules.spinner, rules.spinner_sides_first) == (spinner, sides_first)
    assert (rules.can_draw, rules.reserve, rules.domino_points) == (True, 2, "pips_round5")


@pytest.mark.parametrize(
    "name",
    [
        "muggins_pagat_match.json",
        "muggins_foster_match.json",
        "muggins_foster_spinner_3p.json",
    ],
)
def test_whole_match_records(name: str) -> None:
    record = load_record(name)
    replay = replay_record(record)
    assert replay.disagreements == []
    assert replay.complete and replay.winner is not None
    sheet = replay.match.score_sheet()
    assert list(sheet[-1][2]) == replay.totals == replay.match.totals
    assert replay.totals[replay.winner] >= 100
    for state in replay.match.hands:
        assert state.result is not None
        assert sum(m.points for m in state.history) + sum(p for _, _, p in state.penalties) == sum(
            state.scores
        )
    if replay.rules.claims:
        calls = [m for h in replay.match.hands for m in h.history if type(m.action) is Muggins]
        assert calls and all(m.points == m.action.points for m in calls)  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------- options
@pytest.mark.parametrize(
    ("options", "leads"),
    [
        ({"count_scoring": "threes"}, {"6-3": 9, "5-5": 0, "4-2": 6, "6-6": 12, "5-0": 0}),
        ({"count_scoring": "fives_and_threes"}, {"6-3": 9, "5-5": 10, "6-6": 12, "5-0": 5}),
        ({"count_scoring": "fives_and_threes", "score_unit": "per_multiple"},
         {"6-3": 3, "5-5": 2, "6-6": 4, "5-0": 1, "3-0": 1}),
        ({"count_scoring": "none"}, {"6-3": 0, "5-5": 0, "6-4": 0, "5-0": 0}),
        ({"score_unit": "per_multiple"}, {"5-5": 2, "5-0": 1, "6-6": 0, "6-3": 0}),
        ({"lead_scores": False}, {"5-5": 0, "6-4": 0, "5-0": 0}),
        ({"zero_count_scores": True}, {"0-0": 0, "5-5": 10}),
        ({"exposed_double_value": "one_half"}, {"5-5": 5, "6-4": 10}),
    ],
)  # fmt: skip
def test_options_on_the_lead(options: dict[str, Any], leads: dict[str, int]) -> None:
    for tile, points in leads.items():
        state = lead_state("britannica", tile, **options)
        assert lead(state, tile) == points, tile
        assert state.scores == [points, 0]


def test_count_scoring_none_never_scores_nor_claims() -> None:
    rules = configure("muggins", "foster", 2, count_scoring="none")
    assert rules.claim_values == ()
    state = build(rules, ["5-5 4-3 5-4 4-2 0-0 1-0 2-1", "5-3 6-4 6-1 3-3 2-2 6-2 5-0"])
    assert state.legal_actions() == [play(T("5-5"))]
    assert apply_all(state, ["5-5", "5-0 at R"]) == [0, 0]
    assert state.unclaimed == 0


def test_lead_scores_false_later_plays_still_score() -> None:
    state = seq_state("britannica", ["5-5", "5-0"], lead_scores=False)
    assert apply_all(state, ["5-5", "5-0 at R"]) == [0, 10]


def test_zero_count_scores_a_zero_count_is_worth_nothing_either_way() -> None:
    # RULES.md §3 row 20: no source scores a zero count; when it does "score as a multiple" it is
    # still worth 0 points at face value and 0 multiples.
    for unit in ("face", "per_multiple"):
        for flag in (False, True):
            rules = configure("muggins", "britannica", 2, zero_count_scores=flag, score_unit=unit)
            assert rules.points_for(0) == 0
            state = lead_state("britannica", "0-0", zero_count_scores=flag, score_unit=unit)
            assert lead(state, "0-0") == 0


def test_spinner_ends_count_until_ends_covered() -> None:
    # Sniff: the spinner keeps counting after its long sides are covered while a short side is
    # free.
    plays = ["5-5", "5-1 at L", "5-2 at R", "5-3 at U", "5-4 at D"]
    counts = {}
    for rule in ("until_sides_covered", "until_ends_covered"):
        state = seq_state("pagat", ["5-5 5-2 5-4", "5-1 5-3"], spinner_ends_count=rule)
        got = []
        for text in plays:
            state.apply(parse_action(text))
            got.append(state.rules.count(state.layout))
            assert got[-1] == reference_count(state.rules, state.layout)
        counts[rule] = got
    assert counts["until_sides_covered"] == [10, 11, 3, 6, 10]
    assert counts["until_ends_covered"] == [10, 11, 13, 16, 10]


def test_team_out_rule_both_partners_needs_partnerships() -> None:
    assert not configure("muggins", "pagat", 2, team_out_rule="both_partners").both_partners_out
    assert not configure("muggins", "pagat", 4, team_out_rule="both_partners").both_partners_out
    rules = configure("muggins", "pagat", 4, partnerships=True, team_out_rule="both_partners")
    assert rules.both_partners_out
    assert not configure("muggins", "pagat", 4, partnerships=True).both_partners_out


def test_team_out_rule_both_partners_in_muggins() -> None:
    rules = configure("muggins", "pagat", 4, partnerships=True, team_out_rule="both_partners")
    for seed in range(200):
        match = Match(rules, seed=seed)
        state = match.hand
        rng = random.Random(seed)
        first_out = None
        while not state.over:
            seat = state.turn
            assert seat != first_out, "a player who is out was given a turn"
            state.apply(rng.choice(state.legal_actions()))
            if first_out is None and not state.hands[seat] and not state.over:
                first_out = seat
        if first_out is not None and state.result is not None:
            result = state.result
            if result.ended == "domino":
                side = rules.side_of[first_out]
                if result.winner == side:
                    # The hand ended when the partner went out too; the team scores the others.
                    partner = (first_out + 2) % 4
                    assert result.out_seat == partner
                    other = [s for s in range(4) if rules.side_of[s] != side]
                    pips = sum(result.pips[s] for s in other)
                    assert result.end_points[side] == 5 * ((pips + 2) // 5)
                    return
    pytest.fail("no hand where one partner went out before the other")


def test_target_exact_in_muggins() -> None:
    state = lead_state("britannica", "5-5", target_exact=True, totals=[95, 0])
    assert lead(state, "5-5") == 0  # 105 would pass 100: ignored
    assert state.scores == [0, 0] and state.target_side == -1
    state = lead_state("britannica", "5-0", target_exact=True, totals=[95, 0])
    assert lead(state, "5-0") == 5  # exactly 100
    assert state.target_side == 0
    # Without target_exact a score may pass the target.
    state = lead_state("britannica", "5-5", totals=[95, 0])
    assert lead(state, "5-5") == 10


def test_doubles_laid_in_line_show_a_single_number_at_each_end() -> None:
    # doubles_crosswise=false: a double is laid endwise and each of its open ends shows one half
    # (RULES.md §0.3: the count is the sum of the numbers showing at the open ends).
    state = seq_state("britannica", ["5-5", "5-0"], doubles_crosswise=False)
    assert lead(state, "5-5") == 10  # ends 5 and 5
    assert apply_all(state, ["5-0 at R"]) == [5]  # ends 5 and 0
