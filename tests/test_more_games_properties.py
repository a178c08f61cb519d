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
from boneyard import Match, get_game, play
from boneyard.core.actions import Play
from boneyard.core.record import match_to_record, replay_record
from boneyard.core.tiles import DOUBLE, HIGH, LOW, PIPS
from boneyard.games.line.rules import LineRules
from boneyard.games.line.state import LineState
from boneyard.games.loo.table import LooTable
from test_properties import check_legal_is_what_apply_accepts, check_observations, check_tiles

Config = tuple[str, str, int, dict[str, Any]]

CONFIGS: list[Config] = [
    *[("bergen", "classic", n, {}) for n in (2, 3, 4)],
    ("bergen", "classic", 2, {"stock_reserve": 2, "first_lead": "lowest_double",
                              "voluntary_draw": False, "blocked_doubles_lose": "all_pips"}),
    ("bergen", "classic", 3, {"bergen_near_target_cap": True, "blocked_doubles_lose": "off"}),
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
    ("domino-loo", "berkeley", 2, {"rounds": 3}),
    ("domino-loo", "berkeley", 3, {"rounds": 3}),
    ("domino-loo", "berkeley", 4, {"rounds": 3}),
    ("domino-loo", "berkeley", 3, {"loo_scoring": "points", "loo_penalty": 3}),
    ("domino-loo", "berkeley", 4,
     {"loo_suits": "either_end", "loo_must_head": False, "rounds": 2}),
    ("domino-loo", "berkeley", 3,
     {"loo_must_trump": False, "loo_miss": False, "loo_scoring": "points"}),
]  # fmt: skip


def config_id(config: Config) -> str:
    game, rule_set, players, options = config
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{rule_set}-{players}p" + (f"-{extra}" if extra else "")


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
BASE = settings()
STEPWISE = settings(BASE, max_examples=max(4, BASE.max_examples // 3))
MATCHES = settings(BASE, max_examples=max(4, BASE.max_examples // 5))


def configure(config: Config, **more: Any) -> LineRules:
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
def bergen_in_play(state: LineState) -> None:
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


def bergen_end(state: LineState) -> None:
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
        # The doubles rule: a hand holding a double loses to any hand without one; then the
        # pips, with non_double_pips those of the tiles other than doubles only.
        rule = o["blocked_doubles_lose"]
        singles = sum(1 << t for t in range(state.rules.tiles.size) if not DOUBLE[t])
        keys = [
            (
                rule != "off" and doubles_in(h) > 0,
                pips_of(h & singles) if rule == "non_double_pips" else seat_pips[s],
            )
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
def sebastopol_in_play(state: LineState) -> None:
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


def sebastopol_end(state: LineState) -> None:
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


def rules_size(state: LineState) -> int:
    return state.rules.tiles.size


# ---------------------------------------------------------------------- Mexican Train's reference
def fits(t: int, pip: int) -> bool:
    return pip in (HIGH[t], LOW[t])


def mexican_in_play(state: LineState) -> None:
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


def mexican_end(state: LineState) -> None:
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
def chicken_in_play(state: LineState) -> None:
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


def chicken_end(state: LineState) -> None:
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


# ------------------------------------------------------------------------ Domino Loo's reference
def loo_in_play(state: LineState) -> None:
    """Replay the hand by the rules of RULES.md §2.11 as the docs page reads them, apart from the
    engine: decisions in turn from the dealer's left (stand, the miss while the stock holds it,
    dropping out with three or four), the discards after a miss, then five tricks where a player
    follows suit if he can, else trumps if he must and can, heading the trick when a tile he is
    bound to play from can; the highest trump, or the highest of the suit led, takes it."""
    rules = state.rules
    o = rules.options
    n = rules.players
    turnup = state.stock[0]
    trump = HIGH[turnup]
    either = o["loo_suits"] == "either_end"
    miss_size = 6 if n <= 3 else 7

    def is_trump(t: int) -> bool:
        return trump in (HIGH[t], LOW[t])

    def key(t: int, suit: int) -> tuple[int, int]:
        rank = 100 if DOUBLE[t] else None
        if is_trump(t):
            return (2, rank if rank is not None else (LOW[t] if HIGH[t] == trump else HIGH[t]))
        if HIGH[t] == suit or (either and LOW[t] == suit):
            return (1, rank if rank is not None else (LOW[t] if HIGH[t] == suit else HIGH[t]))
        return (0, 0)

    hands = list(state.deal)
    stock = list(state.stock[1:])
    dead = [0] * n
    status = ["?"] * n
    owed = 0
    order = [(state.leader + k) % n for k in range(n)]
    won = [0] * n
    scores = [0] * n
    value = state.context[0] if state.context is not None else 1
    trick: list[tuple[int, int]] = []
    to_move = state.leader
    history = state.history
    i = 0
    while i < len(history) and not isinstance(history[i].action, Play):
        move = history[i]
        s, a = move.seat, move.action
        assert s == to_move, (s, to_move)
        word = type(a).__name__
        if owed:
            assert word == "Discard" and a.tile is not None and hands[s] >> a.tile & 1  # type: ignore[attr-defined]
            hands[s] ^= 1 << a.tile  # type: ignore[attr-defined]
            dead[s] |= 1 << a.tile  # type: ignore[attr-defined]
            owed -= 1
        elif word == "Stand":
            status[s] = "in"
        elif word == "Drop":
            assert n >= 3
            status[s] = "out"
            dead[s] |= hands[s]
            hands[s] = 0
        else:
            assert word == "TakeMiss" and o["loo_miss"] and len(stock) >= miss_size
            status[s] = "in"
            dead[s] |= hands[s]
            hands[s] = sum(1 << t for t in stock[:miss_size])
            del stock[:miss_size]
            owed = miss_size - 5
        i += 1
        if owed:
            continue
        undecided = [x for x in order if status[x] == "?"]
        alive = [x for x in range(n) if status[x] != "out"]
        if len(alive) == 1:
            assert i == len(history) and state.result is not None
            assert state.result.ended == "uncontested"
            won[alive[0]] = 5
            scores[alive[0]] = 5 * value
            break
        following = [x for x in order[order.index(s) + 1 :] + order[: order.index(s) + 1]]
        to_move = next((x for x in following if status[x] == "?"), -1)
        if not undecided:
            to_move = next(x for x in order if status[x] == "in")
    players = [x for x in range(n) if status[x] == "in"]
    for move in history[i:]:
        s, a = move.seat, move.action
        assert isinstance(a, Play) and a.end is None and s == to_move, (move, to_move)
        t = a.tile
        held = hands[s]
        assert held >> t & 1
        if trick:
            lead = trick[0][1]
            suit = trump if is_trump(lead) else HIGH[lead]
            best = max(key(u, suit) for _, u in trick)
            tiles = [u for u in range(rules.tiles.size) if held >> u & 1]
            follow = [u for u in tiles if (is_trump(u) if suit == trump else key(u, suit)[0] == 1)]
            trumps = [u for u in tiles if is_trump(u)]
            allowed = tiles
            for group in (follow, trumps if o["loo_must_trump"] and suit != trump else []):
                if group:
                    heads = [u for u in group if key(u, suit) > best]
                    allowed = heads if heads and o["loo_must_head"] else group
                    break
            assert t in allowed, (move, allowed)
        hands[s] ^= 1 << t
        trick.append((s, t))
        if len(trick) == len(players):
            lead = trick[0][1]
            suit = trump if is_trump(lead) else HIGH[lead]
            winner = max(trick, key=lambda st: key(st[1], suit))[0]
            won[winner] += 1
            scores[winner] += value
            trick = []
            to_move = winner
        else:
            to_move = players[(players.index(s) + 1) % len(players)]
    assert hands == state.hands and dead == list(state.discards)
    table = state.table
    assert isinstance(table, LooTable)
    assert list(table.won) == won and list(state.scores) == scores
    assert state.over == (sum(won) == 5)


def loo_end(state: LineState) -> None:
    result = state.result
    assert result is not None
    table = state.table
    assert isinstance(table, LooTable)
    o = state.rules.options
    n = state.rules.players
    value, ante = state.context
    pool = o["loo_scoring"] == "pool"
    dealer = (state.leader - 1) % n
    players = [s for s in range(n) if table.status[s] in (1, 2)]
    expected = []
    for s in range(n):
        pts = table.won[s] * value
        if pool and ante and s == dealer:
            pts -= 5
        if s in players and table.won[s] == 0:
            pts -= 5 if pool else o["loo_penalty"]
        expected.append(pts)
    assert list(result.points) == expected
    most = max(table.won)
    assert result.winner == (table.won.index(most) if table.won.count(most) == 1 else None)


REFERENCES = {
    "domino-loo": (loo_in_play, loo_end),
    "chicken-foot": (chicken_in_play, chicken_end),
    "bergen": (bergen_in_play, bergen_end),
    "sebastopol": (sebastopol_in_play, sebastopol_end),
    "mexican-train": (mexican_in_play, mexican_end),
}


# ------------------------------------------------------------------------ checks at every step
def check_tiles_and_discards(state: LineState) -> None:
    """Hands, table, the stock left and the tiles thrown out hold every tile once."""
    places = [*state.hands, *state.discards]
    table = state.table  # a line's layout or a trick table: both hold the tiles face up
    places.append(table.placed if table is not None else 0)  # type: ignore[attr-defined]
    places.append(sum(1 << t for t in state.stock[state.stock_pos :]))
    union = 0
    for m in places:
        assert union & m == 0, "a tile is in two places"
        union |= m
    assert union == state.rules.tiles.all_mask, "a tile is missing"


def check_trick_actions(state: LineState) -> None:
    """In Domino Loo: ``legal_actions()`` is what ``apply()`` accepts, among every decision,
    discard and play of every tile (each tried on a copy)."""
    from boneyard.games.line.state import IllegalAction
    from boneyard.games.loo.actions import DROP, MISS, STAND
    from boneyard.games.tricks.actions import Discard

    legal = state.legal_actions()
    size = state.rules.tiles.size
    candidates = [STAND, MISS, DROP, DRAW_, PASS_]
    candidates += [Discard(t) for t in range(size)] + [play(t) for t in range(size)]
    candidates += [play(t, "L") for t in range(3)]
    for action in candidates:
        copy = state.copy()
        if action in legal:
            copy.apply(action)
        else:
            with pytest.raises(IllegalAction):
                copy.apply(action)
    assert set(legal) <= set(candidates)


def check_public_view(state: LineState) -> None:
    for seat in range(state.rules.players):
        obs = state.observation(seat)
        assert obs.hand == state.hands[seat] and obs.discarded == state.discards[seat]
        assert obs.table is state.table
        for public, private in zip(obs.history, state.history, strict=True):
            if type(private.action).__name__ == "Discard":
                assert public.action.tile is None  # type: ignore[attr-defined]
            else:
                assert public.action == private.action and public.drawn is None


# ---------------------------------------------------------------------------------- playing
def play_hand(state: LineState, rng: random.Random, stepwise: bool) -> None:
    rules = state.rules
    in_play, at_end = REFERENCES[rules.game.id]
    limit = 4 * rules.tiles.size * (rules.players + 1)
    for _ in range(limit):
        if state.over:
            break
        if stepwise and not isinstance(state, LineState):  # a trick game
            check_tiles_and_discards(state)
            check_trick_actions(state)
            check_public_view(state)
        elif stepwise:
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
        check_tiles_and_discards(state)
        if isinstance(state, LineState):
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
