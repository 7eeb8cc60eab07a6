"""Colour cues never cover track, stops, revenue, labels or names: checked by pixels on the
whole catalog (tiles drawn with and without the cue, and with nothing but their fill)."""

from __future__ import annotations

import pytest

from tests.tile_lang.cue_pixels import covered
from tile_lang import catalog
from tile_lang.layout.color_cue import cue_colors
from tile_lang.parse import parse

pytest.importorskip("cairosvg")


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_no_cue_covers_what_a_catalog_tile_draws(layout: str) -> None:
    found = {}
    for name in catalog.names():
        entry = catalog.lookup(name)
        assert entry is not None
        stripes = tuple(s.color for s in parse(entry.code).stripes)
        if not cue_colors(entry.color, stripes):
            continue
        pixels = covered(entry.code, entry.color, layout)  # type: ignore[arg-type]
        if pixels:
            found[name] = pixels
    assert found == {}


def test_a_cue_on_a_plain_tile_covers_nothing() -> None:
    for name in ("57", "8", "119", "455", "632", "971"):
        entry = catalog.lookup(name)
        assert entry is not None
        assert covered(entry.code, entry.color) == 0, name


#: Game tiles (from the 18xx.games corpus) where the region table sees room the drawing does
#: not have: phase revenue boxes (1868 Wyoming, 18USA), a six-slot city (1822CA's Winnipeg),
#: an icon in a corner (18Rhl's ferry), a framed tile in pointy layout (18CZ), three towns.
GAME_TILES = [
    ("city=revenue:#FFFFFF_10|yellow_20|black_30,boom:1;path=a:_0,b:0;path=a:_0,b:1", "yellow"),
    ("city=revenue:yellow_30|green_40|brown_50,slots:2;path=a:1,b:_0;path=a:2,b:_0;"
     "path=a:4,b:_0;path=a:5,b:_0;label=C.T.", "gray"),
    ("city=revenue:70,slots:6;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;"
     "path=a:4,b:_0;path=a:5,b:_0;label=W;", "gray"),
    ("city=revenue:40,slots:1,loc:1;city=revenue:40,slots:2,loc:4;label=D;path=a:0,b:_0;"
     "path=a:2,b:_0;path=a:4,b:_1;path=a:5,b:_1;path=a:_0,b:_1,track:narrow;"
     "upgrade=cost:50,terrain:river;icon=image:18_rhl/trajekt,sticky:0", "green"),
    ("town=revenue:20;path=a:1,b:_0;path=a:3,b:_0;path=a:0,b:_0;path=a:2,b:_0;"
     "frame=color:#800080", "green"),
    ("town=revenue:20,style:dot;town=revenue:10;town=revenue:10;path=a:2,b:_0;path=a:3,b:_0;"
     "path=a:0,b:_1;path=a:1,b:_1;path=a:4,b:_2;path=a:5,b:_2", "yellow"),
]  # fmt: skip


@pytest.mark.parametrize(("code", "color"), GAME_TILES)
@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_the_drawing_is_measured_where_the_region_table_sees_room(
    code: str, color: str, layout: str
) -> None:
    assert covered(code, color, layout) == 0  # type: ignore[arg-type]
