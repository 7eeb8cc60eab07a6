"""Layout: pure geometry from a parsed tile to drawing shapes (no SVG text here).

`layout_tile` runs the stages in the engine's claim order and returns the layers in drawing
order. Each stage module exposes `draw(ctx)`; they are kept small and named for the part they
place (track, cities, towns, labels, …).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tile_lang.layout import (
    borders,
    cities,
    frames,
    future_label,
    grid,
    icons,
    labels,
    location_name,
    outline,
    partitions,
    revenue,
    towns,
    track,
    upgrades,
)
from tile_lang.layout.context import LAYER_ORDER, TileContext
from tile_lang.model import Tile
from tile_lang.options import Grid, Layout, grid_mode
from tile_lang.rotation import rotate

Stage = Callable[[TileContext], None]


def _name_if_many_cities(ctx: TileContext) -> None:
    if len(ctx.tile.cities) > 1:
        location_name.draw(ctx)


def _name_if_few_cities(ctx: TileContext) -> None:
    if len(ctx.tile.cities) <= 1:
        location_name.draw(ctx)


#: Claim order (facts §8.2). Stages that claim nothing (outline, frames, grid) run last.
STAGES: tuple[Stage, ...] = (
    track.draw,
    cities.draw,
    towns.draw,
    borders.draw,
    _name_if_many_cities,
    revenue.draw,
    labels.draw,
    upgrades.draw,
    _name_if_few_cities,
    icons.draw,
    future_label.draw,
    partitions.draw,
    outline.draw,
    frames.draw,
    grid.draw,
)


def layout_tile(
    tile: Tile,
    *,
    color: str = "white",
    layout: Layout = "flat",
    rotation: int = 0,
    name: str | None = None,
    grid: bool | Grid | None = False,
    icon_dirs: tuple[Path, ...] = (),
    plan_names: tuple[str, ...] = (),
) -> TileContext:
    """Lay out `tile` (rotated by `rotation`); returns the context with filled layers. With no
    `name`, `plan_names` are placed without drawing (`ctx.name_plans`, see `plan_names()`)."""
    ctx = TileContext(
        tile=rotate(tile, rotation),
        color=color,
        layout=layout,
        rotation=rotation % 6,
        name=name,
        grid=grid_mode(grid),
        icon_dirs=icon_dirs,
        plan_names=plan_names,
    )
    for stage in STAGES:
        stage(ctx)
    return ctx


def plan_names(
    tile: Tile, names: tuple[str, ...], *, layout: Layout = "flat", rotation: int = 0
) -> tuple[str, ...]:
    """For each of `names`, the transform of the box the renderer would draw it in on `tile`
    (rotated by `rotation`), from one partial layout: the stages before the name's turn run
    once, then each name is placed without claiming. Cheaper than laying the tile out once
    per name, which matters for a gallery that plans every rotation of every tile."""
    ctx = TileContext(tile=rotate(tile, rotation), layout=layout, rotation=rotation % 6)
    turn = _name_if_many_cities if len(ctx.tile.cities) > 1 else _name_if_few_cities
    for stage in STAGES:
        if stage is turn:
            break
        stage(ctx)
    return tuple(location_name.planned_transform(ctx, name) for name in names)


__all__ = ["LAYER_ORDER", "TileContext", "layout_tile", "plan_names"]
