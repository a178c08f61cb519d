"""The encoding shared by the research interfaces: action ids, observation vectors, rewards.

One :class:`Codec` per resolved rule set (a :class:`~boneyard.core.protocol.GameRules`) fixes

* **the action space**, shared by every seat: an id for every play of a tile at an end (or with
  no end: a lead, a play into a trick), in either orientation, and one id for each other kind of
  action (draw, pass, a muggins call, ...; a kind that names a tile, such as a discard, one id per
  tile). The seat to move always has at least one legal id.
* **the observation vector** of one seat, built from that seat's
  :class:`~boneyard.games.line.state.Observation` only (its own tiles and the public facts),
  documented field by field in :attr:`Codec.fields`;
* **the rewards** of a finished hand, per seat, a side's reward going to every seat of the side.

Everything is derived from the engine, not written per game: the ends are slots by position
(``layout.names`` only ever grows during a hand, so an end keeps its position), their number found
by laying tiles with the rules' own ``lead_layout``/``lay``; the other kinds of action are the
shared ones (draw, pass, a muggins call) and the game's own
(:attr:`~boneyard.core.protocol.GameRules.action_kinds`).

>>> from boneyard.games import get_game
>>> from boneyard.core.match import Match
>>> codec = Codec(get_game("block").configure(players=2))
>>> codec.end_slots, codec.num_actions, [k.name for k in codec.kinds][:3]
(2, 171, ['draw', 'pass', 'muggins'])
>>> state = Match(codec.rules, seed=1).hand
>>> obs = state.observation(state.turn)
>>> legal = codec.legal_map(obs)
>>> all(codec.action_id(a, obs.layout) in legal for a in obs.legal_actions)
True
>>> codec.observation_vector(obs).shape == (codec.observation_size,)
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ...core.actions import Action, Draw, Move, Muggins, Pass, Play, play
from ...core.capabilities import LineReading, PublicTricks, TrickReading
from ...core.history import public_steps
from ...core.layout import LONG, SHORT, Layout
from ...core.protocol import GameRules, HandResult, Observation
from ...core.tiles import DOUBLE, LOW, NAMES
from ...players.agents import play_points
from ...players.search.inference import recent_voids

__all__ = [
    "ENCODING_VERSION",
    "EPISODES",
    "REWARDS",
    "SHARED_ACTION_KINDS",
    "ActionKind",
    "Codec",
    "Field",
    "action_kinds",
    "end_slots",
    "higher_is_better",
    "max_moves",
]

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

REWARDS = ("win", "points")
EPISODES = ("hand", "match")
"""What an episode of the environments is: one hand (the default), or a whole match, its hands
dealt one after another to the target (``episode="match"``)."""


# ---------------------------------------------------------------------------- the action space
@dataclass(frozen=True)
class ActionKind:
    """A kind of action other than a play: ``name`` (the class name, lower case), its class,
    whether it names a tile (one id per tile) and its first id."""

    name: str
    cls: type[Action]
    per_tile: bool
    offset: int


ENCODING_VERSION = 2
"""The version of the action ids and the observation vector. A saved policy records it
(:func:`boneyard.research.env.policy.save_policy`); it is raised whenever an existing game's ids or
fields change, so a policy is never read with another encoding than the one it learned."""

SHARED_ACTION_KINDS: tuple[type[Action], ...] = (Draw, Pass, Muggins)
"""The kinds of action other than plays that every game's action space numbers, in the order of
their ids, right after the plays. A game's own kinds that are not enumerated
(:attr:`~boneyard.core.protocol.GameRules.action_kinds`: Domino Loo's discard, drop, stand and
miss) follow, in the order the game lists them, then the actions of its bidding or declaration
phases (:meth:`~boneyard.core.protocol.GameRules.phase_actions`). So a kind one game adds moves no
id of another game (``tests/env/test_encoding.py`` pins every game's size and ids)."""


def action_kinds(rules: GameRules) -> list[tuple[str, type[Action], bool]]:
    """The kinds of action other than plays in the action space of ``rules``, each ``(name,
    class, names a tile)``: :data:`SHARED_ACTION_KINDS`, then the game's own kinds that it does not
    enumerate. ``name`` is the class name in lower case."""
    own = [k for k in rules.action_kinds if not k.enumerated and k not in SHARED_ACTION_KINDS]
    return [
        (cls.__name__.lower(), cls, "tile" in getattr(cls, "__slots__", ()))
        for cls in (*SHARED_ACTION_KINDS, *own)
    ]


def end_slots(rules: GameRules) -> int:
    """How many ends a layout of these rules can have: the most ends of any lead's layout, plus
    what every double can open when laid later (a spinner's short sides, a chicken foot's toes).

    Found with the rules' own ``lead_layout`` and ``lay``: from each lead, every other double is
    laid in turn (the pips need not match: only the number of ends is wanted). Only doubles open
    new ends in the engine's games; a layout with more ends than this is reported by
    :meth:`Codec.action_id`."""
    if not isinstance(rules, LineReading):
        return 0  # tiles are not laid on a line: no ends
    size = rules.tiles.size
    doubles = [t for t in range(size) if DOUBLE[t]]
    most = 0
    for lead in range(size):
        try:
            layout = rules.lead_layout(lead, None)
        except Exception:
            continue
        most = max(most, len(layout.names))
        for d in doubles:
            if d == lead or not layout.names:
                continue
            try:
                layout = rules.lay(layout, play(d, layout.names[0]))
            except Exception:
                continue
            most = max(most, len(layout.names))
    return most


def max_moves(rules: GameRules) -> int:
    """An upper bound on the number of actions (not chance events) in one hand: every tile
    played and drawn at most once, every other kind of action at most once per tile or seat,
    a muggins call after each play, and at most one pass per seat between two of those."""
    n = rules.players
    size = rules.tiles.size
    dealt = min(size, n * rules.hand_size)
    draws = size - dealt if rules.hidden_moves else 0
    plays = min(size, dealt + draws)
    others = 0
    for name, _cls, per_tile in action_kinds(rules):
        if name in ("draw", "pass", "muggins"):
            continue
        others += size if per_tile else n
    progress = plays + draws + others
    muggins = plays if rules.claims else 0
    return progress + muggins + (n + 1) * (progress + 1)


class Codec:
    """The action space and the observation vector of one rule set (see the module docstring).

    Action ids: for tile ``t``, slot ``s`` and variant ``v`` the play id is
    ``(t * slots + s) * 2 + v``, where slot 0 is "no end" (a lead; a play into a trick) and slot
    ``k >= 1`` is the end at position ``k - 1`` of ``layout.names``; variant 1 is a non-double laid
    with its **low** half exposed (for a lead: toward R), variant 0 everything else (the high half
    exposed, a double, or no choice). The kinds of :func:`action_kinds` follow, from
    ``play_actions``: one id each, or one per tile.
    """

    rules: GameRules
    players: int
    sides: int
    tiles: int
    pips: int
    end_slots: int
    slots: int
    play_actions: int
    kinds: tuple[ActionKind, ...]
    num_actions: int
    fields: tuple[Field, ...]
    observation_size: int
    max_moves: int
    scale: float

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.players = rules.players
        self.sides = len(rules.sides)
        self.tiles = t = rules.tiles.size
        self.pips = rules.tiles.max_pip + 1
        self.end_slots = end_slots(rules)
        self.slots = 1 + self.end_slots
        self.play_actions = t * self.slots * 2
        kinds = []
        offset = self.play_actions
        for name, cls, per_tile in action_kinds(self.rules):
            kinds.append(ActionKind(name, cls, per_tile, offset))
            offset += t if per_tile else 1
        self.kinds = tuple(kinds)
        self._kind_of: dict[type[Action], ActionKind] = {k.cls: k for k in kinds}
        # The actions of a bidding or declaration phase the game lists (Texas 42's bids and
        # trumps): one id each, after the kinds; none in most games.
        self.phase_actions = tuple(rules.phase_actions())
        self.phase_offset = offset
        self._phase_id = {a: offset + i for i, a in enumerate(self.phase_actions)}
        offset += len(self.phase_actions)
        self.num_actions = offset
        self.max_moves = max_moves(rules)
        # A game with tricks to read (Domino Loo) has the public fields of its tricks.
        self.tricks = isinstance(rules, TrickReading)
        target = rules.target_score
        self.scale = float(target) if isinstance(target, int | float) and target > 0 else 100.0
        self.fields = _fields(self)
        self.observation_size = sum(f.size for f in self.fields)
        self._field = {f.name: f for f in self.fields}
        self._claims = bool(rules.claims)
        self._sign = 1.0 if higher_is_better(rules) else -1.0
        self.low = np.concatenate([np.full(f.size, f.low, np.float32) for f in self.fields]).astype(
            np.float32
        )
        self.high = np.concatenate(
            [np.full(f.size, f.high, np.float32) for f in self.fields]
        ).astype(np.float32)

    # ------------------------------------------------------------------ actions
    def action_id(self, action: Action, layout: Layout | None) -> int:
        """The id of an engine action taken on ``layout`` (``None`` before the lead). A play's
        claim is not part of its id (see :meth:`legal_map`)."""
        if type(action) is Play:
            t = action.tile
            end = action.end
            if end is None:
                slot = 0
            else:
                if layout is None:
                    raise ValueError(f"{action!r} names an end, but the table is empty")
                slot = layout.names.index(end) + 1
                if slot > self.end_slots:
                    raise ValueError(
                        f"the table has {len(layout.names)} ends, more than the "
                        f"{self.end_slots} of this action space ({self.rules.describe()})"
                    )
            variant = (
                1 if action.open is not None and action.open == LOW[t] and not DOUBLE[t] else 0
            )
            return (t * self.slots + slot) * 2 + variant
        if action.enumerated:
            phase_id = self._phase_id.get(action)
            if phase_id is None:
                raise ValueError(f"{action!r} is not an action of this action space")
            return phase_id
        kind = self._kind_of.get(type(action))
        if kind is None:
            raise ValueError(f"{action!r} is not an action of this action space")
        if kind.per_tile:
            tile = getattr(action, "tile", None)
            if not isinstance(tile, int):
                raise ValueError(f"{action!r} names no tile")
            return kind.offset + tile
        return kind.offset

    def legal_map(self, obs: Observation) -> dict[int, Action]:
        """The legal ids of the seat to move in ``obs``, each with the engine action it stands
        for (empty for a seat not to move).

        Where scores must be claimed (muggins claiming), a play's id stands for the play with
        the claim of exactly what it scores (no claim when it scores nothing), as the computer
        players claim: a missing or wrong claim can only lose points, so those variants are left
        out of the action space."""
        out: dict[int, Action] = {}
        layout = obs.layout
        for a in obs.legal_actions:
            i = self.action_id(a, layout)
            if type(a) is Play and a.claim is not None:
                base = Play(a.tile, a.end, a.open)
                if a.claim == play_points(obs, base):
                    out[i] = a
                continue
            if i not in out:
                out[i] = a
        return out

    def action_mask(self, obs: Observation, legal: dict[int, Action] | None = None) -> Mask:
        """1 for every legal id of ``obs`` (all 0 for a seat not to move)."""
        mask = np.zeros(self.num_actions, np.int8)
        ids = list(legal if legal is not None else self.legal_map(obs))
        if ids:
            mask[ids] = 1
        return mask

    def decode(self, obs: Observation, action_id: int) -> Action:
        """The engine action of a legal id; :class:`ValueError` saying what is legal otherwise."""
        legal = self.legal_map(obs)
        action = legal.get(int(action_id))
        if action is None:
            names = ", ".join(f"{i} ({legal[i]})" for i in sorted(legal))
            raise ValueError(
                f"action {action_id} ({self.action_name(int(action_id))}) is not legal now"
                + (f": legal are {names}" if names else ": this seat is not to move")
            )
        return action

    def action_name(self, action_id: int) -> str:
        """The id in words, without the table: ``6-4 at end #1``, ``6-4 (lead, low half to R)``,
        ``draw``, ``discard 5-3``."""
        if not 0 <= action_id < self.num_actions:
            raise ValueError(f"no action {action_id}: ids run from 0 to {self.num_actions - 1}")
        if action_id < self.play_actions:
            rest, variant = divmod(action_id, 2)
            t, slot = divmod(rest, self.slots)
            where = "no end" if slot == 0 else f"end #{slot - 1}"
            half = ", low half exposed" if variant else ""
            return f"{NAMES[t]} at {where}{half}"
        if action_id >= self.phase_offset:
            return str(self.phase_actions[action_id - self.phase_offset])
        for kind in reversed(self.kinds):
            if action_id >= kind.offset:
                if kind.per_tile:
                    return f"{kind.name} {NAMES[action_id - kind.offset]}"
                return kind.name
        raise AssertionError("unreachable")  # pragma: no cover

    # ------------------------------------------------------------------ observations
    def observation_vector(self, obs: Observation, out: Vector | None = None) -> Vector:
        """The observation vector of ``obs``'s seat (see :attr:`fields`); written into ``out``
        when given."""
        vec = out if out is not None else np.zeros(self.observation_size, np.float32)
        if out is not None:
            vec.fill(0.0)
        rules = self.rules
        n = self.players
        size = self.tiles
        me = obs.seat
        f = self._field

        def put_tiles(offset: int, mask: int) -> None:
            while mask:
                low_bit = mask & -mask
                vec[offset + low_bit.bit_length() - 1] = 1.0
                mask ^= low_bit

        put_tiles(f["hand"].offset, obs.hand)
        table = obs.table
        layout = obs.layout
        tricks = rules.read_tricks(table) if isinstance(rules, TrickReading) else None
        line = layout.placed if layout is not None else 0
        placed = tricks.placed if tricks is not None else line
        if table is None:
            vec[f["lead"].offset] = 1.0
        else:
            put_tiles(f["table"].offset, placed)
            if layout is not None:
                self._ends(vec, f["ends"].offset, layout)
        for s in range(n):
            r = (s - me) % n
            vec[f["hand_sizes"].offset + r] = obs.hand_sizes[s] / size
        vec[f["stock"].offset] = obs.stock_size / size
        vec[f["stock"].offset + 1] = obs.drawable / size
        vec[f["seat"].offset + me] = 1.0
        if not obs.over:
            vec[f["turn"].offset + (obs.turn - me) % n] = 1.0
        vec[f["leader"].offset + (obs.leader - me) % n] = 1.0
        k = self.sides
        mine = rules.side_of[me]
        for side in range(k):
            r = (side - mine) % k
            vec[f["scores"].offset + r] = obs.scores[side] / self.scale
            vec[f["totals"].offset + r] = obs.totals[side] / self.scale
        played = f["played"].offset
        draws = f["draws"].offset
        passes = f["passes"].offset
        for move in obs.history:
            r = (move.seat - me) % n
            kind = type(move.action)
            if kind is Play:
                vec[played + r * size + move.action.tile] = 1.0  # type: ignore[operator]
            elif kind is Draw:
                vec[draws + r] += 1.0 / size
            elif kind is Pass:
                vec[passes + r] += 1.0 / size
            elif move.action.enumerated and self.phase_actions:
                i = self._phase_id[move.action] - self.phase_offset
                vec[f["phase_moves"].offset + r * len(self.phase_actions) + i] = 1.0
        if tricks is not None:
            self._tricks(vec, obs, tricks)
        unseen = rules.tiles.all_mask & ~obs.hand & ~obs.discarded & ~placed
        voids = f["cannot_hold"].offset
        for s, void in enumerate(recent_voids(obs)):
            if s != me and void & unseen:
                put_tiles(voids + ((s - me) % n) * size, void & unseen)
        return vec

    def _tricks(self, vec: Vector, obs: Observation, table: PublicTricks) -> None:
        """The fields of a trick-taking game's table (all public but ``discarded``)."""
        f = self._field
        n = self.players
        me = obs.seat
        trump = table.trump
        if 0 <= trump < self.pips:
            vec[f["trump"].offset + trump] = 1.0
        for seat, t in table.trick:
            vec[f["trick"].offset + ((seat - me) % n) * self.tiles + t] = 1.0
        leader = table.leader
        if leader >= 0:
            vec[f["trick_leader"].offset + (leader - me) % n] = 1.0
        size = max(1, self.rules.hand_size)
        for seat, won in enumerate(table.won):
            vec[f["won"].offset + (seat - me) % n] = won / size
        for seat, status in enumerate(table.status):
            vec[f["status"].offset + ((seat - me) % n) * 4 + min(int(status), 3)] = 1.0
        vec[f["owed"].offset] = table.owed / self.tiles
        mask = obs.discarded
        offset = f["discarded"].offset
        while mask:
            low_bit = mask & -mask
            vec[offset + low_bit.bit_length() - 1] = 1.0
            mask ^= low_bit

    def _ends(self, vec: Vector, offset: int, layout: Layout) -> None:
        width = self.pips + 5
        if len(layout.names) > self.end_slots:
            raise ValueError(
                f"the table has {len(layout.names)} ends, more than the {self.end_slots} of this "
                f"observation ({self.rules.describe()})"
            )
        top = self.pips - 1
        for i, pip in enumerate(layout.pips):
            base = offset + i * width
            vec[base] = 1.0
            if pip < 0:
                vec[base + 1 + self.pips] = 1.0
            elif pip <= top:
                vec[base + 1 + pip] = 1.0
            else:
                # An end showing more than one number (a matador laid crosswise): its label.
                rules = self.rules
                label = rules.end_label(pip) if isinstance(rules, LineReading) else str(pip)
                for text in re.findall(r"\d+", label):
                    if int(text) <= top:
                        vec[base + 1 + int(text)] = 1.0
            kind = layout.kinds[i]
            if kind == SHORT:
                vec[base + 2 + self.pips] = 1.0
            elif kind != LONG:
                vec[base + 3 + self.pips] = 1.0
            if DOUBLE[layout.tips[i]]:
                vec[base + 4 + self.pips] = 1.0

    # ------------------------------------------------------------------ history (OpenSpiel)
    def move_width(self) -> int:
        """The size of one move in :meth:`history_planes`."""
        return 1 + self.players + 1 + len(self.kinds) + self.tiles + self.slots + 1

    def history_planes(self, moves: Sequence[Move], seat: int, out: Vector, offset: int) -> None:
        """Write ``moves`` (a hand's history as ``seat`` knows it: its own draws with their
        tiles, the others' without) into ``out[offset:]``, one row of :meth:`move_width` per
        move, at most :attr:`max_moves` rows: present, the seat relative to ``seat``, the kind
        (play first), the tile (played, discarded, or drawn by ``seat``), the slot of the end
        and the variant."""
        rules = self.rules
        n = self.players
        width = self.move_width()
        kinds = 1 + len(self.kinds)
        for step in public_steps(rules, moves):
            row = step.index
            move = step.move
            layout = step.before if isinstance(step.before, Layout) else None
            if row >= self.max_moves:
                raise ValueError(f"more than {self.max_moves} moves in one hand")
            base = offset + row * width
            out[base] = 1.0
            out[base + 1 + (move.seat - seat) % n] = 1.0
            action = move.action
            kind_base = base + 1 + n
            tile_base = kind_base + kinds
            slot_base = tile_base + self.tiles
            if type(action) is Play:
                out[kind_base] = 1.0
                out[tile_base + action.tile] = 1.0
                i = self.action_id(action, layout)
                rest, variant = divmod(i, 2)
                out[slot_base + rest % self.slots] = 1.0
                out[slot_base + self.slots] = float(variant)
            else:
                kind = self._kind_of.get(type(action))
                if kind is not None:
                    out[kind_base + 1 + self.kinds.index(kind)] = 1.0
                tile = move.drawn if type(action) is Draw else getattr(action, "tile", None)
                if isinstance(tile, int):
                    out[tile_base + tile] = 1.0

    # ------------------------------------------------------------------ rewards
    def rewards(self, result: HandResult, mode: str = "win") -> tuple[float, ...]:
        """Each seat's reward for a finished hand, a side's reward going to each of its seats.

        ``win``: +1 to the side that won the hand, ``-1/(sides-1)`` to each other side, 0 to all
        when nobody won it. ``points``: the side's points minus the mean of the other sides'
        (negated where a lower score is better: debits, pips counted against). Both sum to zero
        over the sides."""
        k = self.sides
        if mode == "win":
            return self.win_rewards(result.winner)
        if mode == "points":
            pts = [float(p) for p in result.points]
            total = sum(pts)
            per_side = [self._sign * (p - (total - p) / (k - 1)) for p in pts]
        else:
            raise ValueError(f"unknown reward {mode!r}: choose from {', '.join(REWARDS)}")
        return tuple(per_side[self.rules.side_of[s]] for s in range(self.players))

    def win_rewards(self, winner: int | None) -> tuple[float, ...]:
        """Each seat's ``win`` reward when side ``winner`` won (a hand, or a whole match):
        +1 to it, ``-1/(sides-1)`` to each other side, 0 to all when nobody won."""
        k = self.sides
        if winner is None:
            per_side = [0.0] * k
        else:
            per_side = [1.0 if s == winner else -1.0 / (k - 1) for s in range(k)]
        return tuple(per_side[self.rules.side_of[s]] for s in range(self.players))


def higher_is_better(rules: GameRules) -> bool:
    """Whether a higher score is better in these rules, asked of the rules' own
    ``match_winner``: false where totals are debits or pips counted against (the lowest
    wins)."""
    k = len(rules.sides)
    totals = [10.0**9, *range(k - 1)]
    return rules.match_winner(totals) == 0


# ---------------------------------------------------------------------------- the fields
@dataclass(frozen=True)
class Field:
    """One field of the observation vector: ``name``, ``offset`` and ``size`` in the vector,
    its ``shape`` (rows, columns) and what it holds; ``low`` and ``high`` bound its values."""

    name: str
    offset: int
    size: int
    shape: tuple[int, ...]
    description: str
    low: float = 0.0
    high: float = 1.0


Spec = tuple[str, tuple[int, ...], str, float, float]
"""A field before it is laid out: its name, shape, description and bounds."""


def _fields(codec: Codec) -> tuple[Field, ...]:
    """The fields of the observation vector, laid out one after another: the table, the
    players and the history every game has, then a phase's moves and the tricks where the
    game has them."""
    specs = [
        *_table_fields(codec),
        *_seat_fields(codec),
        *_phase_fields(codec),
        *_trick_fields(codec),
    ]
    out = []
    offset = 0
    for name, shape, text, low, high in specs:
        size = int(np.prod(shape))
        out.append(Field(name, offset, size, shape, text, low, high))
        offset += size
    return tuple(out)


def _table_fields(codec: Codec) -> list[Spec]:
    """The tiles held and on the table, and the ends of a line."""
    t, e = codec.tiles, codec.end_slots
    width = codec.pips + 5
    return [
        ("hand", (t,), "1 for each tile this seat holds (by tile index)", 0.0, 1.0),
        ("table", (t,), "1 for each tile laid on the table", 0.0, 1.0),
        ("lead", (1,), "1 while nothing is on the table (the next play is the lead)", 0.0, 1.0),
        (
            "ends",
            (e, width),
            "per end position (the order of layout.names): exists, the pips it shows (one "
            f"column per pip 0..{codec.pips - 1}; both halves of a matador laid crosswise), not "
            "open yet, a spinner's short side with nothing on it, a marked train (any other "
            "kind of end), the tile at its tip is a double",
            0.0,
            1.0,
        ),
    ]


def _seat_fields(codec: Codec) -> list[Spec]:
    """The seats, the scores and the public history of every game."""
    n, k, t = codec.players, codec.sides, codec.tiles
    most = float(codec.max_moves) / t
    return [
        (
            "hand_sizes",
            (n,),
            "tiles held by each seat, relative to this seat (0 = this seat, 1 = next), / tiles",
            0.0,
            1.0,
        ),
        ("stock", (2,), "tiles in the stock and tiles that may still be drawn, / tiles", 0.0, 1.0),
        ("seat", (n,), "this seat's number, one-hot", 0.0, 1.0),
        ("turn", (n,), "the seat to move, relative to this seat, one-hot (0 once over)", 0.0, 1.0),
        ("leader", (n,), "the seat that led, relative to this seat, one-hot", 0.0, 1.0),
        (
            "scores",
            (k,),
            "points scored this hand per side, this seat's side first, / target score",
            -1000.0,
            1000.0,
        ),
        (
            "totals",
            (k,),
            "the match totals before this hand per side, this seat's side first, / target score",
            -1000.0,
            1000.0,
        ),
        (
            "played",
            (n, t),
            "the tiles each seat has played, relative seats (public history)",
            0.0,
            1.0,
        ),
        ("draws", (n,), "draws made by each seat, relative seats, / tiles", 0.0, most),
        ("passes", (n,), "passes made by each seat, relative seats, / tiles", 0.0, most),
        (
            "cannot_hold",
            (n, t),
            "tiles this seat cannot see that each other seat has shown it does not hold since it "
            "last took a tile (passes, forced draws, tricks not followed; "
            "boneyard.players.search.inference.recent_voids), relative seats; this seat's row is 0",
            0.0,
            1.0,
        ),
    ]


def _phase_fields(codec: Codec) -> list[Spec]:
    """The moves of a bidding or declaration phase, where the game has one."""
    if not codec.phase_actions:
        return []
    n = codec.players
    return [
        (
            "phase_moves",
            (n, len(codec.phase_actions)),
            "games with a bidding or declaration phase (Texas 42): the bids and declarations "
            "each seat has made, relative seats, one column per action of the phase (in the "
            "order of the action ids after the kinds)",
            0.0,
            1.0,
        ),
    ]


def _trick_fields(codec: Codec) -> list[Spec]:
    """The public tricks, where the game has tricks to read."""
    if not codec.tricks:
        return []
    n, t = codec.players, codec.tiles
    return [
        ("trump", (codec.pips,), "trick-taking games: the trump number, one-hot", 0.0, 1.0),
        (
            "trick",
            (n, t),
            "trick-taking games: the tile each seat has played to the trick in progress, "
            "relative seats",
            0.0,
            1.0,
        ),
        (
            "trick_leader",
            (n,),
            "trick-taking games: the seat that led the trick in play, relative, one-hot",
            0.0,
            1.0,
        ),
        ("won", (n,), "trick-taking games: tricks won per seat, relative, / hand size", 0, 1),
        (
            "status",
            (n, 4),
            "trick-taking games: each seat's decision before the play, relative seats, "
            "one-hot: undecided, stood, took the miss, dropped out",
            0.0,
            1.0,
        ),
        ("owed", (1,), "trick-taking games: discards the seat to move owes, / tiles", 0, 1),
        (
            "discarded",
            (t,),
            "trick-taking games: this seat's own tiles put out of play (face down)",
            0.0,
            1.0,
        ),
    ]
