"""What each reader of a table sees (:meth:`TableViews.view`): a seat its own tiles and moves,
a spectator the public view only, the parts every reader shares made once per change of the table;
and the help a seat may ask for at a practice table (hints, beliefs)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from ....core.protocol import Observation
from ....core.tiles import NAMES
from ....players.analysis import Beliefs, MoveAnalysis, menu_analysis
from ....text.i18n import _, current_language
from ....text.narration import describe_action, menu
from ..languages import web
from ..messages import (
    ActionOut,
    BeliefsReply,
    ChatLine,
    HintMove,
    Reveal,
    SeatView,
    StateMessage,
    name_key,
)
from ..store import StoredChat
from .actions import action_out
from .drawing import line_view, sorted_tiles
from .log import LOG_LINES
from .results import TableResults
from .seats import Seat

__all__ = ["CHAT_LINES", "TableViews"]

CHAT_LINES = 50


class TableViews(TableResults):
    """Each reader's view of a table."""

    def _public(self, connected: Collection[int]) -> dict[str, Any]:
        """The parts of every reader's view that are the same for all, made once per change of
        the table (a move, a deal, a chat line, a seat joining or leaving)."""
        key = (
            self.version,
            len(self.chat),
            frozenset(connected),
            tuple((s.name, s.joined, s.kind, s.away, s.profile) for s in self.seats),
        )
        # Each language read at the table has its own (the words of the table, the sheet...).
        language = current_language()
        cached = self._cache.get(language)
        if cached is not None and cached[0] == key:
            return cached[1]
        state = self.state
        names = key[3]
        finished = sum(1 for h in self.match.hands if h.over)
        placed = state.layout.placed.bit_count() if state.layout is not None else 0
        # Each part is made again only when what it shows has changed.
        keys = {
            # Passes and decisions change the table too (markers, who is in the hand).
            "line": (self.number, placed, len(state.public), names),
            "sheet": (
                self.number,
                finished,
                self.status,
                tuple(state.scores),
                len(self.notes.get(self.number - 1, [])),
                names,
            ),
            "reveal": (finished, names),
        }
        made: dict[str, Callable[[], Any]] = {
            "line": lambda: line_view(self.rules, state.public, state.table, self.named),
            "sheet": self.sheet,
            "reveal": self.reveal,
        }
        parts: dict[str, Any] = {
            "seats": self.seat_views(connected),
            "winner": self.winner,
            "chat": [self.chat_line(c) for c in self.chat[-CHAT_LINES:]],
            "sheet_key": keys["sheet"],
        }
        for name, part_key in keys.items():
            parts[name] = self._memo(name, part_key, made[name])
        self._cache[language] = (key, parts)
        return parts

    def _memo(self, name: str, key: Any, make: Callable[[], Any]) -> Any:
        """The part ``name`` of a view, made again only when its ``key`` has changed."""
        name = f"{name}:{current_language()}"
        memo = self._parts.get(name)
        if memo is None or memo[0] != key:
            memo = (key, make())
            self._parts[name] = memo
        return memo[1]

    def view(
        self,
        seat: int | None,
        connected: Collection[int] = (),
        *,
        clock: int | None = None,
        clock_left: float | None = None,
    ) -> StateMessage:
        """What ``seat`` may see (``None``: a spectator, the public view only); ``clock``: the
        table's turn clock (seconds), ``clock_left`` the seconds left on it for the person to
        move."""
        rules = self.rules
        state = self.state
        status = self.status
        stock = state.stock_size()
        mine = seat is not None
        public = self._public(connected)
        tiles: list[str] = []
        marked: list[str] = []
        moves: list[ActionOut] = []
        if mine:
            assert seat is not None
            obs = state.observation(seat)
            tiles = sorted_tiles(obs.hand)
            marked = sorted_tiles(obs.hand & rules.presenter.marked())
            if status == "playing" and state.turn == seat and not self.seats[seat].away:
                moves = self._moves(obs)
        log = [e.for_reader(seat) for e in self.log[-LOG_LINES:]]
        return StateMessage(
            table=self.id,
            game=rules.game.id,
            title=_(rules.game.title),
            rules=rules.rule_set,
            players=rules.players,
            high=rules.tiles.max_pip,
            practice=self.practice,
            private=self.private,
            rated=self.rated,
            claims=rules.claims,
            status=status,
            clock=clock,
            clock_left=None if clock_left is None else round(clock_left, 1),
            rematch=self.rematch,
            hand=self.number,
            move=len(state.history),
            turn=state.turn if status == "playing" else None,
            prompt=rules.presenter.turn_prompt(state.phase) if status == "playing" else None,
            seat=seat,
            seats=public["seats"],
            tiles=tiles,
            marked=marked,
            mark_name=rules.presenter.mark_name(),
            moves=moves,
            line=public["line"],
            stock=stock,
            drawable=state.drawable(),
            can_draw=rules.can_draw,
            stock_text=rules.presenter.stock_text(stock, state.drawable()),
            sheet=public["sheet"]
            if seat is None
            else self._memo(f"sheet:{seat}", public["sheet_key"], lambda: self.sheet(seat)),
            log=log,
            reveal=self._reveal_for(public["reveal"], seat),
            winner=self.winner_for(seat) if mine else public["winner"],
            chat=public["chat"],
        )

    def _reveal_for(self, reveal: Reveal | None, seat: int | None) -> Reveal | None:
        """The end of the last hand as ``seat`` reads it (a spectator: names only)."""
        if reveal is None:
            return reveal
        told = self.result_text(reveal.hand - 1, self.voice(seat)).split("\n")
        return reveal.model_copy(update={"result": told})

    def seat_views(
        self, connected: Collection[int], hand_sizes: Sequence[int] | None = None
    ) -> list[SeatView]:
        """The seats as everyone may see them (their tile counts, who is connected)."""
        sizes = hand_sizes if hand_sizes is not None else self.state.hand_sizes()
        return [
            SeatView(
                seat=s.seat,
                name=s.name,
                kind=s.kind,
                level=s.level,
                side=self.rules.side_of[s.seat],
                tiles=sizes[s.seat],
                connected=s.kind == "computer" or s.seat in connected,
                joined=s.kind == "computer" or s.joined,
                away=s.away,
                profile=self._profile(s),
            )
            for s in self.seats
        ]

    def _profile(self, seat: Seat) -> str | None:
        """The account whose profile a seat links to: at a rated table the seat's account; at
        another only where the seat bears its account's name (a name chosen apart from the
        account's is not tied to it for others to see)."""
        if seat.profile is None or seat.kind != "person":
            return None
        if self.rated or name_key(seat.name) == name_key(seat.profile):
            return seat.profile
        return None

    def _moves(self, obs: Observation) -> list[ActionOut]:
        voice = self.voice(obs.seat)
        return [
            action_out(action, describe_action(self.rules, action, obs, voice))
            for action in menu(obs)
        ]

    def chat_line(self, c: StoredChat) -> ChatLine:
        return ChatLine(seat=c.seat, name=c.name, text=c.text, at=c.created.isoformat())

    def hints(self, obs: Observation, analyses: Sequence[MoveAnalysis]) -> list[HintMove]:
        """What each move of a seat's observation ``obs`` is worth and why, from the search
        player's analysis of it (:func:`boneyard.players.analysis.analyze`, the same as every
        front end's, worked out off the event loop)."""
        best = menu_analysis(obs, analyses)
        top = max((m.value for m in best.values()), default=0.0)
        offered = {a.action: a.text for a in self._moves(obs)}
        out = []
        for action, m in sorted(best.items(), key=lambda am: -am[1].value):
            shown = action_out(action, str(action))
            out.append(
                HintMove(
                    action=shown.action,
                    text=offered.get(shown.action, shown.text),
                    tile=shown.tile,
                    value=round(m.value, 2),
                    margin=round(m.margin, 2),
                    loss=round(top - m.value, 2),
                    reason=m.reason,
                    best=m.value == top,
                )
            )
        return out

    def beliefs(self, obs: Observation, view: Beliefs) -> BeliefsReply:
        """Who may hold each tile the seat of ``obs`` cannot see, for the browser's grid, from
        :func:`boneyard.players.analysis.beliefs` of it (worked out off the event loop); ``id``
        is left for the caller."""
        stock = web("stock") if self.rules.shows_hands_at_end else web("stock or out")
        names = [self.seats[h].name if h >= 0 else stock for h in view.holders]
        return BeliefsReply(
            id=None,
            hand=self.number,
            move=len(obs.history) + 1,
            holders=names,
            tiles=[NAMES[t] for t in view.tiles],
            chances=[[round(p, 4) for p in view.chances[t]] for t in view.tiles],
            exact=view.exact,
            note=view.note(),
        )
