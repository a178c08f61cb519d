"""docs/research.md stays true: its examples run, its tables match the code."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from boneyard.games import GAMES
from boneyard.research.env.encoding import Codec
from boneyard.research.env.openspiel import game_name

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "research.md"


def table_rows(text: str, header: str) -> list[list[str]]:
    """The rows of the Markdown table whose header line starts with ``header``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("`") for cell in line.strip("|").split("|")])
    return rows


def test_examples_run() -> None:
    text = PAGE.read_text()
    test = doctest.DocTestParser().get_doctest(text, {}, PAGE.name, str(PAGE), 0)
    assert len(test.examples) >= 20
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_field_tables_match_the_codec() -> None:
    text = PAGE.read_text()
    codec = Codec(GAMES["block"].configure(players=2))
    general = [row[0] for row in table_rows(text, "| field | size |")]
    trick_fields = {"trump", "trick", "trick_leader", "won", "status", "owed", "discarded"}
    assert general == [f.name for f in codec.fields if f.name not in trick_fields]
    offsets = table_rows(text, "| field | offset | size |")
    assert offsets == [[f.name, str(f.offset), str(f.size)] for f in codec.fields]
    assert f"the vector has {codec.observation_size} values" in text
    for name in trick_fields:
        assert f"`{name}`" in text


def test_the_openspiel_table_gives_each_games_sizes() -> None:
    """The table's games are in the registry's order, each with its true names and sizes. A game
    added later need not be listed (a new game touches only its folder, docs/games/ and tests/)."""
    rows = table_rows(PAGE.read_text(), "| game | OpenSpiel name |")
    listed = [row[0] for row in rows]
    assert listed == [g for g in GAMES if g in listed]
    assert len(listed) >= 16
    for game_id, name, rule_set, players, ends, actions, observation in rows:
        rules = GAMES[game_id].configure()
        codec = Codec(rules)
        assert name == game_name(game_id)
        assert (rule_set, int(players)) == (rules.rule_set, rules.players)
        assert (int(ends), int(actions), int(observation)) == (
            codec.end_slots,
            codec.num_actions,
            codec.observation_size,
        )


def test_the_readme_and_architecture_link_the_page() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "docs/research.md" in readme
    architecture = (ROOT / "docs" / "architecture.md").read_text()
    assert re.search(r"\| `research/env/` \|", architecture)
