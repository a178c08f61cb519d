"""The replay viewer's frames: a game record played through the engine, one frame per move with
every hand shown.

>>> from boneyard.games import get_game
>>> from boneyard.core.match import Match
>>> from boneyard.core.record import match_to_record
>>> match = Match(get_game("block").configure(players=2), seed=3)
>>> while not match.hand.over:
...     match.hand.apply_fast(match.hand.legal_actions()[0])
>>> frames = replay_frames(match_to_record(match, ["Ann", "Bob"]))
>>> frames["players"], frames["hands"][0]["frames"][0]["text"]
(['Ann', 'Bob'], 'Hand 1 is dealt.')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.record import RecordError, parse_move, replay_record, rules_from_record
from ...text.i18n import _
from .languages import web
from .table import Seat, Table, line_view, sorted_tiles

__all__ = ["MAX_FRAMES", "replay_frames"]

MAX_FRAMES = 5000


def replay_frames(record: Mapping[str, Any]) -> dict[str, Any]:
    """Every position of a record, each with the table, every seat's tiles, the stock, the
    scores and the sentence saying what happened; :class:`RecordError` if the record is not
    valid."""
    replay_record(record)  # validates the whole record first: a clear message if it is bad
    rules = rules_from_record(record)
    players = [str(p) for p in record["players"]]
    seats = [Seat(i, "person", name, None, None) for i, name in enumerate(players)]
    table = Table("replay", rules, seats)
    out_hands: list[dict[str, Any]] = []
    count = 0
    for h, hand in enumerate(record["hands"], 1):
        match = table.match
        match.start_hand(
            [[rules.tiles.parse(t) for t in d] for d in hand["deal"]],
            [rules.tiles.parse(t) for t in hand.get("stock", [])],
            hand.get("leader"),
        )
        table._hand_started()
        frames = [_frame(table, web("Hand {n} is dealt.").format(n=h))]
        for move in hand.get("moves", []):
            count += 1
            if count > MAX_FRAMES:
                raise RecordError(f"the record has more than {MAX_FRAMES} moves")
            state = match.hand
            start = len(table.log)
            table.apply(state.turn, parse_move(state, move))
            entries = table.log[start:]
            said = " ".join(
                (e.full or e.for_reader(None)).strip()
                for e in entries
                if e.text.strip() and e.seat is not None
            )
            detail = [
                e.for_reader(None).strip() for e in entries if e.seat is None and e.text.strip()
            ]
            frames.append(_frame(table, said, detail))
        out_hands.append(
            {
                "number": h,
                "frames": frames,
                "result": table.result_text(h - 1, table.voice(None)).split("\n")
                if h - 1 in table.results
                else [],
            }
        )
    return {
        "game": rules.game.id,
        "title": _(rules.game.title),
        "rules": rules.rule_set,
        "players": players,
        "sides": table.side_names(),
        "hands": out_hands,
        "sheet": table.sheet().model_dump(),
        "winner": table.winner,
    }


def _frame(table: Table, text: str, detail: list[str] | None = None) -> dict[str, Any]:
    state = table.state
    return {
        "text": text,
        "detail": detail or [],
        "move": len(state.history),
        "turn": None if state.over else state.turn,
        "hands": [sorted_tiles(m) for m in state.hands],
        "stock": state.stock_size(),
        "scores": list(state.scores),
        "totals": list(table.match.totals),
        "line": line_view(table.rules, state.history, state.table, table.named).model_dump(),
    }
