"""The map itself: each hex defined once, on the grid, no holes, borders on both sides of an
edge, and names where the game names its cities.

`hex-twice` reads the syntax (Ruby merges a repeated hash key and keeps only the last, so the
value loses what the file says twice); the others read the map the importer builds, and report
at the place the hex is written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from gallery.lint.findings import BORDER_ONE_SIDE, HEX_TWICE, MAP_HOLE, STRAY_HEX, UNNAMED_CITY
from gallery.lint.gamefiles import FileFacts
from gallery.lint.gameview import GameView
from gallery.lint.literals import read_string
from gallery.lint.places import Spot
from gallery.lint.rubytree import Fragment
from gallery.native import coord_position
from gallery.upgrades import DIRECTIONS, IMPASSABLE_HEX_COLORS
from tile_lang import Diagnostic
from tile_lang.parts import Border

Finding = tuple[Diagnostic, FileFacts]


def _twice_in(fragment: Fragment, facts: FileFacts) -> Iterator[Finding]:
    groups: dict[str, int] = {}
    for colour, key in fragment.groups:
        if colour in groups:
            spot = facts.spot(key)
            yield (
                spot.finding(
                    "error",
                    HEX_TWICE,
                    f"a second `{colour}` group in this map (the first is on line "
                    f"{groups[colour]}): Ruby keeps only this one, the hexes of the first are lost",
                    "merge the two groups into one",
                ),
                facts,
            )
        else:
            groups[colour] = facts.spot(key).line
    first: dict[str, Spot] = {}
    for hex_def in fragment.hexes:
        spot = facts.spot(hex_def.node)
        before = first.setdefault(hex_def.coord, spot)
        if before is not spot:
            yield (
                spot.finding(
                    "error",
                    HEX_TWICE,
                    f"hex {hex_def.coord} is defined a second time in this map (first on line "
                    f"{before.line}, column {before.column})",
                    "keep one definition: the engine builds both and the map shows only one",
                ),
                facts,
            )


def twice_findings(view: GameView) -> Iterator[Finding]:
    """hex-twice: in each map fragment of the game's files."""
    for facts in view.files:
        for fragment in facts.fragments:
            if fragment.groups:
                yield from _twice_in(fragment, facts)


def _places(view: GameView) -> dict[tuple[int, int], str]:
    places: dict[tuple[int, int], str] = {}
    for coord in view.game.hexes:
        try:
            places[coord_position(coord, view.game.axes)] = coord
        except ValueError:
            continue
    return places


def _coordinate(x: int, y: int, view: GameView) -> str:
    """The inverse of `coord_position`: `E12` for its (x, y)."""
    axes = view.game.axes
    letter, number = (x, y) if axes.x == "letter" else (y, x)
    if letter < 0:
        letters = chr(ord("a") - letter - 1)
    elif letter >= 26:
        letters = "A" + chr(ord("A") + letter - 26)
    else:
        letters = chr(ord("A") + letter)
    return f"{letters}{number + 1}"


def _at_hex(view: GameView, coord: str) -> tuple[Spot, FileFacts] | None:
    return view.hex_spot(coord)


def grid_findings(view: GameView) -> Iterator[Finding]:
    """stray-hex and map-hole, against the grid the map's own hexes follow."""
    if view.map_undecided is not None or len(view.game.hexes) < 12:
        return
    places = _places(view)
    parity = Counter((x + y) % 2 for x, y in places)
    usual = parity.most_common(1)[0][0]
    strays = [xy for xy in places if (xy[0] + xy[1]) % 2 != usual]
    if strays and len(strays) <= max(3, len(places) // 50):
        for xy in strays:
            found = _at_hex(view, places[xy])
            if found is not None:
                spot, facts = found
                yield (
                    spot.finding(
                        "warning",
                        STRAY_HEX,
                        f"hex {places[xy]} is off the map's grid: its letter and number do not "
                        f"add up like those of the other {parity[usual]} hexes",
                        "the engine draws it overlapping its neighbours; check the coordinate",
                    ),
                    facts,
                )
    yield from _holes(view, places, usual)


def _holes(view: GameView, places: dict[tuple[int, int], str], usual: int) -> Iterator[Finding]:
    directions = DIRECTIONS[view.game.layout]
    candidates = {
        (x + dx, y + dy) for x, y in places for dx, dy in directions if (x + y) % 2 == usual
    }
    for x, y in sorted(candidates - set(places)):
        neighbours = [places.get((x + dx, y + dy)) for dx, dy in directions]
        if None in neighbours:
            continue
        coord = _coordinate(x, y, view)
        if coord in view.coordinates:
            continue  # defined by a variant of the map
        found = _at_hex(view, str(neighbours[0]))
        if found is not None:
            spot, facts = found
            yield (
                spot.finding(
                    "warning",
                    MAP_HOLE,
                    f"no hex {coord}, though all six of its neighbours are on the map "
                    f"({', '.join(str(n) for n in neighbours)}); reported at the first of them",
                    f"add {coord} to the map's HEXES (as `''` for a blank hex)",
                ),
                facts,
            )


def _city_hexes(view: GameView) -> list[str]:
    cities = []
    for coord, h in view.game.hexes.items():
        tile = view.hex_tile(coord)
        if tile is not None and tile.cities and h.color not in ("red", "gray", "grey"):
            cities.append(coord)
    return cities


def name_findings(view: GameView) -> Iterator[Finding]:
    """unnamed-city: the one or two city hexes without a name where the game names the rest."""
    if view.map_undecided is not None:
        return
    names = view.game.location_names
    cities = _city_hexes(view)
    unnamed = [c for c in cities if c not in names]
    named = len(cities) - len(unnamed)
    if not unnamed or len(unnamed) > 2 or named < 5 * len(unnamed):
        return
    for coord in unnamed:
        found = _at_hex(view, coord)
        if found is None:
            continue
        spot, facts = found
        yield (
            spot.finding(
                "warning",
                UNNAMED_CITY,
                f"city hex {coord} has no location name, though the game names its other "
                f"{named} city hexes",
                _misplaced_name(view, coord) or "add it to LOCATION_NAMES",
            ),
            facts,
        )


def _misplaced_name(view: GameView, coord: str) -> str | None:
    """A hint when a neighbour without a city or town carries a name (1861's Perm on P0)."""
    names = view.game.location_names
    x, y = coord_position(coord, view.game.axes)
    places = _places(view)
    for dx, dy in DIRECTIONS[view.game.layout]:
        other = places.get((x + dx, y + dy))
        tile = view.hex_tile(other) if other is not None else None
        if other in names and tile is not None and not (tile.cities or tile.towns):
            return (
                f"the neighbouring hex {other}, which has no city or town, is named "
                f"{names[str(other)]!r}: does the name belong to {coord}?"
            )
    return None


def _border_spot(view: GameView, coord: str, index: int) -> tuple[Spot, FileFacts] | None:
    """The place of part `index` of hex `coord`'s code, or of the coordinate."""
    found = view.hex_defs.get(coord)
    tile = view.hex_tile(coord)
    if found is None or tile is None:
        return None
    hex_def, facts = found
    literal = (
        read_string(hex_def.code) if hex_def.code.type in ("string", "chained_string") else None
    )
    if literal is None or literal.runtime or literal.value != view.game.hexes[coord].code:
        return facts.spot(hex_def.node), facts
    span = tile.spans[index]
    line, column = facts.text.position(literal.offset_of(span.start))
    return Spot(facts.name, line, column, max(span.end - span.start, 1), line - 1), facts


def border_findings(view: GameView) -> Iterator[Finding]:
    """border-one-side: a border whose neighbour across the edge has none facing it."""
    if view.map_undecided is not None:
        return
    places = _places(view)
    directions = DIRECTIONS[view.game.layout]
    for coord in view.game.hexes:
        tile = view.hex_tile(coord)
        if tile is None:
            continue
        for index, part in enumerate(tile.parts):
            if not isinstance(part, Border):
                continue
            found = _one_sided(view, places, directions, coord, part)
            where = _border_spot(view, coord, index) if found else None
            if found and where is not None:
                spot, facts = where
                yield spot.finding("warning", BORDER_ONE_SIDE, found[0], found[1]), facts


def _one_sided(
    view: GameView,
    places: dict[tuple[int, int], str],
    directions: tuple[tuple[int, int], ...],
    coord: str,
    border: Border,
) -> tuple[str, str] | None:
    x, y = coord_position(coord, view.game.axes)
    edge = border.edge % 6
    dx, dy = directions[edge]
    other = places.get((x + dx, y + dy))
    if other is None or view.game.hexes[other].color in IMPASSABLE_HEX_COLORS:
        return None
    facing = (edge + 3) % 6
    tile = view.hex_tile(other)
    if tile is None or any(isinstance(p, Border) and p.edge % 6 == facing for p in tile.parts):
        return None
    return (
        f"a border on edge {edge} of {coord}, but none on edge {facing} of {other} across it",
        f"add `border=edge:{facing}` (same type and cost) to {other}: the engine checks a "
        "border from the side it is on only",
    )
