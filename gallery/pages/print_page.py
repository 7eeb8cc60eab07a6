"""A game's printable tile sheets: `games/<id>/print/` (#18, print-and-play from the site).

The page shows the very counter sheets `tile-atlas print tiles` turns into PDF
(`gallery.printing.tile_sheet_pages`: A4, 38 mm hexes, each tile repeated by its count), one
SVG file per sheet whose size is given in millimetres. On screen they are previews; printed
from the browser at 100 %, the page's print rules (assets/tiles.css) put each sheet on its own
A4 page with no margin of the browser's own, so a hex measures 38 mm on paper as in the PDF.
Other papers, sizes, bleed, backs and map sheets are the command's, and the page names it.
"""

from __future__ import annotations

import re
from pathlib import Path

from gallery.game import Game
from gallery.pages.context import GalleryBuild, GeneratedFile
from gallery.pages.paths import rel, tile_slug
from gallery.pagetext import esc, front_matter, md_text
from gallery.printing.options import TileSheetOptions
from gallery.printing.tiles import tile_sheet_pages

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
    """Write `games/<id>/print/` and its sheet drawings (`assets/print/<id>-tiles-<n>.svg`)."""
    slug = tile_slug(game.id)
    page = print_page(slug)
    head = [
        front_matter({"title": f"{esc(game.title)} — printable tiles"}),
        f"# {md_text(game.title)} — printable tiles",
        "",
    ]
    try:
        sheets = tile_sheet_pages(game, OPTIONS) if game.tiles else []
    except ValueError as exc:  # more tiles than a print run holds: say so, print nothing
        build.page(page, "\n".join([*head, md_text(str(exc)), ""]))
        return
    intro = [
        f"Every tile of [{md_text(game.title)}](../index.md) at true size, each as many times "
        "as the game has it (one copy of an unlimited tile): 38 mm between flats, the common "
        "1.5 in, packed edge to edge with thin cut lines, the tile number small in a free "
        f"corner. {len(sheets)} A4 sheet(s).",
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
    images = []
    for number, svg in enumerate(sheets, start=1):
        asset = f"assets/print/{slug}-tiles-{number}.svg"
        build.files.append(GeneratedFile(asset, svg + "\n"))
        alt = esc(f"{game.title}: tile sheet {number} of {len(sheets)}")
        images.append(
            f'<img src="{esc(rel(page, asset))}" alt="{alt}" width="794" height="1123" '
            'loading="lazy">'
        )
    if not images:
        body = ["This game has no tiles to print.", ""]
    else:
        body = ['<div class="print-sheets" data-search-exclude>', *images, "</div>", ""]
    build.page(page, "\n".join([*head, *intro, *body]))
