"""The built site in a real Chromium: served on 127.0.0.1, and as an unzipped offline bundle
opened from file://. Tiles visible, search, filter, rotation/grid parameters, no console errors,
no request leaving the machine, and data never executed as markup."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageLog, build_site, serve

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def _assert_clean(log: PageLog) -> None:
    assert not log.page_errors, log.page_errors
    assert not log.console_errors, log.console_errors
    assert not log.external_requests, log.external_requests
    assert not log.dialogs, log.dialogs


def _search(pg: Any, text: str) -> None:
    field = pg.locator(".md-search__input").first
    if not field.is_visible():
        pg.locator("label[for=__search]:visible").first.click()
    field.click()
    # The search worker must have built its index before a query is answered.
    pg.wait_for_function(
        "!/Initializing/.test(document.querySelector('.md-search-result__meta').textContent)",
        timeout=15_000,
    )
    field.type(text, delay=30)


@pytest.fixture(scope="module")
def small_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site with the repository's docs, one real game and one hostile game (catalog pages
    on): what a user builds, at a size a test can afford."""
    root = tmp_path_factory.mktemp("browser-site")
    shutil.copytree(ROOT / "docs", root / "docs")
    games = root / "games"
    games.mkdir()
    shutil.copy(ROOT / "games" / "18_chesapeake.yaml", games)
    (games / "evil.yaml").write_text(
        'id: evil\ntitle: "Evil <script>window.__pwned=1</script>"\n'
        'tiles:\n  "X9": {count: 1, color: yellow, code: "label=<script>alert(2)</script>"}\n'
        'location_names: {A1: "<svg onload=window.__pwned=3>"}\n'
        'hexes:\n  white:\n    "city=revenue:10": [A1]\n',
        encoding="utf-8",
    )
    (root / "docs" / "evil.md").write_text(
        '# Evil\n\n```tile name="<script>window.__pwned=4</script>" label="1"\n'
        "label=<script>alert(5)</script>\n```\n",
        encoding="utf-8",
    )
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    return build_site(root / "mkdocs.yml", root / "site")


@pytest.fixture(scope="module")
def site_url(small_site: Path) -> Iterator[str]:
    with serve(small_site) as url:
        yield url


def test_reference_page_shows_tiles(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "language/cities/")
    svgs = pg.locator(".tile-block svg.tile-svg")
    assert svgs.count() >= 8
    box = svgs.first.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 100
    _assert_clean(log)


def test_anatomy_figures_number_regions_edges_and_corners(
    page: tuple[Any, PageLog], site_url: str
) -> None:
    """The anatomy page's first figures (flat, then pointy) show the 24 regions numbered,
    edges 0-5 and corners 0.5-5.5, drawn where Chromium lays out visible text."""
    pg, log = page
    pg.goto(site_url + "language/anatomy/")
    figures = pg.locator("figure svg.tile-svg")
    for tab, figure in (("Flat", figures.nth(0)), ("Pointy", figures.nth(1))):
        pg.locator(".tabbed-labels label", has_text=tab).first.click()
        figure.scroll_into_view_if_needed()
        shown = figure.evaluate(
            """(svg) => [...svg.querySelectorAll('text')]
                 .filter(t => { const b = t.getBBox(); return b.width > 0 && b.height > 0; })
                 .map(t => t.textContent.trim())"""
        )
        assert {str(n) for n in range(24)} <= set(shown), tab
        assert {f"{n}.5" for n in range(6)} <= set(shown), tab
        assert shown.count("3") >= 2, tab  # edge 3 and region 3
    assert not log.page_errors and not log.console_errors


def test_search_finds_a_tile_page(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url)
    _search(pg, "Baltimore")
    result = pg.locator(".md-search-result__item").first
    result.wait_for(timeout=10_000)
    assert "Baltimore" in pg.locator(".md-search-result").inner_text()
    _assert_clean(log)


def _result_titles(pg: Any) -> list[str]:
    pg.locator(".md-search-result__item").first.wait_for(timeout=10_000)
    pg.wait_for_timeout(500)  # results settle after the last keystroke
    heads = pg.locator(".md-search-result__item > a h1, .md-search-result__item > a h2")
    return [str(heads.nth(i).text_content()).strip() for i in range(heads.count())]


def test_search_ranks_the_tile_first_and_names_the_game_of_a_hex(
    page: tuple[Any, PageLog], site_url: str
) -> None:
    pg, log = page
    pg.goto(site_url)
    _search(pg, "57")
    titles = _result_titles(pg)
    assert titles[0] == "Tile 57", titles
    assert {"Tile 570", "Tile 576"} & set(titles)  # the prefix still finds the longer numbers
    pg.goto(site_url)
    _search(pg, "Baltimore")
    _result_titles(pg)
    # the place is found on its game's hexes page, under a heading naming the game
    items = pg.locator(".md-search-result__item")
    found = [str(items.nth(i).inner_text()) for i in range(items.count())]
    places = [text for text in found if "Baltimore" in text and "hexes" in text]
    assert places and all("18Chesapeake" in text for text in places), found
    _assert_clean(log)


def test_rotation_and_grid_parameters(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "tiles/57/?r=2")
    visible = pg.locator(".tile-variant:visible")
    assert visible.count() == 2  # flat and pointy blocks, rotation 2 each
    assert {visible.nth(i).get_attribute("data-rotation") for i in range(2)} == {"2"}
    assert pg.locator(".tile-grid-overlay:visible").count() == 0
    pg.goto(site_url + "tiles/57/?r=all&grid")
    assert pg.locator(".tile-variant:visible").count() == 12
    assert pg.locator(".tile-grid-overlay:visible").count() == 12
    _assert_clean(log)


NOT_FOUND = "Failed to load resource: the server responded with a status of 404 (Not Found)"


def test_18xx_games_tile_addresses_are_routed_by_the_404_page(
    page: tuple[Any, PageLog], site_url: str
) -> None:
    """`tiles/57-4/` has no folder of its own: the site's 404 page (which static hosts serve
    for unknown paths) sends the reader to `tiles/57/?r=4`; an unknown tile, a rotation out
    of range or a hostile path stays on the 404 page and runs nothing."""
    pg, log = page
    for path, rotation in (
        ("tiles/57-4/", "4"),
        ("tiles/57-1", "1"),
        ("tiles/57-2/index.html", "2"),
    ):
        pg.goto(site_url + path)
        pg.wait_for_url(f"**/tiles/57/?r={rotation}")
        shown = pg.locator(".tile-variant:visible").first
        assert shown.get_attribute("data-rotation") == rotation, path
    for path in (
        "tiles/no-such-tile-2/",
        "tiles/57-9/",
        "tiles/57-1x/",
        "tiles/%3Cimg%20src=x%20onerror=alert(1)%3E-1/",
        "tiles/javascript:alert(1)-1/",
    ):
        pg.goto(site_url + path)
        pg.wait_for_timeout(200)
        assert pg.url == site_url + path, path
        assert "404" in pg.inner_text("article"), path
    assert not log.dialogs and not log.page_errors and not log.external_requests
    # the one console line each 404 answer gives (the browser's, for the document itself)
    assert set(log.console_errors) <= {NOT_FOUND}


def _name_box(pg: Any, index: int) -> tuple[str, list[str]]:
    """The transform and text lines of the name box over the `index`-th visible drawing."""
    overlay = pg.locator(".tile-variant:visible").nth(index).locator("svg.tile-name-overlay")
    assert overlay.count() == 1
    group = overlay.locator("rect").locator("xpath=..")
    return str(group.get_attribute("transform")), overlay.locator("text").all_text_contents()


def test_location_name_parameter(page: tuple[Any, PageLog], site_url: str) -> None:
    """`?n=` draws the name where the renderer draws it (same transform as render_svg with
    that name), in every visible rotation and both layouts, one or two lines, as text."""
    from tile_lang import catalog, render_svg

    pg, log = page
    code = catalog.get("57").code
    for query, name, lines in (
        ("?n=Tokyo", "Tokyo", ["Tokyo"]),
        ("?r=3&n=Kyoto%20Central%20Station", "Kyoto Central Station", ["Kyoto Central", "Station"]),
        ("?n=%3Cimg%20src=x%20onerror=alert(1)%3E", "<img src=x onerror=alert(1)>",
         ["<img src=x", "onerror=alert(1)>"]),
    ):  # fmt: skip
        pg.goto(site_url + "tiles/57/" + query)
        rotation = 3 if "r=3" in query else 0
        for index, layout in enumerate(("flat", "pointy")):
            transform, texts = _name_box(pg, index)
            assert texts == lines
            drawn = render_svg(code, layout=layout, rotation=rotation, name=name)
            assert f'<g transform="{transform}">' in drawn, (layout, query)
    assert pg.locator("svg.tile-name-overlay img").count() == 0  # text, never markup
    pg.goto(site_url + "tiles/57/")
    assert pg.locator("svg.tile-name-overlay").count() == 0
    _assert_clean(log)


def test_tile_filter(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "tiles/all/")
    cards = pg.locator("#catalog-grid [data-tile]")
    total = cards.count()
    assert total == 476
    pg.select_option("form.tile-filter select[name=color]", "yellow")
    shown = pg.locator("#catalog-grid [data-tile]:visible").count()
    assert 0 < shown < total
    pg.check("form.tile-filter input[name=city]")
    with_city = pg.locator("#catalog-grid [data-tile]:visible").count()
    assert 0 < with_city < shown
    assert f"{with_city} shown" in pg.locator(".tile-filter__count").inner_text()
    _assert_clean(log)


def test_game_pages_and_map(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "games/")
    assert pg.locator(".game-card").count() == 2
    pg.fill("form.tile-filter input[name=q]", "chesa")
    assert pg.locator(".game-card:visible").count() == 1
    pg.locator(".game-card:visible").click()
    pg.wait_for_url("**/games/18_chesapeake/")
    pg.locator(".game-map a").click()  # the overview's thumbnail opens the map page
    pg.wait_for_url("**/games/18_chesapeake/map/")
    assert pg.locator("svg.game-map-svg a.ta-hex use").count() > 50
    _assert_clean(log)


def test_manifest_card_selects_first_then_opens(page: tuple[Any, PageLog], site_url: str) -> None:
    """With catalog pages, manifest cards are links: the first click only selects (the upgrade
    highlight), the second follows the link."""
    pg, log = page
    pg.goto(site_url + "games/18_chesapeake/")
    card = pg.locator("[data-manifest-view]:not([hidden]) a[data-name='57']")
    card.click()
    assert pg.url.endswith("games/18_chesapeake/")
    assert "is-selected" in str(card.get_attribute("class"))
    assert "is-upgrade-to" in str(
        pg.locator("[data-manifest-view]:not([hidden]) [data-name='14']").get_attribute("class")
    )
    card.click()
    pg.wait_for_url("**/tiles/57/")
    _assert_clean(log)


def test_markup_in_data_is_never_executed(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    for path in ("evil/", "games/", "games/evil/", "games/evil/hexes/?hex=A1"):
        pg.goto(site_url + path)
        assert pg.evaluate("window.__pwned === undefined"), path
    pg.goto(site_url + "games/evil/")
    assert "<script>" in pg.locator("h1").inner_text()
    _assert_clean(log)


@pytest.fixture(scope="module")
def offline_bundle(tmp_path_factory: pytest.TempPathFactory, small_site: Path) -> Path:
    """The offline build of the same site, zipped and unzipped like a user would."""
    root = small_site.parent
    out = root / "offline"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=root,
        check=True,
        capture_output=True,
        env={"TILE_ATLAS_OFFLINE": "true", "TILE_ATLAS_DIRECTORY_URLS": "false",
             "NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin", "HOME": str(root)},
    )  # fmt: skip
    from gallery.bundle import zip_site

    archive = root / "bundle.zip"
    zip_site(out, archive)
    unzipped = tmp_path_factory.mktemp("unzipped")
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(unzipped)
    return unzipped / "tile-atlas-site"


def test_offline_bundle_from_file_url(page: tuple[Any, PageLog], offline_bundle: Path) -> None:
    pg, log = page
    base = offline_bundle.as_uri() + "/"
    pg.goto(base + "index.html")
    assert pg.locator(".tile-block svg.tile-svg").count() >= 3
    pg.goto(base + "tiles/57/index.html?r=all&grid")
    assert pg.locator(".tile-variant:visible").count() == 12
    assert pg.locator(".tile-grid-overlay:visible").count() == 12
    pg.goto(base + "tiles/all/index.html")
    pg.select_option("form.tile-filter select[name=color]", "green")
    assert 0 < pg.locator("#catalog-grid [data-tile]:visible").count() < 476
    _search(pg, "Lanes")
    pg.locator(".md-search-result__item").first.wait_for(timeout=10_000)
    pg.goto(base + "language/index.html")
    toggle = pg.locator("form[data-md-component=palette] label:visible").first
    scheme = pg.evaluate("document.body.getAttribute('data-md-color-scheme')")
    toggle.click()
    assert pg.evaluate("document.body.getAttribute('data-md-color-scheme')") != scheme
    _assert_clean(log)
