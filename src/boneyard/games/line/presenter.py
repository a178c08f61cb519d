"""How the games played on a line are told: the generic presenter every line game subclasses.

It describes the table (:class:`~boneyard.core.views.LineView`) by laying the public history's
tiles again with the rules themselves, so the order of every arm is known (the layout alone knows
only its open ends); it words plays, draws, passes and muggins calls, the hand's end with the tiles
left in hand, and scores made during play. A game changes a few of its hooks: what an end needs
(Matador), its title and note (Mexican Train's trains), the count line (the counting games).

>>> from boneyard.games import get_game
>>> from boneyard.core.actions import Move, Play
>>> from boneyard.core.tiles import parse_tile as T
>>> rules = get_game("block").configure(players=2)
>>> view = rules.presenter.table([Move(0, Play(T("6-6"))), Move(1, Play(T("6-4"), "R"))], None)
>>> view.lead, [(p.a, p.b) for p in view.arm("R").tiles], [(e.name, e.shows) for e in view.ends]
(PlacedTile(tile=27, a=6, b=6, cross=True, spinner=False), [(6, 4)], [('L', '6'), ('R', '4')])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar, TypeVar

from ...core.actions import Action, Draw, Move, Muggins, Pass, Play
from ...core.history import public_steps
from ...core.i18n import N_, _, pgettext
from ...core.layout import MARKED, Layout
from ...core.presenter import Presenter, others
from ...core.protocol import Phase
from ...core.tiles import BIT, DOUBLE, HIGH, LOW
from ...core.views import ArmView, EndView, Half, LineView, PlacedTile, Way
from ...core.words import Voice, hand_text, number, plural, tile_text
from .options import DrawPolicy
from .rules import LineRules
from .state import LineState

if TYPE_CHECKING:
    from ...core.match import Match
    from ...core.protocol import GameState, HandResult, Outcome

__all__ = ["LinePresenter", "trace"]

# The pass bonuses (LineRules.pass_awards: a Score's reason), as told.
PASS_AWARDS: dict[str, str] = {
    "opening_pass": N_("a pass on the lead"),
    "pass_bonus": N_("pase corrido, every other seat passed"),
}

R = TypeVar("R", bound=LineRules)


class LinePresenter(Presenter[R]):
    """The words and table of a line game (see the module)."""

    hub: ClassVar[bool] = False
    """Whether the arms are trains growing from a hub (the lead), each a row of its own."""

    def keys(self, phase: Phase | None = None) -> frozenset[str]:
        rules = self.rules
        keys = {"pass"}
        if rules.can_draw or rules.voluntary_draw:
            keys.add("draw")
        if rules.claims:
            keys.add("muggins")
        return frozenset(keys)

    # ----------------------------------------------------------------- the goal
    def target_text(self) -> str:
        if self.rules.target_exact:
            return _("{target} exactly to win").format(target=self.rules.target_score)
        return super().target_text()

    def goal(self) -> str:
        target = self.rules.target_score
        if self.rules.target_exact:
            return _(
                "The first to reach exactly {points} wins; a score that would pass {target} is "
                "not scored."
            ).format(points=plural(target, "point"), target=target)
        return super().goal()

    def goal_short(self) -> str:
        if self.rules.target_exact:
            return _("exactly {target} wins").format(target=self.rules.target_score)
        return super().goal_short()

    def standing_target(self) -> str:
        return f"; {self.target_text()}" if self.rules.target_exact else ""

    def to_go(self, total: float) -> str:
        if self.rules.target_exact:
            return " " + _("({n} to go)").format(n=number(self.rules.target_score - total))
        return ""

    def won_words(self, match: Match, winner: int, voice: Voice) -> str:
        if not self.rules.target_exact:
            return super().won_words(match, winner, voice)
        totals = match.totals
        return voice.side_pick(
            winner,
            pgettext("you", "Match over: {side} win, reaching {target} exactly{others}."),
            _("Match over: {side} wins, reaching {target} exactly{others}."),
            _("Match over: {side} win, reaching {target} exactly{others}."),
        ).format(
            side=voice.side(winner),
            target=self.rules.target_score,
            others=others(totals, [winner], voice),
        )

    def drawing_text(self) -> str:
        """Whether and how the players draw, from what the deal leaves in the stock for this
        number of players: ``When you cannot play you draw until you can (14 tiles in the stock,
        the last 2 never drawn).``, or ``All 28 tiles are dealt, so nobody draws: ...``."""
        rules = self.rules
        stock = rules.tiles.size - rules.hand_size * rules.players
        drawable = stock - rules.reserve if rules.can_draw else 0
        if drawable <= 0:
            if stock == 0:
                return _(
                    "All {size} tiles are dealt, {tiles} each, so nobody draws: when you cannot "
                    "play you pass."
                ).format(size=rules.tiles.size, tiles=plural(rules.hand_size, "tile"))
            return _(
                "The {tiles} left after the deal are never drawn: when you cannot play you pass."
            ).format(tiles=plural(stock, "tile"))
        held = _("{tiles} in the stock").format(tiles=plural(stock, "tile"))
        if rules.reserve > 1:
            held += _(", the last {n} never drawn").format(n=rules.reserve)
        elif rules.reserve:
            held += _(", the last one never drawn")
        draw = _("When you cannot play you draw until you can ({held})").format(held=held)
        if rules.draw_policy is DrawPolicy.ONE_THEN_PASS:
            draw = _(
                "When you cannot play you draw one tile and pass if it does not fit ({held})"
            ).format(held=held)
        if rules.voluntary_draw:
            draw += _("; you may also draw when able to play")
        else:
            draw += self.draw_also()
        return draw + "."

    def draw_also(self) -> str:
        """When else a player may draw, where the game allows it (Matador: rather than spend a
        matador)."""
        return ""

    # ----------------------------------------------------------------- the table
    def table(self, history: Sequence[Move], table: object | None) -> LineView:
        return trace(self, history)

    def way(self, name: str, root: int, lead: int) -> tuple[Way, Half | None]:
        """Which way the arm ``name`` leaves its ``root`` (and from which half of it): the line's
        two ends run left and right from the lead, every other arm (a spinner's short side, a
        toe) goes up (``U``) or down (``D``) across its root."""
        if root == lead and name in ("L", "R"):
            return ("left" if name == "L" else "right"), None
        return ("up" if name.endswith("U") else "down"), None

    def crosswise(self, tile: int, spinners: int) -> bool:
        """Whether a tile lies across its arm: a double laid crosswise, or a spinner."""
        return bool(DOUBLE[tile]) and (self.rules.doubles_crosswise or bool(spinners & BIT[tile]))

    def end_view(self, layout: Layout, i: int) -> EndView:
        """End ``i`` of the table: what it shows and needs, its title and what stands on it."""
        name, pip = layout.names[i], layout.pips[i]
        note = self.end_note(layout, i)
        return EndView(
            name=name,
            shows=self.rules.end_label(pip) if pip >= 0 else None,
            needs=self.end_needs(pip) if pip >= 0 else None,
            title=self.end_title(name) or None,
            note=note or None,
            marked=layout.kinds[i] == MARKED,
            waiting=self.end_waiting(layout, i),
            label=self.end_word(name) if self.end_word(name) != name else None,
        )

    def end_needs(self, pip: int) -> str | None:
        """What an end showing ``pip`` takes, in words, where the game says so (Matador)."""
        return None

    def end_title(self, name: str) -> str:
        """What the end called ``name`` is, for people (a train's owner): none for a line."""
        return ""

    def end_note(self, layout: Layout, i: int) -> str:
        """What stands on end ``i`` now, for people (a marker), or ``""``."""
        return ""

    def end_waiting(self, layout: Layout, i: int) -> bool:
        """Whether end ``i`` must be covered before play goes on elsewhere."""
        return False

    def count_line(self, layout: Layout | None) -> str | None:
        """The count of the open ends term by term, in a counting game; ``None`` elsewhere."""
        return None

    # ----------------------------------------------------------------- moves
    def shown_points(self, table: object | None, action: Action) -> int | None:
        if not isinstance(action, Play) or self.rules.claims:
            return None
        layout = table if isinstance(table, Layout) else None
        return self.play_points(layout, action)

    def play_points(self, layout: Layout | None, action: Play) -> int | None:
        """What a play scores at once in a game scored during play; ``None`` elsewhere."""
        return None

    def play_detail(self, layout: Layout | None, action: Play) -> str:
        """What a play leaves showing, where the game tells it (Matador: ``exposing 5``)."""
        return ""

    def end_pip(self, layout: Layout | None, action: Play) -> str:
        """`` on the 4``: the pip the play's end shows, or ``""``."""
        if layout is None or action.end not in layout.names:
            return ""
        pip = layout.pips[layout.names.index(action.end)]
        return _("on the {pip}").format(pip=self.rules.end_label(pip)) if pip >= 0 else ""

    def play_words(
        self, action: Play, layout: Layout | None, lead: str, play: str, *, listed: bool
    ) -> str:
        """A play in words: ``lead`` or ``play`` is the whole clause of its seat, already chosen
        and translated, with ``{tile}`` (and ``{end}``) to fill (``You play {tile} at {end}``);
        after it the pip it goes on, what it leaves showing, the claim. ``listed``: as the list
        of moves words it (``, on the 4`` rather than `` (on the 4)``, and the half a play leaves
        open)."""
        star = "*" if self.marked() & BIT[action.tile] else ""
        if action.end is None:
            text = lead.format(tile=f"{lead_text(action)}{star}")
        else:
            text = play.format(
                tile=f"{tile_text(action.tile)}{star}", end=self.end_word(action.end)
            )
            on = self.end_pip(layout, action)
            if on:
                text += f", {on}" if listed else f" ({on})"
            detail = self.play_detail(layout, action)
            if detail:
                text += f", {detail}"
            elif listed and action.open is not None:
                text += _(", leaving {pip} open").format(pip=action.open)
        if action.claim is not None:
            text += _(", claiming {n}").format(n=action.claim)
        return text

    def describe_action(
        self,
        action: Action,
        table: object | None,
        *,
        points: int | None = None,
        by: str | None = None,
    ) -> str:
        layout = table if isinstance(table, Layout) else None
        if isinstance(action, Play):
            text = self.play_words(
                action, layout, _("lead {tile}"), _("play {tile} at {end}"), listed=True
            )
            return text + (" " + _("(scores {n})").format(n=points) if points else "")
        if isinstance(action, Draw):
            return _("draw a tile")
        if isinstance(action, Pass):
            return _("pass")
        if isinstance(action, Muggins):
            points_ = plural(action.points, "point")
            if by:
                return _("call muggins: take the {points} {name} did not claim").format(
                    points=points_, name=by
                )
            return _("call muggins: take the {points} not claimed").format(points=points_)
        return str(action)

    def describe_move(
        self,
        move: Move,
        before: object | None,
        voice: Voice,
        drawn: int | None = None,
        *,
        victim: int | None = None,
    ) -> str:
        seat = move.seat
        name = voice.subject(seat)
        action = move.action
        layout = before if isinstance(before, Layout) else None

        def said(you: str, other: str, **values: object) -> str:
            return voice.pick(seat, you, other).format(name=name, **values)

        if isinstance(action, Play):
            lead = voice.pick(seat, _("You lead {tile}"), _("{name} leads {tile}"))
            play = voice.pick(
                seat, _("You play {tile} at {end}"), _("{name} plays {tile} at {end}")
            )
            text = self.play_words(
                action,
                layout,
                lead.replace("{name}", name),
                play.replace("{name}", name),
                listed=False,
            )
            if move.points:
                text += said(_(" and score {n}"), _(" and scores {n}"), n=move.points)
            return text + "."
        if isinstance(action, Draw):
            tile_drawn = drawn if drawn is not None else move.drawn
            if tile_drawn is not None:
                return said(
                    _("You draw {tile}."), _("{name} draws {tile}."), tile=tile_text(tile_drawn)
                )
            return said(_("You draw a tile."), _("{name} draws a tile."))
        if isinstance(action, Pass):
            return said(_("You pass."), _("{name} passes."))
        if isinstance(action, Muggins):
            pts = plural(action.points, "point")
            if victim is None:
                text = said(
                    _("You call muggins: you take the {points}"),
                    _("{name} calls muggins: takes the {points}"),
                    points=pts,
                )
            else:
                text = said(
                    _("You call muggins: you take {whose} {points}"),
                    _("{name} calls muggins: takes {whose} {points}"),
                    whose=voice.whose(victim),
                    points=pts,
                )
            if move.points != action.points:
                text += " " + _("(scored {n})").format(n=move.points)
            return text + "."
        return f"{name}: {action}."

    def why_scored(
        self, state: GameState, before: object | None, move: Move, outcome: Outcome, voice: Voice
    ) -> list[str]:
        """The pass bonuses a pass earned the last player's side (``pase corrido: +25 for ...``);
        a game that scores during play tells its own."""
        lines = super().why_scored(state, before, move, outcome, voice)
        for score in outcome.scores:
            told = PASS_AWARDS.get(score.reason)
            if told:
                lines.append(
                    _("{award}: +{points} for {side}").format(
                        award=_(told), points=number(score.points), side=voice.side(score.side)
                    )
                )
        return lines

    # ----------------------------------------------------------------- a hand
    def hand_start(self, state: GameState, voice: Voice) -> str:
        if state.phase == Phase.FIND_LEAD:
            lead = state.context
            if isinstance(lead, int):
                return _(
                    "Nobody holds the double {pip} that leads: the players draw in turn until it "
                    "appears, and its drawer leads."
                ).format(pip=HIGH[lead])
            return _(
                "Nobody holds the double that leads: the players draw in turn until it appears, "
                "and its drawer leads."
            )
        return super().hand_start(state, voice)

    def held(self, state: GameState, voice: Voice) -> list[str]:
        result = state.result
        assert result is not None
        held = []
        for s in range(self.rules.players):
            tiles = f"{hand_text(state.hands[s])} " if state.hands[s] else ""
            held.append(f"{voice.name(s)} {tiles}({plural(result.pips[s], 'pip')})")
        return ["  " + _("Left in hand: {held}").format(held=", ".join(held))]

    def side_points(self, result: HandResult, side: int) -> str:
        total = result.points[side]
        if not self.rules.scores_in_play:
            return number(total)
        end = result.end_points[side]
        in_play = number(total - end)
        if end:
            return _("{in_play} in play + {end} for the hand = {total}").format(
                in_play=in_play, end=number(end), total=number(total)
            )
        return _("{in_play} in play").format(in_play=in_play)

    def sheet_title(self) -> str:
        title = super().sheet_title()
        if self.rules.scores_in_play:
            title += _(": points (in play + for the hand)")
        return title

    def sheet_cell(self, result: HandResult, side: int) -> str:
        total = result.points[side]
        if not self.rules.scores_in_play:
            return number(total)
        end = result.end_points[side]
        return f"{number(total)} ({number(total - end)}+{number(end)})"

    def result_notes(self, state: GameState, voice: Voice) -> list[str]:
        rules = self.rules
        result = state.result
        assert result is not None
        lines: list[str] = []
        if not isinstance(state, LineState):
            return lines
        for index, side, pts in state.penalties:
            claimer = state.history[index].seat
            said = voice.side_pick(
                side,
                pgettext("you", "{side} score {points} for {whose} wrong claim."),
                _("{side} scores {points} for {whose} wrong claim."),
                _("{side} score {points} for {whose} wrong claim."),
            )
            told = said.format(side=voice.side(side), points=pts, whose=voice.whose(claimer))
            lines.append(f"  {voice.opening(told)}")
        if rules.target_exact:
            earned = rules.hand_result(state, result.ended, result.out_seat).end_points
            for side, (would, got) in enumerate(zip(earned, result.end_points, strict=True)):
                if would != got:
                    told = _(
                        "{side} would pass {target} with the {points} for the hand: not scored."
                    ).format(side=voice.side(side), target=rules.target_score, points=number(would))
                    lines.append(f"  {voice.opening(told)}")
        return lines


def lead_text(action: Play) -> str:
    """A lead as laid: ``[4|6]`` with the 6 toward R (a double, or a lead without orientation,
    as ``[6|6]``)."""
    t = action.tile
    if action.open is None or DOUBLE[t]:
        return tile_text(t)
    right = action.open
    left = LOW[t] if right == HIGH[t] else HIGH[t]
    return f"[{left}|{right}]"


def trace(presenter: LinePresenter[R], history: Sequence[Move]) -> LineView:
    """The table of a line game after ``history`` (public moves), arm by arm in the order its
    tiles were laid: the one replayer (:func:`~boneyard.core.history.public_steps`) follows the
    table with the rules, so no rule is worked out here; each tile's place is read from the ends
    before and after it."""
    rules = presenter.rules
    layout: Layout | None = None
    lead: PlacedTile | None = None
    arms: dict[str, list[PlacedTile]] = {}
    roots: dict[str, int] = {}
    last: int | None = None
    for step in public_steps(rules, history):
        action = step.move.action
        before = step.before if isinstance(step.before, Layout) else None
        layout = step.after if isinstance(step.after, Layout) else None
        if type(action) is not Play or layout is None:
            continue
        t = last = action.tile
        if before is None or action.end is None:
            if len(layout.names) > 1:
                lead = PlacedTile(t, layout.pips[0], layout.pips[1])
            else:  # a line of one arm: the lead's other half lies toward the left, closed
                right = layout.pips[0]
                lead = PlacedTile(t, LOW[t] if HIGH[t] == right else HIGH[t], right)
            arms = {name: [] for name in layout.names}
            roots = dict(zip(layout.names, layout.tips, strict=True))
            continue
        i = before.names.index(action.end)
        outer = layout.pips[i]
        if outer != HIGH[t] and outer != LOW[t]:
            # Both halves stay open (a crosswise matador): it stands across, the higher on top.
            arms[action.end].append(PlacedTile(t, HIGH[t], LOW[t], cross=True))
        else:
            arms[action.end].append(PlacedTile(t, LOW[t] if HIGH[t] == outer else HIGH[t], outer))
        new = len(before.names)
        for name, tip in zip(layout.names[new:], layout.tips[new:], strict=True):
            arms[name] = []
            roots[name] = tip
    if layout is None or lead is None:
        return LineView(None, count=presenter.count_line(None))
    spinners = layout.spinners

    def placed(p: PlacedTile) -> PlacedTile:
        spinner = bool(spinners & BIT[p.tile])
        return replace(p, cross=p.cross or presenter.crosswise(p.tile, spinners), spinner=spinner)

    arm_views = []
    for name in layout.names:
        way, half = presenter.way(name, roots[name], lead.tile)
        tiles = tuple(placed(p) for p in arms[name])
        arm_views.append(ArmView(name, roots[name], way, tiles, half))
    return LineView(
        lead=placed(lead),
        arms=tuple(arm_views),
        ends=tuple(presenter.end_view(layout, i) for i in range(len(layout.names))),
        count=presenter.count_line(layout),
        hub=presenter.hub,
        last=last,
    )
