"""A table as the store keeps it (:meth:`TableRecords.stored`, :meth:`TableRecords.stored_full`)
and as a game record with nothing hidden that is not yet public
(:meth:`TableRecords.public_record`)."""

from __future__ import annotations

from typing import Any

from ....core.actions import Draw, Move
from ....core.protocol import GameState
from ....core.record import FORMAT, hand_to_record
from ..store import StoredHand, StoredSeat, StoredTable
from .views import TableViews

__all__ = ["TableRecords"]


class TableRecords(TableViews):
    """The table for the store, and as a record."""

    def stored(self) -> StoredTable:
        """The table's row and seats for the store (without hands)."""
        return StoredTable(
            id=self.id,
            game=self.rules.game.id,
            rule_set=self.rules.rule_set,
            options=self.rules.options.to_json(),
            players=self.rules.players,
            practice=self.practice,
            seed=self.seed,
            status=self.status,
            winner=self.winner,
            created=self.created,
            updated=self.updated,
            private=self.private,
            clock=self.clock,
            acted=self.acted,
            creator_hash=self.creator_hash,
            rematch=self.rematch,
            resigned=self.resigned,
            rated=self.rated,
            boards=self.boards,
            seats=[
                StoredSeat(s.seat, s.kind, s.name, s.level, s.token_hash, s.joined, s.account)
                for s in self.seats
            ],
        )

    def stored_full(self) -> StoredTable:
        """The whole table as the store holds it: its row, seats, deals, moves and chat."""
        stored = self.stored()
        for number, state in enumerate(self.match.hands, 1):
            deal = hand_to_record(state)
            moves = deal.pop("moves")
            deal.pop("result", None)
            stored.hands.append(StoredHand(number, deal, moves))
        stored.chat = list(self.chat)
        return stored

    def public_record(self) -> dict[str, Any]:
        """The table as a game record (RECORD.md) with nothing hidden that is not yet public: the
        finished hands in full, and the hand in play (if any) only under ``meta``, as its public
        moves (a draw there does not name its tile)."""
        match = self.match
        finished = [h for h in match.hands if h.over]
        meta: dict[str, Any] = {
            "app": "boneyard serve",
            "table": self.id,
            "status": self.status,
            **({"resigned": self.resigned} if self.resigned is not None else {}),
            "seats": [
                {"seat": s.seat, "kind": s.kind, **({"level": s.level} if s.level else {})}
                for s in self.seats
            ],
        }
        if self.status == "playing":
            meta["hand_in_play"] = {
                "number": self.number,
                "moves": [_public_move(m) for m in self.state.public],
            }
        return {
            "format": FORMAT,
            "game": self.rules.game.id,
            "rules": self.rules.rule_set,
            "options": self.rules.options.to_json(),
            "players": [s.name for s in self.seats],
            "hands": [_finished_hand(h) for h in finished],
            "meta": meta,
        }


def _finished_hand(state: GameState) -> dict[str, Any]:
    return hand_to_record(state)


def _public_move(move: Move) -> dict[str, Any]:
    if isinstance(move.action, Draw):
        return {"seat": move.seat, "draw": None}
    try:
        return move.to_record()
    except ValueError:
        # What the public history hides (a discard face down) cannot be written: its kind only.
        return {"seat": move.seat, move.action.kind: None}
