"""The vocabulary of the tile language: part types and the keys the engine reads for each.

One table shared by the lexer (to spot a part type glued to the previous part by a missing `;`),
the parser (to warn about keys the engine ignores) and the serialiser (canonical key order).
"""

from __future__ import annotations

#: Every key the engine's decoder reads, per part type (facts §1.3).
PART_KEYS: dict[str, tuple[str, ...]] = {
    "city": (
        "revenue",
        "slots",
        "groups",
        "hide",
        "visit_cost",
        "route",
        "format",
        "boom",
        "outline",
        "loc",
    ),
    "pass": (
        "revenue",
        "slots",
        "groups",
        "hide",
        "visit_cost",
        "route",
        "format",
        "boom",
        "outline",
        "loc",
        "color",
        "size",
    ),
    "town": (
        "revenue",
        "groups",
        "hide",
        "visit_cost",
        "route",
        "format",
        "loc",
        "boom",
        "style",
        "to_city",
    ),
    "halt": ("symbol", "revenue", "groups", "hide", "visit_cost", "route", "format", "loc"),
    "offboard": ("revenue", "groups", "hide", "visit_cost", "route", "format", "rows"),
    "junction": (),
    "path": ("a", "b", "terminal", "ignore", "lanes", "a_lane", "b_lane", "track"),
    "label": (),
    "upgrade": ("cost", "terrain", "size", "loc"),
    "border": ("edge", "type", "cost", "color"),
    "icon": ("image", "name", "sticky", "blocks_lay", "large", "loc"),
    "stub": ("edge",),
    "partition": ("a", "b", "type", "restrict", "length"),
    "frame": ("color", "color2"),
    "stripes": ("color",),
    "future_label": ("label", "color"),
}
PART_TYPES = tuple(PART_KEYS)
NODE_TYPE_NAMES = ("city", "pass", "town", "halt", "offboard", "junction")
ROUTES = ("mandatory", "optional", "never")
