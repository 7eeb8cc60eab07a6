"""Location names (facts §6.10): line splitting, box, candidates, escaping."""

from __future__ import annotations

import pytest
from layout_helpers import all_attributes, lay, rotate, svg_root, translate

from tile_lang import render_svg
from tile_lang.layout.location_name import name_segments
from tile_lang.layout.shapes import Shape

F1 = "offboard=revenue:yellow_30|brown_60|diesel_100;path=a:0,b:_0;path=a:1,b:_0"
H6 = (
    "city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:4,b:_1;label=OO;"
    "upgrade=cost:40,terrain:water"
)


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        ("Imabari", ["Imabari"]),
        ("Twelve chars", ["Twelve chars"]),
        ("Charleroi & Connellsville", ["Charleroi &", "Connellsville"]),
        ("New York & Newark", ["New York", "& Newark"]),
        ("West Virginia Coal", ["West Virginia", "Coal"]),
        ("Ritsurin Kouen", ["Ritsurin", "Kouen"]),
        ("Saint Louis East Side", ["Saint Louis", "East Side"]),
        ("a bb ccc dddd eeeeeeeeee", ["a bb", "ccc dddd eeeeeeeeee"]),
        ("Lombardy-Venetia", ["Lombardy-Venetia"]),
    ],
)
def test_name_segments(name: str, lines: list[str]) -> None:
    assert name_segments(name) == lines


def name_group(code: str, name: str, **kw: object) -> Shape:
    (group,) = lay(code, name=name, **kw).layers["location_name"]  # type: ignore[arg-type]
    return group


def test_f1_imabari_down24_under_the_boxes() -> None:
    group = name_group(F1, "Imabari", color="red")
    assert group.attr("transform") == "scale(1.1) translate(0 24)"
    (box,) = [s for s in group.walk() if s.tag == "rect"]
    # width 8 + 8·7, height 4 + 15, top at -9.5
    assert (box.attr("x"), box.attr("y"), box.attr("width"), box.attr("height")) == (
        -32,
        -9.5,
        64,
        19,
    )
    assert box.attr("fill") == "white" and box.attr("fill-opacity") == 0.5
    assert box.attr("stroke") == "none"
    (text,) = [s for s in group.walk() if s.tag == "text"]
    assert (text.text, text.attr("x"), text.attr("y")) == ("Imabari", 0, 1)
    assert text.attr("stroke-width") == 0.5 and text.attr("fill") == "black"
    assert text.attr("dominant-baseline") == "middle"


def test_h6_baltimore_at_the_bottom() -> None:
    group = name_group(H6, "Baltimore")
    assert translate(group) == (0, 56)
    (box,) = [s for s in group.walk() if s.tag == "rect"]
    assert (box.attr("width"), box.attr("height")) == (80, 19)


def test_k3_two_lines_up40() -> None:
    group = name_group("town=revenue:0;town=revenue:0", "Trenton & Amboy")
    assert translate(group) == (0, -55)
    texts = [s for s in group.walk() if s.tag == "text"]
    assert [(t.text, t.attr("y")) for t in texts] == [("Trenton", 1), ("& Amboy", 16)]


def test_blank_hex_with_only_a_name_is_centred() -> None:
    assert translate(name_group("", "Nowhere")) == (0, 0)
    assert translate(name_group("upgrade=cost:80,terrain:mountain", "Hill")) == (0, 40)


def test_two_line_name_at_the_bottom_uses_39() -> None:
    # A 4-slot city offers [top, bottom]; block the top so the bottom (39 + 15) wins.
    code = "city=revenue:40,slots:4;path=a:3,b:_0;label=A;upgrade=cost:10"
    group = name_group(code, "Aaaaaa Bbbbbbbb")
    assert translate(group) in ((0, -69), (0, 54))


def test_pointy_is_counter_rotated() -> None:
    group = name_group(F1, "Imabari", layout="pointy")
    # Pointy weights differ: down24 also covers the boxes' regions 15 and 16, so up24 wins.
    assert group.attr("transform") == "rotate(-30) scale(1.1) translate(0 -24)"
    assert rotate(group) == -30


def test_centre_shifted_right_when_exits_0_1_2_3_are_used() -> None:
    code = "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:3,b:_0;path=a:1,b:_1;path=a:2,b:_1"
    group = name_group(code, "Abc")
    x, _ = translate(group)
    assert x in (79 - 16, 0)  # width 32 -> shift 63 when the centre is chosen


@pytest.mark.parametrize(
    "evil", ["<script>alert(1)</script>", '" onload="alert(1)', "x' onload='y", "a & b <c>"]
)
def test_name_is_escaped(evil: str) -> None:
    svg = render_svg("city=revenue:0", name=evil)
    root = svg_root(svg)
    assert "onload" not in all_attributes(root)
    assert not [el for el in root.iter() if el.tag.endswith("script")]
    shown = " ".join(el.text or "" for el in root.iter() if el.tag.endswith("text"))
    assert all(word in shown for word in evil.split())
