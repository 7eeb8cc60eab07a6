"""Where a tile's number is printed on the tile itself (counter sheets, #18).

Printed tiles carry their number small in a corner, and the corner must be free: the one the
renderer's region table says is least used once the tile's own parts are placed, so the
number never sits on track, a city or a label. The choice is a by-product of laying the tile
out, so it lives beside the renderer: `render_tile(..., plan_number=True)` returns it with the
drawing (the render cache keeps it), and `number_spot` lays a tile out for it alone.

Both printers use it: `tile-atlas print` (the PDF, which draws the number into each tile) and
the site's printable page (which places the site's one drawing of the tile and writes the
number over it at the same spot).
"""

from __future__ import annotations

from pathlib import Path

from tile_lang.layout import layout_tile
from tile_lang.layout.regions import (
    BOTTOM_LEFT_CORNER,
    BOTTOM_RIGHT_CORNER,
    LEFT_CORNER,
    RIGHT_CORNER,
    UPPER_LEFT_CORNER,
    UPPER_RIGHT_CORNER,
    Location,
    RegionUse,
)
from tile_lang.model import Tile
from tile_lang.options import Layout

#: Tile-number size in tile units: 13 units is 2.8 mm on a 38 mm hex (about 8 pt), the size
#: publishers print tile numbers at.
NUMBER_FONT_UNITS = 13.0

#: Where a tile number may go (tile frame, flat view), in order of preference: 18xx.games
#: writes tile names in the bottom-left corner, so that is tried first.
NUMBER_SPOTS: tuple[Location, ...] = (
    Location(-34, 72, BOTTOM_LEFT_CORNER, name="bottom-left"),
    Location(34, 72, BOTTOM_RIGHT_CORNER, name="bottom-right"),
    Location(-34, -72, UPPER_LEFT_CORNER, name="top-left"),
    Location(34, -72, UPPER_RIGHT_CORNER, name="top-right"),
    Location(-80, 0, LEFT_CORNER, name="left"),
    Location(80, 0, RIGHT_CORNER, name="right"),
)


def free_spot(regions: RegionUse) -> Location:
    """The number's spot on a laid-out tile (its final region table), claiming nothing."""
    return regions.best(NUMBER_SPOTS)


def number_spot(
    tile: Tile,
    *,
    color: str = "white",
    layout: Layout = "flat",
    rotation: int = 0,
    icon_dirs: tuple[Path, ...] = (),
) -> Location:
    """`free_spot` of this tile drawn without a name: one layout, no SVG (for a caller
    without the drawing's by-product, see the module docstring)."""
    ctx = layout_tile(tile, color=color, layout=layout, rotation=rotation, icon_dirs=icon_dirs)
    return free_spot(ctx.regions)
