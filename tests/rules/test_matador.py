"""Matador (RULES.md §2.7): the worked examples MAT-1..MAT-9 of §4.5, the rule sets britannica
(S0), hoyle (S1) and modern (S3), the Matador options (match_rule, matador_optional,
matador_placement) and the line-game options as Matador uses them (§3 rows 2-8 and 23), and the
records tests/records/matador_*.json with the ``open`` of a matador play (RECORD.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from boneyard import DRAW, PASS, Action, LineState, Match, OptionError, Play, get_game, play
from boneyard.apps.cli import build_app
from boneyard.core.game import BRITANNICA, HOYLE_MATADORE, WIKIPEDIA_MATADOR
from boneyard.core.layout import Layout
from boneyard.core.record import RecordError, replay_record
from boneyard.core.tiles import DOUBLE, HIGH, LOW, PIPS, format_tile, format_tiles, parse_oriented
from boneyard.games.matador import MatadorRules
from conftest import (
    RECORDS,
    StubRng,
    T,
    arranged,
    assert_illegal,
    build,
    configure,
    load_record,
    mask,
    strs,
    with_options,
)
from test_matador_properties import reference_end_points, reference_plays

DOUBLE_SIX = range(28)
MATADORS = ["0-0", "4-3", "5-2", "6-1"]
ORDINARY = [format_tile(t) for t in DOUBLE_SIX if format_tile(t) not in MATADORS]


def matador(rule_set: str = "britannica", players: int = 2, **options: Any) -> MatadorRules:
    rules = configure("matador", rule_set, players, **options)
    assert isinstance(rules, MatadorRules)
    return rules


def position(
    lead: str,
    hand: str,
    rule_set: str = "britannica",
    players: int = 2,
    *,
    drawable: int | None = None,
    **options: Any,
) -> LineState:
    """Seat 0 to move, holding ``hand``, with the lead tile ``lead`` alone on the table (written as
    laid: ``"5-3"`` shows 5 at L and 3 at R). ``drawable``: how many stock tiles may still be drawn
    (the stock is drawn down to leave that many above the reserve)."""
    state = arranged("matador", rule_set, players, [hand] + ["6-6"] * (players - 1), **options)
    a, b = parse_oriented(lead)
    state.layout = state.rules.lead_layout(T(lead), None if a == b else b)
    if drawable is not None:
        state.stock_pos = len(state.stock) - state.rules.reserve - drawable
        assert state.stock_pos >= 0
    return state


def ends(state: LineState) -> tuple[int, ...]:
    assert state.layout is not None
    return state.layout.pips


def plays_at(state: LineState, end: str) -> list[str]:
    """The legal plays at one end, as ``tile`` or ``tile>open``, sorted."""
    out = []
    for a in state.legal_actions():
        if isinstance(a, Play) and a.end == end:
            out.append(format_tile(a.tile) + ("" if a.open is None else f">{a.open}"))
    return sorted(out)


def tiles_at(actions: list[Action], end: str | None = None) -> set[str]:
    """The tiles of the plays among ``actions`` (at ``end``, if given)."""
    return {
        format_tile(a.tile)
        for a in actions
        if isinstance(a, Play) and (end is None or a.end == end)
    }


def after(state: LineState, action: Play) -> LineState:
    copy = state.copy()
    copy.apply(action)
    return copy


def with_tiles(*names: str) -> str:
    return " ".join(names)


# ------------------------------------------------------------------------- MAT-1: ends 5 and 3
def test_mat1_ordinary_tiles_need_a_2_at_the_5_or_a_4_at_the_3() -> None:
    state = position("5-3", with_tiles(*ORDINARY))
    assert ends(state) == (5, 3)
    assert plays_at(state, "L") == ["2-0", "2-1", "2-2", "3-2", "4-2", "6-2"]
    assert plays_at(state, "R") == ["4-0", "4-1", "4-2", "4-4", "5-4", "6-4"]
    # Only ordinary tiles, and one of them fits: a play, no draw.
    assert DRAW not in state.legal_actions() and PASS not in state.legal_actions()


@pytest.mark.parametrize(
    ("tile", "end", "shown"),
    [
        ("6-2", "L", (6, 3)),  # the 2 against the 5
        ("4-1", "R", (5, 1)),  # the 4 against the 3
        ("2-2", "L", (2, 3)),  # a double is a single 2: it exposes 2
        ("4-4", "R", (5, 4)),
    ],
)
def test_mat1_plays(tile: str, end: str, shown: tuple[int, int]) -> None:
    state = position("5-3", tile)
    assert state.legal_actions() == [play(T(tile), end)]
    assert ends(after(state, play(T(tile), end))) == shown


def test_mat1_the_four_matadors_go_on_either_end() -> None:
    state = position("5-3", with_tiles(*MATADORS))
    for end in ("L", "R"):
        assert plays_at(state, end) == ["0-0", "4-3>3", "4-3>4", "5-2>2", "5-2>5", "6-1>1", "6-1>6"]


def test_mat1_a_tile_that_does_not_make_seven_is_illegal() -> None:
    state = position("5-3", "5-3 3-1")
    assert_illegal(state, play(T("5-3"), "L"), "cannot play 5-3 at L: the end shows 5")
    assert_illegal(state, play(T("3-1"), "R"), "cannot play 3-1 at R: the end shows 3")


# ------------------------------------------------------------------------- MAT-2: ends 0 and 6
def test_mat2_a_blank_takes_only_a_matador_a_six_any_tile_with_a_one() -> None:
    state = position("0-6", with_tiles(*(format_tile(t) for t in DOUBLE_SIX if t != T("0-6"))))
    assert ends(state) == (0, 6)
    assert plays_at(state, "L") == ["0-0", "4-3>3", "4-3>4", "5-2>2", "5-2>5", "6-1>1", "6-1>6"]
    ones = ["1-0", "1-1", "2-1", "3-1", "4-1", "5-1"]
    assert plays_at(state, "R") == sorted(
        [*ones, "0-0", "4-3>3", "4-3>4", "5-2>2", "5-2>5", "6-1>1", "6-1>6"]
    )


def test_mat2_three_blank_is_illegal_everywhere() -> None:
    state = position("0-6", "3-0 2-2")
    assert_illegal(state, play(T("3-0"), "L"), "cannot play 3-0 at L: the end shows 0")
    assert_illegal(state, play(T("3-0"), "R"), "cannot play 3-0 at R: the end shows 6")


# ------------------------------------------------------------------------------ MAT-3: 6-6 lead
def test_mat3_after_a_six_six_lead_the_next_needs_a_one_or_a_matador() -> None:
    rules = matador()
    state = build(
        rules, ["6-6 6-5 6-4 6-3 5-5 4-4 3-3", "5-1 1-1 3-2 5-4 4-3 0-0 6-2"], "2-2 2-1 1-0"
    )
    assert state.legal_actions() == [play(T("6-6"))]
    state.apply(play(T("6-6")))
    assert ends(state) == (6, 6)  # a double is a single 6 at both ends
    assert state.turn == 1
    for end in ("L", "R"):
        assert plays_at(state, end) == ["0-0", "1-1", "4-3>3", "4-3>4", "5-1"]
    assert ends(after(state, play(T("5-1"), "L"))) == (5, 6)
    assert ends(after(state, play(T("1-1"), "R"))) == (6, 1)


# ------------------------------------------------------------------- MAT-4: the matador's holder
def test_mat4_the_holder_chooses_the_exposed_half() -> None:
    state = position("4-6", "5-2 5-5")
    assert strs(state.legal_actions()) == [
        "5-2 at L exposing 5",
        "5-2 at L exposing 2",
        "5-2 at R exposing 5",
        "5-2 at R exposing 2",
        "draw",  # britannica: the only plays are matadors, so he may draw instead
    ]
    ordinary = matador().tiles.all_mask & ~matador().matadors
    five = after(state, Play(T("5-2"), "L", 5))
    assert ends(five) == (5, 6)
    assert five.layout is not None
    needs = tiles_at(matador().plays_for(ordinary, five.layout), "L")
    assert needs == {"2-0", "2-1", "2-2", "3-2", "4-2", "6-2"}  # a 2 against the 5
    two = after(state, Play(T("5-2"), "L", 2))
    assert ends(two) == (2, 6)
    assert two.layout is not None
    needs = tiles_at(matador().plays_for(ordinary, two.layout), "L")
    assert needs == {"5-0", "5-1", "5-3", "5-4", "5-5", "6-5"}  # a 5 against the 2


def test_mat4_a_matador_needs_its_open_and_only_one_of_its_halves() -> None:
    state = position("4-6", "5-2 5-5")
    assert_illegal(state, play(T("5-2"), "L"), "must say which pip 5-2 leaves exposed at L (open)")
    message = assert_illegal(state, Play(T("5-2"), "L", 4), "open 4")
    assert "5-2" in message


@pytest.mark.parametrize("pip", range(7))
def test_mat4_double_blank_on_any_end_exposes_a_blank(pip: int) -> None:
    state = position(f"{pip}-{pip}", "0-0", drawable=0)
    assert state.legal_actions() == [play(T("0-0"), "L"), play(T("0-0"), "R")]
    laid = after(state, play(T("0-0"), "L"))
    assert ends(laid) == (0, pip)
    assert laid.layout is not None
    ordinary = matador().tiles.all_mask & ~matador().matadors
    assert not tiles_at(matador().plays_for(ordinary, laid.layout), "L")


def test_mat4_double_matador_open_that_agrees_is_accepted() -> None:
    """RECORD.md: an ``open`` is an error only where it contradicts the rules; 0-0 shows 0."""
    state = position("3-3", "0-0 1-1", drawable=0)
    state.apply(Play(T("0-0"), "L", 0))
    assert ends(state) == (0, 3)
    assert_illegal(position("3-3", "0-0 1-1"), Play(T("0-0"), "L", 3), "open 3")


# ----------------------------------------------------------------------------- MAT-5: blanks all
def blanks_all(moves: int = 5, **options: Any) -> LineState:
    """The hand of matador_blanks_all.json after its first ``moves`` moves (5: 0-0 laid on a
    blank, ends 0 and 0, seat 1 to move holding the matador 6-1)."""
    record = with_options(load_record("matador_blanks_all.json"), **options)
    hand = record["hands"][0]
    hand["moves"] = hand["moves"][:moves]
    del hand["result"]
    return replay_record(record).match.hand


def test_mat5_blanks_all() -> None:
    four = blanks_all(4)
    assert ends(four) == (0, 0)
    assert four.turn == 0
    assert strs(four.legal_actions()) == ["0-0 at L", "0-0 at R", "draw"]
    state = blanks_all(5)
    assert ends(state) == (0, 0)  # 0-0 on a blank leaves both ends blank
    assert state.turn == 1
    # Seat 1 must play a matador or draw.
    assert strs(state.legal_actions()) == [
        "6-1 at L exposing 6",
        "6-1 at L exposing 1",
        "6-1 at R exposing 6",
        "6-1 at R exposing 1",
        "draw",
    ]
    for tile in ("5-3", "5-1", "4-1", "3-1"):
        assert_illegal(state, play(T(tile), "L"), "the end shows 0")
    assert_illegal(state, PASS, "cannot pass while able to act")


def test_mat5_blanks_all_without_a_matador_the_player_must_draw() -> None:
    state = blanks_all(5)
    state.hands[1] &= ~mask("6-1")
    state._legal = None
    assert state.legal_actions() == [DRAW]


def test_mat5_blanks_all_with_matador_optional_false_the_matador_must_be_played() -> None:
    state = blanks_all(5, matador_optional=False)
    assert DRAW not in state.legal_actions()
    assert len(state.legal_actions()) == 4


# --------------------------------------------------------------------------- MAT-6: hand pips
@pytest.mark.parametrize(
    ("value", "pips"),
    [("full", 13), ("one_half", 10)],  # 6 + 0 + 7; a double as one half: 3 + 0 + 7
)
def test_mat6_hand_pips(value: str, pips: int) -> None:
    state = arranged("matador", "britannica", 2, ["", "3-3 0-0 6-1"], hand_double_value=value)
    assert state.rules.hand_pips(mask("3-3 0-0 6-1")) == pips
    result = state.rules.hand_result(state, "domino", 0)
    assert (result.points, result.pips) == ((pips, 0), (0, pips))


# ------------------------------------------------------------------------------ MAT-7: blocked
@pytest.mark.parametrize(
    ("rule_set", "scoring", "points"),
    [
        ("britannica", None, (23, 0)),  # S0: the lower hand scores both hands combined
        ("hoyle", None, (15, 0)),  # S1: his own hand does not count
        ("modern", None, (7, 0)),  # the engine's modern choice: the excess
        ("britannica", "difference_total", (7, 0)),  # S0's "sometimes only the excess"
        ("britannica", "opponents", (15, 0)),
        ("britannica", "difference_each", (7, 0)),
    ],
)
def test_mat7_blocked_arranged(rule_set: str, scoring: str | None, points: tuple[int, int]) -> None:
    options = {} if scoring is None else {"blocked_scoring": scoring}
    state = arranged("matador", rule_set, 2, ["5-3", "6-5 4-0"], **options)  # A 8, B 15
    result = state.rules.hand_result(state, "blocked", None)
    assert (result.winner, result.points, result.pips) == (0, points, (8, 15))


@pytest.mark.parametrize(
    ("scoring", "points"),
    [(None, [23, 0]), ("opponents", [15, 0]), ("difference_total", [7, 0])],
)
def test_mat7_britannica_blocked_by_play(scoring: str | None, points: list[int]) -> None:
    record = load_record("matador_blocked_britannica.json")
    if scoring is not None:
        record = with_options(record, blocked_scoring=scoring)
    replay = replay_record(record)
    (hand,) = replay.hands
    assert (hand.ended, hand.winner, hand.points) == ("blocked", 0, points)
    state = replay.match.hand
    assert state.result is not None and state.result.pips == (8, 15)
    assert state.stock_size() == 2  # blocked with the two reserved tiles left
    assert_blocked(state)


@pytest.mark.parametrize(
    ("scoring", "points"),
    [(None, [0, 15]), ("combined", [0, 23]), ("difference_total", [0, 7])],
)
def test_mat7_hoyle_blocked_by_play(scoring: str | None, points: list[int]) -> None:
    record = load_record("matador_blocked_hoyle.json")
    if scoring is not None:
        record = with_options(record, blocked_scoring=scoring)
    replay = replay_record(record)
    (hand,) = replay.hands
    assert (hand.ended, hand.winner, hand.points) == ("blocked", 1, points)
    state = replay.match.hand
    assert state.result is not None and state.result.pips == (15, 8)
    assert state.stock_size() == 3  # hoyle, two players: three stay undrawn
    assert_blocked(state)


def assert_blocked(state: LineState) -> None:
    """Nobody holds a tile that fits, and nothing more may be drawn."""
    assert state.layout is not None
    for hand in state.hands:
        assert not reference_plays(state.rules, hand, state.layout)
    assert state.drawable() == 0


def test_blocked_tie_scores_nothing() -> None:
    state = arranged("matador", "britannica", 2, ["5-3", "6-2"])
    result = state.rules.hand_result(state, "blocked", None)
    assert (result.winner, result.points) == (None, (0, 0))


# --------------------------------------------------------------------- MAT-8: larger sets
def test_mat8_double_nine_sum_and_matadors() -> None:
    rules = matador(tile_set="double-nine")
    assert rules.match_sum == 10
    assert format_tiles(rules.matadors) == ["0-0", "5-5", "6-4", "7-3", "8-2", "9-1"]


def test_mat8_double_twelve_sum_and_matadors() -> None:
    rules = matador(tile_set="double-twelve")
    assert rules.match_sum == 13
    assert sorted(format_tiles(rules.matadors)) == sorted(
        ["0-0", "12-1", "11-2", "10-3", "9-4", "8-5", "7-6"]
    )


def test_mat8_after_nine_nine_the_next_needs_a_one_or_a_matador() -> None:
    record = load_record("matador_double_nine.json")
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:1]
    del record["hands"][0]["result"]
    state = replay_record(record).match.hand
    assert ends(state) == (9, 9)
    hand = state.hands[1]  # 9-2 8-2 8-0 7-1 6-3 5-4 3-1
    assert hand == mask("9-2 8-2 8-0 7-1 6-3 5-4 3-1")
    for end in ("L", "R"):
        assert plays_at(state, end) == ["3-1", "7-1", "8-2>2", "8-2>8"]


@pytest.mark.parametrize("pip", range(10))
def test_mat8_five_five_goes_anywhere_and_shows_five(pip: int) -> None:
    state = position(f"{pip}-{pip}", "5-5", tile_set="double-nine", drawable=0)
    assert state.legal_actions() == [play(T("5-5"), "L"), play(T("5-5"), "R")]
    assert ends(after(state, play(T("5-5"), "R"))) == (pip, 5)


@pytest.mark.parametrize("pip", range(13))
def test_mat8_double_twelve_matadors_go_anywhere(pip: int) -> None:
    hand = "0-0 12-1 11-2 10-3 9-4 8-5 7-6"
    state = position(f"{pip}-{pip}", hand, tile_set="double-twelve", drawable=0)
    assert plays_at(state, "L") == sorted(
        ["0-0"] + [f"{a}-{13 - a}>{x}" for a in range(7, 13) for x in (a, 13 - a)]
    )


def test_mat8_double_twelve_ordinary_tiles_make_thirteen() -> None:
    rules = matador(tile_set="double-twelve")
    for pip in range(13):
        layout = Layout.lead(T(f"{pip}-{pip}"))
        ordinary = rules.tiles.all_mask & ~rules.matadors
        for a in rules.plays_for(ordinary, layout):
            assert isinstance(a, Play)
            assert 13 - pip in (HIGH[a.tile], LOW[a.tile]) and pip != 0


def test_mat8_double_nine_record() -> None:
    replay = replay_record(load_record("matador_double_nine.json"))
    assert replay.disagreements == []
    moves = load_record("matador_double_nine.json")["hands"][0]["moves"]
    assert moves[2] == {"seat": 0, "play": "5-5", "end": "L"}  # the matador 5-5 on a 3
    state = replay.match.hand
    assert (state.result is not None) and (state.result.ended, state.result.points) == (
        "domino",
        (0, 16),
    )


# ------------------------------------------------------------------ MAT-9: hoyle's stock reserve
@pytest.mark.parametrize(
    ("players", "stock", "reserve", "drawable"),
    [(2, 22, 3, 19), (3, 19, 0, 19), (4, 16, 0, 16)],
)
def test_mat9_hoyle_reserve(players: int, stock: int, reserve: int, drawable: int) -> None:
    rules = matador("hoyle", players)
    assert (rules.hand_size, rules.reserve) == (3, reserve)
    match = Match(rules, seed=players)
    state = match.hand
    assert (state.stock_size(), state.drawable()) == (stock, drawable)
    # Voluntary drawing lets the player to move draw every drawable tile, and no more.
    state.apply(state.legal_actions()[0])  # the lead
    for _ in range(drawable):
        assert DRAW in state.legal_actions()
        state.apply(DRAW)
        assert state.turn == (state.leader + 1) % players
    assert state.stock_size() == reserve
    assert DRAW not in state.legal_actions()
    assert_illegal(state, DRAW, "cannot draw: the stock is down to its reserve")


# ------------------------------------------------------------------------ rule set: britannica
def test_britannica_is_the_default() -> None:
    rules = matador(None)  # type: ignore[arg-type]
    assert rules.rule_set == "britannica"
    o = rules.options
    assert (rules.hand_size, rules.reserve, rules.draw_policy, rules.voluntary_draw) == (
        7,
        2,
        "until_playable",
        False,
    )
    assert (o["matador_optional"], o["blocked_scoring"], rules.target_score) == (
        True,
        "combined",
        100,
    )
    assert (rules.first_lead, rules.lead_tile_rule) == ("highest_double", "the_deciding_double")


@pytest.mark.parametrize(
    ("rule_set", "players", "size", "stock"),
    [
        ("britannica", 2, 7, 14),
        ("britannica", 3, 7, 7),
        ("britannica", 4, 7, 0),
        ("hoyle", 2, 3, 22),
        ("hoyle", 3, 3, 19),
        ("hoyle", 4, 3, 16),
        ("modern", 2, 5, 18),
        ("modern", 3, 5, 13),
        ("modern", 4, 5, 8),
    ],
)
def test_hand_sizes(rule_set: str, players: int, size: int, stock: int) -> None:
    rules = matador(rule_set, players)
    for seed in range(3):
        hand = Match(rules, seed=seed).hand
        assert hand.hand_sizes() == (size,) * players
        assert hand.stock_size() == stock


def test_britannica_the_highest_double_leads_and_must_be_led() -> None:
    state = build(matador(), ["6-5 5-5 4-1 3-0 2-1 1-0 0-0", "6-4 4-4 4-3 3-2 2-0 5-1 6-0"])
    assert (state.leader, state.turn) == (0, 0)
    assert state.legal_actions() == [play(T("5-5"))]
    assert_illegal(state, play(T("0-0")), "seat 0 must lead 5-5")


def test_britannica_without_a_double_the_heaviest_tile_leads() -> None:
    state = build(matador(), ["5-4 4-1 3-0 2-1 1-0 6-0 3-1", "6-5 6-4 4-3 3-2 2-0 5-1 4-0"])
    assert state.leader == 1
    assert state.legal_actions() == [Play(T("6-5"), None, 5), Play(T("6-5"), None, 6)]


def test_britannica_a_player_who_cannot_play_draws_until_he_can() -> None:
    # Ends 6 and 6; seat 1 has no 1 and no matador; the stock gives 2-2, 3-3 then 1-1.
    rules = matador()
    state = build(
        rules,
        ["6-6 6-5 6-4 6-3 5-5 5-4 4-4", "5-3 5-0 4-2 4-0 3-2 3-0 2-0"],
        "2-2 3-3 1-1",
    )
    state.apply(play(T("6-6")))
    assert state.legal_actions() == [DRAW]
    assert_illegal(state, PASS, "cannot pass while able to act")
    state.apply(DRAW)
    state.apply(DRAW)
    assert state.turn == 1 and state.legal_actions() == [DRAW]
    state.apply(DRAW)
    assert strs(state.legal_actions()) == ["1-1 at L", "1-1 at R"]


def test_britannica_two_stay_in_the_stock() -> None:
    state = position("6-6", "5-3 4-2", drawable=1)
    assert state.legal_actions() == [DRAW]
    state.stock = (T("3-2"), *state.stock[state.stock_pos + 1 :])  # the next tile: 3-2
    state.stock_pos = 0
    state.apply(DRAW)  # 3-2 does not fit either, and the last two stay in the stock
    assert state.stock_size() == 2
    assert state.hands[0] == mask("5-3 4-2 3-2")
    # Nobody can play and nothing more may be drawn: the hand is blocked with two in the stock.
    assert state.over and state.result is not None and state.result.ended == "blocked"


def test_britannica_a_player_whose_only_plays_are_matadors_may_draw_instead() -> None:
    state = position("6-6", "4-3 5-3 2-0")
    assert strs(state.legal_actions())[-1] == "draw"
    assert plays_at(state, "L") == ["4-3>3", "4-3>4"]
    state.apply(DRAW)
    assert state.turn == 0 and state.hands[0].bit_count() == 4


def test_britannica_a_matador_is_not_a_reason_to_draw_when_an_ordinary_tile_fits() -> None:
    state = position("6-6", "4-3 1-0")
    assert DRAW not in state.legal_actions()
    assert_illegal(state, DRAW, "cannot draw while able to play")
    assert plays_at(state, "L") == ["1-0", "4-3>3", "4-3>4"]


def test_britannica_once_nothing_can_be_drawn_a_held_matador_must_be_played() -> None:
    state = position("6-6", "4-3 5-3", drawable=0)
    assert strs(state.legal_actions()) == [
        "4-3 at L exposing 4",
        "4-3 at L exposing 3",
        "4-3 at R exposing 4",
        "4-3 at R exposing 3",
    ]
    assert_illegal(state, DRAW, "down to its reserve")
    assert_illegal(state, PASS, "cannot pass while able to act")


def test_britannica_domino_scores_the_opponents_pips() -> None:
    replay = replay_record(load_record("matador_blanks_all.json"))
    (hand,) = replay.hands
    assert (hand.ended, hand.winner, hand.points) == ("domino", 1, [0, 19])
    state = replay.match.hand
    assert state.hands[0] == mask("6-5 5-0 3-0")  # 11 + 5 + 3


def test_britannica_next_lead_rotates() -> None:
    rules = matador("britannica", 3)
    assert rules.next_leader(2, None) == 0
    match = Match(rules, seed=5)
    state = match.hand
    while not state.over:
        state.apply(state.legal_actions()[0])
    first = state.leader
    nxt = match.next_hand()
    assert nxt is not None and nxt.leader == (first + 1) % 3 and not nxt.lead_by_deal


# ----------------------------------------------------------------------------- rule set: hoyle
def test_hoyle() -> None:
    rules = matador("hoyle")
    assert (rules.hand_size, rules.voluntary_draw, rules.first_lead, rules.lead_tile_rule) == (
        3,
        True,
        "draw_lowest",
        "any",
    )
    assert (rules.next_lead, rules.blocked_scoring, rules.options["matador_optional"]) == (
        "alternate",
        "opponents",
        True,
    )
    assert not rules.lead_from_deal()


@pytest.mark.parametrize(
    ("drawn", "leader"),
    [
        (["6-5", "1-1"], 1),
        (["1-0", "1-1"], 0),
        (["2-1", "3-0"], 0),  # equal totals: the lower higher half is lower
        (["6-6", "5-5", "0-0"], 2),
        (["4-1", "3-0", "2-2"], 1),
    ],
)
def test_hoyle_the_lowest_draw_leads(drawn: list[str], leader: int) -> None:
    rules = matador("hoyle", len(drawn))
    seat, tiles_drawn = rules.draw_for_lead(StubRng(drawn))  # type: ignore[arg-type]
    assert seat == leader
    assert [format_tile(t) for t in tiles_drawn] == drawn


def test_hoyle_the_match_leader_is_the_lowest_draw_and_the_lead_alternates() -> None:
    for seed in range(10):
        match = Match(matador("hoyle", 3), seed=seed)
        drawn = match.lead_draw
        assert drawn is not None
        keys = [(PIPS[t], HIGH[t]) for t in drawn]
        assert match.hand.leader == keys.index(min(keys))
        first = match.hand.leader
        state = match.hand
        while not state.over:
            state.apply(state.legal_actions()[0])
        nxt = match.next_hand()
        if nxt is not None:
            assert nxt.leader == (first + 1) % 3


def test_hoyle_any_tile_may_be_led() -> None:
    state = build(matador("hoyle"), ["6-6 5-4 0-0", "3-3 2-1 1-0"], leader=1)
    assert sorted(strs(state.legal_actions())) == ["0-1", "1-0", "1-2", "2-1", "3-3"]


def test_hoyle_a_leader_is_required() -> None:
    with pytest.raises(ValueError, match="a leader is required"):
        build(matador("hoyle"), ["6-6 5-4 0-0", "3-3 2-1 1-0"])
    record = load_record("matador_hoyle_match.json")
    del record["hands"][0]["leader"]
    with pytest.raises(RecordError, match=r"hand 1: .*a leader is required"):
        replay_record(record)


def test_hoyle_match_record_the_lead_alternates() -> None:
    record = load_record("matador_hoyle_match.json")
    leaders = [h["leader"] for h in record["hands"]]
    assert leaders == [1, 0, 1, 0]
    wrong = json.loads(json.dumps(record))
    wrong["hands"][1]["leader"] = 1
    with pytest.raises(RecordError, match="hand 2: leader 1 disagrees with the rotation"):
        replay_record(wrong)
    replay = replay_record(record)
    assert replay.complete and replay.winner == 1
    assert replay.totals == [0, 139]


def test_hoyle_a_player_able_to_play_may_still_draw() -> None:
    state = position("6-6", "1-0 5-4", "hoyle")
    assert strs(state.legal_actions()) == ["1-0 at L", "1-0 at R", "draw"]
    state.apply(DRAW)
    assert state.turn == 0  # he may go on drawing
    assert DRAW in state.legal_actions()


def test_hoyle_passing_while_able_to_play_is_impossible() -> None:
    # S1: failing to play when able forfeits the hand's count; the engine refuses the pass.
    state = position("6-6", "1-0 5-4", "hoyle", drawable=0)
    assert strs(state.legal_actions()) == ["1-0 at L", "1-0 at R"]
    assert_illegal(state, PASS, "cannot pass while able to act")
    state = position("6-6", "5-4", "hoyle", drawable=0)
    assert state.legal_actions() == [PASS]  # "go"


def test_hoyle_voluntary_draws_in_the_match_record() -> None:
    """Some draws of the record were taken by a player who could have played."""
    replay = replay_record(load_record("matador_hoyle_match.json"))
    voluntary = 0
    for played in replay.match.hands:
        fresh = LineState.from_deal(
            played.rules,
            [[t for t in range(28) if m >> t & 1] for m in played.deal],
            played.stock,
            played.leader,
            lead_by_deal=played.lead_by_deal,
        )
        for move in played.history:
            if move.action == DRAW and any(isinstance(a, Play) for a in fresh.legal_actions()):
                voluntary += 1
            fresh.apply(move.action)
    assert voluntary >= 2


# ---------------------------------------------------------------------------- rule set: modern
def test_modern() -> None:
    rules = matador("modern")
    o = rules.options
    assert (rules.hand_size, rules.reserve, rules.draw_policy, rules.voluntary_draw) == (
        5,
        0,
        "until_playable",
        False,
    )
    assert (o["matador_optional"], o["doubles_crosswise"], rules.blocked_scoring) == (
        False,
        False,
        "difference_total",
    )
    assert (rules.first_lead, rules.target_score) == ("highest_double", 100)


def test_modern_draw_until_playable_then_play_it() -> None:
    rules = matador("modern")
    state = build(rules, ["6-6 6-5 6-4 6-3 5-5", "5-3 4-2 4-0 3-2 3-0"], "2-2 3-3 1-1")
    state.apply(play(T("6-6")))
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    state.apply(DRAW)
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)  # 1-1 fits: it must be played
    assert strs(state.legal_actions()) == ["1-1 at L", "1-1 at R"]
    assert_illegal(state, DRAW, "cannot draw while able to play")
    assert_illegal(state, PASS, "cannot pass while able to act")


def test_modern_only_matadors_must_be_played() -> None:
    state = position("6-6", "4-3 5-3", "modern")
    assert state.drawable() > 0
    assert DRAW not in state.legal_actions()
    assert plays_at(state, "L") == ["4-3>3", "4-3>4"]
    assert_illegal(state, DRAW, "cannot draw while able to play")


def test_modern_the_last_tile_is_drawn_then_knock() -> None:
    state = position("6-6", "5-3", "modern", drawable=1)
    assert state.rules.reserve == 0
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    assert state.stock_size() == 0
    state = position("6-6", "5-3", "modern", drawable=0)
    assert state.legal_actions() == [PASS]  # knock
    assert_illegal(state, DRAW, "down to its reserve")


def test_modern_knock_record() -> None:
    replay = replay_record(load_record("matador_modern_3p.json"))
    state = replay.match.hand
    passes = [i for i, m in enumerate(state.history) if m.action == PASS]
    assert passes
    assert sum(1 for m in state.history if m.action == DRAW) == 13  # the whole boneyard
    (hand,) = replay.hands
    assert (hand.ended, hand.winner, hand.points) == ("domino", 0, [77, 0, 0])  # 7 + 70


def test_modern_one_then_pass() -> None:
    rules = matador("modern", draw_policy="one_then_pass")
    state = build(rules, ["6-6 5-1 5-5 4-4 3-3", "6-5 6-3 5-4 5-3 4-0"], "6-0 1-1 2-2")
    state.apply(play(T("6-6")))
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)  # 6-0 does not fit: pass at once
    assert state.legal_actions() == [PASS]
    assert_illegal(state, DRAW, "seat 1 has drawn already this turn")
    state.apply(PASS)
    state.apply(play(T("5-1"), "L"))  # ends 5 and 6
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)  # 1-1 fits on the 6: it must be played
    assert strs(state.legal_actions()) == ["1-1 at R"]
    assert_illegal(state, PASS, "cannot pass while able to act")


def test_modern_one_then_pass_record() -> None:
    replay = replay_record(load_record("matador_one_then_pass.json"))
    moves = replay.match.hand.history
    draw_then_pass = [
        i
        for i in range(len(moves) - 1)
        if moves[i].action == DRAW
        and moves[i + 1].action == PASS
        and moves[i].seat == moves[i + 1].seat
    ]
    assert len(draw_then_pass) == 2
    record = with_options(load_record("matador_one_then_pass.json"), draw_policy="until_playable")
    with pytest.raises(RecordError, match="hand 1, move 4: seat 1 cannot pass while able to act"):
        replay_record(record)


# ------------------------------------------------------------------------------- match_rule
def test_match_rule_sum_is_n_plus_one() -> None:
    assert [
        matador(tile_set=s).match_sum for s in ("double-six", "double-nine", "double-twelve")
    ] == [
        7,
        10,
        13,
    ]


def test_match_rule_sum_n() -> None:
    rules = matador(match_rule="sum:6")
    assert rules.match_sum == 6
    assert format_tiles(rules.matadors) == ["0-0", "3-3", "4-2", "5-1", "6-0"]
    state = position("5-5", "3-1 6-1 6-0 4-1", match_rule="sum:6")
    assert plays_at(state, "L") == ["3-1", "4-1", "6-0>0", "6-0>6", "6-1"]
    assert ends(after(state, play(T("6-1"), "L"))) == (6, 5)  # the 1 against the 5


@pytest.mark.parametrize("value", ["sum:0", "sum:13", "sum:x", "odd"])
def test_match_rule_bad_values(value: str) -> None:
    with pytest.raises(OptionError):
        matador(match_rule=value)


def test_match_rule_equal() -> None:
    """Equal-number matching, with 0-0 the only wild tile (no pair of halves makes a sum)."""
    rules = matador(match_rule="equal")
    assert format_tiles(rules.matadors) == ["0-0"]
    state = position("5-3", "5-1 3-3 2-1 0-0", match_rule="equal")
    assert plays_at(state, "L") == ["0-0", "5-1"]
    assert plays_at(state, "R") == ["0-0", "3-3"]
    assert ends(after(state, play(T("5-1"), "L"))) == (1, 3)


# ------------------------------------------------------------------------- matador_placement
def crosswise_state(hand: str, lead: str = "4-4") -> LineState:
    """Seat 0 to move holding ``hand``; the L end shows both halves of a crosswise 5-2."""
    state = position(lead, hand + " 5-2", matador_placement="crosswise_both_open")
    assert [a for a in state.legal_actions() if isinstance(a, Play) and a.tile == T("5-2")] == [
        play(T("5-2"), "L"),
        play(T("5-2"), "R"),
    ]  # no open: both halves stay open
    state.apply(play(T("5-2"), "L"))
    state.turn = 0
    state._legal = None
    return state


def test_crosswise_the_end_shows_both_halves() -> None:
    state = crosswise_state("2-0 5-1 4-1")
    assert state.layout is not None
    pip = state.layout.pips[0]
    assert state.rules.end_label(pip) == "5|2"
    assert state.rules.end_label(state.layout.pips[1]) == "4"
    message = assert_illegal(state, play(T("4-1"), "L"), "cannot play 4-1 at L")
    assert "5|2" in message


@pytest.mark.parametrize(
    ("tile", "shown"),
    [
        ("2-0", 0),  # the 2 makes 7 with the 5
        ("6-2", 6),
        ("2-2", 2),
        ("5-1", 1),  # the 5 makes 7 with the 2
        ("5-5", 5),
        ("6-5", 6),
    ],
)
def test_crosswise_the_next_tile_may_make_seven_with_either_half(tile: str, shown: int) -> None:
    state = crosswise_state(tile)
    assert play(T(tile), "L") in state.legal_actions()
    laid = after(state, play(T(tile), "L"))
    assert ends(laid)[0] == shown


def test_crosswise_ordinary_tiles_at_a_crosswise_end() -> None:
    state = crosswise_state(with_tiles(*(t for t in ORDINARY if t not in ("4-4",))))
    assert plays_at(state, "L") == sorted(
        ["2-0", "2-1", "2-2", "3-2", "4-2", "6-2", "5-0", "5-1", "5-3", "5-4", "5-5", "6-5"]
    )


def test_crosswise_a_matador_takes_no_open() -> None:
    state = position("4-4", "6-1 0-0", matador_placement="crosswise_both_open")
    assert strs(state.legal_actions()) == ["0-0 at L", "6-1 at L", "0-0 at R", "6-1 at R", "draw"]
    message = assert_illegal(state, Play(T("6-1"), "L", 6), "open 6")
    assert "6|1" in message
    laid = after(state, play(T("0-0"), "L"))  # a double matador shows its one number
    assert ends(laid) == (0, 4)


def test_crosswise_record() -> None:
    record = load_record("matador_crosswise.json")
    moves = record["hands"][0]["moves"]
    assert moves[1] == {"seat": 1, "play": "6-1", "end": "L"}
    assert moves[2] == {"seat": 0, "play": "6-5", "end": "L"}
    replay = replay_record(record)
    assert replay.disagreements == []
    prefix = json.loads(json.dumps(record))
    prefix["hands"][0]["moves"] = moves[:2]
    del prefix["hands"][0]["result"]
    state = replay_record(prefix).match.hand
    assert state.layout is not None
    assert [state.rules.end_label(p) for p in state.layout.pips] == ["6|1", "5"]
    # 1-0 and 2-1 make 7 with the 6, 6-5 with the 1.
    assert plays_at(state, "L") == ["1-0", "2-1", "6-5"]
    # Under choose_exposed_half the same 6-1 needs its open.
    choose = with_options(record, matador_placement="choose_exposed_half")
    with pytest.raises(RecordError, match=r"hand 1, move 2: .*6-1.*open"):
        replay_record(choose)


# --------------------------------------------------------------------------- matador_optional
def test_matador_optional_can_be_turned_off_and_on() -> None:
    assert DRAW not in position("6-6", "4-3 5-3", matador_optional=False).legal_actions()
    assert DRAW in position("6-6", "4-3 5-3", "modern", matador_optional=True).legal_actions()


# ------------------------------------------------------------------------------------ doubles
def test_doubles_match_as_one_number_and_count_in_full() -> None:
    rules = matador()
    for p in range(7):
        layout = Layout.lead(T(f"{p}-{p}"))
        assert layout.pips == (p, p)
        fits = tiles_at(rules.plays_for(rules.tiles.doubles_mask, layout))
        expected = {f"{7 - p}-{7 - p}"} if 1 <= p <= 6 else set()
        assert fits == expected | {"0-0"}
    assert rules.hand_pips(mask("6-6 5-5")) == 22


def test_doubles_crosswise_changes_nothing_in_matador() -> None:
    flat = position("3-3", with_tiles(*ORDINARY))
    cross = position("3-3", with_tiles(*ORDINARY), doubles_crosswise=True)
    assert flat.legal_actions() == cross.legal_actions()


def test_blanks_are_closed_to_all_but_matadors() -> None:
    for rule_set in ("britannica", "hoyle", "modern"):
        for lead in ("0-0", "0-3", "6-0"):
            state = position(lead, with_tiles(*(format_tile(t) for t in DOUBLE_SIX if t)), rule_set)
            assert state.layout is not None
            blank_ends = [n for n, p in zip(state.layout.names, ends(state), strict=True) if p == 0]
            for end in blank_ends:
                assert {t.split(">")[0] for t in plays_at(state, end)} == set(MATADORS) - {"0-0"}


# ------------------------------------------------------------------------ players and partners
def test_two_to_four_players() -> None:
    for players in (2, 3, 4):
        assert matador(players=players).players == players
    with pytest.raises(OptionError, match="matador is for 2 to 4 players, not 5"):
        matador(players=5)
    with pytest.raises(OptionError, match="partnerships need exactly four players"):
        matador(players=3, partnerships=True)


def test_partnership_record() -> None:
    replay = replay_record(load_record("matador_partners.json"))
    assert replay.sides == [[0, 2], [1, 3]]
    (hand,) = replay.hands
    state = replay.match.hand
    assert state.result is not None and state.result.pips == (27, 0, 14, 29)
    # Seat 1 went out: its side scores the other side's pips (27 + 14), not its partner's 29.
    assert (hand.ended, hand.winner, hand.points) == ("domino", 1, [0, 41])


def test_partnership_blocked_compares_the_sides() -> None:
    state = arranged("matador", "modern", 4, ["6-6", "1-0", "0-0", "5-5"], partnerships=True)
    result = state.rules.hand_result(state, "blocked", None)
    # Sides hold 12 and 11: the second side scores 12 - 11 (difference_total).
    assert (result.winner, result.points) == (1, (0, 1))


# --------------------------------------------------------------------------------- the records
EXPECTED: dict[str, dict[str, Any]] = {
    "matador_blanks_all.json": {
        "rules": "britannica",
        "hands": [{"points": [0, 19], "ended": "domino", "winner": 1}],
        "totals": [0, 19],
        "complete": False,
        "winner": None,
    },
    "matador_blocked_britannica.json": {
        "rules": "britannica",
        "hands": [{"points": [23, 0], "ended": "blocked", "winner": 0}],
        "totals": [23, 0],
        "complete": False,
        "winner": None,
    },
    "matador_blocked_hoyle.json": {
        "rules": "hoyle",
        "hands": [{"points": [0, 15], "ended": "blocked", "winner": 1}],
        "totals": [0, 15],
        "complete": False,
        "winner": None,
    },
    "matador_crosswise.json": {
        "rules": "britannica",
        "hands": [{"points": [38, 0], "ended": "blocked", "winner": 0}],
        "totals": [38, 0],
        "complete": False,
        "winner": None,
    },
    "matador_double_nine.json": {
        "rules": "britannica",
        "hands": [{"points": [0, 16], "ended": "domino", "winner": 1}],
        "totals": [0, 16],
        "complete": False,
        "winner": None,
    },
    "matador_hoyle_match.json": {
        "rules": "hoyle",
        "hands": [
            {"points": [0, 29], "ended": "blocked", "winner": 1},
            {"points": [0, 18], "ended": "domino", "winner": 1},
            {"points": [0, 35], "ended": "blocked", "winner": 1},
            {"points": [0, 57], "ended": "blocked", "winner": 1},
        ],
        "totals": [0, 139],
        "complete": True,
        "winner": 1,
    },
    "matador_modern_3p.json": {
        "rules": "modern",
        "hands": [{"points": [77, 0, 0], "ended": "domino", "winner": 0}],
        "totals": [77, 0, 0],
        "complete": False,
        "winner": None,
    },
    "matador_one_then_pass.json": {
        "rules": "modern",
        "hands": [{"points": [9, 0], "ended": "domino", "winner": 0}],
        "totals": [9, 0],
        "complete": False,
        "winner": None,
    },
    "matador_partners.json": {
        "rules": "modern",
        "hands": [{"points": [0, 41], "ended": "domino", "winner": 1}],
        "totals": [0, 41],
        "complete": False,
        "winner": None,
    },
}


def test_every_matador_record_is_tested() -> None:
    names = sorted(p.name for p in RECORDS.iterdir() if p.name.startswith("matador_"))
    assert names == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_records_replay(name: str) -> None:
    record = load_record(name)
    replay = replay_record(record)
    assert replay.disagreements == []
    got = replay.to_json()
    assert got["game"] == "matador"
    assert {k: got[k] for k in EXPECTED[name]} == EXPECTED[name]
    for written, summary in zip(record["hands"], replay.hands, strict=True):
        assert "result" in written or summary.ended == "unfinished"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_records_score_by_the_pips_held(name: str) -> None:
    """Each hand's points are a reference scoring of the hands held at its end."""
    replay = replay_record(load_record(name))
    for state in replay.match.hands:
        result = state.result
        assert result is not None
        expected = reference_end_points(state.rules, state.hands, result.ended, result.out_seat)
        assert list(result.points) == expected


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_records_open_only_on_matadors_with_a_choice(name: str) -> None:
    """Written by the engine (every record but one agreeing ``open``, tested below), a play
    carries ``open`` exactly when it is a matador that is not a double, laid with a choice."""
    record = load_record(name)
    rules = replay_record(record).rules
    assert isinstance(rules, MatadorRules)
    crosswise = rules.options["matador_placement"] == "crosswise_both_open"
    for hand in record["hands"]:
        for move in hand["moves"]:
            if "end" not in move:
                continue
            t = rules.tiles.parse(move["play"])
            choice = rules.is_matador(t) and not DOUBLE[t] and not crosswise
            if name == "matador_blanks_all.json" and move == {
                "seat": 0,
                "play": "1-0",
                "end": "L",
                "open": 0,
            }:
                continue
            assert ("open" in move) == choice, move
            if choice:
                assert move["open"] in (HIGH[t], LOW[t])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_boneyard_replay_command(name: str) -> None:
    app = build_app()
    result = CliRunner().invoke(app, ["replay", str(RECORDS / name), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == replay_record(load_record(name)).to_json()


# ---------------------------------------------------------------------- ``open`` in the records
def blanks_all_record() -> dict[str, Any]:
    record = load_record("matador_blanks_all.json")
    moves = record["hands"][0]["moves"]
    assert moves[5] == {"seat": 1, "play": "6-1", "end": "L", "open": 6}
    assert moves[6] == {"seat": 0, "play": "1-0", "end": "L", "open": 0}
    return record


def test_record_open_on_an_ordinary_tile_that_agrees_is_accepted() -> None:
    record = blanks_all_record()
    replay = replay_record(record)
    assert replay.disagreements == []
    without = json.loads(json.dumps(record))
    del without["hands"][0]["moves"][6]["open"]
    assert replay_record(without).to_json() == replay.to_json()


def test_record_open_contradicting_an_ordinary_tile_is_rejected() -> None:
    record = blanks_all_record()
    record["hands"][0]["moves"][6]["open"] = 1
    with pytest.raises(RecordError) as info:
        replay_record(record)
    message = str(info.value)
    assert message.startswith("hand 1, move 7: ")
    assert "open 1 contradicts the rules: 1-0 at L" in message
    assert message.endswith("0 showing")


def test_record_matador_without_open_is_rejected() -> None:
    record = blanks_all_record()
    del record["hands"][0]["moves"][5]["open"]
    with pytest.raises(RecordError) as info:
        replay_record(record)
    assert str(info.value) == (
        "hand 1, move 6: seat 1 must say which pip 6-1 leaves exposed at L (open)"
    )


def test_record_open_choice_is_kept() -> None:
    record = blanks_all_record()
    record["hands"][0]["moves"][5]["open"] = 1  # the other half: now the L end shows 1
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:6]
    del record["hands"][0]["result"]
    state = replay_record(record).match.hand
    assert ends(state) == (1, 0)
    assert plays_at(state, "L") == ["6-5"]  # seat 0: a 6 against the 1


def test_record_open_contradicting_a_matador_is_rejected() -> None:
    record = blanks_all_record()
    record["hands"][0]["moves"][5]["open"] = 4
    with pytest.raises(RecordError) as info:
        replay_record(record)
    message = str(info.value)
    assert message.startswith("hand 1, move 6: ")
    assert "open 4" in message and "6-1" in message
    assert "None" not in message, message
    assert message.endswith("1 or 6 showing"), message


def test_record_double_matador_with_agreeing_open_is_accepted() -> None:
    record = blanks_all_record()
    move = record["hands"][0]["moves"][4]
    assert move == {"seat": 0, "play": "0-0", "end": "L"}
    move["open"] = 0
    assert replay_record(record).to_json() == replay_record(blanks_all_record()).to_json()
    move["open"] = 6
    with pytest.raises(RecordError, match=r"hand 1, move 5: .*open 6"):
        replay_record(record)


# ------------------------------------------------------------------------------ the game entry
def test_game_registry_and_description() -> None:
    game = get_game("matador")
    assert list(game.rule_sets) == ["britannica", "hoyle", "modern"]
    assert game.default_rules == "britannica"
    assert (game.min_players, game.max_players) == (2, 4)
    assert [game.rule_sets[n].source for n in game.rule_sets] == [
        BRITANNICA,
        HOYLE_MATADORE,
        WIKIPEDIA_MATADOR,
    ]
    for name in ("match_rule", "matador_optional", "matador_placement"):
        assert name in game.option_names
    with pytest.raises(OptionError, match="does not apply to matador"):
        matador(spinner="first_double")


def test_describe_tile_marks_matadors() -> None:
    rules = matador()
    assert rules.describe_tile(T("6-1")) == "6-1 (matador)"
    assert rules.describe_tile(T("6-2")) == "6-2"
    assert [rules.is_matador(t) for t in map(T, ["0-0", "1-0", "3-3", "4-3"])] == [
        True,
        False,
        False,
        True,
    ]


def test_record_open_on_a_lead_that_is_not_on_the_tile_is_rejected() -> None:
    """A lead is written as laid; an ``open`` naming a pip the tile does not have contradicts it."""
    record = blanks_all_record()
    lead = record["hands"][0]["moves"][0]
    assert lead == {"seat": 0, "play": "5-5"}
    lead["open"] = 3
    with pytest.raises(RecordError, match=r"hand 1, move 1: .*open 3"):
        replay_record(record)


# ------------------------------------------------------------- choices documented in matador.md
def test_one_then_pass_after_declining_a_matador_the_matador_must_be_played() -> None:
    state = position("6-6", "4-3 5-3", draw_policy="one_then_pass")
    assert DRAW in state.legal_actions()  # britannica: only a matador fits, he may draw instead
    state.stock = (T("2-0"), *state.stock[state.stock_pos + 1 :])
    state.stock_pos = 0
    state.apply(DRAW)  # 2-0 does not fit
    assert state.turn == 0
    assert plays_at(state, "L") == ["4-3>3", "4-3>4"]
    assert DRAW not in state.legal_actions() and PASS not in state.legal_actions()


@pytest.mark.parametrize(
    "options",
    [
        {"hand_size": "2:7,3:6,4:5"},
        {"tile_set": "double-nine", "blocked_scoring": "difference_each", "target_score": 200},
        {"matador_placement": "crosswise_both_open", "draw_policy": "one_then_pass"},
    ],
)
def test_documented_variants_configure_and_play(options: dict[str, Any]) -> None:
    for players in (2, 3, 4):
        rules = matador("britannica", players, **options)
        match = Match(rules, seed=players)
        while not match.over:
            state = match.hand
            while not state.over:
                state.apply(state.legal_actions()[-1])
            match.next_hand()
        assert max(match.totals) >= rules.target_score
