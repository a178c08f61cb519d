"""Game records (RECORD.md): writing, reading, validating and replaying."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from boneyard import Match, Play
from boneyard.core.record import (
    FORMAT,
    RecordError,
    match_to_record,
    read_records,
    replay_record,
    rules_from_record,
    write_records,
)
from boneyard.games.line.state import LineState
from conftest import RECORDS, configure, load_record


def play_out(state: LineState, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))


def finished_match(
    game: str, rule_set: str | None, players: int, seed: int, **options: Any
) -> Match:
    match = Match(configure(game, rule_set, players, **options), seed=seed)
    n = 0
    while not match.over:
        play_out(match.hand, seed * 1000 + n)
        n += 1
        match.next_hand()
    return match


# A small block record: seat 0 holds 6-6 and leads it.
BASE: dict[str, Any] = {
    "format": FORMAT,
    "game": "block",
    "rules": "modern",
    "players": ["Ann", "Bob"],
    "hands": [
        {
            "deal": [
                ["6-6", "6-5", "5-5", "4-4", "3-3", "2-2", "1-1"],
                ["6-4", "6-3", "6-2", "5-4", "5-3", "4-3", "0-0"],
            ],
            "stock": [
                "6-1", "6-0", "5-2", "5-1", "5-0", "4-2", "4-1",
                "4-0", "3-2", "3-1", "3-0", "2-1", "2-0", "1-0",
            ],
            "moves": [
                {"seat": 0, "play": "6-6"},
                {"seat": 1, "play": "6-4", "end": "R"},
                {"seat": 0, "play": "4-4", "end": "R"},
            ],
        }
    ],
}  # fmt: skip


def base(**changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(BASE)
    record.update(changes)
    return record


def rejected(record: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as info:
        replay_record(record)
    assert str(info.value) == message


# ------------------------------------------------------------------------------------------- files
def test_json_round_trip(tmp_path: Path) -> None:
    record = match_to_record(
        finished_match("block", "modern", 2, 1), ["Ann", "Bob"], {"event": "t"}
    )
    path = tmp_path / "one.json"
    write_records(path, [record])
    ((label, read),) = list(read_records(path))
    assert label == str(path)
    assert read == record
    assert replay_record(read).totals == replay_record(record).totals


def test_jsonl_round_trip(tmp_path: Path) -> None:
    records = [
        match_to_record(finished_match("block", "modern", 3, 2)),
        match_to_record(finished_match("draw", "pagat", 2, 3)),
        match_to_record(Match(configure("partnership"), seed=4)),
    ]
    path = tmp_path / "many.jsonl"
    write_records(path, records[:2])
    write_records(path, records[2:], append=True)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    read = list(read_records(path))
    assert [label for label, _ in read] == [f"{path} line {n}" for n in (1, 2, 3)]
    assert [r for _, r in read] == records
    write_records(path, records[:1])
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1


def test_a_json_file_holds_one_record(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"a \.json file holds one record; use \.jsonl for 2"):
        write_records(tmp_path / "two.json", [BASE, BASE])


def test_reading_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(BASE) + "\n\n{not json\n[1, 2]\n", encoding="utf-8")
    read = list(read_records(path))
    assert [label for label, _ in read] == [f"{path} line 1", f"{path} line 3", f"{path} line 4"]
    assert read[0][1] == BASE
    assert isinstance(read[1][1], RecordError)
    assert str(read[1][1]).startswith(f"{path} line 3: not valid JSON: ")
    assert isinstance(read[2][1], RecordError)
    assert str(read[2][1]) == f"{path} line 4: a record is a JSON object, not list"
    with pytest.raises(RecordError, match="cannot read"):
        list(read_records(tmp_path / "missing.json"))
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError, match="is not UTF-8 text: byte 0xFF at 0"):
        list(read_records(binary))


# ----------------------------------------------------------------------------------------- writing
def test_match_to_record_fields() -> None:
    match = finished_match("draw", "britannica", 2, 5)
    record = match_to_record(match)
    assert record["format"] == "boneyard-record/1"
    assert (record["game"], record["rules"]) == ("draw", "britannica")
    assert record["players"] == ["Seat 0", "Seat 1"]
    assert "meta" not in record
    # Every resolved option is written.
    assert record["options"] == match.rules.options.to_json()
    assert set(record["options"]) == set(match.rules.game.option_names)
    for hand, state in zip(record["hands"], match.hands, strict=True):
        assert set(hand) == {"deal", "stock", "leader", "moves", "result"}
        # A draw for the lead decides the first hand, the rotation the others: leader written.
        assert hand["leader"] == state.leader
        assert state.result is not None
        assert hand["result"] == {"points": list(state.result.points)}
        tiles = [t for d in hand["deal"] for t in d] + hand["stock"]
        assert len(tiles) == len(set(tiles)) == 28
        # Tiles are written larger number first, except the lead, written as laid.
        for t in tiles:
            a, b = map(int, t.split("-"))
            assert a >= b
        lead = hand["moves"][0]
        assert "end" not in lead
        left, right = map(int, lead["play"].split("-"))
        first = state.history[0].action
        assert isinstance(first, Play) and first.end is None
        assert first.open == right or left == right
        for move in hand["moves"][1:]:
            if "play" in move:
                x, y = map(int, move["play"].split("-"))
                assert x >= y


def test_the_lead_is_written_as_laid() -> None:
    match = Match(configure("block", "britannica", 2), seed=7)
    state = match.hand
    leader = state.leader
    legal = [a for a in state.legal_actions() if getattr(a, "open", None) is not None]
    laid = next(a for a in legal if a.open == max(int(x) for x in str(a).split("-")))
    state.apply(laid)
    record = match_to_record(match)
    lead = record["hands"][0]["moves"][0]
    assert lead["seat"] == leader
    left, right = map(int, lead["play"].split("-"))
    assert left < right  # the larger number was laid toward R
    assert state.layout is not None and state.layout.open_ends() == [("L", left), ("R", right)]
    assert replay_record(record).match.hand.layout.open_ends() == [("L", left), ("R", right)]  # type: ignore[union-attr]


def test_leader_is_omitted_where_the_deal_decides() -> None:
    record = match_to_record(Match(configure("block", "modern", 2), seed=1))
    assert "leader" not in record["hands"][0]


def test_an_unfinished_hand_has_no_result() -> None:
    match = Match(configure("block", "modern", 2), seed=1)
    match.hand.apply(match.hand.legal_actions()[0])
    record = match_to_record(match)
    assert "result" not in record["hands"][0]
    assert len(record["hands"][0]["moves"]) == 1


# --------------------------------------------------------------------------------------- replaying
def test_replay_a_small_record() -> None:
    replay = replay_record(base())
    assert replay.to_json() == {
        "game": "block",
        "rules": "modern",
        "sides": [[0], [1]],
        "hands": [{"points": [0, 0], "ended": "unfinished", "winner": None}],
        "totals": [0, 0],
        "complete": False,
        "winner": None,
    }
    state = replay.match.hand
    assert state.layout is not None and state.layout.open_ends() == [("L", 6), ("R", 4)]


def test_replay_to_json_fields_are_exactly_those_of_record_md() -> None:
    replay = replay_record(load_record("block_match.json"))
    out = replay.to_json()
    assert list(out) == ["game", "rules", "sides", "hands", "totals", "complete", "winner"]
    for hand in out["hands"]:
        assert list(hand) == ["points", "ended", "winner"]
    assert json.loads(json.dumps(out)) == out


def test_the_rules_field_may_be_omitted() -> None:
    record = base()
    del record["rules"]
    assert replay_record(record).to_json()["rules"] == "modern"


def test_illegal_move_names_hand_and_move() -> None:
    record = base()
    record["hands"][0]["moves"][1] = {"seat": 1, "play": "0-0", "end": "L"}
    rejected(record, "hand 1, move 2: seat 1 cannot play 0-0 at L: the end shows 6")


def test_illegal_move_in_a_later_hand() -> None:
    record = load_record("block_match.json")
    record["hands"][2]["moves"][3] = {"seat": record["hands"][2]["moves"][3]["seat"], "pass": True}
    with pytest.raises(
        RecordError, match=r"^hand 3, move 4: seat \d cannot pass while able to act"
    ):
        replay_record(record)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ({"seat": 1, "play": "6-6", "end": "R"}, "seat 1 does not hold 6-6"),
        ({"seat": 1, "play": "6-4", "end": "U"}, "there is no end U (ends: L, R)"),
        ({"seat": 1, "play": "6-4"}, "seat 1 must name an end for 6-4"),
        ({"seat": 1, "pass": True}, "seat 1 cannot pass while able to act"),
        ({"seat": 1, "draw": "6-1"}, "there is no drawing in this game"),
        ({"seat": 0, "play": "4-4", "end": "R"}, "seat 0 is not to move (seat 1 is)"),
        (
            {"seat": 1},
            "a move holds exactly one of play, draw, pass, muggins, discard, drop, stand, miss",
        ),
        ({"seat": 1, "play": "6-4", "pass": True}, "a move holds exactly one of play, draw, pass"),
        ({"seat": 1, "pass": "yes"}, 'a pass is written "pass": true'),
        (
            {"seat": 1, "play": "6-4", "end": "R", "note": 1},
            "unexpected field(s) note in a play move",
        ),
        ({"seat": "1", "play": "6-4", "end": "R"}, "a move needs a seat number"),
        ({"seat": 1, "play": "6-x", "end": "R"}, "not a tile: '6-x'"),
        ({"seat": 1, "play": "7-6", "end": "R"}, "7-6 is not a tile of the double-six set"),
        ({"seat": 1, "play": 64, "end": "R"}, "not a tile: 64"),
        ({"seat": 1, "play": "6-4", "end": 1}, "end must be the name of an open end"),
        ("6-4 at R", "a move is an object with seat and one action"),
    ],
)
def test_bad_moves(move: Any, message: str) -> None:
    record = base()
    record["hands"][0]["moves"][1] = move
    with pytest.raises(RecordError) as info:
        replay_record(record)
    assert str(info.value).startswith("hand 1, move 2: ")
    assert message in str(info.value)


def test_a_lead_with_an_end_is_rejected() -> None:
    record = base()
    record["hands"][0]["moves"][0] = {"seat": 0, "play": "6-6", "end": "L"}
    with pytest.raises(
        RecordError, match=r"^hand 1, move 1: the first tile is a lead: it takes no end"
    ):
        replay_record(record)


def test_moves_after_the_end_of_the_hand_are_rejected() -> None:
    record = load_record("block_blocked_2p.json")
    record["hands"][0]["moves"].append({"seat": 1, "pass": True})
    n = len(record["hands"][0]["moves"])
    rejected(record, f"hand 1, move {n}: the hand is already over")


def test_a_hand_after_an_unfinished_hand_is_rejected() -> None:
    record = load_record("block_unfinished.json")
    record["hands"].append(copy.deepcopy(record["hands"][0]))
    rejected(record, "hand 2: hand 1 is unfinished but more hands follow")


def test_a_hand_after_the_match_is_won_is_rejected() -> None:
    record = load_record("block_match.json")
    record["hands"].append(copy.deepcopy(record["hands"][0]))
    n = len(record["hands"])
    rejected(record, f"hand {n}: the match was already won after hand {n - 1}")


def test_wrong_draw_tile() -> None:
    record = load_record("draw_hand.json")
    moves = record["hands"][0]["moves"]
    m = next(i for i, mv in enumerate(moves) if "draw" in mv)
    assert moves[m] == {"seat": 1, "draw": "6-0"}
    moves[m] = {"seat": 1, "draw": "2-0"}
    rejected(record, f"hand 1, move {m + 1}: seat 1 draws 2-0 but the next stock tile is 6-0")


def test_draw_beyond_the_reserve() -> None:
    record = load_record("draw_hand.json")
    moves = record["hands"][0]["moves"]
    # Replace the pass (the stock is at its reserve) by a draw of the next stock tile.
    p = next(i for i, mv in enumerate(moves) if "pass" in mv)
    moves[p] = {"seat": moves[p]["seat"], "draw": "3-2"}
    with pytest.raises(
        RecordError, match=rf"^hand 1, move {p + 1}: seat 1 cannot draw: the stock is down"
    ):
        replay_record(record)


@pytest.mark.parametrize(
    ("where", "tiles", "message"),
    [
        ("stock", ["6-6"], "hand 1: 6-6 appears twice in the deal and stock"),
        ("stock", [], "hand 1: the deal and stock miss 1-0"),
        ("stock", ["9-9"], "hand 1: 9-9 is not a tile of the double-six set"),
        ("stock", ["x"], "hand 1: not a tile: 'x' (write tiles as a-b, e.g. 6-4)"),
    ],
)
def test_tile_conservation(where: str, tiles: list[str], message: str) -> None:
    record = base()
    stock = record["hands"][0]["stock"]
    if tiles:
        stock.append(tiles[0])
    else:
        stock.remove("1-0")
    rejected(record, message)


def test_a_deal_for_the_wrong_number_of_players() -> None:
    record = base(players=["Ann", "Bob", "Cid"])
    with pytest.raises(RecordError, match="hand 1: the deal has 2 hands for 3 players"):
        replay_record(record)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess': choose from block, draw, partnership"),
        ({"rules": "pagat"}, "unknown rule set 'pagat' for block: choose from modern, britannica"),
        ({"options": {"spinners": "none"}}, "unknown option 'spinners' for block"),
        (
            {"options": {"spinner": "sometimes"}},
            "bad value 'sometimes' for option spinner: choose from none",
        ),
        ({"options": []}, "options must be an object"),
        ({"format": "boneyard-record/2"}, "format must be 'boneyard-record/1'"),
        ({"game": 3}, "game must be a game id"),
        ({"rules": 3}, "rules must be the name of a rule set"),
        ({"players": []}, "players must be a list of names, one per seat"),
        ({"players": "Ann, Bob"}, "players must be a list of names"),
        ({"players": ["Ann"] * 5}, "block is for 2 to 4 players, not 5"),
        ({"meta": []}, "meta must be an object"),
        ({"date": "today"}, "unknown field(s) date (extra data goes in meta)"),
        ({"hands": {}}, "hands must be a list"),
    ],
)
def test_bad_headers(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as info:
        replay_record(base(**changes))
    assert message in str(info.value)


def test_meta_is_kept() -> None:
    record = base(meta={"event": "club night", "anything": [1, 2]})
    assert replay_record(record).record["meta"] == {"event": "club night", "anything": [1, 2]}


@pytest.mark.parametrize(
    ("hand_changes", "message"),
    [
        ({"extra": 1}, "hand 1: unknown field(s) extra"),
        ({"deal": "6-6"}, "hand 1: deal must be a list of tile lists, one per seat"),
        ({"stock": "6-6"}, "hand 1: stock must be a list of tiles"),
        ({"moves": {}}, "hand 1: moves must be a list"),
        ({"leader": 2}, "hand 1: leader must be a seat number from 0 to 1"),
        ({"leader": True}, "hand 1: leader must be a seat number from 0 to 1"),
        ({"result": [0, 0]}, 'hand 1: result must be {"points": [...]}'),
        ({"result": {"points": ["0"]}}, 'hand 1: result must be {"points": [...]}'),
    ],
)
def test_bad_hands(hand_changes: dict[str, Any], message: str) -> None:
    record = base()
    record["hands"][0].update(hand_changes)
    rejected(record, message)


def test_a_hand_that_is_not_an_object() -> None:
    rejected(base(hands=[[]]), "hand 1: a hand is an object with deal, stock and moves")


def test_leader_disagreeing_with_the_deal() -> None:
    record = base()
    record["hands"][0]["leader"] = 1
    rejected(record, "hand 1: leader 1 disagrees with the deal: seat 0 leads under these rules")
    record["hands"][0]["leader"] = 0
    assert replay_record(record).hands[0].ended == "unfinished"


def test_leader_required_where_the_lead_is_drawn_for() -> None:
    record = load_record("draw_hand.json")
    del record["hands"][0]["leader"]
    rejected(record, "hand 1: these rules decide the lead outside the deal: a leader is required")


def test_leader_disagreeing_with_the_rotation() -> None:
    record = load_record("block_match.json")
    hand2 = record["hands"][1]
    assert "leader" in hand2
    expected = hand2["leader"]
    hand2["leader"] = 1 - expected
    rejected(
        record, f"hand 2: leader {1 - expected} disagrees with the rotation: seat {expected} leads"
    )
    del hand2["leader"]
    hand2["leader"] = expected
    assert replay_record(record).complete


def test_a_rotation_leader_may_be_omitted() -> None:
    record = load_record("block_match.json")
    for hand in record["hands"][1:]:
        del hand["leader"]
    assert (
        replay_record(record).to_json() == replay_record(load_record("block_match.json")).to_json()
    )


def test_a_tampered_result_shows_in_disagreements() -> None:
    record = load_record("block_blocked_2p.json")
    assert replay_record(record).disagreements == []
    record["hands"][0]["result"] = {"points": [14, 0]}
    replay = replay_record(record)
    assert replay.disagreements == [
        "hand 1: the record's result is [14, 0] but the replay gives [15, 0]"
    ]
    # The replay's own figures are unaffected.
    assert replay.hands[0].points == [15, 0]
    assert replay.totals == [15, 0]


def test_a_recorded_result_for_an_unfinished_hand_is_checked_against_play_scores() -> None:
    record = load_record("block_unfinished.json")
    record["hands"][0]["result"] = {"points": [0, 0]}
    assert replay_record(record).disagreements == []
    record["hands"][0]["result"] = {"points": [3, 0]}
    assert len(replay_record(record).disagreements) == 1


def test_rules_from_record() -> None:
    rules = rules_from_record(load_record("partnership_domino.json"))
    assert (rules.id, rules.rule_set, rules.players) == ("partnership", "latin", 4)
    rules = rules_from_record(
        {**BASE, "options": {"tile_set": "double-nine", "hand_size": 9}, "hands": []}
    )
    assert rules.tiles.size == 55 and rules.hand_size == 9


def test_a_double_nine_record() -> None:
    match = finished_match("block", "modern", 3, 6, tile_set="double-nine", target_score=60)
    record = match_to_record(match)
    first = record["hands"][0]
    assert any("9-" in t for t in [*first["stock"], *(t for d in first["deal"] for t in d)])
    replay = replay_record(json.loads(json.dumps(record)))
    assert replay.totals == match.totals and replay.complete
    assert replay.winner == match.winner


def test_a_record_of_a_lead_found_by_drawing() -> None:
    # Three tiles each: one deal in seven has no double.
    rules = configure("block", "modern", 2, no_double="draw_until_found", hand_size=3)
    seed = next(seed for seed in range(1000) if Match(rules, seed=seed).hand.finding_lead)
    match = Match(rules, seed=seed)
    play_out(match.hand, seed)
    record = match_to_record(match)
    moves = record["hands"][0]["moves"]
    assert "draw" in moves[0] and moves[0]["seat"] == 0
    replay = replay_record(json.loads(json.dumps(record)))
    assert replay.hands[0].points == list(match.hand.result.points)  # type: ignore[union-attr]
    assert replay.disagreements == []


# -------------------------------------------------------------------- the records in tests/records
EXPECTED: dict[str, dict[str, Any]] = {
    "block_blocked_4p.json": {
        "game": "block",
        "rules": "modern",
        "sides": [[0], [1], [2], [3]],
        "hands": [{"points": [37, 0, 0, 0], "ended": "blocked", "winner": 0}],
        "totals": [37, 0, 0, 0],
        "complete": False,
        "winner": None,
    },
    "block_blocked_3p.json": {
        "game": "block",
        "rules": "modern",
        "sides": [[0], [1], [2]],
        "hands": [{"points": [0, 0, 26], "ended": "blocked", "winner": 2}],
        "totals": [0, 0, 26],
        "complete": False,
        "winner": None,
    },
    "block_blocked_2p.json": {
        "game": "block",
        "rules": "modern",
        "sides": [[0], [1]],
        "hands": [{"points": [15, 0], "ended": "blocked", "winner": 0}],
        "totals": [15, 0],
        "complete": False,
        "winner": None,
    },
    "block_domino_4p.json": {
        "game": "block",
        "rules": "modern",
        "sides": [[0], [1], [2], [3]],
        "hands": [{"points": [0, 0, 0, 40], "ended": "domino", "winner": 3}],
        "totals": [0, 0, 0, 40],
        "complete": False,
        "winner": None,
    },
    "block_unfinished.json": {
        "game": "block",
        "rules": "modern",
        "sides": [[0], [1]],
        "hands": [{"points": [0, 0], "ended": "unfinished", "winner": None}],
        "totals": [0, 0],
        "complete": False,
        "winner": None,
    },
    "block_match.json": {
        "game": "block",
        "rules": "modern",
        "sides": [[0], [1]],
        "hands": [
            {"points": [0, 3], "ended": "blocked", "winner": 1},
            {"points": [6, 0], "ended": "blocked", "winner": 0},
            {"points": [0, 0], "ended": "blocked", "winner": None},
            {"points": [0, 10], "ended": "domino", "winner": 1},
            {"points": [0, 21], "ended": "blocked", "winner": 1},
        ],
        "totals": [6, 34],
        "complete": True,
        "winner": 1,
    },
    "draw_hand.json": {
        "game": "draw",
        "rules": "britannica",
        "sides": [[0], [1]],
        "hands": [{"points": [0, 30], "ended": "blocked", "winner": 1}],
        "totals": [0, 30],
        "complete": False,
        "winner": None,
    },
    "partnership_domino.json": {
        "game": "partnership",
        "rules": "latin",
        "sides": [[0, 2], [1, 3]],
        "hands": [{"points": [0, 23], "ended": "domino", "winner": 1}],
        "totals": [0, 23],
        "complete": False,
        "winner": None,
    },
    "partnership_blocked.json": {
        "game": "partnership",
        "rules": "latin",
        "sides": [[0, 2], [1, 3]],
        "hands": [{"points": [0, 23], "ended": "blocked", "winner": 1}],
        "totals": [0, 23],
        "complete": False,
        "winner": None,
    },
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_records_replay(name: str) -> None:
    ((_, record),) = list(read_records(RECORDS / name))
    assert not isinstance(record, RecordError), record
    replay = replay_record(record)
    assert replay.disagreements == []
    assert replay.to_json() == EXPECTED[name]


def test_every_record_file_is_tested() -> None:
    # The counting games' records are tested in tests/rules/test_muggins.py and its siblings,
    # Domino Whist's and Domino Pool's in tests/rules/test_domino_whist.py and test_domino_pool.py,
    # the later games' in their own test files under tests/rules/, the reproductions of bugs
    # in tests/test_regressions.py.
    counting = (
        "muggins_",
        "all_threes_",
        "fives_and_threes_",
        "domino_whist_",
        "domino_pool_",
        "matador_",
        "bergen_",
        "sebastopol_",
        "mexican_train_",
        "chicken_foot_",
        "domino_loo_",
        "regression_",  # tests/test_regressions.py: the reproductions of issue 14, pinned
    )
    names = {p.name for p in RECORDS.iterdir() if not p.name.startswith(counting)}
    assert names == {*EXPECTED, "examples.jsonl"}


def test_the_jsonl_records_replay() -> None:
    read = list(read_records(RECORDS / "examples.jsonl"))
    assert len(read) == 4
    for label, record in read:
        assert not isinstance(record, RecordError), label
        assert replay_record(record).disagreements == []
    names = [
        "block_blocked_2p.json",
        "block_unfinished.json",
        "partnership_domino.json",
        "draw_hand.json",
    ]
    assert [r for _, r in read] == [load_record(n) for n in names]


def test_the_match_record_is_complete_with_a_tie() -> None:
    replay = replay_record(load_record("block_match.json"))
    assert replay.complete and replay.winner == 1
    assert replay.rules.target_score == 30
    assert [h.winner for h in replay.hands].count(None) == 1
    assert replay.totals == [sum(h.points[i] for h in replay.hands) for i in range(2)]


@pytest.mark.parametrize(
    ("game", "rule_set", "players", "options"),
    [
        ("block", "modern", 2, {}),
        ("block", "britannica", 3, {}),
        ("block", "garden-games", 4, {}),
        ("draw", "britannica", 2, {}),
        ("draw", "pagat", 4, {}),
        ("partnership", "latin", 4, {}),
        ("partnership", "puerto-rico", 4, {}),
        ("block", "modern", 4, {"partnerships": True, "double_bonus_play": True}),
        ("draw", "pagat", 3, {"draw_policy": "one_then_pass", "spinner": "first_double"}),
    ],
)
def test_saved_matches_replay_to_the_same_results(
    game: str, rule_set: str, players: int, options: dict[str, Any]
) -> None:
    for seed in range(2):
        match = finished_match(game, rule_set, players, seed, **options)
        record = json.loads(json.dumps(match_to_record(match)))
        replay = replay_record(record)
        assert replay.disagreements == []
        assert [h.points for h in replay.hands] == [list(h.result.points) for h in match.hands]  # type: ignore[union-attr]
        assert replay.totals == match.totals
        assert replay.complete and replay.winner == match.winner


def test_an_agreeing_open_is_accepted_and_a_contradicting_one_rejected() -> None:
    record = base()
    record["hands"][0]["moves"][1] = {"seat": 1, "play": "6-4", "end": "R", "open": 4}
    assert replay_record(record).match.hand.layout.open_ends() == [("L", 6), ("R", 4)]  # type: ignore[union-attr]
    record["hands"][0]["moves"][1] = {"seat": 1, "play": "6-4", "end": "R", "open": 6}
    with pytest.raises(RecordError, match=r"^hand 1, move 2: "):
        replay_record(record)


def test_a_claim_in_a_block_record_is_rejected() -> None:
    record = base()
    record["hands"][0]["moves"][1] = {"seat": 1, "play": "6-4", "end": "R", "claim": 0}
    with pytest.raises(RecordError, match=r"^hand 1, move 2: block has no claims"):
        replay_record(record)
