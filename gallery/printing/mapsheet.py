"""Map sheets: the game's map at the tile sheets' hex size, split over pages to glue together.

Neighbouring pages overlap by a margin and carry the same registration marks (drawn in map
coordinates, so a mark on one page lands exactly on its twin on the next); the map's
coordinates are printed along every page's edges so a loose page still says where it
belongs, and a first page shows the whole map with the outline and number of each sheet.
Portrait or landscape is chosen per map: whichever needs fewer pages.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from gallery.game import Game, MapHex
from gallery.map_geometry import hex_center
from gallery.pages.context import error_tile_svg
from gallery.printing import svgpage
from gallery.printing.geometry import FLATS_UNITS, TILE_BOX_UNITS, Layout, Point, hex_corners
from gallery.printing.options import MapSheetOptions
from tile_lang.svg import render_svg

#: Room for the coordinates along each edge of the map window (mm).
BAND_MM = 6.0
COORD_FONT_MM = 3.0
#: Registration mark: a circle with a cross through it (mm).
MARK_RADIUS_MM = 2.5
MARK_ARM_MM = 4.0
MARK_STROKE_MM = 0.2
#: The site's map spaces rows 100·√3/2 apart; the renderer's hexes are 87 units from centre
#: to flat, so printed maps use 87 to make neighbouring hexes share their edges exactly.
_ROW_FIX = 87.0 / (50.0 * math.sqrt(3.0))

Report = Callable[[str], None]


def hex_centre_units(game: Game, coord: str) -> Point:
    """Centre of a map hex in tile units, on the renderer's exact lattice."""
    x, y = hex_center(game, coord)
    return (x, y * _ROW_FIX) if game.layout == "flat" else (x * _ROW_FIX, y)


@dataclass(frozen=True)
class Sheet:
    """One printed page of the map: its place in the grid and its window in map mm."""

    number: int
    col: int
    row: int
    x: float
    y: float


@dataclass(frozen=True)
class MapPlan:
    """Everything about how the map is cut into pages (all lengths in mm)."""

    page: tuple[float, float]
    window: tuple[float, float]  # width, height of the map shown per page
    cols: int
    rows: int
    sheets: tuple[Sheet, ...]
    unit: float  # mm per tile unit
    centres: dict[str, Point]  # map mm
    marks: tuple[Point, ...]  # map mm
    bounds: tuple[float, float, float, float]  # map mm: x0, y0, x1, y1

    def neighbours(self, sheet: Sheet) -> dict[str, int]:
        by_place = {(s.col, s.row): s.number for s in self.sheets}
        steps = {"left": (-1, 0), "right": (1, 0), "above": (0, -1), "below": (0, 1)}
        out = {}
        for side, (dc, dr) in steps.items():
            other = by_place.get((sheet.col + dc, sheet.row + dr))
            if other is not None:
                out[side] = other
        return out


def _grid(length: float, window: float, overlap: float) -> int:
    if length <= window:
        return 1
    return math.ceil((length - overlap) / (window - overlap))


def plan_map(game: Game, options: MapSheetOptions) -> MapPlan:
    """Cut the map into sheets; ValueError when the game has no hexes or nothing fits."""
    layout: Layout = game.layout
    unit = options.hex_mm / FLATS_UNITS
    shown = {c: h for c, h in game.hexes.items() if h.color != "empty"}
    if not shown:
        raise ValueError(f"{game.id}: the game has no map hexes to print")
    centres = {}
    for coord in shown:
        cx, cy = hex_centre_units(game, coord)
        centres[coord] = (cx * unit, cy * unit)
    corners = [p for c in centres.values() for p in hex_corners(layout, unit, c)]
    pad = 1.0
    x0 = min(p[0] for p in corners) - pad
    y0 = min(p[1] for p in corners) - pad
    x1 = max(p[0] for p in corners) + pad
    y1 = max(p[1] for p in corners) + pad
    map_w, map_h = x1 - x0, y1 - y0
    overlap = options.overlap_mm
    best: tuple[int, tuple[float, float], tuple[float, float], int, int] | None = None
    for page in (options.page_mm, options.page_mm[::-1]):
        win_w = page[0] - 2 * (options.margin_mm + BAND_MM)
        win_h = page[1] - 2 * (options.margin_mm + BAND_MM)
        if win_w <= 2 * overlap or win_h <= 2 * overlap:
            continue
        cols, rows = _grid(map_w, win_w, overlap), _grid(map_h, win_h, overlap)
        if best is None or cols * rows < best[0]:
            best = (cols * rows, (page[0], page[1]), (win_w, win_h), cols, rows)
    if best is None:
        raise ValueError(
            f"--overlap {overlap:g} mm leaves no room for the map within the margins of the page"
        )
    _, page, (win_w, win_h), cols, rows = best
    step_x, step_y = win_w - overlap, win_h - overlap
    total_w = step_x * (cols - 1) + win_w
    total_h = step_y * (rows - 1) + win_h
    ox = x0 - (total_w - map_w) / 2
    oy = y0 - (total_h - map_h) / 2
    sheets = []
    number = 0
    for row in range(rows):
        for col in range(cols):
            sx, sy = ox + col * step_x, oy + row * step_y
            if not any(_hex_in(centres[c], unit, sx, sy, win_w, win_h) for c in centres):
                continue  # nothing of the map on this page: not printed
            number += 1
            sheets.append(Sheet(number, col, row, sx, sy))
    marks: list[Point] = []
    strips_x = [ox + k * step_x + overlap / 2 for k in range(1, cols)]
    strips_y = [oy + k * step_y + overlap / 2 for k in range(1, rows)]
    along_y = [oy + r * step_y + win_h * f for r in range(rows) for f in (0.25, 0.75)]
    along_x = [ox + c * step_x + win_w * f for c in range(cols) for f in (0.25, 0.75)]
    marks += [(x, y) for x in strips_x for y in along_y + strips_y]
    marks += [(x, y) for y in strips_y for x in along_x]
    return MapPlan(
        page,
        (win_w, win_h),
        cols,
        rows,
        tuple(sheets),
        unit,
        centres,
        tuple(marks),
        (x0, y0, x1, y1),
    )


def _hex_in(centre: Point, unit: float, x: float, y: float, w: float, h: float) -> bool:
    r = TILE_BOX_UNITS / 2 * unit
    return (
        centre[0] + r > x and centre[0] - r < x + w and centre[1] + r > y and centre[1] - r < y + h
    )


def _hex_svg(h: MapHex, layout: Layout, scale: float, prefix: str, report: Report) -> str:
    try:
        return render_svg(
            h.code, color=h.color, layout=layout, name=h.name, scale=scale, id_prefix=prefix
        )
    except ValueError as exc:
        report(f"hexes.{h.coord}: drawn as an error tile: {str(exc).splitlines()[0]}")
        size = svgpage.num(TILE_BOX_UNITS * scale)
        return error_tile_svg(str(exc).splitlines()[0]).replace(
            'width="200" height="200"', f'width="{size}" height="{size}"', 1
        )


def _axis_labels(game: Game, plan: MapPlan) -> tuple[dict[float, str], dict[float, str]]:
    """Column labels by x and row labels by y (map mm), as the coordinates spell them."""
    cols: dict[float, str] = {}
    rows: dict[float, str] = {}
    for coord, (x, y) in plan.centres.items():
        match = re.fullmatch(r"([A-Za-z]*)(-?\d*)", coord)
        letters, number = (match.group(1), match.group(2)) if match else (coord, "")
        col, row = (letters, number) if game.axes.x == "letter" else (number, letters)
        cols.setdefault(round(x, 2), col)
        rows.setdefault(round(y, 2), row)
    return cols, rows


def _marks(points: tuple[Point, ...]) -> str:
    parts = []
    for x, y in points:
        parts.append(
            svgpage.group(
                [
                    f"<circle{svgpage.attrs(cx=x, cy=y, r=MARK_RADIUS_MM)}/>",
                    svgpage.line((x - MARK_ARM_MM, y), (x + MARK_ARM_MM, y)),
                    svgpage.line((x, y - MARK_ARM_MM), (x, y + MARK_ARM_MM)),
                ]
            )
        )
    return svgpage.group(
        parts, class_="registration", fill="none", stroke="black", stroke_width=MARK_STROKE_MM
    )


def _sheet_page(
    game: Game, plan: MapPlan, sheet: Sheet, options: MapSheetOptions, report: Report
) -> str:
    margin = options.margin_mm
    win_w, win_h = plan.window
    left, top = margin + BAND_MM, margin + BAND_MM
    half_box = TILE_BOX_UNITS * plan.unit / 2
    hexes = []
    for index, (coord, centre) in enumerate(plan.centres.items()):
        if not _hex_in(centre, plan.unit, sheet.x, sheet.y, win_w, win_h):
            continue
        svg = _hex_svg(game.hexes[coord], game.layout, plan.unit, f"h{index}-", report)
        hexes.append(svgpage.placed(svg, centre[0] - half_box, centre[1] - half_box))
    content = svgpage.group(
        [*hexes, _marks(plan.marks)],
        transform=f"translate({svgpage.num(left - sheet.x)} {svgpage.num(top - sheet.y)})",
    )
    clip = (
        f'<clipPath id="window"><rect{svgpage.attrs(x=left, y=top, width=win_w, height=win_h)}/>'
        "</clipPath>"
    )
    body = [f"<defs>{clip}</defs>", svgpage.group([content], clip_path="url(#window)")]
    body.append(
        f"<rect{svgpage.attrs(x=left, y=top, width=win_w, height=win_h)}"
        f"{svgpage.attrs(fill='none', stroke='#999999', stroke_width=0.15)}/>"
    )
    body.append(_edge_coordinates(game, plan, sheet, left, top))
    where = ", ".join(f"{side}: {n}" for side, n in plan.neighbours(sheet).items())
    label = (
        f"{game.title} · map sheet {sheet.number} of {len(plan.sheets)} "
        f"(row {sheet.row + 1}, column {sheet.col + 1}) · {options.hex_mm:g} mm hex · "
        f"overlap {options.overlap_mm:g} mm" + (f" · next sheets {where}" if where else "")
    )
    body.append(svgpage.text(margin, max(margin * 0.6, 3.0), label, 2.8, fill="#555555"))
    return svgpage.page(plan.page, body, label)


def _edge_coordinates(game: Game, plan: MapPlan, sheet: Sheet, left: float, top: float) -> str:
    win_w, win_h = plan.window
    cols, rows = _axis_labels(game, plan)
    out = []
    style = {"fill": "#333333", "text_anchor": "middle"}
    for x, label in sorted(cols.items()):
        if sheet.x + 1 <= x <= sheet.x + win_w - 1:
            px = left + x - sheet.x
            out.append(svgpage.text(px, top - 1.6, label, COORD_FONT_MM, **style))
            out.append(
                svgpage.text(
                    px, top + win_h + 1.2 + COORD_FONT_MM * 0.7, label, COORD_FONT_MM, **style
                )
            )
    for y, label in sorted(rows.items()):
        if sheet.y + 1 <= y <= sheet.y + win_h - 1:
            py = top + y - sheet.y + COORD_FONT_MM * 0.35
            out.append(svgpage.text(left - BAND_MM / 2, py, label, COORD_FONT_MM, **style))
            out.append(svgpage.text(left + win_w + BAND_MM / 2, py, label, COORD_FONT_MM, **style))
    return svgpage.group(out, class_="coordinates")


def _index_page(game: Game, plan: MapPlan, options: MapSheetOptions, report: Report) -> str:
    """The whole map small, with each sheet's outline and number: how the pages fit."""
    margin = options.margin_mm
    page_w, page_h = plan.page
    head = 14.0
    avail_w, avail_h = page_w - 2 * margin, page_h - 2 * margin - head
    x0 = min(s.x for s in plan.sheets)
    y0 = min(s.y for s in plan.sheets)
    x1 = max(s.x for s in plan.sheets) + plan.window[0]
    y1 = max(s.y for s in plan.sheets) + plan.window[1]
    k = min(avail_w / (x1 - x0), avail_h / (y1 - y0))
    left = margin + (avail_w - (x1 - x0) * k) / 2
    top = margin + head + (avail_h - (y1 - y0) * k) / 2
    unit = plan.unit * k
    half_box = TILE_BOX_UNITS * unit / 2

    def at(p: Point) -> Point:
        return (left + (p[0] - x0) * k, top + (p[1] - y0) * k)

    body = [
        svgpage.text(margin, margin + 5, f"{game.title} · map in {len(plan.sheets)} sheets", 6.0),
        svgpage.text(
            margin,
            margin + 10.5,
            f"Sheets are numbered as below; PDF page = sheet + 1. Hex {options.hex_mm:g} mm, "
            f"overlap {options.overlap_mm:g} mm: align the registration marks of neighbours.",
            3.2,
            fill="#555555",
        ),
    ]
    for index, (coord, centre) in enumerate(plan.centres.items()):
        x, y = at(centre)
        svg = _hex_svg(game.hexes[coord], game.layout, unit, f"i{index}-", report)
        body.append(svgpage.placed(svg, x - half_box, y - half_box))
    w, h = plan.window[0] * k, plan.window[1] * k
    for sheet in plan.sheets:
        x, y = at((sheet.x, sheet.y))
        body.append(
            f"<rect{svgpage.attrs(x=x, y=y, width=w, height=h)}"
            f"{svgpage.attrs(fill='none', stroke='#c62828', stroke_width=0.5)}/>"
        )
        size = min(w, h) * 0.3
        body.append(
            svgpage.text(
                x + w / 2,
                y + h / 2 + size * 0.35,
                str(sheet.number),
                size,
                fill="#c62828",
                fill_opacity=0.75,
                text_anchor="middle",
                font_weight="bold",
            )
        )
    return svgpage.page(plan.page, body, f"{game.title} · map sheet index")


def map_sheet_pages(
    game: Game, options: MapSheetOptions, report: Report | None = None
) -> list[str]:
    """The index page (when the map needs more than one sheet), then every sheet."""
    plan = plan_map(game, options)
    say = report or (lambda _m: None)
    pages = [_sheet_page(game, plan, sheet, options, say) for sheet in plan.sheets]
    if len(plan.sheets) > 1:
        pages.insert(0, _index_page(game, plan, options, say))
    return pages
