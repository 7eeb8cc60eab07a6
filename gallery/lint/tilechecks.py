"""Checks of one tile string that go beyond its syntax: what the string says is consistent.

`tile_lang.check` says whether a string is well formed; these say whether what it describes can
be right: a city or town that no path reaches (in a tile that has paths), the same path written
twice, and two borders on one edge. Each finding is a `Diagnostic` whose `column` is the 0-based
offset of the part at fault in the string (like `tile_lang.check`'s), placed in the Ruby file by
the caller.
"""

from __future__ import annotations

from collections.abc import Iterator

from gallery.lint.findings import BORDER_TWICE, REPEATED_PATH, UNREACHED_STOP
from tile_lang import Diagnostic, Tile, TileSyntaxError, parse
from tile_lang.parts import Border, City, EdgeRef, Halt, NodeRef, Path, Town


def tile_findings(code: str) -> list[Diagnostic]:
    """The consistency findings of `code` (none when it does not parse: `check` reports that)."""
    try:
        tile = parse(code)
    except TileSyntaxError:
        return []
    return [*_unreached_stops(tile), *_repeated_paths(tile), *_double_borders(tile)]


def _at(tile: Tile, index: int, code: str, message: str, hint: str) -> Diagnostic:
    span = tile.spans[index]
    return Diagnostic(
        severity="warning",
        message=message,
        code=code,
        column=span.start,
        width=max(span.end - span.start, 1),
        hint=hint,
    )


def _unreached_stops(tile: Tile) -> Iterator[Diagnostic]:
    paths = [p for p in tile.parts if isinstance(p, Path)]
    if not paths:
        return
    reached = {end.index for p in paths for end in (p.a, p.b) if isinstance(end, NodeRef)}
    node_indexes = {id(n): i for i, n in enumerate(tile.nodes)}
    for index, part in enumerate(tile.parts):
        node = node_indexes.get(id(part), -1)
        if node < 0 or not isinstance(part, City | Town | Halt) or node in reached:
            continue
        kind = "city" if isinstance(part, City) else "town"
        yield _at(
            tile,
            index,
            UNREACHED_STOP,
            f"no path reaches this {kind} (node _{node}) though the tile has paths",
            f"add `path=a:EDGE,b:_{node}`, or check the `_N` numbers of the paths "
            "(nodes count cities, towns and offboards in written order)",
        )


def _path_key(path: Path) -> tuple[object, ...]:
    """A path with its ends in a fixed order: `a:0,b:_0` and `a:_0,b:0` are the same track."""
    ends = sorted((path.a, path.b), key=lambda e: (isinstance(e, NodeRef), _end_number(e)))
    rest = (path.terminal, path.ignore, path.track, path.lanes, path.a_lane, path.b_lane)
    return (*ends, *rest)


def _end_number(end: EdgeRef | NodeRef) -> int:
    return end.index if isinstance(end, NodeRef) else end.edge % 6


def _repeated_paths(tile: Tile) -> Iterator[Diagnostic]:
    seen: dict[tuple[object, ...], int] = {}
    for index, part in enumerate(tile.parts):
        if not isinstance(part, Path) or part.lanes or part.a_lane or part.b_lane:
            continue
        key = _path_key(part)
        if key in seen:
            yield _at(
                tile,
                index,
                REPEATED_PATH,
                f"the same path as part {seen[key] + 1} of the string",
                "delete one of the two (the engine draws and routes them as two tracks)",
            )
        else:
            seen[key] = index


def _double_borders(tile: Tile) -> Iterator[Diagnostic]:
    seen: dict[int, int] = {}
    for index, part in enumerate(tile.parts):
        if not isinstance(part, Border):
            continue
        edge = part.edge % 6
        if edge in seen:
            yield _at(
                tile,
                index,
                BORDER_TWICE,
                f"a second border on edge {edge} (part {seen[edge] + 1} is one already)",
                "keep one `border=edge:N` per edge, with all its keys",
            )
        else:
            seen[edge] = index
