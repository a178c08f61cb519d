"""``boneyard analyze``: the statistics of a results file, checked against a small file computed by
hand, against the simulator's and the tournament's own totals, and the report it writes."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from boneyard import Match, get_game
from boneyard.apps.cli import build_app
from boneyard.core.record import match_to_record
from boneyard.research.sim import simulate
from boneyard.research.stats import Distribution, Moments, analyze_results
from boneyard.research.tournament import run_tournament

HAND_COMPUTED = Path(__file__).parent / "results" / "hand_computed.jsonl"
Z = 1.96


def approx(x: float) -> Any:
    return pytest.approx(x, abs=1e-12)


def interval(mean: float, variance: float, n: int) -> list[float]:
    """mean +- 1.96 * sd / sqrt(n), the interval the analysis reports."""
    half = Z * math.sqrt(variance) / math.sqrt(n)
    return [mean - half, mean + half]


def test_hand_computed_file() -> None:
    """tests/results/hand_computed.jsonl: nine hands of two-handed block, greedy (seat 0) against
    random (seat 1). Per hand: seat 0's points, seat 1's points, winner, leader, blocked, moves:

        12  0  0  0  no  13        0  6  1  1  no  11        0  0  -  0  yes 14
         9  0  0  0  yes 14        0  6  1  1  no  10        0  0  -  1  yes 20
         6  0  0  1  no  12        0 15  1  1  no   9        0  0  -  0  yes 14

    Every variance below is the sample variance (n - 1 = 8), worked by hand."""
    a = analyze_results(HAND_COMPUTED)
    assert (a["game"], a["per"], a["units"], a["hands"], a["ties"]) == ("block", "hand", 9, 9, 3)
    assert a["tie_rate"] == approx(1 / 3)
    zero, one = a["sides"]

    # Each side won 3 hands of 9: mean 1/3; squares about it 3*(2/3)^2 + 6*(1/3)^2 = 2, / 8.
    for side in (zero, one):
        assert side["wins"] == 3 and side["hands"] == 9
        assert side["win_rate"] == approx(1 / 3)
        assert side["win_rate_ci95"] == [approx(x) for x in interval(1 / 3, 2 / 8, 9)]
        assert side["win_rate_ci95"] == [approx(1 / 3 - 0.98 / 3), approx(1 / 3 + 0.98 / 3)]

    # Seat 0: 12 + 9 + 6 = 27 points, 3 a hand; sum of squares 144 + 81 + 36 = 261,
    # less 9 * 3^2 = 81: 180, / 8 = 22.5.
    assert zero["points"] == 27 and zero["points_per_hand"] == approx(3)
    assert zero["points_sd"] == approx(math.sqrt(22.5))
    assert zero["points_ci95"] == [approx(3 - Z * math.sqrt(2.5)), approx(3 + Z * math.sqrt(2.5))]
    assert zero["points_distribution"] == [[0, 6], [6, 1], [9, 1], [12, 1]]
    assert (zero["points_min"], zero["points_median"], zero["points_max"]) == (0, 0, 12)
    # Seat 1: 6 + 6 + 15 = 27, 3 a hand; 36 + 36 + 225 = 297, less 81: 216, / 8 = 27.
    assert one["points_per_hand"] == approx(3)
    assert one["points_ci95"] == [approx(3 - Z * math.sqrt(3)), approx(3 + Z * math.sqrt(3))]
    assert one["points_distribution"] == [[0, 6], [6, 2], [15, 1]]
    assert one["points_max"] == 15
    # Seat 0 led hands 1, 3, 4 and 9; seat 1 the other five.
    assert (zero["led"], one["led"]) == (4, 5)

    # Blocked: 4 of 9; squares 4*(5/9)^2 + 5*(4/9)^2 = 20/9, / 8 = 5/18.
    assert a["blocked"]["hands"] == 4
    assert a["blocked"]["rate"] == approx(4 / 9)
    assert a["blocked"]["ci95"] == [approx(x) for x in interval(4 / 9, 5 / 18, 9)]

    # Moves: 117 in all, 13 a hand; squares about 13: 0+4+1+1+9+49+1+16+1 = 82, / 8 = 10.25.
    length = a["hand_length"]
    assert length["mean"] == approx(13) and length["sd"] == approx(math.sqrt(10.25))
    assert length["ci95"] == [approx(x) for x in interval(13, 10.25, 9)]
    assert (length["min"], length["median"], length["max"]) == (9, 13, 20)
    assert length["distribution"] == [[9, 1], [10, 1], [11, 1], [12, 1], [13, 1], [14, 3], [20, 1]]

    lead = a["leader"]
    # The leader's side won hands 1, 2, 4, 5 and 8: 5 of 9 (squares 20/9, / 8 = 5/18); the
    # other side won only hand 7: 1 of 9 (squares 8/9, / 8 = 1/9).
    assert lead["win_rate"] == approx(5 / 9)
    assert lead["win_rate_ci95"] == [approx(x) for x in interval(5 / 9, 5 / 18, 9)]
    assert lead["others_win_rate"] == approx(1 / 9)
    assert lead["others_win_rate_ci95"] == [approx(1 / 9 - Z / 9), approx(1 / 9 + Z / 9)]
    # Per hand, leader won minus other won: 1 1 0 1 1 0 -1 1 0: mean 4/9; squares 6 - 16/9 =
    # 38/9, / 8 = 19/36.
    assert lead["win_advantage"] == approx(4 / 9)
    assert lead["win_advantage_ci95"] == [approx(x) for x in interval(4 / 9, 19 / 36, 9)]
    # The leader's side scored 12 6 0 9 6 0 0 15 0: 48, 16/3 a hand; squares 522 - 48^2/9 =
    # 266, / 8 = 33.25. The other side 6 in hand 7 only: 2/3 a hand; squares 36 - 4 = 32, / 8.
    assert lead["points_per_hand"] == approx(16 / 3)
    assert lead["points_ci95"] == [approx(x) for x in interval(16 / 3, 33.25, 9)]
    assert lead["others_points_per_hand"] == approx(2 / 3)
    assert lead["others_points_ci95"] == [approx(2 / 3 - 2 * Z / 3), approx(2 / 3 + 2 * Z / 3)]
    # The difference per hand, 12 6 0 9 6 0 -6 15 0: 42, 14/3 a hand; squares 558 - 196 = 362,
    # / 8 = 45.25.
    assert lead["points_advantage"] == approx(14 / 3)
    assert lead["points_advantage_ci95"] == [approx(x) for x in interval(14 / 3, 45.25, 9)]
    assert "matches" not in a and "agents" not in a and a["dropped_lines"] == 0


def test_the_leader_against_the_mean_of_two_other_sides(tmp_path: Path) -> None:
    """Three sides: the leader's side is compared with the mean of the other two."""
    path = tmp_path / "three.jsonl"
    header = {
        "format": "boneyard-results/1",
        "command": "simulate",
        "game": "block",
        "rules": "modern",
        "players": 3,
        "sides": [[0], [1], [2]],
        "agents": ["random"] * 3,
        "per": "hand",
        "seed": 0,
    }
    hands = [([6, 0, 0], 0, 0), ([0, 9, 0], 1, 0), ([0, 0, 3], 2, 2)]
    lines = [
        {
            "unit": i,
            "hand": 0,
            "of": 1,
            "agents": ["random"] * 3,
            "points": points,
            "winner": winner,
            "leader": leader,
            "blocked": False,
            "moves": 10,
        }
        for i, (points, winner, leader) in enumerate(hands)
    ]
    path.write_text("".join(json.dumps(x) + "\n" for x in [header, *lines]))
    lead = analyze_results(path)["leader"]
    assert lead["win_rate"] == approx(2 / 3)
    # The others won 0, 1/2 (one of two sides), 0: 1/6.
    assert lead["others_win_rate"] == approx(1 / 6)
    # 1, -1/2, 1: mean 1/2; squares 1/4 + 1 + 1/4 = 3/2, / 2 = 3/4; 1.96 * sqrt(3/4 / 3) = 0.98.
    assert lead["win_advantage"] == approx(0.5)
    assert lead["win_advantage_ci95"] == [approx(-0.48), approx(1.48)]
    # Leader 6, 0, 3 (3 a hand); the others' mean 0, 4.5, 0 (1.5); the difference 6, -4.5, 3.
    assert lead["points_per_hand"] == approx(3)
    assert lead["others_points_per_hand"] == approx(1.5)
    assert lead["points_advantage"] == approx(1.5)
    assert lead["points_advantage_ci95"] == [approx(x) for x in interval(1.5, 58.5 / 2, 3)]


def test_moments_and_quantiles() -> None:
    m = Moments([0, 4, 4, 4])
    assert (m.n, m.mean, m.variance, m.sd) == (4, 3.0, 4.0, 2.0)
    assert m.ci95 == (approx(1.04), approx(4.96))
    # Exact sums: the order does not change a bit of the result (Domino Pool's thirds).
    values = [1 / 3, 0.1, 2 / 3, 0.7, 1 / 6] * 5
    forward, backward = Moments(values), Moments(reversed(values))
    assert (forward.mean, forward.sd) == (backward.mean, backward.sd)
    one = Moments([5])
    assert one.ci95 == (5.0, 5.0) and one.sd == 0.0
    d = Distribution()
    for x in (4, 1, 3, 2):
        d.add(x)
    assert d.quantile(0.5) == 2.5 and d.quantile(0) == 1 and d.quantile(1) == 4
    d.add(10)
    assert d.quantile(0.5) == 3 and d.quantile(0.25) == 2


# ------------------------------------------------------------------ files written by the runs
def test_simulate_file_agrees_with_the_simulation(tmp_path: Path) -> None:
    out = tmp_path / "matador.jsonl"
    rules = get_game("matador").configure()
    result = simulate(rules, ["matador", "random"], matches=12, seed=3, out=out)
    a = analyze_results(out)
    assert a["hands"] == result.hands and a["units"] == 12
    matches = a["matches"]
    assert matches["wins"] == result.wins and matches["ties"] == result.ties
    means = [m["mean"] for m in matches["points_per_match"]]
    assert means == pytest.approx(result.mean_points)
    assert matches["hands_per_match"]["mean"] == pytest.approx(result.hands / 12)
    assert [s["agents"] for s in a["sides"]] == ["matador", "random"]
    hands = simulate(rules, ["random"], hands=200, seed=3, out=tmp_path / "h.jsonl")
    b = analyze_results(tmp_path / "h.jsonl")
    assert [s["wins"] for s in b["sides"]] == hands.wins
    assert [s["points_per_hand"] for s in b["sides"]] == pytest.approx(hands.mean_points)
    assert sum(s["led"] for s in b["sides"]) == 200


def test_tournament_file_agrees_with_the_tournament(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    rules = get_game("block").configure(players=2)
    result = run_tournament(rules, ["greedy", "random"], deals=40, seed=2, out=out)
    a = analyze_results(out)
    assert a["per"] == "deal" and a["units"] == 40 and a["hands"] == 80
    by_name = {g["name"]: g for g in a["agents"]}
    for agent in result.agents:
        mine = by_name[agent.name]
        assert mine["hands"] == agent.hands and mine["wins"] == agent.wins
        assert mine["points_per_hand"] == pytest.approx(agent.points_per_hand)
    # Each seat was held by each agent in turn.
    assert [s["agents"] for s in a["sides"]] == ["greedy / random"] * 2


def test_a_torn_end_is_ignored_and_said(tmp_path: Path) -> None:
    path = tmp_path / "torn.jsonl"
    path.write_text(HAND_COMPUTED.read_text() + '{"unit": 9, "hand": 0, "of"')
    a = analyze_results(path)
    assert a["hands"] == 9 and a["dropped_lines"] == 1


# ------------------------------------------------------------------------------ the command
def run(*args: str) -> Any:
    return CliRunner().invoke(build_app(), list(args))


def test_analyze_prints_the_tables_and_writes_the_report(tmp_path: Path) -> None:
    report = tmp_path / "report"
    result = run("analyze", str(HAND_COMPUTED), "--out", str(report))
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith("block (modern), 2 players: 9 hands, seed 0 (simulate)")
    assert "33.3%" in text and "[0.7%, 66.0%]" in text  # wins and their interval
    assert "leader's side" in text and "55.6%" in text and "+44.4%" in text and "+4.67" in text
    assert "44.4% (4)" in text  # blocked
    assert f"report: {report / 'report.html'}" in text
    for name in ("sides.png", "leader.png", "points.png", "lengths.png"):
        assert (report / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page = (report / "report.html").read_text()
    assert page.count('<img src="data:image/png;base64,') == 4
    assert "+44.4%" in page and "[0.7%, 66.0%]" in page


def test_analyze_json_and_default_report_place(tmp_path: Path) -> None:
    copy = tmp_path / "run.jsonl"
    copy.write_text(HAND_COMPUTED.read_text())
    result = run("analyze", str(copy), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data == {**analyze_results(copy), "report": str(tmp_path / "run-report/report.html")}
    assert (tmp_path / "run-report" / "report.html").is_file()
    bare = run("analyze", str(copy), "--json", "--no-report", "--out", str(tmp_path / "none"))
    assert "report" not in json.loads(bare.stdout) and not (tmp_path / "none").exists()


def test_the_report_escapes_what_it_shows(tmp_path: Path) -> None:
    path = tmp_path / "odd.jsonl"
    text = HAND_COMPUTED.read_text().replace('"greedy"', '"<script>alert(1)</script>"')
    path.write_text(text.replace('"block"', '"block & <b>"'))
    result = run("analyze", str(path), "--out", str(tmp_path / "r"))
    assert result.exit_code == 0, result.output
    page = (tmp_path / "r" / "report.html").read_text()
    assert "<script>" not in page and "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "block &amp; &lt;b&gt;" in page


def test_analyze_errors(tmp_path: Path) -> None:
    missing = run("analyze", str(tmp_path / "nothing.jsonl"))
    assert missing.exit_code == 2 and "cannot read" in missing.stderr
    header_only = tmp_path / "empty.jsonl"
    header_only.write_text(HAND_COMPUTED.read_text().splitlines()[0] + "\n")
    empty = run("analyze", str(header_only))
    assert empty.exit_code == 2 and "no whole unit yet" in empty.stderr


WHAT_RESULTS_ARE = (
    "a results file is the .jsonl file that boneyard simulate --out FILE.jsonl or boneyard "
    "tournament --out FILE.jsonl writes"
)


def test_a_file_that_is_not_a_results_file_is_named(tmp_path: Path) -> None:
    """A game record (indented JSON, as play --save writes it), a file of records (simulate
    --save), a results file of another version, other JSON and text: each is said for what it
    is, with what analyze reads instead, in one line on stderr, and nothing is written."""
    match = Match(get_game("block").configure(players=2), seed=1)
    while not match.hand.over:
        match.hand.apply(match.hand.legal_actions()[0])
    record = match_to_record(match, ["Ann", "Bob"])
    files = {
        "game.json": (
            json.dumps(record, indent=2),
            "this is a game record (for boneyard replay), not a results file",
        ),
        "games.jsonl": (
            json.dumps(record) + "\n",
            "this is a file of game records (for boneyard replay), not a results file",
        ),
        "later.jsonl": (
            json.dumps({"format": "boneyard-results/9"}) + "\n",
            "this is a results file of another version (boneyard-results/9; this boneyard "
            "reads boneyard-results/1)",
        ),
        "other.jsonl": ('{"points": [1, 2]}\n', "this is JSON, but not a results file"),
        "notes.txt": (
            "hand 1: 12 to 0\n",
            "this is not a results file (its first line is not JSON)",
        ),
    }
    for name, (text, what) in files.items():
        path = tmp_path / name
        path.write_text(text)
        result = run("analyze", str(path))
        assert result.exit_code == 2, name
        assert result.stderr == f"error: {path}: {what}; {WHAT_RESULTS_ARE}\n"
        assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)


def test_without_matplotlib_the_tables_and_how_to_get_the_plots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """matplotlib is not installed (its import fails): the tables are printed all the same, then
    a line saying how to get the plots; nothing is written; the run succeeds."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    report = tmp_path / "r"
    no_plots = run("analyze", str(HAND_COMPUTED), "--out", str(report))
    assert no_plots.exit_code == 0, no_plots.output
    text = no_plots.stdout
    assert text.startswith("block (modern), 2 players: 9 hands, seed 0 (simulate)")
    assert "33.3%" in text and "[0.7%, 66.0%]" in text and "44.4% (4)" in text
    assert text.rstrip().splitlines()[-1] == (
        "no plots and no report: they need matplotlib, the analysis extra (pip install "
        "'boneyard[analysis]', or pip install '.[analysis]' in a checkout); --no-report leaves "
        "them out"
    )
    assert not report.exists()
    as_json = run("analyze", str(HAND_COMPUTED), "--json")
    assert as_json.exit_code == 0
    assert json.loads(as_json.stdout) == analyze_results(HAND_COMPUTED)
    assert "pip install 'boneyard[analysis]'" in as_json.stderr
    bare = run("analyze", str(HAND_COMPUTED), "--no-report")
    assert bare.exit_code == 0 and "matplotlib" not in bare.output


def test_a_torn_line_is_said_in_the_singular(tmp_path: Path) -> None:
    path = tmp_path / "torn.jsonl"
    path.write_text(HAND_COMPUTED.read_text() + '{"unit": 9, "hand": 0, "of"')
    result = run("analyze", str(path), "--no-report")
    assert "(1 line of an unfinished unit at the end was ignored)" in result.stdout


def test_the_plots_share_integer_bins_and_show_the_leaders_interval() -> None:
    pytest.importorskip("matplotlib")
    from boneyard.research.report import _figures

    analysis = analyze_results(HAND_COMPUTED)
    figures = _figures(analysis)
    right = figures["points.png"].axes[1]
    outlines = [patch.get_xy()[:, 0] for patch in right.patches]
    assert len(outlines) == len(analysis["sides"])
    # Both sides' outlines step at the same edges, each halfway between whole points.
    edges = [sorted(set(xs.round(6))) for xs in outlines]
    assert all(x % 1 == 0.5 for xs in edges for x in xs)
    scored = [v for s in analysis["sides"] for v, _ in s["points_distribution"] if v]
    assert min(min(xs) for xs in edges) == min(scored) - 0.5
    assert max(max(xs) for xs in edges) == max(scored) + 0.5
    lead = analysis["leader"]
    titles = [ax.get_title() for ax in figures["leader.png"].axes]
    low, high = lead["points_advantage_ci95"]
    assert f"95% interval [{low:.2f}, {high:.2f}]" in titles[1]
    assert "95% interval [" in titles[0]
    for ax in figures["points.png"].axes:
        assert ax.get_xlabel() == "points in a hand"
