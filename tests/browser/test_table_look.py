"""The lobby's look at the sizes people use, 1280x800 (a laptop) and 390x844 (a phone): nothing
overflows sideways (every table at every size: test_every_screen.py). Each page is kept as a
screenshot in ``BONEYARD_SCREENSHOTS`` (default ``test-artefacts/screens``, which git ignores) for
a person to look at.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserhelp import LiveServer, chromium_launch_args, live_server, require_chromium  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

require_chromium()

from playwright.sync_api import Page  # noqa: E402

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


def check_page(page: Page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)
    sideways = page.evaluate(SIDEWAYS)
    assert sideways["scroll"] <= sideways["width"], (name, sideways)
    overlaps = page.evaluate(OVERLAPS, "#line [data-tile]")
    assert overlaps == [], (name, overlaps)


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


# Where a tile of an arm does not touch the tile it joins (the arm's root, or the tile before it
# in the arm): the arm left its way there, and the eye cannot follow it.
APART = """
([line, width, height]) => {
  const box = document.createElement("div");
  box.style.width = `${width}px`;
  document.body.prepend(box);
  drawLine(box, line, {}, new Set(), height);
  const svg = box.querySelector("svg");
  const at = (tile) => svg.querySelector(`[data-tile="${tile}"]`).getBoundingClientRect();
  const near = (r, q) =>
    Math.max(r.left - q.right, q.left - r.right, r.top - q.bottom, q.top - r.bottom) <= 4;
  const apart = [];
  for (const arm of line.arms) {
    let before = arm.root;
    for (const p of arm.tiles) {
      if (!near(at(before), at(p.tile))) apart.push(`${arm.name}: ${p.tile} away from ${before}`);
      before = p.tile;
    }
  }
  const unit = Number(svg.dataset.unit);
  const shown = svg.getBoundingClientRect().width;
  box.remove();
  return {apart, unit, fits: shown <= width + 0.5};
}
"""


def test_chicken_foot_on_a_phone_keeps_each_toe_at_its_double(
    page: Page, quick: LiveServer
) -> None:
    """A crowded Chicken Foot (two doubles with their toes on a long arm, around the 9-9's four
    arms) on a phone: the tiles keep to their arms (at most one laid apart, where it may go
    nowhere else), as large as a phone allows (14 px a half at least), the drawing within the
    screen's width."""
    line = json.loads((Path(__file__).parent / "chicken_foot_line.json").read_text())
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(quick.url + "/how/chicken-foot")
    looked = page.evaluate(APART, [line, 366, 490])
    assert len(looked["apart"]) <= 1, looked["apart"]
    assert looked["unit"] >= 14 and looked["fits"], looked
