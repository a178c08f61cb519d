"""How a game is told to people: the base of every game's presenter.

Each game owns its presentation. Its rules carry a presenter (``rules.presenter``), a small class
the game defines by subclassing a generic one: :class:`boneyard.games.line.presenter.LinePresenter`
for the games played on a line, the trick presenter for Domino Loo. The presenter says, for a
reader (:class:`~boneyard.core.words.Voice`):

* what the game is: its introduction (:meth:`Presenter.intro`), its goal, what its totals count
  (points, pools, debits, counters) and whether the lowest wins, the agent to play against;
* what its table looks like, as a structured description every front end draws
  (:meth:`Presenter.table`, :mod:`boneyard.core.views`);
* how its moves are told, in the list of moves and once made, with what they scored and why;
* how a hand ends, the score sheet and the winner.

The narration (:mod:`boneyard.text.narration`) and every front end ask the presenter and never the
game's rules class: nothing outside a game's own modules knows which game it is.

This base holds what is the same for every game: a match to a target, the score sheet of points per
side, the winner. A game played for pools, debits or the lowest total overrides a few methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Generic, Literal, TypeVar

from .i18n import _, ngettext, pgettext
from .words import Voice, capital, count, number, plural, signed

if TYPE_CHECKING:
    from .actions import Action, Move
    from .match import Match
    from .protocol import GameRules, GameState, HandResult, Outcome, Phase
    from .views import TableView

__all__ = ["Presenter", "SheetKind"]

R = TypeVar("R", bound="GameRules")

SheetKind = Literal["points", "pools", "debits", "lowest", "counters"]
"""What a match's score sheet holds: points to a target, shares of pools, debits (the first
debited with the target loses), costs (the lowest total wins) or counters won from a pool."""


class Presenter(Generic[R]):
    """The words and table description of one match's rules (see the module)."""

    default_opponent: ClassVar[str] = "greedy"
    """The agent the computer seats play when none is named."""
    scores_told: ClassVar[bool] = True
    """Whether what a move scores is told after it (the running score, a note on the score
    sheet); a trick game tells the trick taken instead."""

    def __init__(self, rules: R) -> None:
        self.rules = rules

    # ----------------------------------------------------------------- the game
    def intro(self, voice: Voice) -> list[str]:
        """The rules a person needs before a game, beyond its one-line summary, told by
        ``voice``; every number in it is this deal's."""
        return []

    def help_lines(self) -> list[str]:
        """What the help adds on typing this game's moves."""
        return []

    def end_word(self, name: str) -> str:
        """The end called ``name`` in the notation (a record, ``6-4 T0``), as a person reads it
        and types it: the same name, unless the game numbers its ends from 0 where a person
        counts from 1 (Mexican Train's trains)."""
        return name

    def end_of_word(self, word: str, names: Sequence[str]) -> str | None:
        """The notation's name among ``names`` of the end a person calls ``word`` (without
        case), or ``None``."""
        return next((n for n in names if self.end_word(n).casefold() == word.casefold()), None)

    def marked(self) -> int:
        """The tiles starred in a hand (Matador's matadors), as a mask."""
        return 0

    def marks_legend(self) -> str:
        """What a star in a hand means, where tiles are starred."""
        return ""

    def mark_name(self) -> str:
        """What a starred tile is called, for a tile's words ("a matador"); empty where none is."""
        return ""

    def turn_prompt(self, phase: Phase) -> str | None:
        """What the seat to move is asked to do in ``phase``, where it is not to play a tile:
        the words after "Your turn: " in every front end ("bid, or pass"). ``None`` in the play,
        where the front end says how to choose a tile."""
        from .protocol import Phase

        return {Phase.BID: _("bid, or pass"), Phase.DECLARE: _("name trumps")}.get(phase)

    def keys(self, phase: Phase | None = None) -> frozenset[str]:
        """The actions a front end may offer a key for: ``draw``, ``pass``, ``muggins``; in
        ``phase`` only (a key for an action the phase never has is not offered), or in any
        phase of the hand when ``phase`` is ``None``."""
        return frozenset()

    def stock_text(self, stock: int, drawable: int) -> str | None:
        """The tiles not in anyone's hand, as the players' panel of a front end says them:
        ``Stock: 14 tiles (12 may be drawn)`` where the rules draw, ``Not dealt: 14 tiles
        (nobody draws)`` where tiles are left out and never drawn; ``None`` where every tile is
        dealt (a front end then says nothing of a stock)."""
        if self.rules.can_draw:
            tiles = count(stock, _("{n} tile"), _("{n} tiles"))
            if drawable != stock:
                return _("Stock: {tiles} ({drawable} may be drawn)").format(
                    tiles=tiles, drawable=drawable
                )
            return _("Stock: {tiles}").format(tiles=tiles)
        if stock:
            tiles = count(stock, _("{n} tile"), _("{n} tiles"))
            return _("Not dealt: {tiles} (nobody draws)").format(tiles=tiles)
        return None

    # ----------------------------------------------------------------- the match
    @property
    def sheet_kind(self) -> SheetKind:
        """What the score sheet holds (see :data:`SheetKind`)."""
        return "points"

    @property
    def unit(self) -> str:
        """What a match's totals count: ``point``, ``pool``, ``debit``, ``counter``."""
        return {"pools": "pool", "debits": "debit", "counters": "counter"}.get(
            self.sheet_kind, "point"
        )

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total is the best (costs, debits)."""
        return self.sheet_kind in ("lowest", "debits")

    def score_word(self) -> str:
        """How a line of totals opens: ``Score``, ``Pools won``, ``Debits``."""
        return _("Score")

    def target_text(self) -> str:
        """How the match is won, short: ``100 to win``."""
        return _("{target} to win").format(target=self.rules.target_score)

    def goal(self) -> str:
        """How the match is won, as a sentence: ``First to 100 points wins.``"""
        target = self.rules.target_score
        return ngettext("First to {n} point wins.", "First to {n} points wins.", target).format(
            n=target
        )

    def goal_short(self) -> str:
        """How the match is won, for a title bar: ``first to 100``."""
        return _("first to {target}").format(target=self.rules.target_score)

    def totals_text(self, totals: Sequence[float], voice: Voice) -> str:
        """Totals per side, as in a line of the score: ``you: 10, seat 1: 5``."""
        return ", ".join(f"{voice.side(i)}: {number(t)}" for i, t in enumerate(totals))

    def standing(self, match: Match, scores: Sequence[float], voice: Voice) -> str:
        """The match as it stands, with this hand's ``scores`` so far: ``Score: you: 10, seat 1:
        5 (this hand so far: you: 4, seat 1: 0).``"""
        now = [t + s for t, s in zip(match.totals, scores, strict=True)]
        text = _("Score: {totals}").format(totals=self.totals_text(now, voice))
        if any(scores):
            text += " " + _("(this hand so far: {totals})").format(
                totals=self.totals_text(scores, voice)
            )
        return text + self.standing_target() + "."

    def standing_target(self) -> str:
        """What :meth:`standing` says of the target after the totals (nothing here)."""
        return ""

    def running(self, totals: Sequence[float], scores: Sequence[float], voice: Voice) -> str:
        """The totals once a move has scored (``totals`` before the hand, its ``scores`` so
        far): ``Score: you: 14, seat 1: 5.``"""
        parts = []
        for i in range(len(self.rules.sides)):
            now = totals[i] + scores[i]
            parts.append(f"{voice.side(i)}: {number(now)}{self.to_go(now)}")
        return _("Score: {totals}").format(totals=", ".join(parts)) + "."

    def to_go(self, total: float) -> str:
        """What a running total still needs, where the game says so (nothing here)."""
        return ""

    # ----------------------------------------------------------------- a hand
    def lead_draw(self, drawn: Sequence[int], voice: Voice) -> str | None:
        """The draw that decided the first lead: ``Drawing for the lead: you [6|4], seat 1
        [5|5].``; ``None`` where there was none to tell."""
        from .words import tile_text

        tiles = ", ".join(f"{voice.name(s)} {tile_text(t)}" for s, t in enumerate(drawn))
        return _("Drawing for the lead: {tiles}.").format(tiles=tiles)

    def hand_start(self, state: GameState, voice: Voice) -> str:
        """Who begins a hand: ``You have the lead.``"""
        seat = state.leader
        return voice.pick(seat, _("You have the lead."), _("{name} has the lead.")).format(
            name=voice.subject(seat)
        )

    def table(self, history: Sequence[Move], table: object | None) -> TableView:
        """The public table for drawing, from the public ``history`` of the hand and its public
        ``table`` (a line's layout, a trick game's table)."""
        raise NotImplementedError

    def shown_points(self, table: object | None, action: Action) -> int | None:
        """What a play would score at once, to show beside it in the list of moves; ``None``
        where nothing is shown (and where scores must be claimed: the list never gives them
        away)."""
        return None

    def describe_action(
        self,
        action: Action,
        table: object | None,
        *,
        points: int | None = None,
        by: str | None = None,
    ) -> str:
        """One legal action in words, for the numbered list of moves."""
        raise NotImplementedError

    def move_reason(self, table: object | None, seat: int, action: Action) -> str | None:
        """A short reason for ``action`` (by ``seat``, on the public ``table``) beside its value
        in a hint, where the game tells its own decisions (a bid, naming trumps); ``None``
        leaves it to the analysis's reasons from public facts (what a play scores, sheds,
        leaves the next player)."""
        return None

    def describe_move(
        self,
        move: Move,
        before: object | None,
        voice: Voice,
        drawn: int | None = None,
        *,
        victim: int | None = None,
    ) -> str:
        """What a seat did, as a sentence told by ``voice`` (``before``: the public table
        before the move)."""
        raise NotImplementedError

    def why_scored(
        self, state: GameState, before: object | None, move: Move, outcome: Outcome, voice: Voice
    ) -> list[str]:
        """Why the move ``move`` (made on the public table ``before``; ``outcome`` is what the
        engine says it did: its scores with their reasons) scored or did not, where the game
        scores during play; nothing here."""
        return []

    def table_change(self, before: object | None, after: object | None, voice: Voice) -> list[str]:
        """What a move did to the table that is told besides the move itself (a trick taken);
        nothing here."""
        return []

    # ----------------------------------------------------------------- the end of a hand
    def result(self, number_: int, state: GameState, voice: Voice) -> list[str]:
        """The end of a hand, told by ``voice``: why it ended, what each seat held, what each
        side scored, and anything the rules did not let count."""
        result = state.result
        assert result is not None
        lines = [
            _("Hand {number} is over: {reason}.").format(
                number=number_, reason=voice.tell(result.reason)
            )
        ]
        lines += self.held(state, voice)
        lines += self.hand_scores(result, voice)
        lines += [
            f"    {voice.side(i)}: {why}"
            for i, (_points, why) in enumerate(self.score_reasons(state, voice))
        ]
        lines += self.result_notes(state, voice)
        return lines

    def held(self, state: GameState, voice: Voice) -> list[str]:
        """What each seat held at the end of the hand."""
        return []

    def side_points(self, result: HandResult, side: int) -> str:
        """A side's points for a hand, in the hand's result."""
        return number(result.points[side])

    def hand_scores(self, result: HandResult, voice: Voice) -> list[str]:
        """What each side scored in the hand: ``  Points this hand: you: 10, seat 1: 0``."""
        points = ", ".join(
            f"{voice.side(i)}: {self.side_points(result, i)}" for i in range(len(self.rules.sides))
        )
        label = {
            "debits": _("Debits this hand"),
            "lowest": _("Added to the scores (the lowest total wins)"),
            "counters": _("Counters won and lost this hand"),
        }.get(self.sheet_kind, _("Points this hand"))
        return [f"  {label}: {points}"]

    def result_notes(self, state: GameState, voice: Voice) -> list[str]:
        """What the rules did not let count at the end of the hand (nothing here)."""
        return []

    def score_reasons(self, state: GameState, voice: Voice) -> list[tuple[float, str]]:
        """Each side's points for the finished hand ``state`` and why, told by ``voice``: a
        ``(points, reason)`` per side, in the order of the sides, so that every score a person
        sees has its reason beside it (``(25, "+20 scored in play; +5 for the hand (Ann went
        out)")``). The reason is worked out from what the engine says the hand did
        (:class:`~boneyard.core.protocol.HandResult`): a game whose points have parts of their
        own (Domino Loo's stake) overrides :meth:`side_reason`."""
        result = state.result
        assert result is not None
        return [
            (result.points[side], self.side_reason(state, side, voice))
            for side in range(len(self.rules.sides))
        ]

    def side_reason(self, state: GameState, side: int, voice: Voice) -> str:
        """Why ``side`` scored what it did in the finished hand ``state``: what it scored in
        play and what at the end of the hand, with the hand's end (see
        :meth:`score_reasons`)."""
        result = state.result
        assert result is not None
        why = voice.tell(result.reason)
        total, end = result.points[side], result.end_points[side]
        in_play = total - end
        parts = []
        if in_play:
            parts.append(_("{points} scored in play").format(points=signed(in_play)))
        if end:
            parts.append(self.end_reason(end, why))
        if not parts:
            return _("nothing this hand ({why})").format(why=why)
        return "; ".join(parts)

    def end_reason(self, points: float, why: str) -> str:
        """What a side's end-of-hand ``points`` are, with ``why`` the hand ended so (told)."""
        kind = self.sheet_kind
        if kind == "debits":
            return _("debited {points} ({why})").format(points=number(points), why=why)
        if kind == "lowest":
            return _("{points} for the tiles left in hand ({why})").format(
                points=number(points), why=why
            )
        if kind == "pools":
            return _("{points} of the pool ({why})").format(points=number(points), why=why)
        if self.unit == "point":
            return _("{points} for the hand ({why})").format(points=signed(points), why=why)
        return self.units(points, signed(points)) + f" ({why})"

    def units(self, n: float, shown: str | None = None) -> str:
        """``n`` with the name of the unit of the totals (:attr:`unit`): ``3 points``,
        ``1 pool``, ``+2 debits`` (``shown``: ``n`` as written)."""
        return plural(1 if abs(n) == 1 else n, self.unit, shown=shown or number(n))

    # ----------------------------------------------------------------- the score sheet
    def sheet_title(self) -> str:
        return _("Score sheet ({target})").format(target=self.target_text())

    def sheet_cell(self, result: HandResult, side: int) -> str:
        """A side's cell of the score sheet for a hand."""
        return number(result.points[side])

    def sheet(self, match: Match, voice: Voice) -> str:
        """The running score sheet, told by ``voice``: what each side made in every finished
        hand, how it ended, and the totals."""
        labels = [voice.side(i) for i in range(len(self.rules.sides))]
        rows: list[tuple[str, list[str], str]] = []
        running: list[float] = [0] * len(labels)
        for i, state in enumerate(match.hands, 1):
            result = state.result
            if result is None:
                break
            running = [a + b for a, b in zip(running, result.points, strict=True)]
            cells = [self.sheet_cell(result, side) for side in range(len(labels))]
            rows.append((f"{i:>4}", cells, voice.tell(result.reason)))
        hand = match.hands[-1] if match.hands else None
        if hand is not None and not hand.over and any(hand.scores):
            # What the hand in play has scored counts at once: the total includes it.
            running = [a + b for a, b in zip(running, hand.scores, strict=True)]
            cells = [number(p) for p in hand.scores]
            rows.append((_("now"), cells, _("this hand so far (in the total)")))
        rows.append((_("total"), [number(t) for t in running], ""))
        return "\n".join(sheet_rows(self.sheet_title(), _("hand"), labels, rows))

    # ----------------------------------------------------------------- the winner
    def winner(self, match: Match, voice: Voice) -> str:
        """How the match ended, in a sentence told by ``voice``: who won and with what, or who
        tied."""
        winner = match.winner
        totals = match.totals
        if winner is None:
            best = min(totals) if self.lowest_wins else max(totals)
            tied = [i for i, t in enumerate(totals) if t == best]
            if len(tied) < 2:
                return _("Match over: no winner.")
            return _("Match over: {sides} {tie}, so nobody wins{others}.").format(
                sides=voice.sides_named(tied),
                tie=self.tie_words(best),
                others=others(totals, tied, voice),
            )
        return self.won_words(match, winner, voice)

    def tie_words(self, best: float) -> str:
        """How a tie is said: ``tie with 5 points each``."""
        return _("tie with {units} each").format(units=self.units(best))

    def won_words(self, match: Match, winner: int, voice: Voice) -> str:
        totals = match.totals
        return voice.side_pick(
            winner,
            pgettext("you", "Match over: {side} win with {units}{others}."),
            _("Match over: {side} wins with {units}{others}."),
            _("Match over: {side} win with {units}{others}."),
        ).format(
            side=voice.side(winner),
            units=self.units(totals[winner]),
            others=others(totals, [winner], voice),
        )


def others(totals: Sequence[float], but: Sequence[int], voice: Voice) -> str:
    """The other sides' totals in brackets: `` (seat 1: 40, seat 2: 12)``."""
    rest = [f"{voice.side(i)}: {number(t)}" for i, t in enumerate(totals) if i not in but]
    return f" ({', '.join(rest)})" if rest else ""


def sheet_rows(
    title: str, first: str, labels: Sequence[str], rows: Sequence[tuple[str, Sequence[str], str]]
) -> list[str]:
    """A score sheet as text: its title, a head of column ``labels`` under ``first``, then each
    row ``(first cell, cells, how it ended)``, the columns aligned."""
    widths = [max(len(lab), 5, *(len(r[1][k]) for r in rows)) for k, lab in enumerate(labels)]
    head = f"{first:<5} " + "  ".join(lab.rjust(w) for lab, w in zip(labels, widths, strict=True))
    lines = [title, head + "  " + _("how it ended")]
    for cell, cells, reason in rows:
        text = f"{cell:<5} " + "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))
        lines.append(f"{text}  {reason}".rstrip())
    return lines


def sentence(text: str) -> str:
    """``text`` as a sentence: opening with a capital, ending with a full stop."""
    return capital(text) + ("" if text.endswith(".") else ".")
