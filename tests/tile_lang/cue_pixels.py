"""Pixel checks of colour cues: what a cue covers, drawn with cairosvg (the PNG writer)."""

from __future__ import annotations

import io

import numpy as np
from numpy.typing import NDArray

from tile_lang import render_svg
from tile_lang.options import Layout
from tile_lang.parse import parse


def rgb(svg: str) -> NDArray[np.int64]:
    import cairosvg
    from PIL import Image

    data = cairosvg.svg2png(bytestring=svg.encode())
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(np.int64)


def covered(code: str, color: str, layout: Layout = "flat") -> int:
    """Pixels (at 400 px a tile) of what the tile itself draws (not its fill or stripes)
    under its cue grown by 2 px: 0 when the cue sits on empty tile."""
    kw = {"color": color, "layout": layout, "scale": 2.0, "title": "t", "id_prefix": "p"}
    plain = rgb(render_svg(code, **kw))  # type: ignore[arg-type]
    cued = rgb(render_svg(code, color_cues=True, **kw))  # type: ignore[arg-type]
    stripes = ";".join(f"stripes=color:{s.color}" for s in parse(code).stripes[-1:])
    background = rgb(render_svg(stripes, **kw))  # type: ignore[arg-type]
    cue = np.abs(plain - cued).sum(axis=2) > 0
    grown = cue.copy()
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            grown |= np.roll(np.roll(cue, dy, 0), dx, 1)
    busy = np.abs(plain - background).sum(axis=2) > 30
    return int((grown & busy).sum())
