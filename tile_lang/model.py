"""The typed model of a tile: what a tile string means, independent of how it was written.

`Tile` is the parsed tile; the part classes it holds (one frozen dataclass per part type the
18xx.games engine reads, with the engine's defaults, facts §1.3) live in `tile_lang.parts` and are
re-exported here, so `from tile_lang.model import City` is the stable spelling. The parser
builds these; the layout and SVG layers only read them. Values are already converted (numbers
are ints, flags are bools, lists are tuples), so later layers never re-interpret strings.

Two deliberate differences from the engine's own objects:

* Path parts are kept as written (with `lanes`, `a_lane`, `b_lane`); `Tile.paths` gives the
  expanded list the engine works with (see `tile_lang.lanes`). Keeping the written form lets the
  canonical serialiser round-trip a tile exactly.
* Edge numbers are kept as written (an edge `6` stays 6) so that diagnostics can point at them;
  `tile_lang.rotation.rotate` normalises them modulo 6, as the engine does on display.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar, cast

from tile_lang.lanes import expand_paths
from tile_lang.parts import (
    BORDER_TYPES,
    CORNER_LOCS,
    NODE_TYPES,
    PART_TYPE_NAMES,
    TERRAINS,
    TOWN_STYLES,
    TRACK_GAUGES,
    Border,
    City,
    EdgeRef,
    Endpoint,
    Frame,
    FutureLabel,
    Halt,
    Icon,
    Junction,
    Label,
    Lane,
    Loc,
    Node,
    NodeRef,
    Offboard,
    Part,
    Partition,
    Pass,
    Path,
    Revenue,
    RevenueCenter,
    Stripes,
    Stub,
    Town,
    Upgrade,
)


@dataclass(frozen=True)
class Span:
    """Where a part was written: 0-based [start, end) offsets into the code string."""

    start: int
    end: int


_P = TypeVar("_P")


@dataclass(frozen=True)
class Tile:
    """A parsed tile: its parts in the written order.

    Equality compares parts only, so a tile parsed from differently spelled but equivalent codes
    (whitespace, trailing `;`, key order) compares equal; `spans` keep the source positions.

    The views by kind (`paths`, `cities`, …) are computed once per tile: a tile never changes,
    and drawing one reads them dozens of times (the lane-expanded `paths` most of all).
    """

    parts: tuple[Part, ...] = ()
    spans: tuple[Span, ...] = field(default=(), compare=False, repr=False)

    def of_type(self, cls: type[_P]) -> tuple[_P, ...]:
        """Parts that are instances of exactly `cls` (a Pass is not listed as a City)."""
        # the buckets are keyed by exact type, so every part under `cls` is a `cls`
        return cast(tuple[_P, ...], self._by_type.get(cls, ()))

    @cached_property
    def _by_type(self) -> dict[type, tuple[Part, ...]]:
        """The parts by their exact type, in written order: one pass over the parts serves
        every `of_type` (a drawing asks for a dozen kinds, of a tile rotated anew)."""
        found: dict[type, list[Part]] = {}
        for part in self.parts:
            found.setdefault(type(part), []).append(part)
        return {kind: tuple(parts) for kind, parts in found.items()}

    @cached_property
    def nodes(self) -> tuple[Node, ...]:
        """The node cache `_N` indexes: cities, passes, towns, halts, offboards, junctions."""
        return tuple(p for p in self.parts if isinstance(p, NODE_TYPES))

    @cached_property
    def cities(self) -> tuple[City, ...]:
        """Cities including passes (a pass is a city to the engine)."""
        return tuple(p for p in self.parts if isinstance(p, City))

    @cached_property
    def towns(self) -> tuple[Town | Halt, ...]:
        """Towns including halts (a halt is a town to the engine)."""
        return tuple(p for p in self.parts if isinstance(p, Town | Halt))

    @cached_property
    def offboards(self) -> tuple[Offboard, ...]:
        return self.of_type(Offboard)

    @cached_property
    def junctions(self) -> tuple[Junction, ...]:
        return self.of_type(Junction)

    @cached_property
    def written_paths(self) -> tuple[Path, ...]:
        """Path parts as written, before lane expansion."""
        return self.of_type(Path)

    @cached_property
    def paths(self) -> tuple[Path, ...]:
        """Lane-expanded paths, every one with explicit `a_lane`/`b_lane` (facts §1.5)."""
        return expand_paths(self.written_paths)

    @cached_property
    def labels(self) -> tuple[Label, ...]:
        return self.of_type(Label)

    @cached_property
    def upgrades(self) -> tuple[Upgrade, ...]:
        return self.of_type(Upgrade)

    @cached_property
    def borders(self) -> tuple[Border, ...]:
        return self.of_type(Border)

    @cached_property
    def icons(self) -> tuple[Icon, ...]:
        return self.of_type(Icon)

    @cached_property
    def stubs(self) -> tuple[Stub, ...]:
        return self.of_type(Stub)

    @cached_property
    def partitions(self) -> tuple[Partition, ...]:
        return self.of_type(Partition)

    @cached_property
    def frames(self) -> tuple[Frame, ...]:
        return self.of_type(Frame)

    @cached_property
    def stripes(self) -> tuple[Stripes, ...]:
        return self.of_type(Stripes)

    @cached_property
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


__all__ = [
    "BORDER_TYPES",
    "CORNER_LOCS",
    "NODE_TYPES",
    "PART_TYPE_NAMES",
    "TERRAINS",
    "TOWN_STYLES",
    "TRACK_GAUGES",
    "Border",
    "City",
    "EdgeRef",
    "Endpoint",
    "Frame",
    "FutureLabel",
    "Halt",
    "Icon",
    "Junction",
    "Label",
    "Lane",
    "Loc",
    "Node",
    "NodeRef",
    "Offboard",
    "Part",
    "Partition",
    "Pass",
    "Path",
    "Revenue",
    "RevenueCenter",
    "Span",
    "Stripes",
    "Stub",
    "Tile",
    "Town",
    "Upgrade",
]
