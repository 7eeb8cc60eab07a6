"""Every bound the parser enforces on a tile string, in one table.

Why bounds at all: a short string such as `city=revenue:20,slots:999999999` once passed
`check` and then hung the renderer and took a site build to 6 GB. The parser now refuses any
number or count outside these ranges with a `TileSyntaxError` pointing at it, so `check`, the
Markdown fence and game files all report it, and anything the parser accepts renders in
milliseconds.

How they were chosen: from what the real corpus uses (every distinct code of 18xx.games'
catalog, TILES and HEXES at commit 111f7f69, `../shared/corpus/18xx`), with generous headroom
(several times the largest real value), so no real tile is refused; `corpus` records that
largest (or smallest) real value next to each bound. The docs page `language/errors.md#limits`
shows this table and a test keeps the two identical.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bound:
    """An inclusive range for one numeric key, with what the real corpus uses."""

    low: float
    high: float
    corpus: str  # the range the 18xx.games corpus actually uses, for the docs

    def __contains__(self, value: float) -> bool:
        return self.low <= value <= self.high

    def describe(self) -> str:
        return f"{_number(self.low)} to {_number(self.high)}"


def _number(value: float) -> str:
    return f"{int(value):,}" if value == int(value) else f"{value:g}"


#: Numeric keys, as `part.key` (a key shared by several parts is listed for each). Edges keep
#: the engine's wrap-around (6 is edge 0, with a warning), up to 11.
NUMBERS: dict[str, Bound] = {
    # revenue centres: every value of a flat or phase revenue; the engine takes negative ones
    # (1880's offboards F12, F14 and J16 earn -10)
    "revenue": Bound(-99_999, 99_999, "-10 to 250"),
    "visit_cost": Bound(0, 9_999, "0 to 100"),
    "city.slots": Bound(0, 12, "0 to 7"),
    "pass.slots": Bound(0, 12, "2"),
    "pass.size": Bound(1, 9, "1 to 2"),
    "offboard.rows": Bound(1, 9, "1 to 2"),
    "loc": Bound(0, 99, "0 to 16.5 (16.5 is an upstream typo, drawn as the engine does)"),
    # track
    "path.edge": Bound(0, 11, "0 to 6"),
    "path.lanes": Bound(1, 12, "2 to 5"),
    "path.lane_width": Bound(1, 12, "2 to 5"),
    "stub.edge": Bound(0, 11, "0 to 5"),
    # decorations
    "upgrade.cost": Bound(0, 99_999, "10 to 200"),
    "upgrade.size": Bound(1, 400, "40"),
    "border.edge": Bound(0, 11, "0 to 5"),
    "border.cost": Bound(0, 99_999, "0 to 80"),
    "partition.length": Bound(0, 10, "0.5"),
}


@dataclass(frozen=True)
class CountLimit:
    """A maximum count (parts, paths, characters...) with what the real corpus uses."""

    high: int
    corpus: int
    what: str


#: Counts that multiply rendering work or output size.
COUNTS: dict[str, CountLimit] = {
    "code_length": CountLimit(4_000, 312, "characters in one tile string"),
    "parts": CountLimit(100, 22, "`;`-separated parts in one tile"),
    "nodes": CountLimit(24, 6, "cities, passes, towns, halts, offboards and junctions"),
    "paths": CountLimit(96, 18, "paths after lane expansion (`lanes:n` counts n)"),
    "phases": CountLimit(12, 4, "phase entries in one revenue (`yellow_20`, `green_30`, …)"),
    "groups": CountLimit(16, 3, "names in one `groups` list"),
    "terrains": CountLimit(8, 2, "terrains in one `upgrade`"),
    "value_length": CountLimit(200, 37, "characters in one value (a label, an icon name…)"),
    "name_length": CountLimit(
        120, 35, "characters of a location name drawn on a tile (longer ones end in `…`)"
    ),
}

MAX_CODE_LENGTH = COUNTS["code_length"].high
MAX_PARTS = COUNTS["parts"].high
MAX_NODES = COUNTS["nodes"].high
MAX_PATHS = COUNTS["paths"].high
MAX_PHASES = COUNTS["phases"].high
MAX_GROUPS = COUNTS["groups"].high
MAX_TERRAINS = COUNTS["terrains"].high
MAX_VALUE_LENGTH = COUNTS["value_length"].high
MAX_NAME_LENGTH = COUNTS["name_length"].high

#: `render_svg(scale=…)`: a 200-unit tile drawn up to 20,000 px wide; more is a mistake.
MAX_SCALE = 100.0
