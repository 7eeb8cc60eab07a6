"""Where a printed tile number goes: the free corner, the same from a drawing's by-product as
from a layout of its own, and only for a drawing without a name."""

from __future__ import annotations

import pytest

from tile_lang.options import Layout
from tile_lang.parse import parse
from tile_lang.svg import render_tile
from tile_lang.tile_number import NUMBER_SPOTS, number_spot

SPOTS = {s.name: s for s in NUMBER_SPOTS}
CODES = [
    "path=a:2,b:3",
    "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1",
    "city=revenue:40,slots:2;path=a:0,b:_0;path=a:3,b:_0;label=Y",
    "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:2,b:_1;label=OO;upgrade=cost:40",
    "offboard=revenue:yellow_20|brown_40;path=a:1,b:_0",
]


def test_the_corner_is_the_least_used_one() -> None:
    assert number_spot(parse("path=a:2,b:3")) == SPOTS["bottom-left"]  # 18xx.games' corner
    town_in_corner = parse("town=revenue:10;path=a:0,b:_0;path=a:_0,b:1")
    assert number_spot(town_in_corner) == SPOTS["bottom-right"]


@pytest.mark.parametrize("layout", ["flat", "pointy"])
@pytest.mark.parametrize("code", CODES)
def test_a_drawing_brings_the_same_corner_as_a_layout_of_its_own(code: str, layout: Layout) -> None:
    drawn = render_tile(code, color="green", layout=layout, plan_number=True)
    assert drawn.number_spot == number_spot(parse(code), color="green", layout=layout)
    plain = render_tile(code, color="green", layout=layout)
    assert plain.number_spot is None and plain.svg == drawn.svg  # the drawing is unchanged
    named = render_tile(code, layout=layout, name="Kyoto", plan_number=True)
    assert named.number_spot is None  # a name takes regions the printed sheet does not have
