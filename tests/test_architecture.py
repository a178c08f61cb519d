"""The shape of the package (docs/architecture.md): its folders, the public import paths from
before them (which stay the same modules), what each layer may import, that no front end knows a
particular game, and that nothing outside ``games/`` knows one either (its rules class, its id,
its own options, a switch on its id, ``getattr`` on a rules object)."""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from boneyard.games import GAMES


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


# ------------------------------------------------------------------------- the layers
# What each layer may import (besides itself). text (narration, drawings) sits beside players:
# both read the games; apps and research sit on top.
ALLOWED = {
    "core": set(),
    "games": {"core"},
    "players": {"core", "games"},
    "text": {"core", "games"},
    "research": {"core", "games", "players", "text"},
    "apps": {"core", "games", "players", "text", "research"},
}


def modules() -> Iterator[tuple[str, Path, ast.Module]]:
    for path in sorted(SRC.rglob("*.py")):
        yield path.relative_to(SRC).as_posix(), path, ast.parse(path.read_text())


def dotted(rel: str) -> str:
    parts = ["boneyard", *Path(rel).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(rel: str, tree: ast.Module) -> Iterator[str]:
    package = dotted(rel) if rel.endswith("__init__.py") else dotted(rel).rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            if node.module:
                yield module
            else:
                yield from (f"{module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names)


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in ALLOWED) else ""


def test_each_layer_imports_only_the_layers_below_it() -> None:
    wrong = []
    for rel, _, tree in modules():
        mine = layer(dotted(rel))
        if mine not in ALLOWED:
            continue  # the package's own re-exports (boneyard, _aliases, __main__)
        for module in imports(rel, tree):
            theirs = layer(module) if module.startswith("boneyard.") else ""
            if not theirs or theirs == mine or theirs in ALLOWED[mine]:
                continue
            wrong.append(f"{rel} imports {module}")
    assert wrong == []


def test_the_record_does_not_import_the_simulation() -> None:
    _, _, tree = next(m for m in modules() if m[0] == "core/record.py")
    assert not [m for m in imports("core/record.py", tree) if m.startswith("boneyard.research")]


def code_only(tree: ast.Module) -> Iterator[ast.AST]:
    """Every node but the docstrings (their examples name games)."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if id(node) not in docstrings:
            yield node


def game_rules_classes() -> set[str]:
    """The rules classes of the games (and of their families), not the shared mechanisms."""
    names = set()
    for game in GAMES.values():
        for cls in type(game.configure()).__mro__:
            if cls.__module__.startswith("boneyard.games.") and not cls.__module__.startswith(
                "boneyard.games.line."
            ):
                names.add(cls.__name__)
    return names


def game_ids() -> set[str]:
    return {alias for g in GAMES.values() for alias in (g.id, *g.aliases)}


def own_options() -> set[str]:
    """The options only one game has (the shared ones belong to their mechanism)."""
    seen: dict[str, int] = {}
    for game in GAMES.values():
        for name in game.option_names:
            seen[name] = seen.get(name, 0) + 1
    return {name for name, count in seen.items() if count == 1}


def knowledge_of_games(tree: ast.Module, check_options: bool = True) -> Iterator[str]:
    classes, ids, options = game_rules_classes(), game_ids(), own_options()
    for node in code_only(tree):
        if isinstance(node, ast.Name) and node.id in classes:
            yield f"names {node.id}"
        elif isinstance(node, ast.Attribute) and node.attr in classes:
            yield f"names {node.attr}"
        elif isinstance(node, ast.alias) and node.name in classes:
            yield f"imports {node.name}"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value in options and check_options:
                yield f"names the option {node.value!r}"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and node.args
            and re.search(r"rules$", ast.unparse(node.args[0]))
        ):
            yield f"getattr({ast.unparse(node.args[0])}, ...)"
        elif isinstance(node, ast.Compare) and re.search(r"\.game\.id$", ast.unparse(node.left)):
            yield f"switches on {ast.unparse(node.left)}"
        for where, value in game_id_places(node):
            if isinstance(value, ast.Constant) and value.value in ids:
                yield f"names the game {value.value!r} ({where})"


def game_id_places(node: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    """The places where a string would be a game's id: compared with an id, given to a game
    lookup or a game parameter, a game setting's default. (A bare string is not enough: some ids
    are also words of the game, "draw", "muggins", "matador".)"""
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        if any(re.search(r"(\bid|game\w*)$", ast.unparse(x)) for x in sides):
            for x in sides:
                yield "compared", x
                if isinstance(x, ast.Tuple | ast.List | ast.Set):
                    yield from (("compared", e) for e in x.elts)
    elif isinstance(node, ast.Call) and re.search(
        r"(get_game|find_game|configure|GAMES\.get)$", ast.unparse(node.func)
    ):
        for arg in node.args:
            yield from (("looked up", x) for x in ast.walk(arg))
    elif isinstance(node, ast.Call):
        for kw in node.keywords:
            if kw.arg and "game" in kw.arg:
                yield from ((f"{kw.arg}=", x) for x in ast.walk(kw.value))
    elif isinstance(node, ast.AnnAssign | ast.Assign) and node.value is not None:
        targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
        if any("game" in ast.unparse(t).lower() for t in targets):
            yield from (("assigned", x) for x in ast.walk(node.value))
    elif isinstance(node, ast.arguments):
        named = [*node.posonlyargs, *node.args]
        for a, d in zip(named[len(named) - len(node.defaults) :], node.defaults, strict=True):
            if "game" in a.arg:
                yield "default", d
        for a, d in zip(node.kwonlyargs, node.kw_defaults, strict=True):
            if d is not None and "game" in a.arg:
                yield "default", d


@pytest.mark.parametrize("layer_name", ["core", "players", "research", "text", "apps"])
def test_nothing_outside_the_games_knows_a_particular_game(layer_name: str) -> None:
    found = []
    for rel, _, tree in modules():
        if rel.split("/")[0] != layer_name:
            continue
        # The option registry is still one table in core/options.py (each game's own options
        # move into the game with the options of issue 15); outside the core none is named.
        found += [f"{rel}: {what}" for what in knowledge_of_games(tree, layer_name != "core")]
    assert found == []


def test_the_guard_sees_a_game_named_outside_the_games() -> None:
    """The guard itself: each kind of knowledge of a game is found in a module's code."""
    rules_class = sorted(game_rules_classes())[0]
    option = sorted(own_options())[0]
    source = (
        '"""A docstring may name block."""\n'
        f"from boneyard.games.x import {rules_class}\n"
        f"def f(rules):\n"
        f"    if isinstance(rules, {rules_class}): pass\n"
        f"    if rules.game.id == 'block': pass\n"
        f"    return getattr(rules, {option!r}, 0)\n"
    )
    found = list(knowledge_of_games(ast.parse(source)))
    assert f"imports {rules_class}" in found
    assert f"names {rules_class}" in found
    assert "names the game 'block' (compared)" in found
    assert f"names the option {option!r}" in found
    assert "getattr(rules, ...)" in found
    assert "switches on rules.game.id" in found
    assert not any("docstring" in f for f in found)
