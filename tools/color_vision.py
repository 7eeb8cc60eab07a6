"""How far apart the tile colours stay for readers with a colour-vision deficiency, with and
without colour cues: the figures in docs/usage/accessibility.md.

    python tools/color_vision.py            # prints the Markdown tables

Tiles are drawn by the renderer and rasterised with cairosvg (as `tile-atlas render -o x.png`
does); each PNG is passed through a simulation of dichromatic vision (Machado, Oliveira and
Fernandes 2009, severity 1: the 3×3 matrices of their paper, applied to linear RGB) and
compared in CIELAB with the CIEDE2000 difference. Without cues, two blank tiles differ only by
their fills; with cues they also differ where their symbols do, in black on the fill.
"""

from __future__ import annotations

import io
import itertools
import sys
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from tile_lang import render_svg

Image = NDArray[np.float64]

#: Machado et al. 2009, table of simulation matrices at severity 1.0 (linear RGB).
SIMULATIONS: dict[str, NDArray[np.float64] | None] = {
    "normal": None,
    "deuteranopia": np.array(
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
         [-0.011820, 0.042940, 0.968881]]
    ),
    "protanopia": np.array(
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
         [-0.003882, -0.048116, 1.051998]]
    ),
    "tritanopia": np.array(
        [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
         [0.004733, 0.691367, 0.303900]]
    ),
}  # fmt: skip

#: The tile colours of the upgrade ladder, and the map's white (beige) they are laid on.
TILE_COLORS = ("white", "yellow", "green", "brown", "gray")
#: A difference this large (CIEDE2000) is plain at a glance; about 2 is barely noticeable.
CLEAR = 20.0
#: Fills closer than this (CIEDE2000) are hard to tell apart on small tiles side by side.
CLOSE = 15.0
#: Size of the drawn tiles, in pixels: a gallery tile.
SIZE = 100


def to_linear(srgb: Image) -> Image:
    """sRGB in 0..1 to linear light."""
    return np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)


def to_srgb(linear: Image) -> Image:
    linear = np.clip(linear, 0.0, 1.0)
    return np.where(linear <= 0.0031308, linear * 12.92, 1.055 * linear ** (1 / 2.4) - 0.055)


def simulate(srgb: Image, kind: str) -> Image:
    """`srgb` (…×3, 0..1) as a reader with `kind` of vision sees it."""
    matrix = SIMULATIONS[kind]
    if matrix is None:
        return srgb
    return to_srgb(to_linear(srgb) @ matrix.T)


def to_lab(srgb: Image) -> Image:
    """sRGB (0..1) to CIELAB (D65)."""
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = to_linear(srgb) @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack(
        [116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])],
        axis=-1,
    )


def ciede2000(lab1: Image, lab2: Image) -> Image:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation)."""
    l1, a1, b1 = lab1[..., 0], lab1[..., 1], lab1[..., 2]
    l2, a2, b2 = lab2[..., 0], lab2[..., 1], lab2[..., 2]
    c_bar = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_bar**7 / (c_bar**7 + 25.0**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dlp, dcp = l2 - l1, c2p - c1p
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(c1p * c2p == 0, 0.0, dh)
    dhp = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    lbp, cbp = (l1 + l2) / 2, (c1p + c2p) / 2
    hsum = h1p + h2p
    hbp = np.where(
        c1p * c2p == 0,
        hsum,
        np.where(
            np.abs(h1p - h2p) <= 180, hsum / 2, np.where(hsum < 360, hsum + 360, hsum - 360) / 2
        ),
    )
    t = (1 - 0.17 * np.cos(np.radians(hbp - 30)) + 0.24 * np.cos(np.radians(2 * hbp))
         + 0.32 * np.cos(np.radians(3 * hbp + 6))
         - 0.20 * np.cos(np.radians(4 * hbp - 63)))  # fmt: skip
    sl = 1 + 0.015 * (lbp - 50) ** 2 / np.sqrt(20 + (lbp - 50) ** 2)
    sc, sh = 1 + 0.045 * cbp, 1 + 0.015 * cbp * t
    rt = (-2 * np.sqrt(cbp**7 / (cbp**7 + 25.0**7))
          * np.sin(np.radians(60 * np.exp(-(((hbp - 275) / 25) ** 2)))))  # fmt: skip
    return np.sqrt(
        (dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp / sh) ** 2 + rt * (dcp / sc) * (dhp / sh)
    )


def tile_png(color: str, cues: bool) -> Image:
    """A blank tile of `color` (and its cue) drawn SIZE pixels wide, as sRGB 0..1."""
    import cairosvg
    from PIL import Image as PILImage

    svg = render_svg("path=a:0,b:3", color=color, color_cues=cues, scale=SIZE / 200,
                     title="t", id_prefix="p")  # fmt: skip
    data = cairosvg.svg2png(bytestring=svg.encode(), background_color="white")
    rgb = PILImage.open(io.BytesIO(data)).convert("RGB")
    return np.asarray(rgb, dtype=np.float64) / 255.0


def fill_difference(a: str, b: str, kind: str) -> float:
    """CIEDE2000 between the fills of two tiles (their centre-left pixel, clear of track)."""
    pa, pb = tile_png(a, False), tile_png(b, False)
    spot = (SIZE // 2, SIZE // 4)
    la = to_lab(simulate(pa[spot], kind))
    lb = to_lab(simulate(pb[spot], kind))
    return float(ciede2000(la, lb))


def clear_pixels(a: str, b: str, kind: str, cues: bool) -> int:
    """Pixels where the two drawn tiles differ plainly (CIEDE2000 ≥ CLEAR) for `kind`."""
    la = to_lab(simulate(tile_png(a, cues), kind))
    lb = to_lab(simulate(tile_png(b, cues), kind))
    return int((ciede2000(la, lb) >= CLEAR).sum())


def ink_contrast(color: str, kind: str) -> float:
    """WCAG contrast of the cue's black on the tile's fill, as `kind` sees the fill."""
    fill = simulate(tile_png(color, False)[SIZE // 2, SIZE // 4], kind)
    lum = float(to_linear(fill) @ np.array([0.2126, 0.7152, 0.0722]))
    return (lum + 0.05) / 0.05


def tables(colors: Sequence[str] = TILE_COLORS) -> str:
    """Three Markdown tables: fill differences per vision, what cues add to the pairs that
    come close, and the cue's ink contrast."""
    kinds = list(SIMULATIONS)
    pairs = list(itertools.combinations(colors, 2))
    out = ["| pair | " + " | ".join(kinds) + " |", "|---|" + "---:|" * len(kinds)]
    close: list[tuple[str, str, str, float]] = []
    for a, b in pairs:
        cells = []
        for kind in kinds:
            diff = fill_difference(a, b, kind)
            cells.append(f"**{diff:.1f}**" if diff < CLOSE else f"{diff:.1f}")
            if diff < CLOSE and kind != "normal":
                close.append((kind, a, b, diff))
        out.append(f"| {a} / {b} | " + " | ".join(cells) + " |")
    out += ["", "| vision | pair | fills | plain pixels without cues | with cues |",
            "|---|---|---:|---:|---:|"]  # fmt: skip
    for kind, a, b, diff in close:
        without, with_ = clear_pixels(a, b, kind, False), clear_pixels(a, b, kind, True)
        out.append(f"| {kind} | {a} / {b} | {diff:.1f} | {without} | {with_} |")
    out += ["", "| tile | " + " | ".join(kinds) + " |", "|---|" + "---:|" * len(kinds)]
    for color in colors[1:]:
        cells = [f"{ink_contrast(color, k):.1f}:1" for k in kinds]
        out.append(f"| {color} | " + " | ".join(cells) + " |")
    return "\n".join(out)


#: The figure's tiles: one per colour of the ladder and a two-colour one (catalog 119).
FIGURE_TILES = (
    ("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3", "yellow"),
    ("city=revenue:30,slots:2;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_0", "green"),
    ("stripes=color:brown;city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0",
     "green"),
    ("city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0", "brown"),
    ("city=revenue:50,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0", "gray"),
)  # fmt: skip


def figure(path: str, size: int = 120) -> None:
    """A PNG: the tiles with cues, one row per kind of vision (as simulated)."""
    import cairosvg
    from PIL import Image as PILImage
    from PIL import ImageDraw, ImageFont

    label = 130
    font = ImageFont.load_default(size=17)
    sheet = PILImage.new("RGB", (label + size * len(FIGURE_TILES), size * len(SIMULATIONS)),
                         "white")  # fmt: skip
    draw = ImageDraw.Draw(sheet)
    for row, kind in enumerate(SIMULATIONS):
        draw.text((8, row * size + size // 2 - 10), kind, fill="black", font=font)
        for col, (code, color) in enumerate(FIGURE_TILES):
            svg = render_svg(code, color=color, color_cues=True, scale=size / 200)
            data = cairosvg.svg2png(bytestring=svg.encode(), background_color="white")
            rgb = np.asarray(PILImage.open(io.BytesIO(data)).convert("RGB")) / 255.0
            seen = (simulate(rgb, kind) * 255).round().astype(np.uint8)
            sheet.paste(PILImage.fromarray(seen), (label + col * size, row * size))
    sheet.save(path, optimize=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--figure"]:
        figure(sys.argv[2])
    else:
        sys.stdout.write(tables() + "\n")
