"""The shared mechanism of the line games: their rules.

:class:`LineRules` is the resolved, frozen rules of one match of a line game (what
:meth:`~boneyard.core.game.Game.configure` returns), with the hooks that the engine
(:mod:`boneyard.games.line.state`) calls: dealing, the lead, which tiles may go where, what a play
scores, when a hand ends and what it scores, and when the match ends.

Most games share the mechanism here (equal-number matching on a line, spinners, drawing, blocked
hands); a game that differs overrides a few hooks, as a python-chess variant overrides a few methods
of the board.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...core.actions import _BY_END as _PLAYS_AT
from ...core.actions import DRAW, PASS, Action, Move, Play, play, plays_at
from ...core.capabilities import GivesSearchHints, LineReading, SearchHints
from ...core.game import (
    Game,
)
from ...core.i18n import NP_, _
from ...core.kernel_spec import KernelSpec
from ...core.layout import Layout
from ...core.notation import parse_action
from ...core.options import (
    OptionError,
    Options,
    format_value,
)
from ...core.protocol import (
    TARGET_SCORE,
    GameRules,
    GameState,
    HandResult,
    HandStart,
    HiddenFacts,
    Observation,
    Position,
)
from ...core.tiles import (
    BIT,
    DOUBLE,
    HIGH,
    LOW,
    NAMES,
    PIPS,
    TileSet,
    parse_tile,
    tile_set,
    tiles_of,
)
from .options import (
    BLOCKED_SCORING,
    BLOCKED_TIE,
    BLOCKED_WINNER,
    CAPICUA_BONUS,
    CAPICUA_ENDS,
    COUNT_STOCK_PIPS,
    DOMINO_POINTS,
    DOUBLE_BLANK_BONUS,
    DOUBLE_BONUS_PLAY,
    DOUBLES_CROSSWISE,
    DRAW_POLICY,
    EARLY_BLOCK_DETECTION,
    FIRST_LEAD,
    HAND_DOUBLE_VALUE,
    HAND_SIZE,
    LEAD_TILE,
    NEXT_LEAD,
    NO_DOUBLE,
    OPENING_PASS_BONUS,
    OPENING_PASS_BONUS_DOUBLE,
    PARTNER_PIPS,
    PARTNERSHIPS,
    PASS_BONUS,
    ROUND_SCOPE,
    SPINNER,
    SPINNER_FILL_FIRST,
    SPINNER_SIDES_FIRST,
    STOCK_RESERVE,
    TARGET_EXACT,
    TEAM_OUT_RULE,
    TILE_SET,
    TURN_DIRECTION,
    VOLUNTARY_DRAW,
    BlockedTie,
    BlockedWinner,
    CapicuaEnds,
    DrawPolicy,
    HandDoubleValue,
    LeadTile,
    NextLead,
    NoDouble,
    PartnerPips,
    RoundScope,
    Spinner,
    TeamOutRule,
    TurnDirection,
)
from .state import LineState, read_public

if TYPE_CHECKING:
    pass

__all__ = ["LineRules"]

# The sentences the line games' engine writes (why a hand ended, why a move is refused), marked
# for translation: a reader in another language is told each whole, by its template
# (:meth:`boneyard.core.words.Voice.tell`), the seats named for him.
ENGINE_SENTENCES = (
    NP_("engine", "{seat} went out"),
    NP_("engine", "capicúa: +{n}"),
    NP_("engine", "the double-blank: +{n}"),
    NP_("engine", "blocked: every side scores the differences to those above"),
    NP_("engine", "blocked: {side} holds the fewest pips"),
    NP_("engine", "blocked: {side} hold the fewest pips"),
    NP_("engine", "blocked: {names} tie for the fewest pips and split the score"),
    NP_("engine", "blocked: tie for the fewest pips, nobody scores"),
    NP_("engine", "blocked: {side} wins the tie ({rule})"),
    NP_("engine", "the hand is over"),
    NP_("engine", "{seat} is not to move ({seat2} is)"),
    NP_("engine", "{seat} does not hold {tile}"),
    NP_("engine", "{seat} must draw until a double appears"),
    NP_("engine", "the first tile is a lead: it takes no end (legal: {options})"),
    NP_("engine", "{seat} must lead {tile}"),
    NP_("engine", "{seat} cannot lead {action} (legal: {options})"),
    NP_("engine", "{seat} must name an end for {tile} (legal: {options})"),
    NP_("engine", "there is no end {end} (ends: {ends})"),
    NP_("engine", "end {end} is not open yet"),
    NP_("engine", "{seat} cannot play {tile} at {end}: the end shows {pip}"),
    NP_("engine", "{seat} cannot play {tile} at {end}: {why}"),
    NP_("engine", "end {end} cannot be played on until the spinner is complete"),
    NP_("engine", "{seat} cannot play {action} (legal: {options})"),
    NP_("engine", "there is no drawing in this game"),
    NP_("engine", "{seat} cannot draw: the stock is down to its reserve"),
    NP_("engine", "{seat} has drawn already this turn"),
    NP_("engine", "{seat} cannot draw while able to play (legal: {options})"),
    NP_("engine", "{seat} cannot pass while able to act (legal: {options})"),
    NP_("engine", "{action} is not an action of this game (legal: {options})"),
    NP_("engine", "{seat} may only add a tile matching {tile} or pass (legal: {options})"),
    NP_("engine", "a play may claim its points"),
    NP_("engine", "tile {tile} is not in this set"),
    NP_("engine", "{game} has no claims under these rules: scoring is automatic"),
    NP_("engine", "open {n} contradicts the lead: {tile} has no {n2}"),
    NP_("engine", "open {n} contradicts the rules: {tile} at {end} can leave {shown} showing"),
    NP_("engine", "{seat} must say which pip {tile} leaves exposed at {end} (open)"),
    NP_("engine", "{seat} has another turn for {tile} and must play a tile that fits an end"),
    NP_("engine", "{seat} may add one more tile for {tile}, one that fits an end, or pass"),
    NP_(
        "engine",
        "{seat} may add one more tile for {tile}, one that fits an end, or pass (legal: {options})",
    ),
    NP_(
        "engine",
        "{seat} has another turn for {tile} and must play a tile that fits an end "
        "(legal: {options})",
    ),
)


class LineRules(GameRules, LineReading, GivesSearchHints):
    """The resolved rules of one match: options plus the hooks the engine calls.

    Attributes read on hot paths are plain typed fields set once here.
    """

    game: Game
    rule_set: str
    options: Options
    players: int
    tiles: TileSet
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    hand_size: int
    reserve: int
    claim_values: tuple[int, ...] = ()
    """Every value a claim may name, where scores are claimed (none elsewhere)."""
    # What the rules tell their players' search (search_hints): set in __init__, and by a game
    # that plays differently (Domino Pool's rollouts).
    pip_weight: float
    scores_shape_future: bool
    search_needs_history: bool
    search_rollouts: bool = False

    # Why the points a play makes at once are scored (a Score's reason): the count of the open
    # ends in the counting games, a header in Bergen.
    play_reason = "play"
    # Tiles that fit any end (Matador's matadors), and whether a seat may draw rather than lay
    # one: what players reading the table need to know.
    wild_tiles = 0
    draw_keeps_wild = False

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        o = options
        self.tiles = tile_set(TILE_SET.text(o))
        partnerships = PARTNERSHIPS.flag(o)
        if partnerships and players != 4:
            raise OptionError(_("partnerships need exactly four players"))
        if partnerships:
            self.sides = ((0, 2), (1, 3))
        else:
            self.sides = tuple((s,) for s in range(players))
        self.side_of = tuple(
            next(i for i, side in enumerate(self.sides) if s in side) for s in range(players)
        )
        self.hand_size = HAND_SIZE.for_players(o, players)
        self.reserve = STOCK_RESERVE.for_players(o, players)
        self.domino_points = DOMINO_POINTS.text(o)
        self.blocked_scoring = BLOCKED_SCORING.text(o)
        self._check_scoring_and_deal(players)
        self.draw_policy = DRAW_POLICY.choice(o, DrawPolicy)
        self.voluntary_draw = VOLUNTARY_DRAW.flag(o)
        self.first_lead = FIRST_LEAD.text(o)
        self.lead_tile_rule = LEAD_TILE.choice(o, LeadTile)
        self.no_double = NO_DOUBLE.choice(o, NoDouble)
        self.next_lead = NEXT_LEAD.choice(o, NextLead)
        self.turn_direction = TURN_DIRECTION.choice(o, TurnDirection)
        self.doubles_crosswise = DOUBLES_CROSSWISE.flag(o)
        self.spinner = SPINNER.choice(o, Spinner)
        self.spinner_sides_first = SPINNER_SIDES_FIRST.flag(o)
        self.spinner_fill_first = SPINNER_FILL_FIRST.flag(o)
        self.double_bonus_play = DOUBLE_BONUS_PLAY.flag(o)
        # Whether a player who lays a double may keep the turn (keeps_turn decides): the bonus
        # play here, covering the double in Mexican Train.
        self.turn_after_double = self.double_bonus_play
        # Whether a double laid as the bonus play earns another (a whole turn more for a double):
        # the bonus play here earns none.
        self.bonus_repeats = False
        # Whether the public table changes with more than the tiles laid (markers on trains):
        # then table_after is called after every play and pass.
        self.table_hooks = False
        # Whether the hand's points are costs: the lowest total wins after ``rounds`` hands
        # (Mexican Train, Chicken Foot).
        self.low_wins = False
        # Whether every hand (and the stock) is shown once a hand is over.
        self.shows_hands_at_end = True
        # How much a search's horizon estimate weighs the pip difference between the hands.
        self.pip_weight = 0.5
        self.round_scope = ROUND_SCOPE.choice(o, RoundScope)
        self.blocked_tie = BLOCKED_TIE.choice(o, BlockedTie)
        self.count_stock_pips = COUNT_STOCK_PIPS.flag(o)
        self.early_block_detection = EARLY_BLOCK_DETECTION.flag(o)
        self.partner_pips = PARTNER_PIPS.choice(o, PartnerPips)
        self.target_score = TARGET_SCORE.for_players(o, players)
        self.hand_double_value = HAND_DOUBLE_VALUE.choice(o, HandDoubleValue)
        self._read_bonuses(o)
        self.lead_holder_of = self._lead_holder_of()
        # Tiles playable at an end showing pip p (equal-number matching).
        self.end_mask: tuple[int, ...] = self.tiles.suit_mask
        self.can_draw = self.draw_policy is not DrawPolicy.NONE
        # Whether a move can hide something from the other seats (a draw).
        self.hidden_moves = self.can_draw or self.no_double is NoDouble.DRAW_UNTIL_FOUND
        # Whether plays carry claimed points (muggins claiming); a claim elsewhere is an error.
        self.claims = False
        self.false_claim_penalty = False
        self.target_exact = TARGET_EXACT.flag(o)
        # Whether what a play may score depends on the scores (an exact target, a cap near the
        # target): a search must then tell positions apart by their scores.
        self.scores_shape_future = self.target_exact
        # A partnership hand goes on until both partners are out (pub Fives and Threes).
        self.both_partners_out = (
            TEAM_OUT_RULE.choice(o, TeamOutRule) is TeamOutRule.BOTH_PARTNERS and partnerships
        )
        # Whether score_play can score (counting games); the engine skips the call otherwise.
        self.scores_in_play = type(self).score_play is not LineRules.score_play
        # A tie of a blocked hand broken by who played last reads the history.
        self.search_needs_history = self.blocked_tie is BlockedTie.LAST_TO_PLAY
        # Pip value of each tile left in a hand.
        self.hand_value: tuple[int, ...] = tuple(
            (
                HIGH[t]
                if DOUBLE[t] and self.hand_double_value is HandDoubleValue.ONE_HALF
                else PIPS[t]
            )
            for t in range(self.tiles.size)
        )

    def _check_scoring_and_deal(self, players: int) -> None:
        """Refuse options under which no hand can score or the tiles cannot be dealt."""
        if self.domino_points in ("none", "fixed:0") and self.blocked_scoring == "fixed:0":
            raise OptionError(
                _(
                    "with domino_points and blocked_scoring both worth nothing no hand can ever "
                    "score, so a match could never end"
                )
            )
        if self.hand_size * players > self.tiles.size:
            raise OptionError(
                _(
                    "cannot deal {n} tiles to each of {players} players from the {size} tiles of "
                    "a {set} set"
                ).format(
                    n=self.hand_size, players=players, size=self.tiles.size, set=self.tiles.name
                )
            )

    def _lead_holder_of(self) -> int:
        """The tile of ``first_lead=holder_of:<tile>``, else -1."""
        if self.first_lead.startswith("holder_of:"):
            held = parse_tile(self.first_lead.split(":", 1)[1])
            if held >= self.tiles.size:
                raise OptionError(
                    _("{option}: no such tile in the set").format(
                        option=f"first_lead={self.first_lead}"
                    )
                )
            return held
        return -1

    def _read_bonuses(self, o: Options) -> None:
        """The Caribbean partnership game's bonuses and its blocked hand settled by who blocked it
        (RULES.md §2.12): options any line game may use."""
        self.blocked_winner = BLOCKED_WINNER.choice(o, BlockedWinner)
        capicua = CAPICUA_BONUS.text(o)
        self.capicua_double = capicua == "double"
        self.capicua_fixed = int(capicua.split(":")[1]) if capicua.startswith("fixed:") else 0
        self.capicua_scored = self.capicua_double or self.capicua_fixed > 0
        self.capicua_either = CAPICUA_ENDS.choice(o, CapicuaEnds) is CapicuaEnds.EITHER
        self.double_blank_bonus = DOUBLE_BLANK_BONUS.number(o)
        self.pass_bonus = PASS_BONUS.number(o)
        # The pase de salida: (after a lead that is not a double, after a double).
        self.opening_pass_bonus = (
            OPENING_PASS_BONUS.number(o),
            OPENING_PASS_BONUS_DOUBLE.number(o),
        )
        self.pass_bonuses = self.pass_bonus > 0 or any(self.opening_pass_bonus)

    # ----------------------------------------------------------------- description
    @property
    def id(self) -> str:
        return self.game.id

    @property
    def lead_is_free(self) -> bool:
        return self.lead_tile_rule is LeadTile.ANY

    @property
    def search_hints(self) -> SearchHints:
        return SearchHints(
            pip_weight=self.pip_weight,
            rollouts=self.search_rollouts,
            needs_history=self.search_needs_history,
            scores_shape_future=self.scores_shape_future,
        )

    # ----------------------------------------------------------------- dealing and the lead
    def deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Shuffle and deal: each seat's tiles (in deal order) and the stock in draw order."""
        tiles = list(range(self.tiles.size))
        rng.shuffle(tiles)
        h = self.hand_size
        hands = [tiles[i * h : (i + 1) * h] for i in range(self.players)]
        return hands, tiles[h * self.players :]

    def start_hand(self, start: HandStart) -> LineState:
        """The hand ``start`` describes, at its first move: the lead found from the deal (the
        holder of the highest double, an engine drawn for in turn) or given by the match, and
        nothing more: the table starts with the lead."""
        return LineState.from_deal(
            self,
            start.hands,
            start.stock,
            start.leader,
            start.lead_by_deal,
            trusted=start.trusted,
            totals=start.totals,
            context=start.context,
        )

    def state_from_position(self, position: Position) -> LineState:
        """A state at the position described (see :meth:`LineState.from_position`)."""
        return LineState.from_position(self, position)

    def parse_action(self, text: str, view: Observation) -> Action:
        """The action ``text`` names (:func:`boneyard.core.notation.parse_action`), a tile's
        exposed half read with these rules' own matching (:meth:`exposed_pip`)."""
        return parse_action(text, view, self.exposed_pip)

    def hidden_facts(self, view: Observation) -> HiddenFacts:
        """What ``view``'s public history proves about the hidden tiles (see
        :func:`~boneyard.games.line.state.read_public`)."""
        return read_public(self, view).facts

    def hand_context(self, index: int, previous: GameState | None) -> Any:
        """What a hand of a match needs to know beyond its deal, from its place in the match
        (``index`` from 0) and the hand before: the engine double of a round. ``None`` here."""
        return None

    def finds_lead(self, t: int, context: Any) -> bool:
        """Whether drawing ``t`` gives the drawer the lead (``no_double=draw_until_found``)."""
        return DOUBLE[t]

    def lead_finder_mask(self, context: Any) -> int:
        """The tiles :meth:`finds_lead` looks for: nobody holds one while the lead is drawn for."""
        return self.tiles.doubles_mask

    @property
    def redeals_without_double(self) -> bool:
        """Whether a deal without a double is thrown in (the lead is a double, and the rules say
        to redeal when nobody has one)."""
        return (
            self.first_lead in ("highest_double", "lowest_double")
            and self.no_double is NoDouble.REDEAL
        )

    def needs_redeal(self, hands: Sequence[int]) -> bool:
        """Whether a deal must be thrown in (no double dealt, where the rules say to redeal)."""
        return self.redeals_without_double and not any(h & self.tiles.doubles_mask for h in hands)

    def leader_from_deal(self, hands: Sequence[int], context: Any = None) -> tuple[int, int] | None:
        """``(leader, tile he must lead or -1)`` where the deal decides the lead, else
        ``None``.

        ``None`` also when no one holds a double and the rules say to draw until one
        appears.
        """
        rule = self.first_lead
        if self.lead_holder_of >= 0:
            wanted = self.lead_holder_of
            for seat, h in enumerate(hands):
                if h & BIT[wanted]:
                    return (
                        seat,
                        wanted if self.lead_tile_rule is LeadTile.THE_DECIDING_DOUBLE else -1,
                    )
            rule = "highest_double"  # the named tile was not dealt
        if rule in ("highest_double", "lowest_double"):
            best: tuple[int, int] | None = None
            for seat, h in enumerate(hands):
                for t in tiles_of(h & self.tiles.doubles_mask):
                    better = best is None or (
                        HIGH[t] > HIGH[best[1]]
                        if rule == "highest_double"
                        else HIGH[t] < HIGH[best[1]]
                    )
                    if better:
                        best = (seat, t)
            if best is None:
                if self.no_double is NoDouble.DRAW_UNTIL_FOUND:
                    return None
                # No double: the heaviest tile leads (also after a redeal that is not possible).
                best = max(
                    ((seat, t) for seat, h in enumerate(hands) for t in tiles_of(h)),
                    key=lambda st: (PIPS[st[1]], HIGH[st[1]]),
                )
            seat, t = best
            return seat, t if self.lead_tile_rule is LeadTile.THE_DECIDING_DOUBLE else -1
        return None

    def lead_from_deal(self) -> bool:
        """Whether the deal alone decides the first lead (a record may then omit ``leader``)."""
        return self.first_lead in ("highest_double", "lowest_double") or self.first_lead.startswith(
            "holder_of:"
        )

    def draw_for_lead(self, rng: random.Random) -> tuple[int, list[int]]:
        """Each seat draws a tile; returns the seat with the best draw and the tiles drawn."""
        drawn = rng.sample(range(self.tiles.size), self.players)
        rule = self.first_lead
        if rule == "draw_highest":
            key = [(PIPS[t], HIGH[t]) for t in drawn]
            return key.index(max(key)), drawn
        if rule == "draw_highest_doubles_first":
            key2 = [(DOUBLE[t], PIPS[t], HIGH[t]) for t in drawn]
            return key2.index(max(key2)), drawn
        if rule == "draw_lowest":
            key = [(PIPS[t], HIGH[t]) for t in drawn]
            return key.index(min(key)), drawn
        return rng.randrange(self.players), drawn

    def first_leader(self, rng: random.Random) -> int:
        """The leader of a match's first hand where the deal does not decide it."""
        return self.draw_for_lead(rng)[0]

    def next_leader(self, previous_leader: int, previous: HandResult | None) -> int | None:
        """The leader of the next hand, or ``None`` where the deal (or a new draw) decides it."""
        n = self.players
        step = 1 if self.turn_direction is TurnDirection.CW else -1
        rule = self.next_lead
        if rule is NextLead.ALTERNATE:
            return (previous_leader + 1) % n
        if rule is NextLead.ROTATE_LEFT:
            return (previous_leader + step) % n
        if rule is NextLead.ROTATE_RIGHT:
            return (previous_leader - step) % n
        if rule is NextLead.WINNER:
            # The player who went out leads; after a blocked hand the first-lead rule decides
            # again (pagat All Fives: "lot again after a block").
            if previous is not None and previous.out_seat is not None:
                return previous.out_seat
            return None
        return None  # same_as_first

    # ----------------------------------------------------------------- plays
    def is_spinner(self, layout: Layout | None, t: int) -> bool:
        """Whether double ``t``, laid now on ``layout`` (``None`` for the lead), is a spinner."""
        if not DOUBLE[t]:
            return False
        s = self.spinner
        if s is Spinner.ALL_DOUBLES:
            return True
        if s is Spinner.FIRST_DOUBLE:
            return layout is None or not layout.spinners
        if s is Spinner.OPENING_DOUBLE:
            return layout is None
        return False

    def lead_layout(self, t: int, right: int | None) -> Layout:
        left = HIGH[t] if right is None or DOUBLE[t] else (LOW[t] if right == HIGH[t] else HIGH[t])
        spinner = self.is_spinner(None, t)
        short_open = not self.spinner_sides_first or self.spinner_fill_first
        return Layout.lead(t, left, spinner=spinner, short_open=short_open)

    def allowed_ends(self, layout: Layout) -> range | list[int]:
        """The indexes of the ends that may be played on now."""
        first = layout.first_spinner
        if self.spinner_fill_first and first >= 0:
            # Until every side of the first spinner has a tile, only its sides may be played on.
            waiting = [i for i, t in enumerate(layout.tips) if t == first and layout.pips[i] >= 0]
            if waiting:
                return waiting
        return range(len(layout.names))

    def playable_mask(self, layout: Layout) -> int:
        """The tiles that fit some open end now."""
        m = 0
        end_mask = self.end_mask
        if self.spinner_fill_first:
            pips = layout.pips
            for i in self.allowed_ends(layout):
                p = pips[i]
                if p >= 0:
                    m |= end_mask[p]
            return m
        for p in layout.pips:
            if p >= 0:
                m |= end_mask[p]
        return m

    def plays_for(self, hand: int, layout: Layout) -> list[Action]:
        """Every legal play of a tile from ``hand`` onto ``layout``."""
        out: list[Action] = []
        names, pips, end_mask = layout.names, layout.pips, self.end_mask
        ends = self.allowed_ends(layout) if self.spinner_fill_first else range(len(pips))
        for i in ends:
            p = pips[i]
            if p < 0:
                continue
            m = hand & end_mask[p]
            if not m:
                continue
            row = plays_at(names[i])
            while m:
                low_bit = m & -m
                out.append(row[low_bit.bit_length() - 1])
                m ^= low_bit
        return out

    def lead_plays(self, hand: int, required: int) -> list[Action]:
        """Every legal lead: each tile in each orientation (a double has one)."""
        out: list[Action] = []
        tiles = [required] if required >= 0 else list(tiles_of(hand))
        for t in tiles:
            if DOUBLE[t]:
                out.append(play(t))
            else:
                out.append(play(t, None, LOW[t]))
                out.append(play(t, None, HIGH[t]))
        return out

    def distinct_actions(self, actions: Sequence[Action], table: object = None) -> list[Action]:
        """``actions`` with each distinct move once, in their order: a lead whose orientation
        changes nothing (the line it starts is the mirror image of the other orientation's, and
        a two-ended line plays the same either way round) is kept in its first orientation only;
        so is a play of one tile at either end of ``table`` (the layout the actions are played
        on) where the two lines are mirror images (a double led alone, or two ends alike).
        The legal actions, records and research action ids keep both; the move lists people see
        and the analysis use this."""
        out: list[Action] = []
        seen: set[tuple[int, int | None]] = set()
        mirrored = isinstance(table, Layout) and self._ends_mirror(table)
        for action in actions:
            if type(action) is Play and (action.end is None or mirrored):
                key = (action.tile, action.claim)
                if key in seen and (action.end is not None or self._lead_mirrors(action.tile)):
                    continue
                seen.add(key)
            out.append(action)
        return out

    def same_move(self, a: Action, b: Action, table: object = None) -> bool:
        """Whether ``a`` and ``b`` are the same move on ``table`` whatever they claim: equal, or
        one tile led either way round, or played at either end, where that changes nothing
        (:meth:`distinct_actions`)."""
        if type(a) is Play and type(b) is Play:
            if (a.tile, a.end, a.open) == (b.tile, b.end, b.open):
                return True
            unclaimed = [Play(a.tile, a.end, a.open), Play(b.tile, b.end, b.open)]
            return a.tile == b.tile and len(self.distinct_actions(unclaimed, table)) == 1
        return a == b

    def _ends_mirror(self, layout: Layout) -> bool:
        """Whether ``layout`` is a plain two-ended line whose ends are alike (the same number,
        tip and kind): a tile played at one end gives the mirror image of the other end's line."""
        return (
            len(layout.names) == 2
            and not layout.spinners
            and self.spinner == "none"
            and layout.pips[0] == layout.pips[1]
            and layout.tips[0] == layout.tips[1]
            and layout.kinds[0] == layout.kinds[1]
        )

    def _lead_mirrors(self, tile: int) -> bool:
        """Whether leading ``tile`` one way round gives the mirror image of the other way: a
        plain two-ended line, the same from either end."""
        a = self.lead_layout(tile, LOW[tile])
        b = self.lead_layout(tile, HIGH[tile])
        return (
            len(a.names) == 2
            and a.pips == b.pips[::-1]
            and a.tips == b.tips[::-1]
            and a.kinds == b.kinds[::-1]
        )

    def lay(self, layout: Layout, action: Play) -> Layout:
        """The layout after a legal play (not the lead)."""
        assert action.end is not None
        i = layout.names.index(action.end)
        t = action.tile
        p = layout.pips[i]
        exposed = LOW[t] if HIGH[t] == p else HIGH[t]
        if self.spinner is Spinner.NONE and not layout.spinners:
            return layout.extend(i, t, exposed)  # the plain line: only one end changes
        short_open = not self.spinner_sides_first or self.spinner_fill_first
        return layout.attach(i, t, exposed, self.is_spinner(layout, t), short_open)

    def exposed_pip(self, layout: Layout, tile: int, end: str) -> int | None:
        """The pip ``tile`` would leave showing at ``end`` (``None`` if it cannot go there)."""
        if end not in layout.names:
            return None
        p = layout.pips[layout.names.index(end)]
        if p < 0 or (HIGH[tile] != p and LOW[tile] != p):
            return None
        return LOW[tile] if HIGH[tile] == p else HIGH[tile]

    def end_label(self, pip: int) -> str:
        """How an end's pip is shown to people."""
        return str(pip)

    def canonical_open(self, layout: Layout, tile: int, end: str, open_pip: int) -> int | None:
        """The ``open`` of a play as the legal actions write it. Here the rules decide the
        exposed pip, so an ``open`` that agrees with them is only a redundant orientation."""
        return None if self.exposed_pip(layout, tile, end) == open_pip else open_pip

    def keeps_turn(self, hand: int, layout: Layout, double: int) -> bool:
        """Whether the player who has just laid ``double`` (holding ``hand``) plays again: here
        when a bonus play is open to him."""
        return bool(self.bonus_plays(hand, layout, double))

    def table_after(self, layout: Layout, seat: int, action: Action) -> Layout:
        """The public table after ``seat``'s ``action`` (a play already laid), where the table
        holds more than the tiles (``table_hooks``): the layout unchanged here."""
        return layout

    def replay_move(self, layout: Layout | None, seat: int, action: Action) -> Layout | None:
        """The public table after a move of the history: what readers of a history (inference,
        drawings) use to follow the table."""
        if type(action) is Play:
            if layout is None or action.end is None:
                layout = self.lead_layout(action.tile, action.open)
            else:
                layout = self.lay(layout, action)
        if self.table_hooks and layout is not None:
            layout = self.table_after(layout, seat, action)
        return layout

    def public_table_after(self, table: object, move: Move) -> Layout | None:
        """The layout after the public ``move`` (see :meth:`replay_move`)."""
        layout = table if isinstance(table, Layout) else None
        return self.replay_move(layout, move.seat, move.action)

    def public_tables(self, history: Sequence[Move], table: object = None) -> list[object]:
        """The layouts before each move of ``history`` and after the last (see
        :meth:`GameRules.public_tables`): :meth:`public_table_after` in one loop, which agents
        run at every move."""
        layout = table if isinstance(table, Layout) else None
        tables: list[object] = [layout]
        append = tables.append
        hooks = self.table_hooks
        lead, lay = self.lead_layout, self.lay
        for move in history:
            action = move.action
            if type(action) is Play:
                layout = (
                    lead(action.tile, action.open)
                    if layout is None or action.end is None
                    else lay(layout, action)
                )
            if hooks and layout is not None:
                layout = self.table_after(layout, move.seat, action)
            append(layout)
        return tables

    def playable_mask_for(self, layout: Layout, seat: int) -> int:
        """The tiles ``seat`` could play now if it held them: where some ends are open to some
        seats only (Mexican Train's trains), fewer than :meth:`playable_mask`."""
        return self.playable_mask(layout)

    def end_closed(self, layout: Layout, seat: int, i: int) -> str:
        """Why ``seat`` may not play on end ``i`` now, for a game where some ends are closed to
        some seats (an uncovered double, another player's train); ``""`` if it may."""
        return ""

    def bonus_plays(self, hand: int, layout: Layout, double: int) -> list[Action]:
        """Plays matching a double just laid (``double_bonus_play``), at its ends."""
        return [
            a
            for a in self.plays_for(hand & self.tiles.suit_mask[HIGH[double]], layout)
            if isinstance(a, Play) and layout.tips[layout.names.index(a.end or "")] == double
        ]

    def bonus_rule(self, double: int) -> str:
        """What a seat may do on the bonus play ``double`` earned, in words after its name (why a
        move was refused then)."""
        return f"may only add a tile matching {NAMES[double]} or pass"

    def points_of_play(self, layout: Layout | None, action: Play) -> int:
        """What ``action`` would score at once on ``layout`` (``None`` before the lead), from
        public facts only: nothing here (the counting games' count, Bergen's headers)."""
        return 0

    def play_points(self, table: object, action: Action) -> int:
        """What ``action`` would score at once on the public ``table`` (see
        :meth:`points_of_play`)."""
        if not self.scores_in_play or type(action) is not Play:
            return 0
        assert isinstance(action, Play)
        return self.points_of_play(table if isinstance(table, Layout) else None, action)

    def score_play(self, state: LineState, seat: int, action: Play) -> int:
        """Points a play scores at once for the player's side (counting games). None here."""
        return 0

    def is_capicua(self, layout: Layout | None, t: int) -> bool:
        """Whether ``t``, laid as a player's last tile on ``layout``, is a capicúa: not a double,
        it fits every open end (two at least); with ``capicua_ends=different`` those ends must
        show its two different numbers."""
        if layout is None or DOUBLE[t]:
            return False
        open_pips = [p for p in layout.pips if p >= 0]
        end_mask, bit = self.end_mask, BIT[t]
        if len(open_pips) < 2 or any(not end_mask[p] & bit for p in open_pips):
            return False
        return self.capicua_either or len(set(open_pips)) > 1

    def pass_awards(self, state: LineState) -> list[tuple[int, str]]:
        """What the pass just made (``state.passes`` counts the passes since the last play)
        earns the side of the player who laid the last tile: the opening-pass bonus when the
        first player after the lead passes on it, the pass bonus when every other seat has
        passed in turn. ``(points, reason)`` per award."""
        awards: list[tuple[int, str]] = []
        layout = state.layout
        if state.passes == 1 and layout is not None and layout.placed.bit_count() == 1:
            bonus = self.opening_pass_bonus[1 if DOUBLE[layout.lead_tile] else 0]
            if bonus:
                awards.append((bonus, "opening_pass"))
        if self.pass_bonus and state.passes == self.players - 1:
            awards.append((self.pass_bonus, "pass_bonus"))
        return awards

    # ----------------------------------------------------------------- the end of a hand
    def is_blocked(self, state: LineState) -> bool:
        """Whether no seat can play, draw or otherwise act."""
        layout = state.layout
        if layout is None:
            return False
        if self.spinner_fill_first:
            playable = self.playable_mask(layout)
        else:
            playable = 0
            end_mask = self.end_mask
            for p in layout.pips:
                if p >= 0:
                    playable |= end_mask[p]
        drawable = len(state.stock) - state.stock_pos - self.reserve if self.can_draw else 0
        if self.early_block_detection:
            pool = 0
            for h in state.hands:
                pool |= h
            for t in state.stock[state.stock_pos : state.stock_pos + max(0, drawable)]:
                pool |= BIT[t]
            return not (pool & playable)
        if drawable > 0:
            return False
        for h in state.hands:  # noqa: SIM110 - a plain loop is faster on this hot path
            if h & playable:
                return False
        return True

    def hand_pips(self, hand: int) -> int:
        value = self.hand_value
        total = 0
        while hand:
            low_bit = hand & -hand
            total += value[low_bit.bit_length() - 1]
            hand ^= low_bit
        return total

    def _round(self, points: int) -> int:
        dp = self.domino_points
        unit = 5 if dp == "pips_round5" else 3 if dp == "pips_round3" else 0
        if not unit:
            return points
        return unit * ((points + unit // 2) // unit) if points >= 0 else -self._round(-points)

    def _rounded_sum(self, terms: Sequence[int]) -> int:
        if self.round_scope is RoundScope.PER_OPPONENT:
            return sum(self._round(t) for t in terms)
        return self._round(sum(terms))

    def hand_result(self, state: LineState, ended: str, out_seat: int | None) -> HandResult:
        """Score a finished hand (block, draw and the other line games)."""
        seat_pips = tuple(self.hand_pips(h) for h in state.hands)
        side_pips = [sum(seat_pips[s] for s in side) for side in self.sides]
        nsides = len(self.sides)
        stock_pips = 0
        if self.count_stock_pips:
            stock_pips = sum(PIPS[t] for t in state.stock[state.stock_pos :])
        end_points = [0] * nsides
        winner: int | None
        if ended == "domino":
            assert out_seat is not None
            winner = self.side_of[out_seat]
            terms = [seat_pips[s] for s in range(self.players) if self.side_of[s] != winner]
            partner = side_pips[winner]
            if self.partner_pips is PartnerPips.INCLUDE and partner:
                terms.append(partner)
            if stock_pips:
                terms.append(stock_pips)
            dp = self.domino_points
            if dp.startswith("fixed:"):
                score = int(dp.split(":")[1])
            elif dp == "none":
                score = 0
            else:
                score = self._rounded_sum(terms)
            if self.partner_pips is PartnerPips.SUBTRACT:
                score = max(0, score - partner)
            score, reason = self._out_bonuses(state, score, f"{self.seat_name(out_seat)} went out")
            end_points[winner] = score
        else:
            winner, end_points, reason = self._blocked(state, side_pips, stock_pips)
        points = tuple(state.scores[i] + end_points[i] for i in range(nsides))
        return HandResult(ended, winner, points, tuple(end_points), seat_pips, out_seat, reason)

    def _out_bonuses(self, state: LineState, score: int, reason: str) -> tuple[int, str]:
        """Going out's score with its bonuses (a capicúa, the double-blank), and the reason with
        them: ``went out; capicúa: +25``."""
        if state.capicua and self.capicua_scored:
            bonus = score if self.capicua_double else self.capicua_fixed
            score += bonus
            reason += f"; capicúa: +{bonus}"
        last = state.history[-1].action if state.history else None
        if self.double_blank_bonus and isinstance(last, Play) and last.tile == 0:
            score += self.double_blank_bonus
            reason += f"; the double-blank: +{self.double_blank_bonus}"
        return score, reason

    def _blocked(
        self, state: LineState, side_pips: list[int], stock_pips: int
    ) -> tuple[int | None, list[int], str]:
        nsides = len(side_pips)
        tied = self._lowest(state, side_pips)
        rule = self.blocked_scoring
        end_points = [0] * nsides
        if rule == "cascade":
            for i in range(nsides):
                end_points[i] = self._rounded_sum(
                    [p - side_pips[i] for p in side_pips if p > side_pips[i]]
                )
            winner = tied[0] if len(tied) == 1 else self._break_tie(state, tied, side_pips)
            if stock_pips and winner is not None:
                end_points[winner] += stock_pips
            return winner, end_points, "blocked: every side scores the differences to those above"
        if len(tied) == 1:
            winner = tied[0]
            end_points[winner] = self._blocked_score(winner, side_pips, [], stock_pips)
            verb = "hold" if len(self.sides[winner]) > 1 else "holds"
            return winner, end_points, f"blocked: {self.side_name(winner)} {verb} the fewest pips"
        tie = self.blocked_tie
        if tie is BlockedTie.SPLIT:
            share = self._blocked_score(tied[0], side_pips, tied, stock_pips) // len(tied)
            for i in tied:
                end_points[i] = share
            names = ", ".join(self.side_name(i) for i in tied)
            return None, end_points, f"blocked: {names} tie for the fewest pips and split the score"
        winner = self._break_tie(state, tied, side_pips)
        if winner is None:
            return None, end_points, "blocked: tie for the fewest pips, nobody scores"
        end_points[winner] = self._blocked_score(winner, side_pips, [], stock_pips)
        return winner, end_points, f"blocked: {self.side_name(winner)} wins the tie ({tie})"

    def _lowest(self, state: LineState, side_pips: list[int]) -> list[int]:
        """The sides that win a blocked hand before any tie-break: those with the fewest pips
        (``blocked_winner``: in all, in the lightest single hand, or in the hands of the player
        who blocked it and of his next or previous neighbour)."""
        compare = self.blocked_winner
        if compare is BlockedWinner.LOWEST_TOTAL:
            low_pips = min(side_pips)
            return [i for i, p in enumerate(side_pips) if p == low_pips]
        seat_pips = [self.hand_pips(h) for h in state.hands]
        seats: Sequence[int]
        if compare is BlockedWinner.LOWEST_PLAYER:
            seats = range(self.players)
        else:
            blocker = state.last_player
            step = 1 if compare is BlockedWinner.BLOCKER_VS_NEXT else -1
            seats = (blocker, (blocker + step) % self.players)
        low = min(seat_pips[s] for s in seats)
        return sorted({self.side_of[s] for s in seats if seat_pips[s] == low})

    def _blocked_score(
        self, winner: int, side_pips: list[int], co_winners: list[int], stock_pips: int
    ) -> int:
        rule = self.blocked_scoring
        if rule.startswith("fixed:"):
            return int(rule.split(":")[1])
        own = side_pips[winner]
        others = [p for i, p in enumerate(side_pips) if i != winner and i not in co_winners]
        if rule == "combined":
            terms = list(side_pips)  # every hand, the co-winners' too
        elif rule == "opponents":
            terms = others
        elif rule == "difference_each":
            terms = [p - own for p in others]
        elif self.round_scope is RoundScope.PER_OPPONENT:  # difference_total, each hand rounded
            return max(0, self._rounded_sum(others) - self._round(own) + self._round(stock_pips))
        else:  # difference_total
            terms = [sum(others) - own]
        if stock_pips:
            terms = [*terms, stock_pips]
        return max(0, self._rounded_sum(terms))

    def _break_tie(self, state: LineState, tied: list[int], side_pips: list[int]) -> int | None:
        tie = self.blocked_tie
        if tie is BlockedTie.LIGHTEST_TILE:

            def lightest(side: int) -> tuple[int, int]:
                tiles = [t for s in self.sides[side] for t in tiles_of(state.hands[s])]
                return min(((PIPS[t], HIGH[t]) for t in tiles), default=(0, 0))

            keys = [lightest(i) for i in tied]
            best = min(keys)
            return tied[keys.index(best)] if keys.count(best) == 1 else None
        if tie is BlockedTie.LAST_TO_PLAY:
            for move in reversed(state.history):
                if isinstance(move.action, Play) and self.side_of[move.seat] in tied:
                    return self.side_of[move.seat]
            return None
        if tie is BlockedTie.FEWEST_DOUBLES:
            doubles = self.tiles.doubles_mask
            counts = [
                sum((state.hands[s] & doubles).bit_count() for s in self.sides[i]) for i in tied
            ]
            fewest = min(counts)
            return tied[counts.index(fewest)] if counts.count(fewest) == 1 else None
        return None

    # ----------------------------------------------------------------- the match
    def match_winner(self, totals: Sequence[float]) -> int | None:
        """The side that has won the match with these totals, if any."""
        target = self.target_score
        reached = [i for i, t in enumerate(totals) if t >= target]
        if not reached:
            return None
        best = max(totals[i] for i in reached)
        leaders = [i for i in reached if totals[i] == best]
        return leaders[0] if len(leaders) == 1 else None

    def match_end(
        self, totals: Sequence[float], hands_played: int, last: HandResult | None = None
    ) -> tuple[bool, int | None]:
        """``(over, winner)`` once ``hands_played`` hands have given these totals. Here the
        match is over when a side has won it (:meth:`match_winner`); a game played for a number
        of hands may end it without a winner (a tie). With an exact target the first side to
        reach it exactly wins, even mid-hand (``last.target_side``)."""
        if self.target_exact:
            side = last.target_side if last is not None else None
            return side is not None, side
        winner = self.match_winner(totals)
        return winner is not None, winner

    def utilities(self, points: Sequence[float]) -> tuple[float, ...]:
        """What per-side ``points`` are worth to each side (what the solvers maximise, the
        Python one and the compiled core's): the points themselves, or their negatives where they
        are costs (``low_wins``: Mexican Train, Chicken Foot)."""
        if self.low_wins:
            return tuple(-p for p in points)
        return tuple(points)

    # ----------------------------------------------------------------- legal actions
    def legal_actions(self, state: LineState) -> list[Action]:
        """Every action the seat to move may take."""
        hand = state.hands[state.turn]
        layout = state.layout
        if layout is None:
            if state.finding_lead:
                return [DRAW]
            return self.lead_plays(hand, state.required_lead)
        if state.bonus_double >= 0:
            return [*self.bonus_plays(hand, layout, state.bonus_double), PASS]
        if self.spinner_fill_first:
            plays = self.plays_for(hand, layout)
        else:
            # plays_for, inlined: this is the engine's hottest path.
            plays = []
            end_mask = self.end_mask
            names = layout.names
            for i, p in enumerate(layout.pips):
                if p < 0:
                    continue
                m = hand & end_mask[p]
                if m:
                    row = _PLAYS_AT.get(names[i]) or plays_at(names[i])
                    while m:
                        low_bit = m & -m
                        plays.append(row[low_bit.bit_length() - 1])
                        m ^= low_bit
        policy = self.draw_policy
        if policy is DrawPolicy.NONE:
            return plays if plays else [PASS]
        can_draw = state.stock_pos + self.reserve < len(state.stock)
        if policy is DrawPolicy.ONE_THEN_PASS and state.drew:
            can_draw = False
        if plays:
            if can_draw and self.voluntary_draw:
                return [*plays, DRAW]
            return plays
        return [DRAW] if can_draw else [PASS]

    # ----------------------------------------------------------------- the compiled core
    def kernel_spec(self) -> KernelSpec | None:
        """These rules as data for the compiled core (:mod:`boneyard.core.kernel`), or ``None``
        where it cannot play them: the line game's spec with the fields a game changes
        (:meth:`kernel_fields`)."""
        return replace(self._line_spec(), **self.kernel_fields())

    def kernel_fields(self) -> dict[str, Any]:
        """The fields of :class:`~boneyard.core.kernel_spec.KernelSpec` a game's rules change from
        the line game's (its table, its scoring during play, its result...): none here. A
        subclass adds its own to its parent's."""
        return {}

    def _line_spec(self) -> KernelSpec:
        dp = self.domino_points
        blocked = self.blocked_scoring
        first_lead = "holder_of" if self.lead_holder_of >= 0 else self.first_lead
        return KernelSpec(
            table="line",
            max_pip=self.tiles.max_pip,
            players=self.players,
            side_of=self.side_of,
            hand_size=self.hand_size,
            reserve=self.reserve,
            draw=self.draw_policy,
            voluntary_draw=self.voluntary_draw,
            first_lead=first_lead,
            lead_holder_of=self.lead_holder_of,
            lead_tile_any=self.lead_tile_rule is not LeadTile.THE_DECIDING_DOUBLE,
            no_double=self.no_double,
            next_lead=self.next_lead,
            turn_ccw=self.turn_direction is not TurnDirection.CW,
            spinner=self.spinner,
            short_open=not self.spinner_sides_first or self.spinner_fill_first,
            fill_first=self.spinner_fill_first,
            turn_after_double=self.turn_after_double,
            end_mask=tuple(self.end_mask),
            hand_value=self.hand_value,
            play_scoring="none",
            result="line",
            domino_points=(
                "fixed" if dp.startswith("fixed:") else "none" if dp == "none" else "pips"
            ),
            domino_fixed=int(dp.split(":")[1]) if dp.startswith("fixed:") else 0,
            round_unit=5 if dp == "pips_round5" else 3 if dp == "pips_round3" else 0,
            round_per_opponent=self.round_scope is RoundScope.PER_OPPONENT,
            partner_pips=self.partner_pips,
            count_stock_pips=self.count_stock_pips,
            blocked_scoring="fixed" if blocked.startswith("fixed:") else blocked,
            blocked_fixed=int(blocked.split(":")[1]) if blocked.startswith("fixed:") else 0,
            blocked_tie=self.blocked_tie,
            block_winner=self.blocked_winner,
            capicua="double" if self.capicua_double else "fixed" if self.capicua_fixed else "none",
            capicua_fixed=self.capicua_fixed,
            capicua_either=self.capicua_either,
            double_blank_bonus=self.double_blank_bonus,
            pass_bonus=self.pass_bonus,
            opening_pass_bonus=self.opening_pass_bonus[0],
            opening_pass_bonus_double=self.opening_pass_bonus[1],
            early_block_detection=self.early_block_detection,
            both_partners_out=self.both_partners_out,
            target_exact=self.target_exact,
            target_score=self.target_score,
            match_end="target",
            pip_weight=self.pip_weight,
            scores_shape_future=bool(self.scores_shape_future),
            doubles_crosswise=self.doubles_crosswise,
        )

    # ----------------------------------------------------------------- options for display
    def option_rows(self) -> list[tuple[str, str, str, str]]:
        """``(name, value, allowed, help)`` for every option of this game."""
        return [
            (s.name, format_value(self.options[s.name]), self.game.allowed(s.name), s.help)
            for s in self.game.option_specs
        ]

    def end_names(self) -> str:
        return self.game.end_names
