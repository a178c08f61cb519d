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

from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.actions import Action, Move, Muggins, Play
from ..core.game import BRITANNICA, FOSTER, Game, RuleSet
from ..core.i18n import _, ngettext, pgettext
from ..core.kernel_spec import MAX_COUNT
from ..core.layout import LONG, Layout
from ..core.options import OptionSpec, choices_of, pick
from ..core.tiles import BIT, DOUBLE, HIGH
from ..core.words import Voice, number, plural, tile_text
from .block import LINE_DEFAULTS, LINE_OPTIONS
from .line.options import LINE_SPECS
from .line.presenter import LinePresenter
from .line.rules import LineRules

if TYPE_CHECKING:
    from ..core.options import Options
    from ..core.protocol import GameState, Outcome
    from .line.state import LineState

__all__ = [
    "COUNTING_DEFAULTS",
    "COUNTING_OPTIONS",
    "COUNTING_SPECS",
    "AllThreesGame",
    "CountScoring",
    "CountingGame",
    "CountingPresenter",
    "CountingRules",
    "ExposedDoubleValue",
    "FivesAndThreesGame",
    "MugginsGame",
    "MugginsMode",
    "ScoreUnit",
    "SpinnerEndsCount",
]


class ScoreUnit(StrEnum):
    """What a scoring count scores (``score_unit``)."""

    FACE = "face"
    PER_MULTIPLE = "per_multiple"


class CountScoring(StrEnum):
    """Which counts of the open ends score (``count_scoring``)."""

    NONE = "none"
    FIVES = "fives"
    THREES = "threes"
    FIVES_AND_THREES = "fives_and_threes"


class ExposedDoubleValue(StrEnum):
    """What a crosswise double at an open end counts (``exposed_double_value``)."""

    BOTH_HALVES = "both_halves"
    ONE_HALF = "one_half"


class SpinnerEndsCount(StrEnum):
    """How long a spinner counts both halves (``spinner_ends_count``)."""

    UNTIL_SIDES_COVERED = "until_sides_covered"
    UNTIL_ENDS_COVERED = "until_ends_covered"


class MugginsMode(StrEnum):
    """Whether scores are taken or claimed (``muggins_mode``)."""

    AUTO = "auto"
    CLAIM = "claim"


# The counting mechanism's own options (RULES.md §3 rows 27-35), read by CountingRules.
SCORE_UNIT = OptionSpec(
    "score_unit",
    "choice",
    "a scoring count scores its face value (15 -> 15) or one point per multiple (15 -> 3 "
    "fives); end-of-hand points are divided the same way",
    choices_of(ScoreUnit),
)

COUNT_SCORING = OptionSpec(
    "count_scoring",
    "choice",
    "which counts of the open ends score during play: none, multiples of five, of three, or "
    "both (one point per five and per three)",
    choices_of(CountScoring),
)

LEAD_SCORES = OptionSpec(
    "lead_scores", "bool", "the lead tile scores its count like any other play"
)

ZERO_COUNT_SCORES = OptionSpec(
    "zero_count_scores",
    "bool",
    "a count of zero (a 0-0 lead, two blank ends) scores as a multiple (no source does)",
)

EXPOSED_DOUBLE_VALUE = OptionSpec(
    "exposed_double_value",
    "choice",
    "a crosswise double at an open end counts both halves (until its far side is covered) "
    "or one half",
    choices_of(ExposedDoubleValue),
)

SPINNER_ENDS_COUNT = OptionSpec(
    "spinner_ends_count",
    "choice",
    "a spinner counts (both halves) until both long sides are covered, or (Sniff) until "
    "every side is covered",
    choices_of(SpinnerEndsCount),
)

MUGGINS_MODE = OptionSpec(
    "muggins_mode",
    "choice",
    "scores are taken automatically (auto), or must be claimed with the play (claim): an "
    "unclaimed count can be taken by the next player calling muggins",
    choices_of(MugginsMode),
)

FALSE_CLAIM_PENALTY = OptionSpec(
    "false_claim_penalty",
    "bool",
    "a wrong claim is struck and the next opponent scores the points claimed as a penalty",
)

COUNTING_SPECS: tuple[OptionSpec, ...] = (
    SCORE_UNIT,
    COUNT_SCORING,
    LEAD_SCORES,
    ZERO_COUNT_SCORES,
    EXPOSED_DOUBLE_VALUE,
    SPINNER_ENDS_COUNT,
    MUGGINS_MODE,
    FALSE_CLAIM_PENALTY,
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
        self.score_unit = SCORE_UNIT.choice(o, ScoreUnit)
        self.count_scoring = COUNT_SCORING.choice(o, CountScoring)
        self.lead_scores = LEAD_SCORES.flag(o)
        self.zero_count_scores = ZERO_COUNT_SCORES.flag(o)
        self.exposed_double_value = EXPOSED_DOUBLE_VALUE.choice(o, ExposedDoubleValue)
        self.spinner_ends_count = SPINNER_ENDS_COUNT.choice(o, SpinnerEndsCount)
        self.claims = MUGGINS_MODE.choice(o, MugginsMode) is MugginsMode.CLAIM
        self.false_claim_penalty = FALSE_CLAIM_PENALTY.flag(o)
        # What points_for asks of every count, decided once.
        self.per_multiple = self.score_unit is ScoreUnit.PER_MULTIPLE
        both = CountScoring.FIVES_AND_THREES
        self.fives = self.count_scoring in (CountScoring.FIVES, both)
        self.threes = self.count_scoring in (CountScoring.THREES, both)
        self.double_factor = (
            2
            if self.exposed_double_value is ExposedDoubleValue.BOTH_HALVES
            and self.doubles_crosswise
            else 1
        )
        # Every value a play can score: what a claim may name.
        most = 2 * self.tiles.max_pip * 8
        self.claim_values: tuple[int, ...] = tuple(
            sorted({self.points_for(c) for c in range(1, most + 1)} - {0})
        )
        # Scores are made by counts, so score_play always runs.
        self.scores_in_play = self.count_scoring is not CountScoring.NONE

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
                if free_long or (
                    sides and self.spinner_ends_count is SpinnerEndsCount.UNTIL_ENDS_COVERED
                ):
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
        if self.per_multiple:
            points = 0
            if self.fives and count % 5 == 0:
                points += count // 5
            if self.threes and count % 3 == 0:
                points += count // 3
            return points
        fives = self.fives and count % 5 == 0
        threes = self.threes and count % 3 == 0
        points = count if fives or threes else 0  # face value counts once
        return points

    def explain(self, layout: Layout) -> str:
        """The count in words, e.g. ``ends 5 + 10 = 15 -> 15 points``."""
        terms = self.count_terms(layout)
        total = sum(v for _, v in terms)
        sums = " + ".join(str(v) for _, v in terms) or "0"
        points = self.points_for(total)
        said = _("ends {sums} = {total}").format(sums=sums, total=total)
        if points:
            said += " -> " + ngettext("{n} point", "{n} points", points).format(n=points)
        return said

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
        return self.points_for(self.count(state.layout))

    def _round(self, points: int) -> int:
        rounded = super()._round(points)
        if self.per_multiple:
            unit = {"pips_round5": 5, "pips_round3": 3}.get(self.domino_points, 0)
            if unit:
                return rounded // unit
        return rounded

    def kernel_fields(self) -> dict[str, Any]:
        return {
            **super().kernel_fields(),
            "play_scoring": "count" if self.scores_in_play else "none",
            "count_points": tuple(self.points_for(c) for c in range(MAX_COUNT)),
            "double_factor": self.double_factor,
            "spinner_until_ends_covered": self.spinner_ends_count
            is SpinnerEndsCount.UNTIL_ENDS_COVERED,
            "lead_scores": self.lead_scores,
            "round_per_multiple": self.per_multiple,
            "claims": self.claims,
            "claim_values": self.claim_values,
            "false_claim_penalty": self.false_claim_penalty,
        }

    # ----------------------------------------------------------------- claims
    def legal_actions(self, state: LineState) -> list[Action]:
        actions = super().legal_actions(state)
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


class CountingPresenter(LinePresenter[CountingRules]):
    """The counting games told: the count of the open ends on the table, what each play scores
    and why, claims and muggins calls."""

    default_opponent = "counting"  # it plays for the points

    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        which = {
            "fives": _("a multiple of five"),
            "threes": _("a multiple of three"),
            "fives_and_threes": _("a multiple of five or of three"),
        }.get(rules.count_scoring, "")
        if not which:
            return []
        if rules.per_multiple:
            how = (
                _("one point per five and per three in it")
                if rules.count_scoring is CountScoring.FIVES_AND_THREES
                else _("one point per multiple")
            )
        else:
            how = _("its value")
        phrase = _("A play that makes the count of the open ends {which} scores {how}.").format(
            which=which, how=how
        )
        if rules.claims:
            phrase += " " + _(
                "You must claim your points: after choosing a move, type what it scores (Enter "
                "for nothing). A count you miss can be taken by the next player calling muggins; "
                "a wrong claim is struck and scored by your opponent."
            )
        else:
            phrase += " " + _("Scores are counted for you.")
        return [phrase]

    def count_line(self, layout: Layout | None) -> str | None:
        """The count of the open ends term by term: ``Count: L 6 + R 10 ([5|5] across) = 16
        (worth 3 points)``."""
        rules = self.rules
        if layout is None:
            return _("Count: nothing on the table yet")
        terms = []
        for name, value in rules.count_terms(layout):
            t = layout.tips[layout.names.index(name)]
            term = f"{name} {value}"
            if DOUBLE[t] and value == 2 * HIGH[t] and value:
                term += " " + _("({tile} across)").format(tile=tile_text(t))
            terms.append(term)
        total = rules.count(layout)
        points = rules.points_for(total)
        text = _("Count: {terms} = {total}").format(terms=" + ".join(terms) or "0", total=total)
        if points:
            text += " " + _("(worth {points})").format(points=plural(points, "point"))
        return text

    def play_points(self, layout: Layout | None, action: Play) -> int | None:
        return self.rules.points_of_play(layout, action)

    def why_scored(
        self, state: GameState, before: object | None, move: Move, outcome: Outcome, voice: Voice
    ) -> list[str]:
        """Why a play scored or did not: the ends and their sum, the claim, the target (``ends 5
        + 10 = 15 -> 15 points``, ``..., not claimed``, ``...: the claim of 10 is struck: seat 1
        scores 10``); and a muggins call that would pass an exact target."""
        rules = self.rules
        action = move.action
        if isinstance(action, Muggins):
            if any(score.forfeited for score in outcome.scores):
                return [_("It would pass {target}: not scored.").format(target=rules.target_score)]
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
            and outcome.index == len(state.history) - 1
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
                    _(
                        "{why}, but with the points for going out it would pass {target}: neither "
                        "is scored"
                    ).format(why=why, target=rules.target_score)
                ]
            return [
                _("{why}, but it would pass {target}: not scored").format(
                    why=why, target=rules.target_score
                )
            ]
        if action.claim is None:
            if not earned:
                return []
            if state.over:
                return [
                    _("{why}, not claimed: the hand is over and the points are lost").format(
                        why=why
                    )
                ]
            return [_("{why}, not claimed").format(why=why)]
        text = _("{why}: the claim of {claim} is struck").format(why=why, claim=action.claim)
        penalty = next((sc for sc in outcome.scores if sc.reason == "penalty"), None)
        if penalty is not None:
            said = voice.side_pick(
                penalty.side,
                pgettext("you", ": {side} score {n}"),
                _(": {side} scores {n}"),
                _(": {side} score {n}"),
            )
            text += said.format(side=voice.side(penalty.side), n=number(penalty.points))
        elif rules.false_claim_penalty and action.claim > 0 and rules.target_exact:
            # The engine ignored the penalty: it would have passed the exact target.
            victim = (move.seat + 1) % rules.players
            while rules.side_of[victim] == rules.side_of[move.seat]:
                victim = (victim + 1) % rules.players
            label = voice.side(rules.side_of[victim])
            text += _(": the {claim} would take {side} past {target}, not scored").format(
                claim=action.claim, side=label, target=rules.target_score
            )
        if earned:
            text += " " + _("(the {n} the play made are lost)").format(n=earned)
        return [text]


class CountingGame(Game):
    """What the counting games share: their options, rules and ends."""

    option_specs = pick(COUNTING_OPTIONS, LINE_SPECS, COUNTING_SPECS)
    rules_class = CountingRules
    presenter_class = CountingPresenter
    end_names = (
        "L and R (the two ends of the line); with a spinner, U and D (its short sides); with "
        "every double a spinner, nU and nD for a later spinner n-n"
    )


class MugginsGame(CountingGame):
    id: ClassVar[str] = "muggins"
    order: ClassVar[int] = 40
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
    order: ClassVar[int] = 50
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
    order: ClassVar[int] = 60
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


GAMES: tuple[Game, ...] = (MugginsGame(), AllThreesGame(), FivesAndThreesGame())
"""The games of this module, for the registry (:mod:`boneyard.games`)."""
