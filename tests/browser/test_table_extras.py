"""What the table page offers beyond the play: computer players named, with an initial and their
level said once; seats counted from 1; a tile dragged onto an end; the tile sounds' switch kept;
a resignation said; the review of a hand after it and in the replay; the hint's margin in words;
how to play each game; the lobby's options in words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browserhelp import LiveServer, chromium_launch_args, require_chromium  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

require_chromium()

from playwright.sync_api import Page  # noqa: E402

from boneyard.games import GAMES  # noqa: E402


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(
        tmp_path_factory.mktemp("extras") / "boneyard.db",
        computer_delay=0,
        forced_delay=0,
        deal_delay=0,
        create_burst=1000,
    )
    yield server
    server.stop()


def sit(page: Page, live: LiveServer, game: str = "draw", **more: Any) -> dict[str, Any]:
    body = {
        "game": game,
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "computer", "level": "greedy"}],
        "seed": 5,
        "clock": 0,
    }
    body.update(more)
    made = live.create(body)
    page.goto(f"{live.url}{made['seats'][0]['invite']}")
    page.wait_for_selector("body[data-conn=open][data-status]", state="attached")
    return made


def play_to_the_end(page: Page) -> None:
    page.evaluate(
        """() => new Promise((resolve) => {
          let sent = null;
          const timer = setInterval(() => {
            if (state.status !== "playing") { clearInterval(timer); resolve(); return; }
            const at = `${state.hand}:${state.move}`;
            if (mine() && state.moves.length && sent !== at) {
              sent = at;
              sendMove(state.moves.find((m) => m.action.kind === "play") || state.moves[0]);
            }
          }, 15);
        })"""
    )


def test_computers_have_names_an_initial_and_their_level_once(
    page: Page, quick: LiveServer
) -> None:
    sit(page, quick)
    computer = page.locator(".seat[data-seat='1']")
    assert computer.locator(".name").inner_text() == "Rosa"
    assert computer.locator(".avatar").inner_text().startswith("R")
    assert computer.inner_text().count("greedy") == 1
    assert "(computer, greedy)" in computer.inner_text()
    assert page.locator("#role").inner_text() == "seat 1"
    assert page.locator(".seat[data-seat='0']").get_attribute("title") == "seat 1"


def a_tile_for_two_ends(page: Page) -> str | None:
    """Play the hand on until the person holds a tile that fits two ends: that tile (``None``
    if the hand ends first)."""
    for _ in range(40):
        page.wait_for_selector(
            "body[data-turn=mine], body:not([data-status=playing])", state="attached"
        )
        if page.get_attribute("body", "data-status") != "playing":
            return None
        two: str | None = page.evaluate(
            """() => { if (!mine()) return null;
              for (const t of state.tiles) {
                const ends = new Set(movesOfTile(t).map((m) => m.end));
                if (ends.size > 1 && !ends.has(null)) return t;
              }
              return null; }"""
        )
        if two is not None:
            return two
        move = page.get_attribute("body", "data-move")
        page.evaluate("() => sendMove(state.moves[0])")
        page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")
    return None


def test_a_tile_dragged_onto_an_end_is_played(page: Page, quick: LiveServer) -> None:
    two = None
    for seed in range(1, 12):
        sit(page, quick, game="draw", seed=seed)
        two = a_tile_for_two_ends(page)
        if two is not None:
            break
    assert two is not None, "no deal gave a tile that fits two ends"
    tile = page.locator(f"#hand .tile[data-tile='{two}']")
    box = tile.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 30, box["y"] - 30, steps=4)
    # While it moves, the ends that take it are lit.
    lit = page.locator("#line .end.target")
    assert lit.count() >= 2
    end = lit.first
    name = end.get_attribute("data-end")
    target = end.bounding_box()
    assert target is not None
    move = page.get_attribute("body", "data-move")
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=6)
    assert page.locator("#line .end.target.hot").get_attribute("data-end") == name
    page.mouse.up()
    page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")
    log = page.locator("#log").inner_text()
    assert f"at {name}" in log.split("\n")[-1] or f"at {name}" in log


def test_the_sound_switch_is_kept_and_off_by_default(page: Page, quick: LiveServer) -> None:
    sit(page, quick)
    assert not page.is_checked("#sound")
    page.check("#sound")
    page.reload()
    page.wait_for_selector("body[data-conn=open][data-status]", state="attached")
    assert page.is_checked("#sound")
    assert page.evaluate("localStorage.getItem('boneyard:sound')") == "true"
    # The sounds are made in the page (no files): making each throws nothing.
    page.evaluate("() => { tileSound('lay'); tileSound('draw'); tileSound('shuffle'); }")


def test_a_resignation_is_said(page: Page, quick: LiveServer) -> None:
    sit(page, quick)
    page.on("dialog", lambda d: d.accept())
    page.click("#resign")
    page.wait_for_selector("body[data-status=over]", state="attached")
    said = page.locator("#turn").inner_text()
    assert "resign" in said.lower() and "Rosa" in said, said


def test_the_review_after_a_hand_and_in_the_replay(page: Page, quick: LiveServer) -> None:
    made = sit(page, quick, practice=True)
    play_to_the_end(page)
    page.wait_for_selector("#review-box:not(.hidden)")
    page.click("#review-box summary")
    page.wait_for_selector("#review .review", timeout=60_000)
    text = page.locator("#review").inner_text()
    assert "Total cost of the choices" in text and "margin" in text
    # A spectator's request for a seat's review of a game that hides hands is refused; the seat's
    # own is given.
    token = made["seats"][0]["token"]
    asked = page.evaluate(
        """async ([id, token]) => {
          const ask = (hand, key) => fetch(`/api/tables/${id}/review/${hand}`,
            {headers: key ? {Authorization: `Bearer ${key}`} : {}});
          return [(await ask(1, token)).status, (await ask(2, token)).status,
                  (await ask(1, null)).status];
        }""",
        [made["id"], token],
    )
    assert asked == [200, 404, 403]
    page.click("#replay-link")
    page.wait_for_selector("#viewer:not(.hidden)")
    assert page.locator("#hand option").first.inner_text() == "Hand 1"
    height = page.locator("#hand").bounding_box()
    assert height is not None and height["height"] < 45
    page.click("#review-box summary")
    page.wait_for_selector("#review .review", timeout=60_000)


def test_the_hint_says_what_its_margin_means(page: Page, quick: LiveServer) -> None:
    sit(page, quick, practice=True)
    page.wait_for_selector("body[data-turn=mine]", state="attached")
    page.evaluate(
        """() => {
          const move = (text, value, margin, best) =>
            ({text, tile: null, value, margin, loss: 13.6 - value, reason: "why", best});
          hints = [move("play a", 13.6, 4.9, true), move("play b", 13.3, 4.7, false),
                   move("play c", 2.0, 0.5, false)];
          const box = document.getElementById("hints");
          clear(box);
          box.appendChild(hintList(hints));
        }"""
    )
    items = page.locator("#hints li").all_inner_texts()
    assert "as good as the best" in items[1] and "as good as" not in items[2]
    assert "margin" in page.locator("#hints .hint-note").inner_text()


def test_how_to_play_every_game(page: Page, quick: LiveServer) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for game in GAMES.values():
        page.goto(f"{quick.url}/how/{game.id}")
        page.wait_for_function(
            "() => document.querySelector('#line').childElementCount > 0", timeout=20_000
        )
        assert page.locator("#title").inner_text() == f"How to play {game.title}"
        assert page.locator("#summary").inner_text() == game.summary
        # The example table: the game's first moves, drawn as at the table.
        assert page.locator("#line > svg, #line > .tricks-table").count() == 1
    assert errors == []


def test_the_lobby_says_the_options_in_words(page: Page, quick: LiveServer) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(quick.url + "/")
    page.wait_for_selector("#game option[value=mexican-train]", state="attached")
    page.select_option("#game", "mexican-train")
    page.click("#create details summary")
    row = page.locator("[data-option-row=hand_size]")
    text = row.inner_text()
    assert "Hand size" in text and "tiles dealt to each player" in text.lower()
    assert "hand_size" not in text
    # The table link of how to play is on the table page too.
    made = quick.create(
        {"game": "muggins", "seats": [{"kind": "person"}, {"kind": "computer"}], "seed": 1}
    )
    page.goto(f"{quick.url}{made['seats'][0]['invite']}")
    page.wait_for_selector("body[data-conn=open][data-status]", state="attached")
    assert page.get_attribute("#how-link", "href").startswith("/how/muggins")


@pytest.mark.parametrize("players", [2, 4])
def test_the_score_sheet_gives_each_sides_reasons_in_both_layouts(
    page: Page, quick: LiveServer, players: int
) -> None:
    """Two sides: a row per hand with the reasons under it; four (a column per hand, a row per
    side): under each hand's line how it ended, a line per side with why it scored."""
    seats = [{"kind": "person", "name": "Ann"}]
    seats += [{"kind": "computer", "level": "greedy"} for _ in range(players - 1)]
    sit(page, quick, "block", seats=seats)
    play_to_the_end(page)
    page.wait_for_selector("body:not([data-status=playing])", state="attached")
    sheet = page.evaluate("() => state.sheet")
    reasons = sheet["rows"][0]["reasons"]
    assert len(reasons) == players and all(reasons), reasons
    shown = page.locator("#sheet").inner_text()
    assert page.locator("#sheet table.by-side").count() == (1 if players > 3 else 0)
    for side, why in zip(sheet["sides"], reasons, strict=True):
        assert f"{side}: {why}" in shown, (side, why, shown)
    if players > 3:
        listed = page.locator("#sheet .ended-list li[data-hand='1'] .reasons li")
        assert listed.count() == players
