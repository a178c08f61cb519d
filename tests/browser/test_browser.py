"""The pages in a real browser: Playwright driving Debian's Chromium against a live server.

A person makes a table against the computer in the lobby and plays a whole hand by clicking; two
people play each other through their invite links; a reload in the middle of a hand resumes it;
a spectator is sent no hidden tile, in the page or in its messages. Without Chromium these tests
are skipped, unless ``BONEYARD_REQUIRE_BROWSER`` is set (as CI sets it). ``./test`` runs them (the
``browser`` mark) in a pytest process of their own, one after another: pytest-playwright's event
loop lives as long as its process, and on two cores a browser is faster alone.
"""

from __future__ import annotations

import contextlib
import json
import time
import urllib.request
from typing import Any

import pytest
from browserhelp import LiveServer, chromium_launch_args, live_server, require_chromium  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

require_chromium()

from playwright.sync_api import Browser, Page, WebSocket  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from boneyard.core.tiles import NAMES  # noqa: E402


# ----------------------------------------------------------------------------- helpers
def attr(page: Page, name: str) -> str:
    return page.get_attribute("body", f"data-{name}") or ""


def wait_turn_or_end(page: Page) -> bool:
    """Wait until it is this page's turn (true) or the hand is over (false)."""
    page.wait_for_selector(
        "body[data-turn=mine], body[data-status=between_hands], body[data-status=over]",
        state="attached",
    )
    return attr(page, "status") == "playing"


def click_a_move(page: Page) -> None:
    """Make one move by clicking: a highlighted tile of the hand (and, when it fits several ends,
    a highlighted end of the line), or a move's button. A forced draw or pass is left to the
    server, which makes it."""
    move = attr(page, "move")
    tiles = page.locator("#hand .tile.playable")
    buttons = page.locator("#moves button")
    try:
        if tiles.count():
            # While a tile is playable nothing moves but this player: the page stays as it is.
            tiles.first.click(timeout=5000)
            targets = page.locator(".end.target, .lead-target")
            chosen = page.locator("#moves button.chosen")
            if targets.count():
                targets.first.click(timeout=5000)
            elif chosen.count():
                chosen.first.click(timeout=5000)
        elif buttons.count() > 1 or (
            buttons.count() == 1
            and buttons.first.get_attribute("data-kind") not in ("draw", "pass")
        ):
            buttons.first.click(timeout=5000)
    except PlaywrightTimeout:
        return  # the table moved on meanwhile: look again
    try:
        page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached", timeout=10000)
    except PlaywrightTimeout:
        return  # the click met the page between two states (an end not yet lit): look again


def play_until_the_hand_ends(pages: list[Page], limit: int = 300) -> None:
    deadline = time.monotonic() + 180
    for _ in range(limit):
        assert time.monotonic() < deadline, "the hand did not end in 3 minutes"
        for page in pages:
            if attr(page, "status") != "playing":
                return
        mover = next((p for p in pages if attr(p, "turn") == "mine"), None)
        if mover is None:
            pages[0].wait_for_selector(
                "body[data-turn=mine], body[data-turn=other], body:not([data-status=playing])",
                state="attached",
            )
            time.sleep(0.05)
            continue
        click_a_move(mover)
    raise AssertionError("the hand did not end")


def words_of(tiles: set[str]) -> list[str]:
    out = []
    for name in tiles:
        a, b = (int(x) for x in name.split("-"))
        out += [f'"{a}-{b}"', f'"{b}-{a}"', f"[{max(a, b)}|{min(a, b)}]"]
    return out


ALL_TILES = {NAMES[t] for t in range(28)}


# ----------------------------------------------------------------------------- the tests
def test_the_lobby_says_each_levels_rating(page: Page, live: LiveServer) -> None:
    """A computer seat's levels carry their measured ratings (boneyard.players.ladder): the
    game's own where it was measured, two-player Block's, said so, where it was not."""
    from boneyard.players import ladder

    page.goto(live.url + "/")
    page.wait_for_selector("#game option[value=partnership]", state="attached")
    level = page.locator("#seats .seat-row:nth-child(2) .level")
    for game, suffix in (("partnership", ")"), ("draw", " in two-player Block)")):
        page.select_option("#game", game)
        for name in ("beginner", "casual", "strong", "expert"):
            found = ladder.rating(game, name)
            assert found is not None
            text = level.locator(f"option[value={name}]").inner_text()
            assert text == f"{name} (rating about {ladder.about(found.rating):,}{suffix}"


def test_a_person_plays_a_whole_hand_against_the_computer(page: Page, live: LiveServer) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.url + "/")
    page.wait_for_selector("#game option[value=draw]", state="attached")
    page.select_option("#game", "draw")
    page.fill("#seats .seat-row:nth-child(1) .name", "Ann <i>")
    page.select_option("#seats .seat-row:nth-child(2) .level", "greedy")
    page.fill("#target", "250")
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    assert page.locator("#invites input").count() == 1
    page.click("#go")
    page.wait_for_selector("body[data-conn=open][data-status]", state="attached")
    assert "#seat=" in page.url
    assert page.locator("#hand .tile").count() == 7
    assert page.locator(".seat.me .name").inner_text() == "Ann <i> (you)"
    play_until_the_hand_ends([page])
    assert attr(page, "status") == "between_hands"
    page.wait_for_selector("#reveal:not(.hidden)")
    page.click("#all-hands summary")
    assert page.locator("#reveal-hands li[data-seat]").count() == 2
    assert "Hand 1 is over" in page.inner_text("#result")
    assert page.locator("#sheet tbody tr").first.inner_text().startswith("1")
    # The next hand, by its button.
    page.click("#next-hand")
    page.wait_for_selector("body[data-hand='2'][data-status=playing]", state="attached")
    assert errors == []


def test_two_people_play_each_other_through_invite_links(
    browser: Browser, live: LiveServer
) -> None:
    made = live.create(
        {
            "game": "block",
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
        }
    )
    contexts = [browser.new_context(), browser.new_context()]
    pages = [c.new_page() for c in contexts]
    try:
        for page, seat in zip(pages, made["seats"], strict=True):
            page.goto(live.url + seat["invite"])
        for page in pages:
            page.wait_for_selector("body[data-conn=open][data-status=playing]", state="attached")
        mine = [
            set(p.locator("#hand .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)"))
            for p in pages
        ]
        assert len(mine[0]) == len(mine[1]) == 7 and not mine[0] & mine[1]
        assert [p.locator(".seat.me").get_attribute("data-seat") for p in pages] == ["0", "1"]
        # Chat, with a name and text that are only ever text.
        pages[0].fill("#chat-text", "<b>good luck</b>")
        pages[0].click("#chat-form button")
        pages[1].wait_for_selector("#chat-lines li")
        assert pages[1].inner_text("#chat-lines li") == "Ann:<b>good luck</b>"
        assert pages[1].locator("#chat-lines b").count() == 0
        play_until_the_hand_ends(pages)
        for page in pages:
            page.wait_for_selector("#reveal:not(.hidden)")
            assert attr(page, "status") == "between_hands"
    finally:
        for c in contexts:
            c.close()


def test_a_reload_in_the_middle_of_a_hand_resumes_it(page: Page, live: LiveServer) -> None:
    made = live.create(
        {
            "game": "draw",
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "computer", "level": "greedy"}],
            "seed": 5,
        }
    )
    page.goto(live.url + made["seats"][0]["invite"])
    page.wait_for_selector("body[data-conn=open][data-status=playing]", state="attached")
    for _ in range(2):
        assert wait_turn_or_end(page)
        click_a_move(page)
    assert wait_turn_or_end(page)
    before = {
        "move": attr(page, "move"),
        "tiles": page.locator("#hand .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)"),
        "line": page.locator("#line [data-tile]").evaluate_all("ts => ts.map(t => t.dataset.tile)"),
        "log": page.inner_text("#log"),
    }
    page.reload()
    page.wait_for_selector("body[data-conn=open][data-status=playing]", state="attached")
    assert wait_turn_or_end(page)
    after = {
        "move": attr(page, "move"),
        "tiles": page.locator("#hand .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)"),
        "line": page.locator("#line [data-tile]").evaluate_all("ts => ts.map(t => t.dataset.tile)"),
        "log": page.inner_text("#log"),
    }
    assert after == before
    click_a_move(page)


def test_a_practice_table_shows_hints_and_who_holds_what(page: Page, live: LiveServer) -> None:
    """The hint lists each move with its value and margin; the grid of who may hold each tile
    has a row per tile Ann cannot see and a column per other seat and the stock."""
    made = live.create(
        {
            "game": "draw",
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "computer", "level": "greedy"}],
            "seed": 3,
            "practice": True,
        }
    )
    page.goto(live.url + made["seats"][0]["invite"])
    page.wait_for_selector("body[data-conn=open][data-status=playing]", state="attached")
    assert wait_turn_or_end(page)
    page.click("#beliefs-button")
    page.wait_for_selector(".beliefs-grid tbody tr")
    heads = page.locator(".beliefs-grid thead th").all_inner_texts()
    assert heads[0] == "tile" and heads[-1] == "stock" and len(heads) == 3
    shown = len(page.locator("#hand .tile").all()) + len(page.locator("#line [data-tile]").all())
    assert page.locator(".beliefs-grid tbody tr").count() == 28 - shown
    assert "exact" in page.inner_text("#beliefs .note")
    if page.locator("#hint-button").count():
        page.click("#hint-button")
        page.wait_for_selector("#hints li")
        assert "worth" in page.inner_text("#hints")


def test_a_spectator_sees_no_hidden_tile(page: Page, live: LiveServer) -> None:
    made = live.create(
        {
            "game": "draw",
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
        }
    )
    frames: list[str] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", watch)
    page.goto(f"{live.url}/t/{made['id']}")
    page.wait_for_selector("body[data-conn=open][data-role=spectator]", state="attached")
    assert page.locator("#hand-area").is_hidden()
    port = live.url.rsplit(":", 1)[1]
    with contextlib.ExitStack() as stack:
        seats = [
            stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{made['id']}", open_timeout=10))
            for _ in range(2)
        ]
        states: list[dict[str, Any]] = [{}, {}]

        def recv(i: int) -> dict[str, Any]:
            message: dict[str, Any] = json.loads(seats[i].recv(timeout=10))
            if message["type"] == "state":
                states[i] = message
            return message

        for i, s in enumerate(made["seats"]):
            seats[i].send(json.dumps({"v": 1, "type": "hello", "token": s["token"]}))
            while recv(i)["type"] != "state":
                pass
        moves = 0
        while moves < 12 and states[0]["status"] == "playing":
            i = states[0]["turn"]
            s = states[i]
            if s["turn"] != i or not s["moves"]:
                recv(i)
                continue
            seats[i].send(
                json.dumps(
                    {"v": 1, "type": "move", "action": s["moves"][0]["action"], "seen": s["move"]}
                )
            )
            while recv(i)["type"] not in ("ack", "error"):
                pass
            for j in (0, 1):
                # Both seats' states up to date before the next choice.
                seats[j].send(json.dumps({"v": 1, "type": "ping", "id": 99}))
                while recv(j)["type"] != "pong":
                    pass
            moves += 1
        page.wait_for_selector(f"body[data-move='{states[0]['move']}']", state="attached")
        on_table = set(
            page.locator("#line [data-tile]").evaluate_all("ts => ts.map(t => t.dataset.tile)")
        )
        hidden = ALL_TILES - on_table
        assert hidden and len(on_table) >= 5
        # In the page: no tile but those on the table, nothing in a hand.
        assert page.locator("#hand .tile").count() == 0
        html = page.content()
        for name in hidden:
            assert f'data-tile="{name}"' not in html
            a, b = name.split("-")
            assert f"[{a}|{b}]" not in page.inner_text("body")
        # In every message the spectator was sent.
        assert frames and all(json.loads(f)["type"] in ("welcome", "state") for f in frames)
        leaked = [w for f in frames for w in words_of(hidden) if w in f]
        assert leaked == []
        assert all(json.loads(f).get("tiles", []) == [] for f in frames)


def test_domino_loo_by_clicking(page: Page, live: LiveServer) -> None:
    """Domino Loo in the page: the turn-up and trumps, taking the miss by its button, throwing a
    tile out by clicking it, the tricks played by clicking, and a reveal of tricks, not hands."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    made = live.create(
        {
            "game": "domino-loo",
            "seats": [
                {"kind": "person", "name": "Ann"},
                {"kind": "computer", "level": "greedy", "name": "Bob"},
                {"kind": "computer", "level": "greedy", "name": "Cy"},
            ],
            "seed": 5,
        }
    )
    page.goto(live.url + made["seats"][0]["invite"])
    page.wait_for_selector("body[data-conn=open][data-status=playing]", state="attached")
    assert wait_turn_or_end(page)
    page.wait_for_selector("#line .tricks-table [data-turnup]", state="attached")
    assert "Trumps:" in page.inner_text("#line")
    assert page.locator("#hand .tile").count() == 5
    assert "stand, take the miss or drop out" in page.inner_text("#turn")
    kinds = page.locator("#moves button").evaluate_all("bs => bs.map(b => b.dataset.kind)")
    assert kinds == ["stand", "miss", "drop"]
    dealt = set(page.locator("#hand .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)"))
    move = attr(page, "move")
    page.click("#moves button[data-kind=miss]")
    page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")
    assert wait_turn_or_end(page)
    assert page.locator("#hand .tile").count() == 6
    assert "throw out a tile" in page.inner_text("#turn")
    assert "took the miss" in page.inner_text(".seat.me")
    tiles = set(page.locator("#hand .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)"))
    assert not tiles & dealt
    thrown = page.locator("#hand .tile.playable").first.get_attribute("data-tile")
    assert thrown
    move = attr(page, "move")
    page.click(f"#hand .tile[data-tile='{thrown}']")
    page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")
    page.wait_for_function("document.querySelectorAll('#hand .tile').length === 5")
    assert page.locator(f"#hand .tile[data-tile='{thrown}']").count() == 0
    a, b = thrown.split("-")
    assert f"You discard [{a}|{b}]." in page.inner_text("#log")
    play_until_the_hand_ends([page])
    page.wait_for_selector("#reveal:not(.hidden)")
    assert "Tricks won" in page.inner_text("#result")
    page.wait_for_selector("#line [data-trick=last] [data-tile]", state="attached")
    page.click("#all-hands summary")
    seats = page.locator("#reveal-hands li[data-seat]")
    assert seats.count() == 3 and "trick" in seats.first.inner_text()
    # What was thrown out stays face down, even now.
    assert page.locator(f"#reveal [data-tile='{thrown}']").count() == 0
    assert errors == []


def test_mexican_train_from_the_lobby_by_clicking(page: Page, live: LiveServer) -> None:
    """Mexican Train made in the lobby with its options, then a whole hand by clicking: the engine
    in the hub, a train per player named after him and the Mexican train, tiles laid on the
    trains by clicking their ends."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.url + "/")
    page.wait_for_selector("#game option[value=mexican-train]", state="attached")
    page.select_option("#game", "mexican-train")
    assert page.locator("#options input[data-option=hand_size]").count() == 1  # typed: a table
    assert page.locator("#players option").count() == 7  # 2 to 8 players
    page.select_option("#players", "2")
    page.fill("#seats .seat-row:nth-child(1) .name", "Ann")
    page.select_option("#seats .seat-row:nth-child(2) .level", "greedy")
    page.click("#create details summary")
    # Every set of the option: the three usual ones and the two small ones (for research; a
    # deal that does not fit is refused when the table is made).
    assert page.locator("#options select[data-option=tile_set] option").count() == 5
    page.select_option("#options select[data-option=tile_set]", "double-nine")
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    page.click("#go")
    page.wait_for_selector("body[data-conn=open][data-status]", state="attached")
    # Double-nine's table deals 10 each for two (more if the engine 9-9 had to be drawn for).
    assert 10 <= page.locator("#hand .tile").count() <= 20
    play_until_the_hand_ends([page], limit=400)
    page.wait_for_selector("#reveal:not(.hidden)")
    trains = page.locator("#line svg.hub .train-name[data-train]").evaluate_all(
        "ts => ts.map(t => t.textContent)"
    )
    assert trains[0] == "T1 · Ann's train" and trains[-1] == "M · the Mexican train"
    assert len(trains) == 3
    # The trains are counted from 1 where a person reads them (the moves keep the notation's
    # T0, the first seat's train).
    ends = page.locator("#line svg.hub .end").evaluate_all(
        "es => es.map(e => [e.dataset.end, e.querySelector('text').textContent])"
    )
    assert [end for end, _ in ends] == ["T0", "T1", "M"]
    assert [label.split()[0] for _, label in ends] == ["T1", "T2", "M"]
    assert page.locator("#line svg.hub .engine").get_attribute("data-tile") == "9-9"
    assert page.locator("#line svg.hub .placed").count() > 1
    assert "Hand 1 is over" in page.inner_text("#result")
    assert errors == []


def test_a_private_table_and_its_life_in_the_page(page: Page, live: LiveServer) -> None:
    """Made private with a clock in the lobby; its creator gives a seat a new link and frees
    another; the person leaves and takes his seat back, resigns, and the rematch's button takes
    him to the new table in his seat; the tab's title says when it is his turn."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(live.url + "/")
    page.wait_for_selector("#game option[value=draw]", state="attached")
    page.select_option("#game", "draw")
    page.select_option("#players", "2")
    page.fill("#seats .seat-row:nth-child(1) .name", "Ann")
    page.select_option("#seats .seat-row:nth-child(2) .kind", "person")
    page.fill("#seats .seat-row:nth-child(2) .name", "Bob")
    page.check("#private")
    page.fill("#clock", "30")
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    page.click("#go")
    page.wait_for_selector("body[data-conn=open][data-status]", state="attached")
    table = page.url.split("/t/")[1].split("#")[0]
    with urllib.request.urlopen(f"{live.url}/api/tables") as r:
        assert table not in r.read().decode(), "a private table is not listed"
    assert "private" in page.inner_text("#title")
    mine = attr(page, "turn") == "mine"
    assert page.title().startswith("(Your turn)") == mine
    # The creator's tools: a new link for Bob's seat (the old one stops working), then his seat
    # freed (a computer plays it).
    bob = page.locator("#invites li[data-seat='1'] input")
    old = bob.input_value()
    page.click("#invites li[data-seat='1'] button.reissue")
    page.wait_for_function(
        "old => document.querySelector(\"#invites li[data-seat='1'] input\").value !== old", arg=old
    )
    page.click("#invites li[data-seat='1'] button.free")
    page.wait_for_selector(".seat[data-seat='1'] >> text=computer")
    # Away and back.
    page.click("#leave")
    page.wait_for_selector("#back:not(.hidden)")
    assert "away" in page.inner_text(".seat.me")
    page.click("#back")
    page.wait_for_selector("#leave:not(.hidden)")
    # Resign (two sides: Bob's wins at once), then a rematch with the same seats, in the same seat.
    page.click("#resign")
    page.wait_for_selector("body[data-status=over]", state="attached")
    page.click("#rematch")
    page.wait_for_url(lambda url: table not in url and "#seat=" in url)
    page.wait_for_selector("body[data-conn=open][data-status=playing]", state="attached")
    assert page.locator(".seat.me .name").inner_text() == "Ann (you)"
    assert errors == []


def test_a_person_plays_the_worked_examples_agent_at_a_browser_table(
    page: Page, tmp_path_factory: pytest.TempPathFactory, caplog: pytest.LogCaptureFixture
) -> None:
    """The agent of examples/train_block.py (trained briefly here), offered by the operator
    (``serve --agent``), chosen in the lobby by its short name, plays a person a hand."""
    import importlib.util
    import sys
    from pathlib import Path

    from boneyard.players.agents import resolve_agent
    from boneyard.research.env import make_rules
    from boneyard.research.env.policy import save_policy

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location(
        "train_block", root / "examples" / "train_block.py"
    )
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    sys.modules["train_block"] = example
    spec.loader.exec_module(example)
    policy, _ = example.train(hands=100, seed=3, report=100)
    folder = tmp_path_factory.mktemp("agent")
    path = save_policy(
        folder / "block.npz",
        make_rules("block", players=2),
        {"weights": policy.weights, "bias": policy.bias},
    )
    agent = resolve_agent(f"boneyard.research.env.policy:linear(path={path})")
    live = LiveServer(folder / "boneyard.db", agents=(agent,))
    try:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(live.url + "/")
        page.wait_for_selector("#game option[value=block]", state="attached")
        page.select_option("#game", "block")
        level = page.locator("#seats .seat-row:nth-child(2) .level")
        assert level.locator(f"option[value='{agent}']").inner_text() == "linear"
        level.select_option(agent)
        page.fill("#seats .seat-row:nth-child(1) .name", "Ann")
        page.click("#create-button")
        page.wait_for_selector("#created:not(.hidden)")
        page.click("#go")
        page.wait_for_selector("body[data-conn=open][data-status]", state="attached")
        assert page.locator(".seat:not(.me) .name").first.inner_text().startswith("Rosa")
        play_until_the_hand_ends([page])
        assert attr(page, "status") in ("between_hands", "over")
        assert errors == []
        # The agent chose every move itself (a computer that fails is logged, and moves first).
        assert not [r for r in caplog.records if "failed" in r.getMessage()]
    finally:
        live.stop()
