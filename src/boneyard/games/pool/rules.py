"""Domino Pool (RULES.md §2.8): three to six players, each hand a pool of stakes.

Foster (S2): every player puts a stake in the pool; the first leader is chosen by a draw; everyone
takes the same number of tiles, as many as leave at least eight in the stock (RULES.md POOL-1:
6, 5, 4, 3 for three to six players); nobody draws, a player who cannot match says "go". The first
to go out takes the pool; if nobody can play, the lowest pip count takes it, and players tied for
the lowest divide it (POOL-2).

A hand's points are each player's **share of the pool** (RECORD.md): 1 for a sole winner, 0.5 each
for two who tie, 1/3 each for three. A match is ``rounds`` pools; its winner is the player who won
the most (the highest total share), nobody on a tie. With a stake of 1 per pool a player's running
balance is his total share times the number of players, less one stake per pool played
(:meth:`PoolRules.balances`).

>>> from boneyard.games import get_game
>>> rules = get_game("domino-pool").configure()
>>> rules.players, rules.hand_size, rules.tiles.size - rules.players * rules.hand_size
(4, 5, 8)
>>> rules.shares((7, 7, 12, 9))  # POOL-2 with a fourth hand: the two 7s divide the pool
[0.5, 0.5, 0, 0]
>>> rules.balances([1, 0, 0.5, 0.5], 2)  # after two pools: a sole win, then a divided one
[2, -2, 0, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.game import FOSTER, Game, RuleSet
from ...core.i18n import NP_, _, pgettext
from ...core.options import OptionError, pick
from ...core.presenter import SheetKind, sheet_rows
from ...core.protocol import HandResult
from ...core.words import Voice, number, plural, signed
from ..block import LINE_DEFAULTS
from ..line.options import LINE_SPECS, ROUNDS
from ..line.presenter import LinePresenter
from ..line.rules import LineRules
from .players import PoolAgent

if TYPE_CHECKING:
    from ...core.match import Match
    from ...core.options import Options
    from ..line.state import LineState

__all__ = ["DominoPoolGame", "PoolPresenter", "PoolRules"]

POOL_OPTIONS: tuple[str, ...] = (
    "hand_size",
    "first_lead",
    "lead_tile",
    "no_double",
    "next_lead",
    "turn_direction",
    "doubles_crosswise",
    "hand_double_value",
    "rounds",
)

POOL_DEFAULTS: dict[str, Any] = {
    **{k: LINE_DEFAULTS[k] for k in POOL_OPTIONS if k in LINE_DEFAULTS},
    "hand_size": "3:6,4:5,5:4,6:3",
    "first_lead": "draw_highest",
    "lead_tile": "any",
    "rounds": 10,
}


def _exact(x: float) -> Fraction:
    """A share or a sum of shares as the fraction it stands for. Shares are 1/k for k players
    tied, and floating-point sums of them can miss by a hair: six thirds add up to
    1.9999999999999998."""
    return Fraction(x).limit_denominator(1000)


def _number(x: Fraction) -> float:
    """A fraction as a float, whole numbers as ints."""
    return int(x) if x.denominator == 1 else float(x)


# The sentences of the engine (who took the pool), told whole in another language.
ENGINE_SENTENCES = (
    NP_("engine", "{seat} went out and takes the pool"),
    NP_("engine", "blocked: {seat} holds the fewest pips ({n}) and takes the pool"),
    NP_("engine", "blocked: {seats} tie for the fewest pips ({n}) and divide the pool"),
)


class PoolRules(LineRules):
    """Block play without drawing; each hand's pool goes to the first out, or the lightest hands."""

    rounds: int

    def __init__(self, game: Game, rule_set: str, options: Options, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        rounds = ROUNDS.number(options)
        self.rounds = rounds
        self.pip_weight = 0.02  # shares of a pool are worth at most 1
        # Against three others allied (the solver's paranoid value) nearly every move loses the
        # pool: the expert plays its worlds out with the `pool` heuristic at every seat instead.
        self.search_rollouts = True
        if rounds < 1:
            raise OptionError(
                _("domino-pool is played for a number of pools: rounds must be at least 1")
            )

    # ----------------------------------------------------------------- one pool
    def shares(self, seat_pips: Sequence[int], out_seat: int | None = None) -> list[float]:
        """Each player's share of the pool: all of it to the player who went out, else divided
        equally among those holding the fewest pips."""
        if out_seat is not None:
            winners = [out_seat]
        else:
            low = min(seat_pips)
            winners = [s for s, p in enumerate(seat_pips) if p == low]
        share = 1 if len(winners) == 1 else 1 / len(winners)
        return [share if s in winners else 0 for s in range(len(seat_pips))]

    def hand_result(self, state: LineState, ended: str, out_seat: int | None) -> HandResult:
        """Who takes the pool. ``points`` are the shares of it (RECORD.md)."""
        seat_pips = tuple(self.hand_pips(h) for h in state.hands)
        points = tuple(self.shares(seat_pips, out_seat if ended == "domino" else None))
        winners = [s for s, p in enumerate(points) if p]
        if out_seat is not None:
            reason = f"{self.seat_name(out_seat)} went out and takes the pool"
        elif len(winners) == 1:
            reason = (
                f"blocked: {self.seat_name(winners[0])} holds the fewest pips "
                f"({seat_pips[winners[0]]}) and takes the pool"
            )
        else:
            names = ", ".join(str(s) for s in winners[:-1]) + f" and {winners[-1]}"
            reason = (
                f"blocked: seats {names} tie for the fewest pips ({seat_pips[winners[0]]}) and "
                "divide the pool"
            )
        winner = winners[0] if len(winners) == 1 else None
        return HandResult(ended, winner, points, points, seat_pips, out_seat, reason)

    def kernel_fields(self) -> dict[str, Any]:
        return {
            **super().kernel_fields(),
            "result": "pool",
            "match_end": "rounds_high",
            "rounds": self.rounds,
        }

    # ----------------------------------------------------------------- the match
    def match_winner(self, totals: Sequence[float]) -> int | None:
        """The player who has won the most pools (the highest total share), ``None`` on a tie.
        The match itself ends only after ``rounds`` pools (:meth:`match_end`)."""
        keys = [_exact(t) for t in totals]
        best = max(keys)
        leaders = [i for i, k in enumerate(keys) if k == best]
        return leaders[0] if len(leaders) == 1 else None

    def match_end(
        self, totals: Sequence[float], hands_played: int, last: HandResult | None = None
    ) -> tuple[bool, int | None]:
        """The match ends after ``rounds`` pools, won by the highest total share (or tied)."""
        if hands_played < self.rounds:
            return False, None
        return True, self.match_winner(totals)

    def balances(self, totals: Sequence[float], hands_played: int, stake: float = 1) -> list[float]:
        """Each player's running balance of stakes after ``hands_played`` pools with these total
        shares: every pool costs each player ``stake`` and pays ``players * stake`` out in
        shares, so a balance is ``(total share * players - pools played) * stake``. With four
        players and a stake of 1, a sole winner of one pool is up 3 and the others down 1."""
        n = self.players
        return [_number((_exact(t) * n - hands_played) * Fraction(stake)) for t in totals]


class PoolPresenter(LinePresenter[PoolRules]):
    """Domino Pool told: who takes each pool, each player's share of the pools and his running
    balance of stakes."""

    default_opponent = "pool"

    @property
    def sheet_kind(self) -> SheetKind:
        return "pools"

    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        return [
            _(
                "Each hand is a pool: every player stakes 1 and the pool of {n} goes to the first "
                "player out; if nobody can play, to the fewest pips (players tied for the fewest "
                "divide it)."
            ).format(n=rules.players),
            _(
                "Everyone holds {tiles} and nobody draws: when you cannot match an end you say go "
                "(pass). Your balance is what you have taken less your stakes."
            ).format(tiles=plural(rules.hand_size, "tile")),
        ]

    def score_word(self) -> str:
        return _("Pools won")

    def target_text(self) -> str:
        return _("{pools}, the most pools won wins").format(pools=plural(self.rules.rounds, "pool"))

    def goal(self) -> str:
        return _("A match is {pools}; whoever takes the most pools wins.").format(
            pools=plural(self.rules.rounds, "pool")
        )

    def goal_short(self) -> str:
        return plural(self.rules.rounds, "pool")

    def balances(self, match: Match, hands: int | None = None) -> list[float]:
        """Each player's running balance of stakes after ``hands`` pools (default: those
        scored)."""
        rows = match.score_sheet()
        if hands is None:
            hands = len(rows)
        totals: list[float] = list(rows[hands - 1][2]) if hands else [0] * self.rules.players
        return self.rules.balances(totals, hands)

    def standing(self, match: Match, scores: Sequence[float], voice: Voice) -> str:
        played = len(match.score_sheet())
        now = [t + s for t, s in zip(match.totals, scores, strict=True)]
        balances = ", ".join(
            f"{voice.side(i)} {signed(b)}" for i, b in enumerate(self.balances(match, played))
        )
        return _("Pool {number} of {rounds}. Pools won: {totals}; balances: {balances}.").format(
            number=played + 1,
            rounds=self.rules.rounds,
            totals=self.totals_text(now, voice),
            balances=balances,
        )

    def hand_scores(self, result: HandResult, voice: Voice) -> list[str]:
        rules = self.rules
        takers = [i for i, p in enumerate(result.points) if p]
        if len(takers) == 1:
            stakes = plural(rules.players, "stake")
            said = voice.side_pick(
                takers[0],
                _("The pool: you take it ({stakes})."),
                _("The pool: {name} takes it ({stakes})."),
            )
            return ["  " + said.format(name=voice.side(takers[0]), stakes=stakes)]
        each = plural(rules.players / len(takers), "stake")
        return [
            "  "
            + _("The pool: {names} divide it ({stakes} each).").format(
                names=voice.sides_named(takers), stakes=each
            )
        ]

    def sheet(self, match: Match, voice: Voice) -> str:
        """Each player's share of every pool with his running balance of stakes in brackets,
        then the pools won and the balances."""
        rules = self.rules
        labels = [voice.side(i) for i in range(len(rules.sides))]
        rows: list[tuple[str, list[str], str]] = []
        sheet = match.score_sheet()
        for i, points, totals in sheet:
            balance = rules.balances(totals, i)
            cells = [f"{number(p)} ({signed(b)})" for p, b in zip(points, balance, strict=True)]
            result = match.hands[i - 1].result
            rows.append((f"{i:>4}", cells, voice.tell(result.reason) if result is not None else ""))
        totals = sheet[-1][2] if sheet else tuple(0.0 for _ in labels)
        rows.append((pgettext("sheet", "won"), [number(t) for t in totals], _("pools won")))
        balances = [signed(b) for b in rules.balances(totals, len(sheet))]
        rows.append((pgettext("sheet", "bal."), balances, _("stakes")))
        title = _(
            "Pools ({played} of {rounds}; every player stakes 1, so a pool holds {n}): each "
            "player's share of each pool (his running balance of stakes)"
        ).format(played=len(sheet), rounds=rules.rounds, n=rules.players)
        return "\n".join(sheet_rows(title, pgettext("sheet", "pool"), labels, rows))

    def winner(self, match: Match, voice: Voice) -> str:
        totals = match.totals
        pools = len(match.score_sheet())
        balances = ", ".join(
            f"{voice.side(i)} {signed(b)}" for i, b in enumerate(self.balances(match))
        )
        if match.winner is None:
            best = max(totals)
            tied = [i for i, t in enumerate(totals) if t == best]
            said = _(
                "Match over after {pools}: {names} tie with {won} each: nobody wins. Final "
                "balances: {balances}."
            )
            names = voice.sides_named(tied)
            won = plural(best, "pool")
        else:
            said = voice.side_pick(
                match.winner,
                _("Match over after {pools}: you win with {won}. Final balances: {balances}."),
                _("Match over after {pools}: {names} wins with {won}. Final balances: {balances}."),
            )
            names = voice.side(match.winner)
            won = plural(totals[match.winner], "pool")
        return said.format(pools=plural(pools, "pool"), names=names, won=won, balances=balances)


class DominoPoolGame(Game):
    id: ClassVar[str] = "domino-pool"
    order: ClassVar[int] = 90
    title: ClassVar[str] = "Domino Pool"
    summary: ClassVar[str] = (
        "Three to six players stake a pool each hand; block play, no drawing; the first out takes "
        "the pool, or the lowest hand when nobody can play (ties divide it)."
    )
    option_specs = pick(POOL_OPTIONS, LINE_SPECS)
    defaults = POOL_DEFAULTS
    default_rules = "foster"
    min_players = 3
    max_players = 6
    default_players = 4
    rules_class = PoolRules
    presenter_class = PoolPresenter
    rule_sets: ClassVar[dict[str, RuleSet]] = {
        "foster": RuleSet(
            "foster",
            "Foster's Complete Hoyle: each player stakes a pool; the first lead by drawing for the "
            "highest tile, any tile led; each takes as many tiles as leave at least eight in the "
            "stock (6, 5, 4, 3 for three to six players); no drawing, 'go' when unable to match; "
            "the first out takes the pool, a blocked hand's lowest pip count takes it, ties "
            "divide it; the lead passes to the next player each hand; a match is 10 pools.",
            {},
            f"{FOSTER}; a Hoyle-style text (customgraph art=14) for the hand sizes",
        ),
    }

    def agents(self) -> dict[str, Callable[[], Any]]:
        """Domino Pool's own player, the ``pool`` heuristic (:mod:`.players`)."""
        return {"pool": PoolAgent}
