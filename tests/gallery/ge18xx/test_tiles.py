"""GE18XX tile definitions -> tile-language codes: gauges, dead ends, stops, warnings, and the
real 231 definitions against 18xx.games' catalog."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import corpus
import pytest

from gallery.ge18xx.tiles import TileDefinition, load_tile_definitions, revenue_text, tile_code
from tile_lang import Diagnostic, Tile, parse, rotate
from tile_lang.model import EdgeRef

GE_TILES = corpus.CORPUS_GE18XX / "Tiles"
needs_ge = pytest.mark.skipif(
    not GE_TILES.is_dir(), reason=f"GE18XX corpus not found at {GE_TILES} (set TILE_ATLAS_SHARED)"
)
needs_both = pytest.mark.skipif(
    not (GE_TILES.is_dir() and corpus.available()), reason=corpus.SKIP_REASON
)


def _definitions(xml: str, tmp_path: Path) -> tuple[dict[str, TileDefinition], list[str]]:
    (tmp_path / "T-Tile-Definitions.xml").write_text(xml, encoding="utf-8")
    diagnostics: list[Diagnostic] = []
    found = load_tile_definitions(tmp_path, diagnostics)
    return found, [str(d) for d in diagnostics]


def _tile(body: str, tmp_path: Path, kind: str = "Yellow") -> TileDefinition:
    xml = f'<TileDefinitions>\n<Tile number="1" type="{kind}">\n{body}\n</Tile>\n</TileDefinitions>'
    return _definitions(xml, tmp_path)[0]["1"]


@pytest.mark.parametrize(
    ("gauge", "track"),
    [
        ("NORMAL", ""),
        ("METER", ",track:narrow"),
        ("DUAL", ",track:dual"),
        ("TUNNEL", ""),
        ("FERRY", ",track:thin"),
        ("meter", ",track:narrow"),
    ],
)
def test_gauges(gauge: str, track: str, tmp_path: Path) -> None:
    tile = _tile(f'<Track enter="0" exit="3" gauge="{gauge}"/>', tmp_path)
    assert tile_code(tile, "flat") == f"path=a:3,b:0{track}"


@pytest.mark.parametrize(
    "aid", ["OVERPASS", "METER_BASE", "METER BASE", "FERRY_BASE", "FERRY BASE"]
)
def test_drawing_aids_are_dropped(aid: str, tmp_path: Path) -> None:
    tile = _tile(
        f'<Track enter="1" exit="3" gauge="NORMAL"/><Track enter="2" exit="4" gauge="{aid}"/>'
        '<Track enter="2" exit="4" gauge="METER"/>',
        tmp_path,
    )
    assert tile_code(tile, "flat") == "path=a:4,b:0;path=a:5,b:1,track:narrow"


def test_dead_ends_end_at_the_offboard(tmp_path: Path) -> None:
    tile = _tile(
        '<Track enter="2" exit="92"/><Track enter="3" exit="93"/>'
        '<RevenueCenter location="99" type="Dead-End Only City">'
        '<Revenue phase="1" value="30"/><Revenue phase="3" value="60"/></RevenueCenter>',
        tmp_path,
        "Red Off Board",
    )
    assert tile.color == "red"
    code = tile_code(tile, "pointy")
    assert code == "offboard=revenue:yellow_30|brown_60;path=a:3,b:_0;path=a:4,b:_0"


def test_dead_end_without_offboard_is_a_stub(tmp_path: Path) -> None:
    tile = _tile('<Track enter="0" exit="90"/><Track enter="1" exit="91"/>', tmp_path, "Grey")
    assert tile_code(tile, "flat") == "stub=edge:3;stub=edge:4"


def test_stops_nodes_and_locs(tmp_path: Path) -> None:
    # GE18XX 54 (New York): cities on near-corner points keep their corners
    tile = _tile(
        '<TileName location="16" name="NY"/>'
        '<Track enter="2" exit="14"/><Track enter="1" exit="14"/>'
        '<Track enter="5" exit="12"/><Track enter="0" exit="12"/>'
        '<RevenueCenter location="14" number="1" type="Single City"><Revenue value="60"/>'
        "</RevenueCenter>"
        '<RevenueCenter location="12" number="1" type="Single City"><Revenue value="60"/>'
        "</RevenueCenter>",
        tmp_path,
        "Green",
    )
    assert tile_code(tile, "flat") == (
        "city=revenue:60,loc:4.5;city=revenue:60,loc:2.5;path=a:5,b:_0;path=a:4,b:_0;"
        "path=a:2,b:_1;path=a:3,b:_1;label=NY"
    )


def test_town_kinds_slots_and_junctions(tmp_path: Path) -> None:
    towns = _tile(
        '<Track enter="0" exit="50"/><Track enter="3" exit="50"/>'
        '<RevenueCenter location="50" type="Dot Town"><Revenue value="10"/></RevenueCenter>',
        tmp_path,
    )
    assert tile_code(towns, "flat") == "town=revenue:10,style:dot;path=a:3,b:_0;path=a:0,b:_0"
    triple = _tile(
        '<Track enter="0" exit="50"/><RevenueCenter location="50" number="1" type="Triple City">'
        '<Revenue value="40"/></RevenueCenter>',
        tmp_path,
    )
    assert tile_code(triple, "flat") == "city=revenue:40,slots:3;path=a:3,b:_0"
    lawson = _tile(
        '<Track enter="0" exit="50" gauge="DUAL"/><Track enter="2" exit="50" gauge="DUAL"/>'
        '<Track enter="4" exit="50" gauge="DUAL"/>',
        tmp_path,
    )
    assert tile_code(lawson, "flat") == (
        "junction;path=a:3,b:_0,track:dual;path=a:5,b:_0,track:dual;path=a:1,b:_0,track:dual"
    )
    through = _tile('<Track enter="0" exit="21"/><Track enter="21" exit="2"/>', tmp_path)
    assert tile_code(through, "flat") == "path=a:3,b:5"


def test_pathless_stops_and_markers(tmp_path: Path) -> None:
    tile = _tile(
        '<TileName name="XX"/><RevenueCenter location="15" type="Single City"/>'
        '<RevenueCenter location="19" type="Single City"/>'
        '<RevenueCenter location="13" type="Private Railway" name="B&amp;O"/>'
        '<RevenueCenter location="17" type="Destination City"/>',
        tmp_path,
    )
    assert tile_code(tile, "flat") == "city=revenue:0,loc:5.5;city=revenue:0,loc:3.5;label=XX"


def test_orientation_turns_the_tile_clockwise(tmp_path: Path) -> None:
    tile = _tile(
        '<Track enter="1" exit="13"/><RevenueCenter location="13" type="Single City">'
        '<Revenue value="20"/></RevenueCenter>',
        tmp_path,
        "Grey",
    )
    for r in range(6):
        turned = parse(tile_code(tile, "pointy", r))
        assert turned == rotate(parse(tile_code(tile, "pointy")), r)


def test_revenue_text() -> None:
    assert revenue_text([]) == "0"
    assert revenue_text([(0, 20)]) == "20"
    assert revenue_text([(1, 30), (1, 30)]) == "30"
    assert revenue_text([(3, 70), (1, 40)]) == "yellow_40|brown_70"
    assert revenue_text([(1, 0), (2, 50), (3, 0)]) == "yellow_0|green_50|brown_0"
    assert revenue_text([(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]).endswith("gray_4|gray_5")


def test_unknown_elements_and_values_warn_with_file_line_and_column(tmp_path: Path) -> None:
    xml = (
        '<?xml version="1.0"?>\n<TileDefinitions>\n  <Tile number="7" type="Yellow">\n'
        '    <Track enter="0" exit="1" gauge="NORMAL"/>\n    <Sparkle/>\n'
        '    <Track enter="2" exit="3" gauge="WARP"/>\n'
        '    <Track enter="2" exit="77"/>\n'
        '    <RevenueCenter location="50" type="Metropolis"><Revenue value="x"/></RevenueCenter>\n'
        '  </Tile>\n  <Tile number="8" type="Purple"/>\n  <Tile number="7" type="Green"/>\n'
        "  <Widget/>\n</TileDefinitions>\n"
    )
    found, messages = _definitions(xml, tmp_path)
    file = tmp_path / "T-Tile-Definitions.xml"
    assert messages == [
        f"{file}:5:5: warning: Sparkle: unknown element in tile 7; ignored",
        f"{file}:6:5: warning: Track.gauge: unknown gauge 'WARP'; drawn as NORMAL",
        f"{file}:7:5: warning: Track.exit: unknown location 77; track dropped",
        f"{file}:8:5: warning: RevenueCenter.type: unknown type 'Metropolis'; drawn as a city",
        f"{file}:8:52: warning: Revenue.value: expected a whole number, found 'x'",
        f"{file}:8:52: warning: Revenue.value: a revenue needs a value; ignored",
        f"{file}:10:3: warning: Tile.type: unknown tile type 'Purple'; drawn white",
        f"{file}:11:3: warning: Tile.number: tile 7 is defined again (first at {file}:3);"
        " the first definition is used",
        f"{file}:12:3: warning: Widget: unknown element in TileDefinitions; ignored",
    ]
    assert tile_code(found["7"], "flat") == "city=revenue:0;path=a:3,b:4;path=a:5,b:0"


# --------------------------------------------------------------------------------------------
# the real definitions


@cache
def _ge_definitions() -> dict[str, TileDefinition]:
    diagnostics: list[Diagnostic] = []
    found = load_tile_definitions(GE_TILES, diagnostics)
    assert diagnostics == []
    return found


@needs_ge
def test_all_231_definitions_convert_and_parse_in_every_layout_and_orientation() -> None:
    definitions = _ge_definitions()
    assert len(definitions) == 231
    for definition in definitions.values():
        for layout in ("flat", "pointy"):
            for orientation in range(6):
                parse(tile_code(definition, layout, orientation))


def _shape(tile: Tile) -> frozenset[tuple[object, int]]:
    """Paths as a multiset of (ends, track); a node end is its kind plus everything it connects
    to, so two cities stay apart without depending on their order in the code."""
    nodes = tile.nodes
    links: dict[int, list[object]] = {i: [] for i in range(len(nodes))}
    for path in tile.paths:
        for end, other in ((path.a, path.b), (path.b, path.a)):
            if not isinstance(end, EdgeRef):
                links[end.index].append(
                    other.edge % 6
                    if isinstance(other, EdgeRef)
                    else type(nodes[other.index]).__name__
                )

    def describe(end: object) -> object:
        if isinstance(end, EdgeRef):
            return ("edge", end.edge % 6)
        index = end.index  # type: ignore[attr-defined]
        return ("node", type(nodes[index]).__name__, tuple(sorted(map(str, links[index]))))

    shape = Counter(
        (tuple(sorted(map(str, (describe(path.a), describe(path.b))))), path.track)
        for path in tile.paths
    )
    return frozenset(shape.items())


def matching_rotations(ours: str, theirs: str) -> list[int]:
    """Rotations r of our tile whose paths and exits equal the other tile's."""
    target = _shape(parse(theirs))
    return [r for r in range(6) if _shape(rotate(parse(ours), r)) == target]


@cache
def _catalog() -> dict[str, str]:
    data = json.loads((corpus.CORPUS_18XX / "tiles-catalog.json").read_text("utf-8"))
    return {t["name"]: t.get("resolved_code") or t["code"] for t in data["tiles"]}


# Shared tiles that cannot match, and why.
KNOWN_DIFFERENT = {
    "80": "GE18XX: three curves between the three sides; 18xx.games: a Lawson junction",
    "81": "GE18XX: three curves between the three sides; 18xx.games: a Lawson junction",
    "82": "GE18XX: three curves between the three sides; 18xx.games: a Lawson junction",
    "83": "GE18XX: three curves between the three sides; 18xx.games: a Lawson junction",
    "104": "GE18XX: six cities with one track each; 18xx.games: every track to the first city",
    "110": "GE18XX: six cities with one track each; 18xx.games: every track to the first city",
    "221": "GE18XX: Hamburg as a double and a single city joined by a tunnel; 18xx.games: "
    "one 3-slot city",
}


@needs_both
def test_shared_tiles_match_the_18xx_catalog_up_to_rotation() -> None:
    catalog = _catalog()
    shared = sorted(set(_ge_definitions()) & set(catalog), key=lambda n: (len(n), n))
    assert len(shared) == 152
    different = {
        n
        for n in shared
        if not matching_rotations(tile_code(_ge_definitions()[n], "flat"), catalog[n])
    }
    assert different == set(KNOWN_DIFFERENT)


@needs_both
@pytest.mark.parametrize(
    ("number", "rotations"),
    [
        ("7", [1]),
        ("8", [2]),
        ("9", [0, 3]),
        ("14", [0, 3]),
        ("15", [0]),
        ("16", [2]),
        ("19", [3]),
        ("23", [0]),
        ("24", [0]),
        ("54", [4]),
        ("57", [1, 4]),
        ("59", [2]),
        ("63", [0, 1, 2, 3, 4, 5]),
        ("109", [2]),
        ("120", [5]),
    ],
)
def test_named_shared_tiles(number: str, rotations: list[int]) -> None:
    """On a flat map GE18XX's tile at orientation 0 is the catalog tile turned by -r."""
    ours = tile_code(_ge_definitions()[number], "flat")
    assert matching_rotations(ours, _catalog()[number]) == rotations
