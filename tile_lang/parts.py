"""The parts of a tile: one frozen dataclass per part type the 18xx.games engine reads.

Every part has the engine's defaults (facts §1.3). The parser builds these; the layout and SVG
layers only read them. Values are already converted (numbers are ints, flags are bools, lists are
tuples), so later layers never re-interpret strings.

Kept apart from `tile_lang.model` (which adds `Tile` and re-exports every name here) so that lane
expansion (`tile_lang.lanes`) can depend on `Path` while `Tile.paths` depends on lane expansion,
without an import cycle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

#: A stop's `loc`: an edge position (0-5, halves are corners) or the hex centre.
Loc = float | Literal["center"]

#: A lane end: (width, index). Index 0 is the most clockwise position at that end.
Lane = tuple[int, int]

#: Palette-independent phase names the renderer knows; other words and `#rrggbb` also parse.
TRACK_GAUGES = ("broad", "narrow", "dual", "thin", "future")
TOWN_STYLES = ("rect", "dot", "hidden")
TERRAINS = (
    "mountain",
    "water",
    "swamp",
    "desert",
    "lake",
    "river",
    "hill",
    "cow_skull",
    "wall",
    "forest",
    "mine",
)
BORDER_TYPES = (
    "mountain",
    "water",
    "impassable",
    "province",
    "gauge_change",
    "divider",
    "offboard",
)
CORNER_LOCS = (0.5, 1.5, 2.5, 3.5, 4.5, 5.5)


@dataclass(frozen=True)
class Revenue:
    """A revenue value: one number for every phase, or an ordered list of (phase, value).

    The phase may be a phase colour (`yellow`), any other word (`diesel`) or a `#rrggbb` colour;
    the renderer draws one box per entry in the written order.
    """

    flat: int = 0
    phases: tuple[tuple[str, int], ...] = ()

    @property
    def is_phased(self) -> bool:
        return bool(self.phases)

    def values(self) -> tuple[int, ...]:
        """Every value shown on the tile (one for a flat revenue)."""
        return tuple(v for _, v in self.phases) if self.phases else (self.flat,)


@dataclass(frozen=True)
class EdgeRef:
    """A path end on a hex edge, as written (may be >= 6; wraps modulo 6)."""

    edge: int


@dataclass(frozen=True)
class NodeRef:
    """A path end on a node (`_N`): index into the tile's node list (cities, towns...)."""

    index: int


Endpoint = EdgeRef | NodeRef


@dataclass(frozen=True)
class RevenueCenter:
    """Keys shared by every revenue centre (city, pass, town, halt, offboard)."""

    revenue: Revenue = field(default_factory=Revenue)
    groups: tuple[str, ...] = ()
    hide: bool = False
    visit_cost: int = 1
    route: str = "mandatory"
    format: str | None = None


@dataclass(frozen=True)
class City(RevenueCenter):
    """A city: one or more token slots joined by a white shape."""

    slots: int = 1
    boom: bool = False
    outline: bool = False
    loc: Loc | None = None


@dataclass(frozen=True)
class Pass(City):
    """A mountain pass: a city drawn as a coloured box, never on a route by default."""

    route: str = "never"
    color: str = "gray"
    size: int = 1


@dataclass(frozen=True)
class Town(RevenueCenter):
    """A town: drawn as a bar on its track, or as a dot (style or path count decides)."""

    loc: Loc | None = None
    boom: bool = False
    style: str | None = None
    to_city: bool = False


@dataclass(frozen=True)
class Halt(RevenueCenter):
    """A halt: a town-like stop that shows a symbol instead of a revenue."""

    route: str = "optional"
    symbol: str | None = None
    loc: Loc | None = None


@dataclass(frozen=True)
class Offboard(RevenueCenter):
    """An off-board area: not drawn itself, but makes its track pointed."""

    rows: int = 1


@dataclass(frozen=True)
class Junction:
    """The centre point of a Lawson-style tile."""


@dataclass(frozen=True)
class Path:
    """Track between two ends, as written (see `Tile.paths` for the lane-expanded list)."""

    a: Endpoint
    b: Endpoint
    terminal: str | None = None
    ignore: bool = False
    track: str = "broad"
    lanes: int | None = None
    a_lane: Lane | None = None
    b_lane: Lane | None = None


@dataclass(frozen=True)
class Label:
    """Large text on the tile (`OO`, `Chi`, `Z`)."""

    text: str


@dataclass(frozen=True)
class Upgrade:
    """Cost to lay a tile on this hex, with terrain icons."""

    cost: int = 0
    terrains: tuple[str, ...] = ()
    size: int | None = None
    loc: tuple[float, ...] = ()


@dataclass(frozen=True)
class Border:
    """A special hex edge: terrain crossing cost, impassable line, province line or colour."""

    edge: int = 0
    type: str | None = None
    cost: int | None = None
    color: str | None = None


@dataclass(frozen=True)
class Icon:
    """A small picture (`port`, `mine`, `1846/20`) from the icon folders."""

    image: str
    name: str | None = None
    sticky: bool = False
    blocks_lay: bool = False
    large: bool = False
    loc: str | None = None

    @property
    def display_name(self) -> str:
        """The engine's default name: the last `/` segment of the image."""
        return self.name if self.name is not None else self.image.rsplit("/", 1)[-1]


@dataclass(frozen=True)
class Stub:
    """A short piece of track at an edge (always broad, never rotated)."""

    edge: int


@dataclass(frozen=True)
class Partition:
    """A line splitting the hex between two corners (`a`, `b` are vertex digits with +/-)."""

    a: str
    b: str
    type: str | None = None
    restrict: str | None = None
    length: float | None = None


@dataclass(frozen=True)
class Frame:
    """A coloured frame inside the hex outline (one or two colours)."""

    color: str
    color2: str | None = None


@dataclass(frozen=True)
class Stripes:
    """Diagonal stripes of a second colour (two-colour catalog tiles such as 119)."""

    color: str


@dataclass(frozen=True)
class FutureLabel:
    """A hint of the label the hex will get at a later colour."""

    label: str | None = None
    color: str | None = None


Node = City | Pass | Town | Halt | Offboard | Junction
Part = (
    City
    | Pass
    | Town
    | Halt
    | Offboard
    | Junction
    | Path
    | Label
    | Upgrade
    | Border
    | Icon
    | Stub
    | Partition
    | Frame
    | Stripes
    | FutureLabel
)

#: The tile-language type name of each part class.
PART_TYPE_NAMES: dict[type, str] = {
    City: "city",
    Pass: "pass",
    Town: "town",
    Halt: "halt",
    Offboard: "offboard",
    Junction: "junction",
    Path: "path",
    Label: "label",
    Upgrade: "upgrade",
    Border: "border",
    Icon: "icon",
    Stub: "stub",
    Partition: "partition",
    Frame: "frame",
    Stripes: "stripes",
    FutureLabel: "future_label",
}
#: The part classes that are nodes (`_N` indexes them), as a tuple for `isinstance`.
NODE_TYPES = (City, Pass, Town, Halt, Offboard, Junction)
