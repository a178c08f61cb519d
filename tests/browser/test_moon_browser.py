"""Moon in a real browser: a person shoots the moon from the moves panel, names trumps, takes the
widow and throws a tile out by clicking it, and plays the hand out against two computers, with no
error in the page."""

from __future__ import annotations

import pytest
from browserhelp import (  # noqa: F401 - the live server and the browser's launch are fixtures
    LiveServer,
    chromium_launch_args,
    live_server,
    require_chromium,
)
from test_browser import play_until_the_hand_ends, wait_turn_or_end

require_chromium()

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

from playwright.sync_api import Page  # noqa: E402


def test_a_person_shoots_the_moon_and_discards_by_clicking(page: Page, live: LiveServer) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    seats = [{"kind": "person", "name": "Ann"}] + [
        {"kind": "computer", "level": "greedy", "name": n} for n in ("Bob", "Cy")
    ]
    made = live.create(
        {"game": "moon", "rules": "pagat", "options": {}, "seats": seats, "seed": 11}
    )
    page.goto(live.url + made["seats"][0]["invite"])
    page.wait_for_selector("body[data-conn=open]", state="attached")
    page.wait_for_selector("body[data-status=playing]", state="attached")
    assert wait_turn_or_end(page)
    # Ann's bid: the moves panel offers a pass, the bids and the moon, the moon last.
    buttons = page.locator("#moves button")
    said = buttons.all_inner_texts()
    assert any("pass" in t for t in said) and "moon" in said[-1].lower(), said
    buttons.last.click()
    page.wait_for_function("() => document.querySelector('#log').innerText.includes('moon')")
    # Trumps: one of the declarations offered.
    assert wait_turn_or_end(page)
    declared = page.locator("#moves button").all_inner_texts()
    assert any("trumps" in t for t in declared), declared
    page.locator("#moves button").first.click()
    # The widow taken: eight tiles, each to be thrown out by a click.
    page.wait_for_selector("#hand .tile.playable", state="attached")
    assert wait_turn_or_end(page)
    assert page.locator("#hand .tile").count() == 8
    page.locator("#hand .tile.playable").first.click()
    page.wait_for_function("() => document.querySelector('#log').innerText.includes('widow')")
    play_until_the_hand_ends([page])
    log = page.inner_text("#log")
    assert "You take the widow and discard" in log and "You shoot the moon" in log, log
    assert errors == []
