"""Sniff (pagat, https://www.pagat.com/tile/wdom/sniff.html; docs/games/sniff.md): the first double,
the sniff, is the only spinner. Under ``pagat`` it lies in line and takes one stub on each side,
whose far number counts for the rest of the hand; under ``us`` it is a crosswise spinner counting
while any side is free; ``online`` counts one half at its last free side. The worked examples SNF-1
to SNF-6 of the doc page, with their arithmetic; the draw rules, the hand's end, the lead, the
compiled core, records and the command line."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from boneyard.apps.cli import build_app
from boneyard.core import kernel
from boneyard.core.actions import DRAW, PASS, Play, play
from boneyard.core.match import Match
from boneyard.core.options import OptionError
from boneyard.core.protocol import IllegalAction
from boneyard.core.record import match_to_record, replay_record
from boneyard.games import GAMES, get_game
from boneyard.games.line.state import LineState
from boneyard.games.sniff import GAMES as SNIFF_GAMES
from boneyard.games.sniff import SniffGame, SniffRules
from conftest import T, build, set_hands


def sniff(rule_set: str | None = None, players: int = 2, **options: Any) -> SniffRules:
    rules = get_game("sniff").configure(rule_set, options, players)
    assert isinstance(rules, SniffRules)
    return rules


def start(rules: SniffRules, hands: list[str], stock: str = "", **kw: Any) -> LineState:
    return build(rules, hands, stock, leader=0, lead_by_deal=False, **kw)


def count(state: LineState) -> int:
    assert state.layout is not None
    return state.rules.count(state.layout)  # type: ignore[attr-defined,no-any-return]


def ends_played_on(state: LineState) -> set[str | None]:
    return {a.end for a in state.legal_actions() if isinstance(a, Play)}


# ----------------------------------------------------------------------------- the game
def test_the_game_is_its_folder_and_registered() -> None:
    assert [g.id for g in SNIFF_GAMES] == ["sniff"]
    assert isinstance(GAMES["sniff"], SniffGame)
    assert list(GAMES["sniff"].rule_sets) == ["pagat", "us", "britannica", "online", "digigamers"]
    assert GAMES["sniff"].default_rules == "pagat"
    assert (GAMES["sniff"].min_players, GAMES["sniff"].max_players) == (2, 4)


def test_the_rule_sets() -> None:
    # pagat: "2 players get 7 tiles each, 3 players get 6 tiles each, 4 players get 5".
    assert [sniff(players=n).hand_size for n in (2, 3, 4)] == [7, 6, 5]
    pagat = sniff()
    assert (pagat.first_lead, pagat.lead_tile_rule, pagat.next_lead) == ("random", "any", "winner")
    assert (pagat.spinner, pagat.sniff_layout, pagat.stubs) == ("first_double", "stub", True)
    assert (pagat.draw_policy, pagat.reserve, pagat.voluntary_draw) == ("until_playable", 2, False)
    assert (pagat.domino_points, pagat.blocked_scoring, pagat.target_score) == (
        "pips_round5",
        "difference_total",
        100,
    )
    us = sniff("us")
    assert (us.sniff_layout, us.spinner_sides_first, us.spinner_ends_count) == (
        "spinner",
        True,
        "until_ends_covered",
    )
    britannica = sniff("britannica")
    assert (britannica.hand_size, britannica.first_lead, britannica.target_score) == (
        5,
        "draw_highest",
        200,
    )
    assert britannica.spinner_ends_count == "until_sides_covered"
    online = sniff("online")
    assert online.last_half and online.reserve == 0
    digigamers = sniff("digigamers", players=3)
    assert digigamers.voluntary_draw and digigamers.hand_size == 5
    assert digigamers.next_lead == "rotate_left"


def test_the_spinner_is_not_an_option_of_sniff() -> None:
    # The first double, and only the first double, is the sniff.
    with pytest.raises(OptionError):
        get_game("sniff").configure(None, {"spinner": "all_doubles"})
    # sniff_last_side only bites on a crosswise sniff counting until its ends are covered.
    assert not sniff("britannica", sniff_last_side="one_half").last_half
    assert not sniff("pagat", sniff_last_side="one_half").last_half


# ----------------------------------------------------------------------------- the stub sniff
# (play, end, count after it, points for the mover) of SNF-1 (pagat), seats 0 and 1 in turn.
SNF_1 = [
    ("4-4", None, 4 + 4, 0),  # the sniff led, in line: 4 at L + 4 at R = 8
    ("6-4", "R", 4 + 6, 10),  # on R: 4 (L, the sniff) + 6 = 10 -> 10
    ("4-1", "U", 4 + 6 + 1, 0),  # a stub on the U side: its 1 counts from now on; 11
    ("4-3", "D", 4 + 6 + 1 + 3, 0),  # a stub on D: 14
    ("4-0", "L", 0 + 6 + 1 + 3, 10),  # the sniff's last line end covered: 0 + 6 + 1 + 3 = 10
    ("5-0", "L", 5 + 6 + 1 + 3, 15),  # 5 + 6 + 1 + 3 = 15 -> 15
]


def snf_1_state() -> LineState:
    return start(sniff(), ["4-4 4-1 4-0 6-6 2-2 1-1 3-3", "6-4 4-3 5-0 6-5 5-5 2-1 3-2"])


def test_snf_1_the_sniff_in_line_and_its_stubs() -> None:
    state = snf_1_state()
    made = [0, 0]
    for k, (tile, end, total, points) in enumerate(SNF_1):
        seat = k % 2
        assert state.turn == seat
        state.apply(play(T(tile), end))
        assert count(state) == total, (tile, end)
        made[seat] += points
        assert state.scores == made
    # A: 10 (4-0); B: 10 (6-4) + 15 (5-0) = 25.
    assert state.scores == [10, 10 + 15]


def test_snf_1_no_tile_goes_on_a_stub() -> None:
    state = snf_1_state()
    for tile, end, _, _ in SNF_1[:3]:  # 4-4; 6-4 at R; 4-1 at U (A)
        state.apply(play(T(tile), end))
    layout = state.layout
    assert layout is not None
    assert layout.pips[layout.index("U")] == -1 and ("U", 1) not in layout.open_ends()
    assert dict(state.rules.count_terms(layout))["U"] == 1  # type: ignore[attr-defined]
    # B holds 2-1: it matches the stub's 1, but the stub takes no tile: only L, R (6) and D (4).
    assert "U" not in ends_played_on(state)
    with pytest.raises(IllegalAction):
        state.apply(play(T("2-1"), "U"))
    assert ends_played_on(state) == {"R", "L", "D"}


def test_the_sniff_sides_open_at_once_or_after_the_line_ends() -> None:
    hands = ["4-4 4-1 4-0 6-6 2-2 1-1 3-3", "6-4 4-3 5-0 6-5 5-5 2-1 3-2"]
    state = start(sniff(), hands)
    state.apply(play(T("4-4")))
    # pagat ("then the players can add one ... tile to either side"): the sides at once.
    assert ends_played_on(state) == {"L", "R", "U", "D"}
    state = start(sniff(spinner_sides_first=True), hands)
    state.apply(play(T("4-4")))
    assert ends_played_on(state) == {"L", "R"}
    state.apply(play(T("6-4"), "R"))
    assert {"U", "D"}.isdisjoint(ends_played_on(state))  # L (4) still free: B's 4-3 fits L only
    state.apply(play(T("4-0"), "L"))
    assert {"U", "D"} <= ends_played_on(state)  # both line ends covered: the sides open


def test_snf_2_only_the_first_double_is_the_sniff() -> None:
    rules = sniff()
    state = start(rules, ["6-3 3-2 2-0 1-0 0-0 1-1 5-1", "3-3 6-6 4-0 4-1 4-2 5-0 5-2"])
    state.apply(play(T("6-3"), None, 3))  # 6 toward L, 3 toward R: 6 + 3 = 9
    assert count(state) == 6 + 3
    state.apply(play(T("3-3"), "R"))  # the sniff, in line on the 3: it shows 3, not 6; 9
    assert count(state) == 6 + 3
    state.apply(play(T("3-2"), "U"))  # a stub counting 2: 6 + 3 + 2 = 11
    assert count(state) == 6 + 3 + 2
    state.apply(play(T("6-6"), "L"))  # not the sniff: crosswise, both halves: 12 + 3 + 2 = 17
    assert count(state) == 12 + 3 + 2 == 17
    layout = state.layout
    assert layout is not None and "6U" not in layout.names  # and no spinner


def test_a_blank_stub_counts_nothing_and_a_stub_counts_after_the_line_moves_on() -> None:
    rules = sniff()
    state = start(rules, ["2-2 2-0 5-3 6-1 6-0 1-1 3-3", "2-5 5-1 4-4 4-1 4-0 6-6 5-5"])
    state.apply(play(T("2-2")))  # 2 + 2 = 4
    state.apply(play(T("2-5"), "R"))  # 2 + 5 = 7
    state.apply(play(T("2-0"), "U"))  # a blank stub: 2 + 5 + 0 = 7
    assert count(state) == 2 + 5 + 0
    state.apply(play(T("5-1"), "R"))  # 2 + 1 + 0 = 3
    assert count(state) == 2 + 1 + 0
    assert state.scores == [0, 0]


# ----------------------------------------------------------------------------- the crosswise sniff
def test_snf_3_the_us_sniff_counts_while_any_side_is_free() -> None:
    # pagat: "the [4-4] is played first; the total is eight. The [6-4] is played next; the total
    # is (4 + 4 + 6) = 14."
    rules = sniff("us")
    state = start(rules, ["4-4 4-1 4-5 6-6 3-3 2-2 0-0", "6-4 4-2 5-5 1-1 6-1 6-2 6-3"])
    state.apply(play(T("4-4")))  # 8
    assert count(state) == 8 and state.scores == [0, 0]
    state.apply(play(T("6-4"), "L"))  # 6 + 8 = 14
    assert count(state) == 6 + 8 == 14
    state.apply(play(T("4-1"), "R"))  # both long sides covered, the ends free: 6 + 1 + 8 = 15
    assert count(state) == 6 + 1 + 8 == 15 and state.scores == [15, 0]
    state.apply(play(T("4-2"), "U"))  # D still free: 6 + 1 + 2 + 8 = 17
    assert count(state) == 6 + 1 + 2 + 8
    state.apply(play(T("4-5"), "D"))  # every side covered: 6 + 1 + 2 + 5 = 14
    assert count(state) == 6 + 1 + 2 + 5 == 14


def test_the_us_sniff_opens_its_ends_once_its_sides_are_covered() -> None:
    rules = sniff("us")
    state = start(rules, ["4-4 4-1 4-5 6-6 3-3 2-2 0-0", "6-4 4-2 5-5 1-1 6-1 6-2 6-3"])
    state.apply(play(T("4-4")))
    assert ends_played_on(state) == {"L", "R"}  # a regular spinner: its long sides first


def test_snf_4_online_one_half_at_the_last_free_side() -> None:
    rules = sniff("online")
    state = start(rules, ["4-4 4-1 4-0 6-6 3-3 2-2 0-0", "6-4 4-2 5-5 1-1 6-1 6-2 6-3"])
    state.apply(play(T("4-4")))  # 8
    state.apply(play(T("6-4"), "L"))  # 6 + 8 = 14
    state.apply(play(T("4-1"), "R"))  # 6 + 1 + 8 = 15
    assert count(state) == 15 and state.scores == [15, 0]
    state.apply(play(T("4-2"), "U"))  # three sides covered: 6 + 1 + 2 + 4 (one half) = 13
    assert count(state) == 6 + 1 + 2 + 4 == 13
    state.apply(play(T("4-0"), "D"))  # 6 + 1 + 2 + 0 = 9
    assert count(state) == 6 + 1 + 2 + 0


def test_snf_5_britannica_counts_as_a_muggins_spinner() -> None:
    rules = sniff("britannica")
    state = start(rules, ["4-4 4-1 4-0 6-6 3-3", "6-4 4-2 5-5 1-1 6-1"])
    state.apply(play(T("4-4")))  # 8
    assert ends_played_on(state) == {"L", "R", "U", "D"}  # "both endwise and sidewise"
    state.apply(play(T("6-4"), "L"))  # 6 + 8 = 14
    state.apply(play(T("4-1"), "R"))  # long sides covered: 6 + 1 = 7
    assert count(state) == 6 + 1


# ----------------------------------------------------------------------------- drawing
def test_draw_until_able_two_left() -> None:
    rules = sniff()
    # B holds no 6 and no 4 (his 4-1 set aside below): he must draw; 2-1 and 3-1 do not fit, 6-1
    # does.
    state = start(
        rules,
        ["6-4 0-0 1-1 2-2 3-3 5-5 1-0", "2-0 3-0 5-0 3-2 5-2 5-3 4-1"],
        "2-1 3-1 6-1",
    )
    state.apply(play(T("6-4"), None, 4))
    set_hands(state, ["0-0 1-1 2-2 3-3 5-5 1-0", "2-0 3-0 5-0 3-2 5-2 5-3"])
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    state.apply(DRAW)
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)  # 6-1 fits
    assert DRAW not in state.legal_actions()
    assert play(T("6-1"), "L") in state.legal_actions()


def test_the_last_two_tiles_are_never_drawn_except_online() -> None:
    hands = ["6-4 0-0 1-1 2-2 3-3 5-5 1-0", "2-0 3-0 5-0 3-2 5-2 5-3 2-1"]
    for rule_set, expected in (("pagat", PASS), ("online", DRAW)):
        state = start(sniff(rule_set), hands)
        state.apply(play(T("6-4"), None, 4))  # B holds no 6 and no 4
        state.stock_pos = len(state.stock) - 2  # two tiles left in the boneyard
        # pagat (as boneyard reads the Fives family): the last two are never drawn, B passes;
        # online: "until ... the boneyard has no tile left".
        assert state.legal_actions() == [expected], rule_set


def test_digigamers_a_player_who_can_play_may_draw() -> None:
    hands = ["6-4 0-0 1-1 2-2 3-3", "2-0 3-0 5-0 3-2 4-0"]
    state = start(sniff("digigamers"), hands)
    state.apply(play(T("6-4"), None, 4))
    legal = state.legal_actions()
    assert play(T("4-0"), "R") in legal and DRAW in legal
    state = start(sniff(), hands)
    state.apply(play(T("6-4"), None, 4))
    assert DRAW not in state.legal_actions()


# ----------------------------------------------------------------------------- the hand's end
def test_snf_6_going_out_scores_the_others_pips_to_the_nearest_five() -> None:
    rules = sniff(players=3)
    state = start(rules, ["6-6 1-0", "4-4 1-1", "5-5 2-2"])
    # A is out; B holds 6-4 + 2-1 = 13, C 6-3 = 9: 22 -> 20.
    set_hands(state, ["", "6-4 2-1", "6-3"])
    assert rules.hand_result(state, "domino", 0).end_points == (20, 0, 0)


def test_snf_6_blocked_difference_or_opponents() -> None:
    for rule_set, expected in (("pagat", 20), ("britannica", 25)):
        rules = sniff(rule_set)
        state = start(rules, ["6-6 1-0 2-0 3-0 4-0", "4-4 1-1 2-1 3-1 4-1"])
        # A holds 6-2 = 8, B 6-6 + 6-5 + 4 ... : 6-6 (12) + 6-5 (11) + 4-0 (4) = 27.
        set_hands(state, ["6-2", "6-6 6-5 4-0"])
        # pagat: 27 - 8 = 19 -> 20; britannica: B's 27 -> 25.
        assert rules.hand_result(state, "blocked", None).end_points == (expected, 0), rule_set


def test_the_next_lead_the_winner_or_by_lot_after_a_block() -> None:
    rules = sniff()
    state = start(rules, ["6-6 1-0", "4-4 1-1"])
    set_hands(state, ["", "4-4 1-1"])
    assert rules.next_leader(0, rules.hand_result(state, "domino", 1)) == 1
    assert rules.next_leader(0, rules.hand_result(state, "blocked", None)) is None  # by lot
    assert sniff("digigamers").next_leader(0, None) == 1  # the set rotates


def test_the_match_is_100_up_or_200() -> None:
    assert sniff().match_winner([100, 95]) == 0 and sniff().match_winner([95, 60]) is None
    assert sniff("britannica").match_winner([150, 95]) is None


# ----------------------------------------------------------------------------- the compiled core
def test_the_compiled_core_plays_the_crosswise_sniff_only() -> None:
    assert sniff().kernel_spec() is None and sniff("online").kernel_spec() is None
    for rule_set in ("us", "britannica", "digigamers"):
        spec = sniff(rule_set).kernel_spec()
        assert spec is not None and spec.spinner == "first_double", rule_set
    us = sniff("us").kernel_spec()
    assert us is not None and us.spinner_until_ends_covered and not us.short_open


@pytest.mark.skipif(not kernel.available(), reason="the compiled core is not built")
@pytest.mark.parametrize("rule_set", ["us", "britannica", "digigamers"])
def test_the_compiled_core_agrees_move_for_move(rule_set: str) -> None:
    # tests/kernel/test_differential.py plays a thousand hands of each of these rule sets; here
    # a few with every number of players, the table, hands and scores compared at every step.
    for players in (2, 3, 4):
        rules = sniff(rule_set, players=players)
        for seed in range(30):
            rng = random.Random(seed)
            state = Match(rules, seed=seed).hand
            core = kernel.CompiledHand(state)
            while not state.over:
                legal = state.legal_actions()
                names = () if state.layout is None else state.layout.names
                assert [kernel.move_of(a, names) for a in legal] == core.legal_moves()
                action = legal[rng.randrange(len(legal))]
                state.apply(action)
                core.apply(action)
                view = core.view()
                assert view["scores"] == list(state.scores)
                assert view["hands"] == list(state.hands)
            assert state.result is not None
            assert core.view()["points"] == list(state.result.points)


# ----------------------------------------------------------------------------- records, front ends
@pytest.mark.parametrize("rule_set", ["pagat", "us"])
def test_a_record_round_trip(rule_set: str) -> None:
    match = Match(sniff(rule_set), seed=5)
    n = 0
    while not match.over:
        rng = random.Random(n)
        while not match.hand.over:
            match.hand.apply(rng.choice(match.hand.legal_actions()))
        n += 1
        match.next_hand()
    record = match_to_record(match, ["Ann", "Bob"])
    assert record["game"] == "sniff" and record["rules"] == rule_set
    assert record["options"]["sniff_layout"] == ("stub" if rule_set == "pagat" else "spinner")
    replay = replay_record(record)
    assert replay.complete and not replay.disagreements
    assert replay.totals == [float(t) for t in match.totals]


@pytest.mark.parametrize(("rule_set", "seed"), [("pagat", 3), ("us", 4)])
def test_the_plain_terminal_game_explains_every_score(rule_set: str, seed: int) -> None:
    result = CliRunner().invoke(
        build_app(),
        ["play", "sniff", "--plain", "-r", rule_set, "--seed", str(seed)],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"Sniff ({rule_set} rules)" in out
    lines = out.splitlines()
    scored = 0
    for i, line in enumerate(lines):
        m = re.fullmatch(r"(You|Seat \d) (leads?|plays?) .* and scores? (\d+)\.", line)
        if m is None:
            continue
        scored += 1
        # The next line says why: the ends (a stub's number among them), their sum, the points.
        why = re.fullmatch(r"  ends ([\d + ]+) = (\d+) -> (\d+) points?", lines[i + 1])
        assert why is not None, lines[i : i + 2]
        assert sum(int(x) for x in why.group(1).split(" + ")) == int(why.group(2))
        assert int(why.group(2)) % 5 == 0 and int(why.group(3)) == int(m.group(3))
    assert scored > 0
    assert "Match over: " in out and "Score sheet (100 to win)" in out
    # Always taking the first move, the pagat game lays stubs: the count line marks their terms.
    if rule_set == "pagat":
        assert re.search(r"Count: .*[UD] \d \(a stub\)", out)


def test_rules_and_simulate_commands() -> None:
    runner = CliRunner()
    app = build_app()
    shown = runner.invoke(app, ["rules", "sniff"])
    assert shown.exit_code == 0 and "sniff_layout" in shown.output and "U and D" in shown.output
    sim = runner.invoke(
        app, ["simulate", "sniff", "--hands", "30", "--agents", "counting,random", "--json"]
    )
    assert sim.exit_code == 0, sim.output
    assert '"hands": 30' in sim.output.replace("\n", "") or "30" in sim.output
