"""Colour cues never cover track, stops, revenue, labels or names: checked by pixels on the
whole catalog (tiles drawn with and without the cue, and with nothing but their fill)."""

from __future__ import annotations

import pytest

from tests.tile_lang.cue_pixels import covered
from tile_lang import catalog
from tile_lang.layout.color_cue import cue_colors
from tile_lang.parse import parse

pytest.importorskip("cairosvg")


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_no_cue_covers_what_a_catalog_tile_draws(layout: str) -> None:
    found = {}
    for name in catalog.names():
        entry = catalog.lookup(name)
        assert entry is not None
        stripes = tuple(s.color for s in parse(entry.code).stripes)
        if not cue_colors(entry.color, stripes):
            continue
        pixels = covered(entry.code, entry.color, layout)  # type: ignore[arg-type]
        if pixels:
            found[name] = pixels
    assert found == {}


def test_a_cue_on_a_plain_tile_covers_nothing() -> None:
    for name in ("57", "8", "119", "455", "632", "971"):
        entry = catalog.lookup(name)
        assert entry is not None
        assert covered(entry.code, entry.color) == 0, name
