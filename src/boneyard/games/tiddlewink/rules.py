"""Tiddle-a-Wink: block play for many players, where a double earns another play.

The hand is block dominoes (no drawing, a player who cannot play passes, the hand ends when one
player dominoes or nobody can play), with three things of its own, each an option here because
the published sources disagree on them (see docs/games/tiddle-a-wink.md):

- the deal (``deal_evenly``, ``set_by_players``): as many tiles as the set allows, the same number
  to each player, the rest out of play; or a fixed hand (three tiles in the American game);
- the line (``one_arm``): two ends (pagat's British game) or a single arm growing from the lead;
- what a double earns (``extra_play``): one more tile at once, anywhere it fits (or a pass); one
  more tile on that double; or a whole turn more (a double then earns another).

The pool the sources play for is ``domino_points=fixed:1`` and ``blocked_scoring=fixed:1``: each
hand's winner takes one pool, and ``pool_carries`` lets a blocked hand's pool wait for the next.

>>> from boneyard.games import get_game
>>> rules = get_game("tiddle-a-wink").configure(players=8)
>>> rules.tiles.name, rules.hand_size, rules.tiles.size - 8 * rules.hand_size
('double-nine', 6, 7)
>>> american = get_game("tiddlywink").configure("pagat-american", players=5)
>>> american.lead_layout(27, None).open_ends()  # 6-6 led: one arm, R
[('R', 6)]
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import PASS, Action
from ...core.game import Game, RuleSet
from ...core.i18n import NP_, _
from ...core.layout import Layout
from ...core.options import OptionError, Options, OptionSpec, choices_of, pick
from ...core.protocol import HandResult
from ...core.tiles import NAMES, tile_set
from ..line.options import LINE_SPECS
from ..line.rules import LineRules

if TYPE_CHECKING:
    from ...core.kernel_spec import KernelSpec
    from ...core.presenter import Presenter
    from ...core.protocol import GameRules, GameState
    from ..line.state import LineState

__all__ = [
    "TIDDLE_DEFAULTS",
    "TIDDLE_OPTIONS",
    "TIDDLE_SPECS",
    "ExtraPlay",
    "TiddleAWinkGame",
    "TiddleAWinkRules",
    "set_for_players",
]


class ExtraPlay(StrEnum):
    """What playing a double earns (``extra_play``)."""

    ONE = "one"
    ON_THE_DOUBLE = "on_the_double"
    TURN = "turn"


ONE_ARM = OptionSpec(
    "one_arm",
    "bool",
    "the line has one arm: every tile after the lead goes on the same end (R); otherwise both "
    "ends of the line are open",
    absent=False,
)

EXTRA_PLAY = OptionSpec(
    "extra_play",
    "choice",
    "what playing a double (the lead too) earns: one (one more tile at once, at any open end, or "
    "a pass), on_the_double (one more tile, on that double, or a pass), turn (another turn: he "
    "must play if he can, and a double then earns another)",
    choices_of(ExtraPlay),
    absent="one",
)

DEAL_EVENLY = OptionSpec(
    "deal_evenly",
    "bool",
    "as many tiles as the set allows are dealt, the same number to each player (the set's size "
    "divided by the players, rounded down), the rest out of play; hand_size is then not read",
    absent=False,
)

SET_BY_PLAYERS = OptionSpec(
    "set_by_players",
    "bool",
    "the set follows the number of players: double-six for 2 or 3, double-nine for 4 to 6, "
    "double-twelve for 7 or more; tile_set is then not read",
    absent=False,
)

POOL_CARRIES = OptionSpec(
    "pool_carries",
    "bool",
    "a blocked hand has no winner: its pool waits, and the next player to go out takes it too "
    "(with domino_points=fixed:<n>, each pool worth n)",
    absent=False,
)

TIDDLE_SPECS: tuple[OptionSpec, ...] = (
    ONE_ARM,
    EXTRA_PLAY,
    DEAL_EVENLY,
    SET_BY_PLAYERS,
    POOL_CARRIES,
)

TIDDLE_OPTIONS: tuple[str, ...] = (
    "tile_set",
    "set_by_players",
    "hand_size",
    "deal_evenly",
    "first_lead",
    "lead_tile",
    "no_double",
    "next_lead",
    "turn_direction",
    "one_arm",
    "extra_play",
    "doubles_crosswise",
    "domino_points",
    "blocked_scoring",
    "blocked_tie",
    "pool_carries",
    "hand_double_value",
    "target_score",
)

# pagat's British game: a double-nine set dealt evenly, two ends, one more tile after a double,
# the winner takes the pool; the first to win five pools wins the match (our choice: the sources
# play hand by hand for stakes).
TIDDLE_DEFAULTS: dict[str, Any] = {
    "tile_set": "double-nine",
    "set_by_players": False,
    "hand_size": 5,
    "deal_evenly": True,
    "first_lead": "highest_double",
    "lead_tile": "the_deciding_double",
    "no_double": "heaviest_tile",
    "next_lead": "same_as_first",
    "turn_direction": "cw",
    "one_arm": False,
    "extra_play": "one",
    "doubles_crosswise": True,
    "domino_points": "fixed:1",
    "blocked_scoring": "fixed:1",
    "blocked_tie": "no_score",
    "pool_carries": False,
    "hand_double_value": "full",
    "target_score": 5,
}


def set_for_players(players: int) -> str:
    """The set digigamers names for ``players``: double-six for two or three, double-nine for four
    to six, double-twelve for more.

    >>> [set_for_players(n) for n in (2, 3, 4, 6, 7, 8)]  # doctest: +NORMALIZE_WHITESPACE
    ['double-six', 'double-six', 'double-nine', 'double-nine', 'double-twelve',
     'double-twelve']
    """
    if players <= 3:
        return "double-six"
    if players <= 6:
        return "double-nine"
    return "double-twelve"


# The sentences of the engine (why a hand ended), told whole in another language.
ENGINE_SENTENCES = (NP_("engine", "blocked: nobody wins, the pool waits for the next hand"),)


class TiddleAWinkRules(LineRules):
    """Block play where a double earns another play: on one arm or two, from an even deal or a
    fixed hand (see the module)."""

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        # The deal's options resolve to the set and hand the line mechanism reads: the values the
        # rules keep (and a record writes) are those played with.
        values = dict(options)
        if SET_BY_PLAYERS.flag(options):
            values["tile_set"] = set_for_players(players)
        if DEAL_EVENLY.flag(options):
            values["hand_size"] = tile_set(str(values["tile_set"])).size // players
        super().__init__(game, rule_set, Options(values), players)
        self.one_arm = ONE_ARM.flag(options)
        self.extra_play = EXTRA_PLAY.choice(options, ExtraPlay)
        self.pool_carries = POOL_CARRIES.flag(options)
        if self.pool_carries and not self.domino_points.startswith("fixed:"):
            raise OptionError(
                _(
                    "pool_carries plays for a pool: it needs domino_points=fixed:<n>, the pool's "
                    "worth"
                )
            )
        # A double earns a bonus play (the line mechanism's double_bonus_play), where the extra
        # play decides which tiles it may be; a whole turn more repeats after a double.
        self.double_bonus_play = True
        self.turn_after_double = True
        self.bonus_repeats = self.extra_play is ExtraPlay.TURN

    # ----------------------------------------------------------------- the line
    def lead_layout(self, t: int, right: int | None) -> Layout:
        """The lead; on one arm only its R end is open (a double shows its number there, another
        tile the half its leader turned that way)."""
        lay = super().lead_layout(t, right)
        if not self.one_arm:
            return lay
        return Layout(("R",), lay.pips[1:2], lay.tips[1:2], lay.kinds[1:2], lay.placed, 0, t)

    def bonus_plays(self, hand: int, layout: Layout, double: int) -> list[Action]:
        """The tiles a double earns: on that double (``on_the_double``), else anywhere."""
        if self.extra_play is ExtraPlay.ON_THE_DOUBLE:
            return super().bonus_plays(hand, layout, double)
        return self.plays_for(hand, layout)

    def bonus_rule(self, double: int) -> str:
        """What the extra play after ``double`` allows, in words."""
        if self.extra_play is ExtraPlay.ON_THE_DOUBLE:
            return super().bonus_rule(double)
        if self.extra_play is ExtraPlay.TURN:
            return f"has another turn for {NAMES[double]} and must play a tile that fits an end"
        return f"may add one more tile for {NAMES[double]}, one that fits an end, or pass"

    def legal_actions(self, state: LineState) -> list[Action]:
        """The line game's actions; a turn earned by a double (``extra_play=turn``) is a turn like
        any other: no passing while a tile fits."""
        actions = super().legal_actions(state)
        if self.extra_play is ExtraPlay.TURN and state.bonus_double >= 0 and len(actions) > 1:
            return [a for a in actions if a != PASS]
        return actions

    # ----------------------------------------------------------------- the pool
    def hand_context(self, index: int, previous: GameState | None) -> Any:
        """The pools waiting for this hand's winner (``pool_carries``): one per blocked hand since
        the last hand won, else nothing (``None``)."""
        if not self.pool_carries or previous is None:
            return None
        result = previous.result
        waiting = previous.context if isinstance(previous.context, int) else 0
        if result is not None and result.winner is None:
            return waiting + 1
        return None

    def hand_result(self, state: LineState, ended: str, out_seat: int | None) -> HandResult:
        """The line game's result; with ``pool_carries`` a blocked hand has no winner, and a hand
        won takes the pools waiting too."""
        result = super().hand_result(state, ended, out_seat)
        if not self.pool_carries:
            return result
        nsides = len(self.sides)
        if ended != "domino":
            return replace(
                result,
                winner=None,
                points=tuple(state.scores[i] for i in range(nsides)),
                end_points=(0,) * nsides,
                reason="blocked: nobody wins, the pool waits for the next hand",
            )
        waiting = state.context if isinstance(state.context, int) else 0
        if not waiting or result.winner is None:
            return result
        end = list(result.end_points)
        end[result.winner] += waiting * int(self.domino_points.split(":")[1])
        return replace(
            result,
            end_points=tuple(end),
            points=tuple(state.scores[i] + end[i] for i in range(nsides)),
            reason=f"{result.reason}, taking the {waiting + 1} pools",
        )

    # ----------------------------------------------------------------- the compiled core
    def kernel_spec(self) -> KernelSpec | None:
        """The compiled core plays the two-ended game whose double earns one tile on it (its
        ``turn_after_double``); a single arm, a tile anywhere, a turn more or a waiting pool it
        does not: ``None`` then, and the Python engine plays."""
        if self.one_arm or self.extra_play is not ExtraPlay.ON_THE_DOUBLE or self.pool_carries:
            return None
        return super().kernel_spec()


PAGAT = "https://www.pagat.com/domino/line/tiddlywink.html"


class TiddleAWinkGame(Game):
    id: ClassVar[str] = "tiddle-a-wink"
    aliases: ClassVar[tuple[str, ...]] = (
        "tiddlywink",
        "tiddly-wink",
        "tiddlywinks",
        "tidley-wink",
    )
    title: ClassVar[str] = "Tiddle-a-Wink"
    summary: ClassVar[str] = (
        "Block dominoes for many players: the highest double leads, whoever "
        "plays a double may play again at once, nobody draws; the first out or the lightest "
        "hand wins."
    )
    option_specs = pick(TIDDLE_OPTIONS, TIDDLE_SPECS, LINE_SPECS)
    defaults = TIDDLE_DEFAULTS
    default_rules = "pagat"
    min_players = 2
    max_players = 8
    default_players = 6
    rules_class = TiddleAWinkRules

    def presenter_for(self, rules: GameRules) -> Presenter[Any]:
        """Tiddle-a-Wink's presenter: the line game's, with this rule set's rules told (its
        module reads this one, so it is imported when first told)."""
        from .presenter import TiddleAWinkPresenter

        if not isinstance(rules, TiddleAWinkRules):
            raise TypeError(f"not Tiddle-a-Wink's rules: {rules.describe()}")
        return TiddleAWinkPresenter(rules)

    end_names = "L and R (the two ends of the line); on one arm (one_arm) R alone"
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "pagat": RuleSet(
            "pagat",
            "pagat's British Tiddle-a-Wink: a double-nine set, as many tiles as possible dealt "
            "evenly, the rest out of play; the holder of the highest double leads it; tiles go "
            "on either end; whoever plays a double (the lead too) may play one more tile at "
            "once; no drawing, a player who cannot play passes; the first out, or the lightest "
            "hand when nobody can play, takes the pool; five pools win.",
            {},
            PAGAT,
        ),
        "pagat-american": RuleSet(
            "pagat-american",
            "pagat's American Tiddly-Wink (also domino-games.com): three tiles each from a "
            "double-six set, the rest out of play; the largest double leads; one arm, doubles "
            "placed in line; a double earns the option of a second tile; the first out or the "
            "lightest hand takes the pool.",
            {
                "tile_set": "double-six",
                "deal_evenly": False,
                "hand_size": 3,
                "one_arm": True,
                "doubles_crosswise": False,
                "_players": 6,
            },
            PAGAT + "; http://domino-games.com/domino-rules/tiddly-wink-rules.html",
        ),
        "spaans": RuleSet(
            "spaans",
            "The Tiddly Wink of spaanszt.home.xs4all.nl: a double-six set dealt evenly, play "
            "from one end of the first double only, a double earns another tile; the first out "
            "takes the pool; when all have passed nobody wins, and the pool waits for the next "
            "hand.",
            {
                "tile_set": "double-six",
                "one_arm": True,
                "pool_carries": True,
            },
            "https://spaanszt.home.xs4all.nl/Domino/Tiddly_Wink.html",
        ),
        "digigamers": RuleSet(
            "digigamers",
            "digigamers' Tiddle-A-Wink: the set by the number of players (double-six for two or "
            "three, double-nine for four to six, double-twelve for more), dealt evenly; the "
            "highest double leads, one arm; a double earns a second tile; going out scores the "
            "pips left in the other hands, a blocked hand scores every player the differences to "
            "the heavier hands; 100 up.",
            {
                "set_by_players": True,
                "one_arm": True,
                "domino_points": "pips",
                "blocked_scoring": "cascade",
                "target_score": 100,
            },
            "http://www.digigamers.com/help.jsp?DISPLAYPAGE=/parlor/dominoes/"
            "TIDDLE_A_WINK_RULES.jsp",
        ),
        "manual": RuleSet(
            "manual",
            "A domino set's use-and-care manual: five tiles each (from a double-nine set: the "
            "manual names none); the highest double leads; whoever plays a double takes another "
            "turn; going out scores the pips left in the other hands, a blocked hand's lightest "
            "the others' total minus his own; 200 up.",
            {
                "deal_evenly": False,
                "hand_size": 5,
                "extra_play": "turn",
                "domino_points": "pips",
                "blocked_scoring": "difference_total",
                "target_score": 200,
            },
            "http://38.142.81.21:8001/manual/unbranded/hw3500003/use-and-care-manual-english/"
            "page-22.html",
        ),
    }
