"""Quick pairing in a real browser: four people sign up in four browsers, each presses "Play now"
for a rated four-player partnership game, they are seated together at one table as their four
accounts, and play the match to its end by clicking."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserhelp import LiveServer, chromium_launch_args, require_chromium  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

require_chromium()

from playwright.sync_api import Browser, Page, expect  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

GAME = "partnership"  # a four-player partnership game of the registry (tests may name games)
NAMES = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(
        tmp_path_factory.mktemp("pairing") / "boneyard.db",
        computer_delay=0,
        forced_delay=0,
        deal_delay=0,
        pair_every=0.3,
    )
    yield server
    server.stop()


def sign_up(page: Page, url: str, name: str) -> None:
    page.goto(f"{url}/account")
    page.wait_for_selector("body[data-ready]", state="attached")
    page.fill("#signup-name", name)
    page.fill("#signup-password", "a good long password")
    page.click("#signup-button")
    expect(page.locator("#me")).to_have_text(name)


def play_now(page: Page, url: str) -> None:
    page.goto(f"{url}/")
    page.wait_for_selector(f"#seek-game option[value={GAME}]", state="attached")
    page.select_option("#seek-game", GAME)
    page.select_option("#seek-players", "4")
    page.check("#seek-rated")
    expect(page.locator("#seek-fill-row")).to_be_hidden()  # a rated game never gets computers
    page.fill("#seek-target", "1")
    page.click("#play-now-button")
    expect(page.locator("#seek-status")).to_contain_text("Waiting")


def attr(page: Page, name: str) -> str:
    return page.get_attribute("body", f"data-{name}") or ""


def click_a_move(page: Page) -> None:
    """One move by clicking (a forced draw or pass is the server's)."""
    move = attr(page, "move")
    tiles = page.locator("#hand .tile.playable")
    buttons = page.locator("#moves button")
    try:
        if tiles.count():
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
        return
    page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")


def play_to_the_end(pages: list[Page], limit: int = 2000) -> None:
    for _ in range(limit):
        status = {attr(p, "status") for p in pages}
        if status == {"over"}:
            return
        if "between_hands" in status and "playing" not in status:
            pages[0].click("#next-hand")
            pages[0].wait_for_selector("body:not([data-status=between_hands])", state="attached")
            continue
        mover = next((p for p in pages if attr(p, "turn") == "mine"), None)
        if mover is None:
            time.sleep(0.05)
            continue
        click_a_move(mover)
    raise AssertionError("the match did not end")


def test_four_people_play_now_and_are_seated_together(
    browser: Browser, live: LiveServer, tmp_path: Path
) -> None:
    contexts = [browser.new_context() for _ in NAMES]
    pages = [c.new_page() for c in contexts]
    errors: list[str] = []
    try:
        for page, name in zip(pages, NAMES, strict=True):
            page.on("pageerror", lambda e: errors.append(str(e)))
            sign_up(page, live.url, name)
        for page in pages[:3]:
            play_now(page, live.url)
        # The fourth sees the others waiting in the lobby before pressing Play now.
        pages[3].goto(f"{live.url}/")
        expect(pages[3].locator("#open-seeks tbody tr[data-seek]")).to_have_count(3)
        play_now(pages[3], live.url)
        for page in pages:
            page.wait_for_url("**/t/*#seat=*", timeout=30000)
            page.wait_for_selector("body[data-conn=open][data-status]", state="attached")
        tables = {page.url.split("/t/")[1].split("#")[0] for page in pages}
        assert len(tables) == 1
        seats = {page.locator(".seat.me").get_attribute("data-seat") for page in pages}
        assert seats == {"0", "1", "2", "3"}
        names = sorted(
            page.locator(".seat.me .name").inner_text().removesuffix(" (you)") for page in pages
        )
        assert names == sorted(NAMES)
        play_to_the_end(pages)
        assert {attr(p, "status") for p in pages} == {"over"}
        # Each sees on his profile his first rated match and the rating it moved: the winning
        # partnership above the initial 1500, the losing one below (ratings are written just
        # after the match ends: the page is read again until they are there).
        moved: dict[str, float] = {}
        winners = set()
        for page, name in zip(pages, NAMES, strict=True):
            row = page.locator("#ratings tbody tr[data-game]")
            for _ in range(40):
                page.goto(f"{live.url}/@/{name}")
                page.wait_for_selector("#profile:not(.hidden)", state="attached")
                if row.count():
                    break
                time.sleep(0.25)
            expect(row).to_have_count(1)
            cells = row.first.locator("td")
            assert cells.nth(2).inner_text() == "1"  # one rated match
            moved[name] = float(cells.nth(1).inner_text().split("±")[0].rstrip("? "))
            if cells.nth(3).inner_text() == "1":  # won it
                winners.add(name)
            expect(page.locator("#history svg.rating-plot")).to_have_count(1)
        assert len(winners) == 2, moved  # one partnership won
        assert all((moved[n] > 1500) == (n in winners) for n in NAMES), (moved, winners)
        assert errors == []
    finally:
        for c in contexts:
            c.close()
