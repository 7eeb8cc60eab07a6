"""Where can this tile go (`gallery.pages.where`): the map page's data says exactly what the
on-map table says, its drawings are the upgrade chart's, a tile that fits nowhere says why, the
data cannot end its script element, and every game's map page publishes `upgrades.json`."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from gallery import load_game, upgrade_table
from gallery.game import Game, TileEntry
from gallery.pages.context import GalleryBuild
from gallery.pages.map_page import build_map_page
from gallery.pages.where import where_view
from gallery.upgrade_chart import build_upgrade_chart
from tile_lang.upgrades import symmetries

ROOT = Path(__file__).resolve().parents[3]
DEMO = sorted((ROOT / "games").glob("*.yaml"))
SCHEMA = json.loads((ROOT / "gallery" / "schema" / "upgrades.schema.json").read_text("utf-8"))
PAGE = "games/x/map/index.md"


def _data(game: Game, build: GalleryBuild | None = None) -> dict:
    return json.loads(str(where_view(build or GalleryBuild(), game, PAGE).data))


def _decoded(data: dict) -> dict[str, dict[str, tuple[int, ...]]]:
    """The data's table as `upgrade_table` gives it: hex -> tile -> sorted rotations."""
    return {
        coord: {
            name: tuple(sorted(r for p in places for r in p)) for name, places in data["rows"][i]
        }
        for coord, i in data["hexes"].items()
    }


@pytest.mark.parametrize("path", DEMO, ids=lambda p: p.stem)
def test_the_data_is_the_on_map_table(path: Path) -> None:
    game = load_game(path)
    data = _data(game)
    table = upgrade_table(game, on_map=True)
    drawn = {c: row for c, row in table.items() if row and game.hexes[c].color != "empty"}
    assert _decoded(data) == drawn
    # identical rows are kept once
    assert len(data["rows"]) == len({tuple(sorted(r.items())) for r in drawn.values()})
    # every placement has its drawing
    for row in data["rows"]:
        for name, places in row:
            assert all(str(p[0]) in data["tiles"][name]["img"] for p in places)


def test_placements_fold_rotations_with_the_same_picture() -> None:
    """Each placement is a drawn rotation and the legal rotations giving the same picture."""
    game = load_game(ROOT / "games" / "1889.yaml")
    data = _data(game)
    folded = 0
    for row in data["rows"]:
        for name, places in row:
            same = symmetries(game.tiles[name].code)
            for drawn, *others in places:
                assert set(others) <= {(drawn + s) % 6 for s in same}
                folded += bool(others)
            firsts = [p[0] for p in places]
            assert not {(r + s) % 6 for r in firsts for s in same if s} & set(firsts)
    assert folded  # 1889's straight tracks and cities fold
    row = data["rows"][data["hexes"]["F3"]]
    assert sorted(map(tuple, dict(row)["57"])) == [(0, 3), (2, 5)]


def test_the_drawings_are_the_upgrade_charts(mini: Game) -> None:
    """No drawing of its own: the placements are the chart's files, the picker the manifest's."""
    chart = GalleryBuild()
    build_upgrade_chart(chart, mini)
    charted = set(chart.svg_paths().values())
    data = _data(mini)
    placed = {img.removeprefix("../../../") for t in data["tiles"].values()
              for img in t["img"].values()}  # fmt: skip
    assert placed and placed <= charted


def test_a_tile_that_fits_nowhere_says_why(mini: Game) -> None:
    blocks = TileEntry(
        "437", 1, "yellow", "town=revenue:10;path=a:0,b:_0;icon=image:port,blocks_lay:1"
    )
    gray = TileEntry("G1", 1, "gray", "city=revenue:50,slots:3")
    game = replace(
        mini, tiles={**mini.tiles, "437": blocks, "G1": gray}, phase_colors=("yellow", "green")
    )
    view = where_view(GalleryBuild(), game, PAGE)
    tiles = json.loads(str(view.data))["tiles"]
    assert "why" not in tiles["57"]
    assert tiles["15"]["why"].startswith("Tile 15 fits no hex of the starting map: it replaces")
    assert tiles["437"]["why"] == "Tile 437 blocks ordinary lays: only a special ability lays it."
    assert tiles["G1"]["why"] == "No phase of this game offers gray tiles."
    counts = {t.name: t.hexes for t in view.tiles}
    assert counts["57"] == 1 and counts["15"] == 0 and counts["437"] == 0
    assert view.phases == ("yellow", "green")


def test_the_picker_lists_the_supply_in_manifest_order_without_hidden_tiles(mini: Game) -> None:
    hidden = TileEntry("H", 1, "yellow", "path=a:0,b:3", hidden=True)
    game = replace(mini, tiles={**mini.tiles, "H": hidden})
    view = where_view(GalleryBuild(), game, PAGE)
    assert [t.name for t in view.tiles] == ["57", "X1", "15"]
    assert "H" in json.loads(str(view.data))["tiles"]  # `?tile=H` still answers


def test_the_data_cannot_end_its_script_element(mini: Game) -> None:
    name = "</script><script>alert(1)</script>\u202e"
    entry = TileEntry(name, 1, "yellow", "city=revenue:20;path=a:0,b:_0")
    game = replace(mini, tiles={**mini.tiles, name: entry})
    build = GalleryBuild()
    build_map_page(build, game)
    (page,) = [f.content for f in build.files if f.path.endswith(".md")]
    data = re.search(r"data-ta-where-data>(.*?)</script>", page, re.S)
    assert data is not None and "<" not in data.group(1) and data.group(1).isascii()
    assert name in json.loads(data.group(1))["tiles"]
    # the picker's label carries it as text
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page


@pytest.mark.parametrize("path", DEMO, ids=lambda p: p.stem)
def test_the_map_page_publishes_upgrades_json(path: Path) -> None:
    game = load_game(path)
    build = GalleryBuild()
    build_map_page(build, game)
    (doc,) = [f for f in build.files if f.path == f"games/{game.id}/upgrades.json"]
    published = json.loads(doc.content)
    jsonschema.validate(published, SCHEMA)
    rows = {r["from"]: {t["tile"]: tuple(t["rotations"]) for t in r["to"]}
            for r in published["on_map"]["legal"]}  # fmt: skip
    assert rows == upgrade_table(game, on_map=True)
    (page,) = [f.content for f in build.files if f.path.endswith(".md")]
    assert f'href="../../../games/{game.id}/upgrades.json"' in page
