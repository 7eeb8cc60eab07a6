"""Colour cues drawn hidden (`color_cues="toggle"`) are shown by a page switch in Chromium:
inline SVG by a class on the page, an SVG file shown with `<img>` by the `#color-cues`
fragment of its address (the file's own `<style>`), so one file serves both states."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser_support import PageLog, serve
from PIL import Image

from tile_lang import render_svg
from tile_lang.svg import with_cue_switch

pytestmark = pytest.mark.browser

CODE = "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3"

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>cues</title>
<style>html.colorblind .color-cue { display: inline; } img, svg { display: block; }</style>
</head><body>
<img id="file" src="tile.svg" alt="tile" width="200" height="200">
<div id="inline">%s</div>
</body></html>"""


def _dark_pixels(shot: bytes) -> int:
    """Near-black pixels in the top-right corner, where this tile's cue goes."""
    rgb = np.asarray(Image.open(io.BytesIO(shot)).convert("RGB")).astype(int)
    corner = rgb[15:50, 110:160]
    return int((corner.sum(axis=2) < 120).sum())


def test_a_page_switch_shows_hidden_cues_inline_and_in_img_files(
    page: tuple[Any, PageLog], tmp_path: Path
) -> None:
    pg, log = page
    hidden = render_svg(CODE, color="green", color_cues="toggle")
    (tmp_path / "tile.svg").write_text(with_cue_switch(hidden), "utf-8")
    (tmp_path / "index.html").write_text(PAGE % hidden, "utf-8")
    with serve(tmp_path) as base:
        requests: list[str] = []
        pg.on("request", lambda r: requests.append(r.url))
        pg.goto(base + "index.html")
        pg.wait_for_load_state("networkidle")
        off = (_dark_pixels(pg.locator("#file").screenshot()),
               _dark_pixels(pg.locator("#inline svg").screenshot()))  # fmt: skip
        fetched = len([u for u in requests if u.endswith("tile.svg")])
        pg.evaluate(
            """() => {
                document.documentElement.classList.add('colorblind');
                const img = document.getElementById('file');
                img.src = img.src.split('#')[0] + '#color-cues';
                return img.decode();
            }"""
        )
        on = (_dark_pixels(pg.locator("#file").screenshot()),
              _dark_pixels(pg.locator("#inline svg").screenshot()))  # fmt: skip
    # the same drawing in both places; the cue adds its black to the corner (the hex's black
    # outline is there in both states)
    assert off[0] == off[1] and on[0] == on[1], (off, on)
    assert on[0] > off[0] + 40, (off, on)
    assert fetched == 1  # the file itself was loaded once
    assert not log.console_errors and not log.page_errors
