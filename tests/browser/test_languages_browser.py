"""The pages' languages in a real browser: a page in the language its browser asks for, the switch
of every page (kept across pages and visits), the account's language following its person to
another browser, and the scripts' own words (a seat, a plural) in the page's language."""

from __future__ import annotations

import pytest
from browserhelp import LiveServer, chromium_launch_args, live_server, require_chromium  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

require_chromium()

from playwright.sync_api import Browser, Page, expect  # noqa: E402


def test_the_page_speaks_the_browsers_language_and_the_switch_changes_it(
    browser: Browser, live: LiveServer
) -> None:
    context = browser.new_context(locale="es-MX")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live.url}/")
    expect(page.locator("#pairing h2").first).to_have_text("Jugar ya")
    expect(page.locator("#login-link")).to_have_text("Entrar o crear una cuenta")
    # The scripts' words: the seats of a new table, a plural.
    expect(page.locator("#seats .seat-row span").first).to_have_text("Asiento 1")
    assert page.evaluate("() => nt('{n} tile', '{n} tiles', 1)") == "1 ficha"
    assert page.evaluate("() => nt('{n} tile', '{n} tiles', 0)") == "0 fichas"
    assert page.evaluate("() => numberText(1.5, 1)") == "1,5"
    # The switch: Portuguese, on this page and the next ones.
    page.select_option("#language", "pt-BR")
    page.wait_for_load_state()
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
    expect(page.locator("#pairing h2").first).to_have_text("Jogar agora")
    assert page.evaluate("() => nt('{n} tile', '{n} tiles', 0)") == "0 pedra"  # 0 is singular
    page.goto(f"{live.url}/account")
    expect(page.locator("#login-form h2")).to_have_text("Entrar")
    expect(page.locator("#language")).to_have_value("pt-BR")
    context.close()
    assert errors == []


def test_the_accounts_language_follows_its_person(browser: Browser, live: LiveServer) -> None:
    first = browser.new_context(locale="en-US")
    page = first.new_page()
    page.goto(f"{live.url}/account")
    page.wait_for_selector("body[data-ready]", state="attached")
    page.fill("#signup-name", "Lucía")
    page.fill("#signup-password", "a good long password")
    page.click("#signup-button")
    expect(page.locator("#me")).to_have_text("Lucía")
    page.select_option("#account-language", "es")
    page.wait_for_selector("body[data-ready]", state="attached")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#language-form h2")).to_have_text("Idioma")
    expect(page.locator("#account-language")).to_have_value("es")
    first.close()
    # Another browser, asking for English: once logged in, the account's Spanish.
    other = browser.new_context(locale="en-US")
    page = other.new_page()
    page.goto(f"{live.url}/account")
    page.wait_for_selector("body[data-ready]", state="attached")
    expect(page.locator("#login-form h2")).to_have_text("Log in")
    page.fill("#login-name", "lucía")
    page.fill("#login-password", "a good long password")
    page.click("#login-button")
    expect(page.locator("#me")).to_have_text("Lucía")
    page.goto(f"{live.url}/")
    expect(page.locator("#pairing h2").first).to_have_text("Jugar ya")
    expect(page.locator("#who")).to_contain_text("Sesión de Lucía")
    other.close()


def test_a_table_in_portuguese(page: Page, live: LiveServer) -> None:
    page.context.add_cookies([{"name": "boneyard_lang", "value": "pt-BR", "url": live.url}])
    made = live.create(
        {
            "game": "block",
            "seats": [{"kind": "person", "name": "Ana"}, {"kind": "computer", "level": "greedy"}],
            "seed": 3,
        }
    )
    page.goto(f"{live.url}{made['seats'][0]['invite']}")
    page.wait_for_selector("body[data-conn=open][data-status]", state="attached")
    expect(page.locator("#conn")).to_have_text("conectado")
    expect(page.locator("#leave")).to_have_text("Sair da mesa")
    expect(page.locator(".seat.me .count")).to_contain_text("pedras")
    expect(page.locator("#language")).to_have_value("pt-BR")
