"""Colour cues: a small black symbol per tile colour, so a tile's colour reads without hue.

About one man in twelve sees some of the yellow, green, brown and gray tiles as one shade
(docs/usage/accessibility.md has the simulated figures). A cue names the colour by shape, one
shape per colour of the upgrade ladder, drawn in ink the way a printed tile carries its number:

    yellow ○ ring   green ▲ triangle   brown ■ square   gray ✚ cross   sepia ◆ diamond

A two-colour tile (18xx.games' green/brown 119, brown/gray 166 and 1200, brown/sepia 200, and a
game's own such as 1858's green tiles with yellow stripes) is a tile colour plus a `stripes`
part; its cue is both symbols side by side, the tile colour first, and its name the colours
run together as 18xx.games spells them (`greenbrown`). White map hexes and the map-only
colours (red off-boards, blue water, …) get no cue: they are told apart by what is drawn on
them, not by their colour.

Where: a corner, chosen with the renderer's own region table once the tile is laid out
(`tile_lang.layout.regions`), so the cue lands where no track, stop, revenue, label or name
was placed. The corner a printed tile number would take (`tile_lang.tile_number`) is claimed
first when both are drawn, so they never share a corner. Corners are tried in the order that
leaves the cue in the same place on most tiles (see `CUE_SPOTS`). On a crowded tile, where
the table finds every corner used, the drawing decides (`tile_lang.layout.clearance`).

Every cue is one `<g data-color-cue="<colour>" class="color-cue">`. `CueMode` "toggle" emits it
hidden (`display="none"`), for pages that reveal cues with CSS (see `TOGGLE_STYLE`).
"""

from __future__ import annotations

from tile_lang.color_names import BASE_COLORS
from tile_lang.layout.clearance import Blob, blobs, clearance
from tile_lang.layout.context import TileContext
from tile_lang.layout.regions import (
    BOTTOM_LEFT_CORNER,
    BOTTOM_RIGHT_CORNER,
    LEFT_CORNER,
    LEFT_MID,
    RIGHT_CORNER,
    RIGHT_MID,
    UPPER_LEFT_CORNER,
    UPPER_RIGHT_CORNER,
    Location,
    RegionUse,
)
from tile_lang.layout.shapes import Point, Shape, circle, fmt, group, polygon, rect
from tile_lang.options import CueMode
from tile_lang.tile_number import NUMBER_FONT_UNITS, free_spot

#: The class every cue group carries (what a page's CSS or `TOGGLE_STYLE` reveals).
CUE_CLASS = "color-cue"

#: Half the width of one symbol, in tile units: 16 units across, a little more than a printed
#: tile number's height (`tile_number.NUMBER_FONT_UNITS`), so it still reads on a tile shown
#: 100 pixels wide.
HALF = 8.0
#: The size of a cue squeezed into the tip of a corner (see `CUE_SPOTS`).
TIP_SCALE = 0.6
#: Space (tile units) a cue keeps from anything drawn, when it is placed by the drawing.
MIN_ROOM = 1.0
#: The yellow ring's line.
RING_WIDTH = 3.5
#: Centre-to-centre distance of the two symbols of a two-colour cue.
PAIR_STEP = 18.0
#: How far towards the centre a cue moves on a tile with a frame (`layout.frames`).
FRAME_INSET = 0.86
INK = "black"
#: A thin white edge so the symbol stays visible on a dark stripe (sepia) or a dark map.
HALO = "white"
HALO_WIDTH = 1.5
#: How far a symbol reaches from its centre at most (the square's corners, and the halo).
EXTENT = HALF * 0.9 * 2**0.5 + HALO_WIDTH / 2


def _ring() -> Shape:
    # hollow: a filled black dot is how 18xx.games draws a town
    r = HALF - RING_WIDTH / 2
    halo = circle(0, 0, r, fill="none", stroke=HALO, stroke_width=RING_WIDTH + 2 * HALO_WIDTH)
    return group([halo, circle(0, 0, r, fill="none", stroke=INK, stroke_width=RING_WIDTH)])


def _triangle() -> Shape:
    # equal-sided, its centroid at the origin, as wide as the circle is
    h = HALF * 3**0.5
    return polygon(
        ((0, -h * 2 / 3), (HALF * 1.05, h / 3 + 0.6), (-HALF * 1.05, h / 3 + 0.6)),
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
    "yellow": _ring,
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
    Location(38, -70, UPPER_RIGHT_CORNER, name="top-right"),
    Location(-38, -70, UPPER_LEFT_CORNER, name="top-left"),
    Location(38, 70, BOTTOM_RIGHT_CORNER, name="bottom-right"),
    Location(-38, 70, BOTTOM_LEFT_CORNER, name="bottom-left"),
    # a side corner also weighs the regions beside it: a label drawn there in pointy layout
    # claims little of the corner itself
    Location(-72, 0, (*LEFT_CORNER, *LEFT_MID), name="left"),
    Location(72, 0, (*RIGHT_CORNER, *RIGHT_MID), name="right"),
    # on a crowded tile: further into a top or bottom corner, a single region
    Location(-42, -74, (0,), name="top-left deep"),
    Location(42, -74, (4,), name="top-right deep"),
    Location(-42, 74, (19,), name="bottom-left deep"),
    Location(42, 74, (23,), name="bottom-right deep"),
    # and the last chance: the tip of such a corner, where the cue is drawn smaller
    Location(-45.3, -78.8, (0,), name="top-left tip", scale=TIP_SCALE),
    Location(45.3, -78.8, (4,), name="top-right tip", scale=TIP_SCALE),
    Location(-45.3, 78.8, (19,), name="bottom-left tip", scale=TIP_SCALE),
    Location(45.3, 78.8, (23,), name="bottom-right tip", scale=TIP_SCALE),
)

#: The id a standalone SVG's cues are shown by (`file.svg#color-cues`).
CUE_ANCHOR = "color-cues"

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


def cue_spot(
    regions: RegionUse, *, beside_number: bool = False, ctx: TileContext | None = None
) -> Location:
    """The cue's corner on a laid-out tile, the least used one (claims nothing on
    `regions`). `beside_number`: a tile number is printed too, so its corner
    (`tile_lang.tile_number.free_spot`) is taken first. On a crowded tile, where every corner
    is used, the drawing itself decides when `ctx` is given: the spot farthest from what the
    tile draws (`tile_lang.layout.clearance`)."""
    number = free_spot(regions) if beside_number else None
    if number is not None:
        regions = RegionUse(dict(regions.use))
        regions.claim(number.weights)
    best = regions.best(CUE_SPOTS)
    if ctx is None or regions.cost(best.weights) == 0:
        return best
    drawn = list(blobs(ctx))
    if number is not None:
        drawn.append(Blob(((number.x, number.y),), pad=NUMBER_FONT_UNITS))
    count = len(cue_colors(ctx.color, tuple(s.color for s in ctx.tile.stripes))) or 1
    rooms = [(_room(spot, count, drawn), spot) for spot in CUE_SPOTS]
    # a full-size cue where one fits; the smaller one in a corner's tip only where none does
    full = [(room, spot) for room, spot in rooms if spot.scale == 1 and room >= MIN_ROOM]
    return max(full or rooms, key=lambda pair: pair[0])[1]


def _room(spot: Location, count: int, drawn: list[Blob]) -> float:
    """Space between a cue of `count` symbols at `spot` and the nearest thing drawn."""
    centres = [(spot.x + dx * spot.scale, spot.y + dy * spot.scale)
               for dx, dy in _offsets(spot, count)]  # fmt: skip
    return min(clearance(c, drawn) for c in centres) - EXTENT * spot.scale


def _offsets(spot: Location, count: int) -> list[Point]:
    """Where each of several symbols sits around `spot`: one above the other at a side
    corner, where the hex is narrow; along a top or bottom edge, side by side from the corner
    towards the edge's middle, where it is wide."""
    if spot.name in ("left", "right"):
        first = -PAIR_STEP * (count - 1) / 2
        return [(0.0, first + i * PAIR_STEP) for i in range(count)]
    if count == 1:
        return [(0.0, 0.0)]
    inward = -1.0 if spot.x > 0 else 1.0
    # read left to right whichever corner: the tile's colour first
    return sorted((inward * (2 - PAIR_STEP / 2 + i * PAIR_STEP), 0.0) for i in range(count))


def cue_shape(ctx: TileContext, mode: CueMode, *, beside_number: bool = False) -> Shape | None:
    """The cue of a laid-out tile (None when `mode` is "off" or the colour has no symbol);
    `beside_number` as for `cue_spot`."""
    if mode == "off":
        return None
    colors = cue_colors(ctx.color, tuple(s.color for s in ctx.tile.stripes))
    if not colors:
        return None
    spot = cue_spot(ctx.regions, beside_number=beside_number, ctx=ctx)
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
    if spot.scale != 1:
        transform += f" scale({fmt(spot.scale)})"
    return group(
        symbols,
        transform=transform,
        class_=CUE_CLASS,
        data_color_cue=cue_name(colors),
        display="none" if mode == "toggle" else None,
    )
