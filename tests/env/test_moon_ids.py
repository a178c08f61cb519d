"""Moon's research action ids, pinned (docs/games/moon.md, "Actions, records and research ids")."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from boneyard.core.actions import DRAW, PASS, Muggins, play
from boneyard.games import get_game
from boneyard.games.moon.rules import SHOOT
from boneyard.games.tricks.actions import Bid, Declare, Discard
from boneyard.research.env.encoding import Codec
from conftest import T


@pytest.mark.parametrize("rule_set", ["pagat", "fosdick"])
def test_moons_actions_keep_their_ids(rule_set: str) -> None:
    """28 tiles x 1 slot x 2 variants = 56 play ids (0 to 55); draw, pass, muggins 56 to 58; a
    discard per tile, 59 + tile (59 to 86); then the phase actions from 87: the bids 4 to 7
    (87 to 90), the moon (91), trumps 0 to 6 (92 to 98), doubles (99), follow-me (100): 101."""
    rules = get_game("moon").configure(rule_set)
    assert rules.action_kinds == (Bid, Declare, Discard)
    codec = Codec(rules)
    assert codec.play_actions == 28 * 1 * 2 == 56
    assert codec.phase_offset == 56 + 3 + 28 == 87 and codec.num_actions == 87 + 14 == 101
    pinned = {
        play(T("6-4")): 25 * 2,
        DRAW: 56,
        PASS: 57,
        Muggins(0): 58,
        Discard(T("0-0")): 59,
        Discard(T("6-4")): 59 + 25,
        Discard(T("6-6")): 59 + 27,
        Bid(4): 87,
        Bid(7): 90,
        SHOOT: 91,
        Declare("suit", 0): 92,
        Declare("suit", 6): 98,
        Declare("doubles"): 99,
        Declare("follow_me"): 100,
    }
    assert {a: codec.action_id(a, None) for a in pinned} == pinned
    assert codec.action_name(91) == "bid moon (21)" and codec.action_name(84) == "discard 6-4"
