"""Golden files: one representative tile per feature, rendered and compared byte for byte.

Regenerate after an intended change with `TILE_ATLAS_REGEN=1 python -m pytest
tests/tile_lang/test_golden.py`, then look at the SVGs before committing them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tile_lang import render_svg

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
CASES: dict[str, tuple[str, dict[str, object]]] = {
    "straight": ("path=a:0,b:3", {"color": "yellow"}),
    "gentle_sharp": ("path=a:0,b:2;path=a:0,b:1", {"color": "yellow"}),
    "crossover": ("path=a:0,b:3;path=a:1,b:4;path=a:2,b:5", {"color": "green"}),
    "gauges": (
        "path=a:0,b:3,track:narrow;path=a:1,b:4,track:dual;path=a:2,b:5,track:thin",
        {"color": "brown"},
    ),
    "future_track": ("path=a:0,b:3;path=a:1,b:4,track:future", {"color": "green"}),
    "lanes": ("path=a:0,b:3,lanes:3;path=a:1,b:5,lanes:2", {"color": "gray"}),
    "terminals": (
        "city=revenue:40;path=a:0,b:_0,terminal:1;path=a:3,b:_0,terminal:2",
        {"color": "red"},
    ),
    "offboard": (
        "offboard=revenue:yellow_30|brown_60|diesel_100;path=a:0,b:_0;path=a:1,b:_0",
        {"color": "red", "name": "Imabari"},
    ),
    "stub_junction": ("junction;path=a:0,b:_0;path=a:2,b:_0;stub=edge:4", {"color": "green"}),
    "cities_1_to_6": ("city=revenue:60,slots:6;path=a:0,b:_0;path=a:3,b:_0", {"color": "gray"}),
    "oo": (
        "city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:4,b:_1;label=OO;"
        "upgrade=cost:40,terrain:water",
        {"name": "Baltimore"},
    ),
    "pass_boom": (
        "pass=revenue:0,size:2;city=revenue:20,boom:1;path=a:0,b:_0;path=a:3,b:_1",
        {"color": "white"},
    ),
    "town_bars": (
        "town=revenue:10;town=revenue:10;path=a:1,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4",
        {"color": "yellow"},
    ),
    "town_dots_halt": (
        "town=revenue:10;halt=symbol:£;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:1,b:_1",
        {"color": "yellow"},
    ),
    "mexico_city": (
        "city=revenue:60,slots:3,loc:center;town=revenue:10,loc:2;path=a:0,b:_0;"
        "path=a:1,b:_0;path=a:3,b:_0;path=a:2,b:_1;path=a:5,b:_0,lanes:2;"
        "path=a:_1,b:_0;label=MC",
        {"color": "brown"},
    ),
    "terrain": ("upgrade=cost:80,terrain:mountain|water|swamp|desert|lake|river", {}),
    "terrain2": ("upgrade=cost:20,terrain:hill|cow_skull|wall|forest|mine", {"layout": "pointy"}),
    "borders": (
        "border=edge:0,type:mountain,cost:60;border=edge:1,type:impassable;"
        "border=edge:2,type:province;border=edge:3,type:gauge_change;border=edge:4;"
        "border=edge:5,type:water,cost:40",
        {},
    ),
    "partition": ("partition=a:1,b:4,type:divider;partition=a:0,b:3,type:province,length:0.5", {}),
    "icons": ("town=revenue:10;path=a:0,b:_0;icon=image:port;icon=image:mine,large:1", {}),
    "icon_marks": ("icon=image:1846/20;icon=image:18_zoo/TI;icon=image:castle,loc:0.5", {}),
    "frame_stripes": (
        "frame=color:#800080,color2:#ffa500;stripes=color:brown;city=revenue:30;path=a:0,b:_0",
        {"color": "green"},
    ),
    "future_label": ("city=revenue:20;path=a:0,b:_0;future_label=label:Z,color:brown", {}),
    "phase_rows": (
        "offboard=revenue:yellow_20|green_30|brown_40|gray_60,rows:2;path=a:0,b:_0",
        {"color": "red"},
    ),
    "pointy_rotated": (
        "city=revenue:20;path=a:0,b:_0;path=a:_0,b:2;label=Y",
        {"layout": "pointy", "rotation": 2, "color": "yellow", "name": "Tokyo"},
    ),
    "grid": ("city=revenue:20;path=a:0,b:_0", {"grid": True, "color": "yellow"}),
    "grid_usage": ("city=revenue:20;path=a:0,b:_0", {"grid": "usage", "color": "yellow"}),
    "grid_anatomy": ("city=revenue:20;path=a:0,b:_0", {"grid": "anatomy", "layout": "pointy"}),
    "town_crossover": (
        "town=revenue:20;town=revenue:20;path=a:1,b:_0;path=a:4,b:_0;path=a:3,b:_1;path=a:5,b:_1",
        {"color": "yellow"},
    ),
    "narrow_crossover_terminal": (
        "city=revenue:30;path=a:0,b:3,track:narrow;path=a:1,b:4;path=a:2,b:_0,terminal:1,"
        "track:narrow",
        {"color": "green"},
    ),
    "pathless_cities": (";".join(["city=revenue:0"] * 6), {"color": "gray"}),
    "corner_cities": (
        "city=revenue:50,slots:2,loc:0.5;city=revenue:50,loc:3.5;path=a:0,b:_0;path=a:_0,b:1;"
        "path=a:3,b:_1;path=a:_1,b:4;border=edge:5",
        {"color": "brown"},
    ),
    "halt_boom_outline": (
        "halt=symbol:£;town=revenue:10,boom:1,style:dot;city=revenue:20,slots:2,outline:1;"
        "path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:2,b:_2;path=a:_2,b:5",
        {"color": "green"},
    ),
    "pointy_edge_cities": (
        "city=revenue:40,slots:2;city=revenue:40;town=revenue:10,style:dot;path=a:0,b:_0;"
        "path=a:3,b:_1;path=a:1,b:_2",
        {"layout": "pointy", "color": "brown"},
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    code, options = CASES[name]
    svg = render_svg(code, id_prefix="g-", **options) + "\n"  # type: ignore[arg-type]
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("TILE_ATLAS_REGEN"):
        path.write_text(svg, encoding="utf-8")
    assert path.is_file(), f"missing golden file {path}; run with TILE_ATLAS_REGEN=1"
    assert svg == path.read_text(encoding="utf-8")
