"""The game model every game source is turned into.

A game is what a gallery needs to draw: its tile supply (name -> count, colour, code), its map
hexes (coordinate -> colour, code, location name) and how the map is laid out. Our YAML loader,
the 18xx.games Ruby importer and the GE18XX XML importer all produce this one model, so the page
builders never care where a game came from.

The classes are frozen: a loaded game is a value. Mappings are plain dicts kept in insertion
order (the order of the source file), which keeps generated pages deterministic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from tile_lang import Layout as Layout  # re-exported: the one layout literal

AxisKind = Literal["letter", "number"]


@dataclass(frozen=True)
class Axes:
    """How map coordinates are written: 18xx.games' AXES (`x: letter, y: number` by default).

    In a coordinate such as `E12` the letter part names one axis and the number the other;
    `x` says which kind labels columns, `y` which kind labels rows.
    """

    x: AxisKind = "letter"
    y: AxisKind = "number"


@dataclass(frozen=True)
class TileEntry:
    """One tile of the game's supply.

    `count` is None for an unlimited supply. `catalog` is True when the game names a generic
    catalog tile instead of spelling out its own code (the code is then the catalog's).
    """

    name: str
    count: int | None
    color: str
    code: str
    catalog: bool = False
    hidden: bool = False


@dataclass(frozen=True)
class MapHex:
    """One preprinted hex of the map.

    `tile` is the catalog tile name when the source referred to one (18xx.games allows
    `'city'`, `'town'`, `'blank'` or a tile number in HEXES); `name` is the location name.
    """

    coord: str
    color: str
    code: str
    name: str | None = None
    tile: str | None = None


@dataclass(frozen=True)
class TileUpgrade:
    """An allowed upgrade from one tile to another (GE18XX TileSets carry these).

    `rotations` lists the rotations of the new tile that are allowed, when the source says so.
    """

    base: str
    to: str
    rotations: tuple[int, ...] | None = None


@dataclass(frozen=True)
class SourceRef:
    """Where a value came from, for messages: a file and a 1-based line (0 when unknown)."""

    file: str
    line: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


@dataclass(frozen=True)
class Game:
    """A whole game definition, independent of the format it was read from."""

    id: str
    title: str
    layout: Layout = "flat"
    axes: Axes = field(default_factory=Axes)
    tiles: dict[str, TileEntry] = field(default_factory=dict)
    hexes: dict[str, MapHex] = field(default_factory=dict)
    location_names: dict[str, str] = field(default_factory=dict)
    designer: str | None = None
    subtitle: str | None = None
    meta: dict[str, str] = field(default_factory=dict)
    upgrades: tuple[TileUpgrade, ...] = ()
    source: str | None = None
    #: The source the game was read from, named for readers ("18xx.games", "GE18XX"); None for
    #: our own YAML files. Shown on the game's page, so that two versions of one game (an
    #: 18xx.games import beside a GE18XX one) can be told apart.
    origin: str | None = None
    #: Tile colours some phase of the game ever allows (18xx.games' `PHASES` ... `tiles:`), in
    #: first-seen order; None when the source does not say (then every supply colour counts).
    #: Upgrade tables offer only tiles of these colours, as the engine's track step does.
    phase_colors: tuple[str, ...] | None = None


# 18xx.games writes a coordinate as letters then a number (`lib/engine/hex.rb`): the letters are
# A–Z or AA–AZ (a single lowercase letter counts backwards from 0: a = -1), the number may be
# negative. Which of the two names the column is said by AXES.
COORD = re.compile(r"(?P<letters>A[A-Z]|[A-Z]|[a-z])(?P<number>-?\d{1,3})")


def coord_position(coord: str, axes: Axes | None = None) -> tuple[int, int]:
    """The engine's (x, y) of a coordinate such as `E12` (`Hex.init_x_y`), honouring `axes`.

    The letters give an index (A = 0 … Z = 25, AA = 26 … AZ = 51, a = -1 … z = -26) and the
    number an index counted from 1; `axes` says which of the two is x. ValueError when the text
    is not a coordinate.
    """
    match = COORD.fullmatch(coord)
    if match is None:
        raise ValueError(f"{coord!r} is not a coordinate like E12")
    axes = axes or Axes()
    letters, number = match["letters"], int(match["number"]) - 1
    if letters.islower():
        letter = -(ord(letters) - ord("a") + 1)
    elif len(letters) == 2:
        letter = 26 + ord(letters[1]) - ord("A")
    else:
        letter = ord(letters) - ord("A")
    x = letter if axes.x == "letter" else number
    y = letter if axes.y == "letter" else number
    return x, y
