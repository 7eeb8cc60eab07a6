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

from collections.abc import Iterable
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


def open_edges(game: Game, shapes: ShapeCache | None = None) -> dict[str, int]:
    """For every map hex, the mask of edges that lead to a passable neighbour.

    `shapes` is the caller's cache when it has one: every hex is read here, and the same
    shapes are wanted again by the upgrade tables."""
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
    shapes = shapes if shapes is not None else ShapeCache()
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


#: A row's pieces as (target name, rotations) pairs, in supply order: what the engine offers,
#: what only blocks lays, what the lay-time check rejects.
RowParts = tuple[
    tuple[tuple[str, tuple[int, ...]], ...],
    tuple[tuple[str, tuple[int, ...]], ...],
    tuple[tuple[str, tuple[int, ...]], ...],
]


#: One target's verdict over an origin with every edge open: (target name, target shape, legal
#: rotations, rotations only the lay-time check rejects).
Verdict = tuple[str, UpgradeShape, tuple[int, ...], tuple[int, ...]]


def _within(rotations: tuple[int, ...], new: UpgradeShape, mask: int) -> tuple[int, ...]:
    """The rotations of `new` whose exits all lead through an edge of `mask`."""
    if mask == ALL_EDGES:
        return rotations
    return tuple(r for r in rotations if not new.turns[r].exits & ~mask)


class UpgradeInference:
    """One game's upgrade inference, with every row computed once per distinct origin.

    Why: origins are every supply tile and every map hex (18_oe has about 1,500 hexes) against
    every supply tile, but a map repeats a few (code, colour) shapes and a few edge masks. A
    pair's verdict depends on the edge mask only through "every new exit is open"
    (`check_rotations`), so each distinct shape is checked once with all edges open
    (`_verdicts`), and a (shape, mask) row is that verdict with the rotations whose exits leave
    the mask dropped (`_row`). The tile-level and on-map tables share those verdicts. Only
    targets of the next colour rank are tried: `check_rotations` rejects every other one first.

    Owned by the caller for one game (`upgrade_tables`, `upgrade_tables_both`); it holds no
    state beyond that game.
    """

    def __init__(self, game: Game, shapes: ShapeCache | None = None) -> None:
        self.game = game
        self.shapes = shapes if shapes is not None else ShapeCache()
        colors = offered_colors(game)
        unreadable: list[str] = []
        self.supply = self._read(((n, e.code, e.color) for n, e in game.tiles.items()), unreadable)
        self.hexes = self._read(((c, h.code, h.color) for c, h in game.hexes.items()), unreadable)
        self.unreadable = tuple(dict.fromkeys(unreadable))
        #: Targets by colour rank, in supply order.
        self.targets: dict[int | None, list[tuple[str, UpgradeShape]]] = {}
        for name, shape in self.supply:
            if shape.color in colors:
                self.targets.setdefault(shape.rank, []).append((name, shape))
        self._verdicts: dict[int, tuple[Verdict, ...]] = {}
        self._rows: dict[tuple[int, int], RowParts] = {}
        #: The origin shapes by id (keeps them alive while their ids are keys here).
        self._held: dict[int, UpgradeShape] = {}

    def _read(self, items: Iterable[tuple[str, str, str]],
              unreadable: list[str]) -> list[tuple[str, UpgradeShape]]:  # fmt: skip
        """(key, shape) of each (key, code, colour) that parses; the others' keys go to
        `unreadable` (they are shown as error tiles elsewhere and take no part here)."""
        read = []
        for key, code, color in items:
            try:
                read.append((key, self.shapes.get(code, color)))
            except TileSyntaxError:
                unreadable.append(key)
        return read

    def _verdicts_of(self, old: UpgradeShape) -> tuple[Verdict, ...]:
        """The verdicts over `old` with all edges open, for the targets with any rotation."""
        found = self._verdicts.get(id(old))
        if found is None:
            out: list[Verdict] = []
            if old.rank is not None:
                for name, new in self.targets.get(old.rank + 1, ()):
                    verdict = check_rotations(old, new)
                    if verdict.legal or verdict.lay_rejected:
                        out.append((name, new, verdict.legal, verdict.lay_rejected))
            found = self._verdicts[id(old)] = tuple(out)
            self._held[id(old)] = old
        return found

    def _row(self, old: UpgradeShape, mask: int) -> RowParts:
        """The row of `old` when the edges of `mask` are open, as `check_rotations` gives it."""
        key = (id(old), mask)
        row = self._rows.get(key)
        if row is None:
            legal: list[tuple[str, tuple[int, ...]]] = []
            blocked: list[tuple[str, tuple[int, ...]]] = []
            rejected: list[tuple[str, tuple[int, ...]]] = []
            for name, new, ok, lay_rejected in self._verdicts_of(old):
                lost = _within(lay_rejected, new, mask)
                if lost:
                    rejected.append((name, lost))
                kept = _within(ok, new, mask)
                if kept:
                    (blocked if new.blocks_lay else legal).append((name, kept))
            row = self._rows[key] = (tuple(legal), tuple(blocked), tuple(rejected))
        return row

    def tables(self, *, on_map: bool = False) -> UpgradeTables:
        """The game's tables at tile level, or on the map (`upgrade_tables`)."""
        origins: list[tuple[str, UpgradeShape, int]] = (
            [] if on_map else [(name, shape, ALL_EDGES) for name, shape in self.supply]
        )
        if on_map:
            edges = open_edges(self.game, self.shapes)
            origins += [(coord, shape, edges.get(coord, 0)) for coord, shape in self.hexes]
        else:
            origins += [(coord, shape, ALL_EDGES) for coord, shape in self.hexes]
        legal: Table = {}
        blocked: Table = {}
        rejected: Table = {}
        for origin, old, mask in origins:
            row, blocks, lost = self._row(old, mask)
            if lost:
                rejected.setdefault(origin, {}).update(lost)
            if blocks:
                blocked.setdefault(origin, {}).update(blocks)
            legal[origin] = dict(row)
        return UpgradeTables(legal, blocked, rejected, self.unreadable)


def upgrade_tables(
    game: Game, *, on_map: bool = False, shapes: ShapeCache | None = None
) -> UpgradeTables:
    """Every legal upgrade of `game` under the engine's base rules (see `upgrade_table`)."""
    return UpgradeInference(game, shapes).tables(on_map=on_map)


def upgrade_tables_both(
    game: Game, shapes: ShapeCache | None = None
) -> tuple[UpgradeTables, UpgradeTables]:
    """`upgrade_tables` of `game` at tile level and on the map, sharing their checks (a hex's
    on-map row is its tile-level row less the rotations that leave the map)."""
    inference = UpgradeInference(game, shapes)
    return inference.tables(on_map=False), inference.tables(on_map=True)


def upgrade_table(game: Game, *, on_map: bool = False) -> Table:
    """`{from: {to: rotations}}` for every supply tile and preprinted hex of `game`.

    `from` is a supply tile name or a hex coordinate, `to` a supply tile name, rotations those of
    the new tile with the old one at rotation 0 (a hex as printed). Pairs with no legal rotation
    are absent; every origin has a row, empty when nothing may replace it. With `on_map=True`
    only map hexes are listed, on the real map: map edges, impassable borders and impassable
    neighbours close edges. Supply tiles that block lays are left out (see `upgrade_tables`).
    """
    return upgrade_tables(game, on_map=on_map).legal
