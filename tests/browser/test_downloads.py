"""SVG and PNG downloads (gallery/assets/downloads.js) in a real Chromium: the file arrives,
decodes, and is what the page shows (rotation, grid, name); over http and from file://."""

from __future__ import annotations

import io
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser_support import PageLog, build_site, serve
from PIL import Image

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"

#: An offline build (what `nox -s offline` zips): page URLs end in index.html and every tile
#: drawing gets its `.svg.js` script copy for downloads from file://.
CONFIG = """\
site_name: Downloads
use_directory_urls: false
theme: {name: material, font: false}
plugins:
  - search
  - offline
  - tiles:
      games_dirs: [games]
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One ```tile block, the print tests' small game (a map, cards, hex pages with a name
    full of markup characters) and the catalog's tile pages."""
    root = tmp_path_factory.mktemp("downloads-site")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text(
        '# Fence\n\n```tile rotation="1"\ncity=revenue:20;path=a:0,b:_0\n```\n', encoding="utf-8"
    )
    (root / "games").mkdir()
    shutil.copy(ROOT / "tests" / "gallery" / "fixtures" / "print_mini.yaml", root / "games")
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    return build_site(root / "mkdocs.yml", root / "site")


@pytest.fixture(scope="module")
def site_url(site: Path) -> Iterator[str]:
    with serve(site) as url:
        yield url


def _download(pg: Any, button: Any) -> tuple[str, bytes]:
    with pg.expect_download(timeout=15_000) as info:
        button.click()
    download = info.value
    return download.suggested_filename, Path(download.path()).read_bytes()


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()  # decodes every pixel: a truncated file fails here
    return image


def _same_drawing(data: bytes, rotation: int) -> None:
    """`data` is tile 57's drawing at `rotation` as the renderer draws it: the same elements
    in the same order with the same attributes, and the same title (the page shows it inline
    and the browser serialises it, so the bytes differ)."""
    from tile_lang import catalog, render_svg

    tile = catalog.lookup("57")
    assert tile is not None
    want = _elements(ET.fromstring(render_svg(tile.code, color=tile.color, rotation=rotation)))
    got = _elements(ET.fromstring(data))
    assert [e.tag for e in got] == [e.tag for e in want]
    inner = [(e.tag, e.attrib, e.text) for e in got[1:]]
    assert inner == [(e.tag, e.attrib, e.text) for e in want[1:]]


def _elements(root: ET.Element) -> list[ET.Element]:
    """The drawing's elements in order, without an empty <defs> (the site leaves svgwrite's
    out: gallery.svgtext)."""
    return [e for e in root.iter() if not (e.tag == SVG + "defs" and len(e) == 0)]


def _clean(log: PageLog) -> None:
    assert not log.page_errors, log.page_errors
    assert not log.console_errors, log.console_errors
    assert not log.external_requests, log.external_requests


def test_tile_page_downloads_the_shown_rotation_with_its_grid(
    page: tuple[Any, PageLog], site_url: str, site: Path
) -> None:
    pg, log = page
    pg.goto(site_url + "tiles/57/index.html?r=2")
    figure = pg.locator("figure.tile-variant:visible").first
    name, data = _download(pg, figure.locator(".tile-downloads__svg"))
    assert name == "tile-57-flat-r2.svg"
    _same_drawing(data, rotation=2)  # the drawing the page shows inline, as a file

    figure.locator(".tile-downloads__scale").select_option("4")
    name, data = _download(pg, figure.locator(".tile-downloads__png"))
    image = _png(data)
    assert name == "tile-57-flat-r2.png" and image.size == (800, 800)
    rgb = np.asarray(image.convert("RGB"), dtype=int)
    yellow = int(((rgb[..., 0] > 240) & (rgb[..., 1] > 200) & (rgb[..., 2] < 40)).sum())
    assert yellow > 800 * 800 // 4  # the tile, not a blank canvas

    pg.goto(site_url + "tiles/57/index.html?r=2&grid")
    figure = pg.locator("figure.tile-variant:visible").first
    _, data = _download(pg, figure.locator(".tile-downloads__svg"))
    titles = [t.text for t in ET.fromstring(data).iter(SVG + "title")]
    assert "region grid" in titles  # the overlay the page shows is in the file
    _clean(log)


def test_map_page_and_game_page_cards(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "games/mini/map/index.html")
    bar = pg.locator(".tile-downloads").first  # the map's, above it
    name, data = _download(pg, bar.locator(".tile-downloads__svg"))
    root = ET.fromstring(data)
    assert name == "mini-map.svg"
    assert len(list(root.iter(SVG + "use"))) == 11 and not list(root.iter(SVG + "a"))
    # the hexes' tile files are in the saved drawing, which stands alone
    assert not list(root.iter(SVG + "image")) and list(root.iter(SVG + "polygon"))
    name, data = _download(pg, bar.locator(".tile-downloads__png"))
    width = float(root.get("width", "0"))
    assert name == "mini-map.png" and _png(data).size[0] == round(width * 2)

    pg.goto(site_url + "games/mini/index.html")
    card = pg.locator(".tile-card", has_text="57").first
    card.hover()
    url = pg.url
    name, data = _download(pg, card.locator(".tile-downloads__png"))
    assert name == "mini-57.png" and _png(data).size == (400, 400)
    assert pg.url == url  # the card is a link; the button did not follow it
    _clean(log)


def test_hex_page_keeps_the_location_name(page: tuple[Any, PageLog], site_url: str) -> None:
    pg, log = page
    pg.goto(site_url + "games/mini/hexes/index.html?hex=C1")
    figure = pg.locator("figure.tile-variant:visible").first
    name, data = _download(pg, figure.locator(".tile-downloads__svg"))
    assert name == "mini-C1-flat-r0.svg"
    texts = "".join(t.text or "" for t in ET.fromstring(data).iter(SVG + "text"))
    assert "Alpha &" in texts and "<Beta>" in texts
    _clean(log)


def test_offline_bundle_from_file_url_downloads_everything(
    page: tuple[Any, PageLog], site: Path
) -> None:
    pg, log = page
    pg.goto((site / "index.html").as_uri())
    fence = pg.locator("figure.tile-figure").first
    name, data = _download(pg, fence.locator(".tile-downloads__svg"))
    assert name == "Fence-r1.svg" and ET.fromstring(data).tag == SVG + "svg"
    name, data = _download(pg, fence.locator(".tile-downloads__png"))
    assert _png(data).size == (400, 400)

    pg.goto((site / "games" / "mini" / "map" / "index.html").as_uri())
    bar = pg.locator(".tile-downloads").first  # the map's: its hexes read from the copies
    name, data = _download(pg, bar.locator(".tile-downloads__svg"))
    assert name == "mini-map.svg" and not list(ET.fromstring(data).iter(SVG + "image"))
    name, data = _download(pg, bar.locator(".tile-downloads__png"))
    assert name == "mini-map.png" and _png(data).size[0] > 0

    pg.goto((site / "tiles" / "57" / "index.html").as_uri() + "?r=3")
    figure = pg.locator("figure.tile-variant:visible").first
    name, data = _download(pg, figure.locator(".tile-downloads__svg"))
    assert name == "tile-57-flat-r3.svg"
    _same_drawing(data, rotation=3)
    name, data = _download(pg, figure.locator(".tile-downloads__png"))
    assert name == "tile-57-flat-r3.png" and _png(data).size == (400, 400)

    pg.goto((site / "tiles" / "57" / "index.html").as_uri() + "?r=3&grid")
    figure = pg.locator("figure.tile-variant:visible").first
    name, data = _download(pg, figure.locator(".tile-downloads__svg"))
    assert name == "tile-57-flat-r3.svg" and ET.fromstring(data).tag == SVG + "svg"
    note = figure.locator(".tile-downloads__note")
    assert "without the region grid" in note.inner_text()  # said, not silently dropped
    _clean(log)


def test_from_file_url_without_script_copies_png_says_why(
    page: tuple[Any, PageLog], site: Path, tmp_path: Path
) -> None:
    """A site built without the offline plugin has no `.svg.js` copies: inline drawings still
    download; a tile file's PNG button explains instead of failing silently."""
    plain = tmp_path / "site"
    shutil.copytree(site, plain, ignore=shutil.ignore_patterns("*.svg.js"))
    pg, log = page
    pg.goto((plain / "games" / "mini" / "map" / "index.html").as_uri())
    # the map's hexes are the site's tile files: without their copies its PNG says why
    pg.wait_for_function(
        "document.querySelector('.tile-downloads__png').getAttribute('aria-disabled') === 'true'"
    )
    title = pg.locator(".tile-downloads__png").first.get_attribute("title")
    assert "served over http" in str(title)
    pg.goto((plain / "games" / "mini" / "index.html").as_uri())
    card = pg.locator(".tile-card").first
    card.hover()
    png = card.locator(".tile-downloads__png")
    pg.wait_for_function(
        "document.querySelector('.tile-card .tile-downloads__png')"
        ".getAttribute('aria-disabled') === 'true'"
    )
    png.click(force=True)  # aria-disabled, yet it answers with the reason
    note = card.locator(".tile-downloads__note")
    note.wait_for(state="visible")
    assert "PNG needs the site served over http" in note.inner_text()
    assert not log.page_errors, log.page_errors
    assert not log.external_requests, log.external_requests
