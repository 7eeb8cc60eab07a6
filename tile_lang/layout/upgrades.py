"""Layout stage: upgrade costs with terrain symbols (facts §6.5)."""

from __future__ import annotations

from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import CENTER, Location
from tile_lang.layout.shapes import Shape, fmt, group, text
from tile_lang.layout.small_items import corner
from tile_lang.layout.terrain import terrain_symbol
from tile_lang.model import Upgrade

FLAT = (
    Location(0, 0, CENTER),
    Location(30, -60, (3, 4)),
    Location(-50, -45, (0, 5, 6)),
    Location(-30, 60, (19, 20)),
    Location(70, 0, (11, 18)),
    Location(-70, 0, (5, 12)),
    Location(30, 60, (22, 23)),
)
POINTY = (
    Location(0, 0, CENTER),
    Location(65, -37.5, (3, 4)),
    Location(-35, -55, (0, 5, 6)),
    Location(-65, 37.5, (19, 20)),
    Location(60, 0, (9, 10)),
    Location(-60, 0, (13, 14)),
    Location(65, 37.5, (11, 18)),
)


def _children(upgrade: Upgrade) -> list[Shape]:
    size = float(upgrade.size or 20)
    out: list[Shape] = []
    if upgrade.cost:
        out.append(text(0, 0, str(upgrade.cost), fill="black", font_size=21, font_weight=300))
    for i, terrain in enumerate(upgrade.terrains):
        out.append(terrain_symbol(terrain, size, i))
    return out


def _place(ctx: TileContext, where: Location, upgrades: tuple[Upgrade, ...]) -> None:
    transform = f"translate({fmt(where.x)} {fmt(where.y)})"
    if ctx.upright:
        transform = f"rotate({fmt(ctx.upright)}) " + transform
    children = [group(_children(u)) for u in upgrades]
    ctx.add("upgrades", group(children, transform=transform))


def draw(ctx: TileContext) -> None:
    upgrades = ctx.tile.upgrades
    if not upgrades:
        return
    locs = sorted({loc for u in upgrades for loc in u.loc})
    unplaced = [u for u in upgrades if not u.loc]
    # Quirk kept from the engine: for each distinct loc, all upgrades are drawn there.
    for loc in locs:
        terrains = sum(len(u.terrains) for u in upgrades)
        where = corner(loc, ctx.pointy, wide=terrains != 1)
        if where is not None:
            ctx.regions.claim(where.weights)
            _place(ctx, where, upgrades)
    if unplaced:
        where = ctx.regions.choose(list(POINTY if ctx.pointy else FLAT))
        _place(ctx, where, tuple(unplaced))
