"""SVG drawings of a board: the whole board for its page and a small thumbnail for the index.

The only module of `gallery.boardgame` that writes SVG. It uses svgwrite (debug=False, which
skips its slow attribute validation) so that every text from a game file — names, deck names,
the title — goes through XML escaping: a square called `<script>` stays text.

Output is deterministic (same board, byte-identical SVG): numbers are rounded to 2 decimals,
nothing depends on time or randomness, and every `id` starts with the caller's `id_prefix` so
several boards on one page never clash.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from gallery.boardgame.colors import color_fill, text_on
from gallery.boardgame.model import (
    ALaCarcel,
    Board,
    Calle,
    Carcel,
    Estacion,
    Impuesto,
    ImpuestoEspecial,
    Parking,
    Salida,
    Servicio,
    Square,
    Tarjeta,
)
from gallery.boardgame.ring import Ring, Slot, ring_layout
from gallery.boardgame.summaries import describe_square
from gallery.boardgame.textfit import LINE_HEIGHT, Fitted, fit_or_cut, text_width
from gallery.pagetext import clean  # XML cannot hold control characters, even escaped

if TYPE_CHECKING:  # svgwrite is imported where a board is drawn: a gallery worker draws none
    import svgwrite
    from svgwrite.container import Group

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
BOARD_FILL = "#cfe6d2"
SQUARE_FILL = "#fbfaf2"
INK = "#1d1d1b"
STROKE = 1.2
DECK_FILLS = ("#f39a2b", "#4a88d8", "#9b59b6", "#16a085", "#c0392b", "#7f8c8d")
"""Deck colours, given in order of first appearance on the board."""
CORNER_KINDS = (Salida, Carcel, Parking, ALaCarcel)
"""Squares with a corner drawing of their own (the others on a corner look like edges)."""
TITLE_BAND = 90.0
"""Height of the band above a board with no middle, where its title goes."""
PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,40}")


def _n(value: float) -> str:
    """A number as SVG text: at most 2 decimals, no trailing zeros (deterministic)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _check_prefix(id_prefix: str) -> None:
    if not PREFIX.fullmatch(id_prefix):
        raise ValueError(f"id_prefix {id_prefix!r}: a letter, then letters, digits, _ or -")


def deck_colors(board: Board) -> dict[str, str]:
    """Deck name -> the colour its card squares, its pile and its card faces are drawn in."""
    return {name: DECK_FILLS[i % len(DECK_FILLS)] for i, name in enumerate(board.deck_names)}


class _Painter:
    """Draws squares into one svgwrite Drawing (keeps the drawing and the deck colours)."""

    def __init__(self, dwg: svgwrite.Drawing, deck_fills: Mapping[str, str]) -> None:
        self.dwg = dwg
        self.deck_fills = deck_fills

    # -- primitives -------------------------------------------------------------------------

    def rect(
        self,
        g: Group,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str,
        stroke: str | None = INK,
        width: float = STROKE,
        **extra: str,
    ) -> None:
        attrs = {"fill": fill, **extra}
        if stroke:
            attrs |= {"stroke": stroke, "stroke_width": _n(width)}
        g.add(self.dwg.rect((_n(x), _n(y)), (_n(w), _n(h)), **attrs))

    def text(
        self,
        g: Group,
        x: float,
        y: float,
        content: str,
        size: float,
        weight: str = "normal",
        fill: str = INK,
    ) -> None:
        attrs = {"font_size": _n(size), "text_anchor": "middle", "fill": fill}
        if weight != "normal":
            attrs["font_weight"] = weight
        g.add(self.dwg.text(clean(content), insert=(_n(x), _n(y)), **attrs))

    def lines(
        self, g: Group, fitted: Fitted, top: float, weight: str = "bold", fill: str = INK
    ) -> float:
        """Centred lines whose first line's top is at `top`; returns the bottom."""
        step = fitted.size * LINE_HEIGHT
        for i, line in enumerate(fitted.lines):
            baseline = top + step * i + fitted.size * 0.9
            self.text(g, 0, baseline, line, fitted.size, weight, fill)
        return top + step * len(fitted.lines)

    def name(
        self,
        g: Group,
        square: Square,
        w: float,
        top: float,
        height: float,
        max_size: float = 11,
        fill: str = INK,
    ) -> float:
        fitted = fit_or_cut(
            [square.name, square.short_name], w - 8, height, max_size=max_size, min_size=6.5
        )
        return self.lines(g, fitted, top, "bold", fill)

    def price(self, g: Group, value: str, w: float, d: float, size: float = 11) -> None:
        while size > 6 and text_width(value, size) > w - 8:
            size -= 0.5
        self.text(g, 0, d / 2 - 7, value, size)

    # -- squares ----------------------------------------------------------------------------

    def square(self, square: Square, slot: Slot, id_prefix: str) -> Group:
        """One square, in its own frame (inner edge at the top), placed on the ring."""
        g = self.dwg.g(
            id=f"{id_prefix}sq-{square.number}",
            class_=f"bg-square bg-{square.kind}",
            transform=f"translate({_n(slot.cx)},{_n(slot.cy)})"
            + (f" rotate({slot.rotation})" if slot.rotation else ""),
        )
        g.set_desc(title=clean(describe_square(square)))
        w, d = slot.width, slot.depth
        self.rect(g, -w / 2, -d / 2, w, d, SQUARE_FILL)
        if not slot.corner:
            self.edge(g, square, w, d)
        elif isinstance(square, CORNER_KINDS):
            self.corner(g, square, min(w, d))
        else:
            # any other square on a corner is drawn like the edge squares of the side it
            # starts, turned so its colour band faces the middle of the board
            turn = slot.facing
            inner = self.dwg.g(transform=f"rotate({turn})") if turn else g
            across, deep = (w, d) if turn in (0, 180) else (d, w)
            self.edge(inner, square, across, deep)
            if inner is not g:
                g.add(inner)
        return g

    def edge(self, g: Group, square: Square, w: float, d: float) -> None:
        top = -d / 2
        if isinstance(square, Calle):
            band = d * 0.22
            fill = color_fill(square.color) or "#cccccc"
            self.rect(g, -w / 2, top, w, band, fill)
            self.name(g, square, w, top + band + 5, d - band - 30)
            self.price(g, str(square.price), w, d)
            return
        name_bottom = self.name(g, square, w, top + 6, d * 0.42)
        mid = (name_bottom + d / 2 - 22) / 2
        if isinstance(square, Estacion):
            self.train(g, mid)
            self.price(g, str(square.price), w, d)
        elif isinstance(square, Servicio):
            self.bolt(g, mid)
            self.price(g, str(square.price), w, d)
        elif isinstance(square, Tarjeta):
            fill = self.deck_fills.get(square.deck, DECK_FILLS[-1])
            self.text(g, 0, mid + 14, "?", 40, "bold", fill)
        elif isinstance(square, Impuesto):
            self.diamond(g, mid)
            self.price(g, str(square.price), w, d)
        elif isinstance(square, ImpuestoEspecial):
            self.text(g, 0, mid + 8, f"{square.percentage}%", 20, "bold")
            self.price(g, str(square.fixed_price), w, d)
        elif isinstance(square, Salida):
            self.arrow(g, mid, min(w, 60))
            self.price(g, f"+{square.salary}", w, d)
        elif isinstance(square, Carcel):
            self.bars(g, mid, 30)
            self.price(g, str(square.fine), w, d)
        elif isinstance(square, Parking):
            self.parking(g, mid, 14)
        elif isinstance(square, ALaCarcel):
            self.bars(g, mid, 30)

    def corner(self, g: Group, square: Square, size: float) -> None:
        """The classic corner squares, drawn upright in a `size` x `size` box."""
        top = -size / 2
        if isinstance(square, Salida):
            bottom = self.name(g, square, size, top + 10, size * 0.3, max_size=20, fill="#c0392b")
            self.arrow(g, (bottom + size / 2 - 28) / 2, size * 0.7)
            self.price(g, f"+{square.salary}", size, size, 15)
        elif isinstance(square, Carcel):
            self.rect(g, size / 2 - size * 0.62, top, size * 0.62, size * 0.62, "#f7c873")
            self.bars(g, top + size * 0.31, size * 0.4, x=size / 2 - size * 0.31)
            self.text(g, -size * 0.19, size / 2 - 24, square.name, 12, "bold")
            self.price(g, f"{square.fine}", size, size, 12)
        elif isinstance(square, Parking):
            bottom = self.name(g, square, size, top + 10, size * 0.3, max_size=16)
            self.parking(g, (bottom + size / 2 - 8) / 2, size * 0.2)
        elif isinstance(square, ALaCarcel):
            bottom = self.name(g, square, size, top + 10, size * 0.3, max_size=16)
            self.bars(g, (bottom + size / 2 - 6) / 2, size * 0.45)
        else:
            self.edge(g, square, size, size)

    # -- glyphs (simple shapes, no fonts or emoji that may be missing) ----------------------

    def train(self, g: Group, y: float) -> None:
        """A steam locomotive seen from the side, facing left."""
        self.rect(g, -16, y - 8, 24, 12, INK, None)  # boiler
        self.rect(g, 6, y - 16, 14, 20, INK, None)  # cab
        self.rect(g, 9, y - 13, 8, 6, SQUARE_FILL, None)  # cab window
        self.rect(g, -13, y - 16, 5, 8, INK, None)  # chimney
        cow = [(-16, y - 2), (-23, y + 8), (-16, y + 8)]
        g.add(self.dwg.polygon([(_n(x), _n(py)) for x, py in cow], fill=INK))
        for x, r in ((-10, 4.0), (0, 4.0), (12, 5.5)):
            g.add(
                self.dwg.circle(
                    (_n(x), _n(y + 8)), _n(r), fill=INK, stroke=SQUARE_FILL, stroke_width=1.5
                )
            )
        self.rect(g, -24, y + 13, 48, 2, INK, None)  # rail

    def bolt(self, g: Group, y: float) -> None:
        points = [(4, -18), (-10, 2), (-1, 2), (-5, 18), (10, -3), (1, -3)]
        g.add(
            self.dwg.polygon(
                [(_n(x), _n(y + dy)) for x, dy in points],
                fill="#f1c40f",
                stroke=INK,
                stroke_width=1,
            )
        )

    def diamond(self, g: Group, y: float) -> None:
        points = [(0, -14), (12, 0), (0, 14), (-12, 0)]
        g.add(
            self.dwg.polygon(
                [(_n(x), _n(y + dy)) for x, dy in points],
                fill="#8e9aa6",
                stroke=INK,
                stroke_width=1,
            )
        )

    def arrow(self, g: Group, y: float, length: float) -> None:
        """Points the way play goes from the start square (leftwards on the bottom side)."""
        half = length / 2
        points = [
            (-half, 0),
            (-half + 16, -12),
            (-half + 16, -5),
            (half, -5),
            (half, 5),
            (-half + 16, 5),
            (-half + 16, 12),
        ]
        g.add(self.dwg.polygon([(_n(x), _n(y + dy)) for x, dy in points], fill="#c0392b"))

    def bars(self, g: Group, y: float, size: float, x: float = 0) -> None:
        self.rect(g, x - size / 2, y - size / 2, size, size, "#ffffff", INK, 1.5)
        for i in range(1, 5):
            bx = x - size / 2 + size * i / 5
            g.add(
                self.dwg.line(
                    (_n(bx), _n(y - size / 2)),
                    (_n(bx), _n(y + size / 2)),
                    stroke=INK,
                    stroke_width=2,
                )
            )

    def parking(self, g: Group, y: float, radius: float) -> None:
        g.add(self.dwg.circle((0, _n(y)), _n(radius), fill="#2e86de", stroke=INK, stroke_width=1))
        self.text(g, 0, y + radius * 0.5, "P", radius * 1.4, "bold", "#ffffff")


def _centre(painter: _Painter, board: Board, ring: Ring, title: str, id_prefix: str) -> Group:
    """The middle of the board: the title and one card pile per deck (nothing on a board with
    no middle: its title goes above the ring, see `_title_band`)."""
    dwg = painter.dwg
    g = dwg.g(id=f"{id_prefix}centre")
    inner = min(ring.inner_width, ring.inner_height)
    if inner <= 0:
        return g
    mid_x, mid_y = ring.width / 2, ring.height / 2
    names: dict[str, str] = {}
    for square in board.squares:
        if isinstance(square, Tarjeta):
            names.setdefault(square.deck, square.name)
    piles = list(names.items())[:4]
    w, h = inner * 0.3, inner * 0.18
    spots = [(0.25, 0.27), (-0.25, -0.27), (-0.25, 0.27), (0.25, -0.27)]
    for (deck, label), (fx, fy) in zip(piles, spots, strict=False):
        pile = dwg.g(
            transform=f"translate({_n(mid_x + fx * inner)},{_n(mid_y + fy * inner)}) rotate(-45)",
            class_="bg-deck",
        )
        fill = painter.deck_fills.get(deck, DECK_FILLS[-1])
        pile.add(
            dwg.rect(
                (_n(-w / 2), _n(-h / 2)),
                (_n(w), _n(h)),
                rx=8,
                fill=fill,
                stroke=INK,
                stroke_width=1.5,
            )
        )
        fitted = fit_or_cut([label, deck], w - 16, h - 12, max_size=18, min_size=8)
        painter.lines(pile, fitted, -fitted.height / 2, "bold", text_on(fill))
        g.add(pile)
    if title:
        # along the diagonal: the room is the middle's diagonal less the card piles' corners
        size = min(64.0, inner / 6)
        fitted = fit_or_cut([title], inner * 0.95, inner * 0.3, max_size=size, min_size=12)
        title_group = dwg.g(transform=f"translate({_n(mid_x)},{_n(mid_y)}) rotate(-45)")
        painter.lines(title_group, fitted, -fitted.height / 2, "bold", "#b03a2e")
        g.add(title_group)
    return g


def _title_band(painter: _Painter, ring: Ring, title: str, band: float) -> Group:
    """The title of a board with no middle, centred in a band `band` high above the ring."""
    g = painter.dwg.g(transform=f"translate({_n(ring.width / 2)},0)")
    fitted = fit_or_cut([title], ring.width - 20, band - 16, max_size=band * 0.45, min_size=10)
    painter.lines(g, fitted, (band - fitted.height) / 2, "bold", "#b03a2e")
    return g


def board_svg(
    board: Board, *, title: str = "", id_prefix: str = "board-", width: float | None = None
) -> str:
    """The whole board as one `<svg>` element: the ring of squares (colour band, name fitted
    to the square — the short name when the full one does not fit — and price), corner squares
    drawn upright, and the title and deck piles in the middle.

    Each square is a `<g id="{id_prefix}sq-{number}">` with a `<title>` tooltip listing its
    numbers. `width` sets the rendered width (the drawing scales; default: natural size).
    Raises ValueError for an `id_prefix` that is not a plain identifier.
    """
    _check_prefix(id_prefix)
    ring = ring_layout(len(board.squares))
    band = TITLE_BAND if title and not ring.inner_width else 0.0
    full_w, full_h = ring.width, ring.height + band
    shown = width if width is not None else full_w
    import svgwrite

    dwg = svgwrite.Drawing(
        size=(_n(shown), _n(shown * full_h / full_w)),
        viewBox=f"0 0 {_n(full_w)} {_n(full_h)}",
        debug=False,
        id=f"{id_prefix}svg",
    )
    dwg.attribs["role"] = "img"
    dwg.attribs["aria-label"] = clean(f"Board of {title}") if title else "Board"
    dwg.attribs["class"] = "bg-board"
    dwg.set_desc(title=clean(f"{title} board") if title else "Board")
    painter = _Painter(dwg, deck_colors(board))
    root = dwg.g(font_family=FONT)
    if band:
        root.add(_title_band(painter, ring, title, band))
    ring_group = dwg.g(transform=f"translate(0,{_n(band)})") if band else root
    ring_group.add(
        dwg.rect(
            (0, 0), (_n(ring.width), _n(ring.height)), fill=BOARD_FILL, stroke=INK, stroke_width=2
        )
    )
    ring_group.add(_centre(painter, board, ring, title, id_prefix))
    for square, slot in zip(board.squares, ring.slots, strict=True):
        ring_group.add(painter.square(square, slot, id_prefix))
    if ring_group is not root:
        root.add(ring_group)
    dwg.add(root)
    return str(dwg.tostring())


def board_thumbnail_svg(
    board: Board, *, id_prefix: str = "thumb-", width: float = 160, title: str = ""
) -> str:
    """A small picture of the board for the games index: the ring with the streets' colour
    bands (facing the middle, as on the board), card squares marked with a question mark in
    their deck's colour (a band would read as a street), no square names (unreadable at that
    size), the title large in the middle when the board has one; `width` user pixels wide."""
    _check_prefix(id_prefix)
    ring = ring_layout(len(board.squares))
    import svgwrite

    dwg = svgwrite.Drawing(
        size=(_n(width), _n(width * ring.height / ring.width)),
        viewBox=f"0 0 {_n(ring.width)} {_n(ring.height)}",
        debug=False,
        id=f"{id_prefix}svg",
    )
    dwg.attribs["role"] = "img"
    dwg.attribs["aria-label"] = clean(f"Board of {title}") if title else "Board"
    dwg.attribs["class"] = "bg-board-thumb"
    dwg.set_desc(title=clean(f"{title} board") if title else "Board")
    fills = deck_colors(board)
    dwg.add(
        dwg.rect(
            (0, 0), (_n(ring.width), _n(ring.height)), fill=BOARD_FILL, stroke=INK, stroke_width=6
        )
    )
    for square, slot in zip(board.squares, ring.slots, strict=True):
        # edge squares are drawn in their own (rotated) frame, corners upright
        g = dwg.g(
            transform=f"translate({_n(slot.cx)},{_n(slot.cy)})"
            + (f" rotate({slot.rotation})" if slot.rotation else "")
        )
        w, d = slot.width, slot.depth
        g.add(dwg.rect((_n(-w / 2), _n(-d / 2)), (_n(w), _n(d)), fill=SQUARE_FILL, stroke=INK,
                       stroke_width=4))  # fmt: skip
        if not isinstance(square, Calle | Tarjeta):
            dwg.add(g)
            continue
        turn = slot.facing if slot.corner else 0
        inner = dwg.g(transform=f"rotate({turn})") if turn else g
        across, deep = (w, d) if turn in (0, 180) else (d, w)
        if isinstance(square, Calle):
            band = color_fill(square.color) or "#cccccc"
            inner.add(dwg.rect((_n(-across / 2), _n(-deep / 2)), (_n(across), _n(deep * 0.3)),
                               fill=band, stroke=INK, stroke_width=4))  # fmt: skip
        else:
            mark = fills.get(square.deck, DECK_FILLS[-1])
            size = min(across, deep) * 0.75
            inner.add(dwg.text("?", insert=(0, _n(size * 0.35)), font_size=_n(size),
                               font_weight="bold", text_anchor="middle", fill=mark,
                               font_family=FONT))  # fmt: skip
        if inner is not g:
            g.add(inner)
        dwg.add(g)
    middle = min(ring.inner_width, ring.inner_height)
    if title and middle > 0:
        fitted = fit_or_cut([title], middle * 0.85, middle * 0.6, max_size=middle / 4, min_size=20)
        g = dwg.g(
            transform=f"translate({_n(ring.width / 2)},{_n(ring.height / 2)})", font_family=FONT
        )
        _Painter(dwg, fills).lines(g, fitted, -fitted.height / 2, "bold", "#b03a2e")
        dwg.add(g)
    return str(dwg.tostring())
