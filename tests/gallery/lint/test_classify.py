"""Which strings read as tile code when they sit outside any tile slot."""

from __future__ import annotations

import pytest

from gallery.lint.classify import looks_like_runtime_tile, looks_like_tile


@pytest.mark.parametrize(
    "value",
    [
        "city=revenue:20",
        "path=a:0,b:1;",
        "label=Z",
        "junction;path=a:0,b:_0",
        "citty=revenue:20",  # near-miss type followed by key:value
        "lable=Y;path=a:0,b:1",  # near-miss type, a known part later
        " town=revenue:10",
    ],
)
def test_tile_code(value: str) -> None:
    assert looks_like_tile(value)


@pytest.mark.parametrize(
    "value",
    ["city", "Paris", "", "color=red", "a=b", "price=10 for city", "x=y:z", "junction", "k=v;w"],
)
def test_not_tile_code(value: str) -> None:
    assert not looks_like_tile(value)


def test_run_time_strings_judged_on_their_written_text() -> None:
    assert looks_like_runtime_tile('"city=revenue:#{x}"')
    assert looks_like_runtime_tile('"junction;#{paths}"')
    assert looks_like_runtime_tile("'town=revenue:' + x")
    assert not looks_like_runtime_tile('"#{name} lays city=revenue:#{x}"')
