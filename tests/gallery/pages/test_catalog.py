from __future__ import annotations

from dataclasses import replace

from gallery.game import Game
from gallery.pages.catalog import build_tile_page, catalog_usage, fill_used_by, usage_summary
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


def test_usage_summary_gives_the_total_and_the_median_per_game() -> None:
    assert usage_summary([2]) == "Used by 1 game: 2 copies in all, median 2 per game."
    assert usage_summary([1, 4, 2]) == "Used by 3 games: 7 copies in all, median 2 per game."
    assert usage_summary([1, 2]) == "Used by 2 games: 3 copies in all, median 1.5 per game."
    # an unlimited supply (no count) takes no part in the figures and is said apart
    assert usage_summary([3, None, 5]) == (
        "Used by 3 games: 8 copies in all, median 4 per game; unlimited in 1."
    )
    assert usage_summary([None]) == "Used by 1 game: unlimited in each."


def test_tile_page_says_how_many_copies_its_games_ship(mini: Game) -> None:
    """Both ways a tile page gets its table: in the Markdown, and set aside as HTML."""
    other = replace(mini, id="other", title="Other",
                    tiles={"57": replace(mini.tiles["57"], count=5)})  # fmt: skip
    usage = catalog_usage([mini, other])["57"]
    tile = catalog.lookup("57")
    assert tile is not None
    build = GalleryBuild()
    build_tile_page(build, tile, usage)
    (page,) = [f.content for f in build.files if f.path == "tiles/57/index.md"]
    assert "Used by 2 games: 7 copies in all, median 3.5 per game." in page
    aside = GalleryBuild(set_aside=True)
    build_tile_page(aside, tile, None)
    (bare,) = [f for f in aside.files if f.path == "tiles/57/index.md"]
    filled = fill_used_by(aside, bare, usage)
    html = "".join(block for _, block in filled.blocks)
    assert '<p class="tile-used-by__summary">Used by 2 games: 7 copies in all' in html
