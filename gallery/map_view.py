"""A game's map as SVG markup: the full interactive map of the map page, and the one-picture
thumbnails of the game overview and the games index.

Each distinct hex drawing is one `<symbol>` used at every coordinate that shows it, so a map of
hundreds of hexes stays small. In the interactive map every hex is a link whose accessible name
says what it is in words (coordinate, place, and `tile_lang.describe` of the printed tile), and
whose data the viewer script (`assets/tile-atlas/map.js`) shows in its hex card. The markup
comes from the `map.svg.j2` template, which a site may override.

This module knows nothing of pages or files: the caller passes how to draw a hex and where a
hex links to, so the dependency runs one way (site -> map_view).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from gallery.game import Game, MapHex
from gallery.map_geometry import axis_labels, hex_centres, map_frame
from gallery.svgtext import symbol_inner
from gallery.templates import Templates
from tile_lang import Layout, describe

#: Font size of location names in tile units (tile_lang.layout.location_name): the viewer
#: zooms in until they are legible.
NAME_UNITS = 16


@dataclass(frozen=True)
class _Symbol:
    """A distinct hex drawing and, on the interactive map, what the hex card says of every hex
    that shows it (a symbol is one code, colour and name): kept once here, not per hex."""

    id: str
    inner: str
    #: The drawing's file (relative to the page) when the symbol shows it as an <image>.
    href: str = ""
    name: str = ""
    code: str = ""
    color: str = ""
    printed: str = ""


@dataclass(frozen=True)
class _HexView:
    coord: str
    x: float
    y: float
    symbol: str
    href: str
    label: str
    tile: str


def svg_inner(svg: str) -> str:
    """The children of a standalone `<svg>` (to become a `<symbol>`), without its `<title>`:
    on a map each hex's link says what it shows (its accessible name), and the same words in
    every symbol would only make the page longer."""
    start = svg.index(">", svg.index("<svg")) + 1
    inner = svg[start : svg.rindex("</svg>")]
    return symbol_inner(_TITLE.sub("", inner, count=1))


_TITLE = re.compile(r"<title>[^<]*</title>")


#: What a hex card says of a hex whose tile string does not parse.
UNREADABLE = "This hex's tile string has an error; it is drawn as an error tile."


def printed_words(h: MapHex, layout: Layout, words: Callable[..., str] = describe) -> str:
    """The printed tile of `h` in words (`tile_lang.describe`, without its place name; `words`:
    a memo of it taking the same arguments, such as `RenderCache.words`)."""
    try:
        return words(h.code, color=h.color, layout=layout)
    except ValueError:
        return UNREADABLE


def map_svg(
    game: Game,
    *,
    templates: Templates,
    draw: Callable[[MapHex], str],
    href: Callable[[str], str] | None = None,
    scale: float = 0.5,
    picture: Callable[[MapHex], str] | None = None,
    printed: Callable[[MapHex, Layout], str] = printed_words,
    symbol_prefix: str = "h",
) -> str:
    """The whole map. `draw(hex)` gives a hex's standalone SVG; with `href(coord)` the map is
    interactive (hexes are links), without it a single picture (a thumbnail: no names); it
    holds nothing of the game's title (its page names it). With `picture(hex)`, the address
    of a file holding that hex's drawing, each symbol shows that file instead of carrying the
    drawing (a page whose hexes page already ships the files need not hold every drawing a
    second time; a thumbnail, an image of its own, may load nothing and needs the drawings
    inside). `printed(hex, layout)` says a hex's printed tile in words (a caller that has
    described the same tiles already passes its memo: a map shows a few drawings hundreds of
    times). `symbol_prefix` starts the symbols' ids: a page holding several maps gives each
    its own, or a `<use>` of one map would show another map's drawing."""
    if not game.hexes:
        return "<p>This game has no map hexes.</p>"
    centres = hex_centres(game)
    frame = map_frame(centres)
    symbols: dict[tuple[str, str, str | None], str] = {}
    defs: list[_Symbol] = []
    hexes: list[_HexView] = []
    ordered = sorted(game.hexes.items(), key=lambda kv: (centres[kv[0]][1], centres[kv[0]][0]))
    for coord, h in ordered:
        if h.color == "empty":
            continue
        # a thumbnail's place names are too small to read: its hexes are drawn without them,
        # so hexes that differ only by name share a symbol (a much smaller picture)
        key = (h.code, h.color, h.name if href else None)
        sym = symbols.get(key)
        words = printed(h, game.layout) if href else ""
        if sym is None:
            shown = h if href or h.name is None else replace(h, name=None)
            sym = symbols[key] = f"{symbol_prefix}{len(symbols)}"
            facts = (h.name or "", h.code, h.color, words)
            if picture is not None:
                defs.append(_Symbol(sym, "", picture(shown), *facts))
            elif href:
                defs.append(_Symbol(sym, svg_inner(draw(shown)), "", *facts))
            else:
                defs.append(_Symbol(sym, svg_inner(draw(shown))))
        x, y = centres[coord]
        label = f"{coord}: {h.name}. {words}" if h.name else f"{coord}. {words}"
        hexes.append(
            _HexView(
                coord=coord,
                x=x,
                y=y,
                symbol=sym,
                href=href(coord) if href else "",
                label=label.strip(),
                tile=h.tile or "",
            )
        )
    return templates.render(
        "map.svg.j2",
        interactive=href is not None,
        frame=frame,
        width=f"{frame.width * scale:.0f}",
        height=f"{frame.height * scale:.0f}",
        symbols=defs,
        hexes=hexes,
        labels=axis_labels(game, centres, frame),
        name_units=NAME_UNITS,
    ).strip()
