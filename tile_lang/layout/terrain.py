"""Terrain symbols for upgrade costs (facts §6.5), each drawn in an s × s square.

Mountain (brown triangle) and water (two blue waves) follow 18xx.games exactly. The other nine
(swamp, desert, lake, river, hill, cow_skull, wall, forest, mine) are images on 18xx.games; we
draw our own small vector glyphs of the same size and place so tiles need no image files.
"""

from __future__ import annotations

from tile_lang.layout.shapes import Shape, circle, group, path, polygon, rect

WATER = "#147ebe"
WAVES = "M -15 -7 Q -7.5 -15, 0 -7 S 7.5 1, 15 -7 M -15 -2 Q -7.5 -10, 0 -2 S 7.5 6, 15 -2"


def _mountain() -> list[Shape]:
    return [polygon([(0, 20), (10, 0), (20, 20)], fill="#cb7745")]


def _water() -> list[Shape]:
    return [
        group(
            [path(WAVES, fill="none", stroke=WATER, stroke_width=2, stroke_linecap="round",
                  stroke_linejoin="round")],  # fmt: skip
            transform="translate(10 12) scale(0.7)",
        )
    ]


def _swamp() -> list[Shape]:
    grass = "M 4 16 L 6 8 M 8 16 L 8 6 M 12 16 L 14 8 M 16 16 L 17 10"
    return [
        path("M 1 17 Q 5 14, 10 17 T 19 17", fill="none", stroke=WATER, stroke_width=1.5),
        path(grass, fill="none", stroke="#2e7d32", stroke_width=1.5, stroke_linecap="round"),
    ]


def _desert() -> list[Shape]:
    cactus = "M 10 19 L 10 3 M 10 12 L 5 12 L 5 7 M 10 9 L 15 9 L 15 5"
    return [
        path(cactus, fill="none", stroke="#2e7d32", stroke_width=3, stroke_linecap="round",
             stroke_linejoin="round"),  # fmt: skip
    ]


def _lake() -> list[Shape]:
    return [
        path("M 2 11 Q 3 4, 10 4 Q 18 4, 18 11 Q 17 18, 10 18 Q 2 18, 2 11 Z", fill="#35A7FF",
             stroke=WATER, stroke_width=1),  # fmt: skip
    ]


def _river() -> list[Shape]:
    return [
        path("M 2 4 Q 14 6, 8 11 T 18 18", fill="none", stroke=WATER, stroke_width=3,
             stroke_linecap="round"),  # fmt: skip
    ]


def _hill() -> list[Shape]:
    return [path("M 0 19 Q 10 1, 20 19 Z", fill="#a3b35a", stroke="black", stroke_width=1)]


def _cow_skull() -> list[Shape]:
    return [
        path("M 1 4 Q 4 8, 7 6 M 19 4 Q 16 8, 13 6", fill="none", stroke="#5d4037",
             stroke_width=1.5, stroke_linecap="round"),  # fmt: skip
        path("M 6 6 L 14 6 L 13 13 Q 10 19, 7 13 Z", fill="#f5f0e1", stroke="#5d4037",
             stroke_width=1),  # fmt: skip
        circle(8.5, 9, 1.2, fill="#5d4037", stroke="none"),
        circle(11.5, 9, 1.2, fill="#5d4037", stroke="none"),
    ]


def _wall() -> list[Shape]:
    bricks = [
        rect(x, y, 6, 4, fill="#b0746a", stroke="black", stroke_width=0.75)
        for y, xs in ((6, (1, 7, 13)), (10, (4, 10)), (14, (1, 7, 13)))
        for x in xs
    ]
    return bricks


def _forest() -> list[Shape]:
    return [
        rect(9, 14, 2, 5, fill="#6d4c41", stroke="none"),
        polygon([(10, 1), (17, 15), (3, 15)], fill="#2e7d32", stroke="black", stroke_width=0.75),
    ]


def _mine() -> list[Shape]:
    return [
        path("M 3 17 L 17 3 M 3 3 L 17 17", fill="none", stroke="#424242", stroke_width=2.5,
             stroke_linecap="round"),  # fmt: skip
        path("M 12 2 Q 17 2, 18 7 M 8 2 Q 3 2, 2 7", fill="none", stroke="#424242",
             stroke_width=2.5, stroke_linecap="round"),  # fmt: skip
    ]


DRAWINGS = {
    "mountain": _mountain,
    "water": _water,
    "swamp": _swamp,
    "desert": _desert,
    "lake": _lake,
    "river": _river,
    "hill": _hill,
    "cow_skull": _cow_skull,
    "wall": _wall,
    "forest": _forest,
    "mine": _mine,
}


def terrain_symbol(name: str, size: float, index: int) -> Shape:
    """The symbol for terrain `name`, stacked as item `index` below the cost (facts §6.5)."""
    scale = size / 20
    top = 5 + size * index
    drawing = DRAWINGS.get(name, _mountain)()
    transform = f"translate({-size / 2:g} {top:g})"
    if scale != 1:
        transform += f" scale({scale:g})"
    return group(drawing, transform=transform)
