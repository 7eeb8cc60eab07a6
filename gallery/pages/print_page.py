"""A game's printable tile sheets: `games/<id>/print/` (#18, print-and-play from the site).

The page shows the very counter sheets `tile-atlas print tiles` turns into PDF (the same
`gallery.printing.tiles.sheet_plans`: A4, 38 mm hexes, each tile repeated by its count), each
sheet inline SVG whose size is given in millimetres. A sheet draws each tile with the site's
own drawing file (`<image>`, one file for the whole site) and adds the numbers and cut lines
as the PDF does: no sheet files, and no tile drawn a second time. On screen they are
previews; printed from the browser at 100 %, the page's print rules (assets/tiles.css) put
each sheet on its own A4 page with no margin of the browser's own, so a hex measures 38 mm on
paper as in the PDF. Other papers, sizes, bleed, backs and map sheets are the command's, and
the page names it.
"""

from __future__ import annotations

import re
from pathlib import Path

from gallery.game import Game
from gallery.pages.context import GalleryBuild
from gallery.pages.paths import rel, tile_slug
from gallery.pagetext import esc, front_matter, md_text
from gallery.printing import svgpage
from gallery.printing.options import TileSheetOptions
from gallery.printing.tiles import (
    NumberSpot,
    SheetGeometry,
    SheetPlan,
    number_spot,
    number_text,
    numbers_group,
    sheet_caption,
    sheet_plans,
)

#: What the page prints: the command's defaults (A4, 38 mm, one copy of an unlimited tile).
OPTIONS = TileSheetOptions()
#: A file name shown as is in the command line (anything else is written as GAME_FILE.yaml).
SAFE_NAME = re.compile(r"[A-Za-z0-9_.-]{1,80}")


def print_page(game_slug: str) -> str:
    """The docs path of a game's printable tile sheets."""
    return f"games/{game_slug}/print/index.md"


def _command(game: Game, slug: str) -> str:
    """The `tile-atlas print` line for this game: its file when it is one of ours (.yaml),
    otherwise the folder form, which reads every kind of game source."""
    source = Path(game.source or "")
    if source.suffix in (".yaml", ".yml"):
        name = source.name if SAFE_NAME.fullmatch(source.name) else "GAME_FILE.yaml"
        return f"tile-atlas print tiles {name} -o {slug}-tiles.pdf"
    return "tile-atlas print tiles GAMES_DIR -o prints/   # one PDF per game"


def build_print_page(build: GalleryBuild, game: Game) -> None:
    """Write `games/<id>/print/`."""
    slug = tile_slug(game.id)
    page = print_page(slug)
    head = [
        front_matter({"title": f"{esc(game.title)} — printable tiles"}),
        f"# {md_text(game.title)} — printable tiles",
        "",
    ]
    try:
        geometry, plans = sheet_plans(game, OPTIONS) if game.tiles else (None, [])
    except ValueError as exc:  # more tiles than a print run holds: say so, print nothing
        build.page(page, "\n".join([*head, md_text(str(exc)), ""]))
        return
    intro = [
        f"Every tile of [{md_text(game.title)}](../index.md) at true size, each as many times "
        "as the game has it (one copy of an unlimited tile): 38 mm between flats, the common "
        "1.5 in, packed edge to edge with thin cut lines, the tile number small in a free "
        f"corner. {len(plans)} A4 sheet(s).",
        "",
        "Print this page at **100 %** (*actual size*, not *fit to page*), without the "
        "browser's headers and footers: each sheet becomes one page. For Letter paper, other "
        "hex sizes, a bleed, backs for duplex printing or the map, make a vector PDF:",
        "",
        "```console",
        f"$ {_command(game, slug)}",
        "```",
        "",
    ]
    if geometry is None or not plans:
        body = ["This game has no tiles to print.", ""]
    else:
        sheets = [_sheet(build, page, game, geometry, plan, len(plans)) for plan in plans]
        block = "\n".join(['<div class="print-sheets" data-search-exclude>', *sheets, "</div>"])
        body = [build.raw(block), ""]
    build.page(page, "\n".join([*head, *intro, *body]))


def _sheet(build: GalleryBuild, page: str, game: Game, geometry: SheetGeometry,
           plan: SheetPlan, count: int) -> str:  # fmt: skip
    """One sheet as inline SVG at true size: the site's own tile drawings (each file once for
    the whole site) placed where the PDF places them, the numbers and cut lines on top."""
    layout, unit, half = geometry.layout, geometry.unit, geometry.half_box
    body = [sheet_caption(plan.label, geometry.margin_mm)]
    numbers = []
    spots: dict[tuple[str, str], NumberSpot | None] = {}
    for p in plan.placements:
        copy = p.copy
        drawing = rel(page, build.svg_asset(copy.code, copy.color, layout))
        body.append(svgpage.image(drawing, p.centre[0] - half, p.centre[1] - half, 2 * half))
        key = (copy.code, copy.color)
        if key not in spots:
            try:
                spots[key] = number_spot(copy.code, copy.color, layout)
            except ValueError:  # drawn as an error tile, which has no corner to spare
                spots[key] = None
        spot = spots[key]
        if spot is not None:
            numbers.append(number_text(copy.name, spot, p.centre, unit, layout))
    body.append(numbers_group(numbers))
    body.append(svgpage.cut_lines(geometry.cut_edges(plan.placements)))
    name = f"{game.title}: tile sheet {plan.number} of {count}"
    return svgpage.page(geometry.page_mm, body, name, class_="print-sheet", role="img")
