"""A small game model for the gallery's build tests (parts, part cache): a catalog tile, a
game tile whose revenue a test may change, and two hexes."""

from __future__ import annotations

from gallery.game import Game, MapHex, TileEntry


def small_game(game_id: str, revenue: int = 20) -> Game:
    return Game(
        id=game_id,
        title=game_id.upper(),
        tiles={
            "57": TileEntry(
                "57", 2, "yellow", "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3", catalog=True
            ),
            "X1": TileEntry("X1", 1, "yellow", f"town=revenue:{revenue};path=a:0,b:_0"),
        },
        hexes={
            "A1": MapHex("A1", "white", ""),
            "B2": MapHex("B2", "white", "city=revenue:0", name="Town"),
        },
    )
