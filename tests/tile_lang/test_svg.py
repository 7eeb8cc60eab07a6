"""The SVG writer never writes malformed or unencodable XML, whatever text it is given
(issue #15, finding 6: `Bad\\x01Name` made broken images, a lone surrogate a UnicodeEncodeError)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tile_lang import parse
from tile_lang.model import Label, Tile
from tile_lang.svg import render_svg, xml_safe

NASTY = ["Bad\x01Name", "\x00", "a\ud800b", "\udfff", "x\ufffey\uffff", "del\x7f", "nel\x85"]


@pytest.mark.parametrize("name", NASTY, ids=range(len(NASTY)))
def test_render_svg_name_with_control_characters_is_well_formed_xml(name: str) -> None:
    svg = render_svg("city=revenue:20;city=revenue:30", name=name)
    svg.encode("utf-8")  # no lone surrogate left: never a UnicodeEncodeError
    root = ET.fromstring(svg)
    shown = "".join(root.itertext())
    assert "\N{REPLACEMENT CHARACTER}" in shown


def test_render_svg_title_color_and_prefix_are_made_xml_safe() -> None:
    svg = render_svg("city=revenue:20", title="T\x02", color="white\x03", id_prefix="p\ud801-")
    svg.encode("utf-8")
    ET.fromstring(svg)


def test_a_hand_built_tile_with_a_control_character_renders_well_formed() -> None:
    # The parser refuses such text, but a Tile can be built in Python directly.
    tile = Tile(parts=(*parse("city=revenue:20").parts, Label(text="O\x01O\ud83d")))
    ET.fromstring(render_svg(tile))


def test_xml_safe_keeps_what_xml_can_hold() -> None:
    text = "Zürich\t€5\n\U0001f682 <&>"
    assert xml_safe(text) is text
    assert xml_safe("a\x01b\ud800c") == "a\ufffdb\ufffdc"


@pytest.mark.parametrize("scale", [0.0, -1.0, float("nan"), float("inf"), 101.0])
def test_render_svg_scale_outside_its_bound_is_a_value_error(scale: float) -> None:
    with pytest.raises(ValueError, match="scale"):
        render_svg("city=revenue:20", scale=scale)
