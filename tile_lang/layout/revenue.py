"""Layout stage: the tile-level revenue — phase boxes or one shared circle (facts §6.11)."""

from __future__ import annotations

from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import BOTTOM_MIDDLE_ROW, CENTER, TOP_MIDDLE_ROW, Location
from tile_lang.layout.revenue_common import (
    displayed_revenues,
    phase_boxes,
    revenue_circle,
    shown,
)
from tile_lang.layout.shapes import fmt, group
from tile_lang.layout.small_items import one_item
from tile_lang.model import City, Halt, Offboard, Town


def draw(ctx: TileContext) -> None:
    if not ctx.notes.get("tile_level_revenue"):
        return
    tile = ctx.tile
    stops = ctx.notes["stops"]
    with_paths = {i for i, s in stops.items() if s.paths}
    values = displayed_revenues(tile, with_paths)
    if not values:
        return
    hidden = any(
        getattr(node, "hide", False)
        for i, node in enumerate(tile.nodes)
        if isinstance(node, Offboard) or (isinstance(node, City | Town | Halt) and i in with_paths)
    )
    if hidden:
        return
    first = values[0]
    source = next(
        node
        for i, node in enumerate(tile.nodes)
        if (isinstance(node, Offboard) or (isinstance(node, City | Town | Halt) and i in with_paths))
        and shown(node) == first
    )
    if isinstance(first, tuple):
        if ctx.pointy:
            options = [
                Location(0, 0, {CENTER: 1.5}),
                Location(0, -55, {(2, 6, 7, 8): 1.5, (3, 5): 0.5}),
                Location(0, 55, {(15, 16, 21, 17): 1.5, (18, 20): 0.5}),
            ]
        else:
            options = [
                Location(0, 0, {CENTER: 1.5}),
                Location(0, -48, {TOP_MIDDLE_ROW: 1.5}),
                Location(0, 45, {BOTTOM_MIDDLE_ROW: 1.5}),
            ]
        where = ctx.regions.choose(options)
        rows = source.rows if isinstance(source, Offboard) else 1
        boxes = phase_boxes(first, source.format, rows)
        transform = f"translate({fmt(where.x)} {fmt(where.y)})"
        if ctx.upright:
            transform = f"rotate({fmt(ctx.upright)}) " + transform
        ctx.add("revenue", group([boxes], transform=transform))
        return
    if first == 0:
        return
    if len(tile.cities) == 6:
        where = ctx.regions.choose([Location(0, 0, CENTER)])
    else:
        where = ctx.regions.choose(list(one_item(ctx.pointy)))
    circle_group = revenue_circle(first, where.x, where.y, 0)
    if ctx.upright:
        circle_group = group([circle_group], transform=f"rotate({fmt(ctx.upright)})")
    ctx.add("revenue", circle_group)
