"""The trick layer (games/tricks/): the table's trick facts, the trick's winner, the one transition
of a table by a tile played, the hand's bookkeeping, the reading of a public history's tricks and
the tricks told, each worked on a small example: a plain trick game of the test's own built on the
layer alone, and the same trick on Texas 42's table and Domino Loo's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from boneyard.core.actions import Action, Move, Play, play
from boneyard.core.game import Game, RuleSet
from boneyard.core.protocol import (
    ACQUIRED,
    LACKS,
    PLAYED,
    HandResult,
    HandStart,
    IllegalAction,
    Phase,
    Position,
)
from boneyard.core.tiles import BIT, DOUBLE_SIX, HIGH, LOW, NAMES, mask_of, tiles_of
from boneyard.core.words import Voice
from boneyard.games import get_game
from boneyard.games.loo.table import LooTable
from boneyard.games.texas42.table import FortyTwoTable
from boneyard.games.tricks import (
    Trick,
    TrickPlay,
    TrickPresenter,
    TrickRules,
    TrickState,
    TrickTable,
    follow_mask,
    trick_winner,
)
from boneyard.games.tricks.actions import Bid, Declare
from conftest import T, tiles


# --------------------------------------------------------------------------- a plain trick game
def follows(t: int, suit: int) -> bool:
    """In the plain game a tile belongs to the suit of its higher number."""
    return HIGH[t] == suit


def strength(t: int, suit: int) -> tuple[int, int]:
    return (1, LOW[t]) if follows(t, suit) else (0, 0)


class PlainRules(TrickRules[TrickPlay]):
    """Four players, seven tiles each, no trumps: a tile leads its higher number, follow suit if
    you can, the highest of the suit led takes the trick and scores 1."""

    hidden_moves = False
    shows_hands_at_end = True

    def __init__(self, game: Game, rule_set: str, options: Any, players: int) -> None:
        super().__init__(game, rule_set, options, players)
        self.tiles = DOUBLE_SIX
        self.sides = tuple((s,) for s in range(players))
        self.side_of = tuple(range(players))
        self.hand_size = 7
        self.target_score = 7

    def seats_in(self, table: TrickPlay) -> list[int]:
        return list(range(self.players))

    def lead_suit(self, table: TrickPlay, action: Play) -> int:
        return HIGH[action.tile]

    def winner_of(self, table: TrickPlay) -> int:
        return trick_winner(table.trick, lambda t: strength(t, table.suit))

    def table_after(self, table: TrickPlay, seat: int, action: Action) -> TrickPlay:
        assert isinstance(action, Play)
        return self.play_table(table, seat, action)

    def public_table_after(self, table: object, move: Move) -> TrickPlay:
        assert isinstance(table, TrickPlay)
        return self.table_after(table, move.seat, move.action)

    def opening_table(self, table: TrickPlay) -> TrickPlay:
        return TrickPlay(trump=-1)  # the hand's first move is a play: its table is this one

    def lacking(self, table: TrickPlay, tile: int) -> int:
        if not table.trick or follows(tile, table.suit):
            return 0
        return follow_mask(range(28), lambda u: follows(u, table.suit))

    def start_hand(self, start: HandStart) -> PlainState:
        return PlainState.from_start(self, start)

    def state_from_position(self, position: Position) -> PlainState:
        raise NotImplementedError

    def next_leader(self, previous_leader: int, previous: HandResult | None) -> int:
        return (previous_leader + 1) % self.players


class PlainState(TrickState[TrickPlay]):
    __slots__ = ()

    rules: PlainRules

    @classmethod
    def from_start(cls, rules: PlainRules, start: HandStart) -> PlainState:
        assert start.leader is not None
        return cls._new(
            rules,
            [mask_of(h) for h in start.hands],
            TrickPlay(trump=-1),
            Phase.PLAY,
            leader=start.leader,
            totals=(0,) * rules.players,
            context=None,
        )

    @property
    def start(self) -> HandStart:
        hands = [list(tiles_of(m)) for m in self.deal]
        return HandStart(hands, (), self.leader, lead_by_deal=False, trusted=True)

    def _legal_actions(self) -> list[Action]:
        hand = self.hands[self.turn]
        suit = self.table.suit
        follow = [t for t in tiles_of(hand) if self.table.trick and follows(t, suit)]
        return [play(t) for t in follow or tiles_of(hand)]

    def why_illegal(self, action: Action) -> str:
        if self.over:
            return "the hand is over"
        options = ", ".join(str(a) for a in self.legal_tuple())
        why = self._why_not_played(action, options)
        return why or f"seat {self.turn} must follow suit ({self.table.suit}s) (legal: {options})"

    def _before_play(self, seat: int, action: Action, table: TrickPlay, *_: Any) -> None:
        raise AssertionError("the plain game has nothing before the play")

    def _trick_points(self, trick: Trick, table: TrickPlay) -> int:
        return 1

    def _tricks_done(self, table: TrickPlay) -> bool:
        return len(table.tricks) == 7

    def _end_of_play(self) -> None:
        won = self.table.won_by_seat(self.rules.players)
        best = max(won)
        winner = won.index(best) if won.count(best) == 1 else None
        zero = (0,) * self.rules.players
        self._end(HandResult("tricks", winner, tuple(self.scores), zero, zero, None, "tricks"))

    def search_key(self) -> tuple[object, ...]:
        return (*self.hands, self.turn)

    def public_key(self) -> tuple[object, ...]:
        return (self.turn, self.over, len(self.table.tricks))

    def stock_next(self, tiles: Sequence[int]) -> None:
        pass


class PlainPresenter(TrickPresenter[PlainRules, TrickPlay]):
    table_type = TrickPlay


class PlainGame(Game):
    id = "plain-tricks-test"
    title = "Plain tricks"
    summary = "A test's trick game."
    option_specs = ()
    defaults: ClassVar[dict[str, Any]] = {}
    default_rules = "plain"
    rules_class = PlainRules
    presenter_class = PlainPresenter
    rule_sets: ClassVar[dict[str, RuleSet]] = {"plain": RuleSet("plain", "", {}, "")}


DEAL = [
    "6-6 6-5 6-4 5-5 5-4 2-1 1-0",
    "6-3 6-2 5-3 4-4 4-3 3-3 0-0",
    "6-1 6-0 5-2 5-1 4-2 4-1 2-2",
    "5-0 4-0 3-2 3-1 3-0 2-0 1-1",
]


def plain_hand(leader: int = 0) -> PlainState:
    rules = PlainRules(PlainGame(), "plain", {}, 4)
    return rules.start_hand(HandStart([tiles(h) for h in DEAL], (), leader, lead_by_deal=False))


def run(state: TrickState[Any], *names: str) -> None:
    for name in names:
        state.apply(play(T(name)))


# --------------------------------------------------------------------------- the table
def test_a_trick_played_and_taken_on_the_table() -> None:
    table = TrickPlay(trump=-1)
    table = table.played(2, T("6-1"), HIGH[T("6-1")])
    assert (table.trick, table.suit, table.leader, table.playing) == (((2, T("6-1")),), 6, 2, True)
    for seat, tile in ((3, "5-0"), (0, "6-4"), (1, "6-2")):
        table = table.played(seat, T(tile), table.suit)
    assert table.leader == 2  # the leader stays until the trick is taken
    table = table.taken_by(0)
    assert (table.trick, table.suit, table.leader) == ((), -1, 0)
    assert table.last_winner == 0 and [NAMES[t] for _, t in table.last] == [
        "6-1",
        "5-0",
        "6-4",
        "6-2",
    ]
    assert table.won_by_seat(4) == (1, 0, 0, 0) and table.won_by((0, 1, 0, 1)) == (1, 0)
    assert table.face_up == mask_of(tiles("6-1 5-0 6-4 6-2"))


def test_a_counted_table_counts_the_tricks_and_the_tiles_face_up() -> None:
    # A TrickTable keeps its own count: a hand may give tricks without playing them (Loo's
    # uncontested hand), and a turn-up is face up before any trick.
    table = TrickTable(trump=5, won=(0, 0, 0), placed=BIT[T("5-3")])
    table = table.played(1, T("6-4"), 6).played(2, T("6-6"), 6).played(0, T("5-2"), 6)
    table = table.taken_by(0)
    assert table.won == table.won_by_seat(3) == (1, 0, 0)
    assert table.face_up == table.placed == mask_of(tiles("5-3 6-4 6-6 5-2"))
    assert table.but(won=(0, 5, 0)).won_by_seat(3) == (0, 5, 0)


def test_the_trick_winner_is_the_greatest_strength_the_first_of_equals() -> None:
    trick = ((1, T("4-2")), (2, T("6-0")), (3, T("4-3")), (0, T("1-0")))
    assert trick_winner(trick, lambda t: strength(t, 4)) == 3
    # Equal strengths: the first played takes it.
    assert trick_winner(((0, T("3-1")), (1, T("4-1"))), lambda t: 0) == 0


def test_the_tiles_that_follow_a_suit() -> None:
    assert follow_mask(tiles("6-6 6-1 5-1 1-0"), lambda t: follows(t, 6)) == mask_of(
        tiles("6-6 6-1")
    )
    assert follow_mask((), lambda t: True) == 0


# --------------------------------------------------------------------------- a plain hand
def test_a_plain_hand_on_the_layer_alone() -> None:
    state = plain_hand(leader=0)
    assert state.phase == Phase.PLAY and state.turn == 0 and state.public is state.history
    assert state.legal_actions() == [play(t) for t in tiles_of(mask_of(tiles(DEAL[0])))]
    out = state.apply(play(T("6-6")))
    assert (out.turn, out.scores, out.events) == (1, (), ())
    # Seat 1 holds sixes: it must follow.
    assert [str(a) for a in state.legal_actions()] == ["6-2", "6-3"]
    run(state, "6-3", "6-1")
    out = state.apply(play(T("5-0")))  # seat 3 holds no six
    assert out.events[0].kind == "trick" and out.events[0].seat == 0
    assert out.events[0].tiles == tuple(tiles("6-6 6-3 6-1 5-0"))
    assert out.scores[0].side == 0 and out.scores[0].points == 1 and out.scores[0].reason == "trick"
    assert state.turn == 0 and state.scores == [1, 0, 0, 0]
    assert [h.bit_count() for h in state.hands] == [6, 6, 6, 6]


def test_refusals_change_nothing() -> None:
    state = plain_hand()
    run(state, "6-6")
    key = state.search_key()
    with pytest.raises(IllegalAction, match=r"seat 1 must follow suit \(6s\)"):
        state.apply(play(T("0-0")))
    with pytest.raises(IllegalAction, match=r"seat 1 does not hold 5-5"):
        state.apply(play(T("5-5")))
    with pytest.raises(IllegalAction, match="a tile is played to the trick: it takes no end"):
        state.apply(Play(T("6-2"), "L"))
    with pytest.raises(IllegalAction, match=r"seat 2 is not to move \(seat 1 is\)"):
        state.apply(play(T("6-1")), seat=2)
    assert state.search_key() == key and len(state.history) == 1


def test_copies_and_worlds_are_their_own() -> None:
    state = plain_hand()
    run(state, "6-6")
    copy = state.copy()
    assert copy.public is copy.history and copy.history == state.history
    run(copy, "6-2")
    assert len(state.history) == 1 and state.turn == 1 and copy.turn == 2
    swapped = [state.hands[1], state.hands[0], *state.hands[2:]]
    world = state.with_world(swapped)
    assert world.hands == swapped and world.history == [] and world.table == state.table


def test_the_hand_ends_when_its_rules_say() -> None:
    state = plain_hand()
    while not state.over:
        state.apply(state.legal_actions()[0])
    assert state.phase == Phase.OVER and state.legal_actions() == []
    assert state.result is not None and sum(state.result.points) == 7
    with pytest.raises(IllegalAction, match="the hand is over"):
        state.apply(play(T("1-0")))


def test_the_hidden_facts_of_a_public_history() -> None:
    state = plain_hand()
    run(state, "6-6", "6-3", "6-1", "5-0")
    facts = state.rules.hidden_facts(state.observation(0))
    sixes = follow_mask(range(28), lambda u: follows(u, 6))
    # Seat 3 showed it held no six when it played 5-0 to a trick led by one.
    assert facts.timelines[3] == ((ACQUIRED, 7), (PLAYED, T("5-0")), (LACKS, sixes))
    assert facts.timelines[1] == ((ACQUIRED, 7), (PLAYED, T("6-3")))
    assert facts.unseen == DOUBLE_SIX.all_mask & ~state.hands[0] & ~state.table.face_up
    opening = state.rules.opening_table(state.table)
    assert state.rules.public_voids(state.public, opening) == [0, 0, 0, sixes]
    plays = [(s, NAMES[t], b.trick) for s, t, b in state.rules.trick_plays(state.public, opening)]
    assert plays[0] == (0, "6-6", ()) and plays[3][2] == (
        (0, T("6-6")),
        (1, T("6-3")),
        (2, T("6-1")),
    )


def test_the_tricks_told() -> None:
    state = plain_hand()
    rules = state.rules
    words, voice = rules.presenter, Voice.of(rules, 0)
    assert words.describe_action(play(T("6-6")), state.table) == "play [6|6] to lead"
    assert words.describe_move(Move(0, play(T("6-6"))), state.table, voice) == "You lead [6|6]."
    run(state, "6-6", "6-3", "6-1")
    before = state.table
    assert words.describe_move(Move(3, play(T("5-0"))), before, voice) == "Seat 3 plays [5|0]."
    run(state, "5-0")
    assert words.table_change(before, state.table, voice) == [
        "You take the trick (1 trick so far)."
    ]
    view = words.table(state.public, state.table)
    assert [(s.status, s.won) for s in view.seats] == [("stood", 1)] + [("stood", 0)] * 3
    assert (view.leader, view.last_winner, view.tricks, view.worth) == (
        0,
        0,
        7,
        "A trick scores 1.",
    )
    assert words.held(state, voice) == ["  Tricks won: you 1, seat 1 0, seat 2 0, seat 3 0"]


# --------------------------------------------------------------------------- the two games on it
def test_the_same_trick_on_texas_42s_table_and_domino_loos() -> None:
    """Both games move their tables by the layer's one transition: a lead sets the suit and
    the leader, the trick is taken once every seat in the hand has played, its winner leads."""
    loo = get_game("domino-loo").configure(players=3)
    texas = get_game("texas-42").configure()
    loo_table = LooTable.start(T("5-3"), 3, 1, False).but(leader=0, status=(1, 1, 1))
    # 42 with fives trumps named by N (0) after a bid of 30: the four play.
    texas_table = FortyTwoTable.start(3).but(
        high=Bid(30), bidder=0, declarer=0, declaration=Declare("suit", 5), trump=5, leader=0
    )
    for seat, tile in ((0, "6-4"), (1, "6-6"), (2, "5-2")):
        loo_table = loo.play_table(loo_table, seat, play(T(tile)))
        texas_table = texas.play_table(texas_table, seat, play(T(tile)))
    assert loo_table.trick == () and loo_table.last_winner == 2  # the trump took it
    assert texas_table.trick == ((0, T("6-4")), (1, T("6-6")), (2, T("5-2"))) and (
        texas_table.suit == 6 and texas_table.leader == 0
    )
    texas_table = texas.play_table(texas_table, 3, play(T("1-0")))
    assert texas_table.last_winner == 2 and texas_table.taken == (1 + 10, 0)  # 6-4 counts 10
    # The seat after the last to play, in the hand: nello's partner (2) sits out in 42.
    assert texas.next_to_play(texas_table.but(out=2), 1) == 3
    assert loo.next_to_play(loo_table.but(status=(1, 3, 1)), 0) == 2


def test_each_game_keeps_its_form_of_the_voids() -> None:
    """Texas 42 says what a seat lacks after each play that shows it; Domino Loo once, after
    the seat's plays, for the others' seats."""
    texas = get_game("texas-42").configure()
    assert texas.lacks_after_each_play
    loo = get_game("domino-loo").configure(players=2)
    assert not loo.lacks_after_each_play
    hands = [tiles("6-6 6-5 6-4 6-3 6-2"), tiles("5-5 5-4 5-3 5-2 5-1")]
    stock = [t for t in range(28) if not any(t in h for h in hands)]  # 0-0 up: blanks trumps
    state = loo.start_hand(HandStart(hands, stock, leader=0, lead_by_deal=False))
    for name in ("stand", "stand", "6-6", "5-1"):
        state.apply(loo.parse_action(name, state.observation(state.turn)))
    lacked = loo.public_voids(state.public, state.table.opening())[1]
    assert lacked & BIT[T("6-1")] and not lacked & BIT[T("5-1")]
    facts = loo.hidden_facts(state.observation(0))
    assert facts.timelines[1] == ((ACQUIRED, 5), (PLAYED, T("5-1")), (LACKS, lacked))
    assert loo.hidden_facts(state.observation(1)).timelines[1] == (
        (ACQUIRED, 5),
        (PLAYED, T("5-1")),
    )
