"""The render cache: reuse, icon contents in the key, a bound on its size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tile_lang import render_cache
from tile_lang.layout.regions import Location
from tile_lang.model import Tile
from tile_lang.parse import parse
from tile_lang.render_cache import RenderCache, RenderKey
from tile_lang.serialise import serialise
from tile_lang.svg import render_svg

PLAIN = RenderKey("city=revenue:20;path=a:0,b:_0", "yellow", "flat")
ICON = RenderKey("city=revenue:20;icon=image:star", "white", "flat")


def test_a_drawing_is_rendered_once_and_equals_render_svg() -> None:
    cache = RenderCache()
    first = cache.render(PLAIN)
    assert cache.render(PLAIN) is first and (cache.hits, cache.misses) == (1, 1)
    assert first == render_svg(PLAIN.code, color="yellow", layout="flat")
    assert cache.render(RenderKey(PLAIN.code, "yellow", "flat", rotation=1)) != first


def test_editing_an_icon_redraws_only_tiles_with_icons(tmp_path: Path) -> None:
    icon = tmp_path / "star.svg"
    icon.write_text('<svg xmlns="http://www.w3.org/2000/svg"><rect fill="red"/></svg>')
    cache = RenderCache()
    cache.refresh((tmp_path,))
    before = cache.render(ICON)
    cache.render(PLAIN)
    icon.write_text('<svg xmlns="http://www.w3.org/2000/svg"><rect fill="tan"/></svg>')
    cache.refresh((tmp_path,))
    assert cache.render(ICON) != before
    cache.render(PLAIN)
    assert (cache.hits, cache.misses) == (1, 3)


def test_a_new_icon_folder_file_counts_too(tmp_path: Path) -> None:
    cache = RenderCache()
    cache.refresh((tmp_path,))
    placeholder = cache.render(ICON)
    (tmp_path / "star.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    cache.refresh((tmp_path,))
    assert cache.render(ICON) != placeholder


def test_the_cache_stays_within_its_bound() -> None:
    keys = [RenderKey(PLAIN.code, "yellow", "flat", rotation=r) for r in range(6)]
    sizes = [len(RenderCache().render(k)) for k in keys]
    cache = RenderCache(max_chars=sizes[4] + sizes[5])
    for key in keys:
        cache.render(key)
    assert len(cache) == 2
    cache.render(keys[5])
    cache.render(keys[4])
    assert cache.hits == 2  # the most recent ones are kept


def test_a_capped_cache_keeps_what_it_holds_and_grows_no_more() -> None:
    keys = [RenderKey(PLAIN.code, "yellow", "flat", rotation=r) for r in range(4)]
    cache = RenderCache()
    for key in keys[:3]:
        cache.render(key)
    held = cache.size
    cache.cap(held)
    assert len(cache) == 3 and cache.size == held
    cache.render(keys[3])  # in, and the least recently used out
    assert len(cache) == 3 and cache.size <= held
    cache.render(keys[0])
    assert cache.hits == 0
    cache.cap(10 * held)  # a cap never raises the bound
    assert cache.max_chars == held


def test_placeholder_icons_are_listed_once_per_build(tmp_path: Path) -> None:
    nobody = RenderKey("icon=image:nobody_draws_this;icon=image:port", "white", "flat")
    (tmp_path / "mine.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    cache = RenderCache()
    cache.refresh((tmp_path,))
    cache.render(nobody)
    cache.render(RenderKey(nobody.code, "white", "flat", rotation=2))
    cache.render(RenderKey("icon=image:mine", "white", "flat"))  # found in the folder
    cache.render(PLAIN)
    # port is one of our own drawings; only the name nobody provides is a placeholder
    assert cache.missing_icons == {"nobody_draws_this": 2}
    message = cache.missing_icons_message()
    assert "nobody_draws_this (2 drawings)" in message and "icon_dirs" in message
    # a new build counts again, cached drawings included
    cache.refresh((tmp_path,))
    assert cache.missing_icons == {} and cache.missing_icons_message() == ""
    cache.render(nobody)
    assert cache.missing_icons == {"nobody_draws_this": 1} and cache.hits >= 1


def test_a_drawing_without_a_name_keeps_where_names_would_go() -> None:
    """The boxes come from the drawing's own layout and equal a separate plan."""
    from tile_lang import parse
    from tile_lang.layout import plan_names
    from tile_lang.name_overlay import SAMPLE_NAMES

    cache = RenderCache()
    key = RenderKey("city=revenue:20;path=a:0,b:_0;label=T", "yellow", "pointy", rotation=4)
    cache.render(key)
    assert (key.code, "pointy", 4) in cache._boxes  # kept as a by-product, no second layout
    planned = plan_names(parse(key.code), (SAMPLE_NAMES[1], SAMPLE_NAMES[2]), layout="pointy",
                         rotation=4)  # fmt: skip
    assert cache.name_boxes(key.code, "pointy", 4) == planned
    # its title is the described words, shared with alt texts
    assert cache.words(key.code, "yellow", "pointy", 4) in cache.render(key)
    assert cache.render(key) == render_svg(key.code, color="yellow", layout="pointy", rotation=4)


def test_a_drawings_number_corner_is_kept_from_drawing_it(monkeypatch: pytest.MonkeyPatch) -> None:
    laid_out: list[str] = []
    real = render_cache.number_spot

    def counted(tile: Tile, **options: Any) -> Location:
        laid_out.append(serialise(tile))
        return real(tile, **options)

    monkeypatch.setattr(render_cache, "number_spot", counted)
    cache = RenderCache()
    cache.render(PLAIN)
    spot = cache.number_spot(PLAIN.code, PLAIN.color, PLAIN.layout)
    assert laid_out == []  # the drawing's by-product: no second layout
    assert spot == real(parse(PLAIN.code), color="yellow", layout="flat")
    # a tile not drawn yet is laid out once, then remembered
    other = "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1"
    assert cache.number_spot(other, "yellow", "pointy") == cache.number_spot(
        other, "yellow", "pointy"
    )
    assert len(laid_out) == 1
