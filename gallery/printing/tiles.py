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

import gallery.printing.svgpage as svgpage
from gallery.game import Game
from gallery.limits import PRINT_COPIES
from gallery.pages.context import error_tile_svg
from gallery.pages.order import color_rank, name_key
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
from gallery.printing.options import TileSheetOptions
from tile_lang.describe import describe
from tile_lang.layout import layout_tile
from tile_lang.layout.color_cue import cue_shape
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
        if len(copies) + count > PRINT_COPIES.high:  # said before a single copy is made
            raise ValueError(
                f"{game.id}: more than {PRINT_COPIES.high:,} tiles to print "
                f"(tiles.{entry.name} has {count:,} copies); is a count mistyped?"
            )
        copies.extend(
            TileCopy(entry.name, entry.code, entry.color, k, count) for k in range(1, count + 1)
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
    color_cues: bool = False,
) -> str:
    """The tile exactly as `render_svg` draws it, plus `number` in its least crowded corner
    and, with `color_cues`, its colour's symbol in another corner.

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
    cue = cue_shape(ctx, "on", beside_number=bool(number)) if color_cues else None
    words = describe(code, color=color, layout=layout, number=number)
    return shapes_to_svg(ctx, scale=scale, id_prefix=id_prefix, title=words,
                         overlay=(cue,) if cue else ())  # fmt: skip


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
            color_cues=options.color_cues,
        )
    except ValueError as exc:
        if copy.copy == 1:
            report(f"tiles.{copy.name}: drawn as an error tile: {str(exc).splitlines()[0]}")
        size = svgpage.num(TILE_BOX_UNITS * scale)
        return error_tile_svg(str(exc).splitlines()[0]).replace(
            'width="200" height="200"', f'width="{size}" height="{size}"', 1
        )


@dataclass(frozen=True)
class _Placement:
    copy: TileCopy
    centre: Point  # mm, page coordinates


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


@dataclass(frozen=True)
class SheetPlan:
    """One counter sheet: its caption and where each copy's hex is centred (mm, page
    coordinates). The PDF (`tile_sheet_pages`) and the site's printable page
    (`gallery.pages.print_page`) draw the same plans."""

    number: int
    label: str
    placements: tuple[_Placement, ...]


@dataclass(frozen=True)
class SheetGeometry:
    """What every sheet of a print run shares: page, margin, hex layout and scale."""

    page_mm: tuple[float, float]
    margin_mm: float
    layout: Layout
    unit: float  # mm per tile unit
    bleed_unit: float  # mm per tile unit of the bleed hex

    @property
    def half_box(self) -> float:
        """Half the side of a tile drawing's square box, in mm."""
        return TILE_BOX_UNITS * self.unit / 2

    def number_at(self, spot: Location) -> Point:
        """Where a tile number at `spot` (tile frame, `tile_lang.tile_number`) is drawn,
        relative to its hex's centre in mm: turned with the picture in pointy layout, as the
        renderer's hex group turns it (the text itself stays upright)."""
        x, y = turn((spot.x, spot.y), self.layout)
        return (x * self.unit, y * self.unit)

    def cut_edges(self, placements: Sequence[_Placement]) -> list[tuple[Point, Point]]:
        edges: list[tuple[Point, Point]] = []
        for p in placements:
            corners = hex_corners(self.layout, self.unit, p.centre)
            edges.extend((corners[k], corners[(k + 1) % 6]) for k in range(6))
        return edges


def sheet_plans(game: Game, options: TileSheetOptions) -> tuple[SheetGeometry, list[SheetPlan]]:
    """The game's counter sheets laid out: which copy goes where on which sheet."""
    layout: Layout = options.layout or game.layout
    page_w, page_h = options.page_mm
    margin = options.margin_mm
    pitch = options.hex_mm + 2 * options.bleed_mm
    grid = sheet_grid(layout, pitch, (page_w - 2 * margin, page_h - 2 * margin))
    copies = tile_copies(game, options.unlimited)
    geometry = SheetGeometry(
        page_mm=(page_w, page_h),
        margin_mm=margin,
        layout=layout,
        unit=options.hex_mm / FLATS_UNITS,
        bleed_unit=pitch / FLATS_UNITS,
    )
    sheets = [copies[i : i + grid.per_page] for i in range(0, len(copies), grid.per_page)]
    plans = [
        SheetPlan(
            number,
            _header(game, f"tiles, sheet {number} of {len(sheets)}", options, layout),
            tuple(_Placement(c, _place(grid, layout, margin, i)) for i, c in enumerate(sheet)),
        )
        for number, sheet in enumerate(sheets, start=1)
    ]
    return geometry, plans


def tile_sheet_pages(
    game: Game, options: TileSheetOptions, report: Report | None = None
) -> list[str]:
    """Every page (SVG, 1 unit = 1 mm) of the game's counter sheets; with `options.backs`
    each sheet is followed by its back, mirrored for long-edge duplex printing."""
    geometry, plans = sheet_plans(game, options)
    layout, margin = geometry.layout, geometry.margin_mm
    page_w, page_h = geometry.page_mm
    scale = geometry.unit  # render_svg's scale: 1 tile unit -> `unit` mm
    half_box = geometry.half_box
    pages: list[str] = []
    for plan in plans:
        placements = plan.placements
        body = [sheet_caption(plan.label, margin)]
        if options.bleed_mm:
            body.append(
                svgpage.group(
                    svgpage.polygon(
                        hex_corners(layout, geometry.bleed_unit, p.centre),
                        fill=fill_color(p.copy.color),
                    )
                    for p in placements
                )
            )
        for i, p in enumerate(placements):
            svg = _tile_or_error(p.copy, layout, options, scale, f"s{i}-", report or _ignore)
            body.append(svgpage.placed(svg, p.centre[0] - half_box, p.centre[1] - half_box))
        body.append(svgpage.cut_lines(geometry.cut_edges(placements)))
        pages.append(svgpage.page((page_w, page_h), body, plan.label))
        if options.backs:
            back_label = _header(game, f"backs of sheet {plan.number}", options, layout)
            backs = [
                svgpage.polygon(
                    hex_corners(layout, geometry.bleed_unit, (page_w - p.centre[0], p.centre[1])),
                    fill=fill_color(p.copy.color),
                    stroke="none",
                )
                for p in placements
            ]
            pages.append(
                svgpage.page(
                    (page_w, page_h), [sheet_caption(back_label, margin), *backs], back_label
                )
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


def sheet_caption(label: str, margin: float) -> str:
    """The sheet's caption as SVG (`caption_at`)."""
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
    "SheetGeometry",
    "SheetPlan",
    "TileCopy",
    "caption_at",
    "count_per_page",
    "numbered_tile_svg",
    "sheet_plans",
    "tile_copies",
    "tile_sheet_pages",
)
