"""Track geometry against the facts' numbers (§3): endpoints, arcs, lanes, tapers, claims."""

from __future__ import annotations

import pytest
from layout_helpers import lay, stops_only, tagged, used

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


def _dashed(code: str) -> list[tuple[object, object]]:
    ctx = lay(code)
    return [
        (s.attr("d"), s.attr("stroke-dasharray"))
        for s in tagged(ctx, "track", "path")
        if str(s.attr("stroke-dasharray") or "").startswith("1 55")
    ]


def test_crossover_counts_stop_ends_by_preferred_edge() -> None:
    # Catalog 55: town 0 sits at edge 3, so the path 0 -> town is "straight" (0, 3); town 1 at
    # edge 1 makes 4 -> town straight too, with an end next to edge 0's: a crossover.
    code = "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:4"
    assert _dashed(code) == [
        ("M 0 87 L 0 -40", "1 55 63 56"),
        ("M 75.34 -43.5 L -34.64 20", "1 55 63 56"),
    ]
    # Catalog 35: gentle curves to cities at edges 0 and 3.
    code = "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:1,b:_1;path=a:_1,b:3"
    assert [d for _, d in _dashed(code)] == ["1 55 47 56", "1 55 47 56"]


def test_crossover_ignores_centred_stops() -> None:
    assert _dashed("city=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0") == []


def test_crossover_gap_copies() -> None:
    ctx = lay("path=a:0,b:3,track:narrow;path=a:1,b:4")
    strokes = [
        (s.attr("stroke"), s.attr("stroke-width"), s.attr("stroke-dasharray"))
        for s in tagged(ctx, "track", "path")
    ]
    gap = "1 55 63 56"
    assert strokes == [
        ("#FFFFFF", 14, None),  # pass 0: outlines
        ("#FFFFFF", 12, None),
        ("#FFFFFF", 14, gap),  # pass 1: gap in the outline colour, then the track
        ("#000000", 12, None),
        ("#FFFFFF", 12, gap),
        ("#000000", 9, None),
        ("#FFFFFF", 14, gap),  # pass 2 (narrow): gap, dashed track, inner stripe
        ("#000000", 12, gap),
        ("#FFFFFF", 8, "12"),
    ]


def test_dual_gauge_has_a_black_edge() -> None:
    ctx = lay("path=a:0,b:3,track:dual")
    strokes = [(s.attr("stroke"), s.attr("stroke-width")) for s in tagged(ctx, "track", "path")]
    assert strokes == [("#000000", 13), ("#FFFFFF", 10)]


def test_thin_and_future_have_no_outline() -> None:
    ctx = lay("path=a:0,b:3,track:thin;path=a:1,b:4,track:future")
    strokes = [
        (s.attr("stroke"), s.attr("stroke-width"), s.attr("stroke-dasharray"))
        for s in tagged(ctx, "track", "path")
    ]
    assert strokes == [("#000000", 2, "12"), ("#888888", 6, "9 3")]


def test_pass_one_order_paths_stubs_future() -> None:
    ctx = lay("path=a:1,b:4,track:future;stub=edge:2;path=a:0,b:3")
    order = [(s.attr("stroke"), s.attr("transform")) for s in tagged(ctx, "track", "path")]
    assert order == [
        ("#FFFFFF", None),  # pass 0: the ordinary path's outline
        ("#000000", None),  # pass 1: the path,
        ("#FFFFFF", "rotate(120)"),  # the stub (its own outline first),
        ("#000000", "rotate(120)"),
        ("#888888", None),  # then the future path
    ]


def test_narrow_terminal_has_an_inner_taper() -> None:
    ctx = lay("city=revenue:40;path=a:0,b:_0,terminal:1,track:narrow")
    polys = [(s.attr("points"), s.attr("fill")) for s in tagged(ctx, "track", "polygon")]
    assert polys == [
        ("7,70 7,87 -7,87 -7,70 0,35", "#FFFFFF"),
        ("6,70 6,87 -6,87 -6,70 0,35", "#000000"),
        ("4,70 4,87 -4,87 -4,70 0,35", "#FFFFFF"),
    ]
    ctx = lay("city=revenue:40;path=a:3,b:_0,terminal:2")
    polys = [(s.attr("points"), s.attr("fill")) for s in tagged(ctx, "track", "polygon")]
    assert polys == [
        ("6,85 6,87 -6,87 -6,85 0,65", "#707070"),
        ("4.5,85 4.5,87 -4.5,87 -4.5,85 0,65", "#707070"),
    ]
    assert tagged(ctx, "track", "polygon")[0].attr("transform") == "rotate(180)"


def test_offboard_lanes_use_their_own_spacing() -> None:
    ctx = lay("offboard=revenue:20;path=a:0,b:_0,lanes:2")
    polys = [s.attr("points") for s in tagged(ctx, "track", "polygon")]
    assert polys[1] == "-4,75 -4,87 -13,87 -13,75 -8.5,48"  # x0 = -(9 + 8)/2
    ctx = lay("offboard=revenue:20;path=a:0,b:_0,lanes:3")
    polys = [s.attr("points") for s in tagged(ctx, "track", "polygon")]
    assert polys[1] == "-10.5,75 -10.5,87 -19.5,87 -19.5,75 -15,48"  # x0 = -(9 + 6)


def test_junction_spokes_meet_in_the_centre() -> None:
    assert _paths("junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0") == [
        "M 0 87 L 0 0", "M -75.34 -43.5 L 0 0", "M 75.34 -43.5 L 0 0",
    ]  # fmt: skip


def test_stop_to_stop_track() -> None:
    # Catalog 71: the begin is the stop with a preferred edge (a before b).
    code = (
        "town=revenue:10;town=revenue:10;path=a:0,b:_0,track:narrow;"
        "path=a:_0,b:_1,track:narrow;path=a:_1,b:4,track:narrow"
    )
    assert _paths(code) == ["M 0 87 L 0 50", "M 0 50 L 43.3 -25", "M 75.34 -43.5 L 43.3 -25"]


@pytest.mark.parametrize(
    ("code", "regions"),
    [
        ("path=a:0,b:1", {13: 1, 14: 1, 15: 1, 21: 1}),  # sharp arc, k = 1
        ("path=a:0,b:2", {6: 1, 7: 1, 14: 1, 15: 1, 21: 1}),  # gentle arc, k = 2
        ("path=a:2,b:3", {2: 1, 6: 1, 7: 1, 8: 1}),  # k = 1 rotated twice
        ("path=a:0,b:5", {15: 1, 16: 1, 17: 1, 21: 1}),
        ("junction;path=a:2,b:_0", {6: 1, 7: 1}),  # centred end: EDGE_REGIONS[2]
        ("offboard=revenue:10;path=a:4,b:_0", {10: 1}),
        ("stub=edge:5", {17: 1}),
        ("path=a:0,b:3,track:future", {2: 1, 8: 1, 15: 1, 21: 1}),  # future claims too
    ],
)
def test_track_claims(code: str, regions: dict[int, float]) -> None:
    assert used(stops_only(code)) == regions


def test_edge_to_stop_claims() -> None:
    # Edge 1 to a bar at corner 0.5 (catalog 3): arc, k = 5.5 -> [21] rotated once -> [13];
    # edge 0 to it: k = 0.5 -> [21].
    ctx = stops_only("town=revenue:0;path=a:0,b:_0;path=a:_0,b:1")
    assert ctx.regions.use[21] >= 1 and ctx.regions.use[13] >= 1
    # Straight edge -> stop at edge 3 (town next to a 2-slot city, catalog 55's t0): k = 3.
    ctx = stops_only("city=revenue:20,loc:0;town=revenue:10,loc:3;path=a:0,b:_1")
    assert used(ctx)[2] >= 1 and used(ctx)[8] >= 1
