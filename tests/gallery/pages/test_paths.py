from __future__ import annotations

from gallery.pages.paths import built_link, download_stem, rel, tile_slug


def test_rel_climbs_out_of_the_page_folder() -> None:
    assert rel("games/1889/index.md", "tiles/57/index.md") == "../../tiles/57/index.md"
    assert rel("index.md", "games/index.md") == "games/index.md"


def test_built_link_follows_use_directory_urls() -> None:
    assert built_link("../57/index.md", True) == "../57/"
    assert built_link("../57/index.md", False) == "../57/index.html"
    assert built_link("page.md", True) == "page/"
    assert built_link("page.md", False) == "page.html"
    assert built_link("../x.svg", False) == "../x.svg"


def test_tile_slug_keeps_urls_safe() -> None:
    assert tile_slug("57") == "57"
    assert tile_slug("X 1/2") == "X_1_2"
    assert tile_slug("../..") == "tile"


def test_download_stems_name_tile_and_game() -> None:
    assert download_stem("tiles/57/index.md", "flat", "r2") == "tile-57-flat-r2"
    assert download_stem("tiles/all/index.md", "57") == "tile-57"
    assert download_stem("games/1889/index.md", "57") == "1889-57"
    assert download_stem("games/1889/map/index.md") == "1889-map"
