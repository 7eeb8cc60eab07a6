"""Tile identity across games: when two tiles of the same number are the same tile, and when not.

Tile numbers are not unique across publishers: one game's 57 may be another's 57 drawn turned,
or a different tile altogether. Two tiles are **the same tile** when they have the same colour
and look the same at some rotation: the engine turns tiles freely, GE18XX draws some tiles in
another base orientation, and where a city sits (`loc`) is a drawing detail. Anything else
(other track, revenue, label, slots, colour) makes a **conflict**: one number, different tiles.

`find_conflicts` lists every number with more than one tile among the generic catalog and the
games given (18xx.games imports, GE18XX folders, our YAML games), each tile with the games that
use it; the gallery draws them side by side and `tile-atlas conflicts` prints them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from gallery.game import Game
from tile_lang import TileSyntaxError, catalog, parse, rotate
from tile_lang.model import City, EdgeRef, Halt, Tile, Town
from tile_lang.upgrades import normalise_color, picture

#: What a tile is, independent of rotation and drawing details (see `identity`).
Identity = tuple[str, str]

#: Who uses a tile: the generic catalog, or a game (by id).
CATALOG = "catalog"


def _without_locs(tile: Tile) -> Tile:
    parts = tuple(
        replace(p, loc=None) if isinstance(p, City | Town | Halt) and p.loc is not None else p
        for p in tile.parts
    )
    return Tile(parts)


def identity(code: str, color: str) -> Identity:
    """The same value for two tiles exactly when they are the same tile up to rotation.

    The colour counts as the rules see it (a striped green-brown tile is green); the picture is
    the least picture among the rotations that `_leading_turns` picks, with stop positions left
    out. A code that does not parse is its own identity (its text), so it never matches a good
    tile.
    """
    try:
        tile = _without_locs(parse(code))
    except TileSyntaxError:
        return normalise_color(color), f"unreadable:{code}"
    pictures = (repr(picture(rotate(tile, r))) for r in _leading_turns(tile))
    return normalise_color(color), min(pictures)


def _leading_turns(tile: Tile) -> list[int]:
    """The rotations at which the tile's track ends, as a sorted list of edges, come first.

    Why: a tile turned by k shows at rotation r what the original shows at r + k, so both
    pick the same rotations of one drawing and the least picture among them names the tile
    as the least of all six would; a tile whose track has no symmetry is pictured once, not
    six times (a whole-world site compares some two thousand tiles)."""
    edges = [e.edge for p in tile.written_paths for e in (p.a, p.b) if isinstance(e, EdgeRef)]
    ends = [sorted((e + r) % 6 for e in edges) for r in range(6)]
    first = min(ends)
    return [r for r in range(6) if ends[r] == first]


@dataclass
class IdentityCache:
    """`identity` by (code, colour), owned by whoever compares many tiles and passed down:
    a site's games share most codes, and `mkdocs serve` compares them again on every rebuild
    (the plugin keeps one of these across rebuilds)."""

    known: dict[tuple[str, str], Identity] = field(default_factory=dict)

    def get(self, code: str, color: str) -> Identity:
        key = (code, color)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = identity(code, color)
        return found


def same_tile(code_a: str, color_a: str, code_b: str, color_b: str,
              identities: IdentityCache | None = None) -> bool:  # fmt: skip
    """Whether two tile strings of these colours are the same tile up to rotation."""
    of = identities.get if identities is not None else identity
    return of(code_a, color_a) == of(code_b, color_b)


@dataclass(frozen=True)
class TileVariant:
    """One of the tiles a number means: a representative code and colour, and its users."""

    color: str
    code: str
    users: tuple[str, ...]


@dataclass(frozen=True)
class Conflict:
    """A tile number that means more than one tile."""

    name: str
    variants: tuple[TileVariant, ...]


def find_conflicts(
    games: Iterable[Game], *, with_catalog: bool = True, identities: IdentityCache | None = None
) -> list[Conflict]:
    """Every tile number used for different tiles, sorted by number; users sorted, the catalog
    first. Hidden tiles count (a game still defines them)."""
    # each variant's users as the keys of a dict: a tile a hundred games use is met a hundred
    # times, and a list would be searched each time
    seen: dict[str, dict[Identity, tuple[str, str, dict[str, None]]]] = {}
    known = identities if identities is not None else IdentityCache()  # games share codes

    def add(name: str, code: str, color: str, user: str) -> None:
        variants = seen.setdefault(name, {})
        key = known.get(code, color)
        if key not in variants:
            variants[key] = (color, code, {})
        variants[key][2][user] = None

    games = list(games)
    names = {name for game in games for name in game.tiles}
    if with_catalog:
        for name in sorted(names):
            found = catalog.lookup(name)
            if found is not None:
                add(name, found.code, found.color, CATALOG)
    for game in sorted(games, key=lambda g: g.id):
        for entry in game.tiles.values():
            add(entry.name, entry.code, entry.color, game.id)
    conflicts = []
    for name, variants in seen.items():
        if len(variants) < 2:
            continue
        tiles = tuple(
            TileVariant(color, code, tuple(sorted(users, key=lambda u: (u != CATALOG, u))))
            for color, code, users in variants.values()
        )
        tiles = tuple(sorted(tiles, key=lambda v: (CATALOG not in v.users, v.users)))
        conflicts.append(Conflict(name, tiles))
    return sorted(conflicts, key=lambda c: _number_key(c.name))


def _number_key(name: str) -> tuple[int, int, str]:
    digits = "".join(ch for ch in name if ch.isdigit())
    return (0, int(digits), name) if name.isdigit() else (1, int(digits or 0), name)
