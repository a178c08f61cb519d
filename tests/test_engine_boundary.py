"""A hand's start (its lead, the engine double of a round, the tiles drawn to find it, a turn-up)
has one home: the engine. Outside it, a hand is started with ``Match.start_hand`` (a given deal)
or rebuilt with ``LineState.restart``/``replay``/``replay_to``, which find the lead as the hand
first found it. Every other module that worked it out for itself was a bug waiting (issue 14:
take-back and reviews in Mexican Train rebuilt a later round from the first round's engine).

This test reads the source of every module and fails if one outside the engine calls the hooks
that find a lead. The engine is named once, in ``ENGINE``, to follow the files if they move."""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src" / "boneyard"

# The engine: the modules (files, or folders ending in "/") allowed to find a hand's lead.
ENGINE = ("core/match.py", "core/protocol.py", "games/")

# What finds a hand's lead or start: the rules' hooks, and starting a LineState from a deal.
LEAD_FINDERS = frozenset(
    {
        "from_deal",
        "leader_from_deal",
        "hand_context",
        "finds_lead",
        "draw_for_lead",
        "first_leader",
        "lead_from_deal",
    }
)


def in_engine(path: Path) -> bool:
    relative = path.relative_to(SOURCE).as_posix()
    return any(relative.startswith(e) if e.endswith("/") else relative == e for e in ENGINE)


def lead_finders_used(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, name)`` of every use of a lead finder in a module's syntax tree: a call, or a
    method taken to be called later (``finder = rules.leader_from_deal``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in LEAD_FINDERS:
            found.append((node.lineno, node.attr))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in LEAD_FINDERS
        ):
            found.append((node.lineno, node.func.id))
    return sorted(found)


def modules() -> list[Path]:
    return sorted(SOURCE.rglob("*.py"))


def test_no_module_outside_the_engine_finds_a_hands_lead() -> None:
    outside = [
        f"{path.relative_to(SOURCE)}:{line}: {name}()"
        for path in modules()
        if not in_engine(path)
        for line, name in lead_finders_used(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert outside == [], "a hand's lead found outside the engine:\n" + "\n".join(outside)


def test_the_guard_sees_what_it_guards() -> None:
    # The engine does use them (the guard would be empty if they were renamed away)...
    inside = {
        name
        for path in modules()
        if in_engine(path)
        for _, name in lead_finders_used(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert inside == LEAD_FINDERS - {"first_leader"}  # first_leader is for library users
    assert all((SOURCE / e).exists() for e in ENGINE)
    # ... and a module that rebuilt a hand itself, as take-back once did, is caught.
    rebuilt = ast.parse(
        "again = LineState.from_deal(rules, hands, state.stock, None, lead_by_deal=True)\n"
        "finder = rules.leader_from_deal\n"
    )
    assert lead_finders_used(rebuilt) == [(1, "from_deal"), (2, "leader_from_deal")]
