"""The account page in a real browser: a person signs up, is shown signed in on the lobby, logs
out there, and logs in again on the account page; the cookie the page cannot read."""

from __future__ import annotations

import pytest
from browserhelp import LiveServer, chromium_launch_args, live_server, require_chromium  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

require_chromium()

from playwright.sync_api import Page, expect  # noqa: E402


def test_sign_up_log_out_and_log_in_through_the_pages(page: Page, live: LiveServer) -> None:
    page.goto(f"{live.url}/")
    page.click("#login-link")
    page.wait_for_url(f"{live.url}/account")
    page.wait_for_selector("body[data-ready]", state="attached")
    page.fill("#signup-name", "Zoë")
    page.fill("#signup-password", "short")
    page.fill("#signup-password", "a good long password")
    page.click("#signup-button")
    expect(page.locator("#account-info")).to_have_text("Your account is made: you are logged in.")
    expect(page.locator("#me")).to_have_text("Zoë")
    assert page.evaluate("document.cookie") == ""  # HttpOnly: no script reads the session
    page.goto(f"{live.url}/")
    expect(page.locator("#who")).to_contain_text("Signed in as Zoë")
    page.click("#logout")
    expect(page.locator("#login-link")).to_be_visible()
    page.click("#login-link")
    page.wait_for_selector("body[data-ready]", state="attached")
    page.fill("#login-name", "ZOË")
    page.fill("#login-password", "not the password")
    page.click("#login-button")
    expect(page.locator("#account-error")).to_have_text("wrong name or password")
    page.fill("#login-password", "a good long password")
    page.click("#login-button")
    expect(page.locator("#account-info")).to_have_text("You are logged in.")
    expect(page.locator("#me")).to_have_text("Zoë")
    page.goto(f"{live.url}/")
    expect(page.locator("#who")).to_contain_text("Signed in as Zoë")
    # A signed-in person makes tables from the lobby as before (the same-origin check passes).
    page.click("#create-button")
    expect(page.locator("#created")).to_be_visible()
