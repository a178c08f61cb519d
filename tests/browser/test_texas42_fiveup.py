"""Texas 42 and Five-Up in a real browser: a whole match of every rule set by clicking (a small
target keeps it short), with no error in the page; Texas 42's bids and trumps from the moves
panel, its tricks and the marks on the score sheet."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from browserhelp import (  # noqa: F401 - the live server and the browser's launch are fixtures
    LiveServer,
    chromium_launch_args,
    live_server,
    require_chromium,
)
from test_browser import attr, play_until_the_hand_ends, wait_turn_or_end

from boneyard.games import get_game

require_chromium()

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

from playwright.sync_api import Page  # noqa: E402


@dataclass(frozen=True)
class Table:
    game: str
    rule_set: str
    options: dict[str, int]
    players: int


TABLES = [
    Table("five-up", rule_set, {"target_score": 8}, 2) for rule_set in get_game("five-up").rule_sets
] + [
    Table("texas-42", rule_set, {"target_score": 2}, 4)
    for rule_set in get_game("texas-42").rule_sets
]


def play_a_match(page: Page, server: LiveServer, table: Table) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    names = ["Bob", "Cy", "Di"]
    # Texas 42's own player bids a hand worth bidding (greedy passes every hand, and where all
    # pass shake again, a match of passes never ends).
    level = "texas" if table.game == "texas-42" else "greedy"
    seats = [{"kind": "person", "name": "Ann"}] + [
        {"kind": "computer", "level": level, "name": names[i]} for i in range(table.players - 1)
    ]
    made = server.create(
        {
            "game": table.game,
            "rules": table.rule_set,
            "options": table.options,
            "seats": seats,
            "seed": 4,
        }
    )
    page.goto(server.url + made["seats"][0]["invite"])
    page.wait_for_selector("body[data-conn=open]", state="attached")
    for _ in range(60):
        page.wait_for_selector(
            "body[data-status=playing], body[data-status=between_hands], body[data-status=over]",
            state="attached",
        )
        status = attr(page, "status")
        if status == "over":
            break
        if status == "between_hands":
            hand = attr(page, "hand")
            page.click("#next-hand")
            page.wait_for_selector(f"body:not([data-hand='{hand}'])", state="attached")
            continue
        wait_turn_or_end(page)
        play_until_the_hand_ends([page])
    assert attr(page, "status") == "over"
    assert "Match over" in page.inner_text("#turn")  # and how it ended
    assert "Match over:" in page.inner_text("#log")
    assert errors == []


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t.game}-{t.rule_set}")
def test_a_whole_match_by_clicking(page: Page, live: LiveServer, table: Table) -> None:
    play_a_match(page, live, table)


def test_a_hand_over_shows_no_one_to_lead_and_the_sheet_names_the_sides(
    page: Page, live: LiveServer
) -> None:
    """Once a Texas 42 hand is over (most end before the last trick, the bid decided), the
    tricks panel says the play is over, no one to lead; the score sheet's side headers read as
    names, not a letter a line."""
    seats = [{"kind": "person", "name": "Ann"}] + [
        {"kind": "computer", "level": "texas", "name": n} for n in ("Bob", "Cy", "Di")
    ]
    made = live.create(
        {"game": "texas-42", "rules": "austin42", "options": {}, "seats": seats, "seed": 4}
    )
    page.goto(live.url + made["seats"][0]["invite"])
    page.wait_for_selector("body[data-conn=open]", state="attached")
    page.wait_for_selector("body[data-status=playing]", state="attached")
    wait_turn_or_end(page)
    play_until_the_hand_ends([page])
    page.wait_for_selector("body[data-status=between_hands]", state="attached")
    current = page.inner_text("[data-trick=current]")
    assert "to lead" not in current
    assert "The play is over" in current and "tricks played" in current
    corner = page.locator("#sheet th").first.bounding_box()
    assert corner is not None
    for header in page.locator("#sheet th.side").all():
        box = header.bounding_box()
        assert box is not None
        assert box["height"] <= 2.5 * corner["height"], header.inner_text()
