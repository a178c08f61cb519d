"""The shape of the package (docs/architecture.md): its folders, and the public import paths from
before them, which stay the same modules."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("boneyard.agents", "boneyard.players.agents"),
        ("boneyard.agents.matador", "boneyard.players.agents.matador"),
        ("boneyard.agents.expert", "boneyard.players.expert"),
        ("boneyard.agents.omniscient", "boneyard.players.omniscient"),
        ("boneyard.search", "boneyard.players.search"),
        ("boneyard.search.inference", "boneyard.players.search.inference"),
        ("boneyard.analysis", "boneyard.players.analysis"),
        ("boneyard.env", "boneyard.research.env"),
        ("boneyard.env.encoding", "boneyard.research.env.encoding"),
    ],
)
def test_the_public_paths_from_before_the_folders_are_the_same_modules(old: str, new: str) -> None:
    moved = importlib.import_module(old)
    assert moved is importlib.import_module(new)
    # The module keeps its own name and spec: it was loaded once, from its new home.
    assert moved.__name__ == new and moved.__spec__ is not None and moved.__spec__.name == new


def test_a_name_that_never_was_is_not_found() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("boneyard.agents.nothing_here")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("boneyard.rules.base")  # the old folder is gone, not aliased


# ------------------------------------------------------------------------- front ends know no game
# The front ends (apps/: the command, the plain game, the full-screen game, the server), the
# narration and drawings (text/) and the environments' text (research/env/render.py) draw the
# descriptions the games make and tell what their presenters say: none of them may know a
# particular game. A particular game is named by its module, its classes, its id (or alias), an
# option only it has, or an attribute its rules have and the line mechanism's do not.
SRC = Path(__file__).resolve().parent.parent / "src" / "boneyard"
FRONT_ENDS = sorted(
    [*(SRC / "apps").rglob("*.py"), *(SRC / "text").rglob("*.py"), SRC / "research/env/render.py"]
)
# The words of a game record (RECORD.md) that every game shares: two game ids are spelt alike.
RECORD_WORDS = {"play", "draw", "pass", "muggins", "stand", "miss", "drop", "discard"}


def _game_knowledge() -> tuple[set[str], set[str], set[str], set[str]]:
    """The game modules, their classes, the ids and aliases, and the options only one game has."""
    from collections import Counter

    from boneyard.games import GAMES

    modules: set[str] = set()
    classes: set[str] = set()
    for path in (SRC / "games").rglob("*.py"):
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        if parts[2] in ("__init__", "line"):
            continue  # the registry, and the line mechanism every line game shares
        name = ".".join(p for p in parts if p != "__init__")
        modules.add(name)
        module = importlib.import_module(name)
        classes |= {
            n for n, o in vars(module).items() if isinstance(o, type) and o.__module__ == name
        }
    ids = set(GAMES) | {a for g in GAMES.values() for a in g.aliases}
    uses = Counter(option for g in GAMES.values() for option in set(g.option_names))
    own = {option for option, n in uses.items() if n == 1}
    return modules, classes, ids - RECORD_WORDS, own


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _is_rules(node: ast.AST) -> bool:
    """Whether ``node`` is a game's rules object as the front ends write it: ``rules``,
    ``self.rules``, ``obs.rules``, ``state.rules``..."""
    if isinstance(node, ast.Name):
        return node.id == "rules"
    return isinstance(node, ast.Attribute) and node.attr == "rules"


def _own_attributes() -> set[str]:
    """What some games' rules have and the line mechanism's (Block's) have not."""
    from boneyard.games import GAMES, get_game

    shared = set(dir(get_game("block").configure()))
    every = set()
    for game in GAMES.values():
        every |= set(dir(game.configure()))
    return every - shared


def game_knowledge_in(source: str, where: str) -> list[str]:
    """What ``source`` (the module at ``where``, a path under src/boneyard) knows of a particular
    game, one line per finding."""
    modules, classes, ids, own_options = _game_knowledge()
    own_attributes = _own_attributes()
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    faults: list[str] = []
    for node in ast.walk(tree):
        at = f"{where}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = ["boneyard", *Path(where).parent.parts]
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                if base in modules or f"{base}.{alias.name}" in modules:
                    faults.append(f"{at}: imports the game module {base}")
                elif (base.startswith("boneyard.games") or base == "boneyard") and (
                    alias.name in classes
                ):
                    faults.append(f"{at}: imports {alias.name}")
        if isinstance(node, ast.Import):
            faults += [f"{at}: imports {a.name}" for a in node.names if a.name in modules]
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings:
                continue
            if node.value in ids:
                faults.append(f"{at}: the game id {node.value!r}")
            if node.value in own_options:
                faults.append(f"{at}: the option {node.value!r}, one game's own")
        if isinstance(node, ast.Attribute):
            if node.attr in own_options:
                faults.append(f"{at}: .{node.attr}, one game's own option")
            if _is_rules(node.value) and node.attr in own_attributes:
                faults.append(f"{at}: {ast.unparse(node)}, what only some games' rules have")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
            if node.func.id in ("getattr", "hasattr") and _is_rules(node.args[0]):
                faults.append(f"{at}: {ast.unparse(node)} goes around the rules' type")
            if node.func.id == "isinstance" and _is_rules(node.args[0]):
                faults.append(f"{at}: {ast.unparse(node)} branches on the game")
    return faults


@pytest.mark.parametrize("path", FRONT_ENDS, ids=lambda p: str(p.relative_to(SRC)))
def test_front_ends_name_no_particular_game(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert game_knowledge_in(source, str(path.relative_to(SRC))) == []


def test_the_guard_finds_what_it_looks_for() -> None:
    """The guard above fails on each kind of game knowledge (a test of the test), and not on a
    docstring nor on what every game shares (the players, the target, a record's words)."""
    source = (
        '"""A docstring may name mexican-train."""\n'
        "from ...games.matador import MatadorRules\n"
        "from ...games import MexicanTrainRules\n"
        "import boneyard.games.bergen\n"
        "def f(rules, state):\n"
        "    if isinstance(rules, MatadorRules) or rules.game.id == 'mexican-train':\n"
        "        return getattr(state.rules, 'x', 0) + rules.matadors + rules.matador_placement\n"
        "    return rules.players, rules.target_score, 'draw', 'target_score'\n"
    )
    at = "apps/tui/example.py"
    assert sorted(game_knowledge_in(source, at)) == sorted(
        [
            f"{at}:2: imports the game module boneyard.games.matador",
            f"{at}:3: imports MexicanTrainRules",
            f"{at}:4: imports boneyard.games.bergen",
            f"{at}:6: isinstance(rules, MatadorRules) branches on the game",
            f"{at}:6: the game id 'mexican-train'",
            f"{at}:7: getattr(state.rules, 'x', 0) goes around the rules' type",
            f"{at}:7: rules.matadors, what only some games' rules have",
            f"{at}:7: .matador_placement, one game's own option",
        ]
    )
