"""The catalog's game-dependent parts across builds: only what names a changed game is redone."""

from __future__ import annotations

from dataclasses import replace

from gallery.conflicts import IdentityCache
from gallery.game import Game, MapHex, TileEntry
from gallery.pages.catalog_memo import CatalogMemo
from gallery.parts import PartsCache
from gallery.site import build_gallery
from gallery.templates import Templates


def _game(game_id: str, tile: str) -> Game:
    code = {"57": "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3", "9": "path=a:0,b:3"}[tile]
    return Game(
        id=game_id,
        title=game_id.upper(),
        tiles={tile: TileEntry(tile, 2, "yellow", code, catalog=True)},
        hexes={"A1": MapHex("A1", "white", "")},
    )


def _build(games: list[Game], memo: CatalogMemo, parts: PartsCache, templates: Templates) -> dict:
    files = build_gallery(games, set_aside=True, memo=memo, parts=parts, templates=templates,
                          identities=IdentityCache())  # fmt: skip
    return {f.path: f for f in files}


def test_a_title_change_refills_only_the_tables_naming_that_game() -> None:
    memo, parts, templates = CatalogMemo(), PartsCache(), Templates()
    games = [_game("aa", "57"), _game("bb", "9")]
    first = _build(games, memo, parts, templates)
    renamed = [replace(games[0], title="Renamed"), games[1]]
    second = _build(renamed, memo, parts, templates)
    # tile 9's page names only bb: the very same file; 57's names aa: refilled with the title
    assert second["tiles/9/index.md"] is first["tiles/9/index.md"]
    assert second["tiles/57/index.md"] is not first["tiles/57/index.md"]
    blocks = " ".join(block for _, block in second["tiles/57/index.md"].blocks)
    assert "Renamed" in blocks and "AA" not in blocks
    # the tiles index lists the games (its filter names their titles): rebuilt
    assert "Renamed" in second["tiles/all/index.md"].content
    # a third build with nothing changed reuses the index too
    third = _build(renamed, memo, parts, templates)
    assert third["tiles/all/index.md"] is second["tiles/all/index.md"]
    assert [p for p in third if p.startswith("assets/tiles/")] == [
        p for p in second if p.startswith("assets/tiles/")
    ]
