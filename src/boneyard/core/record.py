"""Game records (``shared/RECORD.md``): read, write, validate and replay.

A record is one JSON object (``"format": "boneyard-record/1"``); a ``.json`` file holds one, a
``.jsonl`` file one per line. :func:`replay_record` validates a record by replaying it through the
engine and returns a :class:`Replay` with the per-hand results; an invalid record raises
:class:`RecordError` whose message names the hand, the move and why.

>>> from boneyard.games import get_game
>>> from boneyard.core.match import Match
>>> match = Match(get_game("block").configure(players=2), seed=3)
>>> record = match_to_record(match, ["Ann", "Bob"])
>>> record["format"], record["game"], record["rules"], len(record["hands"])
('boneyard-record/1', 'block', 'modern', 1)
>>> replay_record(record).complete
False
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from .actions import DRAW, SHARED_KINDS, Action, record_tile
from .game import find_game, registered_games
from .i18n import DEFAULT, _, current_language
from .intake import TextError, check_tree, decode_utf8
from .match import Match, deal_tiles
from .options import OptionError
from .protocol import GameRules, GameState, IllegalAction
from .tiles import NAMES
from .words import Voice

__all__ = [
    "FORMAT",
    "RESULTS_FORMAT",
    "HandSummary",
    "RecordError",
    "Replay",
    "is_results_header",
    "match_to_record",
    "parse_move",
    "read_records",
    "replay_record",
    "rules_from_record",
    "write_records",
]

FORMAT = "boneyard-record/1"
# The results files of simulate and tournament (:mod:`boneyard.research.results`) hold records in
# their lines: the reader here knows them by their header.
RESULTS_FORMAT = "boneyard-results/1"
_TOP_FIELDS = {"format", "game", "rules", "options", "players", "hands", "meta"}
_HAND_FIELDS = {"deal", "stock", "leader", "moves", "result"}


class RecordError(ValueError):
    """A record that is not valid JSON, names an unknown game, rule set or option, breaks tile
    conservation, or holds an illegal action."""


@dataclass
class HandSummary:
    points: list[float]
    ended: str  # "domino", "blocked" or "unfinished"
    winner: int | None
    recorded: list[float] | None = None

    @property
    def agrees(self) -> bool:
        return self.recorded is None or [float(x) for x in self.recorded] == [
            float(x) for x in self.points
        ]


@dataclass
class Replay:
    """The outcome of replaying one record."""

    record: dict[str, Any]
    rules: GameRules
    match: Match
    hands: list[HandSummary] = field(default_factory=list)

    @property
    def sides(self) -> list[list[int]]:
        return [list(s) for s in self.rules.sides]

    @property
    def totals(self) -> list[float]:
        # Summed as fractions (a share of a pool may be 1/3 or 1/6), so that the totals are the
        # exact sums, correctly rounded: six sixths make 1, never 0.9999999999999999.
        totals = [Fraction(0)] * len(self.rules.sides)
        for h in self.hands:
            totals = [
                a + Fraction(b).limit_denominator(1000)
                for a, b in zip(totals, h.points, strict=True)
            ]
        return [_num(float(t)) for t in totals]

    @property
    def complete(self) -> bool:
        return self.match.over

    @property
    def winner(self) -> int | None:
        return self.match.winner

    @property
    def disagreements(self) -> list[str]:
        out = []
        for i, h in enumerate(self.hands, 1):
            if not h.agrees:
                out.append(
                    _(
                        "hand {h}: the record's result is {recorded} but the replay gives {points}"
                    ).format(h=i, recorded=h.recorded, points=h.points)
                )
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.rules.game.id,
            "rules": self.rules.rule_set,
            "sides": self.sides,
            "hands": [
                {"points": [_num(p) for p in h.points], "ended": h.ended, "winner": h.winner}
                for h in self.hands
            ],
            "totals": self.totals,
            "complete": self.complete,
            "winner": self.winner,
        }


def _num(x: float) -> float:
    """Whole numbers as ints in JSON output."""
    return int(x) if float(x).is_integer() else x


# --------------------------------------------------------------------- reading files
def read_records(path: str | Path) -> Iterator[tuple[str, dict[str, Any] | RecordError]]:
    """Yield ``(label, record or error)`` for each record in a ``.json`` or ``.jsonl`` file.

    The label names the record for messages (the file, and the line for ``.jsonl``). A results
    file (:mod:`boneyard.research.results`) gives the records its lines hold (``--records``)."""
    p = Path(path)
    try:
        text = decode_utf8(p.read_bytes(), f"{p}")
    except OSError as e:
        raise RecordError(
            _("{file}: cannot read: {why}").format(file=p, why=e.strerror or e)
        ) from None
    except TextError as e:
        raise RecordError(str(e)) from None
    if p.suffix == ".jsonl":
        results = False  # a results file (boneyard simulate --out): its lines hold the records
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            label = _("{file} line {n}").format(file=p, n=n)
            item = _loads(line, label)
            if n == 1 and is_results_header(item):
                results = True
                continue
            if results and isinstance(item, dict):
                if "record" not in item:
                    continue
                record = item["record"]
                item = (
                    record
                    if isinstance(record, dict)
                    else RecordError(_("{label}: a record is a JSON object").format(label=label))
                )
            yield label, item
        return
    yield str(p), _loads(text, str(p))


def is_results_header(obj: object) -> bool:
    """Whether a parsed JSON line is the header of a results file."""
    return isinstance(obj, dict) and obj.get("format") == RESULTS_FORMAT


def _loads(text: str, label: str) -> dict[str, Any] | RecordError:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        return RecordError(
            _("{label}: not valid JSON: {why} (line {line}, column {column})").format(
                label=label, why=e.msg, line=e.lineno, column=e.colno
            )
        )
    except RecursionError:  # Python's parser gives up at about 1,000 levels
        return RecordError(
            _("{label}: not a record: arrays and objects nested too deeply").format(label=label)
        )
    if not isinstance(obj, dict):
        return RecordError(
            _("{label}: a record is a JSON object, not {kind}").format(
                label=label, kind=type(obj).__name__
            )
        )
    return obj


def write_records(
    path: str | Path, records: Sequence[Mapping[str, Any]], append: bool = False
) -> None:
    """Write records: one per line for ``.jsonl``, else one pretty-printed object (exactly one)."""
    p = Path(path)
    if p.suffix == ".jsonl":
        with p.open("a" if append else "w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps(r, separators=(",", ":")) + "\n")
        return
    if len(records) != 1:
        raise ValueError(
            _("{file}: a .json file holds one record; use .jsonl for {n}").format(
                file=p, n=len(records)
            )
        )
    p.write_text(json.dumps(records[0], indent=1) + "\n", encoding="utf-8")


# --------------------------------------------------------------------- writing
def match_to_record(
    match: Match, players: Sequence[str] | None = None, meta: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The record of a match (finished or in progress), with every resolved option."""
    rules = match.rules
    names = list(players) if players is not None else [f"Seat {i}" for i in range(rules.players)]
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": rules.game.id,
        "rules": rules.rule_set,
        "options": rules.options.to_json(),
        "players": names,
        "hands": [hand_to_record(h) for h in match.hands],
    }
    if meta:
        record["meta"] = dict(meta)
    return record


def hand_to_record(state: GameState) -> dict[str, Any]:
    hand: dict[str, Any] = {
        "deal": [[NAMES[t] for t in deal_tiles(m)] for m in state.deal],
        "stock": [NAMES[t] for t in state.stock],
    }
    leader = state.start.leader
    if leader is not None:
        hand["leader"] = leader
    hand["moves"] = [m.to_record() for m in state.history]
    if state.result is not None:
        hand["result"] = {"points": list(state.result.points)}
    return hand


# --------------------------------------------------------------------- reading and replaying
def rules_from_record(record: Mapping[str, Any]) -> GameRules:
    """Validate the header of a record and resolve its rules; and every text the record holds
    (:func:`~boneyard.core.intake.check_tree`: no lone surrogate, NUL or other control
    character, line separator or bidirectional override; line breaks and tabs only in
    ``meta``), since a record comes from outside."""
    try:
        check_tree(record, _("the record"), lines=frozenset({"meta"}))
    except TextError as e:
        raise RecordError(str(e)) from None
    if record.get("format") != FORMAT:
        raise RecordError(
            _("format must be {expected}, not {found}").format(
                expected=repr(FORMAT), found=repr(record.get("format"))
            )
        )
    unknown = set(record) - _TOP_FIELDS
    if unknown:
        raise RecordError(
            _("unknown field(s) {fields} (extra data goes in meta)").format(
                fields=", ".join(sorted(unknown))
            )
        )
    game_id = record.get("game")
    if not isinstance(game_id, str):
        raise RecordError(_("game must be a game id such as 'block'"))
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players) or not players:
        raise RecordError(_("players must be a list of names, one per seat"))
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(_("options must be an object"))
    rule_set = record.get("rules")
    if rule_set is not None and not isinstance(rule_set, str):
        raise RecordError(_("rules must be the name of a rule set"))
    if "meta" in record and not isinstance(record["meta"], dict):
        raise RecordError(_("meta must be an object"))
    try:
        return find_game(game_id).configure(rule_set, options, len(players))
    except OptionError as e:
        raise RecordError(str(e)) from None


def replay_record(record: Mapping[str, Any]) -> Replay:
    """Validate and replay a record. Raises :class:`RecordError` at the first problem."""
    rules = rules_from_record(record)
    hands = record.get("hands")
    if not isinstance(hands, list):
        raise RecordError(_("hands must be a list"))
    match = Match(rules, deal=False)
    replay = Replay(dict(record), rules, match)
    for h, hand in enumerate(hands, 1):
        if match.over:
            message = (
                _("hand {h}: the match was already won after hand {before}")
                if match.winner is not None
                else _("hand {h}: the match was already over after hand {before}")
            )
            raise RecordError(message.format(h=h, before=h - 1))
        if match.hands and not match.hand.over:
            raise RecordError(
                _("hand {h}: hand {before} is unfinished but more hands follow").format(
                    h=h, before=h - 1
                )
            )
        state = _start_hand(match, hand, h)
        moves = hand.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError(_("hand {h}: moves must be a list").format(h=h))
        for m, move in enumerate(moves, 1):
            if state.over:
                raise RecordError(
                    _("hand {h}, move {m}: the hand is already over").format(h=h, m=m)
                )
            try:
                _apply_move(state, move)
            except (IllegalAction, ValueError) as e:
                problem = _told(rules, e) if isinstance(e, IllegalAction) else str(e)
                raise RecordError(
                    _("hand {h}, move {m}: {problem}").format(h=h, m=m, problem=problem)
                ) from None
        recorded = None
        if "result" in hand:
            result = hand["result"]
            pts = result.get("points") if isinstance(result, dict) else None
            if not isinstance(pts, list) or not all(
                isinstance(x, int | float) and not isinstance(x, bool) for x in pts
            ):
                raise RecordError(_('hand {h}: result must be {{"points": [...]}}').format(h=h))
            recorded = pts
        if state.over and state.result is not None:
            summary = HandSummary(
                list(state.result.points), state.result.ended, state.result.winner, recorded
            )
            match.record_hand_end()
        else:
            summary = HandSummary(list(state.scores), "unfinished", None, recorded)
        replay.hands.append(summary)
    return replay


def _told(rules: GameRules, error: IllegalAction) -> str:
    """The engine's refusal of a recorded move, told in the reader's language (the seats by
    number); as the engine wrote it in English."""
    if current_language() == DEFAULT:
        return str(error)
    return Voice.of(rules, reader=None).tell(str(error))


def _start_hand(match: Match, hand: Any, h: int) -> GameState:
    if not isinstance(hand, dict):
        raise RecordError(_("hand {h}: a hand is an object with deal, stock and moves").format(h=h))
    unknown = set(hand) - _HAND_FIELDS
    if unknown:
        raise RecordError(
            _("hand {h}: unknown field(s) {fields}").format(h=h, fields=", ".join(sorted(unknown)))
        )
    rules = match.rules
    deal = hand.get("deal")
    stock = hand.get("stock", [])
    if not isinstance(deal, list) or not all(isinstance(d, list) for d in deal):
        raise RecordError(
            _("hand {h}: deal must be a list of tile lists, one per seat").format(h=h)
        )
    if not isinstance(stock, list):
        raise RecordError(_("hand {h}: stock must be a list of tiles").format(h=h))
    try:
        hands = [[record_tile(rules, t) for t in d] for d in deal]
        stock_tiles = [record_tile(rules, t) for t in stock]
    except ValueError as e:
        raise RecordError(_("hand {h}: {problem}").format(h=h, problem=e)) from None
    leader = hand.get("leader")
    if leader is not None and (
        not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < rules.players
    ):
        raise RecordError(
            _("hand {h}: leader must be a seat number from 0 to {last}").format(
                h=h, last=rules.players - 1
            )
        )
    try:
        return match.start_hand(hands, stock_tiles, leader)
    except ValueError as e:
        raise RecordError(_("hand {h}: {problem}").format(h=h, problem=e)) from None


def _apply_move(state: GameState, move: Any) -> None:
    state.apply_fast(parse_move(state, move))


def parse_move(state: GameState, move: Any) -> Action:
    """The action of one record move (``{"seat": 0, "play": "6-4", "end": "R"}``) for the seat
    to move in ``state``, checked as a record is checked (the seat, the fields, the tile drawn);
    ``ValueError`` saying what is wrong. The action itself may still be illegal: applying it
    tells."""
    if not isinstance(move, dict):
        raise ValueError(_("a move is an object with seat and one action"))
    seat = move.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ValueError(_("a move needs a seat number"))
    own = {k.kind: k for k in (*SHARED_KINDS, *state.rules.action_kinds)}
    present = [word for word in move if word in own]
    if len(present) != 1:
        words = _kind_words()
        foreign = [word for word in words if word in move and word not in own]
        if not present and len(foreign) == 1:
            raise ValueError(
                _("{game} has no {kind} move").format(game=state.rules.game.id, kind=foreign[0])
            )
        raise ValueError(
            _("a move holds exactly one of {kinds} or {last}").format(
                kinds=", ".join(words[:-1]), last=words[-1]
            )
        )
    kind = own[present[0]]
    allowed = {"seat", kind.kind} | kind.fields
    extra = set(move) - allowed
    if extra:
        raise ValueError(
            _("unexpected field(s) {fields} in a {kind} move").format(
                fields=", ".join(sorted(extra)), kind=kind.kind
            )
        )
    if seat != state.turn:
        raise ValueError(
            _("seat {seat} is not to move (seat {turn} is)").format(seat=seat, turn=state.turn)
        )
    action = kind.from_record(move, state.rules)
    if action is DRAW:
        _check_draw(state, move)
    return action


def _kind_words() -> list[str]:
    """The word of every kind of action a record move may hold: the shared kinds, then each
    registered game's own, in the registry's order (what a move holding none is told; a move is
    read through its own game's kinds)."""
    words = [kind.kind for kind in SHARED_KINDS]
    for game in registered_games():
        words += [k.kind for k in game.rules_class.action_kinds if k.kind not in words]
    return words


def _check_draw(state: GameState, move: dict[str, Any]) -> None:
    """A recorded draw takes the next tile of the stock."""
    t = record_tile(state.rules, move["draw"])
    if state.stock_pos >= len(state.stock):
        raise ValueError(_("seat {seat} cannot draw: the stock is empty").format(seat=move["seat"]))
    expected = state.stock[state.stock_pos]
    if t != expected:
        raise ValueError(
            _("seat {seat} draws {tile} but the next stock tile is {expected}").format(
                seat=move["seat"], tile=NAMES[t], expected=NAMES[expected]
            )
        )
