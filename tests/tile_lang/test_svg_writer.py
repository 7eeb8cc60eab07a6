"""The SVG writer produces, byte for byte, what svgwrite + ElementTree produced (issue #21.2).

`tile_lang.svg` writes strings directly (svgwrite's element tree and ElementTree's serialiser
were half of the drawing time). Its output must not change by a byte: pages and golden files
compare it, and the cache keys of built sites hash it. The oracle here is an independent
ElementTree serialisation of the same laid-out shapes, built the way svgwrite's `Drawing` built
its tree (root attributes, an empty `<defs>` first, attributes sorted by name with empty values
left out). The id prefixing (`_value`) and `xml_safe` are shared on purpose: they decide values,
not how they are written, and test_svg.py covers them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tile_lang import catalog, parse
from tile_lang.layout import LAYER_ORDER, layout_tile
from tile_lang.layout.context import TILE_GROUP_LAYERS, TileContext
from tile_lang.layout.hexgeom import hex_transform
from tile_lang.layout.shapes import Shape
from tile_lang.model import Tile
from tile_lang.options import Grid, Layout
from tile_lang.svg import FONT_FAMILY, TILE_GROUP_ATTRS, _value, shapes_to_svg, xml_safe

#: Text that must be escaped or made safe: every XML special, the whitespace controls ElementTree
#: writes as references in attributes, non-ASCII, U+FFFD itself, and characters XML cannot hold.
NASTY = (
    "A&B <c> \"d\" 'e'\nf\tg\rh Zürich €5 \U0001f682 \ufffd \x01 \x7f \x85 \ufffe \ud800 ]]> &amp;"
)
ICON_CODES = (
    "town=revenue:10;path=a:0,b:_0;icon=image:port;icon=image:mine,large:1",
    "icon=image:1846/20;icon=image:18_zoo/TI;icon=image:castle,loc:0.5",
)


def _oracle_element(shape: Shape, prefix: str) -> ET.Element:
    attrs = {name: xml_safe(_value(name, value, prefix)) for name, value in shape.attrs}
    element = ET.Element(shape.tag, {k: v for k, v in sorted(attrs.items()) if v})
    if shape.text is not None:
        element.text = xml_safe(shape.text)
    element.extend(_oracle_element(child, prefix) for child in shape.children)
    return element


def _oracle(
    ctx: TileContext,
    *,
    scale: float = 1.0,
    id_prefix: str = "",
    title: str | None = None,
    css_class: str = "tile-svg",
    decorative: bool = False,
) -> str:
    size = f"{200 * scale:g}"
    root_attrs = {
        "xmlns": "http://www.w3.org/2000/svg",
        "xmlns:xlink": "http://www.w3.org/1999/xlink",
        "xmlns:ev": "http://www.w3.org/2001/xml-events",
        "baseProfile": "full",
        "version": "1.1",
        "width": size,
        "height": size,
        "viewBox": "-100 -100 200 200",
        "class": xml_safe(css_class),
        "font-family": FONT_FAMILY,
        ("aria-hidden" if decorative else "role"): "true" if decorative else "img",
    }
    root = ET.Element("svg", {k: v for k, v in sorted(root_attrs.items()) if v})
    ET.SubElement(root, "defs")
    if title:
        ET.SubElement(root, "title").text = xml_safe(title)
    hex_attrs = {"stroke": "black", "transform": hex_transform(ctx.layout) or ""}
    hex_group = ET.SubElement(root, "g", {k: v for k, v in sorted(hex_attrs.items()) if v})
    tile_group = None
    for layer in LAYER_ORDER:
        if not ctx.layers[layer]:
            continue
        if layer in TILE_GROUP_LAYERS:
            if tile_group is None:
                tile_group = ET.SubElement(hex_group, "g", dict(sorted(TILE_GROUP_ATTRS.items())))
            target = tile_group
        else:
            target = hex_group
            if layer == "grid":
                tile_group = None
        target.extend(_oracle_element(shape, id_prefix) for shape in ctx.layers[layer])
    return ET.tostring(root, encoding="unicode")


def _cases() -> list[tuple[str, Tile, str, Layout, int]]:
    """Every catalog tile in both layouts at rotations 0 and 1, plus the icon codes."""
    tiles = [(t.name, t.tile(), t.color) for t in catalog.all_tiles()]
    tiles += [(code, parse(code), "white") for code in ICON_CODES]
    layouts: tuple[Layout, ...] = ("flat", "pointy")
    return [
        (name, tile, color, layout, rotation)
        for name, tile, color in tiles
        for layout in layouts
        for rotation in (0, 1)
    ]


GRIDS: tuple[bool | Grid, ...] = (False, True, "anatomy", "usage")


def test_every_catalog_tile_is_written_as_elementtree_writes_it() -> None:
    cases = _cases()
    assert len(cases) > 1900  # every catalog tile really is here
    mismatches = []
    for number, (name, tile, color, layout, rotation) in enumerate(cases):
        # Vary the options across tiles, so each is met by many tiles and every layout.
        grid = GRIDS[number // 4 % len(GRIDS)]
        town = None if number % 3 else f"{name} {NASTY[: number % len(NASTY)]}"
        title = (None, "", NASTY, f"Tile {name}")[number // 2 % 4]
        options = {"scale": (1.0, 0.5, 2.25)[number % 3], "id_prefix": f"t{number}-",
                   "title": title, "decorative": number % 5 == 0}  # fmt: skip
        ctx = layout_tile(tile, color=color, layout=layout, rotation=rotation, name=town, grid=grid)
        if shapes_to_svg(ctx, **options) != _oracle(ctx, **options):  # type: ignore[arg-type]
            mismatches.append((name, layout, rotation, grid, town, title))
    assert mismatches == []


def _hand_built_context() -> TileContext:
    """Shapes the layout does not make today but a writer must still get right."""
    ctx = layout_tile(parse("city=revenue:20"), grid=True)
    ctx.layers[LAYER_ORDER[-1]].append(
        Shape(
            "g",
            (("id", "grad"), ("fill", "url(#grad)"), ("opacity", 0.5), ("hidden", True)),
            (
                Shape("use", (("href", "#grad"), ("xlink:href", "#grad"), ("class", ""))),
                Shape("text", (("x", 1), ("x", 2.5), ("data-n", NASTY)), (), NASTY),
                Shape("text", (), (), ""),  # empty text: still the short form
                Shape("tspan", (), (Shape("title", text="child <after> text"),), "before & "),
            ),
        )
    )
    return ctx


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"id_prefix": "p-", "title": NASTY},
        {"css_class": "", "decorative": True},
        {"css_class": 'a"b<c>', "scale": 0.333, "title": "\x00"},
    ],
    ids=["plain", "prefix-title", "no-class", "odd-class"],
)
def test_hand_built_shapes_are_written_as_elementtree_writes_them(
    options: dict[str, object],
) -> None:
    ctx = _hand_built_context()
    written = shapes_to_svg(ctx, **options)  # type: ignore[arg-type]
    assert written == _oracle(ctx, **options)  # type: ignore[arg-type]
    ET.fromstring(written)  # and it is well-formed


def test_escapes_are_those_of_elementtree() -> None:
    ctx = _hand_built_context()
    written = shapes_to_svg(ctx, title='<&>"\n', id_prefix="p-")
    assert '<title>&lt;&amp;&gt;"\n</title>' in written
    assert "data-n=\"A&amp;B &lt;c&gt; &quot;d&quot; 'e'&#10;f&#09;g&#13;h Zürich" in written
    assert "<text />" in written and "<defs />" in written
    assert 'id="p-grad"' in written and 'fill="url(#p-grad)"' in written
    assert 'href="#p-grad" xlink:href="#p-grad" />' in written
