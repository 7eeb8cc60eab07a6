"""Colour cues: a small black symbol per tile colour, so a tile's colour reads without hue.

About one reader in twelve sees yellow, green, brown and gray tiles as two or three shades
(docs/usage/accessibility.md has the simulated figures). A cue names the colour by shape, one
shape per colour of the upgrade ladder, drawn in ink the way a printed tile carries its number:

    yellow ● circle   green ▲ triangle   brown ■ square   gray ✚ cross   sepia ◆ diamond

A two-colour tile (18xx.games' green/brown 119, brown/gray 166 and 1200, brown/sepia 200, and a
game's own such as 1858's green tiles with yellow stripes) is a tile colour plus a `stripes`
part; its cue is both symbols side by side, the tile colour first, and its name the colours
run together as 18xx.games spells them (`greenbrown`). White map hexes and the map-only
colours (red off-boards, blue water, …) get no cue: they are told apart by what is drawn on
them, not by their colour.

Where: a corner, chosen with the renderer's own region table once the tile is laid out
(`tile_lang.layout.regions`), so the cue lands where no track, stop, revenue, label or name
was placed. The corner a printed tile number would take (`tile_lang.tile_number`) is claimed
first, so a printed number and a cue never share a corner. Corners are tried in the order
that leaves the cue in the same place on most tiles (see `CUE_SPOTS`).

Every cue is one `<g data-color-cue="<colour>" class="color-cue">`. `CueMode` "toggle" emits it
hidden (`display="none"`), for pages that reveal cues with CSS (see `TOGGLE_STYLE`).
"""

from __future__ import annotations

from tile_lang.color_names import BASE_COLORS
from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import (
    BOTTOM_LEFT_CORNER,
    BOTTOM_RIGHT_CORNER,
    LEFT_CORNER,
    RIGHT_CORNER,
    UPPER_LEFT_CORNER,
    UPPER_RIGHT_CORNER,
    Location,
    RegionUse,
)
from tile_lang.layout.shapes import Point, Shape, circle, fmt, group, polygon, rect
from tile_lang.options import CueMode
from tile_lang.tile_number import free_spot

#: The class every cue group carries (what a page's CSS or `TOGGLE_STYLE` reveals).
CUE_CLASS = "color-cue"

#: Half the width of one symbol, in tile units (a symbol is 12 units across: about the
#: height of a printed tile number, `tile_number.NUMBER_FONT_UNITS`).
HALF = 6.0
#: Centre-to-centre distance of the two symbols of a two-colour cue.
PAIR_STEP = 14.0
#: How far towards the centre a cue moves on a tile with a frame (`layout.frames`).
FRAME_INSET = 0.86
INK = "black"
#: A thin white edge so the symbol stays visible on a dark stripe (sepia) or a dark map.
HALO = "white"
HALO_WIDTH = 1.5


def _circle() -> Shape:
    return circle(0, 0, HALF, fill=INK, stroke=HALO, stroke_width=HALO_WIDTH)


def _triangle() -> Shape:
    # equal-sided, its centroid at the origin, as wide as the circle is
    h = HALF * 3**0.5
    return polygon(
        ((0, -h * 2 / 3), (HALF * 1.15, h / 3 + 0.6), (-HALF * 1.15, h / 3 + 0.6)),
        fill=INK, stroke=HALO, stroke_width=HALO_WIDTH,
    )  # fmt: skip


def _square() -> Shape:
    s = HALF * 0.9
    return rect(-s, -s, 2 * s, 2 * s, fill=INK, stroke=HALO, stroke_width=HALO_WIDTH)


def _cross() -> Shape:
    a, b = HALF, HALF * 0.38
    points: tuple[Point, ...] = (
        (-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a), (-b, b),
        (-a, b), (-a, -b), (-b, -b),
    )  # fmt: skip
    return polygon(points, fill=INK, stroke=HALO, stroke_width=HALO_WIDTH)


def _diamond() -> Shape:
    a = HALF * 1.15
    return polygon(((0, -a), (a, 0), (0, a), (-a, 0)), fill=INK, stroke=HALO,
                   stroke_width=HALO_WIDTH)  # fmt: skip


#: The symbol of each colour that has one (see the module docstring).
SYMBOLS = {
    "yellow": _circle,
    "green": _triangle,
    "brown": _square,
    "gray": _cross,
    "sepia": _diamond,
}

#: Where a cue may go (tile frame, flat view), in order of preference. Measured on the
#: catalog with the number's corner taken first: the top-right corner is free on most tiles
#: (tile numbers and location names go bottom-left, and the common track shapes leave the
#: top corners alone), so cues line up there; the others in turn when it is not.
CUE_SPOTS: tuple[Location, ...] = (
    Location(36, -69, UPPER_RIGHT_CORNER, name="top-right"),
    Location(-36, -69, UPPER_LEFT_CORNER, name="top-left"),
    Location(36, 69, BOTTOM_RIGHT_CORNER, name="bottom-right"),
    Location(-36, 69, BOTTOM_LEFT_CORNER, name="bottom-left"),
    Location(-72, 0, LEFT_CORNER, name="left"),
    Location(72, 0, RIGHT_CORNER, name="right"),
    # a crowded tile's last chance: the tip of a top or bottom corner, a single region
    Location(-47, -76, (0,), name="top-left tip"),
    Location(47, -76, (4,), name="top-right tip"),
    Location(-47, 76, (19,), name="bottom-left tip"),
    Location(47, 76, (23,), name="bottom-right tip"),
)

#: A `<style>` for a standalone SVG file drawn with `CueMode` "toggle" (a map or manifest
#: shown with `<img>`, which page CSS cannot reach): the file shows its cues when addressed
#: as `file.svg#color-cues`, which a page's colour-blind switch sets on the image's address.
#: The file must also hold an element with `id="color-cues"` before the tiles (see
#: `toggle_anchor`). Not used in inline SVG: a `<style>` there would apply to the whole page.
TOGGLE_STYLE = (
    f"#color-cues:target ~ * .{CUE_CLASS}, #color-cues:target ~ .{CUE_CLASS} {{ display: inline; }}"
)


def toggle_anchor() -> Shape:
    """The empty element `TOGGLE_STYLE`'s `:target` rule keys on (see there)."""
    return Shape("g", (("id", "color-cues"),))


def cue_colors(color: str, stripes: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The colours a tile of `color` with these stripe colours is marked with, each with a
    symbol: `("green", "brown")` for 119; `()` for a colour without one (white, red, …)."""
    base = _split(color)
    if not base or base[0] not in SYMBOLS:
        return ()
    return tuple(dict.fromkeys(c for c in (*base, *stripes[-1:]) if c in SYMBOLS))


def _split(name: str) -> list[str]:
    """`greenbrown` -> [green, brown] (18xx.games' two-colour names), `yellow` -> [yellow]."""
    for base in BASE_COLORS:
        if name == base:
            return [base]
        if name.startswith(base):
            rest = _split(name[len(base) :])
            if rest:
                return [base, *rest]
    return []


def cue_name(colors: tuple[str, ...]) -> str:
    """The cue's `data-color-cue` value: the colours run together, as 18xx.games names
    two-colour tiles (`greenbrown`)."""
    return "".join(colors)


def cue_spot(regions: RegionUse, *, beside_number: bool = False) -> Location:
    """The cue's corner on a laid-out tile, the least used one (claims nothing on
    `regions`). `beside_number`: a tile number is printed too, so its corner
    (`tile_lang.tile_number.free_spot`) is taken first."""
    if beside_number:
        regions = RegionUse(dict(regions.use))
        regions.claim(free_spot(regions).weights)
    return regions.best(CUE_SPOTS)


def _offsets(spot: Location, count: int) -> list[Point]:
    """Where each of several symbols sits around `spot`: one above the other at a side
    corner, where the hex is narrow; along a top or bottom edge, from the corner towards the
    edge's middle, where it is wide."""
    if spot.name in ("left", "right"):
        first = -PAIR_STEP * (count - 1) / 2
        return [(0.0, first + i * PAIR_STEP) for i in range(count)]
    inward = -1.0 if spot.x > 0 else 1.0
    return [(inward * (3 + i * PAIR_STEP), 0.0) for i in range(count)]


def cue_shape(ctx: TileContext, mode: CueMode, *, beside_number: bool = False) -> Shape | None:
    """The cue of a laid-out tile (None when `mode` is "off" or the colour has no symbol);
    `beside_number` as for `cue_spot`."""
    if mode == "off":
        return None
    colors = cue_colors(ctx.color, tuple(s.color for s in ctx.tile.stripes))
    if not colors:
        return None
    spot = cue_spot(ctx.regions, beside_number=beside_number)
    symbols = [SYMBOLS[c]() for c in colors]
    if len(symbols) > 1:
        symbols = [
            group([symbol], transform=f"translate({fmt(dx)} {fmt(dy)})")
            for symbol, (dx, dy) in zip(symbols, _offsets(spot, len(symbols)), strict=True)
        ]
    # a frame is a band 10 units wide inside the outline: keep clear of it
    inset = FRAME_INSET if ctx.tile.frames else 1.0
    transform = f"translate({fmt(spot.x * inset)} {fmt(spot.y * inset)})"
    if ctx.upright:
        transform += f" rotate({fmt(ctx.upright)})"
    return group(
        symbols,
        transform=transform,
        class_=CUE_CLASS,
        data_color_cue=cue_name(colors),
        display="none" if mode == "toggle" else None,
    )
