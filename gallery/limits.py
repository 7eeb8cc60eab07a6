"""Every bound on the size of a game, for every game source, in one table.

Why: game files, GE18XX folders and 18xx.games checkouts arrive from people the site's owner
does not know, and a few bytes can ask for a lot: `quantity="1000000000000"` once built a
million million printable copies, 24 hexes far apart once made a map of 5,490 registration
marks per printed page. Each source applies these bounds as it reads (`bound_game` for what is
the same in every format), so anything that reaches the page builders is small enough to
draw; a value out of range is a diagnostic at its file and line naming the limit, and the game
is still shown with the value clamped.

How they were chosen: from what the real data uses (18xx.games at the corpus commit, whose
largest game, 18OE, has 1,492 hexes; 18ESP's 138 tiles), with at least twice that as
headroom, so no real game is touched. Tiles per game also bound a game's upgrade chart, which
draws each tile's upgrades: 300 tiles that all upgrade to one another give a 7 MB chart page.
The tile language's own bounds (numbers inside a tile string) are `tile_lang.limits`;
docs/security.md shows this table and a test keeps the two identical.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gallery.game import Game, MapHex, SourceRef, TileEntry, coord_position
from tile_lang import Diagnostic


@dataclass(frozen=True)
class Limit:
    """A maximum, what it counts, and what the real data uses (for the docs)."""

    high: int
    what: str
    real: str

    def exceeded(self, value: int) -> bool:
        return value > self.high


TILE_COUNT = Limit(999_999, "copies of one tile in a game's supply", "99 (18OE)")
TILES_PER_GAME = Limit(300, "tiles in one game's supply", "138 (18ESP)")
HEXES_PER_GAME = Limit(5_000, "map hexes of one game", "1,492 (18OE)")
MAP_EXTENT = Limit(250, "columns or rows a map spans, outermost hex to outermost hex", "89 (18OE)")
ID_LENGTH = Limit(64, "characters of a game id", "about 25")
PRINT_COPIES = Limit(5_000, "tiles printed for one game (`tile-atlas print tiles`)", "about 400")
PRINT_PAGES = Limit(300, "pages of one map print (`tile-atlas print map`)", "about 40")
FILE_BYTES = Limit(16 * 2**20, "bytes of one game source file", "about 300,000")

#: The table in the order docs/security.md lists it.
LIMITS: dict[str, Limit] = {
    "tile count": TILE_COUNT,
    "tiles per game": TILES_PER_GAME,
    "hexes per game": HEXES_PER_GAME,
    "map extent": MAP_EXTENT,
    "game id": ID_LENGTH,
    "printed tiles": PRINT_COPIES,
    "print pages": PRINT_PAGES,
    "file size": FILE_BYTES,
}


def over_limit(limit: Limit, found: object, where: SourceRef, field: str, done: str) -> Diagnostic:
    """The error for a value beyond `limit` at `where`; `done` says what was done instead."""
    return Diagnostic(
        severity="error",
        message=f"{found} {limit.what}: at most {limit.high:,}; {done}",
        code="limit",
        file=where.file,
        line=where.line,
        field=field,
    )


def _counts(game: Game, where: SourceRef) -> tuple[dict[str, TileEntry], list[Diagnostic]]:
    tiles: dict[str, TileEntry] = {}
    found: list[Diagnostic] = []
    for name, entry in game.tiles.items():
        if entry.count is not None and TILE_COUNT.exceeded(entry.count):
            shown = str(entry.count) if entry.count < 10**30 else "a number this large"
            done = f"{TILE_COUNT.high:,} used"
            found.append(over_limit(TILE_COUNT, shown, where, f"tiles.{name}.count", done))
            entry = replace(entry, count=TILE_COUNT.high)
        if len(tiles) < TILES_PER_GAME.high:
            tiles[name] = entry
    if TILES_PER_GAME.exceeded(len(game.tiles)):
        done = f"the first {TILES_PER_GAME.high:,} are shown"
        found.append(over_limit(TILES_PER_GAME, len(game.tiles), where, "tiles", done))
    return tiles, found


def _span(positions: list[int]) -> int:
    return max(positions) - min(positions) + 1 if positions else 0


def _hexes(game: Game, where: SourceRef) -> tuple[dict[str, MapHex], list[Diagnostic]]:
    found: list[Diagnostic] = []
    hexes = dict(list(game.hexes.items())[: HEXES_PER_GAME.high])
    if len(hexes) < len(game.hexes):
        done = f"the first {HEXES_PER_GAME.high:,} are shown"
        found.append(over_limit(HEXES_PER_GAME, len(game.hexes), where, "hexes", done))
    placed = {}
    for coord in hexes:
        try:
            placed[coord] = coord_position(coord, game.axes)
        except ValueError:  # not a coordinate: its reader said so
            continue
    for axis, name in ((0, "columns"), (1, "rows")):
        values = sorted(p[axis] for p in placed.values())
        if _span(values) <= MAP_EXTENT.high:
            continue
        # keep a window of MAP_EXTENT around the middle hex: a stray far hex is the one cut
        middle = values[len(values) // 2]
        low, high = middle - MAP_EXTENT.high // 2, middle + MAP_EXTENT.high // 2
        cut = [c for c, p in placed.items() if not low <= p[axis] <= high]
        done = f"{len(cut)} hex(es) beyond {name} {low}..{high} left out ({', '.join(cut[:5])})"
        found.append(over_limit(MAP_EXTENT, _span(values), where, "hexes", done))
        for coord in cut:
            del placed[coord], hexes[coord]
    return hexes, found


def bound_game(
    game: Game, tiles_at: SourceRef, hexes_at: SourceRef
) -> tuple[Game, list[Diagnostic]]:
    """`game` within the table's bounds, and an error for each bound it went past (the
    supply's problems reported at `tiles_at`, the map's at `hexes_at`: where each starts)."""
    tiles, found = _counts(game, tiles_at)
    hexes, map_found = _hexes(game, hexes_at)
    found += map_found
    if not found:
        return game, []
    names = {c: n for c, n in game.location_names.items() if c in hexes or not game.hexes}
    return replace(game, tiles=tiles, hexes=hexes, location_names=names), found
