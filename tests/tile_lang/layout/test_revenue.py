"""Tile-level revenue: phase boxes and the shared circle (facts §6.11)."""

from __future__ import annotations

from layout_helpers import lay, rotate, tagged, translate

from tile_lang.layout.revenue import phase_boxes
from tile_lang.layout.shapes import Shape

F1 = "offboard=revenue:yellow_30|brown_60|diesel_100;path=a:0,b:_0;path=a:1,b:_0"


def boxes(shapes: list[Shape]) -> list[tuple[object, ...]]:
    return [
        (s.attr("x"), s.attr("y"), s.attr("width"), s.attr("height"), s.attr("fill"))
        for s in shapes
        if s.tag == "rect"
    ]


def test_1889_f1_phase_boxes() -> None:
    ctx = lay(F1, color="red")
    (group,) = ctx.layers["revenue"]
    assert translate(group) == (0, 0)
    assert boxes(list(group.walk())) == [
        (-64, -12, 32, 27, "#fde900"),
        (-32, -12, 32, 27, "#cb7745"),
        (0, -12, 64, 27, "#bcbdc0"),
    ]
    texts = [s for s in group.walk() if s.tag == "text"]
    assert [t.text for t in texts] == ["30", "60", "D100"]
    assert [(t.attr("x"), t.attr("y")) for t in texts] == [(-48, 0), (-16, 0), (32, 0)]
    for t in texts:
        assert t.attr("fill") == t.attr("stroke") == "black"
        assert t.attr("font-size") == 21 and t.attr("font-weight") == 300
        assert t.attr("dominant-baseline") == "central"
    for rect in (s for s in group.walk() if s.tag == "rect"):
        assert rect.attr("stroke") is None  # inherited black outline


def test_contrast_text_on_dark_phases() -> None:
    shapes = phase_boxes([("red", 10), ("#000080", 20), ("yellow", 30)])
    inks = [s.attr("fill") for s in shapes if s.tag == "text"]
    assert inks == ["white", "white", "black"]
    assert [s.attr("fill") for s in shapes if s.tag == "rect"] == ["#ec232a", "#000080", "#fde900"]


def test_two_rows_wrap_once() -> None:
    shapes = phase_boxes([("yellow", 20), ("green", 30), ("brown", 40), ("gray", 50)], rows=2)
    assert [(b[0], b[1]) for b in boxes(shapes)] == [(-32, -12), (0, -12), (-32, 15), (0, 15)]
    # Only one wrap is implemented: three rows still give two.
    three = phase_boxes([("yellow", 1)] * 6, rows=3)
    assert sorted({b[1] for b in boxes(three)}) == [-12, 15]


def test_row_width_quirk_uses_the_other_slice() -> None:
    # First row centred with the width of the *last* boxes, second with the first ones.
    shapes = phase_boxes([("yellow", 1000), ("green", 1), ("brown", 1)], rows=2)
    xs = [(b[0], b[1], b[2]) for b in boxes(shapes)]
    assert xs == [(-16, -12, 64), (48, -12, 16), (-40, 15, 16)]


def test_diesel_gets_the_format_too() -> None:
    ctx = lay("offboard=revenue:yellow_30|diesel_60,format:+%d;path=a:0,b:_0", color="red")
    assert [t.text for t in tagged(ctx, "revenue", "text")] == ["+30", "D+60"]


def test_pointy_counter_rotates_the_boxes() -> None:
    (group,) = lay(F1, layout="pointy").layers["revenue"]
    assert rotate(group) == -30 and translate(group) == (0, 0)


def test_phase_boxes_avoid_used_centre() -> None:
    # The city takes the centre; the top middle row is then cheapest (first of the ties).
    ctx = lay("city=revenue:yellow_20|green_30;path=a:0,b:_0;path=a:3,b:_0")
    (group,) = ctx.layers["revenue"]
    assert translate(group) == (0, -48)
    assert not lay("offboard=revenue:yellow_30|brown_60;path=a:0,b:_0").layers["cities"]


def test_hide_and_zero_draw_nothing() -> None:
    assert not lay("city=revenue:yellow_40|green_50,hide:1;path=a:5,b:_0;border=edge:4").layers[
        "revenue"
    ]
    assert not lay("offboard=revenue:0;path=a:0,b:_0").layers["revenue"]


def test_shared_circle_for_equal_stops_with_three_slots() -> None:
    # 3 slots, 2 cities, equal revenues -> one tile-level circle
    code = "city=revenue:30,slots:2;city=revenue:30;path=a:0,b:_0;path=a:3,b:_1"
    ctx = lay(code)
    (group,) = ctx.layers["revenue"]
    circles = [s for s in group.walk() if s.tag == "circle"]
    assert [c.attr("r") for c in circles] == [15]
    assert [t.text for t in tagged(ctx, "revenue", "text")] == ["30"]
    assert translate(group) in ((75, 0), (-75, 0), (35, 60.62), (-35, -60.62), (-35, 60.62))


def test_six_cities_share_a_centre_circle() -> None:
    code = (
        ";".join(["city=revenue:20"] * 6) + ";" + ";".join(f"path=a:{e},b:_{e}" for e in range(6))
    )
    (group,) = lay(code).layers["revenue"]
    assert translate(group) == (0, 0)
