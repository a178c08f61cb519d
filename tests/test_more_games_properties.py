"""Properties of random games of the games added with issue 8 (Bergen, Sebastopol, Mexican Train,
Chicken Foot, Domino Loo), in the style of ``test_properties.py`` (hypothesis).

A hypothesis-drawn seed drives a ``random.Random`` that picks legal actions. At every step: every
tile is in exactly one place; ``legal_actions()`` is exactly the set of actions that ``apply()``
accepts; observations show only what their seat may see. Every play scores what an independent
reference of the game's rules says, and at the end of a hand it ended the right way and scored
what the reference says. Records of the games replay to the same results, and match totals are the
sums of the hands. Double-nine and double-twelve sets are played too, with up to eight players
where the game allows them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boneyard import DRAW as DRAW_
from boneyard import PASS as PASS_
from boneyard import Match, get_game
from boneyard.actions import Play
from boneyard.record import match_to_record, replay_record
from boneyard.rules.base import Rules
from boneyard.state import HandState
from boneyard.tiles import DOUBLE, HIGH, LOW, PIPS
from test_properties import check_legal_is_what_apply_accepts, check_observations, check_tiles

Config = tuple[str, str, int, dict[str, Any]]

CONFIGS: list[Config] = [
    *[("bergen", "classic", n, {}) for n in (2, 3, 4)],
    ("bergen", "classic", 2, {"stock_reserve": 2, "first_lead": "lowest_double"}),
    ("bergen", "classic", 3, {"bergen_near_target_cap": True, "blocked_doubles_lose": False}),
    ("bergen", "classic", 4, {"tile_set": "double-nine", "hand_size": 9}),
    ("bergen", "classic", 4,
     {"tile_set": "double-twelve", "hand_size": 12, "domino_points": "fixed:2"}),
    ("sebastopol", "pagat", 4, {}),
    ("sebastopol", "pagat", 3, {}),
    ("sebastopol", "pagat", 4, {"spinner_fill_first": False, "next_lead": "rotate_left"}),
    ("sebastopol", "pagat", 3, {"blocked_scoring": "opponents", "hand_size": 8}),
    ("mexican-train", "standard", 2, {"rounds": 2}),
    ("mexican-train", "standard", 4, {"rounds": 3, "double_blank_value": 50}),
    ("mexican-train", "standard", 8, {"rounds": 2}),
    ("mexican-train", "standard", 5, {"rounds": 2, "hand_size": "cardinal"}),
    ("mexican-train", "standard", 3, {"tile_set": "double-nine", "rounds": 3}),
    ("mexican-train", "standard", 8, {"tile_set": "double-nine", "rounds": 2}),
    ("mexican-train", "standard", 2, {"tile_set": "double-six", "hand_size": 5, "rounds": 7}),
    ("chicken-foot", "standard", 2, {"rounds": 3}),
    ("chicken-foot", "standard", 4, {"rounds": 3, "blank_half_value": 25}),
    ("chicken-foot", "standard", 8, {"rounds": 2}),
    ("chicken-foot", "standard", 3, {"rounds": 2, "starting_double": "three_each_side"}),
    ("chicken-foot", "standard", 8, {"tile_set": "double-twelve", "rounds": 2}),
    ("chicken-foot", "standard", 5,
     {"tile_set": "double-twelve", "rounds": 2, "double_blank_value": 0}),
]  # fmt: skip


def config_id(config: Config) -> str:
    game, rule_set, players, options = config
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{rule_set}-{players}p" + (f"-{extra}" if extra else "")


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
BASE = settings()
STEPWISE = settings(BASE, max_examples=max(4, BASE.max_examples // 3))
MATCHES = settings(BASE, max_examples=max(4, BASE.max_examples // 5))


def configure(config: Config, **more: Any) -> Rules:
    game, rule_set, players, options = config
    return get_game(game).configure(rule_set, {**options, **more}, players)


def pips_of(mask: int) -> int:
    return sum(PIPS[t] for t in range(mask.bit_length()) if mask >> t & 1)


def doubles_in(mask: int) -> int:
    return sum(1 for t in range(mask.bit_length()) if mask >> t & 1 and DOUBLE[t])


def fixed(value: str) -> int:
    assert value.startswith("fixed:"), value
    return int(value.split(":")[1])


# ----------------------------------------------------------------------------- Bergen's reference
def bergen_in_play(state: HandState) -> None:
    """Every play scored the header the line made (RULES.md §2.9), capped near the target."""
    o = state.rules.options
    target = state.rules.target_score
    ends: list[tuple[int, int]] = []  # (pip, tile) at L and R
    scores = [0] * state.rules.players
    for move in state.history:
        action = move.action
        if not isinstance(action, Play):
            assert move.points == 0
            continue
        t = action.tile
        if action.end is None:
            if DOUBLE[t]:
                ends = [(HIGH[t], t), (HIGH[t], t)]
            else:
                right = action.open if action.open is not None else LOW[t]
                left = LOW[t] if right == HIGH[t] else HIGH[t]
                ends = [(left, t), (right, t)]
        else:
            i = "LR".index(action.end)
            pip = ends[i][0]
            assert pip in (HIGH[t], LOW[t])
            ends[i] = (LOW[t] if HIGH[t] == pip else HIGH[t], t)
        (a, ta), (b, tb) = ends
        header = 0
        if a == b:
            header = 2 if ta == tb else 3 if DOUBLE[ta] or DOUBLE[tb] else 2
        if header and o["bergen_near_target_cap"]:
            need = target - state.base_totals[move.seat] - scores[move.seat]
            header = min(header, 1) if need <= 2 else min(header, 2) if need <= 3 else header
        assert move.points == header, (move, header)
        scores[move.seat] += header
    assert scores == state.scores


def bergen_end(state: HandState) -> None:
    result = state.result
    assert result is not None
    o = state.rules.options
    hands = state.hands
    seat_pips = [pips_of(h) for h in hands]
    assert list(result.pips) == seat_pips
    end = [0] * len(hands)
    if result.ended == "domino":
        assert result.out_seat is not None and hands[result.out_seat] == 0
        winner: int | None = result.out_seat
        end[result.out_seat] = fixed(o["domino_points"])
    else:
        assert all(hands)
        keys = [
            (bool(doubles_in(h)) if o["blocked_doubles_lose"] else False, seat_pips[s])
            for s, h in enumerate(hands)
        ]
        tied = [s for s, k in enumerate(keys) if k == min(keys)]
        if len(tied) > 1:
            counts = [doubles_in(hands[s]) for s in tied]
            tied = [s for s, c in zip(tied, counts, strict=True) if c == min(counts)]
        winner = tied[0] if len(tied) == 1 else None
        if winner is not None:
            end[winner] = fixed(o["blocked_scoring"])
    assert result.winner == winner
    assert list(result.end_points) == end
    assert list(result.points) == [s + e for s, e in zip(state.scores, end, strict=True)]


# ------------------------------------------------------------------------- Sebastopol's reference
def sebastopol_in_play(state: HandState) -> None:
    """The lead is the 6-6 if it was dealt (else the highest double dealt), and until the cross
    is complete every play is a tile of the lead's number on one of the lead's four sides."""
    rules = state.rules
    plays = [m for m in state.history if isinstance(m.action, Play)]
    dealt = 0
    for h in state.deal:
        dealt |= h
    doubles = [t for t in range(rules.tiles.size) if DOUBLE[t] and dealt >> t & 1]
    lead = plays[0].action
    assert isinstance(lead, Play)
    if state.lead_by_deal:
        assert lead.tile == max(doubles)
    n = HIGH[lead.tile]
    fill = rules.options["spinner_fill_first"] and DOUBLE[lead.tile]
    covered: set[str] = set()
    for move in plays[1:]:
        action = move.action
        assert isinstance(action, Play) and action.end is not None
        if fill and len(covered) < 4:
            assert action.end in "LRUD" and action.end not in covered, move
            assert n in (HIGH[action.tile], LOW[action.tile]), move
        if action.end in "LRUD" and action.end not in covered:
            covered.add(action.end)
    assert not any(m.points for m in state.history)


def sebastopol_end(state: HandState) -> None:
    result = state.result
    assert result is not None
    o = state.rules.options
    seat_pips = [pips_of(h) for h in state.hands]
    assert list(result.pips) == seat_pips
    end = [0] * len(seat_pips)
    if result.ended == "domino":
        assert result.out_seat is not None
        winner: int | None = result.out_seat
        end[winner] = sum(seat_pips)
    else:
        lay = state.layout
        assert lay is not None and all(state.hands)
        ends = [i for i, p in enumerate(lay.pips) if p >= 0]
        if (
            o["spinner_fill_first"]
            and DOUBLE[lay.lead_tile]
            and any(lay.tips[i] == lay.lead_tile for i in ends)
        ):
            ends = [i for i in ends if lay.tips[i] == lay.lead_tile]
        for h in state.hands:
            for t in range(rules_size(state)):
                if h >> t & 1:
                    assert not any(lay.pips[i] in (HIGH[t], LOW[t]) for i in ends), "a tile fits"
        low = min(seat_pips)
        tied = [s for s, p in enumerate(seat_pips) if p == low]
        winner = tied[0] if len(tied) == 1 else None
        if winner is not None:
            others = sum(seat_pips) - low
            end[winner] = others - low if o["blocked_scoring"] == "difference_total" else others
    assert result.winner == winner
    assert list(result.end_points) == end == list(result.points)


def rules_size(state: HandState) -> int:
    return state.rules.tiles.size


# ---------------------------------------------------------------------- Mexican Train's reference
def fits(t: int, pip: int) -> bool:
    return pip in (HIGH[t], LOW[t])


def mexican_in_play(state: HandState) -> None:
    """Replay the hand with the rules of RULES.md §2.13 kept apart from the engine: the engine
    double led by its holder (or the first to draw it), plays only on the player's own train,
    the Mexican train or a marked train, an uncovered double covered before anything else (by
    its player first), a draw only when nothing can be played, one draw a turn, a pass only
    when nothing can be played after it (and it marks the player's train)."""
    rules = state.rules
    n = rules.players
    engine = state.context
    assert engine == rules.engine(0) or DOUBLE[engine]
    hands = list(state.deal)
    stock = list(state.stock)
    names = [f"T{s}" for s in range(n)] + ["M"]
    ends: dict[str, int] = {}
    tips: dict[str, int] = {}
    marked = [False] * n
    uncovered: str | None = None
    keep = -1  # the seat that must play again (it laid a double)
    drew = -1  # the seat that has drawn this turn
    last = -1
    for move in state.history:
        s, a = move.seat, move.action
        if keep >= 0:
            assert s == keep, "a double's player must go on"
        elif last >= 0:
            assert s == (last + 1) % n, (last, s)
        if not ends:
            if a == DRAW_:
                t = stock.pop(0)
                hands[s] |= 1 << t
                assert not any(h >> engine & 1 for h in state.deal)
                last = s if t != engine else (s - 1) % n  # whoever draws it lays it
                continue
            assert isinstance(a, Play) and a.tile == engine and hands[s] >> engine & 1
            hands[s] ^= 1 << engine
            ends = {name: HIGH[engine] for name in names}
            tips = {name: engine for name in names}
            last, keep, drew = s, -1, -1
            continue
        if uncovered is not None:
            open_ends = [uncovered]
        else:
            open_ends = [f"T{s}", "M"] + [f"T{o}" for o in range(n) if marked[o] and o != s]
        playable = [
            t for t in range(rules.tiles.size)
            if hands[s] >> t & 1 and any(fits(t, ends[e]) for e in open_ends)
        ]  # fmt: skip
        if isinstance(a, Play):
            t = a.tile
            assert a.end in open_ends and fits(t, ends[a.end]) and hands[s] >> t & 1, move
            hands[s] ^= 1 << t
            ends[a.end] = LOW[t] if HIGH[t] == ends[a.end] else HIGH[t]
            tips[a.end] = t
            if a.end == f"T{s}":
                marked[s] = False
            if DOUBLE[t]:
                uncovered = a.end
                keep = s if hands[s] else -1
            else:
                if uncovered == a.end:
                    uncovered = None
                keep = -1
            drew = -1
        elif a == DRAW_:
            assert not playable and drew != s and stock, move
            t = stock.pop(0)
            hands[s] |= 1 << t
            drew = s
            continue  # the same seat moves again
        else:
            assert a == PASS_ and not playable and (drew == s or not stock), move
            marked[s] = True
            keep, drew = -1, -1
        last = s
    assert hands == state.hands
    assert state.layout is not None
    assert dict(zip(state.layout.names, state.layout.pips, strict=True)) == ends
    assert [k == 2 for k in state.layout.kinds[:n]] == marked
    assert not any(m.points for m in state.history)


def mexican_end(state: HandState) -> None:
    result = state.result
    assert result is not None
    o = state.rules.options
    values = [PIPS[t] for t in range(state.rules.tiles.size)]
    values[0] = o["double_blank_value"]
    pips = [sum(values[t] for t in range(len(values)) if h >> t & 1) for h in state.hands]
    assert list(result.pips) == pips == list(result.points) == list(result.end_points)
    lay = state.layout
    assert lay is not None
    if result.ended == "domino":
        assert result.out_seat is not None and state.hands[result.out_seat] == 0
        assert result.winner == result.out_seat
    else:
        assert state.stock_pos == len(state.stock) and all(state.hands)
        double = [i for i, t in enumerate(lay.tips) if DOUBLE[t] and t != lay.lead_tile]
        ends = double or range(len(lay.names))
        for h in state.hands:
            for t in range(state.rules.tiles.size):
                if h >> t & 1:
                    assert not any(fits(t, lay.pips[i]) for i in ends), "a tile fits"
        low = min(pips)
        assert result.winner == (pips.index(low) if pips.count(low) == 1 else None)


# ---------------------------------------------------------------------- Chicken Foot's reference
def chicken_in_play(state: HandState) -> None:
    """Replay the hand by RULES.md §2.14, apart from the engine: the round's double led by its
    holder (or the first to draw it), its four (or six) sides filled before anything else, every
    later double's three toes (the arm it lies on and two new ends) before anything else, a draw
    only when nothing fits, one a turn, a pass only after it or with the stock empty."""
    rules = state.rules
    n = rules.players
    starter = state.context
    hands = list(state.deal)
    stock = list(state.stock)
    start = (
        ["L", "R", "U", "D"]
        if rules.options["starting_double"] == "four_sides"
        else ["L", "LU", "LD", "R", "RU", "RD"]
    )
    ends: dict[str, int] = {}
    waiting: list[str] = []
    drew = -1
    last = -1
    for move in state.history:
        s, a = move.seat, move.action
        if last >= 0:
            assert s == (last + 1) % n, (last, s)
        if not ends:
            if a == DRAW_:
                t = stock.pop(0)
                hands[s] |= 1 << t
                last = s if t != starter else (s - 1) % n
                continue
            assert isinstance(a, Play) and a.tile == starter and hands[s] >> starter & 1
            hands[s] ^= 1 << starter
            ends = dict.fromkeys(start, HIGH[starter])
            waiting = list(start)
            last, drew = s, -1
            continue
        open_ends = waiting or list(ends)
        playable = [
            t for t in range(rules.tiles.size)
            if hands[s] >> t & 1 and any(fits(t, ends[e]) for e in open_ends)
        ]  # fmt: skip
        if isinstance(a, Play):
            t = a.tile
            assert a.end in open_ends and fits(t, ends[a.end]) and hands[s] >> t & 1, move
            hands[s] ^= 1 << t
            ends[a.end] = LOW[t] if HIGH[t] == ends[a.end] else HIGH[t]
            if a.end in waiting:
                waiting.remove(a.end)
            if DOUBLE[t]:
                assert not waiting
                toes = [a.end, f"{HIGH[t]}U", f"{HIGH[t]}D"]
                ends[toes[1]] = ends[toes[2]] = HIGH[t]
                waiting = toes
            drew = -1
        elif a == DRAW_:
            assert not playable and drew != s and stock, move
            hands[s] |= 1 << stock.pop(0)
            drew = s
            continue
        else:
            assert a == PASS_ and not playable and (drew == s or not stock), move
            drew = -1
        last = s
    assert hands == state.hands
    assert state.layout is not None
    assert dict(zip(state.layout.names, state.layout.pips, strict=True)) == ends
    assert not any(m.points for m in state.history)


def chicken_end(state: HandState) -> None:
    result = state.result
    assert result is not None
    o = state.rules.options
    size = state.rules.tiles.size
    values = [PIPS[t] + (o["blank_half_value"] if LOW[t] == 0 else 0) for t in range(size)]
    values[0] = o["double_blank_value"]
    pips = [sum(values[t] for t in range(size) if h >> t & 1) for h in state.hands]
    assert list(result.pips) == pips == list(result.points) == list(result.end_points)
    lay = state.layout
    assert lay is not None
    if result.ended == "domino":
        assert result.out_seat is not None and state.hands[result.out_seat] == 0
        assert result.winner == result.out_seat
    else:
        assert state.stock_pos == len(state.stock) and all(state.hands)
        waiting = [i for i, t in enumerate(lay.tips) if DOUBLE[t]]
        ends = waiting or range(len(lay.names))
        for h in state.hands:
            for t in range(size):
                if h >> t & 1:
                    assert not any(fits(t, lay.pips[i]) for i in ends), "a tile fits"
        low = min(pips)
        assert result.winner == (pips.index(low) if pips.count(low) == 1 else None)


REFERENCES = {
    "chicken-foot": (chicken_in_play, chicken_end),
    "bergen": (bergen_in_play, bergen_end),
    "sebastopol": (sebastopol_in_play, sebastopol_end),
    "mexican-train": (mexican_in_play, mexican_end),
}


# ---------------------------------------------------------------------------------- playing
def play_hand(state: HandState, rng: random.Random, stepwise: bool) -> None:
    rules = state.rules
    in_play, at_end = REFERENCES[rules.game.id]
    limit = 4 * rules.tiles.size * (rules.players + 1)
    for _ in range(limit):
        if state.over:
            break
        if stepwise:
            check_tiles(state)
            if rules.tiles.size <= 28 or rng.random() < 0.1:
                check_legal_is_what_apply_accepts(state)
            check_observations(state)
        legal = state.legal_actions()
        assert legal, "a hand that is not over has no legal action"
        state.apply(legal[rng.randrange(len(legal))])
    assert state.over, "the hand did not end"
    assert state.legal_actions() == []
    in_play(state)
    at_end(state)
    if stepwise:
        check_tiles(state)
        check_observations(state)


def check_record(match: Match) -> None:
    record = json.loads(json.dumps(match_to_record(match)))
    replay = replay_record(record)
    assert replay.disagreements == []
    assert len(replay.hands) == len(match.hands)
    for summary, state in zip(replay.hands, match.hands, strict=True):
        if state.result is not None:
            assert summary.points == list(state.result.points)
            assert (summary.ended, summary.winner) == (state.result.ended, state.result.winner)
    assert replay.totals == match.totals
    assert (replay.complete, replay.winner) == (match.over, match.winner)


def check_totals(match: Match) -> None:
    finished = [h for h in match.hands if h.result is not None]
    sums = [sum(h.result.points[i] for h in finished if h.result) for i in range(len(match.totals))]
    assert match.totals == sums


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@STEPWISE
@given(seed=SEEDS)
def test_every_step_of_random_hands(config: Config, seed: int) -> None:
    match = Match(configure(config), seed=seed)
    rng = random.Random(seed)
    for _ in range(2):
        play_hand(match.hand, rng, stepwise=True)
        if match.next_hand() is None:
            break
    check_totals(match)
    check_record(match)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@MATCHES
@given(seed=SEEDS)
def test_whole_matches(config: Config, seed: int) -> None:
    match = Match(configure(config), seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        play_hand(match.hand, rng, stepwise=False)
        if match.next_hand() is None:
            break
    assert match.over
    check_totals(match)
    check_record(match)
    best = min if match.rules.low_wins else max
    if match.winner is not None:
        assert match.totals[match.winner] == best(match.totals)
        assert match.totals.count(best(match.totals)) == 1
    if match.rules.low_wins:
        assert len(match.hands) == match.rules.rounds  # type: ignore[attr-defined]
