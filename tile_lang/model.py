"""The typed model of a tile: what a tile string means, independent of how it was written.

Every part type the 18xx.games engine reads has a frozen dataclass here, with the engine's
defaults (facts §1.3). The parser builds these; the layout and SVG layers only read them. Values
are already converted (numbers are ints, flags are bools, lists are tuples), so later layers
never re-interpret strings.

Two deliberate differences from the engine's own objects:

* Path parts are kept as written (with `lanes`, `a_lane`, `b_lane`); `Tile.paths` gives the
  expanded list the engine works with (see `tile_lang.lanes`). Keeping the written form lets the
  canonical serialiser round-trip a tile exactly.
* Edge numbers are kept as written (an edge `6` stays 6) so that diagnostics can point at them;
  `tile_lang.rotation.rotate` normalises them modulo 6, as the engine does on display.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Literal, TypeVar

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
NODE_TYPES: tuple[type, ...] = (City, Pass, Town, Halt, Offboard, Junction)


@dataclass(frozen=True)
class Span:
    """Where a part was written: 0-based [start, end) offsets into the code string."""

    start: int
    end: int


_P = TypeVar("_P")
_T = TypeVar("_T")
_DEFAULTS: dict[type, dict[str, Any]] = {}


def _defaults(cls: type) -> dict[str, Any]:
    table = _DEFAULTS.get(cls)
    if table is None:
        table = {}
        for f in fields(cls):
            if f.default is not MISSING:
                table[f.name] = f.default
            elif f.default_factory is not MISSING:
                table[f.name] = f.default_factory()  # immutable values only (tuples, Revenue)
        _DEFAULTS[cls] = table
    return table


def build(cls: type[_T], **values: Any) -> _T:
    """Construct a frozen model object without the per-field `object.__setattr__` calls of a
    frozen dataclass's `__init__` (about 5× faster; the parser builds ~30,000 of these for the
    corpus and parse throughput is a stated target). Only for trusted callers that pass valid,
    already-converted values: no field is checked here.
    """
    obj = object.__new__(cls)
    state = dict(_defaults(cls))
    state.update(values)
    obj.__dict__.update(state)
    return obj


@dataclass(frozen=True)
class Tile:
    """A parsed tile: its parts in the written order.

    Equality compares parts only, so a tile parsed from differently spelled but equivalent codes
    (whitespace, trailing `;`, key order) compares equal; `spans` keep the source positions.
    """

    parts: tuple[Part, ...] = ()
    spans: tuple[Span, ...] = field(default=(), compare=False, repr=False)

    def of_type(self, cls: type[_P]) -> tuple[_P, ...]:
        """Parts that are instances of exactly `cls` (a Pass is not listed as a City)."""
        return tuple(p for p in self.parts if type(p) is cls)  # type: ignore[misc,unused-ignore]

    @property
    def nodes(self) -> tuple[Node, ...]:
        """The node cache `_N` indexes: cities, passes, towns, halts, offboards, junctions."""
        return tuple(p for p in self.parts if isinstance(p, NODE_TYPES))  # type: ignore[misc]

    @property
    def cities(self) -> tuple[City, ...]:
        """Cities including passes (a pass is a city to the engine)."""
        return tuple(p for p in self.parts if isinstance(p, City))

    @property
    def towns(self) -> tuple[Town | Halt, ...]:
        """Towns including halts (a halt is a town to the engine)."""
        return tuple(p for p in self.parts if isinstance(p, Town | Halt))

    @property
    def offboards(self) -> tuple[Offboard, ...]:
        return self.of_type(Offboard)

    @property
    def junctions(self) -> tuple[Junction, ...]:
        return self.of_type(Junction)

    @property
    def written_paths(self) -> tuple[Path, ...]:
        """Path parts as written, before lane expansion."""
        return self.of_type(Path)

    @property
    def paths(self) -> tuple[Path, ...]:
        """Lane-expanded paths, every one with explicit `a_lane`/`b_lane` (facts §1.5)."""
        from tile_lang.lanes import expand_paths

        return expand_paths(self.written_paths)

    @property
    def labels(self) -> tuple[Label, ...]:
        return self.of_type(Label)

    @property
    def upgrades(self) -> tuple[Upgrade, ...]:
        return self.of_type(Upgrade)

    @property
    def borders(self) -> tuple[Border, ...]:
        return self.of_type(Border)

    @property
    def icons(self) -> tuple[Icon, ...]:
        return self.of_type(Icon)

    @property
    def stubs(self) -> tuple[Stub, ...]:
        return self.of_type(Stub)

    @property
    def partitions(self) -> tuple[Partition, ...]:
        return self.of_type(Partition)

    @property
    def frames(self) -> tuple[Frame, ...]:
        return self.of_type(Frame)

    @property
    def stripes(self) -> tuple[Stripes, ...]:
        return self.of_type(Stripes)

    @property
    def future_labels(self) -> tuple[FutureLabel, ...]:
        return self.of_type(FutureLabel)

    def exits(self) -> tuple[int, ...]:
        """Edges (mod 6) that real track leaves through, in first-seen order (no future track)."""
        seen: dict[int, None] = {}
        for path in self.written_paths:
            if path.track == "future":
                continue
            for end in (path.a, path.b):
                if isinstance(end, EdgeRef):
                    seen.setdefault(end.edge % 6, None)
        return tuple(seen)

    def node_paths(self, index: int) -> tuple[Path, ...]:
        """Expanded paths that touch node `index` (used for town style and stop placement)."""
        return tuple(p for p in self.paths if NodeRef(index) in (p.a, p.b) and p.track != "future")

    def __iter__(self) -> Iterator[Part]:
        return iter(self.parts)

    def __len__(self) -> int:
        return len(self.parts)
