"""The plain terminal game: the line-based loop in which one person (seat 0) plays a match against
computer agents, told in the sentences of :mod:`boneyard.text.narration`.

:class:`TerminalGame` takes its input and output streams, so a whole match can be scripted.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import IO, Any, ClassVar

from ..core.actions import Action, Draw, Pass, Play
from ..core.i18n import N_, _
from ..core.match import Match
from ..core.protocol import GameRules, GameState, IllegalAction, Observation
from ..core.words import Voice, hand_text, plural
from ..core.words import number as _number
from ..players.agents import Agent, make_agent
from ..players.analysis import (
    MoveAnalysis,
    beliefs,
    beliefs_text,
    menu_analysis,
    review_hand,
    review_text,
    value_text,
)
from ..players.names import computer_name
from ..text.drawing import describe_table, render_table
from ..text.narration import (
    YOU,
    Kind,
    Moved,
    Told,
    apply_move,
    claim_error,
    default_opponent,
    describe_action,
    hand_line,
    hand_result_text,
    hand_start_lines,
    intro_lines,
    menu,
    parse_command,
    score_reasons_lines,
    score_sheet_text,
    table_view,
    tell_move,
    winner_text,
)

__all__ = ["TerminalGame", "choice_range", "terminal_voice"]


def terminal_voice(rules: GameRules, levels: Sequence[str] = ()) -> Voice:
    """How the terminal games name the seats for the person at seat 0: "you", and each computer
    by its name (:func:`~boneyard.players.names.computer_name`, the names every front end gives
    a computer's seat: Rosa, Amara...), never by an agent's id or a seat's number; ``levels``
    are the agents of seats 1, 2... where known."""
    named = ["you"]
    for s in range(1, rules.players):
        level = levels[s - 1] if s - 1 < len(levels) else ""
        named.append(computer_name(s, level, taken=named))
    return Voice.of(rules, YOU, names=named)


def choice_range(count: int) -> str:
    """The numbers a person may type to choose among ``count`` moves, in words that never read
    as a tile (``1-1`` would): ``1`` for one move, ``1 or 2``, ``1 to 15``."""
    if count <= 1:
        return "1"
    if count == 2:
        return _("1 or 2")
    return _("1 to {n}").format(n=count)


HELP = N_("""\
Type the number of a move, or:
  6-4 R       play the tile 6-4 at the R end (just 6-4 when it fits one end only, or for the lead)
  d, draw     draw a tile              p, pass     pass
  hand        show your tiles          table       show the table
  score       show the score sheet     moves       list your moves again
  describe    the whole position in words
  review      what your choices in the last hand cost (the search player's analysis)
  beliefs     the chance that each other player, and the stock, holds each tile you cannot see
  q, quit     leave the game (it is saved first with --save)
On the table, a double laid crosswise stands across the line:
         +6+
    [4|6]| |[6|1]
         +6+
A spinner shows the names of its short sides above and below it (U and D, or 3U and 3D for a
later spinner 3-3), and each of its arms is drawn on a line of its own, from the spinner out.""")

CLAIM_HELP = N_("""\
Scores must be claimed. After you choose a move you are asked for the points it makes: type them,
or press Enter to claim nothing (b goes back to the moves). You may also give the claim with the
move: 3 15 plays move 3 claiming 15, 6-4 R 15 plays 6-4 at R claiming 15 (0 claims nothing).
A count you do not claim can be taken by the next player calling muggins; a wrong claim is struck
and your opponent scores the points you claimed. When the player before you leaves a count
unclaimed, calling muggins is one of your moves (or type muggins).""")


class TerminalGame:
    """A match for one person (seat 0) against computer agents, read line by line from ``inp`` and
    written to ``out``.

    :meth:`run` plays until the match is over, the person quits, or the input ends; it returns
    ``"over"``, ``"quit"`` or ``"eof"``. The match (finished or not) is in :attr:`match`, ready to
    be saved as a record. With ``color``, output goes through Rich (for terminals); with ``echo``,
    each line read is written back (so a transcript of scripted input reads like a session).

    ``opponents`` are agent names (see :mod:`boneyard.players.agents`) or agent objects, one per
    computer seat or fewer (repeated); by default :func:`default_opponent`. With ``hints``, the list
    of moves shows what each is worth on average and why (:func:`boneyard.players.analysis.analyze`
    on the person's own observation) and marks the best. With ``review``, the end of every hand
    prints the review of the person's choices (:func:`boneyard.players.analysis.review_hand`);
    without it, the person may type ``review``.
    """

    def __init__(
        self,
        rules: GameRules,
        inp: IO[str],
        out: IO[str],
        *,
        opponents: Sequence[str | Agent] | None = None,
        seed: int | None = None,
        color: bool = False,
        echo: bool = False,
        hints: bool = False,
        review: bool = False,
    ) -> None:
        n = rules.players
        self.hints = hints
        self.review = review
        chosen: Sequence[str | Agent] = opponents or (default_opponent(rules),)
        given = [chosen[(s - 1) % len(chosen)] for s in range(1, n)]
        self.agents: dict[int, Agent] = {
            s: make_agent(a) if isinstance(a, str) else a for s, a in enumerate(given, 1)
        }
        self.agent_names = ["you", *(self.agents[s].name for s in range(1, n))]
        # The names the computer players were given by (a plug-in's with its arguments), kept in
        # a saved match so that resuming it starts the same agents.
        self.agent_specs = ["you"] + [
            a if isinstance(a, str) else self.agents[s].name for s, a in enumerate(given, 1)
        ]
        self.rules = rules
        self.match = Match(rules, seed=seed)
        self.rngs = {
            s: random.Random(f"{seed}:seat{s}") if seed is not None else random.Random()
            for s in range(1, n)
        }
        self.inp = inp
        self.out = out
        self.echo = echo
        self.voice = terminal_voice(rules, self.agent_names[1:])
        # How each seat opens a sentence: "You", "Ada"...
        self.names = [self.voice.subject(s) for s in range(n)]
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
        if self.match.over:
            # A finished match (resumed from its record): nothing to play, nothing to score.
            self.say()
            self.say(_("This match is over: nothing is left to play."), "yellow")
            self.say()
            self.say(score_sheet_text(self.match, self.voice))
            self.say()
            self.say(winner_text(self.match, self.voice), "bold green")
            return "over"
        state = self.match.hand
        if len(self.match.hands) > 1 or state.history:
            self.say()
            self.say(
                _("Resumed: hand {hand}, move {move}.").format(
                    hand=len(self.match.hands), move=len(state.history) + 1
                ),
                "bold",
            )
        while True:
            state = self.match.hand
            number = len(self.match.hands)
            self._hand_start(state, number)
            outcome = self._play_hand(state, number)
            if outcome:
                self.say()
                self.say(
                    _("You left the game.")
                    if outcome == "quit"
                    else _("End of input: the game stops here."),
                    "yellow",
                )
                return outcome
            assert state.result is not None
            self.say()
            self.say(hand_result_text(number, state, self.voice), "bold")
            more = self.match.next_hand()
            if self.review:
                self.say(self.review_text(number - 1))
            self.say()
            self.say(score_sheet_text(self.match, self.voice))
            if more is None:
                self.say()
                self.say(winner_text(self.match, self.voice), "bold green")
                return "over"
            if not self.review:
                self.say(
                    _(
                        "(Type review at your next move: what your choices in hand {number} cost.)"
                    ).format(number=number)
                )

    def _intro(self) -> None:
        rules = self.rules
        voice = self.voice
        intro = intro_lines(rules, voice)

        def listed(seats: list[int]) -> str:
            named = [f"{voice.name(s)} ({self.agent_names[s]})" for s in seats]
            if len(named) == 1:
                return named[0]
            return _("{first} and {last}").format(first=", ".join(named[:-1]), last=named[-1])

        ours = rules.sides[rules.side_of[YOU]]
        partners = [s for s in ours if s != YOU]
        against = [s for s in range(rules.players) if s not in ours]
        if partners:
            company = _("You play with {partners} against {others}.").format(
                partners=listed(partners), others=listed(against)
            )
        else:
            company = _("You play against {others}.").format(others=listed(against))
        self.say(intro[0], "bold")
        self.say(f"{company} {rules.presenter.goal()}")
        for line in intro[1:]:
            self.say(line)
        self.say(_("Type ? for help."))

    def _hand_start(self, state: GameState, number: int) -> None:
        self.say()
        drawn = self.match.lead_draw if number == 1 else None
        heading, *rest = hand_start_lines(state, number, self.voice, drawn)
        self.say(heading, "bold cyan")
        for line in rest:
            self.say(line)
        self.say(hand_line(self.rules, state.hands[YOU]))

    def _play_hand(self, state: GameState, number: int) -> str | None:
        while not state.over:
            seat = state.turn
            if seat == YOU:
                outcome = self._your_turn(state, number)
                if outcome:
                    return outcome
                continue
            action = self.agents[seat].choose(state.observation(seat), self.rngs[seat])
            self._report(state, apply_move(state, action))
        return None

    # ------------------------------------------------------------- what happened
    STYLES: ClassVar[dict[Kind, str | None]] = {
        "move": None,
        "forced": "yellow",
        "why": "cyan",
        "score": "cyan",
        "event": "cyan",
        "win": "bold green",
    }

    def _report(self, state: GameState, moved: Moved, forced: bool = False) -> list[Told]:
        """Say what the last move did (:func:`boneyard.text.narration.tell_move`)."""
        told = tell_move(state, moved, self.voice, forced=forced)
        for line in told:
            self.say(line.text, self.STYLES[line.kind])
        return told

    def _running_score(self, state: GameState) -> str:
        """The match totals with this hand's points so far."""
        return self.rules.presenter.running(state.base_totals, state.scores, self.voice)

    # ------------------------------------------------------------- the person's turn
    def _view(self, obs: Observation, number: int) -> None:
        rules = self.rules
        self.say()
        self.say(_("--- Hand {number}, your turn ---").format(number=number), "bold")
        self.say(self._table_text(obs))
        others = ", ".join(
            f"{self.names[s]} ({self._role(s)}) "
            + (plural(obs.hand_sizes[s], "tile") if obs.hand_sizes[s] else _("out"))
            for s in range(rules.players)
            if s != YOU
        )
        # The game says its stock (none in a game that deals every tile, a widow in Moon).
        stock = rules.presenter.stock_text(obs.stock_size, obs.drawable)
        self.say(f"{others}; {stock}." if stock else f"{others}.")
        self.say(rules.presenter.standing(self.match, obs.scores, self.voice))
        self.say(hand_line(self.rules, obs.hand), "green")

    def _table_text(self, obs: Observation) -> str:
        """The table drawn for the person."""
        return render_table(table_view(self.rules, obs.history, obs.table), self.voice)

    def _role(self, seat: int) -> str:
        role = self.agent_names[seat]
        if self.rules.side_of[seat] == self.rules.side_of[YOU]:
            role = _("your partner, {role}").format(role=role)
        return role

    def hint_analysis(self, obs: Observation) -> dict[Action, MoveAnalysis]:
        """Each of the moves offered analysed (:func:`boneyard.players.analysis.menu_analysis` on
        the person's own observation): its value in points (this side's minus the others' to the
        end of the hand, on average) with its margin, its loss against the best, and a reason.
        Where scores are claimed a play is listed without its claim, and worth its best claim."""
        return menu_analysis(obs)

    def _moves(self, obs: Observation) -> None:
        analysis = self.hint_analysis(obs) if self.hints and len(menu(obs)) > 1 else {}
        best = max((m.value for m in analysis.values()), default=None)
        for i, action in enumerate(menu(obs), 1):
            text = describe_action(self.rules, action, obs, self.voice)
            if action in analysis:
                m = analysis[action]
                mark = "  <- hint" if m.value == best else ""
                text += f"   [worth {value_text(m.value, m.margin)}: {m.reason}]{mark}"
            self.say(f"  {i:>2}) {text}")

    def review_text(self, hand: int | None = None) -> str:
        """The review of the person's choices in a hand (0-based; by default the last finished
        one, or the hand in play if none has finished): the moves that cost points, and what
        was better."""
        hands = self.match.hands
        if hand is None:
            finished = [i for i, h in enumerate(hands) if h.over]
            hand = finished[-1] if finished else len(hands) - 1
        reviews = review_hand(hands[hand], YOU)
        heading = _("Review of your moves in hand {number}:").format(number=hand + 1)
        return heading + "\n" + review_text(reviews, end_word=self.rules.presenter.end_word)

    def beliefs_text(self, state: GameState) -> str:
        """What the person may believe about the tiles it cannot see: per tile, the chance that
        each other seat, and the stock, holds it (:func:`boneyard.players.analysis.beliefs` on
        the person's own observation)."""
        if state.over:
            return _("The hand is over: every tile has been shown.")
        view = beliefs(state.observation(YOU))
        stock = _("stock") if self.rules.shows_hands_at_end else _("stock or out")
        names = [self.voice.name(h) if h >= 0 else stock for h in view.holders]
        return (
            _("What the others may hold, from everything you have seen:")
            + "\n"
            + beliefs_text(view, names)
        )

    def position_text(self, state: GameState) -> str:
        """The whole position in words: the game, the score, whose turn, the table arm by arm,
        the others' tiles, the stock, your tiles and your moves."""
        rules = self.rules
        obs = state.observation(YOU)
        number = self.match.hands.index(state) + 1 if state in self.match.hands else 0
        lines = [
            _("{title}, {rule_set} rules, {players} players; hand {number}.").format(
                title=_(rules.game.title),
                rule_set=rules.rule_set,
                players=rules.players,
                number=number,
            ),
        ]
        presenter = rules.presenter
        totals = list(self.match.totals)
        if not state.over:
            totals = [t + s for t, s in zip(totals, state.scores, strict=True)]
        lines.append(
            f"{presenter.score_word()}: "
            + ", ".join(f"{self.voice.side(i)} {_number(t)}" for i, t in enumerate(totals))
            + f" ({presenter.target_text()})."
        )
        if self.match.over:
            lines.append(winner_text(self.match, self.voice))
        elif state.over:
            lines.append(_("The hand is over."))
        elif state.turn == YOU:
            lines.append(_("It is your turn."))
        else:
            lines.append(_("It is {name}'s turn.").format(name=self.voice.names[state.turn]))
        lines += describe_table(table_view(rules, obs.history, obs.table), self.voice)
        for s in range(rules.players):
            if s == YOU:
                continue
            n = obs.hand_sizes[s]
            who = f"{self.names[s]} ({self._role(s)})"
            if n:
                held = _("{who} holds {tiles}.").format(who=who, tiles=plural(n, "tile"))
            else:
                held = _("{who} holds no tiles: out.").format(who=who)
            lines.append(held)
        stock = _("The stock has {tiles}").format(tiles=plural(obs.stock_size, "tile"))
        if rules.can_draw and obs.stock_size:
            stock += _(", {n} of them may be drawn").format(n=obs.drawable)
        lines.append(stock + ".")
        lines.append(
            _("Your tiles: {tiles}.").format(tiles=hand_text(obs.hand, presenter.marked()))
        )
        offered = menu(obs) if not state.over and state.turn == YOU else []
        if offered:
            lines.append(_("Your moves:"))
            for i, action in enumerate(offered, 1):
                lines.append(f"  {i}) {describe_action(rules, action, obs, self.voice)}")
        return "\n".join(lines)

    def _help(self) -> None:
        self.say(_(HELP))
        for line in self.rules.presenter.help_lines():
            self.say(line)
        if self.rules.claims:
            self.say(_(CLAIM_HELP))

    def _ask_claim(self) -> tuple[str, int | None]:
        """Ask the person what a play claims: ``("claim", n or None)``, or ``("back", None)``,
        ``("quit", None)``, ``("eof", None)``."""
        while True:
            line = self._prompt(_("Claim points (Enter for none): "))
            if line is None:
                return "eof", None
            word = line.lower()
            if word in ("", "0", "none", "n", "no"):
                return "claim", None
            if word in ("b", "back"):
                return "back", None
            if word in ("q", "quit", "exit"):
                return "quit", None
            if word in ("?", "h", "help"):
                self.say(_(CLAIM_HELP))
                continue
            if not word.isdigit():
                self.say(_("Type the points you claim (a number), or press Enter for none."), "red")
                continue
            problem = claim_error(self.rules, int(word))
            if problem is not None:
                self.say(problem, "red")
                continue
            return "claim", int(word)

    def _your_turn(self, state: GameState, number: int) -> str | None:
        """The person's turn: forced draws and passes are made for him; otherwise he chooses."""
        obs = state.observation(YOU)
        self._view(obs, number)
        listed = False
        while True:
            obs = state.observation(YOU)
            offered = menu(obs)
            if len(offered) == 1 and isinstance(offered[0], Draw | Pass):
                self._report(state, apply_move(state, offered[0]), forced=True)
                if state.over or state.turn != YOU:
                    return None
                self.say(hand_line(self.rules, state.hands[YOU]), "green")
                listed = False
                continue
            if not listed:
                asked = self.rules.presenter.turn_prompt(obs.phase)
                self.say(
                    _("Your turn: {asked}.").format(asked=asked) if asked else _("Your moves:")
                )
                self._moves(obs)
                listed = True
            line = self._prompt(
                _("Your move ({choices}, ? for help): ").format(choices=choice_range(len(offered)))
            )
            if line is None:
                return "eof"
            command = parse_command(line, obs)
            if command.kind == "quit":
                return "quit"
            if command.kind == "error":
                self.say(command.message, "red")
                continue
            if self._answer(command.kind, state, obs):
                continue
            action = command.action
            assert action is not None
            if (
                self.rules.claims
                and isinstance(action, Play)
                and action.claim is None
                and not command.claimed
                and action in obs.legal_actions
            ):
                kind, claim = self._ask_claim()
                if kind in ("quit", "eof"):
                    return kind
                if kind == "back":
                    self._moves(obs)
                    continue
                action = action.with_claim(claim)
            try:
                moved = apply_move(state, action)
            except IllegalAction as e:
                self.say(_("Not allowed: {why}.").format(why=self.voice.tell(str(e))), "red")
                continue
            self._report(state, moved)
            if state.over or state.turn != YOU:
                return None
            self.say(hand_line(self.rules, state.hands[YOU]), "green")
            listed = False

    def _answer(self, kind: str, state: GameState, obs: Observation) -> bool:
        """Answer a command that asks for something to read: the help, the hand, the table, the
        score, the moves, the position in words, a review, the beliefs. Whether ``kind`` was
        one."""
        if kind == "help":
            self._help()
        elif kind == "hand":
            self.say(hand_line(self.rules, obs.hand), "green")
        elif kind == "table":
            self.say(self._table_text(obs))
        elif kind == "score":
            self.say(score_sheet_text(self.match, self.voice))
            # Under the sheet, why each side scored what it did in each finished hand.
            for i, hand in enumerate(self.match.hands, 1):
                reasons = score_reasons_lines(hand, self.voice)
                if reasons:
                    self.say("\n".join([f"Hand {i}:", *reasons]))
            if any(obs.scores):
                self.say(self._running_score(state))
        elif kind == "moves":
            self._moves(obs)
        elif kind == "describe":
            self.say(self.position_text(state))
        elif kind == "review":
            self.say(self.review_text())
        elif kind == "beliefs":
            self.say(self.beliefs_text(state))
        else:
            return False
        return True
