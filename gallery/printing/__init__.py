"""Print-and-play: true-size vector PDFs of a game's tiles (counter sheets) and map.

Pages are composed as SVG in millimetres from the renderer's own tile drawings and turned into
one PDF by cairosvg + pypdf (see `pdf`). The pieces: `geometry` (paper, hex lattice in mm),
`options` (checked user choices), `tiles` (counter sheets), `mapsheet` (map pages), `svgpage`
(the page writer); the command is `gallery.cli.print_`.
"""

from gallery.printing.mapsheet import map_sheet_pages, plan_map
from gallery.printing.options import MapSheetOptions, TileSheetOptions
from gallery.printing.pdf import pages_to_pdf
from gallery.printing.tiles import tile_copies, tile_sheet_pages

__all__ = [
    "MapSheetOptions",
    "TileSheetOptions",
    "map_sheet_pages",
    "pages_to_pdf",
    "plan_map",
    "tile_copies",
    "tile_sheet_pages",
]
