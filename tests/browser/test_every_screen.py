"""Every game and rule set of the registry, played for a whole hand in the browser, with its most
players and names as long as a name may be, looked at on a desk (1280x800) and two phones (390x844,
360x640) at the hand's start, middle and end.

At each look: nothing overflows sideways; no two tiles, end markers, train markers or labels
overlap; an end's label stays inside its marker; every tile's half is at least 14 px on a phone and
20 px on a desk (the drawing is laid out for the room, never shrunk to fit); your tiles and the open
ends are on the screen without scrolling (the hand is docked at its foot, nothing covers the ends);
no text is cut (``scrollWidth <= clientWidth``). Each game is looked at in all three sizes at every
stage; each further rule set of a game in all three sizes in the middle of its hand (the busiest
table), and at its start and end on the smallest phone (the time the suite may take). The
screenshots go to ``BONEYARD_SCREENSHOTS`` (default ``test-artefacts/screens``, which git
ignores).

One server and one page serve the whole module: the computers move at once, the person's moves are
played in the page itself (its first play, else its first move), and the page is resized rather
than opened again. The same looks are taken in Spanish (every game, its words longer) and in
Portuguese (the games with the most words) on a phone (390x844), each page's browser asking for
its language.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserhelp import LiveServer, chromium_launch_args, require_chromium  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

require_chromium()

from playwright.sync_api import Browser, Page  # noqa: E402

from boneyard.games import GAMES  # noqa: E402

SIZES = {"desk": (1280, 800), "phone": (390, 844), "small": (360, 640)}
SCREENS = Path(os.environ.get("BONEYARD_SCREENSHOTS", "test-artefacts/screens")) / "every"
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

# Each (game, rule set) and the sizes it is looked at in, at the hand's start, middle and end:
# the first rule set of each game in every size at every stage, the others in every size in the
# middle of the hand and on the smallest phone at its start and end.
EVERY = {"start": list(SIZES), "middle": list(SIZES), "end": list(SIZES)}
FURTHER = {"start": ["small"], "middle": list(SIZES), "end": ["small"]}
CASES = [
    (game.id, rules, EVERY if i == 0 else FURTHER)
    for game in GAMES.values()
    for i, rules in enumerate(game.rule_sets)
]

# The page's scripts of the test (see every_screen.js).
_SCRIPTS = {
    chunk.split("\n", 1)[0]: "\n".join(
        line for line in chunk.split("\n")[1:] if not line.startswith("//")
    )
    for chunk in (Path(__file__).parent / "every_screen.js").read_text().split("// ---- ")[1:]
}
PLAY_UNTIL = _SCRIPTS["play until"]
LOOK = _SCRIPTS["look"]


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose computers move at once and whose hands are dealt at once."""
    server = LiveServer(
        tmp_path_factory.mktemp("every") / "boneyard.db",
        computer_delay=0,
        forced_delay=0,
        deal_delay=0,
        create_burst=1000,
    )
    yield server
    server.stop()


@pytest.fixture(scope="module")
def one_page(browser: Browser) -> Iterator[Page]:
    # Without motion: a tile moving into place is looked at where it lands.
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    yield page
    context.close()


def look(page: Page, name: str, sizes: list[str]) -> list[str]:
    """The page at each size: what is wrong with it, and a screenshot of each."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    problems = []
    for size in sizes:
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => { render(); window.scrollTo(0, 0); }")
        page.screenshot(path=str(SCREENS / f"{name}-{size}.png"))
        problems += [f"{size}: {p}" for p in page.evaluate(LOOK, [width < 520])]
    return problems


def test_every_rule_set_is_looked_at_in_every_size() -> None:
    for _, _, sizes in CASES:
        assert {size for stage in sizes.values() for size in stage} == set(SIZES)


@pytest.mark.parametrize(
    ("game_id", "rules", "sizes"), CASES, ids=[f"{g}-{r}" for g, r, _ in CASES]
)
def test_a_whole_hand_on_every_screen(
    one_page: Page, quick: LiveServer, game_id: str, rules: str, sizes: dict[str, list[str]]
) -> None:
    a_whole_hand(one_page, quick, game_id, rules, sizes, "")


# In Spanish (longer words) every game's first rule set on a phone, and in Portuguese the games
# with the most words on their tables: the same looks.
# (The games whose tables carry the most words, within CI's time: the seat states of the trick
# games, the trains' labels, Matador's and the partnership game's reasons.)
LANGUAGE_CASES = [
    (game_id, next(iter(GAMES[game_id].rule_sets)), language)
    for game_id, language in (
        ("partnership", "es"),
        ("texas-42", "es"),
        ("mexican-train", "es"),
        ("chicken-foot", "es"),
        ("domino-loo", "es"),
        ("moon", "es"),
        ("matador", "es"),
        ("five-up", "es"),
        ("partnership", "pt-BR"),
        ("mexican-train", "pt-BR"),
        ("texas-42", "pt-BR"),
    )
    if game_id in GAMES
]
SAID = {"es": ("Anotación", "Dejar la mesa"), "pt-BR": ("Placar", "Sair da mesa")}


@pytest.fixture(scope="module")
def language_pages(browser: Browser) -> Iterator[dict[str, Page]]:
    """A page for each language, its browser asking for it (``Accept-Language``)."""
    contexts = {tag: browser.new_context(reduced_motion="reduce", locale=tag) for tag in SAID}
    yield {tag: context.new_page() for tag, context in contexts.items()}
    for context in contexts.values():
        context.close()


@pytest.mark.parametrize(
    ("game_id", "rules", "language"),
    LANGUAGE_CASES,
    ids=[f"{g}-{r}-{t}" for g, r, t in LANGUAGE_CASES],
)
def test_a_whole_hand_in_spanish_and_portuguese_on_a_phone(
    language_pages: dict[str, Page], quick: LiveServer, game_id: str, rules: str, language: str
) -> None:
    page = language_pages[language]
    phone = ["phone"]
    a_whole_hand(
        page, quick, game_id, rules, {"start": phone, "middle": phone, "end": phone}, language
    )
    sheet, leave = SAID[language]
    assert page.evaluate("() => document.documentElement.lang") == language
    assert sheet in page.inner_text("aside")
    assert page.evaluate("() => document.getElementById('leave').textContent") == leave


def a_whole_hand(
    page: Page,
    quick: LiveServer,
    game_id: str,
    rules: str,
    sizes: dict[str, list[str]],
    language: str,
) -> None:
    """A hand of the game played in the page, looked at at its start, middle and end in the
    ``sizes`` given for each (the screenshots named with the ``language``, if any)."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    game = GAMES[game_id]
    seats: list[dict[str, Any]] = [{"kind": "person", "name": NAMES[0]}]
    seats += [
        {"kind": "computer", "level": "greedy", "name": NAMES[i]}
        for i in range(1, game.max_players)
    ]
    made = quick.create({"game": game_id, "rules": rules, "seats": seats, "seed": 3, "clock": 0})
    first = SIZES[sizes["start"][0]]
    page.set_viewport_size({"width": first[0], "height": first[1]})
    page.goto(f"{quick.url}{made['seats'][0]['invite']}")
    page.wait_for_selector("body[data-conn=open][data-status]", state="attached")
    name = f"{game_id}-{rules}" + (f"-{language}" if language else "")
    problems = look(page, f"{name}-start", sizes["start"])
    page.evaluate(PLAY_UNTIL, 6 * game.max_players)
    problems += look(page, f"{name}-middle", sizes["middle"])
    page.evaluate(PLAY_UNTIL, 10_000)
    page.wait_for_selector("body:not([data-status=playing])", state="attached")
    problems += look(page, f"{name}-end", sizes["end"])
    assert problems == [], "\n".join(dict.fromkeys(problems))
    assert errors == []
