"""Layout stage: labels (facts §6.4), placed by region cost after track, stops and revenue."""

from __future__ import annotations

from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import (
    BOTTOM_LEFT_CORNER,
    BOTTOM_RIGHT_CORNER,
    LEFT_CENTER,
    LEFT_CORNER,
    LEFT_MID,
    RIGHT_CENTER,
    RIGHT_CORNER,
    RIGHT_MID,
    UPPER_LEFT_CORNER,
    UPPER_RIGHT_CORNER,
    Location,
)
from tile_lang.layout.shapes import fmt, group, text


def candidates(ctx: TileContext) -> list[Location]:
    tile = ctx.tile
    stops = len(tile.cities) + len(tile.towns)
    pointy = ctx.pointy
    if stops == 1:
        if tile.cities and tile.cities[0].slots > 1:
            return [Location(-67 if pointy else -71.25, 0, LEFT_CORNER)]
        if pointy:
            return [
                Location(-65, 0, {(5, 12): 1, (6,): 0.25}),
                Location(65, 0, {(11, 18): 1, (17,): 0.25}),
                Location(67, 0, RIGHT_CORNER),
            ]
        return [
            Location(-55, 0, {LEFT_MID + LEFT_CORNER: 1, LEFT_CENTER: 0.5}),
            Location(55, 0, {RIGHT_MID + RIGHT_CORNER: 1, RIGHT_CENTER: 0.5}),
            Location(71.25, 0, RIGHT_CORNER),
        ]
    if stops == 0:
        if pointy:
            return [Location(-67, 0, LEFT_CORNER), Location(-30, 61, BOTTOM_LEFT_CORNER)]
        return [Location(-71.25, 0, LEFT_CORNER)]
    if pointy:
        return [
            Location(0, -60, {(2,): 1, (3,): 0.5}),
            Location(-50, -31, {(6,): 1, (5,): 0.25}),
            Location(-30, -65, UPPER_LEFT_CORNER),
            Location(-50, 25, {(13, 14): 1}),
            Location(-67, 0, LEFT_CORNER),
            Location(-30, 61, BOTTOM_LEFT_CORNER),
            Location(30, -65, {UPPER_RIGHT_CORNER: 1, (2,): 0.5}),
            Location(67, 0, {(10,): 1, (4, 11): 0.25}),
            Location(50, 37, {(17,): 1, (18, 23): 0.25}),
            Location(0, 60, {(21,): 1, (22,): 0.5}),
        ]
    return [
        Location(0, -60, {(2,): 1, (1, 3): 0.5}),
        Location(-50, -31, {(6,): 1, (5, 7): 0.5}),
        Location(50, 37, {(17,): 1, (16, 18): 0.5}),
        Location(-40, -65, UPPER_LEFT_CORNER),
        Location(40, -65, UPPER_RIGHT_CORNER),
        Location(-71.25, 0, LEFT_CORNER),
        Location(71.25, 0, RIGHT_CORNER),
        Location(-30, 65, BOTTOM_LEFT_CORNER),
        Location(40, 65, BOTTOM_RIGHT_CORNER),
        Location(-50, 25, {(12, 13): 1}),
        Location(0, 60, {(21,): 1, (20, 22): 0.5}),
    ]


def draw(ctx: TileContext) -> None:
    for label in ctx.tile.labels:
        where = ctx.regions.choose(candidates(ctx))
        transform = f"translate({fmt(where.x)} {fmt(where.y)})"
        if ctx.upright:
            transform += f" rotate({fmt(ctx.upright)})"
        ctx.add(
            "labels",
            group(
                [
                    text(
                        0,
                        0,
                        label.text,
                        fill="black",
                        font_size=24,
                        stroke_width=1.5,
                        dominant_baseline="middle",
                    )
                ],
                transform=transform,
            ),
        )
