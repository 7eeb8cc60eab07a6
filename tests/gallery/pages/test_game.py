from __future__ import annotations

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
    assert '<a href="../../games/mini/map/"><img src="../../assets/games/mini-map.svg"' in page
    assert "[hexes](../../games/mini/hexes/index.md)" in page
    assert "[upgrade chart](upgrades/index.md)" in page  # #16: the chart is linked from here
    assert {"games/mini/map/index.md", "games/mini/hexes/index.md"} <= {f.path for f in build.files}
