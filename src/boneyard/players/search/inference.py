"""Hand inference: what one seat can know about the hidden tiles, and worlds sampled from it.

:class:`Inference` reads an :class:`~boneyard.core.protocol.Observation` (the public history
only) and builds, for every other seat, an exact model of its hidden hand; :func:`sample_world`
deals the unseen tiles to the other seats and the stock **uniformly among all hidden deals
consistent with the observation**; :func:`determinize` turns a sampled world into a full
:class:`~boneyard.core.protocol.GameState` that a perfect-information search can play on (built
by the game: :meth:`~boneyard.core.protocol.GameRules.state_from_position`).

**What is inferred.** The game reads its own public history
(:meth:`~boneyard.core.protocol.GameRules.hidden_facts`): every seat's history is a timeline of

* *acquisitions*: the tiles dealt to it (one group at the start) and each tile it drew (a draw's
  tile is hidden, but when it happened is public);
* *voids*: a move that proves the seat held none of some tiles **at that moment**: in a line
  game a pass, or a forced draw, when the ends showed certain pips
  (:func:`boneyard.games.line.state.read_public` says which moves prove what); in a trick game a
  trick it did not follow;
* *plays* of known tiles.

A void constrains only the tiles held at its moment: a tile drawn later is not covered by it. So
each tile a seat holds now must avoid every void made *after it was acquired*, and each tile it
played must avoid the voids between its acquisition and its play. Tiles are not labelled with
their acquisition, so the model sums over every way the seat's played tiles can be matched to its
acquisitions (a small dynamic programme over "epochs": the stretches between the seat's voids).
The result, per seat, is a few alternatives, each a list of hidden *slots* with the tiles each
slot may hold, weighted by the number of matchings that leave them.

**Sampling, exactly.** The target is the uniform distribution over hidden deals (initial hands
and stock order) under which every public move was legal, seen through the current hands and the
remaining stock. Each alternative (one per seat, combined) is a set of slot classes; the number
of ways to fill them with the unseen tiles is counted by dynamic programming over *tile classes*
(tiles allowed in the same slot classes), distributing each class over the slot classes it may
go to. A sample picks an alternative with probability proportional to its count, then walks the
tile classes choosing each distribution with probability proportional to the number of
completions, then shuffles: no rejection, exact up to the generator. The stock order is a uniform
shuffle of the tiles left for it.

**When the exact count is too big.** Long hands with many players (Mexican Train with five or more
players, many draws and passes) give each seat many epochs and the seats many different
constraints, and the exact count grows past any budget. Then the model gives way, step by step,
to a *sound approximation*, one that uses only what the observation shows and never rules out the
true deal: a seat whose matchings of plays to acquisitions are too many keeps only the voids since
its last acquisition (every tile it holds now avoided them); too many combinations of the seats'
alternatives relax the seats with the most; and past a work limit (or with seven slot classes or
more) the slots are filled at random, the tightest first, each tile only where its seat's
exclusions allow (:attr:`Inference.exact` is then false). The worlds drawn are then consistent
with the history as far as those exclusions go, but not exactly uniform.

Not used (sound, but less informative than possible): which seat led by the deal (a
``highest_double`` lead would also say who lacks the higher doubles) and how likely each play was
(the uniform model treats every legal play as equally likely to be chosen).

>>> import random
>>> from boneyard.games import get_game
>>> from boneyard.core.protocol import HandStart
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("block").configure(players=2)
>>> deal = [[T(t) for t in "6-6 6-5 5-5 4-4 3-3 2-2 1-1".split()],
...         [T(t) for t in "6-4 6-3 6-2 5-4 5-3 4-3 0-0".split()]]
>>> stock = [t for t in range(28) if not any(t in h for h in deal)]
>>> state = rules.start_hand(HandStart(deal, stock))
>>> state.apply_fast(state.legal_actions()[0])  # seat 0 leads 6-6
>>> inf = Inference.from_observation(state.observation(1))
>>> inf.unseen.bit_count(), inf.hand_sizes, inf.stock_size
(20, (6, 7), 14)
>>> hands, stock = sample_world(inf, random.Random(1))
>>> hands[1] == state.hands[1], hands[0].bit_count(), len(stock)
(True, 6, 14)
"""

from __future__ import annotations

import random
import time
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from math import comb, factorial, perm, prod
from typing import Any

from ...core.protocol import ACQUIRED, LACKS, PLAYED, GameRules, GameState, Observation, Position
from ...core.tiles import BIT

__all__ = [
    "Inference",
    "SlotClass",
    "determinize",
    "recent_voids",
    "sample_world",
    "world_state",
]

# A timeline's events (core.protocol.HiddenFacts): an acquisition (of a number of tiles), a void
# (a mask of tiles not held then), a play (of a tile).
_ACQ = ACQUIRED
_VOID = LACKS
_PLAY = PLAYED

# A slot class: (seat, or -1 for the stock; the tiles its slots may hold; how many slots).
SlotClass = tuple[int, int, int]


def _tiles(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _compositions(size: int, slots: Sequence[int], cap: Sequence[int]) -> Iterator[list[int]]:
    """Every way to split ``size`` tiles over the slot classes ``slots`` within ``cap``, as
    ``[count for each of slots]``."""
    # One to four slot classes (nearly every call) written out, in the order of the
    # general case below: the first class's count rising.
    k = len(slots)
    if k == 1:
        if size <= cap[slots[0]]:
            yield [size]
        return
    if k == 2:
        a, b = cap[slots[0]], cap[slots[1]]
        for n in range(max(0, size - b), min(size, a) + 1):
            yield [n, size - n]
        return
    if k == 3:
        a, b, c = cap[slots[0]], cap[slots[1]], cap[slots[2]]
        for n in range(max(0, size - b - c), min(size, a) + 1):
            left = size - n
            for m in range(max(0, left - c), min(left, b) + 1):
                yield [n, m, left - m]
        return
    if k == 4:
        a, b, c, d = (cap[j] for j in slots)
        for n in range(max(0, size - b - c - d), min(size, a) + 1):
            left = size - n
            for m in range(max(0, left - c - d), min(left, b) + 1):
                more = left - m
                for o in range(max(0, more - d), min(more, c) + 1):
                    yield [n, m, o, more - o]
        return
    if not slots:
        if size == 0:
            yield []
        return
    first, rest = slots[0], slots[1:]
    room = sum(cap[k] for k in rest)
    for n in range(max(0, size - room), min(size, cap[first]) + 1):
        for tail in _compositions(size - n, rest, cap):
            yield [n, *tail]


# Beyond these sizes the exact model gives way to a sound approximation (see Inference): the
# distributions a filler counts (every game but the long ones with many players needs well under a
# tenth of it), a seat's matchings of plays to acquisitions, and the combinations of the seats'
# alternatives.
_FILLER_WORK = 10_000
_SEAT_STATES = 2_000
_COMBOS = 256
# More slot classes than this (seats holding tiles under different voids) and the count is not
# tried at all: the games that get there (Mexican Train with many players) never finish it.
_SLOT_CLASSES = 7
# The distributions all the fillers of one inference may count together (about 5 µs each): a
# bound on the time of the exact count that does not depend on the clock.
_TOTAL_WORK = 100_000


_FACTORIAL = [factorial(n) for n in range(129)]  # every count of tiles up to a 128-tile set


class _TooBig(Exception):
    """The exact count would take too long: sample approximately instead."""


class _Counting:
    """What the fillers of one inference share: the tables of counts for each set of slot masks
    (the alternatives of a seat differ mostly in how many slots each mask has, so their counts
    share most sub-problems), the work spent on them together (at most :data:`_TOTAL_WORK`),
    and a :func:`time.monotonic` time to stop counting by (``None``: no clock), past which the
    inference gives way to its approximation as past the work limits."""

    __slots__ = ("deadline", "tables", "work")

    def __init__(self, deadline: float | None = None) -> None:
        self.deadline = deadline
        self.work = 0
        self.tables: dict[tuple[int, tuple[int, ...]], tuple[dict[Any, Any], dict[Any, Any]]] = {}

    def check(self) -> None:
        """:class:`_TooBig` past the work or the time."""
        if self.work > _TOTAL_WORK:
            raise _TooBig
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise _TooBig


def _greedy_fill(
    slots: Sequence[SlotClass], unseen: int, rng: random.Random, hands: list[int], stock: list[int]
) -> None:
    """Fill the slot classes with the unseen tiles at random, the tightest class first, each tile
    allowed in its class: a world consistent with every per-seat exclusion, though not drawn
    exactly uniformly. After many dead ends the exclusions are dropped (a world the history
    allows less, never one using hidden facts)."""
    for attempt in range(201):
        pool = unseen
        filled: list[tuple[int, int]] = []
        left = list(range(len(slots)))
        ok = True
        while left:
            # The class with the least room to spare; the stock (any tile) always last.
            k = min(
                left,
                key=lambda j: (
                    slots[j][0] < 0,
                    (pool & slots[j][1]).bit_count() - slots[j][2],
                ),
            )
            left.remove(k)
            seat, mask, count = slots[k]
            allowed = _tiles(pool & mask) if attempt < 200 else _tiles(pool)
            if len(allowed) < count:
                ok = False
                break
            chosen = rng.sample(allowed, count)
            m = 0
            for t in chosen:
                m |= BIT[t]
            pool &= ~m
            filled.append((seat, m))
        if ok:
            for seat, m in filled:
                if seat >= 0:
                    hands[seat] |= m
                else:
                    stock.extend(_tiles(m))
            return
    raise ValueError("no deal of the unseen tiles fits the hand sizes")


class _Filler:
    """Counts and samples the fillings of one set of slot classes with the unseen tiles."""

    __slots__ = (
        "_choices",
        "_counting",
        "_memo",
        "_work",
        "classes",
        "nslots",
        "slot_seats",
        "start",
        "total",
    )

    def __init__(
        self, slots: Sequence[SlotClass], unseen: int, counting: _Counting | None = None
    ) -> None:
        self.slot_seats = tuple(s for s, _, _ in slots)
        self.nslots = len(slots)
        groups: dict[tuple[int, ...], list[int]] = {}
        for t in _tiles(unseen):
            key = tuple(k for k, (_, mask, _) in enumerate(slots) if mask & BIT[t])
            groups.setdefault(key, []).append(t)
        # Smallest classes first: the largest (often "anywhere") is then forced at the end.
        self.classes: list[tuple[tuple[int, ...], list[int], int]] = sorted(
            ((key, tiles, sum(BIT[t] for t in tiles)) for key, tiles in groups.items()),
            key=lambda c: (len(c[1]), c[0]),
        )
        # The counts depend only on the classes, so on the slots' masks: fillers with the same
        # masks share their tables.
        self._counting = counting if counting is not None else _Counting()
        shape = (unseen, tuple(mask for _, mask, _ in slots))
        tables = self._counting.tables.get(shape)
        if tables is None:
            tables = self._counting.tables[shape] = ({}, {})
        self._memo: dict[tuple[int, tuple[int, ...]], int] = tables[0]
        self._choices: dict[tuple[int, tuple[int, ...]], tuple[list[list[int]], list[int]]] = (
            tables[1]
        )
        self._work = 0
        self.start = tuple(c for _, _, c in slots)
        labelled = 1
        for c in self.start:
            labelled *= factorial(c)
        self.total = labelled * self._count(0, self.start)

    def _options(self, i: int, cap: tuple[int, ...]) -> tuple[list[list[int]], list[int]]:
        key = (i, cap)
        hit = self._choices.get(key)
        if hit is not None:
            return hit
        if self._work > _FILLER_WORK:
            raise _TooBig
        allowed, tiles, _ = self.classes[i]
        size = len(tiles)
        base = _FACTORIAL[size]
        choices: list[list[int]] = []
        cum: list[int] = []
        acc = 0
        counting = self._counting
        counting.check()
        for split in _compositions(size, allowed, cap):
            self._work += 1
            counting.work += 1
            rest = list(cap)
            ways = base
            for k, n in zip(allowed, split, strict=True):
                rest[k] -= n
                ways //= _FACTORIAL[n]
            ways *= self._count(i + 1, tuple(rest))
            if ways:
                acc += ways
                choices.append(split)
                cum.append(acc)
        self._choices[key] = (choices, cum)
        return choices, cum

    def _count(self, i: int, cap: tuple[int, ...]) -> int:
        if i == len(self.classes):
            return 1 if not any(cap) else 0
        key = (i, cap)
        hit = self._memo.get(key)
        if hit is None:
            _, cum = self._options(i, cap)
            hit = cum[-1] if cum else 0
            self._memo[key] = hit
        return hit

    def marginals(self) -> dict[int, list[float]]:
        """Per unseen tile, the chance that each slot class holds it, over the fillings counted
        (a forward pass over the counting's states: the tiles of a class are exchangeable, so
        each gets the class's expected share of each slot class)."""
        forward: dict[tuple[int, ...], float] = {self.start: 1.0}
        out: dict[int, list[float]] = {}
        for i, (allowed, tiles, _) in enumerate(self.classes):
            expect = [0.0] * self.nslots
            reached: dict[tuple[int, ...], float] = {}
            for cap, chance in forward.items():
                choices, cum = self._options(i, cap)
                total = cum[-1]
                before = 0
                for split, upto in zip(choices, cum, strict=True):
                    q = chance * (upto - before) / total
                    before = upto
                    rest = list(cap)
                    for k, n in zip(allowed, split, strict=True):
                        rest[k] -= n
                        expect[k] += q * n
                    key = tuple(rest)
                    reached[key] = reached.get(key, 0.0) + q
            forward = reached
            for t in tiles:
                out[t] = [e / len(tiles) for e in expect]
        return out

    def sample(self, rng: random.Random, hands: list[int], stock: list[int]) -> None:
        cap = self.start
        seats = self.slot_seats
        for i, (allowed, tiles, mask) in enumerate(self.classes):
            choices, cum = self._options(i, cap)
            j = bisect_right(cum, rng.randrange(cum[-1])) if len(cum) > 1 else 0
            split = choices[j]
            rest = list(cap)
            used = [(k, n) for k, n in zip(allowed, split, strict=True) if n]
            for k, n in used:
                rest[k] -= n
            cap = tuple(rest)
            if len(used) == 1:
                seat = seats[used[0][0]]
                if seat >= 0:
                    hands[seat] |= mask
                else:
                    stock.extend(tiles)
                continue
            order = tiles[:]
            rng.shuffle(order)
            pos = 0
            for k, n in used:
                part = order[pos : pos + n]
                pos += n
                seat = seats[k]
                if seat >= 0:
                    m = 0
                    for t in part:
                        m |= BIT[t]
                    hands[seat] |= m
                else:
                    stock.extend(part)


class Inference:
    """One seat's exact reading of the hidden tiles: see the module docstring.

    ``unseen`` are the tiles this seat cannot see (not in its hand, not on the table);
    ``candidates[s]`` the tiles seat ``s`` may hold now (its own hand for this seat);
    ``voids[s]`` the masks of seat ``s``'s voids in order (tiles it did not hold at that moment;
    the deal-time doubles void of a draw for the lead included); ``hand_sizes``, ``stock_size``,
    ``reserve`` and ``drawable`` as in the observation.

    >>> from boneyard.games import get_game
    >>> from boneyard.core.protocol import HandStart
    >>> rules = get_game("block").configure(players=2)
    >>> hands, stock = rules.deal(random.Random(7))
    >>> state = rules.start_hand(HandStart(hands, stock))
    >>> inf = Inference.from_observation(state.observation(0))
    >>> inf.candidates[1] == inf.unseen, inf.world_weight(state.hands) > 0
    (True, True)
    """

    __slots__ = (
        "_alive",
        "_alive_in_stock",
        "_alternatives",
        "_cum",
        "_fillers",
        "_must_hold",
        "_stock_class",
        "candidates",
        "drawable",
        "exact",
        "hand",
        "hand_sizes",
        "obs",
        "reserve",
        "rules",
        "seat",
        "stock_size",
        "unseen",
        "voids",
    )

    obs: Observation
    rules: GameRules
    seat: int
    hand: int
    unseen: int
    hand_sizes: tuple[int, ...]
    stock_size: int
    reserve: int
    drawable: int
    voids: tuple[tuple[int, ...], ...]
    candidates: tuple[int, ...]
    _alive: int
    _alive_in_stock: bool
    _must_hold: tuple[int, int] | None
    _alternatives: list[tuple[int, tuple[SlotClass, ...]]]
    _fillers: list[_Filler | None]
    _cum: list[int]
    _stock_class: SlotClass
    exact: bool

    @classmethod
    def from_observation(cls, obs: Observation, deadline: float | None = None) -> Inference:
        """Read ``obs`` (its public history, hand sizes and stock) into an inference: the
        game's reading of its history (:meth:`~boneyard.core.protocol.GameRules.hidden_facts`)
        turned into slot classes and counted. The count stops at its work limits and, with a
        ``deadline`` (a :func:`time.monotonic` time: the search player's budget), at that time:
        then the sound approximation samples instead (:attr:`exact` is false)."""
        self = cls.__new__(cls)
        rules = obs.rules
        n = rules.players
        me = obs.seat
        facts = rules.hidden_facts(obs)
        self.obs = obs
        self.rules = rules
        self.seat = me
        self.hand = obs.hand
        unseen = facts.unseen
        self.unseen = unseen
        self.hand_sizes = obs.hand_sizes
        self.stock_size = obs.stock_size
        self.reserve = rules.reserve
        self.drawable = obs.drawable
        self._alive = facts.alive
        self._alive_in_stock = facts.alive_in_stock
        self._must_hold = facts.must_hold
        timelines = facts.timelines
        voids = tuple(tuple(m for kind, m in tl if kind == _VOID) for tl in timelines)
        self.voids = voids
        per_seat: list[list[tuple[int, tuple[SlotClass, ...]]]] = []
        seats: list[int] = []
        exact = True
        for s in range(n):
            if s == me:
                continue
            seats.append(s)
            alts = _seat_alternatives(s, timelines[s], unseen, obs.hand_sizes[s])
            if not alts:
                exact = False
                alts = _relaxed(s, timelines[s], unseen, obs.hand_sizes[s])
            per_seat.append(alts)
        # Too many combinations: the seats with the most alternatives are relaxed first.
        while prod(len(a) for a in per_seat) > _COMBOS:
            exact = False
            k = max(range(len(per_seat)), key=lambda j: len(per_seat[j]))
            seat = seats[k]
            per_seat[k] = _relaxed(seat, timelines[seat], unseen, obs.hand_sizes[seat])
        # Combine the seats' alternatives (usually one each) into slot-class sets.
        combos: dict[tuple[SlotClass, ...], int] = {(): 1}
        for alts in per_seat:
            nxt: dict[tuple[SlotClass, ...], int] = {}
            for slots, w in combos.items():
                for aw, aslots in alts:
                    key = slots + aslots
                    nxt[key] = nxt.get(key, 0) + w * aw
            combos = nxt
        # The rest of the unseen tiles: the stock (and the tiles thrown out unseen, where a game
        # has them: they are drawn with it, after its tiles).
        rest = unseen.bit_count() - sum(obs.hand_sizes[s] for s in seats)
        stock_class: SlotClass = (-1, unseen, rest)
        alternatives: list[tuple[int, tuple[SlotClass, ...]]] = []
        fillers: list[_Filler | None] = []
        cum: list[int] = []
        acc = 0
        cand = [0] * n
        built: list[tuple[int, tuple[SlotClass, ...], _Filler | None]]
        try:
            if max(len(slots) for slots in combos) >= _SLOT_CLASSES:
                raise _TooBig
            counting = _Counting(deadline)
            built = [
                (w, slots, _Filler((*slots, stock_class), unseen, counting))
                for slots, w in combos.items()
            ]
        except _TooBig:
            exact = False
            built = [(w, slots, None) for slots, w in combos.items()]
        for w, slots, filler in built:
            weight = w * filler.total if filler is not None else w
            if not weight:
                continue
            acc += weight
            alternatives.append((w, slots))
            fillers.append(filler)
            cum.append(acc)
            for s, mask, _ in slots:
                cand[s] |= mask
        if not cum:
            raise ValueError("no deal of the unseen tiles is consistent with this observation")
        cand[me] = obs.hand
        self.candidates = tuple(cand)
        self._alternatives = alternatives
        self._fillers = fillers
        self._cum = cum
        self.exact = exact
        self._stock_class = stock_class
        return self

    # ----------------------------------------------------------------- queries
    @property
    def deal_count(self) -> int:
        """What :meth:`sample` draws an alternative in proportion to, summed: where
        :attr:`exact`, the number of ways to deal the unseen tiles to the hidden slots (each
        seat's tiles and the stock in every order) consistent with the public history, before
        the two checks :meth:`sample` makes by rejection; else the approximation's weights. An
        exact count, drawn below with ``randrange``: far beyond 2**64 in the double-twelve
        games (every draw below it must be right for any size, :mod:`boneyard.core.stream`)."""
        return self._cum[-1]

    def excluded(self, seat: int) -> int:
        """The unseen tiles ``seat`` certainly does not hold now."""
        return self.unseen & ~self.candidates[seat]

    def world_weight(self, hands: Sequence[int]) -> int:
        """How many consistent hidden deals (per order of the remaining stock) give these
        current hands: zero for a world the public history rules out. The sampler draws each
        world with probability proportional to this."""
        me = self.seat
        if hands[me] != self.hand:
            return 0
        held = 0
        for s, h in enumerate(hands):
            if s != me:
                if h & ~self.unseen or h & held or h.bit_count() != self.hand_sizes[s]:
                    return 0
                held |= h
        # The stock: the rest, its playable tiles first (the weight is per stock order; a world
        # counts if some order keeps the hand alive).
        rest = _tiles(self.unseen & ~held)
        rest.sort(key=lambda t: not self._alive & BIT[t])
        if not self._not_blocked(hands, rest):
            return 0
        total = 0
        for w, slots in self._alternatives:
            ways = w
            by_seat: dict[int, list[tuple[int, int]]] = {}
            for s, mask, c in slots:
                by_seat.setdefault(s, []).append((mask, c))
            for s, classes in by_seat.items():
                # A seat's masks are nested: fill the most constrained slots first.
                used = 0
                for mask, c in sorted(classes, key=lambda mc: mc[0].bit_count()):
                    ways *= perm(max(0, (hands[s] & mask).bit_count() - used), c)
                    used += c
            total += ways
        return total

    def holders(self) -> tuple[int, ...]:
        """Who may hold an unseen tile: the other seats in order, then ``-1``, the stock (with
        the tiles out of play where a game throws some out face down)."""
        return (*(s for s in range(self.rules.players) if s != self.seat), -1)

    def marginals(self) -> dict[int, tuple[float, ...]] | None:
        """Per unseen tile, the exact chance that each of :meth:`holders` holds it now, uniform
        over the hidden deals consistent with the observation (what :meth:`sample` draws from);
        ``None`` where the inference is not exact (:attr:`exact`) or the count is too big.

        The two facts the sampler conditions on by rejection (a hand not over is not blocked;
        a seat offered a double's bonus play holds a tile for it) are conditioned on here by
        inclusion and exclusion: the fillings that break one are counted with the tiles
        concerned kept out of the seats' slots (a blocked hand has every playable unseen tile
        in the stock, and where the tiles that may be drawn keep the hand alive
        (``alive_in_stock``), none of them among those: a factor the stock's uniform order
        gives)."""
        if not self.exact or any(f is None for f in self._fillers):
            return None
        holders = self.holders()
        column = {h: i for i, h in enumerate(holders)}
        unseen = self.unseen
        alive = self._alive & unseen
        blocked_factor = 1.0
        if alive and self._alive_in_stock:
            m, a, d = self.stock_size, alive.bit_count(), self.drawable
            blocked_factor = comb(m - a, d) / comb(m, d) if d <= m - a else 0.0
        must = self._must_hold
        terms: list[tuple[float, int, int, int]] = [(1.0, 0, -2, 0)]  # sign, banned, seat, mask
        if alive:
            terms.append((-blocked_factor, alive, -2, 0))
        if must is not None:
            terms.append((-1.0, 0, must[0], must[1] & unseen))
            if alive:
                terms.append((blocked_factor, alive, must[0], must[1] & unseen))
        weight = 0.0
        sums = {t: [0.0] * len(holders) for t in _tiles(unseen)}
        try:
            counting = _Counting()
            parts: list[tuple[float, int, _Filler]] = []
            for w, slots in self._alternatives:
                for sign, banned, seat, mask in terms:
                    changed = tuple(
                        (s, m & ~banned & ~(mask if s == seat else 0), c) for s, m, c in slots
                    )
                    filler = _Filler((*changed, self._stock_class), unseen, counting)
                    if filler.total:
                        parts.append((sign, w * filler.total, filler))
            # The counts are exact ints of any size; as floats they are scaled by one power of
            # two (which cancels in the shares) so that no count past a float's range overflows.
            top = max((count.bit_length() for _, count, _ in parts), default=0)
            scale = 1 << max(0, top - 900)
            for sign, count, filler in parts:
                share = sign * (count / scale)
                weight += share
                seats = filler.slot_seats
                for t, chances in filler.marginals().items():
                    row = sums[t]
                    for k, p in enumerate(chances):
                        if p:
                            row[column[seats[k]]] += share * p
        except _TooBig:
            return None
        if weight <= 0:
            return None
        return {t: tuple(max(0.0, v / weight) for v in row) for t, row in sums.items()}

    def _not_blocked(self, hands: Sequence[int], stock: Sequence[int]) -> bool:
        """Whether the world agrees with the hand not being over (see :meth:`sample`)."""
        held = self._must_hold
        if held is not None and not hands[held[0]] & held[1]:
            return False
        alive = self._alive
        if not alive:
            return True
        pool = 0
        for h in hands:
            pool |= h
        if self._alive_in_stock:
            for t in stock[: self.drawable]:
                pool |= BIT[t]
        return bool(pool & alive)

    def sample(self, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A world: every seat's hand (bitmasks; this seat's own as it is) and the stock in draw
        order, uniform among the consistent deals (see :func:`sample_world`).

        Two facts are not per-seat exclusions: a hand that is not over is not blocked, so some
        seat holds a playable tile (when nothing can be drawn, and this seat holds none); and a
        seat offered a double's bonus play (``double_bonus_play``) held a tile for it, until it
        plays again. Worlds that break them are rejected and drawn again: conditioning by
        rejection keeps the distribution exactly uniform, and such worlds are rare."""
        cum = self._cum
        fillers = self._fillers
        n = self.rules.players
        for _ in range(1_000_000):
            j = bisect_right(cum, rng.randrange(cum[-1])) if len(cum) > 1 else 0
            hands = [0] * n
            hands[self.seat] = self.hand
            stock: list[int] = []
            filler = fillers[j]
            if filler is not None:
                filler.sample(rng, hands, stock)
            else:
                _greedy_fill(
                    (*self._alternatives[j][1], self._stock_class), self.unseen, rng, hands, stock
                )
            rng.shuffle(stock)
            if self._not_blocked(hands, stock):
                return tuple(hands), tuple(stock)
        raise ValueError("no consistent world found: the observation contradicts itself")


def _seat_alternatives(
    seat: int, timeline: Sequence[tuple[int, int]], unseen: int, size: int
) -> list[tuple[int, tuple[SlotClass, ...]]]:
    """The seat's hidden slots, summed over the matchings of its plays to its acquisitions:
    ``[(number of matchings, slot classes)]``.

    An acquisition's *epoch* is the number of the seat's voids before it; a tile acquired in
    epoch ``e`` must avoid every void from the ``e``-th on while held. The state is the number of
    tiles still held per epoch of acquisition.
    """
    states: dict[tuple[int, ...], int] = {(): 1}
    voids: list[int] = []
    for kind, value in timeline:
        if len(states) > _SEAT_STATES:
            return []  # too many matchings: the caller relaxes the seat (_relaxed)
        if kind == _VOID:
            voids.append(value)
        elif kind == _ACQ:
            e = len(voids)
            grown: dict[tuple[int, ...], int] = {}
            for counts, w in states.items():
                grow = list(counts) + [0] * (e + 1 - len(counts))
                grow[e] += value
                grown_key = tuple(grow)
                grown[grown_key] = grown.get(grown_key, 0) + w
            states = grown
        else:
            bit = BIT[value]
            # since[e]: the union of the voids from the e-th on.
            since = [0] * (len(voids) + 1)
            for e in range(len(voids) - 1, -1, -1):
                since[e] = since[e + 1] | voids[e]
            played: dict[tuple[int, ...], int] = {}
            for counts, w in states.items():
                for e, held in enumerate(counts):
                    if held and not since[e] & bit:
                        left = list(counts)
                        left[e] -= 1
                        left_key = tuple(left)
                        played[left_key] = played.get(left_key, 0) + w * held
            states = played
    since = [0] * (len(voids) + 1)
    for e in range(len(voids) - 1, -1, -1):
        since[e] = since[e + 1] | voids[e]
    out: dict[tuple[SlotClass, ...], int] = {}
    for counts, w in states.items():
        if sum(counts) != size:
            continue
        merged: dict[int, int] = {}
        for e, held in enumerate(counts):
            if held:
                mask = unseen & ~since[e]
                merged[mask] = merged.get(mask, 0) + held
        slots = tuple((seat, m, n) for m, n in sorted(merged.items()))
        out[slots] = out.get(slots, 0) + w
    return [(w, slots) for slots, w in out.items() if w]


def _relaxed(
    seat: int, timeline: Sequence[tuple[int, int]], unseen: int, size: int
) -> list[tuple[int, tuple[SlotClass, ...]]]:
    """The seat's hidden tiles under the voids since its last acquisition only: every tile it
    holds now was held through them. A sound relaxation of :func:`_seat_alternatives` (it drops
    what the earlier voids say about the tiles held before them)."""
    since = 0
    for kind, value in timeline:
        if kind == _ACQ:
            since = 0
        elif kind == _VOID:
            since |= value
    return [(1, ((seat, unseen & ~since, size),))]


def recent_voids(obs: Observation) -> tuple[int, ...]:
    """Per seat, the tiles it has shown it does not hold since it last took a tile (a pass or a
    forced draw on ends it could not match, a trick it did not follow), read from the public
    history with the voids of :class:`Inference` but without its counting: sound, cheap, less
    complete than :meth:`Inference.excluded`. The observer's own entry is 0.

    >>> from boneyard.games import get_game
    >>> from boneyard.core.protocol import HandStart
    >>> from boneyard.core.tiles import parse_tile as T
    >>> rules = get_game("block").configure(players=2)
    >>> deal = [[T(t) for t in "6-6 6-5 5-5 4-4 3-3 2-2 1-1".split()],
    ...         [T(t) for t in "4-3 4-2 3-2 3-1 2-1 1-0 0-0".split()]]
    >>> stock = [t for t in range(28) if not any(t in h for h in deal)]
    >>> state = rules.start_hand(HandStart(deal, stock))
    >>> state.apply_fast(state.legal_actions()[0])  # 6-6: seat 1 holds no 6 and passes
    >>> state.apply_fast(state.legal_actions()[0])
    >>> voids = recent_voids(state.observation(0))
    >>> voids[0], voids[1] == rules.tiles.suit_mask[6]
    (0, True)
    """
    n = obs.rules.players
    found = []
    for timeline in obs.rules.hidden_facts(obs).timelines:
        void = 0
        for kind, value in timeline:
            if kind == _ACQ:
                void = 0  # a tile taken since may be any
            elif kind == _VOID:
                void |= value
        found.append(void)
    return tuple(0 if s == obs.seat else found[s] for s in range(n))


def sample_world(
    inference: Inference, rng: random.Random
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deal the unseen tiles to the other seats and the stock: ``(hands, stock)``, hands as
    bitmasks per seat (the observer's own included), the stock in draw order.

    Exactly uniform over the hidden deals consistent with the observation (see the module
    docstring): no rejection, so every call costs the same.

    >>> from boneyard.games import get_game
    >>> from boneyard.core.protocol import HandStart
    >>> rules = get_game("draw").configure(players=3)
    >>> hands, stock = rules.deal(random.Random(3))
    >>> state = rules.start_hand(HandStart(hands, stock, leader=0))
    >>> inf = Inference.from_observation(state.observation(state.turn))
    >>> world = sample_world(inf, random.Random(0))
    >>> [h.bit_count() for h in world[0]], len(world[1])
    ([5, 5, 5], 13)
    """
    return inference.sample(rng)


def determinize(
    obs: Observation, rng: random.Random, inference: Inference | None = None
) -> GameState:
    """A full :class:`~boneyard.core.protocol.GameState` for the current position of ``obs``,
    with the hidden hands and stock of a sampled world (:func:`sample_world`).

    The game builds the state for the current position directly
    (:meth:`~boneyard.core.protocol.GameRules.state_from_position`): the observed table, turn,
    scores, history (public: draws without tiles) and pending flags, the observer's hand, and the
    sampled hands and stock. Its ``deal`` is the current hands (the true deal is not known).

    >>> from boneyard.games import get_game
    >>> from boneyard.core.protocol import HandStart
    >>> rules = get_game("draw").configure(players=2)
    >>> hands, stock = rules.deal(random.Random(5))
    >>> state = rules.start_hand(HandStart(hands, stock, leader=0))
    >>> state.apply_fast(state.legal_actions()[0])
    >>> obs = state.observation(state.turn)
    >>> det = determinize(obs, random.Random(0))
    >>> det.legal_actions() == list(obs.legal_actions), det.hand_sizes() == obs.hand_sizes
    (True, True)
    """
    inf = inference if inference is not None else Inference.from_observation(obs)
    hands, stock = inf.sample(rng)
    return world_state(obs, inf, hands, stock)


def world_state(
    obs: Observation, inf: Inference, hands: Sequence[int], stock: Sequence[int]
) -> GameState:
    """The state of :func:`determinize` for a given world: the current position of ``obs`` with
    these hands (bitmasks per seat) and this stock (in draw order), as :meth:`Inference.sample`
    returns them, built by the game
    (:meth:`~boneyard.core.protocol.GameRules.state_from_position`). Beyond the observation's
    stock, the sampled tiles are out of play (thrown out unseen, where a game has that)."""
    size = obs.stock_size
    out = 0
    for t in stock[size:]:
        out |= BIT[t]
    return obs.rules.state_from_position(Position(obs, hands, stock[:size], out))
