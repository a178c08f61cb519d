"""The terminal game: its drawings (pure functions) and its loop, driven through real streams."""

from __future__ import annotations

import io
import re

from boneyard import DRAW, PASS, HandState, Match, get_game
from boneyard.actions import Move, Play
from boneyard.rules.base import Rules
from boneyard.terminal import (
    TerminalGame,
    describe_action,
    describe_move,
    ends_text,
    hand_text,
    parse_command,
    render_table,
    score_sheet_text,
    side_labels,
    tile_text,
    trace_table,
)
from boneyard.tiles import parse_tile


def T(text: str) -> int:
    return parse_tile(text)


def deal_state(rules: Rules, hands: list[str], leader: int | None = None) -> HandState:
    """A hand dealt as given (space-separated tiles per seat); the stock holds the rest in order."""
    dealt = [[T(t) for t in h.split()] for h in hands]
    used = {t for h in dealt for t in h}
    stock = [t for t in range(rules.tiles.size) if t not in used]
    return HandState.from_deal(rules, dealt, stock, leader)


def play_all(state: HandState, moves: list[str]) -> None:
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
    lines = drawing.splitlines()
    assert lines[:3] == ["       +5+", "L [1|5]| | R", "       +5+"]
    assert "U arm, off [5|5]: [5|3][3|1]" in lines
    assert lines[-1] == "Open ends: L shows 1, R shows 5, U shows 1, D shows 5"
    table = trace_table(rules, state.observation(0).history)
    assert [(p.inner, p.outer) for p in table.arms["U"]] == [(5, 3), (3, 1)]
    assert table.roots["U"] == T("5-5")


def test_a_spinner_stands_crosswise_even_when_doubles_lie_in_line() -> None:
    rules = get_game("block").configure(
        options={"spinner": "first_double", "doubles_crosswise": "false"}, players=2
    )
    state = deal_state(rules, [SEAT0, SEAT1])
    play_all(state, ["6-6", "6-4 R", "4-4 R"])
    assert render_table(rules, state.observation(0).history).splitlines()[:3] == [
        "  +6+",
        "L | |[6|4][4|4] R",
        "  +6+",
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
    assert ends_text(state.layout) == (
        "Open ends: L shows 6, R shows 6, U not open yet, D not open yet"
    )
    assert ends_text(None).startswith("Open ends: none yet")


def test_moves_in_words() -> None:
    state = deal_state(BLOCK, [SEAT0, SEAT1])
    names = ["You", "Seat 1"]
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
    assert result.reason in sheet[2]
    assert sheet[3].split() == ["total", *map(str, match.totals)]
    partners = get_game("partnership").configure()
    assert side_labels(partners) == ["you & seat 2", "seats 1 & 3"]


# ----------------------------------------------------------------------------------- reading input
def person_after_lead() -> HandState:
    """Seat 1 has led 6-6 from a deal where seat 0 (the person) holds 6-4, 6-5 and 5-3."""
    state = deal_state(BLOCK, ["6-4 6-5 5-3 3-3 3-2 5-1 4-1", "6-6 4-4 2-1 3-0 1-1 0-0 2-0"])
    play_all(state, ["6-6"])
    return state


def test_parse_numbers_and_words() -> None:
    state = person_after_lead()
    obs = state.observation(0)
    legal = obs.legal_actions
    assert parse_command("1", obs).action == legal[0]
    assert parse_command(f" {len(legal)} ", obs).action == legal[-1]
    bad = parse_command("99", obs)
    assert bad.kind == "error" and bad.message == f"There is no move 99: choose 1 to {len(legal)}."
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
    ambiguous = parse_command("6-5", obs)
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
    assert ("you win" if winner == 0 else "seat 1 wins") in last
    # Every hand's result is reported with its reason, and a score sheet follows it.
    for number, hand in enumerate(session.match.hands, 1):
        assert hand.result is not None
        assert f"Hand {number} is over: {hand.result.reason}." in text
    assert text.count("Score sheet (100 to win)") == len(session.match.hands)


def test_illegal_input_is_rejected_and_the_game_goes_on() -> None:
    script = "9-9 L\n99\n0-0 Q\nnonsense\n" + "1\n" * 2000
    _, outcome, text = run_game("block", script)
    assert outcome == "over"
    # Each rejected line is answered by one message and the same question again; nothing was played.
    pattern = (
        r"Your move \(1-(\d+), \? for help\): 9-9 L\n"
        r"Not allowed: .*9-9.*\n"
        r"Your move \(1-\1, \? for help\): 99\n"
        r"There is no move 99: choose 1 to \1\.\n"
        r"Your move \(1-\1, \? for help\): 0-0 Q\n"
        r"(Not allowed: .*|0-0 .*)\n"
        r"Your move \(1-\1, \? for help\): nonsense\n"
        r"Cannot understand 'nonsense'.*\n"
        r"Your move \(1-\1, \? for help\): 1\n"
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
    assert "Partnerships: you and seat 2 vs seats 1 & 3." in text
    assert "Seat 2 (your partner, greedy)" in text
    last = text.rstrip().splitlines()[-1]
    assert last.startswith("Match over: you & seat 2 win") or last.startswith(
        "Match over: seats 1 & 3 win"
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
