"""The state shared by the layout stages of one tile: the region table and the output layers.

Stages run in the engine's *claim order* (facts §8.2) so that region costs match, but they
append into named *layers* that are emitted in the engine's *drawing order* (facts §8.1). Facts
one stage computes for a later one (where each stop sits, whether cities drew their own
revenue) are typed fields of `TileContext`, each with one writer (see its docstring).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, get_args

from tile_lang.layout.regions import RegionUse
from tile_lang.layout.shapes import Point, Shape
from tile_lang.layout.stops import Stop
from tile_lang.model import Tile
from tile_lang.options import Grid, Layout

#: A drawing layer. Stages append to these by name; the literal's order is the drawing order,
#: bottom to top (facts §8.1).
Layer = Literal[
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
    "grid_numbers",  # grid="usage": region-use numbers (under the lines, as 18xx.games)
    "grid",  # grid: the triangular grid (drawn over the tile, in the hex group)
    "annotations",  # grid="regions"/"anatomy": region numbers, edges, corners, centre (on top)
]

#: Drawing order, bottom to top.
LAYER_ORDER: tuple[Layer, ...] = get_args(Layer)

#: Layers drawn inside the tile group (class `tile`: fill none, stroke-width 1) vs outside it.
TILE_GROUP_LAYERS: frozenset[Layer] = frozenset(
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
        "annotations",
    }
)


@dataclass
class TileContext:
    """Everything a stage needs: the (already rotated) tile, options, regions, layers, and the
    facts one stage computes for later ones.

    Those facts are typed fields, each written by exactly one stage (the claim order in
    `tile_lang.layout.STAGES` guarantees the writer runs before its readers):

    * `stops` (written by track, first): node index -> `Stop` for every city, pass, town and
      halt, with its real paths, preferred edge (None = centre) and track end point. Read by
      cities, towns, revenue and location_name.
    * `crossover` (track): the tile has a crossover (facts §3.5).
    * `tile_level_revenue` (cities): one tile-level revenue (shared circle or phase boxes) is
      drawn instead of each stop's own circle (facts §6.11). Read by towns and revenue.
    * `own_revenue` (cities, towns): node index -> tile-frame centre of the revenue circle (or
      halt symbol) that stop drew itself (facts §4.5, §5); empty when `tile_level_revenue`.
    * `name_plans` (location_name, on a tile drawn without a name): for each of `plan_names`,
      the transform of the box the renderer would draw that name in (`tile_lang.name_overlay`).
    """

    tile: Tile
    color: str = "white"
    layout: Layout = "flat"
    rotation: int = 0
    name: str | None = None
    grid: Grid | None = None
    icon_dirs: tuple[Path, ...] = ()
    regions: RegionUse = field(default_factory=RegionUse)
    layers: dict[Layer, list[Shape]] = field(default_factory=lambda: {k: [] for k in LAYER_ORDER})
    stops: dict[int, Stop] = field(default_factory=dict)
    crossover: bool = False
    tile_level_revenue: bool = False
    own_revenue: dict[int, Point] = field(default_factory=dict)
    plan_names: tuple[str, ...] = ()
    name_plans: tuple[str, ...] = ()

    @property
    def pointy(self) -> bool:
        return self.layout == "pointy"

    @property
    def upright(self) -> float:
        """Counter-rotation (degrees) that keeps text upright: -30 in pointy, 0 in flat."""
        return -30.0 if self.layout == "pointy" else 0.0

    def add(self, layer: Layer, *shapes: Shape) -> None:
        self.layers[layer].extend(shapes)
