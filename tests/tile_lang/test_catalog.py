"""The shipped catalog: addressable by name, two-colour tiles carry their stripes."""

from __future__ import annotations

import pytest

from tile_lang import catalog, parse
from tile_lang.model import Stripes


def test_lookup_by_name() -> None:
    tile = catalog.get("57")
    assert (tile.color, tile.code) == ("yellow", "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3")
    assert catalog.get("blank").code == ""


def test_two_colour_tiles_have_stripes() -> None:
    for name, color, second in (("119", "green", "brown"), ("166", "brown", "gray"),
                                ("1200", "brown", "gray"), ("200", "brown", "sepia")):  # fmt: skip
        entry = catalog.get(name)
        assert entry.color == color and entry.group != color
        assert parse(entry.code).stripes == (Stripes(second),)


def test_unnamed_group_is_not_found_by_name() -> None:
    assert catalog.lookup("467") is None
    assert any(t.name == "467" for t in catalog.all_tiles(include_unnamed=True))


def test_unknown_name_suggests() -> None:
    with pytest.raises(KeyError, match="did you mean"):
        catalog.get("57a")


def test_every_catalog_tile_parses_and_count() -> None:
    tiles = catalog.all_tiles()
    assert len(tiles) == 476
    for entry in tiles:
        entry.tile()
    assert catalog.colors()[:5] == ("white", "yellow", "green", "brown", "gray")
