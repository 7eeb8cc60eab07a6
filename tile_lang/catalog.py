"""The generic 18xx tile catalog (18xx.games' `lib/engine/config/tile.rb`), shipped as data.

Games name catalog tiles by number (`'57'`, `'X7'`, `'blank'`) instead of writing codes, so the
catalog is how a name becomes a tile. Lookup follows the engine's `Tile.for`: the two-colour
groups (greenbrown, browngray, brownsepia) give a tile of their first colour whose code starts
with a `stripes=color:<second>` part; the `none` group cannot be found by name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from tile_lang.diagnostic import closest
from tile_lang.model import Tile
from tile_lang.parse import parse


@dataclass(frozen=True)
class CatalogTile:
    """One catalog entry: `color` and `code` are what looking the name up gives."""

    name: str
    color: str
    code: str
    group: str
    by_name: bool = True

    def tile(self) -> Tile:
        return parse(self.code)


@cache
def _load() -> tuple[tuple[str, ...], tuple[CatalogTile, ...]]:
    text = resources.files("tile_lang").joinpath("data/catalog.json").read_text("utf-8")
    data = json.loads(text)
    tiles = tuple(
        CatalogTile(t["name"], t["color"], t["code"], t["group"], t["by_name"])
        for t in data["tiles"]
    )
    return tuple(data["colors"]), tiles


def colors() -> tuple[str, ...]:
    """The engine's tile colour order (white, yellow, green, brown, gray, ...), for sorting."""
    return _load()[0]


def all_tiles(*, include_unnamed: bool = False) -> tuple[CatalogTile, ...]:
    """Every catalog tile in file order; the `none` group only when asked."""
    tiles = _load()[1]
    return tiles if include_unnamed else tuple(t for t in tiles if t.by_name)


@cache
def _by_name() -> dict[str, CatalogTile]:
    table: dict[str, CatalogTile] = {}
    for t in _load()[1]:
        if t.by_name:
            table.setdefault(t.name, t)
    return table


def lookup(name: str) -> CatalogTile | None:
    """The catalog tile called `name`, or None."""
    return _by_name().get(name)


def get(name: str) -> CatalogTile:
    """The catalog tile called `name`; KeyError with close names when it does not exist."""
    tile = lookup(name)
    if tile is None:
        close = closest(name, _by_name(), n=3)
        extra = f" (did you mean {', '.join(close)}?)" if close else ""
        raise KeyError(f"Tile '{name}' not found in the catalog{extra}")
    return tile


def names() -> tuple[str, ...]:
    return tuple(_by_name())
