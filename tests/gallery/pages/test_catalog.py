from __future__ import annotations

from gallery.game import Game
from gallery.pages.catalog import build_tile_page, catalog_usage
from gallery.pages.context import GalleryBuild
from tile_lang import catalog


def test_usage_lists_games_naming_a_catalog_tile(mini: Game) -> None:
    usage = catalog_usage([mini])
    assert [g.id for g, _ in usage["57"]] == ["mini"]
    assert "X1" not in usage


def test_tile_page_links_games_and_redirects_rotations(mini: Game) -> None:
    build = GalleryBuild()
    tile = catalog.lookup("57")
    assert tile is not None
    build_tile_page(build, tile, catalog_usage([mini])["57"])
    paths = {f.path: f.content for f in build.files}
    page = paths["tiles/57/index.md"]
    chart = "[upgrade chart](../../games/mini/upgrades/index.md#tile-57)"  # the tile's own row
    assert f"| [Mini](../../games/mini/index.md) | 2 | {chart} |" in page
    assert page.count("<figure") == 12  # six rotations, flat and pointy
    assert 'url=../57/?r=3"' in paths["tiles/57-3/index.html"]
