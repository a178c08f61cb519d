"""The terminal game: its drawings (pure functions) and its loop, driven through real streams."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import IO, cast

import pytest

from boneyard import DRAW, PASS, LineState, Match, Observation, get_game
from boneyard.apps.plain import TerminalGame, terminal_voice
from boneyard.core.actions import Action, Move, Muggins, Play
from boneyard.core.layout import Layout
from boneyard.core.record import match_to_record, replay_record
from boneyard.core.tiles import NAMES, parse_tile
from boneyard.core.views import LineView, PlacedTile
from boneyard.core.words import Voice
from boneyard.games.counting import CountingRules
from boneyard.games.line.rules import LineRules
from boneyard.games.line.state import IllegalAction
from boneyard.games.matador import MatadorRules
from boneyard.games.pool import PoolRules
from boneyard.players.agents import Agent
from boneyard.text.drawing import ends_text
from boneyard.text.narration import (
    Command,
    default_opponent,
    hand_text,
    menu,
    parse_command,
    reader_voice,
    score_sheet_text,
    side_labels,
    table_text,
    table_view,
    tile_text,
)


def T(text: str) -> int:
    return parse_tile(text)


# The words and drawings of a game are its presenter's (rules.presenter), drawn by text.drawing.
def render_table(rules: LineRules, history: list[Move] | tuple[Move, ...], width: int = 78) -> str:
    return table_text(rules, history, width=width)


def count_text(rules: LineRules, layout: Layout | None) -> str | None:
    return rules.presenter.count_line(layout)  # type: ignore[attr-defined, no-any-return]


def ends_of(layout: Layout | None, rules: LineRules | None = None) -> str:
    """The open ends of ``layout`` as the game's presenter describes them, in words."""
    if layout is None:
        return ends_text(LineView(None))
    presenter = (rules or BLOCK).presenter
    ends = tuple(presenter.end_view(layout, i) for i in range(len(layout.names)))
    return ends_text(LineView(PlacedTile(layout.lead_tile, 0, 0), ends=ends))


def describe_move(
    move: Move,
    before: Layout | None,
    voice: Voice,
    drawn: int | None = None,
    *,
    victim: int | None = None,
    rules: LineRules | None = None,
) -> str:
    return (rules or BLOCK).presenter.describe_move(move, before, voice, drawn, victim=victim)


def describe_action(
    action: Action,
    layout: Layout | None,
    *,
    points: int | None = None,
    by: str | None = None,
    rules: LineRules | None = None,
) -> str:
    return (rules or BLOCK).presenter.describe_action(action, layout, points=points, by=by)


def deal_state(rules: LineRules, hands: list[str], leader: int | None = None) -> LineState:
    """A hand dealt as given (space-separated tiles per seat); the stock holds the rest in order."""
    dealt = [[T(t) for t in h.split()] for h in hands]
    used = {t for h in dealt for t in h}
    stock = [t for t in range(rules.tiles.size) if t not in used]
    return LineState.from_deal(rules, dealt, stock, leader)


def play_all(state: LineState, moves: list[str]) -> None:
    """Apply moves written ``6-4 R`` (a lead is written alone, as laid)."""
    for m in moves:
        parts = m.split()
        t = T(parts[0])
        if len(parts) == 1:
            a, b = (int(x) for x in parts[0].split("-"))
            state.apply(Play(t, None, None if a == b else b))
        else:
            state.apply(Play(t, parts[1]))


BLOCK = get_game("block").configure(players=2)
SEAT0 = "6-6 4-4 2-1 3-0 1-1 0-0 2-0"
SEAT1 = "6-4 6-5 5-3 3-3 3-2 5-1 4-1"


def test_tiles_and_hands() -> None:
    assert tile_text(T("4-6")) == "[6|4]"
    assert hand_text(sum(1 << T(t) for t in ["0-0", "6-4", "6-6", "5-5"])) == (
        "[6|6] [6|4] [5|5] [0|0]"
    )
    assert hand_text(0) == "(no tiles)"


def test_table_draws_the_line_with_crosswise_doubles() -> None:
    state = deal_state(BLOCK, [SEAT0, SEAT1])
    play_all(state, ["6-6", "6-4 R", "4-4 R", "6-5 L"])
    drawing = render_table(BLOCK, state.observation(0).history)
    assert drawing.splitlines() == [
        "       +6+     +4+",
        "L [5|6]| |[6|4]| | R",
        "       +6+     +4+",
        "Open ends: L shows 5, R shows 4",
    ]


def test_table_without_crosswise_doubles_draws_them_in_line() -> None:
    rules = get_game("block").configure(options={"doubles_crosswise": "false"}, players=2)
    state = deal_state(rules, [SEAT0, SEAT1])
    play_all(state, ["6-6", "6-4 R", "4-4 R"])
    assert render_table(rules, state.observation(1).history).splitlines() == [
        "L [6|6][6|4][4|4] R",
        "Open ends: L shows 6, R shows 4",
    ]


def test_empty_table_and_lead_orientation() -> None:
    assert render_table(BLOCK, []) == "The table is empty."
    rules = get_game("block").configure("britannica", players=2)  # any tile may lead
    state = deal_state(rules, [SEAT0, SEAT1], leader=1)
    play_all(state, ["3-5"])  # laid as written: 3 toward L, 5 toward R
    assert render_table(rules, state.observation(0).history).splitlines()[0] == "L [3|5] R"
    assert "L shows 3, R shows 5" in render_table(rules, state.observation(0).history)


def test_spinner_arms_are_drawn_on_their_own_lines() -> None:
    rules = get_game("block").configure("garden-games", players=2)  # every double a spinner
    state = deal_state(rules, ["5-5 5-1 2-2 4-0 0-0", "5-3 3-1 5-4 6-1 6-2"])
    play_all(state, ["5-5", "5-3 U", "5-1 L", "3-1 U"])
    drawing = render_table(rules, state.observation(0).history)
    assert drawing.splitlines() == [
        "        U",
        "       +5+",
        "L [1|5]| | R",
        "       +5+",
        "        D",
        "U arm, off [5|5]: [5|3][3|1] U",
        "D arm, off [5|5]: nothing laid yet",
        "Open ends: L shows 1, R shows 5, U shows 1, D shows 5",
    ]
    table = table_view(rules, state.observation(0).history, state.layout)
    assert isinstance(table, LineView)
    assert [(p.a, p.b) for p in table.arm("U").tiles] == [(5, 3), (3, 1)]
    assert table.arm("U").root == T("5-5") and table.arm("U").way == "up"


def test_every_double_a_spinner_draws_each_spinner_with_its_arms() -> None:
    """garden-games: a spinner laid in the U arm opens 3U and 3D, named around it and listed."""
    rules = get_game("block").configure("garden-games", players=2)
    state = deal_state(rules, ["5-5 5-1 3-3 4-0 0-0", "5-3 3-1 5-4 6-1 6-3"])
    play_all(state, ["5-5", "5-3 U", "5-1 L", "5-4 R", "3-3 U", "6-3 3U"])
    assert render_table(rules, state.observation(0).history).splitlines() == [
        "        U",
        "       +5+",
        "L [1|5]| |[5|4] R",
        "       +5+",
        "        D",
        "                        3U",
        "                       +3+",
        "U arm, off [5|5]: [5|3]| | U",
        "                       +3+",
        "                        3D",
        "D arm, off [5|5]: nothing laid yet",
        "3U arm, off [3|3]: [3|6] 3U",
        "3D arm, off [3|3]: nothing laid yet",
        "Open ends: L shows 1, R shows 4, U shows 3, D shows 5, 3U shows 6, 3D shows 3",
    ]


MUG6 = ["3-3", "3-6 L", "3-4 R", "3-5 U", "3-0 D", "6-6 L", "4-4 R", "5-5 U", "0-5 D"]


def mug6_state() -> tuple[LineRules, LineState]:
    """RULES.md MUG-6 under pagat All Fives: the spinner 3-3 with all four arms, count 35."""
    rules = get_game("muggins").configure("pagat")
    state = deal_state(
        rules,
        ["3-3 3-4 3-0 4-4 0-5 1-2 1-1 2-2 0-2", "3-6 3-5 6-6 5-5 6-1 2-6 2-5 1-4 0-1"],
        leader=0,
    )
    return rules, state


def test_a_spinner_lead_shows_all_four_arms_and_the_count() -> None:
    rules, state = mug6_state()
    play_all(state, MUG6)
    assert render_table(rules, state.observation(1).history).splitlines() == [
        "           U",
        "  +6+     +3+     +4+",
        "L | |[6|3]| |[3|4]| | R",
        "  +6+     +3+     +4+",
        "           D",
        "                       +5+",
        "U arm, off [3|3]: [3|5]| | U",
        "                       +5+",
        "D arm, off [3|3]: [3|0][0|5] D",
        "Open ends: L shows 6, R shows 4, U shows 5, D shows 5",
        "Count: L 12 ([6|6] across) + R 8 ([4|4] across) + U 10 ([5|5] across) + D 5 = 35 "
        "(worth 35 points)",
    ]


def test_the_muggins_page_shows_this_drawing() -> None:
    rules, state = mug6_state()
    play_all(state, MUG6)
    drawing = render_table(rules, state.observation(1).history)
    text = (Path(__file__).resolve().parent.parent / "docs/games/muggins.md").read_text()
    assert f"```\n{drawing}\n```" in text


def test_spinner_arms_wait_until_its_sides_are_covered() -> None:
    rules, state = mug6_state()
    play_all(state, MUG6[:2])
    lines = render_table(rules, state.observation(1).history).splitlines()
    assert lines[5:] == [
        "U arm, off [3|3]: not open yet",
        "D arm, off [3|3]: not open yet",
        "Open ends: L shows 6, R shows 3, U not open yet, D not open yet",
        "Count: L 6 + R 6 ([3|3] across) = 12",
    ]


def test_count_text_follows_the_rules() -> None:
    rules, state = mug6_state()
    assert count_text(rules, None) == "Count: nothing on the table yet"
    assert count_text(BLOCK, state.layout) is None
    play_all(state, MUG6[:3])
    assert count_text(rules, state.layout) == "Count: L 6 + R 4 = 10 (worth 10 points)"
    threes = get_game("fives-and-threes").configure("pub")
    lay = threes.lay(threes.lead_layout(T("5-5"), None), Play(T("5-0"), "R"))
    assert count_text(threes, lay) == "Count: L 10 ([5|5] across) + R 0 = 10 (worth 2 points)"


def test_a_spinner_stands_crosswise_even_when_doubles_lie_in_line() -> None:
    rules = get_game("block").configure(
        options={"spinner": "first_double", "doubles_crosswise": "false"}, players=2
    )
    state = deal_state(rules, [SEAT0, SEAT1])
    play_all(state, ["6-6", "6-4 R", "4-4 R"])
    assert render_table(rules, state.observation(0).history).splitlines()[:5] == [
        "   U",
        "  +6+",
        "L | |[6|4][4|4] R",
        "  +6+",
        "   D",
    ]


def test_long_lines_wrap_to_the_width() -> None:
    state = deal_state(BLOCK, [SEAT0, SEAT1])
    play_all(state, ["6-6", "6-4 R", "4-4 R", "6-5 L"])
    drawing = render_table(BLOCK, state.observation(0).history, width=14)
    assert all(len(line) <= 14 for line in drawing.splitlines()[:-1])
    assert "..." in drawing
    assert "[6|4]" in drawing and "[5|6]" in drawing


def test_ends_text_names_waiting_ends() -> None:
    rules = get_game("block").configure(
        options={"spinner": "first_double", "spinner_sides_first": "true"}, players=2
    )
    state = deal_state(rules, [SEAT0, SEAT1])
    play_all(state, ["6-6"])
    assert ends_of(state.layout) == (
        "Open ends: L shows 6, R shows 6, U not open yet, D not open yet"
    )
    assert ends_of(None).startswith("Open ends: none yet")


def test_moves_in_words() -> None:
    state = deal_state(BLOCK, [SEAT0, SEAT1])
    names = Voice(("seat 0", "seat 1"), reader=0)
    assert describe_move(Move(0, state.legal_actions()[0]), None, names) == "You lead [6|6]."
    play_all(state, ["6-6"])
    before = state.layout
    play_all(state, ["6-4 R"])
    move = state.observation(0).history[-1]
    assert describe_move(move, before, names) == "Seat 1 plays [6|4] at R (on the 6)."
    assert describe_move(Move(1, PASS), before, names) == "Seat 1 passes."
    assert describe_move(Move(0, PASS), before, names) == "You pass."
    assert describe_move(Move(1, DRAW), before, names) == "Seat 1 draws a tile."
    assert describe_move(Move(0, DRAW), before, names, T("3-1")) == "You draw [3|1]."
    assert describe_action(Play(T("4-4"), "R"), state.layout) == "play [4|4] at R, on the 4"
    assert describe_action(Play(T("6-4"), None, 6), None) == "lead [4|6]"
    assert describe_action(DRAW, None) == "draw a tile"


def test_score_sheet_and_side_labels() -> None:
    match = Match(BLOCK, seed=5)
    while not match.hand.over:
        match.hand.apply(match.hand.legal_actions()[0])
    result = match.hand.result
    assert result is not None
    match.next_hand()
    sheet = score_sheet_text(match).splitlines()
    assert sheet[0] == "Score sheet (100 to win)"
    assert sheet[1].split() == ["hand", "you", "seat", "1", "how", "it", "ended"]
    assert sheet[2].split()[:3] == ["1", *map(str, result.points)]
    assert reader_voice(BLOCK).tell(result.reason) in sheet[2]
    assert sheet[3].split() == ["total", *map(str, match.totals)]
    partners = get_game("partnership").configure()
    assert side_labels(partners) == ["you & seat 2", "seats 1 & 3"]


# ----------------------------------------------------------------------------------- reading input
def person_after_lead() -> LineState:
    """Seat 1 has led 6-6 from a deal where seat 0 (the person) holds 6-4, 6-5 and 5-3."""
    state = deal_state(BLOCK, ["6-4 6-5 5-3 3-3 3-2 5-1 4-1", "6-6 4-4 2-1 3-0 1-1 0-0 2-0"])
    play_all(state, ["6-6"])
    return state


def test_parse_numbers_and_words() -> None:
    state = person_after_lead()
    obs = state.observation(0)
    offered = menu(obs)  # 6-4 and 6-5 once each: both ends show the 6-6
    assert offered == [Play(T("6-4"), "L"), Play(T("6-5"), "L")]
    assert parse_command("1", obs).action == offered[0]
    assert parse_command(" 2 ", obs).action == offered[-1]
    bad = parse_command("99", obs)
    assert bad.kind == "error" and bad.message == "There is no move 99: choose 1 to 2."
    assert parse_command("0", obs).kind == "error"
    for text, kind in [("?", "help"), ("help", "help"), ("hand", "hand"), ("score", "score")]:
        assert parse_command(text, obs).kind == kind
    assert parse_command("q", obs).kind == "quit"
    assert parse_command("quit", obs).kind == "quit"
    assert parse_command("d", obs).action == DRAW
    assert parse_command("draw", obs).action == DRAW
    assert parse_command("p", obs).action == PASS
    assert parse_command("pass", obs).action == PASS
    assert parse_command("", obs).kind == "error"
    assert parse_command("hello world", obs).kind == "error"


def test_parse_typed_tiles() -> None:
    state = person_after_lead()
    obs = state.observation(0)
    for text in ["6-4 R", "6|4 r", "[6|4] at R", "6-4r", "4-6 R"]:
        command = parse_command(text, obs)
        assert command.kind == "action" and command.action == Play(T("6-4"), "R"), text
    # Both ends show 6: laid at either, 6-5 makes the same line, so it needs no end.
    assert parse_command("6-5", obs).action == Play(T("6-5"), "L")
    assert parse_command("6-5 R", obs).action == Play(T("6-5"), "R")
    both = deal_state(BLOCK, ["6-1 5-1 3-3 3-2 4-1 2-2 2-0", "6-6 6-5 4-4 3-0 1-1 0-0 5-4"])
    play_all(both, ["6-6", "6-1 L", "6-5 R"])  # the ends show 1 and 5
    ambiguous = parse_command("5-1", both.observation(0))
    assert ambiguous.kind == "error" and "L and R" in ambiguous.message
    nowhere = parse_command("5-3", obs)
    assert nowhere.kind == "error" and "fits no open end" in nowhere.message
    # Tiles not held, or not in the set, go to the engine, which explains.
    assert parse_command("9-9 L", obs).action == Play(T("9-9"), "L")
    assert parse_command("2-2", obs).action == Play(T("2-2"), "L")
    assert parse_command("13-1", obs).kind == "error"


def test_parse_a_lead_keeps_the_written_orientation() -> None:
    rules = get_game("block").configure("britannica", players=2)
    state = deal_state(rules, [SEAT0, SEAT1], leader=0)
    obs = state.observation(0)
    assert parse_command("2-1", obs).action == Play(T("2-1"), None, 1)
    assert parse_command("1-2", obs).action == Play(T("2-1"), None, 2)
    state.apply(parse_command("1-2", obs).action or DRAW)
    assert state.layout is not None and state.layout.open_ends() == [("L", 1), ("R", 2)]


# ---------------------------------------------------------------------------------------- the loop
def run_game(
    game: str, script: str, seed: int = 1, **kwargs: object
) -> tuple[TerminalGame, str, str]:
    rules = get_game(game).configure(**kwargs)  # type: ignore[arg-type]
    out = io.StringIO()
    session = TerminalGame(rules, io.StringIO(script), out, seed=seed, echo=True)
    outcome = session.run()
    return session, outcome, out.getvalue()


def test_a_whole_match_from_a_script() -> None:
    session, outcome, text = run_game("block", "1\n" * 2000)
    assert outcome == "over"
    assert session.match.over
    last = text.rstrip().splitlines()[-1]
    assert last.startswith("Match over: ")
    winner = session.match.winner
    assert winner is not None
    assert ("you win" if winner == 0 else "Rosa wins") in last
    # Every hand's result is reported with its reason, and a score sheet follows it.
    for number, hand in enumerate(session.match.hands, 1):
        assert hand.result is not None
        reason = session.voice.tell(hand.result.reason)
        assert f"Hand {number} is over: {reason}." in text
    assert text.count("Score sheet (100 to win)") == len(session.match.hands)


def test_illegal_input_is_rejected_and_the_game_goes_on() -> None:
    script = "9-9 L\n99\n0-0 Q\nnonsense\n" + "1\n" * 2000
    _, outcome, text = run_game("block", script)
    assert outcome == "over"
    # Each rejected line is answered by one message and the same question again; nothing was played.
    pattern = (
        r"Your move \(1 to (\d+), \? for help\): 9-9 L\n"
        r"Not allowed: .*9-9.*\n"
        r"Your move \(1 to \1, \? for help\): 99\n"
        r"There is no move 99: choose 1 to \1\.\n"
        r"Your move \(1 to \1, \? for help\): 0-0 Q\n"
        r"(Not allowed: .*|0-0 .*)\n"
        r"Your move \(1 to \1, \? for help\): nonsense\n"
        r"Cannot understand 'nonsense'.*\n"
        r"Your move \(1 to \1, \? for help\): 1\n"
        r"You (play|lead) "
    )
    assert re.search(pattern, text), text[:3000]


def test_forced_draws_are_made_and_shown() -> None:
    _, outcome, text = run_game("draw", "1\n" * 3000, seed=2)
    assert outcome == "over"
    assert re.search(r"You cannot play: you draw \[\d\|\d\]\.", text)
    assert "Drawing for the lead: you [" in text


def test_forced_passes_are_made_and_shown() -> None:
    _, _, text = run_game("block", "1\n" * 2000, seed=1)
    assert "You cannot play: you pass." in text


def test_partnerships_are_shown() -> None:
    _, outcome, text = run_game("partnership", "1\n" * 2000, seed=3)
    assert outcome == "over"
    assert "Partnerships: you & Amara vs Rosa & Lars." in text
    assert "Amara (your partner, greedy)" in text
    last = text.rstrip().splitlines()[-1]
    assert last.startswith("Match over: you & Amara win") or last.startswith(
        "Match over: Rosa & Lars win"
    )


def test_end_of_input_and_quit_stop_cleanly() -> None:
    session, outcome, text = run_game("block", "1\n")
    assert outcome == "eof"
    assert text.rstrip().endswith("End of input: the game stops here.")
    assert not session.match.over
    session, outcome, text = run_game("block", "q\n")
    assert outcome == "quit"
    assert "You left the game." in text


def test_help_and_views_do_not_change_the_game() -> None:
    script = "?\nhand\ntable\nscore\nmoves\n" + "1\n" * 2000
    with_views = run_game("block", script)[0]
    plain = run_game("block", "1\n" * 2000)[0]
    assert [h.history for h in with_views.match.hands] == [h.history for h in plain.match.hands]


def test_color_output_uses_rich() -> None:
    rules = get_game("block").configure()
    out = io.StringIO()
    TerminalGame(rules, io.StringIO("1\n" * 2000), out, seed=1, color=True).run()
    text = out.getvalue()
    assert "\x1b[" in text
    assert "Match over: " in re.sub(r"\x1b\[[0-9;]*m", "", text)


# ------------------------------------------------------------------------------ the counting games
def test_counting_games_play_against_the_counting_agent_by_default() -> None:
    for game in ("muggins", "all-threes", "fives-and-threes"):
        session = TerminalGame(get_game(game).configure(), io.StringIO(), io.StringIO())
        assert session.agent_names == ["you", "counting"], game
    assert TerminalGame(BLOCK, io.StringIO(), io.StringIO()).agent_names == ["you", "greedy"]
    assert default_opponent(get_game("all-fives").configure()) == "counting"
    assert default_opponent(BLOCK) == "greedy"


@pytest.mark.parametrize(
    ("game", "rules", "seed"),
    [
        ("muggins", "pagat", 1),
        ("muggins", "britannica", 2),
        ("all-threes", "britannica", 3),
        ("fives-and-threes", "pub", 4),
        ("fives-and-threes", "britannica", 5),
    ],
)
def test_a_whole_counting_match_explains_every_score(game: str, rules: str, seed: int) -> None:
    session, outcome, text = run_game(game, "1\n" * 3000, seed=seed, rules=rules)
    assert outcome == "over"
    match = session.match
    assert match.over and match.winner is not None
    lines = text.splitlines()
    counting = match.rules
    assert isinstance(counting, CountingRules)
    scored = 0
    for i, line in enumerate(lines):
        m = re.fullmatch(
            r"(You|Rosa|Amara|Lars|Priya|Mateo) (leads?|plays?) .* and scores? (\d+)\.", line
        )
        if m is None:
            continue
        scored += 1
        # The next line says why: the ends, their sum and the points.
        why = re.fullmatch(r"  ends ([\d + ]+) = (\d+) -> (\d+) points?", lines[i + 1])
        assert why is not None, lines[i : i + 2]
        terms = [int(x) for x in why.group(1).split(" + ")]
        assert sum(terms) == int(why.group(2))
        assert counting.points_for(int(why.group(2))) == int(why.group(3)) == int(m.group(3))
        # Then the running score, unless the hand is over (its result follows).
        assert lines[i + 2].startswith("  Score: ") or lines[i + 3].startswith("Hand "), lines[i]
    in_play = sum(m.points for h in match.hands for m in h.history)
    assert scored == sum(1 for h in match.hands for m in h.history if m.points) > 0
    assert in_play == sum(
        sum(h.result.points) - sum(h.result.end_points) for h in match.hands if h.result
    )
    assert "Count: " in text
    winner = terminal_voice(match.rules).side(match.winner)
    assert lines[-1].startswith(f"Match over: {winner} win")
    if counting.target_exact:
        assert (
            lines[-1].startswith(f"Match over: {winner} win") and "reaching 61 exactly" in lines[-1]
        )
        assert match.totals[match.winner] == 61
    sheets = [i for i, line in enumerate(lines) if line.startswith("Score sheet (")]
    assert len(sheets) == len(match.hands)
    assert lines[sheets[-1]].endswith("points (in play + for the hand)")
    for n, hand in enumerate(match.hands, 1):
        result = hand.result
        assert result is not None
        row = lines[sheets[-1] + 1 + n]
        cells = [
            f"{p} ({p - e}+{e})" for p, e in zip(result.points, result.end_points, strict=True)
        ]
        reason = terminal_voice(match.rules).tell(result.reason)
        assert row.split()[0] == str(n) and reason in row
        assert re.search(r"\s+".join(re.escape(c) for c in cells), row), row


class Person:
    """A scripted person for claim-mode games: reads the prompt the game has just written and
    answers it. At ``Your move`` it calls muggins when it can, else picks move 1; at ``Claim
    points`` it claims by ``policy``, given what the chosen play makes (the next policy entry is
    used for each scoring play; after the list runs out, it claims correctly)."""

    def __init__(self, policy: list[str]) -> None:
        self.policy = list(policy)
        self.used: list[str] = []
        self.session: TerminalGame | None = None
        self.out = io.StringIO()
        self.chosen: Action | None = None
        self.lines = 0

    def readline(self) -> str:
        self.lines += 1
        assert self.lines < 5000, "the game does not end"
        assert self.session is not None
        state = self.session.match.hand
        obs = state.observation(0)
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        if prompt.startswith("Your move"):
            offered = menu(obs)
            calls = [a for a in offered if isinstance(a, Muggins)]
            self.chosen = calls[0] if calls else offered[0]
            return f"{offered.index(self.chosen) + 1}\n"
        assert prompt.startswith("Claim points (Enter for none): "), prompt
        assert isinstance(self.chosen, Play)
        rules = self.session.rules
        assert isinstance(rules, CountingRules)
        points = rules.points_of_play(obs.layout, self.chosen)
        if not points:
            return "\n"
        how = self.policy.pop(0) if self.policy else "correct"
        if how == "none" and obs.hand.bit_count() == 1:
            how = "correct"  # a count missed on the last tile is lost, not taken: try later
            self.policy.insert(0, "none")
        self.used.append(how)
        if how == "correct":
            return f"{points}\n"
        if how == "wrong":
            return f"{points + rules.claim_values[0]}\n"
        return "\n"


def play_person(
    game: str, rules: str, person: Person, seed: int, opponents: list[str | Agent] | None = None
) -> tuple[TerminalGame, str]:
    session = TerminalGame(
        get_game(game).configure(rules),
        cast(IO[str], person),
        person.out,
        seed=seed,
        echo=True,
        opponents=opponents,
    )
    person.session = session
    assert session.run() == "over"
    return session, person.out.getvalue()


def test_claiming_right_wrong_and_not_at_all() -> None:
    person = Person(["correct", "wrong", "none"])
    session, text = play_person("muggins", "foster", person, seed=1)
    assert person.used[:3] == ["correct", "wrong", "none"]
    # The claim is asked for after each move, and the moves do not give the points away.
    assert "Claim points (Enter for none): " in text
    assert not re.search(r"^ +\d+\) .*(claiming|scores)", text, re.M)
    # A correct claim scores.
    assert re.search(
        r"Claim points \(Enter for none\): (\d+)\nYou play .*, claiming \1 and score \1\.\n"
        r"  ends [\d + ]+ = \d+ -> \1 points\n  Score: you: \d+, Rosa: \d+\.",
        text,
    ), text
    # A wrong claim is struck and the opponent scores it.
    wrong = re.search(
        r"Claim points \(Enter for none\): (\d+)\nYou play .*, claiming \1\.\n"
        r"  ends [\d + ]+ = \d+ -> (\d+) points: the claim of \1 is struck: Rosa scores \1 "
        r"\(the \2 the play made are lost\)\n  Score: you: \d+, Rosa: \d+\.",
        text,
    )
    assert wrong is not None, text
    # A missed count: the computer calls muggins on it.
    missed = re.search(
        r"Claim points \(Enter for none\): \nYou play [^\n]*\.\n"
        r"  ends [\d + ]+ = \d+ -> (\d+) points, not claimed\n"
        r"Rosa calls muggins: takes your \1 points\.\n  Score: you: \d+, Rosa: \d+\.",
        text,
    )
    assert missed is not None, text
    # The penalty is on the score sheet: the hand's points include it, and the hand's result
    # says why.
    penalties = [(h, p) for h in session.match.hands for p in h.penalties]
    assert [p[2] for _, p in penalties][:1] == [int(wrong.group(1))]
    hand, (index, side, pts) = penalties[0]
    assert side == 1 and hand.history[index].seat == 0
    assert f"Rosa scores {pts} for your wrong claim." in text
    assert hand.result is not None and hand.result.points[1] >= pts
    # The record holds the claims and the muggins call, and replays.
    record = match_to_record(session.match, session.record_players())
    moves = [m for h in record["hands"] for m in h["moves"]]
    assert {"seat": 1, "muggins": int(missed.group(1))} in moves
    assert any(m.get("claim") == int(wrong.group(1)) and m["seat"] == 0 for m in moves)
    assert any("claim" in m and m["seat"] == 1 for m in moves)
    replay = replay_record(record)
    assert replay.disagreements == [] and replay.totals == session.match.totals


class NeverClaims:
    """A computer player that forgets to claim: plays its first play, without a claim."""

    name = "forgetful"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        plays = [a for a in legal if isinstance(a, Play) and a.claim is None]
        return plays[0] if plays else next(a for a in legal if not isinstance(a, Muggins))


def test_the_person_calls_muggins_on_a_missed_count() -> None:
    person = Person([])
    session, text = play_person("muggins", "foster", person, seed=2, opponents=[NeverClaims()])
    offer = re.search(r"^ +1\) call muggins: take the (\d+) points Rosa did not claim$", text, re.M)
    assert offer is not None, text
    n = offer.group(1)
    assert re.search(
        rf"Rosa plays [^\n]*\.\n  ends [\d + ]+ = \d+ -> {n} points, not claimed\n", text
    )
    assert re.search(
        rf"Your move \(1 to \d+, \? for help\): 1\nYou call muggins: you take Rosa's {n} points\.\n"
        rf"  Score: you: \d+, Rosa: 0\.",
        text,
    ), text
    assert session.agent_names == ["you", "forgetful"]
    record = match_to_record(session.match, session.record_players())
    assert {"seat": 0, "muggins": int(n)} in record["hands"][0]["moves"]
    assert replay_record(record).disagreements == []


def test_claims_typed_with_the_move() -> None:
    rules = get_game("muggins").configure("foster")
    state = deal_state(rules, ["5-5 6-4 0-0 4-0 2-2 1-0 6-3", "5-0 6-5 3-1 3-3 2-1 6-2 4-4"])
    obs = state.observation(0)
    lead = Play(T("5-5"))
    assert menu(obs) == [lead]
    assert parse_command("1 10", obs) == Command("action", lead.with_claim(10), claimed=True)
    assert parse_command("5-5 10", obs).action == lead.with_claim(10)
    assert parse_command("1 0", obs) == Command("action", lead, claimed=True)
    assert parse_command("1", obs) == Command("action", lead)
    bad = parse_command("1 7", obs)
    assert bad.kind == "error" and bad.message.startswith("7 is not a score in this game")
    assert parse_command("d 5", obs).kind == "error"
    assert (
        parse_command("muggins", obs).message == "There is no unclaimed count to call muggins on."
    )
    state.apply(lead)  # no claim: the 10 may be taken
    obs = state.observation(1)
    assert menu(obs)[0] == Muggins(10)
    assert all(not (isinstance(a, Play) and a.claim is not None) for a in menu(obs))
    assert parse_command("muggins", obs).action == Muggins(10)
    assert describe_action(Muggins(10), obs.layout, by="you") == (
        "call muggins: take the 10 points you did not claim"
    )
    # Where scores are counted for you, a move takes no claim.
    auto = deal_state(
        get_game("muggins").configure("britannica"),
        ["5-5 6-4 0-0 4-0 2-2", "5-0 6-5 3-1 3-3 2-1"],
        leader=0,
    )
    assert parse_command("1 10", auto.observation(0)).message == (
        "Scores are counted for you in this game: a move takes no claim."
    )


def test_claim_prompt_answers() -> None:
    """Enter claims nothing, b goes back to the moves, bad answers are asked again."""
    script = "1\nfifteen\n7\nb\n1\n10\nq\n"
    rules = get_game("muggins").configure("foster")
    out = io.StringIO()
    session = TerminalGame(rules, io.StringIO(script), out, seed=6, echo=True)
    assert session.run() == "quit"
    text = out.getvalue()
    assert (
        "Claim points (Enter for none): fifteen\n"
        "Type the points you claim (a number), or press Enter for none." in text
    )
    assert (
        "Claim points (Enter for none): 7\n7 is not a score in this game: claim one of "
        "5, 10, 15, 20, ... 95, or nothing (Enter).\n" in text
    )
    assert "Claim points (Enter for none): b\n   1) " in text
    first = session.match.hand.history[0]
    assert isinstance(first.action, Play) and first.seat == 0
    assert first.action.claim == 10


def exact_target_game(
    hands: list[str], script: str, totals: list[int], **options: str
) -> tuple[Match, str]:
    """Pub Fives and Threes (61 exactly) from a given deal, the person leading, with the match
    totals already at ``totals``."""
    rules = get_game("fives-and-threes").configure(
        "pub", {"hand_size": len(hands[0].split()), **options}, players=2
    )
    match = Match(rules, deal=False)
    match.totals = list(totals)
    dealt = [[T(t) for t in h.split()] for h in hands]
    stock = [t for t in range(28) if not any(t in h for h in dealt)]
    match.start_hand(dealt, stock, leader=0)
    out = io.StringIO()
    session = TerminalGame(rules, io.StringIO(script), out, echo=True)
    session.match = match
    session.run()
    return match, out.getvalue()


def doc_transcripts(page: str) -> list[str]:
    """The terminal transcripts shown on a docs page: untagged code blocks that start with what
    the game says of a move (``You play`` ...)."""
    text = (Path(__file__).resolve().parent.parent / "docs" / page).read_text(encoding="utf-8")
    blocks = re.findall(r"^```\n(.*?)^```$", text, re.M | re.S)
    return [b for b in blocks if b.startswith("You play")]


def test_exact_target_a_score_that_would_pass_it_is_ignored() -> None:
    """RULES.md T&F-3: at 59, a last tile making 6 (2 points) and chipping out (1) would make 62:
    both are ignored."""
    match, text = exact_target_game(["6-5 6-4", "5-2 1-1"], "6-5\n6-4\nq\n", [59, 0])
    assert "You lead [6|5].\nRosa plays [5|2] at R (on the 5).\n" in text
    assert (
        "You play [6|4] at L (on the 6).\n"
        "  ends 4 + 2 = 6 -> 2 points, but with the points for going out it would pass 61: "
        "neither is scored\n"
    ) in text
    assert "  You would pass 61 with the 1 for the hand: not scored." in text
    assert match.hands[0].result is not None and match.hands[0].result.points == (0, 0)
    assert "Score: you: 59, Rosa: 0; 61 exactly to win." in text
    assert doc_transcripts("games/fives-and-threes.md")[0] in text


def test_exact_target_reached_during_a_hand_wins_the_match() -> None:
    """RULES.md T&F-3: at 59, a play making 6 (2 points) without going out reaches 61 and wins;
    the hand is played out, and a score that would pass 61 after that is ignored."""
    match, text = exact_target_game(["6-5 6-4 4-4", "5-2 1-1 2-2"], "6-5\n6-4\n1\n1\n", [59, 0])
    assert (
        "You play [6|4] at L (on the 6) and score 2.\n"
        "  ends 4 + 2 = 6 -> 2 points\n"
        "  Score: you: 61 (0 to go), Rosa: 0 (61 to go).\n"
        "You reach 61 exactly and win the match; the hand is played out.\n"
    ) in text
    assert match.winner == 0 and match.totals[0] == 61
    # The last tile would score 4 more: ignored (and the point for going out with it).
    assert (
        "You play [4|4] at L (on the 4).\n"
        "  ends 8 + 4 = 12 -> 4 points, but it would pass 61: not scored\n"
    ) in text
    assert text.rstrip().splitlines()[-1] == "Match over: you win, reaching 61 exactly (Rosa: 0)."
    assert doc_transcripts("games/fives-and-threes.md")[1] in text


def test_partners_play_on_until_both_are_out() -> None:
    rules = get_game("fives-and-threes").configure("pub", {"partnerships": "true"}, players=4)
    out = io.StringIO()
    TerminalGame(rules, io.StringIO("1\n" * 3000), out, seed=4, echo=True).run()
    text = out.getvalue()
    assert "A hand goes on until both partners of a side are out." in text
    out_line = "Rosa is out; the hand goes on until both partners of a side are out."
    assert out_line in text
    after = text[text.index(out_line) :]
    assert "Rosa (counting) out, Amara (your partner, counting)" in after or (
        "Hand 1 is over" in after.split("--- Hand", 1)[0]
    )
    assert "Match over: " in text


def test_moves_with_claims_and_muggins_in_words() -> None:
    names = Voice(("seat 0", "seat 1"), reader=0)
    claim = Move(0, Play(T("5-0"), "R", None, 15), None, 15)
    assert describe_move(claim, None, names) == "You play [5|0] at R, claiming 15 and score 15."
    wrong = Move(1, Play(T("5-0"), "R", None, 15), None, 0)
    assert describe_move(wrong, None, names) == "Seat 1 plays [5|0] at R, claiming 15."
    call = Move(1, Muggins(10), None, 10)
    assert describe_move(call, None, names, victim=0) == (
        "Seat 1 calls muggins: takes your 10 points."
    )
    mine = Move(0, Muggins(5), None, 5)
    assert describe_move(mine, None, names, victim=1) == (
        "You call muggins: you take seat 1's 5 points."
    )
    assert describe_action(Play(T("5-0"), "R"), None, points=5) == "play [5|0] at R (scores 5)"
    assert describe_action(Muggins(10), None, by="seat 1") == (
        "call muggins: take the 10 points seat 1 did not claim"
    )


def test_auto_mode_moves_show_what_they_score() -> None:
    _, _, text = run_game("muggins", "1\nq\n", seed=3, rules="britannica")
    assert re.search(r"^ +\d+\) (lead|play) .* \(scores \d+\)$", text, re.M) or (
        "(scores" not in text
    )
    assert "Claim points" not in text
    assert "Scores are counted for you." in text


def test_exact_target_a_penalty_that_would_pass_it_is_not_scored() -> None:
    """With claims and 61 exactly: a wrong claim's penalty that would take the opponent past 61 is
    ignored, and the terminal says so rather than crediting it."""
    match, text = exact_target_game(
        ["6-5 6-4", "5-2 1-1"], "6-5 10\nq\n", [0, 55], muggins_mode="claim"
    )
    assert (
        "You lead [6|5], claiming 10.\n"
        "  ends 6 + 5 = 11: the claim of 10 is struck: the 10 would take Rosa past 61, "
        "not scored\n"
    ) in text
    assert match.hand.scores == [0, 0]


# ------------------------------------------------------------------------ Matador, Whist and Pool
MATADOR = get_game("matador").configure()


def matador_position() -> LineState:
    """Matador (britannica): seat 0 leads 6-6; seat 1 plays 1-0 on it; seat 0 to move with the
    matadors 5-2 and 0-0."""
    state = deal_state(MATADOR, ["6-6 5-2 0-0 6-3 4-4 3-1 2-2", "1-0 6-5 6-4 5-5 5-4 5-3 4-2"])
    state.apply(Play(T("6-6")), 0)
    state.apply(Play(T("1-0"), "R"), 1)
    return state


def test_matador_ends_say_what_they_need() -> None:
    state = matador_position()
    assert state.layout is not None and state.layout.pips == (6, 0)
    assert ends_of(state.layout, MATADOR) == (
        "Open ends: L shows 6: needs a 1 or a matador; R shows 0: closed: only a matador"
    )
    assert MATADOR.presenter.end_needs(5) == "needs a 2 or a matador"
    nine = get_game("matador").configure(options={"tile_set": "double-nine"})
    assert isinstance(nine, MatadorRules)
    assert nine.presenter.end_needs(9) == "needs a 1 or a matador"
    assert nine.presenter.end_needs(5) == "needs a 5 or a matador"
    crosswise = get_game("matador").configure(options={"matador_placement": "crosswise_both_open"})
    assert isinstance(crosswise, MatadorRules)
    layout = crosswise.lay(state.layout, Play(T("5-2"), "R"))
    assert ends_of(layout, crosswise).endswith("R shows 5|2: needs a 2 or a 5 or a matador")
    # Other games are unchanged.
    assert ends_of(state.layout) == "Open ends: L shows 6, R shows 0"


def test_matadors_are_starred_in_the_hand() -> None:
    assert isinstance(MATADOR, MatadorRules)
    hand = sum(1 << T(t) for t in ["5-2", "6-6", "3-0"])
    assert hand_text(hand, MATADOR.matadors) == "[6|6] [5|2]* [3|0]"
    assert hand_text(hand) == "[6|6] [5|2] [3|0]"


def test_the_matadors_exposed_half_is_two_moves() -> None:
    state = matador_position()
    obs = state.observation(0)
    words = [describe_action(a, obs.layout, rules=MATADOR) for a in menu(obs)]
    assert "play [5|2]* at R, on the 0, exposing 5" in words
    assert "play [5|2]* at R, on the 0, exposing 2" in words
    assert "play [0|0]* at L, on the 6, exposing 0" in words
    assert "play [3|1] at L, on the 6, exposing 3" in words
    assert words[-1] == "draw a tile" or "draw a tile" not in words
    # Typed: the tile, the end and the half left exposed.
    assert parse_command("5-2 R 5", obs).action == Play(T("5-2"), "R", 5)
    assert parse_command("2-5 r exposing 2", obs).action == Play(T("5-2"), "R", 2)
    assert parse_command("[5|2]* R 2", obs).action == Play(T("5-2"), "R", 2)
    assert parse_command("3-1 L 3", obs).action == Play(T("3-1"), "L")
    two_ways = parse_command("5-2 R", obs)
    assert two_ways.kind == "error"
    assert "say which half stays exposed (5-2 R 5 or 5-2 R 2)" in two_ways.message
    # A half the tile cannot leave is for the engine to refuse.
    wrong = parse_command("3-1 L 1", obs).action
    assert wrong == Play(T("3-1"), "L", 1)
    with pytest.raises(IllegalAction, match="open 1 contradicts the rules"):
        state.apply(wrong)


def test_a_matador_move_in_words() -> None:
    state = matador_position()
    before = state.layout
    state.apply(Play(T("5-2"), "R", 2))
    move = state.observation(1).history[-1]
    names = Voice(("seat 0", "seat 1"), reader=0)
    assert describe_move(move, before, names, rules=MATADOR) == (
        "You play [5|2]* at R (on the 0), exposing 2."
    )
    assert describe_move(move, before, names) == "You play [5|2] at R (on the 0)."


def test_a_crosswise_matador_stands_across_the_line() -> None:
    rules = get_game("matador").configure(options={"matador_placement": "crosswise_both_open"})
    state = deal_state(rules, ["6-6 5-2 0-0 6-3 4-4 3-1 2-2", "1-0 6-5 6-4 5-5 5-4 5-3 4-2"])
    state.apply(Play(T("6-6")), 0)
    state.apply(Play(T("1-0"), "R"), 1)
    state.apply(Play(T("5-2"), "R"), 0)
    assert render_table(rules, state.observation(1).history).splitlines() == [
        "            +5+",
        "L [6|6][1|0]| | R",
        "            +2+",
        "Open ends: L shows 6: needs a 1 or a matador; R shows 5|2: needs a 2 or a 5 or a matador",
    ]
    move = state.observation(1).history[-1]
    assert (
        describe_move(move, None, Voice(("seat 0", "seat 1"), reader=0), rules=rules)
        == "You play [5|2]* at R."
    )
    state = deal_state(rules, ["6-6 5-2 0-0 6-3 4-4 3-1 2-2", "1-0 6-5 6-4 5-5 5-4 5-3 4-2"])
    state.apply(Play(T("6-6")), 0)
    assert describe_action(Play(T("5-2"), "L"), state.layout, rules=rules) == (
        "play [5|2]* at L, on the 6, laid crosswise: 5 and 2 open"
    )


def test_matador_help_explains_the_exposed_half() -> None:
    _, _, text = run_game("matador", "?\nq\n", rules="hoyle")
    assert "5-2 R 5 plays the matador\n5-2 at R leaving its 5 exposed" in text
    _, _, block = run_game("block", "?\nq\n")
    assert "5-2 R 5" not in block


class Typist:
    """Scripted input that reads the menu just written: it types the first matador move that
    leaves a half exposed in its typed form (``5-2 R 5``), else move 1."""

    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.typed: list[str] = []

    def readline(self) -> str:
        text = self.out.getvalue()
        menu_text = text[text.rfind("Your moves:") :]
        found = re.search(r"\) play \[(\d)\|(\d)\]\* at (\w+), on the \d, exposing (\d)", menu_text)
        if found:
            line = "{}-{} {} {}".format(*found.groups())
            self.typed.append(line)
            return line + "\n"
        return "1\n"


def test_a_whole_matador_match_with_typed_matadors() -> None:
    rules = get_game("matador").configure("hoyle")
    out = io.StringIO()
    typist = Typist(out)
    session = TerminalGame(rules, typist, out, seed=2, echo=True)  # type: ignore[arg-type]
    assert session.run() == "over"
    text = out.getvalue()
    assert session.agent_names == ["you", "matador"]
    assert "Tiles join where the touching halves add up to 7 (6 with 1, 5 with 2, 4 with 3)" in text
    assert "The matadors 0-0, 4-3, 5-2, 6-1 (starred * in your hand)" in text
    assert "you may also draw when able to play" in text
    assert "(* = matador: goes on any end)" in text
    assert re.search(r"Open ends: L shows \d: (needs a \d|closed: only a) ", text)
    # Every typed matador move was played as typed, with its exposed half.
    assert typist.typed
    for line in typist.typed:
        a, b, end, shown = re.fullmatch(r"(\d)-(\d) (\w+) (\d)", line).groups()  # type: ignore[union-attr]
        assert re.search(
            rf": {line}\nYou play \[{a}\|{b}\]\* at {end} \(on the \d\), exposing {shown}\.", text
        ), line
    assert text.rstrip().splitlines()[-1].startswith("Match over: ")
    # The record keeps each matador's exposed half and replays.
    record = match_to_record(session.match, session.record_players())
    assert any("open" in m for h in record["hands"] for m in h["moves"] if "end" in m)
    replay = replay_record(record)
    assert replay.complete and not replay.disagreements


def whist_game(seed: int, **options: str) -> tuple[TerminalGame, str]:
    rules = get_game("domino-whist").configure(options=options)
    out = io.StringIO()
    session = TerminalGame(rules, io.StringIO("1\n" * 5000), out, seed=seed, echo=True)
    assert session.run() == "over"
    return session, out.getvalue()


def test_a_whole_domino_whist_match() -> None:
    session, text = whist_game(3)
    match = session.match
    assert session.agent_names == ["you", "whist", "whist", "whist"]
    assert match.lead_draw is not None
    draw = [NAMES[t] for t in match.lead_draw]
    assert (
        f"Drawing for partners. You drew {draw[0]}, Amara drew {draw[2]}: you are partners; "
        f"Rosa & Lars drew {draw[1]} and {draw[3]}." in text
    )
    assert "Partnerships: you & Amara vs Rosa & Lars." in text
    assert "Amara (your partner, whist)" in text
    assert "The side first debited with 100 loses." in text
    assert "by whist_debit=highest_side_own_total, the side holding more pips is debited" in text
    assert text.count(
        "Debits (the side first debited with 100 loses; whist_debit=highest_side_own_total: the "
        "side holding more pips is debited its own total (equal totals: nobody))"
    ) == len(match.hands)
    for number, hand in enumerate(match.hands, 1):
        assert hand.result is not None
        cells = ", ".join(
            f"{lab}: {p}"
            for lab, p in zip(["you & Amara", "Rosa & Lars"], hand.result.points, strict=True)
        )
        reason = terminal_voice(match.rules).tell(hand.result.reason)
        assert f"Hand {number} is over: {reason}.\n" in text
        assert f"Debits this hand: {cells}" in text
    loser = 1 - (match.winner or 0)
    labels = ["you & Amara", "Rosa & Lars"]
    verb = "reach"
    last = text.rstrip().splitlines()[-1]
    assert last == (
        f"Match over: {labels[loser]} {verb} 100 debits ({match.totals[loser]} to "
        f"{match.totals[1 - loser]}): {labels[1 - loser]} win."
    )
    assert match.totals[loser] >= 100 > match.totals[1 - loser]


@pytest.mark.parametrize(
    ("debit", "words"),
    [
        ("side_of_highest_holder_all_pips", "is debited every pip left in the four hands"),
        ("highest_holder_own_pips", "is debited his own pips"),
    ],
)
def test_domino_whist_says_which_debit_rule(debit: str, words: str) -> None:
    _, text = whist_game(4, whist_debit=debit)
    assert f"by whist_debit={debit}, the side of the player holding the most pips {words}" in text
    assert f"Debits (the side first debited with 100 loses; whist_debit={debit}: " in text


def test_a_whole_domino_pool_match_with_five() -> None:
    rules = get_game("domino-pool").configure(players=5)
    out = io.StringIO()
    session = TerminalGame(rules, io.StringIO("1\n" * 5000), out, seed=3, echo=True)
    assert session.run() == "over"
    text = out.getvalue()
    match = session.match
    assert session.agent_names == ["you", "pool", "pool", "pool", "pool"]
    assert len(match.hands) == 10
    assert "A match is 10 pools; whoever takes the most pools wins." in text
    assert "Everyone holds 4 tiles and nobody draws" in text
    assert "Drawing for the lead: you [" in text
    labels = ["you", "Rosa", "Amara", "Lars", "Priya"]
    assert isinstance(rules, PoolRules)
    for number, hand in enumerate(match.hands, 1):
        assert hand.result is not None
        takers = [labels[s] for s, p in enumerate(hand.result.points) if p]
        if len(takers) == 1:
            verb = "take" if takers[0] == "you" else "takes"
            assert f"The pool: {takers[0]} {verb} it (5 stakes)." in text
        else:
            assert f"The pool: {' and '.join(takers)} divide it" in text
        assert f"Pools ({number} of 10; every player stakes 1, so a pool holds 5)" in text
    balances = rules.balances(match.totals, 10)
    assert sum(balances) == pytest.approx(0)
    sheet = score_sheet_text(match).splitlines()
    assert sheet[-1].split()[0] == "bal."
    assert [float(x) for x in sheet[-1].split()[1:6]] == pytest.approx(balances)
    last = text.rstrip().splitlines()[-1]
    assert last.startswith("Match over after 10 pools: ")
    shown = ", ".join(
        f"{lab} {'+' if b > 0 else ''}{b:g}" for lab, b in zip(labels, balances, strict=True)
    )
    assert last.endswith(f"Final balances: {shown}.")
    if match.winner is None:
        assert ": nobody wins." in last
    else:
        assert f"{labels[match.winner]} win" in last


def test_pool_score_sheet_shows_shares_and_running_balances() -> None:
    rules = get_game("domino-pool").configure(players=3)
    match = Match(rules, seed=1)
    for _ in range(2):
        while not match.hand.over:
            match.hand.apply(match.hand.legal_actions()[0])
        match.next_hand()
    sheet = score_sheet_text(match).splitlines()
    assert sheet[0] == (
        "Pools (2 of 10; every player stakes 1, so a pool holds 3): each player's share of each "
        "pool (his running balance of stakes)"
    )
    assert sheet[1].split()[:4] == ["pool", "you", "seat", "1"]
    first = match.hands[0].result
    assert first is not None
    winner = first.points.index(max(first.points))
    cells = re.findall(r"(\S+) \(([+-]?[\d.]+)\)", sheet[2])
    assert len(cells) == 3
    if max(first.points) == 1:
        assert cells[winner] == ("1", "+2")
        assert all(c == ("0", "-1") for i, c in enumerate(cells) if i != winner)
    assert sheet[-2].split()[0] == "won" and sheet[-1].split()[0] == "bal."


def test_the_strategy_agents_are_the_default_opponents() -> None:
    for game, agent in [("matador", "matador"), ("domino-whist", "whist"), ("domino-pool", "pool")]:
        assert default_opponent(get_game(game).configure()) == agent


def test_hints_show_each_move_worth_and_mark_the_best() -> None:
    rules = get_game("block").configure(players=2)
    out = io.StringIO()
    TerminalGame(rules, io.StringIO("1\n1\nq\n"), out, seed=4, echo=True, hints=True).run()
    text = out.getvalue()
    lists = [block for block in text.split("Your moves:\n")[1:]]
    marked = 0
    for block in lists:
        moves = [line for line in block.splitlines() if re.match(r"\s+\d+\) ", line)]
        if len(moves) > 1:
            assert all("[worth " in line for line in moves)
            assert sum("<- hint" in line for line in moves) >= 1
            marked += 1
    assert marked >= 1


def test_the_terminal_names_the_computers_as_the_browser_does() -> None:
    """One list of computer names for every front end (:mod:`boneyard.players.names`): the
    terminal's seat 1 is the browser's seat 1 (Rosa), and so round an eight-seat table."""
    import importlib.util

    from boneyard.players.names import computer_name

    rules = get_game("mexican-train").configure(players=8)
    voice = terminal_voice(rules, ["greedy"] * 7)
    named = [voice.subject(s) for s in range(1, 8)]
    assert named == [computer_name(s, "greedy") for s in range(1, 8)]
    assert named[:3] == ["Rosa", "Amara", "Lars"]
    assert importlib.util.find_spec("boneyard.apps.computer_names") is None


def test_the_score_command_gives_every_sides_reasons_under_the_sheet() -> None:
    """Four sides: ``score`` shows the sheet and, under it, each finished hand's reasons, a side a
    line, as the full-screen game's sheet does."""
    from boneyard.core.words import signed

    rules = get_game("block").configure(players=4)
    out = io.StringIO()
    game = TerminalGame(rules, io.StringIO("1\nscore\n" * 80 + "q\n"), out, seed=3, echo=True)
    game.run()
    hand = game.match.hands[0]
    assert hand.result is not None and len(game.match.hands) > 1
    later = out.getvalue().split("=== Hand 2 ===")[1]
    reasons = rules.presenter.score_reasons(hand, game.voice)
    assert len(reasons) == 4
    expected = "Hand 1:\n" + "\n".join(
        f"  {game.voice.side(side)} {signed(points)}: {why}"
        for side, (points, why) in enumerate(reasons)
    )
    assert expected in later, later[:2000]
