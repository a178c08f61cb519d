"""Keep the documentation true: README.md and docs/ against the code.

The option tables of the game pages are compared cell by cell with ``Game.preset_values``, the
index of the games (docs/games/README.md) with the registry, the README's commands with the CLI;
the examples of docs/library.md run as doctests, the record example of docs/record.md is replayed,
and the shell sessions shown (``$ boneyard ...`` with their output) are run and compared.
"""

from __future__ import annotations

import doctest
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from boneyard.core.actions import Play
from boneyard.core.options import format_value
from boneyard.core.record import replay_record
from boneyard.core.tiles import parse_tile
from boneyard.games import GAMES, option_specs
from boneyard.games.counting import CountingRules

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
GAMES_INDEX = DOCS / "games" / "README.md"
"""The index of the games: one row per game, in the registry's order. A new game adds its row here
and its page beside it, and edits neither README.md nor docs/options.md."""

# The commands of the boneyard CLI, as its specification names them.
CLI_COMMANDS = ("rules", "play", "simulate", "replay", "tournament", "analyze", "serve")

# A timing line of `boneyard simulate`, which changes from run to run.
TIMING = re.compile(r"\d+ hands in [\d.]+ s: [\d,]+ hands per second")


def read(path: Path) -> str:
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    return path.read_text(encoding="utf-8")


def tables(text: str) -> list[list[list[str]]]:
    """Every Markdown table of ``text``: a list of rows (header first, separator dropped), each a
    list of cells stripped of spaces."""
    found: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                current.append(cells)
        elif current:
            found.append(current)
            current = []
    return found


def table_with_header(text: str, first: str) -> list[list[str]]:
    """The one table whose header's first cell is ``first``."""
    matches = [t for t in tables(text) if t[0][0] == first]
    assert len(matches) == 1, f"expected one table headed {first!r}, found {len(matches)}"
    return matches[0]


def unquote(cell: str) -> str:
    """``"`x`"`` -> ``"x"``; the cell must be one code span."""
    assert re.fullmatch(r"`[^`]+`", cell), f"not a single code span: {cell!r}"
    return cell[1:-1]


def code_blocks(text: str, language: str) -> list[str]:
    """The contents of the fenced code blocks of ``text`` tagged ``language`` ("" for none)."""
    blocks: list[str] = []
    current: list[str] | None = None
    tag = ""
    for line in text.splitlines():
        if current is None:
            if line.startswith("```"):
                current, tag = [], line[3:].strip()
        elif line.startswith("```"):
            if tag == language:
                blocks.append("\n".join(current) + "\n")
            current = None
        else:
            current.append(line)
    assert current is None, "a code block is not closed"
    return blocks


def game_page(game_id: str) -> str:
    return read(DOCS / "games" / f"{game_id}.md")


# ----------------------------------------------------------------------------- games and rule sets
def test_readme_links_the_index_of_the_games() -> None:
    assert "(docs/games/README.md)" in read(README)


def test_games_index_table() -> None:
    """One row per game, in the registry's order: every rule set, the default marked, the number
    of players, its other names and a link to its page."""
    rows = table_with_header(read(GAMES_INDEX), "game")[1:]
    assert [unquote(r[0]) for r in rows] == list(GAMES)
    for row in rows:
        game = GAMES[unquote(row[0])]
        sets = [s.strip() for s in row[1].split(",")]
        expected = [
            f"`{n}` (default)" if n == game.default_rules else f"`{n}`" for n in game.rule_sets
        ]
        assert sets == expected, f"the games' index, {game.id}"
        players = (
            str(game.min_players)
            if game.min_players == game.max_players
            else f"{game.min_players}\N{EN DASH}{game.max_players}"
        )
        assert row[2] == players, f"the games' index, players of {game.id}"
        aliases = [unquote(a.strip()) for a in row[3].split(",")] if row[3] != "\N{EM DASH}" else []
        assert aliases == list(game.aliases), f"the games' index, other names of {game.id}"
        assert row[4] == f"[{game.title}]({game.id}.md)", f"the games' index, page of {game.id}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_page_names_game_and_rule_sets(game_id: str) -> None:
    text = game_page(game_id)
    game = GAMES[game_id]
    assert f"`{game_id}`" in text.splitlines()[0], "the page's title names the game id"
    rows = table_with_header(text, "rule set")[1:]
    names = [unquote(r[0].replace(" (default)", "")) for r in rows]
    assert names == list(game.rule_sets)
    for row in rows:
        marked = row[0].endswith("(default)")
        assert marked == (unquote(row[0].split(" ")[0]) == game.default_rules), row[0]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_page_option_values(game_id: str) -> None:
    """The page's option table holds every option of the game, valued as each rule set values it."""
    game = GAMES[game_id]
    table = table_with_header(game_page(game_id), "option")
    header, rows = table[0], table[1:]
    assert header[1:] == list(game.rule_sets), "one column per rule set, in order"
    assert [unquote(r[0]) for r in rows] == list(game.option_names), "one row per option, in order"
    presets = {name: game.preset_values(name) for name in game.rule_sets}
    for row in rows:
        option = unquote(row[0])
        for rule_set, cell in zip(header[1:], row[1:], strict=True):
            expected = format_value(presets[rule_set][option])
            assert unquote(cell) == expected, f"{game_id}: {option} under {rule_set}"


COUNTING_GAMES = [g for g in GAMES if isinstance(GAMES[g].configure(), CountingRules)]


def worked_lines(text: str) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """The worked counts of a page: ``text`` code blocks opening with ``game: G, rules: R``, then
    one play per line (``lead a-b`` or ``a-b at E``) followed by what the terminal explains."""
    found = []
    for block in code_blocks(text, "text"):
        lines = block.strip().splitlines()
        head = re.fullmatch(r"game: ([\w-]+), rules: ([\w-]+)", lines[0])
        assert head is not None, f"a text block does not name its game and rules: {lines[0]!r}"
        plays = []
        for line in lines[1:]:
            m = re.fullmatch(r"(lead \d+-\d+|\d+-\d+ at \w+) +(ends .*)", line)
            assert m is not None, f"not a worked play: {line!r}"
            plays.append((m.group(1), m.group(2)))
        found.append((head.group(1), head.group(2), plays))
    return found


@pytest.mark.parametrize("game_id", COUNTING_GAMES)
def test_counting_game_worked_examples(game_id: str) -> None:
    """Each worked line of a counting game's page is what the rules explain for that layout."""
    examples = worked_lines(game_page(game_id))
    assert examples, f"{game_id}.md has no worked counts"
    for game, rule_set, plays in examples:
        rules = GAMES[game].configure(rule_set)
        assert isinstance(rules, CountingRules)
        layout = None
        for play, shown in plays:
            words = play.split()
            if words[0] == "lead":
                assert layout is None, f"{play}: a lead after the first tile"
                a, b = (int(x) for x in words[1].split("-"))
                layout = rules.lead_layout(parse_tile(words[1]), None if a == b else b)
            else:
                assert layout is not None, f"{play}: no lead before it"
                t, end = parse_tile(words[0]), words[2]
                assert rules.exposed_pip(layout, t, end) is not None, f"{play} does not fit"
                layout = rules.lay(layout, Play(t, end))
            assert rules.explain(layout) == shown, f"{game_id}.md ({rule_set}): {play}"


def documented_options() -> dict[str, list[tuple[str, list[str]]]]:
    """Where each option is described, by name: the rows of docs/options.md's table (the options
    games share) and of the "own option" tables of the game pages (an option only that game
    lists), each with the page that holds it."""
    found: dict[str, list[tuple[str, list[str]]]] = {}
    for row in table_with_header(read(DOCS / "options.md"), "option")[1:]:
        found.setdefault(unquote(row[0]), []).append(("options.md", row))
    for game_id in GAMES:
        own = [t for t in tables(game_page(game_id)) if t[0][0] == "own option"]
        for row in own[0][1:] if own else []:
            found.setdefault(unquote(row[0]), []).append((f"games/{game_id}.md", row))
    return found


def test_every_option_is_described_once_with_its_values() -> None:
    """Each option some game lists is described once: in docs/options.md if several games list
    it, else on the page of the one game that does (its "own option" table), each row with
    exactly the values its spec takes. Read from the games, so a game's own option needs a row
    on its own page and nothing else; docs/options.md lists its options in the games' order."""
    options = option_specs()
    found = documented_options()
    assert sorted(found) == sorted(options), "options described that no game lists, or missing"
    twice = {name: [at for at, _ in rows] for name, rows in found.items() if len(rows) > 1}
    assert twice == {}, "options described twice"
    users: dict[str, list[str]] = {}
    for game in GAMES.values():
        for name in game.option_names:
            users.setdefault(name, []).append(game.id)
    for name in options:
        at = found[name][0][0]
        if len(users[name]) > 1:
            assert at == "options.md", f"{name}: several games list it, so options.md describes it"
        else:
            assert at in ("options.md", f"games/{users[name][0]}.md"), f"{name} described in {at}"
    shared = [name for name in options if found[name][0][0] == "options.md"]
    page_rows = [unquote(r[0]) for r in table_with_header(read(DOCS / "options.md"), "option")[1:]]
    assert page_rows == shared, "options.md lists its options in the games' order"
    named: dict[str, set[str]] = {}  # the values some game names for an option (hand_size's tables)
    for game in GAMES.values():
        for option, table in game.named_values.items():
            named.setdefault(option, set()).update(table)
    for name, [(at, row)] in found.items():
        spec = options[name]
        listed = set(re.findall(r"`([^`]+)`", row[1])) - named.get(spec.name, set())
        if spec.kind in ("choice", "set"):
            assert listed == {*spec.choices, *spec.param_choices}, f"{at}: {spec.name}"
        elif spec.kind == "bool":
            assert listed == {"true", "false"}, f"{at}: {spec.name}"
        else:
            assert f"whole number ≥ {spec.minimum}" in row[1], f"{at}: {spec.name}"
            if spec.kind == "int_or_map":
                assert listed == {spec.example}, f"{at}: {spec.name} shows its own example"
        assert re.search(r"\d", row[3]), f"{at}: {spec.name} names no RULES.md row"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_own_options_are_in_the_games_order(game_id: str) -> None:
    game = GAMES[game_id]
    own = [t for t in tables(game_page(game_id)) if t[0][0] == "own option"]
    if own:
        names = [unquote(r[0]) for r in own[0][1:]]
        assert names == [n for n in game.option_names if n in names], f"{game_id}.md"


def test_the_options_page_links_the_index_of_the_games() -> None:
    assert "(games/README.md)" in read(DOCS / "options.md")
    index = read(GAMES_INDEX)
    for game_id in GAMES:
        assert f"({game_id}.md)" in index, f"the games' index does not link {game_id}'s page"


# ---------------------------------------------------------------------------------------- commands
@pytest.mark.parametrize("command", CLI_COMMANDS)
def test_cli_command_in_readme(command: str) -> None:
    assert f"boneyard {command}" in read(README)


def test_readme_covers_every_command_of_the_cli() -> None:
    pytest.importorskip("typer")
    from boneyard.apps.cli import build_app

    names = {c.name for c in build_app().registered_commands}
    assert names == set(CLI_COMMANDS), "the CLI's commands changed: update CLI_COMMANDS and README"
    text = read(README)
    for name in names:
        assert f"boneyard {name}" in text


def test_readme_gives_the_two_root_commands() -> None:
    """``./play`` and ``./test`` are shown as commands, and they exist."""
    blocks = code_blocks(read(README), "sh")
    shell = [line.strip() for block in blocks for line in block.splitlines()]
    for command in ("./play", "./test"):
        assert command in shell, f"README.md does not show {command} as a command"
        script = ROOT / command
        assert script.is_file(), f"{command} does not exist"
        assert script.stat().st_mode & 0o111, f"{command} is not executable"


def test_ci_runs_the_documented_test_command() -> None:
    ci = read(ROOT / ".ci" / "run")
    commands = [line.split("#")[0].split() for line in ci.splitlines()]
    assert any("./test" in words for words in commands), ".ci/run does not run ./test"


# ---------------------------------------------------------------------------------------- examples
def test_library_examples() -> None:
    path = DOCS / "library.md"
    text = read(path)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, path.name, str(path), 0)
    assert len(test.examples) >= 20
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} example(s) of docs/library.md failed"


def test_readme_library_example(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = code_blocks(read(README), "python")
    assert len(blocks) == 1
    exec(compile(blocks[0], "README.md", "exec"), {})
    # The comment on the last line shows what it prints.
    last = blocks[0].strip().splitlines()[-1]
    shown = last.split("#", 1)[1].strip()
    assert capsys.readouterr().out.splitlines()[-1] == shown


def test_record_example_replays() -> None:
    """The example records replay and agree with their results; the first gives the JSON output
    shown."""
    blocks = [json.loads(b) for b in code_blocks(read(DOCS / "record.md"), "json")]
    records = [b for b in blocks if b.get("format") == "boneyard-record/1"]
    outputs = [b for b in blocks if "sides" in b]
    assert len(records) == 3 and len(outputs) == 1
    for record in records:
        assert replay_record(record).disagreements == []
    assert replay_record(records[0]).to_json() == outputs[0]


def test_record_claims_example() -> None:
    """The claims example: Ann 30, Bob 15, with a muggins call and a struck claim."""
    blocks = [json.loads(b) for b in code_blocks(read(DOCS / "record.md"), "json")]
    record = next(b for b in blocks if b.get("game") == "muggins")
    moves = record["hands"][0]["moves"]
    assert {"seat": 0, "muggins": 10} in moves
    assert any("claim" in m for m in moves)
    replay = replay_record(record)
    assert replay.totals == [30, 15]
    assert "Ann 30, Bob 15" in read(DOCS / "record.md")


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_links_resolve() -> None:
    pages = [README, *sorted(DOCS.rglob("*.md"))]
    assert len(pages) >= 8
    for page in pages:
        for target in re.findall(r"\]\(([^)\s]+)\)", read(page)):
            if re.match(r"[a-z]+://", target):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), f"{page.relative_to(ROOT)}: broken link {target}"
            if anchor:
                headings = re.findall(r"^#+ (.*)$", read(linked), flags=re.M)
                anchors = {_anchor(h) for h in headings}
                assert anchor in anchors, f"{page.relative_to(ROOT)}: no heading for #{anchor}"


# ---------------------------------------------------------------------------------- shell sessions
def sessions(text: str) -> list[list[tuple[str, list[str]]]]:
    """The shell sessions shown in plain code blocks: ``$ command`` lines, each with the output
    shown after it."""
    out = []
    for block in code_blocks(text, ""):
        if not block.startswith("$ "):
            continue
        steps: list[tuple[str, list[str]]] = []
        for line in block.rstrip("\n").split("\n"):
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        out.append(steps)
    return out


def _same(shown: str, actual: str) -> bool:
    if TIMING.fullmatch(shown):
        return TIMING.fullmatch(actual) is not None
    return shown.rstrip() == actual.rstrip()


def assert_output(command: str, shown: list[str], actual: list[str]) -> None:
    """``actual`` reads as ``shown``, where a line ``...`` stands for any number of lines."""
    j = 0
    for i, line in enumerate(shown):
        if line == "...":
            if i + 1 == len(shown):
                return
            while j < len(actual) and not _same(shown[i + 1], actual[j]):
                j += 1
            continue
        assert j < len(actual), f"{command}: output ends before {line!r}"
        assert _same(line, actual[j]), f"{command}: shows {line!r}, prints {actual[j]!r}"
        j += 1
    assert j == len(actual), f"{command}: prints more than shown: {actual[j:]!r}"


def run_session(steps: list[tuple[str, list[str]]], cwd: Path) -> None:
    """Run each ``$ boneyard ...`` command and compare its output. ``boneyard play`` reads "1"
    and "q" (a move, then quit), unless the command is piped its input as shown:
    ``$ printf '8\\n15\\nq\\n' | boneyard play ...``."""
    for command, shown in steps:
        stdin = "1\nq\n"
        piped = re.fullmatch(r"printf '([^']*)' \| (boneyard .*)", command)
        if piped is not None:
            stdin = piped.group(1).replace("\\n", "\n")
        words = shlex.split(piped.group(2) if piped is not None else command)
        assert words[0] == "boneyard", command
        done = subprocess.run(
            [sys.executable, "-m", "boneyard", *words[1:]],
            cwd=cwd,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"{command}: exit status {done.returncode}: {done.stderr}"
        assert_output(command, shown, done.stdout.splitlines())


@pytest.mark.parametrize("index", range(6))
def test_readme_command_examples(index: int, tmp_path: Path) -> None:
    """The README's sessions print what it shows (the simulator's speed aside)."""
    pytest.importorskip("typer")
    found = sessions(read(README))
    assert len(found) == 6
    run_session(found[index], tmp_path)


def test_record_page_replay_example(tmp_path: Path) -> None:
    pytest.importorskip("typer")
    text = read(DOCS / "record.md")
    record = next(b for b in code_blocks(text, "json") if "boneyard-record/1" in b)
    (tmp_path / "hand.json").write_text(record, encoding="utf-8")
    found = sessions(text)
    assert len(found) == 1
    run_session(found[0], tmp_path)
