"""Every game and rule set through every path a hand's start is rebuilt on (issue 14): a short
match of at least three hands on seeded deals, with computer players in every seat (seat 0 driven
through the person's side of the full-screen game's session), in which

- every hand is taken back, choice by choice through the session and move by move through the
  engine, to its start, each position equal field by field to the one reached going forward
  (the hands, the stock in order and how far it is drawn, the turn, the layout, the scores, the
  history, whatever a game keeps besides, and the legal actions), then replayed to its end;
- every hand is reviewed (with a small fixed analysis budget), over exactly the decisions seat 0
  had;
- the match is saved and resumed after every hand and after its end: the totals and the winner are
  the score sheet's, and resuming a finished match changes nothing;

and, in the plain game, a scripted match with ``--review`` and ``--hints`` runs to its end."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from boneyard import get_game
from boneyard.apps.cli import build_app
from boneyard.apps.plain import TerminalGame
from boneyard.apps.tui.session import Session
from boneyard.core.actions import Muggins
from boneyard.core.record import match_to_record
from boneyard.core.tiles import tile_set
from boneyard.games.line.rules import LineRules
from boneyard.players.analysis import EFFORT_VARIABLE
from boneyard.text.narration import YOU
from matchpaths import (
    RULE_SETS,
    TEST_EFFORT,
    differences,
    fast_agent,
    play_out,
    players,
    short_match,
    snapshot,
)

IDS = [f"{game}-{rule_set}" for game, rule_set in RULE_SETS]


@pytest.fixture(autouse=True)
def small_analysis_effort(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(EFFORT_VARIABLE, TEST_EFFORT)


def _apply(session: Session, action: Any) -> None:
    """One move through the session: the person's side for seat 0, the computer's for the
    others."""
    state = session.state
    if state.turn == YOU:
        session.play(action)
    else:
        session.apply_computer(state.turn, action)


def _same(state: Any, expected: dict[str, Any], where: str) -> None:
    got = snapshot(state)
    assert got == expected, f"{where}:\n" + "\n".join(differences(got, expected))


def _decisions(snapshots: list[dict[str, Any]], actions: list[Any]) -> int:
    """How many choices seat 0 had in a hand (the positions a review analyses)."""
    return sum(
        1
        for before, action in zip(snapshots, actions, strict=False)
        if before["turn"] == YOU and before["distinct"] > 1 and type(action) is not Muggins
    )


def _sheet_totals(session: Session) -> list[float]:
    rows = session.match.score_sheet()
    return list(rows[-1][2]) if rows else [0.0] * len(session.rules.sides)


def _sheet_winner(rules: LineRules, totals: list[float], hands: int, winner: int | None) -> bool:
    """Whether ``winner`` is the winner the score sheet's totals give: a side exactly on the
    target where it must be hit exactly (two may be, the first to reach it wins), else the one
    the rules end a match with."""
    if rules.target_exact:
        return winner is not None and totals[winner] == rules.target_score
    return winner == rules.match_end(totals, hands)[1]


def _save_and_resume(session: Session) -> None:
    """Save the match as its record and resume it (with the seed of its deals, and without):
    the totals and the winner are the score sheet's; the position is the same."""
    record = json.loads(json.dumps(session.to_record()))
    totals = _sheet_totals(session)
    assert session.match.totals == totals
    if session.match.over:
        hands = len(session.match.score_sheet())
        assert _sheet_winner(session.rules, totals, hands, session.match.winner)
    else:
        assert session.match.winner is None
    resumed = Session.resume(record)
    assert resumed.match.totals == totals
    assert resumed.match.over == session.match.over
    assert resumed.match.winner == session.match.winner
    _same(resumed.state, snapshot(session.state), "resumed")
    assert resumed.to_record()["hands"] == record["hands"]
    # A record dealt from another seed (or none): the hands so far are the record's.
    del record["meta"]
    other = Session.resume(record)
    assert other.match.totals == totals and other.match.winner == session.match.winner
    assert [h.history for h in other.match.hands[: len(record["hands"])]] == [
        h.history for h in session.match.hands[: len(record["hands"])]
    ]
    if session.match.over:
        # A finished match resumed in the plain game: said to be over, the sheet shown,
        # nothing played or scored.
        out = io.StringIO()
        game = TerminalGame(session.rules, io.StringIO(""), out)
        game.match = resumed.match
        assert game.run() == "over"
        assert "This match is over" in out.getvalue()
        assert resumed.match.totals == totals
        assert match_to_record(resumed.match)["hands"] == record["hands"]


@pytest.mark.parametrize(("game", "rule_set"), RULE_SETS, ids=IDS)
def test_every_hand_taken_back_replayed_reviewed_saved_and_resumed(
    game: str, rule_set: str
) -> None:
    rules, seed, _ = short_match(game, rule_set)
    session = Session(rules, opponents=[fast_agent(rules)], seed=seed)
    session.begin()
    agent, rngs = players(rules, seed)
    while not session.match.over:
        number = session.number
        state = session.state
        actions, forward = play_out(state, agent, rngs)
        where = f"hand {number}"
        assert len(actions) >= 1
        # Forward through the session to the last move, noting seat 0's choices.
        choices = []
        for i, action in enumerate(actions[:-1]):
            if session.state.turn == YOU and len(session.moves()) > 1:
                choices.append(i)
            _apply(session, action)
            _same(session.state, forward[i + 1], f"{where}, after move {i + 1}")
        # Taken back choice by choice, the last first: each time seat 0 is to choose again,
        # exactly as then.
        while session.take_back():
            back = len(session.state.history)
            assert back == choices.pop(), f"{where}: taken back to move {back}"
            _same(session.state, forward[back], f"{where}, taken back to move {back}")
            assert session.state.turn == YOU and len(session.moves()) > 1
        assert choices == [], f"{where}: choices at moves {choices} were not taken back"
        # And replayed to its end.
        for i in range(len(session.state.history), len(actions)):
            _apply(session, actions[i])
            _same(session.state, forward[i + 1], f"{where}, replayed move {i + 1}")
        assert session.state.over
        # The engine: the hand rebuilt from its start at every move is the one played.
        for n in range(len(actions) + 1):
            again = session.state.replay_to(n) if n else session.state.restart()
            _same(again, forward[n], f"{where}, rebuilt at move {n}")
        review = session.review_of(number - 1)
        decisions = int(re.findall(r"over (\d+) decisions?\b", review)[-1])
        assert review.startswith(f"Review of your moves in hand {number}:")
        assert decisions == _decisions(forward, actions), review
        session.finish_hand()
        _save_and_resume(session)
    assert len(session.match.hands) >= 3


@pytest.mark.parametrize(("game", "rule_set"), RULE_SETS, ids=IDS)
def test_a_scripted_plain_match_with_review_and_hints(game: str, rule_set: str) -> None:
    # On the smallest set the game is laid out for (Mexican Train's double-nine): shorter hands,
    # and the hints' reading of the hidden tiles is quicker.
    sets = get_game(game).set_defaults
    smallest = min(sets, key=lambda name: tile_set(name).size) if sets else None
    rules, seed, changed = short_match(game, rule_set, tile_set=smallest)
    options = [f"-o{k}={v}" for k, v in changed.items()]
    result = CliRunner().invoke(
        build_app(),
        [
            "play",
            "--plain",
            game,
            "--rules",
            rule_set,
            *options,
            "--players",
            str(rules.players),
            "--opponent",
            fast_agent(rules),
            "--seed",
            str(seed),
            "--review",
            "--hints",
        ],
        # The first move offered, every time (and, where scores are claimed, no claim).
        input=("1\n\n" if rules.claims else "1\n") * 3000,
    )
    assert result.exception is None, result.output[-3000:]
    assert result.exit_code == 0
    out = result.output
    assert "Traceback" not in out
    assert "Match over" in out.split("Score sheet")[-1]
    hands = len(re.findall(r"^=== Hand \d+ ===$", out, re.M))
    assert len(re.findall(r"^Review of your moves in hand \d+:$", out, re.M)) == hands
    assert "<- hint" in out
