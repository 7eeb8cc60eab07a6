"""The state shared by the layout stages of one tile: the region table and the output layers.

Stages run in the engine's *claim order* (facts §8.2) so that region costs match, but they
append into named *layers* that are emitted in the engine's *drawing order* (facts §8.1). Facts
one stage computes for a later one (where each stop sits, whether cities drew their own
revenue) go into `notes` under documented keys.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tile_lang.layout.hexgeom import Layout
from tile_lang.layout.regions import RegionUse
from tile_lang.layout.shapes import Shape
from tile_lang.model import Tile

#: Drawing order, bottom to top. Stages append to these by name.
LAYER_ORDER: tuple[str, ...] = (
    "outline",  # hex polygon (or fill + remaining edges with typeless borders)
    "frame",  # frame polygons
    "stripes",  # stripes group (two-colour tiles)
    "track",  # pass 0 outlines, pass 1 track/stubs/tapers, pass 2 narrow stripes
    "cities",
    "towns",
    "labels",
    "upgrades",
    "icons",
    "future_label",
    "revenue",  # tile-level revenue (shared circle or phase boxes)
    "borders",  # typed borders, gauge-change and cost circles
    "partitions",
    "location_name",
    "grid_numbers",  # ?grid: region-use numbers
    "grid",  # ?grid: the triangular grid (drawn over the tile, in the hex group)
)

#: Keys of `TileContext.notes`: who writes them, who reads them, what they hold.
NOTES_KEYS: dict[str, str] = {
    "paths": (
        "track (written first) -> anyone: tuple of the lane-expanded paths of the rotated tile "
        "(`tile.paths`, computed once; includes future track)"
    ),
    "stops": (
        "track (written first) -> cities, towns, revenue, location_name: dict node index -> "
        "layout.stops.Stop for every city/pass/town/halt; read: .paths (real paths, empty = "
        "pathless), .preferred (edge position 0..5.5, None = centre), .is_city, .point"
    ),
    "tile_level_revenue": (
        "cities -> towns, revenue: bool, True when one tile-level revenue (shared circle or "
        "phase boxes) is drawn instead of each stop's own circle (facts §6.11)"
    ),
    "own_revenue": (
        "cities, towns -> later stages: dict node index -> (x, y) tile-frame centre of the "
        "revenue circle (or halt symbol) that stop drew itself (facts §4.5, §5); empty when "
        "tile_level_revenue is True or no stop shows a value"
    ),
    "crossover": "track: bool, the tile has a crossover (facts §3.5)",
}

#: Layers drawn inside the tile group (class `tile`: fill none, stroke-width 1) vs outside it.
TILE_GROUP_LAYERS = frozenset(
    {
        "track",
        "cities",
        "towns",
        "labels",
        "upgrades",
        "icons",
        "future_label",
        "revenue",
        "borders",
        "partitions",
        "location_name",
        "grid_numbers",
    }
)


@dataclass
class TileContext:
    """Everything a stage needs: the (already rotated) tile, options, regions, layers, notes."""

    tile: Tile
    color: str = "white"
    layout: Layout = "flat"
    rotation: int = 0
    name: str | None = None
    grid: bool = False
    icon_dirs: tuple[Path, ...] = ()
    regions: RegionUse = field(default_factory=RegionUse)
    layers: dict[str, list[Shape]] = field(default_factory=lambda: {k: [] for k in LAYER_ORDER})
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def pointy(self) -> bool:
        return self.layout == "pointy"

    @property
    def upright(self) -> float:
        """Counter-rotation (degrees) that keeps text upright: -30 in pointy, 0 in flat."""
        return -30.0 if self.layout == "pointy" else 0.0

    def add(self, layer: str, *shapes: Shape) -> None:
        self.layers[layer].extend(shapes)
