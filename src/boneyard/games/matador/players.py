"""The ``matador`` agent: the Matador strategy of RULES.md §6, as a one-move look-ahead.

Each legal play is valued by what it sheds and what it leaves on the table:

- **shed heavy tiles**: a tile's pips count for it;
- **conserve matadors**: spending one costs, spending the double-blank costs more (it is kept for
  "blanks all"); where the rules allow it the agent draws rather than spend its **last** matador,
  unless an opponent is about to go out;
- **blanks all**: with a blank at every end, the double-blank is played at once (the ends stay
  blank, so the next player must spend a matador or draw);
- **no blank without a follow-up**: a play that opens a blank end (a lead above all) is avoided
  unless the agent keeps a matador or another blank-bearing tile that fits;
- **deny blanks when behind**: a blank end pushes the hand toward a block, which the lighter hand
  wins; when the agent's hand is heavier than an opponent's is likely to be it avoids opening
  blank ends, and when lighter it welcomes them;
- **the matador's exposed half** (and every other choice of end) is judged by the chance that the
  next player can answer it with an ordinary tile, from the tiles unseen and the ends he has
  passed or drawn on (:class:`~boneyard.games.line.reading.Reading`); the agent also likes to
  keep an end it can play on itself;
- **three or more players**: the trailing players gang up on the leader. Where the observation
  gives the match totals (an ``Observation.totals`` attribute) the leader is the side ahead in
  the match; otherwise the opponent closest to going out (fewest tiles). Pressure on the next
  player counts more when he is that leader and less when he is a fellow trailer.

Outside Matador (no matadors in the rules) the same valuation plays a sound blocking game.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.actions import Action, Draw, Play
from ...core.layout import Layout
from ...core.protocol import Observation
from ...core.tiles import BIT
from ..line.heuristic import LineHeuristic, best_play
from ..line.reading import Reading, own_fits
from ..line.rules import LineRules

__all__ = ["MatadorAgent", "match_leader"]

# The weights of the valuation (tuned against greedy in `boneyard simulate`, see the report).
W_PIPS = 1.0  # per pip shed
W_STUCK = 15.0  # the next opponent has no ordinary tile for the new ends
W_FOLLOW = 2.5  # per end the agent can still play on with an ordinary tile
W_KEEP_WILD = 2.0  # the agent still holds a matador after the play
MATADOR_COST = 7.0  # spending a matador
DOUBLE_BLANK_COST = 8.0  # spending the double-blank (besides MATADOR_COST) before "blanks all"
BLANK_NO_FOLLOW = 12.0  # leading a blank with nothing to follow it up
BLANK_NO_FOLLOW_PLAY = 3.0  # opening a blank end later with nothing to follow it up
BLANK_BEHIND = 4.0  # opening a blank end when heavier than the opponents
BLANK_AHEAD = 2.0  # opening a blank end when lighter than the opponents
DOUBLE_BLANK = 0  # the tile index of 0-0
KEEP_LAST = 1  # draw rather than spend the last matador (or the last KEEP_LAST of them)
DANGER = 1  # an opponent with this many tiles or fewer may go out next turn
LEADER_FACTOR = 1.6  # pressure on the match leader counts this much more (3+ players)
TRAILER_FACTOR = 0.5  # and on a fellow trailer this much


def match_leader(obs: Observation, reading: Reading) -> int | None:
    """The seat the trailing players should gang up on (three or more sides), or ``None`` (two
    sides, or this seat's side leads).

    With the match totals (``obs.totals``) the leader is the side ahead in the match; while
    nobody is ahead (the first hand), the opponent closest to going out (fewest tiles; the lower
    seat on a tie)."""
    rules = obs.rules
    if len(rules.sides) < 3:
        return None
    totals: Sequence[float] = obs.totals
    mine = rules.side_of[obs.seat]
    if len(totals) == len(rules.sides) and len(set(totals)) > 1:
        best = max(totals)
        if totals[mine] >= best:
            return None
        side = totals.index(best)
        seats = [s for s in rules.sides[side] if obs.hand_sizes[s] > 0]
        return seats[0] if seats else None
    opponents = reading.opponents()
    if not opponents:
        return None
    fewest = min(obs.hand_sizes[s] for s in opponents)
    if obs.hand_sizes[obs.seat] < fewest:
        return None  # this seat is the one closest to going out
    return min(s for s in opponents if obs.hand_sizes[s] == fewest)


class MatadorAgent(LineHeuristic):
    """The Matador heuristic of RULES.md §6 (see the module docstring)."""

    name = "matador"

    def decide(
        self, obs: Observation, rules: LineRules, legal: tuple[Action, ...], plays: list[Play]
    ) -> Action:
        hand = obs.hand
        wild = rules.wild_tiles
        reading = Reading(obs, rules)
        layout = obs.layout
        # Blanks all: every end blank and the double-blank in hand.
        if layout is not None and wild & BIT[0]:
            open_pips = [p for p in layout.pips if p >= 0]
            if open_pips and all(p == 0 for p in open_pips):
                for a in plays:
                    if a.tile == DOUBLE_BLANK:
                        return a
        draw = next((a for a in legal if type(a) is Draw), None)
        if draw is not None and all(wild & BIT[a.tile] for a in plays):
            held = (hand & wild).bit_count()
            danger = any(obs.hand_sizes[s] <= DANGER for s in reading.opponents())
            if held <= KEEP_LAST and not danger:
                return draw  # keep the last matador: it can rescue the hand later
        leader = match_leader(obs, reading)
        return best_play(plays, lambda a: self.value(obs, reading, a, leader))

    # ----------------------------------------------------------------- valuation
    def value(self, obs: Observation, reading: Reading, action: Play, leader: int | None) -> float:
        """How good ``action`` looks (higher is better)."""
        rules = reading.rules
        t = action.tile
        wild = rules.wild_tiles
        layout = obs.layout
        after, rest = reading.left_by(action)  # the table and the hand the play leaves
        value = W_PIPS * rules.hand_value[t]
        if wild & BIT[t]:
            value -= MATADOR_COST
            if t == DOUBLE_BLANK:
                value -= DOUBLE_BLANK_COST
        # Pressure on the next player: can he answer with an ordinary tile?
        nxt = reading.next_seat
        if rules.side_of[nxt] != rules.side_of[obs.seat]:
            stuck = 1.0 - reading.chance_fits(nxt, after, wild=False)
            factor = 1.0
            if leader is not None:
                factor = LEADER_FACTOR if nxt == leader else TRAILER_FACTOR
            value += W_STUCK * factor * stuck
        # The agent's own next move.
        fits = own_fits(rules, rest, after)
        value += W_FOLLOW * min(fits, 2)
        keeps_wild = bool(rest & wild)
        if keeps_wild:
            value += W_KEEP_WILD
        # Blank ends.
        before_blanks = sum(1 for p in layout.pips if p == 0) if layout is not None else 0
        new_blanks = sum(1 for p in after.pips if p == 0) - before_blanks
        if new_blanks > 0 and wild:
            if not (keeps_wild or self._blank_follow_up(rules, rest, after)):
                value -= BLANK_NO_FOLLOW if layout is None else BLANK_NO_FOLLOW_PLAY
            mine = rules.hand_pips(rest)
            mean = reading.mean_unseen_pips()
            theirs = [obs.hand_sizes[s] * mean for s in reading.opponents()]
            if theirs and mine > min(theirs):
                value -= BLANK_BEHIND * new_blanks
            elif theirs:
                value += BLANK_AHEAD * new_blanks
        return value

    @staticmethod
    def _blank_follow_up(rules: LineRules, rest: int, after: Layout) -> bool:
        """Whether ``rest`` holds a blank-bearing tile that fits an open end of ``after`` (the
        tile that would answer a blank with a blank)."""
        blanks = rest & rules.tiles.suit_mask[0]
        return any(p > 0 and rules.end_mask[p] & blanks for p in after.pips)
