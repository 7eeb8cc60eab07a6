"""The drawing vocabulary between layout and SVG: small, frozen, SVG-shaped nodes.

Layout modules decide *what* to draw and where (pure geometry, testable with numbers); only
`tile_lang.svg` turns these nodes into SVG text. A Shape is an element name, attributes and
children, close enough to SVG that nothing is lost, abstract enough that the writer owns
escaping, number rounding and id prefixes.

Attribute names use SVG spelling (`stroke-width`); helpers accept Python keywords with `_`
(`stroke_width=2`) and convert them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

AttrValue = str | float | int

Point = tuple[float, float]


@dataclass(frozen=True)
class Shape:
    """One drawing node: `tag` is an SVG element name (`path`, `circle`, `g`, `text`, …)."""

    tag: str
    attrs: tuple[tuple[str, AttrValue], ...] = ()
    children: tuple[Shape, ...] = ()
    text: str | None = None

    def attr(self, name: str) -> AttrValue | None:
        for key, value in self.attrs:
            if key == name:
                return value
        return None

    def walk(self) -> Iterable[Shape]:
        """This node and all its descendants, depth first (for tests)."""
        yield self
        for child in self.children:
            yield from child.walk()


_SVG_NAMES: dict[str, str] = {}


def _svg_name(key: str) -> str:
    """`stroke_width` -> `stroke-width`, `class_` -> `class` (memoised: called per attribute)."""
    name = _SVG_NAMES.get(key)
    if name is None:
        name = _SVG_NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


def _attrs(style: dict[str, AttrValue | None]) -> tuple[tuple[str, AttrValue], ...]:
    """The set attributes under their SVG names (a list first: every shape of every tile
    passes here, and a generator costs more; a known name is looked up without a call)."""
    names = _SVG_NAMES
    return tuple(
        [
            (names.get(key) or _svg_name(key), value)
            for key, value in style.items()
            if value is not None
        ]
    )


def element(
    tag: str, *children: Shape, text: str | None = None, **attrs: AttrValue | None
) -> Shape:
    """Any element; keyword `class_` becomes `class`, `stroke_width` becomes `stroke-width`."""
    return Shape(tag, _attrs(attrs), tuple(children), text)


def group(
    children: Sequence[Shape], transform: str | None = None, **style: AttrValue | None
) -> Shape:
    return Shape("g", _attrs({"transform": transform, **style}), tuple(children))


def circle(cx: float, cy: float, r: float, **style: AttrValue | None) -> Shape:
    return Shape("circle", _attrs({"cx": cx, "cy": cy, "r": r, **style}))


def line(p1: Point, p2: Point, **style: AttrValue | None) -> Shape:
    return Shape("line", _attrs({"x1": p1[0], "y1": p1[1], "x2": p2[0], "y2": p2[1], **style}))


def rect(x: float, y: float, width: float, height: float, **style: AttrValue | None) -> Shape:
    return Shape("rect", _attrs({"x": x, "y": y, "width": width, "height": height, **style}))


def polygon(points: Sequence[Point], **style: AttrValue | None) -> Shape:
    return Shape("polygon", _attrs({"points": points_attr(points), **style}))


def polyline(points: Sequence[Point], **style: AttrValue | None) -> Shape:
    return Shape("polyline", _attrs({"points": points_attr(points), **style}))


def path(d: str, **style: AttrValue | None) -> Shape:
    return Shape("path", _attrs({"d": d, **style}))


def text(x: float, y: float, content: str, **style: AttrValue | None) -> Shape:
    return Shape("text", _attrs({"x": x, "y": y, **style}), (), content)


def title(content: str) -> Shape:
    return Shape("title", (), (), content)


def fmt(value: float) -> str:
    """A number rounded to 2 decimals, without trailing zeros (`87`, `-43.5`, `0.94`).

    Formatting with `.2f` rounds exactly as `round(value, 2)` does (both take the correctly
    rounded decimal), so the number is formatted once, not rounded first; a value that rounds
    to zero from below would read `-0`, written `0`. This runs for every number of every tile.
    """
    text_ = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text_ == "-0" else text_


def points_attr(points: Sequence[Point]) -> str:
    return " ".join([f"{fmt(x)},{fmt(y)}" for x, y in points])
