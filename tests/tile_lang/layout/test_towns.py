"""Towns and halts against the facts' numbers (§5, §6.3, §1.9, §1.10, Appendix A)."""

from __future__ import annotations

import pytest
from layout_helpers import lay, rotate, stops_only, tagged, translate, used

from tile_lang import parse
from tile_lang.layout.regions import CENTER
from tile_lang.layout.shapes import Shape
from tile_lang.layout.stops import compute_stops

CATALOG_1 = (
    "town=revenue:10;town=revenue:10;path=a:1,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4"
)


def _bars(code: str, **options: object) -> list[Shape]:
    ctx = lay(code, **options)  # type: ignore[arg-type]
    return [g for g in ctx.layers["towns"] if g.children and g.children[0].tag == "rect"]


def _revenues(code: str, **options: object) -> list[tuple[float, float]]:
    ctx = lay(code, **options)  # type: ignore[arg-type]
    return [
        translate(g)
        for g in ctx.layers["towns"]
        if any(c.tag == "circle" and c.attr("stroke") == "#777777" for c in g.children)
    ]


# -- style (§1.9) ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "style"),
    [
        ("town=revenue:10;path=a:0,b:_0", "rect"),
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:3", "rect"),
        ("town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0", "dot"),
        ("town=revenue:10", "dot"),
        ("town=revenue:10,style:rect", "rect"),
        ("town=revenue:10,style:dot;path=a:0,b:_0", "dot"),
        ("town=revenue:10,style:hidden;path=a:0,b:_0", "hidden"),
        ("halt=symbol:£;path=a:0,b:_0", "rect"),
        ("town=revenue:10;path=a:0,b:_0,lanes:2", "rect"),  # 2 paths after lane expansion
        ("town=revenue:10;path=a:0,b:_0,lanes:3", "dot"),
    ],
)
def test_town_style(code: str, style: str) -> None:
    (stop,) = compute_stops(parse(code)).values()
    assert stop.style == style


# -- bars (§5.2) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "positions", "angles"),
    [
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:3", [(0, 0)], [None]),  # catalog 4
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:1", [(-25, 43.3)], [120]),  # 3
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:2", [(-20.09, 11.6)], [-30]),  # 58
        (CATALOG_1, [(-43.93, 19.46), (43.93, -19.46)], [45, 225]),
        # Other 2-exit towns (4 exits on the tile; preferred edges 3 and 1): straight -> rho 40
        # along p; sharp "left" (p 1 < q 2) -> rho 55.70 at 60p + 12.12°, bar at 60p - 40°.
        ("town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;"
         "path=a:_1,b:2", [(0, -40), (-53.01, 17.1)], [180, 20]),
        # One town with a single exit next to a 3-slot / 4-slot city: rho 65 / 70.
        ("city=revenue:20,slots:3,loc:center;town=revenue:10;path=a:0,b:_0;path=a:2,b:_1;"
         "path=a:_1,b:_0", [(-56.29, -32.5)], [120]),
        ("city=revenue:20,slots:4,loc:center;town=revenue:10;path=a:0,b:_0;path=a:3,b:_1;"
         "path=a:_1,b:_0", [(0, -70)], [180]),
        ("town=revenue:10,loc:center;path=a:1,b:_0;path=a:_0,b:4", [(0, 0)], [60]),
    ],
)  # fmt: skip
def test_bar_positions(
    code: str, positions: list[tuple[float, float]], angles: list[float | None]
) -> None:
    bars = _bars(code)
    assert [translate(b) for b in bars] == positions
    assert [rotate(b) for b in bars] == angles


def test_other_two_exit_towns_sharp_and_gentle() -> None:
    # Town with exits 0 and 1 on a 4-exit tile: counters give p = 1, q = 0 -> sharp, "right":
    # rho 55.70 at 60° - 12.12°, bar at 60° + 40°.
    bars = _bars("town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:1;path=a:3,b:_1;"
                 "path=a:_1,b:4")  # fmt: skip
    assert translate(bars[0]) == (-41.32, 37.36)
    assert rotate(bars[0]) == 100
    # Exits 0 and 2: p = 2, q = 0 -> gentle, "right": rho 48.05 at 120° - 6.11°, bar 135°.
    bars = _bars("town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;"
                 "path=a:_1,b:5")  # fmt: skip
    assert translate(bars[0]) == (-43.93, -19.46)
    assert rotate(bars[0]) == 135


def test_bar_shape_and_halt_bar() -> None:
    (bar,) = _bars("town=revenue:10;path=a:0,b:_0")
    assert dict(bar.children[0].attrs) == {
        "x": -17, "y": -4.25, "width": 34, "height": 8.5, "fill": "#000000", "stroke": "none",
    }  # fmt: skip
    (halt,) = _bars("halt=symbol:£;path=a:0,b:_0")
    attrs = dict(halt.children[0].attrs)
    assert (attrs["fill"], attrs["stroke"], attrs["stroke-width"]) == ("gray", "#000000", 4)


def test_track_ends_at_the_bar_centre() -> None:
    ctx = lay("town=revenue:10;path=a:0,b:_0;path=a:_0,b:1")
    d = [s.attr("d") for s in tagged(ctx, "track", "path") if s.attr("stroke") == "#000000"]
    assert d == [
        "M 0 87 A 50.69 50.69 0 0 0 -25 43.3",
        "M -75.34 43.5 A 50.69 50.69 0 0 1 -25 43.3",
    ]


def test_bar_is_drawn_over_the_track() -> None:
    from tile_lang.layout.context import LAYER_ORDER

    assert LAYER_ORDER.index("track") < LAYER_ORDER.index("towns")


# -- bar revenue (§5.2) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "positions"),
    [
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:3", [(38, 0)]),  # catalog 4
        ("town=revenue:10;path=a:0,b:_0;path=a:_0,b:1", [(-6, 10.39)]),  # catalog 3
        (CATALOG_1, [(-66.43, -7.35), (66.43, 7.35)]),
    ],
)
def test_bar_revenue_positions(code: str, positions: list[tuple[float, float]]) -> None:
    assert _revenues(code) == positions


def test_single_exit_town_revenue() -> None:
    # One town, one exit: rule 4 leaves it centred; bar angle = 60·(first exit), revenue 38 along
    # the bar: exit 0 -> (38, 0); exit 1 -> 38 along 60°.
    assert _revenues("town=revenue:10;path=a:0,b:_0") == [(38, 0)]
    assert _revenues("town=revenue:10;path=a:1,b:_0") == [(19, 32.91)]


def test_bar_revenue_claims() -> None:
    # Catalog 1: two other 2-exit towns -> bar claims by p, revenue claims by floor(p).
    ctx = stops_only(CATALOG_1)
    regions = used(ctx)
    assert regions[5] >= 1 and regions[12] >= 1  # town 0 (p = 1) revenue [5, 12]
    assert regions[11] >= 1 and regions[18] >= 1  # town 1 (p = 4) revenue [11, 18]


# -- dots (§5.1) -----------------------------------------------------------------------------


def _dots(code: str, **options: object) -> list[Shape]:
    ctx = lay(code, **options)  # type: ignore[arg-type]
    return [c for c in tagged(ctx, "towns", "circle") if c.attr("r") == 10.25]


def test_dot_geometry() -> None:
    (dot,) = _dots("town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0")
    assert dict(dot.attrs) == {"cx": 0, "cy": 0, "r": 10.25, "fill": "#000000",
                               "stroke": "white", "stroke-width": 4}  # fmt: skip


def test_dot_at_an_edge_and_its_revenue() -> None:
    code = "town=revenue:10,style:dot;city=revenue:20;path=a:0,b:_0;path=a:3,b:_1"
    (dot,) = _dots(code)
    assert (dot.attr("cx"), dot.attr("cy")) == (0, 50)
    assert _revenues(code) == [(25, 50)]
    assert _revenues(code, layout="pointy") == [(12.5, 28.35)]  # 25 along -60°


def test_centred_dot_revenue() -> None:
    code = "town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"
    assert _revenues(code) == [(42, 0)]
    assert _revenues(code, layout="pointy") == [(21, -36.37)]
    assert used(stops_only(code))[9] == 3  # track to edge 4 [9, 10], CENTER, revenue [9, 16]


def test_several_centred_dots_spread_out() -> None:
    dots = _dots("town=revenue:0;town=revenue:0")  # 18Chesapeake K3
    assert [(d.attr("cx"), d.attr("cy")) for d in dots] == [(-40, 20), (40, -20)]
    ctx = stops_only("town=revenue:0;town=revenue:0;town=revenue:0;town=revenue:0")
    dots = [c for c in tagged(ctx, "towns", "circle")]
    assert [(d.attr("cx"), d.attr("cy")) for d in dots] == [(-40, 20), (40, -20), (-40, -20),
                                                            (40, 20)]  # fmt: skip
    assert used(ctx) == {13: 1, 14: 1, 9: 1, 10: 1, 6: 0.5, 7: 0.5, 16: 0.5, 17: 0.5}


def test_dot_claims_edge_regions() -> None:
    ctx = stops_only("town=revenue:0,style:dot,loc:2.5;city=revenue:0,loc:0")
    assert used(ctx)[2] == 1 and used(ctx)[6] == 1


def test_boom_ring_on_dots_only() -> None:
    ctx = lay("town=revenue:10,boom:1;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0")
    (ring,) = [c for c in tagged(ctx, "towns", "circle") if c.attr("r") == 25]
    assert (ring.attr("stroke"), ring.attr("stroke-width"), ring.attr("stroke-dasharray")) == (
        "#000000", 2, 6)  # fmt: skip
    ctx = lay("town=revenue:10,boom:1;path=a:0,b:_0")
    assert not [c for c in tagged(ctx, "towns", "circle") if c.attr("r") == 25]


def test_halt_dot() -> None:
    (dot,) = _dots("halt=symbol:£;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0")
    assert (dot.attr("fill"), dot.attr("stroke"), dot.attr("stroke-width")) == (
        "gray", "#000000", 4)  # fmt: skip


# -- halts and hidden towns (§6.3, §5) -------------------------------------------------------


def test_halt_symbol_replaces_the_revenue() -> None:
    ctx = lay("halt=symbol:£,revenue:0;path=a:0,b:_0;path=a:_0,b:3")
    assert not _revenues("halt=symbol:£,revenue:0;path=a:0,b:_0;path=a:_0,b:3")
    (label,) = tagged(ctx, "towns", "text")
    assert label.text == "£" and label.attr("font-size") == 24
    group = next(g for g in ctx.layers["towns"] if g.children and g.children[0].tag == "text")
    assert translate(group) == (38, 0)


def test_hidden_town_draws_nothing_but_track_reaches_it() -> None:
    ctx = lay("town=revenue:10,style:hidden;path=a:0,b:_0;path=a:_0,b:2")
    assert ctx.layers["towns"] == []
    d = [s.attr("d") for s in tagged(ctx, "track", "path") if s.attr("stroke") == "#000000"]
    assert d[0] == "M 0 87 A 166.5 166.5 0 0 0 -43.3 -25"  # hidden town at edge 2, d = 50


def test_town_revenue_skipped() -> None:
    assert _revenues("town=revenue:0;path=a:0,b:_0;path=a:_0,b:3") == []
    assert _revenues("town=revenue:yellow_10|brown_20;path=a:0,b:_0;path=a:_0,b:3") == []


def test_two_towns_many_exits_share_one_revenue() -> None:
    # No cities, two towns, > 4 exits: tile-level revenue (facts §6.11 rule 5), no own circles.
    code = ("town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;"
            "path=a:_1,b:4;path=a:2,b:5")  # fmt: skip
    ctx = lay(code)
    assert ctx.tile_level_revenue is True
    assert _revenues(code) == []


def test_loc_center_bar_claims_center() -> None:
    ctx = stops_only("town=revenue:0,loc:center;path=a:1,b:_0;path=a:_0,b:4")
    regions = used(ctx)
    for r in CENTER:
        assert regions[r] >= 1


def test_notes_record_own_revenues() -> None:
    ctx = lay(CATALOG_1)
    assert ctx.own_revenue == {0: (-66.43, -7.35), 1: (66.43, 7.35)}
    ctx = lay("halt=symbol:£;city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1")
    assert set(ctx.own_revenue) == {0, 1}
    ctx = lay("offboard=revenue:yellow_30|brown_60;path=a:0,b:_0")
    assert ctx.own_revenue == {} and ctx.tile_level_revenue is True
