"""Shared candidate locations for small items: icons, single tile revenues, upgrades by corner
(facts §6.5, §6.8). Screen-frame positions; region claims are tile-frame regions.
"""

from __future__ import annotations

from tile_lang.layout.regions import (
    BOTTOM_LEFT_CORNER,
    BOTTOM_RIGHT_CORNER,
    LEFT_CORNER,
    RIGHT_CORNER,
    UPPER_LEFT_CORNER,
    UPPER_RIGHT_CORNER,
    Location,
)

ONE_ITEM_FLAT = (
    Location(75, 0, RIGHT_CORNER),
    Location(-75, 0, LEFT_CORNER),
    Location(35, 60.62, BOTTOM_RIGHT_CORNER),
    Location(-35, -60.62, UPPER_LEFT_CORNER),
    Location(-35, 60.62, BOTTOM_LEFT_CORNER),
)
ONE_ITEM_POINTY = (
    Location(-60, 0, (13, 14)),
    Location(60, 0, (9, 10)),
    Location(0, -75, UPPER_LEFT_CORNER),
    Location(0, 75, BOTTOM_RIGHT_CORNER),
    Location(-65, -37.5, LEFT_CORNER),
    Location(-65, 37.5, BOTTOM_LEFT_CORNER),
    Location(65, -37.5, UPPER_RIGHT_CORNER),
    Location(65, 37.5, RIGHT_CORNER),
)
MANY_ITEMS_FLAT = (
    Location(0, -65, (0, 1, 2, 3, 5, 6)),
    Location(0, 60, (17, 18, 20, 21, 22, 23)),
)
MANY_ITEMS_POINTY = (*MANY_ITEMS_FLAT, Location(-52, 25, (13, 14, 15, 19)))

CORNER_FLAT = {
    0.5: Location(-35, 60.62, (19, 20)),
    1.5: Location(-75, 0, (5, 12)),
    2.5: Location(-35, -60.62, (0, 1)),
    3.5: Location(35, -60.62, (3, 4)),
    4.5: Location(75, 0, (11, 18)),
    5.5: Location(35, 60.62, (22, 23)),
}
CORNER_POINTY = {
    0.5: Location(-65, 37.5, (19, 20)),
    1.5: Location(-65, -37.5, (5, 12)),
    2.5: Location(0, -75, (0, 1)),
    3.5: Location(65, -37.5, (3, 4)),
    4.5: Location(65, 37.5, (11, 18)),
    5.5: Location(0, 75, (22, 23)),
}
CORNER_POINTY_WIDE = {
    0.5: Location(-52, 25, (13, 14, 15, 19)),
    1.5: Location(-52, -25, (5, 12)),
    2.5: Location(0, -65, (0, 1, 2, 3, 5, 6)),
    3.5: Location(52, -25, (11, 18)),
    4.5: Location(52, 25, (9, 10, 11, 16)),
    5.5: Location(0, 60, (17, 18, 20, 21, 22, 23)),
}
LARGE_REGIONS = (
    (5, 6, 7, 12, 13, 14),
    (0, 1, 2, 6, 7, 8),
    (13, 14, 15, 19, 20, 21),
    (9, 10, 11, 16, 17, 18),
    (2, 3, 4, 8, 9, 10),
    (15, 16, 17, 21, 22, 23),
)
LARGE_FLAT = tuple(
    Location(x, y, r)
    for (x, y), r in zip(
        ((-60, 0), (-30, -52), (-30, 52), (60, 0), (30, -52), (30, 52)), LARGE_REGIONS, strict=True
    )
)
LARGE_POINTY = tuple(
    Location(x, y, r)
    for (x, y), r in zip(
        ((-52, -30), (0, -60), (-52, 30), (52, 30), (52, -30), (0, 60)), LARGE_REGIONS, strict=True
    )
)


def one_item(pointy: bool) -> tuple[Location, ...]:
    return ONE_ITEM_POINTY if pointy else ONE_ITEM_FLAT


def corner(loc: float, pointy: bool, wide: bool) -> Location | None:
    if pointy:
        return (CORNER_POINTY_WIDE if wide else CORNER_POINTY).get(loc)
    return CORNER_FLAT.get(loc)
