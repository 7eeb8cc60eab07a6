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
    return EdgeRef((end.edge + r) % 6) if isinstance(end, EdgeRef) else end


def _turn_loc(loc: Loc | None, r: int) -> Loc | None:
    if loc is None or loc == "center":
        return loc
    return (loc + r) % 6


def _turn(part: Part, r: int) -> Part:
    if isinstance(part, Path):
        return replace(part, a=_turn_end(part.a, r), b=_turn_end(part.b, r))
    if isinstance(part, City | Town | Halt) and part.loc is not None:
        return replace(part, loc=_turn_loc(part.loc, r))
    return part


def rotate(tile: Tile, rotation: int) -> Tile:
    """The tile turned clockwise by `rotation` sixths (any integer; taken modulo 6)."""
    r = rotation % 6
    return Tile(tuple(_turn(p, r) for p in tile.parts), tile.spans)
