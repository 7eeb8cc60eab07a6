"""A parsed tile as JSON: the published model other implementations are compared against.

The shape is described by `tile_lang/spec/tile.schema.json` (versioned by `MODEL_VERSION`):

* `parts`: every written part in order, `part` naming its type and *every* key the engine reads
  present with its value or the engine's default (so two implementations compare key by key,
  not default by default). Keys are spelt as in the tile language (`terrain`, not the model's
  `terrains`).
* `nodes`: the indices into `parts` that `_N` counts (cities, passes, towns, halts, offboards,
  junctions), in order.
* `paths`: the paths after lane expansion, each with explicit lanes and the index of the part it
  came from. Edge numbers are resolved modulo 6, as the engine resolves them when it draws.

Why JSON is built by hand from the dataclasses' fields rather than `dataclasses.asdict`: the
endpoints, revenues and lanes need their own spelling, and field order must be stable.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TypeAlias, cast

from tile_lang.lanes import expand_path
from tile_lang.model import (
    NODE_TYPES,
    PART_TYPE_NAMES,
    EdgeRef,
    NodeRef,
    Part,
    Path,
    Revenue,
    Tile,
)
from tile_lang.parse import parse

#: The version of the JSON model (and of the schema that describes it). Bump the minor number
#: for an added key, the major one for a changed or removed one.
MODEL_VERSION = "1.0"

#: Model field names that are spelt differently in the tile language.
_KEY_OF_FIELD = {"terrains": "terrain"}

#: A JSON value, and a JSON object (what `json.loads` gives, typed).
#: (Read-only containers: covariant, so a `list[int]` is a JSON value.)
JsonValue: TypeAlias = (
    "Mapping[str, JsonValue] | Sequence[JsonValue] | str | int | float | bool | None"
)
JsonObject: TypeAlias = "dict[str, JsonValue]"


def _number(value: float) -> int | float:
    """Whole numbers as integers (`loc:1` is 1, not 1.0), so every language reads them alike."""
    return int(value) if float(value).is_integer() else value


def _value(value: object) -> JsonValue:
    if isinstance(value, Revenue):
        return {
            "flat": value.flat,
            "phases": [{"phase": phase, "value": amount} for phase, amount in value.phases],
        }
    if isinstance(value, EdgeRef):
        return {"edge": value.edge % 6}
    if isinstance(value, NodeRef):
        return {"node": value.index}
    if isinstance(value, tuple):
        return [_value(item) for item in value]
    if isinstance(value, float):
        return _number(value)
    return cast(JsonValue, value)  # str, int, bool or None: the model's other field types


def part_json(part: Part) -> JsonObject:
    """One part: `part` (its type name) and every key the engine reads, defaults included."""
    out: JsonObject = {"part": PART_TYPE_NAMES[type(part)]}
    for field in dataclasses.fields(part):
        out[_KEY_OF_FIELD.get(field.name, field.name)] = _value(getattr(part, field.name))
    return out


def _path_json(path: Path, source: int) -> JsonObject:
    return {
        "a": _value(path.a),
        "b": _value(path.b),
        "a_lane": list(path.a_lane or (1, 0)),
        "b_lane": list(path.b_lane or (1, 0)),
        "track": path.track,
        "terminal": path.terminal,
        "ignore": path.ignore,
        "part": source,
    }


def tile_json(tile: Tile | str) -> JsonObject:
    """The JSON model of `tile` (a parsed tile or a tile string; a string that does not parse
    raises `TileSyntaxError`). Validates against `tile_lang.spec.schema()`."""
    if isinstance(tile, str):
        tile = parse(tile)
    paths: list[JsonValue] = []
    nodes: list[int] = []
    for index, part in enumerate(tile.parts):
        if isinstance(part, Path):
            paths.extend(_path_json(p, index) for p in expand_path(part))
        elif isinstance(part, NODE_TYPES):
            nodes.append(index)
    return {
        "version": MODEL_VERSION,
        "parts": [part_json(p) for p in tile.parts],
        "nodes": nodes,
        "paths": paths,
    }
