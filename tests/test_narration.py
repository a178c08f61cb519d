"""One narration: the plain terminal game and the browser's log tell the same hands in the same
sentences, for every game and rule set in the registry.

A short match of each configuration is played in the plain game (the person's moves chosen by a
seeded random player typing their numbers and claims, the others random agents), recorded, and
the record is played again through a server table (:meth:`Table.restore`, as the server does after
a restart) whose seat 0 is a person and the others computers. What the browser's log tells seat 0
must be, line for line, what the plain game printed about the match: the rules, every hand's start,
every move (why it scored, a trick taken, a partner out), every hand's end and the winner. The
plain game prints more around them (the table before each of your turns, your hand, your moves,
the score sheet): those lines are its own, and are set aside by what they open with.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from boneyard.apps.plain import TerminalGame
from boneyard.apps.server.store import StoredHand, StoredSeat, StoredTable
from boneyard.apps.server.table import Table
from boneyard.core.actions import Play
from boneyard.core.record import match_to_record
from boneyard.games import GAMES
from boneyard.games.line.rules import LineRules
from boneyard.players.agents import make_agent
from boneyard.text.narration import YOU, menu
from wording import short_match

CONFIGS = [(game.id, rule_set) for game in GAMES.values() for rule_set in game.rule_sets]


class Person(io.TextIOBase):
    """The person at seat 0 of a plain game: each line read is the number of a move a random
    player chose, with its claim where scores are claimed."""

    def __init__(self, seed: int) -> None:
        self.game: TerminalGame | None = None
        self.agent = make_agent("random")
        self.rng = random.Random(seed)

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        assert self.game is not None
        state = self.game.match.hand
        obs = state.observation(YOU)
        action = self.agent.choose(obs, self.rng)
        offered = menu(obs)
        # The entry for the move (a lead either way round, a tile at either of two alike ends).
        number = next(
            i for i, a in enumerate(offered, 1) if obs.rules.same_move(a, action, obs.table)
        )
        if isinstance(action, Play) and action.claim is not None:
            return f"{number} {action.claim}\n"
        return f"{number} 0\n" if state.rules.claims and isinstance(action, Play) else f"{number}\n"


# What the plain game prints besides the narration: the view before each of the person's turns
# (from its heading to the person's hand), the person's hand and moves, the prompts, the score
# sheet after each hand, and its own words around the match.
VIEW_START = re.compile(r"^--- Hand \d+, your turn ---$")
OWN = re.compile(
    r"^(Your hand: |Your moves:$|Your turn: |\s+\d+\) |Your move \(|You play (with|against) "
    r"|Type \? for help"
    r"|\(Type review )"
)
SHEET_ROW = re.compile(r"^(hand |pool |total |won |bal\. |\s+\d+ )")


def plain_narration(text: str, rules: LineRules) -> list[str]:
    """The lines of a plain game's transcript that tell the match (see the module)."""
    titles = ("Score sheet (", "Debits (", "Pools (")
    out: list[str] = []
    lines = iter(text.splitlines())
    for line in lines:
        if VIEW_START.match(line):
            for inner in lines:
                if inner.startswith("Your hand: "):
                    break
            continue
        if line.startswith(titles):
            continue  # a score sheet: its rows follow
        if not line.strip() or OWN.match(line) or SHEET_ROW.match(line):
            continue
        out.append(line)
    return out


def browser_narration(
    record: dict[str, object], rules: LineRules, names: Sequence[str]
) -> list[str]:
    """The browser's log of the record's match as seat 0 reads it, the seats called ``names``
    (as the terminal calls them)."""
    n = rules.players
    when = datetime(2025, 1, 1, tzinfo=UTC)
    hands = record["hands"]
    assert isinstance(hands, list)
    stored = StoredTable(
        id="same",
        game=rules.game.id,
        rule_set=rules.rule_set,
        options=rules.options.to_json(),
        players=n,
        practice=False,
        seed=None,
        status="over",
        winner=None,
        created=when,
        updated=when,
        seats=[
            StoredSeat(s, "person", names[s], None, None, True)
            if s == YOU
            else StoredSeat(s, "computer", names[s], "greedy", None, True)
            for s in range(n)
        ],
    )
    for number, hand in enumerate(hands, 1):
        deal = {k: v for k, v in hand.items() if k not in ("moves", "result")}
        stored.hands.append(StoredHand(number, deal, hand["moves"]))
    table = Table.restore(stored)
    return [e.for_reader(YOU) for e in table.log if e.for_reader(YOU).strip()]


@pytest.mark.parametrize(("game_id", "rule_set"), CONFIGS)
def test_the_plain_game_and_the_browser_tell_the_same_sentences(
    game_id: str, rule_set: str
) -> None:
    rules = short_match(game_id, rule_set, GAMES[game_id].players_for(rule_set))
    person = Person(seed=7)
    out = io.StringIO()
    game = TerminalGame(rules, person, out, opponents=["random"], seed=7, echo=True)
    person.game = game
    assert game.run() == "over"
    record = match_to_record(game.match, game.record_players())
    plain = plain_narration(out.getvalue(), rules)
    # The draw for the first lead is not in a record: the browser cannot tell it again.
    drawn = [line for line in plain if line.startswith("Drawing for ")]
    assert len(drawn) <= 1
    plain = [line for line in plain if line not in drawn]
    browser = browser_narration(record, rules, game.voice.names)
    assert browser == plain
    # Every move of the match is told, each in a sentence of its own.
    moves = sum(len(h["moves"]) for h in record["hands"])
    names = "|".join(game.voice.subject(s) for s in range(rules.players))
    told = [line for line in plain if re.match(rf"^({names}) ", line) and "." in line]
    assert len(told) >= moves
