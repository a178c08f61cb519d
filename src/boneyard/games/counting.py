"""The counting games: Muggins / All Fives, All Threes, Fives and Threes (RULES.md §2.3-2.5).

Play is the line game of :mod:`boneyard.games.line.rules` (with the first double as a spinner in
some rule sets); what these games add is scoring *during* play from the **count**: the sum of the
pips showing at the open ends (RULES.md §0.3). A crosswise double at an open end, nothing yet laid
beyond it, counts both halves; a spinner counts both halves while one of its long sides is free and
its short ends never count; a lone lead double counts once. A play whose count is a multiple of five
(or three) scores it: its face value or one point per multiple. The lead scores like any play,
computed from its count, never from a list of tiles (RULES.md §5.1).

>>> from boneyard.games import get_game
>>> from boneyard.core.layout import Layout
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("muggins").configure("britannica")
>>> lay = Layout.lead(T("4-2"), left=2)
>>> rules.count(lay)
6
>>> lay = rules.lay(lay, Play(T("4-4"), "R"))
>>> rules.count(lay), rules.points_for(rules.count(lay)), rules.explain(lay)
(10, 10, 'ends 2 + 8 = 10 -> 10 points')
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.actions import Action, Draw, Move, Muggins, Play
from ..core.game import BRITANNICA, FOSTER, Game, RuleSet
from ..core.kernel_spec import MAX_COUNT
from ..core.layout import LONG, Layout
from ..core.options import OptionSpec, register
from ..core.tiles import BIT, DOUBLE, HIGH
from ..core.words import Voice, plural, tile_text
from .block import LINE_DEFAULTS, LINE_OPTIONS
from .line.presenter import LinePresenter
from .line.rules import LineRules

if TYPE_CHECKING:
    from ..core.kernel_spec import KernelSpec
    from ..core.options import Options
    from ..core.protocol import GameState, HandResult
    from .line.state import LineState

__all__ = [
    "COUNTING_DEFAULTS",
    "COUNTING_OPTIONS",
    "AllThreesGame",
    "CountingGame",
    "CountingPresenter",
    "CountingRules",
    "FivesAndThreesGame",
    "MugginsGame",
]

# Options of the counting mechanism that a counting game may list (Five-Up does,
# RULES-texas42-fiveup.md rows 59, 60, 62); a game that does not list them plays as their
# defaults here say, which is how the counting games always played.
register(
    OptionSpec(
        "play_drawn_tile",
        "bool",
        "a tile drawn that can be played must be played at once (no other tile, no more drawing)",
    ),
    OptionSpec(
        "min_first_score",
        "int",
        "a side's first score of a match must be at least this much face value (10: 'ten to get "
        "in'); smaller scores before it do not count",
        example="10",
    ),
    OptionSpec(
        "blocked_compare",
        "choice",
        "which side wins a blocked hand: the lower side's total (team_total) or the side of the "
        "lowest single hand (lowest_player)",
        ("team_total", "lowest_player"),
    ),
)

COUNTING_OPTIONS: tuple[str, ...] = (
    *LINE_OPTIONS,
    "target_exact",
    "score_unit",
    "count_scoring",
    "lead_scores",
    "zero_count_scores",
    "exposed_double_value",
    "spinner_ends_count",
    "muggins_mode",
    "false_claim_penalty",
    "team_out_rule",
)

COUNTING_DEFAULTS: dict[str, Any] = {
    **LINE_DEFAULTS,
    "draw_policy": "until_playable",
    "stock_reserve": 2,
    "domino_points": "pips_round5",
    "blocked_scoring": "opponents",
    "target_exact": False,
    "score_unit": "face",
    "count_scoring": "fives",
    "lead_scores": True,
    "zero_count_scores": False,
    "exposed_double_value": "both_halves",
    "spinner_ends_count": "until_sides_covered",
    "muggins_mode": "auto",
    "false_claim_penalty": True,
    "team_out_rule": "first_player",
}


class CountingRules(LineRules):
    """Line play plus scoring from the count of the open ends."""

    play_reason = "count"

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        o = options
        self.score_unit = str(o["score_unit"])
        self.count_scoring = str(o["count_scoring"])
        self.lead_scores = bool(o["lead_scores"])
        self.zero_count_scores = bool(o["zero_count_scores"])
        self.exposed_double_value = str(o["exposed_double_value"])
        self.spinner_ends_count = str(o["spinner_ends_count"])
        self.claims = o["muggins_mode"] == "claim"
        self.false_claim_penalty = bool(o["false_claim_penalty"])
        self.double_factor = (
            2 if self.exposed_double_value == "both_halves" and self.doubles_crosswise else 1
        )
        # Every value a play can score: what a claim may name.
        most = 2 * self.tiles.max_pip * 8
        self.claim_values: tuple[int, ...] = tuple(
            sorted({self.points_for(c) for c in range(1, most + 1)} - {0})
        )
        # Scores are made by counts, so score_play always runs.
        self.scores_in_play = self.count_scoring != "none"
        self.play_drawn_tile = bool(o.get("play_drawn_tile", False))
        min_first = o.get("min_first_score", 0)
        assert isinstance(min_first, int)
        self.min_first_score = min_first
        self.lowest_player = o.get("blocked_compare", "team_total") == "lowest_player"
        if self.min_first_score:
            # Whether a count scores depends on the side's total so far.
            self.scores_shape_future = True

    # ----------------------------------------------------------------- the count
    def count_terms(self, layout: Layout) -> list[tuple[str, int]]:
        """What each open end adds to the count: ``(end name, value)``, ends that add nothing
        (a spinner's free short ends, the second side of a lone double) left out."""
        names, pips, tips, kinds = layout.names, layout.pips, layout.tips, layout.kinds
        spinners = layout.spinners
        factor = self.double_factor
        terms: list[tuple[str, int]] = []
        counted = 0  # doubles already counted (a lone lead double, a spinner)
        for i, p in enumerate(pips):
            if p < 0:
                continue
            t = tips[i]
            if spinners & BIT[t]:
                if counted & BIT[t]:
                    continue
                sides = [j for j, tip in enumerate(tips) if tip == t and pips[j] >= 0]
                free_long = any(kinds[j] == LONG for j in sides)
                if free_long or (sides and self.spinner_ends_count == "until_ends_covered"):
                    counted |= BIT[t]
                    terms.append((names[i], HIGH[t] * factor))
                continue
            if DOUBLE[t] and self.doubles_crosswise:
                # A crosswise double is one end, however many ends it is the tip of (a lone lead
                # double is the tip of both L and R).
                if counted & BIT[t]:
                    continue
                counted |= BIT[t]
                terms.append((names[i], p * factor))
                continue
            terms.append((names[i], p))  # a double laid in line shows one number at each end
        return terms

    def count(self, layout: Layout) -> int:
        """The count: the sum of the open ends (RULES.md §0.3)."""
        return sum(v for _, v in self.count_terms(layout))

    def points_for(self, count: int) -> int:
        """What a play making ``count`` scores."""
        if count == 0 and not self.zero_count_scores:
            return 0
        rule = self.count_scoring
        if self.score_unit == "per_multiple":
            points = 0
            if rule in ("fives", "fives_and_threes") and count % 5 == 0:
                points += count // 5
            if rule in ("threes", "fives_and_threes") and count % 3 == 0:
                points += count // 3
            return points
        fives = rule in ("fives", "fives_and_threes") and count % 5 == 0
        threes = rule in ("threes", "fives_and_threes") and count % 3 == 0
        points = count if fives or threes else 0  # face value counts once
        return points

    def explain(self, layout: Layout) -> str:
        """The count in words, e.g. ``ends 5 + 10 = 15 -> 15 points``."""
        terms = self.count_terms(layout)
        total = sum(v for _, v in terms)
        sums = " + ".join(str(v) for _, v in terms) or "0"
        points = self.points_for(total)
        unit = "point" if points == 1 else "points"
        return f"ends {sums} = {total} -> {points} {unit}" if points else f"ends {sums} = {total}"

    def points_of_play(self, layout: Layout | None, action: Play) -> int:
        """What ``action`` would score on ``layout`` (``None`` before the lead): public facts
        only, so agents and hints can use it."""
        if layout is None:
            if not self.lead_scores:
                return 0
            return self.points_for(self.count(self.lead_layout(action.tile, action.open)))
        return self.points_for(self.count(self.lay(layout, action)))

    def score_play(self, state: LineState, seat: int, action: Play) -> int:
        if action.end is None and not self.lead_scores:
            return 0
        assert state.layout is not None
        count = self.count(state.layout)
        if self.min_first_score and not self.on_the_board(state, self.side_of[seat], count):
            return 0
        return self.points_for(count)

    def on_the_board(self, state: LineState, side: int, face: float) -> bool:
        """Whether a score of ``face`` value counts for ``side`` (``min_first_score``): a side
        that has scored already, or a score big enough to get it in."""
        scored = state.base_totals[side] + state.scores[side]
        return bool(scored) or face >= self.min_first_score

    def hand_result(self, state: LineState, ended: str, out_seat: int | None) -> HandResult:
        result = super().hand_result(state, ended, out_seat)
        if not self.min_first_score:
            return result
        end = list(result.end_points)
        unit = 5 if self.score_unit == "per_multiple" else 1
        for side, points in enumerate(end):
            if points and not self.on_the_board(state, side, points * unit):
                end[side] = 0
        points_ = tuple(state.scores[i] + end[i] for i in range(len(end)))
        return replace(result, points=points_, end_points=tuple(end))

    def _lowest(self, state: LineState, side_pips: list[int]) -> list[int]:
        if not self.lowest_player:
            return super()._lowest(state, side_pips)
        # The side of the lowest single hand wins (a tie across sides: each of them).
        seat_pips = [self.hand_pips(h) for h in state.hands]
        low = min(seat_pips)
        return sorted({self.side_of[s] for s, p in enumerate(seat_pips) if p == low})

    def _round(self, points: int) -> int:
        rounded = super()._round(points)
        if self.score_unit == "per_multiple":
            unit = {"pips_round5": 5, "pips_round3": 3}.get(self.domino_points, 0)
            if unit:
                return rounded // unit
        return rounded

    def kernel_spec(self) -> KernelSpec | None:
        # The compiled core does not know Five-Up's own choices where they change the play: a
        # drawn tile played at once by a player who could draw by choice, "ten to get in", the
        # lowest single hand winning a block.
        if (
            (self.play_drawn_tile and self.voluntary_draw)
            or self.min_first_score
            or self.lowest_player
        ):
            return None
        return super().kernel_spec()

    def kernel_fields(self) -> dict[str, Any]:
        return {
            **super().kernel_fields(),
            "play_scoring": "count" if self.scores_in_play else "none",
            "count_points": tuple(self.points_for(c) for c in range(MAX_COUNT)),
            "double_factor": self.double_factor,
            "spinner_until_ends_covered": self.spinner_ends_count == "until_ends_covered",
            "lead_scores": self.lead_scores,
            "round_per_multiple": self.score_unit == "per_multiple",
            "claims": self.claims,
            "claim_values": self.claim_values,
            "false_claim_penalty": self.false_claim_penalty,
        }

    # ----------------------------------------------------------------- claims
    def legal_actions(self, state: LineState) -> list[Action]:
        actions = super().legal_actions(state)
        if self.play_drawn_tile and state.drew:
            # A tile just drawn that fits is played at once (the only tile that can be, unless
            # the player might have drawn by choice).
            drawn = state.history[-1].drawn if state.history else None
            if drawn is not None and type(state.history[-1].action) is Draw:
                now: list[Action] = [a for a in actions if type(a) is Play and a.tile == drawn]
                if now:
                    actions = now
        if not self.claims:
            return actions
        out: list[Action] = []
        side_of = self.side_of
        if state.unclaimed and side_of[state.turn] != side_of[state.unclaimed_by]:
            out.append(Muggins(state.unclaimed))
        for a in actions:
            out.append(a)
            if type(a) is Play:
                out.extend(Play(a.tile, a.end, a.open, c) for c in self.claim_values)
        return out

    def make_presenter(self) -> CountingPresenter:
        return CountingPresenter(self)


class CountingPresenter(LinePresenter[CountingRules]):
    """The counting games told: the count of the open ends on the table, what each play scores
    and why, claims and muggins calls."""

    default_opponent = "counting"  # it plays for the points

    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        which = {
            "fives": "a multiple of five",
            "threes": "a multiple of three",
            "fives_and_threes": "a multiple of five or of three",
        }.get(rules.count_scoring, "")
        if not which:
            return []
        if rules.score_unit == "per_multiple":
            how = (
                "one point per five and per three in it"
                if rules.count_scoring == "fives_and_threes"
                else "one point per multiple"
            )
        else:
            how = "its value"
        phrase = f"A play that makes the count of the open ends {which} scores {how}."
        if rules.claims:
            phrase += (
                " You must claim your points: after choosing a move, type what it scores"
                " (Enter for nothing). A count you miss can be taken by the next player"
                " calling muggins; a wrong claim is struck and scored by your opponent."
            )
        else:
            phrase += " Scores are counted for you."
        return [phrase]

    def count_line(self, layout: Layout | None) -> str | None:
        """The count of the open ends term by term: ``Count: L 6 + R 10 ([5|5] across) = 16
        (worth 3 points)``."""
        rules = self.rules
        if layout is None:
            return "Count: nothing on the table yet"
        terms = []
        for name, value in rules.count_terms(layout):
            t = layout.tips[layout.names.index(name)]
            term = f"{name} {value}"
            if DOUBLE[t] and value == 2 * HIGH[t] and value:
                term += f" ({tile_text(t)} across)"
            terms.append(term)
        total = rules.count(layout)
        points = rules.points_for(total)
        text = f"Count: {' + '.join(terms) or '0'} = {total}"
        if points:
            text += f" (worth {plural(points, 'point')})"
        return text

    def play_points(self, layout: Layout | None, action: Play) -> int | None:
        return self.rules.points_of_play(layout, action)

    def why_scored(
        self, state: GameState, before: object | None, move: Move, index: int, voice: Voice
    ) -> list[str]:
        """Why a play scored or did not: the ends and their sum, the claim, the target (``ends 5
        + 10 = 15 -> 15 points``, ``..., not claimed``, ``...: the claim of 10 is struck: seat 1
        scores 10``); and a muggins call that would pass an exact target."""
        rules = self.rules
        action = move.action
        if isinstance(action, Muggins):
            if move.points != action.points:
                return [f"It would pass {rules.target_score}: not scored."]
            return []
        if not isinstance(action, Play):
            return []
        layout = state.layout
        assert layout is not None
        earned = rules.points_of_play(before if isinstance(before, Layout) else None, action)
        why = rules.explain(layout)
        out = (
            state.over
            and state.result is not None
            and state.result.ended == "domino"
            and state.result.out_seat == move.seat
            and index == len(state.history) - 1
        )
        if not rules.claims or action.claim == earned:
            if not earned:
                return []
            if move.points == earned:
                return [why]
            side = rules.side_of[move.seat]
            alone = state.base_totals[side] + state.scores[side] + earned
            if out and alone <= rules.target_score:
                return [
                    f"{why}, but with the points for going out it would pass "
                    f"{rules.target_score}: neither is scored"
                ]
            return [f"{why}, but it would pass {rules.target_score}: not scored"]
        if action.claim is None:
            if not earned:
                return []
            if state.over:
                return [f"{why}, not claimed: the hand is over and the points are lost"]
            return [f"{why}, not claimed"]
        text = f"{why}: the claim of {action.claim} is struck"
        penalty = next((p for p in state.penalties if p[0] == index), None)
        if penalty is not None:
            _, side, pts = penalty
            text += f": {voice.side_says(side, 'score')} {pts}"
        elif rules.false_claim_penalty and action.claim > 0 and rules.target_exact:
            # The engine ignored the penalty: it would have passed the exact target.
            victim = (move.seat + 1) % rules.players
            while rules.side_of[victim] == rules.side_of[move.seat]:
                victim = (victim + 1) % rules.players
            label = voice.side(rules.side_of[victim])
            text += f": the {action.claim} would take {label} past {rules.target_score}, not scored"
        if earned:
            text += f" (the {earned} the play made are lost)"
        return [text]


class CountingGame(Game):
    """What the counting games share: their options, rules and ends."""

    option_names = COUNTING_OPTIONS
    rules_class = CountingRules
    end_names = (
        "L and R (the two ends of the line); with a spinner, U and D (its short sides); with "
        "every double a spinner, nU and nD for a later spinner n-n"
    )


class MugginsGame(CountingGame):
    id: ClassVar[str] = "muggins"
    aliases: ClassVar[tuple[str, ...]] = ("all-fives",)
    title: ClassVar[str] = "Muggins / All Fives"
    summary: ClassVar[str] = (
        "Score the count of the open ends whenever it is a multiple of five; going out scores the "
        "others' pips to the nearest five."
    )
    defaults: ClassVar[dict[str, Any]] = COUNTING_DEFAULTS
    default_rules = "pagat"
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "pagat": RuleSet(
            "pagat",
            "pagat All Fives: 9 tiles each for two, 7 for three, 5 for four; the first lead by lot "
            "(any tile), later the last hand's winner leads; the first double is a spinner whose "
            "two sides fill before its ends; draw until able, two left; going out scores the "
            "others' pips to the nearest five, a blocked hand the others' total minus the "
            "winner's (rounded); 100 up.",
            {
                "hand_size": "2:9,3:7,4:5",
                "first_lead": "random",
                "lead_tile": "any",
                "next_lead": "winner",
                "spinner": "first_double",
                "blocked_scoring": "difference_total",
            },
            "pagat All Fives",
        ),
        "britannica": RuleSet(
            "britannica",
            "The 1910 Encyclopaedia Britannica: 5 tiles each; the lead by drawing for the highest "
            "tile; a line with no spinner; draw until able, two left; going out or a blocked hand "
            "scores the others' pips to the nearest five; 100 up.",
            {
                "hand_size": 5,
                "first_lead": "draw_highest",
                "lead_tile": "any",
            },
            BRITANNICA,
        ),
        "foster": RuleSet(
            "foster",
            "Foster's Complete Hoyle: 7 tiles each; the highest double sets; a line; scores must "
            "be claimed (an unclaimed count is the next player's for calling muggins, a wrong "
            "claim is struck and scored by the opponent); draw until able, the last two never "
            "drawn; going out scores the others' pips to the nearest five; 100 up.",
            {"hand_size": 7, "muggins_mode": "claim"},
            FOSTER,
        ),
        "foster-spinner": RuleSet(
            "foster-spinner",
            "Foster's 'four ends' variant: as foster, but the first double set is a spinner "
            "and any of its four sides may be played to at any time.",
            {
                "hand_size": 7,
                "muggins_mode": "claim",
                "spinner": "first_double",
                "spinner_sides_first": False,
            },
            FOSTER,
        ),
    }


class AllThreesGame(CountingGame):
    id: ClassVar[str] = "all-threes"
    title: ClassVar[str] = "All Threes"
    summary: ClassVar[str] = (
        "Muggins aiming at multiples of three: score the count of the open ends whenever it is "
        "a multiple of three."
    )
    defaults: ClassVar[dict[str, Any]] = {**COUNTING_DEFAULTS, "count_scoring": "threes"}
    default_rules = "britannica"
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "britannica": RuleSet(
            "britannica",
            "The 1910 Encyclopaedia Britannica: played as its All Fives, aiming at threes: 5 tiles "
            "each, the lead by drawing for the highest tile, a line, draw until able (two left); "
            "going out or a blocked hand scores the others' pips to the nearest five; 100 up.",
            {"hand_size": 5, "first_lead": "draw_highest", "lead_tile": "any"},
            BRITANNICA,
        ),
        "foster": RuleSet(
            "foster",
            "Foster's Complete Hoyle: as Foster's Muggins aiming at threes: 7 tiles each, the "
            "highest double sets, scores must be claimed (muggins), draw until able (two left).",
            {"hand_size": 7, "muggins_mode": "claim"},
            FOSTER,
        ),
    }


class FivesAndThreesGame(CountingGame):
    id: ClassVar[str] = "fives-and-threes"
    aliases: ClassVar[tuple[str, ...]] = ("threes-and-fives",)
    title: ClassVar[str] = "Fives and Threes"
    summary: ClassVar[str] = (
        "One point per five and per three in the count of the open ends (15 scores 8); the pub "
        "game is played to exactly 61."
    )
    defaults: ClassVar[dict[str, Any]] = {
        **COUNTING_DEFAULTS,
        "count_scoring": "fives_and_threes",
        "score_unit": "per_multiple",
    }
    default_rules = "pub"
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "pub": RuleSet(
            "pub",
            "The pub game (pagat, after Arthur Taylor): 7 tiles each for two, 5 for three or four; "
            "no drawing; the first lead by lot, then the lead passes left; one point per five and "
            "per three; 1 point for chipping out, none for a blocked hand; partners play on until "
            "both are out; exactly 61 wins, a score that would pass it is ignored.",
            {
                "draw_policy": "none",
                "stock_reserve": 0,
                "first_lead": "random",
                "lead_tile": "any",
                "domino_points": "fixed:1",
                "blocked_scoring": "fixed:0",
                "team_out_rule": "both_partners",
                "target_score": 61,
                "target_exact": True,
            },
            "pagat Fives and Threes",
        ),
        "britannica": RuleSet(
            "britannica",
            "The 1910 Encyclopaedia Britannica: as its All Fives (5 tiles each, the lead by "
            "drawing, draw until able, two left) but one point per five and per three; going out "
            "or a blocked hand scores the others' pips to the nearest five, one point per five; 61 "
            "up (the Britannica gives no target).",
            {
                "hand_size": 5,
                "first_lead": "draw_highest",
                "lead_tile": "any",
                "target_score": 61,
            },
            BRITANNICA,
        ),
    }
