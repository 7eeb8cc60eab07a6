"""Future labels (facts §6.14) and the grid overlay (facts §2.5)."""

from __future__ import annotations

from layout_helpers import lay, rotate, tagged, translate

from tile_lang import render_svg
from tile_lang.layout.context import Layer, TileContext


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


def _numbers(ctx: TileContext, layer: Layer) -> dict[tuple[float, float], str]:
    """Label text by position (the upright group's translate; halo outlines skipped)."""
    out: dict[tuple[float, float], str] = {}
    for group in ctx.layers[layer]:
        for g in group.walk():
            labels = [c for c in g.children if c.tag == "text" and c.attr("stroke") == "none"]
            if g.tag == "g" and g.attr("transform") and len(labels) == 1:
                out[translate(g)] = str(labels[0].text)
    return out


def test_grid_lines_and_region_numbers() -> None:
    ctx = lay("city=revenue:20;path=a:0,b:_0", grid=True)
    (lines,) = ctx.layers["grid"]
    assert len(lines.children) == 9
    assert lines.attr("opacity") == 0.5 and lines.attr("stroke-width") == 2
    ds = {c.attr("d") for c in lines.children}
    assert "M -100 0 L 100 0" in ds and "M -75 -43.5 L 75 -43.5" in ds
    numbers = _numbers(ctx, "annotations")
    assert sorted(numbers.values(), key=int) == [str(r) for r in range(24)]
    assert numbers[(-50, -58.25)] == "0" and numbers[(0, 28.75)] == "15"
    assert not ctx.layers["grid_numbers"]


def test_grid_usage_shows_how_much_each_region_is_used() -> None:
    ctx = lay("city=revenue:20;path=a:0,b:_0", grid="usage")
    by_place = _numbers(ctx, "grid_numbers")
    assert len(by_place) == 24
    # Region 15 (centre-bottom): the city (1) and the track to edge 0 (1).
    assert by_place[(0, 28.75)] == "2"
    assert by_place[(-50, -58.25)] == "0"
    assert by_place[(50, 28.75)] == "0.5"  # region 17: half of the revenue circle's claim
    assert not ctx.layers["annotations"]


def test_grid_anatomy_labels_edges_corners_and_regions() -> None:
    ctx = lay("", grid="anatomy")
    labels = _numbers(ctx, "annotations")
    texts = set(labels.values())
    assert {str(e) for e in range(6)} <= texts
    assert {f"{e}.5" for e in range(6)} <= texts
    assert {str(r) for r in range(24)} <= texts
    # edge 0 sits at the bottom of a flat hex, edge 3 at the top
    edge0 = [p for p, t in labels.items() if t == "0" and p[1] > 60]
    assert edge0 and abs(edge0[0][0]) < 1
    corner = [p for p, t in labels.items() if t == "0.5"]
    assert corner[0][0] < 0 and corner[0][1] > 0  # between edge 0 (bottom) and 1 (lower left)


def test_grid_anatomy_labels_each_lane_where_it_meets_the_edge() -> None:
    labels = _numbers(lay("path=a:0,b:3,lanes:2", grid="anatomy"), "annotations")
    lanes = sorted((t, round(x, 2), y > 0) for (x, y), t in labels.items() if t in {"2.0", "2.1"})
    # each track end labelled on its own track (x = the lane shift), at both edges
    assert lanes == [("2.0", -8.5, True), ("2.0", 8.5, False), ("2.1", -8.5, False),
                     ("2.1", 8.5, True)]  # fmt: skip
    # no region numbers on a lanes figure (they would sit on the tracks)
    assert "23" not in labels.values()


def test_grid_anatomy_lane_sides_follow_rotation() -> None:
    from tile_lang.layout.grid import lane_label_points

    at_bottom = lane_label_points(lay("path=a:0,b:3,lanes:2", grid="anatomy"))
    assert at_bottom[(0, (2, 0))][0] < 0 < at_bottom[(0, (2, 1))][0]
    assert at_bottom[(3, (2, 0))][0] > 0 > at_bottom[(3, (2, 1))][0]
    # a single track has no lane labels: the plain anatomy figure keeps its region numbers
    assert not lane_label_points(lay("path=a:0,b:3", grid="anatomy"))


def test_grid_mode_is_checked() -> None:
    import pytest

    from tile_lang import grid_mode

    assert grid_mode(True) == "regions" and grid_mode(False) is None
    with pytest.raises(ValueError, match="grid must be one of"):
        grid_mode("sparkles")


def test_grid_in_pointy_keeps_numbers_upright() -> None:
    ctx = lay("", grid=True, layout="pointy")
    groups = [g for top in ctx.layers["annotations"] for g in top.children]
    assert groups and all(rotate(g) == -30 for g in groups)


def test_grid_is_drawn_over_the_tile() -> None:
    svg = render_svg("city=revenue:20;path=a:0,b:_0", grid=True)
    assert svg.index('opacity="0.5"') > svg.index("<circle")


def test_use_values_round_half_up_like_the_browser() -> None:
    from tile_lang.layout.grid import use_label

    assert [use_label(v) for v in (0, 1.0, 0.25, 1.75, 2.5, 0.7)] == [
        "0", "1", "0.3", "1.8", "2.5", "0.7"
    ]  # fmt: skip
