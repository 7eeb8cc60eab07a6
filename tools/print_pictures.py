"""Make the two pictures of the "Print and export" page from our own print pipeline.

`docs/usage/img/print-tile-sheet.png` (the first counter sheet of Shikoku 1889) and
`print-map-sheet.png` (its second map sheet) are the very page SVGs that `tile-atlas print`
turns into PDF (`gallery.printing`), rasterised by cairosvg, the library behind
`tile-atlas render -o tile.png`. Small (64 dpi, a few tens of kB each) so they can be committed;
run again after changing how sheets look, so the page never shows an old sheet.

Usage: python tools/print_pictures.py [-o docs/usage/img] [--game games/1889.yaml] [--force]
Written through gallery.output: files tile-atlas did not write are replaced only with --force.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cairosvg  # noqa: E402
from PIL import Image  # noqa: E402

from gallery.native import load_game  # noqa: E402
from gallery.output import OutputConflict, write_files  # noqa: E402
from gallery.printing import (  # noqa: E402
    MapSheetOptions,
    TileSheetOptions,
    map_sheet_pages,
    tile_sheet_pages,
)

DPI = 64  # an A4 page becomes 530 x 749 pixels: the sheet is recognisable, the file small


def picture(page_svg: str) -> bytes:
    """One page SVG as an optimised PNG on white (paper), at DPI."""
    png = cairosvg.svg2png(bytestring=page_svg.encode("utf-8"), dpi=DPI, unsafe=False)
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    paper = Image.new("RGBA", image.size, "white")
    out = io.BytesIO()
    Image.alpha_composite(paper, image).convert("RGB").save(out, "PNG", optimize=True)
    return out.getvalue()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--out", type=Path, default=ROOT / "docs" / "usage" / "img")
    parser.add_argument("--game", type=Path, default=ROOT / "games" / "1889.yaml")
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args(argv)
    game = load_game(args.game)
    tiles = tile_sheet_pages(game, TileSheetOptions())
    maps = map_sheet_pages(game, MapSheetOptions())
    sheet = maps[2] if len(maps) > 2 else maps[-1]  # page 0 is the index when there are sheets
    files = {"print-tile-sheet.png": picture(tiles[0]), "print-map-sheet.png": picture(sheet)}
    try:
        result = write_files(args.out, files, force=args.force)
    except OutputConflict as exc:
        print(exc, file=sys.stderr)
        return 1
    for name in result.written:
        print(f"wrote {args.out / name} ({len(files[name]) // 1024} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
