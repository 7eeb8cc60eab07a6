"""GE18XX importer: Krazick's GE18XX XML (tile definitions, tile sets, maps) as our `Game`.

A GE18XX folder holds `Tiles/*-Tile-Definitions.xml` (the tiles of every game) and one folder
per game with `<game>-TileSet.xml` (tile supply, quantities, upgrades with allowed rotations)
and `<game>-Map.xml` (rows of map cells). `import_ge18xx(folder, game_id)` reads one game;
`import_ge18xx_folder(folder, out_dir)` writes every game as our YAML (`tile-atlas import
ge18xx`).

How GE18XX terms become tile-language terms:

==============================  ================================================================
GE18XX                          tile language
==============================  ================================================================
side s (0 = top of a flat hex,  edge (s + 3) % 6 on a flat map; on a pointy map GE18XX turns its
clockwise)                      diagram 90° counter-clockwise (side 0 on the left), edge
                                (s + 1) % 6. 18xx.games: edge 0 at the bottom (flat) or lower
                                left (pointy), clockwise. Verified on 1830 and 1835, whose maps
                                exist in both programs, and on the shared catalog tiles.
orientation / upgrade rotation  the same number (both turn tiles clockwise)
revenue centre at 6–45, 50, 99  a node: city (Single/Double/Triple/Quad City: 1–4 slots; Two…Six
                                Cities: that many 1-slot cities), town (Small Town; Dot Town
                                with `style:dot`), offboard (Dead-End [Only] City); tracks to it
                                end at `_N`
Destination City                a company's destination marker: dropped; with revenues (red
                                tiles 9990/9994) it is the tile's off-board node
Private Railway                 a private company's marker: dropped
bare inner point                `junction` (two tracks through a bare point are one path)
city on track at a near-corner  `loc:<corner>` (as 18xx.games' own 54 does); a stop without
point 12–17, stop without       track gets the `loc` nearest its point (edge, corner or
track                           `center`); other stops on track are placed by the renderer
dead ends 90–95, 99             the path ends at the tile's off-board node (18xx.games draws the
                                tapered off-board track); with no off-board node a `stub`
NORMAL / METER / DUAL           broad / narrow / dual
TUNNEL                          broad (a tunnel is ordinary track under terrain)
FERRY                           thin (the light line 18xx.games has for non-rail links)
OVERPASS, METER[_ ]BASE,        dropped: they only paint GE18XX's under-/overpass gaps and
FERRY[_ ]BASE                   dashed-track backgrounds; 18xx.games draws crossings itself
Revenue phases                  one value: a number; n values: colours by position
                                (2: yellow|brown, 3: yellow|green|brown, 4: + gray)
TileName                        `label=`; names of map revenue centres are location names
positions of Revenue/TileName,  ignored: 18xx.games places revenues and labels itself and
Revenue layout (split, …)       draws phase revenues as a row of coloured boxes
TileSet Upgrade RevenueCenter   ignored (which station moves where on upgrade; no tile-language
from/to, BaseCityName           form)
tile type                       Yellow, Green, Brown, Grey, Red Off Board (red), Red-Brown
                                (brown), Ocean Ferry (blue)
==============================  ================================================================

Map coordinates and cells: see `gallery.ge18xx.maps`. Positions of inner points:
`gallery.ge18xx.locations`. Unknown elements or values give warnings with file:line:column and
the rest imports. XML is read with expat; entity declarations are refused and nothing external
is ever fetched (`gallery.ge18xx.xmlread`).
"""

from gallery.ge18xx.importer import (
    game_slug,
    import_ge18xx,
    import_ge18xx_folder,
    list_ge18xx_games,
    read_ge18xx,
)
from gallery.ge18xx.locations import point_loc, rotate_location, side_to_edge
from gallery.ge18xx.tiles import TileDefinition, load_tile_definitions, tile_code

__all__ = [
    "TileDefinition",
    "game_slug",
    "import_ge18xx",
    "import_ge18xx_folder",
    "list_ge18xx_games",
    "load_tile_definitions",
    "point_loc",
    "read_ge18xx",
    "rotate_location",
    "side_to_edge",
    "tile_code",
]
