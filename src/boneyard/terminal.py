"""The terminal game: text drawings of a hand, the table, moves and the score sheet, and the
line-based loop in which one person (seat 0) plays a match against computer agents.

Everything shown is asked of the engine: what is legal comes from the observation's legal actions,
what happened from the public history and the hand results, and even the shape of the table is
traced by letting the rules lay the history's tiles again (:func:`trace_table`). The drawing
functions are pure (they return strings), so tests can check them; :class:`TerminalGame` takes its
input and output streams, so a whole match can be scripted.

>>> from boneyard.tiles import parse_tile
>>> tile_text(parse_tile("4-6")), hand_text(sum(1 << parse_tile(t) for t in ["6-4", "0-0", "6-6"]))
('[6|4]', '[6|6] [6|4] [0|0]')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from .actions import DRAW, PASS, Action, Draw, Move, Muggins, Pass, Play
from .agents import Agent, make_agent
from .layout import Layout
from .match import Match
from .rules.base import HandResult, Rules
from .state import HandState, IllegalAction, Observation
from .tiles import BIT, DOUBLE, HIGH, LOW, NAMES, tile, tiles_of

__all__ = [
    "YOU",
    "Command",
    "Placed",
    "Table",
    "TerminalGame",
    "describe_action",
    "describe_move",
    "ends_text",
    "hand_result_text",
    "hand_text",
    "parse_command",
    "render_table",
    "score_sheet_text",
    "seat_names",
    "side_labels",
    "tile_text",
    "trace_table",
]

YOU = 0  # the person's seat

HELP = """\
Type the number of a move, or:
  6-4 R       play the tile 6-4 at the R end (just 6-4 when it fits one end only, or for the lead)
  d, draw     draw a tile              p, pass     pass
  hand        show your tiles          table       show the table
  score       show the score sheet     moves       list your moves again
  q, quit     leave the game (it is saved first with --save)
On the table, a double laid crosswise stands across the line:
         +6+
    [4|6]| |[6|1]
         +6+"""


# --------------------------------------------------------------------- tiles and hands
def tile_text(t: int) -> str:
    """A tile as ``[6|4]``, the larger number first."""
    return f"[{HIGH[t]}|{LOW[t]}]"


def hand_text(mask: int) -> str:
    """The tiles of a hand, heaviest first: ``[6|6] [6|4] [0|0]``."""
    tiles = sorted(tiles_of(mask), key=lambda t: (HIGH[t], LOW[t]), reverse=True)
    return " ".join(tile_text(t) for t in tiles) if tiles else "(no tiles)"


def seat_names(players: int) -> list[str]:
    """How seats are called in sentences: ``You``, ``Seat 1``, ``Seat 2``..."""
    return ["You" if s == YOU else f"Seat {s}" for s in range(players)]


def side_labels(rules: Rules) -> list[str]:
    """Short labels of the sides for score sheets: ``you``, ``seat 1``; with partners
    ``you & seat 2`` and ``seats 1 & 3``."""
    labels = []
    for i, side in enumerate(rules.sides):
        if YOU in side:
            others = [f"seat {s}" for s in side if s != YOU]
            labels.append(" & ".join(["you", *others]))
        else:
            labels.append(rules.side_name(i))
    return labels


# --------------------------------------------------------------------- the table
@dataclass(frozen=True)
class Placed:
    """A tile on the table: ``inner`` is the pip toward where its arm starts, ``outer`` the pip away
    from it. For the lead, ``inner`` is the pip toward L and ``outer`` the pip toward R."""

    tile: int
    inner: int
    outer: int


@dataclass
class Table:
    """The table as drawn: the lead, and for every end the tiles of its arm, from its root outward.

    ``roots`` names the tile each arm grows from (the lead for L and R, a spinner for its short
    sides).
    """

    layout: Layout | None = None
    lead: Placed | None = None
    arms: dict[str, list[Placed]] = field(default_factory=dict)
    roots: dict[str, int] = field(default_factory=dict)


def trace_table(rules: Rules, history: Iterable[Move]) -> Table:
    """Lay the played tiles of ``history`` again with the rules, keeping the order of each arm.

    The engine's layout knows only the open ends; to draw the line we need the tiles in order, which
    this recovers by replaying the public plays through the same rules (no rule is re-implemented
    here).
    """
    table = Table()
    layout: Layout | None = None
    for move in history:
        action = move.action
        if not isinstance(action, Play):
            continue
        if layout is None or action.end is None:
            layout = rules.lead_layout(action.tile, action.open)
            table.lead = Placed(action.tile, layout.pips[0], layout.pips[1])
            table.arms = {name: [] for name in layout.names}
            table.roots = {name: t for name, t in zip(layout.names, layout.tips, strict=True)}
            continue
        i = layout.names.index(action.end)
        new = rules.lay(layout, action)
        outer = new.pips[i]
        t = action.tile
        inner = LOW[t] if HIGH[t] == outer else HIGH[t]
        table.arms[action.end].append(Placed(t, inner, outer))
        for name, tip in zip(
            new.names[len(layout.names) :], new.tips[len(layout.names) :], strict=True
        ):
            table.arms[name] = []
            table.roots[name] = tip
        layout = new
    table.layout = layout
    return table


def _segment(left: int, right: int, crosswise: bool) -> tuple[str, str, str]:
    """Three rows drawing one tile: lengthwise ``[a|b]``, or a crosswise double standing up."""
    if crosswise:
        n = str(left)
        cap = f"+{n}+"
        return cap, "|" + " " * len(n) + "|", cap
    mid = f"[{left}|{right}]"
    blank = " " * len(mid)
    return blank, mid, blank


def _draw_chain(
    segments: Sequence[tuple[str, str, str]], prefix: str, suffix: str, width: int
) -> list[str]:
    """Draw segments side by side, in bands of up to three rows no wider than ``width``."""
    bands: list[list[tuple[str, str, str]]] = [[]]
    used = len(prefix)
    for seg in segments:
        w = len(seg[1])
        if bands[-1] and used + w + len(suffix) + 4 > width:
            bands.append([])
            used = len(prefix) + 3
        bands[-1].append(seg)
        used += w
    lines: list[str] = []
    pad = " " * len(prefix)
    for b, band in enumerate(bands):
        first, last = b == 0, b == len(bands) - 1
        lead_in = (prefix if first else pad + "...", pad if first else pad + "   ")
        tail = suffix if last else "..."
        top = lead_in[1] + "".join(s[0] for s in band)
        mid = lead_in[0] + "".join(s[1] for s in band) + tail
        bot = lead_in[1] + "".join(s[2] for s in band)
        for row in (top, mid, bot):
            if row.strip() or row is mid:
                lines.append(row.rstrip())
    return lines


def ends_text(layout: Layout | None) -> str:
    """The open ends and the pips they show: ``Open ends: L shows 6, R shows 3``."""
    if layout is None:
        return "Open ends: none yet (the first tile is the lead)"
    parts = [
        f"{name} shows {pip}" if pip >= 0 else f"{name} not open yet"
        for name, pip in zip(layout.names, layout.pips, strict=True)
    ]
    return "Open ends: " + ", ".join(parts)


def render_table(rules: Rules, history: Iterable[Move], width: int = 78) -> str:
    """Draw the table: the line from its L end to its R end, then each other arm (a spinner's short
    sides) on a line of its own, then the open ends. Crosswise doubles (and spinners) are drawn
    standing up."""
    table = trace_table(rules, history)
    layout, lead = table.layout, table.lead
    if layout is None or lead is None:
        return "The table is empty."
    spinners = layout.spinners

    def crosswise(t: int) -> bool:
        return DOUBLE[t] and (rules.doubles_crosswise or bool(spinners & BIT[t]))

    line = [
        _segment(p.outer, p.inner, crosswise(p.tile)) for p in reversed(table.arms.get("L", []))
    ]
    line.append(_segment(lead.inner, lead.outer, crosswise(lead.tile)))
    line += [_segment(p.inner, p.outer, crosswise(p.tile)) for p in table.arms.get("R", [])]
    rows = _draw_chain(line, "L ", " R", width)
    for name in layout.names:
        if name in ("L", "R") or not table.arms.get(name):
            continue
        label = f"{name} arm, off {tile_text(table.roots[name])}: "
        arm = [_segment(p.inner, p.outer, crosswise(p.tile)) for p in table.arms[name]]
        rows += _draw_chain(arm, label, "", width)
    rows.append(ends_text(layout))
    return "\n".join(rows)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# --------------------------------------------------------------------- moves in words
def _verb(subject: str, verb: str) -> str:
    """The verb agreeing with its subject: ``play`` for you, ``plays`` / ``passes`` for a seat."""
    if subject == "You":
        return verb
    return f"{verb}es" if verb.endswith(("s", "sh", "ch")) else f"{verb}s"


def _conj(subject: str, verb: str) -> str:
    """``You play`` / ``Seat 1 plays``."""
    return f"{subject} {_verb(subject, verb)}"


def _lead_text(action: Play) -> str:
    t = action.tile
    if action.open is None or DOUBLE[t]:
        return tile_text(t)
    right = action.open
    left = LOW[t] if right == HIGH[t] else HIGH[t]
    return f"[{left}|{right}]"


def describe_action(action: Action, layout: Layout | None) -> str:
    """One legal action in words, for the numbered list of moves."""
    if isinstance(action, Play):
        if action.end is None:
            return f"lead {_lead_text(action)}"
        text = f"play {tile_text(action.tile)} at {action.end}"
        if layout is not None and action.end in layout.names:
            pip = layout.pips[layout.names.index(action.end)]
            if pip >= 0:
                text += f", on the {pip}"
        if action.open is not None:
            text += f", leaving {action.open} open"
        if action.claim is not None:
            text += f", claiming {action.claim}"
        return text
    if isinstance(action, Draw):
        return "draw a tile"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Muggins):
        return f"claim muggins: {action.points} points"
    return str(action)


def describe_move(
    move: Move, before: Layout | None, names: Sequence[str], drawn: int | None = None
) -> str:
    """What a seat did, as a sentence; ``before`` is the layout before the move, ``drawn`` the tile
    drawn when the reader may know it (his own draw)."""
    who = names[move.seat]
    action = move.action
    if isinstance(action, Play):
        if action.end is None:
            text = f"{_conj(who, 'lead')} {_lead_text(action)}"
        else:
            text = f"{_conj(who, 'play')} {tile_text(action.tile)} at {action.end}"
            if before is not None and action.end in before.names:
                pip = before.pips[before.names.index(action.end)]
                if pip >= 0:
                    text += f" (on the {pip})"
        if move.points:
            text += f" and {_verb(who, 'score')} {move.points}"
        return text + "."
    if isinstance(action, Draw):
        tile_drawn = drawn if drawn is not None else move.drawn
        if tile_drawn is not None:
            return f"{_conj(who, 'draw')} {tile_text(tile_drawn)}."
        return f"{_conj(who, 'draw')} a tile."
    if isinstance(action, Pass):
        return f"{_conj(who, 'pass')}."
    if isinstance(action, Muggins):
        return f"{_conj(who, 'claim')} muggins: {action.points} points."
    return f"{who}: {action}."


# --------------------------------------------------------------------- results and the score sheet
def hand_result_text(
    number: int, result: HandResult, rules: Rules, hands: Sequence[int] | None = None
) -> str:
    """The end of a hand: why it ended, what each seat held, what each side scored."""
    names = seat_names(rules.players)
    labels = side_labels(rules)
    lines = [f"Hand {number} is over: {result.reason}."]
    held = []
    for s in range(rules.players):
        tiles = f"{hand_text(hands[s])} " if hands is not None and hands[s] else ""
        held.append(f"{names[s].lower()} {tiles}({result.pips[s]} pips)")
    lines.append("  Left in hand: " + ", ".join(held))
    points = ", ".join(f"{labels[i]}: {p}" for i, p in enumerate(result.points))
    lines.append(f"  Points this hand: {points}")
    return "\n".join(lines)


def score_sheet_text(match: Match) -> str:
    """The running score sheet: points per side for every finished hand, how it ended, and the
    totals."""
    rules = match.rules
    labels = side_labels(rules)
    widths = [max(len(lab), 5) for lab in labels]
    head = "hand  " + "  ".join(lab.rjust(w) for lab, w in zip(labels, widths, strict=True))
    lines = [f"Score sheet ({rules.target_score} to win)", head + "  how it ended"]
    running = [0] * len(labels)
    for i, state in enumerate(match.hands, 1):
        result = state.result
        if result is None:
            break
        running = [a + b for a, b in zip(running, result.points, strict=True)]
        cells = "  ".join(str(p).rjust(w) for p, w in zip(result.points, widths, strict=True))
        lines.append(f"{i:>4}  {cells}  {result.reason}")
    cells = "  ".join(str(p).rjust(w) for p, w in zip(running, widths, strict=True))
    lines.append(f"total {cells}")
    return "\n".join(lines)


def _winner_line(match: Match) -> str:
    labels = side_labels(match.rules)
    winner = match.winner
    totals = match.totals
    if winner is None:
        return "Match over: no winner."
    label = labels[winner]
    verb = "win" if label.startswith("you") or "&" in label else "wins"
    others = ", ".join(f"{labels[i]}: {t}" for i, t in enumerate(totals) if i != winner)
    return f"Match over: {label} {verb} with {totals[winner]} points ({others})."


# --------------------------------------------------------------------- reading the person's input
@dataclass(frozen=True)
class Command:
    """What a line typed by the person asks for: ``kind`` is ``action`` (with ``action``), ``error``
    (with ``message``), or one of ``help``, ``hand``, ``table``, ``score``, ``moves``, ``quit``."""

    kind: str
    action: Action | None = None
    message: str = ""


_WORDS = {
    "?": "help",
    "h": "help",
    "help": "help",
    "hand": "hand",
    "t": "table",
    "table": "table",
    "board": "table",
    "score": "score",
    "scores": "score",
    "s": "score",
    "m": "moves",
    "moves": "moves",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
}


def parse_command(text: str, obs: Observation) -> Command:
    """Understand one line typed by the person whose observation is ``obs``.

    A number picks from ``obs.legal_actions`` (counting from 1); ``d``/``draw`` and ``p``/``pass``
    are the draw and the pass; ``6-4 R`` (also ``6|4 R``, ``[6|4] at R``, ``6-4r``) plays a tile at
    an end, and a tile alone is enough for the lead or where it fits one end only. The action
    returned may still be illegal: the engine decides, and explains.
    """
    words = text.replace("[", " ").replace("]", " ").replace("|", "-").split()
    if not words:
        return Command("error", message="Type a move number, or ? for help.")
    first = words[0].lower()
    legal = obs.legal_actions
    if len(words) == 1 and first in _WORDS:
        return Command(_WORDS[first])
    if len(words) == 1 and first.isdigit():
        n = int(first)
        if not legal:
            return Command("error", message="It is not your turn.")
        if not 1 <= n <= len(legal):
            return Command("error", message=f"There is no move {n}: choose 1 to {len(legal)}.")
        return Command("action", legal[n - 1])
    if len(words) == 1 and first in ("d", "draw"):
        return Command("action", DRAW)
    if len(words) == 1 and first in ("p", "pass", "go", "knock"):
        return Command("action", PASS)
    return _parse_tile_command(words, obs)


def _parse_tile_command(words: list[str], obs: Observation) -> Command:
    head = words[0]
    rest = words[1:]
    pips_text, sep, tail = head.partition("-")
    b_text = tail.rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    attached = tail[len(b_text) :]
    if not sep or not pips_text.isdigit() or not b_text.isdigit():
        return Command(
            "error",
            message=f"Cannot understand {' '.join(words)!r}: type a move number, or ? for help.",
        )
    if attached:
        rest = [attached, *rest]
    if rest and rest[0].lower() in ("at", "on", "to"):
        rest = rest[1:]
    if len(rest) > 1:
        return Command("error", message=f"Cannot understand {' '.join(words)!r}: write e.g. 6-4 R.")
    a, b = int(pips_text), int(b_text)
    try:
        t = tile(a, b)
    except ValueError as e:
        return Command("error", message=f"{e}.")
    end = rest[0].upper() if rest else None
    layout = obs.layout
    plays = [x for x in obs.legal_actions if isinstance(x, Play) and x.tile == t]
    if layout is None:
        if end is not None:
            return Command("action", Play(t, end))
        # A lead is laid as written: a toward L, b toward R.
        return Command("action", Play(t, None, None if a == b else b))
    if end is not None:
        at_end = [x for x in plays if x.end == end]
        if len(at_end) > 1:
            return Command(
                "error",
                message=f"{NAMES[t]} can be laid two ways at {end}: choose it by its number.",
            )
        return Command("action", at_end[0] if at_end else Play(t, end))
    ends = sorted({x.end or "" for x in plays})
    if len(plays) == 1:
        return Command("action", plays[0])
    if len(ends) > 1:
        return Command(
            "error",
            message=f"{NAMES[t]} fits at {' and '.join(ends)}: say which, "
            f"e.g. {NAMES[t]} {ends[-1]}.",
        )
    if plays:
        return Command(
            "error", message=f"{NAMES[t]} can be laid two ways: choose it by its number."
        )
    if t >= obs.rules.tiles.size or not obs.hand & BIT[t]:
        # Let the engine say what is wrong with this tile.
        return Command("action", Play(t, layout.names[0]))
    return Command("error", message=f"{NAMES[t]} fits no open end. {ends_text(layout)}.")


# --------------------------------------------------------------------- the game loop
class TerminalGame:
    """A match for one person (seat 0) against computer agents, read line by line from ``inp`` and
    written to ``out``.

    :meth:`run` plays until the match is over, the person quits, or the input ends; it returns
    ``"over"``, ``"quit"`` or ``"eof"``. The match (finished or not) is in :attr:`match`, ready to
    be saved as a record. With ``color``, output goes through Rich (for terminals); with ``echo``,
    each line read is written back (so a transcript of scripted input reads like a session).
    """

    def __init__(
        self,
        rules: Rules,
        inp: IO[str],
        out: IO[str],
        *,
        opponents: Sequence[str] = ("greedy",),
        seed: int | None = None,
        color: bool = False,
        echo: bool = False,
    ) -> None:
        n = rules.players
        names = [opponents[(s - 1) % len(opponents)] for s in range(1, n)]
        self.agents: dict[int, Agent] = {s: make_agent(names[s - 1]) for s in range(1, n)}
        self.agent_names = ["you", *names]
        self.rules = rules
        self.match = Match(rules, seed=seed)
        self.rngs = {
            s: random.Random(f"{seed}:seat{s}") if seed is not None else random.Random()
            for s in range(1, n)
        }
        self.inp = inp
        self.out = out
        self.echo = echo
        self.names = seat_names(n)
        self._console: Any = None
        if color:
            from rich.console import Console

            self._console = Console(
                file=out, force_terminal=True, highlight=False, emoji=False, soft_wrap=True
            )

    # ------------------------------------------------------------- output and input
    def say(self, text: str = "", style: str | None = None) -> None:
        if self._console is not None:
            self._console.print(text, style=style, markup=False)
        else:
            self.out.write(text + "\n")

    def _prompt(self, text: str) -> str | None:
        """Ask for a line; ``None`` at the end of the input."""
        if self._console is not None:
            self._console.print(text, end="", style="bold", markup=False)
        else:
            self.out.write(text)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.out.write("\n")
            return None
        if self.echo:
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def record_players(self) -> list[str]:
        """Player names for a record: ``you``, then the agents, e.g. ``greedy-1``."""
        return ["you", *(f"{self.agent_names[s]}-{s}" for s in range(1, self.rules.players))]

    # ------------------------------------------------------------- the match
    def run(self) -> str:
        self._intro()
        while True:
            state = self.match.hand
            number = len(self.match.hands)
            self._hand_start(state, number)
            outcome = self._play_hand(state, number)
            if outcome:
                self.say()
                self.say(
                    "You left the game."
                    if outcome == "quit"
                    else "End of input: the game stops here.",
                    "yellow",
                )
                return outcome
            assert state.result is not None
            self.say()
            self.say(hand_result_text(number, state.result, self.rules, state.hands), "bold")
            more = self.match.next_hand()
            self.say()
            self.say(score_sheet_text(self.match))
            if more is None:
                self.say()
                self.say(_winner_line(self.match), "bold green")
                return "over"

    def _intro(self) -> None:
        rules = self.rules
        game = rules.game
        self.say(
            f"{game.title} ({rules.rule_set} rules), {rules.players} players: {game.summary}",
            "bold",
        )
        opponents = ", ".join(f"seat {s} is {self.agent_names[s]}" for s in range(1, rules.players))
        self.say(f"You are seat 0; {opponents}. First to {rules.target_score} points wins.")
        if rules.partners():
            labels = side_labels(rules)
            mine = labels[rules.side_of[YOU]].replace(" & ", " and ")
            theirs = " vs ".join(lab for i, lab in enumerate(labels) if i != rules.side_of[YOU])
            self.say(f"Partnerships: {mine} vs {theirs}.")
        self.say("Type ? for help.")

    def _hand_start(self, state: HandState, number: int) -> None:
        self.say()
        self.say(f"=== Hand {number} ===", "bold cyan")
        draw = self.match.lead_draw
        if number == 1 and draw is not None:
            drawn = ", ".join(f"{self.names[s].lower()} {tile_text(t)}" for s, t in enumerate(draw))
            self.say(f"Drawing for the lead: {drawn}.")
        obs = state.observation(YOU)
        leader = self.names[obs.leader]
        self.say(f"{'You have' if obs.leader == YOU else leader + ' has'} the lead.")
        self.say(f"Your hand: {hand_text(obs.hand)}")

    def _play_hand(self, state: HandState, number: int) -> str | None:
        while not state.over:
            seat = state.turn
            if seat == YOU:
                outcome = self._your_turn(state, number)
                if outcome:
                    return outcome
                continue
            before = state.layout
            action = self.agents[seat].choose(state.observation(seat), self.rngs[seat])
            state.apply(action)
            last = state.observation(YOU).history[-1]
            self.say(describe_move(last, before, self.names))
        return None

    def _view(self, obs: Observation, number: int) -> None:
        rules = self.rules
        self.say()
        self.say(f"--- Hand {number}, your turn ---", "bold")
        self.say(render_table(rules, obs.history))
        others = ", ".join(
            f"{self.names[s]} ({self._role(s)}) {_count(obs.hand_sizes[s], 'tile')}"
            for s in range(rules.players)
            if s != YOU
        )
        stock = f"stock {obs.stock_size}"
        if rules.can_draw:
            stock += f" ({obs.drawable} may be drawn)"
        self.say(f"{others}; {stock}.")
        labels = side_labels(rules)
        totals = ", ".join(f"{lab}: {t}" for lab, t in zip(labels, self.match.totals, strict=True))
        if any(obs.scores):
            made = ", ".join(f"{lab}: {t}" for lab, t in zip(labels, obs.scores, strict=True))
            totals += f"; this hand so far: {made}"
        self.say(f"Score: {totals}.")
        self.say(f"Your hand: {hand_text(obs.hand)}", "green")

    def _role(self, seat: int) -> str:
        role = self.agent_names[seat]
        if self.rules.side_of[seat] == self.rules.side_of[YOU]:
            role = f"your partner, {role}"
        return role

    def _moves(self, obs: Observation) -> None:
        for i, action in enumerate(obs.legal_actions, 1):
            self.say(f"  {i:>2}) {describe_action(action, obs.layout)}")

    def _your_turn(self, state: HandState, number: int) -> str | None:
        """The person's turn: forced draws and passes are made for him; otherwise he chooses."""
        obs = state.observation(YOU)
        self._view(obs, number)
        listed = False
        while True:
            obs = state.observation(YOU)
            legal = obs.legal_actions
            if len(legal) == 1 and isinstance(legal[0], Draw | Pass):
                before_hand, before = obs.hand, obs.layout
                state.apply(legal[0])
                after = state.observation(YOU)
                new = after.hand & ~before_hand
                drawn = new.bit_length() - 1 if new else None
                said = describe_move(after.history[-1], before, self.names, drawn)
                self.say(f"You cannot play: {said[0].lower()}{said[1:]}", "yellow")
                if state.over or state.turn != YOU:
                    return None
                self.say(f"Your hand: {hand_text(after.hand)}", "green")
                listed = False
                continue
            if not listed:
                self.say("Your moves:")
                self._moves(obs)
                listed = True
            line = self._prompt(f"Your move (1-{len(legal)}, ? for help): ")
            if line is None:
                return "eof"
            command = parse_command(line, obs)
            if command.kind == "quit":
                return "quit"
            if command.kind == "error":
                self.say(command.message, "red")
                continue
            if command.kind == "help":
                self.say(HELP)
                continue
            if command.kind == "hand":
                self.say(f"Your hand: {hand_text(obs.hand)}", "green")
                continue
            if command.kind == "table":
                self.say(render_table(self.rules, obs.history))
                continue
            if command.kind == "score":
                self.say(score_sheet_text(self.match))
                continue
            if command.kind == "moves":
                self._moves(obs)
                continue
            assert command.action is not None
            before_hand, before = obs.hand, obs.layout
            try:
                state.apply(command.action)
            except IllegalAction as e:
                self.say(f"Not allowed: {e}.", "red")
                continue
            after = state.observation(YOU)
            new = after.hand & ~before_hand
            move = after.history[-1]
            self.say(describe_move(move, before, self.names, new.bit_length() - 1 if new else None))
            if state.over or state.turn != YOU:
                return None
            self.say(f"Your hand: {hand_text(after.hand)}", "green")
            listed = False
