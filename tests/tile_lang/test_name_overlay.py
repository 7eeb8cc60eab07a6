"""The name overlay: the renderer's own location-name box, alone, for `?n=` on tile pages."""

from __future__ import annotations

import re

import pytest

from tile_lang import Layout, catalog, parse, render_svg
from tile_lang.layout import layout_tile
from tile_lang.name_overlay import SAMPLE_NAMES, NameLines, name_box_transforms, name_overlay_svg


def _name_group(svg: str) -> str:
    found: list[str] = re.findall(r'<g transform="[^"]*scale\(1\.1\)[^"]*">.*?</g>', svg)
    assert len(found) == 1
    return found[0]


@pytest.mark.parametrize("layout", ["flat", "pointy"])
@pytest.mark.parametrize("rotation", [0, 1, 4])
@pytest.mark.parametrize("lines", [1, 2])
@pytest.mark.parametrize(
    "code",
    ["city=revenue:20;path=a:0,b:_0", "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3",
     "city=revenue:40,slots:3;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0", ""],
)  # fmt: skip
def test_the_box_is_where_the_renderer_puts_the_name(
    code: str, layout: Layout, rotation: int, lines: NameLines
) -> None:
    overlay = name_overlay_svg(code, layout=layout, rotation=rotation, lines=lines)
    named = render_svg(code, layout=layout, rotation=rotation, name=SAMPLE_NAMES[lines])
    assert _name_group(overlay) == _name_group(named)
    # same frame as the drawing it lies on (view box and the pointy turn)
    view = re.compile(r'viewBox="[^"]+"')
    assert view.findall(overlay) == view.findall(named)
    assert ('transform="rotate(30)"' in overlay) == ('transform="rotate(30)"' in named)


def test_only_the_name_is_drawn_and_hidden_from_screen_readers() -> None:
    overlay = name_overlay_svg("city=revenue:20;path=a:0,b:_0", lines=2)
    assert "<path" not in overlay and "<circle" not in overlay and "<polygon" not in overlay
    assert overlay.count("<text") == 2 and overlay.count("<rect") == 1
    assert 'aria-hidden="true"' in overlay and 'role="img"' not in overlay
    assert "<title" not in overlay


@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_planned_boxes_match_the_named_layout_across_the_catalog(layout: Layout) -> None:
    """The plan (stages up to the name's turn, then no claim) puts the box exactly where a full
    layout with that name does, for every other catalog tile in every rotation."""
    for tile in catalog.all_tiles()[::2]:
        for rotation in range(6):
            planned = name_box_transforms(tile.code, layout=layout, rotation=rotation)
            for lines, transform in zip((1, 2), planned, strict=True):
                ctx = layout_tile(parse(tile.code), layout=layout, rotation=rotation,
                                  name=SAMPLE_NAMES[lines])  # fmt: skip
                (box,) = ctx.layers["location_name"]
                assert transform == box.attr("transform"), (tile.name, rotation, lines)
