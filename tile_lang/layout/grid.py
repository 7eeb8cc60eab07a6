"""Layout stage: the `grid` overlay — the nine lines cutting the hex into 24 regions, and each
region's number with how much it is used (facts §2.5)."""

from __future__ import annotations

from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import REGION_LABEL_CENTERS
from tile_lang.layout.shapes import Shape, fmt, group, path, text

LINES = (
    "M -100 0 L 100 0",
    "M -50 -86.6 L 50 86.6",
    "M 50 -86.6 L -50 86.6",
    "M -75 -43.5 L 75 -43.5",
    "M -75 43.5 L 75 43.5",
    "M -25 -86.6 L -100 43.3",
    "M 25 -86.6 L 100 43.3",
    "M -25 86.6 L -100 -43.3",
    "M 25 86.6 L 100 -43.3",
)


def draw(ctx: TileContext) -> None:
    if not ctx.grid:
        return
    numbers: list[Shape] = []
    for region, (x, y) in REGION_LABEL_CENTERS.items():
        use = ctx.regions.use[region]
        label = f"{region}" if not use else f"{region}·{use:.1f}".replace(".0", "")
        transform = f"translate({fmt(x)} {fmt(y)})"
        if ctx.upright:
            transform += f" rotate({fmt(ctx.upright)})"
        numbers.append(
            group(
                [text(0, 0, label, fill="#0077aa", stroke="white", stroke_width=0.3, font_size=9,
                      font_weight=700, dominant_baseline="middle", paint_order="stroke")],
                transform=transform,
            )  # fmt: skip
        )
    ctx.add("grid_numbers", group(numbers, class_="tile-grid-numbers"))
    ctx.add(
        "grid",
        group([path(d) for d in LINES], fill="none", opacity=0.5, stroke="black", stroke_width=2),
    )
