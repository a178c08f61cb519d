"""How Moon is told: the bidding, trumps, the widow and the discard (face down to the others),
the tricks each seat has taken against the bid, on what every trick game tells the same way
(:class:`~boneyard.games.tricks.presenter.TrickPresenter`).

>>> from boneyard.games import get_game
>>> from boneyard.games.tricks.actions import Bid
>>> words = get_game("moon").configure().presenter
>>> words.describe_action(Bid(21, "moon"), None), words.describe_action(Bid(5), None)
('shoot the moon: take all 7 tricks, for 21', 'bid 5 tricks')
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, Move, Pass
from ...core.i18n import DEFAULT, _, current_language, pgettext
from ...core.protocol import Phase
from ...core.views import TrickStatus
from ...core.words import Voice, plural, tile_text
from ..tricks import TrickPresenter
from ..tricks.actions import Bid, Declare, Discard
from .rules import SUIT_WORDS, MoonRules
from .state import DISCARD
from .table import DOUBLES_SUIT, NO_TRUMP, MoonTable

__all__ = ["MoonPresenter", "bid_words"]

SUIT_NAMES = ("blanks", "aces", "deuces", "treys", "fours", "fives", "sixes", "doubles")


def bid_words(bid: Bid | None) -> str:
    """A bid as said at the table: ``5``, ``the moon (21)``, ``pass``."""
    if bid is None:
        return _("pass")
    if bid.contract == "moon":
        return _("the moon (21)")
    return str(bid.points)


class MoonPresenter(TrickPresenter[MoonRules, MoonTable]):
    """Moon told (see the module)."""

    default_opponent = "moon"
    table_type = MoonTable

    # ----------------------------------------------------------------- the game
    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        tiles = (
            _(
                "Three players, each for himself; 22 tiles (the double-six without the blanks but "
                "the double-blank): 7 each and one face down, the widow."
            )
            if rules.widow
            else _(
                "Three players, each for himself; 21 tiles (the double-six without any blank): 7 "
                "each."
            )
        )
        bidding = (
            _(
                "Each bids once, from the dealer's left: pass, 4 to 7 tricks, each bid above the "
                "last, or shoot the moon at any turn (all 7 tricks, for 21)."
            )
            if rules.shoot_any
            else _(
                "Each bids once, from the dealer's left: pass, 4 to 7 tricks, each bid above the "
                "last, or shoot the moon over a 7 (all 7 tricks, for 21)."
            )
        )
        passed = (
            _("If the first two pass, the dealer must bid.")
            if rules.dealer_bids
            else _("If all three pass, the tiles are drawn again.")
        )
        trumps = (
            _("a number, the doubles or no trumps")
            if rules.doubles_trump
            else _("a number or no trumps")
        )
        lead = _("a trump if he holds one") if rules.first_lead_trump else _("any tile")
        names = (
            _(
                "The high bidder names trumps ({trumps}), takes the widow, discards a tile face "
                "down and leads {lead}."
            )
            if rules.widow
            else _("The high bidder names trumps ({trumps}) and leads {lead}.")
        )
        follow = _(
            "Follow suit if you can: a trump leads trumps, a double its number, any other tile "
            "its higher end."
        )
        scoring = (
            _(
                "A trick is a point. The others score their tricks; the bidder, if he takes what "
                "he bid, his tricks (the moon: 21); if not he is set and loses his bid."
            )
            if rules.set_loses_bid
            else _(
                "A trick is a point. The others score their tricks; the bidder, if he takes what "
                "he bid, his tricks (the moon: 21); if not he is set and scores nothing, and each "
                "other player scores his tricks and the bid."
            )
        )
        goal = _("{points} win; a bidder who makes his bid goes out first.").format(
            points=plural(rules.target_score, "point")
        )
        return [
            tiles,
            f"{bidding} {passed}",
            f"{names.format(trumps=trumps, lead=lead)} {follow}",
            f"{scoring} {goal}",
        ]

    def help_lines(self) -> list[str]:
        return [
            _(
                "bid: 'pass' or the move's number in the list (bid 4 to 7, or shoot the moon); "
                "trumps: the move's number; the discard: 'discard 6-4' or the tile."
            )
        ]

    def turn_prompt(self, phase: Phase) -> str | None:
        if phase == DISCARD:
            return _("the widow taken, throw out a tile, face down")
        return super().turn_prompt(phase)

    def keys(self, phase: Phase | None = None) -> frozenset[str]:
        # Only a bid may be passed: a tile must always be played.
        return frozenset({"pass"}) if phase in (None, Phase.BID) else frozenset()

    # ----------------------------------------------------------------- the table
    def seat_status(self, table: MoonTable, seat: int) -> TrickStatus:
        return "deciding" if table.declaration is None else "stood"

    def before_words(self, table: MoonTable, seat: int) -> str:
        """``to bid``, ``passed``, ``bid 5``."""
        said = dict(table.bids)
        if seat in said:
            bid = said[seat]
            return (
                pgettext("status", "bid {bid}").format(bid=bid_words(bid)) if bid else _("passed")
            )
        return _("to bid") if table.bidding else _("did not bid")

    def role_words(self, table: MoonTable, seat: int) -> str:
        if seat != table.bidder:
            return ""
        return pgettext("status", "bid {bid}").format(bid=bid_words(table.high))

    def before_play(self, table: MoonTable) -> tuple[str, str]:
        if table.bidding:
            return _("The bidding"), _("Each player bids once, or passes.")
        if table.declaration is None:
            return _("Naming trumps"), _("{seat} names trumps.").format(seat=f"seat {table.bidder}")
        return _("The widow"), _("{seat} takes the widow and discards a tile face down.").format(
            seat=f"seat {table.bidder}"
        )

    def stock_text(self, stock: int, drawable: int) -> str | None:
        if self.rules.widow and stock:
            return _("Widow: 1 tile, face down (the bidder takes it)")
        return super().stock_text(stock, drawable)

    def worth(self, table: MoonTable) -> str:
        return _("A trick is worth 1 point.")

    def trump_text(self, table: MoonTable) -> str:
        if table.declaration is None:
            return _("not named yet")
        if table.trump == NO_TRUMP:
            return _("none (follow-me)")
        return _(SUIT_NAMES[DOUBLES_SUIT if table.trump == DOUBLES_SUIT else table.trump])

    def notes(self, table: MoonTable) -> tuple[str, ...]:
        """The dealer, the bids, the contract, the widow, about numbered seats (told by the
        front end's voice: their seats named for the reader)."""
        out = [_("{seat} dealt").format(seat=f"seat {table.dealer}")]
        if table.high is not None and not table.bidding:
            bid = bid_words(table.high)
            if table.declaration is not None:
                contract = _("Contract: {seat} bid {bid}; {declared}").format(
                    seat=f"seat {table.bidder}", bid=bid, declared=self._declared(table.declaration)
                )
            else:
                contract = _("Contract: {seat} bid {bid}").format(
                    seat=f"seat {table.bidder}", bid=bid
                )
            out.append(contract)
        if self.rules.widow and table.declaration is not None:
            out.append(
                _("{seat} took the widow and discarded a tile face down").format(
                    seat=f"seat {table.bidder}"
                )
            )
        return tuple(out)

    # ----------------------------------------------------------------- moves
    def suit_words(self, suit: int) -> str:
        return _(SUIT_NAMES[suit])

    def action_words(self, action: Action, table: object | None) -> str | None:
        if isinstance(action, Pass):
            return _("pass")
        if isinstance(action, Bid):
            if action.contract == "moon":
                return _("shoot the moon: take all 7 tricks, for 21")
            return _("bid {n} tricks").format(n=action.points)
        if isinstance(action, Declare):
            return self._declared(action)
        if isinstance(action, Discard) and action.tile is not None:
            return _("discard {tile} face down").format(tile=tile_text(action.tile))
        return None

    def move_reason(self, table: object | None, seat: int, action: Action) -> str | None:
        """What a bid, a pass or a declaration undertakes, in a hint."""
        if isinstance(action, Pass):
            return _("leaves the bidding to the others")
        if isinstance(action, Bid):
            if action.contract == "moon":
                return _("you must take every trick, for 21 (or lose 21)")
            return _("you must take {n} of the 7 tricks").format(n=action.points)
        if isinstance(action, Declare):
            return self._declared(action)
        if isinstance(action, Discard) and action.tile is not None:
            return _("throws {tile} out of the hand").format(tile=tile_text(action.tile))
        return None

    def move_words(self, move: Move, voice: Voice) -> str | None:
        action = move.action
        seat = move.seat
        name = voice.subject(seat)
        if isinstance(action, Pass):
            return voice.pick(seat, _("You pass."), _("{name} passes.")).format(name=name)
        if isinstance(action, Bid):
            if action.contract == "moon":
                said = voice.pick(
                    seat, _("You shoot the moon (21)."), _("{name} shoots the moon (21).")
                )
                return said.format(name=name)
            said = voice.pick(seat, _("You bid {bid}."), _("{name} bids {bid}."))
            return said.format(name=name, bid=action.points)
        if isinstance(action, Declare):
            said = voice.pick(seat, _("You declare: {named}."), _("{name} declares: {named}."))
            return said.format(name=name, named=self._declared(action))
        if isinstance(action, Discard):
            if action.tile is not None and voice.is_you(seat):
                return _("You take the widow and discard {tile}.").format(
                    tile=tile_text(action.tile)
                )
            said = voice.pick(
                seat,
                _("You take the widow and discard a tile face down."),
                _("{name} takes the widow and discards a tile face down."),
            )
            return said.format(name=name)
        return None

    def _declared(self, action: Declare) -> str:
        """A declaration in words: ``sixes are trumps``."""
        if current_language() == DEFAULT:
            return self.rules.action_text(action)
        if action.contract == "suit" and action.trump is not None:
            return _("{suit} are trumps").format(suit=_(SUIT_WORDS[action.trump]))
        if action.contract == "doubles":
            return _("doubles are trumps")
        return _("follow-me (no trumps)")

    def more_changes(self, before: MoonTable, after: MoonTable, voice: Voice) -> list[str]:
        """The bid made or set, once the tricks decide it."""
        if after.high is None or not after.playing:
            return []
        bidder = after.bidder
        need = after.need
        taken = after.won[bidder]
        lost = len(after.tricks) - taken
        lost_before = len(before.tricks) - before.won[bidder]
        name = voice.subject(bidder)
        if taken >= need > before.won[bidder]:
            said = voice.pick(bidder, _("You have made the bid."), _("{name} has made the bid."))
            return [said.format(name=name)]
        if lost > 7 - need >= lost_before:
            return [voice.pick(bidder, _("You are set."), _("{name} is set.")).format(name=name)]
        return []

    def hand_start(self, state: Any, voice: Voice) -> str:
        table = state.table
        assert isinstance(table, MoonTable)
        dealer = voice.pick(table.dealer, _("You deal"), _("{name} deals")).format(
            name=voice.subject(table.dealer)
        )
        first = voice.pick(
            state.turn, _("{dealer}; you bid first."), _("{dealer}; {name} bids first.")
        )
        return first.format(dealer=dealer, name=voice.name(state.turn))
