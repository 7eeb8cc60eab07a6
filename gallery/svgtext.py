"""The renderer's SVG made lighter for the site's pages and files, with the same drawing.

`tile_lang` writes what svgwrite wrote (its public output is byte-stable): a root carrying
`xmlns:ev`, `xmlns:xlink`, `baseProfile` and `version`, and an empty `<defs />`. No browser
needs them, and the whole-world site holds some 25,000 drawings, so the gallery drops them
where it writes a drawing: a file keeps its SVG namespace (it is a document of its own); a
drawing inside an HTML page drops that too, as the HTML parser puts an inline `<svg>` in the
SVG namespace itself. Only the root's attributes and a leading empty `<defs />` change, so the
drawing is the same, pixel for pixel.
"""

from __future__ import annotations

_SVGWRITE_ROOT = (
    ' xmlns:ev="http://www.w3.org/2001/xml-events"',
    ' baseProfile="full"',
    ' version="1.1"',
)
_XLINK = ' xmlns:xlink="http://www.w3.org/1999/xlink"'
_SVG_NS = ' xmlns="http://www.w3.org/2000/svg"'
_EMPTY_DEFS = "<defs />"


def _trim(svg: str, dropped: tuple[str, ...], xlink_used: bool) -> str:
    start = svg.find("<svg")
    end = svg.find(">", start)
    if start < 0 or end < 0:
        return svg
    root, rest = svg[start:end], svg[end + 1 :]
    for attribute in dropped:
        root = root.replace(attribute, "", 1)
    if not xlink_used:
        root = root.replace(_XLINK, "", 1)
    if rest.startswith(_EMPTY_DEFS):
        rest = rest[len(_EMPTY_DEFS) :]
    return svg[:start] + root + ">" + rest


def file_svg(svg: str) -> str:
    """A drawing for a file of its own (an `<img>` source, a download)."""
    return _trim(svg, _SVGWRITE_ROOT, _uses_xlink(svg))


def inline_svg(svg: str) -> str:
    """A drawing to place inside an HTML page (every `<svg>` root in the text is trimmed)."""
    parts = svg.split("<svg")
    if len(parts) == 1:
        return svg
    dropped, xlink = (*_SVGWRITE_ROOT, _SVG_NS), _uses_xlink(svg)
    return parts[0] + "".join(_trim("<svg" + part, dropped, xlink) for part in parts[1:])


def _uses_xlink(svg: str) -> bool:
    return "xlink:" in svg.replace(_XLINK, "")


def symbol_inner(inner: str) -> str:
    """The children of a drawing's root without the empty `<defs />` it starts with."""
    return inner[len(_EMPTY_DEFS) :] if inner.startswith(_EMPTY_DEFS) else inner
