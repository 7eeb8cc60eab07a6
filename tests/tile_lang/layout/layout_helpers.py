"""Helpers for the layout tests: lay out a tile and look into the resulting shapes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from tile_lang import parse
from tile_lang.layout import TileContext, layout_tile
from tile_lang.layout.shapes import Shape
from tile_lang.model import Tile
from tile_lang.options import Layout

SVG = "{http://www.w3.org/2000/svg}"


def lay(
    code: str | Tile,
    *,
    color: str = "white",
    layout: Layout = "flat",
    name: str | None = None,
    grid: bool = False,
    rotation: int = 0,
) -> TileContext:
    tile = parse(code) if isinstance(code, str) else code
    return layout_tile(tile, color=color, layout=layout, name=name, grid=grid, rotation=rotation)


def shapes(ctx: TileContext, layer: str) -> list[Shape]:
    """Every node (depth first) of a layer."""
    return [node for top in ctx.layers[layer] for node in top.walk()]


def tagged(ctx: TileContext, layer: str, tag: str) -> list[Shape]:
    return [s for s in shapes(ctx, layer) if s.tag == tag]


def texts(ctx: TileContext, layer: str) -> list[str]:
    return [s.text or "" for s in tagged(ctx, layer, "text")]


def translate(shape: Shape) -> tuple[float, float]:
    """The (last) translate() of a shape's transform."""
    found = re.findall(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)", str(shape.attr("transform")))
    assert found, f"no translate in {shape.attr('transform')!r}"
    x, y = found[-1]
    return float(x), float(y)


def rotate(shape: Shape) -> float | None:
    found = re.findall(r"rotate\(([-\d.]+)\)", str(shape.attr("transform") or ""))
    return float(found[0]) if found else None


def svg_root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def all_attributes(root: ET.Element) -> set[str]:
    return {name.split("}")[-1] for el in root.iter() for name in el.attrib}


def stops_only(code: str, *, layout: Layout = "flat", rotation: int = 0) -> TileContext:
    """Run only the track, cities and towns stages (claims untouched by later stages)."""
    from tile_lang.layout import cities, towns, track
    from tile_lang.rotation import rotate as turn

    ctx = TileContext(tile=turn(parse(code), rotation), layout=layout, rotation=rotation % 6)
    for stage in (track.draw, cities.draw, towns.draw):
        stage(ctx)
    return ctx


def used(ctx: TileContext) -> dict[int, float]:
    """The non-zero entries of the region-use table, rounded (0.1 steps add up inexactly)."""
    return {r: round(u, 3) for r, u in ctx.regions.use.items() if u}
