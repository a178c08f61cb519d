"""The action contract (boneyard.core.actions.Action): every action every game offers is written
as its notation reads it back and recorded as its record move reads it back; what a discard hides
stays hidden; a game's own kinds are listed by its rules and defined in its folder."""

from __future__ import annotations

import random

import pytest

from boneyard.core.actions import DRAW, PASS, SHARED_KINDS, Action, Draw, Muggins, Play
from boneyard.core.match import Match
from boneyard.core.notation import NotationError, parse_action
from boneyard.core.record import parse_move
from boneyard.core.tiles import parse_tile as T
from boneyard.games import GAMES
from boneyard.games.loo.actions import DROP, MISS, STAND
from boneyard.games.tricks.actions import HIDDEN_DISCARD, Bid, Declare, Discard

EVERY_RULE_SET = [(g, r) for g, game in GAMES.items() for r in game.rule_sets]


@pytest.mark.parametrize(("game", "rule_set"), EVERY_RULE_SET)
def test_every_offered_action_round_trips(game: str, rule_set: str) -> None:
    """Two random hands of each rule set: every legal action of the seat to move is read back
    from its notation (the same move: the rules' own normalisation of both is one) and from its
    record move; its kind is a shared one or one of the game's."""
    rules = GAMES[game].configure(rule_set)
    kinds = (*SHARED_KINDS, *rules.action_kinds)
    rng = random.Random(7)
    seen = 0
    for h in range(2):
        state = Match(rules, rng=random.Random(h)).hand
        while not state.over:
            view = state.observation(state.turn)
            for action in view.legal_actions:
                assert isinstance(action, kinds)
                read = rules.parse_action(action.notation(), view)
                assert state.normalize(read) == state.normalize(action), action
                if not isinstance(action, Draw):
                    recorded = parse_move(state, action.to_record(state.turn))
                    assert state.normalize(recorded) == state.normalize(action), action
                seen += 1
            state.apply(rng.choice(state.legal_actions()))
    assert seen > 0


def test_the_games_own_kinds_live_in_their_folders() -> None:
    """A game's own kinds live in its folder, or in a layer of games that several share (the
    trick layer's bids, declarations and discards), never in another game's folder."""

    def folder(module: str) -> str:
        return module.split(".")[2]

    games = {folder(g.rules_class.__module__) for g in GAMES.values()}
    for game in GAMES.values():
        own = folder(game.rules_class.__module__)
        for kind in game.rules_class.action_kinds:
            assert kind.__module__.startswith("boneyard.games.")
            where = folder(kind.__module__)
            assert where == own or where not in games, (game.id, kind)
            assert kind not in SHARED_KINDS and kind.kind
    texas = GAMES["texas-42"].rules_class.action_kinds
    loo = GAMES["domino-loo"].rules_class.action_kinds
    assert {k.kind for k in texas} == {"bid", "declare"}
    assert {k.kind for k in loo} == {"stand", "miss", "drop", "discard"}
    assert {k.kind for k in SHARED_KINDS} == {"play", "draw", "pass", "muggins"}


def test_notation_narration_and_tile_of_each_kind() -> None:
    six_four = T("6-4")
    cases: list[tuple[Action, str, tuple[str, dict[str, object]], int | None]] = [
        (Play(six_four, "R"), "6-4 R", ("play", {"tile": "6-4", "end": "R"}), six_four),
        # A lead with 4 toward L and 6 toward R: written as laid.
        (Play(six_four, None, 6), "4-6", ("lead", {"tile": "6-4", "open": 6}), six_four),
        (
            Play(T("5-2"), "R", 5),
            "5-2 R 5",
            ("play", {"tile": "5-2", "end": "R", "open": 5}),
            T("5-2"),
        ),
        (DRAW, "draw", ("draw", {}), None),
        (PASS, "pass", ("pass", {}), None),
        (Muggins(10), "muggins 10", ("muggins", {"points": 10}), None),
        (Bid(30), "bid 30", ("bid", {"points": 30, "marks": 1}), None),
        (
            Bid(168, "plunge"),
            "bid 168 plunge",
            ("bid", {"points": 168, "marks": 4, "contract": "plunge"}),
            None,
        ),
        (Declare("suit", 6), "trumps 6", ("declare", {"contract": "suit", "trump": 6}), None),
        (
            Declare("nello", doubles="own_suit"),
            "nello doubles own-suit",
            ("declare", {"contract": "nello", "doubles": "own_suit"}),
            None,
        ),
        (STAND, "stand", ("stand", {}), None),
        (MISS, "miss", ("miss", {}), None),
        (DROP, "drop", ("drop", {}), None),
        (Discard(six_four), "discard 6-4", ("discard", {"tile": "6-4"}), six_four),
    ]
    for action, notation, narration, tile in cases:
        assert (action.notation(), action.narration(), action.tile) == (notation, narration, tile)


def test_only_a_discard_hides_something_from_the_others() -> None:
    assert Discard(T("6-4")).public() == HIDDEN_DISCARD and HIDDEN_DISCARD.tile is None
    for action in (Play(T("6-4"), "R"), DRAW, PASS, Muggins(5), Bid(30), Declare("doubles"), STAND):
        assert action.public() is action
    with pytest.raises(ValueError, match="a hidden discard cannot be written to a record"):
        HIDDEN_DISCARD.to_record(0)


def test_a_games_words_are_read_only_in_that_game() -> None:
    """``bid 30`` is Texas 42's: in the block game it names nothing; a malformed bid says how a
    bid is written."""
    texas = Match(GAMES["texas-42"].configure(), seed=1).hand
    view = texas.observation(texas.turn)
    assert texas.rules.parse_action("bid 30", view) == Bid(30)
    assert texas.rules.parse_action("trumps 6", view) == Declare("suit", 6)
    with pytest.raises(NotationError, match="Write a bid as bid 30"):
        texas.rules.parse_action("bid thirty", view)
    block = Match(GAMES["block"].configure(players=2), seed=1).hand
    with pytest.raises(NotationError, match="Cannot understand 'bid 30'"):
        parse_action("bid 30", block.observation(block.turn))


def test_a_record_move_of_another_games_kind_is_refused_by_name() -> None:
    """A block hand's record move reads through block's kinds: Domino Loo's ``stand`` is no move
    of it; a move holding none of any game's kinds lists them all."""
    state = Match(GAMES["block"].configure(players=2), seed=1).hand
    with pytest.raises(ValueError, match=r"^block has no stand move$"):
        parse_move(state, {"seat": state.turn, "stand": True})
    with pytest.raises(ValueError, match="exactly one of play, draw, pass, muggins, discard, drop"):
        parse_move(state, {"seat": state.turn, "fly": True})
    texas = Match(GAMES["texas-42"].configure(), seed=1).hand
    assert parse_move(texas, {"seat": texas.turn, "bid": 30}) == Bid(30)
    with pytest.raises(ValueError, match=r"unexpected field\(s\) trump in a bid move"):
        parse_move(texas, {"seat": texas.turn, "bid": 30, "trump": 6})
