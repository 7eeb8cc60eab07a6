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
from dataclasses import dataclass, replace

import gallery.printing.svgpage as svgpage
from gallery.game import Game, MapHex
from gallery.limits import PRINT_PAGES
from gallery.map_geometry import hex_center
from gallery.pages.context import error_tile_svg
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
Bounds = tuple[float, float, float, float]


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
    bounds: Bounds  # map mm: x0, y0, x1, y1

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


@dataclass(frozen=True)
class _Cut:
    """A way to cut the map: the page (portrait or landscape), the window on it, the grid,
    and where the grid starts (map mm) so that the map sits in its middle."""

    page: tuple[float, float]
    window: tuple[float, float]
    cols: int
    rows: int
    overlap: float
    origin: Point = (0.0, 0.0)

    @property
    def step(self) -> Point:
        return self.window[0] - self.overlap, self.window[1] - self.overlap

    def at(self, col: int, row: int) -> Point:
        """The top left corner (map mm) of the window of page (col, row)."""
        return self.origin[0] + col * self.step[0], self.origin[1] + row * self.step[1]


def _centres(game: Game, unit: float) -> dict[str, Point]:
    """Each printed hex's centre in map mm (`empty` hexes are not printed)."""
    shown = [c for c, h in game.hexes.items() if h.color != "empty"]
    if not shown:
        raise ValueError(f"{game.id}: the game has no map hexes to print")
    out = {}
    for coord in shown:
        cx, cy = hex_centre_units(game, coord)
        out[coord] = (cx * unit, cy * unit)
    return out


def _bounds(layout: Layout, unit: float, centres: dict[str, Point]) -> Bounds:
    corners = [p for c in centres.values() for p in hex_corners(layout, unit, c)]
    pad = 1.0
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def _best_cut(bounds: Bounds, options: MapSheetOptions) -> _Cut:
    """Portrait or landscape, whichever needs fewer pages, centred on the map."""
    overlap = options.overlap_mm
    x0, y0, x1, y1 = bounds
    best: _Cut | None = None
    for page in (options.page_mm, options.page_mm[::-1]):
        win_w = page[0] - 2 * (options.margin_mm + BAND_MM)
        win_h = page[1] - 2 * (options.margin_mm + BAND_MM)
        if win_w <= 2 * overlap or win_h <= 2 * overlap:
            continue
        cols, rows = _grid(x1 - x0, win_w, overlap), _grid(y1 - y0, win_h, overlap)
        if best is None or cols * rows < best.cols * best.rows:
            best = _Cut((page[0], page[1]), (win_w, win_h), cols, rows, overlap)
    if best is None:
        raise ValueError(
            f"--overlap {overlap:g} mm leaves no room for the map within the margins of the page"
        )
    total_w = best.step[0] * (best.cols - 1) + best.window[0]
    total_h = best.step[1] * (best.rows - 1) + best.window[1]
    origin = (x0 - (total_w - (x1 - x0)) / 2, y0 - (total_h - (y1 - y0)) / 2)
    return replace(best, origin=origin)


def _covering(start: float, step: float, window: float, span: Point, count: int) -> range:
    """The grid indexes (0..count-1) whose window [start + i·step, + window] may meet `span`."""
    first = max(0, math.floor((span[0] - start - window) / step))
    last = min(count - 1, math.ceil((span[1] - start) / step))
    return range(first, last + 1)


def _sheets(cut: _Cut, centres: dict[str, Point], unit: float) -> tuple[Sheet, ...]:
    """The pages that show some hex, numbered in reading order: found from the hexes, so a
    map of a few hexes far apart costs those hexes, not every page of its bounding box."""
    r = TILE_BOX_UNITS / 2 * unit
    places: set[tuple[int, int]] = set()
    for cx, cy in centres.values():
        cols = _covering(cut.origin[0], cut.step[0], cut.window[0], (cx - r, cx + r), cut.cols)
        rows = _covering(cut.origin[1], cut.step[1], cut.window[1], (cy - r, cy + r), cut.rows)
        places.update(
            (col, row)
            for col in cols
            for row in rows
            if _hex_in((cx, cy), unit, *cut.at(col, row), *cut.window)
        )
    ordered = sorted(places, key=lambda place: (place[1], place[0]))
    return tuple(
        Sheet(n, col, row, *cut.at(col, row)) for n, (col, row) in enumerate(ordered, start=1)
    )


def _marks_of(cut: _Cut, sheets: tuple[Sheet, ...]) -> tuple[Point, ...]:
    """Registration marks where two printed pages overlap: in the middle of each shared
    strip, a quarter and three quarters along it, and where two strips cross between pages
    that are printed. Pages with no printed neighbour need none."""
    placed = {(s.col, s.row) for s in sheets}
    marks: set[Point] = set()
    for col, row in placed:
        x, y = cut.at(col, row)
        if (col + 1, row) in placed:
            strip = x + cut.step[0] + cut.overlap / 2
            marks.update((strip, y + cut.window[1] * f) for f in (0.25, 0.75))
        if (col, row + 1) in placed:
            strip = y + cut.step[1] + cut.overlap / 2
            marks.update((x + cut.window[0] * f, strip) for f in (0.25, 0.75))
        marks.update(_crossings(cut, placed, col, row))
    return tuple(sorted(marks))


def _crossings(cut: _Cut, placed: set[tuple[int, int]], col: int, row: int) -> list[Point]:
    """The crossings of strips at the corners of page (col, row) shared with another
    printed page."""
    out = []
    for c in (col - 1, col):
        for r in (row - 1, row):
            if not (0 <= c < cut.cols - 1 and 0 <= r < cut.rows - 1):
                continue
            around = {(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)} & placed
            if len(around) >= 2:
                x, y = cut.at(c + 1, r + 1)
                out.append((x + cut.overlap / 2, y + cut.overlap / 2))
    return out


def plan_map(game: Game, options: MapSheetOptions) -> MapPlan:
    """Cut the map into sheets; ValueError when the game has no hexes, nothing fits or the
    map needs more pages than a print job may have (`gallery.limits.PRINT_PAGES`)."""
    unit = options.hex_mm / FLATS_UNITS
    centres = _centres(game, unit)
    bounds = _bounds(game.layout, unit, centres)
    cut = _best_cut(bounds, options)
    sheets = _sheets(cut, centres, unit)
    if PRINT_PAGES.exceeded(len(sheets) + 1):
        raise ValueError(
            f"{game.id}: the map needs {len(sheets):,} sheets at {options.hex_mm:g} mm; "
            f"{PRINT_PAGES.what} are at most {PRINT_PAGES.high:,} (a smaller --hex-mm?)"
        )
    return MapPlan(cut.page, cut.window, cut.cols, cut.rows, sheets, unit, centres,
                   _marks_of(cut, sheets), bounds)  # fmt: skip


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
    reach = MARK_ARM_MM
    marks = tuple(
        (x, y)
        for x, y in plan.marks
        if sheet.x - reach <= x <= sheet.x + win_w + reach
        and sheet.y - reach <= y <= sheet.y + win_h + reach
    )
    content = svgpage.group(
        [*hexes, _marks(marks)],
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
