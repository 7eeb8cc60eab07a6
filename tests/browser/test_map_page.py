"""A game's map page in a real Chromium: legible place names at 100 %, zoom and pan by wheel,
keyboard and buttons, the hex card on hover and on focus, arrow keys between neighbouring
hexes, toggles, click through to a hex page, dark mode, and no console error."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageLog, build_site, serve

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]

CONFIG = """\
site_name: Map test
theme:
  name: material
  font: false
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
plugins:
  - tiles:
      games_dirs: [games]
      catalog_pages: false
markdown_extensions:
  - attr_list
  - md_in_html
  - pymdownx.superfences
"""


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("map-site")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Home\n\n[Games](games/index.md)\n", "utf-8")
    (root / "games").mkdir()
    shutil.copy(ROOT / "games" / "1889.yaml", root / "games")
    (root / "mkdocs.yml").write_text(CONFIG, "utf-8")
    site = build_site(root / "mkdocs.yml", root / "site")
    with serve(site) as url:
        yield url


def _open(pg: Any, url: str) -> None:
    pg.set_viewport_size({"width": 1400, "height": 1000})
    pg.goto(url + "games/1889/map/")
    pg.wait_for_selector("[data-ta-map][data-zoom]")


def _view_box(pg: Any) -> list[float]:
    text = pg.get_attribute(".ta-map__viewport svg", "viewBox")
    return [float(v) for v in text.split()]


def _assert_clean(log: PageLog) -> None:
    assert not log.page_errors, log.page_errors
    assert not log.console_errors, log.console_errors
    assert not log.external_requests, log.external_requests


def test_place_names_are_legible_at_100_percent(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    _open(pg, site_url)
    name_px = pg.evaluate(
        """() => {
          const svg = document.querySelector('.ta-map__viewport svg');
          const units = Number(svg.getAttribute('data-name-units'));
          return units * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        }"""
    )
    assert name_px >= 10
    _assert_clean(log)


def test_wheel_keyboard_and_buttons_change_the_view(
    page: tuple[Any, PageLog], site_url: str
) -> None:
    pg, log = page
    _open(pg, site_url)
    start = _view_box(pg)
    box = pg.locator(".ta-map__viewport").bounding_box()
    pg.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)
    pg.mouse.wheel(0, -400)
    pg.wait_for_timeout(100)
    zoomed = _view_box(pg)
    assert zoomed[2] < start[2]  # narrower view: zoomed in
    pg.click("[data-ta-map-action=reset]")
    assert _view_box(pg) == start
    pg.focus(".ta-map__viewport")
    pg.keyboard.press("+")
    assert _view_box(pg)[2] < start[2]
    before = _view_box(pg)
    pg.keyboard.press("ArrowRight")
    after = _view_box(pg)
    assert after[0] > before[0] and after[2] == before[2]  # panned right, same zoom
    pg.keyboard.press("0")
    assert _view_box(pg) == start
    pg.click("[data-ta-map-action=out]")
    assert _view_box(pg)[2] >= start[2]
    _assert_clean(log)


def test_hex_card_on_hover_and_focus_and_arrow_keys(
    page: tuple[Any, PageLog], site_url: str
) -> None:
    pg, log = page
    _open(pg, site_url)
    card = pg.locator(".ta-map__card")
    assert card.is_hidden()
    pg.hover('.ta-hex[data-coord="F3"]', force=True)
    assert card.is_visible()
    assert pg.text_content('[data-ta-card="coord"]') == "F3"
    assert pg.text_content('[data-ta-card="name"]') == "Saijou"
    assert "City" in (pg.text_content('[data-ta-card="printed"]') or "")
    pg.focus('.ta-hex[data-coord="F3"]')
    assert pg.text_content('[data-ta-card="coord"]') == "F3"
    pg.keyboard.press("ArrowDown")
    focused = pg.evaluate("document.activeElement.getAttribute('data-coord')")
    assert focused == "F5"  # the hex below F3 on a flat map
    assert pg.text_content('[data-ta-card="coord"]') == "F5"
    name = pg.get_attribute('.ta-hex[data-coord="F3"]', "aria-label")
    assert name.startswith("F3: Saijou.") and "revenue" in name
    _assert_clean(log)


def test_toggles_and_click_through(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    _open(pg, site_url)
    assert pg.locator(".map-axes").first.is_visible()
    pg.uncheck("[data-ta-map-toggle=coords]")
    assert pg.locator(".map-axes").first.is_hidden()
    pg.click('.ta-hex[data-coord="F3"]', force=True)
    pg.wait_for_url("**/games/1889/hexes/?hex=F3")
    assert "F3" in pg.title()
    _assert_clean(log)


def test_map_page_in_dark_mode(browser: Any, site_url: str) -> None:
    context = browser.new_context(color_scheme="dark", viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(site_url + "games/1889/map/")
    pg.wait_for_selector("[data-ta-map][data-zoom]")
    scheme = pg.get_attribute("body", "data-md-color-scheme")
    assert scheme == "slate"
    pg.hover('.ta-hex[data-coord="F3"]', force=True)
    colours = pg.evaluate(
        """() => { const c = getComputedStyle(document.querySelector('.ta-map__card'));
                   return [c.backgroundColor, c.color]; }"""
    )
    assert colours[0] != colours[1]
    assert not errors
    context.close()


def test_overview_links_to_the_map_page(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "games/1889/")
    link = pg.locator(".game-map a")
    assert "full map" in (link.text_content() or "")
    link.click()
    pg.wait_for_url("**/games/1889/map/")
    _assert_clean(log)
