"""Terrain symbols under an upgrade cost (facts §6.5).

Each symbol occupies the square x ∈ [−s/2, s/2], y ∈ [5 + s·i, 5 + s·(i+1)] of the upgrade
group (s = the upgrade's `size`, default 20; i = the terrain's index), stacked downwards.

* `mountain` and `water` are 18xx.games' own vector drawings and keep their geometry at any
  size (only their offset follows s): a brown triangle (inherited black outline) and two blue
  waves scaled 0.7.
* The other nine are pictures on 18xx.games (`/icons/<name>.svg`, s × s). We draw our own small
  vector glyphs in the same square and in the same spirit (green tufts, a cactus, blue waves, a
  green hill, a skull, a crenellated wall, a fir, crossed hammers), so tiles need no image
  files. Glyphs are designed in a 20 × 20 box and scaled by s/20. Every glyph element sets its
  own fill and stroke: nothing is inherited from the tile group, as for an <image>.
"""

from __future__ import annotations

from collections.abc import Callable

from tile_lang.layout.shapes import Shape, circle, fmt, group, path, polygon

MOUNTAIN_FILL = "#cb7745"
WATER_BLUE = "#147ebe"
#: The water symbol's two waves (before its 0.7 scaling), facts §6.5.
WAVES = "M -15 -7 Q -7.5 -15 0 -7 S 7.5 1 15 -7 M -15 -2 Q -7.5 -10 0 -2 S 7.5 6 15 -2"

_GREEN = "#4caf50"
_DARK = "#1b1b1b"
_SIZE = 20.0


def _outlined(d: str, color: str, width: float, outline: float = 1.4) -> list[Shape]:
    """A stroked path with a dark rim: the same path drawn wider in black underneath."""
    common = {"fill": "none", "stroke_linecap": "round", "stroke_linejoin": "round"}
    return [
        path(d, stroke=_DARK, stroke_width=width + outline, **common),
        path(d, stroke=color, stroke_width=width, **common),
    ]


def _swamp() -> list[Shape]:
    # Three tufts of reeds, the middle one a little higher.
    tufts = (
        "M 2.5 14.5 Q 2.5 11.5 0.8 10.2 M 2.5 14.5 Q 3.2 11 5.8 10 M 2.5 14.5 Q 2.2 12.5 4 12.6"
        " M 10 12.2 Q 10 9 8 7.6 M 10 12.2 Q 10.8 8.6 13.4 7.6 M 10 12.2 Q 9.6 10 11.5 10.1"
        " M 17.3 14.5 Q 17.3 11.5 15.4 10.3 M 17.3 14.5 Q 18 11 19.4 10.4"
    )
    return _outlined(tufts, "#43a047", 1.8)


def _desert() -> list[Shape]:
    # A saguaro: trunk with a raised arm on each side.
    cactus = "M 10 18.5 L 10 2.8 M 10 12.5 L 6 12.5 Q 5 12.5 5 11.2 L 5 7.5" \
             " M 10 10.5 L 14 10.5 Q 15 10.5 15 9.2 L 15 5.5"  # fmt: skip
    return _outlined(cactus, "#5cb85c", 2.8)


def _lake() -> list[Shape]:
    # Three rows of light blue ripples with a dark rim.
    row = "M {x0} {y}" + " q 1.6 -2.4 3.2 0 q 1.6 2.4 3.2 0" * 2 + " q 1.6 -2.4 3.2 0"
    rows = " ".join(row.format(x0=x0, y=y) for x0, y in ((2, 5.5), (2, 10.5), (2, 15.5)))
    return _outlined(rows, "#64a5d6", 1.6, outline=1.3)


def _river() -> list[Shape]:
    # Three strong blue wavy lines running diagonally.
    lines = " ".join(
        f"M 1.5 {y} Q 5.5 {y - 5} 10 {y - 1.5} T 18.5 {y - 4}" for y in (8.5, 13.5, 18.5)
    )
    return [
        path(
            lines,
            fill="none",
            stroke="#2243c4",
            stroke_width=2.2,
            stroke_linecap="round",
            stroke_linejoin="round",
        )
    ]


def _hill() -> list[Shape]:
    # A green dome rising to the right.
    return [path("M 1.5 18 C 2 9.5 8 3 17.5 3 L 18.5 3 L 18.5 18 Z", fill="#529c3f", stroke="none")]


def _cow_skull() -> list[Shape]:
    bone, dark = "#e9e4d4", "#3e3328"
    horns = "M 6.6 6.2 Q 2.6 6 2 1.6 M 13.4 6.2 Q 17.4 6 18 1.6"
    skull = "M 6.2 5.4 Q 10 4 13.8 5.4 L 12.6 12.5 L 11.4 18.2 Q 10 19.2 8.6 18.2 L 7.4 12.5 Z"
    return [
        path(horns, fill="none", stroke=dark, stroke_width=2.2, stroke_linecap="round"),
        path(horns, fill="none", stroke="#cfc7b3", stroke_width=1, stroke_linecap="round"),
        path(skull, fill=bone, stroke=dark, stroke_width=0.9, stroke_linejoin="round"),
        circle(8.4, 9.3, 1.3, fill=dark, stroke="none"),
        circle(11.6, 9.3, 1.3, fill=dark, stroke="none"),
        path(
            "M 9.2 15.6 L 9.4 17 M 10.8 15.6 L 10.6 17",
            fill="none",
            stroke=dark,
            stroke_width=0.8,
            stroke_linecap="round",
        ),
    ]


def _wall() -> list[Shape]:
    # A crenellated wall seen from above: a black square wave.
    battlements = "M 0.5 13.5 L 4 13.5 L 4 7.5 L 8 7.5 L 8 13.5 L 12 13.5 L 12 7.5 L 16 7.5" \
                  " L 16 13.5 L 19.5 13.5"  # fmt: skip
    return [path(battlements, fill="none", stroke=_DARK, stroke_width=2.2, stroke_linejoin="miter")]


def _forest() -> list[Shape]:
    # A fir: three stacked green tiers on a short trunk.
    tiers = "M 10 1 L 14 6.5 L 12.3 6.5 L 16 11.5 L 13.8 11.5 L 18 16.5 L 2 16.5 L 6.2 11.5" \
            " L 4 11.5 L 7.7 6.5 L 6 6.5 Z"  # fmt: skip
    return [
        polygon([(8.9, 16), (11.1, 16), (11.1, 19.5), (8.9, 19.5)], fill="#5d4037", stroke="none"),
        path(tiers, fill="#138a1f", stroke="none"),
    ]


def _mine() -> list[Shape]:
    # Crossed hammers.
    grey = "#4a4a4a"
    return [
        path(
            "M 4 17.5 L 14.5 5 M 16 17.5 L 5.5 5",
            fill="none",
            stroke=grey,
            stroke_width=2.4,
            stroke_linecap="round",
        ),
        polygon([(11.2, 4.6), (15.2, 1.2), (18.6, 5.2), (14.6, 8.6)], fill=grey, stroke="none"),
        polygon([(8.8, 4.6), (4.8, 1.2), (1.4, 5.2), (5.4, 8.6)], fill=grey, stroke="none"),
    ]


#: Glyphs for the terrains 18xx.games shows as pictures (with the picture's file name there).
GLYPHS: dict[str, Callable[[], list[Shape]]] = {
    "swamp": _swamp,  # swamp.svg
    "desert": _desert,  # cactus.svg
    "lake": _lake,  # lake.svg
    "river": _river,  # river.svg
    "hill": _hill,  # hill.svg
    "cow_skull": _cow_skull,  # cow_skull.svg
    "wall": _wall,  # wall.svg
    "forest": _forest,  # tree.svg
    "mine": _mine,  # mine.svg
}

TERRAIN_NAMES = ("mountain", "water", *GLYPHS)


def terrain_symbol(name: str, size: float, index: int) -> Shape | None:
    """The symbol for terrain `name` as item `index` below the cost; None for an unknown name
    (18xx.games draws nothing for it)."""
    dx = -size / 2
    dy = 5 + size * index
    if name == "mountain":
        return polygon(
            [(0, 20), (10, 0), (20, 20)],
            fill=MOUNTAIN_FILL,
            transform=f"translate({fmt(dx)} {fmt(dy)})",
        )
    if name == "water":
        return group(
            [
                path(
                    WAVES,
                    fill="none",
                    stroke=WATER_BLUE,
                    stroke_width=2,
                    stroke_linecap="round",
                    stroke_linejoin="round",
                )
            ],
            transform=f"translate({fmt(10 + dx)} {fmt(12 + dy)}) scale(0.7)",
        )
    glyph = GLYPHS.get(name)
    if glyph is None:
        return None
    transform = f"translate({fmt(dx)} {fmt(dy)})"
    if size != _SIZE:
        transform += f" scale({fmt(size / _SIZE)})"
    return group(glyph(), transform=transform)
