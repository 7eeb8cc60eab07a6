from __future__ import annotations

import re

from gallery.game import Game
from gallery.pages.context import GalleryBuild
from gallery.pages.map_page import build_map_page, map_thumbnail


def test_thumbnail_written_once_per_build(mini: Game) -> None:
    build = GalleryBuild()
    assert map_thumbnail(build, mini) == map_thumbnail(build, mini) == "assets/games/mini-map.svg"
    assert [f.path for f in build.files] == ["assets/games/mini-map.svg"]


def test_map_page_links_each_hex_to_the_hex_viewer(mini: Game) -> None:
    build = GalleryBuild(directory_urls=False)
    build_map_page(build, mini)
    (page,) = [f.content for f in build.files if f.path.endswith(".md")]
    for coord in ("A1", "B2", "C1"):
        assert f'href="../../../games/mini/hexes/index.html?hex={coord}"' in page
    # each distinct hex is a symbol showing the tile file the hexes page shows (one file,
    # not the drawing again inside the page)
    shown = set(re.findall(r'<image href="\.\./\.\./\.\./(assets/tiles/[0-9a-f]+\.svg)"', page))
    assert shown and shown == {f.path for f in build.files if f.path.startswith("assets/tiles/")}
    assert page.count("<symbol ") == len(shown) and "<path" not in page
