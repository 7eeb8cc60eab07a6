"""A small game for the page-module tests."""

from __future__ import annotations

import pytest

from gallery.game import Game, MapHex, TileEntry


@pytest.fixture
def mini() -> Game:
    return Game(
        id="mini",
        title="Mini",
        tiles={
            "57": TileEntry("57", 2, "yellow", "city=revenue:20;path=a:0,b:_0", catalog=True),
            "15": TileEntry(
                "15",
                None,
                "green",
                "city=revenue:30,slots:2;path=a:0,b:_0;path=a:3,b:_0",
                catalog=True,
            ),
            "X1": TileEntry("X1", 1, "yellow", "town=revenue:10;path=a:0,b:_0"),
        },
        hexes={
            "A1": MapHex("A1", "white", ""),
            "C1": MapHex("C1", "white", ""),
            "B2": MapHex("B2", "white", "city=revenue:0", name="Town"),
            "D2": MapHex("D2", "empty", ""),
        },
    )
