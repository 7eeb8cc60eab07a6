"""GE18XX importer: Krazick's XML tile definitions, tile sets and maps turned into our Game.

Folder layout (as in GE18XX): `Tiles/*-Tile-Definitions.xml` plus one folder per game with
`<game>-TileSet.xml` (the manifest with quantities and allowed upgrade rotations) and
`<game>-Map.xml` (rows of map cells with terrain, preprinted tiles and revenue centres).

How GE18XX positions become tile-language positions (see also `locations`):

* **Sides.** GE18XX numbers sides clockwise from the top of a flat hex (side 0 at the top); for a
  pointy ("EW") map the same diagram is turned 90° counter-clockwise, so side 0 is on the left.
  18xx.games numbers edges clockwise from the bottom (flat) or lower-left (pointy). So a side s
  becomes edge (s + 3) mod 6 on a flat map and edge (s + 1) mod 6 on a pointy map: in both cases
  the track leaves the hex on screen exactly where GE18XX draws it.
* **Inner points** 6–45 and the centre 50 are where revenue centres sit; the track ends at the
  revenue centre (a `_N` node). Near-side points 6–11 and adjacent-to-side points 40–45 become
  `loc:<edge>`, near-corner points 12–17 become `loc:<corner>` (e.g. `2.5`) — only for stops
  without track, since 18xx.games places stops on track by itself; other inner points are left
  to that automatic placement.
* **Dead ends** 90–99: a track to a dead end belongs to the off-board revenue centre at 99 when
  there is one (GE18XX draws off-board arrows that way); otherwise it becomes a `stub`.
* **Gauges.** NORMAL → broad, METER → narrow, DUAL → dual, TUNNEL → broad (a tunnel is ordinary
  track under terrain), FERRY → thin (a thin dashed line, as ferries are drawn). OVERPASS,
  METER BASE and FERRY BASE only help GE18XX paint and are dropped: the 18xx renderer draws
  crossovers and gauge halos itself.
* **Phase revenues** list GE18XX phase numbers, not colours: n values become the 18xx.games
  usual colours by position (2: yellow, brown; 3: yellow, green, brown; 4: + gray).

Unknown elements or values give a warning with file:line; the rest imports.
"""

from gallery.ge18xx.importer import import_ge18xx, import_ge18xx_folder, list_ge18xx_games
from gallery.ge18xx.tiles import TileDefinition, load_tile_definitions, tile_code

__all__ = [
    "TileDefinition",
    "import_ge18xx",
    "import_ge18xx_folder",
    "list_ge18xx_games",
    "load_tile_definitions",
    "tile_code",
]
