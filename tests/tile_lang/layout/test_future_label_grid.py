"""Future labels (facts §6.14) and the grid overlay (facts §2.5)."""

from __future__ import annotations

from layout_helpers import lay, rotate, tagged, translate

from tile_lang import render_svg


def test_future_label_hexagon_and_text() -> None:
    ctx = lay("city=revenue:0;future_label=label:L,color:brown")
    (group,) = ctx.layers["future_label"]
    assert translate(group) == (-60, 0)  # first large-item location
    (hexagon,) = tagged(ctx, "future_label", "polygon")
    assert hexagon.attr("points") == ("-20.78,0 -10.39,-18 10.39,-18 20.78,0 10.39,18 -10.39,18")
    assert hexagon.attr("fill") == "#cb7745" and hexagon.attr("stroke") is None
    (text,) = tagged(ctx, "future_label", "text")
    assert (text.text, text.attr("font-size"), text.attr("fill")) == ("L", 16, "black")
    assert ctx.regions.use[5] == 1 and ctx.regions.use[12] == 1  # 14 also has the city


def test_future_label_defaults_and_pointy() -> None:
    ctx = lay("future_label=label:P", layout="pointy")
    (group,) = ctx.layers["future_label"]
    assert translate(group) == (-52, -30) and rotate(group) == -30
    (hexagon,) = tagged(ctx, "future_label", "polygon")
    assert hexagon.attr("fill") == "#EAE0C8"


def test_grid_off_by_default() -> None:
    ctx = lay("city=revenue:20;path=a:0,b:_0")
    assert not ctx.layers["grid"] and not ctx.layers["grid_numbers"]


def test_grid_lines_and_use_numbers() -> None:
    ctx = lay("city=revenue:20;path=a:0,b:_0", grid=True)
    (lines,) = ctx.layers["grid"]
    assert len(lines.children) == 9
    assert lines.attr("opacity") == 0.5 and lines.attr("stroke-width") == 2
    ds = {c.attr("d") for c in lines.children}
    assert "M -100 0 L 100 0" in ds and "M -75 -43.5 L 75 -43.5" in ds
    numbers = tagged(ctx, "grid_numbers", "text")
    assert len(numbers) == 24
    by_place = {translate(t): t.text for t in numbers}
    # Region 15 (centre-bottom): the city (1) and the track to edge 0 (1).
    assert by_place[(0, 28.75)] == "2"
    assert by_place[(-50, -58.25)] == "0"
    assert by_place[(50, 28.75)] == "0.5"  # region 17: half of the revenue circle's claim
    assert all(t.attr("fill") == "cyan" for t in numbers)


def test_grid_in_pointy_keeps_numbers_upright() -> None:
    ctx = lay("", grid=True, layout="pointy")
    assert all(rotate(t) == -30 for t in tagged(ctx, "grid_numbers", "text"))


def test_grid_is_drawn_over_the_tile() -> None:
    svg = render_svg("city=revenue:20;path=a:0,b:_0", grid=True)
    assert svg.index('opacity="0.5"') > svg.index("<circle")


def test_use_values_round_half_up_like_the_browser() -> None:
    from tile_lang.layout.grid import use_label

    assert [use_label(v) for v in (0, 1.0, 0.25, 1.75, 2.5, 0.7)] == [
        "0", "1", "0.3", "1.8", "2.5", "0.7"
    ]  # fmt: skip
