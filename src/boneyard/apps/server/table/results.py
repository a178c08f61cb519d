"""A table's results: the score sheet as each reader reads it, and every seat's tiles at the end
of a hand, public once it is over."""

from __future__ import annotations

from ....core.tiles import NAMES
from ....core.views import TrickView
from ....text.narration import score_sheet_text, table_view
from ..messages import Reveal, RevealSeat, Sheet, SheetRow
from .drawing import sorted_tiles
from .play import TablePlay

__all__ = ["TableResults"]


class TableResults(TablePlay):
    """The score sheet and the hands' ends."""

    def sheet(self, reader: int | None = None) -> Sheet:
        """The score sheet as ``reader`` reads it (``None``: a spectator, names only)."""
        match = self.match
        voice = self.voice(reader)
        labels = [voice.side(i) for i in range(len(self.rules.sides))]
        rows = []
        presenter = self.rules.presenter
        for number, points, totals in match.score_sheet():
            hand = match.hands[number - 1]
            result = hand.result
            reasons = [why for _, why in presenter.score_reasons(hand, voice)] if result else []
            rows.append(
                SheetRow(
                    hand=number,
                    points=list(points),
                    totals=list(totals),
                    ended=voice.tell(result.reason) if result is not None else "",
                    notes=[e.for_reader(reader) for e in self.notes.get(number - 1, [])],
                    reasons=reasons,
                )
            )
        # A record of no finished hand has no hand at all (the replay of a table in its first hand).
        playing = self.status == "playing"
        scores = list(self.state.scores) if playing else [0] * len(labels)
        return Sheet(
            sides=labels,
            rows=rows,
            totals=list(match.totals),
            this_hand=scores,
            this_hand_notes=[e.for_reader(reader) for e in self.notes.get(self.number - 1, [])]
            if playing
            else [],
            target=presenter.target_text(),
            kind=presenter.sheet_kind,
            text=score_sheet_text(match, voice),
            running=[t + p for t, p in zip(match.totals, scores, strict=True)],
        )

    def reveal(self, index: int | None = None) -> Reveal | None:
        """Every seat's tiles in a finished hand (the last one by default): public once the hand
        is over."""
        hands = self.match.hands
        if index is None:
            finished = [i for i, h in enumerate(hands) if h.over]
            if not finished:
                return None
            index = finished[-1]
        state = hands[index]
        result = state.result
        if result is None:
            return None
        if not self.rules.shows_hands_at_end:
            # What was thrown out stays face down (Domino Loo); the tricks are public.
            view = table_view(self.rules, state.public, state.table)
            won = {s.seat: s.won for s in view.seats} if isinstance(view, TrickView) else {}
            return Reveal(
                hand=index + 1,
                seats=[
                    RevealSeat(
                        seat=s.seat,
                        name=s.name,
                        left=[],
                        dealt=[],
                        pips=0,
                        tricks=won.get(s.seat),
                    )
                    for s in self.seats
                ],
                stock=[],
                result=self.results.get(index, []),
            )
        return Reveal(
            hand=index + 1,
            seats=[
                RevealSeat(
                    seat=s.seat,
                    name=s.name,
                    left=sorted_tiles(state.hands[s.seat]),
                    dealt=sorted_tiles(state.deal[s.seat]),
                    pips=result.pips[s.seat],
                )
                for s in self.seats
            ],
            stock=[NAMES[t] for t in state.stock[state.stock_pos :]],
            result=self.results.get(index, []),
        )
