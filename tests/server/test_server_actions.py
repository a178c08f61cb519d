"""A move on the wire (docs/server.md): its kind and its notation, both ways, for every kind of
action, the games' own kinds included, without the server knowing any game's action class."""

from __future__ import annotations

import pytest

from boneyard.apps.server.messages import ActionIn
from boneyard.apps.server.table import action_from_json, action_json, action_out
from boneyard.core.actions import DRAW, PASS, Muggins, Play
from boneyard.core.match import Match
from boneyard.core.protocol import GameState, HandStart
from boneyard.core.tiles import parse_tile as T
from boneyard.games import get_game
from boneyard.games.loo.actions import MISS, STAND
from boneyard.games.tricks.actions import Bid, Declare, Discard


def foster_lead() -> GameState:
    """Muggins under Foster's rules (scores are claimed): seat 0 holds the highest double, 5-5,
    and leads it; 5 + 5 = 10 at the two ends, a count it may claim."""
    rules = get_game("muggins").configure(rules="foster", players=2)
    deal = [
        [T(t) for t in ["5-5", "6-4", "3-2", "1-0", "2-2", "6-0", "4-3"]],
        [T(t) for t in ["6-3", "4-1", "3-1", "5-1", "2-0", "6-1", "4-0"]],
    ]
    stock = [t for t in range(28) if not any(t in h for h in deal)]
    return rules.start_hand(HandStart(deal, stock))


def test_every_kind_is_its_kind_and_its_notation() -> None:
    assert action_json(Play(T("6-4"), "R")) == ActionIn(kind="play", notation="6-4 R")
    assert action_json(DRAW) == ActionIn(kind="draw", notation="draw")
    assert action_json(PASS) == ActionIn(kind="pass", notation="pass")
    assert action_json(Muggins(10)) == ActionIn(kind="muggins", notation="muggins 10")
    assert action_json(Bid(84, "plunge")) == ActionIn(kind="bid", notation="bid 84 plunge")
    assert action_json(Declare("suit", 6)) == ActionIn(kind="declare", notation="trumps 6")
    assert action_json(MISS) == ActionIn(kind="miss", notation="miss")
    assert action_json(Discard(T("6-0"))) == ActionIn(kind="discard", notation="discard 6-0")


def test_an_offered_move_names_the_tile_it_takes_and_the_end() -> None:
    out = action_out(Play(T("6-4"), "R"), "6-4 at R")
    assert (out.tile, out.end, out.text) == ("6-4", "R", "6-4 at R")
    # A lead written as laid (4 toward L, 6 toward R) takes the tile 6-4, at no end.
    lead = action_out(Play(T("6-4"), None, 6), "lead")
    assert (lead.action.notation, lead.tile, lead.end) == ("4-6", "6-4", None)
    assert action_out(Discard(T("6-0")), "discard").tile == "6-0"
    assert (action_out(STAND, "stand").tile, action_out(Bid(30), "bid").tile) == (None, None)


def test_a_claim_is_written_after_the_plays_notation() -> None:
    state = foster_lead()
    assert Play(T("5-5"), claim=10) in state.legal_actions()
    claimed = action_from_json(state, 0, ActionIn(kind="play", notation="5-5 10"))
    assert claimed == Play(T("5-5"), claim=10)
    plain = action_from_json(state, 0, ActionIn(kind="play", notation="5-5"))
    assert plain == Play(T("5-5")) and plain.claim is None


@pytest.mark.parametrize(
    ("game", "notation", "kind", "expected"),
    [
        ("texas-42", "bid 30", "bid", Bid(30)),
        ("texas-42", "pass", "pass", PASS),
        ("domino-loo", "stand", "stand", STAND),
        ("domino-loo", "miss", "miss", MISS),
    ],
)
def test_a_games_own_moves_are_read_by_its_notation(
    game: str, notation: str, kind: str, expected: object
) -> None:
    rules = get_game(game).configure()
    state = Match(rules, seed=1).hand
    action = action_from_json(state, state.turn, ActionIn(kind=kind, notation=notation))
    assert action == expected


def test_a_notation_of_another_kind_is_refused() -> None:
    state = foster_lead()
    with pytest.raises(ValueError, match="'5-5' is a play move, not a draw move"):
        action_from_json(state, 0, ActionIn(kind="draw", notation="5-5"))
    with pytest.raises(ValueError, match="Cannot understand 'fly'"):
        action_from_json(state, 0, ActionIn(kind="play", notation="fly"))
