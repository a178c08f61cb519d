"""The browser's log told for each reader, for every game, rule set and player count in the
registry: a seat reads "you" about itself and the others' names, never its own name, in the log,
the end-of-hand panel, the score sheet and the winner; a spectator reads names only; and an illegal
move is refused in the words of the seat that tried it.

Every seat is a person with a name (Ann, Bob...), so each has its own log; a computer player makes
their moves through :class:`boneyard.server.table.Table` itself, as the server does, in matches
short enough to end within a hand or two."""

from __future__ import annotations

import random
import re

import pytest

from boneyard.actions import Play
from boneyard.agents import make_agent
from boneyard.server.table import Seat, Table
from boneyard.state import IllegalAction
from boneyard.tiles import BIT
from wording import CONFIGS, about_reader, faults, short_match

NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.mark.parametrize(("game_id", "rule_set", "players"), CONFIGS)
def test_each_reader_reads_its_own_log(game_id: str, rule_set: str, players: int) -> None:
    rules = short_match(game_id, rule_set, players)
    names = NAMES[:players]
    seats = [Seat(s, "person", names[s], None, None) for s in range(players)]
    table = Table.new("words", rules, seats, seed=players)
    agent, rng = make_agent("random"), random.Random(players)
    refused: dict[int, list[str]] = {s: [] for s in range(players)}
    for _ in range(2):
        state = table.state
        while not state.over:
            seat = state.turn
            missing = next(t for t in range(rules.tiles.size) if not state.hands[seat] & BIT[t])
            try:
                table.check(seat, Play(missing, None))
            except IllegalAction as e:
                refused[seat].append(table.voice(seat).tell(str(e)))
            table.apply(seat, agent.choose(state.observation(seat), rng))
        if table.match.over:
            break
        table.deal_next()
    assert any(refused.values())
    for reader in [*range(players), None]:
        log = "\n".join(e.for_reader(reader) for e in table.log)
        view = table.view(reader)
        panel = view.reveal.result if view.reveal is not None else []
        assert panel, "the end of the last hand is shown"
        sheet = view.sheet
        rows = [text for row in sheet.rows for text in (row.ended, *row.notes)]
        told = [log, view.winner or "", *panel, *sheet.sides, sheet.text, *rows]
        text = "\n".join([*told, *refused.get(reader, [])] if reader is not None else told)
        assert faults(text, names) == [], text
        if reader is None:
            assert not re.search(r"\b[Ss]eats? \d", text), text
            play = text[text.index("=== Hand 1 ===") :]
            assert not re.search(r"\b[Yy]ou\b|\b[Yy]our\b", play), play
        else:
            assert about_reader(text, reader, names[reader]) == [], text
            assert re.search(r"\b[Yy]ou\b", text)
    if table.match.over:
        assert table.view(0).winner != table.view(None).winner
