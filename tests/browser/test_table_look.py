"""The table's look at the sizes people use: every game of the registry at 1280x800 (a laptop) and
390x844 (a phone), after a scripted hand with as many players as the game takes and long names.

Nothing overflows sideways, no two tiles on the table overlap, the line stays in view; the lobby
too. Each page is kept as a screenshot in ``BONEYARD_SCREENSHOTS`` (default
``test-artefacts/screens``, which git ignores) for a person to look at.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserhelp import LiveServer, chromium_launch_args, live_server, require_chromium  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

require_chromium()

from playwright.sync_api import Page  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from boneyard.games import GAMES, get_game  # noqa: E402

SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
SCREENS = Path(os.environ.get("BONEYARD_SCREENSHOTS", "test-artefacts/screens"))
NAMES = [  # as long as a name may be (24 characters)
    "Maximiliana Wolfeschlegl",
    "Bartholomew Featherstone",
    "Anastasia Vandermeulen-V",
    "Konstantinos Papadopoulo",
    "Guillermina Castellanosa",
    "Oluwaseun Adebayo-Smithe",
    "Wilhelmina Ravenscrofter",
    "Aleksandr Tchaikovskiyev",
]

# Where two rectangles of the page overlap by more than a hair (the browser rounds).
OVERLAPS = """
(sel) => {
  const rects = [...document.querySelectorAll(sel)]
    .map((e) => [e.dataset.tile, e.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) {
    const [a, r] = rects[i], [b, q] = rects[j];
    const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
    const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    if (w > 1 && h > 1) out.push(`${a} over ${b} by ${w.toFixed(0)}x${h.toFixed(0)} px`);
  }
  return out;
}
"""
SIDEWAYS = """
() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll("body *")]
    .filter((e) => e.getBoundingClientRect().right > width + 1 && e.getClientRects().length)
    .filter((e) => !e.closest(".scroll-x"))
    .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className.baseVal ?? e.className}`);
  return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5)};
}
"""


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose computers move at once: the scripted hands go fast."""
    server = LiveServer(
        tmp_path_factory.mktemp("layout") / "boneyard.db",
        computer_delay=0,
        forced_delay=0.02,
        create_burst=1000,
    )
    yield server
    server.stop()


def play_a_hand(live: LiveServer, game_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table of the game with its most players, the person in seat 0 playing the first move
    offered (a tile when he can: the line grows long) until the hand is over: the table as made
    and the person's last state."""
    game = get_game(game_id)
    seats: list[dict[str, Any]] = [{"kind": "person", "name": NAMES[0]}]
    seats += [
        {"kind": "computer", "level": "greedy", "name": NAMES[i]}
        for i in range(1, game.max_players)
    ]
    made = live.create({"game": game_id, "seats": seats, "seed": 3, "clock": 0})
    port = live.url.rsplit(":", 1)[1]
    state: dict[str, Any] = {}
    with connect(f"ws://127.0.0.1:{port}/ws/{made['id']}", open_timeout=10) as ws:
        ws.send(json.dumps({"v": 1, "type": "hello", "token": made["seats"][0]["token"]}))
        acted = None
        for _ in range(5000):
            message = json.loads(ws.recv(timeout=30))
            if message["type"] != "state":
                continue
            state = message
            if state["status"] != "playing":
                break
            position = (state["hand"], state["move"])
            if state["turn"] == 0 and state["moves"] and position != acted:
                acted = position
                moves = state["moves"]
                tile = next((m for m in moves if m["action"]["kind"] == "play"), moves[0])
                ws.send(
                    json.dumps(
                        {"v": 1, "type": "move", "action": tile["action"], "seen": state["move"]}
                    )
                )
        else:
            raise AssertionError("the hand did not end")
    return made, state


def check_page(page: Page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)
    sideways = page.evaluate(SIDEWAYS)
    assert sideways["scroll"] <= sideways["width"], (name, sideways)
    overlaps = page.evaluate(OVERLAPS, "#line [data-tile]")
    assert overlaps == [], (name, overlaps)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_table_at_a_laptop_and_a_phone(page: Page, quick: LiveServer, game_id: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    made, state = play_a_hand(quick, game_id)
    tiles_on_table = sum(len(a["tiles"]) for a in state["line"]["arms"])
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{quick.url}{made['seats'][0]['invite']}")
        page.wait_for_selector("body[data-conn=open]:not([data-status=playing])", state="attached")
        page.wait_for_selector("#reveal:not(.hidden)")
        page.click("#all-hands summary")
        page.wait_for_timeout(400)  # the last tile's move into place
        check_page(page, f"{game_id}-{size}")
        on_page = page.locator("#line .placed[data-tile]").count()
        if tiles_on_table:
            assert on_page == tiles_on_table + 1, "every tile of the line is drawn"
        # The line in view: the felt starts within the first screen, and the line's drawing
        # fits in it, no taller than the screen (Mexican Train's trains, a row each, may go
        # on below).
        felt = page.locator(".felt").bounding_box()
        assert felt is not None and felt["y"] < height / 2
        drawing = page.evaluate(
            """() => {
              const svg = document.querySelector("#line > svg");
              if (!svg) return null;
              const r = svg.getBoundingClientRect();
              return {x: r.x, width: r.width, height: r.height, hub: svg.classList.contains("hub")};
            }"""
        )
        if drawing is not None:
            assert drawing["x"] >= felt["x"]
            assert drawing["x"] + drawing["width"] <= felt["x"] + felt["width"]
            if not drawing["hub"]:
                assert drawing["height"] <= height
        # "Show all hands" readable: the revealed tiles are drawn at least 18 px wide.
        widths = page.locator("#reveal-hands svg").evaluate_all(
            "ss => ss.map(s => s.getBoundingClientRect().width)"
        )
        assert all(w >= 18 for w in widths), widths
    assert errors == []


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_lobby_at_a_laptop_and_a_phone(page: Page, quick: LiveServer, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(quick.url + "/")
    page.wait_for_selector("#game option[value=mexican-train]", state="attached")
    page.select_option("#game", "mexican-train")
    page.select_option("#players", "8")
    page.click("#create details summary")
    check_page(page, f"lobby-{size}")
