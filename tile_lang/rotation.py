"""Rotating a tile: which parts turn with it and which stay put (facts §2.3).

Rotation r turns track clockwise by 60°·r: path edges become (e + r) mod 6 and a stop's numeric
`loc` becomes (loc + r) mod 6. Labels, upgrades, icons, borders, partitions, stubs, frames and
stripes do not rotate (their positions are re-chosen around the track by the layout instead).
Rotation 0 still normalises edges >= 6, as the engine does when it displays a tile.
"""

from __future__ import annotations

from dataclasses import replace

from tile_lang.model import City, EdgeRef, Endpoint, Halt, Loc, Part, Path, Tile, Town


def _turn_end(end: Endpoint, r: int) -> Endpoint:
    if isinstance(end, EdgeRef):
        edge = (end.edge + r) % 6
        return end if edge == end.edge else EdgeRef(edge)
    return end


def _turn_loc(loc: Loc | None, r: int) -> Loc | None:
    if loc is None or loc == "center":
        return loc
    return (loc + r) % 6


def _turn(part: Part, r: int) -> Part:
    """`part` turned; the very same object when turning leaves it as it is (rotation 0 of a
    tile whose edges and locs are already below 6), so a tile that does not change keeps its
    parts and `rotate` can return it whole. A path is built directly (`dataclasses.replace`
    costs several times more, and every path of every drawn rotation is turned)."""
    if isinstance(part, Path):
        a, b = _turn_end(part.a, r), _turn_end(part.b, r)
        if a is part.a and b is part.b:
            return part
        return Path(a=a, b=b, terminal=part.terminal, ignore=part.ignore, track=part.track,
                    lanes=part.lanes, a_lane=part.a_lane, b_lane=part.b_lane)  # fmt: skip
    if isinstance(part, City | Town | Halt) and part.loc is not None:
        loc = _turn_loc(part.loc, r)
        return part if loc == part.loc else replace(part, loc=loc)
    return part


def rotate(tile: Tile, rotation: int) -> Tile:
    """The tile turned clockwise by `rotation` sixths (any integer; taken modulo 6). Rotation 0
    of a tile with nothing to normalise is the tile itself (with its computed views)."""
    r = rotation % 6
    parts = tuple(_turn(p, r) for p in tile.parts)
    if all(new is old for new, old in zip(parts, tile.parts, strict=True)):
        return tile
    return Tile(parts, tile.spans)
