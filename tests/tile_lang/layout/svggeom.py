"""Flatten an SVG tile into drawn elements with absolute geometry and effective style.

Used to compare our tiles with the reference SVGs element by element: every leaf (path, polygon,
rect, circle, text) becomes a `Drawn` with its tag, its effective (inherited) style and its
numbers in hex-centred tile units, whatever the nesting of transforms. Numbers are compared with
a tolerance, so `87` and `87.0` or `translate(a) rotate(b)` vs a pre-computed position agree.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f (SVG order)
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
INHERITED = (
    "fill",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-dashoffset",
    "fill-opacity",
)
NAMED = {"white": "#ffffff", "black": "#000000", "gray": "#808080", "grey": "#808080"}
#: The reference's CSS rules that matter for geometry/paint.
CLASS_STYLE = {
    "tile": {"fill": "none", "stroke-width": "1"},
    "tile__text": {"fill": "black"},
}
NUMBER = re.compile(r"-?\d*\.?\d+(?:e-?\d+)?")


def _mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def parse_transform(text: str | None) -> Matrix:
    m = IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in NUMBER.findall(args)]
        if name == "translate":
            n: Matrix = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "rotate":
            t = math.radians(v[0])
            n = (math.cos(t), math.sin(t), -math.sin(t), math.cos(t), 0, 0)
            if len(v) == 3:
                n = _mul(_mul((1, 0, 0, 1, v[1], v[2]), n), (1, 0, 0, 1, -v[1], -v[2]))
        elif name == "scale":
            sy = v[1] if len(v) > 1 else v[0]
            n = (v[0], 0, 0, sy, 0, 0)
        else:  # matrix
            n = (v[0], v[1], v[2], v[3], v[4], v[5])
        m = _mul(m, n)
    return m


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _color(value: str | None) -> str | None:
    if value is None:
        return None
    v = value.strip().lower()
    return NAMED.get(v, v)


def _num(value: str | None) -> float | None:
    if value is None:
        return None
    found = NUMBER.findall(value)
    return float(found[0]) if found else None


@dataclass
class Drawn:
    tag: str
    style: tuple[tuple[str, str], ...]
    numbers: tuple[float, ...]
    text: str = ""
    source: str = ""

    def key(self) -> tuple[str, tuple[tuple[str, str], ...], int, str]:
        return (self.tag, self.style, len(self.numbers), self.text)

    def close(self, other: Drawn, tolerance: float) -> bool:
        return self.key() == other.key() and all(
            abs(a - b) <= tolerance for a, b in zip(self.numbers, other.numbers, strict=True)
        )


def _style_of(el: ET.Element, parent: dict[str, str]) -> dict[str, str]:
    style = dict(parent)
    for cls in (el.get("class") or "").split():
        style.update(CLASS_STYLE.get(cls, {}))
    for name in INHERITED:
        if el.get(name) is not None:
            style[name] = el.get(name, "")
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl:
            k, v = decl.split(":", 1)
            if k.strip() in INHERITED:
                style[k.strip()] = v.strip()
    return style


def _norm_style(style: dict[str, str], tag: str) -> tuple[tuple[str, str], ...]:
    out: dict[str, str] = {}
    fill = _color(style.get("fill", "black"))
    stroke = _color(style.get("stroke", "none"))
    width = _num(style.get("stroke-width", "1")) or 0.0
    dash = (style.get("stroke-dasharray") or "none").strip()
    if dash in ("0", "none", ""):
        dash = "none"
    dash = " ".join(f"{float(x):g}" for x in NUMBER.findall(dash)) if dash != "none" else dash
    if tag != "path" or fill not in ("none", None):
        out["fill"] = str(fill)
    if float(style.get("fill-opacity", "1") or 1) == 0:
        out["fill"] = "transparent"
    if stroke not in ("none", None) and width > 0:
        out["stroke"] = str(stroke)
        out["stroke-width"] = f"{width:g}"
        if dash != "none":
            out["dash"] = dash
            offset = _num(style.get("stroke-dashoffset")) or 0.0
            if offset:
                out["dashoffset"] = f"{offset:g}"
    if tag == "text":
        out = {}
    return tuple(sorted(out.items()))


def _path_numbers(d: str, m: Matrix) -> tuple[float, ...]:
    tokens = re.findall(r"[MLAZmlaz]|-?\d*\.?\d+(?:e-?\d+)?", d)
    out: list[float] = []
    i = 0
    command = ""
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            command = t.upper()
            i += 1
            continue
        if command in ("M", "L"):
            out.extend(apply(m, float(tokens[i]), float(tokens[i + 1])))
            i += 2
        elif command == "A":
            r, _ry, _rot, large, sweep = (float(x) for x in tokens[i : i + 5])
            out.extend((r, large, sweep))
            out.extend(apply(m, float(tokens[i + 5]), float(tokens[i + 6])))
            i += 7
        else:
            i += 1
    return tuple(out)


def flatten(svg: str, *, origin: tuple[float, float] = (0.0, 0.0)) -> list[Drawn]:
    """Every drawn leaf of `svg`, in document order, in units around the hex centre."""
    root = ET.fromstring(svg)
    out: list[Drawn] = []
    start: Matrix = (1, 0, 0, 1, -origin[0], -origin[1])

    def walk(el: ET.Element, m: Matrix, style: dict[str, str]) -> Iterator[Drawn]:
        tag = el.tag.split("}")[-1]
        if tag in ("defs", "title", "style", "desc", "clipPath", "symbol"):
            return
        m = _mul(m, parse_transform(el.get("transform")))
        style = _style_of(el, style)
        if tag == "circle" and "pointer-events" in (el.get("style") or ""):
            return  # the reference's invisible hit box
        if tag in ("g", "svg"):
            for child in el:
                yield from walk(child, m, style)
            return
        key = _norm_style(style, tag)
        if tag == "path":
            yield Drawn(tag, key, _path_numbers(el.get("d", ""), m))
        elif tag == "polygon":
            pts = [float(x) for x in NUMBER.findall(el.get("points", ""))]
            nums: list[float] = []
            for x, y in zip(pts[::2], pts[1::2], strict=True):
                nums.extend(apply(m, x, y))
            yield Drawn(tag, key, tuple(nums))
        elif tag == "circle":
            cx, cy = float(el.get("cx", 0)), float(el.get("cy", 0))
            r = float(el.get("r", 0))
            yield Drawn(tag, key, (*apply(m, cx, cy), r))
        elif tag == "rect":
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            w, h = float(el.get("width", 0)), float(el.get("height", 0))
            rx = float(el.get("rx", el.get("ry", 0)) or 0)
            corners = [
                apply(m, x, y),
                apply(m, x + w, y),
                apply(m, x + w, y + h),
                apply(m, x, y + h),
            ]
            yield Drawn(tag, key, (*(c for p in corners for c in p), rx))
        elif tag == "text":
            x, y = float(el.get("x", 0) or 0), float(el.get("y", 0) or 0)
            content = "".join(el.itertext()).strip()
            yield Drawn(tag, key, apply(m, x, y), content)
        elif tag == "line":
            p1 = apply(m, float(el.get("x1", 0)), float(el.get("y1", 0)))
            p2 = apply(m, float(el.get("x2", 0)), float(el.get("y2", 0)))
            yield Drawn("path", key, (*p1, *p2))
        elif tag == "image":
            yield Drawn(tag, (), apply(m, float(el.get("x", 0)), float(el.get("y", 0))))

    out.extend(walk(root, start, {"fill": "black"}))
    return out


def unmatched(
    ours: list[Drawn], ref: list[Drawn], tolerance: float = 0.05
) -> tuple[list[Drawn], list[Drawn]]:
    """Elements of each side without a counterpart on the other (multiset match)."""
    left = list(ref)
    extra: list[Drawn] = []
    for item in ours:
        for i, cand in enumerate(left):
            if item.close(cand, tolerance):
                del left[i]
                break
        else:
            extra.append(item)
    return extra, left
