"""Revenue pieces shared by cities, towns and the tile-level revenue (facts §6.11).

Who shows a revenue is decided once per tile: either each stop draws its own circle, or one
tile-level revenue is drawn (phase boxes, or a single shared circle). The decision depends on
every stop, so it lives here rather than in any one stage.
"""

from __future__ import annotations

from tile_lang.layout.colors import contrast_color, fill_color
from tile_lang.layout.shapes import Shape, circle, fmt, group, rect, text
from tile_lang.model import City, Halt, Offboard, Revenue, RevenueCenter, Tile, Town

#: A displayed revenue: a number, a phase mapping, or a formatted string.
Shown = int | tuple[tuple[str, int], ...] | str


def shown(center: RevenueCenter) -> Shown:
    rev = center.revenue
    if rev.phases:
        return rev.phases
    if center.format:
        return _format(center.format, rev.flat)
    return rev.flat


def _format(template: str, value: int) -> str:
    try:
        return template.replace("%d", str(value)).replace("%s", str(value))
    except Exception:  # pragma: no cover - defensive: a template is plain text
        return str(value)


def displayed_revenues(tile: Tile, stops_with_paths: set[int]) -> list[Shown]:
    """R: revenues of stops on paths plus every offboard, in node order."""
    out: list[Shown] = []
    for index, node in enumerate(tile.nodes):
        if isinstance(node, Offboard) or (
            isinstance(node, City | Town | Halt) and index in stops_with_paths
        ):
            out.append(shown(node))
    return out


def tile_level_revenue(tile: Tile, stops_with_paths: set[int]) -> bool:
    """True when one tile-level revenue is drawn instead of per-stop circles (facts §6.11)."""
    values = displayed_revenues(tile, stops_with_paths)
    if any(not isinstance(v, int) for v in values):
        return True
    if not values:
        return False
    stop_count = len(tile.cities) + len(tile.towns)
    if stop_count == 1:
        return False
    if len(set(values)) > 1:
        return False
    if not tile.cities and stop_count == 2 and len(tile.exits()) > 4:
        return True
    return not (sum(c.slots for c in tile.cities) < 3 and stop_count == 2)


def distinct_values(revenue: Revenue) -> int:
    return len(set(revenue.values()))


def revenue_circle(value: int | str, x: float, y: float, upright: float) -> Shape:
    """The white revenue circle with a grey ring and the number (facts §6.11)."""
    number = value if isinstance(value, int) else None
    big = (number is not None and number > 99) or (isinstance(value, str) and len(value) > 2)
    radius = 18.0 if number is not None and number < 0 else (17.0 if big else 15.0)
    label = text(
        0,
        0,
        str(value),
        fill="black",
        font_size=18 if big else 21,
        font_weight=300,
        dominant_baseline="central",
        transform="translate(0 -1)",
    )
    transform = f"translate({fmt(x)} {fmt(y)})"
    if upright:
        transform += f" rotate({fmt(upright)})"
    return group([circle(0, 0, radius, fill="white", stroke="#777777"), label], transform=transform)


def phase_boxes(phases: tuple[tuple[str, int], ...], fmt_template: str | None, rows: int) -> Shape:
    """Phase revenue boxes, left to right, centred on the origin (facts §6.11)."""
    items = []
    for phase, value in phases:
        label = f"D{value}" if phase == "diesel" else str(value)
        if fmt_template:
            label = _format(fmt_template, value) if phase != "diesel" else label
        color = "gray" if phase == "diesel" else phase
        items.append((label, fill_color(color)))
    per_row = -(-len(items) // max(rows, 1)) if rows > 1 else len(items)
    children: list[Shape] = []
    for row_start in range(0, len(items), per_row):
        row = items[row_start : row_start + per_row]
        total = sum(16 * len(label) for label, _ in row)
        x = -total / 2
        y_offset = 27 * (row_start // per_row)
        for label, color in row:
            width = 16 * len(label)
            ink = contrast_color(color)
            children.append(rect(x, -12 + y_offset, width, 27, fill=color))
            children.append(
                text(
                    x + width / 2,
                    y_offset,
                    label,
                    fill=ink,
                    stroke=ink,
                    font_size=21,
                    font_weight=300,
                    dominant_baseline="middle",
                )
            )
            x += width
    return group(children)
