from __future__ import annotations

import re
from dataclasses import replace

from gallery.game import Game
from gallery.pages.context import DRAWINGS, GalleryBuild
from gallery.pages.hexes import build_hexes_page
from gallery.pages.map_page import _thumbnail_svg, build_map_page, map_thumbnail
from gallery.templates import Templates
from tile_lang.render_cache import RenderCache, RenderKey


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
    assert shown and page.count("<symbol ") == len(shown) and "<path" not in page
    # the other drawings are those of the tile picker and of the legal placements ("where
    # can this tile go": `pages.where`), each named by the page
    named = set(re.findall(r"\.\./\.\./\.\./(assets/tiles/[0-9a-f]+\.svg)", page))
    assert named == {f.path for f in build.files if f.path.startswith("assets/tiles/")}


class _Counting(RenderCache):
    """A render cache that counts the drawings it is asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[RenderKey] = []

    def render(self, key: RenderKey) -> str:
        self.asked.append(key)
        return super().render(key)


def test_a_thumbnail_takes_the_hex_drawings_an_earlier_build_made(mini: Game) -> None:
    """A game made again during `mkdocs serve` draws its thumbnail from the drawing files the
    first build made (in its workers), and the thumbnail is the one drawing them gives."""
    first = GalleryBuild()
    build_hexes_page(first, mini)
    drawn = {f.path: f for f in first.files if f.path.startswith(DRAWINGS)}
    plain = _Counting()
    assert plain.asked == []
    fresh = _thumbnail_svg(plain, Templates(), mini, {})
    counting = _Counting()
    again = _thumbnail_svg(counting, Templates(), mini, drawn)
    assert again == fresh
    # the hexes page drew A1 and C1 as they are (no name): not drawn again; B2's file has its
    # name, which a thumbnail leaves out: drawn
    assert {k.code for k in plain.asked} == {"", "city=revenue:0"}
    assert [(k.code, k.name) for k in counting.asked] == [("city=revenue:0", None)]


def test_the_map_is_named_by_its_page_and_holds_nothing_of_the_title(mini: Game) -> None:
    """The map page's viewport names the map; the map and the thumbnail hold nothing of the
    game's title, so a renamed game keeps them (`GalleryBuild.piece`)."""
    build = GalleryBuild()
    renamed = replace(mini, title="Renamed & <b>bold</b>")
    build_map_page(build, renamed)
    (page,) = [f for f in build.files if f.path.endswith(".md")]
    body = page.content
    assert 'aria-label="Map of Renamed &amp; &lt;b&gt;bold&lt;/b&gt;: arrow keys' in body
    svg = body[body.index("<svg") : body.index("</svg>")]
    assert "Renamed" not in svg and "Mini" not in svg
    thumb = _thumbnail_svg(RenderCache(), Templates(), renamed, {})
    assert "Renamed" not in thumb and "<title>" not in thumb.split("<defs>")[0]
    assert thumb == _thumbnail_svg(RenderCache(), Templates(), mini, {})
