"""Counter sheets: every tile of a game's supply at true size, packed edge to edge.

Tiles come in the order of the site's manifest (colour, then the engine's name order), each
repeated by its count. Rows share edges the way printed counter sheets do, so one straight
cut separates two tiles; with a bleed the hexes move apart just enough that each keeps a
band of its own colour beyond its cut line. The tile number is printed small on the tile, in
the corner the renderer's region table says is the least used after the tile's own parts
were placed, so it never sits on track, a city or a label.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gallery.game import Game
from gallery.pages.context import error_tile_svg
from gallery.pages.order import color_rank, name_key
from gallery.printing import svgpage
from gallery.printing.geometry import (
    FLATS_UNITS,
    TILE_BOX_UNITS,
    Layout,
    Point,
    SheetGrid,
    hex_corners,
    sheet_grid,
    sheet_position,
    turn,
)
from gallery.printing.options import MAX_COPIES, TileSheetOptions
from tile_lang.describe import describe
from tile_lang.layout import layout_tile
from tile_lang.layout.colors import fill_color
from tile_lang.layout.regions import Location
from tile_lang.layout.shapes import fmt, group, text
from tile_lang.parse import parse
from tile_lang.svg import shapes_to_svg
from tile_lang.tile_number import NUMBER_FONT_UNITS, NUMBER_SPOTS, free_spot


@dataclass(frozen=True)
class TileCopy:
    """One printed tile: which supply entry, and which copy of it (1-based) out of how many."""

    name: str
    code: str
    color: str
    copy: int
    of: int


def tile_copies(game: Game, unlimited: int) -> list[TileCopy]:
    """The whole manifest, each tile repeated by its count (`unlimited` copies of ∞ tiles)."""
    entries = sorted(game.tiles.values(), key=lambda e: (color_rank(e.color), name_key(e.name)))
    copies: list[TileCopy] = []
    for entry in entries:
        count = unlimited if entry.count is None else entry.count
        copies.extend(
            TileCopy(entry.name, entry.code, entry.color, k, count) for k in range(1, count + 1)
        )
        if len(copies) > MAX_COPIES:
            raise ValueError(
                f"{game.id}: more than {MAX_COPIES} tiles to print (tiles.{entry.name}.count "
                f"is {entry.count}); is a count mistyped?"
            )
    return copies


def numbered_tile_svg(
    code: str,
    color: str,
    layout: Layout,
    *,
    number: str | None,
    scale: float,
    id_prefix: str,
    icon_dirs: tuple[Path, ...] = (),
) -> str:
    """The tile exactly as `render_svg` draws it, plus `number` in its least crowded corner.

    Raises ValueError (TileSyntaxError included) for a code that cannot be drawn.
    """
    ctx = layout_tile(parse(code), color=color, layout=layout, icon_dirs=icon_dirs)
    if number:
        spot = free_spot(ctx.regions)
        transform = f"translate({fmt(spot.x)} {fmt(spot.y)})"
        if ctx.upright:
            transform += f" rotate({fmt(ctx.upright)})"
        ctx.add(
            "location_name",
            group(
                [
                    text(
                        0,
                        0,
                        number,
                        fill="black",
                        stroke="none",
                        font_size=NUMBER_FONT_UNITS,
                        dominant_baseline="central",
                        class_="tile-number",
                    )
                ],
                transform=transform,
            ),
        )
    words = describe(code, color=color, layout=layout, number=number)
    return shapes_to_svg(ctx, scale=scale, id_prefix=id_prefix, title=words)


Report = Callable[[str], None]


def _tile_or_error(
    copy: TileCopy,
    layout: Layout,
    options: TileSheetOptions,
    scale: float,
    prefix: str,
    report: Report,
) -> str:
    try:
        return numbered_tile_svg(
            copy.code,
            copy.color,
            layout,
            number=copy.name if options.numbers else None,
            scale=scale,
            id_prefix=prefix,
        )
    except ValueError as exc:
        if copy.copy == 1:
            report(f"tiles.{copy.name}: drawn as an error tile: {str(exc).splitlines()[0]}")
        size = svgpage.num(TILE_BOX_UNITS * scale)
        return error_tile_svg(str(exc).splitlines()[0]).replace(
            'width="200" height="200"', f'width="{size}" height="{size}"', 1
        )


@dataclass(frozen=True)
class PlacedTile:
    """One printed tile and where its hex's centre is on the page (mm)."""

    copy: TileCopy
    centre: Point


@dataclass(frozen=True)
class TileSheet:
    """Where everything of one counter sheet goes, without drawing anything: shared by the PDF
    (`tile_sheet_pages`) and the site's printable page (`gallery.pages.print_page`), so both
    print the same sheets. Lengths in mm; `unit_mm` is millimetres per tile unit."""

    number: int
    of: int
    label: str
    page_mm: tuple[float, float]
    layout: Layout
    unit_mm: float
    tiles: tuple[PlacedTile, ...]

    @property
    def half_box_mm(self) -> float:
        """Half the side of a tile drawing's square box (its centre is the hex's)."""
        return TILE_BOX_UNITS * self.unit_mm / 2

    @property
    def cut_edges(self) -> list[tuple[Point, Point]]:
        """Every hex's six edges (shared ones twice; `svgpage.cut_path` keeps one)."""
        edges: list[tuple[Point, Point]] = []
        for p in self.tiles:
            corners = hex_corners(self.layout, self.unit_mm, p.centre)
            edges.extend((corners[k], corners[(k + 1) % 6]) for k in range(6))
        return edges

    def number_at(self, spot: Location) -> Point:
        """Where `spot` (tile frame, `tile_lang.tile_number`) is drawn, relative to the hex's
        centre in mm: turned with the picture in pointy layout, as the renderer's hex group
        turns it."""
        x, y = turn((spot.x, spot.y), self.layout)
        return (x * self.unit_mm, y * self.unit_mm)


def _place(grid: SheetGrid, layout: Layout, margin: float, index: int) -> Point:
    col, row = index % grid.cols, index // grid.cols
    x, y = sheet_position(layout, col, row)
    unit = grid.pitch_mm / FLATS_UNITS
    return (margin + grid.origin[0] + x * unit, margin + grid.origin[1] + y * unit)


def _header(game: Game, what: str, options: TileSheetOptions, layout: Layout) -> str:
    return (
        f"{game.title} · {what} · {options.hex_mm:g} mm hex ({layout}), "
        f"{options.paper.upper() if options.paper == 'a4' else 'Letter'}"
    )


def plan_tile_sheets(game: Game, options: TileSheetOptions) -> list[TileSheet]:
    """The game's counter sheets (fronts) as plans: every copy of every tile and its place.
    Raises ValueError for more copies than a print run holds (`MAX_COPIES`)."""
    layout: Layout = options.layout or game.layout
    page_w, page_h = options.page_mm
    margin = options.margin_mm
    pitch = options.hex_mm + 2 * options.bleed_mm
    grid = sheet_grid(layout, pitch, (page_w - 2 * margin, page_h - 2 * margin))
    copies = tile_copies(game, options.unlimited)
    unit = options.hex_mm / FLATS_UNITS
    chunks = [copies[i : i + grid.per_page] for i in range(0, len(copies), grid.per_page)]
    return [
        TileSheet(
            number=number,
            of=len(chunks),
            label=_header(game, f"tiles, sheet {number} of {len(chunks)}", options, layout),
            page_mm=(page_w, page_h),
            layout=layout,
            unit_mm=unit,
            tiles=tuple(
                PlacedTile(c, _place(grid, layout, margin, i)) for i, c in enumerate(chunk)
            ),
        )
        for number, chunk in enumerate(chunks, start=1)
    ]


def tile_sheet_pages(
    game: Game, options: TileSheetOptions, report: Report | None = None
) -> list[str]:
    """Every page (SVG, 1 unit = 1 mm) of the game's counter sheets; with `options.backs`
    each sheet is followed by its back, mirrored for long-edge duplex printing."""
    margin = options.margin_mm
    pitch = options.hex_mm + 2 * options.bleed_mm
    bleed_unit = pitch / FLATS_UNITS
    pages: list[str] = []
    for sheet in plan_tile_sheets(game, options):
        layout, (page_w, page_h) = sheet.layout, sheet.page_mm
        scale = sheet.unit_mm  # render_svg's scale: 1 tile unit -> `unit` mm
        half_box = sheet.half_box_mm
        body = [_caption(sheet.label, margin)]
        if options.bleed_mm:
            body.append(
                svgpage.group(
                    svgpage.polygon(
                        hex_corners(layout, bleed_unit, p.centre), fill=fill_color(p.copy.color)
                    )
                    for p in sheet.tiles
                )
            )
        for i, p in enumerate(sheet.tiles):
            svg = _tile_or_error(p.copy, layout, options, scale, f"s{i}-", report or _ignore)
            body.append(svgpage.placed(svg, p.centre[0] - half_box, p.centre[1] - half_box))
        body.append(svgpage.cut_lines(sheet.cut_edges))
        pages.append(svgpage.page((page_w, page_h), body, sheet.label))
        if options.backs:
            back_label = _header(game, f"backs of sheet {sheet.number}", options, layout)
            backs = [
                svgpage.polygon(
                    hex_corners(layout, bleed_unit, (page_w - p.centre[0], p.centre[1])),
                    fill=fill_color(p.copy.color),
                    stroke="none",
                )
                for p in sheet.tiles
            ]
            pages.append(
                svgpage.page((page_w, page_h), [_caption(back_label, margin), *backs], back_label)
            )
    return pages


def _ignore(_message: str) -> None:
    return None


#: The sheet's caption: size (mm) and colour.
CAPTION_MM = 2.8
CAPTION_FILL = "#555555"


def caption_at(margin: float) -> Point:
    """Where the sheet's one line of small print goes: in the top margin (or just inside)."""
    return (margin, max(margin * 0.6, 3.0))


def _caption(label: str, margin: float) -> str:
    x, y = caption_at(margin)
    return svgpage.text(x, y, label, CAPTION_MM, fill=CAPTION_FILL)


def count_per_page(options: TileSheetOptions, layout: Layout) -> int:
    """Tiles on a full sheet with these options (for the docs and the tests)."""
    page_w, page_h = options.page_mm
    margin = options.margin_mm
    pitch = options.hex_mm + 2 * options.bleed_mm
    return sheet_grid(layout, pitch, (page_w - 2 * margin, page_h - 2 * margin)).per_page


__all__: Sequence[str] = (
    "NUMBER_FONT_UNITS",
    "NUMBER_SPOTS",
    "PlacedTile",
    "TileCopy",
    "TileSheet",
    "count_per_page",
    "numbered_tile_svg",
    "plan_tile_sheets",
    "tile_copies",
    "tile_sheet_pages",
)
