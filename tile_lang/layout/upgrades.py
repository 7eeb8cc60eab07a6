"""Layout stage: upgrade costs with their terrain symbols (facts §6.5).

Each upgrade is its own part: it picks the cheapest free location (or its `loc` corner) and
claims it, so a second upgrade moves on to the next place. Drawn in the screen frame (the group
is counter-rotated in pointy layout): the cost as a 21 px number whose baseline sits on the
anchor, terrain symbols stacked below it.

Kept engine quirk: upgrades are grouped by `loc` (in order of first appearance), and for every
group *all* of the tile's upgrades are drawn at that group's place, so a tile whose upgrades have
different `loc`s shows each of them once per group.
"""

from __future__ import annotations

from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import CENTER, Location
from tile_lang.layout.shapes import Shape, fmt, group, text
from tile_lang.layout.small_items import corner
from tile_lang.layout.terrain import terrain_symbol
from tile_lang.model import Upgrade

#: Candidate locations without `loc` (screen frame), flat layout.
FLAT: tuple[Location, ...] = (
    Location(0, 0, CENTER),
    Location(30, -60, (3, 4)),
    Location(-50, -45, (0, 5, 6)),
    Location(-30, 60, (19, 20)),
    Location(70, 0, (11, 18)),
    Location(-70, 0, (5, 12)),
    Location(30, 60, (22, 23)),
)
#: Candidate locations without `loc` (screen frame), pointy layout.
POINTY: tuple[Location, ...] = (
    Location(0, 0, CENTER),
    Location(65, -37.5, (3, 4)),
    Location(-35, -55, (0, 5, 6)),
    Location(-65, 37.5, (19, 20)),
    Location(60, 0, (9, 10)),
    Location(-60, 0, (13, 14)),
    Location(65, 37.5, (11, 18)),
)

DEFAULT_SIZE = 20

#: A group key: None (no loc), one corner, or several corners (the engine matches none of them).
LocKey = float | tuple[float, ...] | None


def loc_key(upgrade: Upgrade) -> LocKey:
    if not upgrade.loc:
        return None
    if len(upgrade.loc) == 1:
        return upgrade.loc[0]
    return upgrade.loc


def upgrade_shapes(upgrade: Upgrade) -> list[Shape]:
    """The cost (baseline at y = 0) and the terrain symbols below it, around the anchor."""
    size = float(upgrade.size or DEFAULT_SIZE)
    shapes: list[Shape] = [
        text(0, 0, str(upgrade.cost), fill="black", font_size=21, font_weight=300)
    ]
    for index, terrain in enumerate(upgrade.terrains):
        symbol = terrain_symbol(terrain, size, index)
        if symbol is not None:
            shapes.append(symbol)
    return shapes


def candidates(ctx: TileContext, upgrade: Upgrade, key: LocKey) -> list[Location]:
    if isinstance(key, float):
        where = corner(key, ctx.pointy, wide=len(upgrade.terrains) != 1)
        if where is not None:
            return [where]
    return list(POINTY if ctx.pointy else FLAT)


def draw(ctx: TileContext) -> None:
    upgrades = ctx.tile.upgrades
    keys = list(dict.fromkeys(loc_key(u) for u in upgrades))
    for key in keys:
        for upgrade in upgrades:
            where = ctx.regions.choose(candidates(ctx, upgrade, key))
            transform = f"translate({fmt(where.x)} {fmt(where.y)})"
            if ctx.upright:
                transform = f"rotate({fmt(ctx.upright)}) {transform}"
            ctx.add("upgrades", group(upgrade_shapes(upgrade), transform=transform))
