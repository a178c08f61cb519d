"""Mexican Train (RULES.md §2.13, §4.11): personal trains from a central engine double, a public
Mexican train, markers, doubles that must be covered; the lowest total after the rounds wins.

**Rounds.** A match is ``rounds`` hands (13 with a double-twelve set, 10 with double-nine). Round
``k`` (from 1) is played from the engine ``(n+1-k)-(n+1-k)`` of a double-n set: 12-12 first, 0-0
last (MT-1). Its holder lays it in the centre (the hub) as the lead; if nobody holds it, the
players draw in turn from seat 0 until it appears.

**The table.** Every player has a train of his own, growing from the engine: seat ``s``'s is the
end ``Ts`` (``T0``, ``T1``...); the Mexican train ``M`` belongs to nobody. Each train is one open
end, showing the engine's number until its first tile. On his turn a player lays one tile on his
own train, on the Mexican train, or on any train carrying a **marker**. A player who cannot play
draws one tile; if he still cannot play he passes and puts his marker on his own train, which is
then open to everyone until he plays on it again. With the stock empty he passes (and marks) at
once.

**Doubles must be covered.** A player who lays a double (not his last tile) plays again, and must
cover it (lay a tile on it); he may draw one to do so, and if he still cannot he passes and marks
his train. While a double stands uncovered on any train, nobody may play anywhere else: each
player in turn covers it, or draws one, or passes and marks.

**The end.** A hand ends when a player goes out or nobody can play with the stock empty. Every
player adds the pips left in his hand to his score (``double_blank_value``: the 0-0 counts 50 at
some tables); the lowest total after the last round wins.

>>> from boneyard.games import get_game
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("mexican-train").configure(players=3)
>>> [rules.engine(k) for k in (0, 1, 12)] == [T("12-12"), T("11-11"), T("0-0")]
True
>>> rules.hand_size, rules.rounds
(15, 13)
>>> lay = rules.lead_layout(T("12-12"), None)
>>> lay.open_ends()
[('T0', 12), ('T1', 12), ('T2', 12), ('M', 12)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ...core.actions import DRAW, PASS, Action, Pass, Play, plays_at
from ...core.game import Game, RuleSet
from ...core.i18n import NP_, _, pgettext
from ...core.layout import LONG, MARKED, Layout
from ...core.options import OptionError, OptionSpec, pick
from ...core.presenter import SheetKind, others
from ...core.protocol import HandResult
from ...core.tiles import BIT, DOUBLE, HIGH, LOW, NAMES, PIPS, tile
from ...core.views import Half, Way
from ...core.words import Voice, capital, number, plural
from ..line.options import LINE_SPECS, ROUNDS, DrawPolicy, LeadTile, NextLead, NoDouble
from ..line.presenter import LinePresenter
from ..line.rules import LineRules

if TYPE_CHECKING:
    from ...core.match import Match
    from ...core.options import Options
    from ...core.protocol import GameState
    from ..line.state import LineState

__all__ = [
    "MexicanTrainGame",
    "MexicanTrainPresenter",
    "MexicanTrainRules",
    "RoundsPresenter",
    "low_totals_winner",
]

MEXICAN = "M"

# Hand sizes by number of players, as the sources give them (RULES.md §2.13, MT-2).
HAND_TABLES: dict[str, str] = {
    "htfbw": "2:15,3:15,4:15,5:12,6:12,7:10,8:10",
    "billhathaway": "2:15,3:15,4:15,5:11,6:11,7:10,8:10",
    "cardinal": "2:15,3:15,4:15,5:12,6:12,7:11,8:11",
    "double-nine": "2:10,3:10,4:10,5:8,6:8,7:6,8:6",
}


# The sentences of the engine and the table's words about seats (the trains' titles and notes,
# why a hand ended, why a move is refused), told whole in another language by their templates.
ENGINE_SENTENCES = (
    NP_("engine", "the Mexican train"),
    NP_("engine", "{seat}'s train"),
    NP_("engine", "marker: open to all"),
    NP_("engine", "{tile} to be covered"),
    NP_("engine", "a toe of {tile}: to be filled"),
    NP_("engine", "a side of the starting double: to be filled"),
    NP_("engine", "blocked: a tie for the fewest pips"),
    NP_("engine", "the {pip} on {end} must be covered first"),
    NP_("engine", "{end} is {seat}'s train and carries no marker"),
    NP_("engine", "the starting double {tile} must get a tile on every side first"),
    NP_("engine", "the {tile} must get its three toes first ({n} of 3 laid)"),
)


def low_totals_winner(totals: Sequence[float]) -> int | None:
    """The side with the lowest total, ``None`` on a tie for it."""
    low = min(totals)
    leaders = [i for i, t in enumerate(totals) if t == low]
    return leaders[0] if len(leaders) == 1 else None


# What a hand left at the end of a round counts beyond its pips (the games of rounds; RoundsRules
# reads them, a game that lists neither counts pips alone).
DOUBLE_BLANK_VALUE = OptionSpec(
    "double_blank_value",
    "int",
    "what the 0-0 counts when left in a hand at the end (0 normally; 50 in Chicken Foot)",
    example="50",
    absent=0,
)

BLANK_HALF_VALUE = OptionSpec(
    "blank_half_value",
    "int",
    "what each blank half counts when left in a hand at the end (0 normally; 25 in one "
    "Chicken Foot text)",
    example="25",
    absent=0,
)

ROUNDS_SPECS: tuple[OptionSpec, ...] = (DOUBLE_BLANK_VALUE, BLANK_HALF_VALUE)


class RoundsRules(LineRules):
    """What Mexican Train and Chicken Foot share: a round per double, from the highest down, led
    by the holder of the round's double (the others draw in turn until it appears when nobody
    holds it); draw one, then pass; the pips left in each hand are added to its owner's score,
    and the lowest total after the last round wins."""

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        rounds = ROUNDS.number(options)
        top = self.tiles.max_pip
        if not 1 <= rounds <= top + 1:
            raise OptionError(
                _(
                    "rounds={rounds}: a {set} set has {n} doubles, one per round, so play 1 to "
                    "{n} rounds"
                ).format(rounds=rounds, set=self.tiles.name, n=top + 1)
            )
        self.rounds = rounds
        self.draw_policy = DrawPolicy.ONE_THEN_PASS
        self.can_draw = True
        self.hidden_moves = True
        self.voluntary_draw = False
        self.reserve = 0
        self.lead_tile_rule = LeadTile.THE_DECIDING_DOUBLE
        self.no_double = NoDouble.DRAW_UNTIL_FOUND
        self.next_lead = NextLead.SAME_AS_FIRST
        self.low_wins = True
        blank = BLANK_HALF_VALUE.number(options)
        double_blank = DOUBLE_BLANK_VALUE.number(options)
        assert isinstance(blank, int) and isinstance(double_blank, int)
        self.hand_value = tuple(
            double_blank if t == 0 else PIPS[t] + (blank if LOW[t] == 0 else 0)
            for t in range(self.tiles.size)
        )

    # ----------------------------------------------------------------- rounds and the lead
    def engine(self, index: int) -> int:
        """The double of round ``index`` (from 0): the highest double first."""
        n = self.tiles.max_pip - index
        return tile(n, n)

    def hand_context(self, index: int, previous: GameState | None) -> Any:
        return self.engine(min(index, self.rounds - 1))

    def finds_lead(self, t: int, context: Any) -> bool:
        return bool(t == context)

    def lead_finder_mask(self, context: Any) -> int:
        return BIT[context] if isinstance(context, int) else 0

    def lead_from_deal(self) -> bool:
        return True

    def leader_from_deal(self, hands: Sequence[int], context: Any = None) -> tuple[int, int] | None:
        engine = context if isinstance(context, int) else self.engine(0)
        for seat, h in enumerate(hands):
            if h & BIT[engine]:
                return seat, engine
        return None  # draw for it

    def needs_redeal(self, hands: Sequence[int]) -> bool:
        return False

    @property
    def redeals_without_double(self) -> bool:
        return False  # a round's engine is found by drawing, never by a redeal

    def next_leader(self, previous_leader: int, previous: HandResult | None) -> int | None:
        return None

    # ----------------------------------------------------------------- the end
    def hand_result(self, state: LineState, ended: str, out_seat: int | None) -> HandResult:
        """Every seat scores (as a cost) the pips left in its hand; the hand is won by the player
        who went out, or in a blocked hand by the fewest pips (nobody on a tie)."""
        pips = tuple(self.hand_pips(h) for h in state.hands)
        if ended == "domino":
            assert out_seat is not None
            winner: int | None = out_seat
            reason = f"{self.seat_name(out_seat)} went out"
        else:
            low = min(pips)
            tied = [s for s, p in enumerate(pips) if p == low]
            winner = tied[0] if len(tied) == 1 else None
            reason = (
                f"blocked: {self.seat_name(tied[0])} holds the fewest pips"
                if winner is not None
                else "blocked: a tie for the fewest pips"
            )
        return HandResult(ended, winner, pips, pips, pips, out_seat, reason)

    def match_winner(self, totals: Sequence[float]) -> int | None:
        return low_totals_winner(totals)

    def kernel_fields(self) -> dict[str, Any]:
        return {
            **super().kernel_fields(),
            "first_lead": "engine",
            "next_lead": "none",
            "result": "costs",
            "match_end": "rounds_low",
            "rounds": self.rounds,
        }

    def match_end(
        self, totals: Sequence[float], hands_played: int, last: HandResult | None = None
    ) -> tuple[bool, int | None]:
        if hands_played < self.rounds:
            return False, None
        return True, low_totals_winner(totals)


class MexicanTrainRules(RoundsRules):
    """Trains from a hub, markers, the Mexican train, doubles covered before anything else."""

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        self.train_names: tuple[str, ...] = (*(f"T{s}" for s in range(players)), MEXICAN)
        # A player who lays a double keeps the turn, to cover it; markers change the table.
        self.turn_after_double = True
        self.table_hooks = True

    # ----------------------------------------------------------------- the table
    def lead_layout(self, t: int, right: int | None) -> Layout:
        """The engine in the hub: one open end per train, each showing the engine's number."""
        k = len(self.train_names)
        n = HIGH[t]
        return Layout(self.train_names, (n,) * k, (t,) * k, (LONG,) * k, BIT[t], 0, t)

    def lay(self, layout: Layout, action: Play) -> Layout:
        assert action.end is not None
        i = layout.names.index(action.end)
        t = action.tile
        p = layout.pips[i]
        exposed = LOW[t] if HIGH[t] == p else HIGH[t]
        return layout.extend(i, t, exposed)

    def table_after(self, layout: Layout, seat: int, action: Action) -> Layout:
        """A pass puts the player's marker on his train; his own play on it takes it off."""
        if seat >= len(layout.kinds) - 1:
            return layout
        kinds = layout.kinds
        if type(action) is Pass:
            if kinds[seat] == MARKED:
                return layout
            kind = MARKED
        elif type(action) is Play and action.end == layout.names[seat] and kinds[seat] == MARKED:
            kind = LONG
        else:
            return layout
        return Layout(
            layout.names,
            layout.pips,
            layout.tips,
            kinds[:seat] + (kind,) + kinds[seat + 1 :],  # noqa: RUF005
            layout.placed,
            layout.spinners,
            layout.lead_tile,
        )

    def uncovered(self, layout: Layout) -> int:
        """The end holding an uncovered double (not the engine), or -1."""
        lead = layout.lead_tile
        for i, t in enumerate(layout.tips):
            if t != lead and DOUBLE[t]:
                return i
        return -1

    def open_to(self, layout: Layout, seat: int) -> list[int]:
        """The ends ``seat`` may play on now: an uncovered double's alone, else his own train,
        the Mexican train and every train carrying a marker."""
        double = self.uncovered(layout)
        if double >= 0:
            return [double]
        kinds = layout.kinds
        return [
            i for i in range(len(kinds)) if i == seat or kinds[i] == MARKED or i == len(kinds) - 1
        ]

    def allowed_ends(self, layout: Layout) -> range | list[int]:
        double = self.uncovered(layout)
        return [double] if double >= 0 else range(len(layout.names))

    def playable_mask(self, layout: Layout) -> int:
        """The tiles some seat could play now or once the trains are marked: on an uncovered
        double only, else on any train."""
        m = 0
        pips, end_mask = layout.pips, self.end_mask
        for i in self.allowed_ends(layout):
            m |= end_mask[pips[i]]
        return m

    def playable_mask_for(self, layout: Layout, seat: int) -> int:
        m = 0
        pips, end_mask = layout.pips, self.end_mask
        for i in self.open_to(layout, seat):
            m |= end_mask[pips[i]]
        return m

    def plays_for(self, hand: int, layout: Layout) -> list[Action]:
        """Every play of ``hand`` on any train (whoever may play there)."""
        return self._plays(hand, layout, self.allowed_ends(layout))

    def _plays(self, hand: int, layout: Layout, ends: Sequence[int] | range) -> list[Action]:
        out: list[Action] = []
        names, pips, end_mask = layout.names, layout.pips, self.end_mask
        for i in ends:
            m = hand & end_mask[pips[i]]
            if not m:
                continue
            row = plays_at(names[i])
            while m:
                low_bit = m & -m
                out.append(row[low_bit.bit_length() - 1])
                m ^= low_bit
        return out

    def keeps_turn(self, hand: int, layout: Layout, double: int) -> bool:
        return double != layout.lead_tile  # to cover it (the engine needs no cover)

    # ----------------------------------------------------------------- moves
    def legal_actions(self, state: LineState) -> list[Action]:
        layout = state.layout
        if layout is None or state.finding_lead:
            return super().legal_actions(state)
        seat = state.turn
        plays = self._plays(state.hands[seat], layout, self.open_to(layout, seat))
        if plays:
            return plays
        if not state.drew and state.stock_pos < len(state.stock):
            return [DRAW]
        return [PASS]

    def is_blocked(self, state: LineState) -> bool:
        """Nobody can play, now or ever: the stock is empty and no hand holds a tile for an
        uncovered double (or, with none, for any train: a train closed to a player opens when
        its owner passes)."""
        layout = state.layout
        if layout is None or state.stock_pos < len(state.stock):
            return False
        playable = self.playable_mask(layout)
        return not any(h & playable for h in state.hands)

    def kernel_fields(self) -> dict[str, Any]:
        return {**super().kernel_fields(), "table": "trains"}

    # ----------------------------------------------------------------- for people
    def end_closed(self, layout: Layout, seat: int, i: int) -> str:
        double = self.uncovered(layout)
        if double >= 0 and i != double:
            tip = NAMES[layout.tips[double]]
            return f"the {tip} on {layout.names[double]} must be covered first"
        if i not in self.open_to(layout, seat):
            owner = layout.names[i][1:]
            return f"{layout.names[i]} is seat {owner}'s train and carries no marker"
        return ""


R = TypeVar("R", bound=RoundsRules)


class RoundsPresenter(LinePresenter[R]):
    """A game of rounds told (Mexican Train, Chicken Foot): the pips left in each hand are
    costs, and the lowest total after the last round wins."""

    @property
    def sheet_kind(self) -> SheetKind:
        return "lowest"

    def target_text(self) -> str:
        return _("{hands}, each adding the pips left in hand: the lowest total wins").format(
            hands=plural(self.rules.rounds, "hand")
        )

    def goal(self) -> str:
        return capital(self.target_text()) + "."

    def goal_short(self) -> str:
        return _("{hands}, lowest total wins").format(hands=plural(self.rules.rounds, "hand"))

    def tie_words(self, best: float) -> str:
        return _("tie for the lowest total, {n} each").format(n=number(best))

    def won_words(self, match: Match, winner: int, voice: Voice) -> str:
        totals = match.totals
        said = voice.side_pick(
            winner,
            pgettext(
                "you", "Match over after {hands}: {side} win with the lowest total, {n}{others}."
            ),
            _("Match over after {hands}: {side} wins with the lowest total, {n}{others}."),
            _("Match over after {hands}: {side} win with the lowest total, {n}{others}."),
        )
        return said.format(
            hands=plural(len(match.score_sheet()), "hand"),
            side=voice.side(winner),
            n=number(totals[winner]),
            others=others(totals, [winner], voice),
        )


class MexicanTrainPresenter(RoundsPresenter[MexicanTrainRules]):
    """Mexican Train told: its trains drawn from the hub, whose each is, their markers and the
    double waiting to be covered."""

    hub = True

    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        if voice.reader is not None:
            trains = _("Your train is T{n}").format(n=voice.reader + 1)
        else:
            owners = ", ".join(
                _("T{n} is {whose}").format(n=s + 1, whose=voice.whose(s))
                for s in range(rules.players)
            )
            trains = _("Each player has a train of his own ({owners})").format(owners=owners)
        zero = rules.hand_value[0] if rules.hand_value else 0
        adds = (
            _(
                "When a player goes out (or nobody can play), everyone adds the pips left in his "
                "hand to his score, the 0-0 counting {n}."
            ).format(n=zero)
            if zero
            else _(
                "When a player goes out (or nobody can play), everyone adds the pips left in his "
                "hand to his score."
            )
        )
        return [
            _(
                "Each round is played from its engine double, the highest first, laid in the hub "
                "by its holder. {trains}; M is the Mexican train, open to all."
            ).format(trains=trains),
            _(
                "On your turn lay one tile on your own train, on M, or on a train with a marker. "
                "If you cannot, draw one; if you still cannot, you pass and your marker goes on "
                "your train, open to everyone until you play on it again."
            ),
            _(
                "Lay a double and you play again to cover it; while a double stands uncovered, "
                "everyone must cover it before playing anywhere else."
            ),
            adds,
        ]

    def way(self, name: str, root: int, lead: int) -> tuple[Way, Half | None]:
        return "right", None  # every train runs out of the hub

    def end_title(self, name: str) -> str:
        if name == MEXICAN:
            return "the Mexican train"
        return f"seat {name[1:]}'s train"

    def end_word(self, name: str) -> str:
        # The notation's T0 is the first seat's train: T1 to a person.
        if name != MEXICAN and name[:1] == "T" and name[1:].isdigit():
            return f"T{int(name[1:]) + 1}"
        return name

    def end_note(self, layout: Layout, i: int) -> str:
        notes = []
        if layout.kinds[i] == MARKED:
            notes.append("marker: open to all")
        if self.end_waiting(layout, i):
            notes.append(f"{NAMES[layout.tips[i]]} to be covered")
        return "; ".join(notes)

    def end_waiting(self, layout: Layout, i: int) -> bool:
        return i == self.rules.uncovered(layout)


class MexicanTrainGame(Game):
    id: ClassVar[str] = "mexican-train"
    order: ClassVar[int] = 120
    title: ClassVar[str] = "Mexican Train"
    summary: ClassVar[str] = (
        "Double-twelve, 2 to 8 players, 13 rounds from the 12-12 engine down: build your own "
        "train or the public Mexican train, cover every double, draw one then mark your train; "
        "the lowest total wins."
    )
    option_specs = pick(
        ("tile_set", "hand_size", "rounds", "double_blank_value"), LINE_SPECS, ROUNDS_SPECS
    )
    defaults: ClassVar[dict[str, Any]] = {
        "tile_set": "double-twelve",
        "hand_size": HAND_TABLES["htfbw"],
        "rounds": 13,
        "double_blank_value": 0,
    }
    named_values: ClassVar[dict[str, dict[str, Any]]] = {"hand_size": HAND_TABLES}
    set_defaults: ClassVar[dict[str, dict[str, Any]]] = {
        "double-twelve": {"hand_size": HAND_TABLES["htfbw"], "rounds": 13},
        "double-nine": {"hand_size": HAND_TABLES["double-nine"], "rounds": 10},
    }
    default_rules = "standard"
    min_players = 2
    max_players = 8
    default_players = 4
    rules_class = MexicanTrainRules
    presenter_class = MexicanTrainPresenter
    end_names = (
        "T0, T1 ... (each seat's own train: Ts is seat s's) and M (the Mexican train), all "
        "growing from the engine in the hub"
    )
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "standard": RuleSet(
            "standard",
            "The common modern game: a double-twelve set, 15 tiles each for up to four players, "
            "12 for five or six, 10 for seven or eight; 13 rounds, the engine 12-12 first and "
            "0-0 last, led by its holder; play on your own train, the Mexican train or a marked "
            "train; a double must be covered before anything else; draw one, then pass and mark "
            "your train; each hand's pips are added to your score, the lowest total wins.",
            {},
            "billhathaway.com, htfbw.com, reference.com, wanabo.com (Cardinal's rules), "
            "appconext.com (RULES.md §2.13)",
        ),
    }
