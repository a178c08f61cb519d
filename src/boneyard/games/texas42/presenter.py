"""How Texas 42 is told: the bidding, trumps and contracts, the tricks and the count, marks.

The table is a trick table (:class:`~boneyard.core.views.TrickView`) with no turn-up: trumps are
named in words (``aces``, ``doubles``, ``none (follow-me)``) and the notes say the bidding, the
contract and the points each side has taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.actions import Action, Move, Pass
from ...core.i18n import DEFAULT, N_, NP_, _, current_language, pgettext
from ...core.protocol import HandResult, Phase
from ...core.views import TrickStatus
from ...core.words import Voice, capital, number, plural
from ..tricks import TrickPresenter
from ..tricks.actions import Bid, Declare
from .rules import MARK, SUIT_WORDS, FortyTwoRules
from .table import DOUBLES_SUIT, NO_TRUMP, FortyTwoTable

if TYPE_CHECKING:
    from ...core.match import Match

__all__ = ["FortyTwoPresenter"]


def bid_words(bid: Bid | None) -> str:
    """A bid as said at the table: ``30``, ``84 (2 marks)``, ``a plunge (168, 4 marks)``."""
    if bid is None:
        return _("pass")
    if bid.contract:
        return _("a {contract} ({points}, {marks})").format(
            contract=pgettext("contract", bid.contract),
            points=bid.points,
            marks=plural(bid.marks, "mark"),
        )
    if bid.points > MARK:
        return f"{bid.points} ({plural(bid.marks, 'mark')})"
    return str(bid.points)


# The suits by number as 42 players name them, for translation (SUIT_WORDS in the rules).
_SUITS = (
    N_("blanks"),
    N_("aces"),
    N_("deuces"),
    N_("treys"),
    N_("fours"),
    N_("fives"),
    N_("sixes"),
    N_("doubles"),
)
# The contracts as said (translated with the context "contract" where they are shown).
_DOUBLES_IN_NELLO = (N_("high"), N_("own suit"), N_("low"), N_("bidder choice"))
_CONTRACTS = (
    NP_("contract", "nello"),
    NP_("contract", "splash"),
    NP_("contract", "plunge"),
    NP_("contract", "sevens"),
)


def suit_name(suit: int) -> str:
    """A suit in the reader's language: ``sixes``, ``seises``."""
    return _(SUIT_WORDS[suit])


def declared_words(action: Declare) -> str:
    """A declaration as said: ``sixes are trumps``, ``follow-me (no trumps)``."""
    if action.contract == "suit":
        assert action.trump is not None
        return _("{suit} are trumps").format(suit=suit_name(action.trump))
    if action.contract == "doubles":
        return _("doubles are trumps")
    if action.contract == "follow_me":
        return _("follow-me (no trumps)")
    if action.contract == "nello" and action.doubles:
        return _("nello, doubles {how}").format(how=_(action.doubles.replace("_", " ")))
    return pgettext("contract", action.contract)


def trump_words(table: FortyTwoTable) -> str:
    """Trumps in words: ``sixes``, ``doubles``, ``none (follow-me)``, ``not named yet``."""
    contract = table.contract
    if not contract:
        return _("not named yet")
    if table.trump == DOUBLES_SUIT:
        return _("doubles")
    if table.trump != NO_TRUMP:
        return suit_name(table.trump)
    if contract == "follow_me":
        if table.doubles == "own_suit":
            return _("none (follow-me, doubles their own suit)")
        return _("none (follow-me)")
    if contract == "nello":
        return _("none (nello, doubles {how})").format(how=_(table.doubles.replace("_", " ")))
    return _("none (sevens)")


class FortyTwoPresenter(TrickPresenter[FortyTwoRules, FortyTwoTable]):
    """Texas 42 told (see the module): the trick taken is told, and the marks at the hand's
    end."""

    default_opponent = "texas"
    table_type = FortyTwoTable

    # ----------------------------------------------------------------- the game
    def intro(self, voice: Voice) -> list[str]:
        rules = self.rules
        contracts = ", ".join(
            _(_contract_words(c)) for c in sorted(rules.contracts, key=_ORDER.index)
        )
        lines = [
            _(
                "Partners sit opposite. Each hand the four bid once round, from the shaker's "
                "left: {min_bid} to 41 points, 42 a mark, then marks (the first at most {marks}, "
                "then one more each time)."
            ).format(min_bid=rules.min_bid, marks=rules.max_opening_marks)
            + " "
            + (
                _("If the first three pass, the shaker must bid.")
                if rules.all_pass == "forced"
                else _("If all four pass, the next shaker shakes again.")
            ),
            _(
                "The winner names trumps ({contracts}) and leads. Follow suit if you can: a trump "
                "leads trumps, a double its number, any other tile its higher end."
            ).format(contracts=contracts),
            _(
                "Each trick is worth 1 and its count: 5-5 and 6-4 are 10, 5-0, 4-1 and 3-2 are 5; "
                "42 in a hand. The bidders must take what they bid (a mark bid: every trick)."
            ),
        ]
        if rules.scoring == "marks":
            lines.append(
                _(
                    "A made bid scores its side a mark (a bid of k marks, k); a set one scores "
                    "them to the opponents. {target} win."
                ).format(target=plural(rules.target_score, "mark"))
            )
        else:
            lines.append(
                _(
                    "A made bid scores each side the points it took; a set one scores the "
                    "opponents their points and the bid. {target} win."
                ).format(target=plural(rules.target_score, "point"))
            )
        return lines

    def help_lines(self) -> list[str]:
        return [
            _(
                "bid: type the number (30, 84), 'pass', 'plunge' or 'splash'; trumps: a number or "
                "'sixes', 'doubles', 'follow-me', 'nello', 'sevens'; or the move's number in the "
                "list."
            )
        ]

    def keys(self, phase: Phase | None = None) -> frozenset[str]:
        # Only a bid may be passed: in the play a tile must always be laid.
        return frozenset({"pass"}) if phase in (None, Phase.BID) else frozenset()

    @property
    def unit(self) -> str:
        return "mark" if self.rules.scoring == "marks" else "point"

    def goal(self) -> str:
        return _("First to {units} wins.").format(units=plural(self.rules.target_score, self.unit))

    def target_text(self) -> str:
        return _("{units} to win").format(units=plural(self.rules.target_score, self.unit))

    def _units_word(self) -> str:
        return _("Marks") if self.unit == "mark" else _("Points")

    def standing(self, match: Match, scores: Sequence[float], voice: Voice) -> str:
        totals = ", ".join(f"{voice.side(i)}: {number(t)}" for i, t in enumerate(match.totals))
        text = f"{self._units_word()}: {totals}"
        if any(scores):
            text += " " + _("(points taken this hand: {totals})").format(
                totals=self.totals_text(scores, voice)
            )
        return text + "."

    def tie_words(self, best: float) -> str:
        return _("tie with {units} each").format(units=plural(best, self.unit))

    def hand_scores(self, result: HandResult, voice: Voice) -> list[str]:
        points = ", ".join(
            f"{voice.side(i)}: {self.side_points(result, i)}" for i in range(len(self.rules.sides))
        )
        label = _("Marks this hand") if self.unit == "mark" else _("Points this hand")
        return [f"  {label}: {points}"]

    # ----------------------------------------------------------------- the table
    def seat_status(self, table: FortyTwoTable, seat: int) -> TrickStatus:
        """Deciding until the contract is named, then in it, but the seat sitting out."""
        if seat == table.out:
            return "out"
        return "deciding" if not table.contract else "stood"

    def before_words(self, table: FortyTwoTable, seat: int) -> str:
        """``to bid``, ``passed``, ``bid 30``."""
        said = dict(table.bids)
        if seat in said:
            bid = said[seat]
            return (
                pgettext("status", "bid {bid}").format(bid=bid_words(bid)) if bid else _("passed")
            )
        return _("to bid") if table.bidding else _("did not bid")

    def role_words(self, table: FortyTwoTable, seat: int) -> str:
        if seat != table.bidder:
            return ""
        return pgettext("status", "bid {bid}").format(bid=bid_words(table.high))

    def seat_words(self, table: FortyTwoTable, seat: int) -> str:
        if seat == table.out:
            return _("sits this hand out (nello)")
        return super().seat_words(table, seat)

    def before_play(self, table: FortyTwoTable) -> tuple[str, str]:
        if table.bidding or table.bidder < 0:  # (nobody bid: the hand ends with the bidding)
            return _("The bidding"), _("Each player bids once, or passes.")
        return _("Naming trumps"), _("{seat} names trumps.").format(seat=f"seat {table.bidder}")

    def worth(self, table: FortyTwoTable) -> str:
        return _("A trick is worth 1 and its count (5-5, 6-4: 10; 5-0, 4-1, 3-2: 5).")

    def trump_text(self, table: FortyTwoTable) -> str:
        return trump_words(table)

    def ended(self, table: FortyTwoTable) -> bool:
        return bool(table.decided) and not self.rules.play_out

    def notes(self, table: FortyTwoTable) -> tuple[str, ...]:
        """The bidding, the contract and the points taken, about numbered seats."""
        rules = self.rules
        teams = [" & ".join(str(s) for s in side) for side in rules.sides]
        if current_language() != DEFAULT:
            return self._notes_told(table)
        out = [f"Partners: seats {teams[0]} against seats {teams[1]}", f"seat {table.shaker} shook"]
        if table.high is not None and not table.bidding:
            contract = f"seat {table.bidder} bid {bid_words(table.high)}"
            if table.contract:
                contract += f"; {self.contract_words(table)}"
                if table.declarer != table.bidder:
                    contract += f", named by seat {table.declarer}"
            out.append(f"Contract: {contract}")
        if table.playing:
            sides = ", ".join(
                f"{rules.side_name(i)} {table.taken[i]}" for i in range(len(rules.sides))
            )
            out.append(f"Points taken: {sides}")
        if table.decided:
            out.append(f"The bid is {table.decided}")
        return tuple(out)

    def _notes_told(self, table: FortyTwoTable) -> tuple[str, ...]:
        """:meth:`notes` in another language than English: whole sentences around the seats'
        numbers (which the reader's voice names), none of whose verbs agree with a seat."""
        rules = self.rules
        out = [
            _("Partners: {side} against {side2}").format(
                side=rules.side_name(0), side2=rules.side_name(1)
            ),
            _("Shaken by {seat}").format(seat=f"seat {table.shaker}"),
        ]
        if table.high is not None and not table.bidding:
            contract = _("Contract: {seat}, {bid}").format(
                seat=f"seat {table.bidder}", bid=bid_words(table.high)
            )
            if table.contract:
                contract += f"; {self.contract_words(table)}"
                if table.declarer != table.bidder:
                    contract += " " + _("(named by {seat})").format(seat=f"seat {table.declarer}")
            out.append(contract)
        if table.playing:
            sides = ", ".join(
                f"{rules.side_name(i)} {table.taken[i]}" for i in range(len(rules.sides))
            )
            out.append(_("Points taken: {sides}").format(sides=sides))
        if table.decided:
            out.append(_("The bid is made") if table.decided == "made" else _("The bid is set"))
        return tuple(out)

    def contract_words(self, table: FortyTwoTable) -> str:
        contract = table.contract
        if contract == "suit" or contract == "doubles":
            return _("{suit} trumps").format(suit=trump_words(table))
        if contract == "nello":
            return _("nello ({seat} sits out)").format(seat=f"seat {table.out}")
        return {"follow_me": "follow-me", "sevens": _("none (sevens)")}.get(contract, contract)

    # ----------------------------------------------------------------- moves
    def suit_words(self, suit: int) -> str:
        return suit_name(suit)

    def action_words(self, action: Action, table: object | None) -> str | None:
        if isinstance(action, Pass):
            return _("pass")
        if isinstance(action, Bid):
            return _("bid {bid}").format(bid=bid_words(action))
        if isinstance(action, Declare):
            return declared_words(action)
        return None

    def move_reason(self, table: object | None, seat: int, action: Action) -> str | None:
        """A bid's, a pass's or a declaration's reason in a hint: what it undertakes.

        >>> from boneyard.games import get_game
        >>> from boneyard.games.texas42.table import FortyTwoTable
        >>> words = get_game("texas-42").configure().presenter
        >>> words.move_reason(FortyTwoTable.start(3), 0, Bid(31))
        'your side must take 31 of the 42 points'
        >>> words.move_reason(FortyTwoTable.start(3), 0, Pass())
        'leaves the bidding to the others'
        """
        if not isinstance(table, FortyTwoTable):
            return None
        if isinstance(action, Pass) and table.bidding:
            if table.high is None:
                return _("leaves the bidding to the others")
            if table.bidder == (seat + 2) % 4:
                said = _("leaves your partner's bid of {bid} standing")
            else:
                said = _("leaves the opponents' bid of {bid} standing")
            return said.format(bid=bid_words(table.high))
        if isinstance(action, Bid):
            if action.contract:
                return _("{bid}: your side must take every trick").format(bid=bid_words(action))
            if action.points >= MARK:
                return _("your side must take every trick, for {marks}").format(
                    marks=plural(action.marks, "mark")
                )
            return _("your side must take {n} of the {total} points").format(
                n=action.points, total=MARK
            )
        if isinstance(action, Declare):
            return declared_words(action)
        return None

    def move_words(self, move: Move, voice: Voice) -> str | None:
        action = move.action
        seat = move.seat
        name = voice.subject(seat)
        if isinstance(action, Pass):
            return voice.pick(seat, _("You pass."), _("{name} passes.")).format(name=name)
        if isinstance(action, Bid):
            said = voice.pick(seat, _("You bid {bid}."), _("{name} bids {bid}."))
            return said.format(name=name, bid=bid_words(action))
        if isinstance(action, Declare):
            said = voice.pick(seat, _("You declare: {named}."), _("{name} declares: {named}."))
            return said.format(name=name, named=declared_words(action))
        return None

    def taken_note(self, table: FortyTwoTable) -> str:
        """What the trick just taken was worth: ``, worth 11 points``."""
        return _(", worth {points}").format(
            points=plural(self.rules.trick_points(table.last), "point")
        )

    def more_changes(self, before: FortyTwoTable, after: FortyTwoTable, voice: Voice) -> list[str]:
        """The bid made or set; the seat sitting out once nello is named."""
        lines: list[str] = []
        if after.decided and not before.decided:
            side = self.rules.side_of[after.bidder]
            if after.decided == "made":
                said = _("{side} have made the bid of {bid}.")
            else:
                said = _("{side} are set on the bid of {bid}.")
            told = said.format(side=voice.side(side), bid=bid_words(after.high))
            lines.append(capital(told))
        if after.contract and not before.contract and after.out >= 0:
            said = voice.pick(
                after.out, _("You sit this hand out."), _("{name} sits this hand out.")
            )
            lines.append(said.format(name=voice.subject(after.out)))
        return lines

    def hand_start(self, state: Any, voice: Voice) -> str:
        table = state.table
        assert isinstance(table, FortyTwoTable)
        shaker = voice.pick(table.shaker, _("You shake"), _("{name} shakes")).format(
            name=voice.subject(table.shaker)
        )
        first = voice.pick(
            state.turn, _("{shaker}; you bid first."), _("{shaker}; {name} bids first.")
        )
        return first.format(shaker=shaker, name=voice.name(state.turn))

    def held(self, state: Any, voice: Voice) -> list[str]:
        table = state.table
        if not isinstance(table, FortyTwoTable) or table.high is None:
            return []
        rules = self.rules
        sides = ", ".join(f"{voice.side(i)} {table.taken[i]}" for i in range(len(rules.sides)))
        return ["  " + _("Points taken: {sides}").format(sides=sides)]


_ORDER = ["suit", "doubles", "follow_me", "nello", "splash", "plunge", "sevens"]


def _contract_words(contract: str) -> str:
    return {
        "suit": N_("a number"),
        "doubles": N_("doubles"),
        "follow_me": N_("follow-me (no trumps)"),
        "nello": N_("nello after a mark bid"),
        "splash": N_("a splash with 3 doubles"),
        "plunge": N_("a plunge with 4 doubles"),
        "sevens": N_("sevens after a mark bid"),
    }[contract]
