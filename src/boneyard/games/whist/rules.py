"""Domino Whist (RULES.md §2.6): four players in two partnerships, scored against a side.

All 28 tiles are dealt, 7 to each of four players, so there is no stock and no drawing; play is the
block game on a line with crosswise doubles ("go" when unable to match). Partners and the first
leader are chosen by drawing "as at Whist": each player draws a tile, the two highest draws play
together against the two lowest, and the highest draw leads, with any tile. The lead then moves to
the next player each hand.

A hand ends when a player goes out or nobody can play. The pips left are then counted, and a side
is **debited** (RULES.md §3 row 31, option ``whist_debit``): by default the side holding more pips
is debited its own total. Equal side totals, or two opponents tied for the most, debit nobody
(RULES.md §5.3). The side first debited with 100 loses, so the other side wins the match.

>>> from boneyard.games import get_game
>>> rules = get_game("domino-whist").configure()
>>> rules.sides, rules.hand_size, rules.target_score
(((0, 2), (1, 3)), 7, 100)
>>> rules.debit((12, 7, 0, 9))  # WH-1: N 12, E 7, S 0, W 9 -> EW hold 16, NS 12
(1, 16, 'seats 1 & 3 hold the most pips (16 to 12) and are debited 16')
>>> rules.match_winner([100, 64]), rules.match_winner([64, 99])
(1, None)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.game import BRITANNICA, Game, RuleSet
from ...core.i18n import N_, NP_, _
from ...core.options import OptionSpec, choices_of, pick
from ...core.presenter import SheetKind
from ...core.protocol import HandResult
from ...core.tiles import HIGH, NAMES, PIPS
from ...core.words import Voice, number, plural
from ..block import LINE_DEFAULTS
from ..line.options import LINE_SPECS, LeadTile, TurnDirection
from ..line.presenter import LinePresenter
from ..line.rules import LineRules
from .players import WhistAgent

if TYPE_CHECKING:
    from ...core.match import Match
    from ...core.options import Options
    from ..line.state import LineState

__all__ = ["DominoWhistGame", "WhistPresenter", "WhistRules", "draw_rank"]


class WhistDebit(StrEnum):
    """Who is debited at the end of a hand (``whist_debit``)."""

    HIGHEST_SIDE_OWN_TOTAL = "highest_side_own_total"
    SIDE_OF_HIGHEST_HOLDER_ALL_PIPS = "side_of_highest_holder_all_pips"
    HIGHEST_HOLDER_OWN_PIPS = "highest_holder_own_pips"


# Domino Whist's own options.
WHIST_DEBIT = OptionSpec(
    "whist_debit",
    "choice",
    "who is debited at the end of a hand: the side holding the most pips with its own total "
    "(highest_side_own_total), the side of the player holding the most with all the pips "
    "(side_of_highest_holder_all_pips), or that side with that player's pips "
    "(highest_holder_own_pips)",
    choices_of(WhistDebit),
)

TARGET_IS_LOSS = OptionSpec(
    "target_is_loss",
    "bool",
    "the target is a loss: points are debits and the side that reaches the target loses",
)

WHIST_SPECS: tuple[OptionSpec, ...] = (
    WHIST_DEBIT,
    TARGET_IS_LOSS,
)

WHIST_OPTIONS: tuple[str, ...] = (
    "next_lead",
    "turn_direction",
    "doubles_crosswise",
    "target_score",
    "hand_double_value",
    "whist_debit",
    "target_is_loss",
)

WHIST_DEFAULTS: dict[str, Any] = {
    **{k: LINE_DEFAULTS[k] for k in WHIST_OPTIONS if k in LINE_DEFAULTS},
    "whist_debit": "highest_side_own_total",
    "target_is_loss": True,
}


# The sentences of the engine (why a hand's debit fell where it did), told whole in another
# language.
ENGINE_SENTENCES = (
    NP_("engine", "blocked"),
    NP_("engine", "both sides hold {n} pips: nobody is debited"),
    NP_("engine", "{side} hold the most pips ({n} to {n2}) and are debited {n3}"),
    NP_("engine", "{who} tie for the most pips ({n}): nobody is debited"),
    NP_("engine", "{who} holds the most pips ({n}): {side} are debited every pip in play, {n2}"),
    NP_("engine", "{who} hold the most pips ({n}): {side} are debited every pip in play, {n2}"),
    NP_("engine", "{who} holds the most pips ({n}): {side} are debited his own {n2}"),
    NP_("engine", "{who} hold the most pips ({n}): {side} are debited their own {n2}"),
    NP_("engine", "{side} score it"),
)


def draw_rank(t: int) -> tuple[int, int]:
    """How a tile drawn for partners ranks: by pip total, then by its higher half (6-1 beats
    4-3; Scheicher on pagat). No two tiles rank alike."""
    return PIPS[t], HIGH[t]


class WhistRules(LineRules):
    """Block play in fixed partnerships, a side debited at the end of each hand."""

    whist_debit: WhistDebit
    target_is_loss: bool

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        # Fixed by the game, not options: partners opposite, all 28 tiles dealt (7 each, so no
        # stock and no drawing), the first lead by a draw, any tile led.
        self.sides = ((0, 2), (1, 3))
        self.side_of = (0, 1, 0, 1)
        self.first_lead = "draw_highest"
        self.lead_tile_rule = LeadTile.ANY
        self.whist_debit = WHIST_DEBIT.choice(options, WhistDebit)
        self.target_is_loss = TARGET_IS_LOSS.flag(options)

    # ----------------------------------------------------------------- the draw for partners
    def draw_for_lead(self, rng: random.Random) -> tuple[int, list[int]]:
        """Each player draws a tile "as at Whist": the two highest draws are partners against
        the two lowest, and the highest leads. Returns the leader and the tile each seat drew.

        The engine's partnerships are fixed (seats 0 & 2 against 1 & 3), so the draw is dealt out
        to fit them: the highest draw takes a seat at random, the second highest sits opposite
        him (his partner), the third on his left and the fourth on his right (Scheicher). "Left"
        is the next seat in play when play goes clockwise, the previous one when it goes
        counter-clockwise.
        """
        ranked = sorted(rng.sample(range(self.tiles.size), 4), key=draw_rank, reverse=True)
        leader = rng.randrange(4)
        left = 1 if self.turn_direction is TurnDirection.CW else 3
        drawn = [0] * 4
        for offset, t in zip((0, 2, left, 4 - left), ranked, strict=True):
            drawn[(leader + offset) % 4] = t
        return leader, drawn

    def describe_draw(self, drawn: Sequence[int]) -> str:
        """The draw for partners in words, highest draw first, e.g. ``seat 0 drew 6-5 and seat 2
        drew 5-4: partners against seat 1 (3-1) and seat 3 (2-0); seat 0 drew highest and
        leads``. The draw must be one that fits the seats (:meth:`draw_for_lead`)."""
        a, b, c, d = sorted(range(4), key=lambda s: draw_rank(drawn[s]), reverse=True)
        return (
            f"seat {a} drew {NAMES[drawn[a]]} and seat {b} drew {NAMES[drawn[b]]}: partners "
            f"against seat {c} ({NAMES[drawn[c]]}) and seat {d} ({NAMES[drawn[d]]}); "
            f"seat {a} drew highest and leads"
        )

    # ----------------------------------------------------------------- the debit
    def debit(self, seat_pips: Sequence[int]) -> tuple[int | None, int, str]:
        """``(debited side or None, debit, reason)`` for the pips each seat holds, by
        ``whist_debit`` (RULES.md §3 row 31). A tie debits nobody (RULES.md §5.3)."""
        side_pips = [sum(seat_pips[s] for s in side) for side in self.sides]
        names = [self.side_name(i) for i in range(2)]
        if self.whist_debit is WhistDebit.HIGHEST_SIDE_OWN_TOTAL:
            if side_pips[0] == side_pips[1]:
                return None, 0, f"both sides hold {side_pips[0]} pips: nobody is debited"
            side = 0 if side_pips[0] > side_pips[1] else 1
            amount = side_pips[side]
            return (
                side,
                amount,
                f"{names[side]} hold the most pips ({amount} to {side_pips[1 - side]}) and are "
                f"debited {amount}",
            )
        most = max(seat_pips)
        holders = [s for s, p in enumerate(seat_pips) if p == most]
        if len({self.side_of[s] for s in holders}) > 1:
            tied = " and ".join(f"seat {s}" for s in holders)
            return None, 0, f"{tied} tie for the most pips ({most}): nobody is debited"
        side = self.side_of[holders[0]]
        who = " and ".join(f"seat {s}" for s in holders)
        verb = "hold" if len(holders) > 1 else "holds"
        if self.whist_debit is WhistDebit.SIDE_OF_HIGHEST_HOLDER_ALL_PIPS:
            amount = sum(seat_pips)
            what = f"every pip in play, {amount}"
        else:  # highest_holder_own_pips: the holder's (or two tied partners') own pips
            amount = most * len(holders)
            what = f"{'their' if len(holders) > 1 else 'his'} own {amount}"
        return (
            side,
            amount,
            f"{who} {verb} the most pips ({most}): {names[side]} are debited {what}",
        )

    def hand_result(self, state: LineState, ended: str, out_seat: int | None) -> HandResult:
        """The debit of a finished hand. ``points`` are the debits per side (RECORD.md); the
        hand's winner is the side not debited. With ``target_is_loss=false`` the same amount is
        credited to the other side instead."""
        seat_pips = tuple(self.hand_pips(h) for h in state.hands)
        side, amount, why = self.debit(seat_pips)
        points = [0, 0]
        winner: int | None = None
        if side is not None:
            winner = 1 - side
            points[side if self.target_is_loss else winner] = amount
            if not self.target_is_loss:
                why += f"; {self.side_name(winner)} score it"
        how = f"{self.seat_name(out_seat)} went out" if out_seat is not None else "blocked"
        return HandResult(
            ended, winner, tuple(points), tuple(points), seat_pips, out_seat, f"{how}; {why}"
        )

    def kernel_fields(self) -> dict[str, Any]:
        return {
            **super().kernel_fields(),
            "first_lead": "whist_draw",
            "result": "debit",
            "whist_debit": self.whist_debit,
            "target_is_loss": self.target_is_loss,
            "match_end": "loss_target" if self.target_is_loss else "target",
        }

    # ----------------------------------------------------------------- the match
    def match_winner(self, totals: Sequence[float]) -> int | None:
        """With ``target_is_loss`` the totals are debits: once a side has been debited with the
        target, the other side wins. Otherwise the first side to the target wins."""
        if not self.target_is_loss:
            return super().match_winner(totals)
        lost = [i for i, t in enumerate(totals) if t >= self.target_score]
        if not lost:
            return None
        low = min(totals)
        best = [i for i, t in enumerate(totals) if t == low]
        return best[0] if len(best) == 1 and best[0] not in lost else None

    def utilities(self, points: Sequence[float]) -> tuple[float, ...]:
        """With ``target_is_loss`` the points are debits, worth their negative."""
        if self.target_is_loss:
            return tuple(-p for p in points)
        return super().utilities(points)


WHIST_DEBIT_TEXT = {
    "highest_side_own_total": N_(
        "the side holding more pips is debited its own total (equal totals: nobody)"
    ),
    "side_of_highest_holder_all_pips": N_(
        "the side of the player holding the most pips is debited every pip left in the four hands"
    ),
    "highest_holder_own_pips": N_(
        "the side of the player holding the most pips is debited his own pips"
    ),
}


class WhistPresenter(LinePresenter[WhistRules]):
    """Domino Whist told: the draw for partners, and a score sheet of debits (the side first
    debited with the target loses), or of points with ``target_is_loss=false``."""

    default_opponent = "whist"

    @property
    def sheet_kind(self) -> SheetKind:
        return "debits" if self.rules.target_is_loss else "points"

    def debit_text(self) -> str:
        """How a hand's debit is decided under ``whist_debit``, with the option's value."""
        rules = self.rules
        how = _(WHIST_DEBIT_TEXT.get(rules.whist_debit, rules.whist_debit))
        return f"whist_debit={rules.whist_debit}: {how}"

    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        how = _(WHIST_DEBIT_TEXT.get(rules.whist_debit, rules.whist_debit))
        lines = [
            _(
                "Partners and the first leader are chosen by drawing, as at Whist: the two "
                "highest draws play together against the two lowest, and the highest leads any "
                "tile; the lead then passes to the next player each hand."
            ),
            _(
                "All {size} tiles are dealt, {tiles} each, so nobody draws: when you cannot "
                "match an end you say go (pass). A hand ends when a player goes out or nobody "
                "can play; then, by {option}, {how}."
            ).format(
                size=rules.tiles.size,
                tiles=plural(rules.hand_size, "tile"),
                option=f"whist_debit={rules.whist_debit}",
                how=how,
            ),
            _(
                "Leading a double announces strength in that number: a partner keeps it open, an "
                "opponent tries to close it."
            ),
        ]
        if not rules.target_is_loss:
            lines[1] += " " + _("The other side scores the debit; first to the target wins.")
        return lines

    def lead_draw(self, drawn: Sequence[int], voice: Voice) -> str:
        """The draw for partners, e.g. ``Drawing for partners. You drew 6-5, seat 2 drew 5-4:
        you are partners; seats 1 & 3 drew 3-1 and 2-0. You drew highest and lead.``"""
        rules = self.rules
        first = voice.reader if voice.reader is not None else 0
        mine = rules.side_of[first]
        theirs = next(i for i in range(len(rules.sides)) if i != mine)
        partner = next(s for s in rules.sides[mine] if s != first)
        best = max(range(rules.players), key=lambda s: draw_rank(drawn[s]))
        a, b = (NAMES[drawn[s]] for s in rules.sides[theirs])
        partners = voice.pick(
            first,
            _(
                "You drew {tile}, {partner} drew {tile2}: you are partners; {side} drew {tile3} "
                "and {tile4}."
            ),
            _(
                "{name} drew {tile}, {partner} drew {tile2}: they are partners; {side} drew "
                "{tile3} and {tile4}."
            ),
        ).format(
            name=voice.subject(first),
            tile=NAMES[drawn[first]],
            partner=voice.name(partner),
            tile2=NAMES[drawn[partner]],
            side=voice.side(theirs),
            tile3=a,
            tile4=b,
        )
        leads = voice.pick(
            best, _("You drew highest and lead."), _("{name} drew highest and leads.")
        ).format(name=voice.subject(best))
        drawing = _("Drawing for partners.")
        return f"{drawing} {partners} {leads}"

    # ----------------------------------------------------------------- debits
    def score_word(self) -> str:
        return _("Debits") if self.rules.target_is_loss else super().score_word()

    def goal(self) -> str:
        if self.rules.target_is_loss:
            return _("The side first debited with {n} loses.").format(n=self.rules.target_score)
        return super().goal()

    def goal_short(self) -> str:
        if self.rules.target_is_loss:
            return _("{debits} lose").format(debits=plural(self.rules.target_score, "debit"))
        return super().goal_short()

    def target_text(self) -> str:
        if self.rules.target_is_loss:
            return _("the side first debited with {n} loses").format(n=self.rules.target_score)
        return super().target_text()

    def sheet_title(self) -> str:
        if self.rules.target_is_loss:
            return _("Debits (the side first debited with {n} loses; {how})").format(
                n=self.rules.target_score, how=self.debit_text()
            )
        return super().sheet_title()

    def standing(self, match: Match, scores: Sequence[float], voice: Voice) -> str:
        if not self.rules.target_is_loss:
            return super().standing(match, scores, voice)
        now = [t + s for t, s in zip(match.totals, scores, strict=True)]
        return _("Debits: {totals} ({n} loses).").format(
            totals=self.totals_text(now, voice), n=self.rules.target_score
        )

    def won_words(self, match: Match, winner: int, voice: Voice) -> str:
        if not self.rules.target_is_loss:
            return super().won_words(match, winner, voice)
        totals = match.totals
        loser = next(i for i in range(len(totals)) if i != winner)
        # Two partners on each side: a plural verb for both, the reader among them or not.
        said = _("Match over: {loser} reach {debits} ({n} to {n2}): {winner} win.")
        return voice.opening(
            said.format(
                loser=voice.side(loser),
                debits=plural(self.rules.target_score, "debit"),
                n=number(totals[loser]),
                n2=number(totals[winner]),
                winner=voice.side(winner),
            )
        )


class DominoWhistGame(Game):
    id: ClassVar[str] = "domino-whist"
    order: ClassVar[int] = 80
    title: ClassVar[str] = "Domino Whist"
    summary: ClassVar[str] = (
        "Four players in two partnerships drawn as at Whist, all tiles dealt, block play; the side "
        "holding the most pips is debited them, and the side first debited with 100 loses."
    )
    option_specs = pick(WHIST_OPTIONS, LINE_SPECS, WHIST_SPECS)
    defaults = WHIST_DEFAULTS
    default_rules = "britannica"
    min_players = 4
    max_players = 4
    default_players = 4
    rules_class = WhistRules
    presenter_class = WhistPresenter
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "britannica": RuleSet(
            "britannica",
            "The 1910 Encyclopaedia Britannica: four players, partners and the first leader chosen "
            "by drawing as at Whist (the two highest draws against the two lowest, the highest "
            "leads any tile); all 28 tiles dealt, 7 each, no drawing; block play in a line; when a "
            "player goes out or nobody can play, the side holding the most pips is debited its own "
            "total (equal totals: nobody); the lead moves to the next player each hand; the side "
            "first debited with 100 loses.",
            {},
            f"{BRITANNICA}; Britannica online 'Domino whist'; Scheicher (pagat) for the draw and "
            "the lead",
        ),
    }

    def agents(self) -> dict[str, Callable[[], Any]]:
        """Domino Whist's own player, ``whist`` (:mod:`.players`)."""
        return {"whist": WhistAgent}
