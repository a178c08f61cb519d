"""Properties of random games of every game, rule set and player count (hypothesis).

A hypothesis-drawn seed drives a ``random.Random`` that picks legal actions. At every step: every
tile is in exactly one place; ``legal_actions()`` is exactly the set of actions that ``apply()``
accepts; observations show only what their seat may see. At the end of a hand: it ended by itself
within a bounded number of steps, the way it ended is right, and its score equals an independent
reference implementation of RULES.md §3 rows 21-27 and 37 and of the Caribbean partnership game's
bonuses and blocked hands (§2.12: the capicúa, the double-blank, the pass bonuses, a blocked hand
settled by the lightest player or by the blocker against a neighbour). Records of the games replay
to the same results, and match totals are the sums of the hands."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boneyard import DRAW, PASS, IllegalAction, LineState, Match, Observation, Play, get_game, play
from boneyard.core.protocol import HandResult
from boneyard.core.record import match_to_record, replay_record
from boneyard.core.tiles import DOUBLE, HIGH, LOW, PIPS
from boneyard.games.line.rules import LineRules
from conftest import mask, snapshot

# (game, rule set, players, options)
CONFIGS: list[tuple[str, str, int, dict[str, Any]]] = [
    *[("block", rs, n, {}) for rs in ("modern", "britannica", "garden-games") for n in (2, 3, 4)],
    *[("draw", rs, n, {}) for rs in ("britannica", "pagat") for n in (2, 3, 4)],
    ("partnership", "latin", 4, {}),
    *[
        ("partnership", rs, 4, {})
        for rs in ("puerto-rico", "cuba", "dominican", "venezuela", "panama", "international")
    ],
    ("block", "modern", 4, {"partnerships": True}),
    ("block", "britannica", 4, {"partnerships": True}),
    ("draw", "pagat", 4, {"partnerships": True}),
    ("draw", "britannica", 4, {"partnerships": True, "hand_size": 5}),
    ("block", "modern", 2, {"tile_set": "double-nine"}),
    ("block", "garden-games", 4, {"tile_set": "double-nine"}),
    ("draw", "pagat", 3, {"tile_set": "double-nine"}),
    ("draw", "britannica", 2, {"tile_set": "double-nine"}),
    # The bigger sets in the classic games (RULES.md §2.15), at their most players.
    ("block", "modern", 4, {"tile_set": "double-twelve"}),
    ("draw", "pagat", 4, {"tile_set": "double-twelve", "hand_size": 9}),
    ("block", "garden-games", 3, {"tile_set": "double-twelve"}),
    ("partnership", "latin", 4, {"tile_set": "double-nine", "hand_size": 10}),
]


def config_id(config: tuple[str, str, int, dict[str, Any]]) -> str:
    game, rule_set, players, options = config
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{rule_set}-{players}p" + (f"-{extra}" if extra else "")


BLK1 = ["2-1", "6-6", "6-5 4-4", "5-4"]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
BASE = settings()
# The step-by-step checks are the expensive ones: a third of the profile's examples per config,
# a fifth for whole matches.
STEPWISE = settings(BASE, max_examples=max(4, BASE.max_examples // 3))
MATCHES = settings(BASE, max_examples=max(4, BASE.max_examples // 5))


# --------------------------------------------------------------------------------- per-step checks
def check_tiles(state: LineState) -> None:
    """Hands, table and remaining stock are disjoint and hold every tile of the set."""
    rules = state.rules
    places = list(state.hands)
    places.append(state.layout.placed if state.layout is not None else 0)
    stock = 0
    for t in state.stock[state.stock_pos :]:
        assert not stock & (1 << t)
        stock |= 1 << t
    places.append(stock)
    union = 0
    for m in places:
        assert union & m == 0, "a tile is in two places"
        union |= m
    assert union == rules.tiles.all_mask, "a tile is missing"
    assert 0 <= state.stock_pos <= len(state.stock)


def candidates(state: LineState) -> list[Any]:
    """A superset of every action: every tile at every end (leads both ways), draw and pass."""
    out: list[Any] = [DRAW, PASS]
    size = state.rules.tiles.size
    if state.layout is None:
        for t in range(size):
            if DOUBLE[t]:
                out.append(play(t))
            else:
                out.append(play(t, None, LOW[t]))
                out.append(play(t, None, HIGH[t]))
    else:
        for name in (*state.layout.names, "X"):
            out.extend(play(t, name) for t in range(size))
    return out


def check_legal_is_what_apply_accepts(state: LineState) -> None:
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    before = snapshot(state)
    accepted = set()
    for action in candidates(state):
        if action in legal:
            state.copy().apply(action)  # must not raise
            accepted.add(action)
        else:
            try:
                state.apply(action)
            except IllegalAction as e:
                assert str(e)
            else:  # pragma: no cover - reported by the assertion
                raise AssertionError(f"{action!r} was accepted but is not legal")
    assert snapshot(state) == before, "a rejected action changed the state"
    assert accepted == set(legal), "a legal action is outside the candidates"


def check_observations(state: LineState) -> None:
    sizes = tuple(h.bit_count() for h in state.hands)
    for seat in range(state.rules.players):
        obs = state.observation(seat)
        assert obs.hand == state.hands[seat]
        assert obs.hand_sizes == sizes
        assert obs.stock_size == len(state.stock) - state.stock_pos
        assert obs.turn == state.turn and obs.over == state.over
        assert obs.layout is state.layout
        if seat == state.turn and not state.over:
            assert list(obs.legal_actions) == state.legal_actions()
        else:
            assert obs.legal_actions == ()
        history = obs.history
        assert len(history) == len(state.history)
        for public, private in zip(history, state.history, strict=True):
            assert (public.seat, public.action, public.points) == (
                private.seat,
                private.action,
                private.points,
            )
            assert public.drawn is None, "a drawn tile is visible"
        for name in Observation.__slots__:
            assert not isinstance(getattr(obs, name), LineState)


def check_step(state: LineState) -> None:
    check_tiles(state)
    check_legal_is_what_apply_accepts(state)
    check_observations(state)
    rules = state.rules
    if not state.finding_lead:
        assert len(state.stock) - state.stock_pos >= min(rules.reserve, len(state.stock))


# --------------------------------------------------------------------------- the reference scoring
def opt(options: Mapping[str, Any], name: str) -> Any:
    return options[name]


def reference_pips(options: Mapping[str, Any], hand: int) -> int:
    total = 0
    for t in range(hand.bit_length()):
        if hand >> t & 1:
            total += (
                HIGH[t] if DOUBLE[t] and options["hand_double_value"] == "one_half" else PIPS[t]
            )
    return total


@dataclass
class Seen:
    """What the reference saw during a hand, in the order of play: the open ends' numbers before
    each play (the last play's tell a capicúa) and the pass bonuses each side earned."""

    ends_before_play: list[int] = field(default_factory=list)
    pass_points: list[int] = field(default_factory=list)


def is_capicua(o: Mapping[str, Any], ends: list[int], tile: int) -> bool:
    """RULES.md §2.12: a last tile, not a double, that could go on either end (on every open
    end, two at least); ``capicua_ends=different``: the ends show its two different numbers."""
    if DOUBLE[tile] or len(ends) < 2:
        return False
    if any(p not in (HIGH[tile], LOW[tile]) for p in ends):
        return False
    return o.get("capicua_ends", "either") == "either" or len(set(ends)) > 1


def reference_result(
    state: LineState, ended: str, out_seat: int | None, seen: Seen | None = None
) -> tuple[int | None, list[int]]:
    """``(winning side, end-of-hand points per side)`` by RULES.md §3, from the final position
    (and, for a capicúa, what was seen during the hand)."""
    o = state.rules.options
    players = len(state.hands)
    sides = [(0, 2), (1, 3)] if o["partnerships"] else [(s,) for s in range(players)]
    side_of = {s: i for i, side in enumerate(sides) for s in side}
    seat_pips = [reference_pips(o, h) for h in state.hands]
    side_pips = [sum(seat_pips[s] for s in side) for side in sides]
    stock_pips = (
        sum(PIPS[t] for t in state.stock[state.stock_pos :]) if o["count_stock_pips"] else 0
    )
    dp = o["domino_points"]
    unit = {"pips_round5": 5, "pips_round3": 3}.get(dp, 0)

    def rnd(x: int) -> int:
        if not unit:
            return x
        sign = -1 if x < 0 else 1
        return sign * unit * ((abs(x) + unit // 2) // unit)

    def rsum(terms: list[int]) -> int:
        if o["round_scope"] == "per_opponent":
            return sum(rnd(t) for t in terms)
        return rnd(sum(terms))

    points = [0] * len(sides)
    if ended == "domino":
        assert out_seat is not None
        w = side_of[out_seat]
        terms = [seat_pips[s] for s in range(players) if side_of[s] != w]
        partner = side_pips[w]
        if o["partner_pips"] == "include" and partner:
            terms.append(partner)
        if stock_pips:
            terms.append(stock_pips)
        if dp.startswith("fixed:"):
            score = int(dp.split(":")[1])
        elif dp == "none":
            score = 0
        else:
            score = rsum(terms)
        if o["partner_pips"] == "subtract":
            score = max(0, score - partner)
        last = state.history[-1].action if state.history else None  # (worked examples: none)
        if isinstance(last, Play):
            if seen is not None and is_capicua(o, seen.ends_before_play, last.tile):
                bonus = o.get("capicua_bonus", "none")
                if bonus == "double":
                    score *= 2
                elif bonus.startswith("fixed:"):
                    score += int(bonus.split(":")[1])
            if PIPS[last.tile] == 0:  # the chuchazo: out with the double-blank
                score += o.get("double_blank_bonus", 0)
        points[w] = score
        return w, points

    # Whose pips decide (blocked_winner): every side's in all, or single players' (all of them,
    # or the blocker, who laid the last tile, and his next or previous neighbour in turn order).
    compare = o.get("blocked_winner", "lowest_total")
    if compare == "lowest_total":
        low = min(side_pips)
        tied = [i for i, p in enumerate(side_pips) if p == low]
    else:
        if compare == "lowest_player":
            judged = list(range(players))
        else:
            blocker = next(m.seat for m in reversed(state.history) if isinstance(m.action, Play))
            # Seats are numbered in the order of play, whichever way round the table it goes.
            step = 1 if compare == "blocker_vs_next" else -1
            judged = [blocker, (blocker + step) % players]
        low = min(seat_pips[s] for s in judged)
        tied = sorted({side_of[s] for s in judged if seat_pips[s] == low})
    scoring = o["blocked_scoring"]

    def break_tie() -> int | None:
        rule = o["blocked_tie"]
        if rule == "lightest_tile":
            keys = []
            for i in tied:
                held = [
                    t
                    for s in sides[i]
                    for t in range(state.hands[s].bit_length())
                    if state.hands[s] >> t & 1
                ]
                keys.append(min(((PIPS[t], HIGH[t]) for t in held), default=(0, 0)))
            best = min(keys)
            return tied[keys.index(best)] if keys.count(best) == 1 else None
        if rule == "last_to_play":
            for move in reversed(state.history):
                if isinstance(move.action, Play) and side_of[move.seat] in tied:
                    return side_of[move.seat]
            return None
        if rule == "fewest_doubles":
            counts = [
                sum(
                    1
                    for s in sides[i]
                    for t in range(state.hands[s].bit_length())
                    if state.hands[s] >> t & 1 and DOUBLE[t]
                )
                for i in tied
            ]
            fewest = min(counts)
            return tied[counts.index(fewest)] if counts.count(fewest) == 1 else None
        return None  # no_score, split

    def sole(w: int, excluded: list[int]) -> int:
        if scoring.startswith("fixed:"):
            return int(scoring.split(":")[1])
        own = side_pips[w]
        others = [p for i, p in enumerate(side_pips) if i != w and i not in excluded]
        if scoring == "combined":
            terms = list(side_pips)
        elif scoring == "opponents":
            terms = others
        elif scoring == "difference_each":
            terms = [p - own for p in others]
        elif o["round_scope"] == "per_opponent":  # difference_total, each hand rounded
            return max(0, sum(rnd(p) for p in others) - rnd(own) + rnd(stock_pips))
        else:
            terms = [sum(others) - own]
        if stock_pips:
            terms.append(stock_pips)
        return max(0, rsum(terms))

    if scoring == "cascade":
        for i, mine in enumerate(side_pips):
            points[i] = rsum([p - mine for p in side_pips if p > mine])
        winner = tied[0] if len(tied) == 1 else break_tie()
        if winner is not None:
            points[winner] += stock_pips
        return winner, points
    if len(tied) == 1:
        points[tied[0]] = sole(tied[0], [])
        return tied[0], points
    if o["blocked_tie"] == "split":
        share = sole(tied[0], tied) // len(tied)
        for i in tied:
            points[i] = share
        return None, points
    winner = break_tie()
    if winner is not None:
        points[winner] = sole(winner, [])
    return winner, points


def check_end(state: LineState, seen: Seen | None = None) -> None:
    """The hand ended the right way and scored what the reference says."""
    result = state.result
    assert state.over and isinstance(result, HandResult)
    assert state.legal_actions() == []
    rules = state.rules
    o = rules.options
    last = state.history[-1]
    empty = [s for s, h in enumerate(state.hands) if h == 0]
    if result.ended == "domino":
        assert empty == [last.seat] and isinstance(last.action, Play)
        assert result.out_seat == last.seat
    else:
        assert result.ended == "blocked" and result.out_seat is None
        assert empty == []
        # Nobody can play, and nobody can draw (or no drawable tile would fit).
        lay = state.layout
        assert lay is not None
        ends = [i for i, p in enumerate(lay.pips) if p >= 0]
        if o["spinner_fill_first"]:
            # Only the first spinner's open sides may be played on until it is complete; the first
            # spinner is the first tile laid that became one.
            first = next(
                (
                    m.action.tile
                    for m in state.history
                    if isinstance(m.action, Play) and lay.spinners >> m.action.tile & 1
                ),
                None,
            )
            waiting = [i for i in ends if lay.tips[i] == first]
            ends = waiting or ends
        fits = 0
        for i in ends:
            p = lay.pips[i]
            fits |= sum(1 << t for t in range(rules.tiles.size) if p in (HIGH[t], LOW[t]))
        drawable = max(0, len(state.stock) - state.stock_pos - rules.reserve)
        if o["draw_policy"] == "none":
            drawable = 0
        pool = 0
        for h in state.hands:
            pool |= h
        if o["early_block_detection"]:
            for t in state.stock[state.stock_pos : state.stock_pos + drawable]:
                pool |= 1 << t
        else:
            assert o["draw_policy"] == "none" or drawable == 0
        assert pool & fits == 0, "the hand was called blocked but a tile fits"
    assert result.pips == tuple(reference_pips(o, h) for h in state.hands)
    winner, end_points = reference_result(state, result.ended, result.out_seat, seen)
    if seen is not None and not rules.target_exact:
        assert state.scores == seen.pass_points, "the pass bonuses"
    assert result.winner == winner
    assert list(result.end_points) == end_points
    assert list(result.points) == [s + e for s, e in zip(state.scores, end_points, strict=True)]


def play_hand(state: LineState, rng: random.Random, stepwise: bool) -> None:
    rules = state.rules
    limit = 2 * rules.tiles.size * (rules.players + 1)
    o = rules.options
    side_of = [s % 2 if o["partnerships"] else s for s in range(rules.players)]
    seen = Seen(pass_points=[0] * (2 if o["partnerships"] else rules.players))
    passes = 0
    last_player, passed_since = -1, 0  # who laid the last tile; the others' passes since
    for _ in range(limit):
        if state.over:
            break
        if stepwise:
            check_step(state)
        legal = state.legal_actions()
        assert legal, "a hand that is not over has no legal action"
        action = legal[rng.randrange(len(legal))]
        seat, layout = state.turn, state.layout
        if isinstance(action, Play):
            seen.ends_before_play = [p for p in layout.pips if p >= 0] if layout else []
        state.apply(action)
        passes = passes + 1 if action == PASS else 0
        assert passes <= rules.players, "a whole round of passes without the hand ending"
        # RULES.md §2.12's pass bonuses, for the side of the player who laid the last tile: the
        # next player passing on the lead (more after a lead that is not a double), every other
        # seat passing in turn after a tile.
        if isinstance(action, Play):
            last_player, passed_since = seat, 0
        elif action == PASS and last_player >= 0 and seat != last_player:
            passed_since += 1
            earner = side_of[last_player]
            assert layout is not None
            if passed_since == 1 and layout.placed.bit_count() == 1:
                lead = layout.placed.bit_length() - 1
                double_led = DOUBLE[lead]
                # (Games that do not list these options have none.)
                seen.pass_points[earner] += o.get(
                    "opening_pass_bonus_double" if double_led else "opening_pass_bonus", 0
                )
            if passed_since == rules.players - 1:
                seen.pass_points[earner] += o.get("pass_bonus", 0)
    assert state.over, "the hand did not end"
    if stepwise:
        check_tiles(state)
        check_observations(state)
    check_end(state, seen)


def check_record(match: Match) -> None:
    record = json.loads(json.dumps(match_to_record(match)))
    replay = replay_record(record)
    assert replay.disagreements == []
    assert len(replay.hands) == len(match.hands)
    for summary, state in zip(replay.hands, match.hands, strict=True):
        if state.result is None:
            assert summary.ended == "unfinished"
        else:
            assert summary.points == list(state.result.points)
            assert (summary.ended, summary.winner) == (state.result.ended, state.result.winner)
    assert replay.totals == match.totals
    assert (replay.complete, replay.winner) == (match.over, match.winner)


def check_totals(match: Match) -> None:
    finished = [
        h for h in match.hands if h.result is not None and (h is not match.hand or match.over)
    ]
    sums = [
        sum(h.result.points[i] for h in finished if h.result) for i in range(len(match.rules.sides))
    ]
    assert match.totals == sums
    if match.over:
        assert match.winner is not None
        assert match.totals[match.winner] >= match.rules.target_score
        assert match.totals[match.winner] == max(match.totals)
        assert match.totals.count(max(match.totals)) == 1


def configure(config: tuple[str, str, int, dict[str, Any]], **more: Any) -> LineRules:
    game, rule_set, players, options = config
    return get_game(game).configure(rule_set, {**options, **more}, players)


# ---------------------------------------------------------------------------------- the properties
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@STEPWISE
@given(seed=SEEDS)
def test_every_step_of_random_hands(
    config: tuple[str, str, int, dict[str, Any]], seed: int
) -> None:
    rules = configure(config)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(2):
        play_hand(match.hand, rng, stepwise=True)
        if match.next_hand() is None:
            break
    check_totals(match)
    check_record(match)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@MATCHES
@given(seed=SEEDS, target=st.sampled_from([1, 25, 60]))
def test_whole_matches(
    config: tuple[str, str, int, dict[str, Any]], seed: int, target: int
) -> None:
    rules = configure(config, target_score=target)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(200):
        play_hand(match.hand, rng, stepwise=False)
        if match.next_hand() is None:
            break
    assert match.over
    check_totals(match)
    check_record(match)


VARIATIONS = st.fixed_dictionaries(
    {
        "blocked_scoring": st.sampled_from(
            ["combined", "opponents", "difference_each", "difference_total", "cascade", "fixed:10"]
        ),
        "blocked_tie": st.sampled_from(
            ["no_score", "split", "lightest_tile", "last_to_play", "fewest_doubles"]
        ),
        "domino_points": st.sampled_from(["pips", "pips_round5", "pips_round3", "fixed:3", "none"]),
        "round_scope": st.sampled_from(["total", "per_opponent"]),
        "count_stock_pips": st.booleans(),
        "hand_double_value": st.sampled_from(["full", "one_half"]),
        "early_block_detection": st.booleans(),
        "spinner": st.sampled_from(["none", "first_double", "all_doubles", "opening_double"]),
        "spinner_sides_first": st.booleans(),
        "spinner_fill_first": st.booleans(),
        "double_bonus_play": st.booleans(),
        "draw_policy": st.sampled_from(["none", "until_playable", "one_then_pass"]),
        "voluntary_draw": st.booleans(),
        "stock_reserve": st.sampled_from([0, 2, 3]),
        "first_lead": st.sampled_from(
            ["highest_double", "lowest_double", "draw_highest", "random", "holder_of:3-2"]
        ),
        "lead_tile": st.sampled_from(["the_deciding_double", "any"]),
        "no_double": st.sampled_from(["heaviest_tile", "redeal", "draw_until_found"]),
        "next_lead": st.sampled_from(
            ["alternate", "winner", "rotate_left", "rotate_right", "same_as_first"]
        ),
        "turn_direction": st.sampled_from(["cw", "ccw"]),
    }
)


@settings(BASE, max_examples=BASE.max_examples * 2)
@given(
    seed=SEEDS,
    game=st.sampled_from(["block", "draw"]),
    players=st.integers(2, 4),
    partner=st.sampled_from(["ignore", "include", "subtract", None]),
    options=VARIATIONS,
)
def test_random_option_combinations(
    seed: int, game: str, players: int, partner: str | None, options: dict[str, Any]
) -> None:
    if partner is not None and players == 4:
        options = {**options, "partnerships": True, "partner_pips": partner}
    rules = get_game(game).configure(None, options, players)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    play_hand(match.hand, rng, stepwise=True)
    match.next_hand()
    if not match.over:
        play_hand(match.hand, rng, stepwise=False)
        match.next_hand()
    check_totals(match)
    check_record(match)


@pytest.mark.parametrize(
    ("game", "options", "hands", "ended", "out", "expected"),
    [
        # BLK-1: pips 3, 12, 19, 9.
        ("block", {"blocked_scoring": "cascade"}, BLK1, "blocked", None, (0, [31, 7, 0, 13])),
        ("block", {"blocked_scoring": "difference_each"}, BLK1, "blocked", None,
         (0, [31, 0, 0, 0])),
        ("block", {"blocked_scoring": "difference_total"}, BLK1, "blocked", None,
         (0, [37, 0, 0, 0])),
        ("block", {"blocked_scoring": "opponents"}, BLK1, "blocked", None, (0, [40, 0, 0, 0])),
        ("block", {"blocked_scoring": "combined"}, BLK1, "blocked", None, (0, [43, 0, 0, 0])),
        # BLK-4: out, others 12, 19, 9.
        ("block", {}, ["", "6-6", "6-5 4-4", "5-4"], "domino", 0, (0, [40, 0, 0, 0])),
        # MUG-10: opponents 12 and 12, rounded in total or each.
        ("block", {"domino_points": "pips_round5"}, ["", "6-6", "6-5 1-0", "0-0"], "domino", 0,
         (0, [25, 0, 0, 0])),
        ("block", {"domino_points": "pips_round5", "round_scope": "per_opponent"},
         ["", "6-6", "6-5 1-0", "0-0"], "domino", 0, (0, [20, 0, 0, 0])),
        # PAR-1 and PAR-2.
        ("partnership", {}, ["", "5-4", "4-2", "6-6 1-1"], "domino", 0, (0, [23, 0])),
        ("partnership", {"partner_pips": "include"}, ["", "5-4", "4-2", "6-6 1-1"], "domino", 0,
         (0, [29, 0])),
        ("partnership", {}, ["3-1", "6-4", "6-5", "6-6 1-0"], "blocked", None, (0, [23, 0])),
        ("partnership", {"blocked_scoring": "combined"}, ["3-1", "6-4", "6-5", "6-6 1-0"],
         "blocked", None, (0, [38, 0])),
        ("partnership", {}, ["5-0", "4-3", "6-4", "4-4"], "blocked", None, (None, [0, 0])),
    ],
)  # fmt: skip
def test_the_reference_scoring_on_the_worked_examples(
    game: str,
    options: dict[str, Any],
    hands: list[str],
    ended: str,
    out: int | None,
    expected: tuple[int | None, list[int]],
) -> None:
    # The reference implementation itself must get RULES.md §4.4 and §4.10 right.
    state = Match(get_game(game).configure(None, options, 4), seed=1).hand
    state.hands = [mask(h) for h in hands]
    assert reference_result(state, ended, out) == expected
