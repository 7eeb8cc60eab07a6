"""Cities and passes against the facts' numbers (§4, §4.7, §1.10, Appendix A)."""

from __future__ import annotations

import pytest
from layout_helpers import lay, stops_only, tagged, translate, used

from tile_lang.layout.cities import (
    city_position,
    joining_shape,
    pass_triangles,
    slot_centres,
    slot_radius,
)
from tile_lang.layout.regions import CENTER
from tile_lang.layout.shapes import Shape

# -- slots and the joining shape (§4.2, §4.3) ------------------------------------------------


@pytest.mark.parametrize(
    ("n", "centres"),
    [
        (1, [(0, 0)]),
        (2, [(-25, 0), (25, 0)]),
        (3, [(0, -29), (25.11, 14.5), (-25.11, 14.5)]),
        (4, [(-25, -25), (25, -25), (25, 25), (-25, 25)]),
        (5, [(0, -43), (40.9, -13.29), (25.27, 34.79), (-25.27, 34.79), (-40.9, -13.29)]),
        (6, [(0, -50), (43.3, -25), (43.3, 25), (0, 50), (-43.3, 25), (-43.3, -25)]),
        (8, [(0, -54), (38.18, -38.18), (54, 0), (38.18, 38.18), (0, 54), (-38.18, 38.18),
             (-54, 0), (-38.18, -38.18)]),
    ],
)  # fmt: skip
def test_slot_centres(n: int, centres: list[tuple[float, float]]) -> None:
    assert slot_centres(n) == centres


def test_slot_centres_seven_and_nine_start_at_the_top() -> None:
    assert slot_centres(7)[0] == (0, -52) and slot_centres(9)[0] == (0, -55)
    assert slot_centres(7)[1] == (40.66, -32.42)  # 51.43° (360/7), not 51°


@pytest.mark.parametrize(("n", "r"), [(1, 25), (4, 25), (6, 25), (7, 22), (8, 20.5), (9, 19)])
def test_slot_radius(n: int, r: float) -> None:
    assert slot_radius(n) == r


def _attrs(shape: Shape | None) -> dict[str, object]:
    assert shape is not None
    return dict(shape.attrs)


def test_joining_shapes() -> None:
    assert joining_shape(1) is None
    assert _attrs(joining_shape(2)) == {"x": -25, "y": -25, "width": 50, "height": 50,
                                        "fill": "white"}  # fmt: skip
    hexagon = _attrs(joining_shape(3))
    assert hexagon["points"] == ("45.8,0 22.9,-39.85 -22.9,-39.85 -45.8,0 -22.9,39.85 22.9,39.85")
    assert _attrs(joining_shape(4)) == {"x": -50, "y": -50, "width": 100, "height": 100,
                                        "rx": 25, "fill": "white"}  # fmt: skip
    assert _attrs(joining_shape(5))["r"] == 68
    assert _attrs(joining_shape(6))["r"] == _attrs(joining_shape(9))["r"] == 75
    # No stroke attribute: the inherited 1-unit black outline (facts §7.2).
    assert all("stroke" not in _attrs(joining_shape(n)) for n in (2, 3, 4, 5, 6))


# -- position (§4.1) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preferred", "slots", "border", "expected"),
    [
        (None, 1, False, ((0, 0), 0)),
        (0, 1, False, ((0, 50), 0)),
        (2, 1, False, ((-43.3, -25), 120)),
        (1, 2, False, ((-43.3, 25), 60)),
        (0.5, 1, False, ((-25, 43.3), 30)),
        (0.5, 2, False, ((-21, 36.37), 30)),  # corner, several slots: pulled in by 8
        (0, 1, True, ((0, 35), 0)),  # border on that edge: minus 15
        (4, 2, True, ((30.31, -17.5), 240)),
    ],
)
def test_city_position(
    preferred: float | None, slots: int, border: bool, expected: tuple[object, float]
) -> None:
    assert city_position(preferred, slots, border=border) == expected


def test_centred_city_turns_with_the_layout() -> None:
    assert city_position(None, 2, upright=-30) == ((0, 0), -30)
    ctx = lay("city=revenue:40,slots:2;path=a:0,b:_0", layout="pointy")
    assert ctx.layers["cities"][0].attr("transform") == "translate(0 0) rotate(-30)"


def _city_groups(code: str, **options: object) -> list[tuple[tuple[float, float], object]]:
    ctx = lay(code, **options)  # type: ignore[arg-type]
    return [
        (translate(g), g.attr("transform"))
        for g in ctx.layers["cities"]
        if any(c.tag == "circle" and c.attr("r") == 25 for c in g.children)
        or (g.children and g.children[0].tag in ("rect", "polygon"))
    ]


def test_several_cities() -> None:
    # catalog 59, 18Chesapeake H6, catalog 54 (corners), catalog 48 (six pathless cities)
    assert [p for p, _ in _city_groups("city=revenue:40;city=revenue:40;path=a:0,b:_0;"
                                       "path=a:2,b:_1")] == [(0, 50), (-43.3, -25)]  # fmt: skip
    h6 = _city_groups("city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:4,b:_1")
    assert [t for _, t in h6] == [
        "translate(-43.3 25) rotate(60)",
        "translate(43.3 -25) rotate(240)",
    ]
    c54 = _city_groups(
        "city=revenue:60,loc:0.5;city=revenue:60,loc:2.5;path=a:0,b:_0;path=a:_0,b:1;"
        "path=a:2,b:_1;path=a:_1,b:3"
    )
    assert [p for p, _ in c54] == [(-25, 43.3), (-25, -43.3)]
    six = _city_groups(";".join(["city=revenue:0"] * 6))
    assert [p for p, _ in six] == [(0, 50), (-43.3, 25), (-43.3, -25), (0, -50), (43.3, -25),
                                   (43.3, 25)]  # fmt: skip


def test_city_with_border_on_its_edge() -> None:
    ctx = lay("city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:3,b:_1;border=edge:0")
    assert translate(ctx.layers["cities"][0]) == (0, 35)
    # The track ends at the city: distance 35 too (facts §3.3).
    d = [s.attr("d") for s in tagged(ctx, "track", "path") if s.attr("stroke") == "#000000"]
    assert d[0] == "M 0 87 L 0 35"


def test_half_edge_city_track_still_ends_at_50() -> None:
    ctx = lay("city=revenue:20,slots:2,loc:0.5;path=a:0,b:_0")
    assert translate(ctx.layers["cities"][0]) == (-21, 36.37)
    d = [s.attr("d") for s in tagged(ctx, "track", "path") if s.attr("stroke") == "#000000"]
    assert d == ["M 0 87 A 50.69 50.69 0 0 0 -25 43.3"]


# -- slots: fill, outline, boom (§4.2, §1.10) ------------------------------------------------


def _slots(code: str) -> list[Shape]:
    return [c for c in tagged(lay(code), "cities", "circle") if c.attr("r") in (19, 20.5, 22, 25)]


def test_slot_circles_inherit_the_black_outline() -> None:
    (slot,) = _slots("city=revenue:20;path=a:0,b:_0")
    assert slot.attr("fill") == "white" and slot.attr("stroke") is None
    assert slot.attr("fill-opacity") is None


def test_outline_city_slots_are_transparent() -> None:
    slots = _slots("city=revenue:20,slots:2,outline:1;path=a:0,b:_0")
    assert [s.attr("fill-opacity") for s in slots] == [0, 0]


def test_boom_ring_per_slot() -> None:
    ctx = lay("city=revenue:20,slots:2,boom:1;path=a:0,b:_0")
    rings = [c for c in tagged(ctx, "cities", "circle") if c.attr("r") == 10]
    assert [(r.attr("cx"), r.attr("cy")) for r in rings] == [(-25, 0), (25, 0)]
    for ring in rings:
        assert ring.attr("stroke-width") == 2 and ring.attr("stroke-dasharray") == 6
        assert ring.attr("stroke") is None  # inherited black


def test_seven_to_nine_slots_on_a_big_circle() -> None:
    ctx = lay("city=revenue:20,slots:7;path=a:0,b:_0")
    radii = [c.attr("r") for c in tagged(ctx, "cities", "circle")]
    assert radii[0] == 75 and radii[1:8] == [22] * 7


# -- region claims (§4.4) --------------------------------------------------------------------


def test_claims_of_centred_cities() -> None:
    assert used(stops_only("city=revenue:0")) == dict.fromkeys(CENTER, 1.0)
    two = used(stops_only("city=revenue:0,slots:2"))
    assert two == {**dict.fromkeys(CENTER, 1.0), **dict.fromkeys((6, 13, 10, 17), 0.75),
                   **dict.fromkeys((7, 14, 9, 16), 1.75)}  # fmt: skip
    assert used(stops_only("city=revenue:0,slots:6")) == dict.fromkeys(CENTER, 1.0)
    assert used(stops_only("city=revenue:0,slots:0")) == {}


def test_claims_of_edge_cities() -> None:
    # Six pathless cities: each claims its EDGE_CITY_REGIONS entry (one slot, no extras).
    one = stops_only("city=revenue:0,loc:0")
    assert used(one) == dict.fromkeys((15, 20, 21, 22), 1.0)
    two = stops_only("city=revenue:0,slots:2,loc:4")
    expected: dict[int, float] = {}
    for r in (4, 9, 10, 11, 17, 16, 18, 8, 2, 18, 3, 4):  # region 18 twice
        expected[r] = expected.get(r, 0) + 1
    assert used(two) == expected


def test_claims_with_a_border_weigh_the_neighbours() -> None:
    ctx = stops_only("city=revenue:0,loc:0;border=edge:0")
    assert used(ctx) == {**dict.fromkeys((20, 21, 22), 1.0), 15: 1.1, 7: 0.1}


# -- the city's own revenue (§4.5, Appendix A) -----------------------------------------------


def _revenue_positions(code: str, **options: object) -> list[tuple[float, float]]:
    ctx = lay(code, **options)  # type: ignore[arg-type]
    return [
        translate(g)
        for g in ctx.layers["cities"]
        if any(c.tag == "circle" and c.attr("stroke") == "#777777" for c in g.children)
    ]


@pytest.mark.parametrize(
    ("code", "positions"),
    [
        ("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3", [(42, 0)]),  # 57
        ("city=revenue:30,slots:2;path=a:0,b:_0;path=a:_0,b:2", [(67, 0)]),  # 14
        ("city=revenue:40,slots:3;path=a:0,b:_0", [(65, 0)]),  # 123
        ("city=revenue:40,slots:4;path=a:0,b:_0", [(67, 0)]),
        ("city=revenue:40,slots:6;path=a:0,b:_0", [(0, 0)]),  # 5+ slots: on the centre
        ("city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:2,b:_1",
         [(-41.36, 57.29), (-70.3, 7.17)]),  # 59: [19] -> 170°; edge 2: [12] -> 10°
        ("city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:4,b:_1",
         [(-70.3, -7.17), (70.3, 7.17)]),  # H6: [5] / [18] -> 170° relative to each city
    ],
)  # fmt: skip
def test_revenue_positions_flat(code: str, positions: list[tuple[float, float]]) -> None:
    assert _revenue_positions(code) == positions


def test_revenue_of_multi_slot_edge_city_lies_on_its_axis() -> None:
    # Two 2-slot cities at edges 0 and 3: φ = 0 along the city axis (turned 0° / 180°), D = 67,
    # negated for p = 0 and 3: both circles end up 67 to the city's left on screen... and right.
    code = "city=revenue:20,slots:2;city=revenue:30,slots:2;path=a:0,b:_0;path=a:3,b:_1"
    assert _revenue_positions(code) == [(-67, 50), (67, -50)]
    code = "city=revenue:20,slots:2;city=revenue:30,slots:2;path=a:2,b:_0;path=a:5,b:_1"
    # p = 2 (not negated): 67 along 120°; p = 5 (not negated): 67 along 300°.
    assert _revenue_positions(code) == [(-76.8, 33.02), (76.8, -33.02)]


def test_revenue_of_centred_city_among_other_stops() -> None:
    code = (
        "city=revenue:60,slots:3,loc:center;town=revenue:10,loc:2;path=a:0,b:_0;path=a:1,b:_0;"
        "path=a:3,b:_0;path=a:2,b:_1;path=a:5,b:_0,lanes:2;path=a:_1,b:_0;label=MC"
    )
    assert _revenue_positions(code) == [(32.5, -56.29)]  # 18MEX 485MC: E = 3, φ = 300


@pytest.mark.parametrize(
    ("code", "position"),
    [
        ("city=revenue:20;path=a:0,b:_0", (21, -36.37)),  # -60° in the tile frame, D 42
        ("city=revenue:20,slots:2;path=a:0,b:_0", (31, -53.69)),  # D 62
        ("city=revenue:20,slots:3;path=a:0,b:_0", (28.5, -49.36)),  # D 57
        ("city=revenue:20,slots:4;path=a:0,b:_0", (0, 0)),  # undefined -> 0
    ],
)
def test_revenue_positions_pointy(code: str, position: tuple[float, float]) -> None:
    assert _revenue_positions(code, layout="pointy") == [position]


def test_revenue_circle_is_upright_in_pointy() -> None:
    ctx = lay("city=revenue:20;path=a:0,b:_0", layout="pointy")
    circle_group = ctx.layers["cities"][-1]
    assert circle_group.attr("transform") == "translate(21 -36.37) rotate(-30)"


@pytest.mark.parametrize(
    "code",
    [
        "city=revenue:20",  # no paths
        "city=revenue:0;path=a:0,b:_0",  # zero
        "city=revenue:yellow_20|green_30;path=a:0,b:_0",  # phases: tile-level boxes
        "city=revenue:20;city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:2,b:_1;"
        "path=a:4,b:_2",  # equal values, 3 slots in all: one tile-level circle
    ],
)
def test_no_own_revenue(code: str) -> None:
    assert _revenue_positions(code) == []


def test_revenue_claims_appendix_a_57() -> None:
    ctx = stops_only("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3")
    assert used(ctx) == {
        21: 1,
        15: 2,
        2: 1,
        8: 2,
        7: 1,
        9: 2,
        14: 1,
        16: 2,
        10: 0.5,
        17: 0.5,
        11: 0.25,
        18: 0.25,
    }
    assert ctx.tile_level_revenue is False


def test_edge_city_revenue_takes_the_cheapest_candidate() -> None:
    # Catalog 59's first city (edge 0): [19] is free, so φ 170 wins and claims 19.
    ctx = stops_only("city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:2,b:_1")
    assert ctx.regions.use[19] == 1
    # A pathless city drawn first at edge 1 takes 12, 13, 14, 19: [19] and [14] now cost 1,
    # so the edge-0 city's revenue goes to [23] at 10°.
    ctx = stops_only("city=revenue:0,loc:1;city=revenue:20;path=a:0,b:_1")
    positions = [translate(g) for g in ctx.layers["cities"]
                 if any(c.attr("stroke") == "#777777" for c in g.children)]  # fmt: skip
    assert positions == [(41.36, 57.29)]
    assert ctx.regions.use[23] == 1 and ctx.regions.use[19] == 1


# -- passes (§4.7) ---------------------------------------------------------------------------


def test_pass_triangles() -> None:
    outline, inner = pass_triangles(size=1, slots=1, color="gray")
    assert dict(inner.attrs)["points"] == "34.64,20 -34.64,20 0,-40"
    assert dict(inner.attrs)["fill"] == "gray"
    assert dict(outline.attrs)["points"] == "38.11,22 -38.11,22 0,-44"
    assert dict(outline.attrs)["fill"] == "white"
    _, big = pass_triangles(size=3, slots=1, color="brown")
    assert dict(big.attrs)["points"] == "51.96,30 -51.96,30 0,-60"
    _, multi = pass_triangles(size=2, slots=2, color="gray")
    assert dict(multi.attrs)["points"] == "49.88,36.8 -49.88,36.8 0,-49.6"  # R 57.6, down 8


def test_pass_draws_triangle_then_slot_and_shows_zero() -> None:
    ctx = lay("pass=revenue:0,size:2;path=a:0,b:_0;path=a:_0,b:3")
    tags = [s.tag for s in ctx.layers["cities"][0].children]
    assert tags == ["polygon", "polygon", "circle"]
    assert _revenue_positions("pass=revenue:0,size:2;path=a:0,b:_0;path=a:_0,b:3") == [(42, 0)]
    assert _revenue_positions("pass=revenue:0") == []  # no paths: nothing
