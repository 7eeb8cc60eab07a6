from __future__ import annotations

import json
import re

from gallery.game import Game
from gallery.pages.context import GalleryBuild
from gallery.pages.hexes import build_hexes_page, hex_link, merged_hexes, script_json


def test_identical_hexes_merge(mini: Game) -> None:
    merged = {tuple(coords) for _, coords in merged_hexes(mini)}
    assert ("A1", "C1") in merged and ("B2",) in merged


def _page(game: Game, **options: bool) -> tuple[list[str], str]:
    build = GalleryBuild(**options)
    build_hexes_page(build, game)
    return [f.path for f in build.files], next(
        f.content for f in build.files if f.path == "games/mini/hexes/index.md"
    )


def test_one_page_for_all_hexes_with_a_card_per_drawn_hex(mini: Game) -> None:
    paths, page = _page(mini)
    assert [p for p in paths if p.endswith((".md", ".html"))] == ["games/mini/hexes/index.md"]
    assert page.count('class="tile-card"') == 2  # A1+C1 once, B2; the empty D2 not drawn
    assert '<span class="tile-name">A1, C1</span>' in page
    assert '<span class="tile-name">B2 · Town</span>' in page  # place names are searchable
    assert 'href="../../../games/mini/hexes/?hex=A1"' in page


def test_viewer_data_holds_every_coordinate_as_text(mini: Game) -> None:
    _, page = _page(mini, directory_urls=False)
    (raw,) = re.findall(r'<script type="application/json" data-hex-data>(.*?)</script>', page)
    hexes = json.loads(raw)
    assert [h["coords"] for h in hexes] == [["A1", "C1"], ["B2"]]
    assert hexes[1]["name"] == "Town" and hexes[1]["img"].startswith("../../../assets/tiles/")
    assert "name" not in hexes[0] and "tile_href" not in hexes[0]  # empty fields left out
    (viewer,) = [
        line
        for line in page.splitlines()
        if line.startswith("<section") and "data-hex-viewer" in line
    ]
    assert viewer.endswith("</p>") and "</section>" in viewer  # one line inside Markdown


def test_hostile_names_stay_inside_the_data(mini: Game) -> None:
    from dataclasses import replace

    from gallery.game import MapHex

    name = '"></script><script>x</script><!--&'
    evil = replace(mini, hexes={"B2": MapHex("B2", "white", "", name=name)})
    _, page = _page(evil)
    assert "<script>" not in page and "<!--" not in page
    (raw,) = re.findall(r'<script type="application/json" data-hex-data>(.*?)</script>', page)
    assert json.loads(raw)[0]["name"] == name  # the text itself, read back as data


def test_script_json_escapes_what_could_end_the_element() -> None:
    text = script_json({"a": "</script>&<!--"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"a": "</script>&<!--"}


def test_hex_links_quote_the_coordinate(mini: Game) -> None:
    build = GalleryBuild(directory_urls=False)
    link = hex_link(build, "games/mini/map/index.md", mini, "B 2&x")
    assert link == "../../../games/mini/hexes/index.html?hex=B%202%26x"
