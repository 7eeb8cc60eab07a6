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
    # the tiles index's game menu names the titles: filled again, set aside like its cards
    # (kept): the page's Markdown is the same, only the menu's block changed
    index, was = second["tiles/all/index.md"], first["tiles/all/index.md"]
    menu = " ".join(block for _, block in index.blocks)
    assert "Renamed" in menu and ">AA<" not in menu and "Renamed" not in index.content
    assert index.content == was.content
    assert index.blocks[:-1] == was.blocks[:-1] and index.blocks[-1] != was.blocks[-1]
    assert memo.index is not None and memo.index.files[-1].path == "tiles/all/index.md"
    # a third build with nothing changed reuses the index too
    third = _build(renamed, memo, parts, templates)
    assert third["tiles/all/index.md"] is second["tiles/all/index.md"]
    assert [p for p in third if p.startswith("assets/tiles/")] == [
        p for p in second if p.startswith("assets/tiles/")
    ]


def test_the_index_cards_and_the_conflicts_page_are_kept_while_what_they_show_is() -> None:
    memo, parts, templates = CatalogMemo(), PartsCache(), Templates()
    other = "city=revenue:40;path=a:0,b:_0"  # another tile 57: a conflict with the catalog
    games = [_game("aa", "57"), _game("bb", "9"), _game("cc", "9")]
    games[1] = replace(
        games[1], tiles={**games[1].tiles, "57": TileEntry("57", 1, "yellow", other)}
    )
    first = _build(games, memo, parts, templates)
    kept_cards = memo.index
    conflicts = first["tiles/conflicts/index.md"]
    assert "BB" in " ".join(block for _, block in conflicts.blocks)
    # renaming bb, a user of the other 57, refills the conflicts page
    renamed = [games[0], replace(games[1], title="Bee"), games[2]]
    second = _build(renamed, memo, parts, templates)
    assert memo.index is kept_cards  # the cards show ids only
    page = second["tiles/conflicts/index.md"]
    assert "Bee" in " ".join(block for _, block in page.blocks)
    assert "BB" not in " ".join(block for _, block in page.blocks)
    assert page.content == conflicts.content  # the same marks: only the block changed
    # nothing changed: the very same files, and the drawings the page shows still there
    third = _build(renamed, memo, parts, templates)
    assert third["tiles/conflicts/index.md"] is page
    assert third["tiles/all/index.md"] is second["tiles/all/index.md"]
    shown = [line for _, block in page.blocks for line in block.split('"') if line.endswith(".svg")]
    assert shown and all(f"assets/tiles/{p.rsplit('/', 1)[-1]}" in third for p in shown)
    # renaming cc, in no conflict, keeps the conflicts page
    fourth = _build([*renamed[:2], replace(games[2], title="Sea")], memo, parts, templates)
    assert fourth["tiles/conflicts/index.md"] is page


def test_a_rename_redraws_only_the_rows_that_name_the_game() -> None:
    """The conflicts page and the "Used by" tables are made of rows, each kept while what it
    shows is the same: renaming one game makes its rows again, and takes every other row."""
    memo, parts, templates = CatalogMemo(), PartsCache(), Templates()
    other9 = "path=a:0,b:2"  # another tile 9 than the catalog's: a conflict of bb's
    games = [_game("aa", "57"), _game("bb", "9"), _game("cc", "9"), _game("dd", "57")]
    games[1] = replace(games[1], tiles={"9": TileEntry("9", 1, "yellow", other9)})
    _build(games, memo, parts, templates)
    rows = dict(memo.conflict_rows)
    used = dict(memo.used_by_rows)
    renamed = [replace(games[0], title="Renamed"), *games[1:]]
    second = _build(renamed, memo, parts, templates)
    kept = [k for k, html in memo.used_by_rows.items() if used.get(k) is html]
    made = [k for k in memo.used_by_rows if k not in used]
    assert [k[2:4] for k in made] == [("aa", "Renamed")]  # its row of tile 57's table
    assert ("dd", "DD") in [k[2:4] for k in kept]  # the other user of 57, taken
    # aa is in no conflict: the conflicts page is the one made before, its rows the same
    assert memo.conflict_rows == rows
    assert all(memo.conflict_rows[k] is html for k, html in rows.items())
    page = " ".join(b for _, b in second["tiles/57/index.md"].blocks)
    assert page.index(">DD<") < page.index(">Renamed<")  # the table in title order still


def test_the_conflicts_are_found_again_only_when_a_games_tiles_change() -> None:
    memo, parts, templates = CatalogMemo(), PartsCache(), Templates()
    games = [_game("aa", "57"), _game("bb", "9")]
    _build(games, memo, parts, templates)
    assert memo.found is not None
    found = memo.found[1]
    assert found == []  # both games use the catalog's tiles
    # a renamed game has the same tiles: the very same list
    renamed = [replace(games[0], title="Renamed"), games[1]]
    _build(renamed, memo, parts, templates)
    assert memo.found[1] is found
    # another tile 9 in bb: found again, and the page says so
    other = {"9": TileEntry("9", 1, "yellow", "path=a:0,b:2")}
    changed = [renamed[0], replace(games[1], tiles=other)]
    files = _build(changed, memo, parts, templates)
    assert [c.name for c in memo.found[1]] == ["9"]
    assert "One tile number means" in files["tiles/conflicts/index.md"].content
    # a game gone: its tiles are forgotten with it
    _build(changed[:1], memo, parts, templates)
    assert list(memo.tile_facts) == ["aa"] and memo.found[1] == []
