"""The same position gets the same hint in every front end, run after run (issue 17): the library,
the plain game in a process of its own, the full-screen game's session and a practice table of the
browser's server all show the values of :func:`boneyard.players.analysis.analyze` for it."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from fastapi.testclient import TestClient
from serverhelp import Player, create, table_of

from boneyard import get_game
from boneyard.apps.tui.session import Session
from boneyard.core.match import Match
from boneyard.players.analysis import analyze, menu_analysis, value_text
from boneyard.text.narration import YOU, menu

pytestmark = pytest.mark.timeout(120)

# Block dealt from seed 1: seat 1 holds 6-6 and must lead it, then the person (seat 0) chooses
# between 6-1, 6-2 and 6-5, a position every front end reaches whatever its computer players'
# seeds.
SEED = 1


def test_every_front_end_gives_the_same_values_for_the_same_position(client: TestClient) -> None:
    rules = get_game("block").configure(players=2)
    hand = Match(rules, seed=SEED).hand
    while hand.turn != YOU:
        (forced,) = hand.legal_actions()
        hand.apply(forced)
    obs = hand.observation(YOU)
    offered = menu(obs)
    assert len(offered) == 3, "choose another seed: the person must have a choice"
    library = menu_analysis(obs, analyze(obs))
    shown = [value_text(library[a].value, library[a].margin) for a in offered]

    # The plain game, in another process (another hash seed, nothing shared but the position).
    hinted = subprocess.run(
        [
            sys.executable,
            "-m",
            "boneyard",
            "play",
            "--plain",
            "block",
            "--seed",
            f"{SEED}",
            "--hints",
        ],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert hinted.returncode == 0, hinted.stderr
    assert re.findall(r"\[worth ([+-]\d+\.\d(?: ± \d+\.\d)?):", hinted.stdout)[:3] == shown

    # The full-screen game's session.
    session = Session(rules, seed=SEED)
    session.begin()
    while session.state.turn != YOU:
        session.apply_computer(session.state.turn, session.computer_move(session.state.turn))
    hints = session.analyse_moves()
    assert [(hints[a].value, hints[a].margin) for a in offered] == [
        (library[a].value, library[a].margin) for a in offered
    ]

    # A practice table of the browser's server (its own deal; its figures to two decimals): the
    # hint is the library's analysis of the position there.
    made = create(client, "block", practice=True, seed=SEED)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ann = Player(ws)
        ann.hello(made["seats"][0]["token"])
        while ann.wait_choice() and ann.state is not None and len(ann.state["moves"]) < 2:
            ann.play()
        assert ann.choosing(), "the hand ended before Ann had a choice: choose another seed"
        there = table_of(client, made["id"]).state.observation(YOU)
        ann.send(type="hint", id=1)
        reply = ann.until(lambda m: m["type"] in ("hint", "error"))
    assert reply["type"] == "hint", reply
    assert len(reply["moves"]) > 1
    assert sorted((m["value"], m["margin"]) for m in reply["moves"]) == sorted(
        (round(m.value, 2), round(m.margin, 2)) for m in menu_analysis(there).values()
    )
