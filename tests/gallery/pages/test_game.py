from __future__ import annotations

import re

from gallery.game import Game
from gallery.pages.context import GalleryBuild
from gallery.pages.game import build_game_pages, manifest_views


def test_manifest_grouped_by_colour_and_by_family(mini: Game) -> None:
    views = manifest_views(mini)
    assert [(t, [e.name for e in es]) for t, es in views["number"]] == [
        ("Yellow", ["57", "X1"]),
        ("Green", ["15"]),
    ]
    assert {t for t, _ in views["family"]} >= {"Towns", "Cities"}


def test_overview_has_manifest_views_map_and_hexes_links(mini: Game) -> None:
    build = GalleryBuild()
    build_game_pages(build, mini)
    page = next(f.content for f in build.files if f.path == "games/mini/index.md")
    assert '<div data-manifest-view="number">' in page
    assert '<div data-manifest-view="family" hidden>' in page
    assert 'data-name="57" data-upgrades-to="15"' in page  # 57 upgrades to 15
    # each card once: the family view names its cards, the page's script moves them there
    assert page.count('data-name="57"') == 1
    family = page[page.index('<div data-manifest-view="family" hidden>') :]
    assert "<a " not in family.split("</div>")[0] and "data-cards='[&#34;" not in family
    assert '"57"' in family.split("</div>")[0]
    link = '<a href="../../games/mini/map/" data-ta-map-link>'
    assert link + '<img src="../../assets/games/mini-map.svg"' in page
    assert "[hexes](../../games/mini/hexes/index.md)" in page
    assert '<a href="upgrades/">upgrade chart</a>' in page  # #16: the chart is linked from here
    assert {"games/mini/map/index.md", "games/mini/hexes/index.md"} <= {f.path for f in build.files}


def test_two_games_with_the_same_tile_draw_it_once(mini: Game) -> None:
    from dataclasses import replace

    from gallery.site import build_gallery

    twin = replace(mini, id="twin", title="Twin")
    files = build_gallery([mini, twin], catalog_pages=False)
    drawings = [f.path for f in files if f.path.startswith("assets/tiles/")]
    assert len(drawings) == len(set(drawings))  # each drawing is one file for the whole site
    one = build_gallery([mini], catalog_pages=False)
    assert len(drawings) == len([f for f in one if f.path.startswith("assets/tiles/")])
    twin_page = next(f.content for f in files if f.path == "games/twin/index.md")
    mini_page = next(f.content for f in files if f.path == "games/mini/index.md")
    shared = set(re.findall(r"assets/tiles/\w+\.svg", twin_page))
    assert shared and shared == set(re.findall(r"assets/tiles/\w+\.svg", mini_page))
