"""The ``boneyard`` command, driven through its real argument parsing, input and output."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import boneyard
from boneyard import GAMES
from boneyard.apps.cli import build_app, main

APP = build_app()


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(APP, list(args), input=input)


def run_json(*args: str) -> Any:
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def assert_user_error(result: Result, *words: str) -> None:
    """Exit status 2, one line on stderr starting ``error:``, nothing on stdout, no traceback."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for word in words:
        assert word in lines[0]
    assert result.stdout == ""
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"boneyard {boneyard.__version__}"


# ------------------------------------------------------------------------------------------- rules
def test_rules_lists_every_game_and_rule_set() -> None:
    result = run("rules")
    assert result.exit_code == 0
    for game in GAMES.values():
        line = next(li for li in result.stdout.splitlines() if li.startswith(f"{game.id}"))
        assert game.title in line and game.summary in line
        assert f"{game.default_rules} (default)" in result.stdout
        for name in game.rule_sets:
            assert name in result.stdout


def test_rules_of_a_game_in_words() -> None:
    result = run("rules", "draw", "--rules", "pagat")
    assert result.exit_code == 0
    text = result.stdout
    assert "Players: 2 to 4 (default 2)" in text
    assert "* pagat: pagat Draw" in text
    assert "britannica (default)" in text
    assert "Options under pagat" in text
    assert "  voluntary_draw = true" in text
    assert "  stock_reserve = 2" in text
    assert "Ends: L and R" in text


@pytest.mark.parametrize(
    ("game", "options", "listed", "names"),
    [
        ("sebastopol", {}, ["L, R, U and D"], r"[LRUD]"),
        ("chicken-foot", {}, ["L, R, U and D", "nU and nD"], r"[LRUD]|\d+[UD]"),
        (
            "chicken-foot",
            {"starting_double": "three_each_side"},
            ["L, LU and LD", "R, RU and RD"],
            r"[LR][UD]?|\d+[UD]",
        ),
        ("mexican-train", {}, ["T0, T1", "M (the Mexican train)"], r"T\d|M"),
        ("bergen", {}, ["L and R"], r"[LR]"),
        ("domino-loo", {}, ["none"], r"(?!)"),
    ],
)
def test_rules_lists_the_ends_the_game_names(
    game: str, options: dict[str, Any], listed: list[str], names: str
) -> None:
    """RECORD.md: games whose layout branches name their ends, and ``boneyard rules`` lists them;
    every end a game opens in play is one of the names listed."""
    import random

    from boneyard import Match, get_game

    text = run("rules", game).stdout
    ends = next(line for line in text.splitlines() if line.startswith("Ends: "))
    assert all(words in ends for words in listed), ends
    seen: set[str] = set()
    for seed in range(4):
        match = Match(get_game(game).configure(None, options), seed=seed)
        rng = random.Random(seed)
        state = match.hand
        while not state.over:
            state.apply(rng.choice(state.legal_actions()))
            if state.layout is not None:
                seen |= set(state.layout.names)
    assert all(re.fullmatch(names, name) for name in seen), seen
    assert bool(seen) == (game != "domino-loo")


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_json_fields(game: str) -> None:
    data = run_json("rules", game, "--json")
    assert set(data) == {
        "game",
        "title",
        "aliases",
        "summary",
        "rules",
        "rule_sets",
        "options",
        "players",
        "ends",
    }
    g = GAMES[game]
    assert data["game"] == game and data["rules"] == g.default_rules
    assert [rs["name"] for rs in data["rule_sets"]] == list(g.rule_sets)
    assert [rs["name"] for rs in data["rule_sets"] if rs["default"]] == [g.default_rules]
    assert all(set(rs) == {"name", "description", "source", "default"} for rs in data["rule_sets"])
    assert [o["name"] for o in data["options"]] == list(g.option_names)
    assert all(set(o) == {"name", "value", "allowed", "help"} for o in data["options"])
    assert data["players"] == {
        "min": g.min_players,
        "max": g.max_players,
        "default": g.players_for(None),
    }
    assert data["ends"] == g.end_names


def test_rules_json_values_follow_the_rule_set() -> None:
    modern = {o["name"]: o["value"] for o in run_json("rules", "block", "--json")["options"]}
    brit = run_json("rules", "block", "--rules", "britannica", "--json")
    values = {o["name"]: o["value"] for o in brit["options"]}
    assert brit["rules"] == "britannica"
    assert modern["blocked_scoring"] == "difference_total"
    assert values["blocked_scoring"] == "combined"
    assert modern["hand_size"] == {"2": 7, "3": 5, "4": 5}
    assert values["hand_size"] == 7


# ------------------------------------------------------------------------------------- user errors
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["rules", "chess"], ["unknown game 'chess'", "block"]),
        (["rules", "block", "--rules", "nope"], ["unknown rule set 'nope'", "modern"]),
        (["play", "chess"], ["unknown game"]),
        (["play", "block", "-r", "nope"], ["unknown rule set"]),
        (["play", "block", "-o", "colour=red"], ["unknown option 'colour'"]),
        (["play", "block", "-o", "target_score=lots"], ["bad value 'lots'", "target_score"]),
        (["play", "block", "-o", "target_score"], ["NAME=VALUE"]),
        (["play", "block", "--players", "7"], ["2 to 4 players"]),
        (["play", "partnership", "--players", "2"], ["4 players"]),
        (["play", "block", "--opponent", "wizard"], ["unknown agent 'wizard'"]),
        (["simulate", "block", "--hands", "5", "-o", "spinner=sometimes"], ["spinner"]),
        (["simulate", "block", "--hands", "5", "--players", "1"], ["players"]),
        (["simulate", "block", "--hands", "5", "--agents", "random,nobody"], ["nobody"]),
        (["simulate", "block"], ["exactly one of --hands"]),
        (["simulate", "block", "--hands", "2", "--matches", "2"], ["exactly one of --hands"]),
        (["simulate", "block", "--hands", "0"], [">= 1"]),
        (["replay", "no/such/file.jsonl"], ["no/such/file.jsonl"]),
    ],
)
def test_user_errors_exit_2_with_one_line(args: list[str], words: list[str]) -> None:
    assert_user_error(run(*args, input=""), *words)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["rules", "dr\x01aw"], "argument 2 ('dr\\x01aw') holds U+0001 at character 3"),
        (["rules", "draw\n"], "holds U+000A at character 5: a control character"),
        (["rules", "\u202edraw"], "U+202E at character 1: a bidirectional override"),
        # Bytes that are not UTF-8 reach Python as lone surrogates (surrogateescape).
        (["simulate", "draw", "--hands", "1", "-o", "target_score=1\udcff"], "byte 0xFF at 14"),
        (["tables", "close", "\udcc0\udcaf"], "argument 3 ('\\udcc0\\udcaf') is not UTF-8"),
        (["replay", "x\ud800.json"], "holds U+D800 at character 2: a lone surrogate"),
        (["play", "draw", "--opponent", "gr\x00eedy"], "U+0000 at character 3: NUL"),
    ],
)
def test_arguments_that_are_not_text_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(args)
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("error: argument ")
    assert words in err


def test_a_real_argument_of_bytes_that_are_not_utf8_is_one_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "boneyard", "rules", b"dr\xc0\xafaw"], capture_output=True
    )
    assert proc.returncode == 2 and proc.stdout == b""
    assert proc.stderr.decode() == (
        "error: argument 2 ('dr\\udcc0\\udcafaw') is not UTF-8 text: byte 0xC0 at 2 is invalid\n"
    )


def test_main_without_typer_says_how_to_install() -> None:
    code = "import sys; sys.modules['typer'] = None; from boneyard.apps.cli import main; main()"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stderr.strip().count("\n") == 0
    assert "boneyard[cli]" in proc.stderr


def test_python_m_boneyard() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "boneyard", "--version"], capture_output=True, text=True
    )
    assert proc.returncode == 0 and proc.stdout.strip() == f"boneyard {boneyard.__version__}"


# -------------------------------------------------------------------------------------------- play
def test_play_a_whole_match_and_save_it(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", "block", "--seed", "1", "--save", str(save), input="1\n" * 2000)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.rstrip().splitlines()
    assert lines[-1] == f"Saved the game to {save}."
    winner_line = lines[-2]
    assert re.fullmatch(r"Match over: (you win|Rosa wins) with \d+ points \(.*\)\.", winner_line)
    assert "Your hand: [" in result.stdout and "Open ends: " in result.stdout
    assert "Rosa leads [" in result.stdout or "You lead [" in result.stdout
    # The record replays, agrees with itself, and names the same winner.
    replayed = run("replay", str(save), "--json")
    assert replayed.exit_code == 0, replayed.stderr
    data = json.loads(replayed.stdout)
    assert data["complete"] is True
    assert data["winner"] == (0 if "you win" in winner_line else 1)
    assert len(data["hands"]) == result.stdout.count("Score sheet (100 to win)")
    record = json.loads(save.read_text())
    assert record["players"] == ["you", "greedy-1"]


def test_play_is_repeatable_with_a_seed() -> None:
    a = run("play", "block", "--seed", "5", input="1\n" * 2000)
    b = run("play", "block", "--seed", "5", input="1\n" * 2000)
    assert a.exit_code == b.exit_code == 0
    assert a.stdout == b.stdout


def test_play_rejects_illegal_input_and_continues() -> None:
    result = run("play", "block", "--seed", "1", input="9-9 L\n99\n" + "1\n" * 2000)
    assert result.exit_code == 0
    text = result.stdout
    assert re.search(r": 9-9 L\nNot allowed: [^\n]*9-9[^\n]*\nYour move", text)
    assert re.search(r": 99\nThere is no move 99: choose 1 to \d+\.\nYour move", text)
    assert "Match over: " in text


def test_play_draw_game() -> None:
    result = run("play", "draw", "--seed", "2", input="1\n" * 3000)
    assert result.exit_code == 0
    assert "You cannot play: you draw [" in result.stdout
    assert re.search(r"Rosa draws a tile\.", result.stdout)
    assert "Match over: " in result.stdout


def test_play_partnership() -> None:
    result = run("play", "partnership", "--seed", "3", input="1\n" * 3000)
    assert result.exit_code == 0
    assert "Partnerships: you & Amara vs Rosa & Lars." in result.stdout
    assert "you & Amara" in result.stdout
    assert "Match over: " in result.stdout


def test_play_block_with_partners_and_options() -> None:
    result = run(
        "play",
        "block",
        "--players",
        "4",
        "-o",
        "partnerships=true",
        "-o",
        "target_score=30",
        "--opponent",
        "random",
        "--seed",
        "8",
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.stderr
    assert "Partnerships: you & Amara vs Rosa & Lars." in result.stdout
    assert "against Rosa (random)" in result.stdout
    assert "Score sheet (30 to win)" in result.stdout


def test_play_end_of_input_saves_the_match_so_far(tmp_path: Path) -> None:
    save = tmp_path / "partial.jsonl"
    result = run("play", "block", "--seed", "1", "--save", str(save), input="1\n2\n")
    assert result.exit_code == 0
    assert "End of input: the game stops here." in result.stdout
    replayed = run("replay", str(save), "--json")
    assert replayed.exit_code == 0, replayed.stderr
    data = json.loads(replayed.stdout)
    assert data["complete"] is False
    assert data["hands"][-1]["ended"] == "unfinished"


def test_play_quit() -> None:
    result = run("play", "block", "--seed", "1", input="q\n")
    assert result.exit_code == 0
    assert "You left the game." in result.stdout


# ---------------------------------------------------------------------------------------- simulate
def test_simulate_json_fields_and_determinism() -> None:
    a = run_json("simulate", "block", "--hands", "300", "--seed", "4", "--json")
    b = run_json("simulate", "block", "--hands", "300", "--seed", "4", "--json")
    c = run_json("simulate", "block", "--hands", "300", "--seed", "5", "--json")
    assert list(a) == [
        "game",
        "rules",
        "options",
        "hands",
        "sides",
        "wins",
        "ties",
        "mean_points",
        "hands_per_second",
        "engine",
    ]
    assert a["game"] == "block" and a["rules"] == "modern" and a["hands"] == 300
    assert a["options"]["target_score"] == 100
    assert sum(a["wins"]) + a["ties"] == 300
    del a["hands_per_second"], b["hands_per_second"], c["hands_per_second"]
    assert a == b
    assert a != c


def test_simulate_matches_json() -> None:
    data = run_json(
        "simulate", "partnership", "--matches", "3", "--agents", "greedy,random", "--json"
    )
    assert data["matches"] == 3 and data["hands"] >= 3
    assert data["sides"] == [[0, 2], [1, 3]]
    assert len(data["wins"]) == len(data["mean_points"]) == 2


def test_simulate_text() -> None:
    result = run(
        "simulate", "block", "--players", "3", "--hands", "50", "--agents", "greedy,random"
    )
    assert result.exit_code == 0
    text = result.stdout
    assert text.startswith("block (modern), 3 players, 50 hands, seed 0")
    assert re.search(r"^seat 0 +greedy +\d+", text, re.M)
    assert re.search(r"^seat 2 +greedy +\d+", text, re.M)
    assert re.search(r"^ties: \d+$", text, re.M)
    assert "hands per second" in text


def test_simulate_save_replays(tmp_path: Path) -> None:
    save = tmp_path / "hands.jsonl"
    sim = run_json(
        "simulate", "draw", "--hands", "25", "--seed", "2", "--save", str(save), "--json"
    )
    assert len(save.read_text().splitlines()) == 25
    replayed = run("replay", str(save), "--json")
    assert replayed.exit_code == 0, replayed.stderr
    rows = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert len(rows) == 25
    totals = [sum(r["totals"][i] for r in rows) for i in range(2)]
    assert [round(t / 25, 4) for t in totals] == sim["mean_points"]
    assert [sum(r["hands"][0]["winner"] == i for r in rows) for i in range(2)] == sim["wins"]


# ------------------------------------------------------------------------------------------ replay
@pytest.fixture
def records(tmp_path: Path) -> list[dict[str, Any]]:
    save = tmp_path / "two.jsonl"
    assert run("simulate", "block", "--matches", "2", "--save", str(save)).exit_code == 0
    return [json.loads(line) for line in save.read_text().splitlines()]


def write_lines(path: Path, lines: list[str]) -> str:
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_replay_prints_score_sheets(tmp_path: Path, records: list[dict[str, Any]]) -> None:
    path = write_lines(tmp_path / "ok.jsonl", [json.dumps(r) for r in records])
    result = run("replay", path)
    assert result.exit_code == 0 and result.stderr == ""
    text = result.stdout
    assert f"{path} line 1: block (modern), 2 players" in text
    assert f"{path} line 2: block (modern), 2 players" in text
    assert "random-0 (seat 0) vs random-1 (seat 1)" in text
    assert text.count("match complete: random-") == 2
    assert re.search(r"^  total +\d+ +\d+$", text, re.M)


def test_replay_disagreeing_result_exits_1(tmp_path: Path, records: list[dict[str, Any]]) -> None:
    tampered = json.loads(json.dumps(records[0]))
    tampered["hands"][0]["result"]["points"][0] += 1
    path = write_lines(tmp_path / "t.jsonl", [json.dumps(tampered), json.dumps(records[1])])
    result = run("replay", path, "--json")
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 2  # both replayed
    assert f"{path} line 1: hand 1: the record's result is" in result.stderr


def test_replay_illegal_move_exits_2(tmp_path: Path, records: list[dict[str, Any]]) -> None:
    bad = json.loads(json.dumps(records[0]))
    hand = bad["hands"][0]
    move = hand["moves"][1]
    other = 1 - move["seat"]
    stolen = hand["deal"][other][0]  # a tile the mover does not hold
    hand["moves"][1] = {"seat": move["seat"], "play": stolen, "end": "L"}
    path = write_lines(tmp_path / "i.jsonl", [json.dumps(records[1]), json.dumps(bad)])
    result = run("replay", path, "--json")
    assert result.exit_code == 2
    assert len(result.stdout.splitlines()) == 1  # only the good record
    assert result.stderr.strip() == (
        f"{path} line 2: hand 1, move 2: seat {move['seat']} does not hold {stolen}"
    )


def test_replay_invalid_json_exits_2(tmp_path: Path, records: list[dict[str, Any]]) -> None:
    path = write_lines(tmp_path / "j.jsonl", [json.dumps(records[0]), "{not json"])
    result = run("replay", path, "--json")
    assert result.exit_code == 2
    assert len(result.stdout.splitlines()) == 1
    assert result.stderr.startswith(f"{path} line 2: not valid JSON")


def test_replay_unknown_game_exits_2(tmp_path: Path, records: list[dict[str, Any]]) -> None:
    bad = dict(records[0], game="chess")
    path = tmp_path / "g.json"
    path.write_text(json.dumps(bad))
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip() == f"{path}: unknown game 'chess': choose from " + ", ".join(GAMES)


def test_replay_empty_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    assert_user_error(run("replay", str(path)), "no records")


# ------------------------------------------------------------------------------ the counting games
@pytest.mark.parametrize(
    ("game", "seed"), [("muggins", "11"), ("all-threes", "12"), ("fives-and-threes", "13")]
)
def test_play_a_counting_game_to_the_end(game: str, seed: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", game, "--seed", seed, "--save", str(save), input="1\n" * 3000)
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "against Rosa (counting)" in text  # the default opponent of the counting games
    assert "Scores are counted for you." in text
    assert re.search(r"^  ends \d+( \+ \d+)* = \d+ -> \d+ points?$", text, re.M)
    assert re.search(r"^Count: L \d+", text, re.M)
    assert re.search(r"^Score sheet \(.*\): points \(in play \+ for the hand\)$", text, re.M)
    lines = text.rstrip().splitlines()
    assert lines[-1] == f"Saved the game to {save}."
    assert re.fullmatch(
        r"Match over: (you win|Rosa wins)(, reaching 61 exactly| with \d+ points) \(.*\)\.",
        lines[-2],
    )
    replayed = run("replay", str(save), "--json")
    assert replayed.exit_code == 0, replayed.stderr
    data = json.loads(replayed.stdout)
    assert data["complete"] is True and data["game"] == game
    assert data["winner"] == (0 if "you win" in lines[-2] else 1)


def test_play_muggins_claiming_saves_claims_and_muggins_calls(tmp_path: Path) -> None:
    """The person never claims (``1 0``: move 1, claiming nothing): the computer claims its own
    points and calls muggins on the person's; the record holds both and replays."""
    save = tmp_path / "foster.jsonl"
    result = run(
        "play",
        "muggins",
        "--rules",
        "foster",
        "--seed",
        "3",
        "--save",
        str(save),
        input="1 0\n" * 3000,
    )
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "You must claim your points" in text
    assert re.search(r"^Rosa calls muggins: takes your \d+ points\.$", text, re.M)
    assert re.search(r"^Rosa plays .*, claiming (\d+) and scores \1\.$", text, re.M)
    assert "Match over: Rosa wins" in text
    record = json.loads(save.read_text())
    moves = [m for h in record["hands"] for m in h["moves"]]
    assert any(set(m) == {"seat", "muggins"} and m["seat"] == 1 for m in moves)
    assert any("claim" in m and m["seat"] == 1 for m in moves)
    assert not any("claim" in m and m["seat"] == 0 for m in moves)
    replayed = run("replay", str(save))
    assert replayed.exit_code == 0, replayed.stderr
    assert "match complete: counting-1 won" in replayed.stdout


def test_play_foster_spinner_draws_the_spinner_arms() -> None:
    result = run("play", "muggins", "--rules", "foster-spinner", "--seed", "3", input="1 0\nq\n")
    assert result.exit_code == 0
    text = result.stdout
    assert "   U\n  +6+\nL | | R\n  +6+\n   D\n" in text
    assert "U arm, off [6|6]: nothing laid yet\nD arm, off [6|6]: nothing laid yet\n" in text
    assert (
        "Open ends: L shows 6, R shows 6, U shows 6, D shows 6\nCount: L 12 ([6|6] across) = 12\n"
        in text
    )


def test_play_pub_partners(tmp_path: Path) -> None:
    result = run(
        "play",
        "fives-and-threes",
        "-o",
        "partnerships=true",
        "--players",
        "4",
        "--seed",
        "4",
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "Partnerships: you & Amara vs Rosa & Lars." in text
    assert "A hand goes on until both partners of a side are out." in text
    assert "Rosa is out; the hand goes on until both partners of a side are out." in text
    assert "Score sheet (61 exactly to win)" in text
    assert re.search(r"^Match over: (you & Amara|Rosa & Lars) win, reaching 61 exactly", text, re.M)


def test_play_with_the_counting_agent_elsewhere() -> None:
    result = run("play", "block", "--opponent", "counting", "--seed", "2", input="1\n" * 2000)
    assert result.exit_code == 0, result.stderr
    assert "against Rosa (counting)" in result.stdout
    assert "Match over: " in result.stdout
    assert "Count:" not in result.stdout
    plain = run("play", "block", "--seed", "2", input="q\n")
    assert "against Rosa (greedy)" in plain.stdout


# ------------------------------------------------------------------------ Matador, Whist and Pool
def play_and_replay(tmp_path: Path, *args: str) -> tuple[str, dict[str, Any]]:
    """Play a whole match from scripted input with --save; the record replays with exit 0."""
    save = tmp_path / "game.json"
    result = run("play", *args, "--save", str(save), input="1\n" * 5000)
    assert result.exit_code == 0, result.stderr
    replayed = run("replay", str(save), "--json")
    assert replayed.exit_code == 0, replayed.stderr
    data = json.loads(replayed.stdout)
    assert data["complete"] is True
    return result.stdout, json.loads(save.read_text())


def test_play_matador_hoyle(tmp_path: Path) -> None:
    text, record = play_and_replay(tmp_path, "matador", "--rules", "hoyle", "--seed", "6")
    assert "Matador (hoyle rules), 2 players" in text
    assert "against Rosa (matador)" in text
    assert re.search(r"\d+\) play \[(\d)\|(\d)\]\* at [LR], on the \d, exposing \1\n", text)
    assert re.search(r"\d+\) play \[(\d)\|(\d)\]\* at [LR], on the \d, exposing \2\n", text)
    assert "Open ends: L shows " in text and "or a matador" in text
    assert re.fullmatch(
        r"Match over: (you win|Rosa wins) with \d+ points \(.*\)\.", text.splitlines()[-2]
    )
    assert record["rules"] == "hoyle" and record["players"] == ["you", "matador-1"]
    opens = [m for h in record["hands"] for m in h["moves"] if "open" in m]
    assert opens and all(m["end"] in ("L", "R") for m in opens)


def test_play_domino_whist(tmp_path: Path) -> None:
    text, record = play_and_replay(tmp_path, "domino-whist", "--seed", "2")
    assert "Drawing for partners. You drew " in text
    assert ": you are partners; Rosa & Lars drew " in text
    assert "Debits this hand: you & Amara: " in text
    assert re.fullmatch(
        r"Match over: (you & Amara|Rosa & Lars) reach 100 debits \(\d+ to \d+\): "
        r"(Rosa & Lars|you & Amara) win\.",
        text.splitlines()[-2],
    )
    assert record["players"] == ["you", "whist-1", "whist-2", "whist-3"]


def test_play_domino_pool_with_five(tmp_path: Path) -> None:
    text, record = play_and_replay(tmp_path, "domino-pool", "--players", "5", "--seed", "1")
    assert "Domino Pool (foster rules), 5 players" in text
    assert "Pools (10 of 10; every player stakes 1, so a pool holds 5)" in text
    assert re.fullmatch(
        r"Match over after 10 pools: .*\. Final balances: you [+-]?[\d.]+, Rosa .*\.",
        text.splitlines()[-2],
    )
    assert len(record["hands"]) == 10


def test_simulate_the_strategy_agents() -> None:
    for args in (
        ["matador", "--rules", "modern", "--agents", "matador,greedy"],
        ["domino-whist", "--agents", "whist,greedy"],
        ["domino-pool", "--players", "5", "--agents", "pool,greedy"],
    ):
        data = run_json("simulate", *args, "--matches", "10", "--json", "--workers", "1")
        assert data["matches"] == 10
        assert sum(data["wins"]) + data["ties"] == 10
