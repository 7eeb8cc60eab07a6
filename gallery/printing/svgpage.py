"""Writing one printed page as one SVG document whose user unit is the millimetre.

Why SVG per page: the tiles already exist as exact vector SVG (`tile_lang.render_svg`), so a
page is those tiles nested at true size plus a few lines and words of our own; cairosvg then
turns each page into vector PDF. This is the only printing module that writes SVG text, so
escaping (tile names and game titles are data) and number formatting are decided here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

from gallery.printing.geometry import Point

FONT = "Lato, 'Helvetica Neue', Arial, sans-serif"
#: Cut lines: thin and dark grey, so they stay visible on the black tile outline's edge and
#: are found by colour in the tests.
CUT_STROKE = "#404040"
CUT_WIDTH_MM = 0.15


def num(value: float) -> str:
    """A coordinate in mm, rounded to a micrometre (deterministic and small)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(**values: str | float) -> str:
    """` name="value"` pairs, escaped; `_` in names becomes `-`."""
    out = []
    for key, value in values.items():
        text = num(value) if isinstance(value, float | int) else value
        out.append(f" {key.rstrip('_').replace('_', '-')}={quoteattr(text)}")
    return "".join(out)


def points(pts: Iterable[Point]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def polygon(pts: Sequence[Point], **style: str | float) -> str:
    return f"<polygon{attrs(points=points(pts), **style)}/>"


def line(p: Point, q: Point, **style: str | float) -> str:
    return f"<line{attrs(x1=p[0], y1=p[1], x2=q[0], y2=q[1], **style)}/>"


def text(x: float, y: float, content: str, size_mm: float, **style: str | float) -> str:
    """Text as text (it stays selectable and searchable in the PDF)."""
    return f"<text{attrs(x=x, y=y, font_size=size_mm, **style)}>{escape(content)}</text>"


def group(children: Iterable[str], **style: str | float) -> str:
    return f"<g{attrs(**style)}>{''.join(children)}</g>"


def placed(svg: str, x: float, y: float) -> str:
    """A standalone SVG (its size already in mm) with its top-left corner at (x, y)."""
    return f'<g transform="translate({num(x)} {num(y)})">{svg}</g>'


def cut_lines(segments: Iterable[tuple[Point, Point]]) -> str:
    """All cut lines of a page as one path, each shared edge once."""
    seen: set[tuple[tuple[float, float], tuple[float, float]]] = set()
    parts = []
    for p, q in segments:
        a = (round(p[0], 2), round(p[1], 2))
        b = (round(q[0], 2), round(q[1], 2))
        key = (a, b) if a <= b else (b, a)
        if key in seen:
            continue
        seen.add(key)
        parts.append(f"M{num(a[0])} {num(a[1])}L{num(b[0])} {num(b[1])}")
    d = "".join(parts)
    return (
        f'<path class="cut-lines"{attrs(d=d, fill="none", stroke=CUT_STROKE)}'
        f"{attrs(stroke_width=CUT_WIDTH_MM, stroke_linecap='round')}/>"
    )


def page(size: tuple[float, float], body: Iterable[str], title: str) -> str:
    """The page document: `width`/`height` in mm and a viewBox in mm, so 1 unit = 1 mm.

    Ligatures are off: a browser printing the site's sheet pages would otherwise set "ti" as
    one glyph that PDF readers cannot map back to text (cairo does not form them anyway)."""
    w, h = size
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg"{attrs(width=f"{num(w)}mm", height=f"{num(h)}mm")}'
        f"{attrs(viewBox=f'0 0 {num(w)} {num(h)}', font_family=FONT)}"
        f"{attrs(style='font-variant-ligatures: none')}>"
        f"<title>{escape(title)}</title>"
        f"<rect{attrs(x=0.0, y=0.0, width=w, height=h, fill='white')}/>"
        f"{''.join(body)}</svg>"
    )
