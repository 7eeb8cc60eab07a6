"""Layout stage: the tile-level revenue — phase boxes or one shared circle (facts §6.11).

Whether the tile shows one revenue for all its stops is decided by the cities stage
(`ctx.tile_level_revenue`); this stage draws it. Only the first displayed revenue is
shown; nothing is drawn when a stop on the track has `hide` or the value is 0. Drawn in the
screen frame (counter-rotated in pointy layout).

Phase boxes: one box per (phase, value), 16 units per character wide, 27 high (y from −12 to
15), side by side and centred on the anchor; filled with the phase's colour (inherited black
outline), the number in the contrast colour. An offboard with `rows:` wraps the boxes once.
"""

from __future__ import annotations

from tile_lang.layout.colors import PALETTE, contrast_color
from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import BOTTOM_MIDDLE_ROW, CENTER, TOP_MIDDLE_ROW, Location
from tile_lang.layout.revenue_common import displayed_revenues, revenue_circle
from tile_lang.layout.shapes import Shape, fmt, group, rect, text
from tile_lang.layout.small_items import one_item
from tile_lang.model import City, Halt, NodeRef, Offboard, Tile, Town

FLAT_PHASES: tuple[Location, ...] = (
    Location(0, 0, {CENTER: 1.5}),
    Location(0, -48, {TOP_MIDDLE_ROW: 1.5}),
    Location(0, 45, {BOTTOM_MIDDLE_ROW: 1.5}),
)
POINTY_PHASES: tuple[Location, ...] = (
    Location(0, 0, {CENTER: 1.5}),
    Location(0, -55, {(2, 6, 7, 8): 1.5, (3, 5): 0.5}),
    Location(0, 55, {(15, 16, 21, 17): 1.5, (18, 20): 0.5}),
)
SIX_CITIES: tuple[Location, ...] = (Location(0, 0, CENTER),)

BOX_HEIGHT = 27
CHAR_WIDTH = 16


def phase_fill(phase: str) -> str | None:
    """Box colour of a phase: `#rrggbb` verbatim, `diesel` gray, otherwise the palette entry
    (None for an unknown name: the box then has no fill of its own, as on 18xx.games)."""
    if phase.startswith("#"):
        return phase
    if phase == "diesel":
        return PALETTE["gray"]
    return PALETTE.get(phase)


def box_text(phase: str, value: int | str) -> str:
    return f"{'D' if phase == 'diesel' else ''}{value}"


def phase_boxes(entries: list[tuple[str, int | str]], rows: int = 1) -> list[Shape]:
    """Boxes and numbers for (phase, value) entries, centred on the origin.

    With rows > 1 the boxes wrap once, after ceil(n / rows) boxes, onto a row 27 lower. Kept
    engine quirk: the first row is centred using the width of the *last* ceil(n / rows) boxes,
    the second using the first ones (the same when boxes are alike).
    """
    items = [(box_text(p, v), phase_fill(p)) for p, v in entries]
    widths = [CHAR_WIDTH * len(label) for label, _ in items]
    rows = max(rows, 1)
    step = -(-len(items) // rows) if items else 1
    n = len(items)

    def row_width(row: int) -> int:
        start = (row - 1) * step
        if start < 0:
            start += n
        if not 0 <= start <= n:
            return 0
        return sum(widths[start : start + step])

    x = -row_width(0) / 2
    y = 0.0
    shapes: list[Shape] = []
    for index, ((label, fill), width) in enumerate(zip(items, widths, strict=True), start=1):
        ink = contrast_color(fill) if fill else "black"
        shapes.append(rect(x, y - 12, width, BOX_HEIGHT, fill=fill))
        shapes.append(
            text(
                x + width / 2,
                y,
                label,
                fill=ink,
                stroke=ink,
                font_size=21,
                font_weight=300,
                dominant_baseline="central",
            )
        )
        x += width
        if index == step and index < n:
            x = -row_width(1) / 2
            y += BOX_HEIGHT
    return shapes


def _with_paths(ctx: TileContext) -> set[int]:
    return {i for i, s in ctx.stops.items() if s.paths}


def _hidden(tile: Tile) -> bool:
    """A stop on the track (city, town, halt or offboard at the end of a path) has `hide`."""
    on_path = {
        end.index
        for path in tile.paths  # expanded once: a tile may have many nodes and paths
        if path.track != "future"
        for end in (path.a, path.b)
        if isinstance(end, NodeRef)
    }
    return any(
        node.hide
        for i, node in enumerate(tile.nodes)
        if isinstance(node, City | Town | Halt | Offboard) and i in on_path
    )


def _first_phases(tile: Tile, with_paths: set[int]) -> list[tuple[str, int | str]] | None:
    """The (phase, value) list of the first displayed revenue, with its format applied."""
    for index, node in enumerate(tile.nodes):
        if isinstance(node, Offboard) or (
            isinstance(node, City | Town | Halt) and index in with_paths
        ):
            if not node.revenue.phases:
                return None
            template = node.format
            return [
                (phase, _apply(template, value) if template else value)
                for phase, value in node.revenue.phases
            ]
    return None


def _apply(template: str, value: int) -> str:
    return template.replace("%d", str(value)).replace("%s", str(value))


def draw(ctx: TileContext) -> None:
    if not ctx.tile_level_revenue:
        return
    tile = ctx.tile
    with_paths = _with_paths(ctx)
    values = displayed_revenues(tile, with_paths)
    if not values or _hidden(tile):
        return
    first = values[0]
    phases = _first_phases(tile, with_paths) if isinstance(first, tuple) else None
    if phases is not None:
        where = ctx.regions.choose(list(POINTY_PHASES if ctx.pointy else FLAT_PHASES))
        rows = tile.offboards[0].rows if tile.offboards else 1
        shape = group(phase_boxes(phases, rows), transform=_transform(ctx, where))
        ctx.add("revenue", shape)
        return
    if first == 0 or isinstance(first, tuple):
        return
    if len(tile.cities) == 6:
        where = ctx.regions.choose(list(SIX_CITIES))
    else:
        where = ctx.regions.choose(list(one_item(ctx.pointy)))
    circle_group = revenue_circle(first, 0, 0, 0)
    ctx.add("revenue", group([circle_group], transform=_transform(ctx, where)))


def _transform(ctx: TileContext, where: Location) -> str:
    transform = f"translate({fmt(where.x)} {fmt(where.y)})"
    if ctx.upright:
        transform = f"rotate({fmt(ctx.upright)}) {transform}"
    return transform
