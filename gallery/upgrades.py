"""A game's legal upgrades: for every supply tile and preprinted hex, what it may become.

The rules themselves live in `tile_lang.upgrades` (they only need tile strings); this module
adds what only a game knows: its supply, which colours its phases offer, and its map, where a
new exit must lead to a passable neighbour (the map edge, an impassable border, or a red, gray
or blue neighbour whose track does not face back all close an edge, as in the engine's
`Game#connect_hexes`).

Tiles that block lays (an icon with `blocks_lay`, such as 1889's port tile 437) are never offered
by the engine's track step; only a special ability lays them. They are kept apart in
`UpgradeTables.blocks_lay` rather than dropped, so a chart can still show them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gallery.game import Game, MapHex
from gallery.native import coord_position
from tile_lang import TileSyntaxError
from tile_lang.upgrades import ALL_EDGES, ShapeCache, UpgradeShape, check_rotations

#: `{from: {to: rotations}}`: `from` a supply tile name or hex coordinate, `to` a supply tile.
Table = dict[str, dict[str, tuple[int, ...]]]

#: Colours of map hexes that only connect where their own track faces back (the engine's
#: `IMPASSABLE_HEX_COLORS`).
IMPASSABLE_HEX_COLORS = frozenset({"blue", "gray", "red"})

#: The engine's neighbour offsets in its doubled coordinates (`Hex::DIRECTIONS`), per edge.
DIRECTIONS = {
    "flat": ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
    "pointy": ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1)),
}


@dataclass(frozen=True)
class UpgradeTables:
    """Everything inferred for one game.

    `legal`: what the engine offers. `blocks_lay`: the same rules applied to supply tiles that
    block lays. `lay_rejected`: rotations that pass every other check but fail the lay-time check
    ("new track must override old one"), left out of `legal`. `unreadable`: tiles and hexes
    whose code does not parse (shown as error tiles elsewhere; they take no part here).
    """

    legal: Table
    blocks_lay: Table
    lay_rejected: Table = field(default_factory=dict)
    unreadable: tuple[str, ...] = ()


def offered_colors(game: Game) -> frozenset[str]:
    """The tile colours a new tile may have: the phases' colours when known, else the supply's."""
    if game.phase_colors is not None:
        return frozenset(game.phase_colors)
    return frozenset(t.color for t in game.tiles.values())


def open_edges(game: Game) -> dict[str, int]:
    """For every map hex, the mask of edges that lead to a passable neighbour."""
    directions = DIRECTIONS[game.layout]
    places: dict[tuple[int, int], MapHex] = {}
    where: dict[str, tuple[int, int]] = {}
    for coord, h in game.hexes.items():
        try:
            xy = coord_position(coord, game.axes)
        except ValueError:
            continue
        places[xy] = h
        where[coord] = xy
    shapes = ShapeCache()
    result: dict[str, int] = {}
    for coord, (x, y) in where.items():
        own = _shape(shapes, game.hexes[coord])
        walled = _impassable_borders(own)
        mask = 0
        for edge, (dx, dy) in enumerate(directions):
            neighbour = places.get((x + dx, y + dy))
            if neighbour is None or edge in walled:
                continue
            if neighbour.color in IMPASSABLE_HEX_COLORS:
                other = _shape(shapes, neighbour)
                facing = (edge + 3) % 6
                if other is None or not other.turns[0].exits >> facing & 1:
                    continue
            mask |= 1 << edge
        result[coord] = mask
    return result


def _shape(shapes: ShapeCache, h: MapHex) -> UpgradeShape | None:
    try:
        return shapes.get(h.code, h.color)
    except TileSyntaxError:
        return None


def _impassable_borders(shape: UpgradeShape | None) -> frozenset[int]:
    return shape.impassable if shape is not None else frozenset()


def upgrade_tables(
    game: Game, *, on_map: bool = False, shapes: ShapeCache | None = None
) -> UpgradeTables:
    """Every legal upgrade of `game` under the engine's base rules (see `upgrade_table`)."""
    shapes = shapes if shapes is not None else ShapeCache()
    colors = offered_colors(game)
    unreadable: list[str] = []
    supply: list[tuple[str, UpgradeShape]] = []
    for name, entry in game.tiles.items():
        try:
            supply.append((name, shapes.get(entry.code, entry.color)))
        except TileSyntaxError:
            unreadable.append(name)
    targets = [(name, shape) for name, shape in supply if shape.color in colors]
    origins = [] if on_map else [(name, shape, ALL_EDGES) for name, shape in supply]
    edges = open_edges(game) if on_map else {}
    for coord, h in game.hexes.items():
        try:
            shape = shapes.get(h.code, h.color)
        except TileSyntaxError:
            unreadable.append(coord)
            continue
        origins.append((coord, shape, edges.get(coord, 0) if on_map else ALL_EDGES))
    legal: Table = {}
    blocked: Table = {}
    rejected: Table = {}
    for origin, old, mask in origins:
        row: dict[str, tuple[int, ...]] = {}
        for name, new in targets:
            verdict = check_rotations(old, new, open_edges=mask)
            if verdict.lay_rejected:
                rejected.setdefault(origin, {})[name] = verdict.lay_rejected
            if not verdict.legal:
                continue
            if new.blocks_lay:
                blocked.setdefault(origin, {})[name] = verdict.legal
            else:
                row[name] = verdict.legal
        legal[origin] = row
    return UpgradeTables(legal, blocked, rejected, tuple(dict.fromkeys(unreadable)))


def upgrade_table(game: Game, *, on_map: bool = False) -> Table:
    """`{from: {to: rotations}}` for every supply tile and preprinted hex of `game`.

    `from` is a supply tile name or a hex coordinate, `to` a supply tile name, rotations those of
    the new tile with the old one at rotation 0 (a hex as printed). Pairs with no legal rotation
    are absent; every origin has a row, empty when nothing may replace it. With `on_map=True`
    only map hexes are listed, on the real map: map edges, impassable borders and impassable
    neighbours close edges. Supply tiles that block lays are left out (see `upgrade_tables`).
    """
    return upgrade_tables(game, on_map=on_map).legal
