"""Trimming the renderer's SVG for the site: the same drawing, without svgwrite's leftovers."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from gallery.svgtext import file_svg, inline_svg, symbol_inner
from tile_lang import render_svg

CODE = "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;label=Y"


def _children(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [ET.tostring(child, encoding="unicode") for child in root if child.tag.find("defs") < 0]


def test_a_file_keeps_its_namespace_and_every_element() -> None:
    svg = render_svg(CODE, color="yellow")
    trimmed = file_svg(svg)
    assert len(trimmed) < len(svg) - 100
    for gone in ("xmlns:ev", "baseProfile", "version=", "<defs />", "xmlns:xlink"):
        assert gone in svg and gone not in trimmed
    assert 'xmlns="http://www.w3.org/2000/svg"' in trimmed
    root, before = ET.fromstring(trimmed), ET.fromstring(svg)
    kept = {k: v for k, v in before.attrib.items() if k not in ("baseProfile", "version")}
    assert kept == root.attrib
    assert _children(trimmed) == _children(svg)


def test_inline_drops_the_namespace_of_every_root() -> None:
    two = render_svg(CODE, color="yellow") + render_svg("path=a:0,b:3", color="green")
    trimmed = inline_svg(two)
    assert trimmed.count("<svg ") == 2 and "xmlns" not in trimmed and "<defs />" not in trimmed
    assert inline_svg("<p>no drawing</p>") == "<p>no drawing</p>"


def test_xlink_kept_where_a_drawing_uses_it() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'version="1.1"><defs /><image xlink:href="a.svg"/></svg>'
    )
    assert 'xmlns:xlink="http://www.w3.org/1999/xlink"' in file_svg(svg)
    assert 'xmlns:xlink="http://www.w3.org/1999/xlink"' in inline_svg(svg)
    assert file_svg(svg).endswith('><image xlink:href="a.svg"/></svg>')


def test_symbol_inner_drops_the_leading_empty_defs() -> None:
    assert symbol_inner("<defs /><g/>") == "<g/>"
    kept = "<defs><clipPath id='c'/></defs><g/>"
    assert symbol_inner(kept) == kept
