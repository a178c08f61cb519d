"""Plug-in agents (boneyard.players.agents.plugins): the names, their faults in one line, and a
real plug-in package (tests/plugins/boneyard-lightest) installed into a folder of its own and
played through its entry point: in the command line, in a Ray tournament, at a server table."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from boneyard.core.actions import Play
from boneyard.core.match import Match
from boneyard.core.tiles import PIPS
from boneyard.games import get_game
from boneyard.players.agents import make_agent, resolve_agent
from boneyard.players.agents.plugins import AgentError, AgentSpec, label, parse, split_names
from boneyard.research.sim import simulate
from boneyard.research.tournament import run_tournament

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tests" / "plugins" / "boneyard-lightest"
BLOCK = get_game("block").configure(players=2)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The plug-in package installed (built by its own build backend, as pip or uv installs a
    package) into a folder that the tests put on the path."""
    uv = ROOT / ".tools" / "bin" / "uv"
    found = str(uv) if uv.exists() else shutil.which("uv")
    if found is None:
        pytest.skip("uv installs the plug-in package (./test bootstraps it in .tools/)")
    target = tmp_path_factory.mktemp("site")
    command = [found, "pip", "install", "--no-deps", "--target", str(target)]
    command += ["--python", sys.executable, str(PACKAGE)]
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never"}
    done = subprocess.run([*command, "--offline"], capture_output=True, text=True, env=env)
    if done.returncode != 0:  # the build backend not in uv's cache yet
        done = subprocess.run(command, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert (target / "boneyard_lightest-1.0.dist-info" / "entry_points.txt").exists()
    return target


@pytest.fixture
def installed(site: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The plug-in importable in this process (entry points are read from ``sys.path``)."""
    monkeypatch.syspath_prepend(str(site))
    return site


def run_cli(args: list[str], site: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run(
        [sys.executable, "-m", "boneyard", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
    )


# ------------------------------------------------------------------------------ the names
def test_names_with_arguments_are_read_and_written_one_way() -> None:
    spec = parse("mypkg.agents:load( path = policy.npz , temperature=0.5, greedy=True, tag='a,b')")
    assert spec == AgentSpec(
        "mypkg.agents:load",
        (("path", "policy.npz"), ("temperature", 0.5), ("greedy", True), ("tag", "a,b")),
    )
    # Written back: text that needs no quotes stays bare, text with a comma is quoted, and what
    # is written reads back the same.
    assert (
        str(spec) == "mypkg.agents:load(path=policy.npz, temperature=0.5, greedy=True, tag='a,b')"
    )
    assert parse(str(spec)) == spec
    assert str(parse("policy(n='3')")) == "policy(n='3')"  # the text 3, not the number
    assert parse("policy(n='3')").args == (("n", "3"),)
    assert label("mypkg.agents:load(path=p.npz)") == "load" and label("policy(x=1)") == "policy"
    assert split_names(" greedy ,a.b:c(x=1, y='p,q'), random,") == [
        "greedy",
        "a.b:c(x=1, y='p,q')",
        "random",
    ]


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("wizard", "unknown agent 'wizard': choose from random, greedy"),
        ("my agent", "bad agent name 'my agent'"),
        ("a.b:c(x=1", "its arguments end with ')'"),
        ("a.b:c(1)", "bad argument '1' in agent 'a.b:c(1)': write NAME=VALUE"),
        ("a.b:c(x=1, x=2)", "gives the argument 'x' twice"),
        ("no_such_module_here:load", "cannot import no_such_module_here (No module named"),
        ("boneyard.players.agents:Nobody", "boneyard.players.agents has no Nobody"),
        ("boneyard.players.agents:AGENTS", "boneyard.players.agents:AGENTS is not a factory"),
        ("boneyard.players.agents:play_points", "failed to start: TypeError"),
        ("boneyard.core.tiles:TileSet(name=x, max_pip=2)", "gave TileSet, not an agent"),
        ("greedy(depth=2)", "the built-in agent greedy takes no arguments"),
    ],
)
def test_every_fault_is_one_line(name: str, says: str) -> None:
    with pytest.raises(AgentError) as caught:
        make_agent(name)
    message = str(caught.value)
    assert says in message and "\n" not in message


def test_an_import_path_plays_and_its_file_arguments_travel_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mine.py").write_text(
        "from pathlib import Path\n"
        "from boneyard.players.agents import GreedyAgent, RandomAgent\n"
        "def load(path, greedy=False):\n"
        "    assert Path(path).is_absolute(), path\n"
        "    return GreedyAgent() if Path(path).read_text() == 'g' else RandomAgent()\n"
    )
    (tmp_path / "w.txt").write_text("g")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    resolved = resolve_agent("mine:load(path=w.txt)")
    assert resolved == f"mine:load(path={tmp_path / 'w.txt'})"
    # A value naming no file stays as it was; the built-ins stay bare.
    assert resolve_agent(" greedy ") == "greedy"
    with pytest.raises(AgentError, match=r"failed to start: AssertionError: nope\.txt"):
        resolve_agent("mine:load(path=nope.txt)")
    # The agent reads its file in the worker processes too (another directory would not matter):
    # it is greedy, so the run is greedy's, hand for hand.
    monkeypatch.chdir(ROOT)
    mine = simulate(BLOCK, [resolved, "random"], hands=300, seed=3, workers=2)
    greedy = simulate(BLOCK, ["greedy", "random"], hands=300, seed=3, workers=1)
    assert mine.agents[0] == resolved
    assert (mine.wins, mine.points) == (greedy.wins, greedy.points)


def test_the_smallest_agent_has_choose_alone_and_is_named_by_its_spec(tmp_path: Path) -> None:
    # Issue 28: a class with choose(observation, rng) and no name was refused ("gave FirstMove,
    # not an agent"). It plays, from the command line, named by the name it was loaded by.
    (tmp_path / "firstmove.py").write_text(
        "class FirstMove:\n"
        "    def choose(self, observation, rng):\n"
        "        return observation.legal_actions[0]\n"
    )
    # The boneyard command itself (not python -m, which puts the directory on the path) finds
    # the module in the current directory, as a researcher who just wrote it expects.
    command = Path(sys.executable).with_name("boneyard")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    args = ["tournament", "block", "--agents", "firstmove:FirstMove,greedy", "--deals", "2"]
    done = subprocess.run(
        [str(command), *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "firstmove:FirstMove" in done.stdout and "not an agent" not in done.stderr


def test_an_agent_without_a_name_is_named_by_its_spec(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "nameless.py").write_text(
        "class FirstMove:\n"
        "    def choose(self, observation, rng):\n"
        "        return observation.legal_actions[0]\n"
        "class Slotted:\n"
        "    __slots__ = ('depth',)\n"
        "    def __init__(self, depth=1):\n"
        "        self.depth = depth\n"
        "    def choose(self, observation, rng):\n"
        "        return observation.legal_actions[-1]\n"
        "class NotOne:\n"
        "    name = 'not one'\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    first = make_agent("nameless:FirstMove")
    assert first.name == "nameless:FirstMove"
    # One that cannot take an attribute is wrapped: its name, its own attributes and choices.
    slotted = make_agent("nameless:Slotted( depth = 3 )")
    assert slotted.name == "nameless:Slotted(depth=3)"
    assert slotted.depth == 3  # type: ignore[attr-defined]
    state = Match(BLOCK, seed=3).hand
    observation = state.observation(state.turn)
    assert slotted.choose(observation, random.Random(0)) == observation.legal_actions[-1]
    # A name is not enough: without choose it is still no agent, said in one line.
    with pytest.raises(AgentError, match=r"gave NotOne, not an agent \(an agent has a choose"):
        make_agent("nameless:NotOne")
    # It plays a simulation under its name, hand for hand as itself.
    run = simulate(BLOCK, ["nameless:FirstMove", "random"], hands=50, seed=5, workers=1)
    assert run.agents[0] == "nameless:FirstMove"


# ------------------------------------------------------------------------------ installed
def lightest_choices_hold(history: list[Any], state: Any, seat: int, heaviest: bool = False) -> int:
    """Replays a hand and checks that every choice ``seat`` made among plays was its lightest
    tile (the plug-in's rule, not greedy's), or its heaviest; returns the number of such
    choices."""
    replay = state.restart()
    checked = 0
    pick = max if heaviest else min
    for move in history:
        if move.seat == seat and type(move.action) is Play:
            plays = [a for a in replay.legal_actions() if type(a) is Play]
            if len({PIPS[a.tile] for a in plays}) > 1:
                assert PIPS[move.action.tile] == pick(PIPS[a.tile] for a in plays)
                checked += 1
        replay.apply(move.action, move.seat)
    return checked


def test_an_installed_plugin_is_named_by_its_entry_point(installed: Path) -> None:
    agent = make_agent("lightest")
    assert agent.name == "lightest"
    with pytest.raises(AgentError, match="failed to start: RuntimeError: the weights are missing"):
        make_agent("broken")
    with pytest.raises(AgentError, match="the plug-in boneyard_lightest_gone:load does not load"):
        make_agent("vanished")
    # (learned is boneyard's own plug-in, listed among the installed ones)
    with pytest.raises(AgentError, match=r"choose from .*broken, learned, lightest, vanished"):
        make_agent("wizard")
    # Lightest against greedy: greedy sheds its heavy tiles first and wins more blocked hands.
    result = run_tournament(BLOCK, ["lightest", "greedy"], deals=200, seed=1, workers=1)
    lightest, greedy = result.agents
    assert lightest.name == "lightest" and result.hands == 400
    assert greedy.points_per_hand > lightest.points_per_hand


@pytest.mark.xdist_group("ray")
def test_a_plugin_in_a_ray_tournament_from_the_command_line(site: Path, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    (tmp_path / "mode.txt").write_text("heaviest\n")
    common = ["tournament", "block", "--deals", "30", "--seed", "4", "--json", "--no-progress"]
    ray = run_cli(
        [*common, "--agents", "lightest(path=mode.txt),random", "--backend", "ray"],
        site,
        tmp_path,
    )
    assert ray.returncode == 0, ray.stderr
    here = run_cli([*common, "--agents", "lightest(path=mode.txt),random"], site, tmp_path)
    plain = run_cli([*common, "--agents", "lightest,random"], site, tmp_path)
    ray_json, here_json, plain_json = (json.loads(r.stdout) for r in (ray, here, plain))
    # The name travelled with its file made absolute, and the Ray workers read it (heaviest):
    # the results are this machine's, not those of plain lightest.
    assert ray_json["agents"][0]["name"] == f"lightest(path={tmp_path / 'mode.txt'})"

    def timeless(result: dict[str, Any]) -> list[Any]:
        return [{k: v for k, v in a.items() if "ms" not in k} for a in result["agents"]]

    assert timeless(ray_json) == timeless(here_json)
    assert timeless(here_json)[0]["ci95"] != timeless(plain_json)[0]["ci95"]
    # A fault of a plug-in is one line, before Ray starts.
    broken = run_cli(["tournament", "block", "--agents", "broken,random"], site, tmp_path)
    assert broken.returncode == 2
    assert (
        broken.stderr
        == "error: agent 'broken' failed to start: RuntimeError: the weights are missing\n"
    )


def test_a_plugin_at_a_server_table(installed: Path, db_url: str) -> None:
    """The operator's plug-ins are levels: in the lobby's list, at a new table (whose computers
    think in a worker process), and at the table resumed after a restart; a plug-in not enabled is
    no level."""
    from fastapi.testclient import TestClient

    from boneyard.apps.server.app import create_app

    sys.path.insert(0, str(ROOT / "tests" / "server"))
    from serverhelp import Player, create, hub, settings, table_of

    mode = installed / "mode.txt"
    mode.write_text("heaviest")
    # An entry point by its name, and an import path with a file argument.
    heaviest = resolve_agent(f"boneyard_lightest:load(path={mode})")
    offered = (resolve_agent("lightest"), heaviest)

    def watch_a_hand(client: TestClient, table_id: str) -> Any:
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            watcher = Player(ws)
            watcher.hello()
            watcher.until(lambda m: m["type"] == "state" and m["status"] == "between_hands")
        return table_of(client, table_id).match.hands[0]

    # One worker process: the plug-in is loaded there, by its name, as the lanes load any level.
    with TestClient(create_app(settings(db_url, agents=offered, workers=1))) as client:
        levels = client.get("/api/games").json()["levels"]
        assert levels[:4] == ["beginner", "casual", "strong", "expert"]
        assert levels[-2:] == ["lightest", heaviest]
        made = create(client, "block", seats=[{"kind": "computer", "level": heaviest}] * 2)
        assert [s["name"] for s in made["seats"]] == ["Kenji", "Rosa"]
        hand = watch_a_hand(client, made["id"])
        assert hand.over and lightest_choices_hold(list(hand.history), hand, 0, heaviest=True)
        # An installed plug-in the operator did not offer is no level, at a new table or a seat.
        refused = client.post(
            "/api/tables",
            json={"game": "block", "seats": [{"kind": "computer", "level": "broken"}] * 2},
        )
        assert refused.status_code == 400 and "unknown level 'broken'" in refused.text
        seats = [{"kind": "computer", "level": "lightest"}, {"kind": "computer", "level": "greedy"}]
        made = create(client, "block", seats=seats, seed=5)
        assert [s["name"] for s in made["seats"]] == ["Kenji", "Rosa"]
        hand = watch_a_hand(client, made["id"])
        assert hand.over and lightest_choices_hold(list(hand.history), hand, 0) >= 1
        person = create(
            client,
            "block",
            seats=[{"kind": "person", "name": "Ann"}, {"kind": "computer", "level": "lightest"}],
        )
        table_id = person["id"]
    # After a restart with the same plug-ins the table is resumed with its plug-in seat; without
    # them it is not (the server says why in its log and keeps the others).
    with TestClient(create_app(settings(db_url, agents=offered, workers=0))) as client:
        assert table_id in hub(client).rooms
        assert table_of(client, table_id).seats[1].level == "lightest"
    with TestClient(create_app(settings(db_url, workers=0))) as client:
        assert table_id not in hub(client).rooms
        assert "lightest" not in client.get("/api/games").json()["levels"]
