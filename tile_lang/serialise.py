"""The canonical serialiser: a tile back to the shortest faithful tile string.

Canonical means: parts in their original order (order is meaningful: `_N` counts nodes in
order, and drawing order follows it), keys in the engine's documented order, defaults left out,
flags written as `1`, numbers without trailing `.0`. For every tile `t`,
`parse(serialise(t)) == t`; importers use it to write tidy codes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tile_lang.model import (
    PART_TYPE_NAMES,
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
    Offboard,
    Part,
    Partition,
    Pass,
    Path,
    Revenue,
    RevenueCenter,
    Stripes,
    Stub,
    Tile,
    Town,
    Upgrade,
)


def format_number(value: float) -> str:
    """`2.0` -> `2`, `1.5` -> `1.5` (the way the engine's authors write numbers)."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def format_revenue(revenue: Revenue) -> str:
    if not revenue.phases:
        return str(revenue.flat)
    text = "|".join(f"{phase}_{value}" for phase, value in revenue.phases)
    return text if len(revenue.phases) > 1 else text + "|"


def _loc(loc: Loc | None) -> str | None:
    if loc is None:
        return None
    return "center" if loc == "center" else format_number(loc)


def _end(end: Endpoint) -> str:
    return str(end.edge) if isinstance(end, EdgeRef) else f"_{end.index}"


def _lane(lane: Lane | None) -> str | None:
    return None if lane is None else f"{lane[0]}.{lane[1]}"


def _flag(value: bool) -> str | None:
    return "1" if value else None


def _center_items(part: RevenueCenter, default_route: str) -> list[tuple[str, str | None]]:
    return [
        ("revenue", format_revenue(part.revenue)),
        ("groups", "|".join(part.groups) or None),
        ("hide", _flag(part.hide)),
        ("visit_cost", None if part.visit_cost == 1 else str(part.visit_cost)),
        ("route", None if part.route == default_route else part.route),
        ("format", part.format),
    ]


KeyItems = list[tuple[str, str | None]]
Items = KeyItems | str | None


def _city(part: City) -> KeyItems:
    """A city's items; a pass (a City) uses them with its own default route."""
    route = "never" if isinstance(part, Pass) else "mandatory"
    return _center_items(part, route) + [
        ("slots", None if part.slots == 1 else str(part.slots)),
        ("boom", _flag(part.boom)),
        ("outline", _flag(part.outline)),
        ("loc", _loc(part.loc)),
    ]


def _pass(part: Pass) -> Items:
    return [
        *_city(part),
        ("color", None if part.color == "gray" else part.color),
        ("size", None if part.size == 1 else str(part.size)),
    ]


def _town(part: Town) -> Items:
    return _center_items(part, "mandatory") + [
        ("loc", _loc(part.loc)),
        ("boom", _flag(part.boom)),
        ("style", part.style),
        ("to_city", _flag(part.to_city)),
    ]


def _halt(part: Halt) -> Items:
    items = [("symbol", part.symbol), *_center_items(part, "optional")]
    if not part.revenue.phases and part.revenue.flat == 0:
        items[1] = ("revenue", None)
    return [*items, ("loc", _loc(part.loc))]


def _offboard(part: Offboard) -> Items:
    return _center_items(part, "mandatory") + [("rows", None if part.rows == 1 else str(part.rows))]


def _path(part: Path) -> Items:
    return [
        ("a", _end(part.a)),
        ("b", _end(part.b)),
        ("terminal", part.terminal),
        ("ignore", _flag(part.ignore)),
        ("lanes", None if part.lanes is None else str(part.lanes)),
        ("a_lane", _lane(part.a_lane)),
        ("b_lane", _lane(part.b_lane)),
        ("track", None if part.track == "broad" else part.track),
    ]


def _upgrade(part: Upgrade) -> Items:
    return [
        ("cost", str(part.cost)),
        ("terrain", "|".join(part.terrains) or None),
        ("size", None if part.size is None else str(part.size)),
        ("loc", "|".join(format_number(v) for v in part.loc) or None),
    ]


def _border(part: Border) -> Items:
    return [
        ("edge", str(part.edge)),
        ("type", part.type),
        ("cost", None if part.cost is None else str(part.cost)),
        ("color", part.color),
    ]


def _icon(part: Icon) -> Items:
    return [
        ("image", part.image),
        ("name", part.name),
        ("sticky", _flag(part.sticky)),
        ("blocks_lay", _flag(part.blocks_lay)),
        ("large", _flag(part.large)),
        ("loc", part.loc),
    ]


def _partition(part: Partition) -> Items:
    return [
        ("a", part.a),
        ("b", part.b),
        ("type", part.type),
        ("restrict", part.restrict),
        ("length", None if part.length is None else format_number(part.length)),
    ]


#: Each part type's writer: key/value items (None values left out), a bare string (labels),
#: or None (no params). Keyed by exact type, so a Pass finds its own writer, not City's.
_WRITERS: dict[type, Callable[[Any], Items]] = {
    Pass: _pass,
    City: _city,
    Town: _town,
    Halt: _halt,
    Offboard: _offboard,
    Junction: lambda part: None,
    Path: _path,
    Label: lambda part: part.text,
    Upgrade: _upgrade,
    Border: _border,
    Icon: _icon,
    Stub: lambda part: [("edge", str(part.edge))],
    Partition: _partition,
    Frame: lambda part: [("color", part.color), ("color2", part.color2)],
    Stripes: lambda part: [("color", part.color)],
    FutureLabel: lambda part: [("label", part.label), ("color", part.color)],
}


def _items(part: Part) -> Items:
    """Key/value items for a part, or a bare string (labels), or None (no params)."""
    writer = _WRITERS.get(type(part))
    if writer is None:
        raise TypeError(f"not a tile part: {part!r}")
    return writer(part)


def serialise_part(part: Part) -> str:
    name = PART_TYPE_NAMES[type(part)]
    items = _items(part)
    if items is None:
        return name
    if isinstance(items, str):
        return f"{name}={items}"
    body = ",".join(f"{k}:{v}" for k, v in items if v is not None)
    return f"{name}={body}" if body else name


def serialise(tile: Tile) -> str:
    """The canonical tile string for `tile`."""
    return ";".join(serialise_part(p) for p in tile.parts)
