"""A game's printable tile sheets: `games/<id>/print/` (#18, print-and-play from the site).

The page shows the very counter sheets `tile-atlas print tiles` turns into PDF (A4, 38 mm
hexes, each tile repeated by its count), laid out by the same plan
(`gallery.printing.tiles.sheet_plans`), as inline SVG whose size is given in millimetres.
It costs next to nothing (#21): no file of its own besides the page and no drawing of its own.
Each tile is the site's one drawing of it (`assets/tiles/<digest>.svg`, the manifest's), placed
as an `<image>` once per sheet and repeated by `<use>`; its number is SVG text at the free
corner the render cache kept from drawing it (`tile_lang.tile_number`), where the PDF prints it.
On screen the sheets are previews; printed from the browser at 100 %, the page's print rules
(assets/tiles.css) put each sheet on its own A4 page with no margin of the browser's own, so a
hex measures 38 mm on paper as in the PDF. Other papers, sizes, bleed, backs and map sheets are
the command's, and the page names it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from gallery.game import Game
from gallery.pages.context import GalleryBuild
from gallery.pages.paths import rel, tile_slug
from gallery.pagetext import esc, front_matter, md_text
from gallery.printing.geometry import hex_corners
from gallery.printing.options import TileSheetOptions
from gallery.printing.svgpage import CUT_STROKE, CUT_WIDTH_MM, FONT, num, points
from gallery.printing.tiles import (
    CAPTION_FILL,
    CAPTION_MM,
    NUMBER_FONT_UNITS,
    SheetGeometry,
    SheetPlan,
    caption_at,
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


def _sheet(build: GalleryBuild, game: Game, page: str, geometry: SheetGeometry,
           plan: SheetPlan, count: int) -> dict[str, Any]:  # fmt: skip
    """One sheet for `print_sheets.html.j2`: each distinct tile once (drawing, cut line and
    number), then every copy at its hex's centre (mm, the PDF's plan and rounding)."""
    layout = geometry.layout
    sheet_id = f"ta-sheet{plan.number}"
    ids: dict[tuple[str, str, str], str] = {}
    tiles: list[dict[str, Any]] = []
    copies: list[dict[str, str]] = []
    half = geometry.half_box
    for placed in plan.placements:
        c = placed.copy
        ref = ids.get((c.name, c.code, c.color))
        if ref is None:
            ref = ids[(c.name, c.code, c.color)] = f"{sheet_id}-{len(ids)}"
            # the manifest's drawing (a visible error tile for a bad code, unnumbered as in
            # the PDF); its number corner is the render cache's by-product of drawing it
            href = rel(page, build.svg_asset(c.code, c.color, layout))
            try:
                x, y = geometry.number_at(build.renders.number_spot(c.code, c.color, layout))
                number: str | None = c.name if OPTIONS.numbers else None
            except ValueError:
                x = y = 0.0
                number = None
            tiles.append(
                {
                    "id": ref,
                    "href": href,
                    "half": num(half),
                    "box": num(2 * half),
                    "number": number,
                    "x": num(x),
                    "y": num(y),
                }
            )
        copies.append({"tile": ref, "x": num(placed.centre[0]), "y": num(placed.centre[1])})
    caption_x, caption_y = caption_at(geometry.margin_mm)
    return {
        "id": sheet_id,
        "hex": points(hex_corners(layout, geometry.unit)),
        "width": num(geometry.page_mm[0]),
        "height": num(geometry.page_mm[1]),
        "label": plan.label,
        "alt": f"{game.title}: tile sheet {plan.number} of {count}",
        "caption_x": num(caption_x),
        "caption_y": num(caption_y),
        "number_size": num(NUMBER_FONT_UNITS * geometry.unit),
        "tiles": tiles,
        "copies": copies,
    }


def build_print_page(build: GalleryBuild, game: Game) -> None:
    """Write `games/<id>/print/`: its sheets are inline SVG over the site's tile drawings."""
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
        build.templates.fragment(
            "print_intro.html.j2",
            title=game.title,
            overview_href=build.link("../index.md"),
            sheets=len(plans),
        ),
        "",
        "```console",
        f"$ {_command(game, slug)}",
        "```",
        "",
    ]
    if geometry is None or not plans:
        body = ["This game has no tiles to print.", ""]
    else:
        html = build.templates.fragment(
            "print_sheets.html.j2",
            sheets=[_sheet(build, game, page, geometry, p, len(plans)) for p in plans],
            font=FONT,
            cut_stroke=CUT_STROKE,
            cut_width=num(CUT_WIDTH_MM),
            caption_size=num(CAPTION_MM),
            caption_fill=CAPTION_FILL,
        )
        body = [build.raw(str(html)), ""]
    build.page(page, "\n".join([*head, *intro, *body]))
