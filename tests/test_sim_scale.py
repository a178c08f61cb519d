"""Simulations at scale: results streamed to a .jsonl file, resumed after an interruption, the same
for a seed whatever the number of workers or the backend (local processes or Ray), a progress bar
that stays on standard error."""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from boneyard import GAMES, get_game
from boneyard.apps.cli import build_app
from boneyard.core.record import read_records, replay_record
from boneyard.research.results import FORMAT, ResultsReader
from boneyard.research.sim import SimulationError, simulate, unit_seed
from boneyard.research.stats import analyze_results
from boneyard.research.tournament import run_tournament

BLOCK = get_game("block").configure(players=2)
POOL = get_game("domino-pool").configure()  # four sides; a hand's points are shares (floats)


def timeless(data: dict[str, Any]) -> dict[str, Any]:
    """A simulation's or tournament's JSON without what depends on the clock."""
    data = json.loads(json.dumps(data))
    data.pop("hands_per_second", None)
    for agent in data.get("agents", []):
        if isinstance(agent, dict):
            agent.pop("median_move_ms", None)
            agent.pop("max_move_ms", None)
    return data


def lines_of(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    header, *lines = (json.loads(x) for x in path.read_text().splitlines())
    return header, lines


@pytest.fixture(scope="session")
def ray_session() -> Any:
    """One local Ray instance (2 CPUs) for every Ray test of this xdist worker: starting Ray takes
    seconds. The simulator uses a session that is already running and leaves it running."""
    ray = pytest.importorskip("ray")
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, logging_level="warning")
    yield ray
    ray.shutdown()


# ------------------------------------------------------------------------------- the results file
def test_results_file_has_a_header_and_one_line_per_hand(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    result = simulate(BLOCK, ["greedy", "random"], hands=40, seed=3, out=out, records=True)
    header, lines = lines_of(out)
    assert header["format"] == FORMAT
    assert {k: header[k] for k in ("command", "game", "rules", "players", "per", "seed")} == {
        "command": "simulate",
        "game": "block",
        "rules": "modern",
        "players": 2,
        "per": "hand",
        "seed": 3,
    }
    assert header["sides"] == [[0], [1]] and header["agents"] == ["greedy", "random"]
    assert header["options"] == BLOCK.options.to_json() and header["records"] is True
    assert [line["unit"] for line in lines] == list(range(40))
    wins = [0, 0]
    points = [0, 0]
    for i, line in enumerate(lines):
        assert line["hand"] == 0 and line["of"] == 1
        assert line["seed"] == unit_seed(3, i)
        assert line["agents"] == ["greedy", "random"]
        assert line["blocked"] == (line["ended"] == "blocked")
        assert line["ended"] in ("domino", "blocked")
        record = line["record"]
        assert line["moves"] == len(record["hands"][0]["moves"])
        replay = replay_record(record)
        assert list(replay.hands[0].points) == line["points"]
        assert replay.hands[0].winner == line["winner"]
        assert replay.match.hands[0].leader == line["leader"]
        if line["winner"] is not None:
            wins[line["winner"]] += 1
        points = [p + q for p, q in zip(points, line["points"], strict=True)]
    assert wins == result.wins
    assert [p / 40 for p in points] == pytest.approx(result.mean_points)


def test_a_match_is_one_unit_of_several_lines(tmp_path: Path) -> None:
    out = tmp_path / "matches.jsonl"
    result = simulate(BLOCK, ["greedy", "random"], matches=5, seed=1, out=out)
    _, lines = lines_of(out)
    assert len(lines) == result.hands > 5
    units: dict[int, list[dict[str, Any]]] = {}
    for line in lines:
        units.setdefault(line["unit"], []).append(line)
    assert sorted(units) == list(range(5))
    wins = [0, 0]
    for unit in units.values():
        assert [x["hand"] for x in unit] == list(range(len(unit)))
        assert all(x["of"] == len(unit) for x in unit)
        assert all("match" not in x for x in unit[:-1])
        match = unit[-1]["match"]
        sums = [sum(x["points"][i] for x in unit) for i in range(2)]
        assert match["totals"] == sums
        assert max(match["totals"]) >= BLOCK.target_score
        wins[match["winner"]] += 1
    assert wins == result.wins


def test_replay_reads_the_records_of_a_results_file(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    simulate(BLOCK, ["random"], matches=3, seed=2, out=out, records=True)
    records = [r for _, r in read_records(out)]
    assert len(records) == 3
    assert all(isinstance(r, dict) and replay_record(r).complete for r in records)
    bare = tmp_path / "bare.jsonl"
    simulate(BLOCK, ["random"], hands=3, seed=2, out=bare)
    assert list(read_records(bare)) == []


def test_lines_are_written_as_units_finish(tmp_path: Path) -> None:
    """The file grows while the run goes (streamed, not written at the end)."""
    out = tmp_path / "run.jsonl"
    sizes: list[int] = []

    def progress(done: int, total: int, hands: int) -> None:
        sizes.append(len(out.read_text().splitlines()) if out.exists() else 0)
        assert hands == done  # one hand per unit
        assert total == 300

    simulate(BLOCK, ["random"], hands=300, seed=1, out=out, progress=progress)
    assert sizes[0] <= 1 and sizes[-1] == 301
    assert len(set(sizes)) > 3, sizes  # several chunks, each on disk before the next report


def test_progress_reports_reach_the_end() -> None:
    seen: list[tuple[int, int, int]] = []
    result = simulate(BLOCK, ["random"], matches=12, seed=1, progress=lambda *a: seen.append(a))
    assert seen[0] == (0, 12, 0)
    assert seen[-1] == (12, 12, result.hands)
    assert [s[0] for s in seen] == sorted(s[0] for s in seen)


# ---------------------------------------------------------------------------- workers and backends
@pytest.mark.parametrize("per", ["hands", "matches"])
def test_local_workers_give_the_same_results_and_the_same_file(tmp_path: Path, per: str) -> None:
    count = 600 if per == "hands" else 40
    runs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}.jsonl"
        result = simulate(
            POOL, ["pool", "random"], seed=5, workers=workers, out=out, **{per: count}
        )
        runs.append((timeless(result.to_json()), out.read_bytes()))
    assert runs[0] == runs[1]


@pytest.mark.xdist_group("ray")
def test_ray_gives_the_same_results_as_local_workers(tmp_path: Path, ray_session: Any) -> None:
    for per, count in (("hands", 500), ("matches", 30)):
        outs = {}
        results = {}
        for name, kwargs in (
            ("one", {"workers": 1}),
            ("two", {"workers": 2}),
            ("ray", {"backend": "ray"}),
        ):
            outs[name] = tmp_path / f"{per}-{name}.jsonl"
            results[name] = simulate(
                POOL, ["pool", "random"], seed=7, out=outs[name], **{per: count}, **kwargs
            )
        assert timeless(results["one"].to_json()) == timeless(results["two"].to_json())
        assert timeless(results["one"].to_json()) == timeless(results["ray"].to_json())
        assert outs["one"].read_bytes() == outs["two"].read_bytes() == outs["ray"].read_bytes()
    assert ray_session.is_initialized()  # a session the simulator did not start is left running


@pytest.mark.xdist_group("ray")
def test_ray_tournament_is_the_local_tournament(tmp_path: Path, ray_session: Any) -> None:
    kwargs: dict[str, Any] = {"deals": 120, "seed": 3}
    one = run_tournament(BLOCK, ["greedy", "random"], workers=1, out=tmp_path / "1.jsonl", **kwargs)
    two = run_tournament(BLOCK, ["greedy", "random"], workers=2, out=tmp_path / "2.jsonl", **kwargs)
    ray = run_tournament(
        BLOCK, ["greedy", "random"], backend="ray", out=tmp_path / "r.jsonl", **kwargs
    )
    assert timeless(one.to_json()) == timeless(two.to_json()) == timeless(ray.to_json())
    files = [(tmp_path / f"{n}.jsonl").read_bytes() for n in ("1", "2", "r")]
    assert files[0] == files[1] == files[2]


@pytest.mark.xdist_group("ray")
def test_ray_errors_come_back_as_they_are(ray_session: Any) -> None:
    rules = get_game("block").configure(options={"target_score": 10**9}, players=2)
    with pytest.raises(SimulationError, match="has not ended after") as info:
        simulate(rules, ["random"], matches=1, backend="ray")
    assert info.type is SimulationError  # not Ray's wrapper, with its remote traceback


@pytest.mark.xdist_group("ray")
def test_cli_joins_a_ray_cluster_by_its_address(ray_session: Any) -> None:
    """Another process (the command) joins the running cluster with --address, and gets the
    results of local workers."""
    address = ray_session.get_runtime_context().gcs_address
    job = ["simulate", "block", "--hands", "400", "--seed", "2", "--json"]
    joined = subprocess.run(
        boneyard(*job, "--address", address), capture_output=True, text=True, timeout=120
    )
    assert joined.returncode == 0, joined.stderr
    local = subprocess.run(boneyard(*job, "--workers", "1"), capture_output=True, text=True)
    assert timeless(json.loads(joined.stdout)) == timeless(json.loads(local.stdout))
    assert ray_session.is_initialized()  # the command left the cluster running


def test_an_unreachable_ray_address_fails_at_once() -> None:
    started = time.monotonic()
    done = subprocess.run(
        boneyard("simulate", "block", "--hands", "5", "--address", "127.0.0.1:1"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: cannot reach a Ray cluster at 127.0.0.1:1")
    assert time.monotonic() - started < 30
    bad = subprocess.run(
        boneyard("simulate", "block", "--hands", "5", "--address", "head"),
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "bad Ray address 'head'" in bad.stderr


def test_the_ray_backend_without_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    with pytest.raises(SimulationError, match=r"pip install 'boneyard\[ray\]'"):
        simulate(BLOCK, ["random"], hands=5, backend="ray")
    with pytest.raises(SimulationError, match="unknown backend 'dask'"):
        simulate(BLOCK, ["random"], hands=5, backend="dask")


# -------------------------------------------------------------------------------------- resume
def torn_copies(full: bytes) -> list[bytes]:
    """What an interrupted run may leave: nothing, a torn header, whole units only, whole units
    then a unit cut short (in the middle of a line, or after whole lines of a match)."""
    lines = full.splitlines(keepends=True)
    header = lines[0]
    cuts = [
        b"",
        header[:10],
        header,
        b"".join(lines[:4]),
        b"".join(lines[:4]) + lines[4][:25],
        b"".join(lines[: len(lines) // 2]) + lines[len(lines) // 2][:-1],  # no newline yet
    ]
    return cuts


@pytest.mark.parametrize("per", ["hands", "matches"])
def test_resume_after_an_interruption_gives_the_uninterrupted_run(tmp_path: Path, per: str) -> None:
    count = 60 if per == "hands" else 12
    full_path = tmp_path / "full.jsonl"
    full = simulate(POOL, ["pool", "random"], seed=11, out=full_path, **{per: count})
    full_bytes = full_path.read_bytes()
    _, lines = lines_of(full_path)
    if per == "matches":
        # A cut after whole lines of a match that is not whole: its first hands are dropped.
        first_match = lines[0]["of"]
        assert first_match > 1
        partial = b"".join(full_bytes.splitlines(keepends=True)[: 1 + first_match - 1])
    else:
        partial = full_bytes[: full_bytes.index(b"\n") + 1]
    for i, cut in enumerate([*torn_copies(full_bytes), partial]):
        path = tmp_path / f"cut{i}.jsonl"
        path.write_bytes(cut)
        resumed = simulate(
            POOL, ["pool", "random"], seed=11, out=path, resume=True, workers=2, **{per: count}
        )
        assert path.read_bytes() == full_bytes, f"cut {i}"
        assert timeless(resumed.to_json()) == timeless(full.to_json()), f"cut {i}"
        assert resumed.hands == full.hands
    # Resuming a finished file plays nothing and gives the same summary.
    again = simulate(POOL, ["pool", "random"], seed=11, out=full_path, resume=True, **{per: count})
    assert again.resumed == count and again.played == 0
    assert timeless(again.to_json()) == timeless(full.to_json())
    assert full_path.read_bytes() == full_bytes


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_streams_resumes_and_analyzes(tmp_path: Path, game: str) -> None:
    """Each game of the registry, at its default players: whole matches streamed, a torn copy
    resumed to the same file and totals, and the analysis agreeing with the simulation."""
    rules = get_game(game).configure()
    # The game's own player where it has one (its first agent), else random players: random
    # players may never finish a match of a game whose bids they mostly lose.
    agents = list(get_game(game).agents())[:1] or ["random"]
    full_path = tmp_path / "full.jsonl"
    full = simulate(rules, agents, matches=3, seed=1, out=full_path)
    data = full_path.read_bytes()
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(data[: len(data) // 2])
    resumed = simulate(rules, agents, matches=3, seed=1, out=cut, resume=True)
    assert cut.read_bytes() == data
    assert timeless(resumed.to_json()) == timeless(full.to_json())
    analysis = analyze_results(full_path)
    assert analysis["hands"] == full.hands
    assert analysis["matches"]["wins"] == full.wins
    assert sum(s["led"] for s in analysis["sides"]) == full.hands


def test_a_resumed_run_can_be_extended(tmp_path: Path) -> None:
    path = tmp_path / "grow.jsonl"
    simulate(BLOCK, ["random"], hands=100, seed=2, out=path)
    grown = simulate(BLOCK, ["random"], hands=250, seed=2, out=path, resume=True)
    assert grown.resumed == 100 and grown.played == 150
    whole = simulate(BLOCK, ["random"], hands=250, seed=2, out=tmp_path / "whole.jsonl")
    assert timeless(grown.to_json()) == timeless(whole.to_json())
    assert path.read_bytes() == (tmp_path / "whole.jsonl").read_bytes()


def test_tournament_resume(tmp_path: Path) -> None:
    full_path = tmp_path / "full.jsonl"
    full = run_tournament(BLOCK, ["greedy", "random"], deals=30, seed=5, out=full_path)
    data = full_path.read_bytes()
    lines = data.splitlines(keepends=True)
    # 10 deals of two hands each, then one hand of the 11th deal and half a line.
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:22]) + lines[22][:30])
    resumed = run_tournament(BLOCK, ["greedy", "random"], deals=30, seed=5, out=cut, resume=True)
    assert resumed.resumed == 10
    assert cut.read_bytes() == data
    assert timeless(resumed.to_json()) == timeless(full.to_json())


def test_resume_refuses_what_it_cannot_resume(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    simulate(BLOCK, ["random"], hands=20, seed=1, out=path)
    with pytest.raises(SimulationError, match="already exists: add --resume"):
        simulate(BLOCK, ["random"], hands=20, seed=1, out=path)
    with pytest.raises(SimulationError, match=r"another job \(seed: file 1, asked 2\)"):
        simulate(BLOCK, ["random"], hands=20, seed=2, out=path, resume=True)
    with pytest.raises(SimulationError, match="agents"):
        simulate(BLOCK, ["greedy"], hands=20, seed=1, out=path, resume=True)
    with pytest.raises(SimulationError, match="per"):
        simulate(BLOCK, ["random"], matches=20, seed=1, out=path, resume=True)
    with pytest.raises(SimulationError, match="already holds more than the 10 units asked"):
        simulate(BLOCK, ["random"], hands=10, seed=1, out=path, resume=True)
    with pytest.raises(SimulationError, match="needs a results file"):
        simulate(BLOCK, ["random"], hands=10, resume=True)
    with pytest.raises(SimulationError, match="--save cannot be resumed"):
        simulate(BLOCK, ["random"], hands=10, out=path, resume=True, save=tmp_path / "r.jsonl")
    with pytest.raises(SimulationError, match=r"a \.jsonl file"):
        simulate(BLOCK, ["random"], hands=10, out=tmp_path / "r.json")
    broken = tmp_path / "broken.jsonl"
    text = path.read_text().splitlines()
    broken.write_text("\n".join([*text[:3], "{not json", *text[3:]]) + "\n")
    with pytest.raises(SimulationError, match="line 4: not valid JSON"):
        simulate(BLOCK, ["random"], hands=20, seed=1, out=broken, resume=True)
    other = tmp_path / "other.jsonl"
    other.write_text('{"format": "boneyard-record/1"}\n')
    with pytest.raises(SimulationError, match="not a results file"):
        simulate(BLOCK, ["random"], hands=20, seed=1, out=other, resume=True)


def test_the_reader_checks_units() -> None:
    import io

    def read(*lines: dict[str, Any]) -> list[int]:
        text = "".join(json.dumps(x) + "\n" for x in [{"format": FORMAT}, *lines])
        return [u for u, _ in ResultsReader(io.BytesIO(text.encode()), "t.jsonl")]

    line = {"unit": 0, "hand": 0, "of": 2}
    with pytest.raises(ValueError, match="unit 0 is incomplete"):
        read(line, {"unit": 1, "hand": 0, "of": 1})
    with pytest.raises(ValueError, match="unit 0 again"):
        read({**line, "of": 1}, {**line, "of": 1})
    with pytest.raises(ValueError, match="out of order"):
        read(line, {**line, "hand": 0})
    assert read(line, {**line, "hand": 1}, {"unit": 1, "hand": 0, "of": 2}) == [0]


# ------------------------------------------------------------------------ the command line, killed
def boneyard(*args: str) -> list[str]:
    return [sys.executable, "-m", "boneyard", *args]


def test_killed_run_resumes_to_the_uninterrupted_results(tmp_path: Path) -> None:
    """A run is killed outright (SIGKILL, workers and all) while it writes; the same command with
    --resume finishes it: the same file and the same summary as a run never interrupted."""
    job = ["simulate", "block", "--matches", "1500", "--agents", "greedy,random", "--seed", "4"]
    killed = tmp_path / "killed.jsonl"
    proc = subprocess.Popen(
        boneyard(*job, "--out", str(killed), "--json", "--workers", "2"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if killed.exists() and killed.stat().st_size > 20_000:
                break
            time.sleep(0.01)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the process and its workers
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    with ResultsReader.open(killed) as reader:
        done = sum(1 for _ in reader)
    assert 0 < done < 1500, "the run was not interrupted"
    resumed = subprocess.run(
        boneyard(*job, "--out", str(killed), "--resume", "--json"),
        capture_output=True,
        text=True,
        check=True,
    )
    whole = tmp_path / "whole.jsonl"
    uninterrupted = subprocess.run(
        boneyard(*job, "--out", str(whole), "--json", "--workers", "1"),
        capture_output=True,
        text=True,
        check=True,
    )
    assert timeless(json.loads(resumed.stdout)) == timeless(json.loads(uninterrupted.stdout))
    assert killed.read_bytes() == whole.read_bytes()


def test_interrupted_run_says_how_to_go_on(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    proc = subprocess.Popen(
        boneyard("simulate", "muggins", "--hands", "300000", "--out", str(out), "--workers", "2"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C reaches the run even where the test runner ignores it.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (out.exists() and out.stat().st_size > 5000):
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert stdout == ""
    assert f"the finished units are in {out}" in stderr and "--resume" in stderr
    assert "Traceback" not in stderr
    with ResultsReader.open(out) as reader:
        assert sum(1 for _ in reader) > 0
        assert reader.dropped == 0  # whole units only: the parent writes, workers never do


# ------------------------------------------------------------------------------------- progress
def test_progress_bar_on_a_terminal_stays_off_stdout(tmp_path: Path) -> None:
    """stderr a terminal, stdout a pipe: the bar is drawn on the terminal, stdout has only the
    summary."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        boneyard("simulate", "block", "--hands", "3000", "--workers", "1", "--seed", "1"),
        stdout=subprocess.PIPE,
        stderr=slave,
        env={**os.environ, "COLUMNS": "120", "TERM": "xterm"},
    )
    os.close(slave)
    drawn = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        drawn += chunk
    stdout, _ = proc.communicate(timeout=60)
    os.close(master)
    assert proc.returncode == 0
    assert stdout.decode().startswith("block (modern), 2 players, 3000 hands, seed 1")
    assert "\x1b" not in stdout.decode()
    assert b"hands" in drawn and b"3000" in drawn  # "hands ... 1234/3000"
    quiet = CliRunner().invoke(
        build_app(), ["simulate", "block", "--hands", "50", "--json", "--workers", "1"]
    )
    assert quiet.exit_code == 0 and json.loads(quiet.stdout)["hands"] == 50


def test_cli_out_resume_records_and_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    app = build_app()
    out = tmp_path / "t.jsonl"
    args = ["tournament", "block", "--agents", "greedy,random", "--deals", "20", "--json"]
    first = runner.invoke(app, [*args, "--out", str(out), "--records", "--workers", "1"])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, [*args, "--out", str(out), "--records"])
    assert again.exit_code == 2 and "--resume" in again.stderr
    resumed = runner.invoke(app, [*args, "--out", str(out), "--records", "--resume"])
    assert resumed.exit_code == 0
    assert timeless(json.loads(resumed.stdout)) == timeless(json.loads(first.stdout))
    replayed = runner.invoke(app, ["replay", str(out), "--json"])
    assert replayed.exit_code == 0 and len(replayed.stdout.splitlines()) == 40
    bad = runner.invoke(app, ["simulate", "block", "--hands", "5", "--resume"])
    assert bad.exit_code == 2 and "needs a results file" in bad.stderr
    bad = runner.invoke(app, ["simulate", "block", "--hands", "5", "--backend", "spark"])
    assert bad.exit_code == 2 and "unknown backend 'spark'" in bad.stderr
    text = runner.invoke(
        app, ["simulate", "block", "--hands", "30", "--out", str(tmp_path / "s.jsonl")]
    )
    grown = runner.invoke(
        app,
        ["simulate", "block", "--hands", "50", "--out", str(tmp_path / "s.jsonl"), "--resume"],
    )
    assert text.exit_code == grown.exit_code == 0
    assert "30 hands were already in the results file; played the rest:" in grown.stdout
    assert "20 hands in " in grown.stdout
