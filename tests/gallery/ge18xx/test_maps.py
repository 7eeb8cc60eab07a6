"""GE18XX maps -> map hexes: coordinates, cells, and 1830/1835 against 18xx.games' own maps."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import corpus
import pytest

from gallery.ge18xx import read_ge18xx
from gallery.ge18xx.maps import axis_ids
from tile_lang import parse
from tile_lang.model import EdgeRef

HERE = Path(__file__).resolve().parent
MINI = HERE / "fixtures" / "mini"
needs_both = pytest.mark.skipif(
    not ((corpus.CORPUS_GE18XX / "Tiles").is_dir() and corpus.available()),
    reason=corpus.SKIP_REASON,
)


def test_axis_ids_follow_ge18xx() -> None:
    assert axis_ids("K", 11) == list("KJIHGFEDCBA")
    assert axis_ids("A", 3)[:3] == ["A", "B", "C"]  # type: ignore[index]
    assert axis_ids("1", 4) == ["1", "2", "3", "4"]
    assert axis_ids("0", 3) == ["0", "1", "2"]
    assert axis_ids("zz", 3)[:3] == ["zz", "a", "b"]  # type: ignore[index]
    assert axis_ids("AA", 3) is None


def test_mini_map() -> None:
    game, diagnostics = read_ge18xx(MINI, "mini")
    assert game.layout == "flat" and (game.axes.x, game.axes.y) == ("letter", "number")
    assert {c: (h.color, h.code) for c, h in game.hexes.items()} == {
        "A1": ("white", "city=revenue:0;upgrade=cost:80,terrain:water"),
        "A5": ("red", "offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;path=a:1,b:_0"),
        "B4": (
            "white",
            "town=revenue:0,loc:2.5;town=revenue:0,loc:5.5;label=OO;border=edge:5,type:impassable",
        ),
        "B6": ("white", "upgrade=cost:120,terrain:mountain"),
        "C3": ("gray", "city=revenue:20,loc:3.5;path=a:1,b:_0;stub=edge:3"),
    }
    # names of revenue centres (the cell's, then the preprinted tile's); private railways none
    assert game.location_names == {"A1": "Springfield", "A5": "Faraway"}
    assert game.hexes["A1"].name == "Springfield"
    map_file = MINI / "mini" / "mini-Map.xml"
    assert f"{map_file}:33:4: warning: Castle: unknown element in the cell of B6; ignored" in [
        str(d) for d in diagnostics
    ]


def test_pointy_map_and_letter_columns(tmp_path: Path) -> None:
    (tmp_path / "Tiles").mkdir()
    (tmp_path / "Tiles" / "X-Tile-Definitions.xml").write_text(
        '<TileDefinitions><Tile number="9" type="Yellow"><Track enter="0" exit="3"/></Tile>'
        "</TileDefinitions>",
        encoding="utf-8",
    )
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "g-TileSet.xml").write_text("<TileManifest/>", encoding="utf-8")
    (tmp_path / "g" / "g-Map.xml").write_text(
        '<Map direction="EW" rowStart="B" colStart="zz">'
        '<Row index="0" startCol="1"><MapCell><Tile number="9" orientation="1"/></MapCell></Row>'
        '<Row index="1"><MapCell/><MapCell><Terrain category="base" type="Off Board Gray"/>'
        "</MapCell></Row></Map>",
        encoding="utf-8",
    )
    game, diagnostics = read_ge18xx(tmp_path, "g")
    assert diagnostics == []
    assert game.layout == "pointy" and (game.axes.x, game.axes.y) == ("number", "letter")
    # row 0 is B (the last letter, drawn at the bottom); GE18XX IDs zz, a, b, … -> 0, 1, 2, …
    assert {c: (h.color, h.code) for c, h in game.hexes.items()} == {
        "B2": ("yellow", "path=a:2,b:5"),
        "A1": ("white", ""),
        "A3": ("gray", ""),
    }


# --------------------------------------------------------------------------------------------
# against 18xx.games


@cache
def _18xx_hexes(game_id: str) -> dict[str, tuple[str, str]]:
    data = json.loads((corpus.CORPUS_18XX / "games" / f"{game_id}.json").read_text("utf-8"))
    out = {}
    for color, entries in data["constants"]["HEXES"].items():
        for entry in entries:
            code = entry["resolved_code"] if entry.get("catalog_tile") else entry["code"]
            for coord in entry["coords"]:
                out[coord] = (color, code)
    return out


def _paths(code: str) -> set[tuple[Any, ...]]:
    """Exact paths (no rotation): edges by number, nodes by kind."""
    tile = parse(code)
    return {
        (
            tuple(
                sorted(
                    str(e.edge % 6)
                    if isinstance(e, EdgeRef)
                    else type(tile.nodes[e.index]).__name__
                    for e in (p.a, p.b)
                )
            ),
            p.track,
        )
        for p in tile.paths
    }


def _nodes(code: str) -> list[str]:
    return sorted(type(n).__name__ for n in parse(code).nodes)


def _upgrades(code: str) -> list[int]:
    return sorted(u.cost for u in parse(code).upgrades)


# Where the two programs' data differ (not the importer): hex -> aspects.
KNOWN_DIFFERENCES: dict[str, dict[str, set[str]]] = {
    "1830": {},
    "1835": {
        "I21": {"nodes"},  # GE18XX: an empty red cell; 18xx.games: part of the OS off-board
        "C11": {"upgrades"},  # GE18XX: Hamburg costs 50 to upgrade (the Elbe); 18xx.games: 0
        "H20": {"upgrades"},  # GE18XX: Dresden free; 18xx.games: 50
        "L6": {"upgrades"},  # GE18XX: a river at Ludwigshafen-Mannheim; 18xx.games: none
    },
}


@needs_both
@pytest.mark.parametrize("game_id", ["1830", "1835"])
def test_map_matches_18xx_games(game_id: str) -> None:
    """Same coordinates, same track on every hex edge for edge (this checks the side mapping and
    the orientation of preprinted tiles), same stops, labels and terrain costs."""
    game, _ = read_ge18xx(corpus.CORPUS_GE18XX, game_id)
    theirs = _18xx_hexes(game_id)
    assert set(game.hexes) == set(theirs)
    differences: dict[str, set[str]] = {}
    for coord, ours in game.hexes.items():
        color, code = theirs[coord]
        aspects = {
            "paths": _paths(ours.code) == _paths(code),
            "nodes": _nodes(ours.code) == _nodes(code),
            "labels": sorted(lb.text for lb in parse(ours.code).labels)
            == sorted(lb.text for lb in parse(code).labels),
            "upgrades": _upgrades(ours.code) == _upgrades(code),
            # 18xx.games prints the "OO"/"XX" city pairs yellow, GE18XX leaves them clear
            "color": ours.color == color or (ours.color, color) == ("white", "yellow"),
        }
        wrong = {aspect for aspect, same in aspects.items() if not same}
        if wrong:
            differences[coord] = wrong
    assert differences == KNOWN_DIFFERENCES[game_id]


@needs_both
def test_1830_borders_and_terrain_are_18xx_games_ones() -> None:
    game, _ = read_ge18xx(corpus.CORPUS_GE18XX, "1830")
    theirs = _18xx_hexes("1830")
    for coord, ours in game.hexes.items():
        mine, other = parse(ours.code), parse(theirs[coord][1])
        assert sorted((b.edge, b.type) for b in mine.borders) == sorted(
            (b.edge, b.type) for b in other.borders if b.type
        ), coord
        assert sorted((u.cost, u.terrains) for u in mine.upgrades) == sorted(
            (u.cost, u.terrains) for u in other.upgrades
        ), coord
