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
from xml.sax.saxutils import escape

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
)
from gallery.printing.options import MAX_COPIES, TileSheetOptions
from tile_lang.describe import describe
from tile_lang.layout import layout_tile
from tile_lang.layout.colors import fill_color
from tile_lang.layout.hexgeom import hex_transform
from tile_lang.layout.regions import (
    BOTTOM_LEFT_CORNER,
    BOTTOM_RIGHT_CORNER,
    LEFT_CORNER,
    RIGHT_CORNER,
    UPPER_LEFT_CORNER,
    UPPER_RIGHT_CORNER,
    Location,
)
from tile_lang.layout.shapes import fmt, group, text
from tile_lang.parse import parse
from tile_lang.svg import shapes_to_svg

#: Tile-number size in tile units: 13 units is 2.8 mm on a 38 mm hex (about 8 pt), the size
#: publishers print tile numbers at.
NUMBER_FONT_UNITS = 13.0

#: Where a tile number may go (tile frame, flat view), in order of preference: 18xx.games
#: writes tile names in the bottom-left corner, so that is tried first.
NUMBER_SPOTS: tuple[Location, ...] = (
    Location(-34, 72, BOTTOM_LEFT_CORNER, name="bottom-left"),
    Location(34, 72, BOTTOM_RIGHT_CORNER, name="bottom-right"),
    Location(-34, -72, UPPER_LEFT_CORNER, name="top-left"),
    Location(34, -72, UPPER_RIGHT_CORNER, name="top-right"),
    Location(-80, 0, LEFT_CORNER, name="left"),
    Location(80, 0, RIGHT_CORNER, name="right"),
)


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
        spot = ctx.regions.choose(NUMBER_SPOTS)
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


@dataclass(frozen=True)
class NumberSpot:
    """Where a tile's number goes, in the tile's own frame (see `numbered_tile_svg`)."""

    x: float
    y: float
    upright: float


def number_spot(code: str, color: str, layout: Layout) -> NumberSpot:
    """The least crowded corner of the tile for its number, as `numbered_tile_svg` puts it.
    Raises ValueError for a code that cannot be drawn."""
    ctx = layout_tile(parse(code), color=color, layout=layout)
    spot = ctx.regions.choose(NUMBER_SPOTS)
    return NumberSpot(spot.x, spot.y, ctx.upright)


def number_text(number: str, spot: NumberSpot, centre: Point, unit: float,
                layout: Layout) -> str:  # fmt: skip
    """The tile number as SVG in page millimetres, drawn exactly where `numbered_tile_svg`
    draws it on the tile centred at `centre`: one transform list standing for the same frames
    (the tile's scale, the pointy turn, the corner and the upright turn, in that order). The
    font and colour come from the enclosing `NUMBERS_GROUP` (one per sheet)."""
    steps = [f"translate({svgpage.num(centre[0])} {svgpage.num(centre[1])}) scale({unit:.6g})"]
    turn = hex_transform(layout)
    if turn:
        steps.append(turn)
    steps.append(f"translate({fmt(spot.x)} {fmt(spot.y)})")
    if spot.upright:
        steps.append(f"rotate({fmt(spot.upright)})")
    transform = svgpage.attrs(class_="tile-number", transform=" ".join(steps))
    return f"<text{transform}>{escape(number)}</text>"


def numbers_group(numbers: list[str]) -> str:
    """A sheet's tile numbers in one group carrying what they share (the font and colour
    `numbered_tile_svg` gives each)."""
    return svgpage.group(
        numbers, font_size=NUMBER_FONT_UNITS, fill="black", stroke="none",
        dominant_baseline="central", font_family=svgpage.FONT,
    )  # fmt: skip


def _ignore(_message: str) -> None:
    return None


def sheet_caption(label: str, margin: float) -> str:
    """The sheet's one line of small print in the top margin (or just inside the page)."""
    y = max(margin * 0.6, 3.0)
    return svgpage.text(margin, y, label, 2.8, fill="#555555")


def count_per_page(options: TileSheetOptions, layout: Layout) -> int:
    """Tiles on a full sheet with these options (for the docs and the tests)."""
    page_w, page_h = options.page_mm
    margin = options.margin_mm
    pitch = options.hex_mm + 2 * options.bleed_mm
    return sheet_grid(layout, pitch, (page_w - 2 * margin, page_h - 2 * margin)).per_page


__all__: Sequence[str] = (
    "NUMBER_SPOTS",
    "TileCopy",
    "count_per_page",
    "numbered_tile_svg",
    "tile_copies",
    "tile_sheet_pages",
)
