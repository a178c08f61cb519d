"""The one narration of a game: what happens told in sentences, for a reader, by every front end
alike: the plain terminal game (:mod:`boneyard.apps.plain`), the full-screen game's log
(:mod:`boneyard.apps.tui`), the browser's log (:mod:`boneyard.apps.server.table`) and the
research environments' ``render()`` (:mod:`boneyard.research.env.render`).

It knows no game. What is particular to a game (how its moves, scores and hands are told, what its
table looks like) is asked of the game's presenter (``rules.presenter``,
:mod:`boneyard.core.presenter`); what happened is asked of the engine. A move is told once, here
(:func:`tell_move`): the same sentences reach the terminal and the browser. The lines come with a
kind (a move, why it scored, the running score, an event) that a front end may style.

It also reads what the person types in the terminal games (:func:`parse_command`).

>>> from boneyard.core.tiles import parse_tile
>>> tile_text(parse_tile("4-6")), hand_text(sum(1 << parse_tile(t) for t in ["6-4", "0-0", "6-6"]))
('[6|4]', '[6|6] [6|4] [0|0]')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..core.actions import DRAW, PASS, Action, Move, Muggins, Play
from ..core.i18n import DEFAULT, _, current_language, pgettext
from ..core.layout import Layout
from ..core.notation import NotationError, offered
from ..core.protocol import GameRules, GameState, Observation, Outcome
from ..core.views import TableView, TrickView
from ..core.words import Voice, hand_text, number, signed, tile_text
from .drawing import ends_text, render_table

if TYPE_CHECKING:
    from ..core.match import Match

__all__ = [
    "YOU",
    "Command",
    "Moved",
    "Told",
    "apply_move",
    "claim_error",
    "default_opponent",
    "describe_action",
    "hand_line",
    "hand_result_text",
    "hand_start_lines",
    "hand_text",
    "intro_lines",
    "menu",
    "parse_command",
    "reader_voice",
    "score_note",
    "score_reasons_lines",
    "score_sheet_text",
    "side_labels",
    "table_text",
    "table_view",
    "tell_move",
    "tile_text",
    "winner_text",
]

YOU = 0  # the person's seat in the terminal games


# --------------------------------------------------------------------- readers
def reader_voice(rules: GameRules, reader: int | None = YOU) -> Voice:
    """The voice of the terminal games: the person (seat 0) is "you", the others ``seat 1``,
    ``seat 2``...; with ``reader=None`` every seat by its number (a spectator's view)."""
    return Voice.of(rules, reader)


def side_labels(rules: GameRules, voice: Voice | None = None) -> list[str]:
    """Short labels of the sides for score sheets: ``you``, ``seat 1``; with partners
    ``you & seat 2`` and ``seats 1 & 3`` (told by ``voice``, by default the person's)."""
    voice = voice or reader_voice(rules)
    return [voice.side(i) for i in range(len(rules.sides))]


def default_opponent(rules: GameRules) -> str:
    """The agent the computer seats play when none is named: the game's own (its presenter
    says which: ``counting`` in the games scored during play, the strategy agents of Matador,
    Domino Whist and Domino Pool, ``casual`` in Domino Loo), ``greedy`` elsewhere."""
    return rules.presenter.default_opponent


# --------------------------------------------------------------------- hands and the table
def hand_line(rules: GameRules, mask: int) -> str:
    """``Your hand: ...`` with the tiles the game stars (Matador's matadors) and, if one is
    held, what the star means."""
    presenter = rules.presenter
    marks = presenter.marked()
    text = _("Your hand: {tiles}").format(tiles=hand_text(mask, marks))
    if mask & marks:
        text += f"   ({presenter.marks_legend()})"
    return text


def table_view(rules: GameRules, history: Sequence[Move], table: object | None = None) -> TableView:
    """The public table described by the game (:meth:`boneyard.core.presenter.Presenter.table`)
    from a public ``history`` and the hand's public ``table``."""
    return rules.presenter.table(history, table)


def table_text(
    rules: GameRules,
    history: Sequence[Move],
    table: object | None = None,
    voice: Voice | None = None,
    width: int = 78,
) -> str:
    """The table drawn as text (:func:`boneyard.text.drawing.render_table`), told by ``voice``
    (by default for seat 0)."""
    voice = voice or reader_voice(rules)
    return render_table(table_view(rules, history, table), voice, width)


def describe_action(
    rules: GameRules,
    action: Action,
    obs: Observation,
    voice: Voice,
) -> str:
    """One of the reader's moves in words, for the numbered list of moves: with what it scores
    where the game shows it, and for a muggins call whose count it takes."""
    presenter = rules.presenter
    by = None
    if isinstance(action, Muggins):
        by = next(
            (voice.name(m.seat) for m in reversed(obs.history) if isinstance(m.action, Play)), None
        )
    points = presenter.shown_points(obs.table, action)
    return presenter.describe_action(action, obs.table, points=points, by=by)


# --------------------------------------------------------------------- the match
def intro_lines(rules: GameRules, voice: Voice) -> list[str]:
    """What a match says first: the game and its rule set, the rules a person needs (told by
    ``voice``) and the partnerships."""
    game = rules.game
    lines = [
        _("{title} ({rule_set} rules), {players} players: {summary}").format(
            title=_(game.title),
            rule_set=rules.rule_set,
            players=rules.players,
            summary=_(game.summary),
        )
    ]
    lines += rules.presenter.intro(voice)
    if rules.partners():
        sides = range(len(rules.sides))
        mine = rules.side_of[voice.reader] if voice.reader is not None else None
        order = [mine, *(i for i in sides if i != mine)] if mine is not None else list(sides)
        lines.append(
            _("Partnerships: {sides}.").format(sides=" vs ".join(voice.side(i) for i in order))
        )
        if rules.both_partners_out:
            lines.append(_("A hand goes on until both partners of a side are out."))
    return lines


def hand_start_lines(
    state: GameState, number: int, voice: Voice, drawn: Sequence[int] | None = None
) -> list[str]:
    """How hand ``number`` begins: its heading, the draw that decided the first lead where one
    is given (``drawn``: each seat's tile) and the game tells it, and who begins."""
    presenter = state.rules.presenter
    lines = [_("=== Hand {number} ===").format(number=number)]
    if drawn is not None:
        told = presenter.lead_draw(drawn, voice)
        if told is not None:
            lines.append(told)
    lines.append(presenter.hand_start(state, voice))
    return lines


def hand_result_text(number: int, state: GameState, voice: Voice) -> str:
    """The end of hand ``number``, told by ``voice``: why it ended, what each seat held, what
    each side scored, and what the rules did not let count."""
    return "\n".join(state.rules.presenter.result(number, state, voice))


def score_sheet_text(match: Match, voice: Voice | None = None) -> str:
    """The running score sheet, told by ``voice`` (by default for seat 0): what each side made
    in every finished hand (points, shares of pools, debits...), how it ended, and the totals."""
    voice = voice or reader_voice(match.rules)
    return match.rules.presenter.sheet(match, voice)


def score_reasons_lines(state: GameState, voice: Voice) -> list[str]:
    """Why each side scored what it did in the finished hand ``state``, a side a line
    (``  Rosa +12: ...``), told by ``voice``; nothing for a hand in play. What the score sheet
    shows under a hand, however many sides it has."""
    if state.result is None:
        return []
    return [
        f"  {voice.side(side)} {signed(points)}: {why}"
        for side, (points, why) in enumerate(state.rules.presenter.score_reasons(state, voice))
    ]


def winner_text(match: Match, voice: Voice | None = None) -> str:
    """How the match ended, in a sentence told by ``voice`` (by default for seat 0)."""
    voice = voice or reader_voice(match.rules)
    return match.rules.presenter.winner(match, voice)


# --------------------------------------------------------------------- a move
Kind = Literal["move", "forced", "why", "score", "event", "win"]


@dataclass(frozen=True)
class Told:
    """A line of the narration and its kind, for a front end to style: ``move`` (what a seat
    did), ``forced`` (a move the reader had to make), ``why`` (why it scored or did not),
    ``score`` (the running score), ``event`` (what else happened: a trick taken, a partner out),
    ``win`` (the match won)."""

    text: str
    kind: Kind = "move"


@dataclass(frozen=True)
class Moved:
    """A move to tell: the public table it was made on (``before``) and what the engine says it
    did (its :class:`~boneyard.core.protocol.Outcome`: the points with their reasons, what else
    happened). The narration reads the scores from the outcome, never from a difference of the
    score sheet."""

    before: object | None
    outcome: Outcome


def apply_move(state: GameState, action: Action, seat: int | None = None) -> Moved:
    """Apply ``action`` to ``state`` (:meth:`~boneyard.core.protocol.GameState.apply`: an illegal
    one raises :class:`~boneyard.core.protocol.IllegalAction` and changes nothing) and keep what
    telling it needs."""
    before = state.table
    return Moved(before, state.apply(action, seat))


def tell_move(
    state: GameState,
    moved: Moved,
    voice: Voice,
    *,
    forced: bool = False,
    shown: bool = False,
) -> list[Told]:
    """The move ``moved`` (the last of ``state``'s hand) told for ``voice``'s reader: what the
    seat did (the tile a seat drew only to itself), why it scored or did not, the running score
    after a score, and what else it made happen (a trick taken, a partner out, the target
    reached). ``forced``: the reader's only move was this one; ``shown``: the move as it was,
    what it hid shown (a replay of a finished hand)."""
    rules = state.rules
    presenter = rules.presenter
    outcome = moved.outcome
    mover = outcome.move.seat
    move = outcome.move if shown or voice.reader == mover else outcome.public
    victim = None
    if isinstance(move.action, Muggins):
        victim = next(
            (m.seat for m in reversed(state.public[: outcome.index]) if isinstance(m.action, Play)),
            None,
        )
    said = presenter.describe_move(move, moved.before, voice, victim=victim)
    if forced and voice.is_you(move.seat):
        said = f"{said[0].lower()}{said[1:]}"
        told = [Told(_("You cannot play: {move}").format(move=said), "forced")]
    else:
        told = [Told(said)]
    changes = presenter.table_change(moved.before, state.table, voice)
    told += [Told(f"  {line}", "event") for line in changes]
    why = presenter.why_scored(state, moved.before, move, outcome, voice)
    told += [Told(f"  {line}", "why") for line in why]
    if any(score.points for score in outcome.scores) and presenter.scores_told and not outcome.over:
        told.append(Told(f"  {presenter.running(state.base_totals, state.scores, voice)}", "score"))
    for event in outcome.events:
        if event.kind == "out" and event.seat is not None:
            said = voice.pick(
                event.seat,
                _("You are out; the hand goes on until both partners of a side are out."),
                _("{name} is out; the hand goes on until both partners of a side are out."),
            )
            told.append(Told(said.format(name=voice.subject(event.seat)), "event"))
        elif event.kind == "target" and event.side is not None and not outcome.over:
            side = event.side
            said = voice.side_pick(
                side,
                pgettext(
                    "you",
                    "{side} reach {target} exactly and win the match; the hand is played out.",
                ),
                _("{side} reaches {target} exactly and wins the match; the hand is played out."),
                _("{side} reach {target} exactly and win the match; the hand is played out."),
            )
            text = said.format(side=voice.side(side), target=rules.target_score)
            told.append(Told(voice.opening(text), "win"))
    return told


def score_note(told: Sequence[Told], state: GameState, moved: Moved, voice: Voice) -> str | None:
    """The note the score sheet keeps of the move ``moved`` when its side scored by it (``told``
    is how :func:`tell_move` told it to ``voice``): ``Ann scores 10 (ends 6 + 4 = 10 -> 10
    points)``; ``None`` when it scored nothing."""
    rules = state.rules
    seat = moved.outcome.move.seat
    points = moved.outcome.points_for(rules.side_of[seat])
    if not points or not rules.presenter.scores_told:
        return None
    said = voice.pick(seat, _("You score {n}"), _("{name} scores {n}")).format(
        name=voice.subject(seat), n=number(points)
    )
    why = next((t.text.strip() for t in told if t.kind == "why"), "")
    return f"{said} ({why})" if why else said


# --------------------------------------------------------------------- reading the person's input
@dataclass(frozen=True)
class Command:
    """What a line typed by the person asks for: ``kind`` is ``action`` (with ``action``), ``error``
    (with ``message``), or one of ``help``, ``hand``, ``table``, ``score``, ``moves``,
    ``describe``, ``review``, ``beliefs``, ``quit``.

    ``claimed`` says that the line itself settled the claim of a play (``3 15``, or ``3 0`` for
    none), so the person is not asked for one."""

    kind: str
    action: Action | None = None
    message: str = ""
    claimed: bool = False


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
    "describe": "describe",
    "review": "review",
    "beliefs": "beliefs",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    # The same words in Spanish and Portuguese (the help in those languages lists them).
    "ayuda": "help",
    "ajuda": "help",
    "mano": "hand",
    "mão": "hand",
    "mao": "hand",
    "mesa": "table",
    "tanteo": "score",
    "placar": "score",
    "jugadas": "moves",
    "jogadas": "moves",
    "salir": "quit",
    "sair": "quit",
}


def menu(obs: Observation) -> list[Action]:
    """The actions offered to the person, in the engine's order, each distinct move once
    (:func:`boneyard.core.notation.offered`): a lead whose orientation changes nothing is offered
    one way round, and a tile for either of two alike ends at one of them
    (``GameRules.distinct_actions``; the other is still legal, typed as a tile). Where scores are
    claimed the engine lists every play
    once without a claim and once with each possible claim; the menu keeps the first (the claim is
    asked for separately, so the menu does not give the answer away)."""
    return offered(obs)


def claim_error(rules: GameRules, claim: int) -> str | None:
    """Why ``claim`` cannot be claimed in this game (it is no score here), or ``None``."""
    values = rules.claim_values
    if claim in values:
        return None
    if not values:
        return _("Scores are counted for you in this game: a move takes no claim.")
    shown = ", ".join(str(v) for v in values[:4])
    return _(
        "{claim} is not a score in this game: claim one of {shown}, ... {last}, or nothing (Enter)."
    ).format(claim=claim, shown=shown, last=values[-1])


def parse_command(text: str, obs: Observation) -> Command:
    """Understand one line typed by the person whose observation is ``obs``.

    A number picks from :func:`menu` (counting from 1); ``d``/``draw`` and ``p``/``pass`` are the
    draw and the pass; ``6-4 R`` (also ``6|4 R``, ``[6|4] at R``, ``6-4r``) plays a tile at an
    end, and a tile alone is enough for the lead or where it fits one end only. Where scores are
    claimed, a number after a play is its claim (``3 15``, ``6-4 R 15``; ``0`` for none), and
    ``muggins`` calls muggins. In Matador a number after the end is the half left exposed
    (``5-2 R 5``, also ``5-2 R exposing 5``). A game's own kinds of action read their own words
    (``stand``, ``discard 6-4``, ``bid 30``: :meth:`~boneyard.core.actions.Action.read`). The
    action returned may still be illegal: the engine decides, and explains.
    """
    words = text.replace("[", " ").replace("]", " ").replace("|", "-").replace("*", " ").split()
    if not words:
        return Command("error", message=_("Type a move number, or ? for help."))
    if isinstance(obs.table, Layout):
        # An end as the person reads it (Mexican Train's first train is T1, the notation's T0).
        presenter = obs.rules.presenter
        words = [words[0]] + [presenter.end_of_word(w, obs.table.names) or w for w in words[1:]]
    first = words[0].lower()
    if len(words) == 1 and first in _WORDS:
        return Command(_WORDS[first])
    for kind in obs.rules.action_kinds:
        # The game's own words (``stand``, ``discard 6-4``, ``bid 30``), read by their kinds.
        try:
            action = kind.read(words, obs)
        except ValueError as e:
            return Command("error", message=_sentence(_engine(obs.rules, str(e))))
        if action is None:
            continue
        if not any(isinstance(a, kind) for a in menu(obs)):
            return Command("error", message=_("You cannot {action} now.").format(action=kind.kind))
        return Command("action", action)
    if len(words) >= 2 and words[-1].isdigit() and not obs.rules.claims and "-" in first:
        return _parse_tile_command(words, obs)
    if len(words) >= 2 and words[-1].isdigit():
        command = parse_command(" ".join(words[:-1]), obs)
        return _with_claim(command, int(words[-1]), obs)
    offered = menu(obs)
    if len(words) == 1 and first.isdigit():
        n = int(first)
        if not offered:
            return Command("error", message=_("It is not your turn."))
        if not 1 <= n <= len(offered):
            return Command(
                "error",
                message=_("There is no move {n}: choose 1 to {last}.").format(
                    n=n, last=len(offered)
                ),
            )
        return Command("action", offered[n - 1])
    if len(words) == 1 and first in ("d", "draw", "r", "robar", "c", "comprar"):
        return Command("action", DRAW)
    if len(words) == 1 and first in (
        "p",
        "pass",
        "go",
        "knock",
        "pasar",
        "paso",
        "passar",
        "passo",
    ):
        return Command("action", PASS)
    if len(words) == 1 and first == "muggins":
        calls = [a for a in offered if isinstance(a, Muggins)]
        if not calls:
            return Command("error", message=_("There is no unclaimed count to call muggins on."))
        return Command("action", calls[0])
    return _parse_tile_command(words, obs)


def _engine(rules: GameRules, text: str) -> str:
    """An engine's message to the person, in the person's language (as the engine wrote it in
    English)."""
    return text if current_language() == DEFAULT else reader_voice(rules).tell(text)


def _sentence(text: str) -> str:
    """``text`` ending as a sentence ends."""
    return text if text.endswith((".", "?", "!")) else f"{text}."


def _with_claim(command: Command, claim: int, obs: Observation) -> Command:
    """A play command given a claim typed after it."""
    if command.kind != "action":
        return command
    if not obs.rules.claims:
        return Command(
            "error", message=_("Scores are counted for you in this game: a move takes no claim.")
        )
    action = command.action
    if not isinstance(action, Play):
        return Command("error", message=_("Only a play can carry a claim."))
    if claim == 0:
        return Command("action", action.with_claim(None), claimed=True)
    problem = claim_error(obs.rules, claim)
    if problem is not None:
        return Command("error", message=problem)
    return Command("action", action.with_claim(claim), claimed=True)


def _parse_tile_command(words: list[str], obs: Observation) -> Command:
    """A tile (and its end, the half it leaves exposed) read by the notation
    (:func:`boneyard.core.notation.parse_action`), its trouble told in the game's words."""
    pips, sep, tail = words[0].partition("-")
    if not sep or not pips.isdigit() or not tail[:1].isdigit():
        return Command(
            "error",
            message=_("Cannot understand {text}: type a move number, or ? for help.").format(
                text=repr(" ".join(words))
            ),
        )
    try:
        return Command("action", obs.rules.parse_action(" ".join(words), obs))
    except NotationError as e:
        message = _engine(obs.rules, str(e))
        if e.tile is not None:
            view = obs.rules.presenter.table(obs.history, obs.table)
            if not isinstance(view, TrickView):
                message += f" {ends_text(view)}."
        return Command("error", message=message)
