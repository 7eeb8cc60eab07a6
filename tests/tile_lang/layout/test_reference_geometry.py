"""Every catalog tile against the reference SVGs made by 18xx.games' own view code, element by
element: same drawn elements (track strokes, tapers, city boxes and slots, town bars and dots,
revenue circles, labels, ...), same paint, same absolute geometry within 0.05 units, same order.

Stronger than the pixel score of tools/tilediff.py: a 1-unit stroke or a missing crossover gap
is found even when it changes only a few pixels. Needs ../shared/reference (skipped otherwise).
"""

from __future__ import annotations

from functools import cache

import corpus
import pytest
from svggeom import Drawn, flatten, unmatched

from tile_lang.catalog import all_tiles
from tile_lang.options import Layout
from tile_lang.svg import render_svg

#: Tiles whose reference differs for reasons outside the renderer: icon images we do not ship
#: (the reference embeds the PNG; we draw a lettered placeholder).
KNOWN: dict[str, str] = {"437": "port icon image", "445": "icon image"}


@cache
def _catalog() -> dict[str, tuple[str, str]]:
    return {t.name: (t.code, t.color) for t in all_tiles()}


def _names() -> list[str]:
    return sorted(_catalog()) if corpus.REFERENCE.is_dir() else []


def _describe(items: list[Drawn]) -> str:
    return "; ".join(
        f"{d.tag}{dict(d.style)}{[round(x, 2) for x in d.numbers]}{d.text}" for d in items[:4]
    )


@pytest.mark.skipif(not corpus.REFERENCE.is_dir(), reason=corpus.SKIP_REASON)
@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_catalog_matches_reference(layout: Layout) -> None:
    failures: list[str] = []
    for name in _names():
        ref_file = corpus.REFERENCE / f"catalog_{layout}" / f"{layout}_{name}.svg"
        if name in KNOWN or not ref_file.is_file():
            continue
        code, color = _catalog()[name]
        ours = flatten(render_svg(code, color=color, layout=layout))
        ref = flatten(ref_file.read_text("utf-8"), origin=(100, 100))
        extra, missing = unmatched(ours, ref)
        if extra or missing:
            failures.append(
                f"{name}: ours only: {_describe(extra)} | ref only: {_describe(missing)}"
            )
        elif not all(a.close(b, 0.05) for a, b in zip(ours, ref, strict=True)):
            failures.append(f"{name}: same elements in a different order")
    assert not failures, f"{len(failures)} tiles differ:\n" + "\n".join(failures[:20])
