"""The only module that writes SVG: layout shapes -> one standalone `<svg>` element.

Why one writer: escaping, number rounding, id prefixes and determinism are decided once. Many
tiles share a page, so every `id` (and every `url(#…)`/`href="#…"` pointing at one) is prefixed
per SVG; every attribute value and every text is escaped here, so tile data can never inject
markup.

Why our own serialiser rather than svgwrite: svgwrite built an `xml.etree` tree of every element
and ElementTree then serialised it, half of all the time spent drawing a tile (issue #21.2). The
writer below produces the very same bytes straight from the `Shape` tree: the root attributes
svgwrite's `Drawing` wrote, attributes sorted by name with empty values left out (svgwrite's
rule), an empty `<defs />` first, ElementTree's escaping and its ` />` for empty elements.
tests/tile_lang/test_svg_writer.py checks this against an ElementTree serialisation.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from tile_lang.describe import describe
from tile_lang.layout import LAYER_ORDER, layout_tile
from tile_lang.layout.color_cue import CUE_ANCHOR, TOGGLE_STYLE, cue_shape
from tile_lang.layout.context import TILE_GROUP_LAYERS, TileContext
from tile_lang.layout.hexgeom import hex_transform
from tile_lang.layout.regions import Location
from tile_lang.layout.shapes import AttrValue, Shape, fmt
from tile_lang.limits import MAX_NAME_LENGTH, MAX_SCALE
from tile_lang.model import Tile
from tile_lang.options import LAYOUTS, CueMode, Grid, Layout, cue_mode, is_layout
from tile_lang.parse import parse
from tile_lang.serialise import serialise
from tile_lang.tile_number import free_spot

#: Inherited presentation attributes, mirroring 18xx.games' CSS (facts §7.2, §7.3). Attributes
#: rather than a <style> element: an inline SVG's CSS would leak into the whole HTML page.
FONT_FAMILY = "Lato, 'Helvetica Neue', Arial, sans-serif"
TILE_GROUP_ATTRS = {"fill": "none", "stroke-width": "1", "text-anchor": "middle"}

VIEW_BOX = (-100.0, -100.0, 200.0, 200.0)
BASE_SIZE = 200.0

_NUMERIC_ATTRS = frozenset(
    {
        "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height",
        "stroke-width", "font-size", "opacity", "fill-opacity", "stroke-opacity",
        "stroke-dashoffset",
    }
)  # fmt: skip
_URL_REF = re.compile(r"url\(#([^)]+)\)")
#: What XML 1.0 cannot hold (C0 controls but tab and line breaks, lone surrogates, U+FFFE and
#: U+FFFF) plus DEL and the C1 controls it discourages. Text and attributes can come from
#: anywhere (a location name, a hand-built Tile), so the writer replaces each with U+FFFD: the
#: SVG stays well-formed and encodable, and the reader sees that something was there.
_NOT_XML = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_safe(text: str) -> str:
    """`text` with every character XML cannot hold replaced by U+FFFD."""
    if _NOT_XML.search(text) is None:
        return text
    return _NOT_XML.sub("\N{REPLACEMENT CHARACTER}", text)


def _value(name: str, value: AttrValue, prefix: str) -> str:
    if isinstance(value, float | int) and not isinstance(value, bool):
        return fmt(value)
    text = str(value)
    if name == "id":
        return f"{prefix}{text}"
    if name in ("href", "xlink:href") and text.startswith("#"):
        return f"#{prefix}{text[1:]}"
    if "url(#" in text:
        return _URL_REF.sub(lambda m: f"url(#{prefix}{m.group(1)})", text)
    return text


#: ElementTree's escapes, and ours: in attribute values `&`, `<`, `>`, `"` and the three
#: whitespace controls (as numeric references, so a reader keeps them instead of normalising
#: them to spaces); in character data `&`, `<` and `>`. One `translate` pass each: `&` is never
#: escaped twice.
_ATTR_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;", "\n": "&#10;",
     "\t": "&#09;"}
)  # fmt: skip
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
#: Characters that make a value need more than copying: not XML (see `_NOT_XML`) or escaped.
#: Nearly every value (numbers, colours, path data) has none, so one search decides.
_ATTR_WORK = re.compile(
    "[^\x20-\x21\x23-\x25\x27-\x3b\x3d\x3f-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
_TEXT_WORK = re.compile(
    "[^\t\n\r\x20-\x25\x27-\x3b\x3d\x3f-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)


def escape_attribute(text: str) -> str:
    """`text` as an attribute value between double quotes: XML-safe, then escaped."""
    if _ATTR_WORK.search(text) is None:
        return text
    return xml_safe(text).translate(_ATTR_ESCAPES)


def escape_text(text: str) -> str:
    """`text` as character data: XML-safe, then escaped."""
    if _TEXT_WORK.search(text) is None:
        return text
    return xml_safe(text).translate(_TEXT_ESCAPES)


def _start_tag(out: list[str], tag: str, attrs: dict[str, str]) -> None:
    """`<tag a="…" b="…"` (not closed): names sorted, empty values left out, as svgwrite did."""
    out.append("<" + tag)
    for name in sorted(attrs):
        value = attrs[name]
        if value:
            out.append(f' {name}="{escape_attribute(value)}"')


def _write(out: list[str], shape: Shape, prefix: str) -> None:
    """Append `shape` and its descendants, ids and references to them prefixed; ` />` closes an
    element with neither text nor children (ElementTree's form).

    The start tag is `_start_tag`'s, written inline: this runs for every element of every tile.
    A number (most values) is written by `fmt` alone, as its text is never empty and never needs
    escaping; `dict` keeps the last of a repeated name, as `_start_tag`'s mapping did."""
    out.append("<" + shape.tag)
    for name, value in sorted(dict(shape.attrs).items()):
        if type(value) is float or type(value) is int:
            out.append(f' {name}="{fmt(value)}"')
            continue
        if type(value) is str and name != "id" and "#" not in value:
            text = value  # no id and no `#`, so no reference: `_value` would give it back
        else:
            text = _value(name, value, prefix)
        if text:
            out.append(f' {name}="{escape_attribute(text)}"')
    if not shape.text and not shape.children:
        out.append(" />")
        return
    out.append(">")
    if shape.text:
        out.append(escape_text(shape.text))
    for child in shape.children:
        _write(out, child, prefix)
    out.append(f"</{shape.tag}>")


def default_prefix(code: str, color: str, layout: str, rotation: int) -> str:
    """A short stable prefix derived from the inputs (same tile -> same ids, as required for
    byte-identical builds); callers putting the same tile twice on a page pass their own."""
    key = f"{code}|{color}|{layout}|{rotation}".encode("utf-8", "surrogatepass")
    digest = hashlib.sha1(key).hexdigest()[:8]
    return f"t{digest}-"


def shapes_to_svg(
    ctx: TileContext,
    *,
    scale: float = 1.0,
    id_prefix: str = "",
    title: str | None = None,
    css_class: str = "tile-svg",
    decorative: bool = False,
    overlay: tuple[Shape, ...] = (),
) -> str:
    """Serialise laid-out layers into a standalone SVG string (`decorative`: hidden from
    assistive technology instead of being an image with a name; `overlay`: drawn last, over
    the tile, such as its colour cue)."""
    vx, vy, vw, vh = VIEW_BOX
    size = fmt(BASE_SIZE * scale)
    root = {
        "xmlns": "http://www.w3.org/2000/svg",
        "xmlns:ev": "http://www.w3.org/2001/xml-events",
        "xmlns:xlink": "http://www.w3.org/1999/xlink",
        "baseProfile": "full",
        "version": "1.1",
        "width": size,
        "height": size,
        "viewBox": f"{fmt(vx)} {fmt(vy)} {fmt(vw)} {fmt(vh)}",
        "class": css_class,
        "font-family": FONT_FAMILY,
    }
    if decorative:
        root["aria-hidden"] = "true"
    else:
        root["role"] = "img"
    hex_items: list[Shape | list[Shape]] = []  # a list: the tile group, filled as we go
    tile_group: list[Shape] | None = None
    for layer in LAYER_ORDER:
        shapes = ctx.layers[layer]
        if not shapes:
            continue
        if layer in TILE_GROUP_LAYERS:
            if tile_group is None:
                tile_group = []
                hex_items.append(tile_group)
            tile_group.extend(shapes)
        else:
            hex_items.extend(shapes)
            if layer == "grid":
                tile_group = None  # anything after the grid starts a new tile group
    # The groups' attributes hold no id or reference, so `_write`'s prefixing leaves them be.
    tile_attrs = tuple(TILE_GROUP_ATTRS.items())
    hex_group = Shape(
        "g",
        (("stroke", "black"), ("transform", hex_transform(ctx.layout) or "")),
        tuple(
            item if isinstance(item, Shape) else Shape("g", tile_attrs, tuple(item))
            for item in hex_items
        )
        + overlay,
    )
    out: list[str] = []
    _start_tag(out, "svg", root)
    out.append("><defs />")  # svgwrite's Drawing always began with an empty <defs>
    if title:
        _write(out, Shape("title", text=title), id_prefix)
    _write(out, hex_group, id_prefix)
    out.append("</svg>")
    return "".join(out)


def with_cue_switch(svg: str) -> str:
    """A standalone SVG file drawn with `color_cues="toggle"`, made to show its cues when
    addressed as `file.svg#color-cues` (`tile_lang.layout.color_cue.TOGGLE_STYLE`): for a
    drawing shown with `<img>`, which the page's CSS cannot reach. Not for inline SVG (its
    `<style>` would apply to the whole page). The anchor is written as is, unprefixed: the
    address names it."""
    head = "<defs />"
    at = svg.index(head) + len(head)
    switch = f'<style>{TOGGLE_STYLE}</style><g id="{CUE_ANCHOR}" />'
    return svg[:at] + switch + svg[at:]


@dataclass(frozen=True)
class Rendered:
    """A drawing and, for a tile drawn without a name, where each planned name would go and
    (when asked) where a printed tile number would go (`tile_lang.tile_number`)."""

    svg: str
    name_boxes: tuple[str, ...] = ()
    number_spot: Location | None = None


def render_svg(
    tile_or_code: Tile | str,
    *,
    color: str = "white",
    layout: Layout = "flat",
    rotation: int = 0,
    name: str | None = None,
    grid: bool | Grid | None = False,
    scale: float = 1.0,
    id_prefix: str | None = None,
    title: str | None = None,
    icon_dirs: tuple[Path, ...] | list[Path] = (),
    color_cues: bool | CueMode = False,
) -> str:
    """One standalone `<svg>` for a tile (a parsed Tile or a code string).

    Raises `TileSyntaxError` for a bad code and ValueError for bad options; callers that must
    never fail (the Markdown fence) turn those into an error box. Whatever text it is given
    (`name`, `title`, a hand-built Tile's labels), the SVG is well-formed: characters XML cannot
    hold become U+FFFD, and a name longer than `limits.MAX_NAME_LENGTH` ends in `…`.
    Without a `title` the SVG's `<title>` (its accessible name) is `tile_lang.describe`'s words.
    `color_cues` (True or "on"; "toggle": emitted hidden) marks the tile's colour with a
    symbol (`tile_lang.layout.color_cue`); off, the drawing is exactly as without it.
    """
    return render_tile(
        tile_or_code, color=color, layout=layout, rotation=rotation, name=name, grid=grid,
        scale=scale, id_prefix=id_prefix, title=title, icon_dirs=icon_dirs,
        color_cues=color_cues,
    ).svg  # fmt: skip


def render_tile(
    tile_or_code: Tile | str,
    *,
    color: str = "white",
    layout: Layout = "flat",
    rotation: int = 0,
    name: str | None = None,
    grid: bool | Grid | None = False,
    scale: float = 1.0,
    id_prefix: str | None = None,
    title: str | None = None,
    icon_dirs: tuple[Path, ...] | list[Path] = (),
    plan_names: tuple[str, ...] = (),
    plan_number: bool = False,
    color_cues: bool | CueMode = False,
) -> Rendered:
    """`render_svg`, and for a tile drawn without a name the transforms of the boxes
    `plan_names` would be drawn in and, with `plan_number`, the free corner of a printed tile
    number (from the same layout: no second pass)."""
    if not is_layout(layout):
        choices = " or ".join(repr(name) for name in LAYOUTS)
        raise ValueError(f"layout must be {choices}, not {layout!r}")
    if not isinstance(rotation, int) or isinstance(rotation, bool):
        raise ValueError(f"rotation must be an integer 0-5, not {rotation!r}")
    if not 0 < scale <= MAX_SCALE:  # also refuses NaN
        raise ValueError(f"scale must be above 0 and at most {MAX_SCALE:g}, not {scale!r}")
    cues = cue_mode(color_cues)
    if name is not None and len(name) > MAX_NAME_LENGTH:
        # A name is not tile code, so it is not refused; cut visibly (the `…` shows it) so a
        # runaway name cannot multiply the name box's lines and the output size.
        name = name[: MAX_NAME_LENGTH - 1] + "…"
    code = tile_or_code if isinstance(tile_or_code, str) else None
    tile = parse(tile_or_code) if isinstance(tile_or_code, str) else tile_or_code
    if id_prefix is None:
        id_prefix = default_prefix(
            code if code is not None else serialise(tile), color, layout, rotation
        )
    ctx = layout_tile(
        tile,
        color=color,
        layout=layout,
        rotation=rotation,
        name=name,
        grid=grid,
        icon_dirs=tuple(Path(p) for p in icon_dirs),
        plan_names=plan_names if name is None else (),
    )
    if title is None:  # the accessible name: what the tile shows, in words
        title = describe(tile, color=color, layout=layout, rotation=rotation, name=name)
    spot = free_spot(ctx.regions) if plan_number and name is None else None
    cue = cue_shape(ctx, cues)
    overlay = (cue,) if cue is not None else ()
    svg = shapes_to_svg(ctx, scale=scale, id_prefix=id_prefix, title=title, overlay=overlay)
    return Rendered(svg, ctx.name_plans, spot)
