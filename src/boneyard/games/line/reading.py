"""A line game's public table as its heuristic players read it: the tiles a seat cannot see, the
tiles each other seat is known not to hold (from its passes and draws), the first lead of the
hand, and the chance that a seat can play on a layout. The heuristics of Matador, Domino Whist
and Domino Pool (each in its game's folder) share it.

Everything here is computed from an :class:`~boneyard.core.protocol.Observation` alone (the
seat's own tiles, the table, hand sizes and the public history), so an agent using it stays honest.

>>> from boneyard.games import get_game
>>> from boneyard.core.protocol import HandStart
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("block").configure(players=2)
>>> deal = [[T(t) for t in "6-6 6-5 5-5 4-4 3-3 2-2 1-1".split()],
...         [T(t) for t in "6-4 6-3 6-2 5-4 5-3 4-3 0-0".split()]]
>>> stock = [t for t in range(28) if not any(t in h for h in deal)]
>>> state = rules.start_hand(HandStart(deal, stock))
>>> state.apply_fast(state.legal_actions()[0])  # 6-6
>>> state.apply_fast(state.legal_actions()[0])  # 6-2 at L
>>> state.apply_fast(state.legal_actions()[0])  # seat 0 plays 2-2 at L; ends 2 and 6
>>> reading = Reading(state.observation(0), rules)
>>> reading.next_seat, bin(reading.lacks[1]).count("1")
(1, 0)
"""

from __future__ import annotations

from ...core.actions import Action, Draw, Pass, Play
from ...core.history import public_tables
from ...core.layout import Layout
from ...core.protocol import Observation
from ...core.tiles import BIT, HIGH, LOW, PIPS
from .rules import LineRules

__all__ = [
    "Reading",
    "chance_holds",
    "heaviest",
    "line_rules",
    "own_fits",
    "suit_counts",
]


# Whether a draw where drawing is voluntary is read like a forced one (players rarely draw while
# able to play).
INFER_FROM_VOLUNTARY_DRAWS = True


def line_rules(obs: Observation) -> LineRules | None:
    """The rules of ``obs``'s game where it is played on a line (what a reading of the table
    understands), else ``None``."""
    rules = obs.rules
    return rules if isinstance(rules, LineRules) else None


def heaviest(legal: tuple[Action, ...]) -> Action:
    """The heaviest play among ``legal`` (the higher half breaks ties), else the first action:
    what the line heuristics play in a game they cannot read."""
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]
    return max(plays, key=lambda a: (PIPS[a.tile], HIGH[a.tile]))


def chance_holds(pool: int, wanted: int, hand_size: int) -> float:
    """The chance that a hand of ``hand_size`` tiles drawn at random from the ``pool`` tiles
    holds at least one of the ``wanted`` ones (hypergeometric: one minus the chance of none).

    >>> chance_holds(10, 0, 3), chance_holds(10, 10, 3), round(chance_holds(4, 1, 2), 3)
    (0.0, 1.0, 0.5)
    """
    if wanted <= 0 or hand_size <= 0:
        return 0.0
    if wanted >= pool or hand_size > pool - wanted:
        return 1.0
    none = 1.0
    for i in range(hand_size):
        none *= (pool - wanted - i) / (pool - i)
    return 1.0 - none


class Reading:
    """One seat's reading of the hand so far.

    ``unseen`` are the tiles the seat cannot see (the others' hands and the stock); ``lacks[s]``
    the tiles seat ``s`` has shown it does not hold: at a pass it held nothing that fitted the
    table; at a forced draw nothing that fitted it (but possibly a wild tile it chose to keep,
    where the rules let a player draw instead of spending one). Where drawing is voluntary a draw
    is read the same way (:data:`INFER_FROM_VOLUNTARY_DRAWS`: players rarely draw while able to
    play), though it proves nothing.
    ``passed_on[s]`` are the pips of the ends seat ``s`` could not play on. ``first_lead`` is
    ``(seat, tile)`` of the hand's lead, ``None`` before it.
    """

    __slots__ = (
        "first_lead",
        "hand",
        "lacks",
        "layout",
        "next_seat",
        "obs",
        "passed_on",
        "rules",
        "seat",
        "unseen",
        "wild",
    )

    def __init__(self, obs: Observation, rules: LineRules) -> None:
        self.obs = obs
        self.rules = rules
        self.seat = obs.seat
        self.hand = obs.hand
        self.layout = obs.layout
        n = rules.players
        wild = rules.wild_tiles
        self.wild = wild
        lacks = [0] * n
        passed_on: list[set[int]] = [set() for _ in range(n)]
        first_lead: tuple[int, int] | None = None
        voluntary = rules.voluntary_draw and not INFER_FROM_VOLUNTARY_DRAWS
        draw_keeps_wild = rules.draw_keeps_wild
        history = obs.history
        for move, layout in zip(history, public_tables(rules, history), strict=False):
            action = move.action
            kind = type(action)
            if kind is Play:
                assert isinstance(action, Play)
                if first_lead is None and (layout is None or action.end is None):
                    first_lead = (move.seat, action.tile)
            elif isinstance(layout, Layout) and (kind is Pass or (kind is Draw and not voluntary)):
                fits = rules.playable_mask_for(layout, move.seat)
                if kind is Draw and draw_keeps_wild:
                    fits &= ~wild
                lacks[move.seat] |= fits
                passed_on[move.seat].update(p for p in layout.pips if p >= 0)
        self.lacks = lacks
        self.passed_on = passed_on
        self.first_lead = first_lead
        placed = obs.layout.placed if obs.layout is not None else 0
        self.unseen = rules.tiles.all_mask & ~obs.hand & ~placed
        seat = obs.seat
        nxt = (seat + 1) % n
        while obs.hand_sizes[nxt] == 0 and nxt != seat:
            nxt = (nxt + 1) % n
        self.next_seat = nxt

    # ----------------------------------------------------------------- one move ahead
    def left_by(self, action: Play) -> tuple[Layout, int]:
        """What this seat's play ``action`` would leave: the table (the move as the rules replay
        it) and the seat's tiles."""
        after = self.rules.replay_move(self.layout, self.seat, action)
        assert after is not None
        return after, self.hand & ~BIT[action.tile]

    # ----------------------------------------------------------------- chances
    def candidates(self, seat: int) -> int:
        """The unseen tiles ``seat`` may hold."""
        return self.unseen & ~self.lacks[seat]

    def chance_fits(self, seat: int, layout: Layout, *, wild: bool = True) -> float:
        """The chance that ``seat`` holds a tile fitting ``layout`` (without the wild tiles when
        ``wild`` is false)."""
        size = self.obs.hand_sizes[seat]
        if size == 0:
            return 0.0
        pool = self.candidates(seat)
        fits = self.rules.playable_mask(layout)
        if not wild:
            fits &= ~self.wild
        return chance_holds(pool.bit_count(), (pool & fits).bit_count(), size)

    def opponents(self) -> list[int]:
        """The seats not on this seat's side that still hold tiles."""
        rules = self.rules
        mine = rules.side_of[self.seat]
        return [
            s
            for s in range(rules.players)
            if rules.side_of[s] != mine and self.obs.hand_sizes[s] > 0
        ]

    def partners(self) -> list[int]:
        """This seat's partners (none outside partnership games)."""
        rules = self.rules
        side = rules.sides[rules.side_of[self.seat]]
        return [s for s in side if s != self.seat]

    def mean_unseen_pips(self) -> float:
        """The mean pip count of an unseen tile (what another seat's tile is worth on average)."""
        unseen = self.unseen
        count = unseen.bit_count()
        if not count:
            return 0.0
        value = self.rules.hand_value
        total = 0
        m = unseen
        while m:
            low_bit = m & -m
            total += value[low_bit.bit_length() - 1]
            m ^= low_bit
        return total / count


def own_fits(rules: LineRules, hand: int, layout: Layout) -> int:
    """How many open ends of ``layout`` a tile of ``hand`` fits (wild tiles not counted)."""
    ordinary = hand & ~rules.wild_tiles
    return sum(1 for p in layout.pips if p >= 0 and rules.end_mask[p] & ordinary)


def suit_counts(hand: int, max_pip: int) -> list[int]:
    """How many tiles of ``hand`` show each number (a double counts once)."""
    counts = [0] * (max_pip + 1)
    m = hand
    while m:
        low_bit = m & -m
        t = low_bit.bit_length() - 1
        counts[HIGH[t]] += 1
        if LOW[t] != HIGH[t]:
            counts[LOW[t]] += 1
        m ^= low_bit
    return counts
