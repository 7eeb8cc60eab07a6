"""Borders and the hex outline with typeless borders (facts §6.6, §3.11)."""

from __future__ import annotations

import pytest
from layout_helpers import lay, rotate, tagged, translate

from tile_lang.layout.shapes import Shape


def lines(code: str, **kw: object) -> list[Shape]:
    return tagged(lay(code, **kw), "borders", "line")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("type_", "color", "width", "dash"),
    [
        ("mountain", "#6b4b35", 8, None),
        ("water", "#35A7FF", 8, None),
        ("impassable", "#ec232a", 10, None),
        ("province", "#FFA500", 8, "20 20"),
    ],
)
def test_typed_border_lines(type_: str, color: str, width: int, dash: str | None) -> None:
    (line,) = lines(f"border=edge:1,type:{type_}")
    assert (line.attr("x1"), line.attr("y1"), line.attr("x2"), line.attr("y2")) == (
        -50,
        87,
        -100,
        0,
    )
    assert line.attr("stroke") == color
    assert line.attr("stroke-width") == width
    assert line.attr("stroke-dasharray") == dash


@pytest.mark.parametrize(
    ("edge", "ends"),
    [
        (0, (50, 87, -50, 87)),
        (2, (-100, 0, -50, -87)),
        (3, (-50, -87, 50, -87)),
        (4, (50, -87, 100, 0)),
        (5, (100, 0, 50, 87)),
    ],
)
def test_edge_segments(edge: int, ends: tuple[float, ...]) -> None:
    (line,) = lines(f"border=edge:{edge},type:water")
    assert (line.attr("x1"), line.attr("y1"), line.attr("x2"), line.attr("y2")) == ends


def test_explicit_colour_wins() -> None:
    (line,) = lines("border=edge:0,type:impassable,color:orange")
    assert line.attr("stroke") == "#FFA500" and line.attr("stroke-width") == 10


def test_types_without_a_colour_inherit_black() -> None:
    for type_ in ("divider", "offboard"):
        (line,) = lines(f"border=edge:0,type:{type_}")
        assert line.attr("stroke") is None and line.attr("stroke-width") == 8


def test_gauge_change_circle() -> None:
    ctx = lay("border=edge:3,type:gauge_change")
    assert not tagged(ctx, "borders", "line")
    (group,) = ctx.layers["borders"]
    assert translate(group) == (0, -87)
    (circle,) = tagged(ctx, "borders", "circle")
    assert circle.attr("r") == 20 and circle.attr("fill") == "#ec232a"
    assert circle.attr("stroke") == "white" and circle.attr("stroke-width") == 3


@pytest.mark.parametrize(
    ("type_", "fill", "outline"),
    [("mountain", "#6b4b35", "white"), ("water", "#35A7FF", "black")],
)
def test_cost_circle(type_: str, fill: str, outline: str) -> None:
    ctx = lay(f"border=edge:5,type:{type_},cost:40")
    cost = ctx.layers["borders"][-1]
    assert translate(cost) == (75, 43.5)
    (circle,) = [s for s in cost.walk() if s.tag == "circle"]
    assert (
        circle.attr("r") == 18 and circle.attr("fill") == fill and circle.attr("stroke") == "none"
    )
    (text,) = [s for s in cost.walk() if s.tag == "text"]
    assert text.text == "40" and text.attr("transform") == "translate(0 1)"
    assert text.attr("font-size") == 21 and text.attr("font-weight") == 300
    # The contrast colour is the stroke; the fill is black because 18xx.games' CSS class
    # `tile__text` (fill: black) overrides the fill attribute in the browser.
    assert text.attr("stroke") == outline and text.attr("fill") == "black"


def test_cost_is_counter_rotated_in_pointy() -> None:
    ctx = lay("border=edge:5,type:mountain,cost:40", layout="pointy")
    assert rotate(ctx.layers["borders"][-1]) == -30


def test_claims_only_with_a_typed_border_and_then_for_all() -> None:
    assert sum(lay("border=edge:0;border=edge:3").regions.use.values()) == 0
    use = lay("border=edge:0;border=edge:3,type:water").regions.use
    assert use[21] == 1 and use[2] == 1 and sum(use.values()) == 2


def test_typeless_borders_draw_nothing_themselves() -> None:
    assert not lay("border=edge:0").layers["borders"]
    # a colour alone does not make a border typed (18xx.games: no type -> no line)
    assert not lay("border=edge:0,color:blue").layers["borders"]


def test_outline_plain() -> None:
    (polygon,) = lay("").layers["outline"]
    assert polygon.attr("points") == "100,0 50,87 -50,87 -100,0 -50,-87 50,-87"
    assert polygon.attr("fill") == "#EAE0C8" and polygon.attr("stroke") == "black"


def test_outline_with_typeless_borders_leaves_those_edges_out() -> None:
    ctx = lay("border=edge:1;border=edge:4,type:water;border=edge:0,color:red", color="yellow")
    polygon, *paths = ctx.layers["outline"]
    assert polygon.attr("stroke") == "none" and polygon.attr("fill") == "#fde900"
    assert [p.attr("d") for p in paths] == [
        "M -100 0 L -50 -87",
        "M -50 -87 L 50 -87",
        "M 50 -87 L 100 0",
        "M 100 0 L 50 87",
    ]
    assert all(p.attr("stroke") == "black" for p in paths)
