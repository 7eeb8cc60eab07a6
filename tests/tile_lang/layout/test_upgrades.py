"""Upgrades and terrain symbols (facts §6.5)."""

from __future__ import annotations

import pytest
from layout_helpers import lay, rotate, tagged, translate

from tile_lang.layout.shapes import Shape
from tile_lang.layout.terrain import GLYPHS, terrain_symbol
from tile_lang.model import TERRAINS

T439 = "city=revenue:60,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=H;upgrade=cost:80"
H6 = (
    "city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:4,b:_1;label=OO;"
    "upgrade=cost:40,terrain:water"
)


def groups(code: str, **kw: object) -> list[Shape]:
    return list(lay(code, **kw).layers["upgrades"])  # type: ignore[arg-type]


def cost_text(group: Shape) -> Shape:
    (text,) = [c for c in group.children if c.tag == "text"]
    return text


def test_439_cost_baseline_top_right() -> None:
    (group,) = groups(T439, color="green")
    assert translate(group) == (30, -60)
    text = cost_text(group)
    assert text.text == "80"
    attrs = dict(text.attrs)
    # Baseline at the anchor: no dominant-baseline, default alphabetic.
    assert (attrs["x"], attrs["y"]) == (0, 0) and "dominant-baseline" not in attrs
    assert attrs["font-size"] == 21 and attrs["font-weight"] == 300 and attrs["fill"] == "black"
    assert "stroke" not in attrs  # inherits the tile group's black 1-unit stroke


def test_h6_cost_at_edge_2_with_water_below() -> None:
    # With its name: two cities, so the name is placed first (bottom) and takes the bottom row.
    (group,) = groups(H6, name="Baltimore")
    assert translate(group) == (-50, -45)
    water = [c for c in group.children if c.tag == "g"]
    assert [c.attr("transform") for c in water] == ["translate(0 17) scale(0.7)"]
    (wave,) = water[0].children
    assert wave.attr("stroke") == "#147ebe" and wave.attr("stroke-width") == 2
    assert wave.attr("fill") == "none" and wave.attr("stroke-linecap") == "round"


def test_h5_water_then_mountain_at_centre() -> None:
    (group,) = groups("upgrade=cost:80,terrain:water|mountain")
    assert translate(group) == (0, 0)
    water, mountain = group.children[1:]
    assert water.attr("transform") == "translate(0 17) scale(0.7)"
    # Triangle (0,20) (10,0) (20,20) moved by (-10, 25): y from 25 to 45, brown, black outline.
    assert mountain.tag == "polygon" and mountain.attr("points") == "0,20 10,0 20,20"
    assert mountain.attr("transform") == "translate(-10 25)"
    assert mountain.attr("fill") == "#cb7745" and mountain.attr("stroke") is None


def test_each_upgrade_takes_its_own_place() -> None:
    first, second = groups("upgrade=cost:20,terrain:water;upgrade=cost:10,terrain:mountain")
    assert translate(first) == (0, 0) and translate(second) == (30, -60)
    assert cost_text(first).text == "20" and cost_text(second).text == "10"


def test_corner_loc_flat_and_pointy() -> None:
    (group,) = groups("upgrade=cost:20,loc:5.5")
    assert translate(group) == (35, 60.62)
    # Pointy: exactly one terrain -> narrow corner; none or several -> the wide variant.
    (one,) = groups("upgrade=cost:20,terrain:water,loc:1.5", layout="pointy")
    assert translate(one) == (-65, -37.5) and rotate(one) == -30
    (none,) = groups("upgrade=cost:20,loc:1.5", layout="pointy")
    assert translate(none) == (-52, -25)
    (two,) = groups("upgrade=cost:20,terrain:water|mountain,loc:2.5", layout="pointy")
    assert translate(two) == (0, -65)


def test_corner_loc_claims_its_regions() -> None:
    ctx = lay("upgrade=cost:20,loc:2.5")
    assert ctx.regions.use[0] == 1 and ctx.regions.use[1] == 1


def test_quirk_every_loc_group_draws_every_upgrade() -> None:
    drawn = groups("upgrade=cost:20,loc:2.5;upgrade=cost:30")
    assert [cost_text(g).text for g in drawn] == ["20", "30", "20", "30"]
    assert translate(drawn[0]) == (-35, -60.62)


def test_pointy_candidates() -> None:
    (group,) = groups("upgrade=cost:80", layout="pointy")
    assert translate(group) == (0, 0)
    assert str(group.attr("transform")).startswith("rotate(-30) ")
    _, second = groups("upgrade=cost:80;upgrade=cost:40", layout="pointy")
    assert translate(second) == (65, -37.5)


def test_cost_zero_is_shown_like_the_engine() -> None:
    (group,) = groups("upgrade=cost:0,terrain:river")
    assert cost_text(group).text == "0"


def test_size_moves_symbols_and_scales_pictures_only() -> None:
    (group,) = groups("upgrade=cost:10,terrain:cow_skull|mountain,size:40")
    skull, mountain = group.children[1:]
    assert skull.attr("transform") == "translate(-20 5) scale(2)"
    assert mountain.attr("transform") == "translate(-20 45)"  # same 20-unit triangle


@pytest.mark.parametrize("name", TERRAINS)
def test_every_terrain_has_a_symbol_inside_its_square(name: str) -> None:
    symbol = terrain_symbol(name, 20, 1)
    assert symbol is not None
    assert "translate(" in str(symbol.attr("transform"))
    if name in GLYPHS:
        assert symbol.attr("transform") == "translate(-10 25)"
        for node in symbol.walk():
            if node.tag in ("path", "polygon", "circle", "rect"):
                # pictures inherit nothing from the tile group
                assert node.attr("fill") is not None and node.attr("stroke") is not None


def test_unknown_terrain_draws_nothing() -> None:
    assert terrain_symbol("volcano", 20, 0) is None


def test_texts_are_costs() -> None:
    ctx = lay(T439)
    assert [t.text for t in tagged(ctx, "upgrades", "text")] == ["80"]
