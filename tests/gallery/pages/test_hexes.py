from __future__ import annotations

from gallery.game import Game
from gallery.pages.context import GalleryBuild
from gallery.pages.hexes import build_hex_page, build_hexes_page, hex_page_of, merged_hexes


def test_identical_hexes_merge_and_share_the_first_coordinates_page(mini: Game) -> None:
    merged = {tuple(coords) for _, coords in merged_hexes(mini)}
    assert ("A1", "C1") in merged and ("B2",) in merged
    assert hex_page_of(mini)["C1"] == "A1"


def test_other_coordinates_redirect_to_the_shared_page(mini: Game) -> None:
    build = GalleryBuild()
    for h, coords in merged_hexes(mini):
        build_hex_page(build, mini, h, coords)
    paths = {f.path: f.content for f in build.files}
    assert "games/mini/A1/index.md" in paths and "games/mini/B2/index.md" in paths
    assert 'url=../A1/"' in paths["games/mini/C1/index.html"]
    assert "# B2 — Town" in paths["games/mini/B2/index.md"]


def test_hexes_index_shows_each_drawn_hex_once(mini: Game) -> None:
    build = GalleryBuild()
    build_hexes_page(build, mini)
    page = next(f.content for f in build.files if f.path == "games/mini/hexes/index.md")
    assert page.count('class="tile-card"') == 2  # A1+C1 once, B2; the empty D2 not drawn
    assert '<span class="tile-name">A1, C1</span>' in page
