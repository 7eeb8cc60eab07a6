"""The layout literal is defined once and its values are what every layer accepts."""

from __future__ import annotations

from typing import Any, get_args

import pytest

import tile_lang
from tile_lang import LAYOUTS, is_layout
from tile_lang.svg import render_svg


def test_layouts_are_flat_then_pointy() -> None:
    assert LAYOUTS == ("flat", "pointy")
    assert get_args(tile_lang.Layout) == LAYOUTS


@pytest.mark.parametrize("value", ["flat", "pointy"])
def test_is_layout_accepts_each_layout(value: str) -> None:
    assert is_layout(value)
    assert render_svg("city=revenue:20", layout=value).startswith("<svg")


@pytest.mark.parametrize("value", ["Flat", "hex", "", None, 0])
def test_is_layout_rejects_anything_else(value: object) -> None:
    assert not is_layout(value)


def test_render_svg_names_the_layouts_for_a_bad_one() -> None:
    bad: Any = "diagonal"  # not a Layout: the point of the test
    with pytest.raises(ValueError, match="'flat' or 'pointy'"):
        render_svg("city=revenue:20", layout=bad)
