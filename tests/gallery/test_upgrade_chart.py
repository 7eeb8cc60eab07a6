"""The per-game upgrade chart: folding same-picture rotations, families, grouping, the page."""

from __future__ import annotations

from pathlib import Path

from gallery.game import Game, MapHex, TileEntry
from gallery.native import load_game
from gallery.site import GalleryBuild
from gallery.templates import Templates
from gallery.upgrade_chart import (
    Placement,
    build_upgrade_chart,
    chart_origins,
    chart_page,
    family,
    fold,
    upgrade_links,
)
from gallery.upgrades import upgrade_table, upgrade_tables_both
from tile_lang import catalog, parse
from tile_lang.model import Tile
from tile_lang.upgrades import ShapeCache, symmetries

ROOT = Path(__file__).resolve().parents[2]


def test_fold_keeps_one_drawing_per_picture() -> None:
    assert fold((0, 1, 2, 3, 4, 5), (0, 1, 2, 3, 4, 5)) == (Placement(0, (1, 2, 3, 4, 5)),)
    assert fold((0, 2, 3, 5), (0, 3)) == (Placement(0, (3,)), Placement(2, (5,)))
    assert fold((1, 4), (0,)) == (Placement(1), Placement(4))
    assert fold((), (0, 3)) == ()


def test_families() -> None:
    assert family(parse("path=a:0,b:3")) == "plain track"
    assert family(parse(catalog.get("58").code)) == "towns"
    assert family(parse(catalog.get("57").code)) == "cities"
    assert family(parse("city=revenue:30;path=a:0,b:_0;label=B")) == "labelled cities"
    assert family(parse("offboard=revenue:20;path=a:0,b:_0")) == "off-boards"


def small_game() -> Game:
    tiles = {
        n: TileEntry(n, 1, catalog.get(n).color, catalog.get(n).code, catalog=True)
        for n in ("9", "57", "14", "63", "18")
    }
    # Two cities each ringed by six blank hexes (flat layout: C3's neighbours are C1, B2, B4,
    # C5, D4 and D2), so both have all their edges open and chart alike.
    hexes = {c: MapHex(c, "white", "city=revenue:0", "Here") for c in ("C3", "C7")}
    for c in ("C1", "B2", "D2", "B4", "D4", "C5", "B6", "D6", "B8", "D8", "C9"):
        hexes[c] = MapHex(c, "white", "")
    return Game("g", "G & co", tiles=tiles, hexes=hexes)


def test_origins_in_colour_and_family_order_with_folded_targets() -> None:
    origins = chart_origins(small_game())
    keys = [(o.kind, o.key) for o in origins]
    # white hexes first (plain track before cities), then yellow tiles, green, brown.
    assert keys[-1] == ("tile", "63")
    assert keys.index(("hex", "C5")) < keys.index(("hex", "C3")) < keys.index(("tile", "9"))
    assert keys.index(("tile", "9")) < keys.index(("tile", "57")) < keys.index(("tile", "14"))
    fourteen = next(o for o in origins if o.key == "14")
    assert [(t.name, t.placements) for t in fourteen.targets] == [
        ("63", (Placement(0, (1, 2, 3, 4, 5)),))
    ]
    # Identical hexes with identical upgrades are one origin naming both coordinates.
    assert next(o for o in origins if o.key == "C3").label == "C3, C7"
    assert next(o for o in origins if o.key == "63").targets == ()


def test_links_for_the_manifest() -> None:
    to, back = upgrade_links(upgrade_table(small_game()))
    assert to["9"] == ["18"] and to["57"] == ["14"]
    assert back["14"] == ["57"]


def test_page_escapes_and_lists_tiles_without_upgrades() -> None:
    build = GalleryBuild(templates=Templates())
    build_upgrade_chart(build, small_game())
    page = next(f.content for f in build.files if f.path == chart_page("g"))
    assert page.startswith("---\ntitle: G &amp; co — upgrade chart\n---\n")
    assert 'id="tile-57"' in page and 'data-upgrade-to="14"' in page
    assert "also r1, 2, 3, 4, 5 (same picture)" in page
    assert '<li>Brown: <span id="tile-63">63</span></li>' in page
    assert "Upgrades and terrain" not in page  # the reference page about `upgrade=` is another


def test_every_demo_game_has_a_chart() -> None:
    for path in sorted((ROOT / "games").glob("*.yaml")):
        game = load_game(path)
        build = GalleryBuild(templates=Templates())
        build_upgrade_chart(build, game)
        page = next(f.content for f in build.files if f.path == chart_page(game.id))
        assert page.count('class="upgrade-chart__row"') > 5, path.name


def test_chart_reads_each_code_once_and_folds_by_the_shared_symmetries() -> None:
    game = small_game()
    read: list[str] = []

    def counting(code: str) -> Tile:
        read.append(code)
        return parse(code)

    shapes = ShapeCache()
    tile_level, on_map = upgrade_tables_both(game, shapes)
    origins = chart_origins(game, shapes, (tile_level.legal, on_map.legal), counting)
    assert origins == chart_origins(game)
    codes = {e.code for e in game.tiles.values()} | {h.code for h in game.hexes.values()}
    assert sorted(read) == sorted(codes)  # the family of each code, once (hexes repeat)
    for name, entry in game.tiles.items():
        if any(name in row for row in tile_level.legal.values()):
            assert shapes.symmetry[entry.code] == symmetries(entry.code)
