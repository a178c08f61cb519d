"""The table as each game describes it for drawing (:mod:`boneyard.core.views`): what every front
end draws. For every game and rule set in the registry the description agrees with the hand played
(every tile laid is on it once, halves joined, the ends the engine's), holds nothing hidden, and is
drawn by every front end; then one worked position per shape: a line with a spinner's arms,
Sebastopol's cross, Chicken Foot's toes, Mexican Train's trains from a hub with their markers,
Matador's ends and crosswise matadors, the count line, Domino Loo's tricks."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from boneyard.apps.server.messages import Line
from boneyard.apps.server.table import line_message
from boneyard.apps.tui.render import MEDIUM, SMALL, hub_canvas, table_canvas
from boneyard.core.actions import DRAW, PASS, Play
from boneyard.core.match import Match
from boneyard.core.tiles import HIGH, LOW
from boneyard.core.views import LineView, TrickView
from boneyard.core.words import Voice
from boneyard.games import GAMES
from boneyard.games.line.state import LineState
from boneyard.games.loo.actions import MISS, STAND
from boneyard.games.tricks.actions import Discard
from boneyard.text.drawing import describe_table, render_table
from boneyard.text.narration import table_view
from conftest import T, build, configure

CONFIGS = [(game.id, rule_set) for game in GAMES.values() for rule_set in game.rule_sets]


def check(state: LineState) -> None:
    """The description of ``state``'s table agrees with the hand and is drawn everywhere."""
    rules = state.rules
    view = table_view(rules, state.public, state.table)
    # Nothing hidden: the description is the same from the whole history.
    assert table_view(rules, state.history, state.table) == view
    played = [m.action.tile for m in state.public if isinstance(m.action, Play)]
    if isinstance(view, TrickView):
        assert len(view.seats) == rules.players
        on_table = [t for _, t in view.trick] + [t for _, t in view.last]
        assert set(on_table) <= set(played)
        assert view.played <= view.tricks
    else:
        assert isinstance(view, LineView)
        layout = state.layout
        if layout is None:
            assert view.lead is None and not played
        else:
            assert view.lead is not None
            placed = [view.lead, *(p for arm in view.arms for p in arm.tiles)]
            assert Counter(p.tile for p in placed) == Counter(played)
            assert all({p.a, p.b} == {HIGH[p.tile], LOW[p.tile]} for p in placed)
            assert [a.name for a in view.arms] == [e.name for e in view.ends] == list(layout.names)
            for end, pip in zip(view.ends, layout.pips, strict=True):
                assert (end.shows is None) == (pip < 0)
            assert view.last == played[-1]
    # Every front end draws it: text, words, the full-screen game, the browser's JSON.
    voice = Voice.of(rules, 0)
    assert render_table(view, voice).strip()
    assert describe_table(view, voice)
    canvas, _ = table_canvas(view, 100, 40, voice=voice)
    assert canvas.text().strip()
    message = Line.model_validate(line_message(view).model_dump())
    if isinstance(view, LineView):
        assert len(message.arms) == len(view.arms)


@pytest.mark.parametrize(("game_id", "rule_set"), CONFIGS)
def test_every_game_describes_its_table(game_id: str, rule_set: str) -> None:
    game = GAMES[game_id]
    rules = game.configure(rule_set, None, game.players_for(rule_set))
    state = Match(rules, seed=11).hand
    rng = random.Random(11)
    check(state)
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))
        if len(state.history) % 4 == 0 or state.over:
            check(state)


def joined(view: LineView, name: str) -> bool:
    """Whether the tiles of arm ``name`` join end to end (equal halves touching)."""
    tiles = view.arm(name).tiles
    return all(a.b == b.a for a, b in itertools.pairwise(tiles))


# ------------------------------------------------------------------------ a line with its arms
def test_a_spinner_line_grows_arms_off_its_short_sides() -> None:
    rules = configure("block", "garden-games", 2)  # every double a spinner
    state = build(rules, ["5-5 5-1 3-3 4-0 0-0", "5-3 3-1 5-4 6-1 6-3"])
    for t, end in [("5-5", None), ("5-3", "U"), ("5-1", "L"), ("5-4", "R"), ("3-3", "U")]:
        state.apply(Play(T(t), end))
    view = table_view(rules, state.history)
    assert isinstance(view, LineView) and not view.hub
    assert view.lead is not None and view.lead.spinner and view.lead.cross
    ways = {a.name: (a.way, a.root) for a in view.arms}
    five, three = T("5-5"), T("3-3")
    assert ways == {
        "L": ("left", five),
        "R": ("right", five),
        "U": ("up", five),
        "D": ("down", five),
        "3U": ("up", three),
        "3D": ("down", three),
    }
    # [5|3] then the spinner 3-3 across it, joined: 5 to the root, 3, 3.
    assert [(p.a, p.b, p.cross, p.spinner) for p in view.arm("U").tiles] == [
        (5, 3, False, False),
        (3, 3, True, True),
    ]
    assert joined(view, "U")
    assert [(e.name, e.shows) for e in view.ends] == [
        ("L", "1"),
        ("R", "4"),
        ("U", "3"),
        ("D", "5"),
        ("3U", "3"),
        ("3D", "3"),
    ]
    assert view.last == three


# ------------------------------------------------------------------------ Sebastopol's cross
def test_sebastopols_cross_is_the_6_6_with_four_arms() -> None:
    rules = configure("sebastopol")
    state = build(
        rules,
        [
            "6-6 5-5 4-4 3-3 2-2 1-1 0-0",
            "6-5 5-4 5-3 5-2 5-1 5-0 4-3",
            "6-4 6-2 4-2 4-1 4-0 3-2 3-1",
            "6-3 6-1 6-0 3-0 2-1 2-0 1-0",
        ],
    )
    for t, end in (("6-6", None), ("6-5", "L"), ("6-4", "R"), ("6-3", "U")):
        state.apply(Play(T(t), end))
    view = table_view(rules, state.history)
    assert isinstance(view, LineView)
    assert view.lead is not None and view.lead.tile == T("6-6") and view.lead.spinner
    assert [(a.name, a.way, [(p.a, p.b) for p in a.tiles]) for a in view.arms] == [
        ("L", "left", [(6, 5)]),
        ("R", "right", [(6, 4)]),
        ("U", "up", [(6, 3)]),
        ("D", "down", []),
    ]
    assert [e.shows for e in view.ends] == ["5", "4", "3", "6"]


# ------------------------------------------------------------------------ Chicken Foot's toes
FOOT = ["9-9 9-8 9-7 9-6 5-5 5-1 0-0", "9-5 8-8 7-1 5-4 5-3 5-2 1-0"]


def test_a_chicken_foot_grows_three_toes_off_a_later_double() -> None:
    rules = configure("chicken-foot", None, 2)
    state = build(rules, FOOT, "6-6 4-0 3-3", context=T("9-9"))
    state.apply(Play(T("9-9")))
    for t, end in (("9-5", "L"), ("9-8", "R"), (None, None), ("9-7", "U")):
        if t is None:
            state.apply(DRAW)
            state.apply(PASS)
        else:
            state.apply(Play(T(t), end))
    state.apply(DRAW)
    state.apply(PASS)
    state.apply(Play(T("9-6"), "D"))
    state.apply(Play(T("8-8"), "R"))  # seat 1 lays the 8-8 on R: a chicken foot
    view = table_view(rules, state.history)
    assert isinstance(view, LineView)
    eight = T("8-8")
    toes = {a.name: (a.way, a.root, a.half) for a in view.arms if a.root == eight}
    assert toes == {"8U": ("up", eight, None), "8D": ("down", eight, None)}
    assert [(p.a, p.b, p.cross, p.spinner) for p in view.arm("R").tiles] == [
        (9, 8, False, False),
        (8, 8, True, True),
    ]
    waiting = {e.name: e.note for e in view.ends if e.waiting}
    assert waiting == {
        "R": "a toe of 8-8: to be filled",
        "8U": "a toe of 8-8: to be filled",
        "8D": "a toe of 8-8: to be filled",
    }


def test_a_double_chicken_foot_has_toes_off_the_halves_of_its_starting_double() -> None:
    rules = configure("chicken-foot", None, 2, starting_double="three_each_side")
    state = build(rules, FOOT, "6-6 4-0 3-3", context=T("9-9"))
    state.apply(Play(T("9-9")))
    view = table_view(rules, state.history)
    assert isinstance(view, LineView)
    assert [(a.name, a.way, a.half) for a in view.arms] == [
        ("L", "left", None),
        ("LU", "up", "left"),
        ("LD", "down", "left"),
        ("R", "right", None),
        ("RU", "up", "right"),
        ("RD", "down", "right"),
    ]
    assert all(
        e.waiting and e.note == "a side of the starting double: to be filled" for e in view.ends
    )


# ------------------------------------------------------------------------ trains from a hub
def mexican_position() -> LineState:
    """Round 1 for three: the engine; seat 1 draws, passes and is marked; seat 2 starts its
    train; seat 0 lays a double on its own and must cover it."""
    rules = configure("mexican-train", None, 3, hand_size=4)
    state = build(
        rules,
        ["12-12 12-6 6-6 6-2", "4-3 2-1 1-0 3-3", "12-7 7-5 5-1 9-9"],
        "9-8 0-0",
        context=T("12-12"),
    )
    state.apply(Play(T("12-12")))
    state.apply(DRAW)
    state.apply(PASS)
    state.apply(Play(T("12-7"), "T2"))
    state.apply(Play(T("12-6"), "T0"))
    state.apply(DRAW)
    state.apply(PASS)
    state.apply(Play(T("7-5"), "T2"))
    state.apply(Play(T("6-6"), "T0"))  # seat 0 plays again, to cover it
    return state


def test_mexican_trains_run_from_the_hub_with_their_markers() -> None:
    state = mexican_position()
    view = table_view(state.rules, state.public, state.table)
    assert isinstance(view, LineView) and view.hub
    engine = T("12-12")
    assert view.lead is not None and view.lead.tile == engine
    assert [(a.name, a.way, a.root) for a in view.arms] == [
        ("T0", "right", engine),
        ("T1", "right", engine),
        ("T2", "right", engine),
        ("M", "right", engine),
    ]
    assert [(p.a, p.b, p.cross) for p in view.arm("T0").tiles] == [(12, 6, False), (6, 6, True)]
    assert [(p.a, p.b) for p in view.arm("T2").tiles] == [(12, 7), (7, 5)]
    ends = {e.name: e for e in view.ends}
    assert ends["T1"].marked and ends["T1"].note == "marker: open to all"
    assert ends["T0"].waiting and ends["T0"].note == "6-6 to be covered"
    assert [e.title for e in view.ends] == [
        "seat 0's train",
        "seat 1's train",
        "seat 2's train",
        "the Mexican train",
    ]
    # Told for a reader: seat 0 reads "your train", a spectator the names.
    words = describe_table(view, Voice.of(state.rules, 0))
    assert "T1 (your train) (6-6 to be covered), from the engine: [12|6], [6|6]." in words
    assert "T2 (seat 1's train) (marker: open to all), from the engine: nothing laid yet." in words


def test_the_full_screen_game_draws_the_trains_with_pips() -> None:
    state = mexican_position()
    view = table_view(state.rules, state.public, state.table)
    voice = Voice.of(state.rules, 0)
    canvas = hub_canvas(view, MEDIUM, 78, 24, ["T0"], voice)
    assert canvas is not None
    lines = [line.rstrip() for line in canvas.text().splitlines()]
    # The engine stands on the left, its 12s written (no grid holds twelve pips).
    assert sum(" 12" in line[:6] for line in lines) == 2
    # A row per train, named and whose it is (counted from 1, as a person counts: the
    # notation's T0 is T1), the marker on the second seat's train.
    rows = {
        name: next(i for i, line in enumerate(lines) if f"─ {name} " in line)
        for name in ("T1", "T2", "T3", "M")
    }
    assert rows["T1"] < rows["T2"] < rows["T3"] < rows["M"]
    assert not any("T0" in line for line in lines)
    assert "T1 your train" in lines[rows["T1"]]
    assert "T2 ⚑ seat 1's train" in lines[rows["T2"]]  # a spectator's voice: seats by number
    assert "M the Mexican train" in lines[rows["M"]]
    # The third train's tiles: [12|7] then [7|5], every half written as a number in a
    # double-twelve set (never some tiles in pips beside others in numbers), its end named
    # after them.
    t3 = lines[rows["T3"]]
    assert t3.rstrip().endswith("T3") and "12" in t3 and " 7 " in t3
    assert "●" not in "\n".join(lines)
    # The end offered for the chosen tile is marked, and clicking its name plays there (the
    # notation's end).
    assert set(canvas.hotspots.values()) == {"T0", "T1", "T2", "M"}
    x, y = next(xy for xy, name in canvas.hotspots.items() if name == "T0")
    assert canvas.roles[y][x] == "c"


def test_trains_drawn_with_numbers_keep_every_tile_one_size() -> None:
    """Numbers up to 12 take two places: [ 7|5 ] is as wide as [12|7], so the tiles of the
    trains line up (and the engine's numbers too)."""
    state = mexican_position()
    view = table_view(state.rules, state.public, state.table)
    canvas = hub_canvas(view, SMALL, 60, 12, (), Voice.of(state.rules, 0))
    assert canvas is not None
    lines = canvas.text().splitlines()
    t3 = next(line for line in lines if "─ T3 " in line)
    assert "[12|7 ][ 7|5 ] T3" in t3
    t1 = next(line for line in lines if "─ T1 " in line)
    assert "[12|6 ]" in t1
    # The first train's 6-6 stands across it, its numbers written in two places as well.
    assert any("+6 +" in line for line in lines)
    assert sum("+12+" in line for line in lines) == 2


# ------------------------------------------------------------------------ Matador and the count
def test_matador_ends_say_what_they_need_and_a_crosswise_matador_stands_across() -> None:
    rules = configure("matador", None, 2, matador_placement="crosswise_both_open")
    state = build(rules, ["6-6 5-2 0-0 6-3 4-4 3-1 2-2", "1-0 6-5 6-4 5-5 5-4 5-3 4-2"])
    state.apply(Play(T("6-6")), 0)
    state.apply(Play(T("1-0"), "R"), 1)
    state.apply(Play(T("5-2"), "R"), 0)
    view = table_view(rules, state.history)
    assert isinstance(view, LineView)
    assert [(p.tile, p.a, p.b, p.cross) for p in view.arm("R").tiles] == [
        (T("1-0"), 1, 0, False),
        (T("5-2"), 5, 2, True),
    ]
    assert [(e.shows, e.needs) for e in view.ends] == [
        ("6", "needs a 1 or a matador"),
        ("5|2", "needs a 2 or a 5 or a matador"),
    ]


def test_the_counting_games_describe_the_count() -> None:
    rules = configure("muggins", "britannica", 2)
    state = build(rules, ["4-2 4-4 6-6 1-0 2-2", "6-1 5-5 3-0 2-1 0-0"], leader=0)
    state.apply(Play(T("4-2"), None, 4))  # 2 toward L, 4 toward R: count 6
    view = table_view(rules, state.history)
    assert isinstance(view, LineView) and view.count == "Count: L 2 + R 4 = 6"
    block = table_view(configure("block", None, 2), [])
    assert isinstance(block, LineView) and block.count is None and block.lead is None


# ------------------------------------------------------------------------ Domino Loo's tricks
def test_domino_loo_describes_its_tricks() -> None:
    rules = configure("domino-loo", None, 3)
    state = Match(rules, seed=5).hand
    view = table_view(rules, state.public, state.table)
    assert isinstance(view, TrickView)
    turnup = state.stock[0]
    assert view.turnup == turnup and view.trump == HIGH[turnup]
    assert [s.status for s in view.seats] == ["deciding"] * 3
    assert view.leader is None and view.tricks == 5 and view.pool
    assert view.worth == "A trick takes 1 counter of the pool (5)."
    decisions = {0: STAND, 1: STAND, 2: MISS}

    def playing() -> bool:
        now = table_view(rules, state.public, state.table)
        return isinstance(now, TrickView) and now.leader is not None

    while not playing():
        offered = state.legal_actions()
        if isinstance(offered[0], Discard):
            state.apply(offered[0])  # after the miss: throw out down to five
            continue
        wanted = decisions[state.turn]
        state.apply(wanted if wanted in offered else offered[0])
    view = table_view(rules, state.public, state.table)
    assert isinstance(view, TrickView) and view.leader is not None
    assert {s.status for s in view.seats} <= {"stood", "missed", "dropped"}
    first = state.legal_actions()[0]
    state.apply(first)
    view = table_view(rules, state.public, state.table)
    assert isinstance(view, TrickView)
    assert isinstance(first, Play) and view.trick == ((state.public[-1].seat, first.tile),)
