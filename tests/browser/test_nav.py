"""The gallery in the site's navigation, in a real Chromium: "Games" and "Tiles" tabs, every
game reachable with its sub-pages (never one entry per hex), breadcrumbs, game titles escaped."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_support import PageLog, build_site, serve

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]

CONFIG = """\
site_name: Nav test
theme:
  name: material
  font: false
  features: [navigation.tabs, navigation.sections, navigation.indexes, navigation.prune,
             navigation.path]
plugins:
  - tiles:
      games_dirs: [games]
markdown_extensions:
  - attr_list
  - md_in_html
  - pymdownx.superfences
nav:
  - Home: index.md
"""


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("nav-site")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Home\n", "utf-8")
    # a playground page, so the hex viewer has its "Try it" link
    (root / "docs" / "playground.md").write_text(
        "# Playground\n\n<!-- tile-atlas:playground -->\n", "utf-8"
    )
    games = root / "games"
    games.mkdir()
    for name in ("1889.yaml", "18_chesapeake.yaml"):
        shutil.copy(ROOT / "games" / name, games)
    shutil.copytree(ROOT / "games" / "madrid", games / "madrid")
    (games / "evil.yaml").write_text(
        'id: evil\ntitle: "Evil <img src=x onerror=window.__pwned=1>"\n'
        'hexes:\n  white:\n    "city=revenue:10": [A1]\n',
        encoding="utf-8",
    )
    (root / "mkdocs.yml").write_text(CONFIG, "utf-8")
    site = build_site(root / "mkdocs.yml", root / "site")
    with serve(site) as url:
        yield url


def test_games_and_tiles_tabs_reach_every_game(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url)
    tabs = pg.locator(".md-tabs__link").all_inner_texts()
    assert "Games" in tabs and "Tiles" in tabs
    pg.locator(".md-tabs__link", has_text="Games").click()
    pg.wait_for_url("**/games/")
    sidebar = pg.locator(".md-nav--primary").inner_text()
    for title in ("Shikoku 1889", "18Chesapeake", "Madrid"):
        assert title in sidebar
    assert "Evil <img" in sidebar and pg.evaluate("window.__pwned === undefined")
    # a game's section: overview, map, hexes — and no entry per hex
    pg.locator(".md-nav--primary a", has_text="Shikoku 1889").first.click()
    pg.wait_for_url("**/games/1889/")
    links = pg.locator(".md-nav--primary a").evaluate_all("els => els.map(e => e.href)")
    assert any(h.endswith("/games/1889/map/") for h in links)
    assert any(h.endswith("/games/1889/hexes/") for h in links)
    assert not any("F3" in h for h in links)
    pg.goto(site_url + "games/1889/map/")
    crumbs = pg.locator(".md-path").inner_text()
    assert "Games" in crumbs and "Shikoku 1889" in crumbs
    pg.locator(".md-tabs__link", has_text="Tiles").click()
    pg.wait_for_url("**/tiles/all/")
    assert pg.locator("[data-tile]").count() > 400
    assert not log.page_errors and not log.console_errors and not log.external_requests


def test_hexes_page_lists_every_hex_once(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "games/1889/hexes/")
    labels = pg.locator(".tile-card").count()
    assert labels > 10
    assert pg.locator("[data-hex-viewer]").is_hidden()  # no hex asked for
    pg.locator('a.tile-card[href$="?hex=F3"]').first.click()
    pg.wait_for_url("**/games/1889/hexes/?hex=F3")
    viewer = pg.locator("[data-hex-viewer]")
    assert viewer.is_visible() and viewer.locator("h2").inner_text() == "F3 — Saijou"
    assert "city=revenue" in viewer.locator("code").inner_text()
    # the large drawing is named in words: its card's image text (the data does not repeat it)
    alt = str(viewer.locator('img[data-hex-field="img"]').get_attribute("alt"))
    assert alt.startswith("White tile. Named Saijou. City")
    # its "Try it" link opens this hex in the playground (the query built from the page's data)
    query = parse_qs(urlsplit(str(viewer.locator("a.tile-try").get_attribute("href"))).query)
    assert query["name"] == ["Saijou"] and query["layout"] == ["flat"]
    assert query["code"][0] == viewer.locator("code").inner_text()
    assert pg.locator("[data-hex-viewer] .tile-grid-overlay").is_hidden()
    # the same hex by fragment, lower case, with the region grid (?grid)
    pg.goto(site_url + "games/1889/hexes/?grid#f3")
    assert viewer.locator("h2").inner_text() == "F3 — Saijou"
    assert pg.locator("[data-hex-viewer] .tile-grid-overlay").is_visible()
    # a coordinate that is not on the map, or markup, is said as text, never run
    pg.goto(site_url + "games/1889/hexes/?hex=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    missing = pg.locator("[data-hex-missing]")
    assert missing.is_visible() and "<img src=x" in missing.inner_text()
    assert viewer.is_hidden() and pg.locator("img[src='x']").count() == 0
    assert not log.page_errors and not log.console_errors
