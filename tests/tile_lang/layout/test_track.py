"""Track geometry against the facts' numbers (§3): endpoints, arcs, lanes, tapers, claims."""

from __future__ import annotations

import pytest
from layout_helpers import lay, tagged

from tile_lang.layout.hexgeom import edge_point
from tile_lang.layout.track import arc_for, lane_shift


def _paths(code: str, stroke: str = "#000000") -> list[str]:
    ctx = lay(code)
    return [str(s.attr("d")) for s in tagged(ctx, "track", "path") if s.attr("stroke") == stroke]


@pytest.mark.parametrize(
    ("edge", "point"),
    [(0, (0, 87)), (0.5, (-43.5, 75.34)), (1, (-75.34, 43.5)), (4, (75.34, -43.5))],
)
def test_edge_points(edge: float, point: tuple[float, float]) -> None:
    assert edge_point(edge) == point
    assert edge_point(1.5, 50) == (-50, 0)


@pytest.mark.parametrize(
    ("b", "radius", "sweep"),
    [(1, 50.23, 0), (5, 50.23, 1), (2, 150.69, 0), (4, 150.69, 1)],
)
def test_standard_curves(b: int, radius: float, sweep: int) -> None:
    assert arc_for(edge_point(0), edge_point(b)) == (radius, sweep)


def test_straight_track_is_a_line() -> None:
    assert arc_for(edge_point(0), edge_point(3)) is None
    assert _paths("path=a:0,b:3") == ["M 0 87 L 0 -87"]


def test_edge_to_off_centre_stops() -> None:
    assert arc_for(edge_point(0), edge_point(1, 50)) == (66.04, 0)
    assert arc_for(edge_point(0), edge_point(2, 50)) == (166.5, 0)
    assert arc_for(edge_point(0), edge_point(0.5, 50)) == (50.69, 0)


def test_catalog_1_arcs() -> None:
    code = "town=revenue:10;town=revenue:10;path=a:1,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4"
    assert _paths(code) == [
        "M -75.34 43.5 A 152.98 152.98 0 0 0 -43.93 19.46",
        "M 0 -87 A 150.96 150.96 0 0 1 -43.93 19.46",
        "M 0 87 A 150.96 150.96 0 0 1 43.93 -19.46",
        "M 75.34 -43.5 A 152.98 152.98 0 0 0 43.93 -19.46",
    ]


def test_outline_pass_comes_first_with_halo() -> None:
    ctx = lay("path=a:0,b:3")
    strokes = [(s.attr("stroke"), s.attr("stroke-width")) for s in tagged(ctx, "track", "path")]
    assert strokes == [("#FFFFFF", 12), ("#000000", 9)]


@pytest.mark.parametrize(
    ("track", "style"),
    [("narrow", ("#000000", 12)), ("dual", ("#FFFFFF", 10)), ("thin", ("#000000", 2)),
     ("future", ("#888888", 6))],
)  # fmt: skip
def test_gauges(track: str, style: tuple[str, int]) -> None:
    ctx = lay(f"path=a:0,b:3,track:{track}")
    strokes = [(s.attr("stroke"), s.attr("stroke-width")) for s in tagged(ctx, "track", "path")]
    assert style in strokes
    if track == "narrow":
        assert ("#FFFFFF", 8) in strokes  # dashed inner stripe


@pytest.mark.parametrize(
    ("lanes", "width", "shifts"),
    [(2, 9, [-8.5, 8.5]), (3, 9, [-16, 0, 16]), (4, 9, [-22.5, -7.5, 7.5, 22.5]),
     (5, 9, [-28, -14, 0, 14, 28]), (2, 12, [-10, 10]), (3, 12, [-19, 0, 19]), (2, 10, [-9, 9])],
)  # fmt: skip
def test_lane_offsets(lanes: int, width: float, shifts: list[float]) -> None:
    assert [lane_shift((lanes, i), width) for i in range(lanes)] == shifts


def test_worked_lane_examples() -> None:
    assert _paths("path=a:0,b:3,lanes:3") == [
        "M -16 87 L -16 -87", "M 0 87 L 0 -87", "M 16 87 L 16 -87",
    ]  # fmt: skip
    assert _paths("path=a:0,b:2,lanes:2") == [
        "M -8.5 87 A 150.69 150.69 0 0 0 -79.59 -36.14",
        "M 8.5 87 A 150.69 150.69 0 0 0 -71.09 -50.86",
    ]
    assert _paths("city=revenue:10;path=a:5,b:_0,lanes:2") == [
        "M 71.09 50.86 L -4.25 7.36",
        "M 79.59 36.14 L 4.25 -7.36",
    ]


def test_puebla_lane_starts() -> None:
    paths = _paths(
        "town=revenue:10;path=a:2,b:_0,a_lane:2.1;path=a:5,b:_0;path=a:2,b:4,a_lane:2.0;label=P"
    )
    assert paths[0].startswith("M -79.59 -36.14") and paths[2].startswith("M -71.09 -50.86")


def test_terminal_tapers() -> None:
    ctx = lay("city=revenue:40;path=a:0,b:_0,terminal:1")
    polys = [str(s.attr("points")) for s in tagged(ctx, "track", "polygon")]
    assert "4.5,70 4.5,87 -4.5,87 -4.5,70 0,35" in polys
    assert "6,70 6,87 -6,87 -6,70 0,35" in polys
    ctx = lay("city=revenue:40;path=a:0,b:_0,terminal:2")
    fills = {s.attr("fill") for s in tagged(ctx, "track", "polygon")}
    assert fills == {"#707070"}


def test_offboard_tapers_and_stub() -> None:
    ctx = lay("offboard=revenue:20;path=a:1,b:_0")
    polys = tagged(ctx, "track", "polygon")
    assert [p.attr("points") for p in polys] == [
        "6,75 6,87 -6,87 -6,75 0,48", "4.5,75 4.5,87 -4.5,87 -4.5,75 0,48",
    ]  # fmt: skip
    assert polys[0].attr("transform") == "rotate(60)"
    ctx = lay("stub=edge:2")
    assert [s.attr("d") for s in tagged(ctx, "track", "path")] == ["M 0 87 L 0 65"] * 2


def test_crossover_cuts_a_gap() -> None:
    ctx = lay("path=a:0,b:3;path=a:1,b:4")
    dashes = [s.attr("stroke-dasharray") for s in tagged(ctx, "track", "path")]
    assert "1 55 63 56" in dashes
    assert "1 55 63 56" not in [
        s.attr("stroke-dasharray")
        for s in tagged(lay("path=a:0,b:3;path=a:1,b:2"), "track", "path")
    ]


def test_track_claims_regions() -> None:
    ctx = lay("path=a:0,b:3")
    assert {r for r, use in ctx.regions.use.items() if use} == {2, 8, 15, 21}
    ctx = lay("city=revenue:20;path=a:0,b:_0")
    assert ctx.regions.use[15] >= 1 and ctx.regions.use[21] >= 1
