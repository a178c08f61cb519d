"""The shape of the package (docs/architecture.md): its folders, the public import paths from
before them (which stay the same modules), what each layer may import, and that nothing outside
``games/`` knows a particular game (its rules class, its id, its own options, a switch on its id,
``getattr`` on a rules object)."""

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


SRC = Path(__file__).resolve().parent.parent / "src" / "boneyard"

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
# words.py (plural, reader's voices) moves to core with the presentation side of issue 15
# (branch i15-present); until it lands, a game or a player may use it.
WORDS = "boneyard.text.words"
# The presentation side of issue 15 (branch i15-present) rewrites these front ends to draw the
# games' own descriptions: until it lands they still name games. No other module may.
PRESENTATION = {
    "text/narration.py",
    "apps/plain.py",
    "apps/server/table.py",
    "apps/tui/game.py",
    "apps/tui/session.py",
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
            if module == WORDS and mine in ("games", "players"):
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
        if rel.split("/")[0] != layer_name or rel in PRESENTATION:
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
