"""Page addresses that are unique by construction: two games, or two tiles of one game, never
share a folder of the site.

A game's pages live at `games/<slug>/` and a tile's anchors and downloads at `tile-<slug>`,
with `slug = tile_slug(name)`. Different names can give one slug (`foo`, `foo_` and `foo.`
all give `foo`), and names that differ only in case or in Unicode normal form are one file on
macOS and Windows (`Foo`/`foo`; `café` written composed or decomposed). Left alone, the last
game written wins the folder and the games index links every card to it. So the loader claims
each address in load order: the first name keeps it, a later name that would land on it is an
error naming both files, and is published under a suffixed name (`foo_-2`) that has an
address of its own: both stay reachable.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace

from gallery.game import Game, TileEntry
from gallery.pages.paths import tile_slug
from tile_lang import Diagnostic


def address_key(name: str) -> str:
    """The form two names share when they would share an address: composed (NFC), slugged,
    case folded."""
    return tile_slug(unicodedata.normalize("NFC", name)).casefold()


@dataclass
class Addresses:
    """The addresses claimed so far (key -> the name and file that hold it)."""

    held: dict[str, tuple[str, str]] = field(default_factory=dict)

    def claim(self, name: str, where: str, what: str = "game") -> tuple[str, list[Diagnostic]]:
        """The name `name` (read from `where`) is published under: itself when its address is
        free, else a suffixed name whose address is, with an error naming both files."""
        key = address_key(name)
        holder = self.held.get(key)
        if holder is None:
            self.held[key] = (name, where)
            return name, []
        number = 2
        while address_key(f"{name}-{number}") in self.held:
            number += 1
        distinct = f"{name}-{number}"
        self.held[address_key(distinct)] = (distinct, where)
        if holder[0] == name:
            clash = f"{what} {name!r} is also the {what} of {holder[1]}"
        else:
            clash = (
                f"{what} {name!r} would have the address of {what} {holder[0]!r} of {holder[1]} "
                f"({tile_slug(name)!r}: names that differ only in punctuation, case or Unicode "
                "form share a folder)"
            )
        message = f"{clash}; published as {distinct!r}: rename one of them"
        field_name = "id" if what == "game" else f"tiles.{name}"
        error = Diagnostic(
            severity="error", message=message, code="address", file=where, field=field_name
        )
        return distinct, [error]


def unique_tiles(game: Game, where: str) -> tuple[Game, list[Diagnostic]]:
    """`game` with every tile under a name whose address (`tile-<slug>` anchors, downloads) is
    its own; an error for each tile renamed."""
    addresses = Addresses()
    tiles: dict[str, TileEntry] = {}
    found: list[Diagnostic] = []
    for name, entry in game.tiles.items():
        published, said = addresses.claim(name, where, "tile")
        found += said
        tiles[published] = entry if published == name else replace(entry, name=published)
    return (replace(game, tiles=tiles), found) if found else (game, [])
