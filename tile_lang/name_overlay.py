"""The location-name box of a tile, drawn alone, for pages that add a name in the browser.

A static tile page serves pre-rendered drawings, yet `?n=Tokyo` must show the tile named
Tokyo. The box's place depends on the tile (the renderer's region claims) and on how many
lines the name takes, not on its letters, so the page ships, per drawing, two transparent
overlays of the tile's size — the box for a one-line and for a two-line name, laid out by the
renderer with sample text — and a script puts the reader's name in as text and sizes the box
by the renderer's rule (`width = 8 + 8 × longest line`, see `tile_lang.layout.location_name`).
"""

from __future__ import annotations

from typing import Literal

from tile_lang.layout import layout_tile, plan_names
from tile_lang.model import Tile
from tile_lang.options import Layout
from tile_lang.parse import parse
from tile_lang.svg import shapes_to_svg

NameLines = Literal[1, 2]

#: Sample names the renderer splits into one and two lines (`name_segments`).
SAMPLE_NAMES: dict[NameLines, str] = {1: "Name", 2: "Name Name Name"}
#: The samples in line order, as `plan_names` takes them.
SAMPLES: tuple[str, str] = (SAMPLE_NAMES[1], SAMPLE_NAMES[2])


def name_box_transforms(
    tile_or_code: Tile | str, *, layout: Layout = "flat", rotation: int = 0
) -> tuple[str, str]:
    """Where the renderer puts the name box on this tile for a one-line and for a two-line
    name: the `transform` of the box's group inside the drawing's hex group. A page ships
    `name_overlay_svg` of an empty tile once per layout (the box itself) and these two strings
    per drawing."""
    tile = parse(tile_or_code) if isinstance(tile_or_code, str) else tile_or_code
    one, two = plan_names(tile, SAMPLES, layout=layout, rotation=rotation)
    return one, two


def name_overlay_svg(
    tile_or_code: Tile | str,
    *,
    layout: Layout = "flat",
    rotation: int = 0,
    lines: NameLines = 1,
    css_class: str = "tile-name-overlay",
) -> str:
    """A standalone `<svg>` (same view box as `render_svg`'s) holding only the location-name
    box the renderer would draw for a name of `lines` lines on this tile. The sample text is
    in `<text>` elements a script replaces; nothing else is drawn. Decorative (no title):
    the page states the name in its text."""
    tile = parse(tile_or_code) if isinstance(tile_or_code, str) else tile_or_code
    ctx = layout_tile(tile, layout=layout, rotation=rotation, name=SAMPLE_NAMES[lines])
    for layer, shapes in ctx.layers.items():
        if layer != "location_name":
            shapes.clear()
    svg = shapes_to_svg(ctx, css_class=css_class, title=None, decorative=True)
    # which sample it holds, for the script that picks one by the name's line count
    return svg.replace("<svg ", f'<svg data-name-lines="{lines}" ', 1)
