"""`tile_lang.describe`: every catalog tile, in both layouts and every rotation, is described
with each stop, each revenue and each track end; every part kind has words."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from strategies import tile_codes

from tile_lang import catalog, parse, rotate
from tile_lang.color_names import color_title
from tile_lang.describe import describe, edge_name
from tile_lang.model import EdgeRef, NodeRef, Tile
from tile_lang.options import LAYOUTS, Layout

_KINDS = {"City": "city", "Pass": "mountain pass", "Town": "town", "Halt": "halt",
          "Offboard": "off-board area", "Junction": "junction"}  # fmt: skip


def test_the_example_reads_as_promised() -> None:
    text = describe("city=revenue:20;path=a:0,b:_0;path=a:3,b:_0;label=T", color="yellow")
    assert text == (
        "Yellow tile. City with 1 slot, revenue 20. Track from the bottom edge (0) to the city; "
        "from the top edge (3) to the city. Label T."
    )


@pytest.mark.parametrize("layout", LAYOUTS)
def test_each_layout_names_six_different_edges(layout: Layout) -> None:
    names = {edge_name(e, layout) for e in range(6)}
    assert len(names) == 6
    assert edge_name(0, "flat") == "the bottom edge (0)"
    assert edge_name(3, "flat") == "the top edge (3)"
    assert edge_name(1, "pointy") == "the left edge (1)"
    assert edge_name(4, "pointy") == "the right edge (4)"


def _node_names(tile: Tile) -> list[str]:
    kinds = [_KINDS[type(n).__name__] for n in tile.nodes]
    names, seen = [], dict[str, int]()
    for kind in kinds:
        seen[kind] = seen.get(kind, 0) + 1
        names.append(f"{kind} {seen[kind]}" if kinds.count(kind) > 1 else kind)
    return names


def _assert_complete(tile: Tile, text: str, layout: Layout, rotation: int) -> None:
    turned = rotate(tile, rotation)
    lower = text.lower()
    names = _node_names(turned)
    for name in names:  # each stop
        assert re.search(rf"\b{re.escape(name)}\b", lower), (name, text)
    for node in turned.nodes:  # each revenue
        revenue = getattr(node, "revenue", None)
        for value in revenue.values() if revenue is not None else ():
            if value:
                assert re.search(rf"\b{value}\b", text), (value, text)
    for path in turned.written_paths:  # each track end
        for end in (path.a, path.b):
            if isinstance(end, EdgeRef):
                assert edge_name(end.edge, layout) in text, (end, text)
            elif isinstance(end, NodeRef):
                assert names[end.index] in lower, (end, text)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_catalog_tile_in_every_rotation(layout: Layout) -> None:
    tiles = catalog.all_tiles(include_unnamed=True)
    assert len(tiles) > 400
    for entry in tiles:
        tile = entry.tile()
        for rotation in range(6):
            text = describe(tile, color=entry.color, layout=layout, rotation=rotation)
            assert text.startswith(f"{color_title(entry.color)} tile."), text
            _assert_complete(tile, text, layout, rotation)


def test_rotation_moves_the_named_edges() -> None:
    code = catalog.get("57").code  # track 0 -> city -> 3
    assert "the bottom edge (0)" in describe(code) and "the top edge (3)" in describe(code)
    turned = describe(code, rotation=1)
    assert "the lower left edge (1)" in turned and "the upper right edge (4)" in turned
    assert "(0)" not in turned


def test_every_part_kind_has_words() -> None:
    text = describe(
        "offboard=revenue:yellow_30|brown_60;junction;town=revenue:10,loc:2.5;"
        "halt=symbol:H;pass=revenue:20,slots:2;city=revenue:40,hide:1,groups:B;"
        "path=a:0,b:_0,terminal:1;path=a:1,b:_0,lanes:2;path=a:5,b:_1,track:narrow;"
        "path=a:2,b:_3,track:future;border=edge:3,type:water,cost:40;"
        "upgrade=cost:80,terrain:mountain|water;future_label=label:Z,color:green;"
        "partition=a:0-,b:2+,type:water;stub=edge:4;icon=image:port,blocks_lay:1;"
        "label=OO;frame=color:red,color2:blue;stripes=color:gray",
        color="red",
        name="Chicago",
    )
    for words in (
        "Red tile.", "Named Chicago.", "Off-board area, revenue yellow 30, brown 60",
        "Junction", "Town, revenue 10, near the upper left corner (between edges 2 and 3)",
        "Halt", "marked H", "Mountain pass with 2 slots", "revenue 40 (not shown)", "group B",
        "a terminal", "2 parallel lanes", "Narrow-gauge track", "Future (not yet built) track",
        "Water border at the top edge (3), crossing cost 40",
        "Upgrade cost 80 (mountain and water)",
        "Will be labelled Z at green", "partition line (water) from corner 0- to corner 2+",
        "A track stub at the upper right edge (4)", "Icon: port", "a blocker", "Label OO",
        "Framed in red and blue", "Striped with gray",
    ):  # fmt: skip
        assert words in text, (words, text)


def test_a_blank_tile_says_so() -> None:
    assert describe("", color="white") == "White tile. Blank: no track, stops or marks."


def test_markup_stays_plain_text_for_the_svg_writer_to_escape() -> None:
    text = describe("label=<b>", name="<script>")
    assert "Label <b>." in text and "Named <script>." in text


@given(tile_codes())
def test_any_parsed_tile_is_described(code: str) -> None:
    try:
        tile = parse(code)
    except ValueError:
        return
    for layout in LAYOUTS:
        text = describe(tile, layout=layout, rotation=len(code))
        _assert_complete(tile, text, layout, len(code))


def test_a_number_names_the_tile() -> None:
    assert describe("path=a:0,b:3", color="yellow", number="9").startswith("Yellow tile 9. Track")
    assert describe("", number="X1") == "Tile X1. Blank: no track, stops or marks."
